import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

@Suite("The Expenses screen lists its rows as screens.md sketches them")
struct ExpenseListColumnsTests {
    /// screens.md's Expenses sketch: when, category, amount and note in columns, amounts aligned on
    /// their right, and an earlier year's row dated alone. The screen joined each row's parts with
    /// " · ", so no amount stood under another.
    @Test func theRowsStandInTheSketchsColumns() throws {
        let format = ScreenFormat(
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!, currency: .usd, currentYear: 2026)
        let expenses = [
            // Sat 28 Nov 2026 4:10 PM, Thu 26 Nov 2026 9:02 AM, Wed 3 Dec 2025 12:00 PM.
            Expense(id: 1, amount: Money(cents: 4210), spentAt: Date(unixSeconds: 1_795_882_200), category: .fuel, note: "full tank"),
            Expense(id: 2, amount: Money(cents: 650), spentAt: Date(unixSeconds: 1_795_683_720), category: .parking, note: nil),
            Expense(
                id: 3, amount: Money(cents: 8900), spentAt: Date(unixSeconds: 1_764_763_200), category: .maintenance,
                note: "new tyres front"),
        ]
        let screen = ExpenseListScreen(expenses: expenses, format: format)
        #expect(
            screen.rows.map(screen.listedColumns.line) == [
                "Sat, Nov 28 · 4:10 PM   Fuel               $42.10   full tank",
                "Thu, Nov 26 · 9:02 AM   Parking and tolls   $6.50",
                "Wed, Dec 3, 2025        Maintenance        $89.00   new tyres front",
            ])
        // `expense list` keeps each row's id and time, in the same columns.
        #expect(
            screen.lines == [
                "1     Sat, Nov 28 · 4:10 PM         Fuel               $42.10   full tank",
                "2     Thu, Nov 26 · 9:02 AM         Parking and tolls   $6.50",
                "3     Wed, Dec 3, 2025 · 12:00 PM   Maintenance        $89.00   new tyres front",
            ])
    }
}
