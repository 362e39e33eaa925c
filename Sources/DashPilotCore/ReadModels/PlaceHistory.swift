import Foundation

/// A delivery as a place's history lists it.
public struct PlaceDelivery: Sendable, Equatable {
    /// The delivery.
    public var delivery: Delivery
    /// Its pickup wait, when both times are recorded.
    public var wait: Int64? { delivery.pickupWaitSeconds }

    /// Creates a history entry.
    public init(delivery: Delivery) { self.delivery = delivery }
}

/// A place's history: every recorded wait, and a window of its deliveries, newest first.
public struct PlaceHistory: Sendable, Equatable {
    /// The place.
    public var place: PickupPlace
    /// Every wait recorded at it (all of them, whatever window of deliveries is held).
    public var waitSamples: [PickupWaitSample]
    /// The waits' figures.
    public var waits: PickupWaits
    /// Deliveries, newest acceptance first: all of them, or the newest few asked for.
    public var deliveries: [PlaceDelivery]
    /// How many deliveries name the place, whether or not all are held.
    public var deliveryCount: Int
    /// How many places the catalogue holds, this one included (Merge needs another).
    public var catalogueCount: Int

    /// Creates a history.
    public init(
        place: PickupPlace, waitSamples: [PickupWaitSample], deliveries: [PlaceDelivery], deliveryCount: Int, catalogueCount: Int
    ) {
        self.place = place
        self.waitSamples = waitSamples
        self.waits = PickupWaits(waitSamples.map(\.seconds))
        self.deliveries = deliveries
        self.deliveryCount = deliveryCount
        self.catalogueCount = catalogueCount
    }

    /// Creates a history holding every delivery, its waits read off them.
    public init(place: PickupPlace, deliveries: [PlaceDelivery], catalogueCount: Int) {
        let samples = deliveries.compactMap { entry in
            entry.wait.flatMap { wait in entry.delivery.arrivedAtPickupAt.map { PickupWaitSample(arrivedAt: $0, seconds: wait) } }
        }
        self.init(
            place: place, waitSamples: samples, deliveries: deliveries, deliveryCount: deliveries.count, catalogueCount: catalogueCount)
    }

    /// The waits by time of day in `timeZone`.
    public func waitsByTimeOfDay(in timeZone: TimeZone) -> WaitsByTimeOfDay { WaitsByTimeOfDay(waitSamples, timeZone: timeZone) }

    /// The waits' distribution over the fixed buckets.
    public var distribution: WaitDistribution { WaitDistribution(waitSamples.map(\.seconds)) }
}
