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

    /// Creates a log, deriving the rates from the shift, its deliveries and its mileage.
    public init(shift: Shift, deliveries: [Delivery], mileage: Mileage?) {
        self.shift = shift
        self.deliveries = deliveries
        self.mileage = mileage
        self.rates = Rates.derive(shift: shift, deliveries: deliveries, mileage: mileage)
    }
}
