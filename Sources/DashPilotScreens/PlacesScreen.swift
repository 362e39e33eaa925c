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

    /// The screen of `catalogue` (alphabetically) filtered by `filter`, with the deliveries
    /// counted so far (`counts`, by place id): a row is read once its place is counted
    /// (`Rows.uncounted(in:)` says which are not). O(places).
    public init(catalogue: PlaceCatalogue, filter: String, format: ScreenFormat, counts: [Int64: Int] = [:]) {
        let places = catalogue.places
        let matching = catalogue.matching(filter)
        title = filter.isEmpty ? "Places · \(places.count)" : "Places · \(matching.count) of \(places.count) match \"\(filter)\""
        filterLabel = "Filter"
        rows = Rows(places: matching, format: format, counts: counts)
        if places.isEmpty {
            emptyMessage = "No pickup places yet."
        } else if matching.isEmpty {
            emptyMessage = "No place's name contains \"\(filter)\"."
        } else {
            emptyMessage = nil
        }
        // With no row to act on, Enter and the arrows are not offered (what a key acts on shows).
        let rowKeys = [ScreenAction(.enter, "open", .open), .selecting].map { matching.isEmpty ? $0.unlisted : $0 }
        keys = rowKeys + [ScreenAction(.typing, "to filter", .filter), .goingBack] + ScreenAction.paging
    }
}

extension PlacesScreen {
    /// The rows of the places that match, made as they are read. A row says how many deliveries
    /// name its place, and ten years of deliveries are not counted to open a screen that shows
    /// thirty places: the counts come in for the rows a window shows (`count(_:)`).
    public struct Rows: RandomAccessCollection, Sendable, Equatable {
        let places: [PickupPlace]
        let format: ScreenFormat
        /// How many deliveries name each place counted so far, by id.
        private(set) var counts: [Int64: Int]

        public var startIndex: Int { 0 }
        public var endIndex: Int { places.count }

        /// Row `index`: "first named Sat 3 Oct · 41 deliveries". Its place must have been
        /// counted: reading a row whose count is unknown is a programming error.
        public subscript(index: Int) -> Row {
            let place = places[index]
            guard let deliveries = counts[place.id] else {
                preconditionFailure("a row is read before its place's deliveries were counted (see `uncounted(in:)`)")
            }
            let count = deliveries == 1 ? "1 delivery" : "\(deliveries) deliveries"
            return Row(
                placeID: place.id, name: place.name, detail: "first named \(format.day(place.firstNamedAt)) · \(count)",
                accessibilityLabel: "\(place.name), \(count)")
        }

        /// The ids of the places of rows `range` (clamped to the rows) whose deliveries are not
        /// counted yet.
        public func uncounted(in range: Range<Int>) -> [Int64] {
            places[range.clamped(to: indices)].lazy.map(\.id).filter { counts[$0] == nil }
        }

        /// The id of row `index`'s place, whether or not it is counted yet.
        public func placeID(_ index: Int) -> Int64 { places[index].id }

        /// The row of the place `id`, if it is among the rows.
        public func index(ofPlace id: Int64) -> Int? { places.firstIndex { $0.id == id } }

        /// Whether row `index`'s place is counted: whether the row can be read.
        public func isCounted(_ index: Int) -> Bool { counts[places[index].id] != nil }

        /// Records how many deliveries name each place of `counted`, by id.
        public mutating func count(_ counted: [Int64: Int]) {
            counts.merge(counted) { $1 }
        }

        /// The rows' names, as written, with nothing formatted.
        public var names: [String] { places.map(\.name) }

        /// The same places, each counted in both and its rows alike, or counted in neither.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.places == rhs.places
                && lhs.places.indices.allSatisfy { index in
                    let id = lhs.places[index].id
                    switch (lhs.counts[id], rhs.counts[id]) {
                    case (nil, nil): return true
                    case (.some, .some): return lhs[index] == rhs[index]
                    default: return false
                    }
                }
        }
    }
}

/// The catalogue with each place's key, worked out once so that filtering keeps up with typing:
/// the places screen's and the merge list's. The keys are for matching only: never shown, never
/// spoken.
public struct PlaceCatalogue: Sendable, Equatable {
    /// The places, alphabetically (in merge-destination order).
    public let places: [PickupPlace]
    let keys: [String]

    /// The catalogue of `places`. O(places).
    public init(places: [PickupPlace]) {
        self.places = places
        keys = places.map { PickupPlaceName.key(ofDisplay: $0.name) }
    }

    /// The places whose key contains `filter`'s key (the naming policy applied to what was
    /// typed) as `place list --match` finds them; every place when that key is empty.
    /// O(places), no key worked out again.
    public func matching(_ filter: String) -> [PickupPlace] {
        let key = PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: filter))
        guard !key.isEmpty else { return places }
        return zip(places, keys).filter { PickupPlaceName.key($0.1, contains: key) }.map(\.0)
    }
}
