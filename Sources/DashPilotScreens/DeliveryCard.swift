import DashPilotCore
import Foundation

/// One delivery on the running shift: its title and state, its place line when one is recorded,
/// the small pickup control above the large lifecycle button. No text field.
public struct DeliveryCard: Sendable, Equatable {
    /// The delivery's number in its shift.
    public var number: Int
    /// "Delivery 1 · At pickup".
    public var title: String
    /// The place as written, only when one is recorded.
    public var placeLine: String?
    /// "Delivery 1, At pickup, Nowhere Noodles": the delivery, then its place.
    public var accessibilityLabel: String
    /// Add Pickup Place, or Change Pickup Place once one is recorded.
    public var pickupControl: Control
    /// The next lifecycle step, large; `nil` once the delivery is finished.
    public var lifecycleButton: Control?
    /// Whether the delivery is finished (shown dimmed).
    public var isFinished: Bool
    /// The place's own record while the delivery waits for pickup: "Typical recorded wait 7 min ·
    /// median of 12 · at dinner 9 min (median of 5)"; `nil` when the place has no recorded wait.
    public var waitLine: String?
    /// The wait line read aloud, with the place.
    public var waitAccessibilityLabel: String?
    /// The card as the screen-reader mode says it, its place's wait after it: "Delivery 1, at
    /// pickup, Nowhere Noodles. Typical recorded wait 7 minutes, median of 12 recorded pickups".
    public var accessibilitySentence: String
    /// Its latest step as it happened, said when a step is recorded: "Delivery 2, arrived at
    /// pickup at 5:19 PM".
    public var stepAccessibilityLabel: String?

    /// Creates a card from its parts.
    public init(
        number: Int, title: String, placeLine: String?, accessibilityLabel: String, pickupControl: Control, lifecycleButton: Control?,
        isFinished: Bool, waitLine: String? = nil, waitAccessibilityLabel: String? = nil, accessibilitySentence: String? = nil,
        stepAccessibilityLabel: String? = nil
    ) {
        self.number = number
        self.title = title
        self.placeLine = placeLine
        self.accessibilityLabel = accessibilityLabel
        self.pickupControl = pickupControl
        self.lifecycleButton = lifecycleButton
        self.isFinished = isFinished
        self.waitLine = waitLine
        self.waitAccessibilityLabel = waitAccessibilityLabel
        self.accessibilitySentence = accessibilitySentence ?? accessibilityLabel
        self.stepAccessibilityLabel = stepAccessibilityLabel
    }

    /// The card of `delivery`, with its place's wait when it has one to show.
    public init(_ delivery: Delivery, wait: PlaceWaitNow?, format: ScreenFormat) {
        self.init(delivery)
        stepAccessibilityLabel =
            "Delivery \(delivery.number), \(Self.stepWords(delivery.state)) at \(format.timeReadOnce(delivery.lastStepAt))"
        if let wait, let place = delivery.pickupPlace {
            let (line, spoken) = Self.waitWords(wait, format: format)
            waitLine = line
            waitAccessibilityLabel = "\(place), \(spoken)"
            accessibilitySentence += ". " + spoken.prefix(1).uppercased() + spoken.dropFirst()
        }
    }

    /// The step that brought a delivery to `state`, as a sentence says it happened.
    static func stepWords(_ state: DeliveryState) -> String {
        switch state {
        case .accepted: "accepted"
        case .arrivedAtPickup: "arrived at pickup"
        case .pickedUp: "picked up"
        case .delivered: "delivered"
        case .cancelled: "cancelled"
        }
    }

    /// The wait line and its spoken form.
    static func waitWords(_ wait: PlaceWaitNow, format: ScreenFormat) -> (String, String) {
        let median = format.wait(seconds: wait.median)
        if wait.count == 1 { return ("1 recorded wait: \(median)", "1 recorded wait: \(PlaceHistoryScreen.spoken(median))") }
        var line = "Typical recorded wait \(median) · median of \(wait.count)"
        var spoken = "typical recorded wait \(PlaceHistoryScreen.spoken(median)), median of \(wait.count) recorded pickups"
        if let bandMedian = wait.bandMedian {
            let band = format.wait(seconds: bandMedian)
            let when = Self.phrase(wait.band)
            line += " · \(when) \(band) (median of \(wait.bandCount))"
            spoken += ", \(when) \(PlaceHistoryScreen.spoken(band)), median of \(wait.bandCount)"
        }
        return (line, spoken)
    }

    /// A band as a driver says when something happens: "at dinner", "in the morning".
    static func phrase(_ band: TimeOfDayBand) -> String {
        switch band {
        case .morning: "in the morning"
        case .lunch: "at lunch"
        case .afternoon: "in the afternoon"
        case .dinner: "at dinner"
        case .late: "late at night"
        }
    }

    /// The card of `delivery`.
    public init(_ delivery: Delivery) {
        number = delivery.number
        let name = "Delivery \(delivery.number)"
        title = "\(name) · \(delivery.state.title)"
        placeLine = delivery.pickupPlace
        accessibilityLabel = DeliveryCard.spokenLabel(delivery)
        accessibilitySentence = (["Delivery \(delivery.number)", delivery.state.phrase] + (delivery.pickupPlace.map { [$0] } ?? []))
            .joined(separator: ", ")
        pickupControl = DeliveryCard.pickupControl(delivery)
        lifecycleButton = delivery.state.nextStep.map { step in
            Control(title: step.buttonTitle, accessibilityLabel: "\(step.spokenTitle), \(name)", command: .nextStep, prominence: .primary)
        }
        isFinished = delivery.state.isFinished
    }

    /// The delivery, then the place as written; no place, no third part.
    static func spokenLabel(_ delivery: Delivery) -> String {
        var parts = ["Delivery \(delivery.number)", delivery.state.title]
        if let place = delivery.pickupPlace { parts.append(place) }
        return parts.joined(separator: ", ")
    }

    /// The small secondary control: Add Pickup Place, or Change Pickup Place with the place spoken.
    static func pickupControl(_ delivery: Delivery) -> Control {
        if let place = delivery.pickupPlace {
            return Control(
                title: "Change Pickup Place", accessibilityLabel: "Change pickup place, Delivery \(delivery.number), \(place)",
                command: .pickupPlace)
        }
        return Control(
            title: "Add Pickup Place", accessibilityLabel: "Add pickup place, Delivery \(delivery.number)", command: .pickupPlace)
    }
}

/// The running shift: a card per delivery in number order, and the shift's keys.
public struct RunningShiftScreen: Sendable, Equatable {
    /// "Shift running since 5:02 PM · 2 deliveries · 4.1 mi recorded", or "No shift running".
    public var title: String
    /// The cards, in delivery-number order.
    public var cards: [DeliveryCard]
    /// The number of the card selected on opening: the newest open delivery.
    public var initiallySelected: Int?
    /// The keys of this screen.
    public var keys: [ScreenAction]
    /// What the screen says when it has no card ("Press s to start a shift."), or `nil`.
    public var emptyHint: String?
    /// After 12 hours: "Running for 14 h. If you forgot to end it, e ends it at its last activity."
    public var longRunningLine: String?
    /// After 12 hours, the whole hours it has run.
    public var longRunningHours: Int?
    /// Whether the shift is paused: no lifecycle button and no accepting until `b` resumes it.
    public var isPaused = false
    /// The title as the screen's header shows it, after the app's name: "DashPilot · Shift running
    /// since 5:02 PM · …".
    public var header: String { "DashPilot · " + title }
    /// The title as the screen-reader mode says it: "Shift running since 5:02 PM, 2 deliveries,
    /// 4.1 miles recorded". The running clock is left out: a sentence that changed is said again,
    /// and a screen reader should not speak every minute.
    public var accessibilityTitle: String
    /// The long-running line said: "Running for 14 hours. If you forgot to end it, e ends it at
    /// its last activity."
    public var longRunningAccessibilityLabel: String?

    /// Creates the screen from its parts.
    public init(
        title: String, cards: [DeliveryCard], initiallySelected: Int?, keys: [ScreenAction], emptyHint: String? = nil,
        accessibilityTitle: String? = nil
    ) {
        self.title = title
        self.accessibilityTitle = accessibilityTitle ?? title
        self.cards = cards
        self.initiallySelected = initiallySelected
        self.keys = keys
        self.emptyHint = emptyHint
    }

    /// The screen for `log` (the running shift's) at `now`, or the no-shift screen when `log` is `nil`.
    public init(log: ShiftLog?, format: ScreenFormat, now: Date) {
        guard let log else {
            title = "No shift running"
            accessibilityTitle = title
            cards = []
            initiallySelected = nil
            keys = [
                ScreenAction(.character("s"), "start shift", .startShift), ScreenAction(.character("h"), "history", .history),
                ScreenAction(.character("w"), "weeks", .weeks), ScreenAction(.character("l"), "places", .places),
                ScreenAction(.character("c"), "expenses", .expenses), .keysList, .quitting,
                // A shift's own keys, pressed with none, say why ("Press s to start a shift").
                ScreenAction(.character("a"), "accept", .accept).unlisted, ScreenAction(.character("b"), "break", .pauseOrResume).unlisted,
                ScreenAction(.character("e"), "end shift", .endShift).unlisted,
            ]
            emptyHint = "Press s to start a shift."
            return
        }
        let time = log.time(now: now)
        let pause = log.openPause
        isPaused = pause != nil
        let started = log.shift.startedAt
        let since = format.since(started, now: now)
        let pausedSince = pause.map { format.since($0.start, now: now) }
        let elapsed = Double(time.elapsedSeconds)
        var parts = ["Shift running since \(since)"]
        if let pausedSince { parts.append("paused since \(pausedSince)") }
        // Working time, once the shift has paused: what every rate divides by.
        parts.append(format.clock(seconds: time.pausedSeconds > 0 ? time.workingSeconds : time.elapsedSeconds))
        parts.append(log.deliveries.count == 1 ? "1 delivery" : "\(log.deliveries.count) deliveries")
        // Samples that do not pair up say so, never that no route was recorded (platform.md).
        if log.route != .none { parts.append(ShiftLogScreen.routeFigure(log.route, format: format)) }
        title = parts.joined(separator: " · ")
        var spoken = ["Shift running since \(since)"]
        if let pausedSince { spoken.append("paused since \(pausedSince)") }
        spoken.append(log.deliveries.count == 1 ? "1 delivery" : "\(log.deliveries.count) deliveries")
        if let mileage = log.mileage { spoken.append(format.milesRecorded(mileage.miles)) }
        if log.route == .tooFewPoints { spoken.append(ShiftLogScreen.routeFigure(.tooFewPoints, format: format)) }
        accessibilityTitle = spoken.joined(separator: ", ")
        cards = log.deliveries.map { DeliveryCard($0, wait: log.placeWait(of: $0, now: now, timeZone: format.timeZone), format: format) }
        if isPaused { for index in cards.indices { cards[index].lifecycleButton = nil } }
        emptyHint =
            isPaused ? "The shift is paused. Press b to resume it." : cards.isEmpty ? "No deliveries yet. Press a to accept one." : nil
        // The pack's words, a delivery open or not: e then says what is open, and how to record
        // its steps (screens.md), where a longer line would not leave a 40x12 window its card.
        let forgot = "If you forgot to end it, e ends it at its last activity."
        longRunningHours = elapsed >= 12 * 3600 ? Int(elapsed / 3600) : nil
        longRunningLine = elapsed >= 12 * 3600 ? "Running for \(Int(elapsed / 3600)) h. \(forgot)" : nil
        // Said, it has room to be true with a delivery open, where e offers no way to end.
        let open = log.deliveries.filter { !$0.state.isFinished }.map { String($0.number) }
        let spokenForgot =
            open.isEmpty
            ? forgot
            : "If you forgot to end it, first record what became of "
                + (open.count == 1
                    ? "Delivery \(open[0]) at the time it happened (at sign on its card)"
                    : "Deliveries \(open.dropLast().joined(separator: ", ")) and \(open[open.count - 1]) at the times they happened (at sign on each card)")
                + ", then e ends it at its last activity."
        longRunningAccessibilityLabel = elapsed >= 12 * 3600 ? "Running for \(Int(elapsed / 3600)) hours. \(spokenForgot)" : nil
        initiallySelected = log.deliveries.last(where: { !$0.state.isFinished })?.number ?? log.deliveries.last?.number
        let working: [ScreenAction] =
            isPaused
            // No a, no step while paused (screens.md); pressed, each says why (no card is open).
            ? [ScreenAction(.character("b"), "resume", .pauseOrResume)]
                + [ScreenAction(.character("a"), "accept", .accept), ScreenAction(.enter, "next step", .nextStep)].map(\.unlisted)
                + [ScreenAction(.character("@"), "step at a time", .forgottenStep).unlisted]
            : [
                ScreenAction(.character("a"), "accept", .accept), .selecting, ScreenAction(.enter, "next step", .nextStep),
                ScreenAction(.character("@"), "step at a time", .forgottenStep),
            ]
        keys =
            working + [
                ScreenAction(.character("p"), "pickup place", .pickupPlace),
                // No delivery is open while paused: x has none to cancel, and says so.
                isPaused
                    ? ScreenAction(.character("x"), "cancel", .cancelDelivery).unlisted
                    : ScreenAction(.character("x"), "cancel", .cancelDelivery),
                ScreenAction(.character("t"), "pay and tips", .payAndTips),
            ] + (isPaused ? [.selecting] : [ScreenAction(.character("b"), "break", .pauseOrResume)]) + [
                ScreenAction(.character("e"), "end shift", .endShift), ScreenAction(.character("h"), "history", .history),
                ScreenAction(.character("w"), "weeks", .weeks), ScreenAction(.character("l"), "places", .places),
                ScreenAction(.character("c"), "expenses", .expenses), .keysList, .quitting,
                // `s` on a running shift says one is already running.
                ScreenAction(.character("s"), "start shift", .startShift).unlisted,
            ] + (cards.isEmpty ? [] : ScreenAction.paging)
    }

    /// The keys the screen-reader mode says with the screen, every other one a `?` away: accept,
    /// select, the selected delivery's next step by name ("Enter arrived at pickup") and its
    /// pickup place; `b` while paused; with no shift, every key.
    public func accessibilityKeys(selected: Int?) -> [ScreenAction] {
        guard keys.contains(where: { $0.isListed && ($0.command == .accept || $0.command == .pauseOrResume) }) else { return keys }
        let card = cards.first { $0.number == selected }
        let step = card?.lifecycleButton
        var first: [ScreenAction.Command] =
            isPaused ? [.pauseOrResume, .select, .pickupPlace] : [.accept, .select, .nextStep, .pickupPlace]
        // Only the keys that work: with no delivery the arrows, Enter and p have none to act on,
        // and Enter records no step on a finished one (screens.md's sketch names the step).
        if card == nil { first.removeAll { [.select, .pickupPlace].contains($0) } }
        if step == nil { first.removeAll { $0 == .nextStep } }
        return keys.filter { $0.isListed && first.contains($0.command) }.map { action in
            guard action.command == .nextStep, let step else { return action }
            return ScreenAction(action.key, step.title.lowercased(), action.command)
        }
    }
}
