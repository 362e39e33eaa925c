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

    /// `text` with every character the program draws replaced by its ASCII counterpart, fitted
    /// to `columns` again ("..." where it is cut).
    static func line(_ text: String, columns: Int) -> String {
        guard text.contains(where: { table[$0] != nil }) else { return text }
        let plain = text.map { table[$0] ?? String($0) }.joined()
        return DisplayWidth.fit(plain, columns, ellipsis: "...")
    }
}
