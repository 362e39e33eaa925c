import CSQLite
import DashPilotCore
import Foundation

/// The one owner of the `route_sample` table: its columns, its encodings (coordinates in 1e-7
/// degrees, accuracy in decimetres: written here once) and every statement on samples.
struct RouteSampleTable {
    let connection: Connection

    /// The columns a sample is read from, in select order.
    enum Column: Int32, Columns {
        case recordedAt, latitudeE7, longitudeE7, accuracyDM, session

        var sql: String {
            switch self {
            case .recordedAt: "recorded_at"
            case .latitudeE7: "latitude_e7"
            case .longitudeE7: "longitude_e7"
            case .accuracyDM: "accuracy_dm"
            case .session: "session"
            }
        }
    }

    /// Degrees as stored: 1e-7 degree, rounded.
    static func e7(_ degrees: Double) -> Int64 { Int64((degrees * 1e7).rounded()) }

    /// Degrees from a stored coordinate: the one conversion every reader uses.
    static func degrees(_ e7: Int64) -> Double { Double(e7) / 1e7 }

    /// An accuracy radius as stored: decimetres, rounded.
    static func decimetres(_ metres: Double) -> Int64 { Int64((metres * 10).rounded()) }

    /// The sample in `row`'s `Column`s.
    static func sample(_ row: Row) -> RouteSample {
        RouteSample(
            recordedAt: row.date(Column.recordedAt), latitude: degrees(row.int64(Column.latitudeE7)),
            longitude: degrees(row.int64(Column.longitudeE7)),
            horizontalAccuracy: row.optionalInt64(Column.accuracyDM).map { Double($0) / 10 }, session: row.optionalInt64(Column.session))
    }

    /// `sample` as it reads back once stored: to the whole second, 1e-7 degree and the decimetre.
    static func stored(_ sample: RouteSample) -> RouteSample {
        RouteSample(
            recordedAt: sample.recordedAt.wholeSecond, latitude: degrees(e7(sample.latitude)), longitude: degrees(e7(sample.longitude)),
            horizontalAccuracy: sample.horizontalAccuracy.map { Double(decimetres($0)) / 10 }, session: sample.session)
    }

    /// The last kept sample of capture session `session` of shift `shiftID`.
    func last(shiftID: Int64, session: Int64?) throws -> RouteSample? {
        try connection.queryFirst(
            """
            SELECT \(Column.select()) FROM route_sample
            WHERE shift_id = ? AND session IS ? ORDER BY recorded_at DESC LIMIT 1
            """, .integer(shiftID), .integer(session), row: Self.sample)
    }

    /// Whether shift `shiftID` holds a sample at `time` (importing a file twice adds nothing).
    func holds(shiftID: Int64, at time: Int64) throws -> Bool {
        try connection.scalar("SELECT count(*) FROM route_sample WHERE shift_id = ? AND recorded_at = ?", .integer(shiftID), .integer(time))
            != 0
    }

    /// The second shift `shiftID`'s latest sample was recorded at, if it holds any.
    func latestTime(shiftID: Int64) throws -> Int64? {
        try connection.scalar("SELECT max(recorded_at) FROM route_sample WHERE shift_id = ?", .integer(shiftID))
    }

    /// The highest capture session numbered from 1 (by a driver, a follow or an import) that
    /// shift `shiftID`'s samples hold, if any.
    func highestSession(shiftID: Int64) throws -> Int64? {
        try connection.scalar("SELECT max(session) FROM route_sample WHERE shift_id = ? AND session > 0", .integer(shiftID))
    }

    /// The capture sessions numbered from 1 that shift `shiftID`'s samples hold.
    func numberedSessions(shiftID: Int64) throws -> Set<Int64> {
        Set(try connection.integers("SELECT DISTINCT session FROM route_sample WHERE shift_id = ? AND session > 0", .integer(shiftID)))
    }

    /// A capture session shift `shiftID`'s samples do not hold, for a follow (`FreshSessions`).
    func freshSession(shiftID: Int64) throws -> Int64 {
        var sessions = try FreshSessions(table: self, shiftID: shiftID)
        return try sessions.next(table: self)
    }

    /// A prepared insert, for many samples in a row: `insert(_:shiftID:)` binds without allocating.
    func inserter() throws -> Inserter {
        Inserter(
            statement: try connection.statement(
                "INSERT INTO route_sample (shift_id, \(Column.select())) VALUES (?, ?, ?, ?, ?, ?)"))
    }

    /// Inserts checked samples with one prepared statement.
    struct Inserter {
        let statement: Statement

        /// Inserts `sample` on shift `shiftID`, in the table's encodings.
        func insert(_ sample: RouteSample, shiftID: Int64) throws {
            try Self.bind(sample, shiftID: shiftID, to: statement, from: 1)
            _ = try statement.step()
            sqlite3_reset(statement.handle)
        }

        /// Binds a row's six values to `statement`'s parameters `first` onwards.
        static func bind(_ sample: RouteSample, shiftID: Int64, to statement: Statement, from first: Int32) throws {
            try statement.bind(first, shiftID)
            try statement.bind(first + 1, sample.recordedAt.unixSeconds)
            try statement.bind(first + 2, RouteSampleTable.e7(sample.latitude))
            try statement.bind(first + 3, RouteSampleTable.e7(sample.longitude))
            try statement.bind(first + 4, sample.horizontalAccuracy.map(RouteSampleTable.decimetres))
            try statement.bind(first + 5, sample.session)
        }

        /// Lets the statement go back to the connection's cache.
        func finish() { statement.reset() }
    }

    /// An inserter for a file's thousands of samples: rows wait in a batch and go in `batch` at a
    /// time through one statement, as a statement's start and end cost more than its row; the
    /// rest one by one at `flush()`, which must come before anything reads them.
    func batchInserter() throws -> BatchInserter {
        let row = "(?, ?, ?, ?, ?, ?)"
        return BatchInserter(
            one: try inserter(),
            many: try connection.statement(
                "INSERT INTO route_sample (shift_id, \(Column.select())) VALUES "
                    + Array(repeating: row, count: BatchInserter.batch).joined(separator: ", ")))
    }

    /// Inserts checked samples a batch at a time (`batchInserter()`).
    struct BatchInserter {
        static let batch = 32
        let one: Inserter
        let many: Statement
        private var waiting: [(sample: RouteSample, shiftID: Int64)] = []

        init(one: Inserter, many: Statement) {
            self.one = one
            self.many = many
            waiting.reserveCapacity(Self.batch)
        }

        /// Adds `sample` on shift `shiftID` to the batch, and inserts the batch when it is full.
        mutating func insert(_ sample: RouteSample, shiftID: Int64) throws {
            waiting.append((sample, shiftID))
            guard waiting.count == Self.batch else { return }
            for (index, row) in waiting.enumerated() {
                try Inserter.bind(row.sample, shiftID: row.shiftID, to: many, from: Int32(index) * 6 + 1)
            }
            waiting.removeAll(keepingCapacity: true)
            _ = try many.step()
            sqlite3_reset(many.handle)
        }

        /// Inserts what waits in the batch.
        mutating func flush() throws {
            for row in waiting { try one.insert(row.sample, shiftID: row.shiftID) }
            waiting.removeAll(keepingCapacity: true)
        }

        /// Lets the statements go back to the connection's cache (what waits is not inserted).
        func finish() {
            one.finish()
            many.reset()
        }
    }

    /// What a route summary is computed from: a sample's time, position and session.
    private enum Point: Int32, Columns {
        case shiftID, recordedAt, latitudeE7, longitudeE7, session

        var sql: String {
            switch self {
            case .shiftID: "shift_id"
            case .recordedAt: "recorded_at"
            case .latitudeE7: "latitude_e7"
            case .longitudeE7: "longitude_e7"
            case .session: "session"
            }
        }
    }

    /// Hands `body` shift `shiftID`'s samples (every shift's, by shift, when `nil`) in time order:
    /// shift, time, degrees, session. O(samples).
    func forEachPoint(
        shiftID: Int64?,
        _ body: (_ shiftID: Int64, _ time: Int64, _ latitude: Double, _ longitude: Double, _ session: Int64?) throws -> Void
    ) throws {
        let sql =
            shiftID == nil
            ? "SELECT \(Point.select()) FROM route_sample ORDER BY shift_id, recorded_at"
            : "SELECT \(Point.select()) FROM route_sample WHERE shift_id = ? ORDER BY recorded_at"
        try connection.forEachRow(sql, shiftID.map { [.integer($0)] } ?? []) { row in
            try body(
                row.int64(Point.shiftID), row.int64(Point.recordedAt), Self.degrees(row.int64(Point.latitudeE7)),
                Self.degrees(row.int64(Point.longitudeE7)), row.optionalInt64(Point.session))
        }
    }
}

/// The capture sessions new samples of one shift get (a follow's, an import's segments): numbers
/// from 1 that none of its samples holds, one above the highest while there is a number above it,
/// else the lowest still free. Never 0 or below, where `route add` keeps the sessions after a
/// resume (`sessionAfterResuming`), and never an overflow, whatever session a driver named.
struct FreshSessions {
    private let shiftID: Int64
    private var highest: Int64
    /// The sessions in use, read once the highest is the largest number there is.
    private var inUse: Set<Int64>?

    init(table: RouteSampleTable, shiftID: Int64) throws {
        self.shiftID = shiftID
        highest = try table.highestSession(shiftID: shiftID) ?? 0
    }

    /// The next session: none handed out before, nor held by a sample. Those counted up from the
    /// highest are all above the lowest free one, which is the one taken once counting cannot go on.
    mutating func next(table: RouteSampleTable) throws -> Int64 {
        if highest < Int64.max {
            highest += 1
            return highest
        }
        var inUse = try self.inUse ?? table.numberedSessions(shiftID: shiftID)
        var free: Int64 = 1
        while inUse.contains(free) { free += 1 }
        inUse.insert(free)
        self.inUse = inUse
        return free
    }
}
