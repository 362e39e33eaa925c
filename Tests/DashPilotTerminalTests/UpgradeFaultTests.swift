import DashPilotScreens
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// An upgrade that can't run or fails, as keeping.md's Faults ask: "a sentence saying what was and
/// was not done", and `doctor` never promising an upgrade that can't happen.
@Suite("An upgrade that can't run, or fails, says so")
struct UpgradeFaultTests {
    /// A file-size limit the backup fits under, and the upgraded store does not: the upgrade
    /// failed after its backup was made and said only "The store failed (SQLite error 778: disk
    /// I/O error)".
    @Test func anUpgradeThatFailsAfterItsBackupSaysSo() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        try FileManager.default.moveItem(atPath: old, toPath: dash.storePath)
        let original = try #require(FileManager.default.contents(atPath: dash.storePath))
        // 160 blocks of 512 bytes: room for the 64 KiB backup, not for the upgraded store.
        let limited = "ulimit -f 160; exec '\(Binary.path)' --store '\(dash.storePath)' shift list"
        let result = dash.spawn(["/bin/sh", "-c", limited].map { Array($0.utf8) }, environment: dash.environment, stdin: nil)
        #expect(result.status == 74, "\(result.status): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix("Error: The store at \(dash.storePath) needs an upgrade, and the upgrade failed (")
                && result.stderr.hasSuffix(
                    "): it was undone, so nothing was changed, and the backup made for it was removed.\n"),
            "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: dash.storePath) == original)
    }

    /// A row that points at no row (another tool's doing) fails the upgrade's check: it is said as
    /// the store's, never as "a reference in the copy".
    @Test func anUpgradeOfAStoreWithARowPointingAtNoRowSaysItIsTheStores() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)",
            "PRAGMA foreign_keys = OFF; INSERT INTO delivery (shift_id, number, accepted_at, pickup_place_id) VALUES (1, 1, 1795972000, 99)"
        )
        try FileManager.default.moveItem(atPath: old, toPath: dash.storePath)
        let result = dash.run(["shift", "list"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("(a row of the store points at a row that no longer exists, as doctor says)"), "\(result.stderr)")
        #expect(!result.stderr.contains("copy"), "\(result.stderr)")
        #expect(dash.run(["doctor"]).stdout.contains("FAIL 1 row points at a row that no longer exists."))
    }

    /// cli.md: doctor exits "74 when the store cannot be used". Of an older store that can't be
    /// written, it said the next command would upgrade it and exited 0; that command then exited 74.
    @Test func doctorOfAnOlderStoreThatCannotBeWrittenSaysItCannotBeUsed() throws {
        let dash = Binary()
        defer {
            chmod(dash.storePath, 0o644)
            dash.remove()
        }
        let old = try KeepingCommandTests.versionSeven(dash)
        try FileManager.default.moveItem(atPath: old, toPath: dash.storePath)
        chmod(dash.storePath, 0o444)
        let doctor = dash.run(["doctor"])
        #expect(doctor.status == 74)
        #expect(
            doctor.stdout.contains(
                "FAIL The store is at schema version 7 and read-only: every command but doctor, backup and backup list upgrades it to 8 first"
            ),
            "\(doctor.stdout)")
        #expect(doctor.stderr.hasPrefix("Error: The store at \(dash.storePath) is at schema version 7 and read-only"), "\(doctor.stderr)")
        #expect(dash.run(["doctor", "--json"]).stdout.contains("\"healthy\": false"))
    }

    /// An upgrade's progress on a terminal: each percentage drawn once, 100% ending one line (the
    /// last step's 100% and the end's were both drawn, on two lines).
    @Test func anUpgradesProgressEndsOnOneLine() {
        final class Written: @unchecked Sendable { var text = "" }
        let written = Written()
        let report = MigrationProgress.reporter(StatusWords.upgrading) { written.text += $0 }
        for fraction in [0, 0.004, 0.5, 0.5, 1, 1] { report(fraction) }
        #expect(
            written.text
                == "\rUpgrading the store to this version: 0%\rUpgrading the store to this version: 50%\rUpgrading the store to this version: 100%\n"
        )
    }

    /// cli.md: the screen-reader mode has "no cursor movement": each screen "printed once as lines
    /// of sentences". An upgrade opening it drew its percentage over itself, a hundred carriage
    /// returns before the first sentence (upgrade audit): it says one sentence as it starts and
    /// one as it ends.
    @Test func anUpgradeBeforeTheScreenReaderModeSaysItInTwoSentences() {
        final class Written: @unchecked Sendable { var text = "" }
        let written = Written()
        let report = MigrationProgress.spokenReporter { written.text += $0 }
        for fraction in [0, 0.004, 0.5, 0.5, 0.99, 1, 1] { report(fraction) }
        #expect(written.text == "Upgrading the store to this version.\nThe store is upgraded to this version.\n")
    }

    /// A version-7 store may hold earnings past version 8's limit (a hundred trillion dollars in
    /// one hour): `shift show` and `period` died with SIGILL computing its rate (upgrade audit).
    @Test func earningsRecordedBeforeVersionEightsLimitAreShownNeverACrash() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at, earnings_cents) VALUES (1700000000, 1700003600, 10000000000000000)")
        for arguments in [["shift", "show", "1"], ["shift", "show", "1", "--json"], ["period", "month", "2023-11-14"]] {
            let result = dash.run(["--store", old] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.status) \(result.stderr)")
        }
        let shown = dash.run(["--store", old, "shift", "show", "1", "--json"]).stdout
        #expect(shown.contains("\"perShiftHour\": \"100000000000000.00\""), "\(shown)")
    }

    /// Two such shifts in one week add up past 64 bits: every period read, and the weeks screen,
    /// died with SIGILL (keeping audit). The total reads as the largest amount there is.
    @Test func earningsAddingUpPastWhatAnAmountHoldsAreShownNeverACrash() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(
            dash,
            "INSERT INTO shift (started_at, ended_at, earnings_cents) VALUES (1700000000, 1700003600, 5000000000000000000), "
                + "(1700010000, 1700013600, 5000000000000000000)")
        for arguments in [
            ["period", "week", "2023-11-14"], ["period", "month", "2023-11-14", "--json"], ["period", "list", "week"],
            ["period", "list", "month", "--json"],
        ] {
            let result = dash.run(["--store", old] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.status) \(result.stderr)")
        }
        let month = dash.run(["--store", old, "period", "month", "2023-11-14", "--json"]).stdout
        #expect(month.contains("\"earnings\": \"92233720368547758.07\""), "\(month)")
    }
}
