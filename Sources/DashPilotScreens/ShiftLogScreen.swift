import DashPilotCore
import Foundation

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
        /// What it paid, under its times, when anything is recorded: "Paid $14.50 · $12.00 recorded
        /// pay + $2.50 cash tip · $38.67 an hour of its own".
        public var paidLine: String?
        /// Add or Change Pickup Place, under the times.
        public var pickupControl: Control
        /// The delivery, then its place.
        public var accessibilityLabel: String

        /// The entry as the screen-reader mode says it: "Delivery 1, Delivered, Nowhere Noodles.
        /// Accepted 5:12 PM, Arrived at pickup 5:19 PM", then what it paid.
        public var accessibilitySentence: String {
            // A step on another day says its day in words ("Accepted Wednesday December 2, 10:00 AM").
            var said = SpokenWords.sentence(times.map { "\($0.label) \($0.value)" }.joined(separator: ", "))
            if said.hasSuffix(".") { said.removeLast() }
            var sentence = accessibilityLabel + ". " + said
            if let paidLine { sentence += ". " + SpokenWords.sentence(paidLine) }
            return sentence
        }

        /// Creates an entry from its parts.
        public init(
            number: Int, title: String, placeLine: String?, times: [Time], paidLine: String? = nil, pickupControl: Control,
            accessibilityLabel: String
        ) {
            self.number = number
            self.title = title
            self.placeLine = placeLine
            self.times = times
            self.paidLine = paidLine
            self.pickupControl = pickupControl
            self.accessibilityLabel = accessibilityLabel
        }
    }

    /// "Shift · Sat 29 Nov · 5:02 PM – 9:40 PM · 4 h 38 min".
    public var title: String
    /// The title as a screen reader says it, its days spelled out ("Shift 1 · Sunday November 29
    /// · 5:02 PM – 9:40 PM · 4 h 38 min"), as the row that opens it says them.
    public var spokenTitle: String
    /// "4 h 38 min elapsed · 4 h 8 min working (30 min paused)", when the shift was paused.
    public var timeLine: String?
    /// "31.2 mi recorded · partial route"; `nil` when the route cannot be measured.
    public var mileageLine: String?
    /// The deliveries' recorded pay with its coverage, and tips: "Deliveries' recorded pay $78.00
    /// across 8 of 9 deliveries · tips $12.00 recorded (cash $5.00, platform $7.00)"; `nil` while
    /// no delivery is finished. Never reconciled with the earnings.
    public var payLine: String?
    /// Earnings and rates, or what to add to see them.
    public var earningsLine: String
    /// The deliveries in number order.
    public var entries: [Entry]
    /// Where every delivery's times start, the labels padded to it: one column down the log, as
    /// the sketch has it ("Accepted            5:45 PM" under "Arrived at pickup   5:19 PM").
    public var timesColumn: Int { (entries.lazy.flatMap { $0.times.lazy.map(\.label.count) }.max() ?? 0) + 3 }
    /// The keys of this screen.
    public var keys: [ScreenAction]

    /// Creates the screen from its parts.
    public init(
        title: String, spokenTitle: String? = nil, timeLine: String? = nil, mileageLine: String?, earningsLine: String,
        payLine: String? = nil, entries: [Entry], keys: [ScreenAction]
    ) {
        self.title = title
        self.spokenTitle = spokenTitle ?? title
        self.timeLine = timeLine
        self.payLine = payLine
        self.mileageLine = mileageLine
        self.earningsLine = earningsLine
        self.entries = entries
        self.keys = keys
    }

    /// The log screen of `log` at `now` (a running shift's time counts up to it).
    /// `now` counts a running shift's times (a completed one's end there).
    public init(log: ShiftLog, format: ScreenFormat, now: Date) {
        let shift = log.shift
        let time = log.time(now: shift.endedAt ?? now)
        let shown = format.shiftTimes(elapsed: time.elapsedSeconds, paused: time.pausedSeconds)
        timeLine = time.pausedSeconds > 0 ? "\(shown.elapsed) elapsed · \(shown.working) working (\(shown.paused) paused)" : nil
        payLine = Self.payLine(log.deliveryPay, tips: log.tips, format: format)
        // Its start and end, in the hour a fall-back night repeats, say which (as its steps do).
        let heading = "Shift \(shift.id) · \(format.day(shift.startedAt))"
        let spokenHeading = "Shift \(shift.id) · \(format.spokenDay(shift.startedAt))"
        if let end = shift.endedAt, let seconds = shift.durationSeconds {
            let span = format.span(shift.startedAt, end)
            let duration = format.duration(seconds: Double(seconds))
            title = "\(heading) · \(span.start) – \(span.end) · \(duration)"
            spokenTitle = "\(spokenHeading) · \(span.start) – \(format.spokenEnd(end, after: shift.startedAt)) · \(duration)"
        } else {
            title = "\(heading) · \(format.timeReadOnce(shift.startedAt)) · running"
            spokenTitle = "\(spokenHeading) · \(format.timeReadOnce(shift.startedAt)) · running"
        }
        mileageLine =
            switch log.route {
            case .none: nil
            case .tooFewPoints: Self.tooFewPoints
            case .measured(let mileage): "\(format.miles(mileage.miles)) recorded" + (mileage.isPartial ? " · partial route" : "")
            }
        earningsLine = Self.earningsLine(shift: shift, rates: log.rates, format: format)
        entries = log.deliveries.map { Self.entry($0, shiftStart: shift.startedAt, format: format) }
        keys =
            [
                .selecting, ScreenAction(.enter, "place history", .open), ScreenAction(.character("p"), "pickup place", .pickupPlace),
                // Earnings go on a completed shift only (platform.md): while it runs, `$` says so.
                shift.endedAt == nil ? Self.earningsKey.unlisted : Self.earningsKey,
                ScreenAction(.character("t"), "pay and tips", .payAndTips),
                .goingBack,
                .keysList,
            ] + ScreenAction.paging
    }

    /// The deliveries' recorded pay with its coverage, and the tips; `nil` when neither pay nor a
    /// tip is recorded (a "none recorded" line on every log would be noise), unless `always` (a
    /// period's totals, which say what they counted of every finished delivery).
    static func payLine(_ pay: PayCoverage, tips: TipTotals, format: ScreenFormat, always: Bool = false) -> String? {
        guard pay.total != nil || tips.count > 0 || (always && pay.of > 0) else { return nil }
        let of = pay.of == 1 ? "1 delivery" : "\(pay.of) deliveries"
        var parts = [
            pay.total.map { "Deliveries' recorded pay \(format.money($0)) across \(pay.deliveries) of \(of)" }
                ?? (pay.of == 1 ? "No pay recorded for its 1 delivery" : "No pay recorded for any of \(of)")
        ]
        if let total = tips.total {
            var byMethod: [String] = []
            if let cash = tips.cash { byMethod.append("cash \(format.money(cash))") }
            if let platform = tips.platform { byMethod.append("platform \(format.money(platform))") }
            parts.append("tips \(format.money(total)) recorded (\(byMethod.joined(separator: ", ")))")
        } else {
            parts.append("no tips recorded")
        }
        return parts.joined(separator: " · ")
    }

    /// What a finished delivery paid, in words, or `nil` when neither pay nor a tip is recorded.
    public static func paidLine(_ delivery: Delivery, format: ScreenFormat) -> String? {
        let paid = DeliveryPaid(delivery)
        let tips = delivery.tips.map { "\(format.money($0.amount)) \($0.method.rawValue) tip" }
        guard let total = paid.total, let pay = paid.pay else {
            guard !delivery.tips.isEmpty else { return nil }
            let sum = Money(cents: delivery.tips.reduce(0) { $0 + $1.amount.cents })
            return "Tips \(format.money(sum)) recorded · no pay recorded, so no total"
        }
        let parts = (["\(format.money(pay)) recorded pay"] + tips).joined(separator: " + ")
        let hourly: String
        switch paid.perHour {
        case .success(let amount): hourly = "\(format.money(amount)) an hour of its own"
        case .failure(.cancelled): hourly = "no figure an hour: it was cancelled"
        case .failure(.noTime): hourly = "no figure an hour: it took no time"
        case .failure(.open), .failure(.noPay): hourly = "no figure an hour yet"
        }
        return "Paid \(format.money(total)) · \(parts) · \(hourly)"
    }

    /// What a route of samples that do not pair up says, wherever it shows (`platform.md`).
    static let tooFewPoints = "The route has too few points to measure"

    /// A route in a line of figures: "31.2 mi recorded", "too few route points to measure", or
    /// "no route recorded".
    static func routeFigure(_ route: RecordedRoute, format: ScreenFormat) -> String {
        switch route {
        case .none: "no route recorded"
        case .tooFewPoints: "too few route points to measure"
        case .measured(let mileage): "\(format.miles(mileage.miles)) recorded"
        }
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

    /// `$`, which opens the earnings sheet.
    static let earningsKey = ScreenAction(.character("$"), "earnings", .earnings)

    /// A delivery's entry; its steps' times say their offset from UTC in the hour a fall-back
    /// night repeats, where "Accepted 1:40 AM" then "Arrived at pickup 1:10 AM" read backwards;
    /// a step a day or more after `shiftStart` says its day, as the shift's end does (two days'
    /// "10:00 AM" read alike).
    static func entry(_ delivery: Delivery, shiftStart: Date, format: ScreenFormat) -> Entry {
        let steps: [(String, Date?)] = [
            ("Accepted", delivery.acceptedAt), ("Arrived at pickup", delivery.arrivedAtPickupAt), ("Picked up", delivery.pickedUpAt),
            ("Delivered", delivery.deliveredAt), ("Cancelled", delivery.cancelledAt),
        ]
        var times: [Entry.Time] = []
        for case (let label, let time?) in steps { times.append(Entry.Time(label: label, value: format.span(shiftStart, time).end)) }
        return Entry(
            number: delivery.number, title: "Delivery \(delivery.number) · \(delivery.state.title)", placeLine: delivery.pickupPlace,
            times: times, paidLine: paidLine(delivery, format: format), pickupControl: DeliveryCard.pickupControl(delivery),
            accessibilityLabel: DeliveryCard.spokenLabel(delivery))
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
