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
        /// The row read aloud.
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
    }

    /// The place's name as written.
    public var title: String
    /// What the waits say: typical wait and extremes, one wait, or none.
    public var waitLines: [String]
    /// The deliveries, newest first.
    public var rows: [Row]
    /// Opens the rename sheet.
    public var renameControl: Control
    /// Opens the merge list; disabled when the catalogue holds only this place.
    public var mergeControl: Control
    /// Why Merge is disabled, when it is.
    public var mergeFooter: String?
    /// The keys of this screen.
    public var keys: [KeyHint]

    /// The footer shown when no other place exists to merge into.
    public static let onlyPlaceFooter = "Merge needs another pickup place to merge into, and this is the only one."

    /// Creates the screen from its parts.
    public init(
        title: String, waitLines: [String], rows: [Row], renameControl: Control, mergeControl: Control, mergeFooter: String?,
        keys: [KeyHint]
    ) {
        self.title = title
        self.waitLines = waitLines
        self.rows = rows
        self.renameControl = renameControl
        self.mergeControl = mergeControl
        self.mergeFooter = mergeFooter
        self.keys = keys
    }

    /// The history screen of `history`.
    public init(history: PlaceHistory, format: ScreenFormat) {
        let name = history.place.name
        title = name
        let waits = history.waits
        switch waits.count {
        case 0:
            waitLines = ["No recorded waits yet. A wait runs from arrival at pickup to picked up."]
        case 1:
            waitLines = ["One recorded wait of \(format.duration(seconds: waits.median ?? 0)); one wait is not yet a typical wait."]
        default:
            waitLines = [
                "Typical recorded wait \(format.duration(seconds: waits.median ?? 0)) · median of \(waits.count) recorded pickups",
                "Shortest \(format.duration(seconds: Double(waits.shortest ?? 0))) · Longest \(format.duration(seconds: Double(waits.longest ?? 0)))",
            ]
        }
        rows = history.deliveries.map { entry in
            let delivery = entry.delivery
            let wait: String
            if let seconds = entry.wait {
                wait = "waited \(format.duration(seconds: Double(seconds)))"
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
                accessibilityLabel: "\(day), Delivery \(delivery.number), \(wait)")
        }
        renameControl = Control(title: "Rename", accessibilityLabel: "Rename pickup place, \(name)", key: "r")
        let canMerge = history.catalogueCount > 1
        mergeControl = Control(title: "Merge", accessibilityLabel: "Merge pickup place, \(name)", key: "m", isEnabled: canMerge)
        mergeFooter = canMerge ? nil : Self.onlyPlaceFooter
        keys = [KeyHint("r", "rename"), KeyHint("m", "merge"), KeyHint("Esc", "back"), KeyHint("?", "keys")]
    }
}
