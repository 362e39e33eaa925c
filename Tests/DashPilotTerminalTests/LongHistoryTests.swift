import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// Long histories: a list holds a window of rows around its selection and reads the next when the
/// selection leaves it; what it shows is what the whole list would show.
@Suite("Long histories, a window at a time")
struct LongHistoryTests {
    @Test func weeksPastTheFirstWindowReadAsTheWholeListWould() throws {
        let dash = Binary()
        let clock = SetClock("2025-05-05 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        // One shift a week for 80 weeks, each with 1 to 5 deliveries.
        for week in 0..<80 {
            let shift = try store.startShift()
            for _ in 0...(week % 5) {
                clock.advance(60)
                _ = try store.acceptDelivery()
                _ = try store.record(.cancel, delivery: try store.shiftLog(id: nil).deliveries.count)
            }
            clock.advance(3600)
            _ = try store.endShift()
            _ = try store.setEarnings(Money(cents: Int64(week + 1) * 1000), shiftID: shift.id)
            clock.advance(Double(7 * 86_400 - 3600 - 60 * (week % 5 + 1)))
        }
        let whole = PeriodListScreen(
            periods: try store.periods(
                .week, limit: nil, timeZone: TimeZone(identifier: "UTC")!, now: SetClock.date("2026-11-29 18:00:00")),
            kind: .week,
            format: .driver(environment: ["LANG": "C.UTF-8", "TZ": "UTC"], now: SetClock.date("2026-11-29 18:00:00")))
        // More weeks than a window of the tallest screen holds.
        #expect(whole.rows.count > 50 + 2 * WeeksView.margin)
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 160, rows: 50)
        window.press("w", Window.end)
        // The oldest week, as the whole list has it.
        let oldest = try #require(whole.rows.last)
        #expect(window.screen.contains("▸ \(oldest.label)") && window.screen.contains(oldest.totals), "\(window.screen)")
        window.press(Window.enter)
        #expect(window.screen.contains("Week of May 5 – 11, 2025") && window.screen.contains("$10.00"), "\(window.screen)")
        window.press(Window.escape, Window.home)
        #expect(window.screen.contains("▸ \(whole.rows[0].label)"))
    }

    /// One shift a week for 100 weeks from 6 January 2025, each earning its week's number in
    /// dollars, and the whole list of weeks as the screen's model has it on 29 November 2026.
    static func hundredWeeks() throws -> (Binary, PeriodListScreen) {
        let dash = Binary()
        let clock = SetClock("2025-01-06 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for week in 0..<100 {
            let shift = try store.startShift()
            clock.advance(3600)
            _ = try store.endShift()
            _ = try store.setEarnings(Money(cents: Int64(week + 1) * 100), shiftID: shift.id)
            clock.advance(Double(7 * 86_400 - 3600))
        }
        let now = SetClock.date("2026-11-29 18:00:00")
        let whole = PeriodListScreen(
            periods: try store.periods(.week, limit: nil, timeZone: TimeZone(identifier: "UTC")!, now: now), kind: .week,
            format: .driver(environment: ["LANG": "C.UTF-8", "TZ": "UTC"], now: now))
        return (dash, whole)
    }

    @Test func weeksWalkedRowByRowDownAndUpAreTheWholeListsInOrder() throws {
        let (dash, whole) = try Self.hundredWeeks()
        // Each window edge is crossed both ways, a row and a page at a time: the window gains only
        // the weeks it did not hold, and every row stays where the whole list has it.
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 24)
        window.press("w")
        for index in whole.rows.indices {
            if index > 0 { window.press(Window.down) }
            #expect(window.screen.contains("▸ \(whole.rows[index].label)"), "row \(index)")
            #expect(window.screen.contains(whole.rows[index].totals), "row \(index)")
        }
        for index in whole.rows.indices.reversed().dropFirst() {
            window.press(Window.up)
            #expect(window.screen.contains("▸ \(whole.rows[index].label)"), "row \(index)")
        }
        // The screenful above a row is there whichever way it was reached.
        window.press(Window.end)
        for _ in 0..<3 { window.press(Window.pageUp) }
        let selected = try #require(whole.rows.indices.first { window.screen.contains("▸ \(whole.rows[$0].label)") })
        #expect(window.screen.contains(whole.rows[selected - 10].label), "\(window.screen)")
    }

    @Test func expensesPastTheFirstWindowAreTheOnesSelected() throws {
        let dash = Binary()
        let clock = SetClock("2026-01-01 09:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for index in 0..<(HeldRows.size + 50) {
            _ = try store.addExpense(Money(cents: Int64(100 + index)), category: .fuel, at: clock.now(), note: nil)
            clock.advance(3600)
        }
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 32)
        window.press("c", Window.end)
        #expect(window.screen.contains("▸ Thu, Jan 1 · 9:00 AM    Fuel   $1.00"), "\(window.screen)")
        window.press(Window.enter)
        #expect(window.screen.contains("1.00"), "\(window.screen)")
    }

    /// 60 places, "Example Place 01" to "60", place `n` named by `n % 4 + 1` deliveries.
    static func sixtyPlaces() throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-29 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        var delivery = 0
        for place in 1...60 {
            for _ in 0...(place % 4) {
                clock.advance(1)
                _ = try store.acceptDelivery()
                delivery += 1
                _ = try store.setPickupPlace(
                    try PickupPlaceName(String(format: "Example Place %02d", place)), delivery: delivery, shiftID: nil)
            }
        }
        return dash
    }

    /// The places of `lines` with the count each row says, checked against what was recorded.
    static func placesShown(_ lines: [String]) -> [Int] {
        var shown: [Int] = []
        for line in lines {
            guard let range = line.range(of: #"Example Place \d\d"#, options: .regularExpression) else { continue }
            let place = Int(line[range].suffix(2))!
            let count = place % 4 + 1
            let said = count == 1 ? "1 delivery" : "\(count) deliveries"
            #expect(line.contains("· \(said)") || line.contains(", \(said)."), "\(line)")
            shown.append(place)
        }
        return shown
    }

    /// The places screen counts a place's deliveries when its row comes into view; every row in
    /// view, however it came there, says its own count.
    @Test func everyPlaceInViewSaysItsCountHoweverItCameIntoView() throws {
        let dash = try Self.sixtyPlaces()
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 12)
        func shown() -> [Int] { Self.placesShown(window.screen.components(separatedBy: "\n")) }
        window.press("l")
        #expect(shown().first == 1 && shown().count >= 5, "\(window.screen)")
        window.press(Window.end)
        #expect(shown().last == 60 && shown().count >= 5, "\(window.screen)")
        window.press(Window.pageUp, Window.pageUp)
        #expect(shown().count >= 5, "\(window.screen)")
        window.press(Window.home)
        for _ in 0..<20 { window.press(Window.down) }
        // A larger window shows rows the small one never came near.
        window.harness.resize(columns: 100, rows: 50)
        #expect(shown() == Array(1...min(60, shown().count)) && shown().count >= 40, "\(window.screen)")
        window.type("place 5")
        #expect(shown() == Array(50...59), "\(window.screen)")
        window.press(
            Window.backspace, Window.backspace, Window.backspace, Window.backspace, Window.backspace, Window.backspace, Window.backspace)
        window.press(Window.end)
        #expect(shown().last == 60 && shown().count >= 40, "\(window.screen)")
        // A tap selects a row in view, and what it opens is that place.
        window.tap(window.place(of: "Example Place 30"))
        #expect(window.screen.contains("▸ Example Place 30"), "\(window.screen)")
    }

    /// A count that cannot be read (another program holds the store) leaves the selection where
    /// it was and drawn; a filter's new rows wait undrawn for a later key; Enter opens the place
    /// selected whether or not it is counted, and never takes the store's silence for a crash.
    @Test func aCountTheStoreRefusesLeavesTheSelectionWhereItWasAndEnterStillOpens() throws {
        let dash = try Self.sixtyPlaces()
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 12, busyTimeout: 1)
        window.press("l")
        var lock = BusyStoreTests.Lock(dash.storePath)
        window.press(Window.end)
        #expect(window.screen.contains("The store is busy") && window.screen.contains("▸ Example Place 01"), "\(window.screen)")
        window.type("place 5")
        #expect(window.screen.contains("The store is busy") && !window.screen.contains("Example Place 5"), "\(window.screen)")
        lock.release()
        window.press(Window.enter)
        #expect(window.screen.contains("Example Place 50") && window.screen.contains("r rename"), "\(window.screen)")
        window.press(Window.escape)
        #expect(Self.placesShown(window.screen.components(separatedBy: "\n")).first == 50, "\(window.screen)")
        // Enter on a row a failed count left undrawn opens it all the same.
        lock = BusyStoreTests.Lock(dash.storePath)
        window.press(Window.backspace)
        #expect(window.screen.contains("The store is busy") && !window.screen.contains("Example Place"), "\(window.screen)")
        lock.release()
        window.press(Window.enter)
        #expect(window.screen.contains("Example Place 01") && window.screen.contains("r rename"), "\(window.screen)")
    }

    /// A list whose next window the store will not give (another program holds it) keeps its
    /// selection where it was, drawn, and moves once the store answers.
    @Test func aWindowTheStoreRefusesLeavesTheSelectionWhereItWas() throws {
        let dash = Binary()
        let clock = SetClock("2025-01-06 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for week in 0..<(HeldRows.size + 20) {
            let shift = try store.startShift()
            clock.advance(3600)
            _ = try store.endShift()
            _ = try store.setEarnings(Money(cents: Int64(week + 1) * 100), shiftID: shift.id)
            _ = try store.addExpense(Money(cents: Int64(100 + week)), category: .fuel, at: clock.now(), note: nil)
            clock.advance(Double(2 * 86_400 - 3600))
        }
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 24, busyTimeout: 1)
        for (open, close) in [("h", Window.escape), ("w", Window.escape), ("c", Window.escape)] {
            window.press(open)
            let first = try #require(window.screen.components(separatedBy: "\n").first { $0.hasPrefix("▸") }, "\(open)")
            let lock = BusyStoreTests.Lock(dash.storePath)
            window.press(Window.end)
            #expect(window.screen.contains("The store is busy") && window.screen.contains(first), "\(open): \(window.screen)")
            lock.release()
            window.press(Window.end)
            #expect(!window.screen.contains(first) && window.screen.contains("▸"), "\(open): \(window.screen)")
            window.press(close)
        }
    }

    /// The screen-reader mode says a page of places, each with its own count.
    @Test func theScreenReaderSaysEachPlaceOfAPageWithItsCount() throws {
        let dash = try Self.sixtyPlaces()
        let reader = try Reader(dash, at: "2026-11-29 18:00:00")
        #expect(Self.placesShown(reader.press("l")) == Array(1...10))
        // A key says what changed: the row it selects.
        #expect(Self.placesShown(reader.press(Window.end)) == [60])
        #expect(Self.placesShown(reader.press("\u{0C}")) == Array(51...60))
        #expect(Self.placesShown(reader.press(Window.pageUp)).count == 1)
        #expect(Self.placesShown(reader.press("\u{0C}")).count == 10)
    }

    /// A window that grows shows the weeks it brings into view, not a blank below the last held.
    @Test func aWindowThatGrowsShowsTheWeeksItBringsIntoView() throws {
        let (dash, whole) = try Self.hundredWeeks()
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 12)
        window.press("w")
        window.harness.resize(columns: 100, rows: 50)
        let labels = whole.rows.map(\.label)
        let shown = window.screen.components(separatedBy: "\n").compactMap { line in labels.firstIndex { line.contains($0) } }
        // Every row from the newest to the window's foot, with nothing blank between.
        #expect(shown == Array(0..<shown.count) && shown.count >= 40, "\(window.screen)")
    }
}

extension LongHistoryTests {
    @Test("The weeks and months lists say \"↓ more\" wherever older periods follow", arguments: [14, 20, 32, 50])
    func theWeeksListSaysMoreWhereOlderPeriodsFollow(rows: Int) throws {
        // screens.md: "what does not fit scrolls, with "↑ more" and "↓ more" where it continues".
        // The list held a screenful of weeks read from the store, so a window they filled knew of
        // nothing below them: no "↓ more" over 100 weeks, until the selection left them.
        let (dash, whole) = try Self.hundredWeeks()
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: rows)
        window.press("w")
        #expect(window.screen.contains("↓ more"), "\(window.screen)")
        // Down to the last week in view and past it, a row at a time: "↓ more" all the way.
        for _ in 0..<(rows + 2) {
            window.press(Window.down)
            #expect(window.screen.contains("↓ more"), "\(window.screen)")
        }
        window.press(Window.end)
        #expect(!window.screen.contains("↓ more") && window.screen.contains("▸ \(whole.rows.last!.label)"), "\(window.screen)")
        window.press(Window.home)
        #expect(window.screen.contains("↓ more"), "\(window.screen)")
        // 23 months: more than a window of 14 or 20 rows shows.
        window.press("m")
        #expect(window.screen.contains("↓ more") == (rows < 24), "\(window.screen)")
    }
}

extension LongHistoryTests {
    @Test(
        "The shifts and expenses lists say \"↑ more\" and \"↓ more\" at the edges of the rows they hold",
        arguments: ["h", "c"])
    func aLongListSaysMoreAtTheEdgesOfTheRowsItHolds(list: String) throws {
        // Each list holds 200 rows around the selection: with the selection at the last of
        // them, nothing below was held, and no "↓ more" said that older rows follow.
        let dash = Binary()
        let clock = SetClock("2026-01-01 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for _ in 0..<(HeldRows.size + 30) {
            if list == "h" {
                _ = try store.startShift()
                clock.advance(3600)
                _ = try store.endShift()
            } else {
                _ = try store.addExpense(Money(cents: 425), category: .fuel, at: clock.now(), note: nil)
            }
            clock.advance(3600)
        }
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 20)
        window.press(list)
        for step in 1...(HeldRows.size + 5) {
            window.press(Window.down)
            guard window.screen.contains("↓ more") else {
                Issue.record("no \"↓ more\" at row \(step): \(window.screen)")
                return
            }
        }
        window.press(Window.end)
        for step in 1...(HeldRows.size + 5) {
            window.press(Window.up)
            guard window.screen.contains("↑ more") else {
                Issue.record("no \"↑ more\" \(step) rows from the end: \(window.screen)")
                return
            }
        }
    }
}
