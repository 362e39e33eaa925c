import Foundation

/// A delivery inside a shift, with its lifecycle times. Its state is derived from them.
public struct Delivery: Sendable, Equatable {
    /// The shift the delivery belongs to.
    public var shiftID: Int64
    /// "Delivery N": its number within the shift, never reused.
    public var number: Int
    /// When it was accepted.
    public var acceptedAt: Date
    /// When the driver arrived at pickup.
    public var arrivedAtPickupAt: Date?
    /// When it was picked up.
    public var pickedUpAt: Date?
    /// When it was delivered.
    public var deliveredAt: Date?
    /// When it was cancelled.
    public var cancelledAt: Date?
    /// The display name of its pickup place, when one is recorded.
    public var pickupPlace: String?
    /// The identity of its pickup place, when one is recorded.
    public var pickupPlaceID: Int64?
    /// What the platform recorded paying for it, once finished: optional, and never read as zero.
    public var pay: Money?
    /// Tips outside that pay, in number order.
    public var tips: [Tip]

    /// Creates a delivery value.
    public init(
        shiftID: Int64, number: Int, acceptedAt: Date, arrivedAtPickupAt: Date? = nil,
        pickedUpAt: Date? = nil, deliveredAt: Date? = nil, cancelledAt: Date? = nil,
        pickupPlace: String? = nil, pickupPlaceID: Int64? = nil, pay: Money? = nil, tips: [Tip] = []
    ) {
        self.shiftID = shiftID
        self.number = number
        self.acceptedAt = acceptedAt
        self.arrivedAtPickupAt = arrivedAtPickupAt
        self.pickedUpAt = pickedUpAt
        self.deliveredAt = deliveredAt
        self.cancelledAt = cancelledAt
        self.pickupPlace = pickupPlace
        self.pickupPlaceID = pickupPlaceID
        self.pay = pay
        self.tips = tips
    }

    /// The state, read off the timestamps.
    public var state: DeliveryState {
        if cancelledAt != nil { return .cancelled }
        if deliveredAt != nil { return .delivered }
        if pickedUpAt != nil { return .pickedUp }
        if arrivedAtPickupAt != nil { return .arrivedAtPickup }
        return .accepted
    }

    /// The time of the latest recorded step.
    public var lastStepAt: Date {
        [acceptedAt, arrivedAtPickupAt, pickedUpAt, deliveredAt, cancelledAt].compactMap { $0 }.max()
            ?? acceptedAt
    }

    /// When the delivery stopped being open (delivered or cancelled), if it has.
    public var closedAt: Date? { deliveredAt ?? cancelledAt }

    /// The pickup wait in seconds: picked up minus arrived at pickup, when both are recorded.
    public var pickupWaitSeconds: Int64? {
        guard let arrived = arrivedAtPickupAt, let picked = pickedUpAt else { return nil }
        return picked.unixSeconds - arrived.unixSeconds
    }

    /// This delivery with `step` recorded at `time`, or the refusal that the lifecycle rules give.
    ///
    /// Steps go in order and once each; cancel is allowed from any state before delivered; a time
    /// earlier than the previous step is refused, never clamped.
    public func recording(_ step: LifecycleStep, at time: Date) throws(DashPilotRefusal) -> Delivery {
        let state = self.state
        let allowed: Bool
        switch step {
        case .arrive: allowed = state == .accepted
        case .pickUp: allowed = state == .arrivedAtPickup
        case .deliver: allowed = state == .pickedUp
        case .cancel: allowed = !state.isFinished
        }
        guard allowed else {
            throw .stepOutOfOrder(delivery: number, state: state, step: step)
        }
        let time = time.wholeSecond
        guard time >= lastStepAt else {
            throw .stepEarlierThanPrevious(delivery: number, state: state)
        }
        var next = self
        switch step {
        case .arrive: next.arrivedAtPickupAt = time
        case .pickUp: next.pickedUpAt = time
        case .deliver: next.deliveredAt = time
        case .cancel: next.cancelledAt = time
        }
        return next
    }
}
