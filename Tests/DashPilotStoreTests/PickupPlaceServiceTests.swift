import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

@Suite("Pickup places: naming, reuse, recency and waits")
struct PickupPlaceServiceTests {
    @Test func aTypedNameWhoseKeyMatchesReusesThePlaceAndTheFirstSpellingWins() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(3)
        let first = try fixture.store.setPickupPlace(fixture.name("Mabel's Diner"), delivery: 1, shiftID: nil)
        let second = try fixture.store.setPickupPlace(fixture.name("mabel\u{2019}s  diner"), delivery: 2, shiftID: nil)
        let third = try fixture.store.setPickupPlace(fixture.name("Mabels Diner"), delivery: 3, shiftID: nil)
        #expect(first.created && !second.created && third.created)
        #expect(second.place.id == first.place.id)
        #expect(second.place.name == "Mabel's Diner")
        #expect(try fixture.rawScalar("SELECT count(*) FROM pickup_place") == 2)
        #expect(try fixture.store.shiftLog(id: nil).deliveries.map(\.pickupPlace) == ["Mabel's Diner", "Mabel's Diner", "Mabels Diner"])
    }

    @Test func namingAPlaceMovesNoLifecycleTime() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        try fixture.complete(1, waitMinutes: 4)
        let before = try fixture.store.delivery(number: 1, shiftID: nil)
        fixture.clock.advance(minutes: 30)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        var after = try fixture.store.delivery(number: 1, shiftID: nil)
        #expect(after.pickupPlace == "Nowhere Noodles")
        after.pickupPlace = nil
        after.pickupPlaceID = nil
        #expect(after == before)
    }

    @Test func aPlaceCanBeAssignedChangedAndRemovedOnACompletedShiftsCancelledDelivery() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.shiftWithDeliveries(2)
        _ = try fixture.store.record(.cancel, delivery: 1)
        try fixture.complete(2, waitMinutes: 2)
        _ = try fixture.store.endShift()
        let added = try fixture.store.setPickupPlace(fixture.name("Example Diner"), delivery: 1, shiftID: shift.id)
        #expect(!added.replacedAnother)
        let changed = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: shift.id)
        #expect(changed.replacedAnother)
        // The place it already names, again: reused, and nothing changed (nor logged as changed).
        _ = try fixture.store.setPickupPlace(fixture.name("nowhere noodles"), delivery: 1, shiftID: shift.id)
        #expect(try fixture.store.clearPickupPlace(delivery: 1, shiftID: shift.id))
        #expect(try !fixture.store.clearPickupPlace(delivery: 1, shiftID: shift.id))
        #expect(try fixture.store.delivery(number: 1, shiftID: shift.id).pickupPlace == nil)
        // Removing a place from a delivery keeps the place in the catalogue.
        #expect(try fixture.store.places().map(\.place.name) == ["Example Diner", "Nowhere Noodles"])
        #expect(fixture.log.events == [.created, .assigned, .created, .changed, .reused, .removed])
    }

    @Test func aNameThePolicyRefusesIsLoggedByItsRuleOnly() throws {
        let fixture = try StoreFixture()
        #expect(throws: PickupPlaceNameProblem.empty) { _ = try fixture.store.placeName(utf8: "   ".utf8) }
        #expect(throws: PickupPlaceNameProblem.bidiControl) { _ = try fixture.store.placeName(utf8: "Nowhere\u{202E}Noodles".utf8) }
        #expect(try fixture.store.placeName(utf8: "Nowhere Noodles".utf8).display == "Nowhere Noodles")
        #expect(fixture.log.events == [.refused(.invalidName(.empty)), .refused(.invalidName(.bidiControl))])
    }

    @Test func aDeliveryThatDoesNotExistIsRefusedAndNoPlaceIsCreated() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.shiftWithDeliveries(1)
        #expect(throws: DashPilotRefusal.deliveryNotFound(number: 9, shiftID: shift.id)) {
            try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 9, shiftID: nil)
        }
        #expect(try fixture.store.places().isEmpty)
        #expect(fixture.log.events == [.refused(.deliveryNotFound)])
    }

    @Test func theRecentListHoldsFivePlacesLatestUseFirst() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(7)
        for (number, name) in zip(1...7, ["A One", "B Two", "C Three", "D Four", "E Five", "F Six", "B Two"]) {
            _ = try fixture.store.setPickupPlace(fixture.name(name), delivery: number, shiftID: nil)
        }
        #expect(try fixture.store.recentPlaces().map(\.place.name) == ["B Two", "F Six", "E Five", "D Four", "C Three"])
    }

    @Test func catalogueOrderBreaksTiesInTheRecentList() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.startShift()
        // Three deliveries accepted in the same second.
        for _ in 0..<3 { _ = try fixture.store.acceptDelivery() }
        _ = try fixture.store.setPickupPlace(fixture.name("Zeta Kitchen"), delivery: 2, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name("Alpha Grill"), delivery: 1, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name("Mid Deli"), delivery: 3, shiftID: nil)
        #expect(try fixture.store.recentPlaces().map(\.place.name) == ["Zeta Kitchen", "Alpha Grill", "Mid Deli"])
    }

    @Test func aPlaceWhoseOnlyDeliveryWasDeletedStopsBeingRecentButStaysInTheCatalogue() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.shiftWithDeliveries(1)
        let place = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil).place
        _ = try fixture.store.record(.cancel, delivery: 1)
        _ = try fixture.store.endShift()
        try fixture.store.deleteShift(id: shift.id)
        #expect(try fixture.store.recentPlaces().isEmpty)
        #expect(try fixture.store.places().map(\.deliveryCount) == [0])
        // Typing the name again finds it rather than creating a second one.
        try fixture.shiftWithDeliveries(1)
        let again = try fixture.store.setPickupPlace(fixture.name("NOWHERE NOODLES"), delivery: 1, shiftID: nil)
        #expect(again.place.id == place.id && !again.created)
    }

    /// The places screen reads the catalogue's names alone and counts the places it shows: the
    /// two together are what the catalogue with its counts says.
    @Test func theCatalogueWithoutCountsAndTheCountsOfSomePlacesAreTheCatalogueWithCounts() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(6)
        for (delivery, name) in ["Nowhere Noodles", "Example Diner", "nowhere noodles", "Café Sample", "Example Diner", "NOWHERE NOODLES"]
            .enumerated()
        {
            _ = try fixture.store.setPickupPlace(fixture.name(name), delivery: delivery + 1, shiftID: nil)
        }
        // A place no delivery names any longer counts none.
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 4, shiftID: nil)
        let whole = try fixture.store.places()
        #expect(try fixture.store.catalogue() == whole.map(\.place))
        #expect(whole.map(\.deliveryCount) == [0, 2, 4])
        let ids = whole.map(\.place.id)
        #expect(
            try fixture.store.deliveryCounts(ofPlaces: ids)
                == Dictionary(uniqueKeysWithValues: whole.map { ($0.place.id, $0.deliveryCount) }))
        #expect(try fixture.store.deliveryCounts(ofPlaces: [ids[2], 999]) == [ids[2]: 4, 999: 0])
        #expect(try fixture.store.deliveryCounts(ofPlaces: []).isEmpty)
    }

    @Test func theRecentPathRecordsTheKthPlace() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(3)
        _ = try fixture.store.setPickupPlace(fixture.name("Example Diner"), delivery: 1, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 2, shiftID: nil)
        // Delivery 2 was accepted after delivery 1, so its place leads the list.
        let picked = try fixture.store.setRecentPickupPlace(position: 2, delivery: 3, shiftID: nil)
        #expect(picked.place.name == "Example Diner")
        #expect(throws: DashPilotRefusal.recentPlaceOutOfRange(requested: 4, available: 2)) {
            try fixture.store.setRecentPickupPlace(position: 4, delivery: 3, shiftID: nil)
        }
    }

    @Test func theStoreItselfRefusesToDeleteAPlaceADeliveryReferences() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        #expect(throws: SQLiteError.self) { try fixture.raw("DELETE FROM pickup_place") }
        #expect(try fixture.rawScalar("SELECT count(*) FROM pickup_place") == 1)
    }

    @Test func whenTwoRowsShareAKeyTheEarliestCreatedIsTheOneATypedNameFinds() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        let name = try fixture.name("Nowhere Noodles")
        try fixture.store.connection.run(
            "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Nowhere Noodles', ?, 0), ('NOWHERE NOODLES', ?, 0)",
            .text(name.key), .text(name.key))
        let assigned = try fixture.store.setPickupPlace(fixture.name("nowhere noodles"), delivery: 1, shiftID: nil)
        #expect(assigned.place.name == "Nowhere Noodles")
        #expect(try fixture.rawScalar("SELECT count(*) FROM pickup_place") == 2)
        #expect(try !fixture.store.doctor().isHealthy)
    }

    @Test func aPlacesHistoryGivesItsWaitsAndDeliveriesNewestFirst() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(4)
        for number in 1...4 { _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: number, shiftID: nil) }
        try fixture.complete(1, waitMinutes: 2)
        try fixture.complete(2, waitMinutes: 14)
        try fixture.complete(3, waitMinutes: 7)
        _ = try fixture.store.record(.cancel, delivery: 4)
        let history = try fixture.store.history(ofPlaceNamed: fixture.name("nowhere noodles"))
        #expect(history.waits == PickupWaits([120, 840, 420]))
        #expect(history.deliveries.map(\.delivery.number) == [4, 3, 2, 1])
        #expect(history.deliveries.map(\.wait) == [nil, 420, 840, 120])
        #expect(history.catalogueCount == 1)
    }

    /// A whole history reads its waits off its deliveries; a window of it reads them apart. Both
    /// give every wait the place holds, and the same count.
    @Test func aWholeHistoryAndAWindowOfItGiveTheSameWaitsAndCount() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(7)
        for number in 1...7 { _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: number, shiftID: nil) }
        try fixture.complete(1, waitMinutes: 2)
        try fixture.complete(2, waitMinutes: 14)
        // Arrived and cancelled before pickup: no wait. Picked up and cancelled: a wait.
        _ = try fixture.store.record(.arrive, delivery: 3)
        _ = try fixture.store.record(.cancel, delivery: 3)
        _ = try fixture.store.record(.arrive, delivery: 4)
        fixture.clock.advance(minutes: 9)
        _ = try fixture.store.record(.pickUp, delivery: 4)
        _ = try fixture.store.record(.cancel, delivery: 4)
        try fixture.complete(5, waitMinutes: 0)
        _ = try fixture.store.record(.cancel, delivery: 6)
        let id = try #require(try fixture.store.place(named: fixture.name("Nowhere Noodles"))).id
        let whole = try fixture.store.history(ofPlace: id)
        func sorted(_ samples: [PickupWaitSample]) -> [Int64] { samples.map(\.seconds).sorted() }
        #expect(sorted(whole.waitSamples) == [0, 120, 540, 840])
        #expect(whole.deliveryCount == 7 && whole.deliveries.count == 7 && whole.catalogueCount == 1)
        for (limit, offset) in [(1, 0), (3, 2), (10, 0)] {
            let window = try fixture.store.history(ofPlace: id, limit: limit, offset: offset)
            #expect(sorted(window.waitSamples) == sorted(whole.waitSamples))
            #expect(Set(window.waitSamples.map(\.arrivedAt)) == Set(whole.waitSamples.map(\.arrivedAt)))
            #expect(window.waits == whole.waits && window.deliveryCount == 7)
            #expect(window.deliveries == Array(whole.deliveries.dropFirst(offset).prefix(limit)))
        }
    }

    @Test func aCancelledAfterPickupDeliveryAndAZeroWaitBothCount() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(2)
        for number in 1...2 { _ = try fixture.store.setPickupPlace(fixture.name("Example Diner"), delivery: number, shiftID: nil) }
        _ = try fixture.store.record(.arrive, delivery: 1)
        _ = try fixture.store.record(.pickUp, delivery: 1)
        fixture.clock.advance(minutes: 1)
        _ = try fixture.store.record(.arrive, delivery: 2)
        fixture.clock.advance(minutes: 5)
        _ = try fixture.store.record(.pickUp, delivery: 2)
        _ = try fixture.store.record(.cancel, delivery: 2)
        let history = try fixture.store.history(ofPlaceNamed: fixture.name("Example Diner"))
        #expect(history.waits == PickupWaits([0, 300]))
        #expect(history.waits.median == 150)
    }

    @Test func nothingAggregatedIsStoredOnAPlace() throws {
        let fixture = try StoreFixture()
        let columns = try fixture.store.connection.query("SELECT name FROM pragma_table_info('pickup_place') ORDER BY cid") { $0.text(0) }
        #expect(columns == ["id", "display_name", "key", "first_named_at"])
    }

    @Test func theLogHoldsNoNameKeyOrCount() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.shiftWithDeliveries(3)
        let names = ["Zanzibar Quokka Grill", "Quillon Vexbridge Deli"]
        _ = try fixture.store.setPickupPlace(fixture.name(names[0]), delivery: 1, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name(names[0].uppercased()), delivery: 2, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name(names[1]), delivery: 3, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name(names[1]), delivery: 1, shiftID: shift.id)
        try fixture.store.clearPickupPlace(delivery: 2, shiftID: nil)
        _ = try? fixture.store.renamePlace(named: fixture.name(names[0]), to: fixture.name(names[1]))
        _ = try fixture.store.renamePlace(named: fixture.name(names[0]), to: fixture.name("Zanzibar Quokka Grille"))
        _ = try fixture.store.mergePlace(named: fixture.name("Zanzibar Quokka Grille"), into: fixture.name(names[1]))
        _ = try? fixture.store.history(ofPlaceNamed: fixture.name("Absent Vexbridge"))
        let text = fixture.log.events.map(\.message).joined(separator: "\n")
        for fragment in ["zanzibar", "quokka", "quillon", "vexbridge", "grill", "deli", "3", "2"] {
            #expect(!text.lowercased().contains(fragment))
        }
        #expect(fixture.log.events.contains(.merged))
        #expect(fixture.log.events.contains(.refused(.renameCollision)))
        #expect(fixture.log.events.contains(.refused(.placeNotFound)))
    }
}

@Suite("doctor")
struct DoctorTests {
    @Test func aHealthyStorePassesEveryCheck() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        let report = try fixture.store.doctor()
        #expect(report.isHealthy)
        #expect(
            report.findings.map(\.name) == [
                "integrity", "foreignKeys", "schemaVersion", "namingPolicy", "keys", "duplicateKeys", "routeSummaries", "tips", "pauses",
                "expenseCategories", "currency", "newestBackup",
            ])
    }

    @Test func aKeyAnotherToolWroteIsReportedWithoutItsName() throws {
        let fixture = try StoreFixture()
        try fixture.raw("INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Quokka Corner', 'QUOKKA CORNER', 0)")
        let report = try fixture.store.doctor()
        #expect(report.finding("keys") == .keys(notTodays: 1))
        // The finding is a count: the name has nowhere to go.
        #expect(!"\(report)".lowercased().contains("quokka"))
    }

    /// platform.md: bytes that are not valid UTF-8 are "refused, never repaired into U+FFFD";
    /// a name another program wrote so is today's policy's problem, though it reads as text.
    @Test func aNameWhoseBytesAreNotUTF8IsReportedOnce() throws {
        let fixture = try StoreFixture()
        try fixture.raw(
            "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES (CAST(X'4578616D706C65FF' AS TEXT), CAST(X'6578616D706C65FF' AS TEXT), 0)"
        )
        try fixture.raw(
            "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES (CAST(X'4E6F776865726546' AS TEXT), CAST(X'6E6F77686572FF' AS TEXT), 0)"
        )
        #expect(try fixture.store.doctor().finding("keys") == .keys(notTodays: 2))
    }

    @Test func aDanglingReferenceIsReported() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        try fixture.raw("PRAGMA foreign_keys = OFF; UPDATE delivery SET pickup_place_id = 99; PRAGMA foreign_keys = ON")
        let report = try fixture.store.doctor()
        #expect(report.finding("foreignKeys") == .foreignKeys(dangling: 1))
        #expect(!report.isHealthy)
    }

    @Test func doctorChangesNothingAndDoesNotMigrateAnOlderStore() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: 3)
        let before = fileBytes(path)
        let store = try DashPilotStore(path: path, clock: ManualClock(), migrating: false)
        let report = try store.doctor()
        #expect(report.finding("schemaVersion") == .schemaVersion(found: 3, today: Schema.currentVersion))
        #expect(fileBytes(path) == before)
    }
}
