import Foundation

/// A time as a driver types it for a forgotten step or the end of a forgotten shift.
///
/// The forms, with whitespace around the whole ignored:
/// - a time of day on the 24-hour clock, `21:40` or `9:05`, seconds optional (`21:40:30`): hour 0 to 23;
/// - a time of day on the 12-hour clock, `9:40pm`, `9:40 PM`, `12:05am`, `9:40 p.m.`: hour 1 to 12, `12:00am` midnight,
///   `12:00pm` noon, am or pm in any case, with or without points, with or without spaces before it;
/// - ISO 8601 with a date, `2026-11-29T21:40`, `2026-11-29 21:40`, `2026-11-29 21:40:00`: a two-digit hour, seconds
///   optional, a fraction of a second dropped, then optionally `Z` or an offset `+01:00`, `+0100`, `+01`, which is honoured;
/// - a time of day on the 24-hour clock with such a zone, `21:40Z` or `21:40:30+01:00`: the clock at that offset.
///
/// Minutes and seconds run 0 to 59; a date that does not exist (31 February) is not a time, never rolled over.
/// A time with no zone is the driver's local time in the zone given, not UTC. A time with no date is the most recent
/// instant not later than now whose local clock (or the clock at its offset) read that time: `21:40` typed at 00:30 is
/// yesterday's, typed at 21:40:30
/// today's. Daylight saving: a local time the clock skipped (02:30 on a spring-forward night) is no instant at all, as
/// 31 February is no date; it is never moved an hour either way, and a time of day the clock skipped today is never taken as
/// yesterday's either. A local time the clock repeated (01:30 on a fall-back night) is the more recent of the two not later
/// than now, with a date or without one (with a date and both to come, the first); an offset names either
/// (`2026-11-01 01:30-04:00`), and a time written for the driver to type back carries one there (`typed(_:in:)`).
public enum TypedTime {
    /// Whether `text` has one of the forms above (for a usage error before anything runs).
    ///
    /// A well-formed local time may still name no instant (one a daylight-saving change skipped): `parse` returns nil.
    public static func isWellFormed(_ text: String) -> Bool { reading(of: text) != nil }

    /// `text` as an instant, or nil when it is not one of the forms.
    ///
    /// Also nil for a local time the clock skipped in `timeZone` (see the type's notes). Whole seconds. O(length).
    public static func parse(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        switch reading(of: text) {
        case nil: nil
        case .timeOfDay(let second): mostRecent(second, now: now, timeZone: timeZone)
        case .local(let date, let second):
            occurrences(of: second, on: date, in: timeZone).last { $0 <= now } ?? occurrences(of: second, on: date, in: timeZone).first
        case .zoned(let date, let second, let offset): Date(unixSeconds: date.dayNumber * 86_400 + second - offset)
        case .zonedTimeOfDay(let second, let offset):
            // The clock at a fixed offset never skips nor repeats: the most recent such second is today's or yesterday's.
            Date(unixSeconds: mostRecent(second, wall: now.unixSeconds + offset) - offset)
        }
    }

    /// `date` as a driver types it back to mean it: "2026-11-01 01:30" (with `seconds`,
    /// "2026-11-01 01:30:37"), local in `timeZone`, and in an hour the clock repeated, its offset
    /// too ("2026-11-01 01:30-04:00"), which alone says which of the two it is.
    public static func typed(_ date: Date, in timeZone: TimeZone, seconds: Bool = false) -> String {
        let local = date.localSeconds(in: timeZone)
        let second = ((local % 86_400) + 86_400) % 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = LocalDate(date, in: timeZone)
        var text = "\(day) \(two(second / 3600)):\(two(second / 60 % 60))" + (seconds ? ":\(two(second % 60))" : "")
        if occurrences(of: second, on: day, in: timeZone).count > 1 {
            let offset = Int64(timeZone.secondsFromGMT(for: date))
            text += (offset < 0 ? "-" : "+") + two(abs(offset) / 3600) + ":" + two(abs(offset) / 60 % 60)
        }
        return text
    }

    /// What a typed time says before a clock and a zone make it an instant.
    enum Reading: Equatable {
        /// A time of day with no date, as seconds after midnight.
        case timeOfDay(Int64)
        /// A date and a time of day in the driver's zone.
        case local(LocalDate, Int64)
        /// A date and a time of day at a stated offset from UTC, in seconds.
        case zoned(LocalDate, Int64, offset: Int64)
        /// A time of day with no date at a stated offset from UTC, in seconds.
        case zonedTimeOfDay(Int64, offset: Int64)
    }

    /// Whether `text`, read as `instant`, was a time of day with no date ("17:31", "5:31 PM")
    /// that fell on an earlier day than `now`'s: the most recent such time not later than now,
    /// today's being still to come.
    public static func wasReadAsAnEarlierDay(_ text: String, as instant: Date, now: Date, timeZone: TimeZone) -> Bool {
        switch reading(of: text) {
        case .timeOfDay, .zonedTimeOfDay: LocalDate(instant, in: timeZone) != LocalDate(now, in: timeZone)
        default: false
        }
    }

    /// The reading of `text`, or nil when it is none of the forms. O(length).
    static func reading(of text: String) -> Reading? {
        var scanner = TimeScanner(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if let date = scanner.date() {
            guard scanner.take("T") || scanner.take(" "), let (second, withSeconds) = scanner.clock(hourDigits: 2...2) else { return nil }
            if withSeconds, scanner.take(".") || scanner.take(",") {
                guard scanner.number(digits: 1...Int.max) != nil else { return nil }
            }
            if scanner.isAtEnd { return .local(date, second) }
            guard let offset = scanner.offset(), scanner.isAtEnd else { return nil }
            return .zoned(date, second, offset: offset)
        }
        guard let (second, _) = scanner.clock(hourDigits: 1...2) else { return nil }
        if scanner.isAtEnd { return .timeOfDay(second) }
        if let offset = scanner.offset() { return scanner.isAtEnd ? .zonedTimeOfDay(second, offset: offset) : nil }
        while scanner.takeWhitespace() {}
        guard let afternoon = scanner.meridiem(), scanner.isAtEnd else { return nil }
        let hour = second / 3600
        guard (1...12).contains(hour) else { return nil }
        return .timeOfDay(second - hour * 3600 + (hour % 12 + (afternoon ? 12 : 0)) * 3600)
    }

    /// The most recent instant not later than `now` whose clock in `timeZone` read `second` seconds after midnight.
    static func mostRecent(_ second: Int64, now: Date, timeZone: TimeZone) -> Date? {
        let today = LocalDate(now, in: timeZone)
        let todays = occurrences(of: second, on: today, in: timeZone)
        if let latest = todays.last(where: { $0 <= now }) { return latest }
        // Today's clock skipped it and has since passed it: the driver means today's, which never was; never yesterday's.
        if todays.isEmpty, now.localSeconds(in: timeZone) >= today.dayNumber * 86_400 + second { return nil }
        // Yesterday's always lie before now; none when yesterday's clock skipped it.
        return occurrences(of: second, on: today.adding(days: -1), in: timeZone).last
    }

    /// The most recent wall-clock second not later than `wall` that is `second` seconds after a midnight.
    static func mostRecent(_ second: Int64, wall: Int64) -> Int64 {
        let midnight = wall - ((wall % 86_400) + 86_400) % 86_400
        return midnight + second <= wall ? midnight + second : midnight - 86_400 + second
    }

    /// Every instant whose clock in `timeZone` reads `second` seconds after the midnight of `date`, earliest first: none in
    /// an hour a daylight-saving change skips, two in an hour it repeats.
    static func occurrences(of second: Int64, on date: LocalDate, in timeZone: TimeZone) -> [Date] {
        let wall = date.dayNumber * 86_400 + second
        let nearest = date.instant(atSecondOfDay: second, in: timeZone)
        // A change of offset near that time shows in the offsets a day either side of it.
        let offsets = Set([-86_400.0, 0, 86_400].map { Int64(timeZone.secondsFromGMT(for: nearest.addingTimeInterval($0))) })
        return offsets.map { Date(unixSeconds: wall - $0) }.filter { $0.localSeconds(in: timeZone) == wall }.sorted()
    }
}

/// Reads the parts of a typed time from left to right.
struct TimeScanner {
    let characters: [Character]
    var index = 0

    init(_ text: String) { characters = Array(text) }

    var isAtEnd: Bool { index == characters.count }

    /// Consumes `character` (in either case) when it comes next.
    mutating func take(_ character: Character) -> Bool {
        guard index < characters.count, characters[index].lowercased() == character.lowercased() else { return false }
        index += 1
        return true
    }

    /// Consumes one whitespace character (a space, a no-break space) when one comes next.
    mutating func takeWhitespace() -> Bool {
        guard index < characters.count, characters[index].isWhitespace else { return false }
        index += 1
        return true
    }

    /// Consumes as many ASCII digits as come next, up to the range's end; nil, consuming nothing, when fewer than its start.
    mutating func number(digits: ClosedRange<Int>) -> Int64? {
        var value: Int64 = 0
        var end = index
        while end < characters.count, end - index < digits.upperBound, characters[end].isASCII, let digit = characters[end].wholeNumberValue
        {
            value = value &* 10 &+ Int64(digit)
            end += 1
        }
        guard end - index >= digits.lowerBound else { return nil }
        index = end
        return value
    }

    /// `2026-11-29`, a date that exists; nil, consuming nothing, otherwise.
    mutating func date() -> LocalDate? {
        let start = index
        guard let year = number(digits: 4...4), take("-"), let month = number(digits: 2...2), take("-"),
            let day = number(digits: 2...2), let date = LocalDate(year: year, month: month, day: day)
        else {
            index = start
            return nil
        }
        return date
    }

    /// `21:40` or `21:40:30` as seconds after midnight (hour 0 to 23), and whether the seconds were written.
    mutating func clock(hourDigits: ClosedRange<Int>) -> (Int64, withSeconds: Bool)? {
        guard let hour = number(digits: hourDigits), hour < 24, take(":"), let minute = number(digits: 2...2), minute < 60
        else { return nil }
        guard take(":") else { return (hour * 3600 + minute * 60, false) }
        guard let second = number(digits: 2...2), second < 60 else { return nil }
        return (hour * 3600 + minute * 60 + second, true)
    }

    /// `am`, `PM`, `p.m.`: whether it is the afternoon.
    mutating func meridiem() -> Bool? {
        let afternoon: Bool
        if take("a") {
            afternoon = false
        } else if take("p") {
            afternoon = true
        } else {
            return nil
        }
        _ = take(".")
        guard take("m") else { return nil }
        _ = take(".")
        return afternoon
    }

    /// `Z`, `+01:00`, `+0100`, `+01` or the same with `-`, as seconds east of UTC.
    mutating func offset() -> Int64? {
        if take("Z") { return 0 }
        let sign: Int64 = take("+") ? 1 : take("-") ? -1 : 0
        guard sign != 0, let hours = number(digits: 2...2), hours < 24 else { return nil }
        var minutes: Int64 = 0
        if !isAtEnd {
            _ = take(":")
            guard let parsed = number(digits: 2...2), parsed < 60 else { return nil }
            minutes = parsed
        }
        return sign * (hours * 3600 + minutes * 60)
    }
}
