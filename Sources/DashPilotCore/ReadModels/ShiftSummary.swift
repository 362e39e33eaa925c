/// A shift with what a list of shifts shows beside it: read from the store without its samples.
public struct ShiftSummary: Sendable, Equatable {
    /// The shift.
    public var shift: Shift
    /// How many deliveries it holds.
    public var deliveryCount: Int
    /// Its mileage from the route summary, or `nil` when its route cannot be measured.
    public var mileage: Mileage?

    /// Creates a summary.
    public init(shift: Shift, deliveryCount: Int, mileage: Mileage?) {
        self.shift = shift
        self.deliveryCount = deliveryCount
        self.mileage = mileage
    }
}
