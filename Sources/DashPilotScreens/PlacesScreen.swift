import DashPilotCore

/// The places screen: the whole catalogue alphabetically, filtered as the driver types by the
/// naming policy's key (a plain substring: "noo" finds "Nowhere Noodles", never "Nodle").
public struct PlacesScreen: Sendable, Equatable {
    /// One place.
    public struct Row: Sendable, Equatable {
        /// The place's id.
        public var placeID: Int64
        /// The name as written.
        public var name: String
        /// "first named Sat 3 Oct · 41 deliveries".
        public var detail: String
        /// "Nowhere Noodles, 41 deliveries".
        public var accessibilityLabel: String

        /// Creates a row.
        public init(placeID: Int64, name: String, detail: String, accessibilityLabel: String) {
            self.placeID = placeID
            self.name = name
            self.detail = detail
            self.accessibilityLabel = accessibilityLabel
        }
    }

    /// "Places · 3 of 214 match "noo"", or "Places · 214".
    public var title: String
    /// "Filter".
    public var filterLabel: String
    /// The places that match, alphabetically; each row's words are made when it is read, so that
    /// a screen that shows thirty of 2,000 places formats thirty first-named days.
    public var rows: Rows
    /// What an empty list says.
    public var emptyMessage: String?
    /// The keys of this screen.
    public var keys: [ScreenAction]

    /// The screen of `catalogue` (alphabetically) filtered by `filter`. O(places).
    public init(catalogue: PlaceCatalogue, filter: String, format: ScreenFormat) {
        let key = PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: filter))
        let places = catalogue.places
        let matching = key.isEmpty ? places : zip(places, catalogue.keys).filter { $0.1.contains(key) }.map(\.0)
        title = filter.isEmpty ? "Places · \(places.count)" : "Places · \(matching.count) of \(places.count) match \"\(filter)\""
        filterLabel = "Filter"
        rows = Rows(places: matching, format: format)
        if places.isEmpty {
            emptyMessage = "No pickup places yet."
        } else if matching.isEmpty {
            emptyMessage = "No place's name contains \"\(filter)\"."
        } else {
            emptyMessage = nil
        }
        keys =
            [ScreenAction(.enter, "open", .open), .selecting, ScreenAction(.typing, "to filter", .filter), .goingBack] + ScreenAction.paging
    }
}

extension PlacesScreen {
    /// The rows of the places that match, made as they are read.
    public struct Rows: RandomAccessCollection, Sendable, Equatable {
        let places: [PlaceSummary]
        let format: ScreenFormat

        public var startIndex: Int { 0 }
        public var endIndex: Int { places.count }

        /// Row `index`: "first named Sat 3 Oct · 41 deliveries".
        public subscript(index: Int) -> Row {
            let summary = places[index]
            let count = summary.deliveryCount == 1 ? "1 delivery" : "\(summary.deliveryCount) deliveries"
            return Row(
                placeID: summary.place.id, name: summary.place.name,
                detail: "first named \(format.day(summary.place.firstNamedAt)) · \(count)",
                accessibilityLabel: "\(summary.place.name), \(count)")
        }

        /// The rows' names, as written, with nothing formatted.
        public var names: [String] { places.map(\.place.name) }

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
    }
}

/// The catalogue with each place's key, worked out once so that filtering keeps up with typing.
/// The keys are for matching only: never shown, never spoken.
public struct PlaceCatalogue: Sendable, Equatable {
    /// The places, alphabetically.
    public let places: [PlaceSummary]
    let keys: [String]

    /// The catalogue of `places`. O(places).
    public init(places: [PlaceSummary]) {
        self.places = places
        keys = places.map { PickupPlaceName.key(ofDisplay: $0.place.name) }
    }
}
