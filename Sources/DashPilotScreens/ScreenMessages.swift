import DashPilotCore

/// The small screens and sentences of the interactive mode that belong to no larger model: the
/// keys overlay, the cancel confirmation and the messages a key can leave.
public enum ScreenMessages {
    /// The keys overlay's title.
    public static let keysTitle = "Keys on this screen"
    /// The keys overlay's footer.
    public static let keysFooter = "Esc or ? close"
    /// Said by `Enter` on a delivery with no place, on a shift's log.
    public static func noPlace(_ number: Int) -> String { "Delivery \(number) has no pickup place; press p to add one." }
    /// Said by `Enter` on a delivery that takes no more steps.
    public static func noMoreSteps(_ delivery: Delivery) -> String {
        "Delivery \(delivery.number) is \(delivery.state.phrase); it takes no more steps."
    }
    /// Said by `x` on a finished delivery.
    public static func cannotCancel(_ delivery: Delivery) -> String {
        "Delivery \(delivery.number) is \(delivery.state.phrase); it can't be cancelled."
    }
    /// Said by `s` while a shift runs.
    public static let shiftAlreadyRunning = "A shift is already running."
    /// A shift's log with no deliveries.
    public static let noDeliveriesRecorded = "No deliveries recorded."
    /// A place's history with no deliveries.
    public static let noDeliveriesNameThisPlace = "No deliveries name this place now."
}

/// The confirmation `x` asks before cancelling a delivery.
public struct CancelConfirmation: Sendable, Equatable {
    /// "Cancel Delivery 2?".
    public var title: String
    /// What cancelling keeps.
    public var text: String
    /// The keys.
    public var keys: [KeyHint]

    /// The confirmation for delivery `number`.
    public init(number: Int) {
        title = "Cancel Delivery \(number)?"
        text = "Its recorded times stay; it takes no more steps once cancelled."
        keys = [KeyHint("y", "cancel delivery"), KeyHint("n", "keep it")]
    }
}
