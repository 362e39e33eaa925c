/// A control on a screen: what it says, what a screen reader says, and the key that works it.
public struct Control: Sendable, Equatable {
    /// How prominent the control is.
    public enum Prominence: Sendable, Equatable {
        /// The large lifecycle button.
        case primary
        /// A small, plain control.
        case secondary
    }

    /// The visible title ("Change Pickup Place").
    public var title: String
    /// The spoken label ("Change pickup place, Delivery 1, Nowhere Noodles").
    public var accessibilityLabel: String
    /// What working it does: the screen's action list names its key.
    public var command: ScreenAction.Command?
    /// Whether it can be used.
    public var isEnabled: Bool
    /// How prominent it is.
    public var prominence: Prominence

    /// Creates a control.
    public init(
        title: String, accessibilityLabel: String, command: ScreenAction.Command? = nil, isEnabled: Bool = true,
        prominence: Prominence = .secondary
    ) {
        self.title = title
        self.accessibilityLabel = accessibilityLabel
        self.command = command
        self.isEnabled = isEnabled
        self.prominence = prominence
    }
}
