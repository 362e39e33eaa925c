import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

/// platform.md, "Dates say their year": when it is not the current year, everywhere a driver
/// reads one, so that ten years of history never shows two rows that read alike.
@Suite("Dates say their year")
struct DatesSayTheirYearTests {
    static let now = ISO8601.parse("2026-11-29T17:00:00Z")!
    static let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!).at(now)

    @Test func aDayOfAnotherYearSaysItsYearAndOneOfThisYearDoesNot() {
        #expect(Self.format.day(ISO8601.parse("2016-12-01T12:00:00Z")!) == "Thu, Dec 1, 2016")
        #expect(Self.format.day(ISO8601.parse("2026-11-26T12:00:00Z")!) == "Thu, Nov 26")
        #expect(Self.format.day(ISO8601.parse("2027-01-02T12:00:00Z")!) == "Sat, Jan 2, 2027")
        #expect(Self.format.moment(ISO8601.parse("2025-12-03T21:30:00Z")!) == "9:30 PM on Wed, Dec 3, 2025")
    }

    /// keeping.md's question: "Replace the store (5,012 shifts, newest Nov 29) with the backup
    /// (5,000 shifts, newest Nov 22)?": the day as the pack writes it, its year when another's.
    @Test func theRestoreQuestionSaysTheNewestDaysAsThePackWritesThem() {
        func summary(_ shifts: Int, newest: String) -> BackupSummary {
            BackupSummary(
                path: "/x", madeAt: Self.now, bytes: 1, schemaVersion: 8, shifts: shifts, deliveries: 0, places: 0,
                newestShift: ISO8601.parse(newest), automatic: nil)
        }
        let question = KeepingWords.restoreQuestion(
            store: summary(5012, newest: "2026-11-29T17:00:00Z"), backup: summary(5000, newest: "2025-11-25T17:00:00Z"), format: Self.format
        )
        #expect(
            question
                == "Replace the store (5,012 shifts, newest Nov 29) with the backup (5,000 shifts, newest Nov 25, 2025)? The store as it is now is backed up first."
        )
    }

    @Test func theYearIsTheDriversYearNow() {
        // 00:30 on 1 January 2027 in New York is still 2026 in Honolulu.
        let newYear = ISO8601.parse("2027-01-01T05:30:00Z")!
        let honolulu = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Pacific/Honolulu")!).at(newYear)
        #expect(honolulu.currentYear == 2026 && honolulu.day(ISO8601.parse("2026-12-30T22:00:00Z")!) == "Wed, Dec 30")
    }

    @Test func twoWeeksTenYearsApartNeverReadAlike() {
        let old = Period(.week, containing: LocalDate(parsing: "2016-12-28")!)
        let recent = Period(.week, containing: LocalDate(parsing: "2026-11-25")!)
        let rows = PeriodListScreen(
            periods: [recent, old].map { PeriodFigures(period: $0, totals: [], now: Self.now) }, kind: .week, format: Self.format
        ).rows
        #expect(rows.map(\.label) == ["Nov 23 – 29", "Dec 26, 2016 – Jan 1, 2017"])
        #expect(rows[1].accessibilityLabel.hasPrefix("Week of December 26, 2016:"))
        let month = PeriodListScreen(
            periods: [PeriodFigures(period: Period(.month, containing: LocalDate(parsing: "2016-12-28")!), totals: [], now: Self.now)],
            kind: .month, format: Self.format
        ).rows
        #expect(month[0].label == "December 2016")
    }

    /// A week of another year said its year at both ends, "Nov 9, 2026 – Nov 15, 2026", and every
    /// row of nine years of weeks wrapped at 100 columns: the year is said once, where the locale
    /// puts it, and at both ends only across a new year.
    @Test(
        "A week of another year says its year once, where the locale puts it",
        arguments: [
            ("en_US", "2015-11-11", "Nov 9 – 15, 2015"), ("en_US", "2015-12-01", "Nov 30 – Dec 6, 2015"),
            ("en_GB", "2015-11-11", "9 – 15 Nov 2015"), ("en_US", "2016-12-28", "Dec 26, 2016 – Jan 1, 2017"),
        ])
    func aWeekOfAnotherYearSaysItsYearOnce(locale: String, day: String, label: String) {
        let format = ScreenFormat(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "UTC")!).at(Self.now)
        #expect(PeriodListScreen.label(Period(.week, containing: LocalDate(parsing: day)!), format: format) == label)
    }

    @Test func aShiftOfAnotherYearSaysItsYearInItsRowAndItsLog() {
        let shift = Shift(
            id: 3, startedAt: ISO8601.parse("2025-12-03T17:02:00Z")!, endedAt: ISO8601.parse("2025-12-03T21:40:00Z")!)
        let row = ShiftListScreen.row(ShiftSummary(shift: shift, deliveryCount: 2, route: .none), format: Self.format)
        #expect(row.text.hasPrefix("Shift 3 · Wed, Dec 3, 2025 · 5:02 PM – 9:40 PM"))
        let log = ShiftLogScreen(log: ShiftLog(shift: shift, deliveries: [], route: .none), format: Self.format, now: shift.endedAt!)
        #expect(log.title.hasPrefix("Shift 3 · Wed, Dec 3, 2025"))
    }
}
