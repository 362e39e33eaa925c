import DashPilotScreens

/// Buttons, controls and sheets' boxes: each records the key a tap on it presses, from the
/// screen model's action that works it.
extension ScreenBuffer {
    /// The widest a button grows, in columns.
    static let widestButton = 60

    /// A button's width, its box included: as wide as the window (less its margins) up to 60
    /// columns (screens.md).
    var buttonWidth: Int { max(8, min(width - 4, Self.widestButton)) }

    /// The large primary lifecycle button: as wide as the window up to 60 columns, its key beside
    /// its label; a tap anywhere on it presses that key.
    mutating func bigButton(_ title: String, action: ScreenAction?, compact: Bool = false, focus: Bool = false) {
        let key = action?.key.title ?? ""
        if compact {
            // A short window: the button on one line, still first in weight and as wide as the
            // window up to 60 columns, its key at its right end.
            let label = "▶ " + title + "  "
            let gap = max(0, buttonWidth - DisplayWidth.of(label) - DisplayWidth.of(key))
            var line = Pieces("  ")
            line.add(label + String(repeating: " ", count: gap) + key, key: action?.key)
            self.line(line, style: .primary, focus: focus)
            return
        }
        let inner = buttonWidth - 2
        let label = DisplayWidth.of(title)
        let left = max(0, (inner - label) / 2)
        let right = max(0, inner - left - label - DisplayWidth.of(key) - 1)
        let middle = "┃" + String(repeating: " ", count: left) + title + String(repeating: " ", count: right) + key + " ┃"
        for (text, isLast) in [
            ("┏" + String(repeating: "━", count: inner) + "┓", false), (middle, false),
            ("┗" + String(repeating: "━", count: inner) + "┛", true),
        ] {
            var line = Pieces("  ")
            line.add(text, key: action?.key)
            self.line(line, style: .primary, focus: focus && isLast)
        }
    }

    /// A small control, "[ Change Pickup Place ]", its key at the right of a button's width; a
    /// tap on either presses the key.
    mutating func control(_ title: String, action: ScreenAction?, style: Style = .normal, focus: Bool = false) {
        let key = action?.key.title ?? ""
        let room = 2 + buttonWidth - DisplayWidth.of(key)
        var line = Pieces("  ")
        line.add(DisplayWidth.fit(TerminalText.safe("[ \(title) ]"), room - 2) + key, key: action?.key)
        self.line(line, style: style, focus: focus)
    }

    /// Controls side by side, "[ Rename ]  r        [ Merge ]  m", `gap` columns apart.
    static func controls(_ controls: [(title: String, action: ScreenAction?)], gap: Int) -> Pieces {
        var line = Pieces()
        for (index, control) in controls.enumerated() {
            if index > 0 { line.add(String(repeating: " ", count: gap)) }
            line.add("[ \(control.title) ]  \(control.action?.key.title ?? "")", key: control.action?.key)
        }
        return line
    }

    /// A sheet's top border with its title, its header; a title too long for it wraps onto the
    /// lines under it (a name in a heading is never cut).
    mutating func boxTop(_ title: String) {
        box = (lines.count, nil)
        var parts = Self.joined(TerminalText.parts(TerminalText.safe(title)), width: width - 6)
        let head = "┌ " + (parts.isEmpty ? "" : parts.removeFirst()) + " "
        line(head + String(repeating: "─", count: max(0, width - 1 - DisplayWidth.of(head))) + "┐")
        for rest in parts { boxLine(rest, style: .bold) }
        pinHeader()
    }

    mutating func boxLine(_ text: String, style: Style = .normal) { boxLine(Pieces(text), style: style) }

    /// A line of the box made of pieces, a tap on each pressing its key; a `focus` line (the
    /// sheet's selected row) stays in view.
    mutating func boxLine(_ pieces: Pieces, style: Style = .normal, row: Int? = nil, focus: Bool = false) {
        var line = Pieces("│ ")
        line.add(pieces.fitted(width - 4))
        line.add(" │")
        self.line(line, style: style, focus: focus, row: row)
    }

    /// A boxed text field: its label, then the field scrolled to fit with its cursor in view;
    /// the terminal's cursor stands in it when it is the field typing goes into, and the window
    /// keeps it in view when it is `selected` (by default, when it is focused).
    mutating func boxField(
        label: String, _ field: LineEditor, marker: String = "", row: Int? = nil, focused: Bool = true, selected: Bool? = nil
    ) {
        let head = marker + label + "  [ "
        let room = width - 4 - DisplayWidth.of(head) - 2
        let shown = field.visible(width: room)
        if focused { placeCursor(column: 2 + DisplayWidth.of(head) + shown.cursor) }
        boxLine(Pieces(head + shown.text + " ]"), row: row, focus: selected ?? focused)
    }

    /// A sentence wrapped inside the box, never cut; kept in view with the selected row when it
    /// is `focus` (what a selected field offers).
    mutating func boxWrapped(_ text: String, style: Style = .normal, focus: Bool = false) {
        for line in HelpText.wrap(TerminalText.safe(text), indent: 0, width: max(8, width - 4)) {
            boxLine(Pieces(line), style: style, focus: focus)
        }
    }

    /// The sheet's keys inside its box, broken between keys: a tap on one presses it.
    mutating func boxKeys(_ actions: [ScreenAction]) {
        // With the bottom border, they stay in place at the sheet's foot, giving way (as the
        // footer does) to the keys that list the rest and leave.
        boxKeysStart = lines.count
        var compact = ScreenBuffer(width: width, styled: styled)
        for line in Pieces.keys(Self.essential(actions, listingKeys: listsKeys), width: max(8, width - 4)) { compact.boxLine(line) }
        boxCompactKeys = compact.lines
        for line in Pieces.keys(actions, width: max(8, width - 4)) { boxLine(line) }
    }

    mutating func boxBottom() {
        box?.bottom = lines.count
        line("└" + String(repeating: "─", count: width - 2) + "┘")
    }

    /// A sheet of one text field: its title, the field, the sentence that refused what was typed
    /// (if any), its keys.
    /// `note`: what the sheet says under the field, dimmed, after any refusal.
    mutating func fieldSheet(title: String, label: String, _ field: LineEditor, error: String?, note: String? = nil, keys: [ScreenAction]) {
        boxTop(title)
        boxField(label: label, field)
        if let error { boxWrapped(error, style: .warning, focus: true) }
        if let note { boxWrapped(note, style: .dim) }
        boxKeys(keys)
        boxBottom()
    }
}
