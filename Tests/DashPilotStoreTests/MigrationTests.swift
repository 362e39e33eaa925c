import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

@Suite("Migrations and the store file")
struct MigrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The frozen schema of shipped version `version`, as a store at that version held it.
    static func frozenSchema(_ version: Int) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent("schema-v\(version).sql"), encoding: .utf8)
    }

    /// Writes a store at `version` from that version's frozen fixture (never from today's
    /// migration list, so that an edit to a shipped migration cannot hide here), and puts data
    /// in it that the version could hold.
    static func writeStore(at path: String, version: Int) throws {
        let connection = try Connection(path: path, create: true, busyTimeoutMilliseconds: 0)
        try connection.execute(try frozenSchema(version))
        // A completed shift from 17:02 to 21:40 and a running one.
        try connection.execute("INSERT INTO shift (id, started_at, ended_at) VALUES (1, 1795971720, 1795988400)")
        if version >= 2 {
            for (index, north) in [0, 1000, 2000].enumerated() {
                try connection.run(
                    "INSERT INTO route_sample (shift_id, recorded_at, latitude_e7, longitude_e7, accuracy_dm) VALUES (1, ?, ?, -750000000, 50)",
                    .integer(1_795_972_000 + Int64(index) * 60), .integer(400_000_000 + Int64(Double(north) / 111_195 * 1e7)))
            }
        }
        if version >= 3 { try connection.execute("UPDATE route_sample SET session = 7") }
        if version >= 4 { try connection.execute("UPDATE shift SET earnings_cents = 8450 WHERE id = 1") }
        if version >= 5 {
            try connection.execute(
                "INSERT INTO delivery (shift_id, number, accepted_at, arrived_at_pickup_at, picked_up_at, delivered_at) VALUES (1, 1, 1795972320, 1795972740, 1795973160, 1795974060)"
            )
            try connection.execute("UPDATE shift SET last_delivery_number = 1 WHERE id = 1")
        }
        // From version 7 a store keeps its route summaries, which it built from its samples.
        if version >= 7 { try RouteSummaryTable(connection: connection).rebuildAll(progress: nil) }
        if version >= 8 {
            try connection.execute("UPDATE delivery SET pay_cents = 1200, last_tip_number = 1 WHERE id = 1")
            try connection.execute(
                "INSERT INTO tip (delivery_id, number, amount_cents, method, recorded_at) VALUES (1, 1, 250, 'cash', 1795974100)")
            try connection.execute("INSERT INTO pause (shift_id, started_at, ended_at) VALUES (1, 1795980000, 1795981800)")
            try connection.execute(
                "INSERT INTO expense (amount_cents, spent_at, category, note) VALUES (4210, 1795960000, 'fuel', 'a full tank')")
        }
    }

    /// Every version before today's: each one a store may be at when today's code opens it.
    static let earlierVersions = Array(1..<Schema.currentVersion)

    @Test("A store written at each earlier version, with data, opens with today's code", arguments: earlierVersions)
    func migratesFromEveryEarlierVersion(version: Int) throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try Self.writeStore(at: path, version: version)
        let store = try DashPilotStore(path: path, clock: ManualClock())
        #expect(try store.connection.scalar("PRAGMA user_version") == Int64(DashPilotStore.schemaVersion))
        let log = try store.shiftLog(id: 1)
        #expect(log.shift.startedAt == Date(unixSeconds: 1_795_971_720))
        #expect(log.shift.endedAt == Date(unixSeconds: 1_795_988_400))
        // A migration never invents a value it does not have.
        #expect(log.shift.earnings == (version >= 4 ? Money(cents: 8450) : nil))
        #expect(log.deliveries.count == (version >= 5 ? 1 : 0))
        #expect(log.deliveries.allSatisfy { $0.pickupPlace == nil })
        if version >= 2 {
            let mileage = try #require(log.mileage)
            #expect(abs(mileage.metres - 2000) < 2)
            // The summary the migration built is the one recomputing from the samples gives.
            let table = RouteSummaryTable(connection: store.connection)
            #expect(RouteSummaryTable.sameBits(try #require(try table.stored(shiftID: 1)), try table.recomputed(shiftID: 1)))
        } else {
            #expect(log.mileage == nil)
        }
        #expect(try store.places().isEmpty)
        #expect(try store.doctor().isHealthy)
        // The store keeps working: the next delivery number follows the old ones.
        _ = try store.startShift()
        #expect(try store.acceptDelivery().number == 1)
    }

    @Test func aNewStoreIsPrivateToItsUser() throws {
        let folder = TemporaryFolder()
        let path = folder.file("a/b/store.sqlite")
        _ = try DashPilotStore(path: path, clock: ManualClock())
        let file = try FileManager.default.attributesOfItem(atPath: path)
        let parent = try FileManager.default.attributesOfItem(atPath: folder.file("a/b"))
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((parent[.posixPermissions] as? Int) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("a/b")) == ["store.sqlite"])
    }

    @Test func aNewStoreCarriesTheApplicationIDAndTodaysVersion() throws {
        let fixture = try StoreFixture()
        #expect(try fixture.rawScalar("PRAGMA application_id") == Int64(Schema.applicationID))
        #expect(try fixture.rawScalar("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try fixture.rawScalar("SELECT version FROM naming_policy") == Int64(PickupPlaceName.policyVersion))
    }

    /// Opens `path` and expects a refusal, with the file's bytes unchanged and nothing beside it.
    func expectRefused(_ path: String, folder: TemporaryFolder, matching: (StoreError) -> Bool) throws {
        let before = fileBytes(path)
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect {
            _ = try DashPilotStore(path: path, clock: ManualClock())
        } throws: { error in
            guard let storeError = error as? StoreError else { return false }
            return matching(storeError) && !storeError.sentence.isEmpty
        }
        #expect(fileBytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
    }

    @Test func aFileThatIsNotADashPilotStoreIsRefusedAndLeftAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("notes.txt")
        try Data("a driver's notes, not a store\n".utf8).write(to: URL(fileURLWithPath: path))
        try expectRefused(path, folder: folder) { if case .notADashPilotStore = $0 { true } else { false } }
    }

    @Test func aZeroByteFileIsRefusedAndLeftAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("empty.sqlite")
        #expect((try? Data().write(to: URL(fileURLWithPath: path))) != nil)
        try expectRefused(path, folder: folder) { if case .notADashPilotStore = $0 { true } else { false } }
    }

    @Test func anotherApplicationsSQLiteFileIsRefusedAndLeftAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("other.sqlite")
        do {
            let connection = try Connection(path: path, create: true, busyTimeoutMilliseconds: 0)
            try connection.execute("CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('invented soup')")
        }
        try expectRefused(path, folder: folder) { if case .notADashPilotStore = $0 { true } else { false } }
    }

    @Test func aStoreFromANewerVersionIsRefusedAndLeftAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("newer.sqlite")
        do {
            let store = try DashPilotStore(path: path, clock: ManualClock())
            try store.connection.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        }
        try expectRefused(path, folder: folder) { $0 == .newerVersion(path: path, version: Schema.currentVersion + 1) }
    }

    @Test func aDamagedStoreIsRefusedAndLeftAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("damaged.sqlite")
        do {
            let store = try DashPilotStore(path: path, clock: ManualClock())
            _ = try store.startShift()
        }
        let whole = try #require(fileBytes(path))
        try whole.prefix(whole.count / 2 + 100).write(to: URL(fileURLWithPath: path))
        try expectRefused(path, folder: folder) { $0 == .damaged(path: path) }
    }

    @Test func aFolderWhereTheStoreShouldBeIsRefused() throws {
        let folder = TemporaryFolder()
        let path = folder.file("store.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: StoreError.notADashPilotStore(path: path, reason: "it is a folder")) {
            _ = try DashPilotStore(path: path, clock: ManualClock())
        }
    }

    /// The SQL of version `version`'s steps, joined.
    static func sql(ofVersion version: Int) -> String {
        Schema.migrations[version - 1].map { step in
            if case .sql(let sql) = step { return sql }
            return ""
        }.joined(separator: "\n")
    }

    @Test func migrationsAreAppendOnlyAndEachAddsWhatTheHistorySays() {
        #expect(Schema.migrations.count == 8)
        // Every version that ships is frozen as a fixture, today's included.
        for version in 1...Schema.currentVersion {
            #expect(FileManager.default.fileExists(atPath: Self.fixtures.appendingPathComponent("schema-v\(version).sql").path))
        }
        #expect(Self.sql(ofVersion: 7).contains("CREATE TABLE route_summary"))
        #expect(Self.sql(ofVersion: 2).contains("CREATE TABLE route_sample"))
        #expect(Self.sql(ofVersion: 3).contains("ADD COLUMN session"))
        #expect(Self.sql(ofVersion: 4).contains("earnings_cents"))
        #expect(Self.sql(ofVersion: 5).contains("CREATE TABLE delivery"))
        #expect(Self.sql(ofVersion: 6).contains("CREATE TABLE pickup_place"))
        #expect(!Self.sql(ofVersion: 6).contains("UNIQUE"))
        for table in ["tip", "pause", "expense", "store_currency"] { #expect(Self.sql(ofVersion: 8).contains("CREATE TABLE \(table) (")) }
        #expect(Self.sql(ofVersion: 8).contains("ADD COLUMN pay_cents") && !Self.sql(ofVersion: 8).contains("DROP TABLE"))
        // Version 7's cache is rebuilt from its source by a Swift step after its SQL.
        if case .swift = Schema.migrations[6].last {} else { Issue.record("version 7 ends with the summaries' rebuild") }
    }

    /// The schema a store has, as SQLite keeps it, in a stable order.
    static func schema(of connection: Connection) throws -> [String] {
        try connection.query("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name != 'sqlite_sequence' ORDER BY name") {
            $0.text(0).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    @Test("Today's migrations still build each shipped version exactly as it was frozen", arguments: 1...Schema.currentVersion)
    func shippedMigrationsAreUnchanged(version: Int) throws {
        let folder = TemporaryFolder()
        let frozen = try Connection(path: folder.file("frozen.sqlite"), create: true, busyTimeoutMilliseconds: 0)
        try frozen.execute(try Self.frozenSchema(version))
        let migrated = try Connection(path: folder.file("migrated.sqlite"), create: true, busyTimeoutMilliseconds: 0)
        try Migrator.migrate(migrated, through: Array(Schema.migrations.prefix(version)), progress: nil)
        #expect(try Self.schema(of: migrated) == (try Self.schema(of: frozen)))
    }

    @Test func aMigrationInterruptedPartWayLeavesTheOldVersionWhole() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try Self.writeStore(at: path, version: 6)
        // The interruption is a failure planted inside the transaction: a table step 7 creates
        // already exists, so the step fails after the earlier statements of the transaction ran.
        let blocker = try Connection(path: path, create: false, busyTimeoutMilliseconds: 0)
        try blocker.execute("BEGIN IMMEDIATE; CREATE TABLE route_summary (x); COMMIT")
        #expect(throws: (any Error).self) { _ = try DashPilotStore(path: path, clock: ManualClock()) }
        #expect(try blocker.scalar("PRAGMA user_version") == 6)
        #expect(try blocker.scalar("SELECT count(*) FROM route_sample") == 3)
        try blocker.execute("DROP TABLE route_summary")
        let store = try DashPilotStore(path: path, clock: ManualClock())
        #expect(try store.doctor().isHealthy)
    }

    @Test func doctorNamesAShiftWhoseRouteSummaryWasDamagedByHand() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try Self.writeStore(at: path, version: 6)
        let store = try DashPilotStore(path: path, clock: ManualClock())
        #expect(try store.doctor().isHealthy)
        try store.connection.execute("UPDATE route_summary SET metres = metres + 1e-9 WHERE shift_id = 1")
        let report = try store.doctor()
        #expect(report.finding("routeSummaries") == .routeSummaries(differing: [1]))
        try store.connection.execute("DELETE FROM route_summary")
        #expect(try store.doctor().finding("routeSummaries")?.passed == false)
        // platform.md: "a store whose summaries were lost can always be rebuilt from its samples".
        #expect(try store.rebuildRouteSummaries() > 0)
        #expect(try store.doctor().isHealthy)
    }

    /// A sample added to a shift whose summary was lost made the summary from that sample alone:
    /// the miles of every earlier sample were dropped, and doctor kept failing.
    @Test func aSampleAddedAfterASummaryWasLostSumsEverySample() throws {
        let folder = TemporaryFolder()
        let clock = ManualClock()
        let store = try DashPilotStore(path: folder.file("lost.sqlite"), clock: clock)
        _ = try store.startShift()
        for step in 0..<3 {
            clock.advance(seconds: 30)
            _ = try store.addRouteSample(latitude: 40 + Double(step) * 0.001, longitude: -75, accuracy: 5, session: nil)
        }
        try store.connection.execute("DELETE FROM route_summary")
        clock.advance(seconds: 30)
        _ = try store.addRouteSample(latitude: 40.003, longitude: -75, accuracy: 5, session: nil)
        #expect(try store.doctor().finding("routeSummaries")?.passed == true)
    }
}
