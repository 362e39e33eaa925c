import DashPilotCore
import DashPilotScreens

/// A place's history: its waits by time of day and as a picture, then its deliveries newest
/// first, with Rename and Merge. It holds a window of deliveries around the selected row and
/// reads the next window only when the selection leaves it: twelve thousand open like twelve.
final class PlaceHistoryView: TerminalScreen {
    /// Deliveries read at a time.
    static let windowSize = 200

    let placeID: Int64
    private var history: PlaceHistory?
    private var model: PlaceHistoryScreen?
    private var windowStart = 0
    /// The deliveries under the summary, waits and picture: ↑ on the newest scrolls back up to
    /// them in a small window.
    private var list = ListUnderLines()
    private var selected: Int { list.selected }

    init(placeID: Int64) { self.placeID = placeID }

    func reload(_ app: AppEnvironment) throws {
        do {
            try read(windowAround: selected, app)
        } catch DashPilotRefusal.placeNotFound {
            // Merged away in another terminal: nothing of it is left to show or act on but Esc.
            history = nil
            model = nil
        }
        list.cursor.clamp(to: history?.deliveryCount ?? 0)
    }

    private func read(windowAround index: Int, _ app: AppEnvironment) throws {
        // Nothing held changes until the read succeeds.
        let start = max(0, index - Self.windowSize / 2)
        let history = try app.store.history(ofPlace: placeID, limit: Self.windowSize, offset: start)
        windowStart = start
        self.history = history
        model = PlaceHistoryScreen(history: history, format: app.format)
    }

    var keys: [ScreenAction] { model?.keys ?? [.goingBack] }

    func select(row: Int, _ app: AppEnvironment) throws {
        guard let history, (0..<history.deliveryCount).contains(row) else { return }
        if row < windowStart || row >= windowStart + history.deliveries.count { try read(windowAround: row, app) }
        list.select(row)
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        // Gone (merged away elsewhere): only Esc, the one key its footer names, goes back.
        guard let history else { return action(for: key)?.command == .back ? .pop : .stay }
        switch action(for: key)?.command {
        case .select:
            // The window is read before the selection moves: a read that fails leaves it where it was.
            var moved = list
            moved.move(key, count: history.deliveryCount, page: app.page, shown: app.rowsShown, window: app.drawn)
            if moved.selected < windowStart || moved.selected >= windowStart + history.deliveries.count {
                try read(windowAround: moved.selected, app)
            }
            list = moved
            return .stay
        case .rename:
            return .push(RenameView(place: history.place))
        case .merge:
            guard history.catalogueCount > 1 else { return .message(PlaceHistoryScreen.onlyPlaceFooter) }
            return .push(MergeListView(source: history.place))
        case .back:
            return .pop
        default:
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else {
            screen.wrapped(ScreenMessages.placeGone)
            return screen.setFooter(keys)
        }
        screen.wrapped(model.title, style: .bold)
        screen.pinHeader()
        var above = model.waitLines.flatMap { ScreenBuffer.wrap($0, width: screen.width) } + [""]
        // A line of the table too wide for the window wraps; a figure is never cut.
        above +=
            PlainText.waitPicture(model, bars: app.bars, width: screen.width).flatMap {
                DisplayWidth.of($0) <= screen.width ? [$0] : ScreenBuffer.wrap($0, width: screen.width)
            } + [""]
        list.linesAbove = above.count
        for (index, line) in above.enumerated() { screen.line(line, focus: list.isFocused(above: index)) }
        if model.rows.isEmpty { screen.line(ScreenMessages.noDeliveriesNameThisPlace) }
        let reach = max(app.rows, 12)
        let from = max(windowStart, selected - reach)
        let to = min(windowStart + model.rows.count, selected + reach)
        if from < to {
            for index in from..<to {
                let row = model.rows[index - windowStart]
                screen.row(
                    parts: TerminalText.parts(row.text), selected: index == selected, index: index,
                    focus: list.followsSelection && index == selected)
            }
        }
        screen.blank()
        screen.line(
            ScreenBuffer.controls(
                [
                    (model.renameControl.title, action(model.renameControl.command)),
                    // A disabled control is drawn without its key, and a tap on it does nothing.
                    (model.mergeControl.title, model.mergeControl.isEnabled ? action(model.mergeControl.command) : nil),
                ],
                gap: 8),
            // The last delivery selected, the controls under it come into view with it.
            focus: list.followsSelection && selected + 1 >= (history?.deliveryCount ?? 0))
        if let footer = model.mergeFooter { screen.wrapped(footer, style: .dim) }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else {
            lines.say(ScreenMessages.placeGone)
            return lines.keys(keys, listsKeys: true)
        }
        lines.say(model.title, keeping: [history?.place.name])
        // One sentence: "Shortest 2 minutes, longest 14 minutes."
        for line in model.waitLines { lines.say(line.replacingOccurrences(of: " · Longest", with: " · longest")) }
        lines.say(model.bandsHeading)
        for band in model.bands { lines.say(band.accessibilityLabel) }
        lines.say(model.distributionAccessibilityLabel)
        if model.rows.isEmpty { lines.say(ScreenMessages.noDeliveriesNameThisPlace) }
        lines.list(count: history?.deliveryCount ?? model.rows.count, selected: selected) { index in
            let offset = index - windowStart
            guard model.rows.indices.contains(offset) else { return nil }
            let row = model.rows[offset]
            return ("shift \(row.shiftID) delivery \(row.number)", row.accessibilityLabel)
        }
        lines.sayLabel(spokenControl(model.renameControl))
        lines.sayLabel(spokenControl(model.mergeControl))
        lines.say(model.mergeFooter)
        lines.keys(model.keys, listsKeys: true)
    }
}
