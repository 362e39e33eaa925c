/// A shift with what a list of shifts shows beside it: read from the store without its samples.
public struct ShiftSummary: Sendable, Equatable {
    /// The shift.
    public var shift: Shift
    /// How many deliveries it holds.
    public var deliveryCount: Int
    /// What its route summary says.
    public var route: RecordedRoute

    /// Creates a summary.
    public init(shift: Shift, deliveryCount: Int, route: RecordedRoute) {
        self.shift = shift
        self.deliveryCount = deliveryCount
        self.route = route
    }

    /// Its mileage, or `nil` when its route cannot be measured.
    public var mileage: Mileage? { route.mileage }
}
