import Foundation
import Testing

@Suite("The command line's contract: help, usage, store path and unusable stores")
struct CommandLineContractTests {
    static let commands: [[String]] = [
        ["shift", "start"], ["shift", "end"], ["shift", "list"], ["shift", "show"], ["shift", "delete"], ["shift", "earnings"],
        ["delivery", "accept"], ["delivery", "arrive"], ["delivery", "pickup"], ["delivery", "deliver"], ["delivery", "cancel"],
        ["delivery", "delete"], ["pickup", "set"], ["pickup", "clear"], ["pickup", "recent"], ["place", "list"], ["place", "show"],
        ["place", "rename"], ["place", "merge"], ["route", "add"], ["route", "import"], ["doctor"], ["period", "week"],
        ["period", "month"], ["period", "list"], ["completions"], ["delivery", "pay"], ["delivery", "tip"], ["shift", "pause"],
        ["shift", "resume"], ["expense", "add"], ["expense", "list"], ["expense", "edit"], ["expense", "remove"], ["backup"],
        ["backup", "list"], ["restore"], ["currency"], ["route", "follow"],
    ]

    @Test("Every command has help", arguments: commands)
    func everyCommandHasHelp(words: [String]) {
        let dash = Binary()
        defer { dash.remove() }
        for arguments in [words + ["--help"], ["help"] + words, words + ["-h"]] {
            let result = dash.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("OVERVIEW:") && result.stdout.contains("USAGE: dashpilot \(words.joined(separator: " "))"))
            // Help fits 80 columns and names no file a user does not have.
            for line in result.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
            #expect(!result.stdout.contains(".md"))
            // A command that is also a group names what is under it (cli.md: `backup [PATH]` ·
            // `backup list`): `help backup` never said `backup list` was there.
            for under in Self.commands where under.count > words.count && under.starts(with: words) {
                let name = under.dropFirst(words.count).joined(separator: " ")
                #expect(result.stdout.contains("SUBCOMMANDS:\n  \(name) "), "\(result.stdout)")
            }
        }
        // A flag given a value is told so, by its name, global ones too.
        let valued = dash.run(words + ["--json=1"])
        #expect(valued.status == 64 && valued.stderr.hasPrefix("Error: --json takes no value."), "\(valued.stderr)")
        // cli.md: a usage error's "Standard error shows the usage of that command", a global
        // option's too (it showed the program's own).
        let line = "Usage: dashpilot \(words.joined(separator: " "))"
        #expect(valued.stderr.contains(line), "\(valued.stderr)")
        let emptyStore = dash.run(words + ["--store="])
        #expect(emptyStore.status == 64 && emptyStore.stderr.contains(line), "\(emptyStore.stderr)")
        // The usage an error shows fits 80 columns too, each alternative whole, as help lays it out.
        let usage = dash.run(words + ["--no-such-option"])
        #expect(usage.status == 64 && usage.stderr.contains("Usage: dashpilot \(words.joined(separator: " "))"), "\(usage.stderr)")
        for line in usage.stderr.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        if words.count > 1 && !Self.commands.contains([words[0]]) {
            let group = dash.run([words[0]])
            #expect(group.status == 64 && group.stderr.contains("dashpilot \(words.joined(separator: " "))"))
            for line in group.stderr.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        }
        #expect(!FileManager.default.fileExists(atPath: dash.storePath))
    }

    @Test func helpAndVersion() {
        let dash = Binary()
        defer { dash.remove() }
        let help = dash.run(["help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("place merge"))
        for line in help.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(!help.stdout.contains(".md"))
        #expect(dash.run(["--help"]).stdout == help.stdout)
        // help's own --help is help (it said "No command is called --help.", 64).
        #expect(dash.run(["help", "--help"]).stdout == help.stdout)
        #expect(dash.run(["help", "shift", "-h"]).stdout == dash.run(["help", "shift"]).stdout)
        // `help help` said "No command is called help." (64), though the overview names it.
        let helpHelp = dash.run(["help", "help"])
        #expect(helpHelp.status == 0 && helpHelp.stdout.contains("USAGE: dashpilot help [COMMAND]"), "\(helpHelp.stderr)")
        // With no command and no terminal, dashpilot prints help.
        #expect(dash.run([]).stdout == help.stdout)
        let version = dash.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("dashpilot "))
    }

    /// cli.md lists the steps as "`delivery arrive N` · `pickup N` · `deliver N` · `cancel N`": the
    /// short forms work as the long ones do, and help says so. Without N, `arrive` said "Unknown
    /// command arrive.", and help named only `delivery arrive N`.
    @Test func theLifecycleStepsStandAloneAsTheContractListsThemAndHelpSaysSo() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        #expect(dash.run(["arrive", "1"], at: "2026-11-29 17:02:00").stdout == "Delivery 1 · At pickup\n")
        #expect(dash.run(["pickup", "1"], at: "2026-11-29 17:03:00").stdout == "Delivery 1 · Picked up\n")
        #expect(dash.run(["deliver", "1", "--at", "17:04"], at: "2026-11-29 17:05:00").stdout == "Delivery 1 · Delivered\n")
        for step in ["arrive", "deliver", "cancel"] {
            let missing = dash.run([step])
            #expect(missing.status == 64 && missing.stderr.contains("Usage: dashpilot delivery \(step) N"), "\(missing.stderr)")
            let help = dash.run(["help", "delivery", step]).stdout
            #expect(help.contains("dashpilot \(step) N"), "\(help)")
        }
        #expect(dash.run(["help", "delivery", "pickup"]).stdout.contains("dashpilot pickup N"))
        #expect(dash.run(["pickup"]).stderr.contains("pickup needs a subcommand"))
    }

    @Test(
        "Usage errors exit 64 with the command's usage on standard error",
        arguments: [
            ["frobnicate"], ["shift"], ["shift", "start", "--verbose"], ["shift", "show", "three"], ["delivery", "arrive"],
            ["delivery", "arrive", "0"], ["pickup", "set", "1"], ["place", "rename", "A"], ["shift", "list", "--limit"],
            ["route", "add", "40"], ["--store"],
        ])
    func usageErrors(arguments: [String]) {
        let dash = Binary()
        defer { dash.remove() }
        let result = dash.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("Usage: dashpilot"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dash.storePath))
    }

    @Test func anUnknownOptionBeforeAnyCommandIsCalledAnOption() {
        // "--bogus shift list" said "Unknown command --bogus.": it is an option no command knows.
        let dash = Binary()
        defer { dash.remove() }
        let result = dash.run(["--bogus", "shift", "list"])
        #expect(result.status == 64 && result.stderr.hasPrefix("Error: Unknown option --bogus."), "\(result.stderr)")
        #expect(dash.run(["frobnicate"]).stderr.hasPrefix("Error: Unknown command frobnicate."))
        // cli.md: "An argument that reads as a number (`-75.0`) is a value, never an option".
        let number = dash.run(["-5"])
        #expect(number.status == 64 && number.stderr.hasPrefix("Error: Unknown command -5."), "\(number.stderr)")
    }

    /// cli.md: errors are "a sentence a driver can act on". A new driver typing `dashpilot
    /// accept` (as `pickup N`, `deliver N` stand alone) was told "Unknown command accept." and
    /// nothing more (new-driver audit): a subcommand's word names its commands.
    @Test func anUnknownCommandThatIsASubcommandsWordNamesTheCommandsItMayMean() {
        let dash = Binary()
        defer { dash.remove() }
        let accept = dash.run(["accept"])
        #expect(
            accept.status == 64 && accept.stderr.hasPrefix("Error: Unknown command accept. Did you mean dashpilot delivery accept?\n"),
            "\(accept.stderr)")
        let rename = dash.run(["rename", "a", "b"]).stderr
        #expect(rename.hasPrefix("Error: Unknown command rename. Did you mean dashpilot place rename?"), "\(rename)")
        let list = dash.run(["list"]).stderr
        #expect(list.hasPrefix("Error: Unknown command list. Did you mean dashpilot shift list, "), "\(list)")
        #expect(list.contains(" or dashpilot "), "\(list)")
        #expect(dash.run(["frobnicate"]).stderr.hasPrefix("Error: Unknown command frobnicate.\n"))
        #expect(!FileManager.default.fileExists(atPath: dash.storePath))
    }

    /// cli.md: 64 for "an extra argument", and a sentence a driver can act on (CLI audit):
    /// `--version extra` printed the version and exited 0; an amount beside `--clear` was
    /// "Unexpected argument 5." where `delivery tip` and `expense edit` name the pair.
    @Test func anExtraWordAfterTheVersionAndAnAmountBesideClearAreRefusedByName() {
        let dash = Binary()
        defer { dash.remove() }
        let version = dash.run(["--version", "extra"])
        #expect(version.status == 64 && version.stdout.isEmpty && version.stderr.hasPrefix("Error: Unexpected argument extra."))
        #expect(dash.run(["--version"]).status == 0)
        // cli.md: "`--` also ends the options": a trailing one is no word; after one, --version is
        // a word; a malformed global option is refused beside it too (CLI recheck).
        #expect(dash.run(["--version", "--"]).stdout.hasPrefix("dashpilot "))
        #expect(dash.run(["--", "--version"]).stderr.hasPrefix("Error: Unknown command --version."))
        let malformed = dash.run(["--json=x", "--version"])
        #expect(malformed.status == 64 && malformed.stderr.hasPrefix("Error: --json takes no value."), "\(malformed.stderr)")
        #expect(
            dash.run(["help", "accept"]).stderr.hasPrefix("Error: No command is called accept. Did you mean dashpilot delivery accept?"))
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        for arguments in [["shift", "earnings", "1", "5", "--clear"], ["delivery", "pay", "1", "5", "--clear", "--shift", "1"]] {
            let result = dash.run(arguments, at: "2026-11-29 18:05:00")
            #expect(
                result.status == 64 && result.stderr.hasPrefix("Error: Give AMOUNT or --clear, not both."), "\(arguments): \(result.stderr)"
            )
        }
        let tip = dash.run(["delivery", "tip", "1", "5", "--remove", "1", "--shift", "1"], at: "2026-11-29 18:05:00")
        #expect(tip.status == 64 && tip.stderr.hasPrefix("Error: Give AMOUNT or --remove K, not both."), "\(tip.stderr)")
        // A byte that is not UTF-8 after an amount is no currency's code (CLI recheck).
        let byte = dash.run(bytes: [Array("shift".utf8), Array("earnings".utf8), Array("1".utf8), [0x35, 0xFF]])
        #expect(byte.stderr.hasPrefix("Error: An amount is a decimal number such as 84.50; got 5\\xFF."), "\(byte.stderr)")
    }

    /// cli.md: `expense add` "prints its id", so that scripts can capture it. A note that read as
    /// help (`--note -h`) printed the help, exited 0 and recorded nothing, where `--note -V`
    /// was recorded as the note (from audit).
    @Test func helpAsAnOptionsValueIsTheValue() throws {
        let dash = Binary()
        defer { dash.remove() }
        for (note, id) in [("-h", "1"), ("--help", "2")] {
            let added = dash.run(["expense", "add", "5", "fuel", "--note", note])
            #expect(added.status == 0 && added.stdout == "\(id)\n", "\(added.stdout)")
        }
        let edited = dash.run(["expense", "edit", "1", "--note", "--help"])
        #expect(edited.status == 0 && !edited.stdout.contains("OVERVIEW"), "\(edited.stdout)")
        let listed = try #require(json(dash.run(["expense", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(listed.compactMap { $0["note"] as? String }.sorted() == ["--help", "--help"], "\(listed)")
        // Asked for where an option could stand, it is help still.
        #expect(dash.run(["expense", "add", "5", "fuel", "-h"]).stdout.hasPrefix("OVERVIEW: Records an expense"))
        #expect(dash.run(["shift", "--help", "list"]).stdout.hasPrefix("OVERVIEW: Lists shifts"))
    }

    /// cli.md: "`--` also ends the options". Before the command it was called an unknown option.
    @Test func doubleDashBeforeTheCommandEndsTheProgramsOptions() {
        let dash = Binary()
        defer { dash.remove() }
        let started = dash.run(["--store", dash.storePath, "--", "shift", "start"])
        #expect(started.status == 0 && started.stdout == "1\n", "\(started.stderr)")
        #expect(dash.run(["--", "shift", "list"]).stdout.hasPrefix("Shift 1 · "))
        // After it, an option is a word like any other, before the command or after it.
        let after = dash.run(["--", "--json", "shift", "list"])
        #expect(after.status == 64 && after.stderr.hasPrefix("Error: Unknown command --json."), "\(after.stderr)")
        let twice = dash.run(["--", "--", "shift", "list"])
        #expect(twice.status == 64 && twice.stderr.hasPrefix("Error: Unknown command --."), "\(twice.stderr)")
        let trailing = dash.run(["--", "shift", "list", "--json"])
        #expect(trailing.status == 64 && trailing.stderr.hasPrefix("Error: Unexpected argument --json."), "\(trailing.stderr)")
    }

    /// platform.md: "The store file is created with mode 0600 and its folder 0700": the folders
    /// it makes. A path through `new/..` made `new` and then set the folder that was there
    /// already, shared (1777), to 0700, even for a command refused.
    @Test func aFolderThatWasThereKeepsItsModeWhateverThePathToTheStore() throws {
        let dash = Binary()
        defer { dash.remove() }
        let shared = dash.folder + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        let refused = dash.run(["--store", shared + "/new/../s.sqlite", "delivery", "accept"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(dash.run(["--store", shared + "/new/../s.sqlite", "shift", "start"]).stdout == "1\n")
        let mode = try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int
        #expect(mode == 0o1777)
        // The folder it made on the way is its own.
        let made = try FileManager.default.attributesOfItem(atPath: shared + "/new")[.posixPermissions] as? Int
        #expect(made == 0o700)
    }

    @Test func theStoreIsTheOptionThenTheEnvironmentThenTheDefault() {
        let dash = Binary()
        defer { dash.remove() }
        dash.environment["DASHPILOT_STORE"] = nil
        dash.run(["shift", "start"])
        #expect(FileManager.default.fileExists(atPath: dash.folder + "/home/.local/share/dashpilot/dashpilot.sqlite"))
        dash.environment["XDG_DATA_HOME"] = dash.folder + "/xdg"
        dash.run(["shift", "start"])
        #expect(FileManager.default.fileExists(atPath: dash.folder + "/xdg/dashpilot/dashpilot.sqlite"))
        dash.environment["DASHPILOT_STORE"] = dash.folder + "/env.sqlite"
        dash.run(["shift", "start"])
        #expect(FileManager.default.fileExists(atPath: dash.folder + "/env.sqlite"))
        #expect(dash.run(["--store", dash.folder + "/option.sqlite", "shift", "start"]).stdout == "1\n")
        #expect(dash.run(["shift", "list", "--store=" + dash.folder + "/option.sqlite", "--json"]).stdout.contains("\"id\": 1"))
        let attributes = try? FileManager.default.attributesOfItem(atPath: dash.folder + "/xdg/dashpilot")
        #expect((attributes?[.posixPermissions] as? Int) == 0o700)
    }

    /// cli.md: a read of a store that does not exist answers as an empty store would. A store
    /// path that is a link to a file since gone was taken for a store that "can't be opened (No
    /// such file or directory)", though `ls` lists it. A read answers as for no store; a write
    /// names the link and makes nothing.
    @Test func aStorePathLinkedToNoFileReadsAsNoStoreAndAWriteNamesTheLink() throws {
        let dash = Binary()
        defer { dash.remove() }
        try FileManager.default.createDirectory(atPath: dash.folder + "/real", withIntermediateDirectories: true)
        let link = dash.folder + "/linked.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/new.sqlite")
        let read = dash.run(["--store", link, "shift", "list"])
        #expect(read.status == 0 && read.stdout == "No shifts recorded yet.\n", "\(read.stderr)")
        let write = dash.run(["--store", link, "shift", "start"])
        #expect(write.status == 74)
        #expect(write.stderr == "Error: The store at \(link) can't be opened (it is a link to real/new.sqlite, where there is no file).\n")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dash.folder + "/real")) == [])
        // doctor says what a write will do, and a restore is refused before it asks anything.
        let doctor = dash.run(["--store", link, "doctor"])
        #expect(
            doctor.stdout.hasPrefix(
                "note The store at \(link) is a link to real/new.sqlite, where there is no file: a command that writes is refused until it points at a store.\n"
            ), "\(doctor.stdout)")
        dash.run(["shift", "start"])
        dash.run(["backup", dash.folder + "/kept.sqlite"])
        let restore = dash.onTerminal(["--store", link, "restore", dash.folder + "/kept.sqlite"], input: "y\n")
        #expect(
            restore.stdout.contains("can't be opened (it is a link to real/new.sqlite") && !restore.stdout.contains("Make it"),
            "\(restore.stdout)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dash.folder + "/real")) == [])
    }

    @Test("A store that cannot be used exits 74 and is left byte for byte", arguments: ["text", "empty", "newer", "damaged"])
    func unusableStores(kind: String) throws {
        let dash = Binary()
        defer { dash.remove() }
        switch kind {
        case "text": try "not a store\n".write(toFile: dash.storePath, atomically: false, encoding: .utf8)
        case "empty": #expect((try? Data().write(to: URL(fileURLWithPath: dash.storePath))) != nil)
        default:
            dash.run(["shift", "start"])
            for _ in 0..<30 { dash.run(["delivery", "accept"]) }
            if kind == "newer" {
                let handle = try FileHandle(forUpdating: URL(fileURLWithPath: dash.storePath))
                try handle.seek(toOffset: 60)
                handle.write(Data([0, 0, 0, 9]))
                try handle.close()
            } else {
                let whole = try #require(FileManager.default.contents(atPath: dash.storePath))
                try whole.prefix(whole.count - 1000).write(to: URL(fileURLWithPath: dash.storePath))
            }
        }
        let before = FileManager.default.contents(atPath: dash.storePath)
        for arguments in [["shift", "list"], ["shift", "start"], ["doctor"]] {
            let result = dash.run(arguments)
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: "))
        }
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
        #expect(!FileManager.default.fileExists(atPath: dash.storePath + "-journal"))
    }

    @Test func doctorReportsAHealthyStoreAndChangesNothing() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        let before = FileManager.default.contents(atPath: dash.storePath)
        let result = dash.run(["doctor"])
        #expect(result.status == 0 && result.stdout.contains("The store is healthy."))
        let report = try #require(json(dash.run(["doctor", "--json"]).stdout) as? [String: Any])
        #expect(report["healthy"] as? Bool == true)
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }

    @Test func anEmptyStorePathIsAUsageErrorNeverTheDefaultStore() {
        let dash = Binary()
        defer { dash.remove() }
        let option = dash.run(["--store", "", "shift", "start"])
        #expect(option.status == 64 && option.stderr.hasPrefix("Error: --store needs a path"))
        // With no command (help, off a terminal) and beside --version too: they exited 0 (from audit).
        for words in [["--store", ""], ["--version", "--store", ""], ["--store=", "--version"]] {
            let result = dash.run(words)
            #expect(result.status == 64 && result.stderr.hasPrefix("Error: --store needs a path"), "\(words): \(result.stderr)")
        }
        dash.environment["DASHPILOT_STORE"] = ""
        let variable = dash.run(["shift", "start"])
        #expect(variable.status == 64 && variable.stderr.hasPrefix("Error: DASHPILOT_STORE is set but empty"))
        for words in [[], ["help"], ["--help"], ["completions", "bash"]] {
            let result = dash.run(words)
            #expect(result.status == 64 && result.stderr.hasPrefix("Error: DASHPILOT_STORE is set but empty"), "\(words): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/home/.local/share/dashpilot"))
    }

    @Test func anOptionAfterStoreIsNeverTakenForItsPath() {
        let dash = Binary()
        defer { dash.remove() }
        // `--store $S --json shift start` with S empty: never a store named "--json".
        for arguments in [
            ["--store", "--json", "shift", "start"], ["--store", "-h", "shift", "list"], ["--store", "--", "shift", "list"],
        ] {
            let result = dash.run(arguments)
            #expect(result.status == 64 && result.stderr.hasPrefix("Error: --store needs a value."), "\(arguments)")
            #expect(result.stdout.isEmpty)
            // Before, a store by that name was made in the working folder.
            let stray = FileManager.default.currentDirectoryPath + "/" + arguments[1]
            #expect(!FileManager.default.fileExists(atPath: stray))
            try? FileManager.default.removeItem(atPath: stray)
        }
        // A path that begins with a dash is given with `=` or `./`.
        #expect(dash.run(["--store=" + dash.storePath, "shift", "list"]).status == 0)
    }

    /// platform.md: bytes that are not UTF-8 are "refused, never repaired into U+FFFD". A usage
    /// error named `1\xFF` as "1�" (a character the driver never typed), where a path shows the
    /// byte as `\xFF` (CLI audit); a note given inline (`--note=…`) kept its bytes as given.
    @Test func anArgumentsBytesThatAreNotUTF8AreNamedAsBytesNeverAsAReplacementCharacter() {
        let dash = Binary()
        defer { dash.remove() }
        let show = dash.run(bytes: [Array("shift".utf8), Array("show".utf8), [0x31, 0xFF]])
        #expect(show.status == 64 && show.stderr.hasPrefix("Error: ID must be a whole number from 1; got 1\\xFF."), "\(show.stderr)")
        let word = dash.run(bytes: [[0x66, 0xFF]])
        #expect(word.status == 64 && word.stderr.hasPrefix("Error: Unknown command f\\xFF."), "\(word.stderr)")
        let note = dash.run(bytes: [
            Array("expense".utf8), Array("add".utf8), Array("5".utf8), Array("fuel".utf8), Array("--note=a".utf8) + [0xFF],
        ])
        #expect(note.status == 1 && note.stderr == "Error: That note is not valid UTF-8 text.\n", "\(note.stderr)")
        #expect(dash.run(["expense", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        // Nor does a completion read such bytes as text: no place begins with them.
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:00:00")
        #expect(dash.run(["pickup", "set", "1", "f\\xFF"], at: "2026-11-29 17:00:00").status == 0)
        let completed = dash.run(bytes: [Array("__complete-places".utf8), [0x66, 0xFF]])
        #expect(completed.status == 0 && completed.stdout.isEmpty, "\(completed.stdout)")
    }

    @Test func aStorePathThatIsNotUTF8IsNeverRepairedIntoAnotherFilesName() {
        let dash = Binary()
        defer { dash.remove() }
        let invalid = Array((dash.folder + "/store-").utf8) + [0xFF] + Array(".sqlite".utf8)
        let result = dash.run(bytes: [Array("--store".utf8), invalid, Array("shift".utf8), Array("start".utf8)])
        #expect(result.status == 0)
        // The file has the very bytes given; the repaired name is another file, and stays absent.
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/store-\u{FFFD}.sqlite"))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dash.folder)) ?? []
        #expect(names.count(where: { $0.hasPrefix("store-") }) == 1)
        var info = stat()
        let found = (invalid + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        #expect(found)
        let again = dash.run(bytes: [Array("--store".utf8), invalid, Array("shift".utf8), Array("list".utf8), Array("--json".utf8)])
        #expect(again.stdout.hasPrefix("[{\"id\": 1"))
    }

    @Test func aPathFromTheEnvironmentOrAFileArgumentIsUsedAsTheBytesItWasGiven() throws {
        let dash = Binary()
        defer { dash.remove() }
        // Two names that are not UTF-8, which a repair would make one and the same (U+FFFD).
        let first = Array((dash.folder + "/s").utf8) + [0xFE] + Array(".sqlite".utf8)
        let second = Array((dash.folder + "/s").utf8) + [0xFF] + Array(".sqlite".utf8)
        func run(_ variable: String, _ value: [UInt8], _ arguments: [String]) -> RunResult {
            dash.spawn(
                ["/usr/bin/env", "-u", "DASHPILOT_STORE"].map { Array($0.utf8) } + [
                    Array("\(variable)=".utf8) + value, Array(Binary.path.utf8),
                ]
                    + arguments.map { Array($0.utf8) },
                environment: dash.environment, stdin: nil)
        }
        #expect(run("DASHPILOT_STORE", first, ["expense", "add", "1.00", "fuel"]).status == 0)
        #expect(run("DASHPILOT_STORE", second, ["expense", "list", "--json"]).stdout == "[]\n")
        #expect(run("DASHPILOT_STORE", first, ["expense", "list", "--json"]).stdout.hasPrefix("[{\"id\": 1"))
        let home = Array((dash.folder + "/d").utf8) + [0xFE]
        #expect(run("XDG_DATA_HOME", home, ["expense", "add", "1.00", "fuel"]).status == 0)
        #expect(Self.names(in: dash.folder).contains(Array("d".utf8) + [0xFE]))
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/d\u{FFFD}"))
        // A GPX file's name: the file named, not the one its repair would name.
        let gpx = Array((dash.folder + "/g").utf8) + [0xFA] + Array(".gpx".utf8)
        try Data("not a GPX file\n".utf8).write(to: URL(fileURLWithPath: dash.folder + "/g\u{FFFD}.gpx"))
        let written = (gpx + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { path in
                let descriptor = creat(path.baseAddress!, 0o600)
                defer { close(descriptor) }
                let text = Array("<gpx version=\"1.1\"></gpx>\n".utf8)
                return write(descriptor, text, text.count) == text.count
            }
        }
        #expect(written)
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let imported = dash.run(bytes: [Array("route".utf8), Array("import".utf8), gpx])
        #expect(imported.status == 0 && imported.stdout.contains("The file holds no track"), "\(imported.stderr)")
    }

    /// The names in `folder`, as their bytes.
    static func names(in folder: String) -> [[UInt8]] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        return names
    }

    @Test func aReadOfAStoreThatDoesNotExistAnswersEmptyAndCreatesNothing() {
        let dash = Binary()
        defer { dash.remove() }
        let path = dash.folder + "/nonexistent/deep/x.sqlite"
        let list = dash.run(["--store", path, "shift", "list"])
        #expect(list.status == 0 && list.stdout == "No shifts recorded yet.\n")
        #expect(dash.run(["--store", path, "place", "list", "--json"]).stdout == "[]\n")
        #expect(dash.run(["--store", path, "period", "list", "week", "--limit", "1", "--json"]).status == 0)
        #expect(dash.run(["--store", path, "doctor"]).status == 0)
        #expect(dash.run(["--store", path, "__complete-places"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/nonexistent"))
    }

    @Test func aRefusedCommandOnAStoreThatDoesNotExistCreatesNothing() {
        let dash = Binary()
        defer { dash.remove() }
        let path = dash.folder + "/nonexistent/deep/x.sqlite"
        // Refused by a rule (1), malformed (64), declined without a terminal (1): nothing written.
        for (arguments, status) in [
            (["shift", "end"], 1), (["delivery", "accept"], 1), (["place", "rename", "Nowhere Noodles", "Example Diner"], 1),
            (["expense", "add", "abc", "fuel"], 64), (["expense", "add", "-5", "fuel"], 1), (["shift", "delete", "1"], 1),
        ] as [([String], Int32)] {
            #expect(dash.run(["--store", path] + arguments).status == status, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: dash.folder + "/nonexistent"), "\(arguments)")
        }
        // The first command that writes creates it, and a refusal after that leaves it as it is.
        #expect(dash.run(["--store", path, "shift", "start"]).status == 0)
        #expect(dash.run(["--store", path, "shift", "start"]).status == 1)
        #expect(dash.run(["--store", path, "shift", "list", "--json"]).stdout.hasPrefix("[{\"id\": 1"))
        // A folder that stood before stays, and so does a store another command made.
        let beside = dash.folder + "/beside.sqlite"
        #expect(dash.run(["--store", beside, "shift", "end"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: beside) && FileManager.default.fileExists(atPath: dash.folder))
        // A folder reached through one that was missing ("x/../y") was not made by the command.
        try? FileManager.default.createDirectory(atPath: dash.folder + "/y", withIntermediateDirectories: false)
        #expect(dash.run(["--store", dash.folder + "/x/../y/s.sqlite", "shift", "end"]).status == 1)
        #expect(
            FileManager.default.fileExists(atPath: dash.folder + "/y")
                && !FileManager.default.fileExists(atPath: dash.folder + "/y/s.sqlite"))
        // A path ending in "/" names a folder: refused (74) with nothing made for it, and said
        // so; where nothing stands, not "it is a folder … left as it is".
        let slashed = dash.run(["--store", dash.folder + "/trail/", "shift", "start"])
        #expect(slashed.status == 74 && slashed.stderr.contains("a path ending in / names a folder"), "\(slashed.stderr)")
        #expect(!slashed.stderr.contains("left as it is"), "\(slashed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/trail"))
        // A restore declined is asked before anything is made.
        #expect(dash.run(["--store", path, "backup", dash.folder + "/kept.sqlite"]).status == 0)
        let declined = dash.run(["--store", dash.folder + "/new/s.sqlite", "restore", dash.folder + "/kept.sqlite"])
        #expect(declined.status == 1 && declined.stderr.contains("add --yes"), "\(declined.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/new"))
    }

    @Test func globalOptionsStandAnywhereOnTheLine() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        let before = dash.run(["--json", "shift", "list"])
        #expect(before.status == 0 && before.stdout.hasPrefix("[{\"id\": 1"))
        #expect(dash.run(["shift", "--json", "list"]).stdout == before.stdout)
        #expect(dash.run(["shift", "list", "--json"]).stdout == before.stdout)
        #expect(dash.run(["shift", "start", "--json"]).status == 64)
    }

    @Test(
        "Each refused amount says why",
        arguments: [
            // Not well formed: a usage error (64).
            // One sentence that quotes what was given.
            ("84.555", "Use at most two decimal places; got 84.555.", 64),
            ("abc", "An amount is a decimal number such as 84.50; got abc.", 64),
            ("84,50", "Write 84.50: amounts here use a point for decimals; got 84,50.", 64),
            // Well formed, and refused by a rule (1).
            ("9999999999999999", "That amount is too large: at most 9,999,999.99.", 1), ("-5", "Earnings can't be negative.", 1),
        ] as [(String, String, Int32)])
    func amounts(amount: String, reason: String, status: Int32) {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["shift", "end"])
        let result = dash.run(["shift", "earnings", "1", amount])
        #expect(result.status == status && result.stderr.hasPrefix("Error: " + reason), "\(result.stderr)")
    }

    @Test func amountsWithoutAWholePartOrAFractionAreAmounts() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["shift", "end"])
        for (amount, shown) in [(".5", "0.50"), ("5.", "5.00"), ("5", "5.00")] {
            #expect(dash.run(["shift", "earnings", "1", amount]).status == 0)
            #expect((json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["earnings"] as? String == shown)
        }
        let negative = dash.run(["shift", "earnings", "1", "-5"])
        #expect(negative.status == 1 && negative.stderr == "Error: Earnings can't be negative.\n")
    }
}

extension CommandLineContractTests {
    /// The binary at the harness's time with a standard descriptor redirected: standard error
    /// closed (`2>&-`) or full (`2>/dev/full`), standard input closed (`<&-`).
    private func redirected(_ dash: Binary, _ arguments: [String], redirect: String) -> RunResult {
        let command = ["/bin/sh", "-c", "exec \"$@\" " + redirect, "sh"] + Binary.command(at: dash.time()) + arguments
        return dash.spawn(command.map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
    }

    @Test(
        "A standard error that is closed or full loses the message, never the exit status",
        arguments: ["2>&-", "2>/dev/full"])
    func aStandardErrorThatCannotBeWrittenKeepsTheExitStatus(redirect: String) throws {
        // cli.md's exit statuses: a usage error is 64, a refusal 1, done 0. With standard error
        // closed or full, every message to it crashed the program (132), even after its work.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run(["delivery", step, "1"], at: "2026-11-29 17:20:00") }
        #expect(redirected(dash, ["shift", "list", "--bogus"], redirect: redirect).status == 64)
        #expect(redirected(dash, ["shift", "show", "999"], redirect: redirect).status == 1)
        let tip = redirected(dash, ["delivery", "tip", "1", "1.00", "--cash"], redirect: redirect)
        #expect(tip.status == 0 && tip.stdout == "1\n", "\(tip)")
    }

    @Test func aClosedStandardInputIsSaidAsOneNotReadAsAnEmptyOne() throws {
        // `route follow <&-` kept nothing and exited 0, and `route import - <&-` called standard
        // input a GPX file with no <gpx> element: a file the program opened took its number.
        // Without faketime, whose library takes a closed descriptor 0 for its own file before
        // the program starts; the clock's day does not matter here.
        let dash = Binary()
        func redirected(_ dash: Binary, _ arguments: [String], redirect: String) -> RunResult {
            let command = ["/bin/sh", "-c", "exec \"$@\" " + redirect, "sh", Binary.path] + arguments
            return dash.spawn(command.map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        }
        #expect(redirected(dash, ["shift", "start"], redirect: "").status == 0)
        let follow = redirected(dash, ["route", "follow"], redirect: "<&-")
        #expect(follow.status == 1 && follow.stderr.contains("Can't read standard input: Bad file descriptor"), "\(follow)")
        let imported = redirected(dash, ["route", "import", "-"], redirect: "<&-")
        #expect(imported.status == 1 && imported.stderr.contains("Can't read standard input: Bad file descriptor"), "\(imported)")
        #expect(redirected(dash, ["shift", "list"], redirect: "<&-").status == 0)
    }
}

extension CommandLineContractTests {
    /// Output that cannot be written is a failure with a sentence, as for every shell program
    /// (`ls > /dev/full` fails): `shift list > /dev/full` exited 0, and a script saw nothing wrong.
    @Test(arguments: [["shift", "list"], ["shift", "list", "--json"], ["help"], ["shift", "start"]])
    func outputThatCannotBeWrittenFailsWithASentence(arguments: [String]) {
        let dash = Binary()
        defer { dash.remove() }
        let line = dash.program() + " --store '\(dash.storePath)' " + arguments.joined(separator: " ") + " > /dev/full"
        let result = dash.spawn(["/bin/sh", "-c", line].map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(result.status == 74, "\(arguments): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "Error: The output could not be written (No space left on device); the command itself was carried out."),
            "\(result.stderr)")
        // What the command records is recorded all the same, and the sentence said so.
        if arguments == ["shift", "start"] { #expect(dash.run(["shift", "list", "--json"]).stdout.contains("\"endedAt\": null")) }
    }
}
