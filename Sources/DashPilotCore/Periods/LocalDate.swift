import Foundation

/// A calendar date in the driver's time zone, counted as days since 1970-01-01: whole-day
/// arithmetic without a `Calendar`, so that ten years of shifts group in microseconds.
public struct LocalDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (a Thursday).
    public var dayNumber: Int64

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int64) { self.dayNumber = dayNumber }

    /// The date of `year`-`month`-`day`, or `nil` when no such date exists (31 February).
    public init?(year: Int64, month: Int64, day: Int64) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.days(inMonth: month, year: year) else { return nil }
        // Days from civil (proleptic Gregorian), after H. Hinnant's public-domain algorithm.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// The local date of `date` in `timeZone` (its offset at that instant).
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = date.localSeconds(in: timeZone)
        dayNumber = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// Parses `2026-11-27`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month and day.
    public var components: (year: Int64, month: Int64, day: Int64) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Monday is 0, Sunday 6 (ISO 8601).
    public var weekday: Int64 { ((dayNumber + 3) % 7 + 7) % 7 }

    /// The date `days` later.
    public func adding(days: Int64) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The instant this date begins in `timeZone`: the last at which its clock turns to this
    /// date from an earlier one. Where the clocks skip midnight (Asunción, 1 October 2023: 00:00
    /// became 01:00), the day begins at the change: midnight at the old offset is still the
    /// evening before. Where they read midnight twice, at the first (Jerusalem, 7 October 2002:
    /// 01:00 became 00:00), unless they went back into the day before between the two (Guam,
    /// 26 January 1969: 00:00:59 became 23:01), whose repeated minutes are that day's.
    public func start(in timeZone: TimeZone) -> Date {
        let midnight = instant(atSecondOfDay: 0, in: timeZone)
        if LocalDate(midnight, in: timeZone) < self {
            return timeZone.nextDaylightSavingTimeTransition(after: midnight) ?? midnight
        }
        // Midnight at the offsets a few hours either side (no zone turns its clocks back more
        // than two), where the clock reads it.
        let wall = dayNumber * 86_400
        let read = ([-3.0 * 3600, 3 * 3600].map { midnight.addingTimeInterval($0) } + [midnight]).map {
            Date(unixSeconds: wall - Int64(timeZone.secondsFromGMT(for: $0)))
        }
        let midnights = read.filter { Int64($0.timeIntervalSince1970) + Int64(timeZone.secondsFromGMT(for: $0)) == wall }.sorted()
        guard let first = midnights.first, let last = midnights.last, first < last else { return midnight }
        return LocalDate(last.addingTimeInterval(-1), in: timeZone) < self ? last : first
    }

    /// The instant this date's wall clock reads `second` seconds after midnight in `timeZone`,
    /// at the offset of that moment.
    public func instant(atSecondOfDay second: Int64, in timeZone: TimeZone) -> Date {
        let wall = Date(unixSeconds: dayNumber * 86_400 + second)
        let guess = wall.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: wall)))
        return wall.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// "2026-11-27": ISO 8601's four-digit year, "0999-05-27" too (a clock set wrong).
    public var description: String {
        let (year, month, day) = components
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let digits = String(year.magnitude)
        return (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-\(two(month))-\(two(day))"
    }

    /// How many days month `month` of `year` has.
    public static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}
