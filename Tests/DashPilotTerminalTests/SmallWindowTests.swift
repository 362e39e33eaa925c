import DashPilotCore
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md, "Layout in any window", at its smallest: 40×12, with names as long as a driver may
/// write them.
@Suite("The smallest window, 40×12")
struct SmallWindowTests {
    /// An invented place name of 89 characters.
    static let longName = "Nowhere Noodles of the Sample Quarter by the Example Riverside Market and the Old Test Yard"
    /// Four more, as long.
    static let otherNames = ["Example Diner", "Sample Sandwich", "Test Kitchen 2", "Noodle Example"].map {
        $0.padding(toLength: 15, withPad: " ", startingAt: 0) + longName.dropFirst(15)
    }

    /// A store with a completed shift on 28 November 2026 (three deliveries from the place of the
    /// long name, each waiting 7 minutes at dinner, $12.00 recorded pay on the first; then four
    /// cancelled at four other places of long names) and a shift
    /// running since 5:02 PM on 29 November with four accepted deliveries, the second at pickup
    /// at the place of the long name.
    static func store() throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-28 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        let shift = try store.startShift()
        for number in 1...3 {
            clock.advance(60)
            _ = try store.acceptDelivery()
            _ = try store.setPickupPlace(try PickupPlaceName(longName), delivery: number, shiftID: nil)
            _ = try store.record(.arrive, delivery: number)
            clock.advance(420)
            _ = try store.record(.pickUp, delivery: number)
            clock.advance(600)
            _ = try store.record(.deliver, delivery: number)
        }
        for (offset, name) in otherNames.enumerated() {
            _ = try store.acceptDelivery()
            _ = try store.setPickupPlace(try PickupPlaceName(name), delivery: 4 + offset, shiftID: nil)
            _ = try store.record(.cancel, delivery: 4 + offset)
        }
        _ = try store.endShift()
        _ = try store.setEarnings(Money(cents: 4200), shiftID: shift.id)
        _ = try store.setPay(Money(cents: 1200), delivery: 1, shiftID: shift.id)
        clock.set("2026-11-29 17:02:00")
        _ = try store.startShift()
        for number in 1...4 {
            clock.advance(60)
            _ = try store.acceptDelivery()
            if number == 2 {
                _ = try store.setPickupPlace(try PickupPlaceName(longName), delivery: 2, shiftID: nil)
                _ = try store.record(.arrive, delivery: 2)
            }
        }
        return dash
    }

    static func lines(_ window: Window) -> [String] {
        window.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func deliveries(_ dash: Binary) -> [[String: Any]] {
        (json(dash.run(["shift", "show", "--json"], at: "2026-11-29 17:30:00").stdout) as? [String: Any])?["deliveries"] as? [[String: Any]]
            ?? []
    }

    @Test func inAWindowTooSmallNoKeyButCtrlCActsOnTheHiddenScreen() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 12)
        window.harness.resize(columns: 30, rows: 10)
        #expect(window.screen.contains("This window is 30 × 10"))
        // a would accept a delivery, e end the shift, q quit, a tap select: none acts unseen.
        window.press("a", "e", "y", "q", Window.up, Window.enter)
        window.tap(column: 3, row: 4)
        #expect(window.harness.exitStatus == nil)
        window.harness.resize(columns: 40, rows: 12)
        #expect(window.screen.contains("4 deliveries") && !window.screen.contains("End the shift"), "\(window.screen)")
        #expect(window.screen.contains("▸ Delivery 4 · Accepted"), "\(window.screen)")
        #expect(Self.deliveries(dash).count == 4)
        // Ctrl-C still leaves.
        window.harness.resize(columns: 30, rows: 10)
        window.press("\u{03}")
        #expect(window.harness.exitStatus == 130)
    }
}

extension SmallWindowTests {
    /// The window's lines from the one holding `text` on.
    static func lines(_ window: Window, from text: String) -> ArraySlice<String> {
        let all = lines(window)
        return all[(all.firstIndex { $0.contains(text) } ?? all.endIndex)...]
    }

    @Test func theSelectedCardsTitleAndButtonAreInViewTheCardsSecondaryLinesGivingWay() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 12)
        window.press(Window.up, Window.up)
        // Delivery 2 at pickup: its title, place, a wait of three lines, its control, its button.
        #expect(window.screen.contains("▸ Delivery 2 · At pickup"), "\(window.screen)")
        #expect(Self.lines(window, from: "▸ Delivery 2").contains { $0.contains("Picked Up") && $0.contains("Enter") }, "\(window.screen)")
        // The footer gave way first, to its one line.
        #expect(Self.lines(window).last == "? keys · q quit", "\(window.screen)")
        // In a larger window the card shows whole.
        let large = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 24)
        large.press(Window.up, Window.up)
        #expect(large.screen.contains("Typical recorded wait 7 min") && large.screen.contains("Change Pickup Place"), "\(large.screen)")
        // Enter acts on what shows.
        window.press(Window.enter)
        #expect(window.screen.contains("▸ Delivery 2 · Picked up"), "\(window.screen)")
    }

    @Test func aPausedShiftsFooterGivesWayToItsSentenceAndTheSelectedCardsControl() throws {
        let dash = try Self.store()
        for step in [["cancel", "1"], ["cancel", "3"], ["cancel", "4"], ["pickup", "2"], ["deliver", "2"]] {
            dash.run(["delivery"] + step, at: "2026-11-29 17:20:00")
        }
        dash.run(["shift", "pause"], at: "2026-11-29 17:21:00")
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press(Window.up, Window.up)
        #expect(window.screen.contains("paused since 5:21 PM"), "\(window.screen)")
        let card = Self.lines(window, from: "▸ Delivery 2 · Delivered")
        // The paused shift's sentence stays whole above the cards (never cut, never out of
        // reach): the card's place gives way to it, its control does not.
        #expect(Self.lines(window).contains("The shift is paused. Press b to resume"), "\(window.screen)")
        #expect(card.contains { $0.contains("[ Change Pickup Place ]") }, "\(window.screen)")
        #expect(Self.lines(window).last == "? keys · q quit", "\(window.screen)")
    }
}

extension SmallWindowTests {
    @Test func theSheetsSelectedRowAndTheFieldTypedIntoAreAlwaysInView() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 12)
        window.press(Window.up, Window.up, "p")
        // The title names the place, wrapped onto four lines, never cut.
        #expect(window.screen.contains("Change pickup place"), "\(window.screen)")
        #expect(window.screen.contains("▸ 1  Nowhere Noodles"), "\(window.screen)")
        // ↓ over the five recent places onto the name field, then Remove (and past it, which
        // stays on Remove).
        for _ in 0..<4 { window.press(Window.down) }
        #expect(window.screen.contains("▸ 5  "), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("▸ Name  ["), "\(window.screen)")
        for _ in 0..<3 {
            window.press(Window.down)
            #expect(window.screen.contains("▸ Remove Pickup Place"), "\(window.screen)")
        }
        // Typing goes into the field, which shows with what was typed.
        window.press(Window.up)
        window.type("Sample Diner")
        #expect(window.screen.contains("▸ Name  [ Sample Diner"), "\(window.screen)")
        for line in Self.lines(window) { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
    }
}

extension SmallWindowTests {
    @Test func aSheetsKeysStayInPlaceAndWhatDoesNotFitScrollsIntoView() throws {
        let dash = try Self.store()
        // A tip, and the keys that act on it, make the pay sheet taller than 40×12.
        dash.run(["delivery", "tip", "1", "2.00", "--cash", "--shift", "1"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t")
        // The sheet takes the whole window, its keys and bottom border in place at its foot.
        #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
        #expect(Self.lines(window).count == 12 && Self.lines(window)[11].hasPrefix("└"), "\(window.screen)")
        #expect(window.screen.contains("Enter record") && window.screen.contains("Esc close"), "\(window.screen)")
        #expect(window.screen.contains("↓ more"), "\(window.screen)")
        // What does not fit scrolls: PgDn brings the reminder into view whole, the keys staying.
        window.press(Window.pageDown)
        for part in ["A tip the platform already included", "in its pay is part of that pay:", "don't add it again."] {
            #expect(window.screen.contains(part), "\(window.screen)")
        }
        #expect(window.screen.contains("Esc close") && Self.lines(window)[11].hasPrefix("└"), "\(window.screen)")
        window.press(Window.pageUp)
        #expect(window.screen.contains("Recorded pay  [ 12.00"), "\(window.screen)")
        // A key that acts on the field, pressed while it is scrolled away, first brings it back.
        window.press(Window.pageDown, Window.enter)
        #expect(window.screen.contains("Recorded pay  [ 12.00"), "\(window.screen)")
        // Typing shows in the field it goes into.
        window.press(Window.pageDown)
        window.type("5")
        #expect(window.screen.contains("Recorded pay  [ 12.005"), "\(window.screen)")
        window.press(Window.escape, Window.escape, Window.escape)

        // The expense sheet: its keys in place, the category's choices with the category.
        window.press("c", "a")
        #expect(window.screen.contains("1–5 category") && window.screen.contains("Esc cancel"), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("▸ Category  Fuel") && window.screen.contains("5 Other"), "\(window.screen)")
        #expect(Self.lines(window).last { !$0.isEmpty }?.hasPrefix("└") == true, "\(window.screen)")
        // Where the category's choices leave no room for all the keys, they scroll into view.
        if !window.screen.contains("Esc cancel") {
            window.press(Window.pageDown)
            #expect(window.screen.contains("Esc cancel"), "\(window.screen)")
            window.press("2")
            #expect(window.screen.contains("▸ Category  Fuel") && window.screen.contains("5 Other"), "\(window.screen)")
        }
        window.press("2")
        #expect(window.screen.contains("▸ Category  Parking and tolls"), "\(window.screen)")
        window.press(Window.escape, Window.escape, Window.escape)

        // The pickup sheet under a title of four lines: its keys in place wherever the selection.
        window.press(Window.up, Window.up, "p")
        for _ in 0..<7 {
            #expect(window.screen.contains("Esc cancel") && Self.lines(window)[11].hasPrefix("└"), "\(window.screen)")
            window.press(Window.down)
        }
    }
}

extension SmallWindowTests {
    /// screens.md: "a refusal keeps the sheet open with its sentence", and "Messages and
    /// refusals wrap onto as many lines as they need": in the smallest window too.
    @Test func theExpenseSheetsRefusalIsInViewAt40By12() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press("c", "a")
        window.type("abc")
        window.press(Window.enter)
        let screen = window.screen.replacingOccurrences(of: "│", with: " ")
        let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(words.contains("An amount is a decimal number such as 84.50."), "\(window.screen)")
        #expect(Self.lines(window).count <= 12)
    }

    /// screens.md: "From 40×12 up: the header and the footer of keys stay in place", the footer
    /// giving way "down to one line". Beside a refusal with the category's choices open, the
    /// expense sheet showed no key at all: a "↓ more" where its keys had been.
    @Test func theExpenseSheetKeepsALineOfKeysBesideARefusalAt40By12() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press("c", "a")
        window.type("5")
        window.press(Window.down, "\t", "\u{15}")
        window.type("2026-11-30 10:00")
        window.press(Window.up, Window.enter)
        // The refusal whole (the category's choices give way to it), then the keys.
        let words = window.screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(words.joined(separator: " ").contains("can't be dated later than now"), "\(window.screen)")
        #expect(words.joined(separator: " ").contains("nothing was recorded."), "\(window.screen)")
        #expect(window.screen.contains("▸ Category  Fuel"), "\(window.screen)")
        let lines = Self.lines(window)
        #expect(lines.count <= 12 && lines.last { !$0.isEmpty }?.hasPrefix("└") == true, "\(window.screen)")
        let shown = lines.filter { !$0.isEmpty }
        let keys = shown.dropLast().last ?? ""
        #expect(keys.contains("Esc cancel"), "\(window.screen)")
        window.press(Window.escape)
    }

    /// screens.md's Weeks: "a bar of earnings per hour". Where a row's money wraps at 40 columns
    /// ("$84.50 from 1 of 2 shifts" above its rate), the bar stood beside the earnings.
    @Test func aWrappedPeriodRowsBarStandsBesideItsRate() throws {
        let dash = Binary()
        for (command, time) in [
            (["shift", "start"], "2026-11-23 10:00:00"), (["shift", "end"], "2026-11-23 12:00:00"),
            (["shift", "start"], "2026-11-24 10:00:00"), (["shift", "end"], "2026-11-24 12:00:00"),
            (["shift", "earnings", "1", "1234.00"], "2026-11-24 13:00:00"),
        ] {
            #expect(dash.run(command, at: time).status == 0, "\(command)")
        }
        let window = try Window(dash, at: "2026-11-25 09:00:00", columns: 40, rows: 12)
        window.press("w")
        let lines = Self.lines(window).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("$1,234.00 from 1 of 2 shifts"), "\(window.screen)")
        #expect(lines.contains { $0.hasPrefix("$617.00/h ") && $0.count > "$617.00/h ".count }, "\(window.screen)")
    }

    @Test("A week's or a month's heading stays in place as its figures and shifts scroll")
    func aPeriodsHeadingStaysInPlace() throws {
        let dash = try Self.store()
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 12)
        window.press("w", Window.enter)
        #expect(Self.lines(window).first?.hasPrefix("Week of ") == true, "\(window.screen)")
        for key in [Window.down, Window.end, Window.up, Window.up, Window.home, Window.pageDown] {
            window.press(key)
            #expect(Self.lines(window).first?.hasPrefix("Week of ") == true, "\(window.screen)")
        }
        window.press(Window.escape, "m", Window.enter)
        #expect(Self.lines(window).first?.hasPrefix("November 2026") == true, "\(window.screen)")
        window.press(Window.end)
        #expect(Self.lines(window).first?.hasPrefix("November 2026") == true, "\(window.screen)")
        // Every figure is still reachable under it.
        for _ in 0..<20 where !window.screen.contains("Earnings") { window.press(Window.up) }
        #expect(window.screen.contains("Earnings"), "\(window.screen)")
    }
}

extension SmallWindowTests {
    /// A store with twenty fuel expenses, $1.00 on 1 November 2026 to $20.00 on 20 November,
    /// each at 9:00 AM with a note that goes under it in a narrow window.
    static func expenses() throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-28 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for day in 1...20 {
            _ = try store.addExpense(
                Money(cents: Int64(day) * 100), category: .fuel, at: SetClock.date("2026-11-\(day < 10 ? "0" : "")\(day) 09:00:00"),
                note: try ExpenseNote.make("full tank"))
        }
        return dash
    }

    /// The amount of the selected expense, in dollars.
    static func selectedAmount(_ window: Window) -> Int? {
        let lines = lines(window)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("▸ ") }) else { return nil }
        guard let dollars = lines[first].split(separator: "$").dropFirst().first?.prefix(while: \.isNumber) else { return nil }
        return Int(dollars)
    }

    /// How many expenses show whole: their amount, and their note on its line or the next.
    static func expensesInView(_ window: Window) -> Int {
        let lines = lines(window)
        return lines.indices.filter {
            lines[$0].contains("full tank") && ($0 > 0 && lines[$0 - 1].contains(".00") || lines[$0].contains(".00"))
        }
        .count
    }

    @Test("A page is the rows in view, less one", arguments: [(100, 12), (40, 12), (40, 20)])
    func aPageIsTheRowsInViewLessOne(columns: Int, rows: Int) throws {
        let dash = try Self.expenses()
        let window = try Window(dash, at: "2026-11-28 17:00:00", columns: columns, rows: rows)
        window.press("c")
        #expect(Self.selectedAmount(window) == 20, "\(window.screen)")
        var selected = 20
        for _ in 0..<2 {
            let inView = Self.expensesInView(window)
            window.press(Window.pageDown)
            selected -= inView - 1
            #expect(Self.selectedAmount(window) == selected, "\(inView) in view\n\(window.screen)")
        }
        let inView = Self.expensesInView(window)
        window.press(Window.pageUp)
        #expect(Self.selectedAmount(window) == selected + inView - 1, "\(inView) in view\n\(window.screen)")
    }
}

extension SmallWindowTests {
    /// How many tips Delivery 1 of Shift 1 has.
    static func tips(_ dash: Binary) -> Int? {
        let show = json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any]
        return ((show?["deliveries"] as? [[String: Any]])?.first?["tips"] as? [Any])?.count
    }

    /// screens.md: "the selected row is always in view", and "What a key will act on is always on
    /// screen". In the pay sheet at 40×12, ↓ onto Tip 1 then PgDn scrolled the tip out of view
    /// ("↑ more" over the two buttons and the reminder) while it stayed selected, for Del to act
    /// on. The selection now moves with the view, as a list's does: past the tips, none is
    /// selected, and Del is the pay field's again.
    @Test func pgDnPastTheSelectedTipLeavesNoTipSelectedOutOfView() throws {
        let dash = try Self.store()
        dash.run(["delivery", "tip", "1", "2.00", "--cash", "--shift", "1"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 40, rows: 12)
        window.press("h", Window.end, Window.enter, "t", Window.down)
        #expect(window.screen.contains("▸ Tip 1"), "\(window.screen)")
        window.press(Window.pageDown)
        #expect(window.screen.contains("don't add it again.") && !window.screen.contains("Tip 1"), "\(window.screen)")
        // Tip 1 is no longer selected: Del, pressed again and again, never removes it unseen (it
        // brings the pay field back into view, then is the field's own).
        window.press(Window.delete, Window.delete, Window.delete)
        #expect(Self.tips(dash) == 1, "\(window.screen)")
        // Back in view, the tip shows unselected; ↓ selects it, and Del removes what shows selected.
        window.press(Window.pageUp)
        #expect(window.screen.contains("  Tip 1") && !window.screen.contains("▸"), "\(window.screen)")
        window.press(Window.down)
        #expect(window.screen.contains("▸ Tip 1"), "\(window.screen)")
        window.press(Window.delete)
        #expect(Self.tips(dash) == 0, "\(window.screen)")
    }

    /// Among several tips, PgDn and PgUp move the selection with the view, onto a tip in view.
    @Test func pgDnAndPgUpMoveTheSelectedTipWithTheView() throws {
        let dash = SheetKeysTests.tipped(6)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t", Window.down)
        #expect(window.screen.contains("▸ Tip 1"), "\(window.screen)")
        var seen: Set<String> = []
        for key in [Window.pageDown, Window.pageDown, Window.pageDown, Window.pageUp, Window.pageUp, Window.pageUp] {
            window.press(key)
            let selected = Self.lines(window).filter { $0.contains("▸") }
            // The selected tip shows, or none is selected (scrolled past the tips).
            #expect(selected.allSatisfy { $0.contains("▸ Tip") }, "\(window.screen)")
            seen.formUnion(selected)
            if selected.isEmpty {
                window.press(Window.delete)
                #expect(Self.tips(dash) == 6, "\(window.screen)")
            }
        }
        #expect(seen.count > 1, "\(seen)")
        // Del removes the tip that shows selected.
        window.press(Window.down)
        let selected = try #require(Self.lines(window).first { $0.contains("▸ Tip") }, "\(window.screen)")
        let number = selected.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
        window.press(Window.delete)
        #expect(Self.tips(dash) == 5 && !window.screen.contains("Tip \(number) ·"), "\(window.screen)")
    }
}

extension SmallWindowTests {
    /// screens.md: "When the catalogue holds only this place, Merge is disabled, with a footer
    /// saying why", and "'↓ more' where it continues". At 40×12 the reason stood under "↓ more"
    /// with the last delivery selected, which no key, page or wheel could bring into view (an
    /// outside audit). The last row selected, the lines under it show with it as far as they fit.
    @Test func thePlacesOnlyReasonMergeIsDisabledComesIntoViewWithItsLastDelivery() throws {
        let window = try Self.theOnlyPlacesHistory()
        window.press(Window.end)
        #expect(Self.words(window).contains(Self.onlyPlace), "\(window.screen)")
        #expect(window.screen.contains("▸ Sun, Nov 29 · Shift 1 · Delivery 1") && !window.screen.contains("↓ more"), "\(window.screen)")
    }

    /// `m` on a place whose reason is out of view (the newest delivery selected) says it.
    @Test func mergeDisabledSaysWhyWhenItsReasonIsOutOfView() throws {
        let window = try Self.theOnlyPlacesHistory()
        #expect(!Self.words(window).contains(Self.onlyPlace), "\(window.screen)")
        window.press("m")
        #expect(Self.words(window).contains(Self.onlyPlace), "\(window.screen)")
    }

    static let onlyPlace = "Merge needs another pickup place to merge into, and this is the only one."

    /// The history of the catalogue's only place, five deliveries, at 40×12.
    static func theOnlyPlacesHistory() throws -> Window {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for number in 1...5 {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number):00")
            dash.run(["pickup", "set", "\(number)", "Example Diner"], at: "2026-11-29 17:0\(number):00")
        }
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 40, rows: 12)
        window.press("l", Window.enter)
        return window
    }

    /// The screen's words, each line's breaks read as spaces.
    static func words(_ window: Window) -> String {
        window.screen.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
    }
}
