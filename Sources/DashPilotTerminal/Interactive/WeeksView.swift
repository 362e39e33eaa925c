import DashPilotCore
import DashPilotScreens

/// Weeks, newest first, with their totals and a bar of earnings per hour; `m` switches to months.
/// Every period is read once when the screen opens (from the route summaries, never samples).
final class WeeksView: TerminalScreen {
    private var kind = Period.Kind.week
    private var periods: [PeriodFigures] = []
    private var model: PeriodListScreen?
    private var selected = 0
    /// The rows as laid out for `width`: a key that only moves the selection lays out nothing.
    private var laidOut: (width: Int, lines: [String])?

    func reload(_ app: AppEnvironment) throws {
        periods = try app.store.periods(kind, limit: nil, timeZone: app.format.timeZone, now: app.clock.now())
        model = PeriodListScreen(periods: periods, kind: kind, format: app.format)
        laidOut = nil
        selected = min(selected, max(0, periods.count - 1))
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select: selected = key == .up ? max(0, selected - 1) : min(max(0, periods.count - 1), selected + 1)
        case .switchPeriod:
            kind = kind == .week ? .month : .week
            selected = 0
            return .reload
        case .open where periods.indices.contains(selected): return .push(PeriodView(figures: periods[selected]))
        case .back: return .pop
        default: break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.titled(model.title, right: ScreenAction.line([.keysList]))
        screen.blank()
        if laidOut?.width != screen.width {
            laidOut = (screen.width, PlainText.periodRows(model, bars: app.bars, width: screen.width - 2))
        }
        let lines = laidOut?.lines ?? []
        let reach = max(app.rows, 12)
        let from = max(0, selected - reach)
        let to = min(lines.count, selected + reach)
        for index in from..<to { screen.row(lines[index], selected: index == selected) }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.title)
        lines.list(count: model.rows.count, selected: selected) { index in
            ("period \(model.rows[index].label)", model.rows[index].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}

/// One week or month: its totals, rates and shifts; a shift opens its log.
final class PeriodView: TerminalScreen {
    private var figures: PeriodFigures
    private var model: PeriodScreen?
    private var summaries: [ShiftSummary] = []
    private var selected = 0
    /// How many lines of the totals above the shifts the driver has scrolled back to (0: the
    /// selected shift is what the window follows): every figure is reachable in a small window.
    private var scrolledBack = 0
    private var totalsLines = 0

    init(figures: PeriodFigures) { self.figures = figures }

    func reload(_ app: AppEnvironment) throws {
        let (figures, totals) = try app.store.period(self.figures.period, timeZone: app.format.timeZone, now: app.clock.now())
        self.figures = figures
        summaries = totals.reversed().map(\.summary)
        model = PeriodScreen(figures: figures, shifts: summaries, format: app.format)
        selected = min(selected, max(0, summaries.count - 1))
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select where key == .up:
            if selected > 0 && scrolledBack == 0 { selected -= 1 } else { scrolledBack = min(totalsLines, scrolledBack + 1) }
        case .select:
            if scrolledBack > 0 { scrolledBack -= 1 } else { selected = min(max(0, summaries.count - 1), selected + 1) }
        case .open where summaries.indices.contains(selected): return .push(ShiftLogView(shiftID: summaries[selected].shift.id))
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
        let lines = totals.flatMap { text, style in ScreenBuffer.wrap(text, width: screen.width).map { ($0, style) } }
        totalsLines = lines.count
        for (index, line) in lines.enumerated() {
            screen.line(line.0, style: line.1, focus: scrolledBack > 0 && index == lines.count - scrolledBack)
        }
        screen.blank()
        if let empty = model.emptyMessage { screen.line(empty) }
        for (index, row) in model.shifts.enumerated() { screen.row(row.text, selected: scrolledBack == 0 && index == selected) }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        for line in [model.title, model.timeLine, model.workLine, model.earningsLine] + model.moneyLines { lines.say(line) }
        lines.say(model.netLine)
        lines.say(model.netExplanation)
        lines.say(model.emptyMessage)
        lines.list(count: model.shifts.count, selected: selected) { index in
            ("shift \(model.shifts[index].shiftID)", model.shifts[index].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}
