import DashPilotCore
import Foundation
import Testing

@testable import DashPilotScreens

/// A duration as shown, said: each unit in words after its number, one or many as it says.
@Suite("Durations said")
struct SpokenDurationTests {
    @Test(
        "A unit is said in words, one or many as its number says",
        arguments: [
            ("45 s", "45 seconds"), ("1 s", "1 second"), ("7 min", "7 minutes"), ("1 min", "1 minute"),
            ("2 min 1 s", "2 minutes 1 second"), ("1 min 30 s", "1 minute 30 seconds"), ("29 h", "29 hours"), ("1 h", "1 hour"),
            ("1 h 1 min", "1 hour 1 minute"), ("4 h 38 min", "4 hours 38 minutes"), ("1 – 3 min", "1 – 3 minutes"),
            ("11 h 21 min", "11 hours 21 minutes"), ("", ""),
        ])
    func aDurationSaid(shown: String, said: String) {
        #expect(PlaceHistoryScreen.spoken(shown) == said)
    }

    /// Every duration the format writes is said with its units in words and nothing else changed.
    @Test func everyDurationTheFormatWritesIsSaidInWords() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        for seconds in stride(from: 0.0, through: 200_000, by: 7) {
            let shown = format.duration(seconds: seconds)
            let said = PlaceHistoryScreen.spoken(shown)
            #expect(!said.contains(" h") || said.contains(" hour"), "\(shown)")
            #expect(!said.hasSuffix(" min") && !said.hasSuffix(" s") && !said.contains(" min "), "\(shown)")
            #expect(said.filter(\.isNumber) == shown.filter(\.isNumber), "\(shown)")
        }
    }
}
