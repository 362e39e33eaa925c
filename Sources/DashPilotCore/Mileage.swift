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
        var summary = RouteSummary()
        for sample in samples {
            summary.add(sample)
        }
        return summary.mileage
    }
}

/// What a shift's route samples say: that none was recorded, that some were but none pair up
/// (one sample, or every pair split by a gap), or the mileage they measure.
public enum RecordedRoute: Sendable, Equatable {
    case none
    case tooFewPoints
    case measured(Mileage)

    /// The mileage, when the route was measured.
    public var mileage: Mileage? {
        if case .measured(let mileage) = self { return mileage }
        return nil
    }
}
