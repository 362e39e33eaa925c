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
