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
    public var keys: [KeyHint]

    /// Creates the sheet from its parts.
    public init(
        title: String, deliveryNumber: Int, recentHeading: String, recent: [Control], nameFieldLabel: String,
        nameFieldAccessibilityLabel: String, removeControl: Control?, keys: [KeyHint]
    ) {
        self.title = title
        self.deliveryNumber = deliveryNumber
        self.recentHeading = recentHeading
        self.recent = recent
        self.nameFieldLabel = nameFieldLabel
        self.nameFieldAccessibilityLabel = nameFieldAccessibilityLabel
        self.removeControl = removeControl
        self.keys = keys
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
        self.recent = recent.prefix(RecentPlace.capacity).map {
            Control(title: $0.place.name, accessibilityLabel: "Record \($0.place.name) as the pickup place", key: "Enter")
        }
        nameFieldLabel = "Name"
        nameFieldAccessibilityLabel = "Pickup place name, Delivery \(delivery.number)"
        keys = [KeyHint("Enter", "record"), KeyHint("↑↓", "recent"), KeyHint("Esc", "cancel")]
    }
}
