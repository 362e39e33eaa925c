import Foundation

/// What a backup (or a store) holds: where it is, when it was made, its size and schema version,
/// and what it records, for the message a backup ends with, `backup list` and a restore's
/// question. Counts and dates only: no name.
public struct BackupSummary: Sendable, Equatable {
    /// The file.
    public var path: String
    /// When it was made, by the clock that made it (the file's modification time).
    public var madeAt: Date
    /// Its size on disk.
    public var bytes: Int64
    /// Its schema version.
    public var schemaVersion: Int
    /// How many shifts, deliveries and places it holds.
    public var shifts: Int
    public var deliveries: Int
    public var places: Int
    /// When its newest shift started, if it holds one.
    public var newestShift: Date?
    /// Why DashPilot made it on its own, before an upgrade or a restore; `nil` for a backup the
    /// driver made.
    public var automatic: AutomaticBackup?
    /// Whether DashPilot made it on its own.
    public var isAutomatic: Bool { automatic != nil }

    /// Creates a summary.
    public init(
        path: String, madeAt: Date, bytes: Int64, schemaVersion: Int, shifts: Int, deliveries: Int, places: Int, newestShift: Date?,
        automatic: AutomaticBackup?
    ) {
        self.path = path
        self.madeAt = madeAt
        self.bytes = bytes
        self.schemaVersion = schemaVersion
        self.shifts = shifts
        self.deliveries = deliveries
        self.places = places
        self.newestShift = newestShift
        self.automatic = automatic
    }
}

/// Why DashPilot made a backup on its own (keeping.md, "Automatic backups").
public enum AutomaticBackup: Sendable, Equatable {
    /// Before an upgrade to the schema version `version` (`dashpilot-before-v8-…`).
    case beforeUpgrade(toVersion: Int)
    /// Before a restore replaced the store (`dashpilot-before-restore-…`).
    case beforeRestore
}

/// A file in the backups folder named as a backup that is not a usable one (damaged, not a store):
/// listed, so that a driver does not count on it.
public struct UnusableBackup: Sendable, Equatable {
    /// The file.
    public var path: String
    /// Its size on disk.
    public var bytes: Int64
    /// Whether it is the copy a backup left unfinished when it was stopped (killed, or the
    /// machine went down): hidden, and removed by the next backup.
    public var isUnfinishedCopy: Bool

    /// Creates one.
    public init(path: String, bytes: Int64, isUnfinishedCopy: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.isUnfinishedCopy = isUnfinishedCopy
    }
}

/// Where a backup stands: copying the store's pages (the fraction copied), then checking the copy
/// (on ten years, most of the time a backup takes).
public enum BackupStep: Sendable, Equatable {
    case copying(Double)
    case checking
}

/// Where a restore stands, in the order its steps run: checking the backup (again, only when the
/// file changed since it was checked before the question), upgrading an older backup in a private
/// copy, backing the store up as it is, then replacing the store (the fraction of pages written).
public enum RestoreStep: Sendable, Equatable {
    case checkingBackup
    case upgradingBackup
    case backingUpStore(BackupStep)
    case replacing(Double)
}

/// Where `doctor` stands: SQLite's two checks, then the places' keys, then every route summary
/// (the fraction of shifts recomputed; on years, most of the time it takes).
public enum DoctorStep: Sendable, Equatable {
    case integrity
    case references
    case keys
    case routeSummaries(Double)
}
