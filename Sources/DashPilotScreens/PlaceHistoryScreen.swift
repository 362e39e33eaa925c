import DashPilotCore

/// A place's history: its waits, its deliveries newest first, and Rename and Merge.
public struct PlaceHistoryScreen: Sendable, Equatable {
    /// One delivery of the place.
    public struct Row: Sendable, Equatable {
        /// The shift the delivery belongs to.
        public var shiftID: Int64
        /// The delivery's number in its shift.
        public var number: Int
        /// "Sat 29 Nov".
        public var day: String
        /// "Delivery 3".
        public var delivery: String
        /// "waited 6 min", or why there is no wait.
        public var wait: String
        /// The row read aloud; empty in a history made for text, which says none.
        public var accessibilityLabel: String

        /// Creates a row from its parts.
        public init(shiftID: Int64, number: Int, day: String, delivery: String, wait: String, accessibilityLabel: String) {
            self.shiftID = shiftID
            self.number = number
            self.day = day
            self.delivery = delivery
            self.wait = wait
            self.accessibilityLabel = accessibilityLabel
        }

        /// "Sat 29 Nov · Shift 12 · Delivery 3 · waited 6 min": which shift, so that two rows
        /// of one day are never alike.
        public var text: String { "\(day) · Shift \(shiftID) · \(delivery) · \(wait)" }
    }

    /// One band of the day: "Dinner   3   9 min   6 – 14 min".
    public struct BandRow: Sendable, Equatable {
        /// "Dinner".
        public var title: String
        /// How many waits fall in it.
        public var count: Int
        /// "9 min", or "too few to say".
        public var typical: String
        /// "6 – 14 min", or empty when too few.
        public var range: String
        /// "Dinner, 3 waits, typical 9 minutes, from 6 to 14 minutes".
        public var accessibilityLabel: String

        /// Creates a band row.
        public init(title: String, count: Int, typical: String, range: String, accessibilityLabel: String) {
            self.title = title
            self.count = count
            self.typical = typical
            self.range = range
            self.accessibilityLabel = accessibilityLabel
        }
    }

    /// One bucket of the picture: "5–10 min" and its count.
    public struct BucketRow: Sendable, Equatable {
        /// "5–10 min".
        public var label: String
        /// How many waits it holds.
        public var count: Int

        /// Creates a bucket row.
        public init(label: String, count: Int) {
            self.label = label
            self.count = count
        }
    }

    /// The place's name as written.
    public var title: String
    /// What the waits say: typical wait and extremes, one wait, or none.
    public var waitLines: [String]
    /// The deliveries, newest first.
    public var rows: [Row]
    /// "By time of day".
    public var bandsHeading = "By time of day"
    /// The five bands, morning to late.
    public var bands: [BandRow] = []
    /// "How long pickups took".
    public var distributionHeading = "How long pickups took"
    /// The seven buckets, shortest first: the picture's counts.
    public var buckets: [BucketRow] = []
    /// The picture said in words: "Waits: 1 under 2 minutes, 3 from 5 to 10 minutes."
    public var distributionAccessibilityLabel = ""
    /// How many deliveries are not among `rows` (a long history shows the newest).
    public var moreCount = 0
    /// Opens the rename sheet.
    public var renameControl: Control
    /// Opens the merge list; disabled when the catalogue holds only this place.
    public var mergeControl: Control
    /// Why Merge is disabled, when it is.
    public var mergeFooter: String?
    /// The keys of this screen.
    public var keys: [ScreenAction]

    /// The footer shown when no other place exists to merge into.
    public static let onlyPlaceFooter = "Merge needs another pickup place to merge into, and this is the only one."

    /// Creates the screen from its parts.
    public init(
        title: String, waitLines: [String], rows: [Row], bands: [BandRow], buckets: [BucketRow], distributionAccessibilityLabel: String,
        moreCount: Int, renameControl: Control, mergeControl: Control, mergeFooter: String?, keys: [ScreenAction]
    ) {
        self.title = title
        self.waitLines = waitLines
        self.rows = rows
        self.bands = bands
        self.buckets = buckets
        self.distributionAccessibilityLabel = distributionAccessibilityLabel
        self.moreCount = moreCount
        self.renameControl = renameControl
        self.mergeControl = mergeControl
        self.mergeFooter = mergeFooter
        self.keys = keys
    }

    /// The history screen of `history`; `said`: whether its rows carry what a screen reader says
    /// (text prints none: a busy place's thousands of rows spelled out their days for nothing).
    public init(history: PlaceHistory, format: ScreenFormat, said: Bool = true) {
        let name = history.place.name
        title = name
        let waits = history.waits
        switch waits.count {
        case 0:
            waitLines = ["No recorded waits yet. A wait runs from arrival at pickup to picked up."]
        case 1:
            waitLines = ["One recorded wait of \(format.wait(seconds: waits.median ?? 0)); one wait is not yet a typical wait."]
        default:
            waitLines = [
                "Typical recorded wait \(format.wait(seconds: waits.median ?? 0)) · median of \(waits.count) recorded pickups",
                "Shortest \(format.wait(seconds: Double(waits.shortest ?? 0))) · Longest \(format.wait(seconds: Double(waits.longest ?? 0)))",
            ]
        }
        bands = history.waitsByTimeOfDay(in: format.timeZone).bands.map { Self.bandRow($0, format: format) }
        let distribution = history.distribution
        buckets = distribution.buckets.map { BucketRow(label: Self.bucketLabel($0), count: $0.count) }
        let spoken = distribution.buckets.filter { $0.count > 0 }.map { "\($0.count) \(Self.bucketSpoken($0))" }
        distributionAccessibilityLabel = spoken.isEmpty ? "Waits: none recorded." : "Waits: " + spoken.joined(separator: ", ") + "."
        moreCount = max(0, history.deliveryCount - history.deliveries.count)
        rows = history.deliveries.map { entry in
            let delivery = entry.delivery
            let wait: String
            if let seconds = entry.wait {
                wait = "waited \(format.wait(seconds: Double(seconds)))"
            } else if delivery.state == .cancelled {
                wait = "no recorded wait (cancelled before pickup)"
            } else if delivery.arrivedAtPickupAt == nil {
                wait = "no recorded wait (no arrival at pickup recorded)"
            } else {
                wait = "no recorded wait (not picked up yet)"
            }
            let day = format.day(delivery.acceptedAt)
            return Row(
                shiftID: delivery.shiftID, number: delivery.number, day: day, delivery: "Delivery \(delivery.number)", wait: wait,
                accessibilityLabel: said
                    ? "\(format.spokenDay(delivery.acceptedAt)), Shift \(delivery.shiftID), Delivery \(delivery.number), \(Self.spoken(wait))"
                    : "")
        }
        renameControl = Control(title: "Rename", accessibilityLabel: "Rename pickup place, \(name)", command: .rename)
        let canMerge = history.catalogueCount > 1
        mergeControl = Control(title: "Merge", accessibilityLabel: "Merge pickup place, \(name)", command: .merge, isEnabled: canMerge)
        mergeFooter = canMerge ? nil : Self.onlyPlaceFooter
        keys =
            [
                ScreenAction(.upDown, "scroll", .select), ScreenAction(.character("r"), "rename", .rename),
                // Disabled, Merge is not offered; its key still says why.
                canMerge ? ScreenAction(.character("m"), "merge", .merge) : ScreenAction(.character("m"), "merge", .merge).unlisted,
                .goingBack, .keysList,
            ] + ScreenAction.paging
    }

    /// A duration range, the unit said once where both share it ("6 – 14 min").
    static func range(_ shortest: Int64, _ longest: Int64, format: ScreenFormat) -> String {
        let short = format.wait(seconds: Double(shortest))
        let long = format.wait(seconds: Double(longest))
        if short.hasSuffix(" min") && long.hasSuffix(" min") && !short.contains(" h") {
            return "\(short.dropLast(4)) – \(long)"
        }
        return "\(short) – \(long)"
    }

    static func bandRow(_ band: WaitsByTimeOfDay.Band, format: ScreenFormat) -> BandRow {
        let count = band.waits.count
        let waitsWord = count == 1 ? "1 wait" : "\(count) waits"
        guard band.isSayable, let median = band.waits.median, let shortest = band.waits.shortest, let longest = band.waits.longest else {
            return BandRow(
                title: band.band.title, count: count, typical: "too few to say", range: "",
                accessibilityLabel: "\(band.band.title), \(waitsWord), too few to say")
        }
        let typical = format.wait(seconds: median)
        let range = range(shortest, longest, format: format)
        return BandRow(
            title: band.band.title, count: count, typical: typical, range: range,
            accessibilityLabel:
                "\(band.band.title), \(waitsWord), typical \(Self.spoken(typical)), from \(Self.spoken(range).replacingOccurrences(of: " – ", with: " to "))"
        )
    }

    /// A duration as a screen reader says it ("9 minutes", "1 hour 5 minutes", "7 – 14 minutes"):
    /// each unit after its number in words, one or many as the number says. A word at a time,
    /// not through Foundation's search: a list of 520 weeks says one a row.
    static func spoken(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var said = ""
        said.reserveCapacity(text.utf8.count + 16)
        for (index, word) in words.enumerated() {
            if index > 0 { said += " " }
            let one = index > 0 && words[index - 1] == "1"
            switch word {
            case "h" where index > 0: said += one ? "hour" : "hours"
            case "min" where index > 0: said += one ? "minute" : "minutes"
            case "s" where index > 0: said += one ? "second" : "seconds"
            default: said += word
            }
        }
        return said
    }

    static func bucketLabel(_ bucket: WaitDistribution.Bucket) -> String {
        let from = bucket.from / 60
        guard let to = bucket.to.map({ $0 / 60 }) else { return "\(from) min and over" }
        return from == 0 ? "under \(to) min" : "\(from)–\(to) min"
    }

    static func bucketSpoken(_ bucket: WaitDistribution.Bucket) -> String {
        let from = bucket.from / 60
        guard let to = bucket.to.map({ $0 / 60 }) else { return "of \(from) minutes and over" }
        return from == 0 ? "under \(to) minutes" : "from \(from) to \(to) minutes"
    }
}
