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
