/// Where a delivery is in its lifecycle, read off its timestamps; never stored.
public enum DeliveryState: String, Sendable, Equatable, CaseIterable {
    case accepted
    case arrivedAtPickup
    case pickedUp
    case delivered
    case cancelled

    /// The state as a driver reads it on a card ("At pickup").
    public var title: String {
        switch self {
        case .accepted: "Accepted"
        case .arrivedAtPickup: "At pickup"
        case .pickedUp: "Picked up"
        case .delivered: "Delivered"
        case .cancelled: "Cancelled"
        }
    }

    /// The state inside a sentence ("is at pickup").
    public var phrase: String {
        switch self {
        case .accepted: "accepted"
        case .arrivedAtPickup: "at pickup"
        case .pickedUp: "picked up"
        case .delivered: "delivered"
        case .cancelled: "cancelled"
        }
    }

    /// Whether the delivery is finished: delivered or cancelled.
    public var isFinished: Bool { self == .delivered || self == .cancelled }

    /// The step that follows on the primary button, if any.
    public var nextStep: LifecycleStep? {
        switch self {
        case .accepted: .arrive
        case .arrivedAtPickup: .pickUp
        case .pickedUp: .deliver
        case .delivered, .cancelled: nil
        }
    }
}

/// One recorded step of a delivery after its acceptance.
public enum LifecycleStep: String, Sendable, Equatable, CaseIterable {
    case arrive
    case pickUp
    case deliver
    case cancel

    /// The primary button's title ("Arrived at Pickup").
    public var buttonTitle: String {
        switch self {
        case .arrive: "Arrived at Pickup"
        case .pickUp: "Picked Up"
        case .deliver: "Delivered"
        case .cancel: "Cancel Delivery"
        }
    }

    /// The step as the start of a spoken label ("Arrived at pickup").
    public var spokenTitle: String {
        switch self {
        case .arrive: "Arrived at pickup"
        case .pickUp: "Picked up"
        case .deliver: "Delivered"
        case .cancel: "Cancel"
        }
    }

    /// The step inside a sentence ("arrive at pickup").
    var phrase: String {
        switch self {
        case .arrive: "arrive at pickup"
        case .pickUp: "be picked up"
        case .deliver: "be delivered"
        case .cancel: "be cancelled"
        }
    }
}
