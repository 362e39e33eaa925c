import DashPilotCore
import Foundation

extension DashPilotStore {
    func deliveryRow(number: Int, shiftID: Int64) throws -> Delivery {
        guard let delivery = try deliveryTable.delivery(number: number, shiftID: shiftID) else {
            throw DashPilotRefusal.deliveryNotFound(number: number, shiftID: shiftID)
        }
        return delivery
    }

    /// Accepts a new delivery on the running shift at the clock's time. Its number is the next
    /// one the shift has not given, never reused after a delete.
    public func acceptDelivery() throws -> Delivery {
        try write {
            guard let shift = try shiftTable.running() else { throw DashPilotRefusal.noShiftRunning }
            let pauses = try pauseTable.pauses(shiftID: shift.id)
            if let last = pauses.last, last.end == nil { throw DashPilotRefusal.shiftPaused }
            let acceptedAt = now
            // Not on a break and a delivery at once: never before the last pause's end.
            guard acceptedAt >= max(shift.startedAt, pauses.last?.end ?? shift.startedAt) else {
                throw DashPilotRefusal.clockEarlierThanShift(id: shift.id)
            }
            let number = try shiftTable.takeDeliveryNumber(id: shift.id)
            try deliveryTable.insert(shiftID: shift.id, number: number, acceptedAt: acceptedAt)
            return Delivery(shiftID: shift.id, number: number, acceptedAt: acceptedAt)
        }
    }

    /// Records one lifecycle step on delivery `number` of the running shift, at the clock's time,
    /// or at `time` for a step the driver forgot to record: no earlier than the delivery's
    /// previous step and no later than now. No recorded time changes. `onShift`: the shift a
    /// screen showed the delivery on; refused when another program has ended it since, never
    /// recorded on the delivery of the same number of a shift started after it.
    public func record(_ step: LifecycleStep, delivery number: Int, at time: Date? = nil, onShift shown: Int64? = nil) throws -> Delivery {
        try write {
            guard let shift = try shiftTable.running() else {
                throw shown.map { DashPilotRefusal.shiftNoLongerRunning(id: $0) } ?? DashPilotRefusal.noShiftRunning
            }
            if let shown, shift.id != shown { throw DashPilotRefusal.shiftNoLongerRunning(id: shown) }
            let delivery = try deliveryRow(number: number, shiftID: shift.id)
            let clock = now
            if let time {
                // Out of order is said before the time: the step itself is the first question.
                _ = try delivery.recording(step, at: max(time.wholeSecond, delivery.lastStepAt))
                guard time.wholeSecond <= clock else {
                    throw DashPilotRefusal.stepInTheFuture(delivery: number, at: time.wholeSecond, now: clock)
                }
                guard time.wholeSecond >= delivery.lastStepAt else {
                    throw DashPilotRefusal.stepBeforePrevious(delivery: number, previous: delivery.lastStepAt, at: time.wholeSecond)
                }
            }
            let next = try delivery.recording(step, at: time ?? clock)
            try deliveryTable.updateSteps(next)
            return next
        }
    }

    /// Deletes delivery `number` of shift `shiftID` (the running shift when `nil`). Its pickup
    /// place stays in the catalogue.
    public func deleteDelivery(number: Int, shiftID: Int64?) throws {
        try write {
            let shift = try shiftRow(idOrRunning: shiftID)
            _ = try deliveryRow(number: number, shiftID: shift.id)
            try deliveryTable.delete(number: number, shiftID: shift.id)
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
