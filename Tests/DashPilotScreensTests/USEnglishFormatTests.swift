import DashPilotCore
import Foundation
import Testing

@testable import DashPilotScreens

/// The US English formats written without ICU say exactly what ICU's formatters say.
@Suite("US English, written without ICU")
struct USEnglishFormatTests {
    static func format(zone: String, year: Int64?, currency: Currency? = nil) -> ScreenFormat {
        ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: zone)!, currency: currency, currentYear: year)
    }

    @Test(
        "Every minute of a day reads as ICU writes it",
        arguments: ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"])
    func everyMinuteOfADay(zone: String) {
        let format = Self.format(zone: zone, year: 2026)
        #expect(format.writesUSEnglishTimes)
        let icu = ScreenFormat(icuOnly: format)
        // 29 November 2026 and 8 March 2026 (a spring-forward day in New York), every minute.
        for start in [1_795_910_400, 1_772_928_000] {
            for minute in 0..<1_440 {
                let date = Date(unixSeconds: Int64(start + minute * 60 + minute % 60))
                #expect(format.time(date) == icu.time(date), "\(zone) \(date)")
            }
        }
    }

    @Test("Every day of 130 years reads as ICU writes it, with its year when it is not this one")
    func everyDayOf130Years() {
        for zone in ["UTC", "Pacific/Kiritimati"] {
            let format = Self.format(zone: zone, year: 2026)
            let icu = ScreenFormat(icuOnly: format)
            // 1 January 1950 to 31 December 2079, at a local noon.
            for day in Int64(-7_305)...Int64(40_177) {
                let date = Date(unixSeconds: day * 86_400 + 43_200 - Int64(TimeZone(identifier: zone)!.secondsFromGMT()))
                #expect(format.day(date) == icu.day(date), "\(zone) \(day)")
            }
        }
    }

    /// Before 15 October 1582 ICU wrote the Julian calendar's day ("Sun, Oct 8, 1066" for the
    /// 1066-10-14 typed, listed in JSON and counted in its week): every day now reads by the
    /// Gregorian calendar, written without ICU or by it. Before the year 1 (an era) and after
    /// 9999 (five digits) days are left to ICU, and read as it writes them.
    @Test func daysAtTheCalendarsEdgesReadAsICUWritesThem() throws {
        #expect(USEnglish.firstDayOfYearOne == LocalDate(parsing: "0001-01-01")?.dayNumber)
        let format = Self.format(zone: "UTC", year: 2026)
        let icu = ScreenFormat(icuOnly: format)
        let hastings = try #require(LocalDate(parsing: "1066-10-14"))
        #expect(format.date(hastings, template: "dMMMy") == "Oct 14, 1066" && icu.date(hastings, template: "dMMMy") == "Oct 14, 1066")
        let noon = Date(unixSeconds: hastings.dayNumber * 86_400 + 43_200)
        #expect(format.day(noon) == "Sun, Oct 14, 1066" && icu.day(noon) == "Sun, Oct 14, 1066", "\(icu.day(noon))")
        let edges =
            Array(Int64(-157_000)...Int64(-139_000)) + Array(Int64(-720_000)...Int64(-718_000))
            + Array(Int64(2_932_500)...Int64(2_933_300))
        for day in edges {
            let date = Date(unixSeconds: day * 86_400 + 43_200)
            #expect(format.day(date) == icu.day(date), "\(day)")
            #expect(format.date(LocalDate(dayNumber: day), template: "dMMMy") == icu.date(LocalDate(dayNumber: day), template: "dMMMy"))
        }
    }

    @Test("Every template of the periods' labels reads as ICU writes it, every day of 130 years")
    func everyTemplateOfThePeriodsLabels() {
        let format = Self.format(zone: "UTC", year: 2026)
        let icu = ScreenFormat(icuOnly: format)
        for template in ["MMMMy", "dMMMy", "dMMM", "MMM", "d", "dMMMMy", "dMMMM", "EEEEdMMMM", "EEEEdMMMMy"] {
            for day in stride(from: Int64(-7_305), through: 40_177, by: 1) {
                let local = LocalDate(dayNumber: day)
                #expect(format.date(local, template: template) == icu.date(local, template: template), "\(template) \(day)")
            }
        }
        #expect(format.date(LocalDate(dayNumber: 20_415), template: "dMMMy") == "Nov 23, 2025")
    }

    @Test func amountsInDollarsReadAsICUWritesThem() {
        let format = Self.format(zone: "UTC", year: 2026, currency: .usd)
        #expect(format.writesUSDollars)
        let icu = ScreenFormat(icuOnly: format)
        var cents: [Int64] = [
            0, 1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 128_400, 123_456_789, 100_000_000_000_000, 999_999_999_999_999,
            1_000_000_000_000_000, 1_000_000_000_000_001, (1 << 53) - 1, 1 << 53, (1 << 53) + 1, .max - 1, .max,
        ]
        cents += cents.map { -$0 }
        var random = SeededRandom(seed: 17)
        for _ in 0..<5_000 {
            let magnitude = Int64(random.next() % 1_000_000_000_000_000 >> (random.next() % 44))
            cents.append(random.next() % 2 == 0 ? magnitude : -magnitude)
        }
        for amount in cents + [.min] {
            #expect(format.money(Money(cents: amount)) == icu.money(Money(cents: amount)), "\(amount)")
        }
        #expect(format.money(Money(cents: 128_400)) == "$1,284.00" && format.money(Money(cents: -500)) == "-$5.00")
    }

    @Test func otherLocalesAndCurrenciesAreLeftToICU() {
        #expect(!ScreenFormat(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!).writesUSEnglishTimes)
        #expect(!ScreenFormat(locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!).writesUSEnglishTimes)
        #expect(!Self.format(zone: "UTC", year: nil, currency: Currency("EUR")).writesUSDollars)
        let german = ScreenFormat(
            locale: Locale(identifier: "en_US"), moneyLocale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "UTC")!,
            currency: .usd)
        #expect(german.writesUSEnglishTimes && !german.writesUSDollars)
    }
}
