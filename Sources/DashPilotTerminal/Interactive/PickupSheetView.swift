import DashPilotCore
import DashPilotScreens

/// The pickup place sheet over the running shift or a shift's log: the recent places one key
/// away, and a name field.
final class PickupSheetView: TerminalScreen {
    private let shiftID: Int64
    private let number: Int
    private var recent: [RecentPlace] = []
    private var model: PickupSheet?
    private var field = ""
    /// 0..<recent.count: a recent place; recent.count: the name field; +1: Remove.
    private var focus: Int?
    private var error: String?

    init(shiftID: Int64, number: Int) {
        self.shiftID = shiftID
        self.number = number
    }

    func reload(_ app: AppEnvironment) throws {
        recent = try app.store.recentPlaces()
        let delivery = try app.store.delivery(number: number, shiftID: shiftID)
        model = PickupSheet(delivery: delivery, recent: recent)
    }

    var keys: [KeyHint] { model?.keys ?? [] }

    var inTextField: Bool { !field.isEmpty }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let fieldIndex = recent.count
        let lastIndex = model?.removeControl == nil ? fieldIndex : fieldIndex + 1
        let focus = self.focus ?? fieldIndex
        switch key {
        case .text(let typed):
            field += typed
            self.focus = fieldIndex
            error = nil
        case .backspace:
            if !field.isEmpty { field.removeLast() }
            self.focus = fieldIndex
        case .up:
            self.focus = max(0, focus - 1)
        case .down:
            self.focus = min(lastIndex, focus + 1)
        case .escape:
            return .pop
        case .enter:
            if focus < recent.count {
                _ = try app.store.setPickupPlace(placeID: recent[focus].place.id, delivery: number, shiftID: shiftID)
                return .pop
            }
            if focus > fieldIndex {
                try app.store.clearPickupPlace(delivery: number, shiftID: shiftID)
                return .pop
            }
            do {
                _ = try app.store.setPickupPlace(try PickupPlaceName(field), delivery: number, shiftID: shiftID)
                return .pop
            } catch let problem as PickupPlaceNameProblem {
                error = problem.sentence
            }
        default:
            break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        let fieldIndex = model.recent.count
        let focus = self.focus ?? fieldIndex
        screen.boxTop(model.title)
        screen.boxLine(model.recentHeading)
        for (index, control) in model.recent.enumerated() {
            screen.boxLine((focus == index ? "▸ " : "  ") + control.title, style: focus == index ? .selected : .normal)
        }
        screen.boxLine("")
        screen.boxLine((focus == fieldIndex ? "▸ " : "  ") + "\(model.nameFieldLabel)  [ \(field)_ ]")
        if let error { screen.boxLine("  " + error, style: .warning) }
        if let remove = model.removeControl {
            screen.boxLine((focus > fieldIndex ? "▸ " : "  ") + remove.title, style: focus > fieldIndex ? .selected : .normal)
        }
        screen.boxLine("")
        screen.boxLine(KeyHint.line(model.keys))
        screen.boxBottom()
    }
}
