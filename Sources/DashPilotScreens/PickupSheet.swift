import DashPilotCore

/// The pickup place sheet: the recent places above the name field, and Remove when a place is
/// recorded. Picking a recent place records it and closes the sheet.
public struct PickupSheet: Sendable, Equatable {
    /// "Pickup place · Delivery 2", or "Change pickup place · Delivery 2 · Nowhere Noodles".
    public var title: String
    /// The delivery the sheet records for.
    public var deliveryNumber: Int
    /// The heading over the recent places.
    public var recentHeading: String
    /// The recent places, at most five, latest use first.
    public var recent: [Control]
    /// The name field's label.
    public var nameFieldLabel: String
    /// The name field's spoken label.
    public var nameFieldAccessibilityLabel: String
    /// Remove Pickup Place, when the delivery has a place.
    public var removeControl: Control?
    /// The keys of this sheet.
    public var keys: [ScreenAction]

    /// Creates the sheet from its parts.
    public init(
        title: String, deliveryNumber: Int, recentHeading: String, recent: [Control], nameFieldLabel: String,
        nameFieldAccessibilityLabel: String, removeControl: Control?, keys: [ScreenAction], recentNames: [String]
    ) {
        self.title = title
        self.deliveryNumber = deliveryNumber
        self.recentHeading = recentHeading
        self.recent = recent
        self.nameFieldLabel = nameFieldLabel
        self.nameFieldAccessibilityLabel = nameFieldAccessibilityLabel
        self.removeControl = removeControl
        self.keys = keys
        self.recentNames = recentNames
    }

    /// The sheet for `delivery` with the recent list `recent`.
    public init(delivery: Delivery, recent: [RecentPlace]) {
        deliveryNumber = delivery.number
        if let place = delivery.pickupPlace {
            title = "Change pickup place · Delivery \(delivery.number) · \(place)"
            removeControl = Control(
                title: "Remove Pickup Place", accessibilityLabel: "Remove pickup place, Delivery \(delivery.number), \(place)")
        } else {
            title = "Pickup place · Delivery \(delivery.number)"
            removeControl = nil
        }
        recentHeading = recent.isEmpty ? "No recent places yet" : "Recent"
        self.recent = recent.prefix(RecentPlace.capacity).enumerated().map { index, entry in
            Control(
                title: "\(index + 1)  \(entry.place.name)", accessibilityLabel: "Record \(entry.place.name) as the pickup place",
                command: .recordRecent)
        }
        nameFieldLabel = "Name"
        nameFieldAccessibilityLabel = "Pickup place name, Delivery \(delivery.number)"
        recentNames = recent.prefix(RecentPlace.capacity).map(\.place.name)
        let moves = !recent.isEmpty || delivery.pickupPlace != nil
        keys =
            [ScreenAction(.enter, "record", .record)] + (moves ? [ScreenAction(.upDown, "recent", .move)] : [])
            + [ScreenAction(.escape, "cancel", .back)]
    }

    /// The recent places' names, in the list's order.
    public var recentNames: [String] = []

    /// Whether ↑↓ move anywhere: to a recent place, or to Remove.
    var movesAnywhere: Bool { !recentNames.isEmpty || removeControl != nil }

    /// The keys while row `focus` is selected (0..<recent: a recent place; recent: the name
    /// field; after it: Remove), saying what `Enter` does there.
    public func keys(focus: Int, fieldIsEmpty: Bool) -> [ScreenAction] {
        let enter: ScreenAction
        if focus < recentNames.count {
            enter = ScreenAction(.enter, "record \(recentNames[focus])", .record)
        } else if focus == recentNames.count {
            // The sketch's own word, with a name typed: "Enter record · ↑↓ recent · Esc cancel".
            enter = ScreenAction(.enter, "record", .record)
        } else {
            enter = ScreenAction(.enter, "remove the pickup place", .record)
        }
        // screens.md sketches "↑↓ recent": the arrows go through the recent places (and on to the
        // field, and Remove); with neither, they have nowhere to go, and are not offered.
        var actions = [enter] + (movesAnywhere ? [ScreenAction(.upDown, "recent", .move)] : [])
        if fieldIsEmpty && !recentNames.isEmpty {
            actions.append(ScreenAction(.digits(1...recentNames.count), "record a recent place", .recordRecent))
        }
        actions.append(ScreenAction(.escape, "cancel", .back))
        return actions
    }
}
