import Foundation
import Testing

/// cli.md: "74 | The store cannot be used: … damaged … Standard error says which", and the file is
/// left as it was. Found so by a read of the screens, it is the same store the command line finds
/// damaged: the interactive mode leaves with the same sentence and status, and never shows what
/// it could not read as empty ("No shift running").
@Suite("A store found unusable by the screens")
struct UnusableStoreTests {
    /// A running shift with an open delivery, the root page of the deliveries then damaged.
    static func damagedRunningShift() throws -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...3 { dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(minute):00") }
        try RestoreOverDamageTests.damage(dash, dash.storePath, "delivery", header: true)
        #expect(dash.run(["shift", "show"]).status == 74)
        return dash
    }

    /// doctor runs SQLite's integrity check on a connection of its own, beside the rest; on a
    /// page so damaged that the check itself fails, its error went unsaid ("Something went wrong:
    /// SQLiteError.", an outside audit), in text and in JSON.
    @Test(arguments: [["doctor"], ["doctor", "--json"]])
    func doctorSaysTheStoreIsDamaged(arguments: [String]) throws {
        let dash = try Self.damagedRunningShift()
        let before = FileManager.default.contents(atPath: dash.storePath)
        let result = dash.run(arguments, at: "2026-11-29 17:10:00")
        #expect(result.status == 74)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr == "Error: The store at \(dash.storePath) is damaged and can't be used; it was left as it is.\n")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }

    @Test func theFullScreenModeLeavesWith74AndTheSentence() throws {
        let dash = try Self.damagedRunningShift()
        let before = FileManager.default.contents(atPath: dash.storePath)
        let session = TmuxSession.untilExit(dash, store: dash.storePath, at: "2026-11-29 17:10:00")
        defer { session.kill() }
        let screen = session.waitFor { $0.contains("exited-") }
        #expect(screen.contains("exited-74"), "\(screen)")
        // The terminal wraps the sentence at its width, and keeps no space at a line's end.
        let sentence = "Error: The store at \(dash.storePath) is damaged and can't be used; it was left as it is."
        #expect(screen.filter { !$0.isWhitespace }.contains(sentence.filter { !$0.isWhitespace }), "\(screen)")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }

    @Test func theScreenReaderModeLeavesWith74AndTheSentenceAndSaysNoScreen() throws {
        let dash = try Self.damagedRunningShift()
        let before = FileManager.default.contents(atPath: dash.storePath)
        let result = dash.run(["--accessible"], at: "2026-11-29 17:10:00", stdin: "s")
        #expect(result.status == 74)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr == "Error: The store at \(dash.storePath) is damaged and can't be used; it was left as it is.\n")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }
}

/// A store whose tables are not those its schema version names (a version number written over, a
/// table dropped) is damaged, said as such (74), never as SQLite's own words for a statement.
@Suite("A store unlike its schema version")
struct StoreUnlikeItsVersionTests {
    @Test("is damaged, to commands and to doctor", arguments: ["PRAGMA user_version = 3", "DROP TABLE route_summary"])
    func isDamaged(sql: String) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:02:00")
        _ = RestoreOverDamageTests.sqlite(dash, dash.storePath, sql)
        let before = FileManager.default.contents(atPath: dash.storePath)
        // (A write that reads no table the store lacks is carried out: only a read finds damage.)
        for arguments in [["shift", "list"], ["shift", "end"], ["doctor"]] {
            let result = dash.run(arguments, at: "2026-11-29 17:05:00")
            #expect(result.status == 74, "\(arguments)")
            #expect(
                result.stderr == "Error: The store at \(dash.storePath) is damaged and can't be used; it was left as it is.\n",
                "\(arguments): \(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }
}

/// keeping.md: "another terminal with the store open sees the old record or the new one, never
/// a mixture"; cli.md, 74: "Standard error says which". A file moved over the store (a sync tool
/// restoring it) left an open session showing the record no longer there, every write refused as
/// "removed … while this command waited" (from audit).
@Suite("A store replaced under an open session")
struct StoreReplacedUnderASessionTests {
    @Test func theSessionLeavesWith74AndSaysTheStoreWasReplaced() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let copy = dash.folder + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: dash.storePath, toPath: copy)
        #expect(dash.run(["--store", copy, "delivery", "accept"], at: "2026-11-29 17:02:00").status == 0)
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        #expect(window.screen.contains("1 delivery"), "\(window.screen)")
        window.idle()
        #expect(window.harness.exitStatus == nil)
        #expect(rename(copy, dash.storePath) == 0)
        window.idle()
        #expect(window.harness.exitStatus == 74)
        #expect(
            window.harness.unusable
                == "The store at \(dash.storePath) was replaced by another file by another program while it was open; "
                + "nothing was recorded in it after that. Start dashpilot again to read what is at that path now.")
        // Removed, it is said so.
        let other = try Window(dash, at: "2026-11-29 17:05:00")
        #expect(other.screen.contains("2 deliveries"), "\(other.screen)")
        #expect(unlink(dash.storePath) == 0)
        other.idle()
        #expect(other.harness.exitStatus == 74)
        #expect(other.harness.unusable?.contains("was removed by another program while it was open") == true)
    }

    /// A store copied over the open one in place (`cp`, the same inode): one of a newer version
    /// took the session's next delivery into its schema-9 file, and one of version 7 left every
    /// key refused with "no such table: pause" (from audit). Nothing is written into a schema
    /// the session did not open: it leaves with 74 and the sentence a command gives.
    @Test(arguments: [
        ("PRAGMA user_version = 9", "written by a newer version of DashPilot (schema 9)"),
        ("PRAGMA user_version = 7", "was replaced by another file"),
    ])
    func aStoreCopiedOverInPlaceIsNeverWrittenAsTheOneOpened(relabel: String, said: String) throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let copy = dash.folder + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: dash.storePath, toPath: copy)
        _ = RestoreOverDamageTests.sqlite(dash, copy, relabel)
        let bytes = try #require(FileManager.default.contents(atPath: copy))
        for key in ["a", ""] {
            let window = try Window(dash, at: "2026-11-29 17:05:00")
            try Data(FileManager.default.contents(atPath: dash.storePath) ?? Data()).write(to: URL(fileURLWithPath: dash.folder + "/kept"))
            try bytes.write(to: URL(fileURLWithPath: dash.storePath))
            if key.isEmpty { window.idle() } else { window.press(key) }
            #expect(window.harness.exitStatus == 74, "\(key): \(window.screen)")
            #expect(window.harness.unusable?.contains(said) == true, "\(key): \(String(describing: window.harness.unusable))")
            #expect(FileManager.default.contents(atPath: dash.storePath) == bytes, "\(key)")
            // The store as it was, for the next window.
            try FileManager.default.contents(atPath: dash.folder + "/kept")?.write(to: URL(fileURLWithPath: dash.storePath))
        }
    }

    /// Bytes of no store at all put over it in place: the session called it "damaged", where a
    /// command says "not a DashPilot store (it is not an SQLite database)" (from audit).
    @Test func bytesOfNoStoreCopiedOverInPlaceAreSaidAsACommandSaysThem() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: dash.storePath))
        window.idle()
        #expect(window.harness.exitStatus == 74)
        let command = dash.run(["shift", "list"])
        let said = try #require(window.harness.unusable)
        #expect(said.contains("is not a DashPilot store (it is not an SQLite database)"), "\(said)")
        #expect(command.status == 74 && command.stderr == "Error: \(said)\n", "\(command.stderr) / \(said)")
    }
}
