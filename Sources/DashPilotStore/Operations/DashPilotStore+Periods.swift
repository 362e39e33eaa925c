import DashPilotCore
import Foundation

extension DashPilotStore {
    /// The newest `limit` periods of `kind` in `timeZone` (every one since the first shift or
    /// expense when `nil`), newest first; a period with neither is listed with zeros. With
    /// `.listRow`, only what a list's row shows is read (`ShiftTotals.Detail`).
    public func periods(
        _ kind: Period.Kind, limit: Int?, timeZone: TimeZone, now: Date, detail: ShiftTotals.Detail = .whole
    ) throws -> [PeriodFigures] {
        let today = LocalDate(now, in: timeZone)
        if let limit {
            // The newest `limit` of every period: none before the one holding the first record.
            let start = Period(kind, containing: try recordedDays(timeZone: timeZone, today: today).first)
            var oldest = Period(kind, containing: today)
            var count = 1
            while count < limit && oldest.from > start.from {
                oldest = oldest.previous
                count += 1
            }
            let from = oldest.from.start(in: timeZone)
            let totals = try shiftTotals(startedFrom: from, before: nil, now: now, detail: detail)
            let spent = try expenses(from: from, before: nil, limit: nil)
            let days = totals.map { LocalDate($0.shift.startedAt, in: timeZone) } + spent.map { LocalDate($0.spentAt, in: timeZone) }
            let newest = days.max().map { max($0, today) } ?? today
            return Array(
                PeriodFigures.periods(kind, of: totals, expenses: spent, from: oldest.from, to: newest, timeZone: timeZone, now: now)
                    .prefix(limit))
        }
        let totals = try shiftTotals(startedFrom: nil, before: nil, now: now, detail: detail)
        let spent = try expenses(from: nil, before: nil, limit: nil)
        let days = totals.map { LocalDate($0.shift.startedAt, in: timeZone) } + spent.map { LocalDate($0.spentAt, in: timeZone) }
        let first = days.min().map { min($0, today) } ?? today
        let last = days.max().map { max($0, today) } ?? today
        return PeriodFigures.periods(kind, of: totals, expenses: spent, from: first, to: last, timeZone: timeZone, now: now)
    }

    /// How many periods of `kind` there are, from the one holding the first shift or expense to
    /// the one holding today (or the last, when later), and that newest one. Two index reads.
    public func periodSpan(_ kind: Period.Kind, timeZone: TimeZone, now: Date) throws -> (newest: Period, count: Int) {
        let (first, last) = try recordedDays(timeZone: timeZone, today: LocalDate(now, in: timeZone))
        let newest = Period(kind, containing: last)
        var count = 1
        var period = newest
        while period.from > Period(kind, containing: first).from {
            period = period.previous
            count += 1
        }
        return (newest, count)
    }

    /// The local days from the first shift or expense (or `today`, when earlier or when there is
    /// none) to the last (or `today`, when later). Two index reads.
    private func recordedDays(timeZone: TimeZone, today: LocalDate) throws -> (first: LocalDate, last: LocalDate) {
        let spans = try read { [try shiftTable.startSpan(), try expenseTable.span()].compactMap { $0 } }
        let first = spans.map { LocalDate(Date(unixSeconds: $0.first), in: timeZone) }.min().map { min($0, today) } ?? today
        let last = spans.map { LocalDate(Date(unixSeconds: $0.last), in: timeZone) }.max().map { max($0, today) } ?? today
        return (first, last)
    }

    /// `limit` periods of `kind`, newest first, starting `newer` periods before `newest`: a
    /// window of a long list of weeks, read from its shifts and expenses alone (with `.listRow`,
    /// only what its rows show).
    public func periods(
        _ kind: Period.Kind, before newer: Int, of newest: Period, limit: Int, timeZone: TimeZone, now: Date,
        detail: ShiftTotals.Detail = .whole
    ) throws -> [PeriodFigures] {
        var top = newest
        for _ in 0..<max(0, newer) { top = top.previous }
        var oldest = top
        for _ in 1..<max(1, limit) { oldest = oldest.previous }
        let from = oldest.from.start(in: timeZone)
        let before = top.to.adding(days: 1).start(in: timeZone)
        let totals = try shiftTotals(startedFrom: from, before: before, now: now, detail: detail)
        let spent = try expenses(from: from, before: before, limit: nil)
        return PeriodFigures.periods(kind, of: totals, expenses: spent, from: oldest.from, to: top.from, timeZone: timeZone, now: now)
    }

    /// The figures of one period: its shifts' totals and the expenses dated in it.
    public func period(_ period: Period, timeZone: TimeZone, now: Date) throws -> (figures: PeriodFigures, totals: [ShiftTotals]) {
        let from = period.from.start(in: timeZone)
        let before = period.to.adding(days: 1).start(in: timeZone)
        let totals = try shiftTotals(startedFrom: from, before: before, now: now)
        var spent = ExpenseTotals()
        for expense in try expenses(from: from, before: before, limit: nil) { spent.add(expense.amount, category: expense.category) }
        return (PeriodFigures(period: period, totals: totals, expenses: spent, now: now), totals)
    }

    /// What each shift started in `[from, before)` adds to a period (every shift when both are
    /// `nil`): its counts, open time and recorded pay from its deliveries, its tips, its paused
    /// time, its mileage from its route summary (with `.listRow`, no open time, pay or tip). A few
    /// queries, whatever the number of shifts; no sample is read.
    public func shiftTotals(
        startedFrom from: Date?, before: Date?, now moment: Date? = nil, detail: ShiftTotals.Detail = .whole
    ) throws -> [ShiftTotals] {
        let low = from?.unixSeconds ?? Int64.min
        let high = before?.unixSeconds ?? Int64.max
        return try read {
            var totals: [ShiftTotals] = []
            var indexOf: [Int64: Int] = [:]
            try shiftTable.withRoute(startedFrom: low, before: high) { shift, route in
                indexOf[shift.id] = totals.count
                var total = ShiftTotals(shift: shift, delivered: 0, cancelled: 0, deliveries: 0, deliveryOpenSeconds: 0, route: route)
                total.detail = detail
                totals.append(total)
            }
            guard !totals.isEmpty else { return [] }
            // The caller's now (a period's), else the clock's: one now for a whole reading.
            let now = (moment ?? clock.now()).unixSeconds
            switch detail {
            case .listRow:
                try deliveryTable.forEachCount(ofShiftsStartedFrom: low, before: high) { shiftID, deliveries, delivered, cancelled in
                    guard let index = indexOf[shiftID] else { return }
                    (totals[index].deliveries, totals[index].delivered, totals[index].cancelled) = (deliveries, delivered, cancelled)
                }
            case .whole:
                try addDeliveriesAndTips(to: &totals, indexOf: indexOf, startedFrom: low, before: high, now: now)
            }
            for (id, seconds) in try pauseTable.seconds(ofShiftsStartedFrom: low, before: high, now: now) {
                if let index = indexOf[id] { totals[index].pausedSeconds = seconds }
            }
            return totals
        }
    }

    /// Adds each delivery of the shifts started in `[low, high)` to `totals` (`indexOf` gives a
    /// shift's place in it), then their tips.
    private func addDeliveriesAndTips(
        to totals: inout [ShiftTotals], indexOf: [Int64: Int], startedFrom low: Int64, before high: Int64, now: Int64
    ) throws {
        // One covering index, shift by shift and in acceptance order within a shift: counts
        // and the union of open times gather in locals and are written once a shift, and
        // nothing is sorted.
        var current = -1
        var currentID: Int64?
        var delivered = 0
        var cancelled = 0
        var count = 0
        var pay = PayCoverage()
        var open = IntervalUnion()
        func close() {
            guard current >= 0 else { return }
            totals[current].delivered = delivered
            totals[current].cancelled = cancelled
            totals[current].deliveries = count
            totals[current].deliveryOpenSeconds = open.seconds
            totals[current].deliveryPay = pay
        }
        // Each delivery's row id with its shift's place in `totals`, for its tips.
        var owners = DeliveryOwners()
        var shiftEnd = now
        try deliveryTable.forEachTimes(ofShiftsStartedFrom: low, before: high) {
            deliveryID, shiftID, acceptedAt, deliveredAt, cancelledAt, payCents in
            if shiftID != currentID {
                close()
                currentID = shiftID
                current = indexOf[shiftID] ?? -1
                shiftEnd = current >= 0 ? totals[current].shift.endedAt?.unixSeconds ?? now : now
                (delivered, cancelled, count, pay, open) = (0, 0, 0, PayCoverage(), IntervalUnion())
            }
            count += 1
            if deliveredAt != nil { delivered += 1 }
            if cancelledAt != nil { cancelled += 1 }
            if deliveredAt != nil || cancelledAt != nil { pay.addFinished(pay: payCents.map(Money.init(cents:))) }
            open.add(start: acceptedAt, end: deliveredAt ?? cancelledAt ?? shiftEnd)
            if current >= 0 { owners.append(deliveryID, shift: current) }
        }
        close()
        guard let ids = owners.sortedIDs() else { return }
        // A quarter of all deliveries' row ids or more (years of shifts): one pass over the tip
        // table beats a lookup a tip.
        // (In doubles: row ids written by another tool may span more than an Int64 holds.)
        let wholeTable = (Double(ids.upperBound) - Double(ids.lowerBound) + 1) * 4 >= Double(try deliveryTable.highestID())
        try tipTable.forEachAmount(ofDeliveries: ids, wholeTable: wholeTable) { deliveryID, amount, method in
            if let index = owners.shift(of: deliveryID) { totals[index].tips.add(amount, method: method) }
        }
    }
}

/// The deliveries a reading holds, by row id, each with its shift's place in the reading: a sorted
/// array searched by halves, smaller and quicker to fill than a dictionary of a hundred thousand.
/// Row ids mostly arrive in order already (a shift's deliveries are written as they happen).
private struct DeliveryOwners {
    private var rows: [(id: Int64, shift: Int)] = []
    private var sorted = true

    mutating func append(_ id: Int64, shift: Int) {
        if let last = rows.last, last.id > id { sorted = false }
        rows.append((id, shift))
    }

    /// Sorts the rows by id (if they did not arrive in order) and returns the lowest and highest
    /// id held; `nil` when none is. `shift(of:)` searches the sorted rows.
    mutating func sortedIDs() -> ClosedRange<Int64>? {
        if !sorted {
            rows.sort { $0.id < $1.id }
            sorted = true
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first.id...last.id
    }

    /// The place of delivery `id`'s shift, or `nil` when the reading does not hold it (the rows
    /// sorted by `sortedIDs()` first).
    func shift(of id: Int64) -> Int? {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && rows[low].id == id ? rows[low].shift : nil
    }
}
