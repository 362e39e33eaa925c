import DashPilotScreens

/// One frame of the interactive mode: lines fitted to the terminal's width by display columns,
/// every name made terminal-safe, styles dropped under `NO_COLOR`.
struct ScreenBuffer {
    enum Style {
        case normal, bold, dim, selected, warning, primary
    }

    let width: Int
    let styled: Bool
    /// Whether the terminal can show only ASCII: what the program draws is drawn in it.
    var plainCharacters = false
    private(set) var lines: [(text: String, style: Style)] = []
    /// The lines a key will act on (a selected row, a card's title to its button): kept in view.
    private(set) var focus: (first: Int, last: Int)?
    /// Where the terminal's cursor stands: in the text field typing goes into, else hidden.
    private(set) var cursor: (line: Int, column: Int)?
    /// The lines of an open sheet's box, from its top to its bottom border.
    var box: (top: Int, bottom: Int?)?

    /// How many lines at the top stay in place while the rest scrolls.
    var headerCount = 0
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
        if focus { markFocus() }
        lines.append((DisplayWidth.fit(TerminalText.safe(text), width), style))
    }

    /// Makes the next line part of what must stay in view, with the focused lines before it.
    mutating func markFocus() { focus = (focus?.first ?? lines.count, lines.count) }

    /// Places the terminal's cursor at `column` of the next line.
    mutating func placeCursor(column: Int) { cursor = (lines.count, min(width - 1, column)) }

    mutating func blank() { lines.append((String(repeating: " ", count: width), .normal)) }

    /// The screen's heading, pinned at the top: wrapped between its figures, never cut, `right`
    /// at the end of its first line.
    mutating func titled(_ title: String, right: String) {
        let room = width - DisplayWidth.of(right) - 1
        var wrappedTitle = Self.joined(TerminalText.safe(title).components(separatedBy: " · "), width: room)
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

    /// `parts` joined by " · " into lines of at most `width` columns, broken between parts (a
    /// part wider than a line is broken between its words).
    static func joined(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + " · " + part
            if DisplayWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let pieces = wrap(part, width: max(1, width))
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    mutating func split(left: String, right: String, style: Style = .normal) {
        let room = min(width, Self.widestButton) - DisplayWidth.of(right) - 2
        line(DisplayWidth.fit(TerminalText.safe(left), room) + right, style: style)
    }

    mutating func wrapped(_ text: String, style: Style = .normal) {
        for piece in Self.wrap(TerminalText.safe(text), width: width) { line(piece, style: style) }
    }

    /// A text field on a line of its own: `prefix`, then the field scrolled to `room` columns
    /// with the terminal's cursor in it.
    mutating func field(_ prefix: String, _ field: LineEditor, room: Int) {
        let shown = field.visible(width: room)
        placeCursor(column: DisplayWidth.of(prefix) + 2 + shown.cursor)
        line(prefix + "[ " + shown.text + " ]")
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
        line("  ┏" + String(repeating: "━", count: inner) + "┓", style: .primary, focus: focus)
        let label = DisplayWidth.of(title)
        let left = max(0, (inner - label) / 2)
        let right = max(0, inner - left - label - DisplayWidth.of(key) - 1)
        line(
            "  ┃" + String(repeating: " ", count: left) + title + String(repeating: " ", count: right) + key + " ┃", style: .primary,
            focus: focus)
        line("  ┗" + String(repeating: "━", count: inner) + "┛", style: .primary, focus: focus)
    }

    /// The frame as terminal output: every line of the window, cleared to its end, then the
    /// cursor in the text field typing goes into (shown), or hidden when there is none in view.
    func frame(rows: Int, message: String?) -> String {
        let laid = layout(rows: rows, message: message)
        let text = "\u{1B}[H" + laid.lines.map { paint($0.text, $0.style) + "\u{1B}[K" }.joined(separator: "\r\n")
        guard let cursor, let row = laid.sources.firstIndex(of: cursor.line) else { return text + "\u{1B}[?25l" }
        return text + "\u{1B}[\(row + 1);\(cursor.column + 1)H\u{1B}[?25h"
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
