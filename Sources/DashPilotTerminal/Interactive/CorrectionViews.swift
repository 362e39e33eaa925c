import DashPilotCore
import DashPilotScreens

/// The rename sheet, prefilled with the place's spelling.
final class RenameView: TerminalScreen {
    private var model: RenameSheet
    private let placeID: Int64
    private var field: LineEditor
    private var error: String?
    /// The other place a refusal names, said as written.
    private var errorName: String?

    init(place: PickupPlace) {
        model = RenameSheet(place: place)
        placeID = place.id
        field = LineEditor(text: model.prefilledName)
    }

    /// Renamed by another program while the sheet is open: it names the place as it is now, and
    /// a field the driver has not typed into holds that spelling (Enter renamed it back; SR audit).
    func reload(_ app: AppEnvironment) throws {
        guard let place = try app.store.place(id: placeID), place.name != model.prefilledName else { return }
        let untouched = field.text == model.prefilledName
        model = RenameSheet(place: place)
        if untouched { field = LineEditor(text: place.name) }
    }

    var keys: [ScreenAction] { model.keys }

    var inTextField: Bool { true }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .record:
            do {
                _ = try app.store.renamePlace(id: placeID, to: try app.store.placeName(utf8: field.text.utf8))
                return .pop
            } catch let problem as PickupPlaceNameProblem {
                error = problem.sentence
            } catch DashPilotRefusal.placeNotFound {
                // Merged away in another terminal since the sheet opened.
                error = ScreenMessages.placeGone
            } catch let refusal as DashPilotRefusal {
                error = ScreenMessages.refusal(refusal, format: app.format)
                if case .renameCollision(let other) = refusal { errorName = other }
            }
        case .back:
            return .pop
        default:
            if field.handle(key) { (error, errorName) = (nil, nil) }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        screen.fieldSheet(title: model.title, label: model.fieldLabel, field, error: error, keys: model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        lines.fieldSheet(
            title: model.accessibilityTitle, field: "name", label: model.fieldLabel, value: field.text, error: error, keys: model.keys,
            keeping: [model.prefilledName, errorName])
    }
}

/// Every other place, alphabetically, to merge the source into.
final class MergeListView: TerminalScreen {
    private let source: PickupPlace
    /// Read once when the screen opens (or the store changes); typing reads nothing.
    private var catalogue = PlaceCatalogue(places: [])
    private var model: MergeListScreen
    private var filter = LineEditor()
    private var selected = 0

    init(source: PickupPlace) {
        self.source = source
        model = MergeListScreen(source: source, destinations: [])
    }

    func reload(_ app: AppEnvironment) throws {
        let shown = model.destinations.indices.contains(selected) ? model.destinations[selected].placeID : nil
        catalogue = PlaceCatalogue(places: try app.store.mergeDestinations(forPlace: source.id))
        refilter()
        // Another program changed the places: the selection stays on the place it showed.
        if let shown, let index = model.destinations.firstIndex(where: { $0.placeID == shown }) { selected = index }
    }

    private func refilter() {
        model = MergeListScreen(source: source, catalogue: catalogue, filter: filter.text)
        selected = min(selected, max(0, model.destinations.count - 1))
    }

    var keys: [ScreenAction] { model.keys }

    var inTextField: Bool { !filter.text.isEmpty }

    var typingGoesToField: Bool { true }

    /// `?` lists the keys, as its keys line says, filtered or not (as on the places screen).
    var takesQuestionMark: Bool { false }

    func select(row: Int, _ app: AppEnvironment) throws {
        if model.destinations.indices.contains(row) { selected = row }
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .select: selected = ListCursor.moved(selected, by: key, count: model.destinations.count, page: app.page)
        case .open where model.destinations.indices.contains(selected):
            return .push(MergeConfirmView(sourceID: source.id, destinationID: model.destinations[selected].placeID))
        case .back: return .pop
        default:
            // Typing filters the destinations as it filters the places.
            if filter.handle(key) {
                selected = 0
                refilter()
            }
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        // The title's "into…" is the program's own word, not a name shortened in its column.
        let width = screen.width
        let title = ScreenBuffer.heading(model.title, echoing: filter.text, rows: app.rows) {
            ScreenBuffer.wrap(TerminalText.safe($0), width: width).count
        }
        screen.wrapped(screen.plainCharacters ? PlainCharacters.text(title) : title, style: .bold)
        screen.field("\(model.filterLabel)  ", filter, room: max(8, screen.width - model.filterLabel.count - 6))
        screen.blank()
        screen.pinHeader()
        if let reason = model.emptyReason { screen.wrapped(reason) }
        // Only the rows a window can show around the selection are laid out: 2,000 places
        // cost a key what twenty do.
        let reach = max(app.rows, 12)
        let destinations = model.destinations
        for index in max(0, selected - reach)..<min(destinations.count, selected + reach) {
            screen.row(destinations[index].control.title, selected: index == selected, index: index)
        }
        screen.blank()
        screen.wrapped(model.renameHint, style: .dim)
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        // The heading quotes the filter ("match "Esc""), the hint names the place, as written.
        lines.say(model.accessibilityTitle, keeping: ["\"\(filter.text)\"", source.name])
        // Typing filters as it goes, as on the places screen.
        lines.field(
            id: "filter", label: model.filterLabel, value: filter.text, focused: false,
            instruction: model.keys.first { $0.key == .typing }?.accessibilityLabel)
        lines.say(model.emptyReason, keeping: ["\"\(filter.text)\""])
        lines.list(count: model.destinations.count, selected: selected) { index in
            ("place \(model.destinations[index].placeID)", model.destinations[index].control.accessibilityLabel)
        }
        lines.narrowed(by: filter.text, from: catalogue.places.count)
        lines.say(model.renameHint, keeping: [source.name])
        lines.keys(model.keys, listsKeys: true)
    }
}

/// The confirmation naming both places and the direction.
final class MergeConfirmView: TerminalScreen {
    private let sourceID: Int64
    private let destinationID: Int64
    private var model: MergeConfirmation?
    /// The two places, said as written.
    private var names: [String] = []
    /// Why there is nothing to confirm: a place another terminal took away.
    private var gone: String?

    init(sourceID: Int64, destinationID: Int64) {
        self.sourceID = sourceID
        self.destinationID = destinationID
    }

    func reload(_ app: AppEnvironment) throws {
        let source = try app.store.place(id: sourceID)
        let destination = try app.store.place(id: destinationID)
        guard let source, let destination else {
            model = nil
            gone = source == nil ? ScreenMessages.mergeSourceGone : ScreenMessages.mergeDestinationGone
            return
        }
        gone = nil
        model = MergeConfirmation(source: source.name, destination: destination.name)
        names = [source.name, destination.name]
    }

    var keys: [ScreenAction] { model?.keys ?? [.goingBack] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .confirm:
            do {
                _ = try app.store.mergePlace(sourceID: sourceID, into: destinationID)
            } catch let refusal as DashPilotRefusal where [.mergeSourceMissing, .mergeDestinationMissing].contains(refusal.rule) {
                // Taken away since the screen last read: say which, as the screen does.
                try reload(app)
                return .stay
            }
            // The source is gone: leave its screens and show the place that kept the deliveries.
            let sourceID = self.sourceID
            var passedSource = false
            return .rewind(
                closing: { screen in
                    if passedSource { return false }
                    if let place = screen as? PlaceHistoryView, place.placeID == sourceID { passedSource = true }
                    return true
                }, then: PlaceHistoryView(placeID: destinationID))
        case .keep, .back:
            return .pop
        default:
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        screen.wrapped(model?.text ?? gone ?? "")
        screen.setFooter(keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        lines.say(model?.text ?? gone, keeping: names)
        lines.keys(keys, listsKeys: true)
    }
}
