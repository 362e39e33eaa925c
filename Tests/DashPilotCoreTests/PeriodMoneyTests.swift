import DashPilotCore
import Foundation
import Testing

@Suite("A period's money")
struct PeriodMoneyTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func expense(_ id: Int64, _ cents: Int64, _ category: ExpenseCategory, _ at: String) -> Expense {
        Expense(id: id, amount: Money(cents: cents), spentAt: ISO8601.parse(at)!, category: category, note: nil)
    }

    static func week(_ totals: [ShiftTotals], expenses: [Expense]) -> PeriodFigures {
        PeriodFigures.periods(
            .week, of: totals, expenses: expenses, from: LocalDate(parsing: "2026-11-23")!, to: LocalDate(parsing: "2026-11-29")!,
            timeZone: utc, now: ISO8601.parse("2026-12-31T00:00:00Z")!)[0]
    }

    @Test func netAfterRecordedExpensesIsTheEarningsLessTheExpensesAndMayBeNegative() {
        var shift = PeriodFiguresTests.totals(1, "2026-11-24T17:00:00Z", "2026-11-24T21:00:00Z", earnings: 5000)
        shift.pausedSeconds = 1800
        let figures = Self.week(
            [shift, PeriodFiguresTests.totals(2, "2026-11-25T17:00:00Z", "2026-11-25T19:00:00Z")],
            expenses: [Self.expense(1, 4210, .fuel, "2026-11-24T09:00:00Z"), Self.expense(2, 1650, .parking, "2026-11-26T09:00:00Z")])
        #expect(figures.netAfterRecordedExpenses == .success(Money(cents: 5000 - 5860)))
        #expect(figures.workingSeconds == 6 * 3600 - 1800 && figures.pausedSeconds == 1800 && figures.shiftSeconds == 6 * 3600)
        // The rates divide by working time, over the shifts that have earnings: 50.00 over 3.5 h.
        #expect(figures.rates.perShiftHour.amount == Money(cents: 1429))
    }

    @Test func theNetIsAbsentWithItsReasonWhenEitherHalfIsMissing() {
        let earned = PeriodFiguresTests.totals(1, "2026-11-24T17:00:00Z", "2026-11-24T21:00:00Z", earnings: 5000)
        let unpaid = PeriodFiguresTests.totals(1, "2026-11-24T17:00:00Z", "2026-11-24T21:00:00Z")
        let fuel = Self.expense(1, 4210, .fuel, "2026-11-24T09:00:00Z")
        #expect(Self.week([earned], expenses: []).netAfterRecordedExpenses == .failure(.noExpenses))
        #expect(Self.week([unpaid], expenses: [fuel]).netAfterRecordedExpenses == .failure(.noEarnings))
        // Both halves missing: "No earnings recorded" is the one said.
        #expect(Self.week([unpaid], expenses: []).netAfterRecordedExpenses == .failure(.noEarnings))
        // 0.00 earnings and a 0.00 expense are amounts, not absences.
        let zero = PeriodFiguresTests.totals(1, "2026-11-24T17:00:00Z", "2026-11-24T21:00:00Z", earnings: 0)
        #expect(
            Self.week([zero], expenses: [Self.expense(1, 0, .other, "2026-11-24T09:00:00Z")]).netAfterRecordedExpenses
                == .success(Money(cents: 0)))
    }

    @Test func expensesAreByCategoryInTheClosedOrderWithNoneLeftOutAndADayWithNoShiftStillCounts() {
        let figures = Self.week(
            [],
            expenses: [
                Self.expense(1, 500, .other, "2026-11-23T09:00:00Z"), Self.expense(2, 4210, .fuel, "2026-11-29T23:59:59Z"),
                Self.expense(3, 650, .parking, "2026-11-25T09:00:00Z"), Self.expense(4, 3000, .fuel, "2026-11-26T09:00:00Z"),
                // The Monday after: the next week's.
                Self.expense(5, 999, .supplies, "2026-11-30T00:00:00Z"),
            ])
        #expect(figures.shifts == 0)
        #expect(figures.expenses.total == Money(cents: 8360) && figures.expenses.count == 4)
        #expect(
            figures.expenses.byCategory == [
                .init(category: .fuel, total: Money(cents: 7210), count: 2), .init(category: .parking, total: Money(cents: 650), count: 1),
                .init(category: .other, total: Money(cents: 500), count: 1),
            ])
    }

    @Test func payIsSaidWithItsCoverageAndTipsByMethod() {
        var first = PeriodFiguresTests.totals(1, "2026-11-24T17:00:00Z", "2026-11-24T21:00:00Z", delivered: 3)
        first.deliveryPay = PayCoverage(total: Money(cents: 3600), deliveries: 2, of: 3)
        first.tips.add(Money(cents: 500), method: .cash)
        var second = PeriodFiguresTests.totals(2, "2026-11-25T17:00:00Z", "2026-11-25T21:00:00Z", delivered: 2)
        second.deliveryPay = PayCoverage(total: nil, deliveries: 0, of: 2)
        second.tips.add(Money(cents: 700), method: .platform)
        second.tips.add(Money(cents: 100), method: .cash)
        let figures = Self.week([first, second], expenses: [])
        #expect(figures.deliveryPay == PayCoverage(total: Money(cents: 3600), deliveries: 2, of: 5))
        #expect(figures.tips.total == Money(cents: 1300) && figures.tips.cash == Money(cents: 600))
        #expect(figures.tips.platform == Money(cents: 700) && figures.tips.count == 3)
    }

    @Test func aDeliveryWithTipsAndNoPayHasNoTotalAndNoHourlyFigure() {
        let accepted = ISO8601.parse("2026-11-24T17:00:00Z")!
        var delivery = Delivery(
            shiftID: 1, number: 1, acceptedAt: accepted, arrivedAtPickupAt: accepted, pickedUpAt: accepted,
            deliveredAt: accepted.addingTimeInterval(1800))
        delivery.tips = [Tip(number: 1, amount: Money(cents: 250), method: .cash, recordedAt: accepted)]
        #expect(DeliveryPaid(delivery).total == nil && DeliveryPaid(delivery).perHour == .failure(.noPay))
        delivery.pay = Money(cents: 1000)
        #expect(DeliveryPaid(delivery).perHourAmount == Money(cents: 2500))
        delivery.deliveredAt = nil
        delivery.cancelledAt = accepted.addingTimeInterval(60)
        #expect(DeliveryPaid(delivery).total == Money(cents: 1250) && DeliveryPaid(delivery).perHour == .failure(.cancelled))
    }
}
