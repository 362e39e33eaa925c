import DashPilotCore
import DashPilotScreens

/// A place's history: its waits and its deliveries, with Rename and Merge.
final class PlaceHistoryView: TerminalScreen {
    let placeID: Int64
    private var history: PlaceHistory?
    private var model: PlaceHistoryScreen?

    init(placeID: Int64) { self.placeID = placeID }

    func reload(_ app: AppEnvironment) throws {
        let history = try app.store.history(ofPlace: placeID)
        self.history = history
        model = PlaceHistoryScreen(history: history, format: app.format)
    }

    var keys: [KeyHint] { model?.keys ?? [] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        guard let history else { return .pop }
        switch key {
        case .text("r"):
            return .push(RenameView(place: history.place))
        case .text("m"):
            guard history.catalogueCount > 1 else { return .message(PlaceHistoryScreen.onlyPlaceFooter) }
            return .push(MergeListView(source: history.place))
        case .escape:
            return .pop
        default:
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.line(model.title, style: .bold)
        for line in model.waitLines { screen.wrapped(line) }
        screen.blank()
        let width = (model.rows.map { DisplayWidth.of($0.day) }.max() ?? 0) + 3
        for row in model.rows { screen.line(row.day.padding(width) + row.delivery.padding(14) + row.wait) }
        if model.rows.isEmpty { screen.line(ScreenMessages.noDeliveriesNameThisPlace) }
        screen.blank()
        screen.line("[ \(model.renameControl.title) ]  r        [ \(model.mergeControl.title) ]  m")
        if let footer = model.mergeFooter { screen.wrapped(footer, style: .dim) }
        screen.footer = KeyHint.line(model.keys)
    }
}
