import Foundation

/// A place a driver picks up from, as the catalogue holds it. Nothing aggregated is stored on it.
public struct PickupPlace: Sendable, Equatable, Identifiable {
    /// The place's identity; its order is the catalogue order (the order places were created).
    public var id: Int64
    /// The driver's spelling.
    public var name: String
    /// When the place was first named on this device.
    public var firstNamedAt: Date

    /// Creates a place value.
    public init(id: Int64, name: String, firstNamedAt: Date) {
        self.id = id
        self.name = name
        self.firstNamedAt = firstNamedAt
    }
}

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

/// A delivery as a place's history lists it.
public struct PlaceDelivery: Sendable, Equatable {
    /// The delivery.
    public var delivery: Delivery
    /// Its pickup wait, when both times are recorded.
    public var wait: Int64? { delivery.pickupWaitSeconds }

    /// Creates a history entry.
    public init(delivery: Delivery) { self.delivery = delivery }
}

/// A place's history: its waits and its deliveries, newest first.
public struct PlaceHistory: Sendable, Equatable {
    /// The place.
    public var place: PickupPlace
    /// The waits recorded at it.
    public var waits: PickupWaits
    /// Its deliveries, newest acceptance first.
    public var deliveries: [PlaceDelivery]
    /// How many places the catalogue holds, this one included (Merge needs another).
    public var catalogueCount: Int

    /// Creates a history.
    public init(place: PickupPlace, deliveries: [PlaceDelivery], catalogueCount: Int) {
        self.place = place
        self.deliveries = deliveries
        self.waits = PickupWaits(deliveries.compactMap(\.wait))
        self.catalogueCount = catalogueCount
    }
}
