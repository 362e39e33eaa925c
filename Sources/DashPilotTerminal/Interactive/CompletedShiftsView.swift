import DashPilotCore
import DashPilotScreens

/// The completed shifts, newest first. It holds a window of rows around the selection and reads
/// the next window only as the selection nears its edge (`HeldRows`), so that ten years open as
/// fast as a week.
final class CompletedShiftsView: TerminalScreen {
    private var total = 0
    private var windowStart = 0
    private var window: [ShiftListScreen.Row] = []
    private var selected = 0
    private let keyList = ShiftListScreen.actions

    func reload(_ app: AppEnvironment) throws {
        let shown = window.indices.contains(selected - windowStart) ? window[selected - windowStart].shiftID : nil
        total = try app.store.shiftCount(completedOnly: true)
        selected = min(selected, max(0, total - 1))
        try readWindow(around: selected, app)
        // Another program ended or deleted a shift above it: the selection stays on the shift it
        // showed, where the rows read hold it.
        if let shown, let offset = window.firstIndex(where: { $0.shiftID == shown }) { selected = windowStart + offset }
    }

    private func readWindow(around index: Int, _ app: AppEnvironment) throws {
        // Nothing held changes until the read succeeds.
        let (start, size) = HeldRows.window(around: index, rows: app.rows)
        let summaries = try app.store.shifts(limit: size, offset: start, completedOnly: true)
        windowStart = start
        window = summaries.map { ShiftListScreen.row($0, format: app.format) }
    }

    private func holds(_ index: Int, _ app: AppEnvironment) -> Bool {
        HeldRows.hold(index, in: windowStart..<(windowStart + window.count), of: total, rows: app.rows)
    }

    var keys: [ScreenAction] { total == 0 ? keyList.withNoRows : keyList }

    func select(row: Int, _ app: AppEnvironment) throws {
        guard (0..<total).contains(row) else { return }
        if !holds(row, app) { try readWindow(around: row, app) }
        selected = row
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select:
            // The window is read before the selection moves: a read that fails leaves it where it was.
            let moved = ListCursor.moved(selected, by: key, count: total, page: app.page)
            if !holds(moved, app) { try readWindow(around: moved, app) }
            selected = moved
            return .stay
        case .open:
            let offset = selected - windowStart
            guard window.indices.contains(offset) else { return .stay }
            return .push(ShiftLogView(shiftID: window[offset].shiftID))
        case .places:
            return .push(PlacesView())
        case .weeks:
            return .push(WeeksView())
        case .expenses:
            return .push(ExpensesView())
        case .back:
            return .pop
        default:
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        let model = ShiftListScreen(summaries: [], format: app.format)
        // As every list's header in the sketches: its title, and "? keys" at the right.
        screen.titled(model.title, right: [.keysList])
        screen.blank()
        screen.pinHeader()
        if total == 0 { screen.line(ShiftListScreen.noCompletedShifts) }
        // Only the rows a screen can show around the selection are laid out.
        let reach = max(app.rows, 12)
        let from = max(windowStart, selected - reach)
        let to = min(windowStart + window.count, selected + reach)
        if from < to {
            for index in from..<to {
                screen.row(
                    parts: TerminalText.parts(window[index - windowStart].text), selected: index == selected, index: index)
            }
        }
        screen.setFooter(keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        let model = ShiftListScreen(summaries: [], format: app.format)
        lines.say(model.title)
        if total == 0 { lines.say(ShiftListScreen.noCompletedShifts) }
        lines.list(count: total, selected: selected) { index in
            let offset = index - windowStart
            guard window.indices.contains(offset) else { return nil }
            return ("shift \(window[offset].shiftID)", window[offset].accessibilityLabel)
        }
        lines.keys(keys, listsKeys: true)
    }
}
