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
    /// The clock the screens read "now" from: the program's one clock, injected where it starts.
    var clock: any WallClock
    /// What `PgUp` `PgDn` move a list by: the rows in view as last drawn, less one.
    var page: Int
    /// The rows of the list that showed whole as the screen was last drawn; `nil` when it was not
    /// drawn (said to a screen reader, every row it says is there).
    var rowsShown: Set<Int>? = nil
    /// As last drawn, how many lines showed below the focused ones (`nil`: unknown), and how many
    /// of the lines that scroll showed: what `↓` and `PgDn` must pass to bring a new line into view.
    var linesBelowFocus: Int? = nil
    var linesInView = 0

    /// The window as last drawn, for `ListUnderLines.move`.
    var drawn: (below: Int?, inView: Int) { (linesBelowFocus, linesInView) }
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
    /// The top screen closes, and the one under it says `sentence` (what its key recorded, where
    /// the screen under it may not show it).
    case popSaying(String)
    /// Screens close while `closing` says so, then `screen` opens.
    case rewind(closing: (any TerminalScreen) -> Bool, then: any TerminalScreen)
    /// The driver quits.
    case quit
    /// A sentence for the message line; the screen stays.
    case message(String)
}

/// One screen of the interactive mode, in one file with its state, its keys and its rendering.
/// Its words come from its model in `DashPilotScreens`; it reads the store in `reload` (when it
/// opens, after a write, and when another terminal changed the store), and otherwise only what a
/// moved selection or a larger window brings into view of a long list it holds a window of.
protocol TerminalScreen: AnyObject {
    /// Reads what the screen shows.
    func reload(_ app: AppEnvironment) throws
    /// Handles one key.
    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation
    /// Draws the screen from what it holds.
    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment)
    /// Says the screen from what it holds, as the screen-reader mode does: its model's
    /// accessibility labels and lines as sentences, top to bottom, its choices numbered.
    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment)
    /// The screen's actions, from its model: what the footer and `?` list, and what a key does.
    var keys: [ScreenAction] { get }
    /// Whether typed text goes into a field (so that `?` is a character, not the keys overlay).
    var inTextField: Bool { get }
    /// Whether `?` typed in the field is one of its characters (a name, a note); in an amount or
    /// a time, where it never is, it lists the keys as it does anywhere else.
    var takesQuestionMark: Bool { get }
    /// Whether `key` works an action rather than typing into the field.
    func acts(on key: Key) -> Bool
    /// Whether characters that arrive together (a paste) go into a field whole; otherwise each
    /// is its own key. True wherever typing fills a field, even while a lone character is a key
    /// (a digit in the pickup sheet's empty field).
    var typingGoesToField: Bool { get }
    /// Whether `character`, among others that arrived with it, goes into the field rather than
    /// working an action: by default whenever it does not work one alone (the pay sheet's `c`
    /// opens a cash tip however it arrives).
    func fieldTakes(_ character: Character) -> Bool
    /// Time passed with no key: rebuilds from what the screen holds what depends on the clock
    /// (a running shift's elapsed time), reading nothing; returns whether anything shown changed.
    func tick(_ app: AppEnvironment) -> Bool
    /// A tap on row `row` of the screen's list, as `render` numbered it (`ScreenBuffer.row`,
    /// `belong(toRow:)`): selects it, as ↑↓ would have.
    func select(row: Int, _ app: AppEnvironment) throws
    /// The driver scrolled a sheet past its selected row, `down` or up, to a view showing the rows
    /// `rowsInView` whole: a selection that moves with the view (a tip) moves to the nearest of
    /// them, or to none. Returns whether it moved; if not, the view stops at the selected row.
    func selectionLeftView(rowsInView: Set<Int>, down: Bool) -> Bool
    /// The window changed size (`app.rows` is the new one): a screen that holds a window of a
    /// long list reads what a larger window shows that it does not hold. The selection stays.
    func resized(_ app: AppEnvironment) throws
}

extension TerminalScreen {
    var inTextField: Bool { false }
    var typingGoesToField: Bool { inTextField }
    var takesQuestionMark: Bool { inTextField }
    func tick(_ app: AppEnvironment) -> Bool { false }
    func select(row: Int, _ app: AppEnvironment) throws {}
    func selectionLeftView(rowsInView: Set<Int>, down: Bool) -> Bool { false }
    func resized(_ app: AppEnvironment) throws {}

    /// Whether `key` works an action here rather than typing into the field: by default, whether
    /// the screen has an action for it (a screen whose key works only in some of its fields says).
    func acts(on key: Key) -> Bool { action(for: key) != nil }

    func fieldTakes(_ character: Character) -> Bool {
        !(character == "?" && !takesQuestionMark) && !acts(on: .text(String(character)))
    }

    /// The action `key` works on this screen, if any.
    func action(for key: Key) -> ScreenAction? { keys.first { $0.key.matches(key) } }

    /// The action that works `command`, for a control drawn with its key: the footer, the
    /// control and a tap on it read the same action.
    func action(_ command: ScreenAction.Command?) -> ScreenAction? {
        guard let command else { return nil }
        return keys.first { $0.command == command }
    }

    /// A control said with the key that works it: "Rename pickup place, Nowhere Noodles: r."
    func spokenControl(_ control: Control) -> String {
        SpokenWords.control(control, key: keys.first { $0.command == control.command }?.key)
    }
}

extension ScreenAction.Key {
    /// Whether the terminal's `key` is this key.
    func matches(_ key: Key) -> Bool {
        switch (self, key) {
        case (.character(let character), .text(let text)): text == String(character)
        case (.enter, .enter), (.escape, .escape), (.up, .up), (.down, .down), (.home, .home), (.end, .end), (.delete, .delete),
            (.pageUp, .pageUp), (.pageDown, .pageDown):
            true
        case (.upDown, .up), (.upDown, .down): true
        case (.control(let character), .control(let pressed)): character == pressed
        case (.digits(let range), .text(let text)): text.count == 1 && Int(text).map(range.contains) == true
        default: false
        }
    }
}

extension ScreenBuffer {
    /// A list row, marked and styled when it is selected; a tap on it selects row `index`.
    mutating func row(_ text: String, selected: Bool, style: Style = .normal, index: Int? = nil) {
        row(lines: [text], selected: selected, style: style, index: index)
    }

    /// A row of several lines, the first marked when it is selected: a selected row stays in
    /// view whole, and a tap on any of its lines selects row `index`.
    /// A selected row is the focus unless `focus` says otherwise (the view scrolled above it).
    mutating func row(lines: [String], selected: Bool, style: Style = .normal, index: Int? = nil, focus: Bool? = nil) {
        for (position, text) in lines.enumerated() {
            line(
                Pieces((position == 0 && selected ? "▸ " : "  ") + text), style: selected ? .selected : style, focus: focus ?? selected,
                row: index)
        }
    }

    /// A row of figures ("Shift 3 · Sun, Nov 29 · 5:02 PM – 9:40 PM"), wrapped between them
    /// onto as many lines as it needs: a figure is never cut.
    mutating func row(parts: [String], selected: Bool, style: Style = .normal, index: Int? = nil, focus: Bool? = nil) {
        row(lines: Self.joined(parts, width: width - 2), selected: selected, style: style, index: index, focus: focus)
    }

    /// A row led by a name, the detail beside it when both fit in `nameWidth` and the rest, else
    /// under it: only the name may shorten ("…"), the detail wraps.
    mutating func row(name shownName: String, nameWidth: Int, detail: [String], selected: Bool, index: Int? = nil) {
        // Measured as the terminal is given it: a control character escaped is six columns.
        let name = TerminalText.safe(shownName)
        let room = width - 2
        let one = Self.joined(detail, width: room - nameWidth)
        if one.count == 1, nameWidth < room {
            let shown = DisplayWidth.of(name) > nameWidth - 2 ? DisplayWidth.fit(name, nameWidth - 2) : name
            row(
                lines: [shown + String(repeating: " ", count: max(1, nameWidth - DisplayWidth.of(shown))) + one[0]], selected: selected,
                index: index)
        } else {
            row(
                lines: [DisplayWidth.fit(name, room)] + Self.joined(detail, width: room - 2).map { "  " + $0 }, selected: selected,
                index: index)
        }
    }
}
