extension ScreenBuffer {
    /// The lines of the selected row the focused lines end on (a sheet's tip under its field),
    /// if they end on one: what ↑↓ and Del act on, which the view never leaves.
    var selectedRowLines: ClosedRange<Int>? {
        guard let (_, last) = focus, lines[last].target.row != nil, let row = narrowedToSelectedRow().focus else { return nil }
        return row.first...row.last
    }
}
