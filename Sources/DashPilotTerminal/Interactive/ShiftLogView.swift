import DashPilotCore
import DashPilotScreens

/// A completed shift's log: its deliveries, mileage, earnings and rates.
final class ShiftLogView: TerminalScreen {
    private let shiftID: Int64
    private var log: ShiftLog?
    private var model: ShiftLogScreen?
    private var selected = 0

    init(shiftID: Int64) { self.shiftID = shiftID }

    func reload(_ app: AppEnvironment) throws {
        let log = try app.store.shiftLog(id: shiftID)
        self.log = log
        model = ShiftLogScreen(log: log, format: app.format)
        selected = min(selected, max(0, log.deliveries.count - 1))
    }

    var keys: [ScreenAction] { model?.keys ?? [] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let deliveries = log?.deliveries ?? []
        switch action(for: key)?.command {
        case .select:
            selected = key == .up ? max(0, selected - 1) : min(max(0, deliveries.count - 1), selected + 1)
        case .open where deliveries.indices.contains(selected):
            guard let placeID = deliveries[selected].pickupPlaceID else {
                return .message(ScreenMessages.noPlace(deliveries[selected].number))
            }
            return .push(PlaceHistoryView(placeID: placeID))
        case .earnings:
            guard let shift = log?.shift else { return .stay }
            return .push(EarningsView(shift: shift, format: app.format))
        case .payAndTips where deliveries.indices.contains(selected):
            return .push(PayTipsView(shiftID: shiftID, number: deliveries[selected].number))
        case .pickupPlace where deliveries.indices.contains(selected):
            return .push(PickupSheetView(shiftID: shiftID, number: deliveries[selected].number))
        case .back:
            return .pop
        default:
            break
        }
        return .stay
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        guard let model else { return }
        screen.wrapped(model.title, style: .bold)
        if let time = model.timeLine { screen.wrapped(time) }
        if let mileage = model.mileageLine { screen.line(mileage) }
        screen.wrapped(model.earningsLine)
        if let pay = model.payLine { screen.wrapped(pay) }
        screen.pinHeader()
        for (index, entry) in model.entries.enumerated() {
            screen.blank()
            screen.row(entry.title, selected: index == selected, style: .bold)
            if let place = entry.placeLine { screen.line("  " + place) }
            let width = (entry.times.map(\.label.count).max() ?? 0) + 3
            for time in entry.times { screen.line("  " + time.label.padding(width) + time.value) }
            if let paid = entry.paidLine { screen.wrapped("  " + paid) }
            screen.line("  [ \(entry.pickupControl.title) ]")
        }
        if model.entries.isEmpty {
            screen.blank()
            screen.line(ScreenMessages.noDeliveriesRecorded)
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else { return }
        for line in [model.title, model.timeLine, model.mileageLine, model.earningsLine, model.payLine] { lines.say(line) }
        if model.entries.isEmpty { lines.say(ScreenMessages.noDeliveriesRecorded) }
        for (index, entry) in model.entries.enumerated() {
            lines.row(id: "delivery \(entry.number)", entry.accessibilitySentence, selected: index == selected)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}
