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
