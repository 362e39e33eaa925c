import Foundation

/// A place in the recent list, with its latest use (the latest acceptance among its deliveries).
public struct RecentPlace: Sendable, Equatable {
    /// The place.
    public var place: PickupPlace
    /// When it was last used.
    public var lastUsedAt: Date

    /// Creates a recent entry.
    public init(place: PickupPlace, lastUsedAt: Date) {
        self.place = place
        self.lastUsedAt = lastUsedAt
    }

    /// The recent list holds at most this many places.
    public static let capacity = 5

    /// The recent list's total, repeatable order: latest use first, catalogue order breaking ties.
    public static func precedes(_ lhs: RecentPlace, _ rhs: RecentPlace) -> Bool {
        if lhs.lastUsedAt != rhs.lastUsedAt { return lhs.lastUsedAt > rhs.lastUsedAt }
        return lhs.place.id < rhs.place.id
    }
}
