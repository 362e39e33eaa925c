import DashPilotCore
import Foundation
import Testing

@Suite("Money and rates")
struct MoneyAndRatesTests {
    @Test(
        "Decimal amounts parse to cents",
        arguments: [
            ("84.50", 8450), ("84.5", 8450), ("84", 8400), ("0", 0), ("0.07", 7), ("-3.20", -320), (".5", 50), ("5.", 500), ("5", 500),
            ("007.10", 710), ("999999999999.99", 99_999_999_999_999),
        ])
    func amountsParse(text: String, cents: Int64) {
        #expect(Money(parsing: text)?.cents == cents)
    }

    @Test(
        "Malformed amounts do not parse, each with its reason",
        arguments: [
            ("", Money.ParseProblem.notANumber), (".", .notANumber), ("84.505", .tooManyDecimalPlaces), ("84.555", .tooManyDecimalPlaces),
            ("1,000", .notANumber), ("abc", .notANumber), ("8 4", .notANumber), ("1e3", .notANumber), ("--1", .notANumber),
            ("٣", .notANumber), ("9999999999999999", .tooLarge), ("1000000000000", .tooLarge), ("1.2.3", .notANumber),
        ])
    func malformedAmountsDoNotParse(text: String, problem: Money.ParseProblem) {
        #expect(Money(parsing: text) == nil)
        #expect(Money.parse(text) == .failure(problem))
    }

    @Test func amountsPrintWithTwoPlaces() {
        #expect(Money(cents: 8450).description == "84.50")
        #expect(Money(cents: 7).description == "0.07")
        #expect(Money(cents: -320).description == "-3.20")
    }

    let shift = Shift(id: 3, startedAt: at(0), endedAt: at(240), earnings: Money(cents: 8450))

    func delivery(_ number: Int, from: Double, to: Double?) -> Delivery {
        var delivery = Delivery(shiftID: 3, number: number, acceptedAt: at(from))
        if let to {
            (delivery.arrivedAtPickupAt, delivery.pickedUpAt, delivery.deliveredAt) = (at(from), at(from), at(to))
        }
        return delivery
    }

    @Test func perShiftHourDividesByTheShiftsLengthRoundingHalfAwayFromZero() {
        let rates = Rates.derive(shift: shift, deliveries: [], route: .none)
        #expect(rates.perShiftHour == .amount(Money(cents: 2113)))  // 84.50 / 4 h = 21.125
    }

    @Test func perDeliveryHourUsesTheUnionOfOpenIntervalsNeverTheirSum() {
        let deliveries = [delivery(1, from: 10, to: 70), delivery(2, from: 40, to: 100), delivery(3, from: 160, to: 190)]
        #expect(Rates.deliveryOpenSeconds(deliveries, shiftEnd: at(240).unixSeconds) == 120 * 60)
        let rates = Rates.derive(shift: shift, deliveries: deliveries, route: .none)
        #expect(rates.perDeliveryHour == .amount(Money(cents: 4225)))
    }

    /// cli.md: "durations are numbers of seconds". A delivery still open, read with the clock an
    /// hour behind its acceptance, made a period's time with a delivery open -3600.
    @Test func aDeliveryOpenPastTheClockAddsNoNegativeTime() {
        #expect(Rates.deliveryOpenSeconds([delivery(1, from: 60, to: nil)], shiftEnd: at(0).unixSeconds) == 0)
        #expect(
            Rates.deliveryOpenSeconds([delivery(1, from: 10, to: 70), delivery(2, from: 80, to: nil)], shiftEnd: at(20).unixSeconds) == 3600
        )
    }

    @Test func perMileDividesByTheUnroundedMiles() {
        let mileage = Mileage(metres: 31.2 * Mileage.metresPerMile, measuredSegments: 1, isPartial: false)
        let rates = Rates.derive(shift: shift, deliveries: [], route: .measured(mileage))
        #expect(rates.perMile == .amount(Money(cents: 271)))
    }

    @Test func everyRateIsUnavailableWithAReasonWithoutEarnings() {
        var unpaid = shift
        unpaid.earnings = nil
        let rates = Rates.derive(shift: unpaid, deliveries: [delivery(1, from: 0, to: 30)], route: .none)
        #expect(
            rates
                == Rates(
                    perShiftHour: .unavailable(.noEarnings), perDeliveryHour: .unavailable(.noEarnings), perMile: .unavailable(.noEarnings))
        )
        #expect(RateGap.noEarnings.sentence == "Add what this shift paid to see its rates")
    }

    @Test func ratesWaitForTheShiftToEnd() {
        let running = Shift(id: 3, startedAt: at(0), earnings: nil)
        #expect(Rates.derive(shift: running, deliveries: [], route: .none).perShiftHour == .unavailable(.shiftRunning))
    }

    @Test func aRateThatCannotBeComputedSaysWhy() {
        let instant = Shift(id: 3, startedAt: at(0), endedAt: at(0), earnings: Money(cents: 100))
        let rates = Rates.derive(shift: instant, deliveries: [], route: .none)
        #expect(rates.perShiftHour == .unavailable(.noShiftTime))
        #expect(rates.perDeliveryHour == .unavailable(.noDeliveryTime))
        #expect(rates.perMile == .unavailable(.noRoute))
        // An hour paused from its start to its end: it lasted, and no time of it was worked.
        let paused = Shift(id: 4, startedAt: at(0), endedAt: at(60), earnings: Money(cents: 1000))
        let pausedRates = Rates.derive(shift: paused, deliveries: [], route: .none, pauses: [Pause(start: at(0), end: at(60))])
        #expect(pausedRates.perShiftHour == .unavailable(.noWorkingTime))
        #expect(RateGap.noWorkingTime.sentence == "The shift was paused for all of its time")
    }

    @Test func zeroEarningsGiveZeroRatesNotMissingOnes() {
        var free = shift
        free.earnings = Money(cents: 0)
        #expect(Rates.derive(shift: free, deliveries: [], route: .none).perShiftHour == .amount(Money(cents: 0)))
    }
}
