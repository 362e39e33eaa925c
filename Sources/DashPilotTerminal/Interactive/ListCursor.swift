/// Where the selection stands in a list of `count` rows, and how a key moves it: `↑` `↓` a row,
/// `PgUp` `PgDn` a page (the rows in view, less one), `Home` `End` the ends. Every list moves
/// alike.
struct ListCursor: Equatable {
    var selected = 0

    /// Moves the selection by `key` in a list of `count` rows whose page is `page` rows; returns
    /// whether `key` moves a selection at all.
    @discardableResult
    mutating func move(_ key: Key, count: Int, page: Int) -> Bool {
        let last = max(0, count - 1)
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(last, selected + 1)
        case .pageUp: selected = max(0, selected - max(1, page))
        case .pageDown: selected = min(last, selected + max(1, page))
        case .home: selected = 0
        case .end: selected = last
        default: return false
        }
        return true
    }

    /// Keeps the selection inside a list of `count` rows.
    mutating func clamp(to count: Int) { selected = min(selected, max(0, count - 1)) }

    /// A page in a window of `rows` before it is drawn (or as the screen-reader mode says a
    /// list): the one-line rows such a window shows, less one. Drawn, a list pages by the rows
    /// in view (`AppEnvironment.page`).
    static func page(rows: Int) -> Int { max(1, rows - 7) }
}

extension ListCursor {
    /// `selected` moved by `key` in a list of `count` rows whose page is `page` rows.
    static func moved(_ selected: Int, by key: Key, count: Int, page: Int) -> Int {
        var cursor = ListCursor(selected: selected)
        cursor.move(key, count: count, page: page)
        return cursor.selected
    }
}

/// A list under lines it follows from (a period's totals, a place's summary and waits): `↑` on
/// the first row scrolls back over those lines one at a time, and `↓` comes back down before it
/// moves the selection, so that in a small window every line is reachable. `Home` goes to the
/// very top, `End` to the last row.
struct ListUnderLines: Equatable {
    var cursor = ListCursor()
    /// How many of the lines above the list the view has scrolled back to (0: it follows the
    /// selected row).
    private(set) var scrolledBack = 0
    /// How many lines stand above the list, as last drawn.
    var linesAbove = 0

    var selected: Int {
        get { cursor.selected }
        set { cursor.selected = newValue }
    }

    /// Whether the list's selection is what the view follows (not a line above it).
    var followsSelection: Bool { scrolledBack == 0 }

    /// Moves by `key` over `count` rows whose page is `page` rows (lines, over the lines above);
    /// returns whether it was a moving key. `shown`: the rows the window showed whole, if known:
    /// scrolled back with the selected row still in view, every line between is in view too, and
    /// `↓` moves the selection at once rather than scrolling down through what already shows.
    /// `window`: as last drawn, the lines that showed below the focused one and the lines in view:
    /// scrolled back, `↓` brings the next line below them into view, and `PgDn` a page of them,
    /// never a line that already showed (at 40×12 a place's summary took seven dead presses).
    @discardableResult
    mutating func move(_ key: Key, count: Int, page: Int, shown: Set<Int>? = nil, window: (below: Int?, inView: Int)? = nil)
        -> Bool
    {
        let below = window?.below ?? 0
        switch key {
        case .down where scrolledBack > 0 && shown?.contains(selected) == true,
            .pageDown where scrolledBack > 0 && shown?.contains(selected) == true:
            scrolledBack = 0
            return cursor.move(key, count: count, page: page)
        case .up where selected == 0 || scrolledBack > 0: scrolledBack = min(linesAbove, scrolledBack + 1)
        // A page of the lines above is the lines in view less one, as PgDn's: the list's page
        // (its rows in view) is one row or none once its lines fill the window.
        case .pageUp where selected == 0 || scrolledBack > 0:
            scrolledBack = min(linesAbove, scrolledBack + max(page, (window?.inView ?? 0) - 1))
        case .down where scrolledBack > 0: scrolledBack = max(0, scrolledBack - 1 - below)
        case .pageDown where scrolledBack > 0:
            scrolledBack = max(0, scrolledBack - max(page, below + max(1, (window?.inView ?? 0) - 1)))
        case .home:
            selected = 0
            scrolledBack = linesAbove
        case .end:
            scrolledBack = 0
            return cursor.move(key, count: count, page: page)
        default: return cursor.move(key, count: count, page: page)
        }
        return true
    }

    /// Whether a key that acts on the selected row may act now, the rows in `shown` showing whole
    /// (`nil`: every row): it may when the row shows, and the view follows it again; scrolled
    /// away from it, the view first comes back to it, and the key acts when pressed again.
    mutating func mayActOnSelection(shown: Set<Int>?) -> Bool {
        let showing = followsSelection || shown?.contains(selected) ?? true
        scrolledBack = 0
        return showing
    }

    /// Selects row `row` (a tap on it), the view following it again.
    mutating func select(_ row: Int) {
        selected = row
        scrolledBack = 0
    }

    /// Scrolls back to the very top, the selection kept: what a key that acted on the lines above
    /// (a shift's earnings) shows next.
    mutating func scrollToTop() { scrolledBack = linesAbove }

    /// Whether line `index` of the `linesAbove` lines is the one the view scrolled back to.
    func isFocused(above index: Int) -> Bool { scrolledBack > 0 && index == linesAbove - scrolledBack }
}
