import DashPilotScreens

/// Screen models as linear text: what the command-line reads print, one line after another, so
/// that a screen reader reads them well. No box drawing. Every line is terminal-safe.
enum PlainText {
    static func lines(_ screen: ShiftLogScreen) -> [String] {
        var lines = [screen.title]
        if let mileage = screen.mileageLine { lines.append(mileage) }
        lines.append(screen.earningsLine)
        for entry in screen.entries {
            lines.append("")
            lines.append(entry.title)
            if let place = entry.placeLine { lines.append(place) }
            let width = (entry.times.map(\.label.count).max() ?? 0) + 3
            lines += entry.times.map { $0.label.padding(width) + $0.value }
        }
        if screen.entries.isEmpty { lines += ["", "No deliveries recorded."] }
        return lines.map(TerminalText.safe)
    }

    static func lines(_ screen: RunningShiftScreen) -> [String] {
        var lines = [screen.title]
        for card in screen.cards {
            lines.append("")
            lines.append(card.title)
            if let place = card.placeLine { lines.append(place) }
            if let button = card.lifecycleButton { lines.append("Next: \(button.title)") }
        }
        return lines.map(TerminalText.safe)
    }

    static func lines(_ screen: PlaceHistoryScreen) -> [String] {
        var lines = [screen.title] + screen.waitLines
        if !screen.rows.isEmpty { lines.append("") }
        let width = (screen.rows.map(\.day.count).max() ?? 0) + 3
        lines += screen.rows.map { $0.day.padding(width) + $0.delivery.padding(14) + $0.wait }
        if screen.rows.isEmpty { lines += ["", "No deliveries name this place now."] }
        if let footer = screen.mergeFooter { lines += ["", footer] }
        return lines.map(TerminalText.safe)
    }

    static func lines(_ screen: ShiftListScreen) -> [String] {
        (screen.emptyMessage.map { [$0] } ?? screen.rows.map(\.text)).map(TerminalText.safe)
    }

    static func lines(_ screen: RecentPlacesScreen) -> [String] {
        (screen.emptyMessage.map { [$0] } ?? screen.rows).map(TerminalText.safe)
    }

    static func lines(_ screen: PlaceListScreen) -> [String] {
        (screen.emptyMessage.map { [$0] } ?? screen.rows).map(TerminalText.safe)
    }
}
