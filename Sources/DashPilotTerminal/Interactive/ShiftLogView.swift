import DashPilotCore
import DashPilotScreens

/// A completed shift's log: its deliveries, mileage, earnings and rates.
final class ShiftLogView: TerminalScreen {
    private let shiftID: Int64
    private var log: ShiftLog?
    private var model: ShiftLogScreen?
    /// The deliveries under the shift's figures: ↑ on the first scrolls back up to them.
    private var list = ListUnderLines()
    private var selected: Int { list.selected }
    /// Whether the selected entry, taller than the window, shows its foot (its pay and its
    /// button) rather than its title: ↓ on it shows the rest of it first, ↑ its title again.
    private var showsFoot = false

    init(shiftID: Int64) { self.shiftID = shiftID }

    func reload(_ app: AppEnvironment) throws {
        let log: ShiftLog
        do {
            log = try app.store.shiftLog(id: shiftID)
        } catch DashPilotRefusal.shiftNotFound {
            // Deleted in another terminal: nothing of it is left to show or act on but Esc.
            self.log = nil
            model = nil
            return
        }
        self.log = log
        model = ShiftLogScreen(log: log, format: app.format, now: app.clock.now())
        list.cursor.clamp(to: log.deliveries.count)
    }

    /// A shift still running (opened from its week) has times that run with the clock.
    func tick(_ app: AppEnvironment) -> Bool {
        guard let log, log.shift.endedAt == nil else { return false }
        let next = ShiftLogScreen(log: log, format: app.format, now: app.clock.now())
        guard next != model else { return false }
        model = next
        return true
    }

    var keys: [ScreenAction] { model?.keys ?? [.goingBack] }

    func select(row: Int, _ app: AppEnvironment) throws {
        if log?.deliveries.indices.contains(row) == true { list.select(row) }
    }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        let deliveries = log?.deliveries ?? []
        let command = action(for: key)?.command
        // A key that acts on the selected delivery, pressed while the view is scrolled up to the
        // shift's figures and that delivery is out of view, first brings it back into view: what
        // a key acts on is always on screen. In view, it acts at once.
        if [.open, .payAndTips, .pickupPlace].contains(command) && deliveries.indices.contains(selected)
            && !list.mayActOnSelection(shown: app.rowsShown)
        {
            return .stay
        }
        switch command {
        case .select:
            // What does not fit scrolls: an entry taller than the window (not shown whole while
            // followed) shows the rest of it before ↓ moves on.
            if key == .down && !showsFoot && list.followsSelection && app.rowsShown?.contains(selected) == false {
                showsFoot = true
            } else if key == .up && showsFoot {
                showsFoot = false
            } else {
                let before = selected
                list.move(key, count: deliveries.count, page: app.page, shown: app.rowsShown, window: app.drawn)
                if selected != before { showsFoot = false }
            }
        case .open where deliveries.indices.contains(selected):
            guard let placeID = deliveries[selected].pickupPlaceID else {
                return .message(ScreenMessages.noPlace(deliveries[selected].number))
            }
            return .push(PlaceHistoryView(placeID: placeID))
        case .earnings:
            guard let shift = log?.shift else { return .stay }
            guard shift.endedAt != nil else {
                return .message(ScreenMessages.refusal(.shiftStillRunning(id: shift.id), format: app.format))
            }
            // Back from the sheet, the earnings and rates it changed are what shows.
            list.scrollToTop()
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
        guard let model else {
            screen.wrapped(ScreenMessages.shiftGone)
            return screen.setFooter(keys)
        }
        // The title stays in place (the header); the shift's figures scroll above its deliveries,
        // as a place's history scrolls up to its summary. Figures wrap between themselves, never
        // inside one ("5:40 PM" stays whole).
        for line in ScreenBuffer.joined(TerminalText.parts(model.title), width: screen.width) { screen.line(line, style: .bold) }
        screen.pinHeader()
        var above = [model.timeLine, model.mileageLine].compactMap { $0 } + [model.earningsLine]
        if let pay = model.payLine { above.append(pay) }
        let lines = above.flatMap { ScreenBuffer.joined(TerminalText.parts($0), width: screen.width) }
        list.linesAbove = lines.count
        for (index, line) in lines.enumerated() { screen.line(line, focus: list.isFocused(above: index)) }
        for (index, entry) in model.entries.enumerated() {
            // The selected entry stays in view whole: its times are what it is selected for.
            // Marked wherever it stands; followed unless the view scrolled up to the figures.
            let isSelected = index == selected
            let isFocus = isSelected && list.followsSelection
            let isHead = isFocus && !showsFoot
            // Its foot shows under its title (what the keys act on), its place and times giving
            // way, the earliest first, where all of them do not fit.
            let footShows = isFocus && showsFoot
            screen.belong(toRow: nil)
            screen.blank()
            screen.belong(toRow: index)
            screen.row(lines: [entry.title], selected: isSelected, style: .bold, focus: isFocus)
            if footShows { screen.givingWay(1) }
            if let place = entry.placeLine { screen.line("  " + place, focus: isHead) }
            let width = model.timesColumn
            for (order, time) in entry.times.enumerated() {
                if footShows { screen.givingWay(2 + order) }
                screen.line("  " + time.label.padding(width) + time.value, focus: isHead)
            }
            screen.givingWay(nil)
            if let paid = entry.paidLine {
                for line in ScreenBuffer.wrap(paid, width: screen.width - 2) { screen.line("  " + line, focus: isFocus) }
            }
            var control = Pieces("  ")
            control.add("[ \(entry.pickupControl.title) ]", key: action(entry.pickupControl.command)?.key)
            screen.line(control, focus: isFocus)
        }
        screen.belong(toRow: nil)
        if model.entries.isEmpty {
            screen.blank()
            screen.line(ScreenMessages.noDeliveriesRecorded)
        }
        screen.setFooter(model.keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        guard let model else {
            lines.say(ScreenMessages.shiftGone)
            return lines.keys(keys, listsKeys: true)
        }
        for line in [model.spokenTitle, model.timeLine, model.mileageLine, model.earningsLine, model.payLine] { lines.say(line) }
        if model.entries.isEmpty { lines.say(ScreenMessages.noDeliveriesRecorded) }
        for (index, entry) in model.entries.enumerated() {
            lines.row(id: "delivery \(entry.number)", entry.accessibilitySentence, selected: index == selected)
        }
        lines.keys(model.keys, listsKeys: true)
    }
}
