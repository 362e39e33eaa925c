import DashPilotCore
import DashPilotStore

/// One command-line argument: its raw bytes (a name is validated on these, since
/// `CommandLine.arguments` silently repairs invalid UTF-8) and its text.
struct Argument: Sendable, Equatable {
    /// The bytes exactly as the shell passed them.
    var bytes: [UInt8]
    /// The bytes as text, for parsing words and numbers and for naming them in a refusal: each
    /// byte that is not UTF-8 written `\xFF`, as a path is (never U+FFFD, which told the driver
    /// they typed a character they did not: "got 1�."). A name or a note is read from `bytes`.
    var text: String { StorePath(bytes: bytes).display }

    init(bytes: [UInt8]) { self.bytes = bytes }
    init(_ text: String) { self.bytes = Array(text.utf8) }

    /// Whether the argument reads as a number (`-75.0`): a value, never an option.
    var isNumber: Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty else { return false }
        var sawDigit = false
        var sawDot = false
        for character in body {
            if character.isASCII && character.isNumber {
                sawDigit = true
            } else if character == "." && !sawDot {
                sawDot = true
            } else {
                return false
            }
        }
        return sawDigit
    }

    /// Whether the argument is an option (`--json`, `-h`): a dash then a letter or a dash. A dash
    /// then anything else reads as a value (`-75.0`, and `-$5.00` as the program writes an amount).
    var isOption: Bool {
        guard text.hasPrefix("-"), let second = text.dropFirst().first else { return false }
        return (second == "-" || second.isLetter) && !isNumber
    }
}

/// Arguments split into positionals, options with values and flags, for one command.
struct ParsedArguments {
    /// The command they are for.
    let command: CommandDefinition
    var positionals: [Argument] = []
    var values: [String: Argument] = [:]
    var flags: Set<String> = []

    /// Splits `arguments` by the options `command` allows, or throws the usage error that names
    /// the first one it does not. `flags` already holds the global flags (`--json`).
    init(_ arguments: [Argument], command: CommandDefinition, flags: Set<String> = []) throws(UsageError) {
        self.command = command
        self.flags = flags
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.isOption {
                positionals.append(argument)
                continue
            }
            if argument.text == "--" {
                optionsEnded = true
                continue
            }
            var name = argument.text
            var inlineValue: Argument?
            // Split on the bytes: a value's bytes that are not UTF-8 stay as given (a note refuses them).
            if name.hasPrefix("--"), let equals = argument.bytes.firstIndex(of: 0x3D) {
                inlineValue = Argument(bytes: Array(argument.bytes[(equals + 1)...]))
                name = Argument(bytes: Array(argument.bytes[..<equals])).text
            }
            guard let option = command.options.first(where: { $0.name == name }) else {
                throw UsageError(command: command, message: "Unknown option \(TerminalText.word(name)).")
            }
            if option.value == nil {
                guard inlineValue == nil else { throw UsageError(command: command, message: "\(name) takes no value.") }
                self.flags.insert(name)
            } else if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError(command: command, message: "\(name) needs a value.") }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Whether `--json` was given.
    var json: Bool { flags.contains("--json") }

    /// Positional `index`, or the usage error naming it as missing.
    func positional(_ index: Int, _ name: String) throws(UsageError) -> Argument {
        guard index < positionals.count else { throw UsageError(command: command, message: "Missing \(name).") }
        return positionals[index]
    }

    /// For `--clear` beside an amount: "Give AMOUNT or --clear, not both." (as `delivery tip` and
    /// `expense edit` name the pair), where the amount was "Unexpected argument 5.".
    func expectAmount(at index: Int, orClear clear: Bool) throws(UsageError) {
        if clear && positionals.count > index { throw UsageError(command: command, message: "Give AMOUNT or --clear, not both.") }
        try expectAtMost(index + 1)
    }

    /// Refuses positionals beyond `count`.
    func expectAtMost(_ count: Int) throws(UsageError) {
        guard positionals.count <= count else {
            throw UsageError(command: command, message: "Unexpected argument \(TerminalText.safe(positionals[count].text)).")
        }
    }

    /// Positional `index` as a whole number at least `minimum`.
    func integer(_ index: Int, _ name: String, minimum: Int64 = 1) throws(UsageError) -> Int64 {
        try integer(try positional(index, name), name, minimum: minimum)
    }

    /// The value of option `option` as a whole number, if given.
    func integerOption(_ option: String, minimum: Int64 = 1) throws(UsageError) -> Int64? {
        guard let argument = values[option] else { return nil }
        return try integer(argument, option, minimum: minimum)
    }

    /// `argument` as a whole number at least `minimum`.
    func integer(_ argument: Argument, _ name: String, minimum: Int64) throws(UsageError) -> Int64 {
        guard let value = Int64(argument.text), value >= minimum else {
            throw UsageError(
                command: command,
                message: "\(name) must be a whole number\(minimum == 1 ? " from 1" : ""); got \(TerminalText.given(argument.text)).")
        }
        return value
    }

    /// `argument` as a finite decimal number; with `finite: false`, also a decimal with an
    /// exponent and the words "nan", "inf" and "infinity", as a route sample's figures are:
    /// "nan", "inf" and "1e999" are numbers that are not a position, which the sample's checks
    /// refuse with their reason (platform.md; cli.md: exit 1). Never hexadecimal ("0x1p99999").
    func number(_ argument: Argument, _ name: String, finite: Bool = true) throws(UsageError) -> Double {
        let decimal = argument.text.allSatisfy { $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }
        let word = ["nan", "inf", "infinity"].contains(argument.text.lowercased().drop { "+-".contains($0) })
        let value = Double(argument.text)
        guard let value, finite ? argument.isNumber && value.isFinite : argument.isNumber || decimal || word else {
            throw UsageError(command: command, message: "\(name) must be a number; got \(TerminalText.given(argument.text)).")
        }
        return value
    }

    /// The words from positional `index` on, joined by spaces, as bytes: `pickup set 2 Nowhere
    /// Noodles` needs no quotes.
    func joinedName(from index: Int, _ label: String) throws(UsageError) -> [UInt8] {
        guard positionals.count > index else { throw UsageError(command: command, message: "Missing \(label).") }
        return Array(positionals[index...].map(\.bytes).joined(separator: [0x20]))
    }

    /// `--limit N` or `--all` (refused together): `nil` for all, else the limit (default `fallback`).
    /// The time `option` gives, checked for its form (21:40, 9:40pm, 2026-11-29 21:40), or `nil`.
    func time(_ option: String) throws(UsageError) -> String? {
        guard let text = values[option]?.text else { return nil }
        guard TypedTime.isWellFormed(text) else {
            throw UsageError(
                command: command,
                message: "\(option) takes a time such as 21:40, 9:40pm or 2026-11-29 21:40; got \(TerminalText.given(text)).")
        }
        return text
    }

    /// The local date `option` gives (2026-11-27), or `nil`.
    func date(_ option: String) throws(UsageError) -> LocalDate? {
        guard let text = values[option]?.text else { return nil }
        guard let date = LocalDate(parsing: text) else {
            throw UsageError(command: command, message: "\(option) takes a day such as 2026-11-27; got \(TerminalText.given(text)).")
        }
        return date
    }

    func limit(default fallback: Int) throws(UsageError) -> Int? {
        let limit = try integerOption("--limit")
        if limit != nil && flag("--all") {
            throw UsageError(command: command, message: "--limit and --all can't be used together.")
        }
        return flag("--all") ? nil : Int(limit ?? Int64(fallback))
    }
}
