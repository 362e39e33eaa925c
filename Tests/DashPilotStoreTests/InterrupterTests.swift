import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// Ctrl-C while a backup's copy is checked: cli.md, 130, "the operation under way either
/// committed or left no trace", and heard at once. The checks each read the whole file in long
/// statements (SQLite's integrity check in one step of its machine), and a stop was heard only
/// when they had ended: seconds on years of history.
@Suite("A stop interrupts the statement under way")
struct InterrupterTests {
    static let always: @Sendable () -> Bool = { true }
    static let never: @Sendable () -> Bool = { false }
    /// A count of thirty million rows: seconds of one statement, unless interrupted.
    static let long = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000000) SELECT count(*) FROM n"

    /// The stop is asked for from the start, but an interrupt given before a statement starts is
    /// forgotten by SQLite when it starts: the statement is stopped by a poll while it runs, as
    /// Ctrl-C during a check is.
    @Test func aStopInterruptsAStatementAlreadyRunningOnAConnectionHeld() throws {
        let connection = try Connection(path: ":memory:", create: true, busyTimeoutMilliseconds: 0)
        let outcome = Result {
            try Interrupter.watching(Self.always) { interrupter in
                try interrupter.interrupting(connection) { try connection.scalar(Self.long) }
            }
        }
        guard case .failure(let error as SQLiteError) = outcome else {
            Issue.record("the statement ran to its end: \(outcome)")
            return
        }
        #expect(error.primaryCode == SQLITE_INTERRUPT)
        // The connection, no longer held, runs its next statement.
        #expect(try connection.scalar("SELECT 7") == 7)
    }

    /// A stop is one way: asked for once (the terminal's flag never goes back, but a caller's
    /// closure might), the statements are interrupted, and the checks say so.
    @Test func aStopAskedForOnceStaysAskedFor() throws {
        final class Once: @unchecked Sendable {
            let lock = NSLock()
            var asked = false
            func stop() -> Bool {
                lock.withLock {
                    defer { asked = true }
                    return !asked
                }
            }
        }
        let once = Once()
        let stop: @Sendable () -> Bool = { once.stop() }
        let connection = try Connection(path: ":memory:", create: true, busyTimeoutMilliseconds: 0)
        let (_, rest, interrupted) = BackupFile.checkingIntegrity(of: StorePath(":memory:"), stop: stop) { interrupter in
            try interrupter.interrupting(connection) { try connection.scalar(Self.long) }
        }
        guard case .failure(let error as SQLiteError) = rest else {
            Issue.record("the statement ran to its end: \(rest)")
            return
        }
        #expect(error.primaryCode == SQLITE_INTERRUPT)
        #expect(interrupted)
    }

    @Test func withoutAStopEveryStatementRunsToItsEnd() throws {
        let connection = try Connection(path: ":memory:", create: true, busyTimeoutMilliseconds: 0)
        let counted = try Interrupter.watching(Self.never) { interrupter in
            try interrupter.interrupting(connection) {
                try connection.scalar(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) SELECT count(*) FROM n")
            }
        }
        #expect(counted == 300_000)
    }

    /// The checks beside SQLite's integrity check: a statement of theirs under way when the stop
    /// comes is interrupted, and the check of a backup says it was interrupted.
    @Test func aBackupsChecksAreInterruptedByAStopAndSaySo() throws {
        let fixture = try KeepingTests.store()
        let kept = try fixture.store.backup(to: StorePath(fixture.folder.file("kept.sqlite")), timeZone: .gmt)
        let (integrity, rest, interrupted) = BackupFile.checkingIntegrity(of: StorePath(kept.path), stop: Self.always) { interrupter in
            let connection = try Connection(path: StorePath(kept.path), create: false, readOnly: true, busyTimeoutMilliseconds: 0)
            return try interrupter.interrupting(connection) { try connection.scalar(Self.long) }
        }
        guard case .failure(let error as SQLiteError) = rest else {
            Issue.record("the statement ran to its end: \(rest)")
            return
        }
        #expect(error.primaryCode == SQLITE_INTERRUPT)
        #expect(interrupted)
        // The integrity check of so small a file may end before the first poll, or be stopped.
        switch integrity {
        case .success(let lines): #expect(lines == ["ok"])
        case .failure(let error): #expect((error as? SQLiteError)?.primaryCode == SQLITE_INTERRUPT)
        }
        let checked = Result { try BackupFile.check(StorePath(kept.path), version: Schema.currentVersion, counts: nil, stop: Self.always) }
        guard case .failure(KeepingFailure.interrupted) = checked else {
            Issue.record("the check did not say it was interrupted: \(checked)")
            return
        }
    }
}
