import DashPilotCore
import DashPilotScreens
import Foundation

/// The Expenses screen: newest first; `a` adds one, `Enter` edits the selected one, `d` removes
/// it after a question naming it. It holds a window of expenses around the selection and reads
/// the next window only as the selection nears its edge (`HeldRows`): ten years open as fast as
/// a week.
final class ExpensesView: TerminalScreen {
    private var total = 0
    private var windowStart = 0
    private var expenses: [Expense] = []
    private var model: ExpenseListScreen?
    /// The held rows' columns, as the sketch lays them out.
    private var columns: ExpenseListScreen.Columns?
    private var selected = 0

    func reload(_ app: AppEnvironment) throws {
        total = try app.store.expenseCount(from: nil, before: nil)
        selected = min(selected, max(0, total - 1))
        try readWindow(around: selected, app)
    }

    private func readWindow(around index: Int, _ app: AppEnvironment) throws {
        // Nothing held changes until the read succeeds.
        let (start, size) = HeldRows.window(around: index, rows: app.rows)
        expenses = try app.store.expenses(from: nil, before: nil, limit: size, offset: start)
        windowStart = start
        model = ExpenseListScreen(expenses: expenses, format: app.format)
        columns = model?.listedColumns
    }

    /// The selected expense, when it is in the window read.
    private var current: Expense? {
        let offset = selected - windowStart
        return expenses.indices.contains(offset) ? expenses[offset] : nil
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func select(row: Int, _ app: AppEnvironment) throws {
        // `row` counts from the newest expense, as the selection does.
        guard (0..<total).contains(row) else { return }
        if !HeldRows.hold(row, in: windowStart..<(windowStart + expenses.count), of: total, rows: app.rows) {
            try readWindow(around: row, app)
        }
        selected = row
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select:
            // The window is read before the selection moves: a read that fails leaves it where it was.
            let moved = ListCursor.moved(selected, by: key, count: total, page: app.page)
            if !HeldRows.hold(moved, in: windowStart..<(windowStart + expenses.count), of: total, rows: app.rows) {
                try readWindow(around: moved, app)
            }
            selected = moved
        case .add: return .push(ExpenseSheetView(editing: nil, now: app.clock.now(), format: app.format))
        case .open where current != nil:
            return .push(ExpenseSheetView(editing: current, now: app.clock.now(), format: app.format))
        case .remove:
            guard let current else { return .stay }
            return .push(ExpenseRemovalView(expense: current, format: app.format))
        case .back: return .pop
        default: break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.titled(model.title, right: [.keysList])
        screen.blank()
        screen.pinHeader()
        if let empty = model.emptyMessage { screen.line(empty) }
        // Only the rows a window can show around the selection are laid out.
        let reach = max(app.rows, 12)
        let from = max(windowStart, selected - reach)
        let to = min(windowStart + model.rows.count, selected + reach)
        for index in from..<max(from, to) {
            let row = model.rows[index - windowStart]
            // In columns where the row fits; else its note under them, in the note's column where
            // there is room; else its figures wrapped, never cut.
            let line = columns?.line(row) ?? ""
            let head = columns?.head(row) ?? ""
            let room = screen.width - 2
            if DisplayWidth.of(line) <= room {
                screen.row(line, selected: index == selected, index: index)
            } else if case let headWidth = DisplayWidth.of(head), headWidth <= room {
                let indent = headWidth + 3 <= room - 20 ? headWidth + 3 : 2
                let note = ScreenBuffer.wrap(row.note, width: room - indent).map { String(repeating: " ", count: indent) + $0 }
                screen.row(lines: [head] + note, selected: index == selected, index: index)
            } else {
                screen.row(
                    parts: [row.listedWhen, row.category, row.amount] + (row.note.isEmpty ? [] : [row.note]), selected: index == selected,
                    index: index)
            }
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.title)
        lines.say(model.emptyMessage)
        lines.list(count: total, selected: selected) { index in
            let offset = index - windowStart
            guard model.rows.indices.contains(offset) else { return nil }
            return ("expense \(model.rows[offset].id)", model.rows[offset].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}

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

    /// An expense edited follows the store: a field left as it was filled shows what another
    /// program has recorded since (Enter writes only what the driver changed).
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
        return command != .chooseCategory || focus == Self.categoryField
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
                if index == focus { screen.boxWrapped("  " + model.categories.joined(separator: " · "), style: .dim, focus: true) }
            } else {
                screen.boxField(label: label, fields[index], marker: marker, row: index, focused: index == focus)
            }
        }
        // A refusal stays in view with the field it is about, whatever the window's size.
        if let error { screen.boxWrapped(error, style: .warning, focus: true) }
        screen.boxKeys(model.keys)
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
                lines.field(id: label, label: label, value: fields[index].text, focused: index == focus)
            }
        }
        lines.alert(error)
        lines.keys(model.keys, listsKeys: !inTextField)
    }
}
