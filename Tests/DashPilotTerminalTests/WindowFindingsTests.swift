import DashPilotCore
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md, "Layout in any window", where a small window once cut a sentence, hid a
/// confirmation's end or gave the footer's room away unasked.
@Suite("Layout in any window, at its smallest")
struct WindowFindingsTests {
    static func lines(_ window: Window) -> [String] {
        window.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The window's words, whatever the lines they wrapped onto (a box's sides dropped).
    static func words(_ window: Window) -> String {
        window.screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .joined(separator: " ")
    }

    /// A store with no shift.
    static func empty() throws -> Binary {
        let dash = Binary()
        _ = try DashPilotStore(path: dash.storePath, clock: SetClock("2026-11-28 17:00:00"))
        return dash
    }

    @Test func aRunningShiftsHintWrapsAndIsNeverCut() throws {
        let dash = try Self.empty()
        let window = try Window(dash, at: "2026-11-28 17:45:00", columns: 40, rows: 12)
        window.press("s")
        #expect(Self.words(window).contains("No deliveries yet. Press a to accept one."), "\(window.screen)")
        #expect(!window.screen.contains("…"), "\(window.screen)")
        window.press("b")
        #expect(Self.words(window).contains("The shift is paused. Press b to resume it."), "\(window.screen)")
        #expect(!window.screen.contains("…"), "\(window.screen)")
    }

    /// screens.md: "a sentence is never cut". With a delivery on the screen, the window followed
    /// its card and the paused shift's hint scrolled away above it, out of reach of every key,
    /// leaving "it." under "↑ more".
    @Test func aPausedShiftsHintStaysInViewAboveItsCards() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run([step, "1"], at: "2026-11-29 17:02:00") }
        let window = try Window(dash, at: "2026-11-29 17:10:00", columns: 40, rows: 12)
        window.press("b")
        #expect(Self.words(window).contains("The shift is paused. Press b to resume it."), "\(window.screen)")
        #expect(window.screen.contains("▸ Delivery 1"), "\(window.screen)")
        window.press(Window.up)
        #expect(Self.words(window).contains("The shift is paused. Press b to resume it."), "\(window.screen)")
    }

    /// The merge list's last place selected, "↓ more" stood under it over the rename hint, which
    /// no key brought into view. Lines under a list's last row now show with it where they fit.
    @Test func theMergeListsHintShowsUnderItsLastPlace() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for number in 1...12 {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:00:00")
            dash.run(["pickup", "set", "\(number)", "Place number \(number)"], at: "2026-11-29 17:00:00")
        }
        let window = try Window(dash, at: "2026-11-29 17:10:00", columns: 40, rows: 12)
        window.press("l", Window.enter, "m", Window.end)
        #expect(Self.words(window).contains("rename it instead: Esc, then r."), "\(window.screen)")
        #expect(!window.screen.contains("↓ more") && window.screen.contains("▸ "), "\(window.screen)")
        // The footer keeps its keys: the hint shows where it fits, never in their place.
        #expect(window.screen.contains("↑↓ select"), "\(window.screen)")
    }

    /// Enter and @ on a paused shift's card did nothing and said nothing, where `a` says why.
    @Test func aStepKeyOnAPausedShiftsCardSaysWhyItRecordsNothing() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run([step, "1"], at: "2026-11-29 17:02:00") }
        dash.run(["shift", "pause"], at: "2026-11-29 17:03:00")
        let window = try Window(dash, at: "2026-11-29 17:10:00")
        for key in [Window.enter, "@"] {
            window.press(key)
            #expect(window.screen.contains("Delivery 1 is delivered; it takes no more steps."), "\(window.screen)")
            window.press(Window.escape)
        }
        #expect(!window.screen.contains("Enter next step"), "\(window.screen)")
    }

    /// A paused shift past 12 hours, with several cards, in the smallest windows: the hint and the
    /// 12-hour line stay with the header, and the selected card's lines give way under them. A
    /// card whose last line gave way (its control, on a paused card) ended its focus past the
    /// buffer's end: the program stopped on opening.
    @Test(arguments: [12, 13, 14])
    func aPausedShiftPastTwelveHoursOpensInTheSmallestWindow(rows: Int) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 16:00:00")
        for number in 1...4 {
            dash.run(["delivery", "accept"], at: "2026-11-29 16:0\(number):00")
            dash.run(["pickup", "set", "\(number)", "Example Diner"], at: "2026-11-29 16:0\(number):00")
            for step in ["arrive", "pickup", "deliver"] { dash.run([step, "\(number)"], at: "2026-11-29 16:0\(number):30") }
        }
        dash.run(["shift", "pause"], at: "2026-11-30 04:30:00")
        let window = try Window(dash, at: "2026-11-30 05:00:00", columns: 40, rows: rows)
        #expect(Self.words(window).contains("The shift is paused. Press b to resume it."), "\(window.screen)")
        #expect(window.screen.contains("▸ Delivery 4"), "\(window.screen)")
        window.press(Window.up, Window.up)
        #expect(window.screen.contains("▸ Delivery 2"), "\(window.screen)")
        #expect(Self.words(window).contains("The shift is paused. Press b to resume it."), "\(window.screen)")
    }

    /// Every list's header in screens.md's sketches ends in "? keys"; the completed shifts'
    /// header had only its title.
    @Test func theCompletedShiftsHeaderOffersTheKeysList() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        for (columns, rows) in [(100, 32), (40, 12)] {
            let window = try Window(dash, at: "2026-11-29 18:10:00", columns: columns, rows: rows)
            window.press("h")
            let header = Self.lines(window)[0]
            #expect(header.hasPrefix("Completed shifts") && header.hasSuffix("? keys"), "\(window.screen)")
        }
    }

    /// After a refused name in the pickup sheet at 40x12, ↑ to a recent place, then ↑ ↓ and Enter
    /// did nothing however often pressed: the refusal, kept in view with the focus, made the focus
    /// taller than the window, and each key waited for it to come back into view.
    @Test(arguments: [(40, 12), (40, 13), (41, 12)])
    func aRecentPlaceIsChosenAfterARefusedNameInTheSmallestWindow(columns: Int, rows: Int) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-30 03:00:00")
        for (number, name) in ["Nowhere Noodles", "Example Diner", "Sample Sandwiches"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-30 03:0\(2 * number + 1):00")
            dash.run(["pickup", "set", "\(number + 1)", name], at: "2026-11-30 03:0\(2 * number + 2):00")
        }
        let window = try Window(dash, at: "2026-11-30 05:00:00", columns: columns, rows: rows)
        window.press("p", Window.down, Window.down, Window.down)
        window.type(String(repeating: "a", count: 121))
        window.press(Window.enter)
        #expect(Self.words(window).contains("That name is too long"), "\(window.screen)")
        window.press(Window.up, Window.up)
        #expect(window.screen.contains("▸ 2  Example Diner"), "\(window.screen)")
        window.press(Window.up)
        #expect(window.screen.contains("▸ 1  Sample Sandwiches"), "\(window.screen)")
        window.press(Window.down, Window.enter)
        let show = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let deliveries = try #require(show["deliveries"] as? [[String: Any]])
        #expect(deliveries[2]["pickupPlace"] as? String == "Example Diner", "\(window.screen)")
    }

    @Test func theFooterGivesWayOnlyWhenWhatAKeyActsOnDoesNotFit() throws {
        let dash = try Self.empty()
        let window = try Window(dash, at: "2026-11-28 17:45:00", columns: 40, rows: 12)
        window.press("s")
        // Only the header and the hint: the whole footer fits, and names a.
        #expect(window.screen.contains("a accept"), "\(window.screen)")
        #expect(Self.lines(window).last != "? keys · q quit", "\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// A store with a completed shift on 28 November 2026 of one delivery from "Example Diner"
    /// and one from the place of `SmallWindowTests.longName`, and a shift running since 5:00 PM on
    /// 29 November with six deliveries accepted from 5:01 PM, a minute apart, all open.
    static func places() throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-28 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for (number, name) in ["Example Diner", SmallWindowTests.longName].enumerated() {
            clock.advance(60)
            _ = try store.acceptDelivery()
            _ = try store.setPickupPlace(try PickupPlaceName(name), delivery: number + 1, shiftID: nil)
            _ = try store.record(.cancel, delivery: number + 1)
        }
        _ = try store.endShift()
        clock.set("2026-11-29 17:00:00")
        _ = try store.startShift()
        for _ in 1...6 {
            clock.advance(60)
            _ = try store.acceptDelivery()
        }
        return dash
    }

    @Test("What does not fit a confirmation scrolls: ↑↓, PgUp PgDn, Home End and the wheel")
    func whatDoesNotFitAConfirmationScrolls() throws {
        let dash = try Self.places()
        // Eight open: what ending says about them is taller than the window.
        dash.run(["delivery", "accept"], at: "2026-11-29 17:07:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:08:00")
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        // The place of the long name, merged into Example Diner: the sentence ends out of view.
        window.press("l", Window.down, Window.enter, "m", Window.enter)
        let end = "will then be removed. This cannot be undone."
        #expect(window.screen.contains("↓ more") && !Self.words(window).contains(end), "\(window.screen)")
        for (forth, back) in [(Window.end, Window.home), (Window.pageDown, Window.pageUp)] {
            for _ in 0..<3 { window.press(forth) }
            #expect(Self.words(window).contains(end), "\(window.screen)")
            #expect(window.screen.contains("y merge"), "\(window.screen)")
            for _ in 0..<3 { window.press(back) }
            #expect(Self.words(window).hasPrefix("Merge"), "\(window.screen)")
        }
        for _ in 0..<20 { window.press(Window.down) }
        #expect(Self.words(window).contains(end), "\(window.screen)")
        for _ in 0..<20 { window.press(Window.up) }
        #expect(Self.words(window).hasPrefix("Merge"), "\(window.screen)")
        for _ in 0..<8 { window.wheel(down: true) }
        #expect(Self.words(window).contains(end), "\(window.screen)")
        // Scrolled or not, the keys act as before.
        window.press("n")
        #expect(window.screen.contains("Merge ") && window.screen.contains("into"), "\(window.screen)")

        // Ending the shift with eight deliveries open: the list, then what to do about them.
        window.press(Window.escape, Window.escape, Window.escape, Window.escape, "e")
        let instruction = "Enter records its next step now, @ at the time it happened."
        #expect(window.screen.contains("↓ more") && !Self.words(window).contains(instruction), "\(window.screen)")
        window.press(Window.end)
        #expect(Self.words(window).contains(instruction), "\(window.screen)")
        window.press(Window.home)
        #expect(Self.words(window).hasPrefix("Delivery 1 is still open"), "\(window.screen)")
        for _ in 0..<8 { window.wheel(down: true) }
        #expect(Self.words(window).contains(instruction), "\(window.screen)")
        window.press("n")
        #expect(window.screen.contains("8 deliveries"), "\(window.screen)")
    }
}
extension WindowFindingsTests {
    @Test("After 12 hours the line under the header is in view in every window", arguments: [(40, 12), (60, 12), (40, 16)])
    func theLongRunningLineIsInViewInEveryWindow(columns: Int, rows: Int) throws {
        // Running since 5:02 PM on 29 November, with four deliveries; at 7:30 AM the next day.
        let dash = try SmallWindowTests.store()
        let window = try Window(dash, at: "2026-11-30 07:30:00", columns: columns, rows: rows)
        let line = "Running for 14 h. If you forgot to end it, e ends it at its last activity."
        #expect(Self.words(window).contains(line), "\(window.screen)")
        for key in [Window.up, Window.up, Window.up, Window.home, Window.pageUp, Window.end] {
            window.press(key)
            #expect(Self.words(window).contains(line), "\(window.screen)")
            // What a key acts on stays in view with it: the selected card's title and button.
            let card = SmallWindowTests.lines(window, from: "▸ Delivery")
            #expect(card.contains { $0.contains("Enter") }, "\(window.screen)")
        }
    }
}

extension WindowFindingsTests {
    @Test func aSheetsKeysStayInPlaceGivingWayToOneLineWhereTheSelectedFieldNeedsTheRoom() throws {
        let dash = try Self.empty()
        let window = try Window(dash, at: "2026-11-28 17:45:00", columns: 40, rows: 12)
        window.press("c", "a")
        #expect(window.screen.contains("Tab") && window.screen.contains("Esc cancel"), "\(window.screen)")
        // The category's field with its choices: the keys give way to the one line that lists
        // them and leaves, in place at the sheet's foot.
        window.press(Window.down)
        #expect(window.screen.contains("▸ Category  Fuel") && window.screen.contains("5 Other"), "\(window.screen)")
        #expect(window.screen.contains("? keys") && window.screen.contains("Esc cancel"), "\(window.screen)")
        // The sheet fits whole: the box closes under its keys.
        #expect(Self.lines(window).last { !$0.isEmpty }?.hasPrefix("└") == true, "\(window.screen)")
        #expect(!window.screen.contains("↓ more"), "\(window.screen)")
        // ? lists them all; Esc closes the list and then the sheet.
        window.press("?")
        #expect(window.screen.contains("next field"), "\(window.screen)")
        window.press(Window.escape, "\t")
        #expect(window.screen.contains("▸ When") && window.screen.contains("Tab"), "\(window.screen)")
    }
}

extension WindowFindingsTests {
    @Test(
        "The lifecycle button is as wide as the window up to 60 columns, in a short one too",
        arguments: [(40, 12), (60, 16), (60, 19), (60, 20)])
    func theLifecycleButtonIsAsWideAsTheWindow(columns: Int, rows: Int) throws {
        let dash = try SmallWindowTests.store()
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: columns, rows: rows)
        window.press(Window.up, Window.up)
        let card = SmallWindowTests.lines(window, from: "▸ Delivery 2 · At pickup")
        let button = card.first { $0.contains("Picked Up") && $0.contains("Enter") }
        let wide = 2 + min(columns - 4, 60)
        #expect(
            button.map { DisplayWidth.of($0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)) } == wide,
            "\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// screens.md: "The bars are a picture of the counts beside them"; "A figure is never cut". At
    /// 40 columns the longest row of the picture, 41 columns, wrapped onto a line of its own and
    /// lost its place in the picture: the bars now shrink to the window.
    @Test func theWaitPictureKeepsItsColumnsAt40() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-28 10:00:00")
        for (number, wait) in [3, 7, 7, 12, 40].enumerated() {
            let start = 10 * 60 + number * 60
            func at(_ minutes: Int) -> String { String(format: "2026-11-28 %02d:%02d:00", minutes / 60, minutes % 60) }
            dash.run(["delivery", "accept"], at: at(start))
            dash.run(["pickup", "set", "\(number + 1)", "Example Diner"], at: at(start))
            dash.run(["delivery", "arrive", "\(number + 1)"], at: at(start))
            dash.run(["delivery", "pickup", "\(number + 1)"], at: at(start + wait))
            dash.run(["delivery", "deliver", "\(number + 1)"], at: at(start + wait))
        }
        let window = try Window(dash, at: "2026-11-28 16:00:00", columns: 40, rows: 40)
        window.press("l", Window.enter)
        let picture = Self.lines(window).filter { $0.contains("#") && $0.contains("min") }
        #expect(picture.count == 4, "\(window.screen)")
        let bars = Set(picture.compactMap { line in line.firstIndex(of: "#").map { line.distance(from: line.startIndex, to: $0) } })
        #expect(bars.count == 1 && picture.allSatisfy { $0.hasPrefix("  ") && $0.last?.isNumber == true }, "\(window.screen)")
    }
}

extension WindowFindingsTests {
    @Test func aRefusalUnderALongRunningShiftLeavesTheHeaderAndItsLineInPlaceAt40x12() throws {
        // screens.md: "From 40×12 up: the header and the footer of keys stay in place", and
        // "Messages and refusals wrap onto as many lines as they need". Under a shift of 14 hours
        // with a delivery open, b's refusal of three lines pushed the header and its 12-hour line
        // out of view ("↑ more" at the top) while it showed.
        let dash = try SmallWindowTests.store()
        let window = try Window(dash, at: "2026-11-30 07:30:00", columns: 40, rows: 12)
        let header = SmallWindowTests.lines(window)[0]
        window.press("b")
        #expect(window.screen.contains("can't pause"), "\(window.screen)")
        #expect(SmallWindowTests.lines(window)[0] == header, "\(window.screen)")
        #expect(Self.words(window).contains("Running for 14 h."), "\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// The line of the window that holds the selection mark.
    static func selectedLine(_ window: Window) -> String? {
        SmallWindowTests.lines(window).first { $0.contains("▸") }
    }

    @Test("↓ after Home moves the selection at once where the lines above are all in view", arguments: [(80, 24), (100, 32)])
    func downAfterHomeMovesTheSelectionWhereEverythingShows(columns: Int, rows: Int) throws {
        // cli.md: "Every key is acted on". Home (and ↑ on the first row) scroll back over a
        // period's totals, a log's summary or a place's summary; each ↓ then walked back down
        // through lines that were all in view: 13 presses before the selection moved in a week.
        let dash = Binary()
        for day in 23...25 {
            dash.run(["shift", "start"], at: "2026-11-\(day) 17:00:00")
            for number in 1...2 {
                dash.run(["delivery", "accept"], at: "2026-11-\(day) 17:0\(number):00")
                dash.run(["delivery", "cancel", "\(number)"], at: "2026-11-\(day) 17:1\(number):00")
            }
            dash.run(["shift", "end"], at: "2026-11-\(day) 18:00:00")
        }
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: columns, rows: rows)
        window.press("w", Window.enter, Window.home)
        let first = try #require(Self.selectedLine(window), "\(window.screen)")
        window.press(Window.down)
        #expect(Self.selectedLine(window) != first, "\(window.screen)")
        // In a shift's log too: Home, then ↓, moves on to the second delivery.
        window.press(Window.escape, Window.escape, "h", Window.enter, Window.home)
        #expect(Self.selectedLine(window)?.contains("Delivery 1") == true, "\(window.screen)")
        window.press(Window.down)
        #expect(Self.selectedLine(window)?.contains("Delivery 2") == true, "\(window.screen)")
    }
}

extension WindowFindingsTests {
    @Test func aTimeInAWrappedHeaderIsNeverCutBeforeItsAMOrPM() throws {
        // screens.md: "A figure is never cut". At 45×15 the header of a shift started at 4:00 AM
        // the day before read "…Nov 28, 4:00" on one line and "AM · 28 h" on the next.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-28 04:00:00")
        let window = try Window(dash, at: "2026-11-29 08:00:00", columns: 45, rows: 15)
        #expect(window.screen.contains("4:00 AM"), "\(window.screen)")
        #expect(!SmallWindowTests.lines(window).contains { $0.hasPrefix("AM") }, "\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// cli.md: "Every key is acted on, in the order pressed, however the terminal delivers them".
    /// `Home` then `Enter` in one read on a shift's log: `Enter` judged the selected delivery out
    /// of view by the frame drawn before `Home`, and was spent bringing it into view; a pause
    /// between the two opened the place.
    @Test(arguments: [(100, 32), (40, 12)])
    func keysInOneReadActOnTheWindowTheKeysBeforeThemLeft(columns: Int, rows: Int) throws {
        // A log longer than the window: after End, the first delivery is out of view.
        let dash = Binary()
        let clock = SetClock("2026-11-28 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for number in 1...16 {
            clock.advance(60)
            _ = try store.acceptDelivery()
            if number == 1 { _ = try store.setPickupPlace(try PickupPlaceName("Example Diner"), delivery: 1, shiftID: nil) }
            _ = try store.record(.cancel, delivery: number)
        }
        _ = try store.endShift()
        let apart = try Window(dash, at: "2026-11-29 17:30:00", columns: columns, rows: rows)
        apart.press("h", Window.enter, Window.end, Window.home, Window.enter)
        let together = try Window(dash, at: "2026-11-29 17:30:00", columns: columns, rows: rows)
        together.press("h", Window.enter, Window.end)
        together.type(Window.home + Window.enter)
        #expect(together.screen == apart.screen, "\(together.screen)\n\(apart.screen)")
        // At 100×32 the first delivery shows under the shift's figures: Enter opens its place.
        if columns == 100 { #expect(together.screen.contains("Rename"), "\(together.screen)") }
    }
}

extension WindowFindingsTests {
    /// "While the window is too small to show the screen, no key acts on it": keys read together
    /// laid the window out again at the last size that was large enough, and the second `a` of
    /// `aa` accepted a delivery nobody could see.
    @Test func keysReadTogetherInAWindowTooSmallDoNothing() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 100, rows: 32)
        window.harness.resize(columns: 20, rows: 5)
        window.type("aa")
        #expect(dash.run(["shift", "show", "--json"]).stdout.contains("\"deliveries\": []"))
    }
}

extension WindowFindingsTests {
    /// screens.md: "Every list pages: PgUp PgDn (a page is the rows in view, less one)", and "a
    /// place's history scrolls up to its summary and waits". At 40×12, once the first delivery was
    /// reached, each PgUp climbed the summary one line; PgDn came down a page.
    @Test func pgUpClimbsAPlacesSummaryAPageAtATime() throws {
        let dash = Binary()
        let clock = SetClock("2026-11-28 11:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for number in 1...12 {
            clock.advance(30 * 60)
            _ = try store.acceptDelivery()
            _ = try store.setPickupPlace(try PickupPlaceName("Example Diner"), delivery: number, shiftID: nil)
            _ = try store.record(.arrive, delivery: number)
            clock.advance(Double(number) * 60)
            _ = try store.record(.pickUp, delivery: number)
            _ = try store.record(.deliver, delivery: number)
        }
        _ = try store.endShift()
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 40, rows: 12)
        window.press("h", Window.enter, Window.down, Window.enter)
        #expect(window.screen.contains("Example Diner"), "\(window.screen)")
        window.press(Window.end)
        var presses = 0
        while !window.screen.contains("Typical recorded wait") && presses < 40 {
            window.press(Window.pageUp)
            presses += 1
        }
        // 12 rows of deliveries and about 20 lines above them, 8 lines in view: 9 presses, not 24.
        #expect(window.screen.contains("Typical recorded wait") && presses <= 12, "\(presses) presses\n\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// "What a key will act on is always on screen": an empty list named Enter, d and the paging
    /// keys, which had nothing to act on and did nothing.
    @Test func anEmptyListNamesNoKeyThatActsOnARow() throws {
        let dash = try Self.empty()
        dash.run(["shift", "start"], at: "2026-11-16 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-16 18:00:00")
        let window = try Window(dash, at: "2026-11-28 17:45:00", columns: 100, rows: 32)
        window.press("c")
        #expect(window.screen.contains("No expenses recorded.") && window.screen.contains("a add"), "\(window.screen)")
        #expect(!window.screen.contains("Enter edit") && !window.screen.contains("d remove"), "\(window.screen)")
        window.press("?")
        #expect(window.screen.contains("a") && !window.screen.contains("PgUp") && !window.screen.contains("Enter"), "\(window.screen)")
        window.press(Window.escape, Window.escape, "w", Window.enter)
        #expect(window.screen.contains("No shifts in this period."), "\(window.screen)")
        #expect(!window.screen.contains("Enter open log") && window.screen.contains("Esc back"), "\(window.screen)")
        let none = try Window(try Self.empty(), at: "2026-11-28 17:45:00", columns: 100, rows: 32)
        none.press("h")
        #expect(!none.screen.contains("Enter open log") && none.screen.contains("Esc back"), "\(none.screen)")
    }
    /// screens.md's Expenses sketch keeps when, category and amount in columns; a row whose note
    /// did not fit left them, joined with " · ", its amount out of line with the others.
    @Test func anExpenseWhoseNoteDoesNotFitKeepsItsColumnsAndWrapsItsNote() throws {
        let dash = Binary()
        let long = "receipt kept in the glovebox with the others from the same week, to sort out at the end of the month"
        dash.run(["expense", "add", "42.10", "fuel", "--at", "2026-11-28 16:10", "--note", "full tank"], at: "2026-11-29 17:00:00")
        dash.run(["expense", "add", "0", "other", "--at", "2026-11-27 12:00", "--note", long], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 100, rows: 32)
        window.press("c")
        let lines = window.screen.split(separator: "\n").map(String.init)
        let fuel = try #require(lines.first { $0.contains("Fuel") })
        let other = try #require(lines.first { $0.contains("Other") })
        #expect(other.hasSuffix("$0.00") || other.hasSuffix("$0.00 "), "\(window.screen)")
        #expect(fuel.range(of: "$42.10")?.upperBound.utf16Offset(in: fuel) == other.range(of: "$0.00")?.upperBound.utf16Offset(in: other))
        #expect(window.screen.contains("receipt kept in the glovebox") && !window.screen.contains("· Other ·"), "\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// screens.md: "From 40×12 up: the header and the footer of keys stay in place", and
    /// "Messages and refusals wrap onto as many lines as they need". Under a shift of 12 hours
    /// started last year (a header of three lines) with five deliveries open, b's refusal took
    /// the header out of view; the open cards are on the screen, and the refusal names them by
    /// their runs, short enough for the header, the refusal and the selected card's title and
    /// button ("however small the window") to show together.
    @Test func aLongRefusalLeavesATallHeaderAndTheSelectedCardInPlaceAt40x12() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2025-12-31 17:00:00")
        let window = try Window(dash, at: "2026-01-01 05:30:00", columns: 40, rows: 12)
        window.press("a", "a", "a", "a", "a")
        let line = "Running for 12 h. If you forgot to end it, e ends it at its last activity."
        #expect(Self.words(window).contains(line), "\(window.screen)")
        let header = Array(Self.lines(window).prefix { !$0.contains("more") && !$0.contains("Delivery") })
        #expect(header.count >= 5 && header[0].hasPrefix("DashPilot"), "\(window.screen)")
        window.press("b")
        let refusal = "The shift can't pause while Deliveries 1 to 5 are still open; deliver or cancel them first."
        #expect(Self.words(window).contains(refusal), "\(window.screen)")
        #expect(Array(Self.lines(window).prefix(header.count)) == header, "\(window.screen)")
        #expect(window.screen.contains("▸ Delivery 5 · Accepted"), "\(window.screen)")
        #expect(SmallWindowTests.lines(window, from: "▸ Delivery 5").contains { $0.contains("Arrived at Pickup") }, "\(window.screen)")
        #expect(Self.lines(window).last == "? keys · q quit" && Self.lines(window).count == 12, "\(window.screen)")
        // The next key clears the refusal: the selected card shows whole again, to its button.
        window.press(Window.up)
        #expect(SmallWindowTests.lines(window, from: "▸ Delivery 4").contains { $0.contains("Arrived at Pickup") }, "\(window.screen)")
    }
}

extension WindowFindingsTests {
    /// Whether "↑ more" shows between the header and the selected first row, `title`.
    static func moreAbove(_ window: Window, _ title: String) -> Bool {
        let lines = Self.lines(window)
        guard let row = lines.firstIndex(where: { $0.hasPrefix("▸ " + title) }) else { return true }
        return lines[..<row].contains { $0.contains("↑ more") }
    }

    /// screens.md: what does not fit scrolls, 'with "↑ more" and "↓ more" where it continues'.
    /// Once the wheel had moved a list's view, Home (or the wheel back up) brought its first row
    /// to the top under "↑ more", with nothing above it but the blank line under the header.
    @Test func nothingAboveAListsFirstRowSaysMoreAfterTheWheel() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for _ in 1...14 { dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00") }
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 100, rows: 32)
        window.press(Window.home)
        window.wheel(down: true)
        #expect(window.screen.contains("↑ more"), "\(window.screen)")
        window.wheel(down: false)
        window.press(Window.end, Window.home)
        #expect(!Self.moreAbove(window, "Delivery 1 ·"), "\(window.screen)")

        let weeks = try Window(try EveryWindowTests.store(shifts: 120), at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        weeks.press("w")
        let top = weeks.screen
        weeks.wheel(down: true)
        #expect(weeks.screen.contains("↑ more"), "\(weeks.screen)")
        weeks.wheel(down: false)
        #expect(!Self.moreAbove(weeks, "Nov 23 – 29") && weeks.screen == top, "\(weeks.screen)")
    }
}

extension WindowFindingsTests {
    /// The selected card's title and button, and b's refusal whole, at 40×12 after `b` on a shift
    /// with `accepted` deliveries accepted, those of `cancelled` cancelled, opened at `time`.
    static func refusedPause(accepted: Int, cancelled: [Int] = [], at time: String, saying refusal: String) throws -> Window {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-03-01 17:00:00")
        for minute in 1...accepted { dash.run(["delivery", "accept"], at: "2026-03-01 17:\(String(format: "%02d", minute)):00") }
        for number in cancelled { dash.run(["delivery", "cancel", "\(number)"], at: "2026-03-01 17:40:00") }
        let window = try Window(dash, at: time, columns: 40, rows: 12)
        window.press("b")
        #expect(words(window).contains(refusal), "\(window.screen)")
        #expect(lines(window).last == "? keys · q quit" && lines(window).count == 12, "\(window.screen)")
        let newest = (1...accepted).last { !cancelled.contains($0) } ?? 0
        #expect(window.screen.contains("▸ Delivery \(newest) · Accepted"), "\(window.screen)")
        #expect(
            SmallWindowTests.lines(window, from: "▸ Delivery \(newest)").contains { $0.contains("Arrived at Pickup") }, "\(window.screen)")
        return window
    }

    /// screens.md: "What a key will act on is always on screen: on the running shift, the
    /// selected card's title … and its button are both in view, however small the window". Under
    /// a 12-hour line, b's refusal naming eight open deliveries left the header in place and hid
    /// the button, and Enter still recorded the step the driver could not see. Fourteen with no
    /// 12-hour line left only the card's title.
    @Test func aRefusalOfManyOpenDeliveriesLeavesTheSelectedCardsButtonInView() throws {
        let refusal = "The shift can't pause while Deliveries 1 to 8 are still open; deliver or cancel them first."
        _ = try Self.refusedPause(accepted: 8, at: "2026-03-02 07:30:00", saying: refusal)
        let fourteen = "The shift can't pause while Deliveries 1 to 14 are still open; deliver or cancel them first."
        _ = try Self.refusedPause(accepted: 14, at: "2026-03-01 18:00:00", saying: fourteen)
    }

    /// Where the refusal and the header leave no room for the selected card's title and button,
    /// the header scrolls with what it heads: what a key acts on comes first.
    @Test func aRefusalThatLeavesNoRoomBesideTheHeaderScrollsTheHeader() throws {
        let cancelled = Array(stride(from: 2, through: 28, by: 2))
        let open = (1...27).filter { $0 % 2 == 1 }.map(String.init)
        let refusal =
            "The shift can't pause while Deliveries \(open.dropLast().joined(separator: ", ")) and 27 are still open; deliver or cancel them first."
        let window = try Self.refusedPause(accepted: 28, cancelled: cancelled, at: "2026-03-02 07:30:00", saying: refusal)
        #expect(Self.lines(window).first == "  ↑ more", "\(window.screen)")
    }

    /// screens.md: "A text field scrolls so that the cursor and the characters around it are
    /// always visible." A filter of 300 characters made the heading that quotes it eight lines
    /// tall at 40×12, and the field it was typed into left the window.
    @Test func aLongFilterLeavesTheFieldItIsTypedIntoInView() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-03-01 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-03-01 17:01:00")
        dash.run(["pickup", "set", "1", "Harbor Noodle Bar"], at: "2026-03-01 17:02:00")
        dash.run(["delivery", "accept"], at: "2026-03-01 17:03:00")
        dash.run(["pickup", "set", "2", "Lantern Taqueria"], at: "2026-03-01 17:04:00")
        let window = try Window(dash, at: "2026-03-01 18:00:00", columns: 40, rows: 12)
        window.press("l")
        window.type(String(repeating: "z", count: 300))
        #expect(Self.words(window).contains("Places ? keys 0 of 2 match \"z"), "\(window.screen)")
        #expect(window.screen.contains("z…\""), "\(window.screen)")
        #expect(Self.lines(window).contains { $0.hasPrefix("Filter") }, "\(window.screen)")
        // A filter that fits is quoted whole.
        window.press(Window.escape, "l")
        window.type("noo")
        #expect(window.screen.contains("Places · 1 of 2 match \"noo\""), "\(window.screen)")
        // The merge list's heading quotes its filter the same way.
        window.press(Window.enter, "m")
        window.type(String(repeating: "q", count: 300))
        #expect(Self.lines(window).contains { $0.hasPrefix("Filter") }, "\(window.screen)")
    }
}
