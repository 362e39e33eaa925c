import Foundation

/// What a shift's route samples give, built one sample at a time in time order: the distance so
/// far, its segments, and the last sample, from which the next one continues.
///
/// A store keeps one a shift as a cache. Adding samples to a summary restored from its stored
/// fields gives, bit for bit, what adding every sample from the first would give: each step
/// depends only on the fields kept here and the sample added.
public struct RouteSummary: Sendable, Equatable {
    /// The last sample added, as the next step needs it.
    public struct LastSample: Sendable, Equatable {
        /// Its time, in seconds since 1970.
        public var time: Int64
        /// Its latitude in degrees, exactly as added.
        public var latitude: Double
        /// Its longitude in degrees, exactly as added.
        public var longitude: Double
        /// Its capture session.
        public var session: Int64?

        /// Creates the last sample's record.
        public init(time: Int64, latitude: Double, longitude: Double, session: Int64?) {
            self.time = time
            self.latitude = latitude
            self.longitude = longitude
            self.session = session
        }
    }

    /// The summed distance within segments, in metres.
    public var metres: Double
    /// How many segments the samples split into.
    public var segments: Int
    /// How many segments held at least two samples.
    public var measuredSegments: Int
    /// Whether the last segment has been measured (holds two samples or more).
    public var lastSegmentMeasured: Bool
    /// The last sample added, or `nil` when none was.
    public var last: LastSample?

    /// A summary of no samples.
    public init() {
        self.init(metres: 0, segments: 0, measuredSegments: 0, lastSegmentMeasured: false, last: nil)
    }

    /// A summary restored from its fields.
    public init(metres: Double, segments: Int, measuredSegments: Int, lastSegmentMeasured: Bool, last: LastSample?) {
        self.metres = metres
        self.segments = segments
        self.measuredSegments = measuredSegments
        self.lastSegmentMeasured = lastSegmentMeasured
        self.last = last
    }

    /// The mileage, or `nil` when nothing is measurable: no two samples pair up, or those that
    /// do lie at one spot (a store from before the 5 m check kept such samples), which would
    /// read "0.0 mi" (platform.md: "a shift with no measurable route shows no mileage, never
    /// '0.0 mi'").
    public var mileage: Mileage? {
        guard measuredSegments > 0, metres > 0 else { return nil }
        return Mileage(metres: metres, measuredSegments: measuredSegments, isPartial: segments > 1)
    }

    /// What the samples say: none recorded, too few points to measure, or a mileage.
    public var route: RecordedRoute { last == nil ? .none : mileage.map(RecordedRoute.measured) ?? .tooFewPoints }

    /// Adds the next sample in time order.
    public mutating func add(_ sample: RouteSample) {
        add(time: sample.recordedAt.unixSeconds, latitude: sample.latitude, longitude: sample.longitude, session: sample.session)
    }

    /// Adds the next sample in time order, from its stored values.
    ///
    /// A new segment starts where the session changes or more than two minutes pass; within a
    /// segment the great-circle distance (haversine) is added. O(1).
    public mutating func add(time: Int64, latitude: Double, longitude: Double, session: Int64?) {
        defer { last = LastSample(time: time, latitude: latitude, longitude: longitude, session: session) }
        guard let previous = last else {
            segments = 1
            return
        }
        if session != previous.session || Double(time - previous.time) > Mileage.maximumGap {
            segments += 1
            lastSegmentMeasured = false
            return
        }
        let radians = Double.pi / 180
        let fromLatitude = previous.latitude * radians
        let toLatitude = latitude * radians
        let halfLatitude = sin((toLatitude - fromLatitude) / 2)
        let halfLongitude = sin((longitude * radians - previous.longitude * radians) / 2)
        let a = halfLatitude * halfLatitude + cos(fromLatitude) * cos(toLatitude) * halfLongitude * halfLongitude
        metres += 2 * GreatCircle.earthRadius * asin(min(1, a.squareRoot()))
        if !lastSegmentMeasured {
            lastSegmentMeasured = true
            measuredSegments += 1
        }
    }
}
