import CSQLite
import DashPilotCore
import Foundation

/// A driver's record in one SQLite file: shifts, deliveries, route samples and pickup places.
///
/// Every operation that writes is one transaction begun with `BEGIN IMMEDIATE`: all of it or
/// none of it. Reads derive what they show (state, mileage, rates, recency, waits) from what is
/// stored; nothing aggregated is stored.
public final class DashPilotStore {
    /// The file's path, as text for messages.
    public let path: String
    /// The file's path, its bytes exactly as given.
    public let file: StorePath
    /// When this value made the store's file (the one linked into place is its own): the folders
    /// it made for it, deepest first; `nil` when the store was there already.
    public private(set) var madeFolders: [StorePath]?
    let connection: Connection
    /// The device and inode of the file opened: what `isReplacedAtItsPath` compares its path's with.
    private var openedFile: (device: UInt64, inode: UInt64)?
    /// The schema version the store was opened at (today's, once upgraded): a write finds it so,
    /// or the file was written over in place since (`stillAtItsVersion`).
    private var openedVersion: Int?
    let clock: any WallClock
    let log: any PickupPlaceLog
    /// Whether the driver asked to stop (Ctrl-C) a long copy under way: checked between its
    /// steps, it then ends leaving no trace (`KeepingFailure.interrupted`).
    public var stopRequested: (@Sendable () -> Bool)?
    /// After a restore: where the store as it was is kept, when it failed SQLite's integrity or
    /// foreign-key checks and was kept so all the same (the only way back to it); else `nil`.
    public internal(set) var damagedStoreKeptAs: String?
    #if DEBUG
        /// Test builds make a merge fail part-way through here, to prove it is all or nothing.
        /// Release builds have no such hook.
        var mergeFault: ((MergeStage) throws -> Void)?
        /// Test builds write from another connection here, between a restore's copy of the store
        /// and the replacement.
        var afterBeforeRestoreCopy: (() -> Void)?
        /// Test builds look at the store from another program here, once a restore's replacement
        /// holds the store's write lock.
        var duringReplacement: (() -> Void)?
    #endif

    /// How hard the store works to survive a power cut.
    public enum Durability: Sendable {
        /// Every commit reaches the disk before it returns: the only mode for a driver's record.
        case full
        /// No syncing and an in-memory journal: for generating benchmark stores only, where a
        /// crash may lose or damage the file being built.
        case bulkLoad
    }

    /// The schema version today's code writes.
    public static var schemaVersion: Int { Schema.currentVersion }

    /// Opens the store at `path`, creating it (and its folder) when no file is there, and
    /// migrating an older one (unless `migrating` is false: `doctor` changes nothing). A file that is not a DashPilot store, is damaged or is newer is
    /// refused before anything is written to it.
    public convenience init(
        path: String, clock: any WallClock = SystemClock(), log: any PickupPlaceLog = SilentPickupPlaceLog(),
        busyTimeoutMilliseconds: Int32 = 5000, migrating: Bool = true, creating: Bool = true, durability: Durability = .full,
        currencyIfNew: Currency = .usd, timeZone: TimeZone = .current, migrationProgress: (@Sendable (Double) -> Void)? = nil
    ) throws(StoreError) {
        try self.init(
            storePath: StorePath(path), clock: clock, log: log, busyTimeoutMilliseconds: busyTimeoutMilliseconds, migrating: migrating,
            creating: creating, durability: durability, currencyIfNew: currencyIfNew, timeZone: timeZone,
            migrationProgress: migrationProgress)
    }

    /// Opens the store at `storePath`, its bytes used exactly as given (see `init(path:)`). A
    /// store made here holds `currencyIfNew` (the driver's monetary locale's). An older store is
    /// backed up into its backups folder (named in `timeZone`'s local time) before it is upgraded,
    /// and is not upgraded when it cannot be. `stopWaiting`, asked while a lock another program
    /// holds is waited for, ends the wait at once (as busy, nothing written): Ctrl-C heard then.
    public init(
        storePath file: StorePath, clock: any WallClock = SystemClock(), log: any PickupPlaceLog = SilentPickupPlaceLog(),
        busyTimeoutMilliseconds: Int32 = 5000, migrating: Bool = true, creating: Bool = true, durability: Durability = .full,
        currencyIfNew: Currency = .usd, timeZone: TimeZone = .current, migrationProgress: (@Sendable (Double) -> Void)? = nil,
        stopWaiting: (() -> Bool)? = nil
    ) throws(StoreError) {
        let path = file.display
        self.path = path
        self.file = file
        self.clock = clock
        self.log = log
        var info = stat()
        if file.withCString({ lstat($0, &info) }) != 0 {
            guard errno == ENOENT, creating else {
                throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
            madeFolders = try StoreFile.create(at: file, currency: currencyIfNew)
        } else if info.st_mode & S_IFMT == S_IFLNK, let target = StoreFile.danglingLink(file) {
            // A store is made where a name is free, never through a link left pointing at nothing.
            throw .cannotOpen(path: path, reason: "it is a link to \(target), where there is no file")
        }
        try StoreFile.checkHeader(at: file)
        // The file as it stands before it is opened (and upgraded, which may take long): one moved
        // over it meanwhile is found by `isReplacedAtItsPath`.
        let before = file.withCString({ stat($0, &info) }) == 0 ? (UInt64(info.st_dev), UInt64(info.st_ino)) : nil
        var opened: Connection?
        do {
            connection = try Connection(
                path: file, create: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds, stopWaiting: stopWaiting)
            opened = connection
            // Reading the schema makes SQLite read page 1 and, with it, notice a damaged file.
            _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
            let version = Int(try connection.scalar("PRAGMA user_version") ?? 0)
            if version > Schema.currentVersion { throw StoreError.newerVersion(path: path, version: version) }
            if version < Schema.currentVersion && migrating {
                if StoreFile.cannotBeWritten(file) { throw StoreError.readOnlyNeedsUpgrade(path: path, version: version) }
                try upgrade(from: version, timeZone: timeZone, progress: migrationProgress)
            }
            if durability == .bulkLoad { try connection.execute("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY") }
            openedFile = before
            openedVersion = version < Schema.currentVersion && migrating ? Schema.currentVersion : version
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw StoreError.reading(error, on: opened, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// Whether the path the store was opened at names another file now, or none: another program
    /// moved a file over it, or removed it. A store in memory never is.
    public var isReplacedAtItsPath: (replaced: Bool, removed: Bool) {
        guard let openedFile else { return (false, false) }
        var info = stat()
        guard file.withCString({ stat($0, &info) }) == 0 else { return (errno == ENOENT, errno == ENOENT) }
        return (UInt64(info.st_dev) != openedFile.device || UInt64(info.st_ino) != openedFile.inode, false)
    }

    /// Where the link at `file` points, when it is a link to nothing: no store stands there.
    public static func danglingLink(_ file: StorePath) -> String? { StoreFile.danglingLink(file) }

    /// An empty store of today's schema in memory: what a read of a store that does not exist
    /// answers from, so that reading never creates a file. Standing for the store at `file`, it
    /// reads that store's backups folder (a store deleted may have left backups).
    public static func emptyInMemory(
        clock: any WallClock = SystemClock(), log: any PickupPlaceLog = SilentPickupPlaceLog(), currency: Currency = .usd,
        standingFor file: StorePath? = nil
    ) throws(StoreError) -> DashPilotStore {
        do {
            let connection = try Connection(path: ":memory:", create: true, busyTimeoutMilliseconds: 0)
            try Migrator.migrate(connection, progress: nil)
            try CurrencyTable(connection: connection).set(currency)
            return DashPilotStore(connection: connection, path: ":memory:", file: file, clock: clock, log: log)
        } catch let error as SQLiteError {
            throw StoreError(error, path: ":memory:")
        } catch {
            throw .cannotOpen(path: ":memory:", reason: "\(error)")
        }
    }

    private init(connection: Connection, path: String, file: StorePath?, clock: any WallClock, log: any PickupPlaceLog) {
        self.connection = connection
        self.path = path
        self.file = file ?? StorePath(path)
        self.clock = clock
        self.log = log
    }

    /// The time now, to the whole second.
    var now: Date { clock.now().wholeSecond }

    /// The owner of each table, on this store's connection.
    var shiftTable: ShiftTable { ShiftTable(connection: connection) }
    var deliveryTable: DeliveryTable { DeliveryTable(connection: connection) }
    var placeTable: PickupPlaceTable { PickupPlaceTable(connection: connection) }
    var sampleTable: RouteSampleTable { RouteSampleTable(connection: connection) }
    var routeSummaries: RouteSummaryTable { RouteSummaryTable(connection: connection) }
    var tipTable: TipTable { TipTable(connection: connection) }
    var pauseTable: PauseTable { PauseTable(connection: connection) }
    var expenseTable: ExpenseTable { ExpenseTable(connection: connection) }
    var currencyTable: CurrencyTable { CurrencyTable(connection: connection) }

    /// Runs `body` as one write transaction, mapping SQLite failures to `StoreError`; refusals
    /// thrown by `body` pass through, and in every failure nothing is written.
    func write<T>(_ body: () throws -> T) throws -> T {
        if path != ":memory:", StoreFile.isMarkedReadOnly(file) { throw StoreError.readOnly(path: path) }
        do {
            return try connection.writeTransaction {
                try stillAtItsVersion()
                return try body()
            }
        } catch let error as SQLiteError where error.primaryCode == SQLITE_CANTOPEN {
            // The file opened, so what cannot be opened is the journal beside it: the folder
            // does not let this user write.
            throw StoreError.readOnly(path: path)
        } catch let error as SQLiteError {
            throw StoreError.reading(error, on: connection, path: path)
        }
    }

    /// Throws where the file was written over in place since it was opened (a copy of another
    /// store put over it with `cp`, same inode): one of a newer version is said as such, any other
    /// as a store replaced. Nothing is ever written into a schema this value did not open.
    func stillAtItsVersion() throws {
        guard let openedVersion else { return }
        let version = Int(try connection.scalar("PRAGMA user_version") ?? 0)
        guard version != openedVersion else { return }
        if version > Schema.currentVersion { throw StoreError.newerVersion(path: path, version: version) }
        throw StoreError.replacedWhileOpen(path: path, removed: false)
    }

    /// Whether the file is still at the schema version it was opened at, read without waiting
    /// for a lock another program holds (`nil` then): the screens ask it when another program
    /// changed the store.
    public func changedVersion() -> StoreError? {
        guard openedVersion != nil else { return nil }
        // Another file's bytes put over it are no store at all: said as a command says them.
        do {
            try StoreFile.checkHeader(at: file, allowingNewer: true)
        } catch {
            if case .notADashPilotStore = error { return error }
        }
        do {
            try waitingOnce(waiting: false) { try read { try stillAtItsVersion() } }
            return nil
        } catch let error as StoreError {
            if case .busy = error { return nil }
            return error
        } catch {
            return nil
        }
    }

    /// Runs `body` as one read snapshot, mapping SQLite failures to `StoreError`.
    func read<T>(_ body: () throws -> T) throws -> T {
        do {
            return try connection.readTransaction(body)
        } catch let error as SQLiteError {
            throw StoreError.reading(error, on: connection, path: path)
        }
    }

    /// Runs `body` with every wait for a lock another program holds counted against one busy
    /// timeout: one key of the screens waits that long in all, however many reads it makes.
    /// Without `waiting` (the screens looking for changes between keys) a held lock fails at once.
    public func waitingOnce<T>(waiting: Bool = true, _ body: () throws -> T) rethrows -> T {
        try connection.busyWait.shared(waiting: waiting, body)
    }

    /// Counts every wait for another program's lock from now on (and what opening the store
    /// waited) against one timeout: the whole of a command of the command line waits that long
    /// in all before it says the store is busy (cli.md, 74).
    public func waitOnceFromNowOn() { connection.busyWait.shareFromNowOn() }

    /// How many rows this store's own writes changed so far (a screen asks whether a key wrote).
    public var rowsChanged: Int64 { Int64(sqlite3_total_changes(connection.handle)) }

    /// A number that changes whenever another connection commits a change to the store, so that
    /// a screen can notice work recorded from another terminal.
    public func dataVersion() throws -> Int64 {
        try read { try connection.scalar("PRAGMA data_version") ?? 0 }
    }
}
