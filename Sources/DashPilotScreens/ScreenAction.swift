/// A key a screen answers, declared once in its model: the key, the words the footer and the keys
/// list show, what a screen reader says, and what it does. The footer, the keys list, the
/// terminal's dispatch and a tap all read the same list, so no key is declared twice.
public struct ScreenAction: Sendable, Equatable {
    /// The key, as a screen names it.
    public enum Key: Sendable, Equatable, Hashable {
        /// One character ("a", "$", "?").
        case character(Character)
        case enter, escape, up, down, pageUp, pageDown, home, end, delete
        /// ↑ and ↓ together, shown once ("↑↓ select").
        case upDown
        /// The digits of a range ("1–5 record a recent place").
        case digits(ClosedRange<Int>)
        /// Typing text ("type to filter"): for the words only; a view puts text where it goes.
        case typing
        /// A word in the key's place that no key matches ("empty clears").
        case word(String)
        /// The keys a text field edits with, named when the screen-reader mode echoes them.
        case left, right, backspace
        /// A control character ("Ctrl-L").
        case control(Character)

        /// The key as the footer shows it: "a", "Enter", "Esc", "↑↓", "1–5".
        public var title: String {
            switch self {
            case .character(let character): String(character)
            case .enter: "Enter"
            case .escape: "Esc"
            case .up: "↑"
            case .down: "↓"
            case .pageUp: "PgUp"
            case .pageDown: "PgDn"
            case .home: "Home"
            case .end: "End"
            case .delete: "Del"
            case .upDown: "↑↓"
            case .digits(let range): range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
            case .typing: "type"
            case .word(let word): word
            case .left: "←"
            case .right: "→"
            case .backspace: "Backspace"
            case .control("i"): "Tab"
            case .control(let character): "Ctrl-\(character.uppercased())"
            }
        }

        /// The key as a screen reader says it: "question mark", "up and down", "1 to 5".
        public var spoken: String {
            switch self {
            case .character("?"): "question mark"
            case .character("$"): "dollar"
            case .character("@"): "at sign"
            // A blank is said as nothing: "> " was all a screen reader had of the space bar.
            case .character(" "): "space"
            case .character(let character): String(character)
            case .enter: "Enter"
            case .escape: "Escape"
            case .up: "up"
            case .down: "down"
            case .pageUp: "page up"
            case .pageDown: "page down"
            case .home: "Home"
            case .end: "End"
            case .delete: "Delete"
            case .upDown: "up and down"
            case .digits(let range): range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            case .typing: "type"
            // An empty field, said as the keys that empty it: in the screen-reader mode a line
            // is read, and Enter alone keeps what the field holds.
            case .word("empty"): "Control U then Enter"
            case .word(let word): word
            case .left: "left"
            case .right: "right"
            case .backspace: "Backspace"
            case .control("i"): "Tab"
            case .control(let character): "Control \(character.uppercased())"
            }
        }
    }

    /// What an action does: the views of every surface carry it out.
    public enum Command: String, Sendable, Equatable, Hashable {
        case accept, select, nextStep, pickupPlace, cancelDelivery, endShift, startShift
        case history, weeks, places, keys, quit, back, open, switchPeriod, earnings
        case rename, merge, record, recordRecent, move, filter, explain
        case confirm, keep, endNow, endAtLastActivity
        case pauseOrResume, forgottenStep, payAndTips, expenses, add, remove, addCashTip, addPlatformTip, chooseCategory, nextField
    }

    /// The key.
    public var key: Key
    /// What the footer and the keys list say it does ("accept").
    public var label: String
    /// What it does.
    public var command: Command
    /// Whether the footer and the keys list show it (a second key for the same thing, such as
    /// `Esc` beside `n`, works without being listed).
    public var isListed = true

    /// Creates an action.
    public init(_ key: Key, _ label: String, _ command: Command) {
        self.key = key
        self.label = label
        self.command = command
    }

    /// The choice in full, where a screen lists its keys in its body ("end it now, at 9:40 PM").
    public var detail: String?

    /// The action with its choice in full.
    public func detailed(_ text: String) -> ScreenAction {
        var action = self
        action.detail = text
        return action
    }

    /// The action, working but not listed.
    public var unlisted: ScreenAction {
        var action = self
        action.isListed = false
        return action
    }

    /// Whether the keys list (`?`) shows it: every listed action, and the paging keys the footer
    /// leaves out to stay short.
    public var isInKeysList: Bool { isListed || [.pageUp, .pageDown, .home, .end].contains(key) && command == .select }

    /// The action as a screen reader says it: "a accept", "question mark keys".
    /// Said "page up", not "page up page up", where the key's name is all it does.
    public var accessibilityLabel: String { key.spoken == label ? label : "\(key.spoken) \(label)" }

    /// The actions as the footer shows them: "a accept · ↑↓ select · q quit".
    public static func line(_ actions: [ScreenAction]) -> String {
        actions.filter(\.isListed).map { "\($0.key.title) \($0.label)" }.joined(separator: " · ")
    }

    /// `?`, which lists a screen's keys.
    public static let keysList = ScreenAction(.character("?"), "keys", .keys)
    /// `q`, which quits from the top level.
    public static let quitting = ScreenAction(.character("q"), "quit", .quit)
    /// `Esc`, back one screen.
    public static let goingBack = ScreenAction(.escape, "back", .back)
    /// `↑↓`, moving the selection.
    public static let selecting = ScreenAction(.upDown, "select", .select)
    /// `PgUp` `PgDn` a page, `Home` `End` the ends: how every list pages, beside `↑↓` (unlisted, so
    /// that the footer stays short).
    public static let paging = [
        ScreenAction(.pageUp, "page up", .select), ScreenAction(.pageDown, "page down", .select),
        ScreenAction(.home, "first", .select), ScreenAction(.end, "last", .select),
    ].map(\.unlisted)
}

extension [ScreenAction] {
    /// The keys a list shows with no row: none that acts on a row (screens.md: "What a key will
    /// act on is always on screen"; an empty list named Enter, d and the paging keys, which did
    /// nothing).
    public var withNoRows: [ScreenAction] { filter { ![.select, .open, .remove].contains($0.command) } }
}
