import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation
import Testing

@Suite("A place's wait on the running card")
struct RunningCardWaitTests {
    /// Records a delivery at Nowhere Noodles that arrived at `arrive` and was picked up at `pickUp`.
    static func wait(_ fixture: ScreenFixture, arrive: String, pickUp: String) throws {
        let number = try fixture.at(arrive) { try fixture.store.acceptDelivery().number }
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: number, shiftID: nil)
        _ = try fixture.at(arrive) { try fixture.store.record(.arrive, delivery: number) }
        _ = try fixture.at(pickUp) { try fixture.store.record(.pickUp, delivery: number) }
        _ = try fixture.at(pickUp) { try fixture.store.record(.deliver, delivery: number) }
    }

    /// The running card of the newest delivery, named Nowhere Noodles and not yet picked up, at `now`.
    static func card(_ fixture: ScreenFixture, now: String) throws -> DeliveryCard {
        let number = try fixture.at(now) { try fixture.store.acceptDelivery().number }
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: number, shiftID: nil)
        fixture.clock.set(now)
        let screen = RunningShiftScreen(log: try fixture.store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now())
        return try #require(screen.cards.last)
    }

    @Test func noRecordedWaitShowsNothing() throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("17:00") { try fixture.store.startShift() }
        let card = try Self.card(fixture, now: "17:30")
        #expect(card.waitLine == nil && card.waitAccessibilityLabel == nil)
    }

    @Test func oneRecordedWaitSaysItsValueAlone() throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("17:00") { try fixture.store.startShift() }
        try Self.wait(fixture, arrive: "17:01", pickUp: "17:05")
        let card = try Self.card(fixture, now: "17:30")
        #expect(card.waitLine == "1 recorded wait: 4 min")
        #expect(card.waitAccessibilityLabel == "Nowhere Noodles, 1 recorded wait: 4 minutes")
        // The screen-reader mode says the card, then its place's wait as a sentence of its own.
        #expect(card.accessibilitySentence == "Delivery 2, accepted, Nowhere Noodles. 1 recorded wait: 4 minutes")
    }

    @Test func theBandPartAppearsOnlyAtThreeWaitsInTheCurrentBand() throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("12:00") { try fixture.store.startShift() }
        try Self.wait(fixture, arrive: "12:01", pickUp: "12:03")  // lunch, 2 min
        try Self.wait(fixture, arrive: "17:01", pickUp: "17:10")  // dinner, 9 min
        try Self.wait(fixture, arrive: "17:11", pickUp: "17:19")  // dinner, 8 min
        var card = try Self.card(fixture, now: "17:30")
        #expect(card.waitLine == "Typical recorded wait 8 min · median of 3")
        try Self.wait(fixture, arrive: "17:31", pickUp: "17:41")  // dinner, 10 min
        card = try Self.card(fixture, now: "17:50")
        #expect(card.waitLine == "Typical recorded wait 8 min 30 s · median of 4 · at dinner 9 min (median of 3)")
        #expect(
            card.waitAccessibilityLabel
                == "Nowhere Noodles, typical recorded wait 8 minutes 30 seconds, median of 4 recorded pickups, at dinner 9 minutes, median of 3"
        )
    }

    /// "at dinner" (screens.md) is English; "at morning", "at afternoon" and "at late" were not.
    /// Each band is said as a driver would say it, on the line and aloud.
    @Test(
        "Each band reads as English on the card",
        arguments: [
            ("06", "in the morning"), ("11", "at lunch"), ("14", "in the afternoon"), ("17", "at dinner"), ("21", "late at night"),
        ])
    func eachBandReadsAsEnglish(hour: String, phrase: String) throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("\(hour):00") { try fixture.store.startShift() }
        for (arrive, pickUp) in [("01", "06"), ("11", "16"), ("21", "26")] {
            try Self.wait(fixture, arrive: "\(hour):\(arrive)", pickUp: "\(hour):\(pickUp)")
        }
        let card = try Self.card(fixture, now: "\(hour):40")
        #expect(card.waitLine == "Typical recorded wait 5 min · median of 3 · \(phrase) 5 min (median of 3)")
        #expect(
            card.waitAccessibilityLabel?.hasSuffix(", \(phrase) 5 minutes, median of 3") == true, "\(card.waitAccessibilityLabel ?? "")")
    }

    @Test func aPickedUpDeliveryShowsNoWait() throws {
        let fixture = try ScreenFixture()
        _ = try fixture.at("17:00") { try fixture.store.startShift() }
        try Self.wait(fixture, arrive: "17:01", pickUp: "17:05")
        let screen = RunningShiftScreen(log: try fixture.store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now())
        #expect(screen.cards.allSatisfy { $0.waitLine == nil })
    }
}
