import Foundation
import Testing

@testable import DashPilotTerminal

/// `cli.md`, "Interactive mode": every key is acted on, in the order pressed, however the terminal
/// delivers them; pasted text goes into a field whole; a tab in a field is whitespace.
@Suite("Keys that arrive together, or split across reads")
struct KeysTogetherTests {
    private func deliveries(_ dash: Binary) -> [[String: Any]] {
        (json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])?["deliveries"] as? [[String: Any]] ?? []
    }

    @Test func everyKeyInOneReadIsActedOnInOrder() throws {
        let dash = Binary()
        let window = try Window(dash, at: "2026-11-29 17:00:00")
        // A fast typist: s and a in one read start a shift and accept a delivery; a a, two more.
        window.type("sa")
        #expect(window.screen.contains("Delivery 1 · Accepted"))
        window.type("aa")
        #expect(deliveries(dash).count == 3)
        // Keys in one read go each to the screen on top then: p opens the sheet, and what
        // follows in the same read is typed into its field.
        window.type("pExample Diner\r")
        #expect(deliveries(dash).map { $0["pickupPlace"] as? String } == [nil, nil, "Example Diner"])
    }

    @Test func anEscapeSequenceSplitAcrossTwoReadsIsOneKey() throws {
        let dash = Binary()
        let window = try Window(dash, at: "2026-11-29 17:00:00")
        window.type("saa")
        #expect(window.screen.contains("▸ Delivery 2"))
        // ↑ arriving as Esc, then [A in the next read: one key, not Esc then "[A".
        window.harness.press("\u{1B}", "[A")
        #expect(window.screen.contains("▸ Delivery 1"))
        window.harness.press("\u{1B}[", "A\r")
        #expect(deliveries(dash).map { $0["state"] as? String } == ["arrivedAtPickup", "accepted"])
        // A lone Esc is Esc once nothing follows it: the sheet closes.
        window.press("p")
        #expect(window.screen.contains("Pickup place ·"))
        window.harness.press("\u{1B}")
        #expect(!window.screen.contains("Pickup place ·"))
    }

    @Test func aCharacterSplitAcrossTwoReadsIsOneCharacter() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("Caf".utf8) + [0xC3]) == [.text("Caf")])
        #expect(decoder.isWaiting)
        #expect(decoder.keys(from: [0xA9, 0x0D]) == [.text("\u{E9}"), .enter])
        #expect(decoder.keys(from: [0x1B, 0x5B]) == [] && decoder.isWaiting)
        #expect(decoder.keys(from: [0x33, 0x7E]) == [.delete])
        #expect(decoder.keys(from: [0x1B]) == [] && decoder.finish() == [.escape])
    }

    @Test func aMouseReportSplitAcrossReadsIsOneEventAndACutOneIsNeverEsc() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("\u{1B}[<0;1".utf8)) == [] && decoder.isWaiting)
        #expect(decoder.keys(from: Array("2;5M".utf8)) == [.mouse(MouseEvent(action: .press(button: 0), column: 12, row: 5))])
        #expect(Key.parse(Array("\u{1B}[<0;12;5m".utf8)) == [.mouse(MouseEvent(action: .release(button: 0), column: 12, row: 5))])
        // Shift, Meta or Ctrl held is the same tap; the wheel is its own.
        #expect(Key.parse(Array("\u{1B}[<16;2;3M".utf8)) == [.mouse(MouseEvent(action: .press(button: 0), column: 2, row: 3))])
        #expect(Key.parse(Array("\u{1B}[<65;2;3M".utf8)) == [.mouse(MouseEvent(action: .wheelDown, column: 2, row: 3))])
        // A report cut short is dropped, never the Esc key; its rest, coming late, is skipped.
        #expect(decoder.keys(from: Array("\u{1B}[<0;1".utf8)) == [] && decoder.finish() == [])
        #expect(decoder.keys(from: Array("2;5Mq".utf8)) == [.text("q")])
        // A driver's typing after one is never eaten.
        #expect(decoder.keys(from: Array("\u{1B}[<0".utf8)) == [] && decoder.finish() == [])
        #expect(decoder.keys(from: Array("42".utf8)) == [.text("42")])
        // A terminal that knows no SGR sends the old encoding: three bytes, never typed as text.
        #expect(Key.parse([0x1B, 0x5B, 0x4D, 32, 33 + 64, 33]) == [.mouse(MouseEvent(action: .press(button: 0), column: 65, row: 1))])
        #expect(decoder.keys(from: [0x1B, 0x5B, 0x4D, 35]) == [] && decoder.finish() == [])
        #expect(decoder.keys(from: [33 + 64, 33, 0x61]) == [.text("a")])
    }

    @Test func aSheetsKeyInOneReadWithTypingActsAsItDoesAlone() throws {
        // cli.md: "Every key is acted on, in the order pressed, however the terminal delivers
        // them". In the pay sheet, "c0" in one read went into the pay field whole ("An amount is
        // a decimal number"), where c pressed alone opens the cash tip's sheet.
        let dash = SheetKeysTests.tipped(0)
        let window = try Window(dash, at: "2026-11-29 18:30:00")
        window.press("h", Window.enter, "t")
        window.type("7c2.50\r")
        #expect(window.screen.contains("Recorded pay  [ 7"), "\(window.screen)")
        #expect(window.screen.contains("Tip 1 · $2.50 cash"), "\(window.screen)")
        window.type("f1\r")
        // ? in one read with a digit lists the keys, as it does alone in an amount.
        window.type("0?")
        #expect(window.screen.contains("Keys on this screen"), "\(window.screen)")
        window.press(Window.escape, Window.backspace, Window.enter)
        let shift = json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any]
        let delivery = (shift?["deliveries"] as? [[String: Any]])?.first
        #expect(delivery?["pay"] as? String == "7.00")
        #expect((delivery?["tips"] as? [[String: Any]])?.map { $0["amount"] as? String } == ["2.50", "1.00"])
    }

    @Test func aNamePastedIntoThePickupSheetStaysOneName() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for (number, name) in ["Example Diner", "Nowhere Noodles"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", String(number + 1), name], at: "2026-11-29 17:0\(number + 1):00")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 17:05:00")
        let window = try Window(dash, at: "2026-11-29 17:06:00")
        window.press("p")
        // "2" alone records the second recent place; pasted with the rest it is part of a name.
        window.type("2 Sample Sandwiches")
        #expect(window.screen.contains("Pickup place ·") && window.screen.contains("2 Sample Sandwiches"))
        window.press(Window.enter)
        #expect(deliveries(dash).last?["pickupPlace"] as? String == "2 Sample Sandwiches")
    }

    @Test func aPasteOfTenThousandCharactersIsRefusedByTheNamingRulesAndTheSheetGoesOn() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:02:00", columns: 40, rows: 12)
        window.press("p")
        // One read of 10,000 characters, as a terminal delivers a paste.
        window.type(String(repeating: "Sample Noodles ", count: 667))
        for line in window.screen.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 40) }
        window.press(Window.enter)
        #expect(window.screen.contains("too long"), "\(window.screen)")
        #expect(deliveries(dash).first?["pickupPlace"] is NSNull)
        // The sheet still takes keys: it closes, opens again empty, and records a name.
        window.press(Window.escape, "p")
        #expect(!window.screen.contains("Sample Noodles Sample"), "\(window.screen)")
        window.type("Sample Noodles")
        window.press(Window.enter)
        #expect(deliveries(dash).first?["pickupPlace"] as? String == "Sample Noodles")
    }

    @Test func aTabInATextFieldIsWhitespaceAsOnTheCommandLine() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Tab\tHere"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let window = try Window(dash, at: "2026-11-29 17:03:00")
        window.press("p")
        window.type("Tab\tHere")
        window.press(Window.enter)
        let places = try #require(json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(places.count == 1)
        let names = deliveries(dash).map { $0["pickupPlace"] as? String }
        #expect(names.count == 2 && names[0] == names[1])
    }
}
