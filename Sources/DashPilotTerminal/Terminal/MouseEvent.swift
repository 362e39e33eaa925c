/// A mouse report from the terminal, once the interactive mode has asked for them (`ESC[?1000h`,
/// button presses and releases, and `ESC[?1006h`, SGR coordinates): what happened and where, in
/// the terminal's columns and rows counted from 1. A touch screen's terminal sends a tap as a
/// press and a release, and a swipe as the wheel.
struct MouseEvent: Equatable {
    enum Action: Equatable {
        /// A button went down (0 left, 1 middle, 2 right).
        case press(button: Int)
        /// A button came up; a terminal that cannot say which one says 3.
        case release(button: Int)
        case wheelUp
        case wheelDown
        /// Anything the screens have no use for: a drag's motion, a sideways wheel, more buttons.
        case other
    }

    var action: Action
    /// The column, from 1 at the left.
    var column: Int
    /// The row, from 1 at the top.
    var row: Int

    /// Coordinates a terminal never sends (none is as wide as this); a larger number in a report
    /// marks it malformed.
    static let largestCoordinate = 100_000

    /// The event of an SGR report `ESC [ < b ; x ; y M` (`m` when a button came up), from its
    /// parameters "b;x;y"; nil when they are not three numbers in range (a malformed report,
    /// skipped whole).
    static func sgr(_ parameters: ArraySlice<UInt8>, released: Bool) -> MouseEvent? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return event(code: numbers[0], column: numbers[1], row: numbers[2], released: released)
    }

    /// The event of a report in the old encoding (`ESC [ M` then three bytes, each a number plus
    /// 32), which a terminal that does not know SGR sends instead; nil when malformed.
    static func x10(_ code: UInt8, _ column: UInt8, _ row: UInt8) -> MouseEvent? {
        guard code >= 32 else { return nil }
        let button = Int(code) - 32
        // Here a release names no button: 3 (with Shift, Meta or Ctrl, bits 2–4, perhaps held).
        return event(code: button, column: Int(column) - 32, row: Int(row) - 32, released: button & ~0b11100 == 3)
    }

    private static func event(code: Int, column: Int, row: Int, released: Bool) -> MouseEvent? {
        guard (1...largestCoordinate).contains(column), (1...largestCoordinate).contains(row), code < 256 else { return nil }
        // Bits 2–4 are Shift, Meta and Ctrl held: the same event to the screens.
        let button = code & 0b11
        let action: Action
        if code & 128 != 0 || code & 32 != 0 {
            action = .other
        } else if code & 64 != 0 {
            action = released ? .other : button == 0 ? .wheelUp : button == 1 ? .wheelDown : .other
        } else {
            action = released ? .release(button: button) : button == 3 ? .other : .press(button: button)
        }
        return MouseEvent(action: action, column: column, row: row)
    }

    /// The bytes an SGR terminal sends for a tap (a left press and release) at `column`, `row`.
    static func tap(column: Int, row: Int) -> String { "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m" }

    /// The bytes an SGR terminal sends for one step of the wheel (down: towards the end).
    static func wheel(down: Bool, column: Int, row: Int) -> String { "\u{1B}[<\(down ? 65 : 64);\(column);\(row)M" }
}
