import DashPilotCore
import DashPilotScreens

/// The running shift: a card a delivery, the lifecycle one key away.
final class RunningShiftView: TerminalScreen {
    private var log: ShiftLog?
    private var model: RunningShiftScreen?
    private var selected: Int?

    func reload(_ app: AppEnvironment) throws {
        let shown = log?.shift.id
        log = try app.store.runningShift().map { try app.store.shiftLog(id: $0.id) }
        model = RunningShiftScreen(log: log, format: app.format, now: app.clock.now())
        // The selection is kept while its card is there, on the same shift: another shift's
        // delivery of the same number is another delivery, and opens on the newest open one.
        if let selected, log?.shift.id != shown || model?.cards.contains(where: { $0.number == selected }) != true {
            self.selected = nil
        }
    }

    /// The header's clock runs by itself: the model again at the clock's time, from the log it
    /// holds. Each second in a shift's first minute, each minute after (as the time is shown).
    func tick(_ app: AppEnvironment) -> Bool {
        guard let log else { return false }
        let next = RunningShiftScreen(log: log, format: app.format, now: app.clock.now())
        guard next != model else { return false }
        model = next
        return true
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    private var current: Int? { selected ?? model?.initiallySelected }

    private var currentDelivery: Delivery? { log?.deliveries.first { $0.number == current } }

    func select(row: Int, _ app: AppEnvironment) throws {
        guard let cards = model?.cards, cards.indices.contains(row) else { return }
        selected = cards[row].number
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let numbers = model?.cards.map { $0.number } ?? []
        let command = action(for: key)?.command
        // A key that acts on the selected delivery says so on a shift with none (silent, a
        // screen reader's driver heard nothing of it).
        let onDelivery: [ScreenAction.Command] = [.nextStep, .pickupPlace, .cancelDelivery, .forgottenStep, .payAndTips]
        if let command, onDelivery.contains(command), log != nil, currentDelivery == nil { return .message(ScreenMessages.noDeliveryYet) }
        switch command {
        case .select:
            // The cards are a list: ↑↓ a card, PgUp PgDn the cards in view less one, Home End the ends.
            guard let current, let index = numbers.firstIndex(of: current) else { return .stay }
            selected = numbers[ListCursor.moved(index, by: key, count: numbers.count, page: app.page)]
            return .stay
        case .nextStep:
            guard let delivery = currentDelivery else { return .stay }
            guard let step = delivery.state.nextStep else { return .message(ScreenMessages.noMoreSteps(delivery)) }
            _ = try app.store.record(step, delivery: delivery.number, onShift: delivery.shiftID)
            return .reload
        case .pickupPlace:
            guard let log, let current else { return .stay }
            return .push(PickupSheetView(shiftID: log.shift.id, number: current))
        case .accept:
            selected = try app.store.acceptDelivery().number
            return .reload
        case .cancelDelivery:
            guard let delivery = currentDelivery else { return .stay }
            if delivery.state.isFinished { return .message(ScreenMessages.cannotCancel(delivery)) }
            return .push(CancelConfirmView(number: delivery.number, shiftID: delivery.shiftID))
        case .startShift:
            if log != nil { return .message(ScreenMessages.shiftAlreadyRunning) }
            _ = try app.store.startShift()
            return .reload
        case .endShift:
            guard log != nil else { return .message(ScreenMessages.refusal(.noShiftRunning, format: app.format)) }
            return .push(EndShiftView())
        case .pauseOrResume:
            guard let model else { return .stay }
            if model.isPaused { _ = try app.store.resumeShift() } else { _ = try app.store.pauseShift() }
            return .reload
        case .forgottenStep:
            guard let delivery = currentDelivery else { return .stay }
            guard let step = delivery.state.nextStep else { return .message(ScreenMessages.noMoreSteps(delivery)) }
            return .push(ForgottenStepView(delivery: delivery, step: step, now: app.clock.now(), format: app.format))
        case .expenses: return .push(ExpensesView())
        case .payAndTips:
            guard let log, let current else { return .stay }
            return .push(PayTipsView(shiftID: log.shift.id, number: current))
        case .history: return .push(CompletedShiftsView())
        case .places: return .push(PlacesView())
        case .weeks: return .push(WeeksView())
        case .quit: return .quit
        default: return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.titled(model.header, right: [.keysList], unlessItTakesALineMore: model.title)
        if let line = model.longRunningLine {
            // "After 12 hours a line under the header says" it: it stays in place with the header,
            // where no scrolling of the cards can leave it out of reach.
            screen.wrapped(line, style: .warning)
            screen.pinHeader()
        }
        if let hint = model.emptyHint {
            // A small window keeps its rows for the cards under a hint that stays.
            if model.cards.isEmpty || app.rows >= 20 { screen.blank() }
            // A sentence is never cut: the hint wraps, and keeps the key it names.
            screen.wrapped(hint)
            // Above the cards, a paused shift's hint would scroll away as the window follows the
            // selected card, out of reach of any key: it stays with the header.
            if !model.cards.isEmpty { screen.pinHeader() }
        }
        for (index, card) in model.cards.enumerated() {
            let isSelected = card.number == current
            let style: ScreenBuffer.Style = card.isFinished ? .dim : .normal
            screen.belong(toRow: nil)
            screen.blank()
            // A tap anywhere on the card selects it; on its controls, presses their keys for it.
            screen.belong(toRow: index)
            screen.row(card.title, selected: isSelected, style: style)
            // Where the selected card's title and button do not fit, its secondary lines give
            // way: the wait first, then the place, then the pickup control.
            screen.givingWay(2)
            // Not a row of a list (Enter records a step): the place's name wraps, never cut.
            if let place = card.placeLine {
                for part in ScreenBuffer.wrap(TerminalText.safe(place), width: screen.width - 2) { screen.line("  " + part, style: style) }
            }
            // A sentence is never cut: the wait wraps between its figures, under the card.
            screen.givingWay(1)
            if let wait = card.waitLine {
                for part in ScreenBuffer.joined(TerminalText.parts(TerminalText.safe(wait)), width: screen.width - 2) {
                    screen.line("  " + part, style: .dim)
                }
            }
            screen.givingWay(3)
            // Without a button (a paused shift), the control is the last the window must show.
            screen.control(card.pickupControl.title, action: action(card.pickupControl.command), style: style, focus: isSelected)
            screen.givingWay(nil)
            // The selected card's button is what must show: the window follows it.
            if let button = card.lifecycleButton {
                screen.bigButton(button.title, action: action(button.command), compact: app.rows < 20, focus: isSelected)
            }
        }
        screen.belong(toRow: nil)
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.accessibilityTitle)
        lines.say(model.longRunningAccessibilityLabel)
        lines.say(model.emptyHint)
        for card in model.cards {
            lines.row(
                id: "delivery \(card.number)", card.accessibilitySentence, selected: card.number == current,
                change: card.stepAccessibilityLabel, standing: card.placeLine)
        }
        lines.keys(model.accessibilityKeys(selected: current), listsKeys: true)
    }
}

/// The confirmation before cancelling a delivery.
final class CancelConfirmView: TerminalScreen {
    private let model: CancelConfirmation
    private let number: Int
    /// The shift the delivery is on: its number names another delivery on a later shift.
    private let shiftID: Int64

    init(number: Int, shiftID: Int64) {
        self.number = number
        self.shiftID = shiftID
        model = CancelConfirmation(number: number)
    }

    /// Set once another program ended the shift, or finished or deleted the delivery: the
    /// question is gone, only Esc is left.
    private var ended: String?

    func reload(_ app: AppEnvironment) throws {
        guard try app.store.runningShift()?.id == shiftID else {
            ended = DashPilotRefusal.shiftNoLongerRunning(id: shiftID).sentence
            return
        }
        // A delivery another program delivered, cancelled or deleted meanwhile is said as `y`
        // would have found it, never asked about.
        let delivery = try app.store.shiftLog(id: shiftID).deliveries.first { $0.number == number }
        if let delivery, delivery.state.isFinished {
            ended = DashPilotRefusal.stepOutOfOrder(delivery: number, state: delivery.state, step: .cancel).sentence
        } else if delivery == nil {
            ended = DashPilotRefusal.deliveryNotFound(number: number, shiftID: shiftID).sentence
        }
    }

    var keys: [ScreenAction] { ended == nil ? model.keys : [.goingBack] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .confirm:
            _ = try app.store.record(.cancel, delivery: number, onShift: shiftID)
            return .pop
        case .keep, .back: return .pop
        default: return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        if let ended {
            screen.wrapped(ended)
            return screen.setFooter(keys)
        }
        screen.line(model.title, style: .bold)
        screen.blank()
        screen.wrapped(model.text)
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        lines.say(ended ?? model.title)
        if ended == nil { lines.say(model.text) }
        lines.keys(keys, listsKeys: true)
    }
}
