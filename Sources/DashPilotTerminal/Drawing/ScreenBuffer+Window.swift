import DashPilotScreens

extension ScreenBuffer {
    /// The window's lines: the header pinned at the top, the footer of keys and the message
    /// (wrapped, never cut) pinned at the bottom, and the lines between scrolled so that the
    /// focused ones are in view, with "↑ more" and "↓ more" where they continue. An open sheet's
    /// box keeps its top and bottom borders in view, and says "↑ more" inside its sides.
    func window(rows: Int, message: String?) -> [(text: String, style: Style)] { layout(rows: rows, message: message).lines }

    /// The window's lines, and for each the line of the buffer it shows (`nil` for what the
    /// window adds: "↑ more", the message, the footer).
    func layout(rows: Int, message: String?) -> (lines: [(text: String, style: Style)], sources: [Int?]) {
        var footerLines = wrappedFooter(footer)
        // What a key acts on comes first: in a short window the footer gives way, down to one line.
        if footerLines.count > 1, footerLines.count * 3 > rows, let compactFooter { footerLines = wrappedFooter(compactFooter) }
        let messageLines = message.map { Self.wrap(TerminalText.safe($0), width: width) } ?? []
        let room = max(1, rows - footerLines.count - max(1, messageLines.count))
        // A header taller than half the window scrolls with what it heads, so that what a key
        // acts on still fits; a sheet's top border stays.
        var pinned = headerCount * 2 <= room ? headerCount : 0
        if let box, box.top == 0 { pinned = max(pinned, 1) }
        let all = Array(lines.indices)
        let header = Array(all.prefix(min(pinned, room)))
        var body = Array(all.dropFirst(header.count))
        // The box's bottom border stays in view under what scrolls inside it.
        var trailer: [Int] = []
        if let bottom = box?.bottom, bottom == lines.count - 1, body.count > 1, body.last == bottom {
            trailer = [bottom]
            body.removeLast()
        }
        let bodyRoom = max(0, room - header.count - trailer.count)
        var shown: [(line: (text: String, style: Style), source: Int?)] = header.map { (lines[$0], $0) }
        if body.count <= bodyRoom {
            shown += body.map { (lines[$0], $0) }
        } else if bodyRoom > 0 {
            let base = header.count
            let first = min(body.count - 1, max(0, (focus?.first ?? 0) - base))
            let last = min(body.count - 1, max(first, (focus?.last ?? 0) - base))
            // Where the window ends if it starts at `start`: room for "↑ more" when anything is
            // above, and for "↓ more" when anything is left below.
            func end(from start: Int) -> Int {
                let top = start > 0 ? 1 : 0
                let all = min(body.count, start + bodyRoom - top)
                return all == body.count ? all : max(start + 1, min(body.count, start + bodyRoom - top - 1))
            }
            // The focused lines (a selected row whole, a card's title to its button) are in
            // view; above them, as much as fits. Taller than the window, they show from the top.
            var start = 0
            while end(from: start) <= last && start < first { start += 1 }
            let end = end(from: start)
            if start > 0 { shown.append((more("↑ more"), nil)) }
            shown += body[start..<min(end, body.count)].map { (lines[$0], $0) }
            if end < body.count { shown.append((more("↓ more"), nil)) }
        }
        shown = Array(shown.prefix(room - trailer.count)) + trailer.map { (lines[$0], $0) }
        var window = shown.map(\.line)
        var sources = shown.map(\.source)
        window += Array(repeating: ("", Style.normal), count: room - window.count)
        sources += Array(repeating: nil, count: room - sources.count)
        window += (messageLines.isEmpty ? [""] : messageLines).map { ($0, Style.warning) }
        window += footerLines.map { (DisplayWidth.fit($0, width), Style.dim) }
        sources += Array(repeating: nil, count: window.count - sources.count)
        if plainCharacters { window = window.map { (PlainCharacters.line($0.text, columns: width), $0.style) } }
        return (window, sources)
    }

    /// "↑ more" or "↓ more", inside the box's sides when a sheet is open.
    private func more(_ text: String) -> (text: String, style: Style) {
        guard box != nil else { return ("  " + text, .dim) }
        return ("│   " + text + String(repeating: " ", count: max(0, width - 6 - DisplayWidth.of(text))) + " │", .dim)
    }

    /// The keys at the foot, wrapped between hints so that none is cut off.
    private func wrappedFooter(_ footer: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for hint in TerminalText.safe(footer).components(separatedBy: " · ") {
            let candidate = current.isEmpty ? hint : current + " · " + hint
            if DisplayWidth.of(candidate) > width && !current.isEmpty {
                lines.append(current)
                current = hint
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A sheet's top border with its title; a title too long for it wraps onto the lines under
    /// it (a name in a heading is never cut).
    mutating func boxTop(_ title: String) {
        box = (lines.count, nil)
        var parts = Self.joined(TerminalText.safe(title).components(separatedBy: " · "), width: width - 6)
        let head = "┌ " + (parts.isEmpty ? "" : parts.removeFirst()) + " "
        line(head + String(repeating: "─", count: max(0, width - 1 - DisplayWidth.of(head))) + "┐", style: .normal)
        for rest in parts { boxLine(rest, style: .bold) }
    }

    mutating func boxLine(_ text: String, style: Style = .normal) {
        line("│ " + DisplayWidth.fit(TerminalText.safe(text), width - 4) + " │", style: style)
    }

    /// A boxed text field: its label, then the field scrolled to fit with its cursor in view;
    /// the terminal's cursor stands in it when it is the field typing goes into.
    mutating func boxField(label: String, _ field: LineEditor, marker: String = "", focused: Bool = true) {
        let head = marker + label + "  [ "
        let room = width - 4 - DisplayWidth.of(head) - 2
        let shown = field.visible(width: room)
        if focused { placeCursor(column: 2 + DisplayWidth.of(head) + shown.cursor) }
        boxLine(head + shown.text + " ]")
    }

    /// A sentence wrapped inside the box, never cut.
    mutating func boxWrapped(_ text: String, style: Style = .normal) {
        for line in HelpText.wrap(TerminalText.safe(text), indent: 0, width: max(8, width - 4)) { boxLine(line, style: style) }
    }

    mutating func boxBottom() {
        box?.bottom = lines.count
        line("└" + String(repeating: "─", count: width - 2) + "┘")
    }
}
