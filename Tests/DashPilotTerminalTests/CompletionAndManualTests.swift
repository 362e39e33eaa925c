import Foundation
import Testing

@Suite("Shell completions and the manual page, made from the command table")
struct CompletionAndManualTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func withPlaces() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"])
        for (number, name) in ["Nowhere Noodles", "Nowhere Noodle Bar", "Example Diner"].enumerated() {
            dash.run(["delivery", "accept"])
            dash.run(["pickup", "set", String(number + 1), name])
        }
        return dash
    }

    /// Runs `script` in `shell` with PATH holding the built binary, as a user's shell would.
    static func shell(_ dash: Binary, _ shell: String, _ script: String) -> RunResult {
        var environment = dash.environment
        environment["PATH"] = dash.pathFolder() + ":/usr/bin:/bin"
        let result = dash.spawn([shell, "-c", script].map { Array($0.utf8) }, environment: environment, stdin: nil)
        if let said = try? String(contentsOfFile: dash.folder + "/bin/stderr", encoding: .utf8), !said.isEmpty {
            Issue.record("dashpilot said on standard error: \(said)")
        }
        return result
    }

    static func available(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell) }

    @Test func bashCompletesCommandsOptionsAndPlaceNames() throws {
        let dash = Self.withPlaces()
        defer { dash.remove() }
        let complete = try CompletingShells(dash).bash
        #expect(complete("dashpilot sh") == ["shift"])
        #expect(complete("dashpilot shift ") == ["start", "end", "pause", "resume", "list", "show", "delete", "earnings"])
        #expect(complete("dashpilot expense edit 3 --category f") == ["fuel"])
        #expect(complete("dashpilot shift list --") == ["--limit", "--all", "--json", "--store", "--help"])
        #expect(complete("dashpilot place show Now") == ["Nowhere\\ Noodle\\ Bar", "Nowhere\\ Noodles"])
        #expect(complete("dashpilot --json place show ex") == ["Example\\ Diner"])
        #expect(complete("dashpilot period list m") == ["month"])
        #expect(complete("dashpilot completions f") == ["fish"])
        // The word after an option that takes a value is its value: a number completes to
        // nothing, and the words after it are counted as they would be without it.
        #expect(complete("dashpilot shift list --limit ") == [])
        #expect(complete("dashpilot place show --limit 5 Now") == ["Nowhere\\ Noodle\\ Bar", "Nowhere\\ Noodles"])
    }

    @Test(.enabled(if: available("zsh"))) func zshCompletesCommandsOptionsAndPlaceNames() throws {
        let dash = Self.withPlaces()
        defer { dash.remove() }
        let script = dash.folder + "/_dashpilot"
        let complete = try CompletingShells(dash).zsh
        #expect(Self.shell(dash, "/usr/bin/zsh", "zsh -n '\(script)'").status == 0)
        #expect(complete("dashpilot pla", nil).contains("place"))
        #expect(complete("dashpilot place merge Ex", nil) == ["Example Diner"])
        #expect(complete("dashpilot route add --", nil) == ["--accuracy", "--session", "--store", "--help"])
        #expect(complete("dashpilot route add --accuracy ", nil) == [])
    }

    @Test(.enabled(if: available("fish"))) func fishCompletesCommandsOptionsAndPlaceNames() throws {
        let dash = Self.withPlaces()
        defer { dash.remove() }
        let complete = try CompletingShells(dash).fish
        #expect(complete("dashpilot per").contains("period"))
        #expect(complete("dashpilot shift ").contains("earnings"))
        #expect(complete("dashpilot place rename Now").sorted() == ["Nowhere Noodle Bar", "Nowhere Noodles"])
        #expect(complete("dashpilot place list --").contains("--match"))
    }

    @Test func noMouseIsInTheHelpTheManualAndTheCompletionsAndIsForTheScreensOnly() throws {
        let dash = Binary()
        defer { dash.remove() }
        #expect(dash.run(["--help"]).stdout.contains("dashpilot [--accessible] [--no-mouse]"))
        let page = dash.run(["__manual-page"]).stdout
        #expect(page.contains("\\fB\\-\\-no\\-mouse\\fR") && page.contains("DASHPILOT_MOUSE"))
        let shells = try CompletingShells(dash)
        #expect(shells.bash("dashpilot --no") == ["--no-mouse"])
        if Self.available("fish") { #expect(shells.fish("dashpilot --no") == ["--no-mouse"]) }
        // Not on a terminal it prints the help, as no command does; beside a command it is refused.
        let plain = dash.run(["--no-mouse"])
        #expect(plain.status == 0 && plain.stdout.contains("USAGE: dashpilot"))
        let wrong = dash.run(["--no-mouse", "shift", "list"])
        #expect(wrong.status == 64 && wrong.stderr.contains("--no-mouse is for the interactive screens"))
        // --accessible is an option of the screens as --no-mouse is: beside a command it was
        // taken in silence, and the command ran.
        for line in [["--accessible", "shift", "list"], ["shift", "list", "--accessible"]] {
            let accessible = dash.run(line)
            #expect(accessible.status == 64 && accessible.stderr.hasPrefix("Error: --accessible is for the interactive screens"))
        }
    }

    /// cli.md lists `pickup N` among the commands, and the program answers it and suggests it (a
    /// forgotten shift's "then pickup and deliver likewise"); the pickup group's help, its usage
    /// and the overall help never named it.
    @Test func theLifecycleStepsAloneAreInTheHelp() {
        let dash = Binary()
        defer { dash.remove() }
        let help = dash.run(["pickup", "--help"])
        #expect(help.stdout.contains("dashpilot pickup N [--at TIME]") && help.stdout.contains("  N  "), "\(help.stdout)")
        let wrong = dash.run(["pickup", "x"])
        #expect(wrong.status == 64 && wrong.stderr.contains("       dashpilot pickup N [--at TIME]\n"), "\(wrong.stderr)")
        #expect(dash.run(["--help"]).stdout.contains("arrive|pickup|deliver|cancel N"))
        #expect(!dash.run(["shift", "--help"]).stdout.contains(" N [--at TIME]"))
    }

    /// cli.md: help exists for every command: `--help` anywhere before `--` asks for it, between
    /// a group and its subcommand too (it said "shift has no subcommand --help.", 64), and an
    /// option there is never called a subcommand.
    @Test func helpBetweenAGroupAndItsSubcommandIsThatCommandsHelp() {
        let dash = Binary()
        defer { dash.remove() }
        for (line, words) in [(["shift", "--help", "list"], ["shift", "list"]), (["period", "-h", "week"], ["period", "week"])] {
            let result = dash.run(line)
            #expect(result.status == 0 && result.stdout == dash.run(words + ["--help"]).stdout, "\(result.stderr)")
        }
        #expect(dash.run(["shift", "--help"]).stdout == dash.run(["help", "shift"]).stdout)
        // After `--`, no word is an option, --help neither; a word that names no subcommand is
        // said so, help asked or not.
        #expect(dash.run(["--", "--help"]).status == 64)
        let ended = dash.run(["--", "shift", "--help"])
        #expect(ended.status == 64 && ended.stderr.hasPrefix("Error: shift has no subcommand --help.\n"), "\(ended.stderr)")
        #expect(dash.run(["shift", "bogus", "--help"]).status == 64)
        let version = dash.run(["shift", "--version"])
        #expect(
            version.status == 64 && version.stderr.hasPrefix("Error: shift needs a subcommand before --version.\n"), "\(version.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dash.storePath))
    }

    @Test func completingPlaceNamesCreatesNoStoreAndLogsNothing() {
        let dash = Binary()
        defer { dash.remove() }
        let result = dash.run(["__complete-places", "--", "No"], environment: ["DASHPILOT_LOG": "1"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dash.storePath))
        #expect(!dash.run(["help"]).stdout.contains("__"))
    }

    @Test func theHelpAndTheManualPageGiveEachUsageWholeWithItsCommandsWords() throws {
        let dash = Binary()
        defer { dash.remove() }
        // Alternatives inside parentheses are one usage, not two (cli.md's `delivery tip`).
        let help = dash.run(["delivery", "tip", "--help"]).stdout
        #expect(help.contains("USAGE: dashpilot delivery tip N AMOUNT (--cash | --platform) [--shift ID]\n"))
        #expect(help.contains("       dashpilot delivery tip N --remove K [--shift ID]\n"))
        let manual = dash.run(["__manual-page"]).stdout
        #expect(manual.contains(".B dashpilot delivery tip\nN AMOUNT (\\-\\-cash | \\-\\-platform) [\\-\\-shift ID]\n"))
        #expect(manual.contains(".B dashpilot shift earnings\nID AMOUNT\n.br\n.B dashpilot shift earnings\nID \\-\\-clear\n"))
        // A step's short form is its own words, as the help gives it (it read "dashpilot delivery
        // arrive" then "TIME]": the long name cut from the short form).
        #expect(
            manual.contains(".B dashpilot delivery arrive\nN [\\-\\-at TIME]\n.br\n.B dashpilot arrive\nN [\\-\\-at TIME]\n"), "\(manual)")
        #expect(!manual.contains("\nTIME]\n"))
        // Every usage line of every command's help opens with its words and closes what it opens.
        let commands = dash.run(["help"]).stdout.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("  ") ? line.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ") : nil
        }
        for command in Set(commands) {
            let words = command.split(separator: " ").map(String.init)
            let text = dash.run(words + ["--help"])
            guard text.status == 0 else { continue }
            for line in text.stdout.split(separator: "\n") where line.contains("dashpilot ") && !line.contains(":  ") {
                let usage = line.drop { $0 != "d" }
                guard usage.hasPrefix("dashpilot ") else { continue }
                #expect(usage.count(where: { $0 == "(" }) == usage.count(where: { $0 == ")" }), "\(line)")
                #expect(usage.count(where: { $0 == "[" }) == usage.count(where: { $0 == "]" }), "\(line)")
            }
        }
    }

    @Test func theManualPageGivesExitStatus74AsTheContractDoes() {
        let dash = Binary()
        let page = dash.run(["__manual-page"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(page.contains("\\fB74\\fR The store cannot be used: "))
        #expect(page.contains("the disk is full, or busy (another program held its lock for longer than five seconds)"))
    }

    @Test func routeImportsUsageTakesJSONWithFilesAsWithStandardInput() {
        let dash = Binary()
        let help = dash.run(["route", "import", "--help"]).stdout
        #expect(help.contains("USAGE: dashpilot route import FILE... [--json]\n"))
        #expect(dash.run(["__manual-page"]).stdout.contains(".B dashpilot route import\nFILE... [\\-\\-json]\n.PP"))
    }

    /// cli.md: `expense edit` changes "every given fact": its help said `--at` defaults to now,
    /// `expense add`'s words, where an edit without it keeps the time recorded.
    @Test func expenseEditsHelpSaysNoDefaultTimeOfAdds() {
        let dash = Binary()
        defer { dash.remove() }
        #expect(dash.run(["expense", "add", "--help"]).stdout.contains("When it was spent (default now, never later)"))
        let edit = dash.run(["expense", "edit", "--help"]).stdout
        #expect(edit.contains("--at TIME") && !edit.contains("default now"), "\(edit)")
        #expect(dash.run(["expense", "add", "5", "fuel", "--at", "2026-11-28 16:10"], at: "2026-11-29 12:00:00").status == 0)
        #expect(dash.run(["expense", "edit", "1", "--amount", "6"], at: "2026-11-30 12:00:00").status == 0)
        #expect(dash.run(["expense", "list", "--json"]).stdout.contains("\"at\": \"2026-11-28T16:10:00Z\""))
    }

    @Test func theKeptManualPageIsWhatTheTableMakesAndReadsWithoutWarnings() throws {
        let dash = Binary()
        defer { dash.remove() }
        let kept = try String(contentsOf: Self.root.appendingPathComponent("dashpilot.1"), encoding: .utf8)
        #expect(dash.run(["__manual-page"]).stdout == kept, "run scripts/write-manual.sh")
        // An empty roff line is a blank line on the page: a command with no arguments left two
        // under its synopsis ("dashpilot shift start", blank, blank, its overview).
        #expect(!kept.contains("\n\n"), "an empty line in the roff")
        for command in ["shift list", "period list", "place merge", "completions"] {
            #expect(kept.contains(".SS " + command.replacingOccurrences(of: "-", with: "\\-")))
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") {
            let lint = dash.spawn(
                ["/usr/bin/mandoc", "-T", "lint", Self.root.appendingPathComponent("dashpilot.1").path].map { Array($0.utf8) },
                environment: dash.environment, stdin: nil)
            #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        }
    }
}
