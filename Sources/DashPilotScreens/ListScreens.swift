import DashPilotCore

/// A list of shifts, newest first: `shift list`, and the completed shifts screen, which holds a
/// window of the rows around what is on screen.
public struct ShiftListScreen: Sendable, Equatable {
    /// One shift.
    public struct Row: Sendable, Equatable {
        /// The shift's id.
        public var shiftID: Int64
        /// "Shift 3 · Sat 29 Nov · 5:02 PM – 9:40 PM · 7 deliveries · 31.2 mi".
        public var text: String
        /// "Shift 3, Sunday November 29, 5:02 PM to 9:40 PM, 7 deliveries, 31.2 miles recorded";
        /// empty in a list made for text, which says none.
        public var accessibilityLabel: String

        /// Creates a row.
        public init(shiftID: Int64, text: String, accessibilityLabel: String) {
            self.shiftID = shiftID
            self.text = text
            self.accessibilityLabel = accessibilityLabel
        }
    }

    /// "Completed shifts".
    public var title: String
    /// The shifts.
    public var rows: [Row]
    /// What an empty list says.
    public var emptyMessage: String?
    /// The keys of the completed shifts screen.
    public var keys: [ScreenAction]

    /// The list of `summaries`; `said`: whether its rows carry what a screen reader says (text
    /// prints none: five thousand rows spelled out their days for nothing).
    public init(summaries: [ShiftSummary], format: ScreenFormat, said: Bool = true) {
        title = "Completed shifts"
        rows = summaries.map { Self.row($0, format: format, said: said) }
        emptyMessage = summaries.isEmpty ? "No shifts recorded yet." : nil
        keys = summaries.isEmpty ? Self.actions.withNoRows : Self.actions
    }

    /// What the completed shifts screen says with none.
    public static let noCompletedShifts = "No completed shifts yet."

    /// The keys of the completed shifts screen.
    public static let actions: [ScreenAction] =
        [
            .selecting, ScreenAction(.enter, "open log", .open), ScreenAction(.character("w"), "weeks", .weeks),
            ScreenAction(.character("l"), "places", .places), ScreenAction(.character("c"), "expenses", .expenses), .goingBack, .keysList,
        ] + ScreenAction.paging

    /// The row of one shift.
    public static func row(_ summary: ShiftSummary, format: ScreenFormat, said: Bool = true) -> Row {
        let shift = summary.shift
        let day = format.day(shift.startedAt)
        // In the hour a fall-back night repeats, each end says which it is, as the log's title does.
        let span = shift.endedAt.map { format.span(shift.startedAt, $0) }
        let running = "running since \(format.timeReadOnce(shift.startedAt))"
        let times = span.map { "\($0.start) – \($0.end)" } ?? running
        let count = summary.deliveryCount == 1 ? "1 delivery" : "\(summary.deliveryCount) deliveries"
        var parts = ["Shift \(shift.id)", day, times, count]
        var spokenRoute: String?
        switch summary.route {
        case .measured(let mileage):
            parts.append(format.miles(mileage.miles))
            spokenRoute = format.milesRecorded(mileage.miles)
        // platform.md: samples that do not pair up are "too few points to measure", as a week's
        // row says, never a row that reads as no route recorded.
        case .tooFewPoints:
            parts.append("too few route points")
            spokenRoute = "too few route points to measure"
        case .none: break
        }
        let text = parts.joined(separator: " · ")
        guard said else { return Row(shiftID: shift.id, text: text, accessibilityLabel: "") }
        // Said, an end on another day spells its day out too.
        var spokenTimes = running
        if let span, let end = shift.endedAt { spokenTimes = "\(span.start) to \(format.spokenEnd(end, after: shift.startedAt))" }
        // Said, a day is spelled out, as an expense's label says it ("Saturday November 28").
        let spoken = ["Shift \(shift.id)", format.spokenDay(shift.startedAt), spokenTimes, count] + (spokenRoute.map { [$0] } ?? [])
        return Row(shiftID: shift.id, text: text, accessibilityLabel: spoken.joined(separator: ", "))
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
            "\(index + 1). \(entry.place.name) · last used \(format.moment(entry.lastUsedAt))"
        }
        emptyMessage = recent.isEmpty ? "No recent pickup places yet." : nil
    }
}

/// The catalogue, as `place list` prints it.
public struct PlaceListScreen: Sendable, Equatable {
    /// The places, alphabetically.
    public var rows: [String]
    /// Each row's spoken label ("Nowhere Noodles, 41 deliveries").
    public var accessibilityLabels: [String]
    /// What an empty catalogue says.
    public var emptyMessage: String?

    /// The list of `places` (those matching `match`, when a filter was typed).
    public init(places: [PlaceSummary], format: ScreenFormat, match: String? = nil) {
        rows = places.map { summary in
            let count = summary.deliveryCount == 1 ? "1 delivery" : "\(summary.deliveryCount) deliveries"
            return "\(summary.place.name) · \(count) · first named \(format.day(summary.place.firstNamedAt))"
        }
        accessibilityLabels = places.map { "\($0.place.name), \($0.deliveryCount == 1 ? "1 delivery" : "\($0.deliveryCount) deliveries")" }
        emptyMessage = places.isEmpty ? (match.map { "No place's name contains \"\($0)\"." } ?? "No pickup places yet.") : nil
    }
}
