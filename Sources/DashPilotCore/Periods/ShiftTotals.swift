/// What one shift adds to a period, read from the store without its samples or its deliveries'
/// rows: its counts, its time with a delivery open, and the mileage of its route summary.
public struct ShiftTotals: Sendable, Equatable {
    /// The shift.
    public var shift: Shift
    /// Deliveries delivered.
    public var delivered: Int
    /// Deliveries cancelled.
    public var cancelled: Int
    /// Every delivery, open ones included.
    public var deliveries: Int
    /// Seconds with at least one delivery open (the union of their intervals).
    public var deliveryOpenSeconds: Int64
    /// What the route summary says.
    public var route: RecordedRoute
    /// Seconds paused (an open pause up to now).
    public var pausedSeconds: Int64 = 0
    /// Its deliveries' recorded pay, with coverage.
    public var deliveryPay = PayCoverage()
    /// Its deliveries' tips.
    public var tips = TipTotals()
    /// What the reading gathered: with `.listRow`, the time with a delivery open, the pay and
    /// the tips were not read and stand at zero.
    public var detail = Detail.whole

    /// What a reading of shifts' totals gathers.
    public enum Detail: Sendable, Equatable {
        /// What a row of a list of periods shows: the counts, the time on shift and paused, the
        /// mileage and the earnings.
        case listRow
        /// Everything, also the time with a delivery open, the deliveries' pay and their tips.
        case whole
    }

    /// Creates a shift's totals.
    public init(shift: Shift, delivered: Int, cancelled: Int, deliveries: Int, deliveryOpenSeconds: Int64, route: RecordedRoute) {
        self.shift = shift
        self.delivered = delivered
        self.cancelled = cancelled
        self.deliveries = deliveries
        self.deliveryOpenSeconds = deliveryOpenSeconds
        self.route = route
    }

    /// The route's mileage, or `nil` when it cannot be measured.
    public var mileage: Mileage? { route.mileage }

    /// The shift as a list of shifts shows it.
    public var summary: ShiftSummary { ShiftSummary(shift: shift, deliveryCount: deliveries, route: route) }
}
