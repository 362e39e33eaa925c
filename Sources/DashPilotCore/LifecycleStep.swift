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
