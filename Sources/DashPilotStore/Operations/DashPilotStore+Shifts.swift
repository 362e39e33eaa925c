import DashPilotCore
import Foundation

extension DashPilotStore {
    /// Starts a shift at the clock's time. Refused while one runs.
    public func startShift() throws -> Shift {
        try write {
            if let running = try shiftTable.running() { throw DashPilotRefusal.shiftAlreadyRunning(id: running.id) }
            let startedAt = now
            return Shift(id: try shiftTable.insert(startedAt: startedAt), startedAt: startedAt)
        }
    }

    /// Ends the running shift at `time` (the clock's time when `nil`): no earlier than anything
    /// recorded on it (its start, every step, every sample) and no later than now. No recorded
    /// time changes. Refused while any of its deliveries is open. `shown`: the shift a screen
    /// asked about; refused when another program has ended it since.
    public func endShift(at time: Date? = nil, shown: Int64? = nil) throws -> Shift {
        try write {
            guard var shift = try shiftTable.running() else {
                throw shown.map { DashPilotRefusal.shiftNoLongerRunning(id: $0) } ?? DashPilotRefusal.noShiftRunning
            }
            if let shown, shift.id != shown { throw DashPilotRefusal.shiftNoLongerRunning(id: shown) }
            let open = try deliveryTable.openNumbers(shiftID: shift.id)
            guard open.isEmpty else { throw DashPilotRefusal.deliveriesStillOpen(numbers: open) }
            let clock = now
            let latest = try lastActivityRow(of: shift)
            guard clock.unixSeconds >= latest.unixSeconds else { throw DashPilotRefusal.clockEarlierThanShift(id: shift.id) }
            let endedAt = time?.wholeSecond ?? clock
            if time != nil {
                guard endedAt >= latest else {
                    throw DashPilotRefusal.endBeforeLastActivity(id: shift.id, lastActivity: latest, asked: endedAt)
                }
                guard endedAt <= clock else { throw DashPilotRefusal.endInTheFuture(id: shift.id, asked: endedAt, now: clock) }
            }
            // Ending a paused shift ends its pause at the same moment.
            try pauseTable.end(shiftID: shift.id, at: endedAt)
            try shiftTable.end(id: shift.id, at: endedAt)
            shift.endedAt = endedAt
            return shift
        }
    }

    /// The latest time recorded on the running shift: its start, a step of a delivery, a route
    /// sample, or a pause's start or end. What "end it at its last activity" ends it at.
    public func lastActivity() throws -> Date? {
        try read { try shiftTable.running().map { try lastActivityRow(of: $0) } }
    }

    func lastActivityRow(of shift: Shift) throws -> Date {
        // Only what was recorded is compared: no stand-in for what was not.
        let recorded = [
            try deliveryTable.latestStep(shiftID: shift.id), try routeSummaries.stored(shiftID: shift.id)?.last?.time,
            try pauseTable.latestMoment(shiftID: shift.id),
        ]
        return Date(unixSeconds: recorded.compactMap { $0 }.reduce(shift.startedAt.unixSeconds, max))
    }

    /// The running shift, if one runs.
    public func runningShift() throws -> Shift? {
        try read { try shiftTable.running() }
    }

    func shiftRow(id: Int64) throws -> Shift {
        guard let shift = try shiftTable.shift(id: id) else { throw DashPilotRefusal.shiftNotFound(id: id) }
        return shift
    }

    /// The shift `id`, or the running one when `id` is `nil`.
    func shiftRow(idOrRunning id: Int64?) throws -> Shift {
        if let id { return try shiftRow(id: id) }
        guard let running = try shiftTable.running() else { throw DashPilotRefusal.noShiftRunning }
        return running
    }

    /// Shifts, newest first, with their delivery counts and mileage (from the route summaries,
    /// never the samples): at most `limit` (or all) after skipping `offset`.
    public func shifts(limit: Int?, offset: Int = 0, completedOnly: Bool = false) throws -> [ShiftSummary] {
        try read {
            // SQLite steps over every skipped row: a page in the older half of ten years of
            // shifts is read from the oldest end, so that `End` costs what `Home` does.
            if let limit, offset > limit {
                let total = try shiftTable.count(completedOnly: completedOnly)
                if offset * 2 > total {
                    let end = min(total, offset + limit)
                    guard end > offset else { return [] }
                    return try shiftTable.summaries(
                        limit: end - offset, offset: total - end, completedOnly: completedOnly, oldestFirst: true
                    )
                    .reversed()
                }
            }
            return try shiftTable.summaries(limit: limit, offset: offset, completedOnly: completedOnly)
        }
    }

    /// How many shifts the store holds (completed ones only, when `completedOnly`).
    public func shiftCount(completedOnly: Bool) throws -> Int {
        try read { try shiftTable.count(completedOnly: completedOnly) }
    }

    /// The log of shift `id` (or of the running shift): its deliveries, mileage and rates.
    public func shiftLog(id: Int64?) throws -> ShiftLog {
        try read {
            let shift = try shiftRow(idOrRunning: id)
            let deliveries = try deliveryTable.deliveries(shiftID: shift.id)
            let route = try routeSummaries.stored(shiftID: shift.id)?.route ?? .none
            var waits: [Int64: [PickupWaitSample]] = [:]
            if shift.isRunning {
                for delivery in deliveries where delivery.pickedUpAt == nil && !delivery.state.isFinished {
                    guard let placeID = delivery.pickupPlaceID, waits[placeID] == nil else { continue }
                    waits[placeID] = try deliveryTable.waitSamples(placeID: placeID)
                }
            }
            return ShiftLog(
                shift: shift, deliveries: deliveries, route: route, waitsOfPlacesAhead: waits,
                pauses: try pauseTable.pauses(shiftID: shift.id), currency: Currency(try currencyTable.code()) ?? .usd)
        }
    }

    /// Deletes completed shift `id` with its deliveries and route samples. Every pickup place stays.
    public func deleteShift(id: Int64) throws {
        try write {
            let shift = try shiftRow(id: id)
            guard !shift.isRunning else { throw DashPilotRefusal.shiftStillRunning(id: id) }
            try shiftTable.delete(id: id)
        }
    }

    /// Records (`amount`) or clears (`nil`) the gross earnings of completed shift `id`.
    /// Returns the earnings recorded before (`nil`: none, so a clearing changed nothing).
    @discardableResult
    public func setEarnings(_ amount: Money?, shiftID id: Int64) throws -> Money? {
        try write {
            let shift = try shiftRow(id: id)
            guard !shift.isRunning else { throw DashPilotRefusal.shiftStillRunning(id: id) }
            if let amount, amount.cents < 0 { throw DashPilotRefusal.negativeEarnings }
            try shiftTable.setEarnings(amount, id: id)
            return shift.earnings
        }
    }
}
