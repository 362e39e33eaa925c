import DashPilotCore
import Foundation

extension BackupFile {
    /// How long a check of a copy waits for a lock: the copy is private, and the only lock it
    /// meets is another check's, beside it (a copy of a store in WAL mode is opened in WAL mode,
    /// and the first connection to open it recovers its index while the others wait).
    static let checksWait: Int32 = 5000

    /// SQLite's integrity check of the file at `path`, with the schema's CHECK rules asked of its
    /// rows (`CheckRules`), through a read-only connection of its own on a thread of its own,
    /// while `body` runs on this one. Each reads the whole file (the
    /// integrity check 3.5 s of ten years, the rest of a backup's checks 6 s more), and a
    /// driver's device has two cores or more. Once `stop` asks for it, the check and the
    /// statements of every connection `body` holds through the `Interrupter` are interrupted.
    /// Returns the check's lines (`["ok"]`: intact) or what kept it from running, what `body`
    /// returned or threw, and whether a stop was asked for meanwhile (then what either says may
    /// be only that it was interrupted).
    static func checkingIntegrity<T>(
        of path: StorePath, stop: (@Sendable () -> Bool)? = nil, alongside body: (Interrupter) throws -> T
    ) -> (integrity: Result<[String], any Error>, result: Result<T, any Error>, interrupted: Bool) {
        Interrupter.watching(stop) { interrupter in
            let outcome = IntegrityOutcome()
            let finished = DispatchSemaphore(value: 0)
            let thread = Thread {
                outcome.lines = Result {
                    let connection = try Connection(path: path, create: false, readOnly: true, busyTimeoutMilliseconds: 5000)
                    return try interrupter.interrupting(connection) {
                        // Read-only, SQLite's check passes rows that break the schema's CHECK
                        // rules (a negative expense, a pause that ends before it starts): they
                        // are asked of the rows too.
                        let lines = try connection.texts("PRAGMA integrity_check")
                        guard lines == ["ok"] else { return lines }
                        let broken = try CheckRules.broken(in: connection)
                        return broken.isEmpty ? lines : broken
                    }
                }
                finished.signal()
            }
            thread.start()
            let result = Result { try body(interrupter) }
            finished.wait()
            return (outcome.lines, result, interrupter.interrupted || stop?() == true)
        }
    }

    /// A driver's backup checked (keeping.md: "SQLite's integrity and foreign-key checks pass on
    /// the copy, its schema version is the store's, and every check of `doctor` passes on it"):
    /// the integrity check beside the rest, each failure said as it was when they ran in turn.
    static func checkDriversCopy(_ connection: Connection, at path: StorePath, version: Int, stop: (@Sendable () -> Bool)?) throws {
        enum Found { case whole, dangling, otherVersion, unhealthy }
        let (integrity, found, interrupted) = checkingIntegrity(of: path, stop: stop) { interrupter throws -> Found in
            try interrupter.interrupting(connection) {
                guard try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0 else { return .dangling }
                guard Int(try connection.scalar("PRAGMA user_version") ?? 0) == version else { return .otherVersion }
                // Both SQLite checks are run here: doctor runs the rest, not those again.
                let copy = try DashPilotStore(storePath: path, busyTimeoutMilliseconds: checksWait, migrating: false, creating: false)
                return try interrupter.interrupting(copy.connection) {
                    try copy.doctor(sqliteChecksPassed: true).isHealthy ? .whole : .unhealthy
                }
            }
        }
        // A stop asked for: whatever the checks said, interrupted or not, it is what is said.
        if interrupted { throw KeepingFailure.interrupted }
        // A copy that is not intact may fail anything read from it: that is what is said.
        guard try integrity.get() == ["ok"] else { throw KeepingFailure.checkFailed("SQLite's integrity check failed on the copy") }
        switch try found.get() {
        case .whole: return
        case .dangling: throw KeepingFailure.checkFailed("a reference in the copy points at no row")
        case .otherVersion: throw KeepingFailure.checkFailed("the copy is not at the store's schema version")
        case .unhealthy: throw KeepingFailure.checkFailed("doctor found a problem in the copy; doctor on the store names it")
        }
    }
}

/// What an integrity check on its own thread found, read once that thread signalled it ended.
private final class IntegrityOutcome: @unchecked Sendable {
    var lines: Result<[String], any Error> = .success([])
}
