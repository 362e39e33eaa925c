import CSQLite
import Foundation

/// Interrupts the statements running on the connections it holds once a stop is asked for, so
/// that Ctrl-C during a check of a whole file is heard at once rather than when the check ends.
/// The stop is polled by a thread of its own (`watching`): SQLite's integrity check reads the whole
/// file in one step of its machine, between which a progress handler would be asked.
final class Interrupter: @unchecked Sendable {
    private let lock = NSLock()
    /// Each connection held, with how many `interrupting` calls hold it (they may nest).
    private var connections: [ObjectIdentifier: (connection: Connection, holds: Int)] = [:]
    private var stopped = false
    /// Whether a stop was asked for while `watching` ran: what the statements it interrupted
    /// failed for, whatever the stop says afterwards.
    var interrupted: Bool { lock.withLock { stopped } }
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
                // A stop once asked for stays asked for.
                if interrupter.interrupted || stop() { interrupter.interruptAll() }
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
            connections[key, default: (connection, 0)].holds += 1
            if stopped { sqlite3_interrupt(connection.handle) }
        }
        defer {
            lock.withLock {
                connections[key]?.holds -= 1
                if connections[key]?.holds == 0 { connections[key] = nil }
            }
        }
        return try body()
    }

    private func interruptAll() {
        lock.withLock {
            stopped = true
            for held in connections.values { sqlite3_interrupt(held.connection.handle) }
        }
    }
}
