import DashPilotScreens

/// The mouse in the interactive mode, in the app's terms: what a tap or the wheel does.
extension InteractiveApp {
    /// A tap selects the row it is on and presses the key it is on, through `handle` as the
    /// keyboard would; the wheel is three presses of ↑ or ↓ on a list, and
    /// scrolls a sheet that does not fit three lines.
    func handleMouse(_ event: MouseEvent) {
        guard mouse, let top = stack.last else { return }
        // Keys read with the tap acted already: a second tap is judged on what they would draw.
        var current: [String]?
        if pointer.followsATap, layoutBehind, !windowTooSmall, let laidOut, case .release = event.action {
            let seen = pointer.drawn
            _ = frame(columns: laidOut.columns, rows: laidOut.rows)
            current = pointer.drawn?.texts
            // The tap's own key is laid out for as any key is (after its row is selected).
            (pointer.drawn, layoutBehind) = (seen, true)
        }
        switch pointer.intent(of: event, view: view, now: clock.now(), current: current) {
        case .nothing:
            return
        case .tap(let row, var key):
            pointerActed = true
            // A card cut off at its top (its button under "↑ more", its title out of view) is
            // selected by a tap, never acted on: what a key acts on is on screen (screens.md).
            if let row, key != nil, let laidOut, laidOut.view == view, !laidOut.layout.isSheet,
                laidOut.layout.lines.contains(where: { $0.target.row == row }), !laidOut.layout.wholeRows.contains(row)
            {
                key = nil
            }
            if let row {
                message = nil
                // The row tapped is in view: the view stays where the finger found it (as the
                // wheel leaves it), rather than moving what was tapped away from under it.
                if let laidOut, laidOut.view == view, !laidOut.layout.isSheet, let viewTop = laidOut.layout.top {
                    pointer.wheeled = Pointer.Wheeled(screen: ObjectIdentifier(top), top: viewTop, movedFrom: nil)
                }
                perform { try top.select(row: row, environment) }
            }
            if let key {
                // A tap on a key in the keys list chooses it: the list closes and the key acts.
                // Typed keys never pass the list; a tap is pointed at one. Its footer's ↑↓ scroll it.
                let onFooter = laidOut.map { $0.view == view && event.row - 1 >= $0.layout.footerStart } ?? false
                if showingKeys && key != .escape && !(onFooter && [.up, .down].contains(key)) && !ScreenAction.keysList.key.matches(key) {
                    showingKeys = false
                }
                (tappedRow, tapping) = (row != nil, true)
                let changed = store.rowsChanged
                handle(key)
                (tappedRow, tapping) = (false, false)
                if store.rowsChanged != changed { pointer.tapWrote() }
            }
        case .scroll(let rows):
            let key = rows > 0 ? Key.down : Key.up
            // A list moves its selection; text with nothing to select scrolls.
            let scrollsText = laidOut.map { $0.view == view && $0.layout.isText } ?? false
            // A sheet taller than the window scrolls under the wheel, unless it holds a list
            // (its tips): the wheel never moves between its fields or chooses in one.
            if !showingKeys, !scrollsText, top.action(for: key)?.command != .select, wheelScrolledSheet(by: rows) {
                pointerActed = true
                return
            }
            guard showingKeys || top.action(for: key)?.command == .select || scrollsText && top.action(for: key) == nil else {
                return
            }
            pointerActed = true
            // A sheet's own list at its end (the last tip): the wheel goes on to scroll the sheet,
            // so that what is below the list comes into view under a finger too.
            let drawn = laidOut.flatMap { $0.view == view && $0.layout.isSheet && !showingKeys ? $0 : nil }
            // Scrolled on past the list, it goes on scrolling (back up to the list, then in it).
            if drawn != nil, !sheetFocusShown, wheelScrolledSheet(by: rows) { return }
            let before = drawn.map { window(columns: $0.columns, rows: $0.rows) }
            // A list's view moves with its selection (screens.md: "the wheel scrolls a list
            // three rows"), from where the frame left it; steps before a frame add up.
            if drawn == nil, !showingKeys, let laidOut, laidOut.view == view, !laidOut.layout.isSheet,
                let focused = laidOut.layout.focusRow, let viewTop = laidOut.layout.top,
                pointer.wheeled.map({ $0.screen != ObjectIdentifier(top) || $0.movedFrom == nil }) ?? true
            {
                pointer.wheeled = Pointer.Wheeled(screen: ObjectIdentifier(top), top: viewTop, movedFrom: focused)
            }
            // One gesture: its steps act on the window it was made on, with no frame laid out
            // between them (three frames a step on a long screen would break the frame budget).
            for _ in 0..<abs(rows) where !quitting {
                handleOne(key)
                layoutBehind = false
            }
            if let drawn, window(columns: drawn.columns, rows: drawn.rows) == before { _ = wheelScrolledSheet(by: rows) }
        }
    }
}

extension InteractiveApp {
    /// What the screens work with: the store, the format, the rows they are given, the clock.
    var environment: AppEnvironment {
        let rows = spokenRows ?? terminal?.size.rows ?? headlessRows
        var environment = AppEnvironment(store: store, format: format, rows: rows, bars: bars, clock: clock, page: page(rows: rows))
        if spokenRows == nil, let laidOut, laidOut.view == view {
            environment.rowsShown = laidOut.layout.wholeRows
            environment.linesBelowFocus = laidOut.layout.linesBelowFocus
            environment.linesInView = laidOut.layout.linesInView
        }
        return environment
    }

    /// A page of the list showing: the rows in view as the window last drew it, less one; a list
    /// not drawn yet (or said, not drawn) pages by what a window of `rows` shows.
    private func page(rows: Int) -> Int {
        guard spokenRows == nil, let laidOut, laidOut.view == view else { return ListCursor.page(rows: rows) }
        return max(1, laidOut.layout.rowsInView - 1)
    }
}
