import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

/// The screen-reader mode's own words: a line a screen shows said as a sentence, the keys, the
/// running shift's short list of keys.
@Suite("The screen-reader mode's words")
struct SpokenWordsTests {
    @Test(
        "A line a screen shows is said as a sentence",
        arguments: [
            // Days and months are said whole, as a label says them ("sun" and "nov" read as words).
            (
                "Shift 12 · Sun, Nov 29 · 5:02 PM – 9:40 PM · 4 h 38 min",
                "Shift 12, Sunday November 29, 5:02 PM to 9:40 PM, 4 hours 38 minutes."
            ),
            ("Remove the fuel expense of $42.10 on Sat, Nov 28?", "Remove the fuel expense of $42.10 on Saturday November 28?"),
            ("Week of Nov 23 – 29", "Week of November 23 to 29."),
            ("Week of Dec 28, 2026 – Jan 3, 2027", "Week of December 28, 2026 to January 3, 2027."),
            ("Shift 3 · Sat 28 Nov · 17:02 – 21:40", "Shift 3, Saturday 28 November, 17:02 to 21:40."),
            (
                "l end it at its last activity, 9:40 PM on Wed, Dec 3, 2025",
                "l end it at its last activity, 9:40 PM on Wednesday December 3, 2025."
            ),
            ("May 5 · Mon", "May 5, Mon."), ("Remove it on Sat 5 Dec?", "Remove it on Saturday 5 December?"),
            // A negative amount's sign is said, a hyphen inside a word is not.
            ("Net after recorded expenses -$475.47", "Net after recorded expenses minus $475.47."),
            ("-US$40.00 · 1:10 AM UTC-6 · -3 · Example-Diner", "minus US$40.00, 1:10 AM UTC-6, minus 3, Example-Diner."),
            ("Net -CA$475.47 · -CHF 475.47 · -¥4,750 · -₹475.47", "Net minus CA$475.47, minus CHF 475.47, minus ¥4,750, minus ₹475.47."),
            ("Paused -5 min · -V · -- · -abc", "Paused minus 5 minutes, -V, --, -abc."),
            ("31.2 mi recorded · partial route", "31.2 miles recorded, partial route."),
            ("1 h · 1 min · 1 s · 1.0 mi", "1 hour, 1 minute, 1 second, 1.0 miles."),
            ("Earnings $84.50 · $47.56/h", "Earnings $84.50, $47.56 an hour."),
            ("under 2 min · 5–10 min (median of 3)", "under 2 minutes, 5 to 10 minutes (median of 3)."),
            ("Paid $14.50 · $12.00 recorded pay + $2.50 cash tip", "Paid $14.50, $12.00 recorded pay plus $2.50 cash tip."),
            ("To rename it instead: Esc, then r.", "To rename it instead: Escape, then r."),
            ("3 shifts · 9 h", "3 shifts, 9 hours."), ("Cancel Delivery 2?", "Cancel Delivery 2?"),
        ])
    func aLineShownIsSaidAsASentence(shown: String, said: String) {
        #expect(SpokenWords.sentence(shown) == said)
    }

    @Test func theKeysLineSaysEachKeyInWordsWithQuestionMarkLast() {
        let keys = [
            ScreenAction.keysList, ScreenAction(.character("a"), "accept", .accept), .selecting, ScreenAction(.enter, "record", .record),
            ScreenAction(.escape, "cancel", .back).unlisted,
            ScreenAction(.character("y"), "end it now", .endNow).detailed("end it now, at 9:40 PM"),
        ]
        #expect(SpokenWords.keys(keys, listsKeys: true) == "Keys: a accept, up and down select, Enter record, question mark all keys.")
        #expect(SpokenWords.keys(keys, listsKeys: false) == "Keys: a accept, up and down select, Enter record.")
        #expect(SpokenWords.choice(keys[5]) == "y: end it now, at 9:40 PM.")
        #expect(SpokenWords.field("Name", value: "") == "Name, empty, type and press Enter.")
    }

    @Test func theRunningShiftSaysItsFirstKeysWithTheSelectedDeliverysStepByName() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:12") { try store.acceptDelivery() }
        _ = try fixture.at("17:19") { try store.record(.arrive, delivery: 1) }
        let screen = RunningShiftScreen(log: try store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now())
        #expect(
            screen.accessibilityKeys(selected: 1) == [
                ScreenAction(.character("a"), "accept", .accept), .selecting, ScreenAction(.enter, "picked up", .nextStep),
                ScreenAction(.character("p"), "pickup place", .pickupPlace),
            ])
        let none = RunningShiftScreen(log: nil, format: fixture.format, now: fixture.clock.now())
        #expect(none.accessibilityKeys(selected: nil) == none.keys)
    }

    @Test func aLongShiftSaysHowLongInWords() throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("02:00") { try fixture.store.startShift() }
        fixture.clock.set("16:30")
        let screen = RunningShiftScreen(log: try fixture.store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now())
        #expect(screen.longRunningLine == "Running for 14 h. If you forgot to end it, e ends it at its last activity.")
        #expect(screen.longRunningAccessibilityLabel == "Running for 14 hours. If you forgot to end it, e ends it at its last activity.")
        #expect(screen.accessibilityTitle == "Shift running since 2:00 AM, 0 deliveries")
    }

    /// screens.md: with a delivery still open, `e` "offers no way to end". The spoken reminder
    /// said "e ends it at its last activity" all the same (an outside audit); it says first what
    /// to record, as the command line does. The line on screen keeps the pack's words.
    @Test func aLongShiftWithADeliveryOpenSaysWhatToRecordFirst() throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("02:00") { try fixture.store.startShift() }
        _ = try fixture.at("02:10") { try fixture.store.acceptDelivery() }
        fixture.clock.set("16:30")
        let screen = RunningShiftScreen(log: try fixture.store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now())
        #expect(screen.longRunningLine == "Running for 14 h. If you forgot to end it, e ends it at its last activity.")
        #expect(
            screen.longRunningAccessibilityLabel
                == "Running for 14 hours. If you forgot to end it, first record what became of Delivery 1 at the time it happened "
                + "(at sign on its card), then e ends it at its last activity.")
    }
}
