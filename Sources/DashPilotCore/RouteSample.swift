import Foundation

/// One position the phone recorded during a shift.
public struct RouteSample: Sendable, Equatable {
    /// When the position was recorded, to the whole second.
    public var recordedAt: Date
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// The horizontal accuracy radius in metres; `nil` when unknown.
    public var horizontalAccuracy: Double?
    /// The capture session the sample belongs to; `nil` for samples recorded before sessions existed.
    public var session: Int64?

    /// Creates a sample.
    public init(recordedAt: Date, latitude: Double, longitude: Double, horizontalAccuracy: Double? = nil, session: Int64? = nil) {
        self.recordedAt = recordedAt
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.session = session
    }

    /// The great-circle distance to `other` in metres.
    public func distance(to other: RouteSample) -> Double {
        GreatCircle.metres(latitude, longitude, other.latitude, other.longitude)
    }
}
