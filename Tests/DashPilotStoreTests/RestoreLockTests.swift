import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// keeping.md: a restore's replacement "is one step, made through SQLite into the live store, so
/// another terminal with the store open sees the old record or the new one, never a mixture"; and
/// a restore that fails "leaves the store exactly as it was and whole".
@Suite("A restore holds the store's lock from its first page to its last")
struct RestoreLockTests {
    /// A lock on a file belongs to the process, and closing any descriptor of the file lets go of
    /// all of them: the restore read the store's header through a descriptor of its own, under the
    /// replacement's write lock, to learn whether another program had written since the copy, and
    /// closing it let the lock go. Another program could then write, or take the half-written
    /// replacement's journal for a crash's and roll it back: the store ruined, "disk I/O error"
    /// (an outside audit: `shift list` in a loop beside `restore --yes`, six runs of six).
    @Test(arguments: ["DELETE", "WAL"])
    func noOtherProgramTakesTheStoresWriteLockWhileARestoreReplacesIt(journal: String) throws {
        let fixture = try KeepingTests.store()
        try fixture.raw("PRAGMA journal_mode = \(journal)")
        let kept = try fixture.store.backup(to: nil, timeZone: KeepingTests.utc)
        _ = try fixture.store.acceptDelivery()
        var attempts: [(status: Int32, error: String)] = []
        fixture.store.duringReplacement = {
            attempts.append(Self.sqlite3(fixture.path, "BEGIN IMMEDIATE; ROLLBACK;"))
        }
        _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: KeepingTests.utc)
        #expect(attempts.count == 1)
        for attempt in attempts {
            #expect(attempt.status != 0 && attempt.error.contains("locked"), "another program took the lock: \(attempt)")
        }
        #expect(try fixture.rawText("PRAGMA integrity_check") == "ok")
        #expect(try fixture.store.shiftLog(id: nil).deliveries.count == 3)
    }

    /// In WAL mode a connection holds a read lock on the store as long as it is open, which tells
    /// another program's last connection not to fold the log in and delete it beneath it. The
    /// restore's summary of the store it replaced read the header through a descriptor of its own,
    /// and closing it let that lock go: another program could then turn the log off under the
    /// store's connection.
    @Test func theStoreInWALModeKeepsItsReadLockOnceRestored() throws {
        let fixture = try KeepingTests.store()
        try fixture.raw("PRAGMA journal_mode = WAL")
        let kept = try fixture.store.backup(to: nil, timeZone: KeepingTests.utc)
        _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: KeepingTests.utc)
        let attempt = Self.sqlite3(fixture.path, "PRAGMA journal_mode = DELETE;")
        #expect(attempt.status != 0 && attempt.error.contains("locked"), "another program took the lock: \(attempt)")
        #expect(try fixture.rawText("PRAGMA journal_mode") == "wal")
    }

    /// keeping.md: "Before a restore replaces the store, the store as it was is backed up". Asked
    /// to make a store that was not there from a backup, the restore backed nothing up; another
    /// terminal that made the store and recorded a shift while the question waited lost it, with
    /// no copy anywhere (an outside audit: 3 of 3 on a terminal, 9 of 150 with --yes). A store made
    /// for a restore is replaced only while it holds nothing and nothing wrote to it; else the
    /// restore does not run, and the next one backs the store up first.
    @Test func aStoreMadeForARestoreThatAnotherProgramWroteToIsNotWrittenOver() throws {
        let fixture = try KeepingTests.store()
        let kept = try fixture.store.backup(to: nil, timeZone: KeepingTests.utc)
        let folder = TemporaryFolder()
        let made = try DashPilotStore(path: folder.file("new.sqlite"), clock: fixture.clock)
        let other = try DashPilotStore(path: folder.file("new.sqlite"), clock: fixture.clock)
        _ = try other.startShift()
        #expect(throws: DashPilotRefusal.cannotRestore(path: kept.path, reason: .storeWrittenMeanwhile)) {
            _ = try made.restore(from: StorePath(kept.path), timeZone: KeepingTests.utc, backingUpFirst: false)
        }
        #expect(try made.shiftLog(id: nil).shift.endedAt == nil)
        #expect(try made.backups().isEmpty)
        // Backed up first, as for any store that holds a record, it is restored.
        _ = try made.restore(from: StorePath(kept.path), timeZone: KeepingTests.utc, backingUpFirst: true)
        #expect(try made.backups().filter(\.isAutomatic).map(\.shifts) == [1])
        #expect(try made.shiftLog(id: nil).deliveries.count == 3)
    }

    /// cli.md's 74: "Standard error says which". A refused first command in another terminal
    /// removes the store it made when it recorded nothing; a command that had opened that store
    /// meanwhile was told its write failed because the store "is read-only" (an outside audit, 11
    /// of 150 races). It is told what happened; the command line then runs it again on a new store.
    @Test func aWriteToAStoreRemovedMeanwhileSaysSoNotReadOnly() throws {
        let folder = TemporaryFolder()
        let path = folder.file("store.sqlite")
        let store = try DashPilotStore(path: path, clock: ManualClock())
        _ = unlink(path)
        #expect(throws: StoreError.removedMeanwhile(path: path)) { _ = try store.startShift() }
    }

    /// Runs `sql` in `sqlite3` on `path`, another program: its exit status and standard error.
    static func sqlite3(_ path: String, _ sql: String) -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "sqlite3 did not run: \(error)") }
        let said = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }
}
