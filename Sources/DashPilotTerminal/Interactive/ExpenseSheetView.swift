import DashPilotCore
import DashPilotScreens
import Foundation

/// The sheet that adds or edits an expense: amount, category (1–5), when and note, ↑↓ between
/// them. Nothing is written until `Enter`; a refusal keeps it open with its sentence.
final class ExpenseSheetView: TerminalScreen {
    private let expenseID: Int64?
    private var model: ExpenseSheet
    /// When the sheet opened: what a new expense's time field stands for.
    private let opened: Date
    /// Whether another program removed the expense being edited: only Esc is left.
    private var gone = false
    private var fields: [LineEditor]
    private var category: ExpenseCategory
    private var focus = 0
    private var error: String?

    /// Amount, category, when, note.
    private static let categoryField = 1
    private static let noteField = 3

    init(editing expense: Expense?, now: Date, format: ScreenFormat) {
        expenseID = expense?.id
        opened = now
        model = ExpenseSheet(editing: expense, now: now, format: format)
        fields = [
            LineEditor(text: model.prefilledAmount), LineEditor(), LineEditor(text: model.prefilledWhen),
            LineEditor(text: model.prefilledNote),
        ]
        category = model.prefilledCategory
    }

    /// An expense edited follows the store: a field left as filled shows what another program
    /// has recorded since (Enter writes only what the driver changed).
    func reload(_ app: AppEnvironment) throws {
        guard let expenseID, !gone else { return }
        let expense: Expense
        do {
            expense = try app.store.expense(id: expenseID)
        } catch DashPilotRefusal.expenseNotFound {
            gone = true
            error = ScreenMessages.expenseGone
            return
        }
        let fresh = ExpenseSheet(editing: expense, now: opened, format: app.format)
        let (before, after) = (
            [model.prefilledAmount, "", model.prefilledWhen, model.prefilledNote],
            [fresh.prefilledAmount, "", fresh.prefilledWhen, fresh.prefilledNote]
        )
        for index in fields.indices where fields[index].text == before[index] && after[index] != before[index] {
            fields[index] = LineEditor(text: after[index])
        }
        if category == model.prefilledCategory { category = fresh.prefilledCategory }
        model = fresh
    }

    var keys: [ScreenAction] { gone ? [.goingBack] : model.keys }

    var inTextField: Bool { focus != Self.categoryField }

    /// Only the note is free text.
    var takesQuestionMark: Bool { focus == Self.noteField }

    /// 1–5 choose a category only in the category's field; in the others they are typed.
    func acts(on key: Key) -> Bool {
        guard let command = action(for: key)?.command else { return false }
        // Tab in a text field is whitespace (cli.md): typed, not a key (said "> Tab" before).
        return (command != .chooseCategory && command != .nextField) || focus == Self.categoryField
    }

    /// A tap on a field moves to it.
    func select(row: Int, _ app: AppEnvironment) throws {
        if fields.indices.contains(row) { focus = row }
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let command = action(for: key)?.command
        if gone { return command == .back ? .pop : .stay }
        switch command {
        case .back: return .pop
        case .move where focus == Self.categoryField:
            // The category is chosen with ↑↓ in its field, as in a list (or 1–5); past the list's
            // ends ↑↓ move on to the field above or below, and Tab moves on too.
            let all = ExpenseCategory.allCases
            let index = all.firstIndex(of: category) ?? 0
            let next = index + (key == .up ? -1 : 1)
            if all.indices.contains(next) { category = all[next] } else { focus += key == .up ? -1 : 1 }
        case .move: focus = key == .up ? max(0, focus - 1) : min(fields.count - 1, focus + 1)
        // Tab in a text field is whitespace (cli.md); from the category's field, the next field.
        case .nextField where focus == Self.categoryField: focus += 1
        case .record: return try record(app)
        default:
            if focus == Self.categoryField {
                if command == .chooseCategory, case .text(let digit) = key, let index = Int(digit) {
                    category = ExpenseCategory.allCases[index - 1]
                }
            } else if fields[focus].handle(key) {
                error = nil
            }
        }
        return .stay
    }

    private func record(_ app: AppEnvironment) throws -> Navigation {
        // An edit writes what the driver changed, as `expense edit` does: what another program
        // changed meanwhile in a field left as shown stays.
        let editing = expenseID != nil
        var amount: Money?
        if !editing || fields[0].text != model.prefilledAmount {
            switch app.amount(fields[0].text) {
            case .failure(let problem):
                error = problem.sentence
                return .stay
            case .success(let typed): amount = typed
            }
        }
        let whenText = fields[2].text.trimmingCharacters(in: .whitespaces)
        // Left as prefilled, the time is the expense's own (or the sheet's now), seconds and all:
        // editing the amount does not move it to the minute.
        let typed =
            whenText == model.prefilledWhen ? model.when : TypedTime.parse(whenText, now: app.clock.now(), timeZone: app.format.timeZone)
        guard let when = typed else {
            error = ScreenMessages.notATime(whenText)
            return .stay
        }
        do {
            let note = try ExpenseNote.make(fields[3].text)
            if let expenseID {
                // A category left as shown is not written: one a newer version wrote stays.
                let chosen = category == model.prefilledCategory ? nil : category
                let noteChanged = fields[3].text != model.prefilledNote
                _ = try app.store.editExpense(
                    id: expenseID, amount: amount, category: chosen, at: whenText == model.prefilledWhen ? nil : when,
                    note: noteChanged ? .some(note) : nil)
            } else if let amount {
                _ = try app.store.addExpense(amount, category: category, at: when, note: note)
            }
            return .pop
        } catch let problem as ExpenseNoteProblem {
            error = problem.sentence
        } catch let refusal as DashPilotRefusal {
            error = ScreenMessages.refusal(refusal, format: app.format)
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        screen.boxTop(model.title)
        let labels = [model.amountLabel, model.categoryLabel, model.whenLabel, model.noteLabel]
        for (index, label) in labels.enumerated() {
            let marker = index == focus ? "▸ " : "  "
            if index == Self.categoryField {
                screen.boxLine(
                    Pieces(marker + label + "  " + category.title), style: index == focus ? .selected : .normal, row: index,
                    focus: index == focus)
                // Each choice is its digit's key under a finger too ("on a key named … it presses that key").
                // They give way first where what is focused does not fit (a refusal under them at
                // 40×12): the digits still choose, as the keys say.
                if index == focus {
                    let choices = model.categories.enumerated().map { (text: $1, key: ScreenAction.Key.character(Character("\($0 + 1)"))) }
                    screen.givingWay(1)
                    for part in Pieces.keys(choices, width: max(8, screen.width - 6)) {
                        var line = Pieces("  ")
                        line.add(part)
                        screen.boxLine(line, style: .dim, focus: true)
                    }
                    screen.givingWay(nil)
                }
            } else {
                screen.boxField(label: label, fields[index], marker: marker, row: index, focused: index == focus)
            }
        }
        // A refusal stays in view with the field it is about, whatever the window's size.
        if let error { screen.boxWrapped(error, style: .warning, focus: true) }
        screen.boxKeys(keys)
        screen.boxBottom()
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        lines.say(model.title)
        let labels = [model.amountLabel, model.categoryLabel, model.whenLabel, model.noteLabel]
        for (index, label) in labels.enumerated() {
            if index == Self.categoryField {
                // The categories are numbered as 1–5 choose them.
                lines.row(
                    id: "category", SpokenWords.choices(label, value: category.title, choices: model.categories), selected: index == focus)
            } else {
                lines.field(id: label, label: label, value: fields[index].text, focused: index == focus, amongOthers: true)
            }
        }
        lines.alert(error, keeping: fields.map { "\"\($0.text)\"" })  // a refusal quotes what was typed
        lines.keys(keys, listsKeys: gone || !inTextField)
    }
}
