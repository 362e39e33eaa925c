import DashPilotCore
import Foundation

extension DashPilotStore {
    /// Pauses the running shift at the clock's time (a break). Refused while any of its
    /// deliveries is open, and when it is already paused.
    public func pauseShift() throws -> Pause {
        try write {
            guard let shift = try shiftTable.running() else { throw DashPilotRefusal.noShiftRunning }
            let pauses = try pauseTable.pauses(shiftID: shift.id)
            if pauses.last?.end == nil && !pauses.isEmpty { throw DashPilotRefusal.shiftAlreadyPaused }
            let open = try deliveryTable.openNumbers(shiftID: shift.id)
            guard open.isEmpty else { throw DashPilotRefusal.pauseWhileDeliveriesOpen(numbers: open) }
            let time = now
            guard time >= (try lastActivityRow(of: shift)) else { throw DashPilotRefusal.clockEarlierThanShift(id: shift.id) }
            try pauseTable.start(shiftID: shift.id, at: time)
            return Pause(start: time)
        }
    }

    /// Resumes the paused running shift at the clock's time. Samples recorded after it start a
    /// new capture session, so the way from where it paused is never counted.
    public func resumeShift() throws -> Pause {
        try write {
            guard let shift = try shiftTable.running() else { throw DashPilotRefusal.noShiftRunning }
            guard let open = try pauseTable.pauses(shiftID: shift.id).last, open.end == nil else {
                throw DashPilotRefusal.shiftNotPaused
            }
            let time = now
            guard time >= open.start else { throw DashPilotRefusal.clockEarlierThanShift(id: shift.id) }
            try pauseTable.end(shiftID: shift.id, at: time)
            return Pause(start: open.start, end: time)
        }
    }
}
