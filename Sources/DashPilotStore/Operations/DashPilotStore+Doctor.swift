import DashPilotCore

extension DashPilotStore {
    /// Checks the store (integrity, foreign keys, schema and policy versions, every key against
    /// `policy`, keys held twice, every route summary against its samples) and changes nothing.
    /// `progress` is told each step as it begins, and how far through the route summaries it is.
    public func doctor(policy: NamingPolicy = .current, progress: ((DoctorStep) -> Void)? = nil) throws -> DoctorReport {
        try doctor(policy: policy, sqliteChecksPassed: false, progress: progress)
    }

    /// `doctor`; with `sqliteChecksPassed`, the caller ran SQLite's integrity and foreign-key
    /// checks on this file already and both passed (a backup's copy: each reads the whole file,
    /// seconds on years), and they are not run again.
    func doctor(policy: NamingPolicy = .current, sqliteChecksPassed: Bool, progress: ((DoctorStep) -> Void)? = nil) throws -> DoctorReport {
        // A store on disk has SQLite's integrity check run beside the rest, through a connection
        // of its own: each reads the whole file, seconds on years.
        guard !sqliteChecksPassed && path != ":memory:" else {
            return DoctorReport(findings: try findings(policy: policy, running: sqliteChecksPassed ? .neither : .both, progress: progress))
        }
        let (integrity, rest, _) = BackupFile.checkingIntegrity(of: file) { _ in
            let findings = try findings(policy: policy, running: .foreignKeys, progress: progress)
            // What may still run once the rest is done.
            progress?(.integrity)
            return findings
        }
        let lines: [String]
        do {
            lines = try integrity.get()
        } catch let error as SQLiteError {
            // A file so damaged that the check itself fails: said as any read of it says so.
            throw StoreError.reading(error, on: connection, path: path)
        }
        return DoctorReport(findings: [.integrity(problems: lines == ["ok"] ? 0 : lines.count)] + (try rest.get()))
    }

    /// Which of SQLite's own checks `findings` runs: `neither` when the caller ran both and they
    /// passed, `foreignKeys` when the caller runs the integrity check beside the rest.
    private enum SQLiteChecks { case neither, foreignKeys, both }

    /// What each check found, in the report's order; of SQLite's own checks, those `running` says.
    private func findings(policy: NamingPolicy, running checks: SQLiteChecks, progress: ((DoctorStep) -> Void)?) throws
        -> [DoctorReport.Finding]
    {
        try read {
            var findings: [DoctorReport.Finding] = []
            if checks == .both {
                progress?(.integrity)
                let integrity = try connection.texts("PRAGMA integrity_check")
                findings.append(.integrity(problems: integrity == ["ok"] ? 0 : integrity.count))
            }
            if checks == .neither {
                findings.append(.integrity(problems: 0))
                findings.append(.foreignKeys(dangling: 0))
            } else {
                progress?(.references)
                findings.append(.foreignKeys(dangling: Int(try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") ?? 0)))
            }
            let version = Int(try connection.scalar("PRAGMA user_version") ?? 0)
            // Tables unlike those of the version the store says it has: no check or upgrade can run.
            try SchemaShape.check(connection, version: version)
            let readOnly = version < Schema.currentVersion && StoreFile.cannotBeWritten(file)
            findings.append(.schemaVersion(found: version, today: Schema.currentVersion, readOnly: readOnly))
            // Each check runs from the version that made what it reads, so that an older store is
            // checked for all it holds before an upgrade carries it forward.
            // An older store keyed by an older policy is re-keyed by its upgrade: its keys are
            // checked then, not against a policy that never made them.
            let keyedBy = version >= Schema.pickupPlacesVersion ? try placeTable.policyVersion() : nil
            if let keyedBy, version == Schema.currentVersion || keyedBy == policy.version {
                findings.append(.namingPolicy(found: keyedBy, today: policy.version))
                progress?(.keys)
                // The policy refuses bytes that are not UTF-8, never repairs them.
                var notTodays = try placeTable.notUTF8()
                try placeTable.forEachStored { id, displayName, key in
                    guard let display = try? policy.display(displayName), display.utf8.elementsEqual(displayName.utf8),
                        policy.key(display).utf8.elementsEqual(key.utf8)
                    else {
                        notTodays.insert(id)
                        return
                    }
                }
                findings.append(.keys(notTodays: notTodays.count))
                findings.append(.sharedKeys(try placeTable.sharedKeys().map { DoctorReport.SharedKey(first: $0.first, other: $0.other) }))
            }
            if version >= Schema.routeSummaryVersion {
                findings.append(.routeSummaries(differing: try routeSummaries.shiftsWhoseSummaryDiffers { progress?(.routeSummaries($0)) }))
            }
            if version >= Schema.moneyVersion {
                findings.append(.tips(notMoreThanZero: try tipTable.notMoreThanZero()))
                findings.append(.pauses(misplaced: try pauseTable.misplaced()))
                findings.append(.expenseCategories(unknown: try expenseTable.unknownCategories()))
                let code = try currencyTable.stored()
                findings.append(.currency(code: code ?? "", isISO4217: code.map { Currency($0)?.code == $0 } ?? false))
            }
            do {
                findings.append(.newestBackup(try backups().first?.madeAt))
            } catch StoreError.backupsUnreadable(let folder, let reason) {
                findings.append(.backupsUnreadable(folder: folder, reason: reason))
            }
            return findings
        }
    }
}
