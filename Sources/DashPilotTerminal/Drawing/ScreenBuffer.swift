import DashPilotScreens

/// One frame of the interactive mode: lines fitted to the terminal's width by display columns,
/// every name made terminal-safe, styles dropped under `NO_COLOR`. Each line keeps what a tap on
/// it stands for, recorded as it is laid out (`TapTarget`).
struct ScreenBuffer {
    enum Style {
        case normal, bold, dim, selected, warning, primary
    }

    /// A line as drawn: its text, its style, and what a tap on it does.
    struct Line {
        var text: String
        var style: Style
        var target = TapTarget.none
    }

    let width: Int
    let styled: Bool
    private(set) var lines: [Line] = []
    private var focusLine: Int?
    /// The row of the screen's list the lines laid out now belong to.
    private var currentRow: Int?

    /// How many lines at the top stay in place while the rest scrolls.
    private var headerCount = 0
    /// The keys at the foot, as the footer names them, and what a tap on each presses.
    private var footer: [(text: String, key: ScreenAction.Key?)] = []
    /// What the footer gives way to in a short window: the keys that list the rest and leave.
    private var compactFooter: [(text: String, key: ScreenAction.Key?)]?

    /// The footer of `actions`, and the one line it gives way to in a short window ("? keys · q quit").
    mutating func setFooter(_ actions: [ScreenAction]) {
        footer = Self.hints(actions)
        let essential = actions.filter { [.keys, .quit, .back].contains($0.command) }
        compactFooter = Self.hints(essential.contains { $0.command == .keys } ? essential : [.keysList] + essential)
    }

    /// A footer of words that are no action of the screen's ("Esc or ? close"): a tap on them presses `key`.
    mutating func setFooter(_ text: String, key: ScreenAction.Key?) {
        footer = [(text, key)]
        compactFooter = nil
    }

    private static func hints(_ actions: [ScreenAction]) -> [(text: String, key: ScreenAction.Key?)] {
        actions.filter(\.isListed).map { ("\($0.key.title) \($0.label)", $0.key) }
    }

    init(width: Int, styled: Bool) {
        self.width = max(20, width)
        self.styled = styled
    }

    mutating func line(_ text: String, style: Style = .normal, focus: Bool = false, key: ScreenAction.Key? = nil) {
        var pieces = Pieces()
        pieces.add(text, key: key)
        line(pieces, style: style, focus: focus)
    }

    /// A line of pieces, a tap on each pressing its key.
    mutating func line(_ pieces: Pieces, style: Style = .normal, focus: Bool = false, row: Int? = nil) {
        if focus { focusLine = lines.count }
        let target = TapTarget(row: row ?? currentRow, spots: pieces.spots).shifted(by: 0, width: width)
        lines.append(Line(text: DisplayWidth.fit(pieces.text, width), style: style, target: target))
    }

    mutating func blank() {
        lines.append(Line(text: String(repeating: " ", count: width), style: .normal, target: TapTarget(row: currentRow)))
    }

    /// The lines laid out from here on belong to row `row` of the screen's list (a card with its
    /// buttons): a tap on any of them selects it. `nil`: to no row.
    mutating func belong(toRow row: Int?) { currentRow = row }

    /// The screen's heading, pinned at the top: wrapped, never cut, the keys of `right` at the
    /// end of its first line ("? keys").
    mutating func titled(_ title: String, right: [ScreenAction]) {
        let keys = Pieces.keys(right, width: width).first ?? Pieces()
        let room = width - DisplayWidth.of(keys.text) - 1
        var wrappedTitle = Self.wrap(TerminalText.safe(title), width: room)
        if wrappedTitle.isEmpty { wrappedTitle = [""] }
        let first = wrappedTitle.removeFirst()
        var heading = Pieces(first + String(repeating: " ", count: max(1, room - DisplayWidth.of(first) + 1)))
        heading.add(keys)
        line(heading, style: .bold)
        for rest in wrappedTitle { line(rest, style: .bold) }
        headerCount = lines.count
    }

    /// Pins every line so far as the header.
    mutating func pinHeader() { headerCount = lines.count }

    /// `text` broken between words into lines of at most `width` columns; a word wider than the
    /// line is broken where it must be.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = String(word)
            while DisplayWidth.of(current) > width {
                var head = ""
                var rest = Substring(current)
                while let next = rest.first, DisplayWidth.of(head + String(next)) <= width {
                    head.append(next)
                    rest = rest.dropFirst()
                }
                if head.isEmpty { break }
                lines.append(head)
                current = String(rest)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// `text` wrapped onto as many lines as it needs; a tap on any of them presses `key`.
    mutating func wrapped(_ text: String, style: Style = .normal, key: ScreenAction.Key? = nil) {
        for piece in Self.wrap(TerminalText.safe(text), width: width) { line(piece, style: style, key: key) }
    }

    /// The window's lines: the header pinned at the top, the footer of keys and the message
    /// (wrapped, never cut) pinned at the bottom, and the lines between scrolled so that the
    /// focused one is in view, with "↑ more" and "↓ more" where they continue. Each keeps what a
    /// tap on it does where it is shown.
    func window(rows: Int, message: String?) -> [Line] {
        var footerLines = Pieces.keys(footer, width: width)
        // What a key acts on comes first: in a short window the footer gives way, down to one line.
        if footerLines.count > 1, footerLines.count * 3 > rows, let compactFooter { footerLines = Pieces.keys(compactFooter, width: width) }
        let messageLines = message.map { Self.wrap(TerminalText.safe($0), width: width) } ?? []
        let room = max(1, rows - footerLines.count - max(1, messageLines.count))
        let header = Array(lines.prefix(min(headerCount, room)))
        let body = Array(lines.dropFirst(header.count))
        let bodyRoom = max(0, room - header.count)
        var shown = header
        if body.count <= bodyRoom {
            shown += body
        } else if bodyRoom > 0 {
            let focus = min(body.count - 1, max(0, (focusLine ?? 0) - header.count))
            // Where the window ends if it starts at `start`: room for "↑ more" when anything is
            // above, and for "↓ more" when anything is left below.
            func end(from start: Int) -> Int {
                let top = start > 0 ? 1 : 0
                let all = min(body.count, start + bodyRoom - top)
                return all == body.count ? all : max(start + 1, min(body.count, start + bodyRoom - top - 1))
            }
            // The focused line (a selected card's button) is always in view; above it, as much
            // as fits.
            var start = 0
            while end(from: start) <= focus && start < body.count - 1 { start += 1 }
            let end = end(from: start)
            if start > 0 { shown.append(Line(text: "  ↑ more", style: .dim)) }
            shown += body[start..<min(end, body.count)]
            if end < body.count { shown.append(Line(text: "  ↓ more", style: .dim)) }
        }
        var window = Array(shown.prefix(room))
        window += Array(repeating: Line(text: "", style: .normal), count: room - window.count)
        window += (messageLines.isEmpty ? [""] : messageLines).map { Line(text: $0, style: .warning) }
        window += footerLines.map {
            Line(text: DisplayWidth.fit($0.text, width), style: .dim, target: TapTarget(spots: $0.spots).shifted(by: 0, width: width))
        }
        return window
    }

    /// `window` as terminal output: every line, cleared to its end.
    func frame(_ window: [Line]) -> String {
        "\u{1B}[H" + window.map { paint($0.text, $0.style) + "\u{1B}[K" }.joined(separator: "\r\n")
    }

    private func paint(_ text: String, _ style: Style) -> String {
        guard styled else { return text }
        let code: String
        switch style {
        case .normal: return text
        case .bold: code = "1"
        case .dim: code = "2"
        case .selected: code = "7"
        case .warning: code = "33"
        case .primary: code = "1;36"
        }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}
