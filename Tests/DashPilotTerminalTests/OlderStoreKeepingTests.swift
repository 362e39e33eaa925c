import DashPilotCore
import DashPilotStore
import Foundation
import Testing

/// A store at an older schema version, one that cannot be opened, and a file that cannot grow, as `doctor`, `backup`
/// and `backup list` meet them (keeping.md, cli.md).
@Suite("Keeping the record of an older store, one that cannot be opened, or one that cannot grow")
struct OlderStoreKeepingTests {
    static func version(of path: String) throws -> Int64 {
        Int64(try DashPilotStore.summary(of: StorePath(path), automatic: nil, allowingNewer: true).schemaVersion)
    }

    /// cli.md: doctor checks "every key against today's naming policy, duplicate keys, every route
    /// summary against its samples". Of a store at version 7 it checked only integrity and
    /// references and said nothing was wrong, while the same file was refused as a backup.
    @Test func doctorOfAnOlderStoreRunsEveryCheckOfWhatItsVersionHolds() throws {
        let dash = Binary()
        let twice = "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Nowhere Noodles', 'nowhere noodles', 1795971720)"
        let old = try KeepingCommandTests.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)",
            "INSERT INTO route_summary VALUES (1, 5.0, 1, 0, 0, 1795971720, 0.0, 0.0, NULL)", twice, twice)
        let report = dash.run(["--store", old, "doctor"])
        #expect(report.status == 1, "\(report.stdout)")
        #expect(report.stdout.contains("FAIL The route summary of shift 1 differs"), "\(report.stdout)")
        #expect(report.stdout.contains("FAIL Nowhere Noodles and Nowhere Noodles share a key"), "\(report.stdout)")
        #expect(report.stdout.contains("ok   Every place's key matches today's naming policy."), "\(report.stdout)")
        // What version 8 added is not looked for in a store that has none of it.
        #expect(!report.stdout.contains("tip") && !report.stdout.contains("currency"), "\(report.stdout)")
        #expect(try Self.version(of: old) == 7)
        let json = try #require(jsonObject(dash.run(["--store", old, "doctor", "--json"]).stdout))
        let names = (json["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(
            names == [
                "integrity", "foreignKeys", "schemaVersion", "namingPolicy", "keys", "duplicateKeys", "routeSummaries", "newestBackup",
            ])
    }

    /// keeping.md: "If the backup cannot be made … the upgrade does not run". Beside a file named
    /// `backups`, doctor said of an older store that the next command upgrades it, offered
    /// `dashpilot backup`, and exited 0, while every command then exited 74.
    @Test func doctorOfAnOlderStoreWhoseUpgradeCanMakeNoBackupSaysItCannotBeUsed() throws {
        let dash = Binary()
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let folder = (old as NSString).deletingLastPathComponent + "/backups"
        try? FileManager.default.removeItem(atPath: folder)
        #expect(FileManager.default.createFile(atPath: folder, contents: Data("not a folder".utf8)))
        let report = dash.run(["--store", old, "doctor"])
        #expect(report.status == 74, "\(report.stdout)\(report.stderr)")
        #expect(report.stderr.contains("needs an upgrade, which runs only after a backup of it"), "\(report.stderr)")
        #expect(report.stderr.contains("backups is not a folder"), "\(report.stderr)")
        #expect(!report.stdout.contains("dashpilot backup makes one") && !report.stdout.contains("Nothing wrong"), "\(report.stdout)")
        #expect(
            report.stdout.contains("FAIL The store is at schema version 7; it is upgraded to 8 only after a backup"), "\(report.stdout)")
        let json = dash.run(["--store", old, "doctor", "--json"])
        #expect(json.status == 74 && json.stdout.contains("\"healthy\": false"), "\(json.stdout)")
        #expect(dash.run(["--store", old, "shift", "list"]).status == 74)
        #expect(try Self.version(of: old) == 7)
    }

    /// The same where `backups` is a link to nothing: doctor looked only at a folder it found,
    /// passed the older store (0) and promised its upgrade, while every command exited 74; of a
    /// store at today's version it said "dashpilot backup makes one", and `backup` failed
    /// (keeping audit).
    @Test func doctorOfAStoreWhoseBackupsFolderIsALinkToNothingSaysNoBackupCanBeMade() throws {
        let dash = Binary()
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let folder = (old as NSString).deletingLastPathComponent + "/backups"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: "nowhere")
        let report = dash.run(["--store", old, "doctor"])
        #expect(report.status == 74, "\(report.stdout)\(report.stderr)")
        #expect(
            report.stdout.contains("FAIL The store is at schema version 7; it is upgraded to 8 only after a backup"), "\(report.stdout)")
        #expect(report.stdout.contains("\(folder) can't be written (No such file or directory)"), "\(report.stdout)")
        #expect(dash.run(["--store", old, "shift", "list"]).status == 74)
        // At today's version: no "dashpilot backup makes one" where it can't.
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let current = dash.run(["doctor"], at: "2026-11-29 17:10:00")
        #expect(!current.stdout.contains("dashpilot backup makes one"), "\(current.stdout)")
        #expect(current.stdout.contains("backups can't be written (No such file or directory)"), "\(current.stdout)")
    }

    /// cli.md, 74: "The store cannot be used: not a DashPilot store, damaged, … Standard error says
    /// which". An older store whose index SQLite finds wrong was refused as a backup that failed
    /// its check "on the copy"; at today's version the same damage is said as the store's.
    @Test func anOlderStoreThatIsDamagedIsSaidSoWhenItsUpgradeIsRefused() throws {
        let dash = Binary()
        let old = try KeepingCommandTests.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)",
            "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE INDEX shift_by_start ON shift (ended_at)' WHERE name = 'shift_by_start'"
        )
        let list = dash.run(["--store", old, "shift", "list"])
        #expect(
            list.status == 74 && list.stderr == "Error: The store at \(old) is damaged and can't be used; it was left as it is.\n",
            "\(list.stderr)")
        #expect(try Self.version(of: old) == 7)
    }

    /// keeping.md: "If the backup cannot be made … the upgrade does not run", and a backup is
    /// checked for "integrity, foreign keys". Of a damaged older store, or one with a row pointing
    /// at none, doctor said beside its FAIL line that the next command upgrades it, and exited 1,
    /// while every command was refused (74) (from audit and review).
    @Test(arguments: [
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE INDEX shift_by_start ON shift (ended_at)' WHERE name = 'shift_by_start'",
            "is damaged and can't be used"
        ),
        ("INSERT INTO route_sample VALUES (99, 1795971800, 407128000, -740060000, 50, NULL)", "a row of the store points at a row"),
    ])
    func doctorOfAnOlderStoreWhoseBackupFailsItsCheckDoesNotPromiseItsUpgrade(damage: String, said: String) throws {
        let dash = Binary()
        let old = try KeepingCommandTests.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)", damage)
        let report = dash.run(["--store", old, "doctor"])
        #expect(report.status == 74 && report.stderr.contains(said), "\(report.stdout)\(report.stderr)")
        #expect(!report.stdout.contains("next command"), "\(report.stdout)")
        #expect(
            report.stdout.contains(
                "FAIL The store is at schema version 7; it is upgraded to 8 only after a checked backup of it, which fails its check while the store has the problems above."
            ), "\(report.stdout)")
        let json = dash.run(["--store", old, "doctor", "--json"])
        #expect(
            json.status == 74 && json.stdout.contains("which fails its check") && !json.stdout.contains("next command"), "\(json.stdout)")
        let listed = dash.run(["--store", old, "shift", "list"])
        #expect(listed.status == 74 && listed.stderr.contains(said), "\(listed.stderr)")
    }

    /// A table no version of DashPilot makes (another program's, beside the record) is no
    /// damage: every command used such a store, while doctor said it could not be used (74) and
    /// backup failed with "damaged(path: …)".
    @Test func aTableOfAnotherProgramBesideTheRecordIsNoDamage() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let made = dash.spawn(
            ["/usr/bin/sqlite3", dash.storePath, "CREATE TABLE my_notes (id INTEGER PRIMARY KEY, body TEXT)"].map { Array($0.utf8) },
            environment: [:], stdin: nil)
        try #require(made.status == 0, "\(made.stderr)")
        let doctor = dash.run(["doctor"], at: "2026-11-29 17:10:00")
        #expect(doctor.status == 0 && doctor.stdout.contains("The store is healthy."), "\(doctor.stdout)\(doctor.stderr)")
        let backup = dash.run(["backup"], at: "2026-11-29 17:10:00")
        #expect(backup.status == 0, "\(backup.stderr)")
        // A store whose version says 7 but that holds version 8's tables is still damaged.
        let relabelled = dash.spawn(
            ["/usr/bin/sqlite3", dash.storePath, "PRAGMA user_version = 7"].map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(relabelled.status == 0)
        #expect(dash.run(["doctor"], at: "2026-11-29 17:10:00").status == 74)
    }

    /// An older store keyed by an older naming policy is re-keyed by its upgrade: doctor does not
    /// fail it for keys today's policy would write otherwise (from review).
    @Test func doctorLeavesAnOlderPolicysKeysToTheUpgrade() throws {
        let dash = Binary()
        let old = try KeepingCommandTests.versionSeven(
            dash, "UPDATE naming_policy SET version = 0",
            "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Nowhere Noodles', 'NOWHERE-NOODLES', 1795971720)")
        let report = dash.run(["--store", old, "doctor"])
        #expect(report.status == 0, "\(report.stdout)")
        #expect(!report.stdout.contains("naming policy"), "\(report.stdout)")
    }

    /// keeping.md: a backup's "schema version is the store's". `backup` upgraded an older store
    /// first, so a read-only one could not be backed up at all, nor one whose upgrade could not
    /// make its own backup: the driver could not even copy the old store elsewhere.
    @Test func backupCopiesAnOlderStoreAsItIsWithoutUpgradingIt() throws {
        let dash = Binary()
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: old)
        let kept = dash.folder + "/kept.sqlite"
        let backup = dash.run(["--store", old, "backup", kept], at: "2026-11-29 21:40:00")
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.hasPrefix("Backed up 1 shift, 0 deliveries and 0 places to \(kept)"), "\(backup.stdout)")
        #expect(try Self.version(of: old) == 7 && Self.version(of: kept) == 7)
        // A read needs the upgrade, which cannot be written: it says so, not only "read-only".
        let read = dash.run(["--store", old, "shift", "list"])
        #expect(
            read.status == 74 && read.stderr.contains("is at schema version 7 and read-only: it is upgraded before it is used"),
            "\(read.stderr)")
        // Into the backups folder too, and listed with its version; nothing made before an upgrade.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: old)
        #expect(dash.run(["--store", old, "backup"], at: "2026-11-29 21:41:00").status == 0)
        let list = try #require(jsonArray(dash.run(["--store", old, "backup", "list", "--json"]).stdout))
        #expect(list.map { $0["schema"] as? Int } == [7], "\(list)")
        #expect(try Self.version(of: old) == 7)
    }

    /// keeping.md: "`dashpilot backup list` lists the backups folder". It opened the store first, so a
    /// driver whose store could not be used, the moment a backup is wanted, was told only that.
    @Test func backupListListsTheFolderWhateverTheStore() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 21:30:00")
        dash.run(["backup"], at: "2026-11-29 21:40:00")
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: dash.storePath))
        // An empty file's size is 0 KiB (it read "1 KiB").
        _ = FileManager.default.createFile(atPath: dash.folder + "/backups/empty.sqlite", contents: Data())
        let text = dash.run(["backup", "list"])
        #expect(text.status == 0 && text.stdout.contains("1 backup,"), "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("Not a usable backup: \(dash.folder)/backups/empty.sqlite (0 KiB)."), "\(text.stdout)")
        #expect(dash.run(["doctor"]).status == 74)
        let old = try KeepingCommandTests.versionSeven(dash)
        #expect(dash.run(["--store", old, "backup", "list"]).status == 0)
        #expect(try Self.version(of: old) == 7)
    }

    /// keeping.md, Faults: every write-side failure of a backup "exits 74 with a sentence" and
    /// leaves "no half-written file". Under a file-size limit (`ulimit -f`) the kernel's SIGXFSZ
    /// killed the program: no sentence, status 153, and a hidden copy left in the backups folder.
    @Test func aFileSizeLimitFailsABackupWithItsSentence() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 21:30:00")
        // 64 blocks of 512 bytes: smaller than the store.
        let limited = "ulimit -f 64; exec '\(Binary.path)' --store '\(dash.storePath)' backup"
        let result = dash.spawn(["/bin/sh", "-c", limited].map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(result.status == 74, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("The backup could not be made"), "\(result.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dash.folder + "/backups")) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    /// keeping.md, Faults: a failure during `restore` "leaves the store exactly as it was and
    /// whole". A file-size limit met while the backup's pages replaced the store's left the file
    /// half-written, its journal beside it, until the next command read it; a copy of the file
    /// taken then was damaged. The sentence named the failure as "SQLite error 778".
    @Test func aFileSizeLimitDuringARestoreLeavesTheStoreFileAsItWas() throws {
        let dash = Binary()
        let big = dash.folder + "/big.sqlite"
        // A store larger than SQLite's page cache, whose pages go to the file before the end.
        dash.run(["--store", big, "shift", "start"], at: "2026-11-26 17:00:00")
        let start = try #require(ISO8601.parse("2026-11-26T17:00:01Z"))
        let gpx = dash.folder + "/drive.gpx"
        try CrashHarnessTests.gpx(points: 100_000, from: start).write(toFile: gpx, atomically: true, encoding: .utf8)
        #expect(dash.run(["--store", big, "route", "import", gpx], at: "2026-11-29 21:00:00").status == 0)
        dash.run(["--store", big, "shift", "end"], at: "2026-11-29 21:00:01")
        let kept = dash.folder + "/kept.sqlite"
        #expect(dash.run(["--store", big, "backup", kept], at: "2026-11-29 21:01:00").status == 0)
        dash.run(["shift", "start"], at: "2026-11-30 17:00:00")
        let original = try Data(contentsOf: URL(fileURLWithPath: dash.storePath))
        let keptSize = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.size] as? Int)
        // Room for the store's backup, not for the backup's pages in its place.
        let blocks = original.count * 2 / 512
        #expect(original.count < blocks * 512 && blocks * 512 < keptSize, "\(original.count) \(keptSize)")
        let command = Binary.command(at: "2026-11-30 17:05:00") + ["--store", dash.storePath, "restore", kept, "--yes"]
        let limited = "ulimit -f \(blocks); exec " + command.map { "'\($0)'" }.joined(separator: " ")
        let result = dash.spawn(["/bin/sh", "-c", limited].map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(result.status == 74, "\(result.status): \(result.stderr)")
        #expect(
            result.stderr
                == "Error: The store could not be replaced (disk I/O error), so the restore did not run; the store was left as it was, and no backup was kept.\n",
            "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dash.storePath)) == original)
        #expect(!FileManager.default.fileExists(atPath: dash.storePath + "-journal"))
    }

    /// keeping.md: "`backup list` shows what is there and how much room it takes". A backup killed
    /// midway left its copy, as large as the store, under a hidden name the list never showed,
    /// until the next backup removed it.
    @Test func backupListSaysWhatAStoppedBackupLeft() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 21:30:00")
        dash.run(["backup"], at: "2026-11-29 21:40:00")
        // Written by a program that has ended (no process has this number).
        let left = dash.folder + "/backups/.dashpilot-backup-4194301-77.sqlite"
        try Data(repeating: 0x41, count: 300_000).write(to: URL(fileURLWithPath: left))
        let text = dash.run(["backup", "list"]).stdout
        #expect(
            text.contains(
                "An unfinished copy from a backup that was stopped: \(left) (293 KiB); the next backup into this folder removes it."),
            "\(text)")
        #expect(FileManager.default.fileExists(atPath: left))
        #expect(jsonArray(dash.run(["backup", "list", "--json"]).stdout)?.count == 1)
        dash.run(["backup"], at: "2026-11-29 21:50:00")
        #expect(!FileManager.default.fileExists(atPath: left) && !dash.run(["backup", "list"]).stdout.contains("unfinished"))
    }

    /// keeping.md: restore "first checks PATH as a backup is checked (a DashPilot store, not
    /// written by a newer version, healthy)". Refused, the sentence named the backup "the store"
    /// and said only that it "was left as it is".
    @Test func aBackupThatCannotBeRestoredIsNamedAsTheBackup() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 21:30:00")
        let newer = dash.folder + "/newer.sqlite"
        #expect(dash.run(["backup", newer], at: "2026-11-29 21:40:00").status == 0)
        let bump = dash.spawn(
            ["/usr/bin/sqlite3", newer, "PRAGMA user_version = 99"].map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(bump.status == 0, "\(bump.stderr)")
        let refused = dash.run(["restore", newer, "--yes"])
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "Error: The backup \(newer) was written by a newer version of DashPilot (schema 99), so the store was left as it is; "
                + "update DashPilot to restore it.\n"
        )
        let junk = dash.folder + "/junk.sqlite"
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: junk))
        let notOne = dash.run(["restore", junk, "--yes"])
        #expect(notOne.status == 74 && notOne.stderr.hasPrefix("Error: \(junk) is not a DashPilot backup ("), "\(notOne.stderr)")
        #expect(notOne.stderr.hasSuffix("); the store was left as it is.\n"), "\(notOne.stderr)")
    }

    func jsonObject(_ text: String) -> [String: Any]? { json(text) as? [String: Any] }
    func jsonArray(_ text: String) -> [[String: Any]]? { json(text) as? [[String: Any]] }
}
