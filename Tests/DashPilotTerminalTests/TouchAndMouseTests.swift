import DashPilotCore
import Foundation
import Testing

@testable import DashPilotTerminal

/// `screens.md`, "Touch and mouse": a tap on a card or a row selects it, on a button does what
/// its key does, on a key in the footer presses it; a tap outside an open sheet does nothing; the
/// wheel scrolls a list three rows. Driven in process with the bytes an SGR terminal sends.
@Suite("Touch and mouse in the interactive mode, in process")
struct TouchAndMouseTests {
    static let windows = [(40, 12), (60, 20), (100, 32), (160, 50)]

    /// A running shift with three deliveries accepted; the newest is selected on opening.
    private func threeDeliveries() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...3 { dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(minute):00") }
        return dash
    }

    func states(_ dash: Binary) -> [String] {
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        return (show?["deliveries"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
    }

    /// The first card on the window that is not selected: its number and where its title is.
    private func unselectedCard(_ window: Window) -> (number: Int, place: (column: Int, row: Int))? {
        for number in 1...3 {
            if let place = window.place(of: "  Delivery \(number) · ") { return (number, (place.column + 2, place.row)) }
        }
        return nil
    }

    @Test("A tap on a delivery card selects it and writes nothing", arguments: windows)
    func aTapOnACardSelectsIt(columns: Int, rows: Int) throws {
        let dash = threeDeliveries()
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: columns, rows: rows)
        #expect(window.screen.contains("▸ Delivery 3"))
        let card = try #require(unselectedCard(window), "\(window.screen)")
        window.tap(card.place)
        #expect(window.screen.contains("▸ Delivery \(card.number) · Accepted"), "\(window.screen)")
        #expect(states(dash) == ["accepted", "accepted", "accepted"])
        // Enter now works the card the tap selected.
        window.press(Window.enter)
        #expect(states(dash)[card.number - 1] == "arrivedAtPickup" && states(dash)[2] == "accepted")
    }

    /// A card tapped where it shows stays there: the view moved it away from under the finger,
    /// and a second tap aimed at its button fell on another card's.
    @Test func aTappedCardStaysWhereTheFingerFoundIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...7 { dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(minute):00") }
        let window = try Window(dash, at: "2026-11-29 17:09:00", columns: 100, rows: 32)
        #expect(window.screen.contains("▸ Delivery 7"))
        let before = try #require(window.place(of: "  Delivery 5 · "), "\(window.screen)")
        window.tap(column: before.column + 2, row: before.row)
        #expect(window.place(of: "▸ Delivery 5 · ")?.row == before.row, "\(window.screen)")
        // Its button, where it now shows, works its step for it.
        window.tap(window.place(of: "Arrived at Pickup", from: before.row))
        #expect(states(dash)[4] == "arrivedAtPickup", "\(window.screen)")
    }

    @Test("A tap on a card's button does what its key does, for that card", arguments: windows)
    func aTapOnACardsButtonWorksItsStepForThatCard(columns: Int, rows: Int) throws {
        let dash = threeDeliveries()
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: columns, rows: rows)
        let card = try #require(unselectedCard(window), "\(window.screen)")
        let button = try #require(window.place(of: "Arrived at Pickup", from: card.place.row), "\(window.screen)")
        window.tap((button.column + 3, button.row))
        #expect(states(dash) == (1...3).map { $0 == card.number ? "arrivedAtPickup" : "accepted" })
        #expect(window.screen.contains("▸ Delivery \(card.number) · At pickup"), "\(window.screen)")
        // Another card's small control opens the pickup sheet for that card, as p would.
        window.press(Window.down)
        let other = try #require(unselectedCard(window), "\(window.screen)")
        let control = try #require(window.place(of: "[ Add Pickup Place ]", from: other.place.row))
        window.tap((control.column + 4, control.row))
        #expect(window.screen.contains("Pickup place · Delivery \(other.number)"), "\(window.screen)")
    }

    @Test("A tap on a key in the footer presses it, and in the keys list too", arguments: windows)
    func aTapOnAFootersKeyPressesIt(columns: Int, rows: Int) throws {
        let dash = threeDeliveries()
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: columns, rows: rows)
        window.tap(window.lastPlace(of: "? keys"))
        #expect(window.screen.contains("Keys on this screen"), "\(window.screen)")
        // A key in the list acts as its key: the list closes and a delivery is accepted.
        window.tap(window.place(of: "accept"))
        #expect(!window.screen.contains("Keys on this screen") && states(dash).count == 4, "\(window.screen)")
        window.tap(window.lastPlace(of: "q quit"))
        #expect(window.harness.exitStatus == 0)
    }

    @Test("A tap outside an open sheet does nothing, never a cancel", arguments: windows)
    func aTapOutsideAnOpenSheetDoesNothing(columns: Int, rows: Int) throws {
        let dash = threeDeliveries()
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:04:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: columns, rows: rows)
        window.press("p")
        window.type("Exam")
        let sheet = window.screen
        let bottom = try #require(window.place(of: "└"))
        for row in (bottom.row + 1)...rows {
            for column in [1, columns / 2, columns] { window.tap(column: column, row: row) }
        }
        // On the sheet's own border and title, nothing either.
        for column in [1, 3, columns] { window.tap(column: column, row: 1) }
        window.tap(column: columns, row: 2)
        #expect(window.screen == sheet)
        #expect(states(dash) == ["accepted", "accepted", "accepted"])
        // Inside it, its keys work: Esc cancel closes it.
        window.tap(window.place(of: "Esc cancel"))
        #expect(!window.screen.contains("Pickup place ·"))

        // A question is the same: only its keys answer it.
        window.press("x")
        let question = window.screen
        for row in 1...rows where !question.split(separator: "\n", omittingEmptySubsequences: false)[row - 1].contains("·") {
            window.tap(column: 2, row: row)
        }
        #expect(window.screen == question && states(dash) == ["accepted", "accepted", "accepted"])
        window.tap(window.place(of: "y cancel delivery"))
        #expect(states(dash) == ["accepted", "accepted", "cancelled"])
    }

    /// pickup-identity.txt: "the honest interaction is one tap and no keyboard. Tapping one
    /// records it and closes the sheet".
    @Test("A tap on a recent place records it and closes the sheet", arguments: windows)
    func aTapOnARecentPlaceRecordsIt(columns: Int, rows: Int) throws {
        let dash = threeDeliveries()
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:04:00")
        dash.run(["pickup", "set", "2", "Nowhere Noodles"], at: "2026-11-29 17:04:10")
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: columns, rows: rows)
        window.press("p")
        // The newest is selected on opening: a tap on the other one records that one.
        let heading = try #require(window.place(of: "Recent"), "\(window.screen)")
        window.tap(window.place(of: "Example Diner", from: heading.row))
        #expect(!window.screen.contains("Recent"), "\(window.screen)")
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        let places = (show?["deliveries"] as? [[String: Any]] ?? []).map { $0["pickupPlace"] as? String }
        #expect(places == ["Example Diner", "Nowhere Noodles", "Example Diner"])
    }

    @Test("The wheel scrolls a list three rows, the selection with it", arguments: windows)
    func theWheelScrollsAListThreeRows(columns: Int, rows: Int) throws {
        let dash = Binary()
        for day in 1...10 {
            let date = String(format: "2026-11-%02d", day)
            dash.run(["shift", "start"], at: date + " 17:00:00")
            dash.run(["shift", "end"], at: date + " 18:00:00")
        }
        let window = try Window(dash, at: "2026-11-20 12:00:00", columns: columns, rows: rows)
        window.press("h")
        #expect(window.screen.contains("▸ Shift 10 ·"), "\(window.screen)")
        window.wheel(down: true)
        #expect(window.screen.contains("▸ Shift 7 ·"), "\(window.screen)")
        window.wheel(down: true)
        window.wheel(down: true)
        #expect(window.screen.contains("▸ Shift 1 ·"), "\(window.screen)")
        window.wheel(down: false)
        #expect(window.screen.contains("▸ Shift 4 ·"), "\(window.screen)")
        // On the running shift's cards the wheel moves the selection too.
        window.press(Window.escape, "s", "a", "a", "a", "a")
        #expect(window.screen.contains("▸ Delivery 4"))
        window.wheel(down: false)
        #expect(window.screen.contains("▸ Delivery 1"), "\(window.screen)")
    }

    /// The shift rows of the window from the top: their numbers, and which is selected.
    private func shiftRows(_ window: Window) -> (numbers: [Int], selected: Int?) {
        var numbers: [Int] = []
        var selected: Int?
        for line in window.screen.split(separator: "\n") {
            let text = line.drop { $0 == " " || $0 == "│" }
            guard text.hasPrefix("▸ Shift ") || text.hasPrefix("Shift "),
                let number = Int(text.split(separator: " ")[text.hasPrefix("▸") ? 2 : 1])
            else { continue }
            numbers.append(number)
            if text.hasPrefix("▸") { selected = number }
        }
        return (numbers, selected)
    }

    @Test("The wheel moves a list's view three rows and the selection with it", arguments: [(40, 12), (100, 32)])
    func theWheelMovesTheView(columns: Int, rows: Int) throws {
        // screens.md: "The wheel scrolls a list three rows", and it "moves the selection with the
        // view". It moved the selection alone: the view stayed until the selection reached its
        // foot, so the first wheel on a list at its top scrolled nothing.
        let dash = Binary()
        for day in 1...50 {
            let date = day <= 30 ? String(format: "2026-09-%02d", day) : String(format: "2026-10-%02d", day - 30)
            dash.run(["shift", "start"], at: date + " 17:00:00")
            dash.run(["shift", "end"], at: date + " 18:00:00")
        }
        let window = try Window(dash, at: "2026-11-20 12:00:00", columns: columns, rows: rows)
        window.press("h")
        let opened = shiftRows(window)
        #expect(opened.numbers.first == 50 && opened.selected == 50, "\(window.screen)")
        window.wheel(down: true)
        var shown = shiftRows(window)
        #expect(shown.numbers.first == 47 && shown.selected == 47, "\(window.screen)")
        window.wheel(down: true)
        shown = shiftRows(window)
        #expect(shown.numbers.first == 44 && shown.selected == 44, "\(window.screen)")
        // A key moves the selection in the view the wheel left: the view stays.
        window.press(Window.down)
        shown = shiftRows(window)
        #expect(shown.numbers.first == 44 && shown.selected == 43, "\(window.screen)")
        window.wheel(down: false)
        shown = shiftRows(window)
        #expect(shown.numbers.first == 47 && shown.selected == 46, "\(window.screen)")
        // At the top the view cannot go further; the selection still moves, and stays in view.
        window.wheel(down: false)
        window.wheel(down: false)
        shown = shiftRows(window)
        #expect(shown.numbers.first == 50 && shown.selected == 50, "\(window.screen)")
        // At the end, the last row stays selectable and in view.
        window.press(Window.end)
        window.wheel(down: true)
        shown = shiftRows(window)
        #expect(shown.numbers.last == 1 && shown.selected == 1, "\(window.screen)")
    }

    /// A list lays out only the rows near its selection: the view the wheel left was kept as a
    /// line's number, which names another row from one frame to the next, so deep in a long
    /// list every ↓ after the wheel moved the view by 0 to 2 rows.
    @Test func theViewTheWheelLeftStaysDeepInALongList() throws {
        let dash = Binary()
        for day in 0..<80 {
            let date = ISO8601.format(Date(timeIntervalSince1970: 1_780_000_000 + Double(day) * 86_400)).prefix(10)
            dash.run(["shift", "start"], at: date + " 17:00:00")
            dash.run(["shift", "end"], at: date + " 18:00:00")
        }
        let window = try Window(dash, at: "2026-11-20 12:00:00", columns: 60, rows: 14)
        window.press("h")
        for _ in 0..<5 { window.press(Window.pageDown) }
        window.wheel(down: true)
        let wheeled = shiftRows(window)
        let top = try #require(wheeled.numbers.first)
        let selected = try #require(wheeled.selected)
        #expect(wheeled.numbers.count > 3 && selected == wheeled.numbers.last, "\(window.screen)")
        // ↑ moves the selection up the view the wheel left, and ↓ back down it: the view stays
        // while the selection shows in it.
        for step in 1..<wheeled.numbers.count {
            window.press(Window.up)
            let shown = shiftRows(window)
            #expect(shown.numbers.first == top && shown.selected == selected + step, "up \(step): \(window.screen)")
        }
        for step in 1..<wheeled.numbers.count {
            window.press(Window.down)
            let shown = shiftRows(window)
            #expect(shown.numbers.first == top && shown.selected == top - step, "down \(step): \(window.screen)")
        }
    }
}

/// A double tap is one gesture: its second tap lands on what the driver saw, never on what the
/// first tap drew under the finger a moment before.
extension TouchAndMouseTests {
    /// screens.md: "A tap outside an open sheet does nothing (never an accidental cancel)". The
    /// first tap of a double tap on "y end it now" ended the shift; the second fell on the
    /// "s start shift" the next screen drew there, and started a shift the driver never asked for.
    @Test func aDoubleTapThatEndsAShiftStartsNoOther() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 80, rows: 24)
        window.press("e")
        let yes = try #require(window.lastPlace(of: "y end it now"), "\(window.screen)")
        window.tap(yes)
        window.tap(yes)
        #expect(window.screen.contains("No shift running"), "\(window.screen)")
        #expect(dash.run(["shift", "list"]).stdout.split(separator: "\n").count == 1)
        // A tap there a second later is the driver's own: it starts a shift.
        window.clock.advance(1)
        window.tap(yes)
        #expect(dash.run(["shift", "list"]).stdout.split(separator: "\n").count == 2)
    }

    /// A shift with one delivery accepted, at 80×24, and where its button says "Arrived at Pickup".
    func oneAcceptedAndItsButton() throws -> (Binary, Window, (column: Int, row: Int)) {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:10:00", columns: 80, rows: 24)
        return (dash, window, try #require(window.place(of: "Arrived at Pickup"), "\(window.screen)"))
    }

    /// A double tap on a lifecycle button recorded its step, then the next step the first tap
    /// drew on the same button, in the same second.
    @Test func aDoubleTapOnALifecycleButtonRecordsOneStep() throws {
        let (dash, window, button) = try oneAcceptedAndItsButton()
        window.tap(button)
        window.tap(button)
        #expect(states(dash) == ["arrivedAtPickup"], "\(window.screen)")
        window.clock.advance(1)
        window.tap(button)
        #expect(states(dash) == ["pickedUp"], "\(window.screen)")
    }
}

extension TouchAndMouseTests {
    /// screens.md: "on a key named in the footer it presses that key". The keys list's footer was
    /// one target that pressed Esc: a tap on its ↓, the way to scroll the list by touch where it
    /// does not fit, closed it.
    @Test func theKeysListsFooterArrowsScrollIt() throws {
        let dash = threeDeliveries()
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: 40, rows: 12)
        window.press("?")
        let arrows = try #require(window.lastPlace(of: "↑↓ scroll"), "\(window.screen)")
        let first = window.screen
        window.tap(column: arrows.column + 1, row: arrows.row)
        #expect(window.screen.contains("Keys on this screen") && window.screen != first, "\(window.screen)")
        window.clock.advance(1)
        window.tap(column: arrows.column, row: arrows.row)
        #expect(window.screen == first, "\(window.screen)")
        window.tap(window.lastPlace(of: "Esc or ? close"))
        #expect(!window.screen.contains("Keys on this screen"), "\(window.screen)")
    }
}

extension TouchAndMouseTests {
    /// The expense sheet's category choices ("1 Fuel · 2 Parking and tolls · 3 Maintenance …")
    /// name keys, as a footer does; a tap on one did nothing.
    @Test func aTapOnACategoryChoiceChoosesIt() throws {
        let dash = threeDeliveries()
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: 80, rows: 24)
        window.press("c", "a", Window.down)
        #expect(window.screen.contains("Category  Fuel"), "\(window.screen)")
        window.tap(window.place(of: "3 Maintenance"))
        #expect(window.screen.contains("Category  Maintenance"), "\(window.screen)")
        window.tap(window.place(of: "Parking and tolls"))
        #expect(window.screen.contains("Category  Parking and tolls"), "\(window.screen)")
    }
}

extension TouchAndMouseTests {
    /// The two taps of a double tap read together (a slow link, a store held a moment): the
    /// second was judged on the frame drawn before the first, and recorded the next step too.
    @Test func aDoubleTapReadInOneGoRecordsOneStep() throws {
        let (dash, window, button) = try oneAcceptedAndItsButton()
        let tap = InteractiveHarness.tap(column: button.column, row: button.row)
        window.type(tap + tap)
        #expect(states(dash) == ["arrivedAtPickup"], "\(window.screen)")
    }

    /// A tap after the wheel (or a key) lands on what the wheel brought under the finger: it was
    /// taken for the second tap of a double tap, its line having changed, and did nothing.
    @Test func aTapAfterTheWheelIsTheDriversOwn() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for number in 1...20 {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
            dash.run(["pickup", "set", "\(number)", String(format: "Place %02d", number)], at: "2026-11-29 17:10:00")
        }
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 60, rows: 20)
        window.press("l")
        let spot = try #require(window.place(of: "Place 05"), "\(window.screen)")
        window.tap(spot)
        window.wheel(down: true)
        window.wheel(down: true)
        let under = window.screen.split(separator: "\n", omittingEmptySubsequences: false)[spot.row - 1]
        let name = try #require(under.range(of: #"Place \d\d"#, options: .regularExpression).map { String(under[$0]) })
        #expect(!under.contains("▸"), "\(window.screen)")
        window.tap(spot)
        #expect(window.screen.contains("▸ \(name)"), "\(window.screen)")
    }

    /// The keys list's own "↑↓ select" row is a key of the list like any other: a tap on it
    /// chooses it (the list closes), as before its footer's arrows scrolled it.
    @Test func aTapOnTheKeysListsSelectRowStillChoosesIt() throws {
        let dash = threeDeliveries()
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: 80, rows: 24)
        window.press("?")
        window.tap(window.place(of: "↑↓      select"))
        #expect(!window.screen.contains("Keys on this screen"), "\(window.screen)")
    }
}

extension TouchAndMouseTests {
    /// A double tap on "Del removes a tip" removed two tips: its line stayed as it was (the tips
    /// scroll inside the sheet), and the second Del removed the tip the first one selected. A tap
    /// that recorded something is not followed at its place by the second tap of a double tap.
    @Test func aDoubleTapThatWroteActsOnce() throws {
        let dash = SheetKeysTests.tipped(4)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, "t", Window.down)
        let del = try #require(window.lastPlace(of: "Del removes a tip"), "\(window.screen)")
        window.tap(del)
        window.tap(del)
        func tips() -> Int {
            let show = json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any]
            return (((show?["deliveries"] as? [[String: Any]])?.first?["tips"] as? [Any]) ?? []).count
        }
        #expect(tips() == 3, "\(window.screen)")
        // A moment later, a tap there is the driver's own.
        window.clock.advance(1)
        window.tap(del)
        #expect(tips() == 2, "\(window.screen)")
    }
}
