import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

@Suite("An expense as a screen reader says it")
struct ExpenseSpokenTests {
    @Test func anExpensesRowIsSaidAsScreensMdLabelsIt() throws {
        let format = ScreenFormat(
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!, currency: .usd, currentYear: 2026)
        // Saturday 28 November 2026, 4:10 PM.
        let fuel = Expense(
            id: 1, amount: Money(cents: 4210), spentAt: Date(unixSeconds: 1_795_882_200), category: .fuel, note: "full tank")
        #expect(
            ExpenseListScreen.row(fuel, format: format).accessibilityLabel
                == "Fuel, 42 dollars 10 cents, Saturday November 28, 4:10 PM, note: full tank")
        // A day of another year says its year, parted from the day by a comma ("December 3 2025"
        // ran the two numbers together, SR audit); whole dollars, one dollar, one cent.
        let tyres = Expense(id: 2, amount: Money(cents: 8900), spentAt: Date(unixSeconds: 1_764_777_600), category: .maintenance, note: nil)
        #expect(
            ExpenseListScreen.row(tyres, format: format).accessibilityLabel
                == "Maintenance, 89 dollars, Wednesday December 3, 2025, 4:00 PM"
        )
        let british = ScreenFormat(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!, currency: .usd, currentYear: 2026)
        #expect(british.spokenDay(tyres.spentAt) == "Wednesday 3 December 2025")
        #expect(
            format.spokenAmount(Money(cents: 101)) == "1 dollar 1 cent" && format.spokenAmount(Money(cents: 10)) == "10 cents")
        #expect(format.spokenAmount(Money(cents: 128_400)) == "1,284 dollars")
        // A rate keeps its decimals ("47.56 dollars an hour"), and one dollar is singular.
        #expect(format.spokenMoney(Money(cents: 4756)) == "47.56 dollars" && format.spokenMoney(Money(cents: 100)) == "1 dollar")
        #expect(format.spokenAmount(Money(cents: 100)) == "1 dollar" && format.spokenAmount(Money(cents: 250)) == "2 dollars 50 cents")
        #expect(SpokenWords.sentence("4 h 8 min working (30 min paused)") == "4 hours 8 minutes working (30 minutes paused).")
    }

    /// en_GB writes the US dollar "US$30.00"; a row's label said "earned US$30.00" where en_US
    /// says "earned 30 dollars" (screens.md: "earned 1,284 dollars").
    @Test func theUSDollarIsSaidInDollarsWhereTheLocaleWritesItUSDollar() {
        let format = ScreenFormat(
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!, currency: .usd, currentYear: 2026)
        #expect(format.money(Money(cents: 3000)) == "US$30.00")
        #expect(format.spokenMoney(Money(cents: 3000)) == "30 dollars" && format.spokenAmount(Money(cents: 4210)) == "42 dollars 10 cents")
    }
}
