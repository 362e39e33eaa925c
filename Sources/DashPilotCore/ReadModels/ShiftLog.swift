import Foundation

/// Everything a shift's log shows.
public struct ShiftLog: Sendable, Equatable {
    /// The shift.
    public var shift: Shift
    /// Its deliveries in number order.
    public var deliveries: [Delivery]
    /// Its derived mileage, or `nil` when its route cannot be measured.
    public var mileage: Mileage?
    /// Its derived rates.
    public var rates: Rates
    /// The recorded waits of each place named by a delivery still waiting for pickup, by the
    /// place's id: what a running card shows at the counter.
    public var waitsOfPlacesAhead: [Int64: [PickupWaitSample]]

    /// Creates a log, deriving the rates from the shift, its deliveries and its mileage.
    public init(shift: Shift, deliveries: [Delivery], mileage: Mileage?, waitsOfPlacesAhead: [Int64: [PickupWaitSample]] = [:]) {
        self.shift = shift
        self.deliveries = deliveries
        self.mileage = mileage
        self.rates = Rates.derive(shift: shift, deliveries: deliveries, mileage: mileage)
        self.waitsOfPlacesAhead = waitsOfPlacesAhead
    }

    /// The deliveries that have a place and are not yet picked up (nor finished).
    public var deliveriesAwaitingPickup: [Delivery] {
        deliveries.filter { $0.pickupPlaceID != nil && $0.pickedUpAt == nil && !$0.state.isFinished }
    }

    /// The wait of delivery `delivery`'s place at `now`, or `nil` when it has none to show.
    public func placeWait(of delivery: Delivery, now: Date, timeZone: TimeZone) -> PlaceWaitNow? {
        guard delivery.pickedUpAt == nil, !delivery.state.isFinished, let id = delivery.pickupPlaceID, let samples = waitsOfPlacesAhead[id]
        else { return nil }
        return PlaceWaitNow(samples, now: now, timeZone: timeZone)
    }
}
