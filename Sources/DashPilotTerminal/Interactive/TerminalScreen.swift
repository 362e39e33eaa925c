import DashPilotCore
import DashPilotScreens
import DashPilotStore

/// What every screen of the interactive mode works with.
struct AppEnvironment {
    /// The store.
    let store: DashPilotStore
    /// How times, dates and money read.
    let format: ScreenFormat
    /// The terminal's rows, for screens that read a window of a long list.
    var rows: Int
    /// How bar pictures are drawn.
    var bars: Bars
    /// The clock the screens read "now" from.
    var clock: any WallClock = SystemClock()
}

/// Where a key leaves the interactive mode.
enum Navigation {
    /// Nothing moved; the screen redraws from what it holds.
    case stay
    /// The screen wrote to the store: it reads again what it shows.
    case reload
    /// A screen opens on top.
    case push(any TerminalScreen)
    /// The top screen closes; the one under it reads again.
    case pop
    /// Screens close while `closing` says so, then `screen` opens.
    case rewind(closing: (any TerminalScreen) -> Bool, then: any TerminalScreen)
    /// The driver quits.
    case quit
    /// A sentence for the message line; the screen stays.
    case message(String)
}

/// One screen of the interactive mode, in one file with its state, its keys and its rendering.
/// Its words come from its model in `DashPilotScreens`; it reads the store only in `reload`
/// (when it opens, after a write, and when another terminal changed the store), never for a key
/// that only moves the selection.
protocol TerminalScreen: AnyObject {
    /// Reads what the screen shows.
    func reload(_ app: AppEnvironment) throws
    /// Handles one key.
    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation
    /// Draws the screen from what it holds.
    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment)
    /// The keys `?` lists.
    var keys: [KeyHint] { get }
    /// Whether typed text goes into a field (so that `?` is a character, not the keys overlay).
    var inTextField: Bool { get }
}

extension TerminalScreen {
    var inTextField: Bool { false }
}

extension ScreenBuffer {
    /// A list row, marked and styled when it is selected.
    mutating func row(_ text: String, selected: Bool, style: Style = .normal) {
        line((selected ? "▸ " : "  ") + text, style: selected ? .selected : style, focus: selected)
    }
}
