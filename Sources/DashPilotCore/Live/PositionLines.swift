/// Splits a stream of positions into lines as it arrives, never holding more than one line of
/// at most `longest` bytes: a longer line is dropped as its bytes come and reported once, when it
/// ends. A line ends at LF; a CR before it is dropped, and is no part of its length.
public struct PositionLines: Sendable {
    /// The longest line read, in bytes (`platform.md`, "Live capture").
    public static let longest = 4096

    /// One line of the stream.
    public enum Line: Equatable, Sendable {
        /// A line's bytes, without its end.
        case text([UInt8])
        /// A line longer than `longest`, its bytes dropped.
        case tooLong
    }

    private var current: [UInt8] = []
    private var overlong = false

    /// A reader at the start of a stream.
    public init() { current.reserveCapacity(Self.longest + 1) }

    /// Reads `bytes`, handing `body` each line they finish, in order.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes, _ body: (Line) throws -> Void) rethrows where Bytes.Element == UInt8 {
        for byte in bytes {
            if byte == 0x0A {
                try body(take())
            } else if !overlong {
                // One byte more than the longest is held: a CR there may end the line.
                if current.count > Self.longest {
                    overlong = true
                    current.removeAll(keepingCapacity: true)
                } else {
                    current.append(byte)
                }
            }
        }
    }

    /// The end of the stream: a last line without its end is handed on as it is.
    public mutating func finish(_ body: (Line) throws -> Void) rethrows {
        guard overlong || !current.isEmpty else { return }
        try body(take())
    }

    private mutating func take() -> Line {
        defer {
            current.removeAll(keepingCapacity: true)
            overlong = false
        }
        if overlong { return .tooLong }
        if current.last == 0x0D { current.removeLast() }
        return current.count > Self.longest ? .tooLong : .text(current)
    }
}
