import DashPilotCore
import DashPilotScreens

/// The places: the whole catalogue alphabetically, filtered as the driver types. The catalogue's
/// names are read once when the screen opens (or the store changes); each place's deliveries are
/// counted when its row first comes into the window drawn or said, so that opening the screen
/// reads 2,000 names and counts thirty places, not ten years of deliveries.
final class PlacesView: TerminalScreen {
    private var catalogue = PlaceCatalogue(places: [])
    /// Deliveries naming each place counted since the catalogue was read, by id.
    private var counts: [Int64: Int] = [:]
    private var model: PlacesScreen?
    /// The widest name the rows show, as the terminal is given it (escaped): measured once for
    /// the rows a filter leaves, not on every frame.
    private var widestName = 0
    private var filter = LineEditor()
    private var selected = 0

    func reload(_ app: AppEnvironment) throws {
        let shown = model.flatMap { $0.rows.indices.contains(selected) ? $0.rows.placeID(selected) : nil }
        catalogue = PlaceCatalogue(places: try app.store.catalogue())
        counts = [:]
        try refilter(app, keeping: shown)
    }

    /// `keeping`: the place whose row stays selected where it is still listed (another program
    /// changed the places).
    private func refilter(_ app: AppEnvironment, keeping shown: Int64? = nil) throws {
        let model = PlacesScreen(catalogue: catalogue, filter: filter.text, format: app.format, counts: counts)
        if let shown, let index = model.rows.index(ofPlace: shown) { selected = index }
        selected = min(selected, max(0, model.rows.count - 1))
        // The new rows stand whatever the count: rows a failed read left uncounted are not drawn
        // or said until a later key counts them.
        self.model = model
        widestName = model.rows.names.map { DisplayWidth.of(TerminalText.safe($0)) }.max() ?? 0
        try countShown(around: selected, app)
    }

    /// The rows drawn around `selection`, for a window of `app.rows`.
    private func drawn(_ count: Int, around selection: Int, _ app: AppEnvironment) -> Range<Int> {
        let reach = max(app.rows, 12)
        return max(0, selection - reach)..<max(0, min(count, selection + reach))
    }

    /// Counts the deliveries of the places drawn or said around `selection` that are not counted
    /// yet. A key counts the rows it brings into view before the selection moves there, so that
    /// a read that fails (the store busy) leaves the selection where it was, drawn.
    private func countShown(around selection: Int, _ app: AppEnvironment) throws {
        guard var model else { return }
        let rows = model.rows
        // Both hold the selection, so together they are one range: no place is counted twice.
        let drawn = drawn(rows.count, around: selection, app)
        let said = SpokenScreen.page(count: rows.count, selected: selection)
        let missing = rows.uncounted(in: min(drawn.lowerBound, said.lowerBound)..<max(drawn.upperBound, said.upperBound))
        guard !missing.isEmpty else { return }
        let counted = try app.store.deliveryCounts(ofPlaces: missing)
        counts.merge(counted) { $1 }
        model.rows.count(counted)
        self.model = model
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    /// The filter is typed into, but `?` still lists the keys, as the header offers while a
    /// filter stands (screens.md's sketch: "3 of 214 match "noo" … ? keys").
    var inTextField: Bool { false }

    var typingGoesToField: Bool { true }

    func select(row: Int, _ app: AppEnvironment) throws {
        guard model?.rows.indices.contains(row) == true else { return }
        try countShown(around: row, app)
        selected = row
    }

    func resized(_ app: AppEnvironment) throws { try countShown(around: selected, app) }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let rows = model?.rows
        switch action(for: key)?.command {
        case .select:
            let moved = ListCursor.moved(selected, by: key, count: rows?.count ?? 0, page: app.page)
            try countShown(around: moved, app)
            selected = moved
        case .open: if let rows, rows.indices.contains(selected) { return .push(PlaceHistoryView(placeID: rows.placeID(selected))) }
        case .back: return .pop
        default:
            if filter.handle(key) {
                selected = 0
                try refilter(app)
            }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        let buffer = screen
        let title = ScreenBuffer.heading(model.title, echoing: filter.text, rows: app.rows) {
            buffer.heading($0, right: [.keysList]).count
        }
        screen.titled(title, right: [.keysList])
        screen.field("\(model.filterLabel)  ", filter, room: max(8, screen.width - model.filterLabel.count - 6))
        screen.blank()
        screen.pinHeader()
        if let empty = model.emptyMessage { screen.wrapped(empty) }
        // A wider window shows longer names whole: the name column takes what the details leave.
        let nameWidth = min(max(40, screen.width - 48), widestName + 3)
        // A row whose count a failed read left unknown is not drawn; the message line says why.
        for index in drawn(model.rows.count, around: selected, app) where model.rows.isCounted(index) {
            let row = model.rows[index]
            screen.row(
                name: row.name, nameWidth: nameWidth, detail: TerminalText.parts(row.detail), selected: index == selected,
                index: index)
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        lines.say(model.title, keeping: ["\"\(filter.text)\""])  // "1 of 1 match "Esc"" quotes what was typed
        // Typing filters as it goes: the field is said, and what typing does there.
        lines.field(
            id: "filter", label: model.filterLabel, value: filter.text, focused: false,
            instruction: model.keys.first { $0.key == .typing }?.accessibilityLabel)
        lines.say(model.emptyMessage, keeping: ["\"\(filter.text)\""])
        lines.list(count: model.rows.count, selected: selected) { index in
            guard model.rows.isCounted(index) else { return nil }
            return ("place \(model.rows[index].placeID)", model.rows[index].accessibilityLabel)
        }
        lines.narrowed(by: filter.text, from: catalogue.places.count)
        lines.keys(model.keys, listsKeys: !inTextField)
    }
}
