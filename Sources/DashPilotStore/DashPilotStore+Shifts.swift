import DashPilotCore
import Foundation

extension DashPilotStore {
    static let shiftColumns = "id, started_at, ended_at, earnings_cents"

    static func shift(_ row: Row) -> Shift {
        Shift(
            id: row.int64(0), startedAt: Date(unixSeconds: row.int64(1)),
            endedAt: row.optionalInt64(2).map(Date.init(unixSeconds:)),
            earnings: row.optionalInt64(3).map(Money.init(cents:)))
    }

    /// Starts a shift at the clock's time. Refused while one runs.
    public func startShift() throws -> Shift {
        try write {
            if let running = try runningShiftRow() { throw DashPilotRefusal.shiftAlreadyRunning(id: running.id) }
            let startedAt = now
            try connection.run("INSERT INTO shift (started_at) VALUES (?)", .integer(startedAt.unixSeconds))
            return Shift(id: connection.lastInsertRowID, startedAt: startedAt)
        }
    }

    /// Ends the running shift at `time` (the clock's time when `nil`): no earlier than anything
    /// recorded on it (its start, every step, every sample) and no later than now. No recorded
    /// time changes. Refused while any of its deliveries is open.
    public func endShift(at time: Date? = nil) throws -> Shift {
        try write {
            guard var shift = try runningShiftRow() else { throw DashPilotRefusal.noShiftRunning }
            let open = try connection.query(
                "SELECT number FROM delivery WHERE shift_id = ? AND delivered_at IS NULL AND cancelled_at IS NULL ORDER BY number",
                .integer(shift.id)
            ) { Int($0.int64(0)) }
            guard open.isEmpty else { throw DashPilotRefusal.deliveriesStillOpen(numbers: open) }
            let clock = now
            let latest = try lastActivityRow(of: shift)
            guard clock.unixSeconds >= latest.unixSeconds else { throw DashPilotRefusal.clockEarlierThanShift(id: shift.id) }
            let endedAt = time?.wholeSecond ?? clock
            if time != nil {
                guard endedAt >= latest else { throw DashPilotRefusal.endBeforeLastActivity(id: shift.id, lastActivity: latest) }
                guard endedAt <= clock else { throw DashPilotRefusal.endInTheFuture(id: shift.id) }
            }
            try connection.run("UPDATE shift SET ended_at = ? WHERE id = ?", .integer(endedAt.unixSeconds), .integer(shift.id))
            shift.endedAt = endedAt
            return shift
        }
    }

    /// The latest time recorded on the running shift: its start, a step of a delivery, or a
    /// route sample. What "end it at its last activity" ends it at.
    public func lastActivity() throws -> Date? {
        try read { try runningShiftRow().map { try lastActivityRow(of: $0) } }
    }

    func lastActivityRow(of shift: Shift) throws -> Date {
        let steps =
            try connection.scalar(
                """
                SELECT max(max(accepted_at, coalesce(arrived_at_pickup_at, 0), coalesce(picked_up_at, 0),
                               coalesce(delivered_at, 0), coalesce(cancelled_at, 0)))
                FROM delivery WHERE shift_id = ?
                """, .integer(shift.id)) ?? 0
        let sample = try routeSummaries.stored(shiftID: shift.id)?.last?.time ?? 0
        return Date(unixSeconds: max(shift.startedAt.unixSeconds, steps, sample))
    }

    /// The running shift, if one runs.
    public func runningShift() throws -> Shift? {
        try read { try runningShiftRow() }
    }

    func runningShiftRow() throws -> Shift? {
        try connection.queryFirst("SELECT \(Self.shiftColumns) FROM shift WHERE ended_at IS NULL", row: Self.shift)
    }

    func shiftRow(id: Int64) throws -> Shift {
        guard let shift = try connection.queryFirst("SELECT \(Self.shiftColumns) FROM shift WHERE id = ?", .integer(id), row: Self.shift)
        else { throw DashPilotRefusal.shiftNotFound(id: id) }
        return shift
    }

    /// The shift `id`, or the running one when `id` is `nil`.
    func shiftRow(idOrRunning id: Int64?) throws -> Shift {
        if let id { return try shiftRow(id: id) }
        guard let running = try runningShiftRow() else { throw DashPilotRefusal.noShiftRunning }
        return running
    }

    /// Shifts, newest first, with their delivery counts and mileage (from the route summaries,
    /// never the samples): at most `limit` (or all) after skipping `offset`.
    public func shifts(limit: Int?, offset: Int = 0, completedOnly: Bool = false) throws -> [ShiftSummary] {
        try read {
            try connection.query(
                """
                SELECT \(Self.shiftColumns), (SELECT count(*) FROM delivery WHERE delivery.shift_id = shift.id),
                    \(RouteSummaryTable.columns)
                FROM shift LEFT JOIN route_summary ON route_summary.shift_id = shift.id
                WHERE ended_at IS NOT NULL OR NOT ?
                ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?
                """,
                .integer(completedOnly ? 1 : 0), .integer(Int64(limit ?? -1)), .integer(Int64(offset))
            ) { row in
                ShiftSummary(
                    shift: Self.shift(row), deliveryCount: Int(row.int64(4)), mileage: RouteSummaryTable.summary(row, offset: 5)?.mileage)
            }
        }
    }

    /// How many shifts the store holds (completed ones only, when `completedOnly`).
    public func shiftCount(completedOnly: Bool) throws -> Int {
        try read {
            Int(
                try connection.scalar("SELECT count(*) FROM shift WHERE ended_at IS NOT NULL OR NOT ?", .integer(completedOnly ? 1 : 0))
                    ?? 0)
        }
    }

    /// The log of shift `id` (or of the running shift): its deliveries, mileage and rates.
    public func shiftLog(id: Int64?) throws -> ShiftLog {
        try read {
            let shift = try shiftRow(idOrRunning: id)
            let deliveries = try deliveryRows(shiftID: shift.id)
            let mileage = try routeSummaries.stored(shiftID: shift.id)?.mileage
            var waits: [Int64: [PickupWaitSample]] = [:]
            if shift.isRunning {
                for delivery in deliveries where delivery.pickedUpAt == nil && !delivery.state.isFinished {
                    guard let placeID = delivery.pickupPlaceID, waits[placeID] == nil else { continue }
                    waits[placeID] = try waitSamples(ofPlace: placeID)
                }
            }
            return ShiftLog(shift: shift, deliveries: deliveries, mileage: mileage, waitsOfPlacesAhead: waits)
        }
    }

    /// Deletes completed shift `id` with its deliveries and route samples. Every pickup place stays.
    public func deleteShift(id: Int64) throws {
        try write {
            let shift = try shiftRow(id: id)
            guard !shift.isRunning else { throw DashPilotRefusal.shiftStillRunning(id: id) }
            try connection.run("DELETE FROM shift WHERE id = ?", .integer(id))
        }
    }

    /// Records (`amount`) or clears (`nil`) the gross earnings of completed shift `id`.
    public func setEarnings(_ amount: Money?, shiftID id: Int64) throws {
        try write {
            let shift = try shiftRow(id: id)
            guard !shift.isRunning else { throw DashPilotRefusal.shiftStillRunning(id: id) }
            if let amount, amount.cents < 0 { throw DashPilotRefusal.negativeEarnings }
            try connection.run("UPDATE shift SET earnings_cents = ? WHERE id = ?", .integer(amount?.cents), .integer(id))
        }
    }
}
