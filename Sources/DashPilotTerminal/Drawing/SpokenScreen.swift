import DashPilotScreens

/// One screen as the screen-reader mode says it: sentences top to bottom, each marked with what
/// the session needs to say, after a key, only what changed. The words are the screen model's;
/// this lays them out as sentences, as `ScreenBuffer` lays them out as a frame. Every sentence is
/// made terminal-safe: no control character reaches the terminal from a name.
struct SpokenScreen {
    /// One sentence.
    struct Line: Equatable {
        enum Kind: Equatable {
            /// Said when it is new: a sentence that changed is another sentence.
            case text
            /// A row of a list or a card: said after a key when it changed, or when it became
            /// the selected one; a row that only lost the selection is not said again.
            case row
            /// A text field: said when it is new or gains the focus, never as it is typed into.
            case field
            /// A refusal under a field: said when it is new, and again after each Enter that is
            /// refused again.
            case alert
            /// The keys: said with the whole screen, and again when a key changed which keys
            /// work (not only what one does).
            case keys
        }

        /// What the line is, across keys: a row's delivery, a field's name; a text's own words.
        var id: String
        /// The sentence.
        var text: String
        var kind: Kind
        /// A row that is selected, or the field typing goes to.
        var isSelected = false
        /// For a row, what is said instead of `text` when it differs from before (a step
        /// recorded: "Delivery 2, arrived at pickup at 5:19 PM").
        var change: String?
        /// For a row with a `change`, what the step does not change (a card's place): when it
        /// changed too, the row is said as it now reads after the step.
        var standing: String?
        /// For a field, what it holds.
        var value: String?
        /// For a row, its words without the number it has in its list: a row that only moved up
        /// or down the list is no news.
        var label: String?
        /// For the line that says where a long list's page stands, how many rows the list holds.
        var total: Int?
        /// For a screen whose list a typed filter narrows, how many the list holds unfiltered:
        /// a row that leaves it while that stays the same only no longer matches (a place
        /// renamed), and is never said to be removed.
        var filteredFrom: Int?

        /// For a field among other fields or rows, whether it says it is the one typing goes to.
        var saysFocus = false

        /// The line as it is said: a selected row says so, and the field typing goes to where it
        /// stands among others.
        var said: String { (kind == .row || saysFocus) && isSelected ? text + " " + SpokenWords.selected : text }
    }

    private(set) var lines: [Line] = []
    /// A line a screen shows, said as a sentence: in words, but for the driver's words in it
    /// (`keeping`: the place a title names, a quoted filter), said as written.
    static func sentence(_ text: String, keeping typed: [String?] = []) -> String {
        // A refusal quotes what was typed without the blanks around it: kept that way too ("at Sun
        // 5 " was quoted "at Sunday 5").
        let kept = typed.compactMap { $0 }.flatMap { words -> [String] in
            guard words.count > 2, words.first == "\"", words.last == "\"" else { return [words] }
            let inner = words.dropFirst().dropLast()
            let trimmed = inner.trimmingCharacters(in: .whitespaces)
            return trimmed == inner ? [words] : [words, "\"\(trimmed)\""]
        }
        return SpokenWords.sentence(TerminalText.safe(text), keeping: kept.map(TerminalText.safe))
    }

    /// A line a screen shows, said as a sentence (see `sentence`).
    mutating func say(_ sentence: String?, keeping typed: [String?] = []) {
        guard let sentence, !sentence.isEmpty else { return }
        let text = Self.sentence(sentence, keeping: typed)
        lines.append(Line(id: "text:" + text, text: text, kind: .text))
    }

    /// An accessibility label, which the model wrote in words (a control's, with its key): said
    /// as written, the place in it too.
    mutating func sayLabel(_ label: String) {
        let text = SpokenWords.label(TerminalText.safe(label))
        lines.append(Line(id: "text:" + text, text: text, kind: .text))
    }

    /// A refusal under a field ("Earnings can't be negative."), when there is one.
    mutating func alert(_ sentence: String?, keeping typed: [String?] = []) {
        guard let sentence, !sentence.isEmpty else { return }
        let text = Self.sentence(sentence, keeping: typed)
        lines.append(Line(id: "alert:" + text, text: text, kind: .alert))
    }

    /// A row: a card, or one row of a list (numbered from 1 when `number` is given), from its
    /// accessibility label, said as written: the model wrote it in words, the place as written.
    mutating func row(id: String, _ label: String, number: Int? = nil, selected: Bool, change: String? = nil, standing: String? = nil) {
        let said = SpokenWords.label(TerminalText.safe(label))
        lines.append(
            Line(
                id: "row:" + id, text: number.map { "\($0). " + said } ?? said, kind: .row, isSelected: selected,
                change: change.map { SpokenWords.label(TerminalText.safe($0)) }, standing: standing, label: said))
    }

    /// A list that may be long: the page of `count` rows that holds the selected one (each from
    /// `row`, numbered), then where they stand when there is more than a page. `row` returns
    /// `nil` for a row not read.
    mutating func list(count: Int, selected: Int, _ row: (Int) -> (id: String, label: String)?) {
        let page = Self.page(count: count, selected: selected)
        guard !page.isEmpty else { return }
        for index in page {
            guard let (id, label) = row(index) else { continue }
            self.row(id: id, label, number: index + 1, selected: index == selected)
        }
        if count > SpokenWords.pageSize {
            say(SpokenWords.page(from: page.lowerBound + 1, to: page.upperBound, of: count))
            lines[lines.count - 1].total = count
        }
    }

    /// Marks the screen's list as narrowed by `filter` from `total` rows (see `filteredFrom`).
    mutating func narrowed(by filter: String, from total: Int) {
        guard !filter.isEmpty else { return }
        for index in lines.indices { lines[index].filteredFrom = total }
    }

    /// The rows `list` says of `count`: the page that holds the selected one.
    static func page(count: Int, selected: Int) -> Range<Int> {
        let size = SpokenWords.pageSize
        let start = max(0, min(selected, count - 1)) / size * size
        return start..<max(start, min(count, start + size))
    }

    /// A text field: "Name, empty, type and press Enter."; `focused` when typing goes to it.
    /// `amongOthers`: the sheet has other fields or rows, which a screen shows the focus among
    /// ("▸ Amount"): said "Selected." too.
    mutating func field(id: String, label: String, value: String, focused: Bool, instruction: String? = nil, amongOthers: Bool = false) {
        let safeValue = TerminalText.safe(value)
        let text =
            instruction.map { SpokenWords.field(label, value: safeValue, instruction: $0) } ?? SpokenWords.field(label, value: safeValue)
        var line = Line(id: "field:" + id, text: text, kind: .field, isSelected: focused, value: value)
        line.saysFocus = amongOthers
        lines.append(line)
    }

    /// The keys line of `actions`. Its identity is the keys themselves: "Enter" that now
    /// records a step is the same key.
    mutating func keys(_ actions: [ScreenAction], listsKeys: Bool) {
        guard let text = SpokenWords.keys(actions, listsKeys: listsKeys) else { return }
        let keys = actions.filter { $0.isListed && $0.detail == nil }.map(\.key.spoken)
        lines.append(Line(id: "keys:" + keys.joined(separator: ",") + (listsKeys ? ",?" : ""), text: text, kind: .keys))
    }

    /// The choices said in full on their own lines ("y: end it now, at 9:40 PM."), from the
    /// actions that carry their choice in full.
    mutating func choices(_ actions: [ScreenAction]) {
        for action in actions where action.isListed && action.detail != nil { say(SpokenWords.choice(action)) }
    }

    /// The field typing goes to, if any.
    var focusedField: Line? { lines.first { $0.kind == .field && $0.isSelected } }

    /// A sheet of one text field, said: its title, the field (focused), a refusal, its keys.
    /// `note`: what the sheet says under its field, after any refusal, as it is drawn.
    mutating func fieldSheet(
        title: String, field id: String, label: String, value: String, error: String?, note: String? = nil, keys: [ScreenAction],
        keeping typed: [String?] = []
    ) {
        say(title, keeping: typed)
        self.field(id: id, label: label, value: value, focused: true)
        // A refusal quotes what was typed as it was typed ("\"Esc · 1 h\" is not one").
        alert(error, keeping: typed + ["\"\(value)\""])
        if let note { say(note) }
        self.keys(keys, listsKeys: false)
    }
}
