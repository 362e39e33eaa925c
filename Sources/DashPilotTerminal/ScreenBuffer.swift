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
    var footer = ""

    init(width: Int, styled: Bool) {
        self.width = max(20, width)
        self.styled = styled
    }

    mutating func line(_ text: String, style: Style = .normal, focus: Bool = false) {
        if focus { focusLine = lines.count }
        lines.append((DisplayWidth.fit(TerminalText.safe(text), width), style))
    }

    mutating func blank() { lines.append((String(repeating: " ", count: width), .normal)) }

    mutating func titled(_ title: String, right: String) {
        let room = width - DisplayWidth.of(right) - 1
        line(DisplayWidth.fit(TerminalText.safe(title), room) + " " + right, style: .bold)
    }

    mutating func split(left: String, right: String, style: Style = .normal) {
        let room = width - DisplayWidth.of(right) - 2
        line(DisplayWidth.fit(TerminalText.safe(left), room) + right, style: style)
    }

    mutating func wrapped(_ text: String, style: Style = .normal) {
        var current = ""
        for word in TerminalText.safe(text).split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) > width && !current.isEmpty {
                line(current, style: style)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { line(current, style: style) }
    }

    /// The large primary lifecycle button.
    mutating func bigButton(_ title: String, key: String) {
        let inner = width - 6
        line("  ┏" + String(repeating: "━", count: inner) + "┓", style: .primary)
        let label = DisplayWidth.of(title)
        let left = max(0, (inner - label) / 2)
        let right = max(0, inner - left - label - DisplayWidth.of(key) - 1)
        line("  ┃" + String(repeating: " ", count: left) + title + String(repeating: " ", count: right) + key + " ┃", style: .primary)
        line("  ┗" + String(repeating: "━", count: inner) + "┛", style: .primary)
    }

    mutating func boxTop(_ title: String) {
        let inner = width - 4
        let head = "┌ " + DisplayWidth.fit(TerminalText.safe(title), min(inner - 2, DisplayWidth.of(TerminalText.safe(title)))) + " "
        line(head + String(repeating: "─", count: max(0, width - 1 - DisplayWidth.of(head) - 1)) + "┐")
    }

    mutating func boxLine(_ text: String, style: Style = .normal) {
        line("│ " + DisplayWidth.fit(TerminalText.safe(text), width - 4) + " │", style: style)
    }

    mutating func boxBottom() { line("└" + String(repeating: "─", count: width - 2) + "┘") }

    /// The frame as terminal output: lines scrolled so that the focused one shows, a message line
    /// and the footer of keys at the bottom.
    func frame(rows: Int, message: String?) -> String {
        let footerLines = wrappedFooter()
        let room = max(1, rows - 1 - footerLines.count)
        var start = 0
        if let focus = focusLine, focus >= room - 6 { start = min(max(0, lines.count - room), max(0, focus - 2)) }
        var output = "\u{1B}[H"
        for row in 0..<room {
            let index = start + row
            if index < lines.count {
                output += paint(lines[index].text, lines[index].style)
            }
            output += "\u{1B}[K\r\n"
        }
        output += paint(DisplayWidth.fit(TerminalText.safe(message ?? ""), width), .warning) + "\u{1B}[K"
        for line in footerLines { output += "\r\n" + paint(DisplayWidth.fit(line, width), .dim) + "\u{1B}[K" }
        return output
    }

    /// The keys at the foot, wrapped between hints so that none is cut off.
    private func wrappedFooter() -> [String] {
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
