import Foundation

/// A place a driver picks up from, as the catalogue holds it. Nothing aggregated is stored on it.
public struct PickupPlace: Sendable, Equatable, Identifiable {
    /// The place's identity; its order is the catalogue order (the order places were created).
    public var id: Int64
    /// The driver's spelling.
    public var name: String
    /// When the place was first named on this device.
    public var firstNamedAt: Date

    /// Creates a place value.
    public init(id: Int64, name: String, firstNamedAt: Date) {
        self.id = id
        self.name = name
        self.firstNamedAt = firstNamedAt
    }
}
