import DashPilotCore
import DashPilotScreens
import Foundation

/// `@` on a card: the time the selected delivery's next step happened, prefilled with now. A
/// refused time keeps the sheet open with its sentence.
final class ForgottenStepView: TerminalScreen {
    private let number: Int
    private let shiftID: Int64
    private let model: ForgottenStepSheet
    private var field: LineEditor
    private var error: String?

    init(delivery: Delivery, step: LifecycleStep, now: Date, format: ScreenFormat) {
        number = delivery.number
        shiftID = delivery.shiftID
        model = ForgottenStepSheet(delivery: delivery, step: step, now: now, format: format)
        field = LineEditor(text: model.prefilled)
    }

    /// Set once another program ended the shift: only Esc is left.
    private var ended = false

    func reload(_ app: AppEnvironment) throws {
        guard !ended, try app.store.runningShift()?.id != shiftID else { return }
        ended = true
        error = DashPilotRefusal.shiftNoLongerRunning(id: shiftID).sentence
    }

    var keys: [ScreenAction] { ended ? [.goingBack] : model.keys }

    var inTextField: Bool { true }

    var takesQuestionMark: Bool { false }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        if ended { return action(for: key)?.command == .back ? .pop : .stay }
        switch action(for: key)?.command {
        case .back: return .pop
        case .record:
            let text = field.text.trimmingCharacters(in: .whitespaces)
            // Left as prefilled, the field is the moment the sheet opened, to the second.
            let typed = text == model.prefilled ? model.now : TypedTime.parse(text, now: app.clock.now(), timeZone: app.format.timeZone)
            guard let time = typed else {
                error = ScreenMessages.notATime(text)
                return .stay
            }
            do {
                _ = try app.store.record(model.step, delivery: number, at: time, onShift: shiftID)
                return .pop
            } catch let refusal as DashPilotRefusal {
                error = ScreenMessages.refusal(refusal, format: app.format)
                if refusal.isAboutOrder,
                    TypedTime.wasReadAsAnEarlierDay(text, as: time, now: app.clock.now(), timeZone: app.format.timeZone)
                {
                    error = (error ?? "") + " " + ScreenMessages.readAsYesterday(time, format: app.format)
                }
            }
        default:
            if field.handle(key) { error = nil }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        screen.fieldSheet(title: model.title, label: model.fieldLabel, field, error: error, keys: model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        lines.fieldSheet(
            title: model.accessibilityTitle, field: "time", label: model.accessibilityFieldLabel, value: field.text, error: error,
            keys: model.keys)
    }
}
