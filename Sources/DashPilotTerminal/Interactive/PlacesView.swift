import DashPilotCore
import DashPilotScreens

/// The places: the whole catalogue alphabetically, filtered as the driver types. The catalogue
/// is read once when the screen opens (or the store changes); typing reads nothing.
final class PlacesView: TerminalScreen {
    private var catalogue = PlaceCatalogue(places: [])
    private var model: PlacesScreen?
    private var filter = LineEditor()
    private var selected = 0

    func reload(_ app: AppEnvironment) throws {
        catalogue = PlaceCatalogue(places: try app.store.places())
        refilter(app)
    }

    private func refilter(_ app: AppEnvironment) {
        let model = PlacesScreen(catalogue: catalogue, filter: filter.text, format: app.format)
        self.model = model
        selected = min(selected, max(0, model.rows.count - 1))
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    var inTextField: Bool { !filter.text.isEmpty }

    var typingGoesToField: Bool { true }

    func select(row: Int, _ app: AppEnvironment) throws {
        if model?.rows.indices.contains(row) == true { selected = row }
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let rows = model?.rows
        switch action(for: key)?.command {
        case .select: selected = ListCursor.moved(selected, by: key, count: rows?.count ?? 0, rows: app.rows)
        case .open: if let rows, rows.indices.contains(selected) { return .push(PlaceHistoryView(placeID: rows[selected].placeID)) }
        case .back: return .pop
        default:
            if filter.handle(key) {
                selected = 0
                refilter(app)
            }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.titled(model.title, right: [.keysList])
        screen.field("\(model.filterLabel)  ", filter, room: max(8, screen.width - model.filterLabel.count - 6))
        screen.blank()
        screen.pinHeader()
        if let empty = model.emptyMessage { screen.wrapped(empty) }
        let nameWidth = min(40, (model.rows.names.map(DisplayWidth.of).max() ?? 0) + 3)
        let reach = max(app.rows, 12)
        let from = max(0, selected - reach)
        let to = min(model.rows.count, selected + reach)
        for index in from..<to {
            let row = model.rows[index]
            screen.row(
                name: row.name, nameWidth: nameWidth, detail: row.detail.components(separatedBy: " · "), selected: index == selected,
                index: index)
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.title)
        // Typing filters as it goes: the field is said, and what typing does there.
        lines.field(
            id: "filter", label: model.filterLabel, value: filter.text, focused: false,
            instruction: model.keys.first { $0.key == .typing }?.accessibilityLabel)
        lines.say(model.emptyMessage)
        lines.list(count: model.rows.count, selected: selected) { index in
            ("place \(model.rows[index].placeID)", model.rows[index].accessibilityLabel)
        }
        lines.keys(model.keys, listsKeys: !inTextField)
    }
}
