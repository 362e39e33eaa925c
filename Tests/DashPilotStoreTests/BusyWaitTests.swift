import Testing

@testable import DashPilotStore

/// cli.md, 74: busy is "another program held its lock for longer than five seconds". A key of
/// the screens reads and writes several times, and each waited its own five seconds: 15 s for
/// `h`, and a step recorded eight seconds after its key, once a nine-second lock went.
@Suite("Waiting for another program's lock")
struct BusyWaitTests {
    /// Time that moves only by what is slept, so that nothing here sleeps.
    final class Slept {
        var now: UInt64 = 1_000_000_000
        func wait(_ timeout: Int32) -> BusyWait {
            BusyWait(timeoutMilliseconds: timeout, sleep: { self.now += $0 })
        }
        /// Tries one lock until the wait gives up; returns how long it waited, in milliseconds.
        func attempt(_ wait: BusyWait) -> UInt64 {
            let start = now
            var count: Int32 = 0
            while wait.retries(after: count) { count += 1 }
            return (now - start) / 1_000_000
        }
    }

    /// A command of the command line opens the store, then writes: two locks, each waited for
    /// five seconds, and a write recorded 8.6 s after a held lock began (the concurrency audit).
    /// From `shareFromNowOn`, the second lock waits only what is left of the first's five.
    @Test func aCommandWaitsFiveSecondsInAllForItsLocks() {
        let slept = Slept()
        let wait = slept.wait(5000)
        // The store opened after waiting 3 s (then the lock came).
        var count: Int32 = 0
        let start = slept.now
        while slept.now - start < 3_000_000_000, wait.retries(after: count) { count += 1 }
        wait.shareFromNowOn()
        let second = slept.attempt(wait)
        #expect(second >= 1_900 && second <= 2_000, "\(second)")
        // Without it, each lock waits its own five seconds.
        let apart = slept.wait(5000)
        _ = slept.attempt(apart)
        #expect(slept.attempt(apart) == 5_000)
    }

    /// cli.md, 130: "Interrupted (Ctrl-C), as every shell program does". Ctrl-C while a command
    /// opened a store another program held was heard only once the five seconds had passed (an
    /// outside audit: `^C` at 1 s, the end at 5.01 s). A stop asked for ends the wait at the next
    /// try, as busy: nothing is written.
    @Test func aStopAskedForEndsTheWaitAtTheNextTry() {
        let slept = Slept()
        var stop = false
        var asked = 0
        let wait = BusyWait(
            timeoutMilliseconds: 5000, sleep: { slept.now += $0 },
            stopWaiting: {
                asked += 1
                return stop
            })
        #expect(wait.retries(after: 0) && wait.retries(after: 1))
        stop = true
        #expect(!wait.retries(after: 2))
        #expect(asked > 0)
        // 1 + 2 ms slept before the stop; nothing after it.
        #expect((slept.now - 1_000_000_000) / 1_000_000 == 3)
    }

    /// The store opened against a lock another connection holds asks the stop while it waits,
    /// and, told to, fails as busy at once.
    @Test func aStoreOpenedAgainstAHeldLockAsksTheStopAndFailsAsBusy() throws {
        let fixture = try StoreFixture()
        let holder = try Connection(path: fixture.path, create: false, busyTimeoutMilliseconds: 0)
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }
        let asked = Counter()
        #expect(throws: StoreError.busy) {
            _ = try DashPilotStore(
                storePath: StorePath(fixture.path), busyTimeoutMilliseconds: 10_000,
                stopWaiting: {
                    asked.count += 1
                    return true
                })
        }
        #expect(asked.count == 1)
    }

    final class Counter { var count = 0 }

    @Test func eachLockWaitsTheTimeoutOnItsOwn() {
        let slept = Slept()
        let wait = slept.wait(5000)
        #expect(slept.attempt(wait) == 5000)
        #expect(slept.attempt(wait) == 5000)
    }

    @Test func withinOneKeyEveryLockWaitsAgainstOneTimeout() {
        let slept = Slept()
        let wait = slept.wait(5000)
        let waited = wait.shared(waiting: true) { [slept.attempt(wait), slept.attempt(wait), slept.attempt(wait)] }
        #expect(waited == [5000, 0, 0])
        // The next key waits its own five seconds.
        #expect(wait.shared(waiting: true) { slept.attempt(wait) } == 5000)
    }

    @Test func lookingForChangesBetweenKeysWaitsForNone() {
        let slept = Slept()
        let wait = slept.wait(5000)
        #expect(wait.shared(waiting: false) { slept.attempt(wait) } == 0)
        #expect(slept.attempt(wait) == 5000)
    }

    /// The screens look for changes between keys without waiting, inside a key that waits: the
    /// key's wait goes on where it was.
    @Test func aWaitForNothingInsideAKeyLeavesTheKeysWaitAsItWas() {
        let slept = Slept()
        let wait = slept.wait(5000)
        let waited = wait.shared(waiting: true) {
            [wait.shared(waiting: false) { slept.attempt(wait) }, slept.attempt(wait), slept.attempt(wait)]
        }
        #expect(waited == [0, 5000, 0])
    }

    @Test func aTimeoutOfZeroNeverWaits() {
        let slept = Slept()
        #expect(slept.attempt(slept.wait(0)) == 0)
    }
}
