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

    /// screens.md's "4 h 38 min elapsed · 4 h 8 min working (30 min paused)": what is shown adds
    /// up, each figure rounded to the minute as the others are.
    @Test(
        "Elapsed, working and paused time as shown add up",
        arguments: [
            (3600, 930, "1 h", "44 min", "16 min"), (16_680, 1800, "4 h 38 min", "4 h 8 min", "30 min"),
            (3600, 60, "1 h", "59 min", "1 min"), (5400, 2670, "1 h 30 min", "45 min", "45 min"),
            (3600, 90, "1 h", "59 min", "1 min 30 s"),
            // A shift paused all along: no "0 s working" beside hours (screens.md: counts say
            // what they count the same way on every screen, and a period writes "0 min").
            (3600, 3600, "1 h", "0 min", "1 h"), (3600, 0, "1 h", "1 h", "0 min"), (0, 0, "0 s", "0 s", "0 s"),
            // Beside figures in seconds, a zero is in seconds too.
            (90, 90, "1 min 30 s", "0 s", "1 min 30 s"),
            // Time worked never reads as none beside the rate it divides (money-and-time.md:
            // every figure is arithmetic over what the driver did): 40 s, not "0 min".
            (7220, 7180, "2 h", "40 s", "2 h"), (3600, 3585, "1 h", "15 s", "1 h"),
        ] as [(Int64, Int64, String, String, String)])
    func shiftTimesAddUp(elapsed: Int64, paused: Int64, shownElapsed: String, working: String, shownPaused: String) {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let shown = format.shiftTimes(elapsed: elapsed, paused: paused)
        #expect(shown.elapsed == shownElapsed && shown.working == working && shown.paused == shownPaused)
    }

    /// A duration is rounded once: a median of 749.5 s (12 min 29.5 s) is "12 min", not 750 s
    /// and then "13 min".
    @Test func aDurationIsRoundedOnceFromItsSeconds() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(format.duration(seconds: 749.5) == "12 min")
        #expect(format.duration(seconds: 750) == "13 min")
        #expect(format.duration(seconds: 3_629.5) == "1 h")
    }

    /// platform.md: "Shown to 0.1 mi; … never "0.0 mi"": a distance measured and shorter than a
    /// twentieth of a mile is under 0.1 mi.
    @Test func aMeasuredDistanceUnderATwentiethOfAMileIsUnderATenth() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(format.miles(0.0037) == "under 0.1 mi" && format.milesRecorded(0.0037) == "under 0.1 miles recorded")
        #expect(format.miles(0.05) == "0.1 mi" && format.miles(612.44) == "612.4 mi")
    }
}
