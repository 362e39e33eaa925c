import DashPilotScreens
import Foundation

extension ScreenBuffer {
    /// A window as laid out: its lines, and what a key next needs to know of them.
    struct Layout {
        var lines: [Line] = []
        /// How many lines the driver scrolled the window past where the focused lines put it.
        var scrolled = 0
        /// How far the driver can scroll it from there: up to its top, down to its end.
        var scrollable = 0...0
        /// Whether the focused lines show whole (or nothing is focused).
        var focusShown = true
        /// Whether the focused lines end on a selected row that shows whole.
        var selectedRowShown = false
        /// How far (as `scrolled`) an open sheet scrolls with its selected row whole in view.
        var keepsSelectedRow: ClosedRange<Int>?
        /// The keys drawn on the buttons in view (not on a row, nor among a sheet's keys).
        var buttonKeys: [ScreenAction.Key] = []
        /// Whether it is an open sheet's.
        var isSheet = false
        /// Whether it is text with nothing to select or type into (a confirmation), which scrolls.
        var isText = false
        /// How many rows of the list show whole; without rows (keys list), how many lines that scroll.
        var rowsInView = 0
        /// The rows of the screen's list that show whole.
        var wholeRows: Set<Int> = []
        /// How many of the lines that scroll show.
        var linesInView = 0
        /// How many lines show below the last focused line, where it shows; `nil` otherwise.
        var linesBelowFocus: Int?
        /// Where the view of a list starts, by its rows (a list lays out only the rows near its
        /// selection, so a line's number names another row from one frame to the next).
        var top: ViewTop?
        /// The row of the screen's list the focused lines belong to, if any.
        var focusRow: Int?
        /// The first line of the footer of keys.
        var footerStart = 0
    }

    /// Where a list's view starts: `offset` lines below the first line of row `row` (negative:
    /// above it, on the lines between rows).
    struct ViewTop: Equatable {
        var row: Int
        var offset: Int
    }

    /// The window's lines: the header pinned at the top, the footer of keys and the message
    /// (wrapped, never cut) pinned at the bottom, and the lines between scrolled so that the
    /// focused ones are in view, with "↑ more" and "↓ more" where they continue; `scrolled` lines
    /// further, where the driver scrolled a sheet. An open sheet's box keeps its top border and
    /// its keys with its bottom border in view, says "↑ more" inside its sides, and leaves no row
    /// for a message it has not got. Each line keeps what a tap on it does where it is shown, and
    /// which line of the buffer it shows.
    /// `anchor`: where the wheel left a list's view (a `Layout.top`), which stays while the
    /// selected row shows in it and moves only as far as the selected row needs.
    func layout(rows: Int, message: String?, scrolled: Int = 0, anchor: ViewTop? = nil) -> Layout {
        var footerLines = Pieces.keys(footer, width: width)
        let messageLines = message.map { Self.wrap(TerminalText.safe($0), width: width) } ?? []
        let messageRows = box == nil ? max(1, messageLines.count) : messageLines.count
        // What a key acts on comes first: where the focused lines (a selected row, a card to its
        // button) would not fit under the header beside the whole footer, the footer gives way,
        // down to one line; only then ("when they do not fit, the footer gives way first").
        if footerLines.count > 1, let compactFooter, !focusFits(room: rows - footerLines.count - messageRows, keepingHeader: true) {
            footerLines = Pieces.keys(compactFooter, width: width)
        }
        let room = max(1, rows - footerLines.count - messageRows)
        // A sheet's keys give way next, to one line; then the secondary lines among the
        // focused ones, in their order.
        var fitted = boxKeysFit(room: room) ? self : withCompactBoxKeys()
        // They stay in place on one line at least ("the footer of keys stay in place"): where a
        // field down to its selected row does not fit beside them, the selected row alone is
        // kept in view (a tip under the pay field), and the field scrolls; beside that row
        // alone, they may show whole again.
        if !fitted.boxKeysFit(room: room, compact: false) {
            let narrowed = narrowedToSelectedRow()
            fitted = narrowed.boxKeysFit(room: room) ? narrowed : narrowed.withCompactBoxKeys()
        }
        // The header stays in place ("From 40×12 up"), however tall, where what a key acts on
        // still fits beside it once its secondary lines gave way (a refusal of four lines under
        // a 12-hour line); else one taller than half the room scrolls with what it heads.
        // A sheet's keys give way to one line for it too (the pickup sheet's title naming a place).
        func keepingHeader(_ start: ScreenBuffer) -> ScreenBuffer? {
            var keeping = start
            while !keeping.focusFits(room: room, keepingHeader: true, exactly: true), let order = keeping.nextToGiveWay {
                keeping = keeping.without(givingWay: order)
            }
            return keeping.focusFits(room: room, keepingHeader: true, exactly: true) ? keeping : nil
        }
        if let kept = keepingHeader(fitted) ?? keepingHeader(fitted.withCompactBoxKeys()) {
            fitted = kept
            fitted.keepsHeader = true
        } else if box == nil, !messageLines.isEmpty {
            // A message shows until the next key: the header stays in place over it ("From 40×12
            // up") and the list gives way, down to what a key acts on, which comes before the
            // header ("however small the window"): beside a refusal of seven lines, it scrolls.
            fitted.keepsHeader = true
        }
        while !fitted.focusFits(room: room), let order = fitted.nextToGiveWay { fitted = fitted.without(givingWay: order) }
        if box == nil, !messageLines.isEmpty, !fitted.focusFits(room: room, exactly: true) {
            var scrolling = fitted
            (scrolling.keepsHeader, scrolling.headerCount) = (false, 0)
            if scrolling.focusFits(room: room, exactly: true) { fitted = scrolling }
        }
        // Still taller than the window (a sheet's field down to its selected tip): what a key
        // acts on is always on screen, so the selected row stays in view rather than the field.
        if !fitted.focusFits(room: room) { fitted = fitted.narrowedToSelectedRow() }
        var layout = fitted.laidOut(room: room, scrolled: scrolled, anchor: anchor)
        // A message the screen shows already in view (why Merge is disabled, after `m`) is not
        // said twice: its rows stay empty, every one the room was measured without.
        var said = messageLines
        let inView = Set(layout.lines.map { $0.text.trimmingCharacters(in: .whitespaces) })
        if said.allSatisfy({ inView.contains($0.trimmingCharacters(in: .whitespaces)) }) { said = said.map { _ in "" } }
        layout.lines += (messageRows == 0 ? [] : said.isEmpty ? [""] : said).map { Line(text: $0, style: .warning) }
        layout.footerStart = layout.lines.count
        layout.lines += footerLines.map {
            Line(text: DisplayWidth.fit($0.text, width), style: .dim, target: TapTarget(spots: $0.spots).shifted(by: 0, width: width))
        }
        if plainCharacters {
            layout.lines = layout.lines.map {
                var line = $0
                line.text = PlainCharacters.line($0.text, columns: width)
                return line
            }
        }
        return layout
    }

    /// The lines that stay in place in `room` rows: how many at the top (the header; a header
    /// taller than half the window scrolls with what it heads, a sheet's top border stays), and
    /// which at the foot (a sheet's bottom border, with its keys where the focused lines still fit,
    /// or given way to one line beside a line of them: "the footer of keys stay in place").
    private func pinned(room: Int) -> (header: Int, trailer: [Int]) {
        var trailer: [Int] = []
        if let box, let bottom = box.bottom, bottom == lines.count - 1, bottom > box.top + 1 {
            trailer = [bottom]
            if let keys = boxKeysStart, keys > box.top + 1, keys <= bottom,
                focusFitsBeside(keys: keys, bottom: bottom, room: room) || (bottom - keys <= 1 && room >= 6)
            {
                trailer = Array(keys...bottom)
            }
        }
        var header = keepsHeader || headerCount * 2 <= room - trailer.count ? headerCount : 0
        if let box, box.top == 0 { header = max(header, 1) }
        return (min(header, room), trailer)
    }

    /// Whether a sheet's keys stay in place whole with its bottom border, its focused lines
    /// fitting beside them in `room` rows (or it has no keys that give way).
    /// `compact`: only where they can give way to one line.
    private func boxKeysFit(room: Int, compact: Bool = true) -> Bool {
        guard let keys = boxKeysStart, let bottom = box?.bottom, !compact || boxCompactKeys != nil else { return true }
        return focusFitsBeside(keys: keys, bottom: bottom, room: room)
    }

    /// Whether the focused lines, with "↑ more" and "↓ more", fit in `room` rows beside the top
    /// border and the sheet's keys from line `keys` to its bottom border at line `bottom`.
    private func focusFitsBeside(keys: Int, bottom: Int, room: Int) -> Bool {
        let focused = focus.map { $0.last - $0.first + 1 } ?? 1
        return focused + 2 <= room - 1 - (bottom - keys + 1)
    }

    /// The window of `room` lines over the message and the footer.
    private func laidOut(room: Int, scrolled: Int, anchor: ViewTop?) -> Layout {
        let (pinnedCount, trailer) = pinned(room: room)
        let header = Array(lines.indices.prefix(pinnedCount))
        let body = Array(lines.indices.dropFirst(header.count).dropLast(trailer.count))
        let bodyRoom = max(0, room - header.count - trailer.count)
        var layout = Layout(lines: header.map(shownLine), isSheet: box != nil, isText: box == nil && focus == nil)
        var shownBody = body[...]
        if body.count <= bodyRoom {
            layout.lines += body.map(shownLine)
        } else if bodyRoom > 0 {
            let base = header.count
            let first = min(body.count - 1, max(0, (focus?.first ?? 0) - base))
            let last = min(body.count - 1, max(first, (focus?.last ?? 0) - base))
            // Where the window ends if it starts at `start`: room for "↑ more" when anything is
            // above, and for "↓ more" when anything is left below.
            func end(from start: Int) -> Int {
                let top = start > 0 ? 1 : 0
                let all = min(body.count, start + bodyRoom - top)
                return all == body.count ? all : max(start + 1, min(body.count, start + bodyRoom - top - 1))
            }
            // The focused lines (a selected row whole, a card's title to its button) are in
            // view; above them, as much as fits. Taller than the window, they show from the top.
            var start = 0
            while end(from: start) <= last && start < first { start += 1 }
            // The last row of a list selected (with controls focused under it), the lines under
            // it (a hint, a reason) show with it, as many as fit: nothing else brings them in.
            if box == nil, lines[(base + first)...(base + last)].contains(where: { $0.target.row != nil }),
                !lines[(base + last + 1)...].contains(where: { $0.target.row != nil })
            {
                while end(from: start) < body.count && start < first { start += 1 }
            }
            // A sheet the driver scrolled shows as far from there as there is to show; how far
            // keeps its selected row (a tip) in view is said, for the selection to move with it.
            var latest = 0
            while end(from: latest) < body.count { latest += 1 }
            layout.scrollable = -start...max(0, latest - start)
            if box != nil, let row = selectedRowLines.map({ ($0.lowerBound - base)...($0.upperBound - base) }) {
                var (above, below) = (start, start)
                while above > 0, end(from: above - 1) > row.upperBound { above -= 1 }
                while below < min(latest, row.lowerBound), end(from: below + 1) > row.upperBound { below += 1 }
                layout.keepsSelectedRow = (above - start)...(below - start)
            }
            // The wheel scrolled a list: its view stays there while the selected row shows
            // in it (screens.md: the wheel "moves the selection with the view").
            if let anchor, box == nil, let row = focus?.first, lines[row].target.row != nil,
                let anchored = lines.firstIndex(where: { $0.target.row == anchor.row })
            {
                start = max(start, min(anchored + anchor.offset - base, first, latest))
            }
            // "↑ more" only where something is above: over blank lines alone, the view starts at
            // the top (a list's first row selected after the wheel or End, then Home).
            if start > 0, body[..<start].allSatisfy({ lines[$0].text.allSatisfy(\.isWhitespace) }), end(from: 0) > last { start = 0 }
            if scrolled != 0 {
                let followed = start
                start = min(latest, max(0, start + scrolled))
                layout.scrolled = start - followed
            }
            let end = min(end(from: start), body.count)
            layout.top = viewTop(from: base + start)
            if start > 0 { layout.lines.append(more("↑ more")) }
            shownBody = body[start..<end]
            layout.lines += shownBody.map(shownLine)
            if end < body.count { layout.lines.append(more("↓ more")) }
        }
        layout.lines = Array(layout.lines.prefix(room - trailer.count)) + trailer.map(shownLine)
        layout.lines += Array(repeating: Line(text: "", style: .normal), count: max(0, room - layout.lines.count))
        layout.focusRow = focusRow
        if let (first, last) = focus {
            let shown = Set(layout.lines.compactMap(\.source))
            layout.focusShown = (first...last).allSatisfy { shown.contains(lines[$0].source ?? $0) }
            layout.selectedRowShown = selectedRowLines?.allSatisfy { shown.contains(lines[$0].source ?? $0) } ?? false
        }
        let keysStart = boxKeysStart ?? lines.count
        layout.buttonKeys = (header + shownBody).filter { $0 < keysStart && lines[$0].target.row == nil }
            .flatMap { lines[$0].target.spots.map(\.key) }
        layout.wholeRows = wholeRows(shownBody)
        // Without rows (the keys list), a page is the lines that scroll.
        layout.rowsInView = lines.contains { $0.target.row != nil } ? layout.wholeRows.count : shownBody.count
        layout.linesInView = shownBody.count
        if let (_, last) = focus, layout.focusShown, let below = shownBody.last, below >= last { layout.linesBelowFocus = below - last }
        return layout
    }

    /// The row of the screen's list the focused lines belong to, if any.
    var focusRow: Int? { focus.flatMap { lines[$0.first].target.row } }

    /// Where a view whose first line is line `start` stands among the list's rows: the first row
    /// at or below it, and how far below that row's first line it starts.
    private func viewTop(from start: Int) -> ViewTop? {
        guard let at = lines[start...].firstIndex(where: { $0.target.row != nil }), let row = lines[at].target.row else { return nil }
        var first = at
        while first > 0 && lines[first - 1].target.row == row { first -= 1 }
        return ViewTop(row: row, offset: start - first)
    }

    /// The rows of the screen's list whose every line is among the lines `shown`.
    private func wholeRows(_ shown: ArraySlice<Int>) -> Set<Int> {
        var all: [Int: Int] = [:]
        for line in lines { if let row = line.target.row { all[row, default: 0] += 1 } }
        guard !all.isEmpty else { return [] }
        var seen: [Int: Int] = [:]
        for index in shown { if let row = lines[index].target.row { seen[row, default: 0] += 1 } }
        return Set(seen.filter { all[$0.key] == $0.value }.keys)
    }

    /// Whether the focused lines, with a line for "↑ more" and one for "↓ more", fit in `room`
    /// rows between what stays in place (all of the lines fit, or nothing is focused: they do);
    /// `keepingHeader`: with the whole header in place, however tall; `exactly`: with a line for
    /// "↑ more" or "↓ more" only where lines stand above or below them.
    private func focusFits(room: Int, keepingHeader: Bool = false, exactly: Bool = false) -> Bool {
        guard let (first, last) = focus else { return true }
        var (header, trailer) = pinned(room: room)
        if keepingHeader { header = max(header, min(headerCount, room)) }
        let markers = exactly ? (first > header ? 1 : 0) + (last < lines.count - trailer.count - 1 ? 1 : 0) : 2
        let bodyRoom = room - header - trailer.count
        return lines.count - header - trailer.count <= bodyRoom || last - first + 1 + markers <= bodyRoom
    }

    /// Line `index` of the buffer as the window shows it.
    private func shownLine(_ index: Int) -> Line {
        var line = lines[index]
        line.source = line.source ?? index
        return line
    }

    /// The order of the focused lines that give way first, if any does.
    private var nextToGiveWay: Int? {
        guard let (first, last) = focus else { return nil }
        return lines[first...last].compactMap(\.givesWay).min()
    }

    /// "↑ more" or "↓ more", inside the box's sides when a sheet is open.
    private func more(_ text: String) -> Line {
        guard box != nil else { return Line(text: "  " + text, style: .dim) }
        return Line(text: "│   " + text + String(repeating: " ", count: max(0, width - 6 - DisplayWidth.of(text))) + " │", style: .dim)
    }
}
