/// A place in the catalogue with how many deliveries name it.
public struct PlaceSummary: Sendable, Equatable {
    /// The place.
    public var place: PickupPlace
    /// How many deliveries reference it.
    public var deliveryCount: Int

    /// Creates a summary.
    public init(place: PickupPlace, deliveryCount: Int) {
        self.place = place
        self.deliveryCount = deliveryCount
    }
}
