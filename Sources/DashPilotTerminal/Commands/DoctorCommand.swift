import DashPilotCore
import DashPilotScreens
import DashPilotStore

/// `doctor`: checks the store and changes nothing.
enum DoctorCommand {
    static let doctor = CommandDefinition(
        words: ["doctor"],
        overview: "Checks the store (integrity, references, names, route summaries, version) and changes nothing.",
        printsJSON: true
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let json = input.json
        return { context in
            // On a terminal, a line says which check runs (seconds on years), cleared before the findings.
            let status = ProgressLine(plainCharacters: context.plainCharacters)
            let report = try context.storeAsItIs().doctor { status.show(StatusWords.doctor($0)) }
            status.clear()
            let backupsBlocked = DashPilotStore.backupsFolderBlocked(of: context.storePath)
            let screen = DoctorScreen(report: report, format: context.format, backupsBlocked: backupsBlocked != nil)
            // It answers as an empty store would (cli.md), saying first that there is none; and
            // with no store, no check is said of a file that is not there ("The file is intact."):
            // only the notes, in text and in JSON alike.
            let present = context.storeExists
            var absence: String?
            if let target = DashPilotStore.danglingLink(context.storePath) {
                absence =
                    "The store at \(context.storePath.display) is a link to \(target), where there is no file: "
                    + "a command that writes is refused until it points at a store."
            } else if !present {
                absence = "There is no store at \(context.storePath.display) yet: the first command that writes makes it."
            }
            let findings = report.findings.filter { present || $0.isNote }
            let blocked = backupsBlocked.map(Self.blockedSentence)
            // An older store's upgrade runs only after a backup (keeping.md): with none possible,
            // no command can use it (74), as a read-only one.
            let upgradeBlocked = report.isOlderVersion && present ? backupsBlocked : nil
            if json {
                // Its sentences and times never follow the locale or the time zone (platform.md:
                // "`--json` output never depends on either"): a time is ISO 8601, UTC. The notes
                // of the text are there too.
                func note(_ name: String, _ sentence: String?) -> [JSON] {
                    sentence.map { [.object([("name", .string(name)), ("passed", .bool(true)), ("finding", .string($0))])] } ?? []
                }
                let checks = findings.map { Self.check($0, backupsBlocked: upgradeBlocked != nil, backupFails: report.backupFailsItsCheck) }
                context.say(
                    json: .object([
                        ("healthy", .bool(report.isHealthy && upgradeBlocked == nil)),
                        ("checks", .array(note("store", absence) + checks + note("backupsFolder", blocked))),
                    ]))
            } else {
                if let absence { context.say("note \(absence)") }
                for line in screen.lines where present || line.isNote {
                    context.say("\(line.isNote ? "note" : line.passed ? "ok  " : "FAIL") \(line.sentence)")
                }
                if let blocked { context.say("note \(blocked)") }
                if report.isHealthy && present && upgradeBlocked == nil { context.say(screen.verdict) }
            }
            // An older store that can't be written can't be used (74): the upgrade can't run.
            // Said first, as every command says it (its backups folder then can't be written either).
            if let version = report.readOnlyOlderVersion {
                throw StoreError.readOnlyNeedsUpgrade(path: context.storePath.display, version: version)
            }
            if let upgradeBlocked {
                throw StoreError.notUpgraded(path: context.storePath.display, reason: "\(upgradeBlocked.folder) \(upgradeBlocked.reason)")
            }
            // Nor one whose backup would fail its check: 74, as every command then says.
            if report.isOlderVersion && present && report.backupFailsItsCheck {
                if report.isDamaged { throw StoreError.damaged(path: context.storePath.display) }
                throw StoreError.notUpgraded(
                    path: context.storePath.display, reason: "a row of the store points at a row that no longer exists")
            }
            // Status 1: standard error says so, in a sentence (cli.md), as after any refusal.
            if !report.isHealthy { throw CommandFailure(sentence: screen.verdict) }
            return ExitStatus.done
        }
    }

    /// Why no backup can be made in the backups folder, as a sentence (doctor's note, under `backup list`).
    static func blockedSentence(_ blocked: (folder: String, reason: String)) -> String {
        "\(blocked.folder) \(blocked.reason): no backup can be made there until it "
            + (blocked.reason == "is not a folder" ? "is one." : "can be.")
    }

    /// A check as `--json` gives it: its name, whether it passed, what it found; the newest
    /// backup's time also as a value of its own (`null` when there is none).
    /// `backupsBlocked`, `backupFails`: an older store's version fails, no backup (which its
    /// upgrade needs) being possible.
    static func check(_ finding: DoctorReport.Finding, backupsBlocked: Bool = false, backupFails: Bool = false) -> JSON {
        let blocked = DoctorScreen.blockedUpgrade(finding, backupsBlocked: backupsBlocked, backupFails: backupFails)
        var members: [(String, JSON)] = [
            ("name", .string(finding.name)), ("passed", .bool(blocked == nil && finding.passed)),
            ("finding", .string(blocked ?? DoctorScreen.sentence(finding))),
        ]
        if case .newestBackup(let date) = finding { members.append(("madeAt", date.map(JSON.time) ?? .null)) }
        return .object(members)
    }
}
