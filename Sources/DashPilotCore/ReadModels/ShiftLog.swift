import Foundation

/// Everything a shift's log shows.
public struct ShiftLog: Sendable, Equatable {
    /// The shift.
    public var shift: Shift
    /// Its deliveries in number order.
    public var deliveries: [Delivery]
    /// What its route says: none recorded, too few points, or its derived mileage.
    public var route: RecordedRoute
    /// Its derived rates.
    public var rates: Rates
    /// The recorded waits of each place named by a delivery still waiting for pickup, by the
    /// place's id: what a running card shows at the counter.
    public var waitsOfPlacesAhead: [Int64: [PickupWaitSample]]
    /// Its pauses, oldest first (the last open while the shift is paused).
    public var pauses: [Pause]
    /// The store's currency.
    public var currency: Currency

    /// Creates a log, deriving the rates from the shift, its deliveries, mileage and pauses.
    public init(
        shift: Shift, deliveries: [Delivery], route: RecordedRoute, waitsOfPlacesAhead: [Int64: [PickupWaitSample]] = [:],
        pauses: [Pause] = [], currency: Currency = .usd
    ) {
        self.shift = shift
        self.deliveries = deliveries
        self.route = route
        self.rates = Rates.derive(shift: shift, deliveries: deliveries, route: route, pauses: pauses)
        self.waitsOfPlacesAhead = waitsOfPlacesAhead
        self.pauses = pauses
        self.currency = currency
    }

    /// Its mileage, or `nil` when its route cannot be measured.
    public var mileage: Mileage? { route.mileage }

    /// The shift's elapsed, paused and working time, a running shift counted up to `now`.
    public func time(now: Date) -> ShiftTime { ShiftTime(shift: shift, pauses: pauses, now: now) }

    /// The pause under way, if the shift is paused.
    public var openPause: Pause? { shift.isRunning ? pauses.last.flatMap { $0.end == nil ? $0 : nil } : nil }

    /// The deliveries' recorded pay, with how many finished deliveries it covers.
    public var deliveryPay: PayCoverage {
        var coverage = PayCoverage()
        for delivery in deliveries where delivery.state.isFinished { coverage.addFinished(pay: delivery.pay) }
        return coverage
    }

    /// Every tip of the shift's deliveries, by method.
    public var tips: TipTotals { TipTotals(deliveries.flatMap(\.tips)) }

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
