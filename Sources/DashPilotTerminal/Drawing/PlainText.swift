import DashPilotScreens

/// Screen models as linear text: what the command-line reads print, one line after another, so
/// that a screen reader reads them well. No box drawing. Every line is terminal-safe.
enum PlainText {
    static func lines(_ screen: ShiftLogScreen) -> [String] {
        var lines = [screen.title]
        if let time = screen.timeLine { lines.append(time) }
        if let mileage = screen.mileageLine { lines.append(mileage) }
        lines.append(screen.earningsLine)
        if let pay = screen.payLine { lines.append(pay) }
        for entry in screen.entries {
            lines.append("")
            lines.append(entry.title)
            if let place = entry.placeLine { lines.append(place) }
            let width = screen.timesColumn
            lines += entry.times.map { $0.label.padding(width) + $0.value }
            if let paid = entry.paidLine { lines.append(paid) }
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
            if let wait = card.waitLine { lines.append(wait) }
            if let button = card.lifecycleButton { lines.append("Next: \(button.title)") }
        }
        return lines.map(TerminalText.safe)
    }

    static func lines(_ screen: PlaceHistoryScreen, bars: Bars) -> [String] {
        var lines = [screen.title] + screen.waitLines + [""] + waitPicture(screen, bars: bars)
        if !screen.rows.isEmpty { lines.append("") }
        lines += screen.rows.map(\.text)
        if screen.moreCount > 0 { lines.append("and \(screen.moreCount) more (--all)") }
        if screen.rows.isEmpty { lines += ["", ScreenMessages.noDeliveriesNameThisPlace] }
        if let footer = screen.mergeFooter { lines += ["", footer] }
        return lines.map(TerminalText.safe)
    }

    /// The bands table and the picture of the distribution, as the place screen and `place show`
    /// both lay them out.
    /// In a window `width` columns wide, the bars shrink so that each row of the picture fits.
    static func waitPicture(_ screen: PlaceHistoryScreen, bars: Bars, width: Int? = nil) -> [String] {
        let titleWidth = max(18, (screen.bands.map { $0.title.count }.max() ?? 0) + 3)
        let typicalWidth = max(10, (screen.bands.map { $0.typical.count }.max() ?? 0) + 2)
        // Too wide for the window, a row's range goes under its typical wait, in that column
        // (or as near it as the window allows).
        func row(_ head: String, _ typical: String, _ range: String) -> [String] {
            let whole = head + (range.isEmpty ? typical : typical.padding(typicalWidth) + range)
            guard let width, !range.isEmpty, DisplayWidth.of(whole) > width else { return [whole] }
            let indent = max(0, min(DisplayWidth.of(head), width - DisplayWidth.of(range)))
            return [head + typical, String(repeating: " ", count: indent) + range]
        }
        var lines = row(screen.bandsHeading.padding(titleWidth) + "waits   ", "typical", "shortest – longest")
        for band in screen.bands {
            let count = String(band.count)
            let head = ("  " + band.title).padding(titleWidth) + String(repeating: " ", count: max(0, 5 - count.count)) + count + "   "
            lines += row(head, band.typical, band.range)
        }
        lines += ["", screen.distributionHeading]
        let largest = screen.buckets.map(\.count).max() ?? 0
        let labelWidth = (screen.buckets.map { $0.label.count }.max() ?? 0) + 2
        var bars = bars
        if let width {
            let counts = screen.buckets.map { String($0.count).count }.max() ?? 1
            bars.width = max(3, min(bars.width, width - 2 - labelWidth - 1 - counts))
        }
        for bucket in screen.buckets {
            let bar = bars.bar(bucket.count, of: largest)
            lines.append("  " + bucket.label.padding(labelWidth) + (bar.isEmpty ? "" : bar + " ") + String(bucket.count))
        }
        return lines
    }

    static func lines(_ screen: PeriodScreen) -> [String] {
        var lines = [screen.title, screen.timeLine, screen.workLine, screen.earningsLine] + screen.moneyLines + [screen.netLine]
        if let explanation = screen.netExplanation { lines.append("  " + explanation) }
        lines.append("")
        lines += screen.emptyMessage.map { [$0] } ?? screen.shifts.map(\.text)
        return lines.map(TerminalText.safe)
    }

    static func lines(_ screen: PeriodListScreen, bars: Bars) -> [String] {
        periodRows(screen, bars: bars).map(TerminalText.safe)
    }

    /// Each period on one line, its columns aligned and a bar of earnings per hour scaled to the
    /// largest; a period without earnings says so and has no bar.
    static func periodRows(_ screen: PeriodListScreen, bars: Bars, width: Int? = nil) -> [String] {
        let labelWidth = (screen.rows.map { DisplayWidth.of($0.label) }.max() ?? 0) + 3
        let totalsWidth = (screen.rows.map { DisplayWidth.of($0.totals) }.max() ?? 0) + 3
        let earningsWidth = (screen.rows.filter { !$0.rate.isEmpty }.map { DisplayWidth.of($0.earnings) }.max() ?? 0) + 3
        var bars = bars
        if let width {
            // The bars take what the window leaves, so that a row is not cut: at most 20 columns.
            let text = labelWidth + totalsWidth + earningsWidth + (screen.rows.map { DisplayWidth.of($0.rate) }.max() ?? 0) + 1
            bars.width = max(3, min(20, width - text))
        }
        let largest = Int(screen.rows.compactMap(\.barValue).max() ?? 0)
        return screen.rows.map { row in
            let head = row.label.padding(labelWidth) + row.totals.padding(totalsWidth)
            // No bar: no earnings (said in their column), or earnings with no time to divide by (said in the rate's).
            guard let value = row.barValue else {
                return head + (row.rate.isEmpty ? row.earnings : row.earnings.padding(earningsWidth) + row.rate)
            }
            let bar = bars.bar(Int(value), of: largest)
            return head + row.earnings.padding(earningsWidth) + row.rate + (bar.isEmpty ? "" : " " + bar)
        }
    }

    /// The rows of `screen` for a window `width` columns wide: a row on one line when it fits,
    /// else its label and totals (wrapped between figures) over its earnings, rate and bar, so
    /// that no figure is cut ("$1,284.00 · $47.56/h" under the row).
    static func periodRowLines(_ screen: PeriodListScreen, bars: Bars, width: Int) -> [[String]] {
        let single = periodRows(screen, bars: bars, width: width)
        guard single.contains(where: { DisplayWidth.of($0) > width }) else { return single.map { [$0] } }
        var bars = bars
        bars.width = max(
            3, min(20, width - 4 - (screen.rows.map { DisplayWidth.of($0.earnings) + DisplayWidth.of($0.rate) }.max() ?? 0) - 6))
        let largest = Int(screen.rows.compactMap(\.barValue).max() ?? 0)
        return screen.rows.map { row in
            let head = ScreenBuffer.joined([row.label] + TerminalText.parts(row.totals), width: width)
            let money = [row.earnings] + (row.rate.isEmpty ? [] : [row.rate])
            let bar = row.barValue.map { bars.bar(Int($0), of: largest) } ?? ""
            // The bar beside the rate it draws, on the money's last line where the figures wrap.
            let lines = ScreenBuffer.joined(money, width: width - 2).map { "  " + $0 }
            return head
                + lines.enumerated().map { index, line in
                    index == lines.count - 1 && !bar.isEmpty && DisplayWidth.of(line) + 1 + DisplayWidth.of(bar) <= width
                        ? line + " " + bar : line
                }
        }
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
