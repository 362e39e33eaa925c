import Foundation

/// A shift's distance, derived from its route samples: a floor, never an estimate.
public struct Mileage: Sendable, Equatable {
    /// Metres in a mile.
    public static let metresPerMile = 1609.344
    /// Two samples further apart in time than this are never joined, in seconds.
    public static let maximumGap: TimeInterval = 120

    /// The summed distance within segments, in metres.
    public var metres: Double
    /// How many segments held at least two samples.
    public var measuredSegments: Int
    /// Whether the route has breaks that were not bridged (more than one segment).
    public var isPartial: Bool

    /// Creates a mileage value.
    public init(metres: Double, measuredSegments: Int, isPartial: Bool) {
        self.metres = metres
        self.measuredSegments = measuredSegments
        self.isPartial = isPartial
    }

    /// The distance in miles, unrounded.
    public var miles: Double { metres / Self.metresPerMile }

    /// Derives the mileage of samples given in time order, or `nil` when no segment holds two
    /// samples (a route that cannot be measured shows no mileage, never zero).
    ///
    /// Segments break wherever the capture session changes or two consecutive samples are more
    /// than two minutes apart. O(n) in the number of samples.
    public static func derive<Samples: Sequence>(from samples: Samples) -> Mileage? where Samples.Element == RouteSample {
        var accumulator = Accumulator()
        for sample in samples {
            accumulator.add(sample)
        }
        return accumulator.result
    }

    /// Builds a mileage one sample at a time, so that a store can stream its rows through it.
    public struct Accumulator: Sendable {
        private var previous: (time: Int64, latitude: Double, longitude: Double, cosLatitude: Double, session: Int64?)?
        private var metres = 0.0
        private var segments = 0
        private var measuredSegments = 0
        private var currentSegmentMeasured = false

        /// An empty accumulator.
        public init() {}

        /// Adds the next sample in time order.
        public mutating func add(_ sample: RouteSample) {
            add(time: sample.recordedAt.unixSeconds, latitude: sample.latitude, longitude: sample.longitude, session: sample.session)
        }

        /// Adds the next sample in time order, from its stored values. Each sample's cosine of
        /// latitude is computed once and kept for the next pair: one cosine a sample, not two.
        public mutating func add(time: Int64, latitude: Double, longitude: Double, session: Int64?) {
            let radians = Double.pi / 180
            let latitude = latitude * radians
            let longitude = longitude * radians
            let cosLatitude = cos(latitude)
            defer { previous = (time, latitude, longitude, cosLatitude, session) }
            guard let last = previous else {
                segments = 1
                return
            }
            if session != last.session || Double(time - last.time) > Mileage.maximumGap {
                segments += 1
                currentSegmentMeasured = false
                return
            }
            let halfLatitude = sin((latitude - last.latitude) / 2)
            let halfLongitude = sin((longitude - last.longitude) / 2)
            let a = halfLatitude * halfLatitude + last.cosLatitude * cosLatitude * halfLongitude * halfLongitude
            metres += 2 * GreatCircle.earthRadius * asin(min(1, a.squareRoot()))
            if !currentSegmentMeasured {
                currentSegmentMeasured = true
                measuredSegments += 1
            }
        }

        /// The mileage so far, or `nil` when nothing is measurable.
        public var result: Mileage? {
            guard measuredSegments > 0 else { return nil }
            return Mileage(metres: metres, measuredSegments: measuredSegments, isPartial: segments > 1)
        }
    }
}
