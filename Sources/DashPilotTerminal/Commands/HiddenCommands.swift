import DashPilotCore
import DashPilotStore

/// Commands the completion scripts and the repository's scripts run, listed in no help.
enum HiddenCommands {
    /// `__complete-places [--options-ended] [--] PREFIX`: the names of the places whose key begins
    /// with PREFIX's key, one a line, for the shells' completion. A name that would be read as an
    /// option (`--Odd Kettle`) only once the line has ended its options with `--`, as the scripts
    /// say with `--options-ended`. Reads the store (creating nothing), logs nothing.
    static let completePlaces = CommandDefinition(
        words: ["__complete-places"], overview: "Place names for shell completion.",
        options: [.flag("--options-ended", "The line has ended its options with --.")]
    ) { input throws(UsageError) in
        let prefix = input.positionals.map(\.text).joined(separator: " ")
        let optionsEnded = input.flag("--options-ended")
        // A name is UTF-8: a prefix that is not is no name's beginning.
        let isText = input.positionals.allSatisfy { String(validating: $0.bytes, as: UTF8.self) != nil }
        return { context in
            guard isText else { return ExitStatus.done }
            let key = PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: prefix))
            for summary in try context.readStore().places(matching: prefix.isEmpty ? nil : prefix)
            where PickupPlaceName.key(ofDisplay: summary.place.name).hasPrefix(key)
                && (optionsEnded || !Argument(summary.place.name).isOption)
            {
                context.say(summary.place.name)
            }
            return ExitStatus.done
        }
    }

    /// `__manual-page`: the manual page, as `scripts/write-manual.sh` keeps it in `dashpilot.1`.
    static let manualPage = CommandDefinition(words: ["__manual-page"], overview: "The manual page.") { input throws(UsageError) in
        try input.expectAtMost(0)
        return { _ in
            print(ManualPage.text, terminator: "")
            return ExitStatus.done
        }
    }

    static let all = [completePlaces, manualPage]
}
