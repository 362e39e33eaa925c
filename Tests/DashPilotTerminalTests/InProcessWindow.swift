import DashPilotCore
import Foundation
import Testing

@testable import DashPilotTerminal

/// A clock a test sets and moves by hand.
final class SetClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// A clock reading `time`, "2026-11-29 17:02:00" in UTC.
    init(_ time: String) { current = SetClock.date(time) }

    func now() -> Date { lock.withLock { current } }

    /// Sets the clock to `time`.
    func set(_ time: String) { lock.withLock { current = SetClock.date(time) } }

    /// Moves the clock on by `seconds`.
    func advance(_ seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }

    static func date(_ time: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.date(from: time) ?? Date(timeIntervalSince1970: 0)
    }
}

/// The interactive mode in process on a test's store, at a time the test chose: keys in, the
/// window out as plain lines. What only a real terminal shows stays with tmux.
struct Window {
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let left = "\u{1B}[D"
    static let enter = "\r"
    static let escape = "\u{1B}"
    static let backspace = "\u{7F}"
    static let pageUp = "\u{1B}[5~"
    static let pageDown = "\u{1B}[6~"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"

    let harness: InteractiveHarness
    let clock: SetClock

    /// The interactive mode on `dash`'s store at `time`, in a window of `columns` × `rows`.
    init(
        _ dash: Binary, at time: String, columns: Int = 100, rows: Int = 40, environment: [String: String] = [:], busyTimeout: Int32 = 5000
    ) throws {
        clock = SetClock(time)
        harness = try InteractiveHarness(
            storePath: dash.storePath, columns: columns, rows: rows,
            environment: ["LANG": "C.UTF-8", "TZ": "UTC", "NO_COLOR": "1"].merging(environment) { $1 }, clock: clock,
            busyTimeoutMilliseconds: busyTimeout)
        harness.firstFrame()
    }

    /// Presses `keys`, each as a terminal sends it, one read each.
    func press(_ keys: String...) {
        for key in keys { harness.press(key) }
    }

    /// Types `text` as one read.
    func type(_ text: String) { harness.press(text) }

    /// The window, as the terminal shows it.
    var screen: String { harness.screen }

    /// What the run loop does between keys: another terminal's change is read again.
    func idle() { harness.idle() }
}

/// The mouse, as a terminal reports it: a test taps what it sees on the window, found by its
/// words, as a driver's finger would.
extension Window {
    /// Where `text` first shows at or below row `from` (rows and columns from 1, as a terminal
    /// counts), or nil when it is not on the window.
    func place(of text: String, from: Int = 1) -> (column: Int, row: Int)? {
        for (index, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where index + 1 >= from {
            if let range = line.range(of: text) { return (DisplayWidth.of(String(line[..<range.lowerBound])) + 1, index + 1) }
        }
        return nil
    }

    /// Where `text` last shows (the footer's keys, below a heading that names the same).
    func lastPlace(of text: String) -> (column: Int, row: Int)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated().reversed() {
            if let range = line.range(of: text) { return (DisplayWidth.of(String(line[..<range.lowerBound])) + 1, index + 1) }
        }
        return nil
    }

    /// A tap (press and release) on `column` of `row`.
    func tap(column: Int, row: Int) { harness.press(InteractiveHarness.tap(column: column, row: row)) }

    /// A tap on `place` (nothing when the test found none, which its expectations then catch).
    func tap(_ place: (column: Int, row: Int)?) {
        if let place { tap(column: place.column, row: place.row) }
    }

    /// One step of the wheel, `down` towards the end of a list, over the middle of the window.
    func wheel(down: Bool) { harness.press(InteractiveHarness.wheel(down: down, column: 10, row: 5)) }
}

/// The screen-reader mode in process on a test's store, at a time the test chose: keys in, the
/// lines it says out.
struct Reader {
    let harness: AccessibleHarness
    let clock: SetClock
    /// What it said on opening.
    let opening: [String]

    /// The screen-reader mode on `dash`'s store at `time`.
    init(_ dash: Binary, at time: String, environment: [String: String] = [:]) throws {
        clock = SetClock(time)
        harness = try AccessibleHarness(
            storePath: dash.storePath, environment: ["LANG": "C.UTF-8", "TZ": "UTC"].merging(environment) { $1 }, clock: clock)
        opening = harness.start()
    }

    /// Presses `keys`, each as a terminal sends it, one read each; returns what was said.
    @discardableResult
    func press(_ keys: String...) -> [String] { keys.flatMap { harness.press($0) } }

    /// Types `text` one character a read, as a driver types; returns what was said.
    @discardableResult
    func type(_ text: String) -> [String] { text.flatMap { harness.press(String($0)) } }
}
