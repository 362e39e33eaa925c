import DashPilotCore
import DashPilotScreens

/// The pickup place sheet over the running shift or a shift's log: the most recent place is
/// selected on opening (one `Enter` records it), `1`–`5` record a recent place while the name
/// field is empty, and typing goes into the name field, which edits like a shell's line.
final class PickupSheetView: TerminalScreen {
    private let shiftID: Int64
    private let number: Int
    private var recent: [RecentPlace] = []
    private var model: PickupSheet?
    private var field = LineEditor()
    /// 0..<recent.count: a recent place; recent.count: the name field; +1: Remove.
    private var focus: Int?
    private var error: String?
    /// The place the delivery names now, which the sheet's title says as written.
    private var placeName: String?

    init(shiftID: Int64, number: Int) {
        self.shiftID = shiftID
        self.number = number
    }

    func reload(_ app: AppEnvironment) throws {
        let shown = model == nil ? nil : (recent, currentFocus)
        recent = try app.store.recentPlaces()
        guard let delivery = try app.deliveryIfStillThere(number, shiftID: shiftID) else {
            model = nil
            return
        }
        model = PickupSheet(delivery: delivery, recent: recent)
        placeName = delivery.pickupPlace
        // Another program changed the recent places: the selection stays on the place it showed
        // (Enter records it), or goes to the name field once that place is gone from the list.
        if let (before, focused) = shown {
            let placeID = before.indices.contains(focused) ? before[focused].place.id : nil
            let removing = focused > before.count && model?.removeControl != nil
            let moved = removing ? recent.count + 1 : placeID.flatMap { id in recent.firstIndex { $0.place.id == id } }
            focus = moved ?? recent.count
        }
    }

    /// The row selected: the most recent place on opening (the name field when there is none).
    private var currentFocus: Int { focus ?? 0 }

    var keys: [ScreenAction] { model?.keys(focus: currentFocus, fieldIsEmpty: field.text.isEmpty) ?? [.goingBack] }

    var inTextField: Bool { model != nil && !field.text.isEmpty }

    var typingGoesToField: Bool { model != nil }

    /// A digit with others is part of a name ("2 Sample Sandwiches", pasted where the terminal
    /// does not mark a paste); alone, it records that recent place.
    func fieldTakes(_ character: Character) -> Bool { true }

    /// A tap on a recent place, the name field or Remove moves to it (on a recent place, the tap
    /// then presses `Enter`, recording it).
    func select(row: Int, _ app: AppEnvironment) throws {
        let last = model?.removeControl == nil ? recent.count : recent.count + 1
        if (0...last).contains(row) { focus = row }
    }

    /// Scrolled past the selected recent place: the nearest recent place in view is selected,
    /// as a list's selection moves with its view; never the name field or Remove, whose keys
    /// differ (the view then stops at the place selected).
    func selectionLeftView(rowsInView: Set<Int>, down: Bool) -> Bool {
        let places = rowsInView.filter { $0 < recent.count }
        guard currentFocus < recent.count, let nearest = down ? places.min() : places.max() else { return false }
        focus = nearest
        return true
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        guard model != nil else { return action(for: key)?.command == .back ? .pop : .stay }
        let fieldIndex = recent.count
        let lastIndex = model?.removeControl == nil ? fieldIndex : fieldIndex + 1
        switch action(for: key)?.command {
        case .recordRecent:
            guard case .text(let typed) = key, let position = Int(typed), position <= recent.count else { return .stay }
            return try recordRecent(position - 1, app)
        case .move:
            focus = key == .up ? max(0, currentFocus - 1) : min(lastIndex, currentFocus + 1)
        case .back:
            return .pop
        case .record:
            let focus = currentFocus
            if focus < recent.count { return try recordRecent(focus, app) }
            if focus > fieldIndex {
                try app.store.clearPickupPlace(delivery: number, shiftID: shiftID)
                return .pop
            }
            do {
                _ = try app.store.setPickupPlace(try app.store.placeName(utf8: field.text.utf8), delivery: number, shiftID: shiftID)
                return .pop
            } catch let problem as PickupPlaceNameProblem {
                error = problem.sentence
            }
        default:
            if field.handle(key) {
                focus = fieldIndex
                error = nil
            }
        }
        return .stay
    }

    /// Records recent place `index`; merged away by another program since the list was read, it
    /// says so (not "No pickup place has that name.", which names no name typed) and reads the
    /// list again.
    private func recordRecent(_ index: Int, _ app: AppEnvironment) throws -> Navigation {
        do {
            _ = try app.store.setPickupPlace(placeID: recent[index].place.id, delivery: number, shiftID: shiftID)
            return .pop
        } catch DashPilotRefusal.placeNotFound {
            error = ScreenMessages.placeGone
            try reload(app)
            return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else {
            screen.wrapped(ScreenMessages.deliveryGone)
            return screen.setFooter(keys)
        }
        let fieldIndex = model.recent.count
        let focus = currentFocus
        screen.boxTop(model.title)
        screen.boxLine(model.recentHeading)
        // One tap on a recent place records it and closes the sheet (pickup-identity.txt): the
        // tap selects its row, then presses Enter for it.
        for (index, control) in model.recent.enumerated() {
            screen.boxLine(
                Pieces((focus == index ? "▸ " : "  ") + control.title, key: .enter), style: focus == index ? .selected : .normal,
                row: index, focus: focus == index)
        }
        screen.boxLine("")
        screen.boxField(
            label: model.nameFieldLabel, field, marker: focus == fieldIndex ? "▸ " : "  ", row: fieldIndex,
            selected: focus == fieldIndex)
        // A refusal stays in view with the field it is about, whatever the window's size, while
        // the field is what the keys act on.
        if let error { screen.boxWrapped("  " + error, style: .warning, focus: focus == fieldIndex) }
        if let remove = model.removeControl {
            screen.boxLine(
                Pieces((focus > fieldIndex ? "▸ " : "  ") + remove.title), style: focus > fieldIndex ? .selected : .normal,
                row: fieldIndex + 1, focus: focus > fieldIndex)
        }
        screen.boxLine("")
        screen.boxKeys(keys)
        screen.boxBottom()
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else {
            lines.say(ScreenMessages.deliveryGone)
            return lines.keys(keys, listsKeys: true)
        }
        let fieldIndex = model.recent.count
        let focus = currentFocus
        lines.say(model.title, keeping: [placeName])
        lines.say(model.recentHeading)
        // The recent places are numbered as 1–5 record them.
        for (index, control) in model.recent.enumerated() {
            lines.row(id: "recent \(index)", control.accessibilityLabel, number: index + 1, selected: focus == index)
        }
        lines.field(
            id: "name", label: model.nameFieldLabel, value: field.text, focused: focus == fieldIndex,
            amongOthers: !model.recent.isEmpty || model.removeControl != nil)
        lines.alert(error)
        if let remove = model.removeControl { lines.row(id: "remove", remove.accessibilityLabel, selected: focus > fieldIndex) }
        lines.keys(keys, listsKeys: !inTextField)
    }
}
