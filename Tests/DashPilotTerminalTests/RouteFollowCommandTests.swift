import CSQLite
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// platform.md, "Live capture", end to end: `route follow` fed by a real gpsd (replayed by
/// gpsfake, read by gpspipe), by a receiver's pseudo-terminal, and by bad input.
@Suite("Following positions as they are driven")
struct RouteFollowCommandTests {
    /// A store with a shift that started at 16:55 and runs.
    static func runningShift() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 16:55:00")
        return dash
    }

    static func miles(_ dash: Binary) -> Double? {
        (json(dash.run(["shift", "show", "1", "--json"], at: "2026-11-29 18:30:00").stdout) as? [String: Any])?["miles"] as? Double
    }

    static func write(_ text: String, to path: String) {
        // In place: an atomic write names its temporary file by the time, which a faked clock repeats.
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    @Test(.timeLimit(.minutes(1)))
    func gpsdsJSONFromGpspipeRecordsTheMilesAGPXImportOfTheSameDriveGives() throws {
        let drive = InventedDrive(voidLeadIn: 300)
        let dash = Self.runningShift()
        let log = dash.folder + "/drive.nmea"
        Self.write(drive.log, to: log)
        // gpsfake replays the log through a real gpsd on the loopback (-n: the daemon reads the
        // receiver from the start, as a system's gpsd does); gpspipe -w feeds route follow once
        // the daemon listens; when the log is done gpsfake ends the daemon and the input ends.
        let port = Int.random(in: 30_000..<60_000)
        let follow = Binary.command(at: "2026-11-29 18:00:00", running: true).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            gpsfake -1 -n -q -c 0.003 --timeout 1 -P \(port) '\(log)' >/dev/null 2>&1 &
            tries=0
            until gpspipe -w localhost:\(port) 2>/dev/null; do
              tries=$((tries + 1)); [ $tries -gt 250 ] && exit 9; sleep 0.02
            done | \(follow) route follow
            """
        let followed = dash.spawn([Array("/bin/sh".utf8), Array("-c".utf8), Array(script.utf8)], environment: dash.environment, stdin: nil)
        #expect(followed.status == 0, "\(followed.stderr)")
        let lines = followed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Kept \(InventedDrive.kept) points;") == true, "\(followed.stdout)")
        #expect(lines.contains("  60 skipped: it is within 5 m of the last sample of its capture session"))
        #expect(lines.contains("  1 skipped: reaching it would take more than 62 m/s"))
        // The receiver's void fixes are reports without a fix (gpsd itself drops a bad checksum);
        // how many of the lead-in arrive depends on when gpspipe connected.
        let noFix = lines.first { $0.hasSuffix("skipped: the receiver had no fix") }.flatMap { Int($0.split(separator: " ")[0]) } ?? 0
        #expect((3...303).contains(noFix), "\(followed.stdout)")

        // The same drive as GPX, imported into a store of its own.
        let imported = Self.runningShift()
        Self.write(drive.gpx, to: imported.folder + "/drive.gpx")
        let report = imported.run(["route", "import", imported.folder + "/drive.gpx"], at: "2026-11-29 18:00:00")
        #expect(report.stdout.hasPrefix("Kept \(InventedDrive.kept) points; skipped 61."), "\(report.stdout)")
        let followedMiles = try #require(Self.miles(dash))
        let importedMiles = try #require(Self.miles(imported))
        #expect(abs(followedMiles - importedMiles) < 1e-9)
        #expect(abs(followedMiles - drive.milesByHand) < 1e-4, "\(followedMiles) \(drive.milesByHand)")
        #expect(dash.run(["doctor"], at: "2026-11-29 18:30:00").status == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func nmeaStraightFromAReceiverCutAcrossReadsWithBadChecksumsVoidFixesAndSilence() throws {
        let dash = Self.runningShift()
        let receiver = PseudoTerminal(raw: true)
        let terminal = PseudoTerminal(raw: false)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", receiver: receiver, terminal: terminal)
        #expect(terminal.read(until: "Following: 0 samples kept").contains("no fix yet"))
        let drive = InventedDrive()
        let first = drive.sentences.prefix(100).map { $0 + "\r\n" }.joined()
        // A sentence cut across two reads, a bad checksum, a void fix.
        let cut = first.index(first.startIndex, offsetBy: 1000)
        receiver.send(String(first[..<cut]))
        receiver.send(String(first[cut...]))
        receiver.send(InventedDrive.rmc(100, 45.6, -73.57, badChecksum: true) + "\r\n")
        receiver.send(InventedDrive.sentence("GPRMC,170141.00,V,,,,,,,291126,,,N") + "\r\n")
        // Then nothing: what came is committed all the same, within a second.
        let status = terminal.read(until: "Following: 100 samples kept")
        #expect(status.contains("100 samples kept") && status.contains("last fix 5:01:39 PM"), "\(status)")
        // The receiver speaks again, and is followed.
        receiver.send(drive.sentences[100] + "\r\n")
        #expect(terminal.read(until: "Following: 101 samples kept").contains("101 samples kept"))
        // The receiver unplugged: the input ends.
        receiver.closeMaster()
        let result = follow.wait()
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n") == [
                "Kept 101 points; skipped 2.", "  1 skipped: the NMEA sentence's checksum is wrong or missing",
                "  1 skipped: the receiver had no fix",
            ], "\(result.stdout)")
    }

    /// platform.md: "On a terminal it shows one status line ("Following: 312 samples kept, 4.1 mi
    /// recorded this shift, last fix 5:12:08 PM")". Wider than the terminal it wrapped, and each
    /// rewrite left a row behind, filling a narrow window; and "last fix" was the last fix kept, so a
    /// driver parked at a pickup (each fix within 5 m skipped) saw a receiver seemingly gone quiet.
    @Test(.timeLimit(.minutes(1)))
    func theStatusLineIsOneLineInANarrowTerminalAndItsLastFixIsTheLastOneRead() throws {
        let dash = Self.runningShift()
        let terminal = PseudoTerminal(raw: false)
        terminal.resize(columns: 50, rows: 20)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", terminal: terminal)
        var written = terminal.read(until: "no fix yet")
        // Parked: the first fix kept, the four after it within 5 m.
        follow.send((0..<5).map { InventedDrive.rmc($0, 45.6, -73.57) + "\n" }.joined())
        written += terminal.read(until: "5:00:04 PM")
        let lines = written.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        #expect(lines.last == "1 kept · too few points · 5:00:04 PM", "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 49 && !$0.contains("\n") }, "\(lines)")
        follow.closeInput()
        #expect(follow.wait().stdout.hasPrefix("Kept 1 point; skipped 4."))
    }

    @Test(.timeLimit(.minutes(1)))
    func ctrlCEndsFollowingWith130AndKeepsEverythingRead() throws {
        let dash = Self.runningShift()
        let terminal = PseudoTerminal(raw: false)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", terminal: terminal)
        _ = terminal.read(until: "Following: 0 samples kept")
        let drive = InventedDrive()
        follow.send(drive.sentences.prefix(10).map { $0 + "\n" }.joined())
        _ = terminal.read(until: "Following: 10 samples kept")
        // Five more, and Ctrl-C before a commit could take them: they are kept too.
        follow.send(drive.sentences[10..<15].map { $0 + "\n" }.joined())
        follow.waitUntilRead()
        let program = try #require(follow.program)
        kill(program, SIGINT)
        let result = follow.wait()
        #expect(result.status == 130)
        #expect(result.stdout.hasPrefix("Kept 15 points; skipped 0."), "\(result.stdout)")
        let miles = try #require(Self.miles(dash))
        #expect(abs(miles - 14 * 12 / 1609.344) < 0.001)
    }

    /// A follow that kept 3 fixes, then read 2 more while another connection (returned, to commit
    /// or close) holds the store's write lock, with a busy timeout of 200 ms (or `busyTimeout`);
    /// its binary's folder goes with the binary.
    static func followWithTheStoreHeld(busyTimeout: Int = 200) -> (Binary, PseudoTerminal, FollowProcess, OpaquePointer?) {
        let dash = Self.runningShift()
        dash.environment["DASHPILOT_BUSY_TIMEOUT_MS"] = String(busyTimeout)
        let terminal = PseudoTerminal(raw: false)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", terminal: terminal)
        let drive = InventedDrive()
        follow.send(drive.sentences.prefix(3).map { $0 + "\n" }.joined())
        _ = terminal.read(until: "Following: 3 samples kept")
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(dash.storePath, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)
        follow.send(drive.sentences[3..<5].map { $0 + "\n" }.joined())
        return (dash, terminal, follow, handle)
    }

    /// platform.md: following ends "on Ctrl-C (exit 130, everything read so far kept)". With another
    /// program holding the store beyond the busy timeout, Ctrl-C lost what was read since the last
    /// commit and said "The store is busy; nothing was changed." (74), after keeping the rest. It
    /// now waits for the store and keeps everything; a second Ctrl-C gives up, saying what it lost.
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func ctrlCWhileAnotherProgramHoldsTheStoreWaitsToKeepEverythingRead(givingUp: Bool) throws {
        // A wait for the lock longer than the test's guard: the second Ctrl-C acts within it, not
        // once the wait under way ends (it took up to five seconds).
        let (dash, terminal, follow, handle) = Self.followWithTheStoreHeld(busyTimeout: 60_000)
        defer { withExtendedLifetime(dash) {} }
        defer { sqlite3_close_v2(handle) }
        follow.waitUntilRead()
        let program = try #require(follow.program)
        kill(program, SIGINT)
        #expect(terminal.read(until: "Press Ctrl-C again").contains("waiting to record the last 2 fixes read"))
        if givingUp {
            kill(program, SIGINT)
        } else {
            #expect(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
        }
        let said = givingUp ? terminal.read(until: "recorded.") : ""
        let result = follow.wait(seconds: 20)
        #expect(result.status == 130)
        #expect(result.stdout.hasPrefix(givingUp ? "Kept 3 points; skipped 0." : "Kept 5 points; skipped 0."), "\(result.stdout)")
        if givingUp {
            #expect(said.contains("Error: The store stayed busy: the last 2 fixes read were not recorded"), "\(said)")
            #expect(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
        }
    }

    /// A stop signal that came while the last commit, at the end of input, waited for another
    /// program's lock ended the wait: "The store is busy (… five seconds)" after 1.5 s of a 60 s
    /// wait, 74, and the fixes read were lost (review). It is a first Ctrl-C: the follow says it
    /// waits, and keeps everything once the lock is let go.
    @Test(.timeLimit(.minutes(1)))
    func aStopSignalDuringTheLastWaitForTheStoreKeepsEverythingRead() throws {
        let (dash, terminal, follow, handle) = Self.followWithTheStoreHeld(busyTimeout: 60_000)
        defer { withExtendedLifetime(dash) {} }
        defer { sqlite3_close_v2(handle) }
        follow.waitUntilRead()
        follow.closeInput()
        let program = try #require(follow.program)
        // Until it sleeps in its wait for the lock (a guard only: the wait is 60 s).
        let deadline = Date().addingTimeInterval(20)
        while (try? String(contentsOfFile: "/proc/\(program)/wchan", encoding: .utf8)) != "hrtimer_nanosleep", Date() < deadline {
            sched_yield()
        }
        kill(program, SIGTERM)
        // A kill is not answered by a key: "Press Ctrl-C again" is Ctrl-C's (from audit).
        let said = terminal.read(until: "gives them up.")
        #expect(said.contains("waiting to record the last 2 fixes read. A second stop signal gives them up."), "\(said)")
        #expect(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
        let result = follow.wait(seconds: 20)
        #expect(result.status == 0 || result.status == 143, "\(result.status)")
        #expect(result.stdout.hasPrefix("Kept 5 points; skipped 0."), "\(result.stdout)")
    }

    /// cli.md, 74: "busy (another program held its lock for longer than five seconds)". At the end
    /// of its input (a script, a receiver unplugged) there is nobody to press Ctrl-C: a follow
    /// whose last commit found the store held waited for ever; it is busy, saying what it kept.
    @Test(.timeLimit(.minutes(1)))
    func theEndOfInputWhileAnotherProgramHoldsTheStoreIsBusyAndSaysWhatItKept() throws {
        let (dash, terminal, follow, handle) = Self.followWithTheStoreHeld()
        defer { withExtendedLifetime(dash) {} }
        defer { sqlite3_close_v2(handle) }
        follow.closeInput()
        let said = terminal.read(until: "recorded.")
        let result = follow.wait()
        #expect(result.status == 74)
        #expect(result.stdout.hasPrefix("Kept 3 points; skipped 0."), "\(result.stdout)")
        #expect(
            said.contains(
                "Error: The store is busy (another program held its lock for longer than five seconds): the last 2 fixes read were not recorded"
            ),
            "\(said)")
        #expect(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
    }

    /// "Following ends ... on Ctrl-C (exit 130, everything read so far kept)": at once, however
    /// much more input keeps coming; and on SIGTERM too, as a shell program ends (128 + 15).
    @Test(.timeLimit(.minutes(1)), arguments: zip([SIGINT, SIGTERM], [Int32(130), 143]))
    func aStopSignalEndsFollowingAtOnceWhileInputKeepsComing(signal: Int32, status: Int32) throws {
        let dash = Self.runningShift()
        let terminal = PseudoTerminal(raw: false)
        let fixes = InventedDrive().sentences.prefix(15).map { $0 + "\n" }.joined()
        // Fifteen fixes, then gpsd's sky reports without end, as fast as `yes` writes them.
        let sky = #"{"class":"SKY","satellites":[]}"#
        let follow = FollowProcess(
            dash, at: "2026-11-29 18:00:00", terminal: terminal,
            feeding: ["/bin/sh", "-c", "printf '%s' \"$1\"; exec yes \"$2\"", "sh", fixes, sky])
        _ = terminal.read(until: "Following: 15 samples kept")
        kill(try #require(follow.program), signal)
        // A guard only: a follow that read on would be killed here, its status 137.
        let result = follow.wait(seconds: 20)
        #expect(result.status == status)
        // The line the signal cut short is not counted: the rest of it was never read.
        #expect(result.stdout.split(separator: "\n") == ["Kept 15 points; skipped 0."], "\(result.stdout)")
        let miles = try #require(Self.miles(dash))
        #expect(abs(miles - 14 * 12 / 1609.344) < 0.001)
    }

    /// A follow started under `nohup` (SIGHUP ignored), or as a shell program's background job
    /// (SIGINT ignored), ended at the first hang-up or SIGINT all the same: a signal ignored when
    /// it began stays ignored, as every program started so expects (from audit).
    @Test(.timeLimit(.minutes(1)), arguments: [("HUP", SIGHUP), ("INT", SIGINT)])
    func aStopSignalIgnoredWhenFollowingBeganStaysIgnored(name: String, signal: Int32) throws {
        let dash = Self.runningShift()
        let terminal = PseudoTerminal(raw: false)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", terminal: terminal, ignoring: name)
        let drive = InventedDrive()
        follow.send(drive.sentences.prefix(5).map { $0 + "\n" }.joined())
        _ = terminal.read(until: "Following: 5 samples kept")
        kill(try #require(follow.program), signal)
        follow.send(drive.sentences[5..<10].map { $0 + "\n" }.joined())
        follow.closeInput()
        let result = follow.wait()
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Kept 10 points; skipped 0."), "\(result.stdout)")
    }

    /// The same for any command while it opens the store: a hang-up ignored when it began, under
    /// `nohup`, ended its wait for another program's lock, "busy" (74), where it waits on (review).
    @Test(.timeLimit(.minutes(1)))
    func aHangUpIgnoredWhenACommandBeganNeverEndsItsWaitForTheStore() throws {
        let dash = Self.runningShift()
        dash.environment["DASHPILOT_BUSY_TIMEOUT_MS"] = "60000"
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        #expect(sqlite3_open_v2(dash.storePath, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        let accept = FollowProcess(dash, at: "2026-11-29 18:00:00", words: ["delivery", "accept"], ignoring: "HUP")
        // Until it runs, and sleeps in its wait for the lock (a guard only: the wait is 60 s).
        let deadline = Date().addingTimeInterval(20)
        while accept.program == nil, Date() < deadline { sched_yield() }
        let program = try #require(accept.program)
        while (try? String(contentsOfFile: "/proc/\(program)/wchan", encoding: .utf8)) != "hrtimer_nanosleep", Date() < deadline {
            sched_yield()
        }
        kill(program, SIGHUP)
        #expect(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
        accept.closeInput()
        let result = accept.wait(seconds: 20)
        #expect(result.status == 0 && result.stdout == "1\n", "\(result.status) \(result.stdout)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aShiftEndedFromAnotherTerminalEndsFollowingWithASentence() throws {
        let dash = Self.runningShift()
        let terminal = PseudoTerminal(raw: false)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", terminal: terminal)
        _ = terminal.read(until: "Following: 0 samples kept")
        follow.send(InventedDrive().sentences.prefix(3).map { $0 + "\n" }.joined())
        _ = terminal.read(until: "Following: 3 samples kept")
        #expect(dash.run(["shift", "end"], at: "2026-11-29 18:00:00").status == 0)
        let result = follow.wait()
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n") == ["Shift 1 ended; following stopped.", "Kept 3 points; skipped 0."])
    }

    /// Follows two fixes of the running shift, then restores `backup` from another terminal:
    /// what following said, once it ended (status 0).
    static func followTwoThenRestore(_ dash: Binary, _ backup: String, sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
        let terminal = PseudoTerminal(raw: false)
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", terminal: terminal)
        _ = terminal.read(until: "Following: 0 samples kept")
        follow.send(InventedDrive().sentences.prefix(2).map { $0 + "\n" }.joined())
        _ = terminal.read(until: "Following: 2 samples kept")
        #expect(dash.run(["restore", backup, "--yes"], at: "2026-11-29 18:00:00").status == 0, sourceLocation: sourceLocation)
        let result = follow.wait()
        #expect(result.status == 0, sourceLocation: sourceLocation)
        return result
    }

    /// A restore of a backup without the shift takes it away: following said "Shift 2 ended",
    /// which it did not, and never that the points it kept went with it.
    @Test(.timeLimit(.minutes(1)))
    func aShiftGoneFromTheStoreEndsFollowingSayingSo() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 16:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 16:30:00")
        #expect(dash.run(["backup", dash.folder + "/one.sqlite"], at: "2026-11-29 16:40:00").status == 0)
        dash.run(["shift", "start"], at: "2026-11-29 16:55:00")
        let result = Self.followTwoThenRestore(dash, dash.folder + "/one.sqlite")
        #expect(
            result.stdout.split(separator: "\n") == [
                "Shift 2 is no longer in the store (another program deleted it, or restored a backup without it); following stopped, and the points it kept went with the shift.",
                "Kept 2 points; skipped 0.",
            ], "\(result.stdout)")
    }

    /// A restore of a backup made during the shift, before the points followed: the shift is
    /// there, the points are not. Following went on, judged new fixes against points no longer
    /// there, and counted as kept what the restore took away.
    @Test(.timeLimit(.minutes(1)))
    func pointsRestoredAwayEndFollowingSayingSo() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 16:55:00")
        #expect(dash.run(["backup", dash.folder + "/early.sqlite"], at: "2026-11-29 17:00:00").status == 0)
        let result = Self.followTwoThenRestore(dash, dash.folder + "/early.sqlite")
        #expect(
            result.stdout.split(separator: "\n").first
                == "The points kept for shift 1 are no longer in the store (another program restored a backup made before them); following stopped.",
            "\(result.stdout)")
    }

    @Test func theInteractiveModeInAnotherTerminalShowsTheMilesGrow() throws {
        let dash = Self.runningShift()
        let window = try Window(dash, at: "2026-11-29 18:00:00")
        #expect(window.screen.contains("Shift running since 4:55 PM") && !window.screen.contains("mi recorded"))
        let drive = InventedDrive().sentences
        dash.run(["route", "follow"], at: "2026-11-29 18:00:00", stdin: drive[0..<100].map { $0 + "\n" }.joined())
        window.idle()
        #expect(window.screen.contains("0.7 mi recorded"), "\(window.screen)")
        dash.run(["route", "follow"], at: "2026-11-29 18:00:00", stdin: drive[100..<300].map { $0 + "\n" }.joined())
        window.idle()
        #expect(window.screen.contains("2.2 mi recorded"), "\(window.screen)")
    }

    /// cli.md, 74: "the disk is full … Standard error says which". A full disk part-way through a
    /// follow said "The disk is full; nothing was changed." with no counts, after keeping what the
    /// commits before it kept. Every write of a follow of 1,500 fixes (two commits), failed in turn.
    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func aFullDiskWhileFollowingKeepsWhatWasKeptAndSaysWhatWasNot() throws {
        let dash = Self.runningShift()
        let fixes = (0..<1500).map { index in
            let time = String(format: "%02d:%02d:%02d", 17 + index / 3600, index / 60 % 60, index % 60)
            return #"{"class":"TPV","mode":3,"time":"2026-11-29T"# + time + #"Z","lat":"# + "\(45.5 + Double(index) * 20 / 111_195)"
                + #","lon":-73.57}"# + "\n"
        }.joined()
        let original = try #require(FileManager.default.contents(atPath: dash.storePath))
        let library = try #require(WriteFaults.build(in: dash.folder))
        let counter = dash.folder + "/calls"
        _ = dash.run(
            ["route", "follow"], at: "2026-11-29 18:00:00", stdin: fixes,
            environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_COUNT": counter])
        let calls = Int((try String(contentsOfFile: counter, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(calls > 5)
        var partial = 0
        for call in 1...calls {
            try original.write(to: URL(fileURLWithPath: dash.storePath))
            try? FileManager.default.removeItem(atPath: dash.storePath + "-journal")
            let result = dash.run(
                ["route", "follow"], at: "2026-11-29 18:00:00", stdin: fixes,
                environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_AT": "\(call)", "DASHPILOT_FAULT_ERRNO": "ENOSPC"])
            #expect(result.status == 0 || result.status == 74, "call \(call): \(result.stderr)")
            let kept =
                (json(dash.run(["shift", "show", "1", "--json"], at: "2026-11-29 18:30:00").stdout) as? [String: Any])?["miles"] as? Double
            if result.status == 74 && kept != nil {
                partial += 1
                #expect(!result.stderr.contains("nothing was changed"), "call \(call): \(result.stderr)")
                // What it kept and what it says it did not make up everything read.
                func number(_ text: String, after prefix: String) -> Int? {
                    text.range(of: prefix).flatMap { Int(text[$0.upperBound...].prefix { $0.isNumber }) }
                }
                let notRecorded = number(result.stderr, after: "): the last ") ?? number(result.stderr, after: "full: the last ")
                let recorded = number(result.stdout, after: "Kept ")
                #expect(
                    notRecorded.flatMap { lost in recorded.map { lost + $0 } } == 1500, "call \(call): \(result.stdout)\(result.stderr)")
            }
            #expect(dash.run(["doctor"], at: "2026-11-29 18:30:00").status == 0, "call \(call)")
        }
        #expect(partial > 0)
    }

    /// A session a driver numbers as high as a number goes leaves a follow and an import a new
    /// session of their own: never "the highest plus one", which would overflow.
    @Test func aSessionNumberedAsHighAsCanBeStillLeavesFollowAndImportSessionsOfTheirOwn() {
        let dash = Self.runningShift()
        let added = dash.run(["route", "add", "45.5", "-73.57", "--session", "9223372036854775807"], at: "2026-11-29 17:00:00")
        #expect(added.status == 0, "\(added.stderr)")
        func tpv(_ time: String, _ north: Double) -> String {
            #"{"class":"TPV","mode":3,"time":"2026-11-29T"# + time + #"Z","lat":"# + "\(45.5 + north / 111_195)" + #","lon":-73.57}"#
                + "\n"
        }
        let followed = dash.run(["route", "follow"], at: "2026-11-29 18:00:00", stdin: tpv("17:01:00", 100) + tpv("17:01:30", 300))
        #expect(followed.status == 0 && followed.stdout.hasPrefix("Kept 2 points; skipped 0."), "\(followed.stdout)\(followed.stderr)")
        let gpx =
            "<gpx version=\"1.1\"><trk><trkseg>\n"
            + "<trkpt lat=\"45.51\" lon=\"-73.57\"><time>2026-11-29T17:02:00Z</time></trkpt>\n"
            + "<trkpt lat=\"45.512\" lon=\"-73.57\"><time>2026-11-29T17:02:30Z</time></trkpt>\n</trkseg></trk></gpx>\n"
        let imported = dash.run(["route", "import", "-"], at: "2026-11-29 18:00:00", stdin: gpx)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Kept 2 points; skipped 0."), "\(imported.stdout)\(imported.stderr)")
        #expect(dash.run(["doctor"], at: "2026-11-29 18:30:00").status == 0)
    }

    /// A capture session a driver names is a whole number from 1: below, `route add` keeps the
    /// sessions after a resume, and a driver's would be judged against them.
    @Test(arguments: [["route", "add", "45.5", "-73.57"], ["route", "follow"]], ["-9223372036854775807", "0"])
    func aSessionGivenIsAWholeNumberFromOne(command: [String], session: String) {
        let dash = Self.runningShift()
        let result = dash.run(command + ["--session", session], at: "2026-11-29 17:00:00", stdin: "")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --session must be a whole number from 1; got \(session)."), "\(result.stderr)")
    }

    /// cli.md: "Errors go to standard error". Standard input that is a folder was taken for an
    /// input that had ended: "Kept 0 points; skipped 0." and 0, as if nothing had gone wrong. The
    /// error is said, with the counts, and the exit is 1.
    @Test func standardInputThatCannotBeReadIsSaidNeverTakenForItsEnd() {
        let dash = Self.runningShift()
        let command = ["/bin/sh", "-c", "exec \"$@\" < \"$0\"", dash.folder] + Binary.command(at: "2026-11-29 17:00:00")
        let result = dash.spawn((command + ["route", "follow"]).map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: Can't read standard input: "), "\(result.stderr)")
        #expect(result.stderr.contains("following stopped, and what was read before it is recorded."), "\(result.stderr)")
        #expect(result.stdout == "Kept 0 points; skipped 0.\n")
    }

    @Test func followingIsRefusedWithNoShiftRunning() {
        let dash = Binary()
        let result = dash.run(["route", "follow"], stdin: InventedDrive().log)
        #expect(result.status == 1)
        #expect(result.stderr.contains("No shift is running") && result.stdout.isEmpty, "\(result.stderr)")
    }

    @Test func badInputIsSkippedAndCountedNeverFatal() {
        let dash = Self.runningShift()
        let good = InventedDrive().sentences.prefix(5).map { $0 + "\n" }.joined()
        var input = good
        input += String(decoding: [0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0xC3, 0x28, 0x0A], as: UTF8.self)
        input += String(repeating: "x", count: 10_000_000) + "\n"
        input += "[1,2,3]\n42\n{\"class\":\"TPV\",\"mode\":1}\n{\"class\":\"TPV\",\"mode\":3,\"lat\":45.5,\"lon\":-73.57}\n"
        input += "{\"class\":\"TPV\",\"mode\":3,\"time\":\"2001-01-01T00:00:00Z\",\"lat\":45.51,\"lon\":-73.57}\n"
        input += "{\"class\":\"TPV\",\"mode\":3,\"time\":\"2099-01-01T00:00:00Z\",\"lat\":45.52,\"lon\":-73.57}\n"
        input += "{\"class\":\"TPV\",\"mode\":3,\"time\":\"2026-11-29T17:30:00Z\",\"lat\":NaN,\"lon\":-73.57}\n"
        input += InventedDrive.sentence("GPRMC,173001.00,A,nan,N,07334.2000,W,0,0,291126,,,A") + "\n"
        input += "{\"class\":\"VERSION\",\"release\":\"3.22\"}\n"
        // A stream that stops mid-line.
        input += "{\"class\":\"TPV\",\"mode\":3,\"time\":\"2026-11-29T17:31:"
        let result = dash.run(["route", "follow"], at: "2026-11-29 18:00:00", stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n") == [
                "Kept 5 points; skipped 11.", "  1 skipped: the receiver had no fix", "  1 skipped: the fix has no time",
                "  1 skipped: its position or accuracy is not a number", "  2 skipped: its time falls outside the shift",
                "  1 skipped: the line is longer than 4,096 bytes",
                "  5 skipped: the line is neither gpsd's JSON nor an NMEA sentence",
            ], "\(result.stdout)")
    }

    @Test(
        .timeLimit(.minutes(1)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")),
        arguments: [true, false])
    func memoryStaysFlatThroughAnHourOfReportsAtTenASecond(clockRunning: Bool) throws {
        // With the clock standing still, the whole hour is read before any half second passes:
        // what waits for a commit must still stay bounded (it held every fix read, 3 MB, before).
        let dash = Self.runningShift()
        var hour = ""
        hour.reserveCapacity(5_000_000)
        for tenth in 0..<36_000 {
            let second = tenth / 10
            let time = String(format: "2026-11-29T17:%02d:%02d.%d00Z", second / 60, second % 60, tenth % 10)
            hour +=
                "{\"class\":\"TPV\",\"device\":\"/dev/ttyACM0\",\"mode\":3,\"time\":\"\(time)\",\"lat\":\(45.5 + Double(tenth) * 0.00001),\"lon\":-73.57,\"eph\":4.0}\n"
        }
        let follow = FollowProcess(dash, at: "2026-11-29 18:00:00", measured: true, clockRunning: clockRunning)
        follow.send(hour)
        follow.closeInput()
        let result = follow.wait()
        #expect(result.stdout.hasPrefix("Kept 3600 points; skipped 32400."), "\(result.stdout)")
        let other = Self.runningShift()
        let small = FollowProcess(other, at: "2026-11-29 18:00:00", measured: true, clockRunning: clockRunning)
        small.send(String(hour.prefix(2000)))
        small.closeInput()
        let smallResult = small.wait()
        #expect(smallResult.stdout.hasPrefix("Kept "), "\(smallResult.stdout) \(smallResult.stderr)")
        #expect(follow.peakKiB <= 32 * 1024, "peak \(follow.peakKiB) KiB")
        #expect(follow.peakKiB - small.peakKiB < 2 * 1024, "an hour \(follow.peakKiB) KiB, a few lines \(small.peakKiB) KiB")
    }
}
