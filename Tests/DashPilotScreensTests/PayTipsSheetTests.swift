import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

@Suite("The pay and tips sheet")
struct PayTipsSheetTests {
    /// screens.md's tip row is "Tip 1 · $2.50 cash · recorded 9:51 PM". A platform's tip recorded
    /// days after the delivery read as that day's ("recorded 6:46 PM"): it says its day too.
    @Test func aTipRecordedOnAnotherDaySaysItsDay() {
        let format = ScreenFormat(
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!, currency: .usd, currentYear: 2026)
        // Delivered Fri 20 Nov 2026 at 9:40 PM; tips at 9:51 PM that night and at 6:46 PM on Sun 22 Nov.
        let delivered = Date(unixSeconds: 1_795_210_800)
        let delivery = Delivery(
            shiftID: 1, number: 3, acceptedAt: delivered.addingTimeInterval(-1800), arrivedAtPickupAt: delivered.addingTimeInterval(-1500),
            pickedUpAt: delivered.addingTimeInterval(-1200), deliveredAt: delivered, pay: Money(cents: 1200),
            tips: [
                Tip(number: 1, amount: Money(cents: 250), method: .cash, recordedAt: delivered.addingTimeInterval(660)),
                Tip(number: 2, amount: Money(cents: 300), method: .platform, recordedAt: delivered.addingTimeInterval(162_360)),
            ])
        let sheet = PayTipsSheet(delivery: delivery, format: format)
        #expect(
            sheet.tips.map(\.text) == ["Tip 1 · $2.50 cash · recorded 9:51 PM", "Tip 2 · $3.00 platform · recorded 6:46 PM on Sun, Nov 22"])
        #expect(sheet.tips[1].accessibilityLabel == "Tip 2, 3 dollars, platform, recorded 6:46 PM on Sunday November 22")
    }
}
