import Foundation
import Testing

/// Each shell's completion script, run on a line as the driver typed it (quotes, backslashes,
/// options anywhere), with the built binary on PATH answering for the place names.
struct CompletingShells {
    let dash: Binary

    init(_ dash: Binary) throws {
        self.dash = dash
        for (shell, file) in [("bash", "dashpilot.bash"), ("zsh", "_dashpilot"), ("fish", "dashpilot.fish")] {
            try dash.run(["completions", shell]).stdout.write(toFile: dash.folder + "/" + file, atomically: false, encoding: .utf8)
        }
    }

    /// Runs `script` in `shell` with the line in `$LINE`, so that no quoting of the test's stands
    /// between the line and the shell.
    func run(_ shell: String, _ script: String, line: String, extra: [String: String] = [:]) -> [String] {
        var environment = dash.environment.merging(extra) { $1 }
        environment["PATH"] = dash.pathFolder() + ":/usr/bin:/bin"
        environment["LINE"] = line
        let result = dash.spawn([shell, "-c", script].map { Array($0.utf8) }, environment: environment, stdin: nil)
        if let said = try? String(contentsOfFile: dash.folder + "/bin/stderr", encoding: .utf8), !said.isEmpty {
            Issue.record("dashpilot said on standard error: \(said)")
        }
        #expect(result.stderr.isEmpty, "\(shell): \(result.stderr)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// What bash's readline is handed (`COMPREPLY`) for the line, the cursor at its end, given
    /// the line and its words as bash gives them to a completion function.
    func bash(_ line: String) -> [String] {
        let words = Self.bashWords(line)
        return run(
            "/bin/bash",
            "source '\(dash.folder)/dashpilot.bash'; COMP_LINE=$LINE; COMP_POINT=${#LINE}; IFS=$'\\x01' read -r -a COMP_WORDS <<< \"$WORDS\"; "
                + "COMP_CWORD=\(words.count - 1); unset IFS; _dashpilot; ((${#COMPREPLY[@]} == 0)) || printf '%s\\n' \"${COMPREPLY[@]}\"",
            line: line,
            extra: ["WORDS": words.joined(separator: "\u{1}")])
    }

    /// The line split as bash splits it into `COMP_WORDS`: at unquoted blanks, and around each
    /// unquoted run of the other word-breaking characters (`--store=PATH` is three words).
    static func bashWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        func isBreak(_ character: Character?) -> Bool { character.map { "=:".contains($0) } ?? false }
        for character in line {
            let plain = !escaped && quote == nil
            if plain && character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            // A word-breaking character and the text beside it are words of their own.
            if !word.isEmpty && isBreak(word.last) != (plain && isBreak(character)) {
                words.append(word)
                word = ""
            }
            word.append(character)
            if escaped {
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" || character == "'" {
                quote = character
            }
        }
        return words + [word]
    }

    /// What zsh's completion is handed for the line (the matches, unquoted: zsh quotes them as it
    /// inserts them; "files" when it is to complete files). `prefix` is zsh's `PREFIX`: the word
    /// being completed, without the quote it is open in.
    func zsh(_ line: String, prefix: String? = nil) -> [String] {
        run(
            "/usr/bin/zsh",
            "compdef() { :; }; source '\(dash.folder)/_dashpilot'; words=(${(z)LINE}); [[ $LINE == *' ' ]] && words+=(''); "
                + "CURRENT=${#words}; PREFIX=${PREFIX-$words[CURRENT]}; local -a reply; local kind; _dashpilot_candidates; "
                + "[[ $kind == files ]] && print files; (($#reply)) && print -rl -- $reply; :",
            line: line, extra: prefix.map { ["PREFIX": $0] } ?? [:])
    }

    /// What fish offers for the line (the candidates, without their descriptions).
    func fish(_ line: String) -> [String] {
        run("/usr/bin/fish", "source '\(dash.folder)/dashpilot.fish'; complete -C $LINE", line: line).map {
            String($0.split(separator: "\t", omittingEmptySubsequences: false)[0])
        }
    }
}

@Suite("Shell completion reads the line as the shell does")
struct CompletionLineTests {
    static let zsh = CompletionAndManualTests.available("zsh")
    static let fish = CompletionAndManualTests.available("fish")

    @Test func aPlaceNameCompletesWhateverQuotesOrBackslashesItsWordHoldsSoFar() throws {
        let dash = CompletionAndManualTests.withPlaces()
        dash.run(["delivery", "accept"])
        dash.run(["pickup", "set", "4", "Dot's Dumplings"])
        let shells = try CompletingShells(dash)
        // bash: inside an open quote readline replaces what follows the quote and closes it itself.
        #expect(shells.bash("dashpilot place show \"Exa") == ["Example Diner"])
        #expect(shells.bash("dashpilot place show 'ex") == ["Example Diner"])
        #expect(shells.bash("dashpilot place show Nowhere\\ Noodle\\ B") == ["Nowhere\\ Noodle\\ Bar"])
        #expect(shells.bash("dashpilot place show \"Nowhere Noodles") == ["Nowhere Noodles"])
        #expect(shells.bash("dashpilot place show 'Dot") == ["Dot'\\''s Dumplings"])
        #expect(shells.bash("dashpilot place show \"Dot") == ["Dot's Dumplings"])
        #expect(shells.bash("dashpilot place show Dot\\'s\\ D") == ["Dot\\'s\\ Dumplings"])
        if Self.zsh {
            #expect(shells.zsh("dashpilot place show \"Exa", prefix: "Exa") == ["Example Diner"])
            #expect(shells.zsh("dashpilot place show 'Dot", prefix: "Dot") == ["Dot's Dumplings"])
            #expect(shells.zsh("dashpilot place show Nowhere\\ Noodle\\ B") == ["Nowhere Noodle Bar"])
        }
        if Self.fish {
            #expect(shells.fish("dashpilot place show \"Exa") == ["Example Diner"])
            #expect(shells.fish("dashpilot place show 'Dot") == ["Dot's Dumplings"])
            #expect(shells.fish("dashpilot place show Nowhere\\ Noodle\\ B") == ["Nowhere Noodle Bar"])
        }
    }

    @Test func placeNamesComeFromTheStoreTheLineNames() throws {
        let dash = CompletionAndManualTests.withPlaces()
        let other = dash.folder + "/other.sqlite"
        dash.run(["--store", other, "shift", "start"])
        dash.run(["--store", other, "delivery", "accept"])
        dash.run(["--store", other, "pickup", "set", "1", "Otherside Oven"])
        let shells = try CompletingShells(dash)
        #expect(shells.bash("dashpilot --store \(other) place show O") == ["Otherside\\ Oven"])
        #expect(shells.bash("dashpilot place show --store=\(other) ") == ["Otherside\\ Oven"])
        #expect(shells.bash("dashpilot place merge Otherside\\ Oven --store \(other) E") == [])
        if Self.zsh {
            #expect(shells.zsh("dashpilot --store \(other) place show O") == ["Otherside Oven"])
            #expect(shells.zsh("dashpilot place show --store=\(other) ") == ["Otherside Oven"])
        }
        if Self.fish {
            #expect(shells.fish("dashpilot --store \(other) place show O") == ["Otherside Oven"])
            #expect(shells.fish("dashpilot place show --store=\(other) ") == ["Otherside Oven"])
        }
    }

    @Test(.enabled(if: zsh)) func zshCompletesOnTheFirstTabOnceAutoloadedFromFpath() throws {
        let dash = CompletionAndManualTests.withPlaces()
        let shells = try CompletingShells(dash)
        // As compinit leaves it: _dashpilot autoloaded from the file; the first call must complete.
        let offered = shells.run(
            "/usr/bin/zsh",
            "fpath=('\(dash.folder)' $fpath); autoload -Uz _dashpilot; compdef() { :; }; compadd() { print -rl -- $reply; }; "
                + "words=(dashpilot pla); CURRENT=2; PREFIX=pla; _dashpilot; _dashpilot", line: "")
        #expect(offered.filter { $0 == "place" }.count == 2)
    }

    /// cli.md: a place is named by any spelling whose key matches, and completion gives place
    /// names where a NAME goes. zsh filtered the names the program found by key again by their
    /// spelling: `now` completed nothing in zsh where bash and fish gave Nowhere Noodles. The
    /// names go to zsh unfiltered (`compadd -U`); options beside them still match as typed.
    @Test(.enabled(if: zsh)) func zshOffersThePlaceNamesFoundByKeyWhateverTheirCase() throws {
        let dash = CompletionAndManualTests.withPlaces()
        let shells = try CompletingShells(dash)
        let offered = shells.run(
            "/usr/bin/zsh",
            "compdef() { :; }; source '\(dash.folder)/_dashpilot'; compadd() { print -r -- \"$1 ${(j:|:)reply}\"; }; "
                + "words=(dashpilot place show now); CURRENT=4; PREFIX=now; _dashpilot", line: "")
        #expect(offered == ["-U Nowhere Noodle Bar|Nowhere Noodles"], "\(offered)")
        let options = shells.zsh("dashpilot place show --li")
        #expect(options == ["--limit"], "\(options)")
    }

    /// cli.md: `--version` takes nothing after it (`--version extra` is a usage error); every
    /// command was offered after it (from audit). Its --store still completes.
    @Test func nothingCompletesAfterVersionButAValue() throws {
        let dash = CompletionAndManualTests.withPlaces()
        let shells = try CompletingShells(dash)
        for line in ["dashpilot --version ", "dashpilot --version sh", "dashpilot -V --st"] {
            #expect(shells.bash(line).isEmpty, "\(line)")
            if Self.zsh { #expect(shells.zsh(line).isEmpty, "\(line)") }
            if Self.fish { #expect(shells.fish(line).isEmpty, "\(line)") }
        }
        #expect(shells.bash("dashpilot --version sh -- ").isEmpty)
        #expect(!shells.bash("dashpilot --version --store \(dash.folder)/").isEmpty)
    }

    @Test func theStoreBeforeTheCommandCompletesAsItDoesAnywhere() throws {
        let dash = CompletionAndManualTests.withPlaces()
        let shells = try CompletingShells(dash)
        // A folder holding one store, so that the files a path begins are known.
        let store = dash.folder + "/kept/april.sqlite"
        try FileManager.default.createDirectory(atPath: dash.folder + "/kept", withIntermediateDirectories: true)
        #expect(dash.run(["--store", store, "shift", "start"]).status == 0)
        let start = dash.folder + "/kept/ap"
        #expect(shells.bash("dashpilot --store \(start)") == [store])
        #expect(shells.bash("dashpilot --store=\(start)") == [store])
        #expect(shells.bash("dashpilot --store \(store) sh") == ["shift"])
        #expect(shells.bash("dashpilot --store=\(store) shift l") == ["list"])
        #expect(shells.bash("dashpilot --store \(store) shift list --a") == ["--all"])
        #expect(shells.bash("dashpilot --store \(dash.storePath) place show Ex") == ["Example\\ Diner"])
        // A path with a quote in it: inside a completion, bash 5.2's compgen -f took the quote
        // for one and completed nothing (from audit); such a path is matched by a glob.
        let quoted = dash.folder + "/Joe's kept"
        try FileManager.default.createDirectory(atPath: quoted, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: quoted + "/april.gpx", contents: Data()))
        #expect(shells.bash("dashpilot route import \(dash.folder)/Joe\\'s\\ kept/ap") == [quoted + "/april.gpx"])
        #expect(shells.bash("dashpilot route import \"\(dash.folder)/Joe's kept/ap") == [quoted + "/april.gpx"])
        // Under ~/, and a hidden file, as compgen -f finds them (review).
        try FileManager.default.createDirectory(atPath: dash.folder + "/home/Joe's kept", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dash.folder + "/home/Joe's kept/.april.gpx", contents: Data()))
        #expect(shells.bash("dashpilot route import ~/Joe\\'s\\ kept/") == ["~/Joe's kept/.april.gpx"])
        if Self.zsh {
            #expect(shells.zsh("dashpilot --store \(start)") == ["files"])
            #expect(shells.zsh("dashpilot --store \(store) sh").contains("shift"))
            #expect(shells.zsh("dashpilot --store \(store) shift ").contains("list"))
        }
        if Self.fish {
            #expect(shells.fish("dashpilot --store \(start)") == [store])
            #expect(shells.fish("dashpilot --store \(store) sh") == ["shift"])
            #expect(shells.fish("dashpilot --store=\(store) shift l") == ["list"])
            #expect(shells.fish("dashpilot --store \(dash.storePath) place show Ex") == ["Example Diner"])
        }
    }

    @Test func eachArgumentCompletesAsWhatGoesInItsPlace() throws {
        let dash = CompletionAndManualTests.withPlaces()
        let shells = try CompletingShells(dash)
        // N, then NAME: place names only where the NAME goes.
        #expect(shells.bash("dashpilot pickup set ") == [])
        #expect(shells.bash("dashpilot pickup set 1 Ex") == ["Example\\ Diner"])
        // AMOUNT, then CATEGORY: the categories only where the category goes.
        #expect(shells.bash("dashpilot expense add ") == [])
        #expect(shells.bash("dashpilot expense add 5 f") == ["fuel"])
        if Self.zsh {
            #expect(shells.zsh("dashpilot pickup set ") == [])
            #expect(shells.zsh("dashpilot expense add ") == [])
            #expect(shells.zsh("dashpilot expense add 5 ").contains("fuel"))
        }
        if Self.fish {
            // delivery pickup N is a lifecycle step, not the pickup commands.
            #expect(shells.fish("dashpilot delivery pickup ") == [])
            #expect(shells.fish("dashpilot delivery pickup 1 --") == ["--at", "--help", "--store"])
            #expect(shells.fish("dashpilot pickup set ") == [])
            #expect(shells.fish("dashpilot pickup set 1 Ex") == ["Example Diner"])
            #expect(shells.fish("dashpilot expense add ") == [])
            #expect(shells.fish("dashpilot expense add 5 f") == ["fuel"])
        }
    }

    /// cli.md: `backup [PATH]` · `backup list`: after `backup` come both its subcommand and a path
    /// (only `list` was offered, so no path ever completed).
    @Test func backupCompletesItsListAndAPath() throws {
        let dash = Binary()
        let shells = try CompletingShells(dash)
        try FileManager.default.createDirectory(atPath: dash.folder + "/kept", withIntermediateDirectories: true)
        #expect(shells.bash("dashpilot backup \(dash.folder)/ke") == [dash.folder + "/kept"])
        #expect(shells.bash("dashpilot backup l") == ["list"])
        #expect(shells.bash("dashpilot backup list ") == [])
        #expect(shells.bash("dashpilot help backup ") == ["list"])
        if Self.zsh {
            #expect(shells.zsh("dashpilot backup ") == ["files", "list"])
            #expect(shells.zsh("dashpilot backup list ") == [])
        }
        if Self.fish {
            #expect(shells.fish("dashpilot backup \(dash.folder)/ke") == [dash.folder + "/kept/"])
            #expect(shells.fish("dashpilot backup l") == ["list"])
            #expect(shells.fish("dashpilot help backup ") == ["list"])
        }
    }

    @Test func theStepsShortFormsCompleteAsTheirStepsDo() throws {
        // cli.md lists `pickup N` and the other steps standing alone, and the help gives
        // `dashpilot arrive N [--at TIME]`; no script completed them.
        let dash = Binary()
        let shells = try CompletingShells(dash)
        #expect(shells.bash("dashpilot ar") == ["arrive"])
        #expect(shells.bash("dashpilot arrive 1 --") == ["--at", "--store", "--help"])
        #expect(shells.bash("dashpilot pickup 2 --") == ["--at", "--store", "--help"])
        #expect(shells.bash("dashpilot pickup s") == ["set"])
        if Self.zsh {
            #expect(shells.zsh("dashpilot deli").contains("deliver"))
            #expect(shells.zsh("dashpilot cancel 1 --").contains("--at"))
        }
        if Self.fish {
            #expect(shells.fish("dashpilot ar") == ["arrive"])
            #expect(shells.fish("dashpilot pickup 2 --") == ["--at", "--help", "--store"])
        }
    }

    /// Every command's help lists `-h, --help`: its completion offers `--help` too, after a
    /// subcommand as at the start of the line.
    @Test func everyCommandCompletesHelp() throws {
        let dash = Binary()
        let shells = try CompletingShells(dash)
        #expect(shells.bash("dashpilot shift list --h") == ["--help"])
        #expect(shells.bash("dashpilot arrive 1 --") == ["--at", "--store", "--help"])
        // A group's too: `shift --help` is its help.
        #expect(shells.bash("dashpilot shift --") == ["--help"])
        #expect(shells.bash("dashpilot help shift --") == [])
        // After `--`, --help is a word like any other, no option: not offered.
        #expect(shells.bash("dashpilot -- shift -") == [])
        if Self.zsh {
            #expect(shells.zsh("dashpilot shift list --").contains("--help"))
            #expect(shells.zsh("dashpilot shift --").contains("--help"))
        }
        if Self.fish {
            #expect(shells.fish("dashpilot shift list --h") == ["--help"])
            #expect(shells.fish("dashpilot shift --") == ["--help"])
            #expect(shells.fish("dashpilot -- shift -") == [] && shells.fish("dashpilot help shift -") == [])
        }
    }

    /// `--accessible` and `--no-mouse` are for the screens, with no command (cli.md): after one,
    /// only the other options of the screens complete, and no command, which would be refused.
    @Test func afterAnOptionOfTheScreensOnlyTheScreensOptionsComplete() throws {
        let dash = Binary()
        let shells = try CompletingShells(dash)
        #expect(shells.bash("dashpilot --accessible ") == ["--store", "--no-mouse"])
        #expect(shells.bash("dashpilot --no-mouse --") == ["--store", "--accessible"])
        #expect(shells.bash("dashpilot --no-mouse sh") == [])
        #expect(shells.bash("dashpilot --accessible shift ") == [])
        #expect(shells.bash("dashpilot --accessible --store ").isEmpty == false)
        if Self.zsh {
            #expect(shells.zsh("dashpilot --accessible ") == ["--store", "--no-mouse"])
            #expect(shells.zsh("dashpilot --no-mouse shift ") == [])
        }
        if Self.fish {
            #expect(shells.fish("dashpilot --accessible ") == ["--no-mouse", "--store"])
            #expect(shells.fish("dashpilot --no-mouse shift ") == [])
        }
    }

    @Test func helpCompletesTheNamesOfTheCommands() throws {
        let dash = Binary()
        let shells = try CompletingShells(dash)
        #expect(shells.bash("dashpilot help sh") == ["shift"])
        #expect(shells.bash("dashpilot help place m") == ["merge"])
        #expect(shells.bash("dashpilot help place merge ") == [])
        if Self.zsh { #expect(shells.zsh("dashpilot help ").contains("period")) }
        if Self.fish {
            #expect(shells.fish("dashpilot help sh") == ["shift"])
            #expect(shells.fish("dashpilot help place m") == ["merge"])
        }
    }

    @Test func aPlaceNameThatWouldReadAsAnOptionIsOfferedOnlyAfterDashDash() throws {
        let dash = Binary()
        dash.run(["shift", "start"])
        for (number, name) in ["--Odd Kettle", "-5"].enumerated() {
            dash.run(["delivery", "accept"])
            #expect(dash.run(["pickup", "set", String(number + 1), "--", name]).status == 0)
        }
        let shells = try CompletingShells(dash)
        // "-5" reads as a number, a value: it may stand anywhere. "--Odd Kettle" would be an option.
        #expect(shells.bash("dashpilot place show ") == ["-5"])
        #expect(shells.bash("dashpilot place show -") == ["--limit", "--all", "--json", "--store", "--help", "-5"])
        #expect(shells.bash("dashpilot place show -- -") == ["--Odd\\ Kettle", "-5"])
        #expect(shells.bash("dashpilot place show -- --O") == ["--Odd\\ Kettle"])
        if Self.zsh {
            #expect(shells.zsh("dashpilot place show ") == ["-5"])
            #expect(shells.zsh("dashpilot place show -- --O") == ["--Odd Kettle"])
        }
        if Self.fish {
            #expect(!shells.fish("dashpilot place show -").contains("--Odd Kettle"))
            #expect(shells.fish("dashpilot place show -- --O") == ["--Odd Kettle"])
        }
    }
}
