import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// The interactive mode: the design's screens in a terminal, driven by the fixed keys of
/// `cli.md`. It renders screen models and turns keys into store operations; nothing else.
final class InteractiveApp {
    /// One screen on the stack; `Esc` pops it.
    enum Mode {
        case running(selected: Int?)
        case pickupSheet(PickupSheetState)
        case confirmCancel(number: Int)
        case shifts(selected: Int)
        case log(shiftID: Int64, selected: Int)
        case place(placeID: Int64)
        case rename(placeID: Int64, field: String, error: String?)
        case mergeList(placeID: Int64, selected: Int)
        case mergeConfirm(sourceID: Int64, destinationID: Int64)
    }

    /// The pickup sheet's state: what is typed and where the focus is.
    struct PickupSheetState {
        var shiftID: Int64
        var number: Int
        var field = ""
        /// 0..<recent.count: a recent place; recent.count: the name field; +1: Remove.
        var focus: Int?
        var error: String?
    }

    let store: DashPilotStore
    let format: ScreenFormat
    let styled: Bool
    var stack: [Mode] = [.running(selected: nil)]
    var message: String?
    var showingKeys = false
    var quitting = false
    private var terminal: RawTerminal?

    init(store: DashPilotStore, format: ScreenFormat, environment: [String: String]) {
        self.store = store
        self.format = format
        styled = (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Runs until the driver quits; returns the exit status.
    func run() -> Int32 {
        let terminal = RawTerminal()
        self.terminal = terminal
        defer { terminal.restore() }
        var seenVersion = (try? store.dataVersion()) ?? 0
        draw()
        while !quitting {
            let input = terminal.read(timeoutMilliseconds: 250)
            for key in Key.parse(input) where !quitting {
                handle(key)
            }
            // A change committed from another terminal shows without a key press.
            let version = (try? store.dataVersion()) ?? seenVersion
            let resized = terminalResized != 0
            if !input.isEmpty || version != seenVersion || resized {
                terminalResized = 0
                seenVersion = version
                draw()
            }
        }
        return ExitStatus.done
    }

    // MARK: Keys

    func handle(_ key: Key) {
        if key == .interrupt || key == .endOfInput {
            quitting = true
            return
        }
        if showingKeys {
            showingKeys = false
            if key == .escape || key == .text("?") { return }
        }
        if key == .text("?") && !inTextField {
            showingKeys = true
            return
        }
        message = nil
        do {
            try handleOnScreen(key)
        } catch let refusal as DashPilotRefusal {
            message = refusal.sentence
        } catch let error as StoreError {
            message = error.sentence
        } catch {
            message = "Something went wrong: \(type(of: error))."
        }
    }

    var inTextField: Bool {
        switch stack.last {
        case .pickupSheet(let sheet): return !sheet.field.isEmpty
        case .rename: return true
        default: return false
        }
    }

    private func replaceTop(_ mode: Mode) { stack[stack.count - 1] = mode }

    private func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    private func handleOnScreen(_ key: Key) throws {
        guard let mode = stack.last else { return }
        switch mode {
        case .running(let selected):
            try handleRunning(key, selected: selected)
        case .pickupSheet(let sheet):
            try handleSheet(key, sheet)
        case .confirmCancel(let number):
            if key == .text("y") {
                pop()
                _ = try store.record(.cancel, delivery: number)
            } else if key == .text("n") || key == .escape {
                pop()
            }
        case .shifts(let selected):
            let shifts = try store.shifts(limit: nil).filter { !$0.shift.isRunning }
            switch key {
            case .up: replaceTop(.shifts(selected: max(0, selected - 1)))
            case .down: replaceTop(.shifts(selected: min(max(0, shifts.count - 1), selected + 1)))
            case .enter where shifts.indices.contains(selected): stack.append(.log(shiftID: shifts[selected].shift.id, selected: 0))
            case .escape: pop()
            default: break
            }
        case .log(let shiftID, let selected):
            let log = try store.shiftLog(id: shiftID)
            switch key {
            case .up: replaceTop(.log(shiftID: shiftID, selected: max(0, selected - 1)))
            case .down: replaceTop(.log(shiftID: shiftID, selected: min(max(0, log.deliveries.count - 1), selected + 1)))
            case .enter where log.deliveries.indices.contains(selected):
                if let placeID = log.deliveries[selected].pickupPlaceID {
                    stack.append(.place(placeID: placeID))
                } else {
                    message = "Delivery \(log.deliveries[selected].number) has no pickup place; press p to add one."
                }
            case .text("p") where log.deliveries.indices.contains(selected):
                stack.append(.pickupSheet(PickupSheetState(shiftID: shiftID, number: log.deliveries[selected].number)))
            case .escape: pop()
            default: break
            }
        case .place(let placeID):
            guard let history = try? store.history(ofPlace: placeID) else {
                pop()
                return
            }
            switch key {
            case .text("r"): stack.append(.rename(placeID: placeID, field: history.place.name, error: nil))
            case .text("m"):
                if history.catalogueCount > 1 {
                    stack.append(.mergeList(placeID: placeID, selected: 0))
                } else {
                    message = PlaceHistoryScreen.onlyPlaceFooter
                }
            case .escape: pop()
            default: break
            }
        case .rename(let placeID, var field, _):
            switch key {
            case .text(let typed):
                field += typed
                replaceTop(.rename(placeID: placeID, field: field, error: nil))
            case .backspace:
                if !field.isEmpty { field.removeLast() }
                replaceTop(.rename(placeID: placeID, field: field, error: nil))
            case .enter:
                do {
                    let name = try PickupPlaceName(field)
                    _ = try store.renamePlace(id: placeID, to: name)
                    pop()
                } catch let problem as PickupPlaceNameProblem {
                    replaceTop(.rename(placeID: placeID, field: field, error: problem.sentence))
                } catch let refusal as DashPilotRefusal {
                    replaceTop(.rename(placeID: placeID, field: field, error: refusal.sentence))
                }
            case .escape: pop()
            default: break
            }
        case .mergeList(let placeID, let selected):
            let destinations = try store.mergeDestinations(forPlace: placeID)
            switch key {
            case .up: replaceTop(.mergeList(placeID: placeID, selected: max(0, selected - 1)))
            case .down: replaceTop(.mergeList(placeID: placeID, selected: min(max(0, destinations.count - 1), selected + 1)))
            case .enter where destinations.indices.contains(selected):
                stack.append(.mergeConfirm(sourceID: placeID, destinationID: destinations[selected].id))
            case .escape: pop()
            default: break
            }
        case .mergeConfirm(let sourceID, let destinationID):
            if key == .text("y") {
                _ = try store.mergePlace(sourceID: sourceID, into: destinationID)
                // The source is gone: leave its screens and show the place that kept the deliveries.
                while case .some(let top) = stack.last, stack.count > 1 {
                    if case .place(let id) = top, id == sourceID {
                        stack.removeLast()
                        break
                    }
                    stack.removeLast()
                }
                stack.append(.place(placeID: destinationID))
            } else if key == .text("n") || key == .escape {
                pop()
            }
        }
    }

    private func handleRunning(_ key: Key, selected: Int?) throws {
        let running = try store.runningShift()
        let log = try running.map { try store.shiftLog(id: $0.id) }
        let numbers = log?.deliveries.map(\.number) ?? []
        let current = selected.flatMap { numbers.contains($0) ? $0 : nil }
            ?? RunningShiftScreen(log: log, format: format).initiallySelected
        switch key {
        case .up, .down:
            guard let current, let index = numbers.firstIndex(of: current) else { return }
            let next = key == .up ? max(0, index - 1) : min(numbers.count - 1, index + 1)
            replaceTop(.running(selected: numbers[next]))
        case .enter:
            guard let current, let delivery = log?.deliveries.first(where: { $0.number == current }) else { return }
            guard let step = delivery.state.nextStep else {
                message = "Delivery \(current) is \(delivery.state.phrase); it takes no more steps."
                return
            }
            _ = try store.record(step, delivery: current)
        case .text("p"):
            guard let running, let current else { return }
            stack.append(.pickupSheet(PickupSheetState(shiftID: running.id, number: current)))
        case .text("a"):
            let delivery = try store.acceptDelivery()
            replaceTop(.running(selected: delivery.number))
        case .text("x"):
            guard let current, let delivery = log?.deliveries.first(where: { $0.number == current }) else { return }
            if delivery.state.isFinished {
                message = "Delivery \(current) is \(delivery.state.phrase); it can't be cancelled."
            } else {
                stack.append(.confirmCancel(number: current))
            }
        case .text("s"):
            if running == nil { _ = try store.startShift() } else { message = "A shift is already running." }
        case .text("e"):
            _ = try store.endShift()
            replaceTop(.running(selected: nil))
        case .text("h"):
            stack.append(.shifts(selected: 0))
        case .text("q"):
            quitting = true
        default:
            break
        }
    }

    private func handleSheet(_ key: Key, _ state: PickupSheetState) throws {
        var sheet = state
        let recent = try store.recentPlaces()
        let delivery = try store.delivery(number: sheet.number, shiftID: sheet.shiftID)
        let fieldIndex = recent.count
        let lastIndex = delivery.pickupPlace == nil ? fieldIndex : fieldIndex + 1
        let focus = sheet.focus ?? fieldIndex
        switch key {
        case .text(let typed):
            sheet.field += typed
            sheet.focus = fieldIndex
            sheet.error = nil
        case .backspace:
            if !sheet.field.isEmpty { sheet.field.removeLast() }
            sheet.focus = fieldIndex
        case .up:
            sheet.focus = max(0, focus - 1)
        case .down:
            sheet.focus = min(lastIndex, focus + 1)
        case .escape:
            pop()
            return
        case .enter:
            if focus < recent.count {
                _ = try store.setPickupPlace(placeID: recent[focus].place.id, delivery: sheet.number, shiftID: sheet.shiftID)
                pop()
                return
            }
            if focus > fieldIndex {
                try store.clearPickupPlace(delivery: sheet.number, shiftID: sheet.shiftID)
                pop()
                return
            }
            do {
                let name = try PickupPlaceName(sheet.field)
                _ = try store.setPickupPlace(name, delivery: sheet.number, shiftID: sheet.shiftID)
                pop()
                return
            } catch let problem as PickupPlaceNameProblem {
                sheet.error = problem.sentence
            }
        default:
            break
        }
        replaceTop(.pickupSheet(sheet))
    }

    // MARK: Drawing

    func draw() {
        guard let terminal else { return }
        let (columns, rows) = terminal.size
        var screen = ScreenBuffer(width: columns, styled: styled)
        do {
            try render(into: &screen)
        } catch let error as StoreError {
            screen.line(error.sentence)
        } catch let refusal as DashPilotRefusal {
            screen.line(refusal.sentence)
        } catch {
            screen.line("Something went wrong: \(type(of: error)).")
        }
        terminal.emit(screen.frame(rows: rows, message: message))
    }

    private func render(into screen: inout ScreenBuffer) throws {
        guard let mode = stack.last else { return }
        if showingKeys {
            screen.line("Keys on this screen", style: .bold)
            screen.blank()
            for hint in try keys(for: mode) { screen.line("  \(hint.key.padding(8))\(hint.action)") }
            screen.blank()
            screen.footer = "Esc or ? close"
            return
        }
        switch mode {
        case .running(let selected):
            let log = try store.runningShift().map { try store.shiftLog(id: $0.id) }
            renderRunning(RunningShiftScreen(log: log, format: format), selected: selected, into: &screen)
        case .pickupSheet(let state):
            let delivery = try store.delivery(number: state.number, shiftID: state.shiftID)
            let sheet = PickupSheet(delivery: delivery, recent: try store.recentPlaces())
            renderSheet(sheet, state: state, into: &screen)
        case .confirmCancel(let number):
            screen.line("Cancel Delivery \(number)?", style: .bold)
            screen.blank()
            screen.wrapped("Its recorded times stay; it takes no more steps once cancelled.")
            screen.footer = KeyHint.line([KeyHint("y", "cancel delivery"), KeyHint("n", "keep it")])
        case .shifts(let selected):
            let shifts = try store.shifts(limit: nil).filter { !$0.shift.isRunning }
            let list = ShiftListScreen(summaries: shifts, format: format)
            screen.line("Completed shifts", style: .bold)
            screen.blank()
            if list.rows.isEmpty { screen.line("No completed shifts yet.") }
            for (index, row) in list.rows.enumerated() {
                screen.line((index == selected ? "▸ " : "  ") + row.text, style: index == selected ? .selected : .normal, focus: index == selected)
            }
            screen.footer = KeyHint.line([KeyHint("↑↓", "select"), KeyHint("Enter", "open log"), KeyHint("Esc", "back"), KeyHint("?", "keys")])
        case .log(let shiftID, let selected):
            renderLog(ShiftLogScreen(log: try store.shiftLog(id: shiftID), format: format), selected: selected, into: &screen)
        case .place(let placeID):
            renderPlace(PlaceHistoryScreen(history: try store.history(ofPlace: placeID), format: format), into: &screen)
        case .rename(let placeID, let field, let error):
            guard let place = try store.place(id: placeID) else { return }
            let sheet = RenameSheet(place: place)
            screen.boxTop(sheet.title)
            screen.boxLine("\(sheet.fieldLabel)  [ \(field)_ ]")
            if let error { screen.boxLine(error, style: .warning) }
            screen.boxLine(KeyHint.line(sheet.keys))
            screen.boxBottom()
        case .mergeList(let placeID, let selected):
            guard let place = try store.place(id: placeID) else { return }
            let list = MergeListScreen(source: place, destinations: try store.mergeDestinations(forPlace: placeID))
            screen.line(list.title, style: .bold)
            if let reason = list.emptyReason { screen.wrapped(reason) }
            for (index, destination) in list.destinations.enumerated() {
                screen.line(
                    (index == selected ? "▸ " : "  ") + destination.control.title, style: index == selected ? .selected : .normal,
                    focus: index == selected)
            }
            screen.blank()
            screen.wrapped(list.renameHint, style: .dim)
            screen.footer = KeyHint.line(list.keys)
        case .mergeConfirm(let sourceID, let destinationID):
            guard let source = try store.place(id: sourceID), let destination = try store.place(id: destinationID) else { return }
            let confirmation = MergeConfirmation(source: source.name, destination: destination.name)
            screen.wrapped(confirmation.text)
            screen.footer = KeyHint.line(confirmation.keys)
        }
    }

    private func keys(for mode: Mode) throws -> [KeyHint] {
        switch mode {
        case .running: return RunningShiftScreen(log: try store.runningShift().map { try store.shiftLog(id: $0.id) }, format: format).keys
        case .pickupSheet: return [KeyHint("typing", "name field"), KeyHint("Enter", "record"), KeyHint("↑↓", "recent places, name, Remove"), KeyHint("Esc", "cancel")]
        case .confirmCancel: return [KeyHint("y", "cancel delivery"), KeyHint("n", "keep it")]
        case .shifts: return [KeyHint("↑↓", "select"), KeyHint("Enter", "open log"), KeyHint("Esc", "back")]
        case .log: return [KeyHint("↑↓", "select"), KeyHint("Enter", "place history"), KeyHint("p", "pickup place"), KeyHint("Esc", "back")]
        case .place: return [KeyHint("r", "rename"), KeyHint("m", "merge"), KeyHint("Esc", "back")]
        case .rename: return [KeyHint("Enter", "save"), KeyHint("Esc", "cancel")]
        case .mergeList: return [KeyHint("↑↓", "select"), KeyHint("Enter", "choose"), KeyHint("Esc", "back")]
        case .mergeConfirm: return [KeyHint("y", "merge"), KeyHint("n", "cancel")]
        }
    }

    private func renderRunning(_ model: RunningShiftScreen, selected: Int?, into screen: inout ScreenBuffer) {
        let current = selected.flatMap { number in model.cards.contains { $0.number == number } ? number : nil } ?? model.initiallySelected
        screen.titled(model.title, right: "? keys")
        if model.cards.isEmpty {
            screen.blank()
            screen.line(model.title == "No shift running" ? "Press s to start a shift." : "No deliveries yet. Press a to accept one.")
        }
        for card in model.cards {
            let isSelected = card.number == current
            let style: ScreenBuffer.Style = card.isFinished ? .dim : .normal
            screen.blank()
            screen.line((isSelected ? "▸ " : "  ") + card.title, style: isSelected ? .selected : style, focus: isSelected)
            if let place = card.placeLine { screen.line("  " + place, style: style) }
            screen.split(left: "  [ \(card.pickupControl.title) ]", right: "p", style: style)
            if let button = card.lifecycleButton { screen.bigButton(button.title, key: "Enter") }
        }
        screen.footer = KeyHint.line(model.keys)
    }

    private func renderSheet(_ sheet: PickupSheet, state: PickupSheetState, into screen: inout ScreenBuffer) {
        let fieldIndex = sheet.recent.count
        let focus = state.focus ?? fieldIndex
        screen.boxTop(sheet.title)
        screen.boxLine(sheet.recentHeading)
        for (index, control) in sheet.recent.enumerated() {
            screen.boxLine((focus == index ? "▸ " : "  ") + control.title, style: focus == index ? .selected : .normal)
        }
        screen.boxLine("")
        screen.boxLine((focus == fieldIndex ? "▸ " : "  ") + "\(sheet.nameFieldLabel)  [ \(state.field)_ ]")
        if let error = state.error { screen.boxLine("  " + error, style: .warning) }
        if let remove = sheet.removeControl {
            screen.boxLine((focus > fieldIndex ? "▸ " : "  ") + remove.title, style: focus > fieldIndex ? .selected : .normal)
        }
        screen.boxLine("")
        screen.boxLine(KeyHint.line(sheet.keys))
        screen.boxBottom()
    }

    private func renderLog(_ model: ShiftLogScreen, selected: Int, into screen: inout ScreenBuffer) {
        screen.line(model.title, style: .bold)
        if let mileage = model.mileageLine { screen.line(mileage) }
        screen.wrapped(model.earningsLine)
        for (index, entry) in model.entries.enumerated() {
            let isSelected = index == selected
            screen.blank()
            screen.line((isSelected ? "▸ " : "  ") + entry.title, style: isSelected ? .selected : .bold, focus: isSelected)
            if let place = entry.placeLine { screen.line("  " + place) }
            let width = (entry.times.map(\.label.count).max() ?? 0) + 3
            for time in entry.times { screen.line("  " + time.label.padding(width) + time.value) }
            screen.line("  [ \(entry.pickupControl.title) ]")
        }
        if model.entries.isEmpty {
            screen.blank()
            screen.line("No deliveries recorded.")
        }
        screen.footer = KeyHint.line(model.keys)
    }

    private func renderPlace(_ model: PlaceHistoryScreen, into screen: inout ScreenBuffer) {
        screen.line(model.title, style: .bold)
        for line in model.waitLines { screen.wrapped(line) }
        screen.blank()
        let width = (model.rows.map { DisplayWidth.of($0.day) }.max() ?? 0) + 3
        for row in model.rows { screen.line(row.day.padding(width) + row.delivery.padding(14) + row.wait) }
        if model.rows.isEmpty { screen.line("No deliveries name this place now.") }
        screen.blank()
        screen.line("[ \(model.renameControl.title) ]  r        [ \(model.mergeControl.title) ]  m")
        if let footer = model.mergeFooter { screen.wrapped(footer, style: .dim) }
        screen.footer = KeyHint.line(model.keys)
    }
}
