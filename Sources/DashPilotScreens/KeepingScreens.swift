import DashPilotCore
import Foundation

/// The words of backups and restoring (keeping.md).
public enum KeepingWords {
    /// "5,000 shifts, 100,050 deliveries and 2,000 places".
    public static func holds(_ summary: BackupSummary) -> String {
        "\(count(summary.shifts, "shift")), \(count(summary.deliveries, "delivery", "deliveries")) and \(count(summary.places, "place"))"
    }

    /// "714 MiB", "12 KiB".
    public static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 20 { return "\(grouped(Int((Double(bytes) / 1_048_576).rounded()))) MiB" }
        // A file of a few bytes takes room all the same: 1 KiB; only an empty one is 0.
        return "\(bytes == 0 ? 0 : max(1, Int((Double(bytes) / 1024).rounded()))) KiB"
    }

    /// What a backup ends with: "Backed up 5,000 shifts, 100,050 deliveries and 2,000 places to
    /// …/dashpilot-2026-11-29-2140.sqlite (714 MiB), checked."
    public static func backedUp(_ summary: BackupSummary) -> String {
        "Backed up \(holds(summary)) to \(summary.path) (\(size(summary.bytes))), checked."
    }

    /// What a restore ends with; `keptBefore` when the store it replaced was backed up first (there
    /// was one), and `damagedKeptAs` where, when it failed its checks and was kept all the same.
    public static func restored(_ summary: BackupSummary, from path: String, keptBefore: Bool = true, damagedKeptAs: String? = nil)
        -> String
    {
        "Restored \(holds(summary)) from \(path)" + (keptBefore ? "; the store as it was is kept in the backups folder." : ".")
            + (damagedKeptAs.map { " The store as it was failed its checks, and was kept as \($0) all the same." } ?? "")
    }

    /// The question before a restore, naming what each holds: "Replace the store (5,012 shifts,
    /// newest Nov 29) with the backup (5,000 shifts, newest Nov 22)? The store as it is now is
    /// backed up first." A store too damaged for its shifts to be counted (`nil`) is said to be so.
    public static func restoreQuestion(store: BackupSummary?, backup: BackupSummary, format: ScreenFormat) -> String {
        func what(_ summary: BackupSummary) -> String {
            count(summary.shifts, "shift") + (summary.newestShift.map { ", newest \(newest($0, format: format))" } ?? "")
        }
        let current = store.map(what) ?? "damaged: its shifts could not be counted"
        return "Replace the store (\(current)) with the backup (\(what(backup)))? The store as it is now is backed up first."
    }

    /// The question before a restore where no store is yet (a new device): nothing to back up.
    public static func restoreQuestion(newStoreAt path: String, backup: BackupSummary, format: ScreenFormat) -> String {
        let newestDay = backup.newestShift.map { ", newest \(newest($0, format: format))" } ?? ""
        return "There is no store at \(path) yet. Make it from the backup (\(count(backup.shifts, "shift"))\(newestDay))?"
    }

    /// The day of a newest shift as the question says it: "Nov 29", with its year when it is not
    /// this one ("Nov 25, 2025").
    static func newest(_ date: Date, format: ScreenFormat) -> String {
        let day = LocalDate(date, in: format.timeZone)
        return format.date(day, template: format.saysYear(day) ? "dMMMy" : "dMMM")
    }

    /// `backup list`: each backup a line, newest first, then the room they take together.
    /// Then each file named as a backup that is not a usable one.
    public static func list(_ backups: [BackupSummary], unusable: [UnusableBackup] = [], format: ScreenFormat) -> [String] {
        let notUsable = unusable.map {
            $0.isUnfinishedCopy
                ? "An unfinished copy from a backup that was stopped: \($0.path) (\(size($0.bytes))); the next backup into this folder removes it."
                : "Not a usable backup: \($0.path) (\(size($0.bytes)))."
        }
        guard !backups.isEmpty else { return ["No backups yet."] + notUsable }
        var lines = backups.map { backup in
            [
                format.moment(backup.madeAt), size(backup.bytes), "schema \(backup.schemaVersion)", count(backup.shifts, "shift"),
                made(by: backup.automatic), backup.path,
            ].joined(separator: " · ")
        }
        lines.append("\(count(backups.count, "backup")), \(size(backups.reduce(0) { $0 + $1.bytes })) together.")
        return lines + notUsable
    }

    /// Who made a backup, and why when DashPilot did: "made by you", "automatic, before a
    /// restore", "automatic, before the upgrade to version 8".
    static func made(by automatic: AutomaticBackup?) -> String {
        switch automatic {
        case nil: "made by you"
        case .beforeRestore: "automatic, before a restore"
        case .beforeUpgrade(let version): "automatic, before the upgrade to version \(version)"
        }
    }

    static func count(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        count == 1 ? "1 \(one)" : "\(grouped(count)) \(many ?? one + "s")"
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
