import DashPilotScreens

extension ScreenBuffer {
    /// The window's lines: the header pinned at the top, the footer of keys and the message
    /// (wrapped, never cut) pinned at the bottom, and the lines between scrolled so that the
    /// focused ones are in view, with "↑ more" and "↓ more" where they continue. An open sheet's
    /// box keeps its top and bottom borders in view, and says "↑ more" inside its sides. Each line
    /// keeps what a tap on it does where it is shown, and which line of the buffer it shows.
    func window(rows: Int, message: String?) -> [Line] {
        var footerLines = Pieces.keys(footer, width: width)
        let messageLines = message.map { Self.wrap(TerminalText.safe($0), width: width) } ?? []
        // What a key acts on comes first: in a short window, or where the focused lines (a
        // selected row, a card to its button) would not fit beside the whole footer, the footer
        // gives way, down to one line.
        if footerLines.count > 1, let compactFooter,
            footerLines.count * 3 > rows || !focusFits(room: rows - footerLines.count - max(1, messageLines.count))
        {
            footerLines = Pieces.keys(compactFooter, width: width)
        }
        let room = max(1, rows - footerLines.count - max(1, messageLines.count))
        // Then the secondary lines among the focused ones give way, in their order.
        var fitted = self
        while !fitted.focusFits(room: room), let order = fitted.nextToGiveWay { fitted = fitted.without(givingWay: order) }
        return fitted.window(room: room, footerLines: footerLines, messageLines: messageLines)
    }

    /// The window of `room` lines over the footer and the message.
    private func window(room: Int, footerLines: [Pieces], messageLines: [String]) -> [Line] {
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
        var shown = header.map(shownLine)
        if body.count <= bodyRoom {
            shown += body.map(shownLine)
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
            if start > 0 { shown.append(more("↑ more")) }
            shown += body[start..<min(end, body.count)].map(shownLine)
            if end < body.count { shown.append(more("↓ more")) }
        }
        var window = Array(shown.prefix(room - trailer.count)) + trailer.map(shownLine)
        window += Array(repeating: Line(text: "", style: .normal), count: room - window.count)
        window += (messageLines.isEmpty ? [""] : messageLines).map { Line(text: $0, style: .warning) }
        window += footerLines.map {
            Line(text: DisplayWidth.fit($0.text, width), style: .dim, target: TapTarget(spots: $0.spots).shifted(by: 0, width: width))
        }
        if plainCharacters {
            window = window.map {
                var line = $0
                line.text = PlainCharacters.line($0.text, columns: width)
                return line
            }
        }
        return window
    }

    /// Whether the focused lines, with a line for "↑ more" and one for "↓ more", fit in `room`
    /// rows under the header (all of the lines fit, or nothing is focused: they do).
    private func focusFits(room: Int) -> Bool {
        guard let (first, last) = focus else { return true }
        let pinned = headerCount * 2 <= room ? headerCount : 0
        let bodyRoom = room - pinned
        return lines.count - pinned <= bodyRoom || last - first + 1 + 2 <= bodyRoom
    }

    /// Line `index` of the buffer as the window shows it.
    private func shownLine(_ index: Int) -> Line {
        var line = lines[index]
        line.source = line.source ?? index
        return line
    }

    /// The order of the focused lines that give way first, if any does.
    private var nextToGiveWay: Int? {
        guard let (first, last) = focus else { return nil }
        return lines[first...last].compactMap(\.givesWay).min()
    }

    /// "↑ more" or "↓ more", inside the box's sides when a sheet is open.
    private func more(_ text: String) -> Line {
        guard box != nil else { return Line(text: "  " + text, style: .dim) }
        return Line(text: "│   " + text + String(repeating: " ", count: max(0, width - 6 - DisplayWidth.of(text))) + " │", style: .dim)
    }

    /// The smallest window the screens are laid out for (`screens.md`, "Layout in any window").
    static let smallest = (columns: 40, rows: 12)

    /// A window smaller than that: the sentence asking for a larger one, within the window.
    static func tooSmallLines(columns: Int, rows: Int) -> [String] {
        let sentence = ScreenMessages.windowTooSmall(columns: columns, rows: rows, smallest: smallest)
        return Array(ScreenBuffer.wrap(sentence, width: max(1, columns)).prefix(max(1, rows)))
    }

    static func tooSmall(columns: Int, rows: Int) -> String {
        // Nothing is drawn outside the window, whatever its size.
        "\u{1B}[H\u{1B}[2J" + tooSmallLines(columns: columns, rows: rows).joined(separator: "\r\n") + "\u{1B}[?25l"
    }
}
