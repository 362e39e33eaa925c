import DashPilotCore
import DashPilotScreens

/// Weeks, newest first, with their totals and a bar of earnings per hour; `m` switches to months.
/// It holds a window of periods around the selection, a screenful above it and a few more on
/// each side (read from the route summaries, never samples), and when the selection nears an edge
/// it reads only the periods the window gains, so that ten years of months open as fast as a
/// screenful of them; the bars are scaled within the window held.
final class WeeksView: TerminalScreen {
    /// Periods held beyond a screenful, on each side of it.
    static let margin = 6

    private let kind: Period.Kind
    private var newest: Period?
    private var total = 0
    private var windowStart = 0
    private var periods: [PeriodFigures] = []
    private var model: PeriodListScreen?
    private var selected = 0
    /// The rows as laid out for `width`: a key that only moves the selection lays out nothing.
    private var laidOut: (width: Int, rows: [[String]])?

    /// Weeks, or months.
    init(kind: Period.Kind = .week) { self.kind = kind }

    func reload(_ app: AppEnvironment) throws {
        let span = try app.store.periodSpan(kind, timeZone: app.format.timeZone, now: app.clock.now())
        // Periods newer than the newest held (a new week since the list was read, a shift of a
        // later one recorded): the selection stays on the period it was on.
        if let newest {
            var period = span.newest
            while period.from > newest.from {
                selected += 1
                period = period.previous
            }
        }
        newest = span.newest
        total = span.count
        selected = min(selected, max(0, total - 1))
        periods = []
        try readWindow(app)
    }

    /// Left open into a new week or month (midnight on a Sunday, on the last of a month), the list
    /// gains it, newest first, the selection staying on the period it was on; else nothing is read.
    func tick(_ app: AppEnvironment) -> Bool {
        guard let newest else { return false }
        let today = Period(kind, containing: LocalDate(app.clock.now(), in: app.format.timeZone))
        guard today.from > newest.from else { return false }
        // A failure to read is said by the next key's reading, as for every screen.
        return (try? reload(app)) != nil
    }

    /// The rows a screenful shows, at most.
    private func screenful(_ app: AppEnvironment) -> Int { max(1, app.rows - 4) }

    /// How far below the selection the window reaches: the rows a screen can show under it and
    /// one more, so that where older periods follow the screen knows to say "↓ more".
    private func reachBelow(_ app: AppEnvironment) -> Int { min(total, selected + screenful(app) + 2) }

    /// Whether the window holds the selection with a screenful above it (or the list's start) and
    /// what a screen shows below it.
    private func holdsSelection(_ app: AppEnvironment) -> Bool {
        windowStart + periods.count >= reachBelow(app) && (windowStart == 0 || selected - windowStart >= screenful(app))
    }

    /// Moves the window to hold a screenful and a margin above the selection and a margin below,
    /// reading only the periods it did not hold (all of them after `reload`).
    private func readWindow(_ app: AppEnvironment) throws {
        guard let newest else { return }
        let start = max(0, selected - screenful(app) - Self.margin)
        let held = windowStart..<(windowStart + periods.count)
        // Below, only what a screen shows on opening: the margin below is read as the selection
        // nears it.
        let end = min(total, reachBelow(app) + (held.isEmpty ? 0 : Self.margin))
        func read(_ range: Range<Int>) throws -> [PeriodFigures] {
            guard !range.isEmpty else { return [] }
            return try app.store.periods(
                kind, before: range.lowerBound, of: newest, limit: range.count, timeZone: app.format.timeZone, now: app.clock.now(),
                detail: .listRow)
        }
        if held.isEmpty || end <= held.lowerBound || start >= held.upperBound {
            periods = try read(start..<end)
        } else {
            let kept = periods[(max(start, held.lowerBound) - windowStart)..<(min(end, held.upperBound) - windowStart)]
            periods = try read(start..<max(start, held.lowerBound)) + kept + read(min(end, held.upperBound)..<end)
        }
        windowStart = start
        model = PeriodListScreen(periods: periods, kind: kind, format: app.format)
        laidOut = nil
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    /// The window moves to the new size's screenful, reading only the periods it did not hold.
    func resized(_ app: AppEnvironment) throws { try readWindow(app) }

    func select(row: Int, _ app: AppEnvironment) throws {
        // `row` counts from the newest period, as the selection does.
        if (windowStart..<(windowStart + periods.count)).contains(row) { selected = row }
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select:
            // A read that fails leaves the selection where it was, in the window held.
            let previous = selected
            selected = ListCursor.moved(selected, by: key, count: total, page: app.page)
            if !holdsSelection(app) {
                do { try readWindow(app) } catch {
                    selected = previous
                    throw error
                }
            }
        case .switchPeriod:
            // Weeks and months are two lists: the other opens in this one's place, and the
            // screen-reader mode says it whole, its keys too (m now means the other).
            return .rewind(closing: { [self] in $0 === self }, then: WeeksView(kind: kind == .week ? .month : .week))
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
            // Identified by place in the list: switching weeks and months says each row anew.
            return ("period \(index)", model.rows[offset].accessibilityLabel)
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
        case .select: list.move(key, count: summaries.count, page: app.page, shown: app.rowsShown, window: app.drawn)
        case .open where summaries.indices.contains(list.selected):
            // Out of view (the view scrolled up to the totals), the shift first comes back into view.
            guard list.mayActOnSelection(shown: app.rowsShown) else { return .stay }
            return .push(ShiftLogView(shiftID: summaries[list.selected].shift.id))
        case .back: return .pop
        default: break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        // The title stays in place (the header); the totals scroll above the shifts, as a
        // shift's log scrolls up to its figures.
        for line in ScreenBuffer.joined(TerminalText.parts(model.title), width: screen.width) { screen.line(line, style: .bold) }
        screen.pinHeader()
        var totals: [(String, ScreenBuffer.Style)] = [(model.timeLine, .normal), (model.workLine, .normal)]
        totals += [(model.earningsLine, .normal)] + model.moneyLines.map { ($0, .normal) } + [(model.netLine, .bold)]
        if let explanation = model.netExplanation { totals.append(("  " + explanation, .dim)) }
        // Figures wrap between themselves, never inside one ("1 h 24 min" stays whole).
        let lines = totals.flatMap { text, style in
            ScreenBuffer.joined(TerminalText.parts(text), width: screen.width).map { ($0, style) }
        }
        list.linesAbove = lines.count
        for (index, line) in lines.enumerated() { screen.line(line.0, style: line.1, focus: list.isFocused(above: index)) }
        screen.blank()
        if let empty = model.emptyMessage { screen.line(empty) }
        for (index, row) in model.shifts.enumerated() {
            screen.row(
                parts: TerminalText.parts(row.text), selected: index == list.selected, index: index,
                focus: list.followsSelection && index == list.selected)
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        for line in [model.title, model.timeLine, model.workLine, model.earningsLine] + model.moneyLines { lines.say(line) }
        lines.say(model.netLine)
        // Said as a sentence of its own, it begins as one.
        lines.say(model.netExplanation.map { $0.prefix(1).uppercased() + $0.dropFirst() })
        lines.say(model.emptyMessage)
        lines.list(count: model.shifts.count, selected: list.selected) { index in
            ("shift \(model.shifts[index].shiftID)", model.shifts[index].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}
