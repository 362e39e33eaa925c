import DashPilotCore
import DashPilotStore
import Testing

/// cli.md: "Every key is acted on"; screens.md: "From 40×12 up: ... what does not fit scrolls".
/// At 40×12, Home shows a place's summary from its top; each ↓ then moved the focus a line down
/// through what already showed, seven presses changing nothing before the window moved, and PgDn
/// likewise (a page of the list's rows in view, none of which showed).
@Suite struct EveryPressMovesTests {
    /// One place with 30 delivered deliveries, each waited for, over two shifts.
    static func busyPlace() throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-20 16:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        for shift in 0..<2 {
            clock.set("2026-11-2\(shift) 16:00:00")
            _ = try store.startShift()
            for number in 1...15 {
                clock.advance(60)
                _ = try store.acceptDelivery()
                _ = try store.setPickupPlace(try PickupPlaceName("Quiet Quarry Cafe"), delivery: number, shiftID: nil)
                for step in [LifecycleStep.arrive, .pickUp, .deliver] {
                    clock.advance(Double(60 * number))
                    _ = try store.record(step, delivery: number)
                }
            }
            _ = try store.endShift()
        }
        return dash
    }

    /// Presses `key` until the selection mark shows, each press changing the window; returns how
    /// many it took.
    static func pressesUntilTheSelectionShows(_ window: Window, _ key: String) -> Int {
        var presses = 0
        while WindowFindingsTests.selectedLine(window) == nil && presses < 40 {
            let before = window.screen
            window.press(key)
            presses += 1
            #expect(window.screen != before, "press \(presses) of \(key.debugDescription) changed nothing:\n\(before)")
        }
        return presses
    }

    @Test(arguments: [Window.down, Window.pageDown])
    func afterHomeEveryPressBringsMoreOfAPlacesSummaryIntoViewAt40x12(key: String) throws {
        let dash = try Self.busyPlace()
        let window = try Window(dash, at: "2026-11-22 12:00:00", columns: 40, rows: 12)
        window.press("l", Window.enter, Window.home)
        #expect(window.screen.contains("Quiet Quarry Cafe"), "\(window.screen)")
        let presses = Self.pressesUntilTheSelectionShows(window, key)
        #expect(WindowFindingsTests.selectedLine(window) != nil, "\(window.screen)")
        #expect(presses <= (key == Window.down ? 30 : 6), "\(presses)")
    }

    @Test func afterHomeEveryPressBringsMoreOfAShiftsLogAndAWeekIntoViewAt40x12() throws {
        let dash = try Self.busyPlace()
        let window = try Window(dash, at: "2026-11-22 12:00:00", columns: 40, rows: 12)
        window.press("h", Window.enter, Window.home)
        _ = Self.pressesUntilTheSelectionShows(window, Window.down)
        #expect(WindowFindingsTests.selectedLine(window)?.contains("Delivery 1") == true, "\(window.screen)")
        window.press(Window.escape, Window.escape, "w", Window.enter, Window.home)
        _ = Self.pressesUntilTheSelectionShows(window, Window.down)
        #expect(WindowFindingsTests.selectedLine(window) != nil, "\(window.screen)")
    }
}
