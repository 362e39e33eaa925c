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
