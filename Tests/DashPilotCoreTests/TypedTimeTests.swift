import DashPilotCore
import Foundation
import Testing

/// Every instant here is fixed; the driver is in New York unless a test says otherwise (EST is UTC-5, EDT UTC-4).
@Suite("Typed times")
struct TypedTimeTests {
    let newYork: TimeZone
    let berlin: TimeZone
    let utcZone: TimeZone

    init() throws {
        newYork = try #require(TimeZone(identifier: "America/New_York"))
        berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        utcZone = try #require(TimeZone(identifier: "UTC"))
    }

    /// The instant an ISO 8601 UTC fixture names.
    func utc(_ text: String) throws -> Date { try #require(ISO8601.parse(text)) }

    /// `text` typed at the UTC instant `now`, in New York unless `zone` says otherwise.
    func typed(_ text: String, at now: String, in zone: TimeZone? = nil) throws -> Date? {
        TypedTime.parse(text, now: try utc(now), timeZone: zone ?? newYork)
    }

    @Test(
        "Every time-of-day form reads as the driver's local time, typed at 23:00 on Sun 29 Nov 2026",
        arguments: [
            ("21:40", "2026-11-30T02:40:00Z"), ("9:40pm", "2026-11-30T02:40:00Z"), ("9:40 PM", "2026-11-30T02:40:00Z"),
            ("9:40PM", "2026-11-30T02:40:00Z"), ("09:40 pm", "2026-11-30T02:40:00Z"), ("9:40pM", "2026-11-30T02:40:00Z"),
            ("9:40 p.m.", "2026-11-30T02:40:00Z"), ("9:40 P.M.", "2026-11-30T02:40:00Z"), ("9:40\u{202F}PM", "2026-11-30T02:40:00Z"),
            ("9:40  pm", "2026-11-30T02:40:00Z"), ("  21:40 ", "2026-11-30T02:40:00Z"), ("21:40:15", "2026-11-30T02:40:15Z"),
            ("9:40:15 pm", "2026-11-30T02:40:15Z"), ("12:05am", "2026-11-29T05:05:00Z"), ("12:00am", "2026-11-29T05:00:00Z"),
            ("12:00 AM", "2026-11-29T05:00:00Z"), ("12:00 a.m.", "2026-11-29T05:00:00Z"), ("12:00pm", "2026-11-29T17:00:00Z"),
            ("12:30 PM", "2026-11-29T17:30:00Z"), ("1:00am", "2026-11-29T06:00:00Z"), ("11:00 am", "2026-11-29T16:00:00Z"),
            ("0:05", "2026-11-29T05:05:00Z"), ("00:00", "2026-11-29T05:00:00Z"), ("23:00", "2026-11-30T04:00:00Z"),
        ])
    func timeOfDayForms(text: String, expected: String) throws {
        #expect(TypedTime.isWellFormed(text))
        #expect(try typed(text, at: "2026-11-30T04:00:00Z") == utc(expected))
    }

    @Test(
        "A time of day is the most recent such local time not later than now, to the second",
        arguments: [
            ("21:40", "2026-11-30T05:30:00Z", "2026-11-30T02:40:00Z"),  // typed at 00:30: yesterday's
            ("21:40", "2026-11-30T02:40:30Z", "2026-11-30T02:40:00Z"),  // typed at 21:40:30: today's
            ("21:40", "2026-11-30T02:40:00Z", "2026-11-30T02:40:00Z"),  // typed at 21:40:00: now is not later than now
            ("21:40", "2026-11-30T02:39:59Z", "2026-11-29T02:40:00Z"),  // typed at 21:39:59: yesterday's
            ("21:40:30", "2026-11-30T02:40:29Z", "2026-11-29T02:40:30Z"),
            ("11:59 pm", "2026-11-30T04:00:00Z", "2026-11-29T04:59:00Z"),  // typed at 23:00: last night's
            ("12:00am", "2026-11-29T05:00:00Z", "2026-11-29T05:00:00Z"),  // typed at midnight: this midnight
            ("23:59:59", "2026-11-29T04:59:59Z", "2026-11-29T04:59:59Z"),
            ("23:50", "2027-01-01T05:10:00Z", "2027-01-01T04:50:00Z"),  // at 00:10 on New Year's Day: New Year's Eve
            ("12:00am", "2027-01-01T05:10:00Z", "2027-01-01T05:00:00Z"),
            ("23:00", "2028-03-01T05:15:00Z", "2028-03-01T04:00:00Z"),  // at 00:15 on 1 March 2028: the leap day
            ("23:00", "2027-03-01T05:15:00Z", "2027-03-01T04:00:00Z"),  // at 00:15 on 1 March 2027: 28 February
        ])
    func mostRecentNotLaterThanNow(text: String, now: String, expected: String) throws {
        #expect(try typed(text, at: now) == utc(expected))
    }

    @Test func theResultIsAWholeSecondEvenWhenNowIsNot() throws {
        let now = try utc("2026-11-30T02:40:00Z").addingTimeInterval(0.5)
        let result = TypedTime.parse("21:40", now: now, timeZone: newYork)
        #expect(result == (try utc("2026-11-30T02:40:00Z")))
        #expect(try typed("2026-11-29T21:40:00.75Z", at: "2026-11-30T04:00:00Z")?.timeIntervalSince1970 == 1_795_988_400)
    }

    @Test func aTimeWithNoZoneIsTheDriversLocalTimeNotUTC() throws {
        let now = "2026-11-30T04:00:00Z"
        #expect(try typed("2026-11-29T21:40", at: now, in: newYork) == utc("2026-11-30T02:40:00Z"))
        #expect(try typed("2026-11-29T21:40", at: now, in: berlin) == utc("2026-11-29T20:40:00Z"))
        #expect(try typed("2026-11-29T21:40", at: now, in: utcZone) == utc("2026-11-29T21:40:00Z"))
        #expect(try typed("21:40", at: now, in: berlin) == utc("2026-11-29T20:40:00Z"))
        #expect(try typed("9:40pm", at: now, in: utcZone) == utc("2026-11-29T21:40:00Z"))
    }

    @Test(
        "ISO 8601 dates and times read with or without seconds, with T or a space, a zone honoured",
        arguments: [
            ("2026-11-29T21:40", "2026-11-30T02:40:00Z"), ("2026-11-29 21:40", "2026-11-30T02:40:00Z"),
            ("2026-11-29 21:40:00", "2026-11-30T02:40:00Z"), ("2026-11-29t21:40:07", "2026-11-30T02:40:07Z"),
            ("2026-11-29T21:40:00.75", "2026-11-30T02:40:00Z"), ("2026-11-29T21:40:00,5", "2026-11-30T02:40:00Z"),
            ("2026-11-29T21:40Z", "2026-11-29T21:40:00Z"), ("2026-11-29 21:40:00z", "2026-11-29T21:40:00Z"),
            ("2026-11-29T21:40:59.999Z", "2026-11-29T21:40:59Z"), ("2026-11-29T21:40+01:00", "2026-11-29T20:40:00Z"),
            ("2026-11-29T21:40+0100", "2026-11-29T20:40:00Z"), ("2026-11-29T21:40+01", "2026-11-29T20:40:00Z"),
            ("2026-11-29 21:40:00-05:00", "2026-11-30T02:40:00Z"), ("2026-11-29T21:40-0530", "2026-11-30T03:10:00Z"),
            ("2026-11-29T21:40+05:45", "2026-11-29T15:55:00Z"), ("2026-12-31T23:59:59", "2027-01-01T04:59:59Z"),
            ("2026-12-31T23:59:59+14:00", "2026-12-31T09:59:59Z"), ("2027-01-01 00:00", "2027-01-01T05:00:00Z"),
            ("2028-02-29 12:00", "2028-02-29T17:00:00Z"), ("2000-02-29T00:00Z", "2000-02-29T00:00:00Z"),
            ("2030-06-01 12:00", "2030-06-01T16:00:00Z"),  // a date after now still reads; whether it may be used is the caller's rule
        ])
    func isoForms(text: String, expected: String) throws {
        #expect(TypedTime.isWellFormed(text))
        #expect(try typed(text, at: "2026-11-30T04:00:00Z") == utc(expected))
    }

    @Test(
        "Anything else is refused, never rolled over or guessed",
        arguments: [
            "", " ", "now", "21", "2140", "21h40", "21:4", "21:400", "21:40:5", "21:40:", "24:00", "25:00", "21:60", "21:40:60", "123:40",
            "-1:00", "٢١:٤٠", "21:40 tomorrow", "21:40 Z", "21:40 +01:00", "9:40pmZ", "9:40 pm+01:00", "21:40+1", "21:40Zulu", "13:00pm",
            "0:40am", "00:40 am", "9pm", "9 pm", "9:40 xm",
            "9:40 pmm", "9:40 p", "9:40 m", "9:40 a.m.x", "9:40 noon", "2026-11-29", "2026-11-29T", "2026-11-29T9:40", "2026-11-29  21:40",
            "2026-11-29T21:40 Z", "2026-11-29T21:40pm", "2026-11-29T21:40.5", "2026-11-29T21:40:00.Z", "2026-11-29T21:40+1",
            "2026-11-29T21:40+01:", "2026-11-29T21:40+24:00", "2026-11-29T21:40+01:60", "2026-11-29T21:40+01:00:00", "2026-11-29_21:40",
            "2026-02-29T10:00", "2027-02-29 12:00", "1900-02-29T00:00Z", "2026-02-31T10:00", "2026-04-31 10:00", "2026-13-01T10:00",
            "2026-00-10T10:00", "2026-11-00T10:00", "2026-11-29T24:00", "2026-11-29T21:60", "2026-11-29T21:40:60", "26-11-29T21:40",
            "2026-1-29T21:40", "29/11/2026 21:40",
        ])
    func malformedTimesAreRefused(text: String) throws {
        #expect(!TypedTime.isWellFormed(text))
        #expect(try typed(text, at: "2026-11-30T04:00:00Z") == nil)
    }

    // Spring forward in New York, Sunday 14 March 2027: at 07:00Z the clock goes from 01:59:59 EST to 03:00:00 EDT.
    @Test(
        "A local time the clock skipped names no instant; the times either side of the change read at their own offset",
        arguments: [
            ("2027-03-14 02:30", "2027-03-20T00:00:00Z", nil),  // never moved an hour either way
            ("2027-03-14 02:00", "2027-03-20T00:00:00Z", nil),
            ("2027-03-14 01:59:59", "2027-03-20T00:00:00Z", "2027-03-14T06:59:59Z"),
            ("2027-03-14 03:00", "2027-03-20T00:00:00Z", "2027-03-14T07:00:00Z"),
            ("2027-03-14T02:30-05:00", "2027-03-20T00:00:00Z", "2027-03-14T07:30:00Z"),  // an offset is honoured, even there
            ("2:30", "2027-03-14T09:00:00Z", nil),  // typed at 05:00 EDT: today's 02:30 never was, and it is not yesterday's
            ("2:30", "2027-03-14T07:00:00Z", nil),  // typed at 03:00 EDT, the second the clock jumped
            ("2:30", "2027-03-14T06:30:00Z", "2027-03-13T07:30:00Z"),  // typed at 01:30 EST, before the jump: yesterday's
            ("2:30", "2027-03-15T05:00:00Z", nil),  // typed at 01:00 EDT the next night: last night's 02:30 never was
            ("1:30", "2027-03-14T07:10:00Z", "2027-03-14T06:30:00Z"),  // typed at 03:10 EDT: 01:30 EST, forty minutes ago
            ("3:30", "2027-03-14T07:10:00Z", "2027-03-13T08:30:00Z"),  // typed at 03:10 EDT: yesterday's, at EST
            ("23:00", "2027-03-14T07:30:00Z", "2027-03-14T04:00:00Z"),  // yesterday's 23:00 was EST
            ("21:40", "2027-03-15T04:30:00Z", "2027-03-15T01:40:00Z"),  // typed at 00:30 EDT on the 15th: 21:40 EDT
        ] as [(String, String, String?)])
    func aSkippedLocalTimeIsNoInstant(text: String, now: String, expected: String?) throws {
        #expect(TypedTime.isWellFormed(text))
        #expect(try typed(text, at: now) == expected.map(utc))
    }

    // Fall back in New York, Sunday 1 November 2026: at 06:00Z the clock goes from 01:59:59 EDT back to 01:00:00 EST.
    @Test(
        "A repeated local time is the most recent not later than now, with a date or without one",
        arguments: [
            // With a date, the first was always meant: typed at 01:50 EST, "2026-11-01 01:30" was the
            // 01:30 EDT an hour and twenty minutes earlier, and a step after one at 01:20 EST was
            // refused as "1:30 AM … before … 1:20 AM".
            ("2026-11-01 01:30", "2026-11-01T06:50:00Z", "2026-11-01T06:30:00Z"),  // typed at 01:50 EST: the second
            ("2026-11-01 01:30", "2026-11-01T06:10:00Z", "2026-11-01T05:30:00Z"),  // typed at 01:10 EST: the first
            ("2026-11-01 01:30", "2026-11-01T05:00:00Z", "2026-11-01T05:30:00Z"),  // both later than now: the first
            ("2026-11-01 01:30", "2026-11-08T00:00:00Z", "2026-11-01T06:30:00Z"),  // a week on: the later, EST
            ("2026-11-01T01:30-04:00", "2026-11-08T00:00:00Z", "2026-11-01T05:30:00Z"),
            ("2026-11-01T01:30-05:00", "2026-11-08T00:00:00Z", "2026-11-01T06:30:00Z"),  // the second, by its offset
            ("2026-11-01 00:59", "2026-11-08T00:00:00Z", "2026-11-01T04:59:00Z"),
            ("2026-11-01 02:00", "2026-11-08T00:00:00Z", "2026-11-01T07:00:00Z"),
            ("1:30", "2026-11-01T06:40:00Z", "2026-11-01T06:30:00Z"),  // typed at 01:40 EST: the second 01:30
            ("1:30", "2026-11-01T06:30:00Z", "2026-11-01T06:30:00Z"),  // typed at the second 01:30 itself
            ("1:30", "2026-11-01T06:29:59Z", "2026-11-01T05:30:00Z"),  // a second before it: the first
            ("1:30", "2026-11-01T06:10:00Z", "2026-11-01T05:30:00Z"),  // typed at 01:10 EST: the first, forty minutes ago
            ("1:30", "2026-11-01T05:40:00Z", "2026-11-01T05:30:00Z"),  // typed at 01:40 EDT
            ("1:50", "2026-11-01T05:40:00Z", "2026-10-31T05:50:00Z"),  // typed at 01:40 EDT: neither 01:50 yet, so yesterday's
            ("0:30", "2026-11-01T07:00:00Z", "2026-11-01T04:30:00Z"),  // typed at 02:00 EST: 00:30 EDT
            ("21:40", "2026-11-02T05:30:00Z", "2026-11-02T02:40:00Z"),  // typed at 00:30 EST on the 2nd: 21:40 EST
        ])
    func aRepeatedLocalTime(text: String, now: String, expected: String) throws {
        #expect(try typed(text, at: now) == utc(expected))
    }

    /// A time written for the driver to type back (a prefilled field, a suggested command) names
    /// the instant it was, and carries its offset only in an hour the clock repeated.
    @Test(
        "A time written to be typed back reads back as the same instant",
        arguments: [
            ("2026-11-01T05:30:00Z", "2026-11-01 01:30-04:00"), ("2026-11-01T06:30:00Z", "2026-11-01 01:30-05:00"),
            ("2026-11-01T04:59:00Z", "2026-11-01 00:59"), ("2026-11-01T07:00:00Z", "2026-11-01 02:00"),
        ])
    func typedBack(instant: String, written: String) throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let date = try utc(instant)
        #expect(TypedTime.typed(date, in: zone) == written)
        #expect(TypedTime.parse(written, now: try utc("2026-11-08T00:00:00Z"), timeZone: zone) == date)
    }

    /// "`Z` or an offset is honoured" (money-and-time.md) for a time of day too: the clock at that offset, whatever
    /// the driver's zone, and the most recent such time not later than now.
    @Test(
        "A time of day with Z or an offset reads the clock at that offset, the most recent not later than now",
        arguments: [
            ("17:33Z", "2026-11-30T18:00:00Z", "2026-11-30T17:33:00Z"),  // today's
            ("17:33Z", "2026-11-30T17:00:00Z", "2026-11-29T17:33:00Z"),  // not yet today: yesterday's
            ("17:33:20Z", "2026-11-30T17:33:20Z", "2026-11-30T17:33:20Z"),  // now is not later than now
            ("17:33+01:00", "2026-11-30T18:00:00Z", "2026-11-30T16:33:00Z"),
            ("0:30+0100", "2026-11-30T00:00:00Z", "2026-11-29T23:30:00Z"),  // 01:00 there: its 00:30 was 23:30Z
            ("23:30-05", "2026-11-30T03:00:00Z", "2026-11-29T04:30:00Z"),  // 22:00 there: last night's 23:30
            ("02:30-05:00", "2027-03-14T09:00:00Z", "2027-03-14T07:30:00Z"),  // a stated offset skips nothing
        ])
    func aTimeOfDayWithAZone(text: String, now: String, expected: String) throws {
        #expect(TypedTime.isWellFormed(text))
        #expect(try typed(text, at: now) == utc(expected))
        #expect(try typed(text, at: now, in: berlin) == utc(expected))
    }

    @Test func aDateWithNoTimeOrNoSuchDayIsNotATime() throws {
        #expect(TypedTime.isWellFormed("2028-02-29T23:59"))
        #expect(!TypedTime.isWellFormed("2027-02-29T23:59"))
        #expect(!TypedTime.isWellFormed("2100-02-29T00:00Z"))
        #expect(try typed("2026-02-31T10:00", at: "2026-11-30T04:00:00Z", in: utcZone) == nil)
    }
}
