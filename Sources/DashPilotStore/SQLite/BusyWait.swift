import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long a connection waits for a lock another program holds: from the first try that finds
/// the store busy, up to the timeout, sleeping a little longer each try (as SQLite's own busy
/// timeout does). While `shared`, every wait counts against one timeout, so that one key of the
/// screens, whatever it reads and writes, waits that long in all before it says the store is
/// busy (cli.md, 74: "held its lock for longer than five seconds").
final class BusyWait {
    private let timeout: UInt64
    /// What the lock under way has waited, or (while shared) every lock since it began: counted
    /// in what was slept, never read off a clock, so that a frozen clock (`faketime`) cannot
    /// make it wait for ever.
    private var waited: UInt64 = 0
    private var isShared = false
    /// A sleep of so many nanoseconds; tests give their own.
    private let sleep: (UInt64) -> Void
    /// Whether the driver asked to stop meanwhile (Ctrl-C while the store is opened): then the
    /// wait ends at once, as busy, and nothing is written.
    private let stopWaiting: (() -> Bool)?

    /// The sleeps between tries, in milliseconds; the last repeats.
    private static let steps: [UInt64] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    init(timeoutMilliseconds: Int32, sleep: @escaping (UInt64) -> Void = BusyWait.sleep, stopWaiting: (() -> Bool)? = nil) {
        timeout = UInt64(max(0, timeoutMilliseconds)) * 1_000_000
        self.sleep = sleep
        self.stopWaiting = stopWaiting
    }

    /// Whether to try the lock again after its `count`th busy try (0 for the first), once slept.
    func retries(after count: Int32) -> Bool {
        if count == 0 && !isShared { waited = 0 }
        guard waited < timeout, stopWaiting?() != true else { return false }
        let step = min(Self.steps[min(Int(count), Self.steps.count - 1)] * 1_000_000, timeout - waited)
        sleep(step)
        waited += step
        return stopWaiting?() != true
    }

    /// Runs `body` with every wait in it counted against one timeout, or, without `waiting`, with
    /// none: a lock another program holds fails at once.
    /// Nested (a poll that waits for nothing inside a key that waits), the outer wait goes on
    /// where it was once the inner one ends.
    func shared<T>(waiting: Bool, _ body: () throws -> T) rethrows -> T {
        let outer = (isShared, waited)
        isShared = true
        waited = waiting ? (outer.0 ? outer.1 : 0) : timeout
        defer { (isShared, waited) = outer }
        return try body()
    }

    /// Counts every wait from now on against one timeout, what the lock last waited for
    /// included: a command of the command line, which opens the store and then writes, waits
    /// five seconds in all (it waited five for each, eight and a half in all, and went on).
    func shareFromNowOn() { isShared = true }

    static func sleep(_ nanoseconds: UInt64) {
        var interval = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var left = timespec()
        // A signal cuts a sleep short: what is left is slept.
        while nanosleep(&interval, &left) != 0 && errno == EINTR { interval = left }
    }
}
