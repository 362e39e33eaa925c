extension CommandLineTool {
    /// `--version` (or `-V`) as the command: its line, or 64 for a word after it (a lone `--`
    /// ends the options); `nil` when not asked (after `--`, `--version` is a word like any other).
    static func versionAsked(_ global: GlobalOptions, _ words: [String]) -> Int32? {
        guard !global.endedBeforeCommand, words.first == "--version" || words.first == "-V" else { return nil }
        if let extra = words.dropFirst().first(where: { $0 != "--" }) {
            return usageFailure(UsageError(command: nil, message: "Unexpected argument \(TerminalText.word(extra))."))
        }
        print("dashpilot \(version)")
        return ExitStatus.done
    }

    /// The global options, taken wherever they stand before `--`, and the rest of the line.
    struct GlobalOptions {
        var store: [UInt8]?
        var json = false
        /// `--accessible`: the interactive mode for a screen reader.
        var accessible = false
        var rest: [Argument] = []
        /// Whether `--` came before the command's words: after it, nothing is an option.
        var endedBeforeCommand = false
        /// What is wrong with them, said once the command is known: with that command's usage.
        var problem: String?

        init(_ arguments: [Argument]) {
            var index = 0
            var optionsEnded = false
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if !optionsEnded && argument.text == "--" {
                    optionsEnded = true
                    // Before the command's words it ends the program's own options (cli.md: "`--`
                    // also ends the options"), and is no word of the command; after them, its parser's.
                    if rest.isEmpty {
                        endedBeforeCommand = true
                        continue
                    }
                }
                if !optionsEnded && argument.text == "--store" {
                    // An option next (`--store $S --json` with S empty) is never taken for a path.
                    guard index < arguments.count, !arguments[index].isOption else {
                        problem = problem ?? "--store needs a value."
                        continue
                    }
                    store = arguments[index].bytes
                    index += 1
                } else if !optionsEnded && argument.bytes.starts(with: Array("--store=".utf8)) {
                    store = Array(argument.bytes.dropFirst("--store=".utf8.count))
                } else if !optionsEnded && argument.text == "--json" {
                    json = true
                } else if !optionsEnded && argument.text == OptionSpec.accessible.name {
                    accessible = true
                } else if !optionsEnded,
                    let flag = ["--json", OptionSpec.accessible.name].first(where: { argument.text.hasPrefix($0 + "=") })
                {
                    problem = problem ?? "\(flag) takes no value."
                } else {
                    rest.append(argument)
                }
            }
            // cli.md: an empty one is a usage error, never the default store, with any command
            // (`--version`, help off a terminal) as with those that open it.
            if store?.isEmpty == true { problem = problem ?? Self.emptyStore }
        }

        static let emptyStore = "--store needs a path; an empty one would be the default store."
        static let emptyVariable = "DASHPILOT_STORE is set but empty; unset it or give it a path."
    }
}
