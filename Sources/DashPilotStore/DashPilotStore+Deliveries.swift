import DashPilotCore
import Foundation

extension DashPilotStore {
    static let deliveryColumns = """
        d.shift_id, d.number, d.accepted_at, d.arrived_at_pickup_at, d.picked_up_at, d.delivered_at,
        d.cancelled_at, p.display_name, p.id
        """

    /// The one row mapper of the `delivery` table: its first seven columns as `deliveryColumns`
    /// lists them, then the place's name and id, unless the caller already knows the place.
    static func delivery(_ row: Row, place: PickupPlace? = nil) -> Delivery {
        func date(_ index: Int32) -> Date? { row.optionalInt64(index).map(Date.init(unixSeconds:)) }
        return Delivery(
            shiftID: row.int64(0), number: Int(row.int64(1)), acceptedAt: Date(unixSeconds: row.int64(2)),
            arrivedAtPickupAt: date(3), pickedUpAt: date(4), deliveredAt: date(5), cancelledAt: date(6),
            pickupPlace: place?.name ?? row.optionalText(7), pickupPlaceID: place?.id ?? row.optionalInt64(8))
    }

    func deliveryRows(shiftID: Int64) throws -> [Delivery] {
        try connection.query(
            """
            SELECT \(Self.deliveryColumns) FROM delivery d LEFT JOIN pickup_place p ON p.id = d.pickup_place_id
            WHERE d.shift_id = ? ORDER BY d.number
            """, .integer(shiftID), row: { Self.delivery($0) })
    }

    func deliveryRow(number: Int, shiftID: Int64) throws -> Delivery {
        guard
            let delivery = try connection.queryFirst(
                """
                SELECT \(Self.deliveryColumns) FROM delivery d LEFT JOIN pickup_place p ON p.id = d.pickup_place_id
                WHERE d.shift_id = ? AND d.number = ?
                """, .integer(shiftID), .integer(Int64(number)), row: { Self.delivery($0) })
        else { throw DashPilotRefusal.deliveryNotFound(number: number, shiftID: shiftID) }
        return delivery
    }

    /// Accepts a new delivery on the running shift at the clock's time. Its number is the next
    /// one the shift has not given, never reused after a delete.
    public func acceptDelivery() throws -> Delivery {
        try write {
            guard let shift = try runningShiftRow() else { throw DashPilotRefusal.noShiftRunning }
            let acceptedAt = now
            guard acceptedAt >= shift.startedAt else { throw DashPilotRefusal.clockEarlierThanShift(id: shift.id) }
            try connection.run("UPDATE shift SET last_delivery_number = last_delivery_number + 1 WHERE id = ?", .integer(shift.id))
            let number = Int(try connection.scalar("SELECT last_delivery_number FROM shift WHERE id = ?", .integer(shift.id)) ?? 1)
            try connection.run(
                "INSERT INTO delivery (shift_id, number, accepted_at) VALUES (?, ?, ?)",
                .integer(shift.id), .integer(Int64(number)), .integer(acceptedAt.unixSeconds))
            return Delivery(shiftID: shift.id, number: number, acceptedAt: acceptedAt)
        }
    }

    /// Records one lifecycle step on delivery `number` of the running shift, at the clock's time.
    public func record(_ step: LifecycleStep, delivery number: Int) throws -> Delivery {
        try write {
            guard let shift = try runningShiftRow() else { throw DashPilotRefusal.noShiftRunning }
            let delivery = try deliveryRow(number: number, shiftID: shift.id)
            let next = try delivery.recording(step, at: now)
            try connection.run(
                """
                UPDATE delivery SET arrived_at_pickup_at = ?, picked_up_at = ?, delivered_at = ?, cancelled_at = ?
                WHERE shift_id = ? AND number = ?
                """,
                .integer(next.arrivedAtPickupAt?.unixSeconds), .integer(next.pickedUpAt?.unixSeconds),
                .integer(next.deliveredAt?.unixSeconds), .integer(next.cancelledAt?.unixSeconds),
                .integer(shift.id), .integer(Int64(number)))
            return next
        }
    }

    /// Deletes delivery `number` of shift `shiftID` (the running shift when `nil`). Its pickup
    /// place stays in the catalogue.
    public func deleteDelivery(number: Int, shiftID: Int64?) throws {
        try write {
            let shift = try shiftRow(idOrRunning: shiftID)
            _ = try deliveryRow(number: number, shiftID: shift.id)
            try connection.run("DELETE FROM delivery WHERE shift_id = ? AND number = ?", .integer(shift.id), .integer(Int64(number)))
        }
    }

    /// Delivery `number` of shift `shiftID` (the running shift when `nil`).
    public func delivery(number: Int, shiftID: Int64?) throws -> Delivery {
        try read {
            let shift = try shiftRow(idOrRunning: shiftID)
            return try deliveryRow(number: number, shiftID: shift.id)
        }
    }
}
