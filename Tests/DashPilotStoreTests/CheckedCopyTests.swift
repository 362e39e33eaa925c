import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// keeping.md's checks of a copy and of a backup to restore, SQLite's integrity check running
/// beside the others: each failure is still said as it was when they ran in turn.
@Suite("A copy's checks, side by side")
struct CheckedCopyTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A backup whose bytes were damaged after it was made is refused as damaged, and nothing
    /// changes.
    @Test func aDamagedBackupIsRefusedAsDamaged() throws {
        let fixture = try KeepingTests.store()
        let scratch = TemporaryFolder()
        let kept = try fixture.store.backup(to: StorePath(scratch.file("kept.sqlite")), timeZone: Self.utc)
        // The key in the index of places' keys changed on its page, under the table's row: a file
        // SQLite reads as before, whose integrity check alone finds the index wrong.
        let root = try #require(
            try Connection(path: StorePath(kept.path), create: false, readOnly: true, busyTimeoutMilliseconds: 0).scalar(
                "SELECT rootpage FROM sqlite_schema WHERE name = 'pickup_place_by_key'"))
        let handle = try #require(FileHandle(forUpdatingAtPath: kept.path))
        try handle.seek(toOffset: UInt64(root) * 4096 - 10)
        handle.write(Data("zzzzzz".utf8))
        try handle.close()
        let before = fileBytes(fixture.path)
        #expect(throws: StoreError.damaged(path: kept.path)) { _ = try DashPilotStore.checkedForRestore(StorePath(kept.path)) }
        #expect(throws: StoreError.damaged(path: kept.path)) {
            _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: Self.utc)
        }
        #expect(fileBytes(fixture.path) == before)
    }

    /// A backup holding a row that points at no row (another tool's doing).
    /// keeping.md: a backup that fails its check "is refused (exit 1, or 74 for a file that is not
    /// a usable store)". Such a file opens and reads, and doctor on it names the row (exit 1): it
    /// is a usable store that is not healthy, refused as such, not as damaged (an outside audit).
    @Test func aBackupWithADanglingReferenceIsRefusedAsUnhealthy() throws {
        let fixture = try KeepingTests.store()
        let scratch = TemporaryFolder()
        let kept = try fixture.store.backup(to: StorePath(scratch.file("kept.sqlite")), timeZone: Self.utc)
        try Connection(path: kept.path, create: false, busyTimeoutMilliseconds: 0).execute(
            "PRAGMA foreign_keys = OFF; DELETE FROM shift")
        let before = fileBytes(fixture.path)
        #expect(throws: DashPilotRefusal.cannotRestore(path: kept.path, reason: .unhealthy)) {
            _ = try DashPilotStore.checkedForRestore(StorePath(kept.path))
        }
        #expect(throws: DashPilotRefusal.cannotRestore(path: kept.path, reason: .unhealthy)) {
            _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: Self.utc)
        }
        #expect(fileBytes(fixture.path) == before)
    }

    /// A store holding such a row makes no backup: its copy fails the foreign-key check, is
    /// removed, and the reason is said.
    @Test func aCopyWithADanglingReferenceIsNotKept() throws {
        let fixture = try KeepingTests.store()
        try fixture.store.connection.execute("PRAGMA foreign_keys = OFF; DELETE FROM shift; PRAGMA foreign_keys = ON")
        let scratch = TemporaryFolder()
        #expect(throws: StoreError.backupFailed(reason: "a reference in the copy points at no row")) {
            _ = try fixture.store.backup(to: StorePath(scratch.file("copy.sqlite")), timeZone: Self.utc)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    /// A copy of a store in WAL mode (another tool may leave a store so) is opened in WAL mode,
    /// and the first of the checks' connections to open it recovers its index while the others
    /// wait: the one that waited for nothing failed the backup as "database is locked" now and
    /// then (one CI pass in five, a tenth of tries in a script that races the two).
    @Test func aCopyOfAStoreInWALModeIsCheckedWithoutMeetingItsOwnChecksLocks() throws {
        let fixture = try KeepingTests.store()
        try fixture.raw("PRAGMA journal_mode = WAL")
        let scratch = TemporaryFolder()
        let kept = try fixture.store.backup(to: StorePath(scratch.file("kept.sqlite")), timeZone: Self.utc)
        // A driver's backup and the copy a restore makes of the store first, each checked.
        for attempt in 0..<30 {
            #expect(throws: Never.self, "attempt \(attempt)") {
                _ = try fixture.store.backup(to: StorePath(scratch.file("copy-\(attempt).sqlite")), timeZone: Self.utc)
                _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: Self.utc, backingUpFirst: true)
            }
            fixture.clock.advance(minutes: 1)
        }
    }
}
