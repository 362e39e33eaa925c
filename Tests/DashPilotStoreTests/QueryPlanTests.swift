import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// The SQL a connection ran, captured through SQLite's own trace hook.
final class StatementLog {
    var statements: [String] = []

    func capture(on connection: Connection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(
            connection.handle, UInt32(SQLITE_TRACE_STMT),
            { _, context, statement, _ in
                guard let context, let statement, let sql = sqlite3_sql(OpaquePointer(statement)) else { return 0 }
                Unmanaged<StatementLog>.fromOpaque(context).takeUnretainedValue().statements.append(String(cString: sql))
                return 0
            }, context)
    }

    func stop(on connection: Connection) { sqlite3_trace_v2(connection.handle, 0, nil, nil) }
}

@Suite("Query plans use indexes")
struct QueryPlanTests {
    /// The plan of every statement `operation` ran, as SQLite's EXPLAIN QUERY PLAN details.
    static func plans(_ fixture: StoreFixture, _ operation: () throws -> Void) throws -> [String: [String]] {
        let log = StatementLog()
        log.capture(on: fixture.store.connection)
        try operation()
        log.stop(on: fixture.store.connection)
        var plans: [String: [String]] = [:]
        for sql in Set(log.statements)
        where sql.hasPrefix("SELECT") || sql.hasPrefix("UPDATE") || sql.hasPrefix("DELETE") || sql.hasPrefix("INSERT") {
            plans[sql] = try fixture.store.connection.query("EXPLAIN QUERY PLAN " + sql) { $0.text(3) }
        }
        return plans
    }

    /// A store with two shifts, route samples and places, as every operation below needs.
    static func fixture() throws -> StoreFixture {
        let fixture = try StoreFixture()
        for _ in 0..<2 {
            try fixture.shiftWithDeliveries(3)
            for number in 1...3 {
                _ = try fixture.store.setPickupPlace(
                    fixture.name(number == 3 ? "Example Diner" : "Nowhere Noodles"), delivery: number, shiftID: nil)
            }
            for number in 1...3 { try fixture.complete(number, waitMinutes: 2) }
            for step in 0..<3 {
                fixture.clock.advance(seconds: 30)
                _ = try fixture.store.addRouteSample(latitude: 40 + Double(step) * 0.001, longitude: -75, accuracy: 5, session: nil)
            }
            _ = try fixture.store.endShift()
        }
        return fixture
    }

    /// No statement reads every row of the deliveries or the route samples.
    static func expectNoFullScans(_ plans: [String: [String]], sourceLocation: SourceLocation = #_sourceLocation) {
        for (sql, details) in plans {
            for detail in details where detail.hasPrefix("SCAN") {
                let table = detail.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                let scansBigTable = ["delivery", "d", "route_sample"].contains(table)
                #expect(
                    !scansBigTable || detail.contains("USING COVERING INDEX delivery_place_use"), "\(detail) in \(sql)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    static func expect(_ plans: [String: [String]], use index: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(plans.values.joined().contains { $0.contains(index) }, "no plan uses \(index): \(plans)", sourceLocation: sourceLocation)
    }

    @Test func findingAPlaceByATypedNameSearchesTheKeyIndex() throws {
        let fixture = try Self.fixture()
        let plans = try Self.plans(fixture) { _ = try fixture.store.place(named: fixture.name("nowhere noodles")) }
        Self.expect(plans, use: "USING INDEX pickup_place_by_key (key=?)")
        Self.expectNoFullScans(plans)
    }

    @Test func theRecentListWalksTheUseIndexNewestFirst() throws {
        let fixture = try Self.fixture()
        let plans = try Self.plans(fixture) { _ = try fixture.store.recentPlaces() }
        Self.expect(plans, use: "USING COVERING INDEX delivery_place_use")
        #expect(!plans.values.joined().contains { $0.contains("TEMP B-TREE") })
        Self.expectNoFullScans(plans)
    }

    @Test func aPlacesHistoryReadsOneRangeOfItsCoveringIndexWithoutSorting() throws {
        let fixture = try Self.fixture()
        let place = try #require(try fixture.store.place(named: fixture.name("Nowhere Noodles")))
        let plans = try Self.plans(fixture) { _ = try fixture.store.history(ofPlace: place.id) }
        Self.expect(plans, use: "USING COVERING INDEX delivery_by_place (pickup_place_id=?)")
        #expect(!plans.values.joined().contains { $0.contains("TEMP B-TREE") })
        Self.expectNoFullScans(plans)
    }

    /// The places screen: the names along the key index, no sort, no delivery read; then a
    /// place's count as one range of its covering index.
    @Test func theCatalogueReadsNamesInKeyOrderAndCountsAPlaceAlongItsIndex() throws {
        let fixture = try Self.fixture()
        let names = try Self.plans(fixture) { _ = try fixture.store.catalogue() }
        Self.expect(names, use: "SCAN pickup_place USING INDEX pickup_place_by_key")
        #expect(!names.keys.contains { $0.contains("delivery") })
        #expect(!names.values.joined().contains { $0.contains("TEMP B-TREE") })
        let counts = try Self.plans(fixture) { _ = try fixture.store.deliveryCounts(ofPlaces: [1, 2]) }
        Self.expect(counts, use: "USING COVERING INDEX delivery_place_count (pickup_place_id=?)")
        Self.expectNoFullScans(counts)
    }

    @Test func aMergeFindsTheSourcesDeliveriesByIndex() throws {
        let fixture = try Self.fixture()
        let plans = try Self.plans(fixture) {
            _ = try fixture.store.mergePlace(named: fixture.name("Example Diner"), into: fixture.name("Nowhere Noodles"))
        }
        Self.expect(plans, use: "(pickup_place_id=?)")
        Self.expectNoFullScans(plans)
    }

    @Test func aListOfPeriodsCountsDeliveriesAlongTheirCoveringIndexWithoutSorting() throws {
        let fixture = try Self.fixture()
        let plans = try Self.plans(fixture) {
            _ = try fixture.store.periods(
                .week, limit: nil, timeZone: TimeZone(identifier: "UTC")!, now: fixture.clock.now(), detail: .listRow)
        }
        Self.expect(plans, use: "USING COVERING INDEX delivery_by_shift_money (shift_id=?)")
        #expect(!plans.keys.contains { $0.contains("route_sample") || $0.contains("FROM tip") })
        #expect(!plans.values.joined().contains { $0.contains("TEMP B-TREE") })
        Self.expectNoFullScans(plans)
    }

    @Test func theShiftListAndAShiftsLogReadByIndexAndNeverReadSamples() throws {
        let fixture = try Self.fixture()
        let plans = try Self.plans(fixture) {
            _ = try fixture.store.shifts(limit: 20)
            _ = try fixture.store.shiftLog(id: 1)
        }
        Self.expect(plans, use: "route_summary USING INTEGER PRIMARY KEY (rowid=?)")
        Self.expect(plans, use: "USING INDEX shift_by_start")
        // Lists read the route summary, never the samples behind it.
        #expect(!plans.keys.contains { $0.contains("route_sample") })
        Self.expect(plans, use: "(shift_id=?)")
        #expect(!plans.values.joined().contains { $0.contains("TEMP B-TREE") })
        Self.expectNoFullScans(plans)
    }

    @Test func recordingAndImportingRouteSamplesReadOnlyTheirShift() throws {
        let fixture = try Self.fixture()
        _ = try fixture.store.startShift()
        let plans = try Self.plans(fixture) {
            fixture.clock.advance(seconds: 30)
            _ = try fixture.store.addRouteSample(latitude: 41, longitude: -75, accuracy: 5, session: nil)
            let point = RouteSample(recordedAt: fixture.clock.now().addingTimeInterval(-10), latitude: 41.01, longitude: -75)
            _ = try fixture.store.importRoute(segments: [[point]])
        }
        Self.expect(plans, use: "USING PRIMARY KEY (shift_id=?)")
        Self.expectNoFullScans(plans)
    }

    @Test func theCatalogueIsListedInKeyOrderWithCountsByIndex() throws {
        let fixture = try Self.fixture()
        let plans = try Self.plans(fixture) { _ = try fixture.store.places() }
        Self.expect(plans, use: "USING INDEX pickup_place_by_key")
        Self.expect(plans, use: "USING COVERING INDEX delivery_place_count (pickup_place_id=?)")
        #expect(!plans.values.joined().contains { $0.contains("TEMP B-TREE") })
        Self.expectNoFullScans(plans)
    }
}
