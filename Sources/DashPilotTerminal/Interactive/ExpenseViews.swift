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
    /// Whether the driver is adding an expense: back from it, the newest row is selected.
    private var adding = false

    func reload(_ app: AppEnvironment) throws {
        let shown = adding ? nil : current?.id
        adding = false
        total = try app.store.expenseCount(from: nil, before: nil)
        selected = min(selected, max(0, total - 1))
        try readWindow(around: selected, app)
        // Another program added or removed one above it: the selection stays on the one it showed.
        if let shown, let offset = expenses.firstIndex(where: { $0.id == shown }) { selected = windowStart + offset }
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
        case .add:
            adding = true
            return .push(ExpenseSheetView(editing: nil, now: app.clock.now(), format: app.format))
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
