import DashPilotCore
import Foundation
import Testing

@Suite("Weeks and months")
struct PeriodFiguresTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func date(_ text: String) -> Date { ISO8601.parse(text)! }

    static func totals(
        _ id: Int64, _ start: String, _ end: String, earnings: Int64? = nil, delivered: Int = 0, cancelled: Int = 0, open: Int64 = 0,
        miles: Double? = nil, partial: Bool = false
    ) -> ShiftTotals {
        ShiftTotals(
            shift: Shift(id: id, startedAt: date(start), endedAt: date(end), earnings: earnings.map(Money.init(cents:))),
            delivered: delivered, cancelled: cancelled, deliveries: delivered + cancelled, deliveryOpenSeconds: open,
            route: miles.map { .measured(Mileage(metres: $0 * Mileage.metresPerMile, measuredSegments: 1, isPartial: partial)) } ?? .none)
    }

    static func periods(_ kind: Period.Kind, _ totals: [ShiftTotals], from: String, to: String, zone: TimeZone = utc) -> [PeriodFigures] {
        PeriodFigures.periods(
            kind, of: totals, from: LocalDate(parsing: from)!, to: LocalDate(parsing: to)!, timeZone: zone,
            now: date("2026-12-31T00:00:00Z"))
    }

    @Test func localDatesRoundTripAndRefuseDaysThatDoNotExist() {
        #expect(LocalDate(parsing: "2026-11-29")?.description == "2026-11-29")
        // cli.md's dates are "2026-11-23": four digits of year for a clock set centuries wrong too
        // (a week of 999 was "999-05-27", a form the same command refuses as input).
        #expect(Period(.week, containing: LocalDate(parsing: "0999-06-01")!).from.description == "0999-05-27")
        #expect(LocalDate(parsing: "0001-01-15")?.description == "0001-01-15")
        #expect(LocalDate(parsing: "2026-11-29")?.weekday == 6)  // a Sunday
        #expect(LocalDate(parsing: "2026-02-31") == nil && LocalDate(parsing: "2026-13-01") == nil && LocalDate(parsing: "26-1-1") == nil)
        #expect(LocalDate(parsing: "2024-02-29") != nil && LocalDate(parsing: "2100-02-29") == nil)
        for day in stride(from: Int64(-800_000), to: 800_000, by: 997) {
            let date = LocalDate(dayNumber: day)
            let (year, month, dayOfMonth) = date.components
            #expect(LocalDate(year: year, month: month, day: dayOfMonth) == date)
        }
    }

    @Test func weeksRunMondayToSundayAndMonthsAreCalendarMonths() {
        let sunday = LocalDate(parsing: "2026-11-29")!
        #expect(Period(.week, containing: sunday).from.description == "2026-11-23")
        #expect(Period(.week, containing: sunday).to.description == "2026-11-29")
        #expect(Period(.month, containing: LocalDate(parsing: "2024-02-10")!).to.description == "2024-02-29")
        #expect(Period(.month, containing: sunday).previous.from.description == "2026-10-01")
    }

    @Test func aShiftAcrossMidnightSundayToMondayCountsInTheWeekOfItsStart() {
        let shift = Self.totals(1, "2026-11-29T22:00:00Z", "2026-11-30T03:00:00Z", earnings: 5000, delivered: 4)
        let weeks = Self.periods(.week, [shift], from: "2026-11-23", to: "2026-11-30")
        #expect(weeks.map(\.period.from.description) == ["2026-11-30", "2026-11-23"])
        #expect(weeks[0].shifts == 0 && weeks[1].shiftIDs == [1] && weeks[1].shiftSeconds == 5 * 3600 && weeks[1].delivered == 4)
    }

    @Test func aShiftAcrossTheLastDayOfAMonthCountsInTheMonthOfItsStart() {
        let shift = Self.totals(1, "2026-11-30T20:00:00Z", "2026-12-01T02:00:00Z")
        let months = Self.periods(.month, [shift], from: "2026-11-01", to: "2026-12-01")
        #expect(months.map(\.shifts) == [0, 1])
        #expect(months[1].period.from.description == "2026-11-01" && months[1].period.to.description == "2026-11-30")
    }

    @Test("A week holding a daylight-saving change: local days decide, whatever the day's length")
    func daylightSaving() {
        // 2026-03-08 has 23 hours in New York, 2026-11-01 has 25. A shift at 23:30 local on each
        // Sunday counts in the week ending that Sunday; at 00:30 on the next Monday, in the next.
        let spring = Self.totals(1, "2026-03-09T03:30:00Z", "2026-03-09T05:00:00Z")  // Sun 8 Mar 23:30 EDT
        let springMonday = Self.totals(2, "2026-03-09T04:30:00Z", "2026-03-09T06:00:00Z")  // Mon 9 Mar 00:30 EDT
        let fall = Self.totals(3, "2026-11-02T04:30:00Z", "2026-11-02T06:00:00Z")  // Sun 1 Nov 23:30 EST
        let fallMonday = Self.totals(4, "2026-11-02T05:30:00Z", "2026-11-02T07:00:00Z")  // Mon 2 Nov 00:30 EST
        let weeks = Self.periods(.week, [spring, springMonday, fall, fallMonday], from: "2026-03-02", to: "2026-11-02", zone: Self.newYork)
        func week(_ from: String) -> [Int64] { weeks.first { $0.period.from.description == from }?.shiftIDs ?? [] }
        #expect(week("2026-03-02") == [1] && week("2026-03-09") == [2])
        #expect(week("2026-10-26") == [3] && week("2026-11-02") == [4])
        #expect(LocalDate(parsing: "2026-03-09")!.start(in: Self.newYork) == Self.date("2026-03-09T04:00:00Z"))
        #expect(LocalDate(parsing: "2026-11-02")!.start(in: Self.newYork) == Self.date("2026-11-02T05:00:00Z"))
    }

    /// platform.md: "each shift counted whole in the period of its start (local time…)". Where the
    /// clocks skip midnight, a day begins at the change, never in the evening before it.
    @Test func aDayWhoseMidnightTheClocksSkipBeginsAtTheChange() {
        let asuncion = TimeZone(identifier: "America/Asuncion")!
        // 2023-10-01: 00:00 (UTC-4) became 01:00 (UTC-3), at 04:00Z.
        #expect(LocalDate(parsing: "2023-10-01")!.start(in: asuncion) == Self.date("2023-10-01T04:00:00Z"))
        #expect(LocalDate(parsing: "2023-09-30")!.start(in: asuncion) == Self.date("2023-09-30T04:00:00Z"))
        #expect(LocalDate(parsing: "2023-10-02")!.start(in: asuncion) == Self.date("2023-10-02T03:00:00Z"))
        let saoPaulo = TimeZone(identifier: "America/Sao_Paulo")!
        #expect(LocalDate(parsing: "2018-11-04")!.start(in: saoPaulo) == Self.date("2018-11-04T03:00:00Z"))
        // A shift at 23:30 on 30 September counts in September's month, one at 01:10 in October's.
        let september = Self.totals(1, "2023-10-01T03:30:00Z", "2023-10-01T06:00:00Z")
        let october = Self.totals(2, "2023-10-01T04:10:00Z", "2023-10-01T05:30:00Z")
        let months = Self.periods(.month, [september, october], from: "2023-09-01", to: "2023-10-01", zone: asuncion)
        #expect(months.map(\.shiftIDs) == [[2], [1]])
    }

    /// platform.md: "each shift counted whole in the period of its start (local time…)". Where the
    /// clocks go back over midnight, a day begins at its first midnight: a shift in the first of
    /// the two hours is that day's, as its row says, never the week before's or no week's.
    @Test func aDayWhoseMidnightTheClocksReadTwiceBeginsWhereTheyLastTurnToIt() {
        let jerusalem = TimeZone(identifier: "Asia/Jerusalem")!
        // 2002-10-07: 01:00 (UTC+3) became 00:00 (UTC+2), at 22:00Z: its midnight came twice.
        #expect(LocalDate(parsing: "2002-10-07")!.start(in: jerusalem) == Self.date("2002-10-06T21:00:00Z"))
        #expect(LocalDate(parsing: "2002-10-06")!.start(in: jerusalem) == Self.date("2002-10-05T21:00:00Z"))
        #expect(LocalDate(parsing: "2002-10-08")!.start(in: jerusalem) == Self.date("2002-10-07T22:00:00Z"))
        // Where they went back into the day before between its two midnights, its repeated
        // minutes are that day's: the day begins at the second (Guam, 1969; St. John's, 2009).
        let guam = TimeZone(identifier: "Pacific/Guam")!
        #expect(LocalDate(parsing: "1969-01-26")!.start(in: guam) == Self.date("1969-01-25T14:00:00Z"))
        let stJohns = TimeZone(identifier: "America/St_Johns")!
        #expect(LocalDate(parsing: "2009-11-01")!.start(in: stJohns) == Self.date("2009-11-01T03:30:00Z"))
        let amman = TimeZone(identifier: "Asia/Amman")!
        // 2016-10-28: 01:00 (UTC+3) became 00:00 (UTC+2).
        #expect(LocalDate(parsing: "2016-10-28")!.start(in: amman) == Self.date("2016-10-27T21:00:00Z"))
        // A shift at the first 00:30 of Monday 7 October counts in that week, one the evening before in the week before.
        let sunday = Self.totals(1, "2002-10-06T20:30:00Z", "2002-10-06T20:50:00Z")
        let monday = Self.totals(2, "2002-10-06T21:30:00Z", "2002-10-06T22:40:00Z")
        let weeks = Self.periods(.week, [sunday, monday], from: "2002-09-30", to: "2002-10-07", zone: jerusalem)
        #expect(weeks.map(\.shiftIDs) == [[2], [1]])
    }

    @Test func aPeriodWithNoShiftsIsZerosAndNullMoney() {
        let empty = PeriodFigures(
            period: Period(.week, containing: LocalDate(parsing: "2026-11-29")!), totals: [], now: Self.date("2026-12-01T00:00:00Z"))
        #expect(
            empty.shifts == 0 && empty.shiftSeconds == 0 && empty.deliveryOpenSeconds == 0 && empty.delivered == 0 && empty.cancelled == 0)
        #expect(empty.miles == nil && empty.earnings == nil && empty.shiftsWithoutEarnings == 0 && !empty.partialRoute)
        #expect(empty.rates.perShiftHour == .unavailable(.noEarnings) && empty.rates.perMile == .unavailable(.noEarnings))
    }

    @Test func ratesAreOverTheShiftsWithEarningsAndTheOthersAreCounted() {
        let paid = Self.totals(1, "2026-11-23T10:00:00Z", "2026-11-23T14:00:00Z", earnings: 8000, open: 7200, miles: 40)
        let unpaid = Self.totals(2, "2026-11-24T10:00:00Z", "2026-11-24T20:00:00Z", open: 30000, miles: 100)
        let week = PeriodFigures(
            period: Period(.week, containing: LocalDate(parsing: "2026-11-24")!), totals: [paid, unpaid],
            now: Self.date("2026-12-01T00:00:00Z"))
        #expect(week.earnings == Money(cents: 8000) && week.shiftsWithoutEarnings == 1)
        #expect(week.shiftSeconds == 14 * 3600 && week.deliveryOpenSeconds == 37200)
        #expect(week.rates.perShiftHour == .amount(Money(cents: 2000)))  // 80.00 over the paid 4 h
        #expect(week.rates.perDeliveryHour == .amount(Money(cents: 4000)))  // over its 2 h open
        #expect(week.rates.perMile == .amount(Money(cents: 200)))  // over its 40 mi
        #expect(week.miles.map { abs($0 - 140) < 1e-9 } == true)
    }

    @Test func aPartialOrMissingRouteMakesThePeriodsMilesAFloor() {
        let partial = Self.totals(1, "2026-11-23T10:00:00Z", "2026-11-23T14:00:00Z", miles: 10, partial: true)
        let whole = Self.totals(2, "2026-11-24T10:00:00Z", "2026-11-24T14:00:00Z", miles: 10)
        let none = Self.totals(3, "2026-11-25T10:00:00Z", "2026-11-25T14:00:00Z")
        let period = Period(.week, containing: LocalDate(parsing: "2026-11-24")!)
        let now = Self.date("2026-12-01T00:00:00Z")
        #expect(PeriodFigures(period: period, totals: [partial], now: now).partialRoute)
        #expect(!PeriodFigures(period: period, totals: [whole], now: now).partialRoute)
        let missing = PeriodFigures(period: period, totals: [whole, none], now: now)
        #expect(missing.partialRoute && missing.miles == 10)
    }

    @Test func centsAreSummedBeforeDividingNeverAveragedAsRates() {
        // 1.00 over 1 h and 1.00 over 3 h: 2.00 over 4 h is 0.50 an hour, not the mean 0.67.
        let first = Self.totals(1, "2026-11-23T10:00:00Z", "2026-11-23T11:00:00Z", earnings: 100)
        let second = Self.totals(2, "2026-11-24T10:00:00Z", "2026-11-24T13:00:00Z", earnings: 100)
        let week = PeriodFigures(
            period: Period(.week, containing: LocalDate(parsing: "2026-11-24")!), totals: [first, second],
            now: Self.date("2026-12-01T00:00:00Z"))
        #expect(week.rates.perShiftHour == .amount(Money(cents: 50)))
        // 0.01 over 2 h is half a cent an hour: it rounds away from zero.
        let tiny = Self.totals(3, "2026-11-23T10:00:00Z", "2026-11-23T12:00:00Z", earnings: 1)
        #expect(
            PeriodFigures(period: week.period, totals: [tiny], now: Self.date("2026-12-01T00:00:00Z")).rates.perShiftHour
                == .amount(Money(cents: 1)))
    }

    @Test("The weeks of a year, and its months, add up figure by figure to its shifts", arguments: [1, 2, 3] as [UInt64])
    func periodsAddUp(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let yearStart = Self.date("2025-01-01T05:00:00Z").unixSeconds
        var totals: [ShiftTotals] = []
        var start = yearStart
        for id in 1...300 {
            start += Int64.random(in: 3_600...100_000, using: &random)
            let length = Int64.random(in: 600...40_000, using: &random)
            let earnings: Int64? = Bool.random(using: &random) ? Int64.random(in: 0...30_000, using: &random) : nil
            let miles: Double? = Int.random(in: 0..<4, using: &random) == 0 ? nil : Double.random(in: 1...200, using: &random)
            totals.append(
                ShiftTotals(
                    shift: Shift(
                        id: Int64(id), startedAt: Date(unixSeconds: start), endedAt: Date(unixSeconds: start + length),
                        earnings: earnings.map(Money.init(cents:))),
                    delivered: Int.random(in: 0...30, using: &random), cancelled: Int.random(in: 0...3, using: &random), deliveries: 0,
                    deliveryOpenSeconds: Int64.random(in: 0...length, using: &random),
                    route: miles.map { .measured(Mileage(metres: $0 * Mileage.metresPerMile, measuredSegments: 1, isPartial: false)) }
                        ?? .none))
        }
        let first = LocalDate(Date(unixSeconds: yearStart), in: Self.newYork)
        let last = LocalDate(Date(unixSeconds: start), in: Self.newYork)
        let now = Date(unixSeconds: start + 86_400)
        let whole = PeriodFigures(period: Period(.week, containing: first), totals: totals, now: now)
        for kind in Period.Kind.allCases {
            let periods = PeriodFigures.periods(kind, of: totals, from: first, to: last, timeZone: Self.newYork, now: now)
            #expect(periods.flatMap(\.shiftIDs).sorted() == whole.shiftIDs.sorted(), "seed \(seed), \(kind)")
            #expect(periods.map(\.shiftSeconds).reduce(0, +) == whole.shiftSeconds, "seed \(seed), \(kind)")
            #expect(periods.map(\.deliveryOpenSeconds).reduce(0, +) == whole.deliveryOpenSeconds, "seed \(seed), \(kind)")
            #expect(periods.map(\.delivered).reduce(0, +) == whole.delivered, "seed \(seed), \(kind)")
            #expect(periods.map(\.cancelled).reduce(0, +) == whole.cancelled, "seed \(seed), \(kind)")
            #expect(periods.compactMap(\.earnings?.cents).reduce(0, +) == whole.earnings?.cents ?? 0, "seed \(seed), \(kind)")
            #expect(periods.map(\.shiftsWithoutEarnings).reduce(0, +) == whole.shiftsWithoutEarnings, "seed \(seed), \(kind)")
            let miles = periods.compactMap(\.miles).reduce(0, +)
            #expect(abs(miles - (whole.miles ?? 0)) < 1e-6, "seed \(seed), \(kind)")
            // Consecutive, newest first, none missing.
            for (newer, older) in zip(periods, periods.dropFirst()) { #expect(older.period == newer.period.previous) }
        }
    }
}
