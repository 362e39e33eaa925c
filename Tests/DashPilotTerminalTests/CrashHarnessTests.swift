import CSQLite
import DashPilotCore
import DashPilotStore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A clock for building the harness's store in-process.
final class HarnessClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_795_971_720)
    func now() -> Date { lock.withLock { current } }
    func advance(_ seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

/// The store read through a plain SQLite connection after a kill: opening it is SQLite's own
/// recovery (a hot journal is rolled back), then the invariants are checked.
struct RawStore {
    let handle: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
            throw HarnessFailure("open failed")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 5000)
    }

    func close() { sqlite3_close_v2(handle) }

    /// The rows of `sql`; a statement SQLite cannot prepare or step is a test failure, never an
    /// empty result that would let a check pass.
    func rows(_ sql: String, columns: Int32, sourceLocation: SourceLocation = #_sourceLocation) -> [[String?]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            Issue.record("prepare failed (\(prepared)): \(String(cString: sqlite3_errmsg(handle)))", sourceLocation: sourceLocation)
            return []
        }
        defer { sqlite3_finalize(statement) }
        var result: [[String?]] = []
        var stepped = sqlite3_step(statement)
        while stepped == SQLITE_ROW {
            result.append((0..<columns).map { sqlite3_column_text(statement, $0).map { String(cString: $0) } })
            stepped = sqlite3_step(statement)
        }
        if stepped != SQLITE_DONE {
            Issue.record("step failed (\(stepped)): \(String(cString: sqlite3_errmsg(handle)))", sourceLocation: sourceLocation)
        }
        return result
    }

    func execute(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        if result != SQLITE_OK {
            Issue.record("exec failed (\(result)): \(String(cString: sqlite3_errmsg(handle)))", sourceLocation: sourceLocation)
        }
    }

    /// Every delivery's id, lifecycle times and place.
    func deliveries() -> [String: [String?]] {
        var map: [String: [String?]] = [:]
        for row in rows(
            "SELECT id, accepted_at, arrived_at_pickup_at, picked_up_at, delivered_at, cancelled_at, pickup_place_id FROM delivery",
            columns: 7)
        {
            map[row[0] ?? ""] = Array(row.dropFirst())
        }
        return map
    }

    /// The invariants of a store after any crash.
    func check(before: [String: [String?]], merge: (source: String, destination: String)?) -> [String] {
        var problems: [String] = []
        if rows("PRAGMA integrity_check", columns: 1) != [["ok"]] { problems.append("integrity check failed") }
        if rows("PRAGMA foreign_key_check", columns: 1).count > 0 { problems.append("a reference points at a missing row") }
        if rows("SELECT key FROM pickup_place GROUP BY key HAVING count(*) > 1", columns: 1).count > 0 {
            problems.append("two places share a key")
        }
        for row in rows("SELECT display_name, key FROM pickup_place", columns: 2) {
            guard let name = row[0], let key = row[1], let policy = try? PickupPlaceName(name), policy.key.utf8.elementsEqual(key.utf8)
            else {
                problems.append("a stored key is not the policy's key of its name")
                continue
            }
        }
        let after = deliveries()
        for (id, times) in before {
            guard let now = after[id] else {
                problems.append("delivery \(id) is gone")
                continue
            }
            for index in 0..<5 where times[index] != nil && now[index] != times[index] { problems.append("delivery \(id)'s times changed") }
        }
        if let merge {
            let sourceExists = !rows("SELECT id FROM pickup_place WHERE id = \(merge.source)", columns: 1).isEmpty
            for (id, times) in before where times[5] == merge.source {
                let expected = sourceExists ? merge.source : merge.destination
                if after[id]?[5] != expected { problems.append("merge half-applied at delivery \(id)") }
            }
        }
        return problems
    }
}

struct HarnessFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@Suite("Crash harness: SIGKILL in the middle of writes", .serialized)
struct CrashHarnessTests {
    /// A completed shift of 600 deliveries on one place, a long span for GPX imports, and a
    /// running shift with open deliveries for lifecycle steps.
    static func buildStore(at path: String) throws -> (completedShift: Int64, start: Date, end: Date) {
        let clock = HarnessClock()
        let store = try DashPilotStore(path: path, clock: clock)
        let shift = try store.startShift()
        let start = clock.now()
        for number in 1...600 {
            clock.advance(30)
            _ = try store.acceptDelivery()
            _ = try store.setPickupPlace(try PickupPlaceName("Main Place"), delivery: number, shiftID: nil)
            _ = try store.record(.cancel, delivery: number)
        }
        clock.advance(400 * 3600)
        _ = try store.endShift()
        clock.advance(3600)
        _ = try store.startShift()
        for _ in 1...400 {
            clock.advance(1)
            _ = try store.acceptDelivery()
        }
        return (shift.id, start, clock.now())
    }

    static func gpx(points: Int, from start: Date) -> String {
        var text = "<gpx version=\"1.1\" creator=\"harness\"><trk><trkseg>\n"
        for index in 0..<points {
            text +=
                "<trkpt lat=\"\(40 + Double(index) * 0.0003)\" lon=\"-75\"><time>\(ISO8601.format(start.addingTimeInterval(Double(index) * 2)))</time></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    @Test func killedAtRandomPointsTheStoreKeepsEveryInvariant() throws {
        let kills = reliabilityCount("DASHPILOT_CRASH_KILLS", short: 40)
        let dash = Binary()
        defer { dash.remove() }
        let (completedShift, start, end) = try Self.buildStore(at: dash.storePath)
        // Every run of the binary happens after what the store records, an hour on.
        _ = dash.time(Binary.wallClockTime(end.addingTimeInterval(3600)))
        dash.environment["DASHPILOT_BUSY_TIMEOUT_MS"] = "5000"
        var generator = SeededRandom(seed: 2026)
        var problems: [String] = []
        var killedMidWrite = 0
        var gpxRound = 0
        var nextStep = 1
        for kill in 0..<kills {
            let raw = try RawStore(path: dash.storePath)
            let main = raw.rows("SELECT id FROM pickup_place WHERE key = 'main place'", columns: 1).first?[0] ?? nil
            var merge: (source: String, destination: String)?
            var arguments: [String]
            switch kill % 5 {
            case 0:
                // Set up a source to merge: 300 deliveries split off onto a place of their own.
                raw.execute("INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Split \(kill)', 'split \(kill)', 0)")
                let source = String(sqlite3_last_insert_rowid(raw.handle))
                raw.execute(
                    "UPDATE delivery SET pickup_place_id = \(source) WHERE id IN (SELECT id FROM delivery WHERE pickup_place_id = \(main ?? "0") LIMIT 300)"
                )
                merge = (source, main ?? "0")
                arguments = ["place", "merge", "Split \(kill)", "Main Place", "--yes"]
            case 1:
                arguments = ["place", "rename", "Split \(kill - 1)", "Renamed \(kill)"]
            case 2:
                arguments = ["pickup", "set", String(1 + kill % 400), "New Place \(kill)"]
            case 3:
                arguments = ["delivery", "arrive", String(nextStep)]
                nextStep += 1
            default:
                let file = dash.folder + "/route-\(gpxRound).gpx"
                try Self.gpx(points: 3000, from: start.addingTimeInterval(Double(gpxRound) * 6100 + 5)).write(
                    toFile: file, atomically: false, encoding: .utf8)
                gpxRound += 1
                arguments = ["route", "import", file]
            }
            let before = raw.deliveries()
            raw.close()

            let pid = dash.start(arguments)
            if kill % 2 == 0 {
                // Half the kills land at a random moment, whatever the process is doing then.
                usleep(UInt32(Int.random(in: 6_000..<30_000, using: &generator)))
            } else {
                // The other half wait for the write to begin (its journal appears beside the
                // file) and kill within the next moments, so that they land inside the transaction.
                let deadline = Date().addingTimeInterval(3)
                var exited: Int32 = 0
                while access(dash.storePath + "-journal", F_OK) != 0 && Date() < deadline && waitpid(pid, &exited, WNOHANG) == 0 {}
                for _ in 0..<Int.random(in: 0..<20, using: &generator) { _ = access(dash.storePath, F_OK) }
            }
            Glibc.kill(-pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            if FileManager.default.fileExists(atPath: dash.storePath + "-journal") { killedMidWrite += 1 }

            let after = try RawStore(path: dash.storePath)
            problems += after.check(before: before, merge: merge).map {
                "kill \(kill) (\(arguments.prefix(2).joined(separator: " "))): \($0)"
            }
            // Whatever the kill left, the next merge starts from one main place.
            if let merge, !after.rows("SELECT id FROM pickup_place WHERE id = \(merge.source)", columns: 1).isEmpty {
                after.execute("UPDATE delivery SET pickup_place_id = \(merge.destination) WHERE pickup_place_id = \(merge.source)")
            }
            after.close()
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        _ = completedShift
        // A harness whose kills all landed while the process was idle proves nothing: at least a
        // quarter of them must interrupt a write transaction (a hot journal left beside the file).
        #expect(killedMidWrite * 4 >= kills, "only \(killedMidWrite) of \(kills) kills landed inside a write transaction")
        if ProcessInfo.processInfo.environment["DASHPILOT_CRASH_REPORT"] != nil {
            print("crash harness: \(kills) kills, \(killedMidWrite) left a journal (killed inside a write), \(problems.count) problems")
        }
        #expect(dash.run(["doctor"]).status == 0)
    }
}
