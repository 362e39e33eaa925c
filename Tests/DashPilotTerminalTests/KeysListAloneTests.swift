import Testing

@Suite struct KeysListAloneTests {
    @Test func theKeysListShowsNoMessageOfTheScreenUnderIt() throws {
        // screens.md: "The keys list (?) ... no key leaks to the screen under it": a refusal of
        // the screen under it ("The shift can't pause while …") showed above its footer.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 80, rows: 24)
        window.press("b")
        #expect(window.screen.contains("can't pause"), "\(window.screen)")
        window.press("?")
        #expect(window.screen.contains("Keys on this screen") && !window.screen.contains("can't pause"), "\(window.screen)")
        window.press(Window.escape)
        #expect(!window.screen.contains("Keys on this screen"), "\(window.screen)")
    }
}

/// screens.md: "A screen names keys, never commands: a refusal shown in the interactive mode
/// points at the key"; and in the screen-reader mode, "after a key, only what changed".
@Suite struct RefusalsPointAtKeysTests {
    @Test func aRefusalWhilePausedPointsAtTheKeyThatHelps() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 100, rows: 32)
        // Pausing with a delivery open: the card's own keys (Enter, x) are in view under it.
        window.press("b")
        #expect(window.screen.contains("can't pause") && window.screen.contains("Enter next step"), "\(window.screen)")
        #expect(window.screen.contains("x cancel"), "\(window.screen)")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:21:00")
        dash.run(["shift", "pause"], at: "2026-11-29 17:22:00")
        let paused = try Window(dash, at: "2026-11-29 17:30:00", columns: 100, rows: 32)
        paused.press("a")
        // money-and-time.md's words, then the key, "resume" said once.
        #expect(paused.screen.contains("The shift is paused; resume it first. Press b."), "\(paused.screen)")
        // The command line names its command.
        let refused = dash.run(["delivery", "accept"], at: "2026-11-29 17:31:00")
        #expect(refused.stderr == "Error: The shift is paused; resume it first. Run `dashpilot shift resume`.\n", "\(refused.stderr)")
    }

    @Test func aTipAddedAfterARefusedPayIsNotFollowedByThatRefusalAgain() throws {
        let dash = SheetKeysTests.tipped(0)
        let reader = try Reader(dash, at: "2026-11-29 18:30:00")
        reader.press("h", Window.enter, "t")
        #expect(reader.type("12.345\r").contains("Use at most two decimal places."))
        reader.press("f")
        let said = reader.type("1.5\r")
        #expect(!said.contains("Use at most two decimal places."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Tip 1, 1 dollar 50 cents, platform") }, "\(said)")
    }
}
