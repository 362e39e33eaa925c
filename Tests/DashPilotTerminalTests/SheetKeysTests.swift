import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md, "What a key will act on is always on screen"; cli.md, "Every key is acted on, in
/// the order pressed": a sheet taller than the window, at 40×12.
@Suite("A sheet's keys act at 40×12")
struct SheetKeysTests {
    /// A completed shift on 29 November 2026 whose one delivery has `tips` cash tips.
    static func tipped(_ tips: Int) -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run(["delivery", step, "1"], at: "2026-11-29 17:20:00") }
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        for tip in 0..<tips { dash.run(["delivery", "tip", "1", "\(tip + 1).00", "--cash", "--shift", "1"], at: "2026-11-29 18:20:00") }
        return dash
    }

    @Test func theSelectedTipStaysInViewAndItsKeysActWhenThePayFieldCannotShowWithIt() throws {
        // The focus ran from the pay field to the selected tip, taller than the window from the
        // 4th tip on: every key but Esc was then spent bringing back what could never show.
        let dash = Self.tipped(6)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t")
        for tip in 1...6 {
            window.press(Window.down)
            #expect(window.screen.contains("▸ Tip \(tip)"), "\(window.screen)")
        }
        // Del removes the selected tip (the last), and ↑ then selects the one before it.
        window.press(Window.delete)
        #expect(!window.screen.contains("Tip 6") && window.screen.contains("▸ Tip 5"), "\(window.screen)")
        window.press(Window.up, Window.delete)
        #expect(!window.screen.contains("Tip 4 ·") && window.screen.contains("▸ Tip"), "\(window.screen)")
        // c opens the cash tip's sheet at once.
        window.press("c")
        #expect(window.screen.contains("Cash tip for Delivery 1"), "\(window.screen)")
        window.press(Window.escape, Window.enter)
        #expect(!window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
    }
}

extension SheetKeysTests {
    @Test func theSheetsKeysStayInViewWhicheverTipIsSelectedAt40x12() throws {
        // screens.md: "From 40×12 up: the header and the footer of keys stay in place; what does
        // not fit scrolls". With the 3rd tip selected, the pay field down to it took the sheet's
        // keys' place: not even "Esc close" showed.
        let dash = Self.tipped(6)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t")
        for tip in 1...6 {
            window.press(Window.down)
            #expect(window.screen.contains("▸ Tip \(tip)") && window.screen.contains("Esc close"), "\(window.screen)")
        }
        for tip in (1...5).reversed() {
            window.press(Window.up)
            #expect(window.screen.contains("▸ Tip \(tip)") && window.screen.contains("Esc close"), "\(window.screen)")
        }
    }

    @Test func typingWithATipSelectedBringsThePayFieldBackIntoView() throws {
        // screens.md: "A text field scrolls so that the cursor and the characters around it are
        // always visible." With the 6th tip selected at 40×12 the pay field was scrolled away,
        // and what was typed went into it unseen.
        let dash = Self.tipped(6)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t")
        for _ in 1...6 { window.press(Window.down) }
        #expect(!window.screen.contains("Recorded pay"), "\(window.screen)")
        window.type("7.5")
        #expect(window.screen.contains("Recorded pay  [ 7.5"), "\(window.screen)")
        // No tip shows selected while the pay is typed: Del is the field's (money audit: Tip 1
        // stayed highlighted under "Del removes a tip", and Del removed none).
        #expect(!window.screen.contains("▸ Tip"), "\(window.screen)")
        // Delete while typing is the field's own: the tip selected out of view stays.
        window.press(Window.left, Window.delete)
        #expect(window.screen.contains("Recorded pay  [ 7. "), "\(window.screen)")
        let tips = (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any]).flatMap {
            ($0["deliveries"] as? [[String: Any]])?.first?["tips"] as? [Any]
        }
        #expect(tips?.count == 6)
        window.type("5")
        // ↓ and ↑ go back to the tips, and the selected one shows again.
        window.press(Window.up)
        #expect(window.screen.contains("▸ Tip 5"), "\(window.screen)")
        window.press(Window.enter)
        #expect(dash.run(["shift", "show", "1", "--json"]).stdout.contains("\"pay\": \"7.50\""))
    }

    @Test func aTipShowsSelectedOnlyWhileDelRemovesIt() throws {
        // screens.md's footer: "Del removes a tip". With Tip 1 selected and the pay then typed,
        // Tip 1 stayed highlighted, and Del took a character from the pay (the money audit).
        let dash = Self.tipped(1)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t", Window.down)
        #expect(window.screen.contains("▸ Tip 1"), "\(window.screen)")
        window.type("5")
        #expect(!window.screen.contains("▸ Tip 1") && window.screen.contains("Recorded pay  [ 5"), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("▸ Tip 1"), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-29 18:30:00")
        _ = reader.press("h") + reader.press(Window.enter) + reader.press("t") + reader.press(Window.down)
        let said = reader.press("5").joined(separator: "\n")
        #expect(!said.contains("Selected"), "\(said)")
    }

    @Test("Keys that arrive together each scroll a confirmation, and the wheel scrolls three lines")
    func keysThatArriveTogetherEachScrollAConfirmation() throws {
        // Each key added to the offset of the frame last drawn, so keys in one read overwrote
        // each other: three ↓ scrolled one line, two PgDn one page, and the wheel (three ↓) one.
        let dash = try WindowFindingsTests.places()
        func merge() throws -> Window {
            let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
            window.press("l", Window.down, Window.enter, "m", Window.enter)
            return window
        }
        let apart = try merge()
        let together = try merge()
        #expect(apart.screen.contains("↓ more"), "\(apart.screen)")
        apart.press(Window.down, Window.down, Window.down)
        together.type(Window.down + Window.down + Window.down)
        #expect(together.screen == apart.screen, "\(together.screen)")
        let wheeled = try merge()
        wheeled.wheel(down: true)
        #expect(wheeled.screen == apart.screen, "\(wheeled.screen)")
        apart.press(Window.home, Window.pageDown, Window.pageDown)
        together.press(Window.home)
        together.type(Window.pageDown + Window.pageDown)
        #expect(together.screen == apart.screen, "\(together.screen)")
        // Past its end and back in one read: the sheet stays at its end, then comes back a line.
        apart.press(Window.end, Window.up)
        together.type(String(repeating: Window.down, count: 30) + Window.up)
        #expect(together.screen == apart.screen, "\(together.screen)")
        // Ending a shift with twenty deliveries open: a text of several pages, two in one read.
        let open = Binary()
        open.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for _ in 1...20 { open.run(["delivery", "accept"], at: "2026-11-29 17:01:00") }
        let ending = try (0..<2).map { _ in try Window(open, at: "2026-11-29 17:30:00", columns: 40, rows: 12) }
        for window in ending { window.press("e") }
        ending[0].press(Window.pageDown)
        let onePage = ending[0].screen
        ending[0].press(Window.pageDown)
        #expect(ending[0].screen != onePage && ending[0].screen.contains("↓ more"), "\(ending[0].screen)")
        ending[1].type(Window.pageDown + Window.pageDown)
        #expect(ending[1].screen == ending[0].screen, "\(ending[1].screen)")
    }
}

extension SheetKeysTests {
    @Test func aTapOnAButtonShownInASheetScrolledWithPgDnDoesWhatItsKeyDoesAtOnce() throws {
        // The pay field scrolled out of view: the tap's key, checked against it, was spent
        // scrolling back to it, and the button it was on went out of view.
        let dash = Self.tipped(1)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t", Window.pageDown)
        #expect(!window.screen.contains("Recorded pay"), "\(window.screen)")
        window.tap(window.place(of: "[ Add a platform tip ]"))
        #expect(window.screen.contains("Platform tip for Delivery 1"), "\(window.screen)")
        // Its key, pressed while the button shows, acts at once too.
        window.press(Window.escape, Window.pageDown, "c")
        #expect(window.screen.contains("Cash tip for Delivery 1"), "\(window.screen)")
    }

    @Test func aTapOnARecentPlaceShownInASheetScrolledWithPgDnRecordsItAndClosesTheSheet() throws {
        // The tap selected the row, then its Enter, checked against the frame where the old
        // selection was out of view, was spent scrolling back: nothing was recorded.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let names = ["Example Diner", "Sample Sandwiches", "Placeholder Pizza", SmallWindowTests.longName]
        for (number, name) in names.enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
            dash.run(["pickup", "set", "\(number + 1)", name], at: "2026-11-29 17:01:00")
        }
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        // The title, naming the place recorded, stays in place: PgDn until the fourth shows.
        window.press("p")
        for _ in 0..<6 where window.place(of: "4  Nowhere Noodles of") == nil { window.press(Window.pageDown) }
        #expect(window.screen.contains("Change pickup place") && window.screen.contains("Old Test Yard"), "\(window.screen)")
        // The selection moved with the view, as a list's does, to the fourth place that shows
        // (screens.md: "the selected row is always in view").
        #expect(window.screen.contains("▸ 4  Nowhere Noodles of"), "\(window.screen)")
        let row = window.place(of: "4  Nowhere Noodles of")
        #expect(row != nil, "\(window.screen)")
        window.tap(row)
        #expect(!window.screen.contains("Change pickup place"), "\(window.screen)")
        #expect(window.screen.contains("▸ Delivery 4"), "\(window.screen)")
    }
}

extension SheetKeysTests {
    @Test func aLogEntryTallerThanTheWindowShowsItsPayAndButtonOnDown() throws {
        // screens.md: "what does not fit scrolls"; an entry taller than 40×12 showed from its
        // title, and its pay and its button could never be shown, by any key or the wheel.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run(["delivery", step, "1"], at: "2026-11-29 17:20:00") }
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        dash.run(["delivery", "pay", "1", "9.75", "--shift", "1"], at: "2026-11-29 18:10:00")
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter)
        #expect(window.screen.contains("▸ Delivery 1"), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("Paid $9.75") && window.screen.contains("[ Change Pickup Place ]"), "\(window.screen)")
        #expect(window.screen.contains("Delivered"), "\(window.screen)")
        // Its keys act on it where it shows; ↑ comes back to its title.
        window.press(Window.up)
        #expect(window.screen.contains("▸ Delivery 1"), "\(window.screen)")
        window.wheel(down: true)
        #expect(window.screen.contains("[ Change Pickup Place ]"), "\(window.screen)")
        window.press("p")
        #expect(window.screen.contains("Change pickup place · Delivery 1"), "\(window.screen)")
    }
}

extension SheetKeysTests {
    @Test("The wheel scrolls a sheet that does not fit, as PgDn does")
    func theWheelScrollsASheetThatDoesNotFit() throws {
        // cli.md: "the wheel or a swipe scrolls". Over the pickup sheet at 40×12, which continues
        // below its recent places, the wheel did nothing: only PgDn showed the rest.
        let dash = try WindowFindingsTests.places()
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press("p")
        let top = window.screen
        #expect(top.contains("↓ more"), "\(top)")
        window.wheel(down: true)
        #expect(window.screen != top && window.screen.contains("↑ more"), "\(window.screen)")
        window.wheel(down: false)
        #expect(window.screen == top, "\(window.screen)")
        // Typing still goes to the name field, which comes back into view.
        window.wheel(down: true)
        window.type("Nowhere Noodles")
        #expect(window.screen.contains("Nowhere Noodles"), "\(window.screen)")
    }

    @Test func thePaySheetOfADeliveryWithNoTipNamesNoKeyForTips() throws {
        // Its footer named "↑↓ choose a tip · Del removes a tip" with no tip to choose or remove,
        // and at 40×12 pushed the sheet's reminder out of view.
        let sheet = try Window(Self.tipped(0), at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        sheet.press("h", Window.enter, "t")
        #expect(!sheet.screen.contains("choose a tip") && !sheet.screen.contains("removes a tip"), "\(sheet.screen)")
        #expect(!sheet.screen.contains("↓ more") && sheet.screen.contains("don't add it again"), "\(sheet.screen)")
        let one = try Window(Self.tipped(1), at: "2026-11-29 18:30:00", columns: 100, rows: 32)
        one.press("h", Window.enter, "t")
        #expect(one.screen.contains("↑↓ choose a tip") && one.screen.contains("Del removes a tip"), "\(one.screen)")
    }
}

extension SheetKeysTests {
    @Test func aDigitRecordsItsRecentPlaceAtOnceInASheetScrolledByTheWheel() throws {
        // cli.md: "pickup sheet | 1–5 (with the name field empty) | Records that recent place".
        // Scrolled by the wheel or PgDn away from the selected place, the sheet spent the digit
        // scrolling back, and recorded nothing until it was pressed again.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let names = ["Example Diner", "Sample Sandwiches", "Placeholder Pizza", "Nowhere Noodles"]
        // Latest use first: 1 Nowhere Noodles, 2 Placeholder Pizza, 3 Sample Sandwiches.
        for (number, name) in names.enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", "\(number + 1)", name], at: "2026-11-29 17:0\(number + 1):00")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 17:06:00")
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press("p")
        window.wheel(down: true)
        #expect(!window.screen.contains("▸ 1"), "\(window.screen)")
        window.press("3")
        #expect(!window.screen.contains("Pickup place ·"), "\(window.screen)")
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        let last = (show?["deliveries"] as? [[String: Any]])?.last
        #expect(last?["pickupPlace"] as? String == "Sample Sandwiches", "\(String(describing: last))")
    }
}

extension SheetKeysTests {
    @Test func theWheelPastASheetsLastTipScrollsTheSheet() throws {
        // cli.md: "the wheel or a swipe scrolls". Over the pay sheet at 40×12 the wheel moved
        // the selection through the tips and, at the last, did nothing more: the reminder below
        // could be reached with PgDn only, never by a finger.
        let dash = Self.tipped(1)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t")
        #expect(window.screen.contains("↓ more") && !window.screen.contains("don't add it again"), "\(window.screen)")
        for _ in 0..<3 { window.wheel(down: true) }
        #expect(window.screen.contains("don't add it again"), "\(window.screen)")
        // Back up: the sheet scrolls back to the tip, still selected.
        for _ in 0..<3 { window.wheel(down: false) }
        #expect(window.screen.contains("▸ Tip 1"), "\(window.screen)")
        // Keys still act: Del removes the selected tip.
        window.press(Window.delete)
        #expect(!window.screen.contains("Tip 1 ·"), "\(window.screen)")
    }
}

extension SheetKeysTests {
    @Test func thePickupSheetsTitleNamingALongPlaceStaysAt40x12ItsKeysGivingWay() throws {
        // screens.md: "the header and the footer of keys stay in place"; "When the delivery
        // already has a place, the title says so". With a long name recorded and five recent
        // places, the title never showed at 40×12 while seven lines of keys stayed.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let long = "The Extraordinarily Long Named Imaginary Family Kitchen and Late Night Noodle Counter of the Riverside Warehouse Distr"
        let names = ["Example Diner", "Sample Sandwiches", "Placeholder Pizza", "Nowhere Noodles", long]
        for (number, name) in names.enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", "\(number + 1)", name], at: "2026-11-29 17:0\(number + 1):00")
        }
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press("p")
        let words = window.screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .joined(separator: " ")
        #expect(words.contains("Change pickup place · Delivery 5"), "\(window.screen)")
        #expect(words.contains(long), "\(window.screen)")
        // The title's own lines, under the top border: not only the name in Enter's key.
        #expect(SmallWindowTests.lines(window)[1].contains("The Extraordinarily Long Named"), "\(window.screen)")
        #expect(window.screen.contains("▸ 1"), "\(window.screen)")
        #expect(window.screen.contains("↓ more") && window.screen.contains("Esc cancel"), "\(window.screen)")
    }

    /// money-and-time.md: an amount may carry "the store's currency … before or after". Typed
    /// after the pay in the sheet ("9 cad"), its `c` opened a cash tip and the rest went into the
    /// tip's amount. Letters that go on to spell the store's currency after a figure are the
    /// pay's; `c` and `f` still add tips from the field as it was filled, and right after a
    /// figure, as the sketch's keys say.
    @Test func aCurrencyCodeTypedAfterThePayIsThePays() throws {
        let dash = Self.tipped(0)
        dash.run(["currency", "CAD"], at: "2026-11-29 18:25:00")
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t", "\u{15}")
        window.type("9 cad")
        #expect(!window.screen.contains("Cash tip for Delivery 1") && window.screen.contains("[ 9 cad"), "\(window.screen)")
        window.press(Window.enter)
        #expect(dash.run(["shift", "show", "1", "--json"]).stdout.contains("\"pay\": \"9.00\""))
        // A figure, then c: a tip, in a store whose code begins with C too.
        window.press("t", "\u{15}")
        window.type("7")
        window.press("c")
        #expect(window.screen.contains("Cash tip for Delivery 1"), "\(window.screen)")
        window.press(Window.escape, Window.escape)
        // The field as it was filled: c adds a tip, as the sketch's key says.
        window.press("t")
        #expect(window.screen.contains("[ 9.00"), "\(window.screen)")
        window.press("c")
        #expect(window.screen.contains("Cash tip for Delivery 1"), "\(window.screen)")
    }
}

extension SheetKeysTests {
    /// A pay typed, a tip added beside it, then Esc: the tip was kept and the pay silently was
    /// not, while the field had read "Recorded pay [ 12.00 ]". Leaving now says so.
    @Test func leavingThePaySheetSaysAPayTypedWasNotRecorded() throws {
        let dash = Self.tipped(0)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t")
        window.type("12.00")
        window.press("c")
        window.type("2.50")
        window.press(Window.enter, Window.escape)
        let said = "The pay typed for Delivery 1 was not recorded; to record it, press t, type it again and press Enter."
        #expect(WindowFindingsTests.words(window).contains(said), "\(window.screen)")
        let show = dash.run(["shift", "show", "1", "--json"]).stdout
        #expect(show.contains("\"pay\": null") && show.contains("\"2.50\""), "\(show)")
        // Left as it was filled, the sheet closes without a word; a pay it can't read is said.
        window.press("t", Window.escape)
        #expect(!window.screen.contains("was not recorded"), "\(window.screen)")
        window.press("t")
        window.type("12..50")
        window.press(Window.escape)
        #expect(window.screen.contains("was not recorded"), "\(window.screen)")
        // The same amount written another way is no pay left unrecorded; an emptied field is
        // said as the pay kept.
        dash.run(["delivery", "pay", "1", "12.00", "--shift", "1"], at: "2026-11-29 18:31:00")
        window.idle()
        window.press("t", "\u{15}")
        window.type("12")
        window.press(Window.escape)
        #expect(!window.screen.contains("not recorded") && !window.screen.contains("was kept"), "\(window.screen)")
        window.press("t", "\u{15}", Window.escape)
        #expect(
            WindowFindingsTests.words(window).contains("Delivery 1's recorded pay was kept; Enter on the emptied field clears it."),
            "\(window.screen)")
    }
}
