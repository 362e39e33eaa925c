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

    @Test func theFooterGivesWayOnlyWhenWhatAKeyActsOnDoesNotFit() throws {
        let dash = try Self.empty()
        let window = try Window(dash, at: "2026-11-28 17:45:00", columns: 40, rows: 12)
        window.press("s")
        // Only the header and the hint: the whole footer fits, and names a.
        #expect(window.screen.contains("a accept"), "\(window.screen)")
        #expect(Self.lines(window).last != "? keys · q quit", "\(window.screen)")
    }
}
