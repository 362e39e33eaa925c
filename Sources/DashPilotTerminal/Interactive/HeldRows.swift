/// The rows of a long list a screen holds around its selection (completed shifts, expenses): read
/// a window at a time, and read again before the selection comes within a screen of an edge
/// where the list goes on, so that the screen can say "↑ more" and "↓ more" there.
enum HeldRows {
    /// Rows read at a time, at least: four screens where the window is taller.
    static let size = 200

    /// The window to read around row `index` for a screen of `rows`: its first row and its size.
    static func window(around index: Int, rows: Int) -> (start: Int, size: Int) {
        let size = max(Self.size, rows * 4)
        return (max(0, index - size / 2), size)
    }

    /// Whether rows `held` of `total` hold row `index` with what a screen of `rows` shows on
    /// either side of it, and a row more where the list goes on.
    static func hold(_ index: Int, in held: Range<Int>, of total: Int, rows: Int) -> Bool {
        (held.lowerBound == 0 || index - rows > held.lowerBound) && (held.upperBound == total || index + rows < held.upperBound)
    }
}
