import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md: "`@` on a card opens a small sheet: "Picked up at [ 5:26 PM_ ] · Enter record · Esc
/// cancel", the field prefilled with now". What the sheet offers, its own field takes.
@Suite("A sheet's prefilled time: the step sheet's and the expense sheet's")
struct PrefilledTimeTests {
    @Test(
        "Enter on the sheet's own now records now, in every locale",
        arguments: ["en_US", "de_DE", "fi_FI", "da_DK", "ko_KR", "ar_EG", "zh_CN", "es_MX"])
    func enterOnThePrefilledNowRecordsIt(locale: String) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 19:30:00", environment: ["LANG": locale + ".UTF-8"])
        window.press("@")
        window.press(Window.enter)
        #expect(!window.screen.contains("is not one"), "\(window.screen)")
        let show = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let delivery = (show["deliveries"] as? [[String: Any]])?.first
        #expect(delivery?["arrivedAtPickupAt"] as? String == "2026-11-29T19:30:00Z")
    }

    /// The sketch's own line: the step's label beside its field ("Picked up at  [ 5:26 PM_ ]"),
    /// with the delivery it records in the title; the label stood in the title and the field
    /// alone, unnamed, on its line.
    @Test("The step sheet's label stands beside its field", arguments: [(100, 32), (40, 12)])
    func theStepSheetsLabelStandsBesideItsField(columns: Int, rows: Int) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:20:00")
        let window = try Window(dash, at: "2026-11-29 17:26:00", columns: columns, rows: rows)
        window.press("@")
        let lines = window.screen.split(separator: "\n")
        #expect(lines.contains { $0.contains("Picked up at  [ 5:26 PM") }, "\(window.screen)")
        #expect(lines.contains { $0.contains("┌ Delivery 1 ─") }, "\(window.screen)")
    }

    /// A time typed with no date and still to come today is yesterday's (money-and-time.md): the
    /// sheet's refusal says so, as the command line's does.
    @Test func aTimeStillToComeTodayIsSaidToHaveBeenReadAsYesterdays() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 17:20:00")
        window.press("@")
        for _ in 0..<12 { window.press(Window.backspace) }
        window.type("5:30 PM")
        window.press(Window.enter)
        let shown = window.screen.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(shown.contains("5:30 PM today is still to come, so it was read as yesterday's."), "\(window.screen)")
    }

    /// The field shows the minute; left as it is, it means the moment the sheet opened, so a step
    /// recorded earlier in the same minute does not make the sheet's own now refused.
    @Test func thePrefilledNowKeepsItsSeconds() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:30:20")
        let window = try Window(dash, at: "2026-11-29 17:30:40")
        window.press("@")
        window.press(Window.enter)
        #expect(!window.screen.contains("can't be recorded before"), "\(window.screen)")
        let show = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let delivery = (show["deliveries"] as? [[String: Any]])?.first
        #expect(delivery?["pickedUpAt"] as? String == "2026-11-29T17:30:40Z")
    }

    /// The expense sheet's time field shows the minute; left as it is, an edit keeps the
    /// expense's own time to the second (editing the amount moves nothing else).
    @Test func editingAnExpensesAmountKeepsItsTimeToTheSecond() throws {
        let dash = Binary()
        dash.run(["expense", "add", "1.11", "other", "--at", "2026-11-28 23:59:59"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press("c", Window.enter)
        window.press(Window.backspace, "2", Window.enter)
        let list = try #require(json(dash.run(["expense", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.first?["amount"] as? String == "1.12" && list.first?["at"] as? String == "2026-11-28T23:59:59Z", "\(list)")
    }
}

extension PrefilledTimeTests {
    @Test(
        "A new expense's time is prefilled with now as the driver reads it, and Enter records now",
        arguments: [("en_US", "7:30 PM"), ("de_DE", "19:30")])
    func aNewExpensesTimeIsNowAsTheDriverReadsIt(locale: String, shown: String) throws {
        // screens.md: "Times follow the driver's locale and time zone (12- or 24-hour)", and the
        // expense sheet's when is "prefilled now, a time field", as the @ sheet's "[ 5:26 PM_ ]".
        // It read "2026-11-29 19:30" under every locale.
        let dash = Binary()
        let window = try Window(dash, at: "2026-11-29 19:30:25", environment: ["LANG": locale + ".UTF-8"])
        window.press("c", "a")
        #expect(window.screen.contains("When  [ \(shown)"), "\(window.screen)")
        window.type("4")
        window.press(Window.enter)
        let list = try #require(json(dash.run(["expense", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.first?["at"] as? String == "2026-11-29T19:30:25Z", "\(list)")
        // An expense being edited keeps its date in the field: it may be of another day.
        window.press(Window.enter)
        #expect(window.screen.contains("When  [ 2026-11-29 19:30"), "\(window.screen)")
    }
}

extension PrefilledTimeTests {
    @Test(
        "An amount is prefilled the way the locale writes it, grouped, and Enter keeps it",
        arguments: [("en_US", "1,234.50"), ("de_DE", "1.234,50")])
    func anAmountIsPrefilledGroupedAndEnterKeepsIt(locale: String, shown: String) throws {
        // money-and-time.md: "A sheet prefills an amount the way the locale writes it", grouping in
        // threes ("1.234,50" under de_DE, "1,234.50" under en_US); it read "1234,50".
        let dash = Binary()
        dash.run(["expense", "add", "1234.50", "maintenance"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 19:30:00", environment: ["LANG": locale + ".UTF-8"])
        window.press("c", Window.enter)
        #expect(window.screen.contains("Amount  [ \(shown)"), "\(window.screen)")
        window.press(Window.enter)
        #expect(!window.screen.contains("Group digits"), "\(window.screen)")
        let list = try #require(json(dash.run(["expense", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.first?["amount"] as? String == "1234.50", "\(list)")
    }
}

extension PrefilledTimeTests {
    /// money-and-time.md, "Typing a time", for every time field; the command line said of 2:30 on
    /// a spring-forward night that the clocks skipped it, and the sheets that "2:30" was no time.
    @Test func aTimeTheClocksSkippedIsSaidSoInTheSheets() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-03-08 05:00:00")
        dash.run(["delivery", "accept"], at: "2026-03-08 05:10:00")
        let window = try Window(dash, at: "2026-03-08 09:00:00", environment: ["TZ": "America/New_York"])
        window.press("@")
        for _ in 0..<12 { window.press(Window.backspace) }
        window.type("2:30")
        window.press(Window.enter)
        #expect(window.screen.contains("2:30 did not happen that day here: the clocks skipped it."), "\(window.screen)")
        window.press(Window.escape, "c", "a", "5", Window.down, "\t")
        for _ in 0..<24 { window.press(Window.backspace) }
        window.type("2026-03-08 02:30")
        window.press(Window.enter)
        #expect(window.screen.contains("2026-03-08 02:30 did not happen that day here: the clocks skipped it."), "\(window.screen)")
        #expect(dash.run(["expense", "list"]).stdout.contains("No expenses"), "\(window.screen)")
    }
}
