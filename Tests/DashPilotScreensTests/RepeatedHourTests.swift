import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

/// platform.md: times follow the driver's time zone, which reads one hour twice a year.
@Suite("The hour a fall-back night repeats")
struct RepeatedHourTests {
    /// A shift across the night the clocks go back: its steps read in the order they happened only
    /// where the repeated hour says which it is ("Accepted 1:40 AM" then "Arrived at pickup 1:10 AM"
    /// read backwards). Times outside that hour are written as always.
    @Test func aStepInTheHourAFallBackNightRepeatsSaysItsOffset() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        let shift = Shift(id: 1, startedAt: ISO8601.parse("2026-11-01T04:30:00Z")!, endedAt: ISO8601.parse("2026-11-01T08:00:00Z")!)
        let delivery = Delivery(
            shiftID: 1, number: 1, acceptedAt: ISO8601.parse("2026-11-01T05:40:00Z")!,
            arrivedAtPickupAt: ISO8601.parse("2026-11-01T06:10:00Z")!,
            cancelledAt: ISO8601.parse("2026-11-01T07:20:00Z")!)
        let log = ShiftLogScreen(log: ShiftLog(shift: shift, deliveries: [delivery], route: .none), format: format, now: shift.endedAt!)
        #expect(log.entries[0].times.map(\.value) == ["1:40 AM UTC-4", "1:10 AM UTC-5", "2:20 AM"])
        // Its span too: "12:30 AM – 3:00 AM" has no hour read twice at either end.
        #expect(log.title.hasPrefix("Shift 1 · Sun, Nov 1 · 12:30 AM – 3:00 AM"), "\(log.title)")
    }

    /// A step a day or more after its shift began shows its day; said, it spells it out, as the
    /// log's title does ("Accepted Wed, Dec 2" was said "wed", "dec"; screen-reader audit).
    @Test func aStepOnAnotherDayIsSaidWithItsDaySpelledOut() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        let shift = Shift(id: 1, startedAt: ISO8601.parse("2026-12-01T14:00:00Z")!, endedAt: ISO8601.parse("2026-12-02T15:40:00Z")!)
        let delivery = Delivery(
            shiftID: 1, number: 2, acceptedAt: ISO8601.parse("2026-12-02T15:00:00Z")!, cancelledAt: ISO8601.parse("2026-12-02T15:30:00Z")!)
        let log = ShiftLogScreen(log: ShiftLog(shift: shift, deliveries: [delivery], route: .none), format: format, now: shift.endedAt!)
        #expect(log.entries[0].times.map(\.value) == ["Wed, Dec 2, 10:00 AM", "Wed, Dec 2, 10:30 AM"])
        #expect(
            log.entries[0].accessibilitySentence
                == "Delivery 2, Cancelled. Accepted Wednesday December 2, 10:00 AM, Cancelled Wednesday December 2, 10:30 AM")
    }

    /// money-and-time.md: "Refusals quote times as the driver reads them, in local time". Two
    /// times either side of the night the clocks go back, neither in the hour read twice, said
    /// their offsets ("3:00 AM UTC+0 on Sun, Oct 25 … 9:40 PM UTC+1 on Sat, Oct 24"); only a time
    /// the clock read twice says which it is.
    @Test func timesEitherSideOfAChangeReadOnceAreQuotedWithoutOffsets() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Europe/London")!)
        func apart(_ first: String, _ second: String) -> [String] {
            let pair = format.apart(ISO8601.parse(first)!, ISO8601.parse(second)!)
            return [pair.0, pair.1]
        }
        #expect(apart("2026-10-25T03:00:00Z", "2026-10-24T20:40:00Z") == ["3:00 AM on Sun, Oct 25", "9:40 PM on Sat, Oct 24"])
        // 1:50 AM BST, read again an hour later, beside 3:00 AM GMT, read once.
        #expect(apart("2026-10-25T00:50:00Z", "2026-10-25T03:00:00Z") == ["1:50 AM UTC+1 on Sun, Oct 25", "3:00 AM on Sun, Oct 25"])
        #expect(
            apart("2026-10-25T00:20:00Z", "2026-10-25T01:20:00Z") == ["1:20:00 AM UTC+1 on Sun, Oct 25", "1:20:00 AM UTC+0 on Sun, Oct 25"])
    }

    /// Where the clocks go back half an hour (Lord Howe Island, 2:00 back to 1:30), only the
    /// half hour read twice says its offset; 1:00 and 2:10 were read once.
    @Test func aHalfHourChangeMarksOnlyTheHalfHourReadTwice() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Australia/Lord_Howe")!)
        // 2027-04-04 02:00 local (UTC+11) is 2027-04-03 15:00 UTC; the clocks then read 1:30 (UTC+10:30).
        func at(_ utc: String) -> String { format.timeReadOnce(ISO8601.parse(utc)!) }
        #expect(at("2027-04-03T14:00:00Z") == "1:00 AM")
        #expect(at("2027-04-03T14:40:00Z") == "1:40 AM UTC+11")
        #expect(at("2027-04-03T15:10:00Z") == "1:40 AM UTC+10:30")
        #expect(at("2027-04-03T15:40:00Z") == "2:10 AM")
    }
    /// Where the clocks go back two hours (Antarctica/Troll, 3:00 +02 back to 1:00 +00), the
    /// first of the two hours read twice was written with no offset: "Accepted 1:30 AM …
    /// Cancelled 1:40 AM UTC+0" read as ten minutes apart, not two hours and ten (the time
    /// audit). Both hours read twice say their offsets; 12:50 AM and 3:10 AM were read once.
    @Test func aTwoHourChangeMarksBothHoursReadTwice() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Antarctica/Troll")!)
        func at(_ utc: String) -> String { format.timeReadOnce(ISO8601.parse(utc)!) }
        // 2026-10-25 01:00 UTC is 3:00 AM +02, which the clocks then read as 1:00 AM +00.
        #expect(at("2026-10-24T22:50:00Z") == "12:50 AM")
        #expect(at("2026-10-24T23:30:00Z") == "1:30 AM UTC+2")
        #expect(at("2026-10-25T00:40:00Z") == "2:40 AM UTC+2")
        #expect(at("2026-10-25T01:40:00Z") == "1:40 AM UTC+0")
        #expect(at("2026-10-25T02:40:00Z") == "2:40 AM UTC+0")
        #expect(at("2026-10-25T03:10:00Z") == "3:10 AM")
    }

    /// platform.md: `route follow`'s status line gives the last fix's time ("last fix 5:12:08
    /// PM"). In the hour read twice it had no offset: "last fix 1:40:00 AM" at 1:20 AM read as a
    /// fix still to come (the time audit).
    @Test func aLiveCapturesLastFixInTheRepeatedHourSaysItsOffset() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        let lines = RouteFollowWords.status(kept: 1, route: .tooFewPoints, lastFix: ISO8601.parse("2026-11-01T05:40:00Z")!, format: format)
        #expect(lines.first == "Following: 1 sample kept, too few route points to measure this shift, last fix 1:40:00 AM UTC-4")
        let evening = RouteFollowWords.status(kept: 1, route: .none, lastFix: ISO8601.parse("2026-11-01T22:12:08Z")!, format: format)
        #expect(evening.first == "Following: 1 sample kept, no route recorded this shift, last fix 5:12:08 PM")
    }

    /// A list's row says which of the two it means as the log's title does: two shifts started
    /// at "1:30 AM" that night, one ended "1:00 AM" half an hour after it began, read as the same
    /// start and as an end before its start. Both sides of the row say their offset; the screen
    /// reader's label too.
    @Test func aShiftListRowInTheRepeatedHourSaysItsOffsets() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/Chicago")!)
        // 1 November 2026: at 07:00Z Chicago's clocks go back from 02:00 CDT to 01:00 CST.
        let first = Shift(id: 1, startedAt: ISO8601.parse("2026-11-01T06:30:00Z")!, endedAt: ISO8601.parse("2026-11-01T07:00:00Z")!)
        let second = Shift(id: 2, startedAt: ISO8601.parse("2026-11-01T07:30:00Z")!, endedAt: ISO8601.parse("2026-11-01T08:00:00Z")!)
        let evening = Shift(id: 3, startedAt: ISO8601.parse("2026-11-01T23:00:00Z")!, endedAt: ISO8601.parse("2026-11-02T01:00:00Z")!)
        func row(_ shift: Shift) -> ShiftListScreen.Row {
            ShiftListScreen.row(ShiftSummary(shift: shift, deliveryCount: 0, route: .none), format: format)
        }
        #expect(row(first).text == "Shift 1 · Sun, Nov 1 · 1:30 AM UTC-5 – 1:00 AM UTC-6 · 0 deliveries")
        #expect(row(first).accessibilityLabel.contains("1:30 AM UTC-5 to 1:00 AM UTC-6"), "\(row(first).accessibilityLabel)")
        #expect(row(second).text == "Shift 2 · Sun, Nov 1 · 1:30 AM UTC-6 – 2:00 AM · 0 deliveries")
        // Outside that hour, a row is written as always.
        #expect(row(evening).text == "Shift 3 · Sun, Nov 1 · 5:00 PM – 7:00 PM · 0 deliveries")
    }
    /// Tips and expenses are lists of moments too: a tip recorded at 1:50 AM, then one at 1:10
    /// AM after the clocks went back, read backwards without their offsets.
    @Test func aTipOrAnExpenseInTheRepeatedHourSaysItsOffset() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/Chicago")!)
        let tips = [
            Tip(number: 1, amount: Money(cents: 250), method: .cash, recordedAt: ISO8601.parse("2026-11-01T06:50:00Z")!),
            Tip(number: 2, amount: Money(cents: 100), method: .platform, recordedAt: ISO8601.parse("2026-11-01T07:10:00Z")!),
        ]
        let delivery = Delivery(
            shiftID: 1, number: 1, acceptedAt: ISO8601.parse("2026-11-01T06:00:00Z")!,
            deliveredAt: ISO8601.parse("2026-11-01T06:40:00Z")!, tips: tips)
        let sheet = PayTipsSheet(delivery: delivery, format: format)
        let recorded = ["Tip 1 · $2.50 cash · recorded 1:50 AM UTC-5", "Tip 2 · $1.00 platform · recorded 1:10 AM UTC-6"]
        #expect(sheet.tips.map(\.text) == recorded)
        #expect(sheet.tips[1].accessibilityLabel.hasSuffix("recorded 1:10 AM UTC-6"), "\(sheet.tips[1].accessibilityLabel)")
        let fuel = Expense(id: 1, amount: Money(cents: 3000), spentAt: ISO8601.parse("2026-11-01T07:10:00Z")!, category: .fuel, note: nil)
        let row = ExpenseListScreen.row(fuel, format: format)
        #expect(row.when == "Sun, Nov 1 · 1:10 AM UTC-6")
        #expect(row.accessibilityLabel.contains("1:10 AM UTC-6"), "\(row.accessibilityLabel)")
        // A moment a sentence quotes (a place's last use, the end at a shift's last activity).
        #expect(format.moment(ISO8601.parse("2026-11-01T06:50:00Z")!) == "1:50 AM UTC-5 on Sun, Nov 1")
        #expect(format.moment(ISO8601.parse("2026-11-01T09:50:00Z")!) == "3:50 AM on Sun, Nov 1")
    }

    /// The running shift's header speaks of now, and read "Shift running since 1:30 AM" with the
    /// clock at 1:10 AM, the hour after it began: a start that reads as later than now. It says
    /// which 1:30 AM, as a pause begun then and a sentence's time of today do.
    @Test func theRunningHeaderAndTodaysTimesInTheRepeatedHourSayTheirOffsets() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/Chicago")!)
        let started = ISO8601.parse("2026-11-01T06:30:00Z")!
        let now = ISO8601.parse("2026-11-01T07:10:00Z")!
        let shift = Shift(id: 1, startedAt: started, endedAt: nil)
        let pause = Pause(start: ISO8601.parse("2026-11-01T06:50:00Z")!, end: nil)
        let log = ShiftLog(shift: shift, deliveries: [], route: .none, pauses: [pause])
        let screen = RunningShiftScreen(log: log, format: format, now: now)
        #expect(screen.title.hasPrefix("Shift running since 1:30 AM UTC-5 · paused since 1:50 AM UTC-5 · "), "\(screen.title)")
        #expect(screen.accessibilityTitle.hasPrefix("Shift running since 1:30 AM UTC-5, paused since 1:50 AM UTC-5"))
        #expect(format.time(now, today: now) == "1:10 AM UTC-6")
        // Outside that hour, as always.
        let evening = ISO8601.parse("2026-11-01T23:00:00Z")!
        #expect(format.time(evening, today: evening) == "5:00 PM")
        #expect(format.since(evening, now: evening) == "5:00 PM")
    }
}
