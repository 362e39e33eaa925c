import DashPilotCore

/// The rename sheet: the current spelling prefilled; nothing is written until Save.
public struct RenameSheet: Sendable, Equatable {
    /// "Rename pickup place".
    public var title: String
    /// The field's label.
    public var fieldLabel: String
    /// The current spelling, prefilled.
    public var prefilledName: String
    /// Saves the new name.
    public var saveControl: Control
    /// Leaves the name as it was.
    public var cancelControl: Control
    /// The keys of this sheet.
    public var keys: [ScreenAction]

    /// The sheet as a screen reader says it: "Rename pickup place, Example Diner".
    public var accessibilityTitle: String { "\(title), \(prefilledName)" }

    /// Creates the sheet from its parts.
    public init(
        title: String, fieldLabel: String, prefilledName: String, saveControl: Control, cancelControl: Control, keys: [ScreenAction]
    ) {
        self.title = title
        self.fieldLabel = fieldLabel
        self.prefilledName = prefilledName
        self.saveControl = saveControl
        self.cancelControl = cancelControl
        self.keys = keys
    }

    /// The sheet for `place`.
    public init(place: PickupPlace) {
        title = "Rename pickup place"
        fieldLabel = "Name"
        prefilledName = place.name
        saveControl = Control(title: "Save", accessibilityLabel: "Save new name for \(place.name)", command: .record)
        cancelControl = Control(title: "Cancel", accessibilityLabel: "Cancel renaming \(place.name)", command: .back)
        keys = [ScreenAction(.enter, "save", .record), ScreenAction(.escape, "cancel", .back)]
    }
}

/// Every other place, alphabetically, as a destination spoken as the whole operation.
public struct MergeListScreen: Sendable, Equatable {
    /// One destination.
    public struct Destination: Sendable, Equatable {
        /// The destination's id.
        public var placeID: Int64
        /// Its name as written; the spoken label says the whole operation.
        public var control: Control
    }

    /// "Merge Example Diner into…".
    public var title: String
    /// The title as a screen reader says it: "Merge Example Diner into which place?".
    public var accessibilityTitle: String
    /// The destinations: alphabetical, catalogue order breaking ties. No suggestion, no ranking.
    public var destinations: [Destination]
    /// Why the list is empty, when it is.
    public var emptyReason: String?
    /// A new place cannot be made here: merging into a name no place has is a rename, offered as one.
    public var renameHint: String
    /// The keys of this screen.
    public var keys: [ScreenAction]

    /// "Filter".
    public var filterLabel = "Filter"

    /// The merge list of `source` over `destinations` (already in merge-destination order).
    public init(source: PickupPlace, destinations: [PickupPlace]) {
        self.init(source: source, catalogue: PlaceCatalogue(places: destinations), filter: "")
    }

    /// The merge list of `source` over `catalogue`, filtered as the places are: the
    /// destinations whose key contains `filter`'s key. O(places), no key worked out again.
    public init(source: PickupPlace, catalogue: PlaceCatalogue, filter: String) {
        let others = catalogue.places.lazy.filter { $0.id != source.id }.count
        let destinations = catalogue.matching(filter).filter { $0.id != source.id }
        title =
            filter.isEmpty
            ? "Merge \(source.name) into…"
            : "Merge \(source.name) into… · \(destinations.count) of \(others) match \"\(filter)\""
        // Said again as a filter narrows the list, as the title shows it.
        accessibilityTitle =
            "Merge \(source.name) into which place?"
            + (filter.isEmpty ? "" : " \(destinations.count) of \(others) match \"\(filter)\".")
        self.destinations = destinations.map {
            Destination(
                placeID: $0.id,
                control: Control(title: $0.name, accessibilityLabel: "Merge \(source.name) into \($0.name)", command: .open))
        }
        if others == 0 {
            emptyReason = PlaceHistoryScreen.onlyPlaceFooter
        } else {
            emptyReason = destinations.isEmpty ? "No place's name contains \"\(filter)\"." : nil
        }
        renameHint = "To give \(source.name) a name no place has yet, rename it instead: Esc, then r."
        // With no destination to act on, the arrows and Enter are not offered.
        let rowKeys = [.selecting, ScreenAction(.enter, "choose", .open)].map { destinations.isEmpty ? $0.unlisted : $0 }
        keys = rowKeys + [ScreenAction(.typing, "to filter", .filter), .goingBack] + ScreenAction.paging
    }
}

/// The confirmation before a merge: explicit about direction and what happens.
public struct MergeConfirmation: Sendable, Equatable {
    /// The design's text, word for word.
    public var text: String
    /// Merges.
    public var confirmControl: Control
    /// Goes back without merging.
    public var cancelControl: Control
    /// The keys of this question.
    public var keys: [ScreenAction]

    /// The confirmation for merging `source` into `destination`.
    public init(source: String, destination: String) {
        text = Self.text(source: source, destination: destination)
        confirmControl = Control(title: "Merge", accessibilityLabel: "Merge \(source) into \(destination)", command: .confirm)
        cancelControl = Control(title: "Cancel", accessibilityLabel: "Cancel, keep \(source) and \(destination) apart", command: .keep)
        keys = [
            ScreenAction(.character("y"), "merge", .confirm), ScreenAction(.character("n"), "cancel", .keep),
            ScreenAction(.escape, "cancel", .keep).unlisted,
        ]
    }

    /// The design's confirmation text for `source` into `destination`.
    public static func text(source: String, destination: String) -> String {
        "Merge \"\(source)\" into \"\(destination)\"? All deliveries recorded under \(source) will move to \(destination), keeping their recorded times. \(source) will then be removed. This cannot be undone."
    }
}
