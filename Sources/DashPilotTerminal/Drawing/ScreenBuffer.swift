import DashPilotScreens

/// One frame of the interactive mode: lines fitted to the terminal's width by display columns,
/// every name made terminal-safe, styles dropped under `NO_COLOR`. Each line keeps what a tap on
/// it stands for, recorded as it is laid out (`TapTarget`).
struct ScreenBuffer {
    enum Style {
        case normal, bold, dim, selected, warning, primary
    }

    /// A line as drawn: its text, its style, what a tap on it does, and (in a window) the line of
    /// the buffer it shows.
    struct Line {
        var text: String
        var style: Style
        var target = TapTarget.none
        var source: Int? = nil
        /// When the focused lines do not fit, the order in which this one gives way (a card's
        /// secondary line); `nil`: it never does.
        var givesWay: Int? = nil
    }

    let width: Int
    let styled: Bool
    /// Whether the terminal can show only ASCII: what the program draws is drawn in it.
    var plainCharacters = false
    private(set) var lines: [Line] = []
    /// The lines a key will act on (a selected row, a card's title to its button): kept in view.
    private(set) var focus: (first: Int, last: Int)?
    /// Where the terminal's cursor stands: in the text field typing goes into, else hidden.
    private(set) var cursor: (line: Int, column: Int)?
    /// The lines of an open sheet's box, from its top to its bottom border.
    var box: (top: Int, bottom: Int?)?
    /// The first line of the keys at the foot of a sheet's box.
    var boxKeysStart: Int?
    /// What the sheet's keys give way to where its focused lines need their room: one line,
    /// "? keys · Esc cancel".
    var boxCompactKeys: [Line]?
    /// Whether `?` lists the keys (typing goes into no field).
    var listsKeys = true
    /// The row of the screen's list the lines laid out now belong to.
    private var currentRow: Int?
    /// The order in which the lines laid out now give way, if they do.
    private var currentGivesWay: Int?

    /// How many lines at the top stay in place while the rest scrolls.
    var headerCount = 0
    /// Whether the header stays in place however tall, the focused lines fitting beside it.
    var keepsHeader = false
    /// The keys at the foot, as the footer names them, and what a tap on each presses.
    private(set) var footer: [(text: String, key: ScreenAction.Key?)] = []
    /// What the footer gives way to in a short window: the keys that list the rest and leave.
    private(set) var compactFooter: [(text: String, key: ScreenAction.Key?)]?

    /// The footer of `actions`, and the one line it gives way to in a short window ("? keys · q quit").
    mutating func setFooter(_ actions: [ScreenAction]) {
        footer = Self.hints(actions)
        compactFooter = Self.hints(Self.essential(actions))
    }

    /// What keys give way to: those that list the rest (`?`, unless `listingKeys` is off while
    /// typing goes into a field) and those that leave.
    static func essential(_ actions: [ScreenAction], listingKeys: Bool = true) -> [ScreenAction] {
        let essential = actions.filter { [.keys, .quit, .back].contains($0.command) }
        return listingKeys && !essential.contains { $0.command == .keys } ? [.keysList] + essential : essential
    }

    /// A footer of words that are no action of the screen's ("Esc or ? close"): a tap presses its key.
    mutating func setFooter(_ hints: [(text: String, key: ScreenAction.Key?)]) {
        footer = hints
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
        if focus { markFocus() }
        let target = TapTarget(row: row ?? currentRow, spots: pieces.spots).shifted(by: 0, width: width)
        lines.append(Line(text: DisplayWidth.fit(pieces.text, width), style: style, target: target, givesWay: currentGivesWay))
    }

    /// The lines laid out from here on are secondary: where the focused lines they are among do
    /// not fit the window, they give way, those of the lowest `order` first. `nil`: they never do.
    mutating func givingWay(_ order: Int?) { currentGivesWay = order }

    /// The buffer without the focused lines that give way in `order`; every other line keeps
    /// which line of the buffer it shows (where the terminal's cursor is found).
    func without(givingWay order: Int) -> ScreenBuffer {
        guard let (first, last) = focus else { return self }
        var fitted = self
        let gone = Set((first...last).filter { lines[$0].givesWay == order })
        fitted.lines = lines.indices.filter { !gone.contains($0) }.map { index in
            var line = lines[index]
            line.source = line.source ?? index
            return line
        }
        func moved(_ index: Int) -> Int { index - gone.filter { $0 < index }.count }
        // The focus ends at its last line that stays (its last may be the one that gave way:
        // a paused card's control), never past it.
        let kept = (first...last).filter { !gone.contains($0) }
        fitted.focus = (moved(kept.first ?? first), moved(kept.last ?? first))
        fitted.headerCount = moved(headerCount)
        if let box { fitted.box = (moved(box.top), box.bottom.map(moved)) }
        fitted.boxKeysStart = boxKeysStart.map(moved)
        return fitted
    }

    /// The buffer with the sheet's keys given way to their one line; every other line keeps
    /// which line of the buffer it shows.
    func withCompactBoxKeys() -> ScreenBuffer {
        guard let keys = boxKeysStart, let bottom = box?.bottom, let compact = boxCompactKeys, compact.count < bottom - keys else {
            return self
        }
        var fitted = self
        fitted.lines = lines.indices.map { index in
            var line = lines[index]
            line.source = line.source ?? index
            return line
        }
        fitted.lines.replaceSubrange(
            keys..<bottom,
            with: compact.enumerated().map { offset, line in
                var line = line
                line.source = keys + offset
                return line
            })
        fitted.box?.bottom = keys + compact.count
        fitted.boxCompactKeys = nil
        return fitted
    }

    /// The buffer whose focus is only the selected row it ends on (the part a key acts on, a
    /// sheet's tip under its field): where the focused lines cannot all fit, that row stays in
    /// view. Unchanged when the focus does not end on a row, or is that row alone.
    func narrowedToSelectedRow() -> ScreenBuffer {
        guard let (first, last) = focus, let row = lines[last].target.row else { return self }
        var start = last
        while start > first, lines[start - 1].target.row == row { start -= 1 }
        var narrowed = self
        narrowed.focus = (start, last)
        return narrowed
    }

    /// Makes the next line part of what must stay in view, with the focused lines before it.
    mutating func markFocus() { focus = (focus?.first ?? lines.count, lines.count) }

    /// Places the terminal's cursor at `column` of the next line.
    mutating func placeCursor(column: Int) { cursor = (lines.count, min(width - 1, column)) }

    mutating func blank() {
        lines.append(Line(text: String(repeating: " ", count: width), style: .normal, target: TapTarget(row: currentRow)))
    }

    /// The lines laid out from here on belong to row `row` of the screen's list (a card with its
    /// buttons): a tap on any of them selects it. `nil`: to no row.
    mutating func belong(toRow row: Int?) { currentRow = row }

    /// The screen's heading, pinned at the top: wrapped between its figures, never cut, the keys
    /// of `right` at the end of its first line ("? keys"); `shorter` instead where `title` would
    /// take a line more.
    mutating func titled(_ title: String, right: [ScreenAction], unlessItTakesALineMore shorter: String? = nil) {
        let keys = Pieces.keys(right, width: width).first ?? Pieces()
        let room = width - DisplayWidth.of(keys.text) - 1
        var wrappedTitle = heading(title, right: right)
        // A longer form of a title ("DashPilot · …") only where it costs the window no line.
        if let shorter {
            let short = heading(shorter, right: right)
            if short.count < wrappedTitle.count { wrappedTitle = short }
        }
        if wrappedTitle.isEmpty { wrappedTitle = [""] }
        let first = wrappedTitle.removeFirst()
        var heading = Pieces(first + String(repeating: " ", count: max(1, room - DisplayWidth.of(first) + 1)))
        heading.add(keys)
        line(heading, style: .bold)
        for rest in wrappedTitle { line(rest, style: .bold) }
        headerCount = lines.count
    }

    /// `title` as `titled` wraps it: only the first line has the keys of `right` beside it, the
    /// rest take the window's width.
    func heading(_ title: String, right: [ScreenAction]) -> [String] {
        let keys = Pieces.keys(right, width: width).first ?? Pieces()
        return Self.joined(TerminalText.parts(TerminalText.safe(title)), width: width, firstWidth: width - DisplayWidth.of(keys.text) - 1)
    }

    /// Pins every line so far as the header.
    mutating func pinHeader() { headerCount = lines.count }

    /// What follows a 12-hour time's digits.
    private static let dayHalves: Set<Substring> = ["AM", "PM", "am", "pm", "a.m.", "p.m."]

    /// `text` broken between words into lines of at most `width` columns; a word wider than the
    /// line is broken where it must be.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        // A time is a figure, never cut: "4:00 AM" does not break before its AM.
        var words: [Substring] = []
        for word in text.split(separator: " ") {
            if let last = words.last, last.last?.isNumber == true, Self.dayHalves.contains(word.last == "," ? word.dropLast() : word) {
                words[words.count - 1] = Substring(last + " " + word)
            } else {
                words.append(word)
            }
        }
        for word in words {
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

    /// `parts` joined by " · " into lines of at most `width` columns (the first of at most
    /// `firstWidth`, where something stands beside it), broken between parts (a part wider than
    /// a line is broken between its words).
    static func joined(_ parts: [String], width: Int, firstWidth: Int? = nil) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let limit = lines.isEmpty ? firstWidth ?? width : width
            let candidate = current.isEmpty ? part : current + " · " + part
            if DisplayWidth.of(candidate) <= limit {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let pieces = wrap(part, width: max(1, lines.isEmpty ? limit : width))
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// `text` wrapped onto as many lines as it needs; a tap on any of them presses `key`.
    mutating func wrapped(_ text: String, style: Style = .normal, key: ScreenAction.Key? = nil) {
        for piece in Self.wrap(TerminalText.safe(text), width: width) { line(piece, style: style, key: key) }
    }

    /// A text field on a line of its own: `prefix`, then the field scrolled to `room` columns
    /// with the terminal's cursor in it.
    mutating func field(_ prefix: String, _ field: LineEditor, room: Int) {
        let shown = field.visible(width: room)
        placeCursor(column: DisplayWidth.of(prefix) + 2 + shown.cursor)
        line(prefix + "[ " + shown.text + " ]")
    }

    /// `window` as terminal output: every line, cleared to its end, then the cursor in the text
    /// field typing goes into (shown), or hidden when there is none in view.
    func frame(_ window: [Line]) -> String {
        let text = "\u{1B}[H" + window.map { paint($0.text, $0.style) + "\u{1B}[K" }.joined(separator: "\r\n")
        guard let cursor, let row = window.firstIndex(where: { $0.source == cursor.line }) else { return text + "\u{1B}[?25l" }
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
