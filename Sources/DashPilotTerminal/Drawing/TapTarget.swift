import DashPilotScreens

/// What a tap on one drawn line stands for, recorded by `ScreenBuffer` as it lays the line out
/// from the screen model's own actions: the row of the screen's list it belongs to (a card, a
/// list's row), and the keys drawn on it (a button, a footer's key), each on its columns. No
/// screen keeps a second table of positions: a tap finds what the frame drew.
struct TapTarget: Equatable {
    /// A key drawn on a line, on the display columns (from 0) its words take.
    struct Spot: Equatable {
        var columns: Range<Int>
        var key: ScreenAction.Key
    }

    /// The row of the screen's list the line belongs to, if any.
    var row: Int?
    /// The keys drawn on the line.
    var spots: [Spot] = []

    /// A line a tap does nothing on.
    static let none = TapTarget()

    /// What a tap at `column` (from 0) does: the row it selects, and the key it presses.
    func tap(at column: Int) -> (row: Int?, key: Key?) {
        let key = spots.first { $0.columns.contains(column) }?.key.pressed
        return (row, key)
    }

    /// The spots of `key` drawn on `columns`, words and all: "↑↓ select" is ↑ on its first
    /// column and ↓ on its second.
    static func spots(_ key: ScreenAction.Key?, _ columns: Range<Int>) -> [Spot] {
        guard let key, !columns.isEmpty else { return [] }
        guard key == .upDown else { return [Spot(columns: columns, key: key)] }
        let first = columns.lowerBound
        return [Spot(columns: first..<(first + 1), key: .up), Spot(columns: (first + 1)..<(first + 2), key: .down)]
    }

    /// The target moved `offset` columns right and cut at `width` (a line inside a box, a line
    /// cut to the window).
    func shifted(by offset: Int, width: Int) -> TapTarget {
        var target = self
        target.spots = spots.compactMap { spot in
            let columns = max(0, spot.columns.lowerBound + offset)..<min(width, spot.columns.upperBound + offset)
            return columns.isEmpty ? nil : Spot(columns: columns, key: spot.key)
        }
        return target
    }
}

extension ScreenAction.Key {
    /// The key a terminal sends for this one, for a tap on it; nil for what no single key is
    /// (a range of digits, typing, a word).
    var pressed: Key? {
        switch self {
        case .character(let character): .text(String(character))
        case .enter: .enter
        case .escape: .escape
        case .up: .up
        case .down: .down
        case .home: .home
        case .end: .end
        case .delete: .delete
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .left: .left
        case .right: .right
        case .backspace: .backspace
        case .control(let character): .control(character)
        case .upDown, .digits, .typing, .word: nil
        }
    }
}

/// A line made of pieces, some of them a key's control, so that a tap finds each key on the
/// columns its piece took: "[ Rename ]  r        [ Merge ]  m".
struct Pieces {
    private(set) var text = ""
    private(set) var spots: [TapTarget.Spot] = []

    init() {}

    /// A line of one piece.
    init(_ text: String, key: ScreenAction.Key? = nil) { add(text, key: key) }

    /// Adds `piece` at the end; a tap on it presses `key`.
    mutating func add(_ piece: String, key: ScreenAction.Key? = nil) {
        let safe = TerminalText.safe(piece)
        let start = DisplayWidth.of(text)
        text += safe
        spots += TapTarget.spots(key, start..<(start + DisplayWidth.of(safe)))
    }

    /// Adds `pieces` at the end, their keys with them.
    mutating func add(_ pieces: Pieces) {
        let start = DisplayWidth.of(text)
        text += pieces.text
        spots += pieces.spots.map {
            TapTarget.Spot(columns: ($0.columns.lowerBound + start)..<($0.columns.upperBound + start), key: $0.key)
        }
    }

    /// The pieces cut to `columns` (an ellipsis marking the cut) and padded to exactly that.
    func fitted(_ columns: Int) -> Pieces {
        var fitted = Pieces()
        fitted.text = DisplayWidth.fit(text, columns)
        fitted.spots = TapTarget(spots: spots).shifted(by: 0, width: columns).spots
        return fitted
    }

    /// The keys of `actions` as the footer shows them ("a accept · ↑↓ select"), broken between
    /// keys into lines of at most `width` columns; a key wider than a line is broken between words.
    static func keys(_ actions: [ScreenAction], width: Int) -> [Pieces] {
        keys(actions.filter(\.isListed).map { ("\($0.key.title) \($0.label)", $0.key) }, width: width)
    }

    /// Hints ("Esc or ? close") broken into lines as `keys(_:width:)` does.
    static func keys(_ hints: [(text: String, key: ScreenAction.Key?)], width: Int) -> [Pieces] {
        var lines: [Pieces] = []
        var current = Pieces()
        for (text, key) in hints {
            let hint = TerminalText.safe(text)
            let separator = current.text.isEmpty ? "" : " · "
            if DisplayWidth.of(current.text + separator + hint) <= width {
                current.add(separator)
                current.add(hint, key: key)
                continue
            }
            if !current.text.isEmpty { lines.append(current) }
            current = Pieces()
            let pieces = DisplayWidth.of(hint) > width ? ScreenBuffer.wrap(hint, width: width) : [hint]
            for piece in pieces.dropLast() { lines.append(Pieces(piece, key: key)) }
            current.add(pieces.last ?? "", key: key)
        }
        if !current.text.isEmpty { lines.append(current) }
        return lines
    }
}
