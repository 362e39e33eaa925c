import DashPilotCore
import DashPilotStore
import Foundation

/// The reads and writes of money and time (store version 8): a week's figures, lists of weeks,
/// a page of expenses, a tip and a pay on a finished delivery.
extension Runner {
    /// Times `body` (called with -1 to warm the cache, then with each repetition's index) and
    /// adds its row: operation, repetitions, target in seconds.
    typealias Timed = (_ operation: String, _ count: Int, _ target: Double, _ body: (Int) throws -> Void) throws -> Void

    /// A week, the newest 12 weeks, every week, and the newest page of expenses, in the time zone
    /// of `TZ`, at an hour after the last shift ended.
    func moneyReads(_ store: DashPilotStore, clock: ScriptedClock, shifts: [Shift], reps: (Int) -> Int, timed: Timed) throws {
        guard let recent = shifts.dropFirst(10).first ?? shifts.last else { return }
        let zone = TimeZone.current
        let now = (shifts.compactMap(\.endedAt).max() ?? Date(timeIntervalSince1970: 1_800_000_000)).addingTimeInterval(3_600)
        clock.set(now)
        let week = Period(.week, containing: LocalDate(recent.startedAt, in: zone))
        let inWeek = try store.period(week, timeZone: zone, now: now).totals.count
        let weeks = try store.periods(.week, limit: nil, timeZone: zone, now: now).count
        let expenses = try store.expenseCount(from: nil, before: nil)
        try timed("period week, a recent week (\(inWeek) shift\(inWeek == 1 ? "" : "s"))", reps(100), 5e-3) { _ in
            _ = try store.period(week, timeZone: zone, now: now)
        }
        try timed("period list week, the newest 12", reps(100), 5e-3) { _ in
            _ = try store.periods(.week, limit: 12, timeZone: zone, now: now)
        }
        try timed("period list week --all (\(weeks) weeks)", reps(20), 20e-3) { _ in
            _ = try store.periods(.week, limit: nil, timeZone: zone, now: now)
        }
        try timed("period list week --all, only what its rows show", reps(20), 20e-3) { _ in
            _ = try store.periods(.week, limit: nil, timeZone: zone, now: now, detail: .listRow)
        }
        try timed("expense list, the newest 20 of \(expenses)", reps(200), 2e-3) { _ in
            _ = try store.expenses(from: nil, before: nil, limit: 20)
        }
    }

    /// Adding a tip to, and setting the pay of, a finished delivery: on a shift of 20 delivered
    /// deliveries made at `start` and deleted again.
    func moneyWrites(_ store: DashPilotStore, clock: ScriptedClock, at start: Date, reps: (Int) -> Int, timed: Timed) throws {
        clock.set(start)
        let shift = try store.startShift()
        var time = start
        for _ in 1...20 {
            time = time.addingTimeInterval(60)
            clock.set(time)
            let number = try store.acceptDelivery().number
            for step in [LifecycleStep.arrive, .pickUp, .deliver] {
                time = time.addingTimeInterval(60)
                clock.set(time)
                _ = try store.record(step, delivery: number)
            }
        }
        try timed("add a tip to a finished delivery", reps(200), 2e-3) { index in
            let run = max(0, index)
            clock.set(time.addingTimeInterval(Double(run + 1)))
            _ = try store.addTip(
                Money(cents: 150 + Int64(run % 7) * 50), method: run % 2 == 0 ? .cash : .platform, delivery: run % 20 + 1, shiftID: shift.id
            )
        }
        try timed("set a finished delivery's pay", reps(200), 2e-3) { index in
            let run = max(0, index)
            _ = try store.setPay(Money(cents: 600 + Int64(run % 11) * 25), delivery: run % 20 + 1, shiftID: shift.id)
        }
        clock.set(time.addingTimeInterval(3_600))
        _ = try store.endShift()
        try store.deleteShift(id: shift.id)
    }
}
