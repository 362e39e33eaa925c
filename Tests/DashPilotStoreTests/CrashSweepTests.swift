import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

#if canImport(Glibc)
    import Glibc
#endif

/// Copies the store and its journal at every step of SQLite's virtual machine, through the
/// progress handler: each copy is exactly what a SIGKILL at that step would leave on disk (the
/// file and journal as written so far; SQLite's own cache is lost with the process).
final class CrashSnapshots {
    let source: String
    let folder: String
    var count = 0

    init(source: String) {
        self.source = source
        folder = NSTemporaryDirectory() + "dashpilot-sweep-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private var lastSeen: [Int] = []

    /// What the files look like on disk now: size and modification time of each, to the nanosecond.
    func signature() -> [Int] {
        ["", "-journal"].flatMap { suffix -> [Int] in
            var info = stat()
            guard stat(source + suffix, &info) == 0 else { return [-1, -1, -1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
    }

    /// Copies the files when they differ from the last copy: a step that wrote nothing leaves
    /// the same state on disk as the step before it.
    func take() {
        let seen = signature()
        guard seen != lastSeen else { return }
        lastSeen = seen
        let target = folder + "/\(count)"
        try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for suffix in ["", "-journal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try? FileManager.default.copyItem(atPath: source + suffix, toPath: target + "/store.sqlite" + suffix)
        }
        count += 1
    }

    func install(on connection: Connection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(
            connection.handle, 1,
            { context in
                Unmanaged<CrashSnapshots>.fromOpaque(context!).takeUnretainedValue().take()
                return 0
            }, context)
    }

    func remove(from connection: Connection) { sqlite3_progress_handler(connection.handle, 0, nil, nil) }

    var paths: [String] { (0..<count).map { folder + "/\($0)/store.sqlite" } }
}

/// What a store must be after any crash, checked on a connection of its own (which rolls back a
/// hot journal as SQLite does on the next open).
struct Invariants {
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    /// Deliveries by id: every lifecycle time and the place reference.
    static func deliveries(_ connection: Connection) throws -> [Int64: [Int64?]] {
        var rows: [Int64: [Int64?]] = [:]
        for row in try connection.query(
            "SELECT id, accepted_at, arrived_at_pickup_at, picked_up_at, delivered_at, cancelled_at, pickup_place_id FROM delivery",
            row: { row in (row.int64(0), (1...6).map { row.optionalInt64(Int32($0)) }) })
        {
            rows[row.0] = row.1
        }
        return rows
    }

    /// Checks the store at `path` against `before` (its deliveries before the interrupted write).
    /// `merge` names a merge that may have run (source, destination): it must be all or nothing.
    static func check(_ path: String, before: [Int64: [Int64?]], merge: (Int64, Int64)?) throws {
        let connection = try Connection(path: path, create: false, busyTimeoutMilliseconds: 0)
        guard try connection.query("PRAGMA integrity_check", row: { $0.text(0) }) == ["ok"] else {
            throw Violation(description: "integrity check failed")
        }
        guard try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0 else {
            throw Violation(description: "a reference points at a missing row")
        }
        guard try connection.scalar("SELECT count(*) FROM (SELECT key FROM pickup_place GROUP BY key HAVING count(*) > 1)") == 0 else {
            throw Violation(description: "two places share a key")
        }
        for (name, key) in try connection.query("SELECT display_name, key FROM pickup_place", row: { ($0.text(0), $0.text(1)) }) {
            let policy = try PickupPlaceName(name)
            guard policy.key.utf8.elementsEqual(key.utf8), policy.display.utf8.elementsEqual(name.utf8) else {
                throw Violation(description: "a stored key is not the policy's key of its name")
            }
        }
        let after = try deliveries(connection)
        for (id, times) in before {
            guard let now = after[id] else { throw Violation(description: "delivery \(id) is gone") }
            // A recorded time never changes; a step may have been recorded where there was none.
            for index in 0..<5 where times[index] != nil && now[index] != times[index] {
                throw Violation(description: "delivery \(id)'s times changed")
            }
        }
        if let (source, destination) = merge {
            let sourceExists = try connection.scalar("SELECT count(*) FROM pickup_place WHERE id = ?", .integer(source)) == 1
            let moved = before.filter { $0.value[5] == source }.keys
            for id in moved {
                let expected = sourceExists ? source : destination
                guard after[id]?[5] == expected else {
                    throw Violation(
                        description:
                            "merge half-applied: delivery \(id) of the source is on \(after[id]?[5].map(String.init) ?? "nothing") while the source \(sourceExists ? "still stands" : "is gone")"
                    )
                }
            }
        }
    }
}

@Suite("Crash at every step: the sweep")
struct CrashSweepTests {
    static func storeWithTwoPlaces() throws -> (StoreFixture, Int64, Int64) {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(12)
        for number in 1...12 {
            _ = try fixture.store.setPickupPlace(
                fixture.name(number % 3 == 0 ? "Nowhere Noodles" : "Example Diner"), delivery: number, shiftID: nil)
        }
        let source = try #require(try fixture.store.place(named: fixture.name("Example Diner"))).id
        let destination = try #require(try fixture.store.place(named: fixture.name("Nowhere Noodles"))).id
        return (fixture, source, destination)
    }

    @Test func aMergeKilledAtEveryStepIsAllOrNothing() throws {
        let (fixture, source, destination) = try Self.storeWithTwoPlaces()
        let before = try Invariants.deliveries(fixture.store.connection)
        let snapshots = CrashSnapshots(source: fixture.path)
        snapshots.install(on: fixture.store.connection)
        _ = try fixture.store.mergePlace(sourceID: source, into: destination)
        snapshots.remove(from: fixture.store.connection)
        #expect(snapshots.count > 3)
        if ProcessInfo.processInfo.environment["DASHPILOT_SWEEP_REPORT"] != nil {
            print("merge sweep: \(snapshots.count) distinct states on disk")
        }
        var failures: [String] = []
        for path in snapshots.paths {
            do { try Invariants.check(path, before: before, merge: (source, destination)) } catch { failures.append("\(path): \(error)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test func theSweepCatchesADeliberatelyNonAtomicMerge() throws {
        let (fixture, source, destination) = try Self.storeWithTwoPlaces()
        let before = try Invariants.deliveries(fixture.store.connection)
        let snapshots = CrashSnapshots(source: fixture.path)
        snapshots.install(on: fixture.store.connection)
        // The wrong way: the deliveries move in one transaction, the source goes in another.
        try fixture.store.connection.writeTransaction {
            try fixture.store.connection.run(
                "UPDATE delivery SET pickup_place_id = ? WHERE pickup_place_id = ?", .integer(destination), .integer(source))
        }
        try fixture.store.connection.writeTransaction {
            try fixture.store.connection.run("DELETE FROM pickup_place WHERE id = ?", .integer(source))
        }
        snapshots.remove(from: fixture.store.connection)
        var caught = 0
        for path in snapshots.paths {
            do { try Invariants.check(path, before: before, merge: (source, destination)) } catch { caught += 1 }
        }
        #expect(caught > 0)
    }

    @Test func renamingNamingAndStepsKilledAtEveryStepLeaveAWholeStore() throws {
        let (fixture, source, _) = try Self.storeWithTwoPlaces()
        let before = try Invariants.deliveries(fixture.store.connection)
        let snapshots = CrashSnapshots(source: fixture.path)
        snapshots.install(on: fixture.store.connection)
        _ = try fixture.store.renamePlace(id: source, to: fixture.name("Example Eatery"))
        _ = try fixture.store.setPickupPlace(fixture.name("Sample Sandwiches"), delivery: 2, shiftID: nil)
        fixture.clock.advance(minutes: 1)
        _ = try fixture.store.record(.arrive, delivery: 3)
        snapshots.remove(from: fixture.store.connection)
        var failures: [String] = []
        for path in snapshots.paths {
            do { try Invariants.check(path, before: before, merge: nil) } catch { failures.append("\(error)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test(
        "A migration interrupted at any point leaves the store at the version it had, or today's", arguments: MigrationTests.earlierVersions
    )
    func anInterruptedMigrationLeavesAWholeStore(version: Int) throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: version)
        let deliveries = version >= 5 ? 1 : 0
        let connection = try Connection(path: path, create: false, busyTimeoutMilliseconds: 0)
        let snapshots = CrashSnapshots(source: path)
        snapshots.install(on: connection)
        try Migrator.migrate(connection, progress: nil)
        snapshots.remove(from: connection)
        #expect(snapshots.count > 2)
        for snapshot in snapshots.paths {
            let reopened = try Connection(path: snapshot, create: false, busyTimeoutMilliseconds: 0)
            let reached = Int(try reopened.scalar("PRAGMA user_version") ?? 0)
            // One transaction: no snapshot is at a version in between.
            #expect(reached == version || reached == Schema.currentVersion)
            #expect(try reopened.query("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
            #expect(try reopened.scalar("SELECT count(*) FROM shift") == 1)
            // Opening it with today's code finishes the migration and loses nothing.
            let store = try DashPilotStore(path: snapshot, clock: ManualClock())
            #expect(try store.shiftLog(id: 1).deliveries.count == deliveries)
        }
    }
}
