/// A one-line text field that edits as a shell's line editor does, on grapheme clusters (an emoji
/// or a letter with its accents is one step): ← → Home End Ctrl-A Ctrl-E Backspace Delete
/// Ctrl-U Ctrl-K Ctrl-W.
struct LineEditor: Equatable {
    /// The text, as the characters a driver sees.
    private(set) var characters: [Character]
    /// Where the cursor stands: before `characters[cursor]`, or at the end.
    private(set) var cursor: Int

    /// A field holding `text`, the cursor at its end.
    init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    var text: String { String(characters) }

    /// Applies `key`; returns whether it was an editing key.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .text(let typed):
            let inserted = Array(typed)
            characters.insert(contentsOf: inserted, at: cursor)
            cursor += inserted.count
            // A combining mark typed after a letter joins it: count again as the text now reads.
            let joined = Array(String(characters))
            if joined.count != characters.count {
                let before = String(characters[..<cursor]).count
                characters = joined
                cursor = before
            }
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .control("i"):
            // Tab is whitespace in a field, as on the command line.
            return handle(.text(" "))
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0 && characters[start - 1] == " " { start -= 1 }
            while start > 0 && characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// The part of the text shown in `width` columns, scrolled so that the cursor and the
    /// characters around it are in view, and the column the cursor stands at in it: the
    /// terminal's own cursor is placed there (a cell after the text holds it at the end).
    func visible(width: Int) -> (text: String, cursor: Int) {
        // Each character as the terminal is given it: a control character escaped, six columns wide.
        let cells = characters.map { TerminalText.safe(String($0)) } + [" "]
        let widths = cells.map { DisplayWidth.of($0) }
        let width = max(4, width)
        // Start with the cursor and up to three characters after it, then fill backwards.
        var end = min(cells.count, cursor + 4)
        var used = widths[cursor..<end].reduce(0, +)
        while used > width && end > cursor + 1 {
            end -= 1
            used -= widths[end]
        }
        var start = cursor
        while start > 0 && used + widths[start - 1] <= width {
            start -= 1
            used += widths[start]
        }
        while end < cells.count && used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        return (cells[start..<end].joined(), widths[start..<cursor].reduce(0, +))
    }
}
