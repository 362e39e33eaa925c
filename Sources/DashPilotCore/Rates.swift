/// The three gross rates of a completed shift, derived on demand and never stored.
public struct Rates: Sendable, Equatable {
    /// A rate, or the reason it cannot be computed.
    public enum Rate: Sendable, Equatable {
        case amount(Money)
        case unavailable(RateGap)

        /// The amount, when there is one.
        public var amount: Money? {
            if case .amount(let money) = self { return money }
            return nil
        }
    }

    /// Earnings per hour of the shift.
    public var perShiftHour: Rate
    /// Earnings per hour with at least one delivery open: the union of the open intervals.
    public var perDeliveryHour: Rate
    /// Earnings per recorded mile.
    public var perMile: Rate

    /// Creates a rates value.
    public init(perShiftHour: Rate, perDeliveryHour: Rate, perMile: Rate) {
        self.perShiftHour = perShiftHour
        self.perDeliveryHour = perDeliveryHour
        self.perMile = perMile
    }

    /// Derives the rates of `shift` from its deliveries, route and pauses: the rate per shift
    /// hour divides by working time (elapsed less paused), which for a shift never paused is its
    /// elapsed time.
    public static func derive(shift: Shift, deliveries: [Delivery], route: RecordedRoute, pauses: [Pause] = []) -> Rates {
        guard let end = shift.endedAt else {
            return Rates(
                perShiftHour: .unavailable(.shiftRunning), perDeliveryHour: .unavailable(.shiftRunning),
                perMile: .unavailable(.shiftRunning))
        }
        guard let earnings = shift.earnings else {
            return Rates(
                perShiftHour: .unavailable(.noEarnings), perDeliveryHour: .unavailable(.noEarnings), perMile: .unavailable(.noEarnings))
        }
        let shiftSeconds = ShiftTime(shift: shift, pauses: pauses, now: end).workingSeconds
        let openSeconds = deliveryOpenSeconds(deliveries, shiftEnd: end.unixSeconds)
        // A shift that lasted, paused for all of it, had no working time: not "no time".
        let perShiftHour: Rate =
            shiftSeconds > 0
            ? .amount(Money.dividing(earnings.cents, times: 3600, by: shiftSeconds))
            : .unavailable(end > shift.startedAt ? .noWorkingTime : .noShiftTime)
        let perDeliveryHour: Rate =
            openSeconds > 0
            ? .amount(Money.dividing(earnings.cents, times: 3600, by: openSeconds)) : .unavailable(.noDeliveryTime)
        let perMile: Rate
        if let miles = route.mileage?.miles, miles > 0 {
            perMile = .amount(Money.rounding(Double(earnings.cents) / miles))
        } else {
            perMile = .unavailable(route == .tooFewPoints ? .tooFewRoutePoints : .noRoute)
        }
        return Rates(perShiftHour: perShiftHour, perDeliveryHour: perDeliveryHour, perMile: perMile)
    }

    /// Seconds with at least one delivery open: the union of [accepted, delivered or cancelled],
    /// never their sum. A delivery still open counts up to `shiftEnd`. O(n log n).
    public static func deliveryOpenSeconds(_ deliveries: [Delivery], shiftEnd: Int64) -> Int64 {
        unionSeconds(of: deliveries.map { ($0.acceptedAt.unixSeconds, $0.closedAt?.unixSeconds ?? shiftEnd) })
    }

    /// The length of the union of `[start, end]` intervals, given in any order. O(n log n).
    public static func unionSeconds(of unsorted: [(Int64, Int64)]) -> Int64 {
        var union = IntervalUnion()
        for (start, end) in unsorted.sorted(by: { $0.0 < $1.0 }) { union.add(start: start, end: end) }
        return union.seconds
    }
}

/// Why a rate cannot be computed.
public enum RateGap: String, Sendable, Equatable {
    case shiftRunning
    case noEarnings
    case noShiftTime
    case noWorkingTime
    case noDeliveryTime
    case noRoute
    case tooFewRoutePoints

    /// The reason in words, for the screen and for `--json` readers.
    public var sentence: String {
        switch self {
        case .shiftRunning: "Rates appear once the shift has ended"
        case .noEarnings: "Add what this shift paid to see its rates"
        case .noShiftTime: "The shift lasted no time"
        case .noWorkingTime: "The shift was paused for all of its time"
        case .noDeliveryTime: "No delivery was open during this shift"
        case .noRoute: "No route was recorded to measure"
        case .tooFewRoutePoints: "The route has too few points to measure"
        }
    }

    /// The reason in words for a week's or a month's rate, computed over its shifts with
    /// earnings only: when some have none, the reason names the shifts it is about, so that it
    /// never contradicts the period's own totals ("1 min with a delivery open").
    public func sentence(ofPeriodWithShiftsWithoutEarnings someWithout: Bool) -> String {
        let shifts = someWithout ? "its shifts with earnings" : "its shifts"
        return switch self {
        case .shiftRunning: sentence
        case .noEarnings: "Add what its shifts paid to see their rates"
        case .noShiftTime: "\(shifts.capitalizedFirst) lasted no time"
        case .noWorkingTime: "\(shifts.capitalizedFirst) were paused for all of their time"
        case .noDeliveryTime: "No delivery was open during \(shifts)"
        case .noRoute: someWithout ? "No route was recorded on \(shifts)" : sentence
        case .tooFewRoutePoints: someWithout ? "The routes of \(shifts) have too few points to measure" : sentence
        }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// The length of the union of `[start, end]` intervals given in order of their starts, kept as
/// they arrive: a shift's deliveries read from an index in acceptance order are added up with no
/// array and no sort.
public struct IntervalUnion: Sendable {
    private var closed: Int64 = 0
    private var open: (start: Int64, end: Int64)?

    /// No interval yet.
    public init() {}

    /// Adds `[start, end]`; `start` is never earlier than the start of the one added before. One
    /// that ends before it starts (a delivery still open, read with the clock behind its
    /// acceptance) adds nothing: no span is negative.
    public mutating func add(start: Int64, end: Int64) {
        let end = max(start, end)
        if let current = open, start <= current.end {
            open = (current.start, max(current.end, end))
        } else {
            if let current = open { closed += current.end - current.start }
            open = (start, end)
        }
    }

    /// The length of the union so far, in seconds.
    public var seconds: Int64 { closed + (open.map { $0.end - $0.start } ?? 0) }
}
