import DashPilotScreens

/// A window smaller than the screens are laid out for.
extension ScreenBuffer {
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
