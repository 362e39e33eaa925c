/// What the `pickup-place` log category may record. A closed set with no free text: a name, a key
/// or a count cannot be logged because no case has anywhere to hold one.
public enum PickupPlaceEvent: Sendable, Equatable {
    case assigned
    case changed
    case removed
    case reused
    case created
    case renamed
    case merged
    case refused(RefusalRule)

    /// The event as one log line's text ("refused rename-collision").
    public var message: String {
        switch self {
        case .assigned: "assigned"
        case .changed: "changed"
        case .removed: "removed"
        case .reused: "reused"
        case .created: "created"
        case .renamed: "renamed"
        case .merged: "merged"
        case .refused(let rule): "refused \(rule.identifier)"
        }
    }
}

/// What the `expense` log category may record: that an expense was added, changed or removed,
/// and its category. Closed, with no free text: a note or an amount has nowhere to go.
public enum ExpenseEvent: Sendable, Equatable {
    case added(ExpenseCategory)
    case changed(ExpenseCategory)
    case removed(ExpenseCategory)

    /// The event as one log line's text ("added fuel").
    public var message: String {
        switch self {
        case .added(let category): "added \(category.rawValue)"
        case .changed(let category): "changed \(category.rawValue)"
        case .removed(let category): "removed \(category.rawValue)"
        }
    }
}

/// Where pickup-place events (and expense events) go. Implementations decide the destination
/// (os.Logger, standard error, a test's capture); they receive only the event.
public protocol PickupPlaceLog: Sendable {
    /// Records one event.
    func record(_ event: PickupPlaceEvent)
    /// Records one expense event.
    func record(_ event: ExpenseEvent)
}

extension PickupPlaceLog {
    /// Drops the expense event: a log that records only places.
    public func record(_ event: ExpenseEvent) {}
}

/// A log that drops every event.
public struct SilentPickupPlaceLog: PickupPlaceLog {
    /// Creates the silent log.
    public init() {}
    /// Drops the event.
    public func record(_ event: PickupPlaceEvent) {}
}
