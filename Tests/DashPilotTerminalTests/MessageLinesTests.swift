import Foundation
import Testing

/// screens.md, "Layout in any window": "the header and the footer of keys stay in place".
@Suite("A message the screen already shows keeps the frame whole")
struct MessageLinesTests {
    /// With the only place's history open, `m` says Merge needs another place, in words the
    /// screen already shows under its disabled button. At 45×13 the frame came out a row short:
    /// the footer drawn on row 12, and a dead copy of it left on row 13 that a tap could not
    /// work (windows audit).
    @Test(arguments: [(45, 13), (40, 12), (60, 20)])
    func theMergeRefusalOfTheOnlyPlaceKeepsTheFooterOnTheLastRow(columns: Int, rows: Int) throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-03-02 09:00:00")
        dash.run(["delivery", "accept"], at: "2026-03-02 09:01:00")
        dash.run(["pickup", "set", "1", "Sample Sushi"], at: "2026-03-02 09:02:00")
        dash.run(["cancel", "1"], at: "2026-03-02 09:03:00")
        let window = try Window(dash, at: "2026-03-02 09:10:00", columns: columns, rows: rows)
        window.press("l", Window.enter)
        let before = window.screen.split(separator: "\n", omittingEmptySubsequences: false)
        window.press("m")
        let after = window.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.count == rows, "\(window.screen)")
        #expect(after.last?.contains("Esc back") == true, "\(window.screen)")
        #expect(after.filter { $0.contains("Esc back") }.count == 1, "\(window.screen)")
        #expect(before.count == rows)
    }
}
