/// Every command of the command line, in the order help lists them: the one table that help,
/// the manual page and the completions are made from.
enum CommandTable {
    static let all: [CommandDefinition] =
        ShiftCommands.all + PeriodCommands.all + DeliveryCommands.all + ExpenseCommands.all + PickupCommands.all + PlaceCommands.all
        + RouteCommands.all + KeepingCommands.all + [
            DoctorCommand.doctor, ShellCompletions.command,
        ]

    /// The command named by the leading words of `words`, with how many words named it.
    static func find(_ words: [String]) -> (CommandDefinition, Int)? {
        for command in all + HiddenCommands.all
        where words.count >= command.words.count && Array(words.prefix(command.words.count)) == command.words {
            return (command, command.words.count)
        }
        // The lifecycle steps also stand alone (`dashpilot arrive 2`), as the contract lists them;
        // `pickup` is also a group, and stands for the step only before a number.
        if let first = words.first, let command = shortForm(first),
            first != "pickup" || (words.count > 1 && Int(words[1]) != nil)
        {
            return (command, 1)
        }
        return nil
    }

    /// The lifecycle steps' words that stand alone, as cli.md lists them (`pickup N`).
    static let shortForms = ["arrive", "pickup", "deliver", "cancel"]

    /// The step `word` stands for alone (`arrive`: `delivery arrive`), if it is one.
    static func shortForm(_ word: String) -> CommandDefinition? {
        guard shortForms.contains(word) else { return nil }
        return all.first { $0.words == ["delivery", word] }
    }

    /// For a word no command begins with but some group's subcommand is ("accept"), the commands
    /// it may have meant: "Did you mean dashpilot delivery accept?"; `nil` for none.
    static func suggestion(for word: String) -> String? {
        let named = all.filter { $0.words.count > 1 && $0.words[1] == word }.map { "dashpilot " + $0.name }
        guard let last = named.last else { return nil }
        return "Did you mean " + (named.count == 1 ? last : named.dropLast().joined(separator: ", ") + " or " + last) + "?"
    }

    /// The commands of group `group` ("shift"), or none.
    static func group(_ group: String) -> [CommandDefinition] {
        all.filter { $0.words.count > 1 && $0.words[0] == group }
    }

    /// The overall help.
    static var overallHelp: String {
        var lines = HelpText.wrap(
            "OVERVIEW: DashPilot keeps a food-delivery driver's own record: shifts, deliveries and the places they pick up from, on this device only.",
            indent: 0)
        lines += [
            "",
            "USAGE: dashpilot [--store PATH] [--json] COMMAND [ARGUMENTS] [OPTIONS]",
            "       dashpilot [--accessible] [--no-mouse]   (on a terminal: the screens)",
            "",
            "OPTIONS:",
        ]
        lines += HelpText.entry("--store PATH", OptionSpec.store.help)
        lines += HelpText.entry("--json", OptionSpec.json.help)
        lines += HelpText.entry("--accessible", OptionSpec.accessible.help)
        for option in CommandLineTool.InteractiveOptions.all { lines += HelpText.entry(option.name, option.help) }
        lines += HelpText.entry("--version", "Show the version.")
        lines += HelpText.entry("-h, --help", "Show help information.")
        lines += ["", "SUBCOMMANDS:"]
        for command in all { lines += HelpText.entry(command.name, command.overview) }
        lines += HelpText.entry(shortForms.joined(separator: "|") + " N", "The lifecycle steps, without the word delivery first.")
        lines += ["", "  See 'dashpilot help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// The help of group `group` ("shift"), or `nil` when no command is in it.
    static func groupHelp(_ group: String) -> String? {
        // `help help`: help is a command too.
        if group == "help" {
            return "OVERVIEW: Shows help: every command, or one command or group of them.\n\nUSAGE: dashpilot help [COMMAND]"
        }
        let commands = self.group(group)
        guard !commands.isEmpty else { return nil }
        var lines = ["OVERVIEW: The \(group) commands.", "", "USAGE: dashpilot \(group) <subcommand>"]
        // `pickup` is also the step alone, before a number.
        let step = shortForm(group)
        if step != nil { lines.append("       " + stepUsage(group)) }
        lines += ["", "SUBCOMMANDS:"]
        for command in commands { lines += HelpText.entry(command.words.dropFirst().joined(separator: " "), command.overview) }
        if let step { lines += HelpText.entry("N", step.overview) }
        lines += ["", "  See 'dashpilot help \(group) <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// The usage of a lifecycle step standing alone: "dashpilot pickup N [--at TIME]".
    static func stepUsage(_ word: String) -> String { "dashpilot \(word) N [--at TIME]" }
}
