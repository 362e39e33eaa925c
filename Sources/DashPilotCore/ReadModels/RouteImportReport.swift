/// What a route import (or a live capture) kept and skipped: counts by reason, for a surface to word.
public struct RouteImportReport: Sendable, Equatable {
    /// Why a point was skipped.
    public enum Skip: Hashable, Sendable, Comparable {
        case outsideEveryShift
        case refused(RouteSampleProblem)
        case unreadable(GPXReader.PointSkip)
        /// A line of a live stream that gave no position (`route follow`).
        case live(PositionReport.Skip)

        /// A stable identifier for `--json` readers.
        public var identifier: String {
            switch self {
            case .outsideEveryShift: "outsideEveryShift"
            case .refused(let problem): problem.rawValue
            case .unreadable(let skip): skip.rawValue
            case .live(let skip): skip.rawValue
            }
        }

        public static func < (lhs: Skip, rhs: Skip) -> Bool { lhs.identifier < rhs.identifier }
    }

    /// Points stored.
    public var kept = 0
    /// Points skipped, by reason.
    public var skipped: [Skip: Int] = [:]
    /// How many tracks the file held.
    public var tracks = 0
    /// How many planned routes and waypoints it held: not a recorded track, never imported.
    public var routesOrWaypoints = 0

    /// An empty report.
    public init() {}

    /// All points skipped.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
