/// `dashpilot completions bash|zsh|fish`: a completion script for each shell, made from the one
/// command table, completing commands, options, fixed choices, files and (by asking `dashpilot
/// __complete-places`, which reads the store and logs nothing) place names.
enum ShellCompletions {
    static let shells = ["bash", "zsh", "fish"]

    static let command = CommandDefinition(
        words: ["completions"], overview: "Prints a completion script for bash, zsh or fish: commands, options and place names.",
        arguments: [ArgumentSpec(name: "SHELL", help: "bash, zsh or fish.", completion: .choices(shells))]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let shell = try input.positional(0, "SHELL").text
        guard shells.contains(shell) else {
            throw UsageError(command: input.command, message: "SHELL must be bash, zsh or fish; got \(TerminalText.given(shell)).")
        }
        return { _ in
            print(script(for: shell), terminator: "")
            return ExitStatus.done
        }
    }

    /// The first words: each group once, the commands of one word, and the steps' short forms.
    static var firstWords: [String] {
        var seen: [String] = []
        for command in CommandTable.all where !seen.contains(command.words[0]) { seen.append(command.words[0]) }
        return seen + CommandTable.shortForms.filter { !seen.contains($0) } + ["help"]
    }

    /// Every command as its completion is found by name: the table's, and each step's short form
    /// (`arrive`, and `pickup` before a number) with the options and arguments of its step.
    static var namedCommands: [(name: String, command: CommandDefinition)] {
        CommandTable.all.map { ($0.name, $0) }
            + CommandTable.shortForms.compactMap { word in CommandTable.shortForm(word).map { (word, $0) } }
    }

    /// The options of the first word: the global ones, the interactive mode's, and the program's own.
    static var firstOptionSpecs: [OptionSpec] {
        [.store, .json, .accessible] + CommandLineTool.InteractiveOptions.all + [.flag("--version", "Show the version."), help]
    }

    /// `--help`, which every command takes (its help lists `-h, --help`).
    static let help = OptionSpec.flag("--help", "Show help information.")

    /// The options a command's completion offers: its own, and `--help`.
    static func options(of command: CommandDefinition) -> [OptionSpec] { command.allOptions + [help] }

    static var firstOptions: String { firstOptionSpecs.map(\.name).joined(separator: " ") }

    /// What completes after an option of the screens: the others, and `--store`, each once.
    static var besideScreens: [OptionSpec] { [.store, .accessible] + CommandLineTool.InteractiveOptions.all }

    /// The options of the screens, which take no command (cli.md: "With no command").
    static var screensOptions: [String] { besideScreens.dropFirst().map(\.name) }

    static func script(for shell: String) -> String {
        switch shell {
        case "zsh": zsh
        case "fish": fish
        default: bash
        }
    }

    /// A completion as the scripts name it: "places", "files", "choices:week,month", "none".
    static func kind(_ completion: Completion) -> String {
        switch completion {
        case .placeName: "places"
        case .file: "files"
        case .choices(let values): "choices:" + values.joined(separator: ",")
        case .none: "none"
        }
    }

    /// What completes each of `command`'s arguments, by position ("none places"); an argument that
    /// repeats (`FILE...`) ends in "...", and completes every word after it too.
    static func argumentKinds(_ command: CommandDefinition) -> String {
        command.arguments.map { kind($0.completion) + ($0.name.hasSuffix("...") ? "..." : "") }.joined(separator: " ")
    }

    /// The options whose value completes, by command ("expense edit", "--category", "choices:..."):
    /// the global `--store` aside, which completes files after any command or none.
    static var valueKinds: [(command: String, option: String, kind: String)] {
        CommandTable.all.flatMap { command in
            command.options.filter { $0.value != nil && $0.completion != .none }.map { (command.name, $0.name, kind($0.completion)) }
        }
    }

    /// Every option that takes a value: the walk over the line skips its value.
    static var valuedOptions: [String] {
        var names: [String] = []
        for command in CommandTable.all {
            for option in command.allOptions where option.value != nil && !names.contains(option.name) { names.append(option.name) }
        }
        return names
    }

    /// Whether `group` is also a command of its own with arguments (`backup [PATH]` beside
    /// `backup list`): after it, its first argument completes as well as the subcommands.
    static func standsAlone(_ group: String) -> Bool {
        CommandTable.all.contains { $0.words == [group] && !$0.arguments.isEmpty }
    }

    /// Each group ("shift") with its subcommands, in the order help lists them.
    static var groups: [(group: String, subcommands: [CommandDefinition])] {
        firstWords.map { ($0, CommandTable.group($0)) }.filter { !$0.subcommands.isEmpty }
    }

    /// A word that reads as a number (`-75.0`) is a value, never an option (`Argument.isNumber`).
    static let numberPattern = #"^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)$"#
}
