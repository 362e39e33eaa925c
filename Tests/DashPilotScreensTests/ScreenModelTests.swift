import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation
import Testing

@Suite("Screen models, compared whole")
struct ScreenModelTests {
    static let runningKeys =
        [
            ScreenAction(.character("a"), "accept", .accept), .selecting, ScreenAction(.enter, "next step", .nextStep),
            ScreenAction(.character("@"), "step at a time", .forgottenStep), ScreenAction(.character("p"), "pickup place", .pickupPlace),
            ScreenAction(.character("x"), "cancel", .cancelDelivery), ScreenAction(.character("t"), "pay and tips", .payAndTips),
            ScreenAction(.character("b"), "break", .pauseOrResume),
            ScreenAction(.character("e"), "end shift", .endShift), ScreenAction(.character("h"), "history", .history),
            ScreenAction(.character("w"), "weeks", .weeks), ScreenAction(.character("l"), "places", .places),
            ScreenAction(.character("c"), "expenses", .expenses), .keysList, .quitting,
            ScreenAction(.character("s"), "start shift", .startShift).unlisted,
            // The cards are a list, and page as every list does (cli.md: "any list").
        ] + ScreenAction.paging

    @Test func theRunningShiftWithAndWithoutAPlace() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:12") { try store.acceptDelivery() }
        _ = try fixture.at("17:15") { try store.acceptDelivery() }
        _ = try fixture.at("17:19") { try store.record(.arrive, delivery: 1) }
        _ = try store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        let screen = RunningShiftScreen(log: try store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now())
        let expected = RunningShiftScreen(
            title: "Shift running since 5:02 PM · 17 min · 2 deliveries",
            cards: [
                DeliveryCard(
                    number: 1, title: "Delivery 1 · At pickup", placeLine: "Nowhere Noodles",
                    accessibilityLabel: "Delivery 1, At pickup, Nowhere Noodles",
                    pickupControl: Control(
                        title: "Change Pickup Place", accessibilityLabel: "Change pickup place, Delivery 1, Nowhere Noodles",
                        command: .pickupPlace),
                    lifecycleButton: Control(
                        title: "Picked Up", accessibilityLabel: "Picked up, Delivery 1", command: .nextStep, prominence: .primary),
                    isFinished: false, accessibilitySentence: "Delivery 1, at pickup, Nowhere Noodles",
                    stepAccessibilityLabel: "Delivery 1, arrived at pickup at 5:19 PM"),
                DeliveryCard(
                    number: 2, title: "Delivery 2 · Accepted", placeLine: nil, accessibilityLabel: "Delivery 2, Accepted",
                    pickupControl: Control(
                        title: "Add Pickup Place", accessibilityLabel: "Add pickup place, Delivery 2", command: .pickupPlace),
                    lifecycleButton: Control(
                        title: "Arrived at Pickup", accessibilityLabel: "Arrived at pickup, Delivery 2", command: .nextStep,
                        prominence: .primary),
                    isFinished: false, accessibilitySentence: "Delivery 2, accepted",
                    stepAccessibilityLabel: "Delivery 2, accepted at 5:15 PM"),
            ],
            initiallySelected: 2, keys: Self.runningKeys,
            // Said without the running clock, which a screen reader would otherwise say every minute.
            accessibilityTitle: "Shift running since 5:02 PM, 2 deliveries")
        #expect(screen == expected)
        // The pickup control is small, the lifecycle button large; no text field on this screen.
        #expect(screen.cards.allSatisfy { $0.pickupControl.prominence == .secondary && $0.lifecycleButton?.prominence == .primary })
    }

    @Test func aFinishedDeliveryHasNoLifecycleButtonAndTheDeliveredLabel() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:12") { try store.acceptDelivery() }
        _ = try fixture.at("17:19") { try store.record(.arrive, delivery: 1) }
        _ = try fixture.at("17:26") { try store.record(.pickUp, delivery: 1) }
        let card = try #require(
            RunningShiftScreen(log: try store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now()).cards.first)
        #expect(
            card.lifecycleButton
                == Control(title: "Delivered", accessibilityLabel: "Delivered, Delivery 1", command: .nextStep, prominence: .primary))
        _ = try fixture.at("17:41") { try store.record(.deliver, delivery: 1) }
        let done = try #require(
            RunningShiftScreen(log: try store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now()).cards.first)
        #expect(done.lifecycleButton == nil && done.isFinished)
        #expect(done.accessibilityLabel == "Delivery 1, Delivered")
    }

    @Test func noShiftRunning() {
        let screen = RunningShiftScreen(
            log: nil, format: ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: .gmt), now: Date(timeIntervalSince1970: 0))
        #expect(
            screen
                == RunningShiftScreen(
                    title: "No shift running", cards: [], initiallySelected: nil,
                    keys: [
                        ScreenAction(.character("s"), "start shift", .startShift), ScreenAction(.character("h"), "history", .history),
                        ScreenAction(.character("w"), "weeks", .weeks), ScreenAction(.character("l"), "places", .places),
                        ScreenAction(.character("c"), "expenses", .expenses), .keysList, .quitting,
                        // Unlisted: pressed, each says why, pointing at s.
                        ScreenAction(.character("a"), "accept", .accept).unlisted,
                        ScreenAction(.character("b"), "break", .pauseOrResume).unlisted,
                        ScreenAction(.character("e"), "end shift", .endShift).unlisted,
                    ],
                    emptyHint: "Press s to start a shift."))
    }

    @Test func aShiftRowSaysItsShiftDayTimesCountAndMilesAloudToo() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: .gmt)
        let shift = Shift(
            id: 12, startedAt: Date(timeIntervalSince1970: 1_795_971_720), endedAt: Date(timeIntervalSince1970: 1_795_988_400))
        let row = ShiftListScreen.row(
            ShiftSummary(shift: shift, deliveryCount: 7, route: .measured(Mileage(metres: 50_211, measuredSegments: 1, isPartial: false))),
            format: format)
        #expect(
            row
                == ShiftListScreen.Row(
                    shiftID: 12, text: "Shift 12 · Sun, Nov 29 · 5:02 PM – 9:40 PM · 7 deliveries · 31.2 mi",
                    accessibilityLabel: "Shift 12, Sunday November 29, 5:02 PM to 9:40 PM, 7 deliveries, 31.2 miles recorded"))
    }

    @Test func aPlaceRowIsSpokenAsItsNameAndItsDeliveries() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: .gmt)
        let place = PickupPlace(id: 1, name: "Nowhere Noodles", firstNamedAt: Date(timeIntervalSince1970: 1_795_971_720))
        let list = PlaceListScreen(places: [PlaceSummary(place: place, deliveryCount: 41)], format: format)
        #expect(list.accessibilityLabels == ["Nowhere Noodles, 41 deliveries"])
    }

    @Test func thePickupSheetWithRecentPlacesAndRemove() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        for minute in 10...16 { _ = try fixture.at("17:\(minute)") { try store.acceptDelivery() } }
        for (number, name) in zip(1...6, ["A One", "B Two", "C Three", "D Four", "E Five", "F Six"]) {
            _ = try store.setPickupPlace(fixture.name(name), delivery: number, shiftID: nil)
        }
        let empty = PickupSheet(delivery: try store.delivery(number: 7, shiftID: nil), recent: try store.recentPlaces())
        #expect(
            empty
                == PickupSheet(
                    title: "Pickup place · Delivery 7", deliveryNumber: 7, recentHeading: "Recent",
                    recent: ["F Six", "E Five", "D Four", "C Three", "B Two"].enumerated().map {
                        Control(
                            title: "\($0.offset + 1)  \($0.element)", accessibilityLabel: "Record \($0.element) as the pickup place",
                            command: .recordRecent)
                    },
                    nameFieldLabel: "Name", nameFieldAccessibilityLabel: "Pickup place name, Delivery 7", removeControl: nil,
                    keys: [
                        ScreenAction(.enter, "record", .record), ScreenAction(.upDown, "recent", .move),
                        ScreenAction(.escape, "cancel", .back),
                    ],
                    recentNames: ["F Six", "E Five", "D Four", "C Three", "B Two"]))
        // The footer says what Enter does on the selected row.
        #expect(
            empty.keys(focus: 0, fieldIsEmpty: true) == [
                ScreenAction(.enter, "record F Six", .record), ScreenAction(.upDown, "recent", .move),
                ScreenAction(.digits(1...5), "record a recent place", .recordRecent), ScreenAction(.escape, "cancel", .back),
            ])
        // With a name typed, the sketch's footer word for word: "Enter record · ↑↓ recent · Esc
        // cancel" (it said "record this name").
        #expect(
            empty.keys(focus: 5, fieldIsEmpty: false) == [
                ScreenAction(.enter, "record", .record), ScreenAction(.upDown, "recent", .move),
                ScreenAction(.escape, "cancel", .back),
            ])
        let withPlace = PickupSheet(delivery: try store.delivery(number: 1, shiftID: nil), recent: try store.recentPlaces())
        #expect(withPlace.title == "Change pickup place · Delivery 1 · A One")
        #expect(
            withPlace.removeControl == Control(title: "Remove Pickup Place", accessibilityLabel: "Remove pickup place, Delivery 1, A One"))
    }

    @Test func theCompletedShiftsLog() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        let shift = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:12") { try store.acceptDelivery() }
        _ = try store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        _ = try fixture.at("17:19") { try store.record(.arrive, delivery: 1) }
        _ = try fixture.at("17:26") { try store.record(.pickUp, delivery: 1) }
        _ = try fixture.at("17:41") { try store.record(.deliver, delivery: 1) }
        _ = try fixture.at("17:45") { try store.acceptDelivery() }
        _ = try fixture.at("17:50") { try store.record(.cancel, delivery: 2) }
        _ = try fixture.at("21:40") { try store.endShift() }
        try store.setEarnings(Money(cents: 8450), shiftID: shift.id)
        let screen = ShiftLogScreen(log: try store.shiftLog(id: shift.id), format: fixture.format, now: fixture.clock.now())
        #expect(
            screen
                == ShiftLogScreen(
                    title: "Shift 1 · Sun, Nov 29 · 5:02 PM – 9:40 PM · 4 h 38 min",
                    spokenTitle: "Shift 1 · Sunday November 29 · 5:02 PM – 9:40 PM · 4 h 38 min", mileageLine: nil,
                    earningsLine:
                        "Earnings $84.50 · $18.24 an hour · $149.12 a delivery hour · no rate per mile (no route was recorded to measure)",
                    entries: [
                        .init(
                            number: 1, title: "Delivery 1 · Delivered", placeLine: "Nowhere Noodles",
                            times: [
                                .init(label: "Accepted", value: "5:12 PM"), .init(label: "Arrived at pickup", value: "5:19 PM"),
                                .init(label: "Picked up", value: "5:26 PM"), .init(label: "Delivered", value: "5:41 PM"),
                            ],
                            pickupControl: Control(
                                title: "Change Pickup Place", accessibilityLabel: "Change pickup place, Delivery 1, Nowhere Noodles",
                                command: .pickupPlace),
                            accessibilityLabel: "Delivery 1, Delivered, Nowhere Noodles"),
                        .init(
                            number: 2, title: "Delivery 2 · Cancelled", placeLine: nil,
                            times: [.init(label: "Accepted", value: "5:45 PM"), .init(label: "Cancelled", value: "5:50 PM")],
                            pickupControl: Control(
                                title: "Add Pickup Place", accessibilityLabel: "Add pickup place, Delivery 2", command: .pickupPlace),
                            accessibilityLabel: "Delivery 2, Cancelled"),
                    ],
                    keys: [
                        .selecting, ScreenAction(.enter, "place history", .open),
                        ScreenAction(.character("p"), "pickup place", .pickupPlace),
                        ScreenAction(.character("$"), "earnings", .earnings), ScreenAction(.character("t"), "pay and tips", .payAndTips),
                        .goingBack, .keysList,
                    ] + ScreenAction.paging))
        try store.setEarnings(nil, shiftID: shift.id)
        #expect(
            ShiftLogScreen(log: try store.shiftLog(id: shift.id), format: fixture.format, now: fixture.clock.now()).earningsLine
                == "Add what this shift paid to see its rates")
    }

    @Test func aLogWithARouteShowsItsMileageAndAPartialRouteSaysSo() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        let shift = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:03") { try store.addRouteSample(latitude: 40, longitude: -75, accuracy: 5, session: nil) }
        _ = try fixture.at("17:04") { try store.addRouteSample(latitude: 40.03, longitude: -75, accuracy: 5, session: nil) }
        _ = try fixture.at("17:10") { try store.addRouteSample(latitude: 40.05, longitude: -75, accuracy: 5, session: nil) }
        _ = try fixture.at("17:11") { try store.addRouteSample(latitude: 40.07, longitude: -75, accuracy: 5, session: nil) }
        _ = try fixture.at("18:02") { try store.endShift() }
        let screen = ShiftLogScreen(log: try store.shiftLog(id: shift.id), format: fixture.format, now: fixture.clock.now())
        #expect(screen.mileageLine == "3.5 mi recorded · partial route")
    }

    @Test func aPlacesHistoryWithManyWaitsOneWaitAndNone() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        for minute in [10, 11, 12, 13] { _ = try fixture.at("17:\(minute)") { try store.acceptDelivery() } }
        for number in 1...4 { _ = try store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: number, shiftID: nil) }
        _ = try store.setPickupPlace(fixture.name("Example Diner"), delivery: 4, shiftID: nil)
        let place = try #require(try store.place(named: fixture.name("Nowhere Noodles")))

        let none = PlaceHistoryScreen(history: try store.history(ofPlace: place.id), format: fixture.format)
        #expect(none.waitLines == ["No recorded waits yet. A wait runs from arrival at pickup to picked up."])

        _ = try fixture.at("17:20") { try store.record(.arrive, delivery: 1) }
        _ = try fixture.at("17:26") { try store.record(.pickUp, delivery: 1) }
        let one = PlaceHistoryScreen(history: try store.history(ofPlace: place.id), format: fixture.format)
        #expect(one.waitLines == ["One recorded wait of 6 min; one wait is not yet a typical wait."])

        _ = try fixture.at("17:30") { try store.record(.arrive, delivery: 2) }
        _ = try fixture.at("17:44") { try store.record(.pickUp, delivery: 2) }
        _ = try fixture.at("17:45") { try store.record(.cancel, delivery: 3) }
        let many = PlaceHistoryScreen(history: try store.history(ofPlace: place.id), format: fixture.format)
        #expect(
            many
                == PlaceHistoryScreen(
                    title: "Nowhere Noodles",
                    waitLines: ["Typical recorded wait 10 min · median of 2 recorded pickups", "Shortest 6 min · Longest 14 min"],
                    rows: [
                        .init(
                            shiftID: 1, number: 3, day: "Sun, Nov 29", delivery: "Delivery 3",
                            wait: "no recorded wait (cancelled before pickup)",
                            accessibilityLabel: "Sunday November 29, Shift 1, Delivery 3, no recorded wait (cancelled before pickup)"),
                        .init(
                            shiftID: 1, number: 2, day: "Sun, Nov 29", delivery: "Delivery 2", wait: "waited 14 min",
                            accessibilityLabel: "Sunday November 29, Shift 1, Delivery 2, waited 14 minutes"),
                        .init(
                            shiftID: 1, number: 1, day: "Sun, Nov 29", delivery: "Delivery 1", wait: "waited 6 min",
                            accessibilityLabel: "Sunday November 29, Shift 1, Delivery 1, waited 6 minutes"),
                    ],
                    bands: [
                        .init(
                            title: "Morning", count: 0, typical: "too few to say", range: "",
                            accessibilityLabel: "Morning, 0 waits, too few to say"),
                        .init(
                            title: "Lunch", count: 0, typical: "too few to say", range: "",
                            accessibilityLabel: "Lunch, 0 waits, too few to say"),
                        .init(
                            title: "Afternoon", count: 0, typical: "too few to say", range: "",
                            accessibilityLabel: "Afternoon, 0 waits, too few to say"),
                        .init(
                            title: "Dinner", count: 2, typical: "too few to say", range: "",
                            accessibilityLabel: "Dinner, 2 waits, too few to say"),
                        .init(
                            title: "Late", count: 0, typical: "too few to say", range: "",
                            accessibilityLabel: "Late, 0 waits, too few to say"),
                    ],
                    buckets: [
                        .init(label: "under 2 min", count: 0), .init(label: "2–5 min", count: 0), .init(label: "5–10 min", count: 1),
                        .init(label: "10–15 min", count: 1), .init(label: "15–20 min", count: 0), .init(label: "20–30 min", count: 0),
                        .init(label: "30 min and over", count: 0),
                    ],
                    distributionAccessibilityLabel: "Waits: 1 from 5 to 10 minutes, 1 from 10 to 15 minutes.", moreCount: 0,
                    renameControl: Control(title: "Rename", accessibilityLabel: "Rename pickup place, Nowhere Noodles", command: .rename),
                    mergeControl: Control(title: "Merge", accessibilityLabel: "Merge pickup place, Nowhere Noodles", command: .merge),
                    mergeFooter: nil,
                    keys: [
                        ScreenAction(.upDown, "scroll", .select), ScreenAction(.character("r"), "rename", .rename),
                        ScreenAction(.character("m"), "merge", .merge), .goingBack, .keysList,
                    ] + ScreenAction.paging))
    }

    @Test func mergeIsDisabledWithAFooterWhenTheCatalogueHoldsOnlyThisPlace() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:10") { try store.acceptDelivery() }
        let place = try store.setPickupPlace(fixture.name("Example Diner"), delivery: 1, shiftID: nil).place
        let screen = PlaceHistoryScreen(history: try store.history(ofPlace: place.id), format: fixture.format)
        #expect(
            screen.mergeControl
                == Control(title: "Merge", accessibilityLabel: "Merge pickup place, Example Diner", command: .merge, isEnabled: false))
        #expect(screen.mergeFooter == "Merge needs another pickup place to merge into, and this is the only one.")
        // Not offered among the keys (its key, pressed, still says why).
        #expect(!screen.keys.contains { $0.command == .merge && $0.isListed })
        let list = MergeListScreen(source: place, destinations: try store.mergeDestinations(forPlace: place.id))
        #expect(list.destinations.isEmpty && list.emptyReason == screen.mergeFooter)
    }

    @Test func renameSheetMergeListAndTheConfirmationWordForWord() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:10") { try store.acceptDelivery() }
        var ids: [String: Int64] = [:]
        for name in ["Nowhere Noodles", "Example Diner", "a&b grill"] {
            ids[name] = try store.setPickupPlace(fixture.name(name), delivery: 1, shiftID: nil).place.id
        }
        let source = try #require(try store.place(id: ids["Example Diner"]!))
        #expect(
            RenameSheet(place: source)
                == RenameSheet(
                    title: "Rename pickup place", fieldLabel: "Name", prefilledName: "Example Diner",
                    saveControl: Control(title: "Save", accessibilityLabel: "Save new name for Example Diner", command: .record),
                    cancelControl: Control(title: "Cancel", accessibilityLabel: "Cancel renaming Example Diner", command: .back),
                    keys: [ScreenAction(.enter, "save", .record), ScreenAction(.escape, "cancel", .back)]))
        let list = MergeListScreen(source: source, destinations: try store.mergeDestinations(forPlace: source.id))
        #expect(list.title == "Merge Example Diner into…")
        #expect(list.renameHint == "To give Example Diner a name no place has yet, rename it instead: Esc, then r.")
        #expect(
            list.destinations.map(\.control) == [
                Control(title: "a&b grill", accessibilityLabel: "Merge Example Diner into a&b grill", command: .open),
                Control(title: "Nowhere Noodles", accessibilityLabel: "Merge Example Diner into Nowhere Noodles", command: .open),
            ])
        let confirmation = MergeConfirmation(source: "Example Diner", destination: "Nowhere Noodles")
        #expect(
            confirmation.text
                == "Merge \"Example Diner\" into \"Nowhere Noodles\"? All deliveries recorded under Example Diner will move to Nowhere Noodles, keeping their recorded times. Example Diner will then be removed. This cannot be undone."
        )
        #expect(confirmation.confirmControl.accessibilityLabel == "Merge Example Diner into Nowhere Noodles")
    }

    @Test func timesFollowTheDriversLocaleAndTimeZone() throws {
        let time = Date(timeIntervalSince1970: 1_795_972_320)  // 17:12 UTC
        #expect(ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!).time(time) == "5:12 PM")
        #expect(ScreenFormat(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!).time(time) == "17:12")
        #expect(
            ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!).time(time) == "12:12 PM")
    }

    @Test func theKeyNeverAppearsInAnyModel() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:10") { try store.acceptDelivery() }
        let place = try store.setPickupPlace(fixture.name("NOWHERE Noodles"), delivery: 1, shiftID: nil).place
        let models: [String] = [
            "\(RunningShiftScreen(log: try store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now()))",
            "\(PickupSheet(delivery: try store.delivery(number: 1, shiftID: nil), recent: try store.recentPlaces()))",
            "\(PlaceHistoryScreen(history: try store.history(ofPlace: place.id), format: fixture.format))",
            "\(ShiftLogScreen(log: try store.shiftLog(id: nil), format: fixture.format, now: fixture.clock.now()))",
        ]
        for model in models {
            #expect(model.contains("NOWHERE Noodles"))
            #expect(!model.contains("nowhere noodles"))
        }
    }
}
