import DashPilotCore
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md, "Layout in any window", in process at the four sizes of the design.
@Suite("Every window, from 40×12")
struct EveryWindowTests {
    static let sizes = [(40, 12), (60, 20), (100, 32), (160, 50)]

    /// A store with `shifts` completed shifts a day apart up to 28 November 2026, each from
    /// 5:00 to 5:46 PM with a delivery to "Example Diner" (accepted 5:01, arrived 5:06, picked up
    /// 5:16, delivered 5:26) and one cancelled at "Nowhere Noodles" (accepted 5:06, arrived 5:11,
    /// cancelled 5:26), earnings $1,284.00; then a running shift from 6:00 PM on 29 November with
    /// three deliveries, the second at "Nowhere Noodles".
    static func store(shifts: Int = 2) throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-28 17:00:00")
        clock.advance(-86_400 * Double(shifts - 1))
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for _ in 0..<shifts {
            let shift = try store.startShift()
            clock.advance(60)
            for (number, name) in ["Example Diner", "Nowhere Noodles"].enumerated() {
                _ = try store.acceptDelivery()
                _ = try store.setPickupPlace(try PickupPlaceName(name), delivery: number + 1, shiftID: nil)
                clock.advance(300)
                _ = try store.record(.arrive, delivery: number + 1)
            }
            clock.advance(300)
            _ = try store.record(.pickUp, delivery: 1)
            clock.advance(600)
            _ = try store.record(.deliver, delivery: 1)
            _ = try store.record(.cancel, delivery: 2)
            clock.advance(1200)
            _ = try store.endShift()
            _ = try store.setEarnings(Money(cents: 128_400), shiftID: shift.id)
            clock.advance(86_400 - 2760)
        }
        clock.set("2026-11-29 18:00:00")
        _ = try store.startShift()
        for number in 1...3 {
            clock.advance(60)
            _ = try store.acceptDelivery()
            if number == 2 { _ = try store.setPickupPlace(try PickupPlaceName("Nowhere Noodles"), delivery: 2, shiftID: nil) }
        }
        return dash
    }

    static func lines(_ window: Window) -> [String] {
        window.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("What a key acts on is always in view: the selected card's title and its button", arguments: sizes)
    func whatAKeyActsOnIsInView(columns: Int, rows: Int) throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        for (key, number) in [(Window.up, 2), (Window.up, 1), (Window.down, 2), (Window.down, 3)] {
            window.press(key)
            let screen = window.screen
            #expect(screen.contains("▸ Delivery \(number) · Accepted"), "\(screen)")
            let title = try #require(Self.lines(window).firstIndex { $0.contains("▸ Delivery \(number)") })
            #expect(Self.lines(window)[title...].contains { $0.contains("Arrived at Pickup") }, "\(screen)")
        }
    }

    @Test("A figure is never cut: rows wrap their figures, only a name shortens", arguments: sizes)
    func aFigureIsNeverCut(columns: Int, rows: Int) throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        window.press("h")
        #expect(window.screen.contains("5:00 PM – 5:46 PM") && window.screen.contains("2 deliveries") && !window.screen.contains("…"))
        window.press(Window.escape, "w")
        #expect(
            window.screen.contains("2 cancelled") && window.screen.contains("$2,568.00") && !window.screen.contains("…"), "\(window.screen)"
        )
        window.press(Window.enter)
        #expect(window.screen.contains("Shift 3") && window.screen.contains("running since 6:00 PM"), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("▸ Shift 2") && window.screen.contains("5:00 PM – 5:46 PM"), "\(window.screen)")
        for line in Self.lines(window) { #expect(DisplayWidth.of(line) <= columns, "\(line)") }
    }

    @Test("A selected log entry shows its times", arguments: sizes)
    func theSelectedLogEntryShowsItsTimes(columns: Int, rows: Int) throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        window.press("h", Window.enter)
        #expect(window.screen.contains("▸ Delivery 1 · Delivered") && window.screen.contains("Delivered           5:26 PM"))
        // An entry taller than the window (at 40×12) shows the rest of it before ↓ moves on.
        for _ in 0..<2 where !window.screen.contains("▸ Delivery 2") { window.press(Window.down) }
        #expect(window.screen.contains("▸ Delivery 2 · Cancelled") && window.screen.contains("Cancelled           5:26 PM"))
        #expect(window.screen.contains("Arrived at pickup   5:11 PM"))
        // Back up over the first entry to the shift's own figures.
        for _ in 0..<12 where !window.screen.contains("Earnings $1,284.00") { window.press(Window.up) }
        #expect(window.screen.contains("Earnings $1,284.00"))
        // The log's title stays in place however it scrolls (the header).
        #expect(Self.lines(window).first?.hasPrefix("Shift ") == true, "\(window.screen)")
        // A key that acts on the selected delivery, pressed with its entry scrolled away, first
        // brings that entry back into view; it acts once it is seen. With the entry in view under
        // the figures (every window but the smallest), it acts at once.
        window.press(Window.home, "t")
        if rows > 12 {
            #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
        } else {
            #expect(window.screen.contains("▸ Delivery 1 · Delivered") && !window.screen.contains("pay?"), "\(window.screen)")
            window.press("t")
            #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
        }
        window.press(Window.escape, Window.end)
        #expect(Self.lines(window).first?.hasPrefix("Shift ") == true, "\(window.screen)")
    }

    @Test("A log entry taller than the window shows its foot under its title", arguments: sizes)
    func aTallLogEntryShowsItsFootUnderItsTitle(columns: Int, rows: Int) throws {
        // screens.md: "What a key will act on is always on screen … the footer gives way first
        // …, then the card's secondary lines." At 40×12, ↓ on an entry taller than the window
        // scrolled to its button, its title out of view and the footer back to three lines:
        // `t` then asked what a delivery named nowhere on screen paid.
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        window.press("h", Window.enter, Window.down)
        // Only at 40×12 is the entry taller than the window: there ↓ shows its foot first.
        guard rows == 12 else {
            #expect(window.screen.contains("▸ Delivery 2"), "\(window.screen)")
            return
        }
        #expect(window.screen.contains("▸ Delivery 1 · Delivered"), "\(window.screen)")
        #expect(window.screen.contains("[ Change Pickup Place ]"), "\(window.screen)")
        window.press("t")
        #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
    }

    @Test("A place's history scrolls up to its summary and waits", arguments: sizes)
    func aPlacesHistoryScrollsUpToItsSummary(columns: Int, rows: Int) throws {
        let dash = try Self.store(shifts: 30)
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        window.press("l", Window.enter)
        #expect(window.screen.contains("Example Diner") && !window.screen.contains("…"))
        for _ in 0..<5 { window.press(Window.down) }
        for _ in 0..<60 where !window.screen.contains("Typical recorded wait") { window.press(Window.up) }
        #expect(window.screen.contains("Typical recorded wait 10 min"), "\(window.screen)")
        window.press(Window.end)
        #expect(window.screen.contains("Fri, Oct 30 · Shift 1 · Delivery 1"), "\(window.screen)")
        window.press(Window.home)
        #expect(window.screen.contains("Example Diner") && window.screen.contains("Typical recorded wait"))
    }

    @Test("Every list pages: PgUp PgDn Home End", arguments: [(40, 12), (100, 32)])
    func everyListPages(columns: Int, rows: Int) throws {
        let dash = try Self.store(shifts: 40)
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        window.press("h")
        #expect(window.screen.contains("▸ Shift 40 "))
        window.press(Window.end)
        #expect(window.screen.contains("▸ Shift 1 ") && !window.screen.contains("Shift 40 "))
        window.press(Window.home)
        #expect(window.screen.contains("▸ Shift 40 "))
        // A page is the rows in view, less one: each row whole ends with its deliveries.
        let inView = Self.lines(window).filter { $0.contains("deliveries") }.count
        window.press(Window.pageDown)
        #expect(window.screen.contains("▸ Shift \(40 - (inView - 1)) "), "\(window.screen)")
        window.press(Window.pageUp)
        #expect(window.screen.contains("▸ Shift 40 "))
    }

    @Test("Sheets close: their corners sit on their sides at every width", arguments: sizes)
    func sheetsClose(columns: Int, rows: Int) throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
        window.press(Window.up, "p")
        let lines = Self.lines(window).filter { !$0.isEmpty }
        let top = try #require(lines.first { $0.hasPrefix("┌") })
        let bottom = try #require(lines.first { $0.hasPrefix("└") }, "\(window.screen)")
        #expect(top.hasSuffix("┐") && bottom.hasSuffix("┘"))
        #expect(DisplayWidth.of(top) == columns && DisplayWidth.of(bottom) == columns)
        for line in lines where line.hasPrefix("│") { #expect(line.hasSuffix("│") && DisplayWidth.of(line) == columns, "\(line)") }
        // The place's name in the title wraps under it, never cut.
        #expect(window.screen.contains("Nowhere Noodles") && !lines[0].contains("…"))
    }

    @Test func theCursorIsTheTerminalsOwnInTheFieldAndHiddenElsewhere() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 60, rows: 20)
        #expect(window.harness.press("").hasSuffix("\u{1B}[?25l"))
        window.press("p")
        window.type("Sample")
        let frame = window.harness.press("")
        let row = try #require(Self.lines(window).firstIndex { $0.contains("Name  [ Sample") })
        let column = try #require(Self.lines(window)[row].range(of: "Sample")).upperBound.utf16Offset(in: Self.lines(window)[row])
        #expect(frame.hasSuffix("\u{1B}[\(row + 1);\(column + 1)H\u{1B}[?25h"), "\(frame.suffix(20).debugDescription)")
        #expect(!window.screen.contains("_"))
    }

    @Test func theKeysListScrollsAndNoKeyLeaksUnderIt() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 40, rows: 12)
        window.press("?")
        #expect(window.screen.contains("Keys on this screen") && window.screen.contains("↓ more"))
        // Each ↓ shows itself: the selected key moves, as a list's selection does.
        #expect(window.screen.contains("▸ a       accept"), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("▸ ↑↓") && !window.screen.contains("▸ a "), "\(window.screen)")
        for _ in 0..<20 { window.press(Window.down) }
        #expect(window.screen.contains("q       quit"), "\(window.screen)")
        // a accepts nothing while the list is open.
        window.press("a")
        #expect(window.screen.contains("Keys on this screen"))
        window.press(Window.escape)
        #expect(window.screen.contains("3 deliveries"))
    }

    /// screens.md: "Buttons are as wide as the window up to 60 columns, their key beside their
    /// label"; the pickup control's key sits at the button's right edge.
    @Test("A button is as wide as the window up to 60 columns", arguments: [(40, 36), (60, 56), (64, 60), (100, 60), (160, 60)])
    func aButtonIsAsWideAsTheWindowUpTo60Columns(columns: Int, width: Int) throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: 40)
        let lines = window.screen.split(separator: "\n").map(String.init)
        let top = try #require(lines.first { $0.contains("┏") }, "\(window.screen)")
        #expect(DisplayWidth.of(top.trimmingCharacters(in: .whitespaces)) == width, "\(top)")
        let control = try #require(lines.first { $0.contains("[ ") && $0.hasSuffix("p") || $0.contains("[ ") && $0.contains(" p") })
        #expect(
            DisplayWidth.of(control.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)) == width + 2, "\(control)")
    }

    /// cli.md: "`?` Lists the keys of this screen": on a list, the paging keys too, which the
    /// footer leaves out to stay short.
    @Test func theKeysListOfAListNamesItsPagingKeys() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        window.press("h", "?")
        for key in ["PgUp    page up", "PgDn    page down", "Home    first", "End     last"] {
            #expect(window.screen.contains(key), "\(window.screen)")
        }
        window.press(Window.escape)
        #expect(!window.screen.contains("page down"), "\(window.screen)")
    }

    @Test func aWindowTooSmallAsksForALargerOneAndDrawsNothingOutsideIt() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 40, rows: 12)
        window.harness.resize(columns: 20, rows: 5)
        let lines = Self.lines(window)
        #expect(lines.count <= 5 && lines.allSatisfy { DisplayWidth.of($0) <= 20 }, "\(lines)")
        #expect(window.screen.contains("at least 40 × 12"))
        // No key acts on the screen it hides, and the screens come back whole in a larger window.
        window.press("a")
        window.harness.resize(columns: 40, rows: 12)
        #expect(window.screen.contains("3 deliveries"))
    }

    @Test func whereTheLocaleIsNotUTF8TheProgramDrawsInASCII() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 60, rows: 20, environment: ["LANG": "C", "LC_ALL": ""])
        // Boxes with +, - and | (screens.md), the large buttons' as well.
        let running = window.screen
        #expect(running.contains("  +------") && running.contains("| ") && !running.contains("="), "\(running)")
        window.press(Window.up, "p")
        let screen = window.screen
        let ascii = screen.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(screen)")
        #expect(screen.contains("+ Change pickup place - Delivery 2") && screen.contains("| Recent"))
    }

    /// screens.md: `…` is drawn as `...` where the locale is not UTF-8, and "Boxes close": the
    /// three dots take the place of the two characters before them, so nothing after them moves.
    @Test func whereTheLocaleIsNotUTF8AShortenedNameKeepsItsRowsColumnsAndBoxes() throws {
        let dash = try Self.store()
        let long = "The Extraordinarily Long Named Imaginary Bistro and Noodle Emporium of the Seventh Street"
        dash.run(["pickup", "set", "2", long], at: "2026-11-29 18:10:00")
        let unicode = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        let plain = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32, environment: ["LANG": "C", "LC_ALL": ""])
        for window in [unicode, plain] { window.press("l") }
        let row = { (window: Window) in
            window.screen.split(separator: "\n").first { $0.contains("The Extraordinarily") }.map(String.init) ?? ""
        }
        // The same columns as in UTF-8, the name three dots shorter, nothing at the right edge.
        func column(_ text: String) -> Int? {
            text.range(of: "first named").map { text.distance(from: text.startIndex, to: $0.lowerBound) }
        }
        #expect(column(row(plain)) != nil && column(row(plain)) == column(row(unicode)), "\(row(plain))")
        #expect(row(plain).contains("Bistro...  first named"), "\(row(plain))")
        let trimmed = row(plain).trimmingCharacters(in: .whitespaces)
        #expect(trimmed.hasSuffix("deliveries") || trimmed.hasSuffix("delivery"), "\(row(plain))")
        plain.harness.resize(columns: 40, rows: 24)
        plain.press(Window.escape, Window.up, "p")
        for line in plain.screen.split(separator: "\n") where line.contains("The Extraordinarily") {
            #expect(line.hasSuffix("|") && !line.hasSuffix("...|") || line.contains("..."), "\(line)")
            #expect(
                line.trimmingCharacters(in: .whitespaces).hasPrefix("|") == line.trimmingCharacters(in: .whitespaces).hasSuffix("|"),
                "\(line)")
        }
    }

    /// platform.md: a name another tool wrote with control characters in it is shown escaped;
    /// screens.md: "A figure is never cut". The row measured the name before escaping it, so its
    /// figures began up to ten columns late and ran off the window; a field's cursor stood inside
    /// the escaped text.
    @Test func aNameShownEscapedKeepsItsRowsColumnsAndItsFieldsCursor() throws {
        let dash = try Self.store()
        let escapes = "'Clear' || char(27) || '[2J' || char(27) || '[HScreen'"
        _ = RestoreOverDamageTests.sqlite(dash, dash.storePath, "UPDATE pickup_place SET display_name = \(escapes) WHERE id = 1")
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        window.press("l")
        let rows = window.screen.split(separator: "\n").filter { $0.contains("first named") }
        try #require(rows.count >= 2, "\(window.screen)")
        let columns = Set(rows.map { DisplayWidth.of(String($0[..<$0.range(of: "first named")!.lowerBound])) })
        #expect(columns.count == 1, "\(window.screen)")
        #expect(rows.allSatisfy { $0.hasSuffix("deliveries") || $0.hasSuffix("delivery") }, "\(window.screen)")
        #expect(!window.screen.contains("\u{1B}") && window.screen.contains("Clear\\u{1B}[2J"))
        // Renamed in a window too narrow for the whole escaped name: the field scrolls to its end,
        // where the cursor is, and shows it.
        let small = try Window(dash, at: "2026-11-29 18:10:00", columns: 40, rows: 12)
        small.press("l")
        small.type("clear")
        small.press(Window.enter, "r")
        let field = small.screen.split(separator: "\n").first { $0.contains("[ ") }.map(String.init) ?? ""
        #expect(field.contains("HScreen"), "\(small.screen)")
    }

    /// screens.md: "a row too narrow for its figures wraps them onto a second line". At 40
    /// columns a band's row in a place's history was joined into one unaligned line ("Dinner 4 6
    /// min 30 s 5 – 8 min") and the table's heading broke inside "shortest – longest".
    @Test func aNarrowWindowPutsABandsRangeUnderItsTypicalWait() throws {
        let dash = try Self.store(shifts: 30)
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 40, rows: 50)
        window.press("l", Window.enter, Window.home)
        let lines = Self.lines(window)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("By time of day") }, "\(window.screen)")
        #expect(lines[heading + 1].hasSuffix("shortest – longest") && lines[heading + 1].hasPrefix("   "), "\(window.screen)")
        let wrapped = lines.indices.filter {
            lines[$0].hasPrefix("  ") && lines[$0].contains("  too few") == false && lines[$0].contains(" min")
        }
        let band = try #require(wrapped.first { lines[$0].hasPrefix("  Dinner") || lines[$0].hasPrefix("  Afternoon") }, "\(window.screen)")
        #expect(lines[band + 1].hasPrefix("                          ") && lines[band + 1].contains(" – "), "\(window.screen)")
    }

    /// The completed shifts' footer and keys line left out `↑↓ select` and `Enter open log`, its
    /// main keys, in every window and in the screen-reader mode: they were taken from the screen
    /// as it is with no shift, whose rows have nothing to select or open.
    @Test func theCompletedShiftsNameTheirMainKeys() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        window.press("h")
        let footer = Self.lines(window).last ?? ""
        #expect(footer.contains("↑↓ select") && footer.contains("Enter open log"), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-29 18:10:00")
        let said = reader.press("h").joined(separator: "\n")
        #expect(said.contains("Enter open log"), "\(said)")
    }

    /// screens.md: `…` is drawn as `...` where the locale is not UTF-8. The merge sheet's title
    /// ends in the program's own "into…", which was taken for a shortened name and lost two
    /// letters: "Merge Nowhere Noodles in...".
    @Test func whereTheLocaleIsNotUTF8TheMergeTitleKeepsItsWords() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 60, rows: 20, environment: ["LANG": "C", "LC_ALL": ""])
        window.press("l", "n", "o", "w", Window.enter, "m")
        #expect(window.screen.contains("Merge Nowhere Noodles into..."), "\(window.screen)")
    }

    /// screens.md: "only a row of a list may shorten a name". The places list shortened every
    /// name to 37 columns at any width: at 160 columns, two places that differ at their ends read
    /// the same, beside 80 empty columns.
    @Test func aWideWindowShowsLongerNamesWholeInThePlacesList() throws {
        let dash = try Self.store()
        let long = "The Extraordinarily Long Named Imaginary Bistro and Noodle Emporium West"
        dash.run(["pickup", "set", "2", long], at: "2026-11-29 18:10:00")
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 160, rows: 50)
        window.press("l")
        #expect(window.screen.contains(long + "  "), "\(window.screen)")
        window.harness.resize(columns: 60, rows: 20)
        #expect(window.screen.contains("The Extraordinarily Long") && !window.screen.contains(long), "\(window.screen)")
    }

    /// screens.md: "only a row of a list may shorten a name, and the full name is one `Enter`
    /// away": on a delivery card `Enter` records a step, so the card's place wraps whole.
    @Test("A delivery card's place name wraps and is never cut", arguments: [40, 100])
    func aCardsPlaceNameWraps(columns: Int) throws {
        let dash = try Self.store()
        let long = "The Extraordinarily Long Named Imaginary Bistro and Noodle Emporium of the Seventh Street Quarter"
        dash.run(["pickup", "set", "2", long], at: "2026-11-29 18:10:00")
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: 30)
        let screen = window.screen
        #expect(!screen.contains("…"), "\(screen)")
        let words = screen.split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "│" }).joined(separator: " ")
        #expect(words.contains(long), "\(screen)")
    }

    @Test("Typing filters the merge list as it filters the places", arguments: [(40, 12), (100, 32)])
    func typingFiltersTheMergeList(columns: Int, rows: Int) throws {
        let dash = try Self.store()
        for _ in 0..<3 { dash.run(["delivery", "accept"], at: "2026-11-29 18:20:00") }
        for (number, name) in [(4, "Sample Noodle Bar"), (5, "Noodle Example House"), (6, "Test Kitchen")] {
            dash.run(["pickup", "set", String(number), name], at: "2026-11-29 18:20:00")
        }
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: columns, rows: rows)
        window.press("l")
        window.type("example")
        window.press(Window.enter, "m")
        #expect(window.screen.contains("Merge Example Diner into"))
        window.type("NOODLE")
        #expect(window.screen.contains("3 of 4 match"), "\(window.screen)")
        #expect(window.screen.contains("Noodle Example House") && window.screen.contains("Nowhere Noodles"))
        #expect(!window.screen.contains("Test Kitchen"))
        window.press(Window.down, Window.enter)
        #expect(window.screen.contains("Merge \"Example Diner\" into") && window.screen.contains("Noodles\"?"), "\(window.screen)")
    }
}
