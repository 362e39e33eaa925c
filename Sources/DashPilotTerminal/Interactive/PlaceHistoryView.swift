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
    private var selected = 0

    init(placeID: Int64) { self.placeID = placeID }

    func reload(_ app: AppEnvironment) throws {
        try read(windowAround: selected, app)
        selected = min(selected, max(0, (history?.deliveryCount ?? 1) - 1))
    }

    private func read(windowAround index: Int, _ app: AppEnvironment) throws {
        windowStart = max(0, index - Self.windowSize / 2)
        let history = try app.store.history(ofPlace: placeID, limit: Self.windowSize, offset: windowStart)
        self.history = history
        model = PlaceHistoryScreen(history: history, format: app.format)
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        guard let history else { return .pop }
        switch action(for: key)?.command {
        case .select:
            selected = key == .up ? max(0, selected - 1) : min(max(0, history.deliveryCount - 1), selected + 1)
            if selected < windowStart || selected >= windowStart + history.deliveries.count { try read(windowAround: selected, app) }
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
        guard let model else { return }
        screen.wrapped(model.title, style: .bold)
        screen.pinHeader()
        for line in model.waitLines { screen.wrapped(line) }
        screen.blank()
        for line in PlainText.waitPicture(model, bars: app.bars) { screen.line(line) }
        screen.blank()
        if model.rows.isEmpty { screen.line(ScreenMessages.noDeliveriesNameThisPlace) }
        let reach = max(app.rows, 12)
        let from = max(windowStart, selected - reach)
        let to = min(windowStart + model.rows.count, selected + reach)
        if from < to {
            for index in from..<to { screen.row(model.rows[index - windowStart].text, selected: index == selected) }
        }
        screen.blank()
        screen.line(
            "[ \(model.renameControl.title) ]  \(keyTitle(model.renameControl.command))        "
                + "[ \(model.mergeControl.title) ]  \(keyTitle(model.mergeControl.command))")
        if let footer = model.mergeFooter { screen.wrapped(footer, style: .dim) }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.title)
        for line in model.waitLines { lines.say(line) }
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
        lines.say(spokenControl(model.renameControl))
        lines.say(spokenControl(model.mergeControl))
        lines.say(model.mergeFooter)
        lines.keys(model.keys, listsKeys: true)
    }
}
