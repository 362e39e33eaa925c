import DashPilotCore

/// A completed (or running) shift's log: its span, mileage, earnings and rates, and each delivery
/// with its place line and recorded times.
public struct ShiftLogScreen: Sendable, Equatable {
    /// One delivery in the log.
    public struct Entry: Sendable, Equatable {
        /// One recorded time ("Accepted", "5:12 PM").
        public struct Time: Sendable, Equatable {
            /// What happened.
            public var label: String
            /// When.
            public var value: String

            /// Creates a recorded time.
            public init(label: String, value: String) {
                self.label = label
                self.value = value
            }
        }

        /// The delivery's number.
        public var number: Int
        /// "Delivery 1 · Delivered".
        public var title: String
        /// The place as written, only when recorded.
        public var placeLine: String?
        /// The recorded times, in lifecycle order.
        public var times: [Time]
        /// Add or Change Pickup Place, under the times.
        public var pickupControl: Control
        /// The delivery, then its place.
        public var accessibilityLabel: String

        /// Creates an entry from its parts.
        public init(number: Int, title: String, placeLine: String?, times: [Time], pickupControl: Control, accessibilityLabel: String) {
            self.number = number
            self.title = title
            self.placeLine = placeLine
            self.times = times
            self.pickupControl = pickupControl
            self.accessibilityLabel = accessibilityLabel
        }
    }

    /// "Shift · Sat 29 Nov · 5:02 PM – 9:40 PM · 4 h 38 min".
    public var title: String
    /// "31.2 mi recorded · partial route"; `nil` when the route cannot be measured.
    public var mileageLine: String?
    /// Earnings and rates, or what to add to see them.
    public var earningsLine: String
    /// The deliveries in number order.
    public var entries: [Entry]
    /// The keys of this screen.
    public var keys: [ScreenAction]

    /// Creates the screen from its parts.
    public init(title: String, mileageLine: String?, earningsLine: String, entries: [Entry], keys: [ScreenAction]) {
        self.title = title
        self.mileageLine = mileageLine
        self.earningsLine = earningsLine
        self.entries = entries
        self.keys = keys
    }

    /// The log screen of `log`.
    public init(log: ShiftLog, format: ScreenFormat) {
        let shift = log.shift
        var title = "Shift \(shift.id) · \(format.day(shift.startedAt)) · \(format.time(shift.startedAt))"
        if let end = shift.endedAt, let seconds = shift.durationSeconds {
            title += " – \(format.time(end)) · \(format.duration(seconds: Double(seconds)))"
        } else {
            title += " · running"
        }
        self.title = title
        mileageLine = log.mileage.map {
            "\(format.miles($0.miles)) recorded" + ($0.isPartial ? " · partial route" : "")
        }
        earningsLine = Self.earningsLine(shift: shift, rates: log.rates, format: format)
        entries = log.deliveries.map { Self.entry($0, format: format) }
        keys = [
            .selecting, ScreenAction(.enter, "place history", .open), ScreenAction(.character("p"), "pickup place", .pickupPlace),
            ScreenAction(.character("$"), "earnings", .earnings), .goingBack, .keysList,
        ]
    }

    static func earningsLine(shift: Shift, rates: Rates, format: ScreenFormat) -> String {
        guard let earnings = shift.earnings else {
            return shift.isRunning ? RateGap.shiftRunning.sentence : RateGap.noEarnings.sentence
        }
        func rate(_ rate: Rates.Rate, _ unit: String, _ noun: String) -> String {
            switch rate {
            case .amount(let money): "\(format.money(money)) \(unit)"
            case .unavailable(let gap): "no rate \(noun) (\(gap.sentence.lowercasedFirst))"
            }
        }
        return [
            "Earnings \(format.money(earnings))",
            rate(rates.perShiftHour, "an hour", "per hour"),
            rate(rates.perDeliveryHour, "a delivery hour", "per delivery hour"),
            rate(rates.perMile, "a mile", "per mile"),
        ].joined(separator: " · ")
    }

    static func entry(_ delivery: Delivery, format: ScreenFormat) -> Entry {
        var times = [Entry.Time(label: "Accepted", value: format.time(delivery.acceptedAt))]
        if let time = delivery.arrivedAtPickupAt { times.append(Entry.Time(label: "Arrived at pickup", value: format.time(time))) }
        if let time = delivery.pickedUpAt { times.append(Entry.Time(label: "Picked up", value: format.time(time))) }
        if let time = delivery.deliveredAt { times.append(Entry.Time(label: "Delivered", value: format.time(time))) }
        if let time = delivery.cancelledAt { times.append(Entry.Time(label: "Cancelled", value: format.time(time))) }
        return Entry(
            number: delivery.number, title: "Delivery \(delivery.number) · \(delivery.state.title)", placeLine: delivery.pickupPlace,
            times: times, pickupControl: DeliveryCard.pickupControl(delivery), accessibilityLabel: DeliveryCard.spokenLabel(delivery))
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
