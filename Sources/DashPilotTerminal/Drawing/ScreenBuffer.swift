import DashPilotScreens

/// One frame of the interactive mode: lines fitted to the terminal's width by display columns,
/// every name made terminal-safe, styles dropped under `NO_COLOR`.
struct ScreenBuffer {
    enum Style {
        case normal, bold, dim, selected, warning, primary
    }

    let width: Int
    let styled: Bool
    private(set) var lines: [(text: String, style: Style)] = []
    private var focusLine: Int?

    /// How many lines at the top stay in place while the rest scrolls.
    private var headerCount = 0
    var footer = ""
    /// What the footer gives way to in a short window: the keys that list the rest and leave.
    var compactFooter: String?

    /// The footer of `actions`, and the one line it gives way to in a short window ("? keys · q quit").
    mutating func setFooter(_ actions: [ScreenAction]) {
        footer = ScreenAction.line(actions)
        let essential = actions.filter { [.keys, .quit, .back].contains($0.command) }
        compactFooter = ScreenAction.line(essential.contains { $0.command == .keys } ? essential : [.keysList] + essential)
    }

    init(width: Int, styled: Bool) {
        self.width = max(20, width)
        self.styled = styled
    }

    mutating func line(_ text: String, style: Style = .normal, focus: Bool = false) {
        if focus { focusLine = lines.count }
        lines.append((DisplayWidth.fit(TerminalText.safe(text), width), style))
    }

    mutating func blank() { lines.append((String(repeating: " ", count: width), .normal)) }

    /// The screen's heading, pinned at the top: wrapped, never cut, `right` at the end of its
    /// first line.
    mutating func titled(_ title: String, right: String) {
        let room = width - DisplayWidth.of(right) - 1
        var wrappedTitle = Self.wrap(TerminalText.safe(title), width: room)
        if wrappedTitle.isEmpty { wrappedTitle = [""] }
        let first = wrappedTitle.removeFirst()
        line(first + String(repeating: " ", count: max(1, room - DisplayWidth.of(first) + 1)) + right, style: .bold)
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

    mutating func split(left: String, right: String, style: Style = .normal) {
        let room = min(width, Self.widestButton) - DisplayWidth.of(right) - 2
        line(DisplayWidth.fit(TerminalText.safe(left), room) + right, style: style)
    }

    mutating func wrapped(_ text: String, style: Style = .normal) {
        for piece in Self.wrap(TerminalText.safe(text), width: width) { line(piece, style: style) }
    }

    /// The widest a button grows, in columns.
    static let widestButton = 60

    /// The large primary lifecycle button: as wide as the window up to 60 columns, its key beside
    /// its label.
    mutating func bigButton(_ title: String, key: String, compact: Bool = false, focus: Bool = false) {
        if compact {
            // A short window: the button on one line, still first in weight.
            line("  ▶ " + title + "  " + key, style: .primary, focus: focus)
            return
        }
        let inner = min(width, Self.widestButton) - 6
        line("  ┏" + String(repeating: "━", count: inner) + "┓", style: .primary)
        let label = DisplayWidth.of(title)
        let left = max(0, (inner - label) / 2)
        let right = max(0, inner - left - label - DisplayWidth.of(key) - 1)
        line("  ┃" + String(repeating: " ", count: left) + title + String(repeating: " ", count: right) + key + " ┃", style: .primary)
        line("  ┗" + String(repeating: "━", count: inner) + "┛", style: .primary, focus: focus)
    }

    mutating func boxTop(_ title: String) {
        let inner = width - 4
        let head = "┌ " + DisplayWidth.fit(TerminalText.safe(title), min(inner - 2, DisplayWidth.of(TerminalText.safe(title)))) + " "
        line(head + String(repeating: "─", count: max(0, width - 1 - DisplayWidth.of(head) - 1)) + "┐")
    }

    mutating func boxLine(_ text: String, style: Style = .normal) {
        line("│ " + DisplayWidth.fit(TerminalText.safe(text), width - 4) + " │", style: style)
    }

    /// A boxed text field: its label, then the field scrolled to fit with its cursor in view.
    mutating func boxField(label: String, _ field: LineEditor, marker: String = "") {
        let head = marker + label + "  [ "
        let room = width - 4 - DisplayWidth.of(head) - 2
        boxLine(head + field.visible(width: room) + " ]")
    }

    /// A sentence wrapped inside the box, never cut.
    mutating func boxWrapped(_ text: String, style: Style = .normal) {
        for line in HelpText.wrap(TerminalText.safe(text), indent: 0, width: max(8, width - 4)) { boxLine(line, style: style) }
    }

    mutating func boxBottom() { line("└" + String(repeating: "─", count: width - 2) + "┘") }

    /// The window's lines: the header pinned at the top, the footer of keys and the message
    /// (wrapped, never cut) pinned at the bottom, and the lines between scrolled so that the
    /// focused one is in view, with "↑ more" and "↓ more" where they continue.
    func window(rows: Int, message: String?) -> [(text: String, style: Style)] {
        var footerLines = wrappedFooter(footer)
        // What a key acts on comes first: in a short window the footer gives way, down to one line.
        if footerLines.count > 1, footerLines.count * 3 > rows, let compactFooter { footerLines = wrappedFooter(compactFooter) }
        let messageLines = message.map { Self.wrap(TerminalText.safe($0), width: width) } ?? []
        let room = max(1, rows - footerLines.count - max(1, messageLines.count))
        let header = Array(lines.prefix(min(headerCount, room)))
        let body = Array(lines.dropFirst(header.count))
        let bodyRoom = max(0, room - header.count)
        var shown: [(text: String, style: Style)] = header
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
            if start > 0 { shown.append(("  ↑ more", .dim)) }
            shown += body[start..<min(end, body.count)]
            if end < body.count { shown.append(("  ↓ more", .dim)) }
        }
        var window = Array(shown.prefix(room))
        window += Array(repeating: ("", Style.normal), count: room - window.count)
        window += (messageLines.isEmpty ? [""] : messageLines).map { ($0, Style.warning) }
        window += footerLines.map { (DisplayWidth.fit($0, width), Style.dim) }
        return window
    }

    /// The frame as terminal output: every line of the window, cleared to its end.
    func frame(rows: Int, message: String?) -> String {
        "\u{1B}[H" + window(rows: rows, message: message).map { paint($0.text, $0.style) + "\u{1B}[K" }.joined(separator: "\r\n")
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
