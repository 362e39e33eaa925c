/// Which rule refused an operation: a closed set with no room for a name, key or count.
public enum RefusalRule: Sendable, Equatable {
    case shiftAlreadyRunning
    case noShiftRunning
    case shiftNotFound
    case shiftStillRunning
    case clockEarlierThanShift
    case deliveriesStillOpen
    case deliveryNotFound
    case stepOutOfOrder
    case stepEarlierThanPrevious
    case negativeEarnings
    case invalidName(PickupPlaceNameProblem)
    case placeNotFound
    case endTimeOutOfRange
    case recentPlaceOutOfRange
    case renameCollision
    case mergeIntoItself
    case mergeSourceMissing
    case mergeDestinationMissing
    /// A merge asked for without `--yes` where none can be asked, or declined.
    case mergeNotConfirmed
    case routeSampleRefused
    case deliveryStillOpen
    case tipOfNothing
    case tipNotFound
    case pauseWhileDeliveriesOpen
    case shiftPaused
    case pauseState
    case expenseNotFound
    case expenseInTheFuture
    case amountOutOfRange
    case invalidNote
    case stepTimeOutOfRange
    case unknownCurrency
    case keeping

    /// A stable identifier for the log ("rename-collision").
    public var identifier: String {
        switch self {
        case .shiftAlreadyRunning: "shift-already-running"
        case .noShiftRunning: "no-shift-running"
        case .shiftNotFound: "shift-not-found"
        case .shiftStillRunning: "shift-still-running"
        case .clockEarlierThanShift: "clock-earlier-than-shift"
        case .deliveriesStillOpen: "deliveries-still-open"
        case .deliveryNotFound: "delivery-not-found"
        case .stepOutOfOrder: "step-out-of-order"
        case .stepEarlierThanPrevious: "step-earlier-than-previous"
        case .negativeEarnings: "negative-earnings"
        case .invalidName(let problem): "invalid-name-\(problem.rawValue)"
        case .placeNotFound: "place-not-found"
        case .endTimeOutOfRange: "end-time-out-of-range"
        case .recentPlaceOutOfRange: "recent-place-out-of-range"
        case .renameCollision: "rename-collision"
        case .mergeIntoItself: "merge-into-itself"
        case .mergeSourceMissing: "merge-source-missing"
        case .mergeDestinationMissing: "merge-destination-missing"
        case .mergeNotConfirmed: "merge-not-confirmed"
        case .routeSampleRefused: "route-sample-refused"
        case .deliveryStillOpen: "delivery-still-open"
        case .tipOfNothing: "tip-of-nothing"
        case .tipNotFound: "tip-not-found"
        case .pauseWhileDeliveriesOpen: "pause-while-deliveries-open"
        case .shiftPaused: "shift-paused"
        case .pauseState: "pause-state"
        case .expenseNotFound: "expense-not-found"
        case .expenseInTheFuture: "expense-in-the-future"
        case .amountOutOfRange: "amount-out-of-range"
        case .invalidNote: "invalid-note"
        case .stepTimeOutOfRange: "step-time-out-of-range"
        case .unknownCurrency: "unknown-currency"
        case .keeping: "keeping"
        }
    }
}

/// A way on from a refusal, named by the domain and worded by each surface.
public enum RefusalHint: Sendable, Equatable {
    /// Start a shift.
    case startShift
    /// Find a place by a word of its name.
    case findPlace(containing: String)
    /// Give a place a new name: a rename, not a merge.
    case rename
    /// Resume the paused shift.
    case resume
}

/// Why a path cannot be restored from, before it is read.
public enum RestoreProblem: Sendable, Equatable {
    /// Nothing is there.
    case missing
    /// A folder, a device or a pipe.
    case notAFile
    /// A store on which a check of `doctor` fails (an older one, once upgraded).
    case unhealthy
    /// The store's own file: there is nothing to restore from it.
    case isTheStore
    /// No store was there when the restore began, and another program wrote one meanwhile: it is
    /// not written over without a backup of it.
    case storeWrittenMeanwhile
}
