import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// A naming-policy change ships as a migration whose Swift step re-keys every place; Swift steps
/// can rebuild a table because the upgrade runs with foreign keys off and checks them before it
/// commits.
@Suite("Migrations that can say anything")
struct NamingPolicyMigrationTests {
    /// A stricter policy than today's, for the test only: punctuation no longer decides identity.
    static let punctuationBlind = NamingPolicy(
        version: PickupPlaceName.policyVersion + 1, display: { try PickupPlaceName($0).display },
        key: { PickupPlaceName.key(ofDisplay: $0).filter { $0.isLetter || $0.isNumber || $0 == " " } })

    /// A store at today's version with three places, two of which the test policy makes one key.
    static func storeWithPlaces() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(3)
        for (number, name) in [(1, "A&B Grill"), (2, "AB Grill"), (3, "Nowhere Noodles")] {
            fixture.clock.advance(minutes: 1)
            _ = try fixture.store.setPickupPlace(fixture.name(name), delivery: number, shiftID: nil)
        }
        return fixture
    }

    @Test func aPolicyChangeReKeysEveryPlaceAndRecordsItsVersion() throws {
        let fixture = try Self.storeWithPlaces()
        #expect(try fixture.store.doctor(policy: Self.punctuationBlind).finding("keys") == .keys(notTodays: 1))
        try Migrator.migrate(
            fixture.store.connection, through: Schema.migrations + [[Schema.rekeyPlaces(Self.punctuationBlind)]], progress: nil)
        #expect(try fixture.rawScalar("PRAGMA user_version") == Int64(Schema.currentVersion + 1))
        #expect(try fixture.rawScalar("SELECT version FROM naming_policy") == Int64(Self.punctuationBlind.version))
        let keys = try fixture.store.connection.texts("SELECT key FROM pickup_place ORDER BY id")
        #expect(keys.map { Array($0.utf8) } == ["ab grill", "ab grill", "nowhere noodles"].map { Array($0.utf8) })
    }

    @Test func placesWhoseKeysThenCoincideStayTwoAndTheEarliestIsFoundAndDoctorNamesThePair() throws {
        let fixture = try Self.storeWithPlaces()
        try Migrator.migrate(
            fixture.store.connection, through: Schema.migrations + [[Schema.rekeyPlaces(Self.punctuationBlind)]], progress: nil)
        // Nothing merges on its own: both places stand, each with its delivery.
        #expect(try fixture.store.places().count == 3)
        #expect(try fixture.store.shiftLog(id: nil).deliveries.map(\.pickupPlace) == ["A&B Grill", "AB Grill", "Nowhere Noodles"])
        // The earliest-created holder of the key is the one a typed name finds.
        let found = try fixture.store.connection.queryFirst(
            "SELECT display_name FROM pickup_place WHERE key = ? ORDER BY id LIMIT 1", .text("ab grill")
        ) { $0.text(0) }
        #expect(found == "A&B Grill")
        // doctor reads a store of today's schema: the test's extra version is only the re-keying.
        try fixture.raw("PRAGMA user_version = \(Schema.currentVersion)")
        let report = try fixture.store.doctor(policy: Self.punctuationBlind)
        #expect(report.finding("keys") == .keys(notTodays: 0))
        #expect(report.finding("namingPolicy")?.passed == true)
        guard case .sharedKeys(let pairs) = report.finding("duplicateKeys") else {
            Issue.record("doctor ran no shared-key check")
            return
        }
        #expect(pairs.map { [$0.first.name, $0.other.name] } == [["A&B Grill", "AB Grill"]])
    }

    @Test func todaysDoctorOnAStoreReKeyedByAnotherPolicySaysSoRatherThanFailingSilently() throws {
        let fixture = try Self.storeWithPlaces()
        try Migrator.migrate(
            fixture.store.connection, through: Schema.migrations + [[Schema.rekeyPlaces(Self.punctuationBlind)]], progress: nil)
        try fixture.raw("PRAGMA user_version = \(Schema.currentVersion)")
        let report = try fixture.store.doctor()
        #expect(report.finding("namingPolicy") == .namingPolicy(found: Self.punctuationBlind.version, today: PickupPlaceName.policyVersion))
    }

    @Test func aSwiftStepMayRebuildATableWithoutCascadingIntoItsChildren() throws {
        let fixture = try Self.storeWithPlaces()
        _ = try fixture.store.addRouteSample(latitude: 40.1, longitude: -75.1, accuracy: 5, session: nil)
        let rebuildShifts = MigrationStep.swift { context in
            try context.connection.execute(
                """
                CREATE TABLE shift_new (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER,
                    earnings_cents INTEGER CHECK (earnings_cents >= 0),
                    last_delivery_number INTEGER NOT NULL DEFAULT 0,
                    CHECK (ended_at IS NULL OR ended_at >= started_at)
                );
                INSERT INTO shift_new SELECT id, started_at, ended_at, earnings_cents, last_delivery_number FROM shift;
                DROP TABLE shift;
                ALTER TABLE shift_new RENAME TO shift;
                """)
        }
        try Migrator.migrate(fixture.store.connection, through: Schema.migrations + [[rebuildShifts]], progress: nil)
        // Dropping the old table cascaded into nothing: every delivery, sample and summary stands.
        #expect(try fixture.rawScalar("SELECT count(*) FROM delivery") == 3)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample") == 1)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_summary") == 1)
        #expect(try fixture.rawScalar("PRAGMA foreign_keys") == 1)
    }

    @Test func aStepThatLeavesADanglingReferenceIsRolledBackWhole() throws {
        let fixture = try Self.storeWithPlaces()
        let orphan = MigrationStep.sql("DELETE FROM pickup_place WHERE display_name = 'Nowhere Noodles'")
        #expect(throws: SQLiteError.self) {
            try Migrator.migrate(fixture.store.connection, through: Schema.migrations + [[orphan]], progress: nil)
        }
        #expect(try fixture.rawScalar("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try fixture.rawScalar("SELECT count(*) FROM pickup_place") == 3)
        #expect(try fixture.rawScalar("PRAGMA foreign_keys") == 1)
    }
}
