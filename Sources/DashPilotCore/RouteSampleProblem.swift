/// Why a route sample was refused as it arrived.
public enum RouteSampleProblem: String, Sendable, Equatable, CaseIterable {
    case notAPosition
    case poorAccuracy
    case outsideShift
    case alreadyRecorded
    case notLaterThanLast
    case tooCloseToLast
    case impossibleSpeed
    case shiftPaused
    case sessionBeforePause

    /// The reason, as a clause ("its accuracy is worse than 100 m").
    public var sentence: String {
        switch self {
        case .notAPosition: "its coordinates are not a position"
        case .poorAccuracy: "its accuracy is negative or worse than 100 m"
        case .outsideShift: "its time falls outside the shift"
        case .alreadyRecorded: "the shift already holds a sample at that second (already recorded)"
        case .notLaterThanLast: "its time is not later than the last sample of its capture session"
        case .tooCloseToLast: "it is within 5 m of the last sample of its capture session"
        case .impossibleSpeed: "reaching it would take more than 62 m/s"
        case .shiftPaused: "the shift was paused"
        case .sessionBeforePause:
            "its capture session holds samples from before the shift's pause, and resuming starts a new capture session"
        }
    }
}
