import DashPilotCore

/// The formats nearly every line of text writes, as CLDR has them for US English (the
/// locale of `C`, `POSIX` and an unset `LANG` as well as of US drivers), written without ICU: a
/// formatter loads the locale's data and builds its pattern generator, which cost a one-line
/// command more than reading the store. Tested equal to ICU's output for every minute of a day,
/// every day of 130 years with and without its year and by each template of the periods'
/// labels, and amounts up to the trillions.
enum USEnglish {
    /// 1 January of the year 1: earlier days (a year ICU writes with its era) are left to ICU,
    /// which writes every day by the Gregorian calendar, as `LocalDate` reads it
    /// (`ScreenFormat.gregorianAlways`).
    static let firstDayOfYearOne: Int64 = -719_162

    /// Amounts of fewer than 16 digits of cents: a `Double`, which ICU formats through, holds any
    /// 15 exactly; a longer amount is left to ICU (and its rounding).
    static let largestExactCents: UInt64 = 1_000_000_000_000_000

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "5:12 PM" (`jmm`: "h:mm a"), from a local minute of the day (0..<1440).
    static func time(minuteOfDay minute: Int64) -> String {
        let hour = minute / 60
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelve):\(minute % 60 < 10 ? "0" : "")\(minute % 60) \(hour < 12 ? "AM" : "PM")"
    }

    /// "Sun, Nov 29" (`EEEdMMM`), or "Thu, Dec 1, 2016" with its year (`EEEdMMMy`), from a local
    /// day; `nil` for a day before the year 1 or after 9999, which ICU writes.
    static func day(_ dayNumber: Int64, withYear: Bool) -> String? {
        let (year, month, day) = LocalDate(dayNumber: dayNumber).components
        guard dayNumber >= firstDayOfYearOne, year <= 9999 else { return nil }
        // 1 January 1970 was a Thursday.
        let weekday = Int(((dayNumber + 4) % 7 + 7) % 7)
        let head = "\(weekdays[weekday]), \(months[Int(month) - 1]) \(day)"
        return withYear ? head + ", \(year)" : head
    }

    /// A day as a screen reader says it: "Saturday November 28", "Wednesday December 3, 2025".
    static func spokenDay(_ dayNumber: Int64, withYear: Bool) -> String? {
        let (year, month, day) = LocalDate(dayNumber: dayNumber).components
        guard dayNumber >= firstDayOfYearOne, year <= 9999 else { return nil }
        let head = "\(weekdayNames[Int(((dayNumber + 4) % 7 + 7) % 7)]) \(monthNames[Int(month) - 1]) \(day)"
        return withYear ? head + ", \(year)" : head
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// A local date by one of the templates the weeks and months are labelled with ("MMMMy":
    /// "November 2026", "dMMMy": "Nov 23, 2026", "dMMM", "MMM", "d", "dMMMMy", "dMMMM", and the
    /// spoken "EEEEdMMMM": "Saturday, November 28", "EEEEdMMMMy"); `nil` for
    /// another template or a day before the year 1 or after 9999, which ICU writes.
    static func date(_ local: LocalDate, template: String) -> String? {
        let (year, monthNumber, day) = local.components
        guard local.dayNumber >= firstDayOfYearOne, year <= 9999 else { return nil }
        let month = Int(monthNumber) - 1
        switch template {
        case "MMMMy": return "\(monthNames[month]) \(year)"
        case "dMMMy": return "\(months[month]) \(day), \(year)"
        case "dMMM": return "\(months[month]) \(day)"
        case "MMM": return months[month]
        case "d": return String(day)
        case "dMMMMy": return "\(monthNames[month]) \(day), \(year)"
        case "dMMMM": return "\(monthNames[month]) \(day)"
        case "EEEEdMMMM", "EEEEdMMMMy":
            // 1 January 1970 was a Thursday.
            let weekday = weekdayNames[Int(((local.dayNumber + 4) % 7 + 7) % 7)]
            return "\(weekday), \(monthNames[month]) \(day)" + (template.hasSuffix("y") ? ", \(year)" : "")
        default: return nil
        }
    }

    /// "$1,284.00", "-$5.00": dollars as US English writes them.
    static func dollars(cents: Int64) -> String? {
        let magnitude = cents.magnitude
        guard magnitude < largestExactCents else { return nil }
        let digits = Array(String(magnitude / 100))
        var whole = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { whole.append(",") }
            whole.append(digit)
        }
        let fraction = magnitude % 100
        return (cents < 0 ? "-$" : "$") + whole + (fraction < 10 ? ".0" : ".") + String(fraction)
    }
}
