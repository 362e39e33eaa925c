import DashPilotCore

/// What completes a word in a shell: nothing, a place's name from the store, a file, or a fixed choice.
enum Completion: Sendable, Equatable {
    case none
    case placeName
    case file
    case choices([String])
}

/// One positional argument of a command.
struct ArgumentSpec: Sendable {
    /// Its name in usage and help ("NAME").
    var name: String
    /// What it is.
    var help: String
    /// Whether it may be left out.
    var isOptional = false
    /// What completes it.
    var completion: Completion = .none
}

/// One option of a command: a flag (`--all`) or an option that takes a value (`--limit N`).
struct OptionSpec: Sendable {
    /// The option as typed ("--limit").
    var name: String
    /// The value's name ("N"), or `nil` for a flag.
    var value: String?
    /// What it does.
    var help: String
    /// What completes its value.
    var completion: Completion = .none

    /// A flag.
    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, value: nil, help: help) }

    /// An option that takes a value.
    static func valued(_ name: String, _ value: String, _ help: String, completion: Completion = .none) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, completion: completion)
    }

    /// `--shift ID`, the shift a delivery belongs to.
    static let shift = valued("--shift", "ID", "The shift the delivery belongs to (default: the running shift).")
    /// `--yes`, for what otherwise asks first.
    static let yes = flag("--yes", "Do it without asking. Needed when not on a terminal.")
    /// `--json`, global: any command that prints can print JSON.
    static let json = flag("--json", "Print JSON, whose keys scripts can rely on.")
    /// `--accessible`, global.
    static let accessible = flag(
        "--accessible",
        "With no command: the interactive screens for a screen reader or braille display, as plain sentences (also DASHPILOT_ACCESSIBLE=1, or TERM=dumb)."
    )
    /// `--store PATH`, global.
    static let store = valued(
        "--store", "PATH", "The store to use (default: $DASHPILOT_STORE, else the platform default).", completion: .file)
    /// `--no-mouse`, of the interactive mode.
    static let noMouse = flag(
        "--no-mouse", "In the interactive screens, leave the mouse to the terminal: no taps, no wheel (also DASHPILOT_MOUSE=0).")
}

/// What a parsed command does when run. Parsing has touched nothing; running may.
typealias CommandAction = (CommandContext) throws -> Int32

/// One command: its words, help, arguments and options, how its arguments parse into an action,
/// and (in the action) how it runs and the JSON it prints. Help, the manual page and the shell
/// completions are all derived from these declarations, so they never disagree.
struct CommandDefinition: Sendable {
    /// The words that name it (`["place", "merge"]`).
    var words: [String]
    /// One sentence saying what it does.
    var overview: String
    /// Its positional arguments.
    var arguments: [ArgumentSpec] = []
    /// Its own options (the global `--store` and `--json` are added where they apply).
    var options: [OptionSpec] = []
    /// Whether it prints JSON with `--json`.
    var printsJSON = false
    /// A usage line, where the arguments alone cannot say it (alternatives).
    var usageOverride: String?
    /// Turns the parsed arguments into the action, or throws the usage error.
    var parse: @Sendable (ParsedArguments) throws(UsageError) -> CommandAction

    /// The command's name ("place merge").
    var name: String { words.joined(separator: " ") }

    /// Every option the command takes, global ones included.
    var allOptions: [OptionSpec] { options + (printsJSON ? [.json] : []) + [.store] }

    /// Whether its own `arguments` ask for its help: `-h` or `--help` before `--`, where no
    /// option takes it as its value (`--note -h` records the note "-h", as `--note -V` does).
    func asksForHelp(_ arguments: [String]) -> Bool {
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            let word = arguments[index]
            if word == "-h" || word == "--help" { return true }
            index += options.contains { $0.name == word && $0.value != nil } ? 2 : 1
        }
        return false
    }

    /// The usage line after `dashpilot`.
    var usage: String {
        if let usageOverride { return usageOverride }
        var parts = [name]
        for argument in arguments { parts.append(argument.isOptional ? "[\(argument.name)]" : argument.name) }
        for option in options { parts.append("[\(option.name)\(option.value.map { " \($0)" } ?? "")]") }
        if printsJSON { parts.append("[--json]") }
        return parts.joined(separator: " ")
    }

    /// The usage's alternatives ("pickup set N NAME", "pickup set N --recent K"): split where
    /// ` | ` stands outside brackets and parentheses.
    var usageAlternatives: [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var characters = Array(usage)[...]
        while let character = characters.popFirst() {
            if character == "[" || character == "(" { depth += 1 }
            if character == "]" || character == ")" { depth -= 1 }
            if depth == 0 && character == " " && characters.starts(with: "| ") {
                parts.append(current)
                current = ""
                characters = characters.dropFirst(2)
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// The usage after `head`, as help and a usage error give it: each alternative whole, on lines
    /// of its own within 80 columns.
    func usageLines(_ head: String) -> [String] {
        usageAlternatives.enumerated().flatMap { index, alternative in
            HelpText.usage((index == 0 ? head : String(repeating: " ", count: head.count)) + "dashpilot ", alternative)
        }
    }

    /// The help, laid out as swift-argument-parser lays it out, within 80 columns.
    var help: String {
        var lines = HelpText.wrap("OVERVIEW: \(overview)", indent: 0) + [""]
        lines += usageLines("USAGE: ")
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += arguments.flatMap { HelpText.entry($0.name, $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in allOptions {
            lines += HelpText.entry(option.name + (option.value.map { " \($0)" } ?? ""), option.help)
        }
        lines += HelpText.entry("-h, --help", "Show help information.")
        // A command that is also a group (`backup`, and `backup list`) names what is under it.
        let below = CommandTable.all.filter { $0.words.count > words.count && $0.words.starts(with: words) }
        if !below.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            for command in below { lines += HelpText.entry(command.words.dropFirst(words.count).joined(separator: " "), command.overview) }
            lines += ["", "  See 'dashpilot help \(words.joined(separator: " ")) <subcommand>' for detailed help."]
        }
        return lines.joined(separator: "\n")
    }
}

/// The command line was not understood: exit status 64, with the usage of that command.
struct UsageError: Error {
    /// The command it concerns, if one was named.
    var command: CommandDefinition?
    /// The sentence.
    var message: String
}

/// A command could not be carried out for a reason outside the store's rules (an unreadable
/// file, a confirmation declined): exit status 1.
struct CommandFailure: Error {
    /// The sentence.
    var sentence: String
    /// The exit status: a refusal's, unless told (a store that cannot be used, said with a way out).
    var status = ExitStatus.refused
}

/// Help text within 80 columns: an entry's name in a column of 24, its text wrapped beside it.
enum HelpText {
    static let width = 80
    static let column = 26

    /// `name` and `text` as help entry lines.
    static func entry(_ name: String, _ text: String) -> [String] {
        let head = "  " + name
        let body = wrap(text, indent: column, width: width)
        if head.count + 2 <= column {
            var lines = body
            lines[0] = head + String(repeating: " ", count: column - head.count) + lines[0].dropFirst(column)
            return lines
        }
        return [head] + body
    }

    /// A usage line after `head`, broken only at spaces outside brackets and parentheses (an
    /// option and its value stay together), its continuation lines under its first argument.
    static func usage(_ head: String, _ usage: String, width: Int = width) -> [String] {
        var groups: [String] = []
        var depth = 0
        for word in usage.split(separator: " ") {
            if depth > 0 { groups[groups.count - 1] += " " + word } else { groups.append(String(word)) }
            depth += word.count(where: { $0 == "[" || $0 == "(" }) - word.count(where: { $0 == "]" || $0 == ")" })
        }
        let pad = String(repeating: " ", count: head.count)
        var lines = [head]
        for group in groups {
            let line = lines[lines.count - 1]
            if line.count == head.count || line.count + 1 + group.count <= width {
                lines[lines.count - 1] += (line.count == head.count ? "" : " ") + group
            } else {
                lines.append(pad + group)
            }
        }
        return lines
    }

    /// `text` broken at spaces into lines of at most `width` columns, each after `indent` spaces.
    static func wrap(_ text: String, indent: Int, width: Int = width) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if line.isEmpty {
                line = String(word)
            } else if indent + line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(pad + line)
                line = String(word)
            }
        }
        lines.append(pad + line)
        return lines
    }
}
