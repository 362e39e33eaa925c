import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The command line: GPX from real devices")
struct RouteImportTests {
    /// A GPX file of `segments`, each a list of (seconds after 17:00, metres north) points, in the
    /// order given. Written as producers write them: a Garmin-like header, elevation, extensions.
    static func gpx(_ segments: [[(Int, Double)]], zone: String = "Z") -> String {
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Invented Device 1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Invented</name>\n"
        for segment in segments {
            text += "<trkseg>\n"
            for (seconds, north) in segment {
                let time = String(format: "2026-11-29T17:%02d:%02d", seconds / 60, seconds % 60) + zone
                text += "<trkpt lat=\"\(40 + north / 111_195)\" lon=\"-75\"><ele>12.0</ele><time>\(time)</time></trkpt>\n"
            }
            text += "</trkseg>\n"
        }
        return text + "</trk></gpx>\n"
    }

    static func shift() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        return dash
    }

    static func miles(_ dash: Binary) -> Double? {
        (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["miles"] as? Double
    }

    static func points(from start: Int, north: Double) -> [(Int, Double)] {
        var points: [(Int, Double)] = []
        for index in 0..<20 { points.append((start + index * 10, north + Double(index) * 50)) }
        return points
    }

    static let morning = points(from: 60, north: 0)
    static let later = points(from: 1200, north: 2000)

    /// cli.md: "Each file is its own transaction: the others still import"; 74: "Standard error says
    /// which". A full disk on the second of two files said "The disk is full; nothing was changed."
    /// after the first had imported, and named no file. Every write of the two, failed in turn.
    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func aFullDiskOnOneOfSeveralFilesNamesItAndKeepsTheOthers() throws {
        let dash = Self.shift()
        let first = dash.folder + "/first.gpx"
        let second = dash.folder + "/second.gpx"
        try Self.gpx([Self.morning]).write(toFile: first, atomically: false, encoding: .utf8)
        try Self.gpx([Self.later]).write(toFile: second, atomically: false, encoding: .utf8)
        let original = try #require(FileManager.default.contents(atPath: dash.storePath))
        try KeepingCommandTests.sweep(
            dash, ["route", "import", first, second],
            prepare: {
                try original.write(to: URL(fileURLWithPath: dash.storePath))
                try? FileManager.default.removeItem(atPath: dash.storePath + "-journal")
            },
            check: { call, kind, result in
                #expect(result.status == 0 || result.status == 74, "call \(call) \(kind): \(result.stderr)")
                let kept = (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["miles"] as? Double
                if result.status == 74 && kept != nil {
                    #expect(!result.stderr.contains("nothing was changed"), "call \(call) \(kind): \(result.stderr)")
                    #expect(result.stderr.contains("; nothing from it was imported."), "call \(call) \(kind): \(result.stderr)")
                    #expect(result.stdout.contains("Kept 20 points"), "call \(call) \(kind): \(result.stdout)")
                }
                #expect(dash.run(["doctor"]).status == 0, "call \(call) \(kind)")
            })
    }

    /// cli.md, 74: "The file is left as it was." A disk that fills up during an import larger than SQLite's page cache, so that
    /// pages are spilled to the file before the commit (a driver's week of points, on a small
    /// file system, as an audit found it): SQLite rolls such a transaction back only at the next
    /// read, which a command that ends never makes.
    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func aDiskThatFillsDuringALargeImportLeavesTheStoreFileAsItWas() throws {
        let (dash, file, original, library) = try Self.weekToImport()
        let result = dash.run(["route", "import", file], environment: ["LD_PRELOAD": library, "DASHPILOT_FULL_AT": "300"])
        #expect(result.status == 74 && result.stderr.contains("The disk is full"), "\(result.stdout)\(result.stderr)")
        Self.expectLeftAsItWas(dash, original)
    }

    /// cli.md, 130: "the operation under way either committed or left no trace". Ctrl-C during a
    /// large import from a file, once SQLite has begun writing pages that do not fit its cache to
    /// the store: the import stops at its next check, the transaction rolls back, and the store
    /// file is as it was, with no journal beside it.
    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func ctrlCDuringALargeImportFromAFileLeavesNoTrace() throws {
        let (dash, file, original, library) = try Self.weekToImport()
        let counted = dash.folder + "/count"
        let whole = dash.run(["route", "import", file], environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_COUNT": counted])
        #expect(whole.status == 0, "\(whole.stderr)")
        let writes = try #require(Int(String(contentsOfFile: counted, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        try original.write(to: URL(fileURLWithPath: dash.storePath))
        // The first write spills pages mid-import; the last ones are the commit's.
        #expect(writes > 10, "the import made \(writes) writes: it never spilled before its commit")
        let result = dash.run(["route", "import", file], environment: ["LD_PRELOAD": library, "DASHPILOT_SIGINT_AT": "1"])
        #expect(result.status == 130, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "Interrupted: nothing from \(file) was imported.\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        Self.expectLeftAsItWas(dash, original)
        #expect(dash.run(["doctor"]).status == 0)
    }

    /// A week's shift, ended, with a week of its points to import (`week(in:)`), the store as it
    /// is before the import, and the fault shim.
    static func weekToImport() throws -> (dash: Binary, file: String, original: Data, library: String) {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-12-06 17:00:00")
        let file = try week(in: dash)
        let original = try #require(FileManager.default.contents(atPath: dash.storePath))
        return (dash, file, original, try #require(WriteFaults.build(in: dash.folder)))
    }

    /// cli.md's "The file is left as it was": the store file as `original`, with no journal.
    static func expectLeftAsItWas(_ dash: Binary, _ original: Data) {
        #expect(FileManager.default.contents(atPath: dash.storePath) == original, "the store changed")
        #expect(!FileManager.default.fileExists(atPath: dash.storePath + "-journal"), "a journal was left")
    }

    /// A week of points in a GPX file in `dash`'s folder: 280,000, one every two seconds from
    /// 17:00 on Nov 29, 6 m apart (kept: more than 5 m). More than SQLite's page cache holds.
    static func week(in dash: Binary) throws -> String {
        let file = dash.folder + "/week.gpx"
        var text =
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Invented\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for index in 0..<280_000 {
            let seconds = 60 + index * 2
            let (day, hour) = (29 + (17 * 3600 + seconds) / 86_400, (17 * 3600 + seconds) % 86_400 / 3600)
            let time = String(
                format: "2026-%02d-%02dT%02d:%02d:%02dZ", day > 30 ? 12 : 11, day > 30 ? day - 30 : day, hour, seconds / 60 % 60,
                seconds % 60)
            text += "<trkpt lat=\"\(40 + Double(index) * 6 / 111_195)\" lon=\"-75\"><time>\(time)</time></trkpt>\n"
        }
        try (text + "</trkseg></trk></gpx>\n").write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    /// cli.md, 130: "Interrupted (Ctrl-C) … the operation under way either committed or left no
    /// trace." An import from standard input caught Ctrl-C and went on reading, for as long as
    /// the writer kept the pipe open. A Ctrl-C that came between two reads, while the copy was
    /// being written, found no read to cut short, and the next read waited on (CI saw it once).
    /// Sent as soon as the bytes are taken, it falls on either side of the next read: ten tries.
    @Test(.timeLimit(.minutes(1)))
    func ctrlCWhileReadingStandardInputEndsTheImportWith130() throws {
        let dash = Self.shift()
        for _ in 1...10 {
            let importing = FollowProcess(dash, at: "2026-11-29 19:00:00", words: ["route", "import"], arguments: ["-"])
            importing.send(String(Self.gpx([Self.morning]).prefix(600)))
            importing.waitUntilRead()
            let program = try #require(importing.program)
            kill(program, SIGINT)
            let result = importing.wait(seconds: 5)
            #expect(result.status == 130, "\(result.stderr)")
            #expect(result.stderr == "Interrupted: nothing from standard input was imported.\n", "\(result.stderr)")
        }
        #expect(Self.miles(dash) == nil)
    }

    /// cli.md: the store "is created with its folder by the first command that writes": with no
    /// store there is no shift for a point to join, so an import keeps nothing and makes nothing
    /// (it made an empty store and its folder).
    @Test func anImportWithNoStoreKeepsNothingAndMakesNoStore() throws {
        let dash = Binary()
        defer { dash.remove() }
        try Self.gpx([Self.morning]).write(toFile: dash.folder + "/a.gpx", atomically: false, encoding: .utf8)
        let result = dash.run(["route", "import", dash.folder + "/a.gpx"])
        #expect(
            result.status == 0 && result.stdout == "Kept 0 points; skipped 20.\n  20 skipped: outside every shift\n", "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dash.storePath))
    }

    @Test func segmentsListedNewestFirstGiveTheMileageOfTheOriginalOrder() throws {
        let inOrder = Self.shift()
        let reversed = Self.shift()
        defer {
            inOrder.remove()
            reversed.remove()
        }
        try Self.gpx([Self.morning, Self.later]).write(toFile: inOrder.folder + "/a.gpx", atomically: false, encoding: .utf8)
        try Self.gpx([Self.later, Self.morning]).write(toFile: reversed.folder + "/a.gpx", atomically: false, encoding: .utf8)
        #expect(inOrder.run(["route", "import", inOrder.folder + "/a.gpx"]).stdout.hasPrefix("Kept 40 points; skipped 0."))
        #expect(reversed.run(["route", "import", reversed.folder + "/a.gpx"]).stdout.hasPrefix("Kept 40 points; skipped 0."))
        let expected = try #require(Self.miles(inOrder))
        #expect(Self.miles(reversed) == expected)
        #expect(abs(expected - 1900 / 1609.344) < 0.01)
        #expect(reversed.run(["doctor"]).status == 0)
    }

    /// platform.md: "a store whose summaries were lost can always be rebuilt from its samples";
    /// no command did, and with a summary lost doctor failed and backup refused for good.
    @Test func routeRebuildMakesLostSummariesAgainAndDoctorNamesIt() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/ride.gpx"
        try Self.gpx([Self.morning]).write(toFile: file, atomically: false, encoding: .utf8)
        dash.run(["route", "import", file])
        let miles = Self.miles(dash)
        #expect(miles != nil)
        let lost = dash.spawn(
            ["/usr/bin/sqlite3", dash.storePath, "DELETE FROM route_summary"].map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(lost.status == 0)
        let doctor = dash.run(["doctor"])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains(
                "The route summary of shift 1 differs from its route samples; route rebuild on this store makes every summary again"),
            "\(doctor.stdout)")
        #expect(dash.run(["backup"]).status == 74)
        let rebuilt = dash.run(["route", "rebuild"])
        #expect(rebuilt.status == 0 && rebuilt.stdout == "Rebuilt the route summaries of 1 shift from their route samples.\n", "\(rebuilt)")
        #expect(dash.run(["doctor"]).status == 0)
        #expect(Self.miles(dash) == miles)
        #expect(dash.run(["backup"]).status == 0)
        // A sample of a shift that is gone (doctor names it) leaves the others' summaries to be
        // rebuilt: it stopped on SQLite's "FOREIGN KEY constraint failed" (74).
        let orphan = dash.spawn(
            [
                "/usr/bin/sqlite3", dash.storePath,
                "PRAGMA foreign_keys = OFF; INSERT INTO route_sample VALUES (77, 1772460000, 407000000, -740000000, 50, 1)",
            ]
            .map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(orphan.status == 0, "\(orphan.stderr)")
        let again = dash.run(["route", "rebuild"])
        #expect(again.status == 0 && again.stdout == "Rebuilt the route summaries of 1 shift from their route samples.\n", "\(again)")
        #expect(dash.run(["doctor"]).stdout.contains("FAIL 1 row points at a row that no longer exists."))
        // A repair makes no store where there is none.
        let none = dash.folder + "/none/store.sqlite"
        #expect(dash.run(["--store", none, "route", "rebuild"]).stdout.hasPrefix("No shifts recorded yet"))
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/none"))
    }

    /// platform.md refuses only a file that is not well-formed XML, not GPX, or holds a DOCTYPE:
    /// a GPX file saved as UTF-16 was refused. It imports as its UTF-8 twin does, through a
    /// private temporary file (memory does not grow with the file).
    @Test func aFileInUTF16ImportsAsItsUTF8TwinDoes() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let text = Self.gpx([Self.morning]).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let file = dash.folder + "/ride-utf16.gpx"
        try Data([0xFF, 0xFE] + Array(try #require(text.data(using: .utf16LittleEndian)))).write(to: URL(fileURLWithPath: file))
        let imported = dash.run(["route", "import", file])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Kept 20 points"), "\(imported)")
        #expect(Self.miles(dash) != nil)
        // Its line, when it is not valid UTF-16 after all.
        let broken = dash.folder + "/broken-utf16.gpx"
        let lines = Array(try #require("<gpx>\n<trk>\n".data(using: .utf16LittleEndian)))
        try Data([0xFF, 0xFE] + lines + [0x00, 0xD8, 0x3C, 0x00]).write(to: URL(fileURLWithPath: broken))
        let refused = dash.run(["route", "import", broken])
        #expect(refused.status == 1 && refused.stderr.contains("malformed at line 3"), "\(refused.stderr)")
    }

    @Test func aSecondImportAddsNothingAndSaysItWasAlreadyRecorded() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/ride.gpx"
        try Self.gpx([Self.morning]).write(toFile: file, atomically: false, encoding: .utf8)
        dash.run(["route", "import", file])
        let again = dash.run(["route", "import", file, "--json"])
        let report = try #require((json(again.stdout) as? [[String: Any]])?.first)
        #expect(report["kept"] as? Int == 0 && (report["skipped"] as? [String: Int]) == ["alreadyRecorded": 20])
        // One shape for a script however many files it names, with an entry for a refused one.
        let broken = dash.folder + "/broken.gpx"
        try "<gpx version=\"1.1\"><trk>".write(toFile: broken, atomically: false, encoding: .utf8)
        let both = dash.run(["route", "import", file, broken, "--json"])
        let reports = try #require(json(both.stdout) as? [[String: Any]])
        #expect(both.status == 1 && reports.count == 2 && reports[0]["kept"] as? Int == 0, "\(both.stdout)")
        #expect(reports[1]["file"] as? String == broken && (reports[1]["refused"] as? String)?.hasPrefix(broken) == true, "\(both.stdout)")
        let alone = dash.run(["route", "import", broken, "--json"])
        #expect((json(alone.stdout) as? [[String: Any]])?.count == 1, "\(alone.stdout)")
        #expect(dash.run(["route", "import", file]).stdout.contains("already recorded"))
    }

    @Test func severalFilesAndStandardInputInAnyOrder() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        try Self.gpx([Self.later], zone: "+00:00").write(toFile: dash.folder + "/later.gpx", atomically: false, encoding: .utf8)
        try Self.gpx([Self.morning], zone: "").write(toFile: dash.folder + "/morning.gpx", atomically: false, encoding: .utf8)
        let both = dash.run(["route", "import", dash.folder + "/later.gpx", dash.folder + "/morning.gpx"])
        #expect(
            both.status == 0 && both.stdout.contains("later.gpx: Kept 20 points") && both.stdout.contains("morning.gpx: Kept 20 points"))
        let fresh = Self.shift()
        defer { fresh.remove() }
        let piped = fresh.run(["route", "import", "-"], stdin: Self.gpx([Self.morning, Self.later], zone: "+0000"))
        #expect(piped.status == 0 && piped.stdout.hasPrefix("Kept 40 points"))
        #expect(Self.miles(fresh) == Self.miles(dash))
    }

    /// cli.md, 74: a disk that fills while standard input is copied beside the store is the
    /// store's refusal ("The disk is full; nothing was changed."), as the same file given by its
    /// name is, never standard input's; no copy is left behind.
    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func aDiskThatFillsWhileStandardInputIsCopiedIsTheStoresRefusal() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let library = try #require(WriteFaults.build(in: dash.folder))
        let before = FileManager.default.contents(atPath: dash.storePath)
        let piped = dash.run(
            ["route", "import", "-"], stdin: Self.gpx([Self.morning, Self.later], zone: "+0000"),
            environment: ["LD_PRELOAD": library, "DASHPILOT_FULL_AT": "1"])
        #expect(piped.status == 74 && piped.stderr == "Error: The disk is full; nothing was changed.\n", "\(piped.stderr)")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: (dash.storePath as NSString).deletingLastPathComponent)
        #expect(!left.contains { $0.contains("dashpilot-import") }, "\(left)")
    }

    /// Standard input from a pipe is copied to be read, into the store's own folder: it was
    /// copied into $TMPDIR, outside where the store is kept (often memory), and with $TMPDIR
    /// missing or full the import failed, blaming standard input.
    @Test func standardInputIsCopiedBesideTheStoreNeverIntoTheTemporaryFolder() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/both.gpx"
        try Self.gpx([Self.morning, Self.later], zone: "+0000").write(toFile: file, atomically: false, encoding: .utf8)
        // Through a pipe, as `cat` gives it.
        let command = ["/bin/sh", "-c", "cat \"$0\" | exec \"$@\"", file, Binary.path, "route", "import", "-"]
        var environment = dash.environment
        environment["TMPDIR"] = dash.folder + "/no-such-folder"
        let piped = dash.spawn(command.map { Array($0.utf8) }, environment: environment, stdin: nil)
        #expect(piped.status == 0 && piped.stdout.hasPrefix("Kept 40 points"), "\(piped.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: (dash.storePath as NSString).deletingLastPathComponent)
        #expect(!left.contains { $0.contains("dashpilot-import") }, "\(left)")
    }

    /// cli.md's 74: a damaged store can't be used. route rebuild on a store whose shift table's
    /// page was overwritten read it as no shifts, deleted every summary and said so (exit 0).
    /// Doctor, finding problems, offers no backup (backup refuses such a store).
    @Test func routeRebuildRefusesADamagedStoreAndDoctorOffersNoBackupOfIt() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/ride.gpx"
        try Self.gpx([Self.morning]).write(toFile: file, atomically: false, encoding: .utf8)
        dash.run(["route", "import", file])
        let script = """
            root=$(/usr/bin/sqlite3 "$0" "SELECT rootpage FROM sqlite_schema WHERE name = 'shift'")
            head -c 4000 /dev/zero | tr '\\0' '\\023' | dd of="$0" bs=1 seek=$((4096 * (root - 1) + 8)) conv=notrunc 2>/dev/null
            """
        let damaged = dash.spawn(
            ["/bin/sh", "-c", script, dash.storePath].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"], stdin: nil)
        try #require(damaged.status == 0, "\(damaged.stderr)")
        let rebuilt = dash.run(["route", "rebuild"])
        #expect(rebuilt.status == 74 && rebuilt.stderr.contains("is damaged and can't be used"), "\(rebuilt)")
        let summaries = dash.spawn(
            ["/usr/bin/sqlite3", dash.storePath, "SELECT count(*) FROM route_summary"].map { Array($0.utf8) }, environment: [:], stdin: nil)
        #expect(summaries.stdout == "1\n", "\(summaries)")
        let doctor = dash.run(["doctor"])
        #expect(doctor.status != 0 && doctor.stdout.contains("note There is no backup yet.\n"), "\(doctor.stdout)")
    }

    /// A pipe imported into a store whose folder is not made yet (a first command) is copied in
    /// the nearest folder above it that is: it exited 1, "Can't copy standard input into sub".
    @Test func aPipeImportedBeforeTheStoresFolderIsMadeIsRead() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/both.gpx"
        try Self.gpx([Self.morning], zone: "+0000").write(toFile: file, atomically: false, encoding: .utf8)
        let command = [
            "/bin/sh", "-c", "cat \"$0\" | exec \"$@\"", file, Binary.path, "--store", dash.folder + "/sub/s.sqlite", "route", "import",
            "-",
        ]
        let piped = dash.spawn(command.map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(piped.status == 0 && piped.stdout.contains("outside every shift"), "\(piped)")
    }

    @Test func aFileOfRoutesOnlySaysItHoldsNoRecordedTrack() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/planned.gpx"
        try "<gpx version=\"1.1\"><rte><rtept lat=\"40\" lon=\"-75\"/><rtept lat=\"40.1\" lon=\"-75\"/></rte></gpx>".write(
            toFile: file, atomically: false, encoding: .utf8)
        let result = dash.run(["route", "import", file])
        #expect(result.status == 0 && result.stdout.contains("holds no recorded track"))
    }

    @Test func aSegmentOutsideAnyTrackIsATrackItsPointsCountedAsKept() throws {
        // cli.md: route import "Exits 0 once the files are read, with the counts of points kept
        // and skipped". A <trkseg> straight under <gpx> (a producer that leaves out <trk>) was
        // said to hold no track, "nothing was imported", while its points were stored.
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/bare.gpx"
        let text = Self.gpx([Self.morning]).replacingOccurrences(of: "<trk><name>Invented</name>", with: "<wpt lat=\"40\" lon=\"-75\"/>")
            .replacingOccurrences(of: "</trk>", with: "")
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let result = dash.run(["route", "import", file])
        #expect(result.status == 0 && result.stdout.hasPrefix("Kept 20 points"), "\(result)")
        #expect(Self.miles(dash) ?? 0 > 0.5)
        #expect(dash.run(["route", "import", file, "--json"]).stdout.contains("\"tracks\": 1"))
    }

    @Test func aMalformedFileAmongOthersIsRefusedAloneWithItsLine() throws {
        let dash = Self.shift()
        defer { dash.remove() }
        try Self.gpx([Self.morning]).write(toFile: dash.folder + "/good.gpx", atomically: false, encoding: .utf8)
        try "<gpx><trk><trkseg>\n<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:30:00Z</time></trkpt>\n</trk></gpx>".write(
            toFile: dash.folder + "/bad.gpx", atomically: false, encoding: .utf8)
        let result = dash.run(["route", "import", dash.folder + "/bad.gpx", dash.folder + "/good.gpx"])
        #expect(result.status == 1 && result.stderr.contains("bad.gpx: the GPX file is malformed at line 3"))
        #expect(result.stdout.contains("good.gpx: Kept 20 points"))
        let samples = (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["miles"] as? Double
        #expect(samples != nil)
    }

    @Test(
        "A file that is not well-formed XML is refused with its line and imports nothing",
        arguments: [Array("<trk a=\"1\" a=\"2\">".utf8), [0xE9], Array("<!-- a -- b -->".utf8), Array("<1trk/>".utf8)])
    func notWellFormed(fault: [UInt8]) throws {
        let dash = Self.shift()
        defer { dash.remove() }
        let file = dash.folder + "/bad.gpx"
        // The fault on the line after the points, with lone CRs as the file's line ends.
        let text = Self.gpx([Self.morning]).replacingOccurrences(of: "\n", with: "\r")
        let cut = try #require(text.range(of: "</trkseg>"))
        let bytes = Array(text[..<cut.lowerBound].utf8) + fault + Array(text[cut.lowerBound...].utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let result = dash.run(["route", "import", file])
        #expect(result.status == 1 && result.stderr.contains("bad.gpx: the GPX file is malformed at line 24"), "\(result.stderr)")
        #expect(Self.miles(dash) == nil && result.stdout.isEmpty)
    }

    @Test(
        "A path that is not a readable file gets a sentence and exit 1, never a crash, and nothing is imported",
        arguments: ["folder", "fifo", "missing", "unreadable"])
    func pathsThatAreNotFiles(kind: String) throws {
        let dash = Self.shift()
        let path = dash.folder + "/track"
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "unreadable":
            try Self.gpx([Self.morning]).write(toFile: path, atomically: false, encoding: .utf8)
            chmod(path, 0o000)
        default: break
        }
        try Self.gpx([Self.morning]).write(toFile: dash.folder + "/good.gpx", atomically: false, encoding: .utf8)
        // Root reads a file whatever its mode: the unreadable case runs as nobody.
        var command = ["route", "import", path, dash.folder + "/good.gpx"]
        if kind == "unreadable" && getuid() == 0 {
            chmod(dash.folder, 0o777)
            chmod(dash.storePath, 0o666)
            command = ["--store", dash.storePath] + command
            let result = dash.spawn(
                (["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + dash.command() + command).map {
                    Array($0.utf8)
                },
                environment: dash.environment, stdin: nil)
            #expect(result.status == 1 && result.stderr.contains("Can't read \(path): Permission denied"), "\(result.stderr)")
            return
        }
        let result = dash.run(command)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(path) && !result.stderr.contains("Fatal error"))
        // The other file still imports: each file is its own transaction.
        #expect(result.stdout.contains("good.gpx: Kept 20 points"))
    }

    /// How a file reaches `route import`: by its path, as standard input redirected from it, or
    /// through a pipe.
    enum Arrival: String, CaseIterable { case path, redirected, piped }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")), arguments: Arrival.allCases)
    func aLargeFileIsReadInFlatMemory(arrival: Arrival) throws {
        // platform.md: "Reading is streamed: memory does not grow with the file". Standard input
        // was read whole: 16 MB through a pipe lifted the peak by 16 MB and more.
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        // 16 MB of points outside every shift: read whole, they would lift the peak by at least
        // that much above what the program takes to start.
        let point = "<trkpt lat=\"40.123456\" lon=\"-75.123456\"><ele>12.5</ele><time>2020-01-01T00:00:00Z</time></trkpt>\n"
        let file = dash.folder + "/large.gpx"
        #expect((try? Data().write(to: URL(fileURLWithPath: file))) != nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        handle.write(Data("<gpx version=\"1.1\"><trk><trkseg>\n".utf8))
        let chunk = Data(String(repeating: point, count: 10_000).utf8)
        for _ in 0..<(16_000_000 / chunk.count) { handle.write(chunk) }
        handle.write(Data("</trkseg></trk></gpx>\n".utf8))
        try handle.close()
        func peak(_ arguments: [String]) -> (RunResult, Int?) {
            let result = dash.spawn(
                (["/usr/bin/time", "-f", "peak %M"] + dash.command() + arguments).map { Array($0.utf8) }, environment: dash.environment,
                stdin: nil)
            return (result, result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) })
        }
        let (started, baseline) = peak(["shift", "list"])
        let (result, imported): (RunResult, Int?)
        switch arrival {
        case .path: (result, imported) = peak(["route", "import", file])
        case .redirected, .piped:
            let line = (["/usr/bin/time", "-f", "peak %M"] + dash.command() + ["route", "import", "-"]).map { "'\($0)'" }
                .joined(separator: " ")
            let shell = arrival == .piped ? "cat '\(file)' | \(line)" : "\(line) < '\(file)'"
            result = dash.spawn([Array("/bin/sh".utf8), Array("-c".utf8), Array(shell.utf8)], environment: dash.environment, stdin: nil)
            imported = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
        }
        #expect(started.status == 0 && result.status == 0 && result.stdout.contains("outside every shift"))
        let growth = (imported ?? Int.max) - (baseline ?? 0)
        // Half the file: read whole, it would add all of it.
        #expect(growth < 8 * 1024, "the import's peak was \(growth) KiB above a read's")
    }
}
