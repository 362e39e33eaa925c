import DashPilotCore
import DashPilotScreens
import Foundation

extension AppEnvironment {
    /// `text` as an amount under the driver's locale and the store's currency, or the sentence
    /// that refuses it: the same rules and words as on the command line.
    func amount(_ text: String) -> Result<Money, AmountProblem> { Money.parse(text, style: format.amountStyle) }

    /// Delivery `number` of shift `shiftID`, or `nil` where another program deleted it (or its
    /// shift): a sheet of it then says so, and only Esc is left.
    func deliveryIfStillThere(_ number: Int, shiftID: Int64) throws -> Delivery? {
        do {
            return try store.delivery(number: number, shiftID: shiftID)
        } catch DashPilotRefusal.shiftNotFound, DashPilotRefusal.deliveryNotFound {
            return nil
        }
    }
}

/// The pay and tips sheet of a finished delivery, from a shift's log: `Enter` records the pay
/// (an empty field clears it), `c` and `f` add a cash or a platform tip, `Del` removes the tip
/// selected with ↑↓. A refusal keeps the sheet open with its sentence.
final class PayTipsView: TerminalScreen {
    private let shiftID: Int64
    private let number: Int
    private var model: PayTipsSheet?
    private var field = LineEditor()
    private var selectedTip: Int?
    private var error: String?
    /// What the pay field was filled with: left as it is, it follows what another program records.
    private var filledWith: String?
    /// Whether the last key edited the pay field (which then stays in view) rather than moved
    /// among the tips.
    private var typing = false

    init(shiftID: Int64, number: Int) {
        self.shiftID = shiftID
        self.number = number
    }

    /// The store's currency's code: letters typed after the pay that go on to spell it are the pay's.
    private var currencyCode = ""

    func reload(_ app: AppEnvironment) throws {
        currencyCode = app.format.currency.code
        guard let delivery = try app.deliveryIfStillThere(number, shiftID: shiftID) else {
            model = nil
            return
        }
        let model = PayTipsSheet(delivery: delivery, format: app.format)
        self.model = model
        if filledWith.map({ field.text == $0 && model.prefilledPay != $0 }) ?? true {
            field = LineEditor(text: model.prefilledPay)
            filledWith = model.prefilledPay
        }
        if let selected = selectedTip, !model.tips.indices.contains(selected) {
            selectedTip = model.tips.isEmpty ? nil : model.tips.count - 1
        }
    }

    var keys: [ScreenAction] { model?.keys ?? [.goingBack] }

    var inTextField: Bool { model?.isOpen == false }

    var takesQuestionMark: Bool { false }

    func select(row: Int, _ app: AppEnvironment) throws {
        guard model?.tips.indices.contains(row) == true else { return }
        selectedTip = row
        typing = false
    }

    /// Scrolled past the selected tip: the nearest tip in view is selected, or none (the pay
    /// field is then what keys act on).
    func selectionLeftView(rowsInView: Set<Int>, down: Bool) -> Bool {
        guard selectedTip != nil, !typing else { return false }
        selectedTip = down ? rowsInView.min() : rowsInView.max()
        return true
    }

    /// Whether `key` is a letter that, typed after the pay's figure and a space, goes on to spell
    /// the store's currency ("9 cad"): an amount may end with its code (money-and-time.md). Right
    /// after a figure ("9", then `c`), `c` and `f` add a tip, as the sheet's keys say, in a
    /// store whose code begins with C or F as well.
    private func spellsCurrency(_ key: Key) -> Bool {
        guard typing, case .text(let text) = key, text.count == 1, let letter = text.first, letter.isLetter else { return false }
        let before = field.characters[..<field.cursor]
        let letters = before.reversed().prefix(while: \.isLetter).reversed()
        let figure = before.dropLast(letters.count)
        guard figure.last?.isWhitespace == true, figure.contains(where: \.isNumber) else { return false }
        return currencyCode.hasPrefix((String(letters) + String(letter)).uppercased())
    }

    func acts(on key: Key) -> Bool { !spellsCurrency(key) && action(for: key) != nil }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        // A delivery gone, or still open, has no field (screens.md): only Esc acts.
        guard let model, !model.isOpen else { return action(for: key)?.command == .back ? .pop : .stay }
        switch spellsCurrency(key) ? nil : action(for: key)?.command {
        case .back:
            // A pay typed and not recorded is said as such on leaving, the tips beside it being
            // kept as they were added: never taken for recorded.
            let typed = field.text.trimmingCharacters(in: .whitespaces)
            let recorded = filledWith ?? model.prefilledPay
            // As it was filled, or the same amount written another way ("12" for 12.00): nothing to say.
            if typed == recorded { return .pop }
            if case .success(let amount) = app.amount(typed), case .success(amount) = app.amount(recorded) { return .pop }
            return .popSaying(ScreenMessages.payNotRecorded(number: number, cleared: typed.isEmpty))
        case .record:
            let text = field.text.trimmingCharacters(in: .whitespaces)
            // Said, since the running card shows no pay: the screen-reader mode said nothing at all.
            if text.isEmpty {
                let (delivery, before) = try app.store.setPay(nil, delivery: number, shiftID: shiftID)
                return .popSaying(
                    ScreenMessages.payRecorded(nil, before: before, number: number, shiftID: delivery.shiftID, format: app.format))
            }
            switch app.amount(text) {
            case .failure(let problem): error = problem.sentence
            case .success(let amount):
                let (delivery, before) = try app.store.setPay(amount, delivery: number, shiftID: shiftID)
                return .popSaying(
                    ScreenMessages.payRecorded(amount, before: before, number: number, shiftID: delivery.shiftID, format: app.format))
            }
        case .addCashTip, .addPlatformTip:
            // The driver moved on from the pay typed: its refusal is not said again on coming back.
            error = nil
            let method: TipMethod = action(for: key)?.command == .addCashTip ? .cash : .platform
            return .push(TipView(shiftID: shiftID, number: number, method: method))
        case .select where !model.tips.isEmpty:
            let last = model.tips.count - 1
            typing = false
            selectedTip = key == .up ? max(0, (selectedTip ?? model.tips.count) - 1) : min(last, (selectedTip ?? -1) + 1)
        case .remove where !typing && selectedTip.map(model.tips.indices.contains) == true:
            // With no tip selected, or while the pay is typed (the tip then out of view in a
            // small window), Delete is the pay field's own, as in every field.
            if let selected = selectedTip { try app.store.removeTip(model.tips[selected].number, delivery: number, shiftID: shiftID) }
            return .reload
        default:
            if field.handle(key) {
                error = nil
                typing = true
            }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else {
            screen.wrapped(ScreenMessages.deliveryGone)
            return screen.setFooter(keys)
        }
        screen.boxTop(model.title)
        if let open = model.openMessage {
            screen.boxWrapped(open)
        } else {
            screen.boxField(label: model.payLabel, field)
            if let error { screen.boxWrapped(error, style: .warning, focus: true) }
            screen.boxLine(model.tipsHeading)
            // A figure is never cut: a tip too long for the sheet wraps between its parts, and
            // the two buttons go one under the other when they do not fit side by side.
            // While the pay is typed no tip shows selected: Del is then the field's, not the
            // highlighted tip's (the one chosen before comes back with ↑↓).
            for (index, tip) in model.tips.enumerated() {
                let selected = index == selectedTip && !typing
                let focused = selected
                let parts = ScreenBuffer.joined(TerminalText.parts(TerminalText.safe(tip.text)), width: screen.width - 6)
                for (position, part) in parts.enumerated() {
                    screen.boxLine(
                        Pieces((position == 0 && selected ? "▸ " : "  ") + part), style: selected ? .selected : .normal, row: index,
                        focus: focused)
                }
            }
            let buttons = [
                (model.addCashTip.title, action(model.addCashTip.command)),
                (model.addPlatformTip.title, action(model.addPlatformTip.command)),
            ]
            let together = ScreenBuffer.controls(buttons, gap: 4)
            if DisplayWidth.of(together.text) <= screen.width - 4 {
                screen.boxLine(together)
            } else {
                for button in buttons { screen.boxLine(ScreenBuffer.controls([button], gap: 4)) }
            }
            screen.boxWrapped(model.reminder, style: .dim)
        }
        screen.boxKeys(model.keys)
        screen.boxBottom()
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else {
            lines.say(ScreenMessages.deliveryGone)
            return lines.keys(keys, listsKeys: true)
        }
        lines.say(model.title)
        if let open = model.openMessage {
            lines.say(open)
        } else {
            lines.field(id: "pay", label: model.payLabel, value: field.text, focused: true)
            lines.alert(error)
            lines.say(model.tipsHeading)
            for (index, tip) in model.tips.enumerated() {
                lines.row(id: "tip \(tip.number)", tip.accessibilityLabel, selected: index == selectedTip && !typing)
            }
            lines.sayLabel(spokenControl(model.addCashTip))
            lines.sayLabel(spokenControl(model.addPlatformTip))
            lines.say(model.reminder)
        }
        lines.keys(model.keys, listsKeys: !inTextField)
    }
}

/// The amount of a new cash or platform tip.
final class TipView: TerminalScreen {
    private let shiftID: Int64
    private let number: Int
    private let method: TipMethod
    private var model: TipSheet?
    private var field = LineEditor()
    private var error: String?

    init(shiftID: Int64, number: Int, method: TipMethod) {
        self.shiftID = shiftID
        self.number = number
        self.method = method
    }

    /// The pay beside the field, as the store holds it now: another program may record it.
    func reload(_ app: AppEnvironment) throws {
        guard let delivery = try app.deliveryIfStillThere(number, shiftID: shiftID) else {
            // The last words stay; adding the tip says the delivery is gone.
            if model == nil { model = TipSheet(number: number, method: method, pay: nil, format: app.format) }
            return
        }
        model = TipSheet(number: number, method: method, pay: delivery.pay, format: app.format)
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    var inTextField: Bool { true }

    var takesQuestionMark: Bool { false }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .back: return .pop
        case .record:
            switch app.amount(field.text) {
            case .failure(let problem): error = problem.sentence
            case .success(let amount):
                do {
                    _ = try app.store.addTip(amount, method: method, delivery: number, shiftID: shiftID)
                    return .pop
                } catch let refusal as DashPilotRefusal {
                    error = ScreenMessages.refusal(refusal, format: app.format)
                }
            }
        default:
            if field.handle(key) { error = nil }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.fieldSheet(title: model.title, label: model.fieldLabel, field, error: error, note: model.reminder, keys: model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.fieldSheet(
            title: model.title, field: "amount", label: model.fieldLabel, value: field.text, error: error, note: model.reminder,
            keys: model.keys)
    }
}
