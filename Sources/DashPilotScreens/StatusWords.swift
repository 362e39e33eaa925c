import DashPilotCore

/// The one line a long command redraws on a terminal's standard error while it works: what it is
/// doing, and how far through it is when that is known.
public enum StatusWords {
    /// "Backing up: 62%", then "Backing up: checking the copy…".
    public static func backup(_ step: BackupStep) -> String {
        switch step {
        case .copying(let fraction): "Backing up: \(percent(fraction))"
        case .checking: "Backing up: checking the copy…"
        }
    }

    /// What a restore checks before its question (or before it runs, with `--yes`).
    public static let checkingBackup = "Checking the backup…"

    /// "Restoring: backing up the store, 62%", "Restoring: replacing the store, 40%"…
    public static func restore(_ step: RestoreStep) -> String {
        switch step {
        case .checkingBackup: "Restoring: checking the backup…"
        case .upgradingBackup: "Restoring: upgrading the backup…"
        case .backingUpStore(.copying(let fraction)): "Restoring: backing up the store, \(percent(fraction))"
        case .backingUpStore(.checking): "Restoring: checking the store's copy…"
        case .replacing(let fraction): "Restoring: replacing the store, \(percent(fraction))"
        }
    }

    /// "Checking the file…", "Checking references…", "Checking place keys…", then "Checking route
    /// summaries: 62%".
    public static func doctor(_ step: DoctorStep) -> String {
        switch step {
        case .integrity: "Checking the file…"
        case .references: "Checking references…"
        case .keys: "Checking place keys…"
        case .routeSummaries(let fraction): "Checking route summaries: \(percent(fraction))"
        }
    }

    /// A store's upgrade, kept on screen at 100%: "Upgrading the store to this version: 62%".
    public static func upgrading(_ fraction: Double) -> String { "Upgrading the store to this version: \(percent(fraction))" }

    /// The screen-reader mode's sentences for an upgrade: one as it starts, one as it ends.
    public static let upgradingSpoken = "Upgrading the store to this version."
    public static let upgraded = "The store is upgraded to this version."

    /// `route rebuild`'s line, kept on screen at 100%: "Rebuilding the route summaries: 62%".
    public static func rebuildingRouteSummaries(_ fraction: Double) -> String {
        "Rebuilding the route summaries: \(percent(fraction))"
    }

    /// An import's line: "Reading ride.gpx: 62%".
    public static func reading(_ file: String, _ fraction: Double) -> String { "Reading \(file): \(percent(fraction))" }

    /// Standard input while it is copied, its length not known: "Reading standard input: 12 MiB
    /// so far".
    public static func reading(_ file: String, bytes: Int) -> String {
        "Reading \(file): \(KeepingWords.size(Int64(bytes))) so far"
    }

    /// "62%": whole percents, rounded down, so that 100% means done.
    static func percent(_ fraction: Double) -> String { "\(Int((min(1, max(0, fraction)) * 100).rounded(.down)))%" }
}
