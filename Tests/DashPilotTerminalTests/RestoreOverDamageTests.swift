import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// keeping.md: losing the store to "a damaged file is the worst thing DashPilot can let happen. This
/// page says how a driver … brings it back." A store that failed SQLite's integrity or foreign-key
/// checks could not be restored over: its before-restore copy failed those checks, and the restore
/// was refused (74). The copy is now kept with the store's damage, the only way back to it.
@Suite("The command line: restoring over a damaged store")
struct RestoreOverDamageTests {
    /// `sql` run by the sqlite3 program on the file at `path`, its standard output.
    static func sqlite(_ dash: Binary, _ path: String, _ sql: String) -> String {
        dash.spawn(["/usr/bin/sqlite3", path, sql].map { Array($0.utf8) }, environment: [:], stdin: nil).stdout
    }

    /// Overwrites bytes of the root page of `name` (a table or an index) in the store at `path`:
    /// near the page's end, in its rows (`header` false), or its first byte, which says what the
    /// page is (`header` true: nothing that reads the page can). SQLite's integrity check then
    /// fails on the file, which still opens.
    static func damage(_ dash: Binary, _ path: String, _ name: String, header: Bool = false) throws {
        let found = sqlite(dash, path, "PRAGMA page_size; SELECT rootpage FROM sqlite_schema WHERE name = '\(name)'")
        let numbers = found.split(separator: "\n").compactMap { Int($0) }
        try #require(numbers.count == 2, "\(found)")
        let (size, root) = (numbers[0], numbers[1])
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((root - 1) * size + (header ? 0 : size - 96)))
        handle.write(header ? Data([0]) : Data(repeating: 0xA5, count: 64))
        try handle.close()
        try #require(sqlite(dash, path, "PRAGMA integrity_check") != "ok\n")
    }

    /// A store of one shift and five deliveries, and a healthy backup of it at `kept.sqlite`.
    static func storeAndBackup() -> (Binary, String) {
        let dash = KeepingCommandTests.withShifts()
        let kept = dash.folder + "/kept.sqlite"
        dash.run(["backup", kept], at: "2026-11-29 17:10:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:11:00")
        return (dash, kept)
    }

    /// The bytes of the file at `path` after its 100-byte header (which a copy writes anew).
    static func pages(_ path: String) -> Data? { FileManager.default.contents(atPath: path)?.dropFirst(100) }

    @Test func aStoreThatFailsSQLitesIntegrityCheckIsRestoredOverAndKeptWithItsDamage() throws {
        let (dash, kept) = Self.storeAndBackup()
        try Self.damage(dash, dash.storePath, "delivery")
        let damaged = try #require(Self.pages(dash.storePath))
        let restored = dash.run(["restore", kept, "--yes"], at: "2026-11-29 18:00:00")
        #expect(restored.status == 0, "\(restored.stderr)")
        let before = dash.folder + "/backups/dashpilot-before-restore-2026-11-29-1800.sqlite"
        #expect(
            restored.stdout
                == "Restored 1 shift, 5 deliveries and 1 place from \(kept); the store as it was is kept in the backups folder. "
                + "The store as it was failed its checks, and was kept as \(before) all the same.\n")
        #expect(Self.pages(before) == damaged)
        #expect(Self.sqlite(dash, before, "PRAGMA integrity_check") != "ok\n")
        #expect(dash.run(["doctor"]).status == 0)
    }

    @Test func aStoreWithAReferenceToNoRowIsRestoredOverAndKeptWithIt() throws {
        let (dash, kept) = Self.storeAndBackup()
        _ = Self.sqlite(
            dash, dash.storePath,
            "PRAGMA foreign_keys = OFF; INSERT INTO delivery (shift_id, number, accepted_at) VALUES (99, 1, 1795971720)")
        try #require(Self.sqlite(dash, dash.storePath, "SELECT count(*) FROM pragma_foreign_key_check") == "1\n")
        let restored = dash.run(["restore", kept, "--yes"], at: "2026-11-29 18:00:00")
        #expect(restored.status == 0, "\(restored.stderr)")
        let before = dash.folder + "/backups/dashpilot-before-restore-2026-11-29-1800.sqlite"
        #expect(restored.stdout.hasSuffix("The store as it was failed its checks, and was kept as \(before) all the same.\n"))
        #expect(Self.sqlite(dash, before, "SELECT shift_id FROM delivery WHERE shift_id = 99") == "99\n")
        #expect(Self.sqlite(dash, before, "SELECT count(*) FROM pragma_foreign_key_check") == "1\n")
        #expect(dash.run(["doctor"]).status == 0)
    }

    /// The question on a terminal names what the store holds; of a store so damaged that its
    /// shifts cannot be counted, it says so, and the restore goes on once the driver says yes.
    @Test func theQuestionOnATerminalSaysWhenTheDamagedStoresShiftsCannotBeCounted() throws {
        let (dash, kept) = Self.storeAndBackup()
        try Self.damage(dash, dash.storePath, "shift_by_start", header: true)
        try Self.damage(dash, dash.storePath, "shift", header: true)
        let asked = dash.onTerminal(["restore", kept], input: "y\n")
        #expect(asked.status == 0, "\(asked.stdout)")
        #expect(
            asked.stdout.contains(
                "Replace the store (damaged: its shifts could not be counted) with the backup (1 shift, newest Nov 29)?"),
            "\(asked.stdout)")
        #expect(asked.stdout.contains("failed its checks, and was kept as"))
        #expect(dash.run(["doctor"]).status == 0)
    }

    /// keeping.md, Faults: a failure "exits 74 with a sentence saying what was and was not done":
    /// a before-restore copy that could not be made said only that "The backup could not be made".
    @Test func aStoreThatCannotBeCopiedFirstIsNotRestoredOverAndTheSentenceSaysSo() throws {
        let (dash, kept) = Self.storeAndBackup()
        try Self.damage(dash, dash.storePath, "delivery")
        // Where the backups folder should be, a file: no copy can be made there.
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: dash.folder + "/backups"))
        let original = FileManager.default.contents(atPath: dash.storePath)
        let refused = dash.run(["restore", kept, "--yes"])
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "Error: The store could not be backed up first (\(dash.folder)/backups is not a folder), so the restore did not run; "
                + "the store was left as it was, and no backup was kept.\n")
        #expect(FileManager.default.contents(atPath: dash.storePath) == original)
    }

    /// A store SQLite cannot open at all (its first page broken) is left as it is, since the path
    /// may name another program's file; the sentence says the one step that lets the backup in.
    @Test func aStoreThatIsNoLongerADatabaseIsLeftAndTheSentenceSaysHowToRestoreInItsPlace() throws {
        let (dash, kept) = Self.storeAndBackup()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: dash.storePath))
        handle.write(Data(repeating: 0x5A, count: 100))
        try handle.close()
        let original = FileManager.default.contents(atPath: dash.storePath)
        let refused = dash.run(["restore", kept, "--yes"])
        #expect(refused.status == 74)
        #expect(refused.stderr.hasSuffix("To restore the backup in its place, move it aside first.\n"), "\(refused.stderr)")
        #expect(FileManager.default.contents(atPath: dash.storePath) == original)
        #expect(rename(dash.storePath, dash.storePath + ".aside") == 0)
        let restored = dash.run(["restore", kept, "--yes"])
        #expect(restored.status == 0, "\(restored)")
        #expect(dash.run(["doctor"]).status == 0)
    }
}
