import Testing

@Suite struct KeysListAloneTests {
    @Test func theKeysListShowsNoMessageOfTheScreenUnderIt() throws {
        // screens.md: "The keys list (?) ... no key leaks to the screen under it": a refusal of
        // the screen under it ("The shift is paused; resume it first.") showed above its footer.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "pause"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 17:20:00", columns: 80, rows: 24)
        window.press("a")
        #expect(window.screen.contains("resume it first"), "\(window.screen)")
        window.press("?")
        #expect(window.screen.contains("Keys on this screen") && !window.screen.contains("resume it first"), "\(window.screen)")
        window.press(Window.escape)
        #expect(!window.screen.contains("Keys on this screen"), "\(window.screen)")
    }
}
