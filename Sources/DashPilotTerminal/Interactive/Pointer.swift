import Foundation

/// The mouse, or a finger, in the interactive mode: a press and a release on the same place make
/// a tap, found on the window as it was last drawn (what the driver saw and touched); the wheel
/// scrolls. Nothing else a mouse does is the screens': a drag is the terminal's.
struct Pointer {
    /// What a mouse event asks of the app.
    enum Intent: Equatable {
        case nothing
        /// A tap on what the window showed: select `row` of the screen's list, then press `key`.
        case tap(row: Int?, key: Key?)
        /// The wheel: `rows` rows towards the end of the list (negative: towards its start).
        case scroll(rows: Int)
    }

    /// The window as last drawn: what a tap on each line does, how wide the terminal was, and
    /// which view it showed (a screen, or the keys list over it).
    struct Drawn {
        var targets: [TapTarget]
        /// What each line showed.
        var texts: [String]
        var columns: Int
        var view: Int
    }

    /// How soon after a tap a second one at the same place is the same gesture (a double tap):
    /// too soon for the driver to have seen what the first drew there.
    static let doubleTap: TimeInterval = 0.5

    /// The last tap that acted: where, what its line showed then, when, and whether it wrote.
    private var acted: (column: Int, row: Int, text: String, at: Date, wrote: Bool)?

    /// The last tap recorded something: a second at its place soon after does nothing, whatever
    /// its line shows (a second tip removed under "Del removes a tip", a second delivery accepted).
    mutating func tapWrote() { acted?.wrote = true }

    /// How many rows a step of the wheel scrolls.
    static let wheelRows = 3

    /// Where the wheel left the view of a list: on the screen `screen`, at `top` (a
    /// `Layout.top`); until the next frame, `movedFrom` the row the selection moved from, so that
    /// the view moves as many rows as the selection did.
    struct Wheeled {
        var screen: ObjectIdentifier
        var top: ScreenBuffer.ViewTop
        var movedFrom: Int?
    }

    /// The window last drawn.
    var drawn: Drawn?
    /// Where the wheel left a list's view, if it did.
    var wheeled: Wheeled?
    /// Where the left button went down, until it comes up.
    private var pressedAt: (column: Int, row: Int)?

    /// Whether a tap acted lately, which a second at its place may follow.
    var followsATap: Bool { acted != nil }

    /// Forgets the last tap: a key or the wheel came between it and the next, which then lands
    /// on what the driver saw after them.
    mutating func forgetTap() { acted = nil }

    /// What `event` asks, on `view` (the view showing now): nothing where the window drawn was of
    /// another view, or where the event is outside it.
    /// A tap lands on what the driver saw: a second tap of a double tap, where the first drew
    /// something else under it (the next step's button, the screen a confirmation left for, a
    /// card under a sheet that closed), does nothing. `now`: when the event came; `current`: the
    /// window's lines as the keys before it in the same read left them (the frame not drawn yet),
    /// `nil` for the frame drawn.
    mutating func intent(of event: MouseEvent, view: Int, now: Date, current: [String]? = nil) -> Intent {
        let target = drawn.flatMap { drawn -> TapTarget? in
            guard drawn.view == view, (1...drawn.columns).contains(event.column), drawn.targets.indices.contains(event.row - 1) else {
                return nil
            }
            return drawn.targets[event.row - 1]
        }
        switch event.action {
        case .press(button: 0):
            pressedAt = (event.column, event.row)
            return .nothing
        case .release(button: 0), .release(button: 3):
            defer { pressedAt = nil }
            guard let pressed = pressedAt, pressed == (event.column, event.row), let target else { return .nothing }
            let (row, key) = target.tap(at: event.column - 1)
            guard row != nil || key != nil, let text = drawn?.texts[event.row - 1] else { return .nothing }
            let shown = current.flatMap { $0.indices.contains(event.row - 1) ? $0[event.row - 1] : nil } ?? text
            if let acted, acted.row == event.row, abs(acted.column - event.column) <= 1, acted.text != shown || acted.wrote,
                (0..<Self.doubleTap).contains(now.timeIntervalSince(acted.at))
            {
                return .nothing
            }
            acted = (event.column, event.row, text, now, false)
            return .tap(row: row, key: key)
        case .wheelUp, .wheelDown:
            acted = nil
            return target == nil ? .nothing : .scroll(rows: event.action == .wheelUp ? -Self.wheelRows : Self.wheelRows)
        default:
            pressedAt = nil
            return .nothing
        }
    }
}
