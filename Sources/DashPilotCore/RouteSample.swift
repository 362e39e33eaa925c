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

/// Why a route sample was refused as it arrived.
public enum RouteSampleProblem: String, Sendable, Equatable, CaseIterable {
    case notAPosition
    case poorAccuracy
    case outsideShift
    case notLaterThanLast
    case tooCloseToLast
    case impossibleSpeed

    /// The reason, as a clause ("its accuracy is worse than 100 m").
    public var sentence: String {
        switch self {
        case .notAPosition: "its coordinates are not a position"
        case .poorAccuracy: "its accuracy is negative or worse than 100 m"
        case .outsideShift: "its time falls outside the shift"
        case .notLaterThanLast: "its time is not later than the shift's last sample"
        case .tooCloseToLast: "it is within 5 m of the shift's last sample"
        case .impossibleSpeed: "reaching it would take more than 62 m/s"
        }
    }
}

/// The checks a route sample passes once, as it arrives, before it is stored.
public enum RouteSampleCheck {
    /// The worst horizontal accuracy kept, in metres.
    public static let worstAccuracy = 100.0
    /// A sample this close to the last kept one adds nothing, in metres.
    public static let minimumDistance = 5.0
    /// Faster than this, in metres a second, a sample is a glitch.
    public static let maximumSpeed = 62.0

    /// The problem with `sample` given the shift and its last kept sample, or `nil` to keep it.
    public static func problem(with sample: RouteSample, shift: Shift, lastKept: RouteSample?, now: Date) -> RouteSampleProblem? {
        let lat = sample.latitude
        let lon = sample.longitude
        guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180, !(lat == 0 && lon == 0) else {
            return .notAPosition
        }
        if let accuracy = sample.horizontalAccuracy {
            guard accuracy.isFinite, accuracy >= 0, accuracy <= worstAccuracy else { return .poorAccuracy }
        }
        guard shift.holds(sample.recordedAt, now: now) else { return .outsideShift }
        guard let last = lastKept else { return nil }
        guard sample.recordedAt > last.recordedAt else { return .notLaterThanLast }
        let distance = sample.distance(to: last)
        guard distance > minimumDistance else { return .tooCloseToLast }
        let uncertain = (sample.horizontalAccuracy ?? 0) + (last.horizontalAccuracy ?? 0)
        let seconds = max(1, sample.recordedAt.timeIntervalSince(last.recordedAt))
        guard (distance - uncertain) / seconds <= maximumSpeed else { return .impossibleSpeed }
        return nil
    }
}

/// Great-circle distance on a spherical Earth.
public enum GreatCircle {
    /// The Earth's mean radius in metres.
    public static let earthRadius = 6_371_008.8

    /// The haversine distance in metres between two latitude/longitude pairs in degrees.
    public static func metres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }
}
