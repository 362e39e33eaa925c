import DashPilotCore

/// What `doctor` found, one sentence a check, and its verdict.
public struct DoctorScreen: Sendable, Equatable {
    /// One check: its stable name, whether it passed, and what it found.
    public struct Line: Sendable, Equatable {
        /// "integrity".
        public var name: String
        /// Whether the check passed.
        public var passed: Bool
        /// What it found, as a sentence.
        public var sentence: String
        /// Whether it is a note rather than a check (when the newest backup was made; expenses in
        /// a category this version does not know).
        public var isNote = false
    }

    /// The checks in the order they ran.
    public var lines: [Line]
    /// "The store is healthy." or what to know when it is not.
    public var verdict: String

    /// The words of `report`, its times in `format`; `backupsBlocked`: where no backup can be
    /// made (the backups folder is a file), none is offered.
    public init(report: DoctorReport, format: ScreenFormat, backupsBlocked: Bool = false) {
        lines = report.findings.map { finding in
            if case .newestBackup(let date) = finding {
                let sentence =
                    date.map { moment in
                        // A date that ends in its own point ("Di. 1. Dez.") ends the sentence.
                        let when = format.moment(moment)
                        return "The newest backup was made \(when)" + (when.hasSuffix(".") ? "" : ".")
                    }
                    ?? (backupsBlocked || !report.isHealthy
                        ? "There is no backup yet." : "There is no backup yet: dashpilot backup makes one.")
                return Line(name: finding.name, passed: true, sentence: sentence, isNote: true)
            }
            if let blocked = Self.blockedUpgrade(finding, backupsBlocked: backupsBlocked, backupFails: report.backupFailsItsCheck) {
                return Line(name: finding.name, passed: false, sentence: blocked)
            }
            return Line(name: finding.name, passed: finding.passed, sentence: Self.sentence(finding), isNote: finding.isNote)
        }
        verdict =
            !report.isHealthy || lines.contains(where: { !$0.passed })
            ? "The store has problems; nothing was changed."
            : report.isOlderVersion ? "Nothing wrong was found in what can be checked before the upgrade." : "The store is healthy."
    }

    static func plural(_ count: Int, _ one: String, _ many: String) -> String { count == 1 ? "1 \(one)" : "\(count) \(many)" }

    /// What an older store's version says where no backup can be made, which its upgrade needs
    /// first (keeping.md): the backups folder is blocked, or the store's problems would fail its
    /// backup's check; `nil` for any other finding, or where a backup can be made.
    public static func blockedUpgrade(_ finding: DoctorReport.Finding, backupsBlocked: Bool, backupFails: Bool) -> String? {
        guard case .schemaVersion(let found, let today, false) = finding, found < today else { return nil }
        if backupsBlocked {
            return
                "The store is at schema version \(found); it is upgraded to \(today) only after a backup of it, and no backup can be made."
        }
        guard backupFails else { return nil }
        return
            "The store is at schema version \(found); it is upgraded to \(today) only after a checked backup of it, which fails its check while the store has the problems above."
    }

    /// A finding as a sentence.
    public static func sentence(_ finding: DoctorReport.Finding) -> String {
        switch finding {
        case .integrity(let problems):
            problems == 0 ? "The file is intact." : "SQLite's integrity check found \(plural(problems, "problem", "problems")) in the file."
        case .foreignKeys(let dangling):
            dangling == 0
                ? "Every reference points at a row that exists."
                : "\(plural(dangling, "row points", "rows point")) at a row that no longer exists."
        case .schemaVersion(let found, let today, let readOnly):
            found == today
                ? "The store is at schema version \(found), today's."
                : readOnly
                    ? "The store is at schema version \(found) and read-only: every command but doctor, backup and backup list upgrades it to \(today) first, which writes it; make the file and its folder writable."
                    : "The store is at schema version \(found); the next command that reads or writes it upgrades it to \(today), after a checked backup (doctor, backup and backup list leave it as it is)."
        case .namingPolicy(let found, let today):
            found == today
                ? "Keys were made by today's naming policy (version \(found))."
                // Versions count from 1: 0 is a store whose record of it another tool removed.
                : found == 0
                    ? "The store does not record which naming policy made its keys; today's is \(today)."
                    : "Keys were made by naming policy version \(found); today's is \(today)."
        case .keys(let count):
            count == 0
                ? "Every place's key matches today's naming policy."
                : "\(plural(count, "place holds", "places hold")) a name or key that today's naming policy would not write."
        case .sharedKeys(let pairs):
            pairs.isEmpty
                ? "No two places share a key."
                : pairs.map { "\($0.first.name) and \($0.other.name) share a key" }.joined(separator: "; ")
                    // Every spelling finds the earlier, so a merge by name alone would be of one
                    // place into itself: the earlier takes another name first.
                    + "; a typed name finds the earlier of each pair, and nothing merges them on its own. To make a pair one place, "
                    + "rename the earlier (dashpilot place rename), then merge the other into it by the name they shared "
                    + "(dashpilot place merge), or press m on either's history in the places screen."
        case .tips(let count):
            count == 0 ? "Every tip is more than zero." : "\(plural(count, "tip is", "tips are")) zero or less."
        case .pauses(let count):
            count == 0
                ? "Every pause lies inside its shift, apart from other pauses and from open deliveries."
                : count == 1
                    ? "1 pause overlaps another pause or an open delivery, or lies outside its shift."
                    : "\(count) pauses overlap other pauses or open deliveries, or lie outside their shifts."
        case .expenseCategories(let count):
            count == 0
                ? "Every expense's category is one this version reads."
                : "\(plural(count, "expense has", "expenses have")) a category this version does not know; it reads as other."
        case .currency(let code, let valid):
            valid
                ? "The store's currency is \(code)."
                : code.isEmpty ? "The store keeps no currency." : "The store's currency, \(code), is not an ISO 4217 code."
        case .newestBackup(let date):
            date.map { "The newest backup was made \(ISO8601.format($0))." } ?? "There is no backup yet."
        case .backupsUnreadable(let folder, let reason):
            "The backups folder \(folder) can't be read (\(reason)): which backups it holds can't be said."
        case .routeSummaries(let differing):
            differing.isEmpty
                ? "Every shift's route summary matches its route samples."
                : (differing.count == 1
                    ? "The route summary of shift \(listed(differing)) differs from its route samples"
                    : "The route summaries of shifts \(listed(differing)) differ from their route samples")
                    + "; route rebuild on this store makes every summary again from the samples."
        }
    }

    /// "4", "1 and 3", "1, 3 and 4", "1, 2, …, 10 and 5 more".
    private static func listed(_ ids: [Int64]) -> String {
        var shown = ids.prefix(10).map { "\($0)" }
        if ids.count > 10 { shown.append("\(ids.count - 10) more") }
        guard let last = shown.popLast() else { return "" }
        return shown.isEmpty ? last : shown.joined(separator: ", ") + " and " + last
    }
}

/// What a route import kept and skipped, in sentences.
public struct RouteImportScreen: Sendable, Equatable {
    /// The lines: what was kept, then each reason with its count.
    public var lines: [String]

    /// The words of `report` for `file` (named on each line when several files were read).
    public init(report: RouteImportReport, file: String, several: Bool) {
        let prefix = several ? file + ": " : ""
        if report.tracks == 0 && report.routesOrWaypoints > 0 {
            lines = [prefix + "The file holds no recorded track, only planned routes or waypoints; nothing was imported."]
            return
        }
        if report.tracks == 0 {
            lines = [prefix + "The file holds no track; nothing was imported."]
            return
        }
        lines = [prefix + "Kept \(report.kept) point\(report.kept == 1 ? "" : "s"); skipped \(report.skippedCount)."]
        for (skip, count) in report.skipped.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(count) skipped: \(Self.reason(skip))")
        }
    }

    /// Why points were skipped, as a clause.
    public static func reason(_ skip: RouteImportReport.Skip) -> String {
        switch skip {
        case .outsideEveryShift: "outside every shift"
        case .refused(let problem): problem.sentence
        case .unreadable(let skip): skip.sentence
        case .live(let skip): skip.sentence
        }
    }
}
