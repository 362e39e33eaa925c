import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

@Suite("Correcting a place: rename and merge")
struct CorrectionTests {
    /// A shift with five deliveries: 1-3 at Example Diner (waits 2, 14, 7 min), 4-5 at Nowhere
    /// Noodles (waits 3, 5 min).
    static func twoPlaces() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(5)
        for number in 1...3 { _ = try fixture.store.setPickupPlace(fixture.name("Example Diner"), delivery: number, shiftID: nil) }
        for number in 4...5 { _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: number, shiftID: nil) }
        for (number, wait) in [(1, 2.0), (2, 14), (3, 7), (4, 3), (5, 5)] { try fixture.complete(number, waitMinutes: wait) }
        return fixture
    }

    /// Everything a correction must leave alone or change only as the design says.
    struct Snapshot: Equatable {
        var places: [[String]]
        var deliveries: [[String]]

        init(_ fixture: StoreFixture) throws {
            places = try fixture.store.connection.query("SELECT id, display_name, hex(key), first_named_at FROM pickup_place ORDER BY id") {
                [$0.text(0), $0.text(1), $0.text(2), $0.text(3)]
            }
            deliveries = try fixture.store.connection.query(
                "SELECT id, shift_id, number, accepted_at, arrived_at_pickup_at, picked_up_at, delivered_at, cancelled_at, pickup_place_id FROM delivery ORDER BY id"
            ) { row in (0..<9).map { row.optionalText(Int32($0)) ?? "null" } }
        }
    }

    @Test func renameChangesSpellingAndKeyTogetherAndNothingElse() throws {
        let fixture = try Self.twoPlaces()
        let before = try fixture.store.history(ofPlaceNamed: fixture.name("Example Diner"))
        fixture.clock.advance(minutes: 60)
        let renamed = try fixture.store.renamePlace(named: fixture.name("example diner"), to: fixture.name("Sample Sandwiches"))
        #expect(renamed.id == before.place.id)
        let after = try fixture.store.history(ofPlaceNamed: fixture.name("sample sandwiches"))
        #expect(after.place.id == before.place.id)
        #expect(after.place.firstNamedAt == before.place.firstNamedAt)
        #expect(after.waits == before.waits)
        #expect(
            after.deliveries
                == before.deliveries.map {
                    var entry = $0
                    entry.delivery.pickupPlace = "Sample Sandwiches"
                    return entry
                })
        // No alias: the old spelling stops finding the place.
        #expect(try fixture.store.place(named: fixture.name("Example Diner")) == nil)
        let key = try fixture.rawScalar("SELECT count(*) FROM pickup_place WHERE key = 'sample sandwiches'")
        #expect(key == 1)
    }

    @Test func aRespellingThatKeepsTheKeyIsAllowed() throws {
        let fixture = try Self.twoPlaces()
        let renamed = try fixture.store.renamePlace(named: fixture.name("Example Diner"), to: fixture.name("EXAMPLE diner"))
        #expect(renamed.name == "EXAMPLE diner")
        #expect(try fixture.store.places().count == 2)
    }

    /// A rename to the spelling a place has writes nothing and logs no rename; but a name
    /// stored in another Unicode form, or a key an older policy made (doctor's finding), is
    /// written anew by it: the one repair inside the program.
    @Test func aRenameToTheSameSpellingWritesOnlyWhatItRepairs() throws {
        let fixture = try Self.twoPlaces()
        let renames = { fixture.log.events.filter { $0 == .renamed }.count }
        _ = try fixture.store.renamePlace(named: fixture.name("Example Diner"), to: fixture.name("Example  Diner"))
        #expect(renames() == 0)
        // Decomposed "é", and a key in capitals: both as the naming policy would not write them.
        try fixture.raw("UPDATE pickup_place SET display_name = 'Example Cafe\u{0301}', key = 'EXAMPLE CAFE' WHERE key = 'example diner'")
        let renamed = try fixture.store.renamePlace(id: 1, to: fixture.name("Example Caf\u{00E9}"))
        #expect(renamed.name == "Example Caf\u{00E9}" && renames() == 1)
        #expect(
            try fixture.rawScalar(
                "SELECT count(*) FROM pickup_place WHERE display_name = 'Example Caf\u{00E9}' AND key = 'example caf\u{00E9}'") == 1)
    }

    @Test func aRenameToAnotherPlacesKeyIsRefusedAndWritesNothing() throws {
        let fixture = try Self.twoPlaces()
        let before = try Snapshot(fixture)
        #expect(throws: DashPilotRefusal.renameCollision(existingName: "Nowhere Noodles")) {
            try fixture.store.renamePlace(named: fixture.name("Example Diner"), to: fixture.name("nowhere noodles"))
        }
        #expect(try Snapshot(fixture) == before)
        let sentence = DashPilotRefusal.renameCollision(existingName: "Nowhere Noodles").sentence
        #expect(sentence.contains("Nowhere Noodles") && sentence.contains("merging"))
    }

    @Test func renameGoesThroughTheSameNamingPolicy() throws {
        let fixture = try Self.twoPlaces()
        #expect(throws: PickupPlaceNameProblem.empty) {
            try fixture.store.renamePlace(named: fixture.name("Example Diner"), to: fixture.name("  "))
        }
        let renamed = try fixture.store.renamePlace(
            named: fixture.name("Example Diner"), to: fixture.name("  Example\u{A0}\u{A0}Dine\u{301}r "))
        #expect(Array(renamed.name.utf8) == Array("Example Din\u{E9}r".utf8))
    }

    @Test func mergeMovesEveryDeliveryThenRemovesTheSourceAndTheDestinationWinsEntirely() throws {
        let fixture = try Self.twoPlaces()
        let before = try Snapshot(fixture)
        let source = try #require(try fixture.store.place(named: fixture.name("Example Diner")))
        let destination = try #require(try fixture.store.place(named: fixture.name("Nowhere Noodles")))
        fixture.clock.advance(minutes: 60)
        let kept = try fixture.store.mergePlace(sourceID: source.id, into: destination.id)
        #expect(kept == destination)
        let after = try Snapshot(fixture)
        #expect(after.places == before.places.filter { $0[0] != String(source.id) })
        // Every delivery keeps every recorded time; only the reference moved.
        #expect(after.deliveries.map { Array($0.prefix(8)) } == before.deliveries.map { Array($0.prefix(8)) })
        #expect(after.deliveries.allSatisfy { $0[8] == String(destination.id) })
        let history = try fixture.store.history(ofPlace: destination.id)
        #expect(history.waits == PickupWaits([120, 840, 420, 180, 300]))
        #expect(history.catalogueCount == 1)
        #expect(try fixture.store.place(named: fixture.name("Example Diner")) == nil)
        // Nothing records the merge.
        #expect(try fixture.rawScalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name LIKE '%merge%'") == 0)
    }

    @Test func afterAMergeTheDestinationsRecencyIsItsMostRecentUse() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(3)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name("Sample Sandwiches"), delivery: 2, shiftID: nil)
        _ = try fixture.store.setPickupPlace(fixture.name("Example Diner"), delivery: 3, shiftID: nil)
        _ = try fixture.store.mergePlace(named: fixture.name("Example Diner"), into: fixture.name("Nowhere Noodles"))
        #expect(try fixture.store.recentPlaces().map(\.place.name) == ["Nowhere Noodles", "Sample Sandwiches"])
    }

    @Test func mergeIsRefusedBeforeAnythingChanges() throws {
        let fixture = try Self.twoPlaces()
        let before = try Snapshot(fixture)
        let place = try #require(try fixture.store.place(named: fixture.name("Example Diner")))
        #expect(throws: DashPilotRefusal.mergeIntoItself) { try fixture.store.mergePlace(sourceID: place.id, into: place.id) }
        #expect(throws: DashPilotRefusal.mergeIntoItself) {
            try fixture.store.mergePlace(named: fixture.name("Example Diner"), into: fixture.name("EXAMPLE DINER"))
        }
        #expect(throws: DashPilotRefusal.mergeSourceMissing) { try fixture.store.mergePlace(sourceID: 999, into: place.id) }
        #expect(throws: DashPilotRefusal.mergeDestinationMissing) { try fixture.store.mergePlace(sourceID: place.id, into: 999) }
        #expect(try Snapshot(fixture) == before)
        #expect(
            fixture.log.events.suffix(4) == [
                .refused(.mergeIntoItself), .refused(.mergeIntoItself), .refused(.mergeSourceMissing), .refused(.mergeDestinationMissing),
            ])
    }

    @Test func aMergeThatFailsAfterTheDeliveriesMovedLeavesEverythingWhereItStarted() throws {
        let fixture = try Self.twoPlaces()
        let before = try Snapshot(fixture)
        struct Injected: Error {}
        fixture.store.mergeFault = { _ in throw Injected() }
        #expect(throws: Injected.self) {
            try fixture.store.mergePlace(named: fixture.name("Example Diner"), into: fixture.name("Nowhere Noodles"))
        }
        #expect(try Snapshot(fixture) == before)
        #expect(!fixture.log.events.contains(.merged))
    }

    @Test func aMergeThatFailsBeforeTheSourceIsDeletedLeavesEverythingWhereItStarted() throws {
        let fixture = try Self.twoPlaces()
        let before = try Snapshot(fixture)
        // A trigger makes the store itself refuse the deletion of the source.
        try fixture.raw("CREATE TEMP TRIGGER refuse_delete BEFORE DELETE ON pickup_place BEGIN SELECT RAISE(ABORT, 'injected'); END")
        #expect(throws: StoreError.self) {
            try fixture.store.mergePlace(named: fixture.name("Example Diner"), into: fixture.name("Nowhere Noodles"))
        }
        #expect(try Snapshot(fixture) == before)
    }

    @Test func aMergeWhoseCommitFailsLeavesEverythingWhereItStarted() throws {
        let fixture = try Self.twoPlaces()
        let before = try Snapshot(fixture)
        // A commit hook that returns non-zero turns COMMIT into a rollback.
        sqlite3_commit_hook(fixture.store.connection.handle, { _ in 1 }, nil)
        #expect(throws: StoreError.self) {
            try fixture.store.mergePlace(named: fixture.name("Example Diner"), into: fixture.name("Nowhere Noodles"))
        }
        sqlite3_commit_hook(fixture.store.connection.handle, nil, nil)
        #expect(try Snapshot(fixture) == before)
        #expect(!fixture.log.events.contains(.merged))
    }

    @Test func mergeDestinationsAreEveryOtherPlaceAlphabeticallyWithCatalogueOrderBreakingTies() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        var ids: [String: Int64] = [:]
        for name in ["nowhere noodles", "Example Diner", "a&b grill", "Zeta Kitchen", "\u{C9}clair House", "Bistro"] {
            ids[name] = try fixture.store.setPickupPlace(fixture.name(name), delivery: 1, shiftID: nil).place.id
        }
        let destinations = try fixture.store.mergeDestinations(forPlace: try #require(ids["Example Diner"]))
        #expect(destinations.map(\.name) == ["a&b grill", "Bistro", "nowhere noodles", "Zeta Kitchen", "\u{C9}clair House"])
    }

    @Test func thereAreNoMergeDestinationsWhenTheCatalogueHoldsOnlyThisPlace() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        let place = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil).place
        #expect(try fixture.store.mergeDestinations(forPlace: place.id).isEmpty)
        #expect(try fixture.store.history(ofPlace: place.id).catalogueCount == 1)
    }

    @Test func aPlaceOnADeliveryOfTheRunningShiftCanBeRenamedAndMerged() throws {
        let fixture = try Self.twoPlaces()
        _ = try fixture.store.acceptDelivery()
        _ = try fixture.store.setPickupPlace(fixture.name("Example Diner"), delivery: 6, shiftID: nil)
        #expect(try fixture.store.runningShift() != nil)
        _ = try fixture.store.renamePlace(named: fixture.name("Example Diner"), to: fixture.name("Example Eatery"))
        #expect(try fixture.store.delivery(number: 6, shiftID: nil).pickupPlace == "Example Eatery")
        _ = try fixture.store.mergePlace(named: fixture.name("Example Eatery"), into: fixture.name("Nowhere Noodles"))
        let delivery = try fixture.store.delivery(number: 6, shiftID: nil)
        #expect(delivery.pickupPlace == "Nowhere Noodles")
        #expect(delivery.state == .accepted)
        _ = try fixture.store.record(.arrive, delivery: 6)
    }
}
