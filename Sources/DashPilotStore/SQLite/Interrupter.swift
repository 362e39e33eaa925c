import CSQLite
import Foundation

/// Interrupts the statements running on the connections it holds once a stop is asked for, so
/// that Ctrl-C during a check of a whole file is heard at once rather than when the check ends.
/// The stop is polled by a thread of its own (`watching`): SQLite's integrity check reads the whole
/// file in one step of its machine, between which a progress handler would be asked.
final class Interrupter: @unchecked Sendable {
    private let lock = NSLock()
    private var connections: [ObjectIdentifier: Connection] = [:]
    private var stopped = false
    /// Set once `watching`'s body has returned: its polling thread then ends.
    private var finished = false
    private var isFinished: Bool { lock.withLock { finished } }

    /// Runs `body` with a stop polled every 50 ms; once it is asked for, every connection held
    /// then or later is interrupted, again at each poll: an interrupt given before a statement
    /// starts is forgotten by SQLite when it starts.
    static func watching<T>(_ stop: (@Sendable () -> Bool)?, _ body: (Interrupter) throws -> T) rethrows -> T {
        let interrupter = Interrupter()
        guard let stop else { return try body(interrupter) }
        Thread {
            // Sleeps, never a deadline: under a clock made to stand still (faketime), a wait
            // until "now + 50 ms" ends at once, and the poll would spin.
            while !interrupter.isFinished {
                if stop() { interrupter.interruptAll() }
                usleep(50_000)
            }
        }
        .start()
        defer { interrupter.lock.withLock { interrupter.finished = true } }
        return try body(interrupter)
    }

    /// Runs `body`, whose statements on `connection` are interrupted once a stop is asked for.
    /// The connection is held until `body` returns, so that it cannot close while interrupted.
    func interrupting<T>(_ connection: Connection, _ body: () throws -> T) rethrows -> T {
        let key = ObjectIdentifier(connection)
        lock.withLock {
            connections[key] = connection
            if stopped { sqlite3_interrupt(connection.handle) }
        }
        defer { lock.withLock { connections[key] = nil } }
        return try body()
    }

    private func interruptAll() {
        lock.withLock {
            stopped = true
            for connection in connections.values { sqlite3_interrupt(connection.handle) }
        }
    }
}
