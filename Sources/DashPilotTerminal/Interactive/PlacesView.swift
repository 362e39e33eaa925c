import DashPilotCore
import DashPilotScreens

/// The places: the whole catalogue alphabetically, filtered as the driver types. The catalogue
/// is read once when the screen opens (or the store changes); typing reads nothing.
final class PlacesView: TerminalScreen {
    private var catalogue = PlaceCatalogue(places: [])
    private var model: PlacesScreen?
    private var filter = ""
    private var selected = 0

    func reload(_ app: AppEnvironment) throws {
        catalogue = PlaceCatalogue(places: try app.store.places())
        refilter(app)
    }

    private func refilter(_ app: AppEnvironment) {
        let model = PlacesScreen(catalogue: catalogue, filter: filter, format: app.format)
        self.model = model
        selected = min(selected, max(0, model.rows.count - 1))
    }

    var keys: [KeyHint] { model?.keys ?? [] }

    var inTextField: Bool { !filter.isEmpty }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let rows = model?.rows ?? []
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(0, rows.count - 1), selected + 1)
        case .enter where rows.indices.contains(selected): return .push(PlaceHistoryView(placeID: rows[selected].placeID))
        case .escape: return .pop
        case .backspace:
            if !filter.isEmpty { filter.removeLast() }
            selected = 0
            refilter(app)
        case .text(let typed):
            filter += typed
            selected = 0
            refilter(app)
        default: break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.titled(model.title, right: "? keys")
        screen.line("\(model.filterLabel)  [ \(filter)_ ]")
        screen.blank()
        if let empty = model.emptyMessage { screen.wrapped(empty) }
        let nameWidth = min(40, (model.rows.map { DisplayWidth.of($0.name) }.max() ?? 0) + 3)
        let reach = max(app.rows, 12)
        let from = max(0, selected - reach)
        let to = min(model.rows.count, selected + reach)
        if from > 0 { screen.line("  ↑ more", style: .dim) }
        for index in from..<to {
            let row = model.rows[index]
            let name = DisplayWidth.of(row.name) > nameWidth - 2 ? DisplayWidth.fit(row.name, nameWidth - 2) : row.name
            screen.row(
                name + String(repeating: " ", count: max(1, nameWidth - DisplayWidth.of(name))) + row.detail, selected: index == selected)
        }
        if to < model.rows.count { screen.line("  ↓ more", style: .dim) }
        screen.footer = KeyHint.line(model.keys)
    }
}
