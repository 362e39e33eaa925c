import Foundation

/// A rule of DashPilot refused an operation, or what it named was not found. Nothing was written.
///
/// Each case carries a sentence a driver can act on, in the domain's words only: where a way on
/// helps, `hint` names it, and each surface words it its own way (a key on a screen, a command on
/// the command line). Sentences may hold a place's display name
/// (the driver must know which place collided), so a refusal is shown, never logged; the log
/// records only `rule`.
public enum DashPilotRefusal: Error, Sendable, Equatable {
    case shiftAlreadyRunning(id: Int64)
    case noShiftRunning
    /// A screen acted on shift `id`, which another program has ended (or deleted) since.
    case shiftNoLongerRunning(id: Int64)
    case shiftNotFound(id: Int64)
    case shiftStillRunning(id: Int64)
    case clockEarlierThanShift(id: Int64)
    case deliveriesStillOpen(numbers: [Int])
    case deliveryNotFound(number: Int, shiftID: Int64)
    case stepOutOfOrder(delivery: Int, state: DeliveryState, step: LifecycleStep)
    case stepEarlierThanPrevious(delivery: Int, state: DeliveryState)
    case negativeEarnings
    case invalidName(PickupPlaceNameProblem)
    case placeNotFound
    case recentPlaceOutOfRange(requested: Int, available: Int)
    case renameCollision(existingName: String)
    case mergeIntoItself
    case mergeSourceMissing
    case mergeDestinationMissing
    case routeSampleRefused(RouteSampleProblem)
    /// No place's key matches the typed `name` (its display form): `placeNotFound`, with the name.
    case noPlaceCalled(String)
    /// A merge's source names no place: `mergeSourceMissing`, with the name.
    case noMergeSourceCalled(String)
    /// A merge's destination names no place: `mergeDestinationMissing`, with the name.
    case noMergeDestinationCalled(String)
    /// `shift end --at` a time before something recorded on the shift.
    case endBeforeLastActivity(id: Int64, lastActivity: Date, asked: Date)
    /// `shift end --at` a time later than now, as it was read, and the clock's time.
    case endInTheFuture(id: Int64, asked: Date, now: Date)
    /// Pay or a tip on a delivery still open.
    case deliveryStillOpen(number: Int)
    /// A tip of zero.
    case tipOfNothing
    /// No tip of that number on the delivery.
    case tipNotFound(delivery: Int, number: Int)
    /// A pause while deliveries are open.
    case pauseWhileDeliveriesOpen(numbers: [Int])
    /// Accepting or a route sample while the shift is paused.
    case shiftPaused
    /// Resuming a shift that is not paused.
    case shiftNotPaused
    /// Pausing a shift already paused.
    case shiftAlreadyPaused
    /// No expense with that id.
    case expenseNotFound(id: Int64)
    /// An expense dated later than now, as its time was read, and the clock's time.
    case expenseInTheFuture(at: Date, now: Date, editing: Bool = false)
    /// A negative amount.
    case negativeAmount
    /// More than the largest amount.
    case amountTooLarge
    /// An expense note the policy refuses.
    case invalidNote(ExpenseNoteProblem)
    /// A forgotten step at a time later than now, as it was read, and the clock's time.
    case stepInTheFuture(delivery: Int, at: Date, now: Date)
    /// A forgotten step at a time before the delivery's previous step.
    case stepBeforePrevious(delivery: Int, previous: Date, at: Date)
    /// A currency code that is not ISO 4217.
    case unknownCurrency(String)
    /// A backup would overwrite a file already there.
    case backupExists(path: String)
    /// A path to restore from that is not a file.
    case cannotRestore(path: String, reason: RestoreProblem)

    /// The refusal as one sentence, times in UTC: for a surface that has no driver's locale.
    public var sentence: String { sentence(times: { ISO8601.format($0) }) }

    /// The refusal as one sentence for the driver, each time it quotes written by `times` (local
    /// time in the driver's locale: "9:30 PM on Sun, Nov 29"). Two times it sets against each
    /// other are written by `apart` where given, so that a time is never said to come before one
    /// that reads the same or later ("5:30:00 PM … 5:30:20 PM", or with their offsets in the hour
    /// a fall-back night repeats).
    public func sentence(times: (Date) -> String, apart: ((Date, Date) -> (String, String))? = nil) -> String {
        func pair(_ first: Date, _ second: Date) -> (String, String) { apart?(first, second) ?? (times(first), times(second)) }
        return switch self {
        case .shiftAlreadyRunning(let id):
            "Shift \(id) is already running; end it before starting another."
        case .noShiftRunning:
            "No shift is running."
        case .shiftNoLongerRunning(let id):
            "Shift \(id) is no longer running: another program ended it; nothing was recorded."
        case .shiftNotFound(let id):
            "There is no shift \(id)."
        case .shiftStillRunning(let id):
            "Shift \(id) is still running; end it first."
        case .clockEarlierThanShift(let id):
            "The clock reads earlier than shift \(id)'s last recorded time; nothing was recorded."
        case .deliveriesStillOpen(let numbers):
            "The shift can't end while \(Self.list(numbers)) \(numbers.count == 1 ? "is" : "are") still open; deliver or cancel \(numbers.count == 1 ? "it" : "them") first."
        case .deliveryNotFound(let number, let shiftID):
            "Shift \(shiftID) has no Delivery \(number)."
        case .stepOutOfOrder(let delivery, let state, let step):
            Self.outOfOrderSentence(delivery: delivery, state: state, step: step)
        case .stepEarlierThanPrevious(let delivery, let state):
            "Delivery \(delivery) is \(state.phrase), and its last step was recorded later than the clock now reads; nothing was recorded."
        case .negativeEarnings:
            "Earnings can't be negative."
        case .invalidName(let problem):
            problem.sentence
        case .placeNotFound:
            "No pickup place has that name."
        case .recentPlaceOutOfRange(let requested, let available):
            available == 0
                ? "There are no recent pickup places yet; type the place's name instead."
                : "There \(available == 1 ? "is" : "are") only \(available) recent pickup place\(available == 1 ? "" : "s"); \(requested) is not one of them."
        case .renameCollision(let existingName):
            "Another pickup place is already called \(existingName); merging is what would put the two together."
        case .mergeIntoItself:
            "A place can't be merged into itself."
        case .mergeSourceMissing:
            "The place to merge no longer exists."
        case .mergeDestinationMissing:
            "No pickup place by that name exists to merge into; giving this place a new name is a rename."
        case .routeSampleRefused(let problem):
            "The route sample was not recorded: \(problem.sentence)."
        case .noPlaceCalled(let name):
            "No pickup place is called \"\(name)\"."
        case .noMergeSourceCalled(let name):
            "No pickup place is called \"\(name)\", so there is nothing to merge."
        case .endBeforeLastActivity(let id, let lastActivity, let asked):
            // The end as it was read, with its day: a time with no date that has not come yet
            // today is yesterday's, which the refusal did not say.
            "Shift \(id) can't end before its last recorded activity, \(pair(lastActivity, asked).0) (the end given reads as \(pair(lastActivity, asked).1)); nothing was changed."
        case .endInTheFuture(let id, let asked, let now):
            // The time as it was read, with its day, as the refusal of an end too early says it;
            // with its seconds where it reads as the clock does.
            "Shift \(id) can't end later than now (the end given reads as \(pair(asked, now).0)); nothing was changed."
        case .noMergeDestinationCalled(let name):
            "No pickup place is called \"\(name)\" to merge into; giving this place that name is a rename."
        case .deliveryStillOpen(let number):
            "Delivery \(number) is still open; what it paid can be recorded once it is delivered or cancelled."
        case .tipOfNothing:
            "A tip is more than zero; a tip of nothing is recorded by recording none."
        case .tipNotFound(let delivery, let number):
            "Delivery \(delivery) has no Tip \(number)."
        case .pauseWhileDeliveriesOpen(let numbers):
            "The shift can't pause while \(Self.list(numbers)) \(numbers.count == 1 ? "is" : "are") still open; deliver or cancel \(numbers.count == 1 ? "it" : "them") first."
        case .shiftPaused:
            "The shift is paused; resume it first."
        case .shiftNotPaused:
            "The shift is not paused."
        case .shiftAlreadyPaused:
            "The shift is already paused."
        case .expenseNotFound(let id):
            "There is no expense \(id)."
        case .expenseInTheFuture(let at, let now, let editing):
            "An expense can't be dated later than now (the time given reads as \(pair(at, now).0)); nothing was \(editing ? "changed" : "recorded")."
        case .negativeAmount:
            "Amounts can't be negative."
        case .amountTooLarge:
            "That amount is too large: at most 9,999,999.99."
        case .invalidNote(let problem):
            problem.sentence
        case .stepInTheFuture(let delivery, let at, let now):
            "Delivery \(delivery)'s step at \(pair(at, now).0) can't be recorded later than now; nothing was recorded."
        case .stepBeforePrevious(let delivery, let previous, let at):
            // The time as it was read, with its day: a time with no date that has not come yet
            // today is yesterday's, which a bare clock time would hide.
            "Delivery \(delivery)'s step at \(pair(at, previous).0) can't be recorded before its previous one, \(pair(at, previous).1); nothing was recorded."
        case .unknownCurrency(let code):
            "\(code) is not an ISO 4217 currency code (such as USD, EUR or GBP)."
        case .backupExists(let path):
            "\(path) already exists, and a backup never overwrites a file; nothing was written."
        case .cannotRestore(let path, let reason):
            switch reason {
            case .missing: "There is no file at \(path) to restore from; the store was left as it is."
            case .notAFile: "\(path) is a folder or a device, not a backup; the store was left as it is."
            case .unhealthy:
                "\(path) is not a healthy backup: a check of the store's health fails on it (doctor with --store on it says which); the store was left as it is."
            case .isTheStore: "\(path) is the store itself, not a backup of it; the store was left as it is."
            case .storeWrittenMeanwhile:
                "Another program wrote to the store since this restore found none there, so \(path) was not restored; the store was left as it is, and a restore now backs it up first."
            }
        }
    }

    /// The rule that refused, with no name, key or count: what the log may record.
    public var rule: RefusalRule {
        switch self {
        case .shiftAlreadyRunning: .shiftAlreadyRunning
        case .noShiftRunning, .shiftNoLongerRunning: .noShiftRunning
        case .shiftNotFound: .shiftNotFound
        case .shiftStillRunning: .shiftStillRunning
        case .clockEarlierThanShift: .clockEarlierThanShift
        case .deliveriesStillOpen: .deliveriesStillOpen
        case .deliveryNotFound: .deliveryNotFound
        case .stepOutOfOrder: .stepOutOfOrder
        case .stepEarlierThanPrevious: .stepEarlierThanPrevious
        case .negativeEarnings: .negativeEarnings
        case .invalidName(let problem): .invalidName(problem)
        case .placeNotFound: .placeNotFound
        case .recentPlaceOutOfRange: .recentPlaceOutOfRange
        case .renameCollision: .renameCollision
        case .mergeIntoItself: .mergeIntoItself
        case .mergeSourceMissing: .mergeSourceMissing
        case .mergeDestinationMissing: .mergeDestinationMissing
        case .routeSampleRefused: .routeSampleRefused
        case .noPlaceCalled: .placeNotFound
        case .noMergeSourceCalled: .mergeSourceMissing
        case .noMergeDestinationCalled: .mergeDestinationMissing
        case .endBeforeLastActivity, .endInTheFuture: .endTimeOutOfRange
        case .deliveryStillOpen: .deliveryStillOpen
        case .tipOfNothing: .tipOfNothing
        case .tipNotFound: .tipNotFound
        case .pauseWhileDeliveriesOpen: .pauseWhileDeliveriesOpen
        case .shiftPaused: .shiftPaused
        case .shiftNotPaused, .shiftAlreadyPaused: .pauseState
        case .expenseNotFound: .expenseNotFound
        case .expenseInTheFuture: .expenseInTheFuture
        case .negativeAmount, .amountTooLarge: .amountOutOfRange
        case .invalidNote: .invalidNote
        case .stepInTheFuture, .stepBeforePrevious: .stepTimeOutOfRange
        case .unknownCurrency: .unknownCurrency
        case .backupExists, .cannotRestore: .keeping
        }
    }

    /// Whether it refuses a time for coming before what is recorded (a step before its previous
    /// one, an end before the last activity).
    public var isAboutOrder: Bool {
        switch self {
        case .stepBeforePrevious, .endBeforeLastActivity: true
        default: false
        }
    }

    /// The way on, where one helps, for each surface to word.
    public var hint: RefusalHint? {
        switch self {
        case .noShiftRunning: .startShift
        case .noPlaceCalled(let name), .noMergeSourceCalled(let name):
            // A mistyped name is found by its first word as a filter.
            .findPlace(containing: name.split(separator: " ").first.map(String.init) ?? name)
        case .mergeDestinationMissing, .noMergeDestinationCalled: .rename
        case .shiftPaused: .resume
        default: nil
        }
    }

    private static func outOfOrderSentence(delivery: Int, state: DeliveryState, step: LifecycleStep) -> String {
        if state.isFinished {
            return "Delivery \(delivery) is \(state.phrase); a finished delivery takes no more steps."
        }
        let already: Bool
        switch (step, state) {
        case (.arrive, .arrivedAtPickup), (.arrive, .pickedUp), (.pickUp, .pickedUp): already = true
        default: already = false
        }
        if already {
            return "Delivery \(delivery) is already \(state.phrase); each step is recorded once."
        }
        let needed = state.nextStep.map { "it has to \($0.phrase) first" } ?? "it takes no more steps"
        return "Delivery \(delivery) is \(state.phrase), so it can't \(step.phrase) yet; \(needed)."
    }

    private static func list(_ numbers: [Int]) -> String {
        let names = numbers.map { "Delivery \($0)" }
        if names.count <= 1 { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
