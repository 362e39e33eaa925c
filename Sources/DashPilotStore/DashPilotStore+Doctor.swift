import DashPilotCore

/// What `doctor` found, in plain words. Holds counts of problems, never a name or a key.
public struct DoctorReport: Sendable, Equatable {
    /// One check and what it found.
    public struct Check: Sendable, Equatable {
        /// A stable name for `--json` readers ("integrity").
        public var name: String
        /// Whether the check passed.
        public var passed: Bool
        /// What it found, as a sentence.
        public var sentence: String
    }

    /// The checks in the order they ran.
    public var checks: [Check]

    /// Whether every check passed.
    public var isHealthy: Bool { checks.allSatisfy(\.passed) }
}

extension DashPilotStore {
    /// Checks the store (integrity, foreign keys, every key against today's naming policy,
    /// duplicate keys, schema and policy versions) and changes nothing.
    public func doctor() throws -> DoctorReport {
        try read {
            var checks: [DoctorReport.Check] = []
            let integrity = try connection.query("PRAGMA integrity_check") { $0.text(0) }
            let intact = integrity == ["ok"]
            checks.append(
                .init(
                    name: "integrity", passed: intact,
                    sentence: intact
                        ? "The file is intact."
                        : "SQLite's integrity check found \(integrity.count) problem\(integrity.count == 1 ? "" : "s") in the file."))
            let dangling = try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") ?? 0
            checks.append(
                .init(
                    name: "foreignKeys", passed: dangling == 0,
                    sentence: dangling == 0
                        ? "Every reference points at a row that exists."
                        : "\(dangling) row\(dangling == 1 ? "" : "s") point at a row that no longer exists."))
            let version = Int(try connection.scalar("PRAGMA user_version") ?? 0)
            let current = version == Schema.currentVersion
            checks.append(
                .init(
                    name: "schemaVersion", passed: current,
                    sentence: current
                        ? "The store is at schema version \(version), today's."
                        : "The store is at schema version \(version); today's is \(Schema.currentVersion)."))
            guard current else { return DoctorReport(checks: checks) }

            let policy = Int(try connection.scalar("SELECT version FROM naming_policy WHERE id = 1") ?? 0)
            checks.append(
                .init(
                    name: "namingPolicy", passed: policy == PickupPlaceName.policyVersion,
                    sentence: policy == PickupPlaceName.policyVersion
                        ? "Keys were made by today's naming policy (version \(policy))."
                        : "Keys were made by naming policy version \(policy); today's is \(PickupPlaceName.policyVersion)."))
            var stale = 0
            var unreadable = 0
            let statement = try connection.statement("SELECT display_name, key FROM pickup_place")
            defer { statement.reset() }
            while try statement.step() {
                let row = Row(statement: statement)
                guard let name = try? PickupPlaceName(row.text(0)) else {
                    unreadable += 1
                    continue
                }
                if !name.display.utf8.elementsEqual(row.text(0).utf8) || !name.key.utf8.elementsEqual(row.text(1).utf8) { stale += 1 }
            }
            checks.append(
                .init(
                    name: "keys", passed: stale == 0 && unreadable == 0,
                    sentence: stale == 0 && unreadable == 0
                        ? "Every place's key matches today's naming policy."
                        : "\(stale + unreadable) place\(stale + unreadable == 1 ? " holds" : "s hold") a name or key that today's naming policy would not write."
                ))
            let duplicates =
                try connection.scalar("SELECT count(*) FROM (SELECT key FROM pickup_place GROUP BY key HAVING count(*) > 1)") ?? 0
            checks.append(
                .init(
                    name: "duplicateKeys", passed: duplicates == 0,
                    sentence: duplicates == 0
                        ? "No two places share a key."
                        : "\(duplicates) key\(duplicates == 1 ? " is" : "s are") held by more than one place; a typed name finds the earliest, and nothing merges them on its own."
                ))
            let differing = try routeSummaries.shiftsWhoseSummaryDiffers()
            let listed =
                differing.prefix(10).map { "\($0)" }.joined(separator: ", ")
                + (differing.count > 10 ? " and \(differing.count - 10) more" : "")
            checks.append(
                .init(
                    name: "routeSummaries", passed: differing.isEmpty,
                    sentence: differing.isEmpty
                        ? "Every shift's route summary matches its route samples."
                        : "The route summary of shift\(differing.count == 1 ? "" : "s") \(listed) differs from \(differing.count == 1 ? "its" : "their") route samples."
                ))
            return DoctorReport(checks: checks)
        }
    }
}
