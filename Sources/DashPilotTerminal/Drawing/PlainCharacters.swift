/// What the program draws where the terminal cannot show Unicode (a locale whose character set
/// is not UTF-8, `screens.md` "Layout in any window"): boxes with `+` `-` `|`, arrows with `>`
/// and `^ v`, bars with `#`, and `·` `–` `…` as `-` `-` `...`.
enum PlainCharacters {
    /// Whether the locale's character set, as POSIX programs read it (`LC_ALL`, `LC_CTYPE`,
    /// `LANG`), is something other than UTF-8.
    static func needed(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let upper = locale.uppercased()
        return !(upper.contains("UTF-8") || upper.contains("UTF8"))
    }

    private static let table: [Character: String] = [
        "┌": "+", "┐": "+", "└": "+", "┘": "+", "─": "-", "│": "|", "┏": "+", "┓": "+", "┗": "+", "┛": "+", "━": "-",
        "┃": "|", "▸": ">", "▶": ">", "↑": "^", "↓": "v", "←": "<", "→": ">", "·": "-", "–": "-", "—": "-", "…": "...",
        "▇": "#", "█": "#", "×": "x", "✓": "v",
    ]

    /// `text` with every character the program draws replaced by its ASCII counterpart, in the
    /// same columns: a name shortened with `…` ends in `...` in the place of its last two
    /// characters and the `…`, so that what follows it (a column, a box's side) does not move.
    /// Fitted to `columns` again ("..." where it is still cut).
    static func line(_ text: String, columns: Int) -> String {
        guard text.contains(where: { table[$0] != nil }) else { return text }
        return DisplayWidth.fit(self.text(text, keepingColumns: true), columns, ellipsis: "...")
    }

    /// `text` with every character the program draws replaced by its ASCII counterpart; with
    /// `keepingColumns`, `…` takes the columns of the two characters before it and its own (the
    /// screens), else it is simply `...` (the command line's lines, which have no columns to keep).
    static func text(_ text: String, keepingColumns: Bool = false) -> String {
        guard text.contains(where: { table[$0] != nil }) else { return text }
        var plain: [Character] = []
        plain.reserveCapacity(text.count + 2)
        for character in text {
            guard let replacement = table[character] else {
                plain.append(character)
                continue
            }
            if character == "…" && keepingColumns {
                var freed = 0
                while freed < 2, let last = plain.last, last != "|", last != "+" {
                    freed += DisplayWidth.of(last)
                    plain.removeLast()
                }
                if freed > 2 { plain += Array(repeating: " ", count: freed - 2) }
            }
            plain += replacement
        }
        return String(plain)
    }
}
