import CSQLite
import DashPilotCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the tests run as root (who can mount a small disk and become another user).
let runningAsRoot = getuid() == 0

/// A long run's size: the short mode by default, the full one when the reliability script asks.
func reliabilityCount(_ variable: String, short: Int) -> Int {
    Int(ProcessInfo.processInfo.environment[variable] ?? "") ?? short
}

@Suite("Reliability: full disks, read-only stores, damaged files, a second writer", .serialized)
struct ReliabilityTests {
    @Test(.enabled(if: runningAsRoot, "needs root to mount a small disk"))
    func aFullDiskRefusesWritesWithASentenceAndWorksAgainOnceSpaceIsFreed() throws {
        let dash = Binary()
        defer { dash.remove() }
        let disk = dash.folder + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mounted = dash.spawn(
            ["/bin/mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", disk].map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(mounted.status == 0, "mount failed: \(mounted.stderr)")
        defer { _ = dash.spawn(["/bin/umount", disk].map { Array($0.utf8) }, environment: [:], stdin: nil) }
        let store = disk + "/store.sqlite"
        #expect(dash.run(["--store", store, "shift", "start"]).status == 0)
        #expect(dash.run(["--store", store, "delivery", "accept"]).status == 0)
        // Fill the disk to the last byte.
        let filler = disk + "/filler"
        #expect((try? Data().write(to: URL(fileURLWithPath: filler))) != nil)
        let handle = try #require(FileHandle(forWritingAtPath: filler))
        let block = Data(repeating: 0x55, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        let before = FileManager.default.contents(atPath: store)
        var refused = 0
        for _ in 0..<40 {
            let result = dash.run(["--store", store, "pickup", "set", "1", "Nowhere Noodles " + String(repeating: "n", count: 100)])
            if result.status == 74 {
                #expect(result.stderr == "Error: The disk is full; nothing was changed.\n")
                refused += 1
                break
            }
        }
        #expect(refused == 1)
        #expect(FileManager.default.contents(atPath: store) == before)
        #expect(!FileManager.default.fileExists(atPath: store + "-journal"))
        #expect(dash.run(["--store", store, "shift", "show", "--json"]).status == 0)
        try FileManager.default.removeItem(atPath: filler)
        let again = dash.run(["--store", store, "pickup", "set", "1", "Nowhere Noodles"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// Runs the binary as the unprivileged user `nobody`: root ignores file modes.
    func asNobody(_ dash: Binary, _ arguments: [String]) -> RunResult {
        dash.spawn(
            (["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + dash.command() + arguments).map { Array($0.utf8) },
            environment: dash.environment, stdin: nil)
    }

    /// A store with a shift running, in a folder of its own: the folder and the store.
    func keptStore(_ dash: Binary) throws -> (folder: String, store: String) {
        let folder = dash.folder + "/kept"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/s.sqlite"
        #expect(dash.run(["--store", store, "shift", "start"]).status == 0)
        return (folder, store)
    }

    /// keeping.md: a failed backup exits 74 "with a sentence saying what was and was not done".
    /// A backups folder that can't be made, or written into, said only "(Permission denied)".
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aBackupsFolderThatCannotBeMadeOrWrittenIsNamed() throws {
        let dash = Binary()
        defer { dash.remove() }
        let (folder, store) = try keptStore(dash)
        #expect(dash.run(["--store", store, "shift", "end"]).status == 0)
        chown(store, 65534, 65534)
        chmod(folder, 0o555)
        chmod(dash.folder, 0o755)
        let made = asNobody(dash, ["--store", store, "backup"])
        #expect(made.status == 74 && made.stderr.contains("(\(folder)/backups can't be made: Permission denied)"), "\(made.stderr)")
        let elsewhere = dash.folder + "/closed"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        chmod(elsewhere, 0o555)
        let written = asNobody(dash, ["--store", store, "backup", elsewhere])
        #expect(written.status == 74 && written.stderr.contains("(\(elsewhere) can't be written: Permission denied)"), "\(written.stderr)")
    }

    /// keeping.md: "If the backup cannot be made … the upgrade does not run". Of an older store
    /// whose backups folder the driver can't write, doctor said the next command upgrades it and
    /// offered `dashpilot backup` (exit 0), while every command then exited 74 (from audit).
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func doctorOfAnOlderStoreWhoseBackupsFolderCannotBeWrittenSaysItCannotBeUsed() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let backups = dash.folder + "/backups"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        chmod(backups, 0o755)
        chown(old, 65534, 65534)
        chown(dash.folder, 65534, 65534)
        let report = asNobody(dash, ["--store", old, "doctor"])
        #expect(report.status == 74, "\(report.stdout)\(report.stderr)")
        #expect(!report.stdout.contains("next command") && !report.stdout.contains("dashpilot backup"), "\(report.stdout)")
        #expect(
            report.stdout.contains("FAIL The store is at schema version 7; it is upgraded to 8 only after a backup"), "\(report.stdout)")
        #expect(report.stdout.contains("note \(backups) can't be written (Permission denied)"), "\(report.stdout)")
        #expect(report.stderr.contains("\(backups) can't be written (Permission denied)"), "\(report.stderr)")
        let json = asNobody(dash, ["--store", old, "doctor", "--json"])
        #expect(json.status == 74 && json.stdout.contains("\"healthy\": false"), "\(json.stdout)")
        #expect(asNobody(dash, ["--store", old, "shift", "list"]).status == 74)
    }

    /// doctor of an older store that is read-only, beside a backups folder it can't write either,
    /// blamed the backups folder, where its own FAIL line and every command say the store is
    /// read-only (from review).
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func doctorOfAReadOnlyOlderStoreSaysItIsReadOnlyWhateverItsBackupsFolder() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let backups = dash.folder + "/backups"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        for path in [old, backups, dash.folder] { chown(path, 65534, 65534) }
        chmod(old, 0o444)
        chmod(backups, 0o555)
        chmod(dash.folder, 0o555)
        defer { chmod(dash.folder, 0o755) }
        for arguments in [["doctor"], ["shift", "list"]] {
            let result = asNobody(dash, ["--store", old] + arguments)
            #expect(
                result.status == 74 && result.stderr.hasPrefix("Error: The store at \(old) is at schema version 7 and read-only"),
                "\(arguments): \(result.stderr)")
        }
    }

    /// cli.md: doctor exits "74 when the store cannot be used". An older store this user may
    /// not write (another user's, in a folder it can't write, with no backups folder yet: a
    /// store never upgraded) was "Nothing wrong was found" (0) by doctor while every command
    /// exited 74 (upgrade audit). The mode bits said writable; the system said no.
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func anOlderStoreThisUserCannotWriteIsReadOnlyToDoctorAsToEveryCommand() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        chmod(old, 0o644)
        chmod(dash.folder, 0o755)
        for arguments in [["doctor"], ["shift", "list"]] {
            let result = asNobody(dash, ["--store", old] + arguments)
            #expect(
                result.status == 74 && result.stderr.hasPrefix("Error: The store at \(old) is at schema version 7 and read-only"),
                "\(arguments): \(result.status) \(result.stdout) \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/backups"))
    }

    /// The same of a restore into a store at today's version this user can't write: it blamed
    /// the backup it could not make first ("backups can't be made: Permission denied") where
    /// every other command says "read-only" (keeping audit).
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aRestoreIntoAStoreThisUserCannotWriteSaysItIsReadOnly() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let copy = dash.folder + "/copy.sqlite"
        #expect(dash.run(["backup", copy], at: "2026-11-29 17:05:00").status == 0)
        chmod(dash.storePath, 0o644)
        chmod(copy, 0o644)
        chmod(dash.folder, 0o755)
        let result = asNobody(dash, ["--store", dash.storePath, "restore", copy, "--yes"])
        #expect(
            result.status == 74 && result.stderr == "Error: The store at \(dash.storePath) is read-only; nothing was changed.\n",
            "\(result.status) \(result.stderr)")
    }

    /// cli.md, 74: "The store cannot be used: … read-only … Standard error says which". A write
    /// cut short left its journal, and the store's folder could not be written: every command,
    /// reads too, said "The store failed (SQLite error 2570: disk I/O error)" (from audit).
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aJournalThatCannotBeRemovedIsSaidAsSuch() throws {
        let dash = Binary()
        defer { dash.remove() }
        let (folder, store) = try keptStore(dash)
        // Another program's write, killed once it spilled pages into the file: a hot journal.
        let script =
            "sqlite3 '\(store)' \"CREATE TABLE other_notes (body BLOB); INSERT INTO other_notes SELECT randomblob(500) FROM generate_series(1, 400)\""
            + " && sqlite3 '\(store)' 'PRAGMA cache_size = 2' 'BEGIN' 'UPDATE other_notes SET body = randomblob(500)' '.shell kill -9 $PPID'"
            + "; test -s '\(store)-journal'"
        let made = dash.spawn(["/bin/sh", "-c", script].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"], stdin: nil)
        try #require(made.status == 0, "\(made.stderr)")
        chown(folder, 65534, 65534)
        chown(store, 65534, 65534)
        chown(store + "-journal", 65534, 65534)
        chmod(folder, 0o555)
        chmod(dash.folder, 0o755)
        for arguments in [["shift", "list"], ["shift", "end"]] {
            let result = asNobody(dash, ["--store", store] + arguments)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "Error: The store at \(store) can't be used: a write cut short left its journal beside it, which must be removed "
                    + "before the store is read, and could not be; its folder must be writable. The record is as it was before that "
                    + "write.\n", "\(arguments): \(result.stderr)")
        }
        chmod(folder, 0o755)
        #expect(asNobody(dash, ["--store", store, "shift", "end"]).status == 0)
    }

    /// cli.md's 74 is a store that can't be written. `route import -` from a pipe, its copy made
    /// beside a store in a folder the driver can't write, exited 1 ("Can't copy standard input
    /// into …"), while the same file given by its name exited 74, the store read-only.
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aPipeImportedIntoAStoreThatCannotBeWrittenIsTheStoresRefusal() throws {
        let dash = Binary()
        defer { dash.remove() }
        let (_, store) = try keptStore(dash)
        chmod(store, 0o644)
        chmod(dash.folder, 0o755)
        let file = dash.folder + "/ride.gpx"
        try "<gpx><trk><trkseg><trkpt lat=\"40\" lon=\"-75\"><time>2026-11-30T12:00:05Z</time></trkpt></trkseg></trk></gpx>".write(
            toFile: file, atomically: false, encoding: .utf8)
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + dash.command()
        let command = ["/bin/sh", "-c", "cat \"$0\" | exec \"$@\"", file] + nobody + ["--store", store, "route", "import", "-"]
        let piped = dash.spawn(command.map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(piped.status == 74 && piped.stderr.contains("The store at \(store) is read-only"), "\(piped.stderr)")
    }

    /// keeping.md: a restore from a file that can't be read is refused (74). A backup in a folder
    /// the driver can't enter was said not to be there at all (exit 1).
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aBackupInAFolderThatCannotBeEnteredIsSaidUnreadable() throws {
        let dash = Binary()
        defer { dash.remove() }
        let (_, store) = try keptStore(dash)
        chown(store, 65534, 65534)
        chown(dash.folder + "/kept", 65534, 65534)
        let closed = dash.folder + "/closed"
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: true)
        #expect(dash.run(["--store", store, "backup", closed + "/b.sqlite"]).status == 0)
        chmod(closed, 0o700)
        chmod(dash.folder, 0o755)
        let restore = asNobody(dash, ["--store", store, "restore", closed + "/b.sqlite", "--yes"])
        #expect(restore.status == 74 && restore.stderr.contains("can't be opened (Permission denied)"), "\(restore.stderr)")
    }

    /// cli.md's 74: "Standard error says which." With HOME not writable, the first write said
    /// the store "can't be opened (Permission denied)", though there was no store yet: what failed
    /// was making the folder it goes in, which the sentence did not name.
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aStoreFolderThatCannotBeMadeIsNamed() throws {
        let dash = Binary()
        defer { dash.remove() }
        let home = dash.folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chmod(home, 0o555)
        chmod(dash.folder, 0o755)
        var environment = dash.environment
        environment["DASHPILOT_STORE"] = nil
        environment["HOME"] = home
        let result = dash.spawn(
            (["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + dash.command() + ["shift", "start"]).map {
                Array($0.utf8)
            },
            environment: environment, stdin: nil)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("(its folder \(home)/.local can't be made: Permission denied)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
    }

    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aReadOnlyStoreIsReadButNeverWritten() throws {
        let dash = Binary()
        defer { dash.remove() }
        let folder = dash.folder + "/readonly-file"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/store.sqlite"
        dash.run(["--store", store, "shift", "start"])
        chmod(store, 0o644)
        chown(folder, 65534, 65534)
        chmod(dash.folder, 0o755)
        let before = FileManager.default.contents(atPath: store)
        #expect(asNobody(dash, ["--store", store, "shift", "list", "--json"]).status == 0)
        let write = asNobody(dash, ["--store", store, "delivery", "accept"])
        #expect(write.status == 74)
        #expect(write.stderr.contains("read-only; nothing was changed"))
        #expect(FileManager.default.contents(atPath: store) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["store.sqlite"])
    }

    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aStoreInAReadOnlyFolderIsReadButNeverWritten() throws {
        let dash = Binary()
        defer { dash.remove() }
        let folder = dash.folder + "/readonly-folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/store.sqlite"
        dash.run(["--store", store, "shift", "start"])
        chown(store, 65534, 65534)
        chmod(folder, 0o755)
        chmod(dash.folder, 0o755)
        let before = FileManager.default.contents(atPath: store)
        #expect(asNobody(dash, ["--store", store, "shift", "show", "--json"]).status == 0)
        let write = asNobody(dash, ["--store", store, "delivery", "accept"])
        #expect(write.status == 74)
        #expect(write.stderr.contains("read-only; nothing was changed"))
        #expect(FileManager.default.contents(atPath: store) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["store.sqlite"])
    }

    /// cli.md, 74: "The store cannot be used: … read-only … The file is left as it is." A store the
    /// driver made read-only (chmod 444, or its folder 555) was written all the same by a user the
    /// system lets write anyway (root), exiting 0.
    @Test(arguments: ["file", "folder"])
    func aStoreMadeReadOnlyIsNeverWrittenWhoeverRunsIt(what: String) throws {
        let dash = Binary()
        let folder = dash.folder + "/kept"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/store.sqlite"
        dash.run(["--store", store, "shift", "start"])
        chmod(what == "file" ? store : folder, what == "file" ? 0o444 : 0o555)
        defer { chmod(folder, 0o755) }
        let before = FileManager.default.contents(atPath: store)
        #expect(dash.run(["--store", store, "shift", "list", "--json"]).status == 0)
        let write = dash.run(["--store", store, "delivery", "accept"])
        #expect(write.status == 74 && write.stderr.contains("read-only; nothing was changed"), "\(write.stderr)")
        #expect(FileManager.default.contents(atPath: store) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["store.sqlite"])
    }

    /// A store reached through a link in a folder the driver made read-only is written where it
    /// is: its own folder is writable (the read-only check read the link's folder).
    @Test func aStoreReachedThroughALinkInAReadOnlyFolderIsWrittenWhereItIs() throws {
        let dash = Binary()
        let real = dash.folder + "/real"
        let links = dash.folder + "/links"
        for folder in [real, links] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        dash.run(["--store", real + "/store.sqlite", "shift", "start"])
        #expect(symlink(real + "/store.sqlite", links + "/store.sqlite") == 0)
        chmod(links, 0o555)
        defer { chmod(links, 0o755) }
        let write = dash.run(["--store", links + "/store.sqlite", "delivery", "accept"])
        #expect(write.status == 0 && write.stdout == "1\n", "\(write.stderr)")
    }

    /// A program killed (`kill -9`) while it made a store left its half-made file under a hidden
    /// name for good (platform.md: nothing half-written stays): the next store made there removes
    /// it, as a backup removes a killed backup's copy.
    @Test func aStoreHalfMadeByAKilledProgramGoesWhenTheNextIsMade() throws {
        let dash = Binary()
        let folder = dash.folder + "/new"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A process number that is gone: a program that ran and ended.
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        #expect(posix_spawn(&pid, "/bin/true", nil, nil, &argv, nil) == 0)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let abandoned = folder + "/.dashpilot-new-\(pid).sqlite"
        #expect(FileManager.default.createFile(atPath: abandoned, contents: Data("half a store".utf8)))
        #expect(dash.run(["--store", folder + "/store.sqlite", "shift", "start"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["store.sqlite"])
    }

    /// A store with some history, for damaging.
    func storeWithHistory(_ dash: Binary) {
        dash.run(["shift", "start"])
        for number in 1...25 {
            dash.run(["delivery", "accept"])
            dash.run(["pickup", "set", "\(number)", "Place \(number % 7) Kitchen"])
            dash.run(["delivery", "cancel", "\(number)"])
        }
        dash.run(["shift", "end"])
    }

    @Test func aTruncatedStoreIsRefusedAtEveryCutAndLeftAsItWas() throws {
        let dash = Binary()
        defer { dash.remove() }
        storeWithHistory(dash)
        let whole = try #require(FileManager.default.contents(atPath: dash.storePath))
        for cut in [0, 50, 100, 4096, 4097, whole.count / 2, whole.count - 4096, whole.count - 1] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: dash.storePath))
            let before = FileManager.default.contents(atPath: dash.storePath)
            for arguments in [["shift", "list"], ["delivery", "accept"], ["doctor"]] {
                let result = dash.run(arguments)
                #expect(result.status == 74, "cut at \(cut): \(arguments) gave \(result.status)")
                #expect(result.stderr.hasPrefix("Error: "))
            }
            #expect(FileManager.default.contents(atPath: dash.storePath) == before)
            #expect(!FileManager.default.fileExists(atPath: dash.storePath + "-journal"))
        }
    }

    @Test func flippedBytesAreReportedByDoctorAndReadsNeverChangeTheFile() throws {
        let dash = Binary()
        defer { dash.remove() }
        storeWithHistory(dash)
        let whole = try #require(FileManager.default.contents(atPath: dash.storePath))
        let seed: UInt64 = 20_261_130
        var generator = SeededRandom(seed: seed)
        var reported = 0
        for round in 0..<12 {
            var damaged = [UInt8](whole)
            // The header's magic, its page size, then random pages.
            let offset = round == 0 ? 3 : round == 1 ? 16 : Int.random(in: 100..<damaged.count, using: &generator)
            for position in offset..<min(damaged.count, offset + 64) { damaged[position] ^= 0xA5 }
            try Data(damaged).write(to: URL(fileURLWithPath: dash.storePath))
            let read = dash.run(["shift", "list"])
            #expect([0, 74].contains(read.status))
            #expect(FileManager.default.contents(atPath: dash.storePath) == Data(damaged))
            let doctor = dash.run(["doctor"])
            #expect([0, 1, 74].contains(doctor.status))
            if doctor.status != 0 { reported += 1 }
            #expect(FileManager.default.contents(atPath: dash.storePath) == Data(damaged))
        }
        #expect(reported >= 2)
    }

    @Test func aFIFOWhereTheStoreShouldBeIsRefused() {
        let dash = Binary()
        defer { dash.remove() }
        #expect(mkfifo(dash.storePath, 0o600) == 0)
        let result = dash.run(["shift", "list"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("not a regular file"))
    }

    @Test func aWriterHeldBeyondTheBusyTimeoutIsToldTheStoreIsBusy() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(dash.storePath, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        #expect(sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)
        let busy = dash.run(["delivery", "accept"], environment: ["DASHPILOT_BUSY_TIMEOUT_MS": "200"])
        #expect(busy.status == 74)
        // Saying why, so that the driver knows to try again once the other program is done.
        #expect(
            busy.stderr == "Error: The store is busy (another program held its lock for longer than five seconds); nothing was changed.\n")
        #expect(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
        #expect(dash.run(["delivery", "accept"]).stdout == "1\n")
    }

    @Test func twoWritersAtOnceBothSucceedAndNeverSeeALockedStore() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        let operations = reliabilityCount("DASHPILOT_WRITER_OPERATIONS", short: 40)
        let results = ResultBox()
        let errors = ErrorBox()
        let writers = (0..<2).map { writer in
            TestThread {
                for index in 0..<operations {
                    let result =
                        index % 2 == 0
                        ? dash.run(["delivery", "accept"])
                        : dash.run(["pickup", "set", "1", "Writer \(writer) Place \(index % 5)"])
                    results.append(result.status)
                    if result.status != 0 { errors.append(result.stderr) }
                }
            }
        }
        for writer in writers { writer.join() }
        #expect(errors.values.isEmpty, "\(errors.values.prefix(3))")
        #expect(results.values.count == 2 * operations)
        let shift = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        #expect((shift["deliveries"] as? [[String: Any]])?.count == 1 + 2 * ((operations + 1) / 2))
        #expect(dash.run(["doctor"]).status == 0)
    }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var values: [String] { lock.withLock { stored } }
    func append(_ value: String) { lock.withLock { stored.append(value) } }
}
