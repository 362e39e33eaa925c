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
    /// The key that works it in the terminal, if it has one.
    public var key: String?
    /// Whether it can be used.
    public var isEnabled: Bool
    /// How prominent it is.
    public var prominence: Prominence

    /// Creates a control.
    public init(title: String, accessibilityLabel: String, key: String? = nil, isEnabled: Bool = true, prominence: Prominence = .secondary)
    {
        self.title = title
        self.accessibilityLabel = accessibilityLabel
        self.key = key
        self.isEnabled = isEnabled
        self.prominence = prominence
    }
}

/// A key a screen lists at its foot ("a accept").
public struct KeyHint: Sendable, Equatable {
    /// The key as shown ("Enter", "↑↓").
    public var key: String
    /// What it does ("next step").
    public var action: String

    /// Creates a hint.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }

    /// The hints as one line ("a accept · q quit").
    public static func line(_ hints: [KeyHint]) -> String {
        hints.map { "\($0.key) \($0.action)" }.joined(separator: " · ")
    }
}
