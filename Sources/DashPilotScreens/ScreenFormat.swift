import DashPilotCore
import Foundation

/// How times, durations and amounts read for one driver: their locale and time zone, injected so
/// that tests are exact.
public struct ScreenFormat: Sendable {
    /// The driver's locale for times and dates.
    public let locale: Locale
    /// The driver's locale for money.
    public let moneyLocale: Locale
    /// The driver's time zone.
    public let timeZone: TimeZone
    /// The store's currency: the locale decides only how an amount is written, never which
    /// currency it is. Until a store is read, the monetary locale's own.
    public let currency: Currency
    /// The year it is now, in the driver's time zone: a date of another year says its year
    /// (`platform.md`, "Dates say their year"). `nil` says no year (a format with no clock).
    public let currentYear: Int64?

    private let formatters: Formatters
    /// Whether times and days are US English's, written without ICU (`USEnglish`).
    let writesUSEnglishTimes: Bool
    /// Whether amounts are dollars as US English writes them, written without ICU.
    let writesUSDollars: Bool
    /// Whether the terminal's character set is not UTF-8 (screens.md: it is then written ASCII):
    /// a currency's sign that is not ASCII (€, £) is written as its code ("EUR 84.50").
    public var writesASCIIOnly = false

    /// Creates a format for `locale` (`moneyLocale` for amounts, the same by default), `timeZone`
    /// and the store's `currency` (the monetary locale's when `nil`).
    public init(locale: Locale, moneyLocale: Locale? = nil, timeZone: TimeZone, currency: Currency? = nil, currentYear: Int64? = nil) {
        self.locale = locale
        self.moneyLocale = moneyLocale ?? locale
        self.timeZone = timeZone
        self.currency = currency ?? Currency.ofLocale((moneyLocale ?? locale).identifier)
        self.currentYear = currentYear
        formatters = Formatters()
        writesUSEnglishTimes = locale.identifier == "en_US"
        writesUSDollars = self.moneyLocale.identifier == "en_US" && self.currency == .usd
    }

    /// This format with every time, day and amount written by ICU's formatters: what the US
    /// English formats are tested against.
    init(icuOnly format: ScreenFormat) {
        locale = format.locale
        moneyLocale = format.moneyLocale
        timeZone = format.timeZone
        currency = format.currency
        currentYear = format.currentYear
        formatters = Formatters()
        writesUSEnglishTimes = false
        writesUSDollars = false
    }

    /// This format for a store whose currency is `currency`.
    public func with(currency: Currency) -> ScreenFormat {
        guard currency != self.currency else { return self }
        var format = ScreenFormat(
            locale: locale, moneyLocale: moneyLocale, timeZone: timeZone, currency: currency, currentYear: currentYear)
        format.writesASCIIOnly = writesASCIIOnly
        return format
    }

    /// This format at `now`: dates of any other year than now's say their year.
    public func at(_ now: Date) -> ScreenFormat {
        let year = LocalDate(now, in: timeZone).components.year
        guard year != currentYear else { return self }
        var format = ScreenFormat(locale: locale, moneyLocale: moneyLocale, timeZone: timeZone, currency: currency, currentYear: year)
        format.writesASCIIOnly = writesASCIIOnly
        return format
    }

    /// Whether `local` needs its year said.
    public func saysYear(_ local: LocalDate) -> Bool { currentYear.map { $0 != local.components.year } ?? false }

    /// How a typed amount is read under this format: the monetary locale's separators, and the
    /// symbols it writes the store's currency with.
    public var amountStyle: AmountStyle { formatters.amountStyle { makeAmountStyle() } }

    private func makeAmountStyle() -> AmountStyle {
        // Read as written: a locale with no territory of its own writes amounts as US English
        // does (`money`), and so reads them ("de" wrote $1,234.50 and refused it typed back).
        let moneyLocale = writingLocale
        let symbol = Self.symbol(of: currency.code, in: moneyLocale)
        let grouping = moneyLocale.groupingSeparator ?? ","
        let digits = NumberFormatter()
        digits.locale = moneyLocale
        digits.usesGroupingSeparator = false
        let localDigits = (0...9).compactMap { digits.string(from: NSNumber(value: $0)).flatMap { $0.count == 1 ? $0.first : nil } }
        // The full-width form an East Asian input method types is the same sign (￥ for ¥).
        let fullWidth = ["¥": "￥", "$": "＄", "£": "￡", "₩": "￦"][symbol]
        let own = symbol == currency.code ? [] : [symbol] + (fullWidth.map { [$0] } ?? [])
        return AmountStyle(
            decimalSeparator: moneyLocale.decimalSeparator ?? ".", groupingSeparator: grouping == "\u{202F}" ? " " : grouping,
            currencyCode: currency.code, currencySymbols: own + Self.symbolsElsewhere(of: currency.code, in: moneyLocale, besides: own),
            localDigits: localDigits.first == "0" ? [] : localDigits)
    }

    /// The locale amounts are written in: the monetary one, or US English for one with no
    /// territory of its own (POSIX, "de").
    private var writingLocale: Locale { moneyLocale.region != nil ? moneyLocale : Locale(identifier: "en_US") }

    /// The machine's own locale and time zone, as Foundation reports them.
    public static var current: ScreenFormat { ScreenFormat(locale: .current, timeZone: .current) }

    /// Weeks and months are the Gregorian calendar's, whatever the locale's own calendar, and
    /// on every day: before 15 October 1582 ICU wrote the Julian calendar's date, where a typed
    /// date, a period and JSON read the Gregorian one ("Sun, Oct 8, 1066" for 1066-10-14).
    private static func gregorianAlways(_ formatter: DateFormatter) {
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.gregorianStartDate = Date(timeIntervalSince1970: -1e14)
    }

    // Formatters are costly to make (they load the locale's data), so each format makes each
    // one once, on first use.
    private func formatter(template: String) -> DateFormatter {
        formatters.date(template: template) {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            Self.gregorianAlways(formatter)
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
    }

    static func plainSpaces(_ text: String) -> String {
        // CLDR puts a narrow no-break space before AM/PM; a terminal and a screen reader read a space.
        // Right-to-left locales put direction marks around amounts and times (U+200E, U+200F,
        // U+061C): the figures of a line read left to right in it, so they go.
        // Most formatted text holds none (their UTF-8 starts 0xE2 0x80, 0xC2 0xA0 and 0xD8 0x9C).
        guard text.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 || $0 == 0xD8 }) else { return text }
        var plain = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !AmountStyle.directionMarks.contains(scalar) {
            plain.append(scalar == "\u{202F}" || scalar == "\u{00A0}" ? " " : scalar)
        }
        return String(plain)
    }

    /// A time of day, 12- or 24-hour as the locale has it ("5:12 PM"). Each local minute of the
    /// day is formatted once: a list of thousands of shifts has at most 1,440 of them.
    public func time(_ date: Date) -> String {
        let local = date.localSeconds(in: timeZone)
        let minute = ((local % 86_400) + 86_400) % 86_400 / 60
        if writesUSEnglishTimes { return USEnglish.time(minuteOfDay: minute) }
        return formatters.time(minute) { Self.plainSpaces(formatter(template: "jmm").string(from: date)) }
    }

    /// A time of day to the second, as the locale has it ("5:12:08 PM"): a live fix's time.
    public func timeWithSeconds(_ date: Date) -> String { Self.plainSpaces(formatter(template: "jmmss").string(from: date)) }

    /// A day ("Sat 29 Nov", or the locale's order), with its year when it is not this year
    /// ("Thu, Dec 1, 2016").
    public func day(_ date: Date) -> String {
        // A history lists thousands of deliveries over far fewer days: each local day is
        // formatted once.
        let local = date.localSeconds(in: timeZone)
        let dayNumber = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        if writesUSEnglishTimes, let day = USEnglish.day(dayNumber, withYear: saysYear(LocalDate(dayNumber: dayNumber))) { return day }
        return formatters.day(dayNumber) {
            let template = saysYear(LocalDate(dayNumber: dayNumber)) ? "EEEdMMMy" : "EEEdMMM"
            return Self.plainSpaces(formatter(template: template).string(from: date))
        }
    }

    /// A moment as a sentence quotes it: "9:30 PM on Sun, Nov 29", local time in the driver's
    /// locale; in the hour a fall-back night repeats, with its offset ("1:10 AM UTC-6 on Sun, Nov 1").
    public func moment(_ date: Date) -> String { "\(timeReadOnce(date)) on \(day(date))" }

    /// An amount in the locale's currency format ("$84.50").
    public func money(_ money: Money) -> String {
        if writesUSDollars, let dollars = USEnglish.dollars(cents: money.cents) { return dollars }
        let formatter = formatters.currency {
            let formatter = NumberFormatter()
            formatter.locale = writingLocale
            formatter.numberStyle = .currency
            formatter.currencyCode = currency.code
            formatter.minimumFractionDigits = 2
            formatter.maximumFractionDigits = 2
            return formatter
        }
        let value = NSDecimalNumber(mantissa: money.cents.magnitude, exponent: -2, isNegative: money.cents < 0)
        let written = Self.plainSpaces(formatter.string(from: value) ?? money.description)
        guard writesASCIIOnly, !written.allSatisfy(\.isASCII) else { return written }
        // The code in the sign's place, as the locale places a code ("EUR 84.50", "84,50 EUR").
        let coded = formatters.currency(withCode: true) {
            let coded = NumberFormatter()
            coded.locale = formatter.locale
            coded.numberStyle = .currencyISOCode
            coded.currencyCode = currency.code
            coded.minimumFractionDigits = 2
            coded.maximumFractionDigits = 2
            return coded
        }
        return Self.plainSpaces(coded.string(from: value) ?? written)
    }

    /// A local date by a template ("d", "dMMM", "MMMMy"), in the driver's locale. A `LocalDate`
    /// is already the driver's day, so it is formatted at UTC midnight in UTC.
    public func date(_ local: LocalDate, template: String) -> String {
        if writesUSEnglishTimes, let date = USEnglish.date(local, template: template) { return date }
        let formatter = formatters.date(template: "utc:" + template) {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = TimeZone(identifier: "UTC")
            Self.gregorianAlways(formatter)
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        return Self.plainSpaces(formatter.string(from: Date(timeIntervalSince1970: Double(local.dayNumber) * 86_400)))
    }

    /// An amount as a screen reader should say it ("1,284 dollars", "47.56 dollars"), for the
    /// dollar; other currencies are said as written.
    public func spokenMoney(_ money: Money) -> String {
        let written = self.money(money)
        // The dollar as en_US writes it, or as en_GB and others write the US one ("US$30.00").
        guard let whole = ["$", "US$"].first(where: written.hasPrefix).map({ String(written.dropFirst($0.count)) }) else { return written }
        let number = whole.hasSuffix(".00") ? String(whole.dropLast(3)) : whole
        return number + (number == "1" ? " dollar" : " dollars")
    }

    /// An amount as a screen reader says one spent or paid ("42 dollars 10 cents", "6 dollars",
    /// "1 dollar 1 cent", "50 cents"), for the dollar; other currencies are said as written.
    public func spokenAmount(_ amount: Money) -> String {
        guard spokenMoney(amount) != money(amount) else { return money(amount) }
        // The whole dollars as spokenMoney says them ("1,284 dollars", "1 dollar"), then the cents.
        let dollars = spokenMoney(Money(cents: amount.cents / 100 * 100))
        let cents = amount.cents % 100
        let centsSaid = "\(cents) cent\(cents == 1 ? "" : "s")"
        return cents == 0 ? dollars : amount.cents < 100 ? centsSaid : "\(dollars) \(centsSaid)"
    }

    /// A day as a screen reader says it: "Saturday November 28", with its year when it is not this
    /// year ("Wednesday December 3, 2025"), in the driver's locale, no commas between its words
    /// but one between two numbers ("3 2025" ran the day into the year).
    /// Each local day is said once: a list of thousands of shifts says far fewer days.
    public func spokenDay(_ date: Date) -> String {
        let local = LocalDate(date, in: timeZone)
        if writesUSEnglishTimes, let said = USEnglish.spokenDay(local.dayNumber, withYear: saysYear(local)) { return said }
        return formatters.spokenDay(local.dayNumber) {
            let written = Array(self.date(local, template: saysYear(local) ? "EEEEdMMMMy" : "EEEEdMMMM"))
            var said = ""
            for (index, character) in written.enumerated() {
                let betweenNumbers = index > 0 && written[index - 1].isNumber && index + 2 < written.count && written[index + 2].isNumber
                if character == ",", !betweenNumbers { continue }
                said.append(character)
            }
            return said
        }
    }

    /// A distance to 0.1 mi ("31.2 mi").
    /// A distance measured but shorter than a twentieth of a mile is "under 0.1 mi", never "0.0 mi"
    /// (platform.md).
    public func miles(_ miles: Double) -> String { Self.tenths(miles) + " mi" }

    /// Miles as a screen reader says them: "612.4 miles recorded".
    public func milesRecorded(_ miles: Double) -> String { Self.tenths(miles) + " miles recorded" }

    /// Since when something runs, as a header says it: the time alone when it is today ("5:02
    /// PM"), else with its day ("Sat, Nov 28, 8:20 PM"): a shift's start, a pause's (a time
    /// alone would read as today's); in the hour a fall-back night repeats, with its offset.
    public func since(_ date: Date, now: Date) -> String {
        LocalDate(date, in: timeZone) == LocalDate(now, in: timeZone) ? timeReadOnce(date) : "\(day(date)), \(timeReadOnce(date))"
    }

    /// When something that began at `start` ended: the time alone while the clock has not gone
    /// round a whole day since ("5:00 PM – 12:30 AM" reads as overnight), else with its day
    /// ("5:00 PM – Sun, Nov 29, 5:30 PM"), so that two days never read as half an hour.
    public func end(_ end: Date, after start: Date) -> String {
        endsWithinADay(end, after: start) ? time(end) : "\(day(end)), \(timeReadOnce(end))"
    }

    /// Whether the clock has not gone round a whole day from `start` to `end` (its time alone
    /// says when it ended).
    func endsWithinADay(_ end: Date, after start: Date) -> Bool {
        end.localSeconds(in: timeZone) - start.localSeconds(in: timeZone) < 86_400
    }

    /// A moment as a message quotes it: the time alone when it is today ("9:40 PM"), else with its
    /// day ("9:40 PM on Wed, Dec 31, 2025"), so that a time of another day never reads as today's;
    /// in the hour a fall-back night repeats, with its offset ("1:10 AM UTC-6").
    public func time(_ date: Date, today now: Date) -> String {
        LocalDate(date, in: timeZone) == LocalDate(now, in: timeZone) ? timeReadOnce(date) : moment(date)
    }

    private static func tenths(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths == 0 && value > 0 { return "under 0.1" }
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
