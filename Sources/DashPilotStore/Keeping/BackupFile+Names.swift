import DashPilotCore
import Foundation

/// The names DashPilot gives backups, and what a name says of the backup.
extension BackupFile {
    /// The number `freeName` added to a default name to make it free (`…-2140-3.sqlite`: 3), 1 for
    /// a name without one: of two backups made in one second, the higher number is the newer.
    static func suffix(of name: String) -> Int {
        let fields = name.dropLast(".sqlite".count).split(separator: "-")
        guard fields.count >= 6, let number = Int(fields[fields.count - 1]) else { return 1 }
        let stamp = fields[(fields.count - 5)..<(fields.count - 1)].map(\.count)
        return stamp == [4, 2, 2, 4] ? number : 1
    }

    /// Why DashPilot made the backup named `name` on its own, when it is such a name:
    /// `dashpilot-before-v8-2026-11-29-2140.sqlite`, `dashpilot-before-restore-…-2.sqlite`. A name a
    /// driver chose that only begins so ("dashpilot-before-my-trip.sqlite") is the driver's: `nil`.
    static func automaticKind(_ name: String) -> AutomaticBackup? {
        guard name.hasPrefix("dashpilot-before-"), name.hasSuffix(".sqlite") else { return nil }
        var fields = name.dropFirst("dashpilot-before-".count).dropLast(".sqlite".count).split(
            separator: "-", omittingEmptySubsequences: false)
        guard let what = fields.first else { return nil }
        let kind: AutomaticBackup
        if what == "restore" {
            kind = .beforeRestore
        } else if what.first == "v", what.dropFirst().allSatisfy(\.isASCII), let version = Int(what.dropFirst()) {
            kind = .beforeUpgrade(toVersion: version)
        } else {
            return nil
        }
        fields.removeFirst()
        if fields.count == 5, let number = Int(fields[4]), number >= 2, fields[4].allSatisfy(\.isASCII) { fields.removeLast() }
        guard fields.map(\.count) == [4, 2, 2, 4] && fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return nil
        }
        return kind
    }

    /// The default name of a backup made at `time`: `dashpilot-2026-11-29-2140.sqlite`, with
    /// `before` naming an automatic one (`dashpilot-before-v8-…`), and `-2`, `-3`… when taken.
    static func freeName(in folder: StorePath, before: String?, at time: Date, timeZone: TimeZone) -> StorePath {
        let day = LocalDate(time, in: timeZone)
        let seconds = ((time.localSeconds(in: timeZone) % 86_400) + 86_400) % 86_400
        let clock = String(format: "%02d%02d", seconds / 3600, seconds / 60 % 60)
        let stem = "dashpilot-" + (before.map { "before-\($0)-" } ?? "") + "\(day)-\(clock)"
        // A folder given as "bk/" names its files "bk/dashpilot-…", not "bk//dashpilot-…".
        let inside = folder.bytes.last == 0x2F ? folder.bytes : folder.bytes + [0x2F]
        var candidate = StorePath(bytes: inside + Array("\(stem).sqlite".utf8))
        var suffix = 2
        var info = stat()
        while candidate.withCString({ lstat($0, &info) }) == 0 {
            candidate = StorePath(bytes: inside + Array("\(stem)-\(suffix).sqlite".utf8))
            suffix += 1
        }
        return candidate
    }
}
