import DashPilotCore
import DashPilotScreens

/// Weeks, newest first, with their totals and a bar of earnings per hour; `m` switches to months.
/// It holds a window of periods around the selection (read from the route summaries, never
/// samples) and reads the next window only when the selection leaves it, so that ten years of
/// weeks open as fast as one; the bars are scaled within the window read.
final class WeeksView: TerminalScreen {
    /// Periods read at a time.
    static let windowSize = 60

    private var kind = Period.Kind.week
    private var newest: Period?
    private var total = 0
    private var windowStart = 0
    private var periods: [PeriodFigures] = []
    private var model: PeriodListScreen?
    private var selected = 0
    /// The rows as laid out for `width`: a key that only moves the selection lays out nothing.
    private var laidOut: (width: Int, rows: [[String]])?

    func reload(_ app: AppEnvironment) throws {
        let span = try app.store.periodSpan(kind, timeZone: app.format.timeZone, now: app.clock.now())
        newest = span.newest
        total = span.count
        selected = min(selected, max(0, total - 1))
        try readWindow(around: selected, app)
    }

    private func readWindow(around index: Int, _ app: AppEnvironment) throws {
        guard let newest else { return }
        windowStart = max(0, min(index - Self.windowSize / 2, total - Self.windowSize))
        periods = try app.store.periods(
            kind, before: windowStart, of: newest, limit: min(Self.windowSize, total - windowStart), timeZone: app.format.timeZone,
            now: app.clock.now())
        model = PeriodListScreen(periods: periods, kind: kind, format: app.format)
        laidOut = nil
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func select(row: Int, _ app: AppEnvironment) throws {
        // `row` counts from the newest period, as the selection does.
        if (windowStart..<(windowStart + periods.count)).contains(row) { selected = row }
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select:
            selected = ListCursor.moved(selected, by: key, count: total, rows: app.rows)
            if selected < windowStart || selected >= windowStart + periods.count { try readWindow(around: selected, app) }
        case .switchPeriod:
            kind = kind == .week ? .month : .week
            selected = 0
            return .reload
        case .open where periods.indices.contains(selected - windowStart):
            return .push(PeriodView(figures: periods[selected - windowStart]))
        case .back: return .pop
        default: break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.titled(model.title, right: [.keysList])
        screen.blank()
        if laidOut?.width != screen.width {
            laidOut = (screen.width, PlainText.periodRowLines(model, bars: app.bars, width: screen.width - 2))
        }
        let rows = laidOut?.rows ?? []
        let reach = max(app.rows, 12)
        let from = max(windowStart, selected - reach)
        let to = min(windowStart + rows.count, selected + reach)
        for index in from..<max(from, to) { screen.row(lines: rows[index - windowStart], selected: index == selected, index: index) }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.title)
        lines.list(count: total, selected: selected) { index in
            let offset = index - windowStart
            guard model.rows.indices.contains(offset) else { return nil }
            return ("period \(model.rows[offset].label)", model.rows[offset].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}

/// One week or month: its totals, rates and shifts; a shift opens its log.
final class PeriodView: TerminalScreen {
    private var figures: PeriodFigures
    private var model: PeriodScreen?
    private var summaries: [ShiftSummary] = []
    /// The shifts under the totals: every figure is reachable in a small window.
    private var list = ListUnderLines()

    init(figures: PeriodFigures) { self.figures = figures }

    func reload(_ app: AppEnvironment) throws {
        let (figures, totals) = try app.store.period(self.figures.period, timeZone: app.format.timeZone, now: app.clock.now())
        self.figures = figures
        summaries = totals.reversed().map(\.summary)
        model = PeriodScreen(figures: figures, shifts: summaries, format: app.format)
        list.cursor.clamp(to: summaries.count)
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func select(row: Int, _ app: AppEnvironment) throws {
        guard summaries.indices.contains(row) else { return }
        list.select(row)
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select: list.move(key, count: summaries.count, rows: app.rows)
        case .open where summaries.indices.contains(list.selected): return .push(ShiftLogView(shiftID: summaries[list.selected].shift.id))
        case .back: return .pop
        default: break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        var totals: [(String, ScreenBuffer.Style)] = [(model.title, .bold), (model.timeLine, .normal), (model.workLine, .normal)]
        totals += [(model.earningsLine, .normal)] + model.moneyLines.map { ($0, .normal) } + [(model.netLine, .bold)]
        if let explanation = model.netExplanation { totals.append(("  " + explanation, .dim)) }
        // Figures wrap between themselves, never inside one ("1 h 24 min" stays whole).
        let lines = totals.flatMap { text, style in
            ScreenBuffer.joined(text.components(separatedBy: " · "), width: screen.width).map { ($0, style) }
        }
        list.linesAbove = lines.count
        for (index, line) in lines.enumerated() { screen.line(line.0, style: line.1, focus: list.isFocused(above: index)) }
        screen.blank()
        if let empty = model.emptyMessage { screen.line(empty) }
        for (index, row) in model.shifts.enumerated() {
            screen.row(
                parts: row.text.components(separatedBy: " · "), selected: list.followsSelection && index == list.selected, index: index)
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        for line in [model.title, model.timeLine, model.workLine, model.earningsLine] + model.moneyLines { lines.say(line) }
        lines.say(model.netLine)
        lines.say(model.netExplanation)
        lines.say(model.emptyMessage)
        lines.list(count: model.shifts.count, selected: list.selected) { index in
            ("shift \(model.shifts[index].shiftID)", model.shifts[index].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}
