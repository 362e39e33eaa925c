import Foundation

/// What `doctor` found: one finding a check, as values for a surface to word. Holds counts and
/// shift ids, and the two places of a shared key (their names are shown to the driver, who must
/// know which two they are; a report is never logged).
public struct DoctorReport: Sendable, Equatable {
    /// Two places holding one key: the earliest-created, which a typed name finds, and another.
    public struct SharedKey: Sendable, Equatable {
        /// The place a typed name finds.
        public var first: PickupPlace
        /// A later place with the same key.
        public var other: PickupPlace

        /// Creates a pair.
        public init(first: PickupPlace, other: PickupPlace) {
            self.first = first
            self.other = other
        }
    }

    /// One check and what it found.
    public enum Finding: Sendable, Equatable {
        /// SQLite's integrity check, and how many problems it listed (0: intact).
        case integrity(problems: Int)
        /// Rows that point at a row that no longer exists.
        case foreignKeys(dangling: Int)
        /// The store's schema version, and today's; `readOnly`: an older store that can't be
        /// written, so that the upgrade every other command begins with can't run.
        case schemaVersion(found: Int, today: Int, readOnly: Bool = false)
        /// The naming policy the keys were made by, and today's.
        case namingPolicy(found: Int, today: Int)
        /// How many places hold a name or key today's naming policy would not write.
        case keys(notTodays: Int)
        /// The places that share a key with an earlier one.
        case sharedKeys([SharedKey])
        /// The shifts whose route summary differs from their samples.
        case routeSummaries(differing: [Int64])
        /// Tips of zero or less.
        case tips(notMoreThanZero: Int)
        /// Pauses overlapping another pause or a delivery's open interval, or outside their shift.
        case pauses(misplaced: Int)
        /// Expenses in a category this version cannot read (they read as other).
        case expenseCategories(unknown: Int)
        /// The store's currency code (empty where it keeps none), and whether it is a real ISO 4217 code.
        case currency(code: String, isISO4217: Bool)
        /// When the newest backup in the backups folder was made, or `nil` when there is none: a
        /// note, never a problem.
        case newestBackup(Date?)
        /// The backups folder stands there but can't be read, and why: which backups it holds
        /// can't be said (a note, never taken for none).
        case backupsUnreadable(folder: String, reason: String)

        /// A stable name for `--json` readers ("integrity").
        public var name: String {
            switch self {
            case .integrity: "integrity"
            case .foreignKeys: "foreignKeys"
            case .schemaVersion: "schemaVersion"
            case .namingPolicy: "namingPolicy"
            case .keys: "keys"
            case .sharedKeys: "duplicateKeys"
            case .routeSummaries: "routeSummaries"
            case .tips: "tips"
            case .pauses: "pauses"
            case .expenseCategories: "expenseCategories"
            case .currency: "currency"
            case .newestBackup, .backupsUnreadable: "newestBackup"
            }
        }

        /// Whether the check passed.
        public var passed: Bool {
            switch self {
            case .integrity(let problems): problems == 0
            case .foreignKeys(let dangling): dangling == 0
            // An older store is no problem: the next command that reads or writes it upgrades it,
            // unless it can't be written.
            case .schemaVersion(let found, let today, let readOnly): found == today || (found < today && !readOnly)
            case .namingPolicy(let found, let today): found == today
            case .keys(let count): count == 0
            case .sharedKeys(let pairs): pairs.isEmpty
            case .routeSummaries(let differing): differing.isEmpty
            case .tips(let count), .pauses(let count): count == 0
            case .currency(_, let valid): valid
            // A category a newer version wrote is the driver's record, read as other: doctor says
            // so (a note), and a store holding one can still be backed up.
            case .expenseCategories, .newestBackup, .backupsUnreadable: true
            }
        }

        /// Whether the finding is a note rather than a check's result: when the newest backup was
        /// made, and expenses in a category this version does not know.
        public var isNote: Bool {
            switch self {
            case .newestBackup, .backupsUnreadable: true
            case .schemaVersion(let found, let today, let readOnly): found < today && !readOnly
            case .expenseCategories(let count): count > 0
            default: false
            }
        }
    }

    /// The findings in the order the checks ran.
    public var findings: [Finding]

    /// Creates a report.
    public init(findings: [Finding]) { self.findings = findings }

    /// Whether every check passed.
    public var isHealthy: Bool { findings.allSatisfy(\.passed) }

    /// Whether the store is at an older schema version, so that only the checks of what that
    /// version holds ran.
    public var isOlderVersion: Bool {
        if case .schemaVersion(let found, let today, _) = finding("schemaVersion") { return found < today }
        return false
    }

    /// The version of an older store that can't be written, which no command but `doctor`,
    /// `backup` and `backup list` can use; `nil` for any other.
    public var readOnlyOlderVersion: Int? {
        if case .schemaVersion(let found, _, true) = finding("schemaVersion") { return found }
        return nil
    }

    /// Whether SQLite's integrity check found problems.
    public var isDamaged: Bool {
        if case .integrity(let problems) = finding("integrity") { return problems > 0 }
        return false
    }

    /// Whether a backup of the store would fail its check (keeping.md: "integrity, foreign
    /// keys"): an older store's upgrade, which needs one first, can't run.
    public var backupFailsItsCheck: Bool {
        if isDamaged { return true }
        if case .foreignKeys(let dangling) = finding("foreignKeys") { return dangling > 0 }
        return false
    }

    /// The finding of check `name`, if it ran.
    public func finding(_ name: String) -> Finding? { findings.first { $0.name == name } }
}
