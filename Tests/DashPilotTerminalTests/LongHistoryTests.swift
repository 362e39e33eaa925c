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
            kind: .week, format: .driver(environment: ["LANG": "C.UTF-8", "TZ": "UTC"]).at(SetClock.date("2026-11-29 18:00:00")))
        // More weeks than a window of the tallest screen holds.
        #expect(whole.rows.count > 50 + 2 * WeeksView.margin)
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 160, rows: 50)
        window.press("w", Window.end)
        // The oldest week, as the whole list has it.
        let oldest = try #require(whole.rows.last)
        #expect(window.screen.contains("▸ \(oldest.label)") && window.screen.contains(oldest.totals), "\(window.screen)")
        window.press(Window.enter)
        #expect(window.screen.contains("Week of May 5, 2025 – May 11, 2025") && window.screen.contains("$10.00"), "\(window.screen)")
        window.press(Window.escape, Window.home)
        #expect(window.screen.contains("▸ \(whole.rows[0].label)"))
    }

    @Test func weeksWalkedRowByRowDownAndUpAreTheWholeListsInOrder() throws {
        let dash = Binary()
        let clock = SetClock("2025-01-06 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        // One shift a week for 100 weeks, each earning its week's number in dollars.
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
            format: .driver(environment: ["LANG": "C.UTF-8", "TZ": "UTC"]).at(now))
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
        for index in 0..<(ExpensesView.windowSize + 50) {
            _ = try store.addExpense(Money(cents: Int64(100 + index)), category: .fuel, at: clock.now(), note: nil)
            clock.advance(3600)
        }
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 32)
        window.press("c", Window.end)
        #expect(window.screen.contains("▸ Thu, Jan 1 · 9:00 AM · Fuel · $1.00"), "\(window.screen)")
        window.press(Window.enter)
        #expect(window.screen.contains("1.00"), "\(window.screen)")
    }
}
