import DashPilotCore
import DashPilotScreens
import Foundation

/// The confirmation `e` asks, with the shift's summary: `y` ends it now, `l` at its last
/// activity, `n` keeps it running.
final class EndShiftView: TerminalScreen {
    private var model: EndShiftConfirmation?
    private var lastActivity: Date?
    /// The shift it asks about: another program may end it, and start another, while it asks.
    private var shiftID: Int64?
    private var log: ShiftLog?

    func reload(_ app: AppEnvironment) throws {
        guard let running = try app.store.runningShift(), running.id == shiftID ?? running.id, let last = try app.store.lastActivity()
        else {
            (model, log) = (nil, nil)
            return
        }
        shiftID = running.id
        lastActivity = last
        log = try app.store.shiftLog(id: running.id)
        _ = tick(app)
    }

    /// "y end it now, at 5:42 PM" and the shift's time follow the clock while it asks, as the
    /// header's do: `y` ends it when pressed (it said the minute it opened, and ended later).
    func tick(_ app: AppEnvironment) -> Bool {
        guard let log, let lastActivity else { return false }
        let next = EndShiftConfirmation(log: log, lastActivity: lastActivity, now: app.clock.now(), format: app.format)
        guard next != model else { return false }
        model = next
        return true
    }

    /// Ended meanwhile by another program, it says so, and `Esc` goes back.
    var keys: [ScreenAction] { model?.keys ?? [.goingBack] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .endNow, .endAtLastActivity:
            let atLastActivity = action(for: key)?.command == .endAtLastActivity
            let shift = try app.store.endShift(at: atLastActivity ? lastActivity : nil, shown: shiftID)
            // Said as the command line says it: the screen under it says only that none runs.
            return .popSaying(ScreenMessages.shiftEnded(shift, now: app.clock.now(), format: app.format))
        case .back:
            return .pop
        case .keep:
            return .pop
        default:
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else {
            screen.wrapped(ended)
            return screen.setFooter(keys)
        }
        if let open = model.openDeliveries {
            // A delivery still open is said before anything else (its question too), then the
            // shift's summary, and offers no way to end.
            screen.wrapped(open, style: .warning)
            screen.blank()
            summary(model, into: &screen)
            screen.setFooter(model.keys)
            return
        }
        screen.wrapped(model.title, style: .bold)
        summary(model, into: &screen)
        screen.blank()
        for choice in model.keys { if let detail = choice.detail { screen.wrapped("\(choice.key.title)  \(detail)", key: choice.key) } }
        screen.setFooter(model.keys)
    }

    /// The shift's summary, broken between its parts as a log's lines are: a figure is never cut
    /// ("13 h 51" above "min working").
    private func summary(_ model: EndShiftConfirmation, into screen: inout ScreenBuffer) {
        for line in ScreenBuffer.joined(TerminalText.parts(TerminalText.safe(model.summary)), width: screen.width) { screen.line(line) }
    }

    /// What shows once the shift asked about has ended: the shift the driver last saw.
    private var ended: String {
        shiftID.map { DashPilotRefusal.shiftNoLongerRunning(id: $0).sentence } ?? DashPilotRefusal.noShiftRunning.sentence
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else {
            lines.say(ended)
            return lines.keys(keys, listsKeys: true)
        }
        // A delivery still open is said before anything else (its question too), and offers no
        // way to end.
        if let open = model.openDeliveries {
            lines.say(open)
            lines.say(model.summary)
        } else {
            lines.say(model.title)
            lines.say(model.summary)
            lines.choices(model.keys)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}

/// The earnings sheet: type the amount; `Enter` records it, an empty field clears it, and a
/// refusal keeps the sheet open with its sentence.
final class EarningsView: TerminalScreen {
    private let shiftID: Int64
    private var model: EarningsSheet?
    private var field = LineEditor()
    private var error: String?

    init(shift: Shift, format: ScreenFormat) {
        shiftID = shift.id
        let model = EarningsSheet(shift: shift, format: format)
        self.model = model
        field = LineEditor(text: model.prefilled)
    }

    /// Left as it was filled, the field follows what another program records; a shift deleted
    /// meanwhile says so.
    func reload(_ app: AppEnvironment) throws {
        guard let shown = model else { return }
        let shift: Shift
        do {
            shift = try app.store.shiftLog(id: shiftID).shift
        } catch DashPilotRefusal.shiftNotFound {
            error = ScreenMessages.shiftGone
            return
        }
        let model = EarningsSheet(shift: shift, format: app.format)
        if field.text == shown.prefilled && model.prefilled != shown.prefilled { field = LineEditor(text: model.prefilled) }
        self.model = model
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    var inTextField: Bool { true }

    var takesQuestionMark: Bool { false }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .back:
            return .pop
        case .record:
            let text = field.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                try app.store.setEarnings(nil, shiftID: shiftID)
                return .pop
            }
            switch app.amount(text) {
            case .failure(let problem):
                error = problem.sentence(about: "Earnings")
                return .stay
            case .success(let amount):
                do {
                    try app.store.setEarnings(amount, shiftID: shiftID)
                    return .pop
                } catch let refusal as DashPilotRefusal {
                    error = ScreenMessages.refusal(refusal, format: app.format)
                    return .stay
                }
            }
        default:
            if field.handle(key) { error = nil }
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.fieldSheet(title: model.title, label: model.fieldLabel, field, error: error, keys: model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.fieldSheet(title: model.title, field: "amount", label: model.fieldLabel, value: field.text, error: error, keys: model.keys)
    }
}
