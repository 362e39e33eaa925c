import DashPilotCore

/// The completed shifts, newest first.
public struct ShiftListScreen: Sendable, Equatable {
    /// One shift.
    public struct Row: Sendable, Equatable {
        /// The shift's id.
        public var shiftID: Int64
        /// "Shift 3 · Sat 29 Nov · 5:02 PM – 9:40 PM · 7 deliveries · 31.2 mi".
        public var text: String
    }

    /// "Shifts".
    public var title: String
    /// The shifts.
    public var rows: [Row]
    /// What an empty list says.
    public var emptyMessage: String?

    /// The list of `summaries`.
    public init(summaries: [ShiftSummary], format: ScreenFormat) {
        title = "Shifts"
        rows = summaries.map { summary in
            let shift = summary.shift
            var parts = ["Shift \(shift.id)", format.day(shift.startedAt)]
            parts.append(shift.endedAt.map { "\(format.time(shift.startedAt)) – \(format.time($0))" } ?? "running since \(format.time(shift.startedAt))")
            parts.append(summary.deliveryCount == 1 ? "1 delivery" : "\(summary.deliveryCount) deliveries")
            if let mileage = summary.mileage { parts.append(format.miles(mileage.miles)) }
            return Row(shiftID: shift.id, text: parts.joined(separator: " · "))
        }
        emptyMessage = summaries.isEmpty ? "No shifts recorded yet." : nil
    }
}

/// The recent list, as `pickup recent` prints it.
public struct RecentPlacesScreen: Sendable, Equatable {
    /// The places, numbered as `pickup set N --recent K` takes them.
    public var rows: [String]
    /// What an empty list says.
    public var emptyMessage: String?

    /// The list of `recent`.
    public init(recent: [RecentPlace], format: ScreenFormat) {
        rows = recent.enumerated().map { index, entry in
            "\(index + 1). \(entry.place.name) · last used \(format.day(entry.lastUsedAt)) \(format.time(entry.lastUsedAt))"
        }
        emptyMessage = recent.isEmpty ? "No recent pickup places yet." : nil
    }
}

/// The catalogue, as `place list` prints it.
public struct PlaceListScreen: Sendable, Equatable {
    /// The places, alphabetically.
    public var rows: [String]
    /// What an empty catalogue says.
    public var emptyMessage: String?

    /// The list of `places`.
    public init(places: [PlaceSummary], format: ScreenFormat) {
        rows = places.map { summary in
            let count = summary.deliveryCount == 1 ? "1 delivery" : "\(summary.deliveryCount) deliveries"
            return "\(summary.place.name) · \(count) · first named \(format.day(summary.place.firstNamedAt))"
        }
        emptyMessage = places.isEmpty ? "No pickup places yet." : nil
    }
}
