import DashPilotScreens

/// The interactive mode's frames: the screen on top (or the keys list over it) laid out for the
/// window, and said for a screen reader.
extension InteractiveApp {
    func draw() {
        guard let terminal else { return }
        let (columns, rows) = terminal.size
        // Synchronized output: a terminal that knows it shows the frame whole, never half drawn.
        terminal.emit("\u{1B}[?2026h" + frame(columns: columns, rows: rows) + "\u{1B}[?2026l")
    }

    /// The frame for a window of `columns` × `rows`, as the terminal would be sent it. What a tap
    /// on each of its lines does is kept until the next.
    func frame(columns: Int, rows: Int) -> String {
        layoutBehind = false
        windowTooSmall = columns < ScreenBuffer.smallest.columns || rows < ScreenBuffer.smallest.rows
        guard !windowTooSmall else {
            pointer.drawn = nil
            return ScreenBuffer.tooSmall(columns: columns, rows: rows)
        }
        let buffer = buffer(columns: columns)
        let anchor = wheelAnchor(buffer)
        let layout = buffer.layout(rows: rows, message: shownMessage, scrolled: scrolledLines, anchor: anchor)
        laidOut = (view, layout, columns, rows)
        if anchor != nil, let top = stack.last {
            pointer.wheeled = layout.top.map { Pointer.Wheeled(screen: ObjectIdentifier(top), top: $0) }
        }
        // Scrolled past its end, a sheet stays at its end: PgUp comes back at once.
        if scrolledLines != 0 { sheetScroll = (view, layout.scrolled) }
        pointer.drawn = Pointer.Drawn(targets: layout.lines.map(\.target), texts: layout.lines.map(\.text), columns: columns, view: view)
        return buffer.frame(layout.lines)
    }

    /// The window of `columns` × `rows` as plain lines, as a terminal would show it.
    func window(columns: Int, rows: Int) -> [String] {
        guard columns >= ScreenBuffer.smallest.columns && rows >= ScreenBuffer.smallest.rows else {
            return ScreenBuffer.tooSmallLines(columns: columns, rows: rows)
        }
        let buffer = buffer(columns: columns)
        return buffer.layout(rows: rows, message: shownMessage, scrolled: scrolledLines, anchor: wheelAnchor(buffer)).lines.map(\.text)
    }

    /// Where the wheel left the view of the list showing, if it did: the view then moves as
    /// many rows as the selection did, and stays while the selection shows in it.
    private func wheelAnchor(_ buffer: ScreenBuffer) -> ScreenBuffer.ViewTop? {
        guard let wheeled = pointer.wheeled, !showingKeys, let top = stack.last else { return nil }
        // A screen that closed is forgotten (its identity may come back as another's).
        guard stack.contains(where: { ObjectIdentifier($0) == wheeled.screen }) else {
            pointer.wheeled = nil
            return nil
        }
        guard wheeled.screen == ObjectIdentifier(top) else { return nil }
        guard let from = wheeled.movedFrom, let focused = buffer.focusRow else { return wheeled.top }
        return ScreenBuffer.ViewTop(row: max(0, wheeled.top.row + focused - from), offset: wheeled.top.offset)
    }

    /// How many lines the driver scrolled the sheet showing now.
    private var scrolledLines: Int { sheetScroll.map { $0.view == view ? $0.lines : 0 } ?? 0 }

    /// What does not fit a sheet scrolls: PgUp and PgDn, which no sheet uses, move it a page (the
    /// lines in view, less one); text with nothing to select (a confirmation) scrolls with ↑↓ and
    /// `Home` `End` too. A key the sheet acts with on what it focuses (its field, its
    /// selected row), pressed while that is scrolled out of view, first brings it back: what a
    /// key acts on is always on screen. Returns whether `key` was spent so.
    func scrolledSheet(_ key: Key, _ top: any TerminalScreen) -> Bool {
        guard let layout = sheetLayout else { return false }
        if top.action(for: key) == nil, let lines = Self.scrolled(by: key, page: max(1, layout.linesInView - 1), text: layout.isText) {
            scroll(layout, by: lines)
            return true
        }
        sheetScroll = nil
        // A tap on a row selected what the driver touched, in view; a key drawn on a button in
        // view acts on what shows: either does what its key does at once.
        if tappedRow || layout.buttonKeys.contains(where: { $0.matches(key) }) { return false }
        // A key that names what it acts on (1–5 a recent place, c and f a new tip) acts on that,
        // not on the focus: it never waits for the focus to come back.
        var actsAtOnce: Set<ScreenAction.Command> = [.back, .recordRecent, .addCashTip, .addPlatformTip]
        // ↑↓ and Del act on the selected row (a tip), which the view never leaves: in view, they
        // act on it at once, whatever else of the focus (the pay field) was scrolled away.
        if layout.selectedRowShown { actsAtOnce.formUnion([.select, .remove]) }
        // Only a sheet the driver scrolled away from its focus brings it back first: one whose
        // view follows its focus and still cannot show it whole (taller than the window) would
        // wait for ever, every key spent.
        return layout.scrolled != 0 && !layout.focusShown && top.action(for: key).map { !actsAtOnce.contains($0.command) } == true
    }

    /// The sheet or text showing, laid out as the keys before this one left it; `nil` when a list
    /// or a card shows. Keys that came in one read each act on the window as the keys before them
    /// left it, not on the frame drawn before them all: every key is acted on, however they arrive.
    private var sheetLayout: ScreenBuffer.Layout? {
        guard let laidOut, laidOut.view == view, laidOut.layout.isSheet || laidOut.layout.isText else { return nil }
        if let pending = sheetScroll, pending.view == view, pending.lines != laidOut.layout.scrolled {
            return buffer(columns: laidOut.columns).layout(rows: laidOut.rows, message: shownMessage, scrolled: pending.lines)
        }
        return laidOut.layout
    }

    /// Whether the sheet showing shows its focused lines (its selected row), as the keys before
    /// this one left it; `true` where no sheet shows.
    var sheetFocusShown: Bool { sheetLayout?.focusShown ?? true }

    private func scroll(_ layout: ScreenBuffer.Layout, by lines: Int) {
        var scrolled = min(max(layout.scrolled + lines, layout.scrollable.lowerBound), layout.scrollable.upperBound)
        // "The selected row is always in view". Scrolled past, a sheet's list (its tips, its
        // recent places) moves its selection with the view, as a list's does: to the nearest row
        // whole in view, or to none (the pay field then what keys act on), the view staying
        // where it was scrolled to. Any other selection (a field) stops the view where it shows.
        func laid(_ scrolled: Int) -> ScreenBuffer.Layout? {
            laidOut.map { buffer(columns: $0.columns).layout(rows: $0.rows, message: shownMessage, scrolled: scrolled) }
        }
        if var keeps = layout.keepsSelectedRow, !keeps.contains(scrolled), let moved = laid(scrolled) {
            if stack.last?.selectionLeftView(rowsInView: moved.wholeRows, down: lines > 0) == true, let now = laid(0) {
                scrolled += now.scrollable.lowerBound - layout.scrollable.lowerBound
                keeps = now.keepsSelectedRow ?? now.scrollable
            }
            scrolled = min(max(scrolled, keeps.lowerBound), keeps.upperBound)
        }
        sheetScroll = (view, scrolled)
    }

    /// The wheel over a sheet that does not fit: it scrolls `lines` (cli.md: "the wheel or a
    /// swipe scrolls"). Returns whether there was a sheet to scroll.
    func wheelScrolledSheet(by lines: Int) -> Bool {
        guard let layout = sheetLayout, layout.scrollable != 0...0 else { return false }
        scroll(layout, by: lines)
        return true
    }

    /// How many lines `key` scrolls a sheet whose page is `page` lines: PgUp PgDn a page; over
    /// `text`, ↑↓ a line and `Home` `End` to its ends too. `nil`: it does not scroll.
    static func scrolled(by key: Key, page: Int, text: Bool) -> Int? {
        switch key {
        case .pageDown: page
        case .pageUp: -page
        case .down where text: 1
        case .up where text: -1
        case .end where text: 100_000
        case .home where text: -100_000
        default: nil
        }
    }

    /// The message line as drawn: none over the keys list, which shows only its own (screens.md:
    /// "no key leaks to the screen under it"); it is there again once the list closes.
    var shownMessage: String? { showingKeys ? nil : message }

    /// The screen on top as the screen-reader mode says it, or the keys list while it shows.
    func spoken() -> SpokenScreen {
        var lines = SpokenScreen()
        guard let top = stack.last else { return lines }
        if showingKeys {
            lines.say(ScreenMessages.keysTitle)
            // A list, as it scrolls: a key that moves in it says only the row it lands on.
            for (index, action) in top.keys.filter(\.isInKeysList).enumerated() {
                lines.row(id: "key \(index)", action.accessibilityLabel, selected: index == keysList.selected)
            }
            lines.say(SpokenWords.sayAgain)
            lines.say(SpokenWords.keysClose)
        } else {
            top.spoken(into: &lines, environment)
        }
        return lines
    }

    func buffer(columns: Int) -> ScreenBuffer {
        guard let top = stack.last else { return ScreenBuffer(width: columns, styled: styled) }
        var screen = ScreenBuffer(width: columns, styled: styled)
        screen.plainCharacters = plainCharacters
        if showingKeys {
            screen.line(ScreenMessages.keysTitle, style: .bold)
            screen.blank()
            screen.pinHeader()
            for (index, action) in top.keys.filter(\.isInKeysList).enumerated() {  // marked as a list's row
                let isSelected = index == keysList.selected
                // A sentence is never cut: what a key does wraps under itself.
                let head = action.key.title.padding(8)
                let parts = ScreenBuffer.wrap(action.label, width: max(1, columns - 2 - DisplayWidth.of(head)))
                for (position, part) in parts.enumerated() {
                    var line = Pieces(position == 0 && isSelected ? "▸ " : "  ")
                    line.add((position == 0 ? head : String(repeating: " ", count: DisplayWidth.of(head))) + part, key: action.key)
                    screen.line(line, style: isSelected ? .selected : .normal, focus: isSelected)
                }
            }
            // Each key a tap of its own: ↑↓ scroll the list under a finger too.
            screen.setFooter([(ScreenMessages.keysClose, .escape), (ScreenMessages.keysScroll, .upDown)])
        } else {
            screen.listsKeys = !top.inTextField
            top.render(into: &screen, environment)
        }
        return screen
    }
}
