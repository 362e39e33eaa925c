import DashPilotCore
import DashPilotStore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A shared library, built once from C source by the tests, that makes the Nth write-side call
/// (`write`, `pwrite`, `fsync`, `fdatasync`, `ftruncate`) of a `dashpilot` process fail with
/// `DASHPILOT_FAULT_ERRNO` (ENOSPC or EIO), N from `DASHPILOT_FAULT_AT`; it counts in
/// `DASHPILOT_FAULT_COUNT` how many such calls a run made; `DASHPILOT_SIGINT_AT` raises SIGINT
/// (Ctrl-C) just before the Nth instead. Other programs it is loaded into are
/// left alone.
enum WriteFaults {
    static let source = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        #include <sys/stat.h>
        #include <sys/types.h>
        static long calls = 0;
        static int armed(void) {
            extern char *program_invocation_short_name;
            return strcmp(program_invocation_short_name, "dashpilot") == 0;
        }
        static long growths = 0;
        /* DASHPILOT_FULL_AT=n: a disk that fills up. From the nth write that would make a file
           longer, every such write fails with ENOSPC; a write within a file's length still works. */
        static int full(int fd, off_t end) {
            const char *at = getenv("DASHPILOT_FULL_AT");
            struct stat info;
            if (!at || fd <= 2 || !armed() || fstat(fd, &info) != 0 || end <= info.st_size) return 0;
            if (++growths < atol(at)) return 0;
            errno = ENOSPC;
            return 1;
        }
        static int failing(void) {
            if (!armed()) return 0;
            calls++;
            /* DASHPILOT_SIGINT_AT=n: Ctrl-C pressed just before the nth write-side call. */
            const char *interrupt = getenv("DASHPILOT_SIGINT_AT");
            if (interrupt && atol(interrupt) == calls) raise(SIGINT);
            const char *count = getenv("DASHPILOT_FAULT_COUNT");
            if (count) { FILE *f = fopen(count, "w"); if (f) { fprintf(f, "%ld\\n", calls); fclose(f); } }
            const char *at = getenv("DASHPILOT_FAULT_AT");
            if (!at || atol(at) != calls) return 0;
            const char *kind = getenv("DASHPILOT_FAULT_ERRNO");
            errno = kind && strcmp(kind, "EIO") == 0 ? EIO : ENOSPC;
            return 1;
        }
        ssize_t write(int fd, const void *buf, size_t n) {
            static ssize_t (*real)(int, const void *, size_t);
            if (!real) real = dlsym(RTLD_NEXT, "write");
            if (fd > 2 && failing()) return -1;
            if (full(fd, lseek(fd, 0, SEEK_CUR) + (off_t)n)) return -1;
            return real(fd, buf, n);
        }
        ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off) {
            static ssize_t (*real)(int, const void *, size_t, off_t);
            if (!real) real = dlsym(RTLD_NEXT, "pwrite64");
            if (failing() || full(fd, off + (off_t)n)) return -1;
            return real(fd, buf, n, off);
        }
        ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) { return pwrite64(fd, buf, n, off); }
        int fsync(int fd) {
            static int (*real)(int);
            if (!real) real = dlsym(RTLD_NEXT, "fsync");
            if (failing()) return -1;
            return real(fd);
        }
        int fdatasync(int fd) {
            static int (*real)(int);
            if (!real) real = dlsym(RTLD_NEXT, "fdatasync");
            if (failing()) return -1;
            return real(fd);
        }
        int ftruncate64(int fd, off_t length) {
            static int (*real)(int, off_t);
            if (!real) real = dlsym(RTLD_NEXT, "ftruncate64");
            if (failing() || full(fd, length)) return -1;
            return real(fd, length);
        }
        int ftruncate(int fd, off_t length) { return ftruncate64(fd, length); }
        /* DASHPILOT_NO_HARD_LINKS: a file system without hard links (FAT, exFAT: a USB stick). */
        int link(const char *from, const char *to) {
            static int (*real)(const char *, const char *);
            if (!real) real = dlsym(RTLD_NEXT, "link");
            if (getenv("DASHPILOT_NO_HARD_LINKS") && armed()) { errno = EPERM; return -1; }
            return real(from, to);
        }
        """

    /// The shim, built into `folder`, or `nil` when no C compiler is there.
    static func build(in folder: String) -> String? {
        let source = folder + "/faults.c"
        let library = folder + "/faults.so"
        guard (try? Self.source.write(toFile: source, atomically: false, encoding: .utf8)) != nil else { return nil }
        let built = Binary().spawn(
            ["/usr/bin/cc", "-shared", "-fPIC", "-O1", "-o", library, source, "-ldl"].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin"],
            stdin: nil)
        return built.status == 0 ? library : nil
    }

    static var compilerAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") }
}

@Suite("The command line: keeping the record")
struct KeepingCommandTests {
    static func withShifts() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...5 { dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(minute):00") }
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:06:00")
        return dash
    }

    /// The store as it was before a sweep's call (`original`), with no backups and no journal.
    static func putBack(_ original: Data, in dash: Binary) throws {
        try? FileManager.default.removeItem(atPath: dash.folder + "/backups")
        _ = unlink(dash.storePath + "-journal")
        try original.write(to: URL(fileURLWithPath: dash.storePath))
    }

    /// Whether a process of group `group` still runs (a zombie has ended).
    static func hasLiveMember(_ group: pid_t) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.contains { entry in
            guard pid_t(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group
        }
    }

    /// The files in `folder`, sorted.
    static func files(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func backupSaysWhatItKeptAndListsItNewestFirst() throws {
        let dash = Self.withShifts()
        let made = dash.run(["backup"], at: "2026-11-29 21:40:00")
        #expect(made.status == 0)
        #expect(
            made.stdout.hasPrefix(
                "Backed up 1 shift, 5 deliveries and 1 place to \(dash.folder)/backups/dashpilot-2026-11-29-2140.sqlite ("))
        #expect(made.stdout.hasSuffix("), checked.\n"))
        dash.run(["delivery", "accept"], at: "2026-11-29 21:45:00")
        dash.run(["backup"], at: "2026-11-29 21:50:00")
        let list = try #require(json(dash.run(["backup", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.map { $0["madeAt"] as? String } == ["2026-11-29T21:50:00Z", "2026-11-29T21:40:00Z"])
        #expect(list.first?["schema"] as? Int == 8 && list.first?["shifts"] as? Int == 1 && list.first?["automatic"] as? Bool == false)
        let text = dash.run(["backup", "list"]).stdout
        #expect(text.contains("2 backups,") && text.contains("together."))
        #expect(dash.run(["doctor"]).stdout.contains("note The newest backup was made 9:50 PM on Sun, Nov 29."))
        // A date that ends in its own point ends the sentence: never "Dez..".
        let german = dash.run(["doctor"], environment: ["LANG": "de_DE.UTF-8"]).stdout
        #expect(german.contains("note The newest backup was made 21:50 on So. 29. Nov.\n"), "\(german)")
        // platform.md: "`--json` output never depends on either" (the locale, the time zone).
        let doctor = dash.run(["doctor", "--json"]).stdout
        for environment in [["LANG": "de_DE.UTF-8"], ["TZ": "Asia/Kolkata"], ["LC_ALL": "ar_EG.UTF-8"]] {
            #expect(dash.run(["doctor", "--json"], environment: environment).stdout == doctor, "\(environment)")
        }
        let checks = try #require((json(doctor) as? [String: Any])?["checks"] as? [[String: Any]])
        let newest = checks.first { $0["name"] as? String == "newestBackup" }
        #expect(newest?["madeAt"] as? String == "2026-11-29T21:50:00Z", "\(checks)")
        #expect(newest?["finding"] as? String == "The newest backup was made 2026-11-29T21:50:00Z.", "\(checks)")
        // Of a store that is not there (yet, or any more), the backups folder beside where it would be.
        let gone = dash.folder + "/gone.sqlite"
        #expect(dash.run(["--store", gone, "doctor"]).stdout.contains("note The newest backup was made 9:50 PM on Sun, Nov 29."))
        #expect(dash.run(["--store", gone, "backup", "list", "--json"]).stdout == dash.run(["backup", "list", "--json"]).stdout)
        let elsewhere = dash.folder + "/elsewhere/gone.sqlite"
        #expect(dash.run(["--store", elsewhere, "doctor"]).stdout.contains("note There is no backup yet"))
        // A mistyped path is told so before it reads as an empty store (it said only "The file is intact.").
        #expect(
            dash.run(["--store", elsewhere, "doctor"]).stdout.hasPrefix(
                "note There is no store at \(elsewhere) yet: the first command that writes makes it.\n"))
        #expect(!FileManager.default.fileExists(atPath: gone) && !FileManager.default.fileExists(atPath: dash.folder + "/elsewhere"))
        // No check is said of the file that is not there (it said "ok   The file is intact." and
        // "The store is healthy." under the note that there is no store).
        let none = dash.run(["--store", elsewhere, "doctor"])
        #expect(none.status == 0 && !none.stdout.contains("ok ") && !none.stdout.contains("healthy"), "\(none.stdout)")
        // In JSON likewise: the same notes, and no check of a file that is not there (it said
        // "The file is intact." and "The store is at schema version 8, today's.").
        let noneJSON = dash.run(["--store", elsewhere, "doctor", "--json"])
        let said = try #require((json(noneJSON.stdout) as? [String: Any])?["checks"] as? [[String: Any]])
        #expect(noneJSON.status == 0 && said.map { $0["name"] as? String } == ["store", "newestBackup"], "\(said)")
        #expect(said.first?["finding"] as? String == "There is no store at \(elsewhere) yet: the first command that writes makes it.")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/elsewhere"))
    }

    /// keeping.md: "`backup list` shows what is there and how much room it takes". A damaged file in
    /// the backups folder was left out unsaid: a driver counting on it learnt only at a restore.
    @Test func backupListSaysWhichFilesInTheFolderAreNotUsableBackups() throws {
        let dash = Self.withShifts()
        dash.run(["backup"], at: "2026-11-29 21:40:00")
        let damaged = dash.folder + "/backups/dashpilot-2026-11-20-1200.sqlite"
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: damaged))
        let text = dash.run(["backup", "list"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("1 backup,"))
        #expect(text.stdout.hasSuffix("Not a usable backup: \(damaged) (5 KiB).\n"), "\(text.stdout)")
        // The JSON lists backups alone, as cli.md gives them.
        let list = try #require(json(dash.run(["backup", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.count == 1)
        try FileManager.default.removeItem(atPath: dash.folder + "/backups/dashpilot-2026-11-29-2140.sqlite")
        #expect(dash.run(["backup", "list"]).stdout == "No backups yet.\nNot a usable backup: \(damaged) (5 KiB).\n")
    }

    /// keeping.md: a backup's "file name is used as given", and `backup list` "lists the backups
    /// folder … whether it was automatic (before an upgrade or a restore)". A backup named
    /// friday.db was left out of the list and its room; one the driver named
    /// dashpilot-before-my-trip.sqlite was called automatic.
    @Test func backupListHoldsEveryBackupWhateverItsNameAndOnlyDashPilotsOwnAreAutomatic() throws {
        let dash = Self.withShifts()
        let backups = dash.folder + "/backups/"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        dash.run(["backup", backups + "friday.db"], at: "2026-11-29 21:40:00")
        dash.run(["backup", backups + "dashpilot-before-my-trip.sqlite"], at: "2026-11-29 21:41:00")
        dash.run(["restore", backups + "friday.db", "--yes"], at: "2026-11-29 21:42:00")
        let list = try #require(json(dash.run(["backup", "list", "--json"]).stdout) as? [[String: Any]])
        let automatic = Dictionary(
            uniqueKeysWithValues: list.compactMap { entry in
                (entry["path"] as? String).map { (URL(fileURLWithPath: $0).lastPathComponent, entry["automatic"] as? Bool) }
            })
        #expect(
            automatic == [
                "friday.db": false, "dashpilot-before-my-trip.sqlite": false, "dashpilot-before-restore-2026-11-29-2142.sqlite": true,
            ], "\(automatic)")
        #expect(dash.run(["backup", "list"]).stdout.contains("3 backups,"))
    }

    /// keeping.md: `backup list` says "whether it was automatic (before an upgrade or a
    /// restore)". Each automatic backup said "automatic" alone; it now says which it was.
    @Test func backupListSaysWhyDashPilotMadeEachAutomaticBackup() throws {
        let dash = Binary()
        let old = try Self.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        #expect(dash.run(["--store", old, "shift", "list"], at: "2026-11-29 21:40:00").status == 0)
        let mine = dash.folder + "/backups/mine.sqlite"
        #expect(dash.run(["--store", old, "backup", mine], at: "2026-11-29 21:41:00").status == 0)
        #expect(dash.run(["--store", old, "restore", mine, "--yes"], at: "2026-11-29 21:42:00").status == 0)
        let lines = dash.run(["--store", old, "backup", "list"]).stdout.split(separator: "\n").map(String.init)
        func said(_ name: String) -> String? { lines.first { $0.hasSuffix("/" + name) }?.components(separatedBy: " · ").dropLast().last }
        #expect(said("dashpilot-before-v8-2026-11-29-2140.sqlite") == "automatic, before the upgrade to version 8", "\(lines)")
        #expect(said("dashpilot-before-restore-2026-11-29-2142.sqlite") == "automatic, before a restore", "\(lines)")
        #expect(said("mine.sqlite") == "made by you", "\(lines)")
    }

    /// keeping.md: `backup list` lists the backups folder, and doctor "says when the newest
    /// backup in the backups folder was made, or that there is none". A folder that stands there
    /// but can't be read was taken for none: "No backups yet.", "There is no backup yet" (an
    /// outside audit). It is said, as what it is: not none.
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aBackupsFolderThatCannotBeReadIsSaidNeverTakenForNone() throws {
        let dash = Self.withShifts()
        dash.run(["backup"], at: "2026-11-29 17:10:00")
        // The store and its folder the driver's (nobody's); the backups folder another user's.
        chown(dash.folder, 65534, 65534)
        chown(dash.storePath, 65534, 65534)
        chmod(dash.folder + "/backups", 0o700)
        func asNobody(_ arguments: [String]) -> RunResult {
            dash.spawn(
                (["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + dash.command() + arguments).map {
                    Array($0.utf8)
                }, environment: dash.environment, stdin: nil)
        }
        let folder = dash.folder + "/backups"
        for arguments in [["backup", "list"], ["backup", "list", "--json"]] {
            let listed = asNobody(arguments)
            #expect(listed.status == 74, "\(arguments): \(listed.stdout)")
            #expect(listed.stdout.isEmpty, "\(arguments): \(listed.stdout)")
            #expect(listed.stderr == "Error: The backups folder \(folder) can't be read (Permission denied); nothing was changed.\n")
        }
        let doctor = asNobody(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stderr)")
        #expect(!doctor.stdout.contains("There is no backup yet"), "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains(
                "note The backups folder \(folder) can't be read (Permission denied): which backups it holds can't be said."),
            "\(doctor.stdout)")
    }

    /// A backup the driver can't read is the backup's problem, said of the backup: it was
    /// called "The store at … can't be opened", naming the backup as the store, and said nothing
    /// of the store (an outside audit).
    @Test(.enabled(if: runningAsRoot, "needs root to become another user"))
    func aBackupThatCannotBeOpenedIsNamedAsTheBackup() throws {
        let dash = Self.withShifts()
        let kept = dash.folder + "/kept.sqlite"
        dash.run(["backup", kept], at: "2026-11-29 17:10:00")
        chown(dash.folder, 65534, 65534)
        chown(dash.storePath, 65534, 65534)
        let before = FileManager.default.contents(atPath: dash.storePath)
        let result = dash.spawn(
            (["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + dash.command() + ["restore", kept, "--yes"]).map {
                Array($0.utf8)
            }, environment: dash.environment, stdin: nil)
        #expect(result.status == 74)
        #expect(result.stderr == "Error: The backup \(kept) can't be opened (Permission denied); the store was left as it is.\n")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }

    @Test func aBackupToAFolderThatDoesNotExistOrCannotBeWrittenSaysSoAndLeavesNothing() throws {
        let dash = Self.withShifts()
        let missing = dash.run(["backup", dash.folder + "/nowhere/copy.sqlite"])
        #expect(missing.status == 74 && missing.stderr.hasPrefix("Error: The backup could not be made ("))
        // The folder that is not there is named: it is what the driver can put right.
        #expect(missing.stderr.contains("(\(dash.folder)/nowhere does not exist)"), "\(missing.stderr)")
        let slashed = dash.run(["backup", dash.folder + "/nowhere/"])
        #expect(slashed.status == 74 && slashed.stderr.contains("(\(dash.folder)/nowhere does not exist)"), "\(slashed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/nowhere"))
        dash.run(["backup", dash.folder + "/copy.sqlite"])
        let again = dash.run(["backup", dash.folder + "/copy.sqlite"])
        #expect(again.status == 1 && again.stderr.contains("already exists, and a backup never overwrites a file"))
        // keeping.md: "A PATH that is a folder gets the default name inside it", written with one slash.
        try FileManager.default.createDirectory(atPath: dash.folder + "/kept", withIntermediateDirectories: false)
        let folder = dash.run(["backup", dash.folder + "/kept/"], at: "2026-11-29 21:40:00")
        #expect(folder.stdout.contains(" to \(dash.folder)/kept/dashpilot-2026-11-29-2140.sqlite ("), "\(folder.stdout)")
    }

    @Test func restoreAsksOnATerminalNeedsYesWithoutOneAndReplacesTheStore() throws {
        let dash = Self.withShifts()
        dash.run(["backup", dash.folder + "/kept.sqlite"], at: "2026-11-29 21:40:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 21:41:00")
        let refused = dash.run(["restore", dash.folder + "/kept.sqlite"])
        #expect(refused.status == 1 && refused.stderr.contains("add --yes"))
        let asked = dash.onTerminal(["restore", dash.folder + "/kept.sqlite"], input: "n\n")
        #expect(asked.stdout.contains("Replace the store (1 shift, newest Nov 29) with the backup (1 shift, newest Nov 29)?"))
        #expect(asked.stdout.contains("The store as it is now is backed up first."))
        let shift = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        #expect((shift["deliveries"] as? [[String: Any]])?.count == 6)
        let restored = dash.run(["restore", dash.folder + "/kept.sqlite", "--yes"], at: "2026-11-29 21:45:00")
        #expect(restored.status == 0 && restored.stdout.hasPrefix("Restored 1 shift, 5 deliveries and 1 place"))
        let after = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        #expect((after["deliveries"] as? [[String: Any]])?.count == 5)
        #expect(Self.files(dash.folder + "/backups") == ["dashpilot-before-restore-2026-11-29-2145.sqlite"])
    }

    /// keeping.md: "Before a restore replaces the store, the store as it was is backed up" and "Nothing
    /// else is backed up behind the driver's back": where there is no store yet (a new device), there
    /// is nothing to keep, and the question does not promise a backup of it.
    @Test func aRestoreWhereThereIsNoStoreYetMakesItWithoutABackupOfNothing() throws {
        let dash = Self.withShifts()
        dash.run(["backup", dash.folder + "/kept.sqlite"], at: "2026-11-29 21:40:00")
        let fresh = dash.folder + "/new/store.sqlite"
        let asked = dash.onTerminal(["--store", fresh, "restore", dash.folder + "/kept.sqlite"], input: "n\n")
        #expect(asked.stdout.contains("There is no store at " + fresh + " yet. Make it from the backup (1 shift, newest Nov 29)?"))
        #expect(!asked.stdout.contains("backed up first"))
        // The prompt asks what the question does: there is nothing to replace.
        #expect(asked.stdout.contains("Make it? [y/N]") && !asked.stdout.contains("Replace?"), "\(asked.stdout)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
        let restored = dash.run(["--store", fresh, "restore", dash.folder + "/kept.sqlite", "--yes"], at: "2026-11-29 21:45:00")
        #expect(restored.status == 0)
        #expect(restored.stdout == "Restored 1 shift, 5 deliveries and 1 place from \(dash.folder)/kept.sqlite.\n")
        #expect(Self.files(dash.folder + "/new") == ["store.sqlite"])
        let shift = try #require(json(dash.run(["--store", fresh, "shift", "show", "--json"]).stdout) as? [String: Any])
        #expect((shift["deliveries"] as? [[String: Any]])?.count == 5)
    }

    @Test(
        "A restore of a file that is not a usable store or a name that can't be read exits 74, of a folder or nothing 1, the store byte for byte",
        arguments: [
            ("text", Int32(74)), ("folder", Int32(1)), ("missing", Int32(1)), ("unhealthy", Int32(1)), ("the store", Int32(1)),
            ("a name too long", Int32(74)), ("a loop of links", Int32(74)),
        ])
    func badRestore(kind: String, status: Int32) throws {
        let dash = Self.withShifts()
        // A name too long or a loop of links is no missing file: the system's reason is said.
        let path = dash.folder + (kind == "a name too long" ? "/" + String(repeating: "b", count: 300) : "/bad")
        if kind == "a loop of links" { #expect(symlink("bad", path) == 0) }
        if kind == "text" { try Data("not a store\n".utf8).write(to: URL(fileURLWithPath: path)) }
        if kind == "folder" { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        // The store's own file, by another name: it waited five seconds on its own lock and said "busy".
        if kind == "the store" { #expect(symlink(dash.storePath, path) == 0) }
        if kind == "unhealthy" {
            // Whole, and not healthy: a check of doctor fails on it (a currency that is no code).
            dash.run(["backup", path])
            let changed = dash.spawn(
                ["/usr/bin/sqlite3", path, "UPDATE store_currency SET code = 'XYZ'"].map { Array($0.utf8) }, environment: [:], stdin: nil)
            try #require(changed.status == 0)
            // cli.md: on status 1, "Standard error says which rule, in a sentence".
            let doctor = dash.run(["--store", path, "doctor"])
            #expect(doctor.status == 1 && doctor.stdout.contains("FAIL The store's currency, XYZ, is not an ISO 4217 code."))
            #expect(doctor.stderr == "Error: The store has problems; nothing was changed.\n", "\(doctor.stderr)")
            let json = dash.run(["--store", path, "doctor", "--json"])
            #expect(json.status == 1 && json.stderr.hasPrefix("Error: "))
        }
        let before = FileManager.default.contents(atPath: dash.storePath)
        let result = dash.run(["restore", path, "--yes"])
        #expect(result.status == status && result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        // Which check fails is one command away, and the refusal says which command.
        if kind == "unhealthy" { #expect(result.stderr.contains("(doctor with --store on it says which)"), "\(result.stderr)") }
        if kind == "a name too long" {
            #expect(result.stderr.hasSuffix("can't be opened (File name too long); the store was left as it is.\n"))
        }
        if kind == "a loop of links" { #expect(result.stderr.contains("(Too many levels of symbolic links)"), "\(result.stderr)") }
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
        #expect(dash.run(["shift", "list"]).status == 0)
    }

    /// cli.md: doctor "Checks the store (integrity, …)"; keeping.md: a copy is checked by
    /// "SQLite's integrity and foreign-key checks". A row that breaks a CHECK rule of the schema
    /// (a negative expense, written by hand past it) passed both: on a connection opened
    /// read-only, SQLite's integrity check leaves CHECK rules out (an outside audit).
    @Test func aRowThatBreaksACheckRuleFailsDoctorAndTheBackupsCheck() throws {
        let dash = Self.withShifts()
        let broken = dash.spawn(
            [
                "/usr/bin/sqlite3", dash.storePath,
                "PRAGMA ignore_check_constraints = ON; UPDATE shift SET earnings_cents = -100 WHERE id = 1",
            ]
            .map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(broken.status == 0, "\(broken)")
        let before = FileManager.default.contents(atPath: dash.storePath)
        let doctor = dash.run(["doctor"])
        #expect(doctor.status == 1 && doctor.stdout.contains("FAIL SQLite's integrity check found 1 problem in the file."), "\(doctor)")
        let backup = dash.run(["backup", dash.folder + "/copy.sqlite"])
        #expect(backup.status == 74 && backup.stderr.contains("integrity check failed"), "\(backup)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/copy.sqlite"))
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
        // Into the backups folder, which it makes: a failure leaves no trace, that folder neither
        // (it stayed, empty, where a failed restore or upgrade takes its own away).
        let beside = dash.run(["backup"])
        #expect(beside.status == 74 && !FileManager.default.fileExists(atPath: dash.folder + "/backups"), "\(beside)")
    }

    /// keeping.md: the backups folder is "mode 0700", a backup "private (mode 0600), like the
    /// store", whatever the umask: one that took the owner's write made the folder 0500, and no
    /// backup could be written into it ("Permission denied"); as root, a 0400 copy.
    @Test func theBackupsFolderAndABackupAreModes0700And0600WhateverTheUmask() throws {
        let dash = Self.withShifts()
        let shell = ["/bin/sh", "-c", "umask 277 && exec \"$@\"", "sh"].map { Array($0.utf8) }
        let made = dash.spawn(
            shell + Binary.command(at: dash.time(nil)).map { Array($0.utf8) } + [Array("backup".utf8)], environment: dash.environment,
            stdin: nil)
        #expect(made.status == 0, "\(made)")
        let folder = dash.folder + "/backups"
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1 }
        #expect(mode(folder) == 0o700)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(names.count == 1 && names.allSatisfy { mode(folder + "/" + $0) == 0o600 }, "\(names)")
    }

    /// keeping.md: a backup is "written where the driver says" (the README: a USB stick), under
    /// a temporary name and "only then given its name", never over a file. The name was given by
    /// a hard link, which FAT and exFAT, a USB stick's file systems, do not have: every backup
    /// there failed, "(Operation not permitted)" (an outside audit, links failed by a shim). Where
    /// links can't be made, the name is given by a rename that refuses a name already taken.
    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func aBackupIsMadeWhereTheFileSystemHasNoHardLinks() throws {
        let dash = Self.withShifts()
        let library = try #require(WriteFaults.build(in: dash.folder))
        let noLinks = ["LD_PRELOAD": library, "DASHPILOT_NO_HARD_LINKS": "1"]
        let stick = dash.folder + "/stick"
        try FileManager.default.createDirectory(atPath: stick, withIntermediateDirectories: false)
        for expected in ["dashpilot-2026-11-29-1710.sqlite", "dashpilot-2026-11-29-1710-2.sqlite"] {
            let made = dash.run(["backup", stick], at: "2026-11-29 17:10:00", environment: noLinks)
            #expect(made.status == 0, "\(made.stderr)")
            #expect(made.stdout.contains("\(stick)/\(expected)"), "\(made.stdout)")
            #expect(dash.run(["--store", stick + "/" + expected, "doctor"]).status == 0)
        }
        #expect(Self.files(stick).sorted() == ["dashpilot-2026-11-29-1710-2.sqlite", "dashpilot-2026-11-29-1710.sqlite"])
        // A name the driver gives is still never replaced.
        let given = stick + "/dashpilot-2026-11-29-1710.sqlite"
        let before = FileManager.default.contents(atPath: given)
        let again = dash.run(["backup", given], environment: noLinks)
        #expect(again.status == 1 && again.stderr.contains("already exists, and a backup never overwrites a file"), "\(again.stderr)")
        #expect(FileManager.default.contents(atPath: given) == before)
        #expect(Self.files(stick).filter { $0.hasPrefix(".dashpilot") }.isEmpty)
        // A store is made there the same way: built beside its name, then given it.
        let started = dash.run(["--store", stick + "/store.sqlite", "shift", "start"], environment: noLinks)
        #expect(started.status == 0, "\(started.stderr)")
        #expect(dash.run(["--store", stick + "/store.sqlite", "doctor"]).status == 0)
    }

    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func everyFailedWriteOfABackupLeavesTheStoreWholeAndNothingUnderTheFinalName() throws {
        let dash = Self.withShifts()
        let library = try #require(WriteFaults.build(in: dash.folder))
        let counter = dash.folder + "/calls"
        let clean = dash.run(
            ["backup", dash.folder + "/probe.sqlite"], environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_COUNT": counter])
        #expect(clean.status == 0)
        let calls = Int((try String(contentsOfFile: counter, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(calls > 5)
        let store = FileManager.default.contents(atPath: dash.storePath)
        var failed = 0
        for call in 1...calls {
            for kind in ["ENOSPC", "EIO"] {
                let target = dash.folder + "/copy-\(call)-\(kind).sqlite"
                let result = dash.run(
                    ["backup", target],
                    environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_AT": "\(call)", "DASHPILOT_FAULT_ERRNO": kind])
                // A failure SQLite itself recovers from may end in a whole, checked backup.
                #expect(result.status == 74 || result.status == 0, "call \(call) \(kind): \(result.stderr)")
                if result.status == 74 {
                    failed += 1
                    #expect(!FileManager.default.fileExists(atPath: target), "call \(call) \(kind) left a file under the final name")
                    #expect(result.stderr.hasPrefix("Error: "))
                } else {
                    #expect(dash.run(["--store", target, "doctor"]).status == 0, "call \(call) \(kind) kept a backup that is not whole")
                }
                #expect(FileManager.default.contents(atPath: dash.storePath) == store, "call \(call) \(kind) changed the store")
                #expect(Self.files(dash.folder).filter { $0.hasPrefix(".dashpilot") }.isEmpty, "call \(call) left a temporary file")
            }
        }
        #expect(failed > 0)
        #expect(dash.run(["doctor"]).status == 0)
    }

    /// Runs `arguments` once clean to count its write-side calls, then once failing each call in
    /// turn with ENOSPC and with EIO; `check` judges each failed or whole outcome.
    static func sweep(_ dash: Binary, _ arguments: [String], prepare: () throws -> Void, check: (Int, String, RunResult) throws -> Void)
        throws
    {
        let library = try #require(WriteFaults.build(in: dash.folder))
        let counter = dash.folder + "/calls"
        try prepare()
        _ = dash.run(arguments, environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_COUNT": counter])
        let calls = Int((try String(contentsOfFile: counter, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(calls > 5)
        for call in 1...calls {
            for kind in ["ENOSPC", "EIO"] {
                try prepare()
                let result = dash.run(
                    arguments, environment: ["LD_PRELOAD": library, "DASHPILOT_FAULT_AT": "\(call)", "DASHPILOT_FAULT_ERRNO": kind])
                try check(call, kind, result)
            }
        }
    }

    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func everyFailedWriteOfARestoreLeavesTheStoreAsItWasAndTheNextCommandWorks() throws {
        let dash = Self.withShifts()
        dash.run(["backup", dash.folder + "/kept.sqlite"])
        dash.run(["delivery", "accept"])
        let original = try #require(FileManager.default.contents(atPath: dash.storePath))
        let pristine = dash.folder + "/pristine.sqlite"
        try original.write(to: URL(fileURLWithPath: pristine))
        try Self.sweep(
            dash, ["restore", dash.folder + "/kept.sqlite", "--yes"],
            prepare: { try Self.putBack(original, in: dash) },
            check: { call, kind, result in
                #expect(result.status == 74 || result.status == 0, "call \(call) \(kind): \(result.stderr)")
                // keeping.md: "a sentence saying what was and was not done" (a full disk at the
                // replacement itself said only "The disk is full; nothing was changed.").
                if result.status == 74 {
                    #expect(result.stderr.contains("the restore did not run"), "call \(call) \(kind): \(result.stderr)")
                }
                // Read in process, as another terminal would: the old record or the new one,
                // whole, never a mixture.
                let store = try DashPilotStore(
                    path: dash.storePath, clock: SetClock("2026-11-30 12:00:00"), migrating: false, creating: false)
                let count = try store.shiftLog(id: nil).deliveries.count
                #expect(count == (result.status == 0 ? 5 : 6), "call \(call) \(kind): \(count) deliveries")
                #expect(try store.doctor().isHealthy, "call \(call) \(kind)")
                for backup in Self.files(dash.folder + "/backups").filter({ !$0.hasPrefix(".") }) {
                    let kept = try DashPilotStore(
                        path: dash.folder + "/backups/" + backup, clock: SetClock("2026-11-30 12:00:00"), migrating: false, creating: false)
                    #expect(try kept.doctor().isHealthy, "call \(call) \(kind): \(backup)")
                }
            })
    }

    /// A store of version 7 (the fixture's schema) in `dash`'s folder, after `statements`.
    static func versionSeven(_ dash: Binary, _ statements: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DashPilotStoreTests/Fixtures/schema-v7.sql").path
        let old = dash.folder + "/v7.sqlite"
        let script = (["sqlite3 '\(old)' < '\(fixture)'"] + statements.map { "sqlite3 '\(old)' \"\($0)\"" }).joined(separator: " && ")
        let made = dash.spawn(["/bin/sh", "-c", script].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"], stdin: nil)
        try #require(made.status == 0, "\(made.stderr)", sourceLocation: sourceLocation)
        return old
    }

    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func everyFailedWriteOfARestoreOfAnOlderBackupLeavesTheStoreAsItWas() throws {
        // keeping.md: a full disk during a restore "leaves the store exactly as it was". An older
        // backup was upgraded after it had replaced the store: a write failing in the upgrade left
        // the store replaced by the old version, with "nothing was changed".
        let dash = Self.withShifts()
        let old = try Self.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let original = try #require(FileManager.default.contents(atPath: dash.storePath))
        try Self.sweep(
            dash, ["restore", old, "--yes"],
            prepare: { try Self.putBack(original, in: dash) },
            check: { call, kind, result in
                #expect(result.status == 74 || result.status == 0, "call \(call) \(kind): \(result.stderr)")
                let summary = try DashPilotStore.summary(of: StorePath(dash.storePath), automatic: nil)
                if result.status == 0 {
                    #expect(summary.schemaVersion == 8 && summary.shifts == 1, "call \(call) \(kind)")
                } else {
                    #expect(FileManager.default.contents(atPath: dash.storePath) == original, "call \(call) \(kind) changed the store")
                    // "a sentence saying what was and was not done": the restore, not "the backup".
                    #expect(result.stderr.contains("the restore did not run"), "call \(call) \(kind): \(result.stderr)")
                }
            })
    }

    @Test func anOlderBackupIsCheckedAsTodaysIsBeforeItIsRestored() throws {
        // keeping.md: restore checks that PATH is healthy and refuses a file that fails. Only a
        // backup of today's schema was checked by doctor: an older one with two places under one
        // key was restored, and doctor then failed on the store.
        let dash = Self.withShifts()
        let twice = "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Nowhere Noodles', 'nowhere noodles', 1795971720)"
        let old = try Self.versionSeven(dash, twice, twice)
        let before = FileManager.default.contents(atPath: dash.storePath)
        let refused = dash.run(["restore", old, "--yes"])
        #expect(refused.status == 1 && refused.stderr.hasPrefix("Error: "), "\(refused.stderr)")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
        #expect(Self.files(dash.folder + "/backups").filter { !$0.hasPrefix(".") }.isEmpty)
    }

    @Test(.enabled(if: WriteFaults.compilerAvailable, "needs a C compiler for the fault shim"))
    func everyFailedWriteOfTheBackupBeforeAnUpgradeLeavesTheOldVersionWhole() throws {
        let dash = Binary()
        let old = try Self.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let original = try #require(FileManager.default.contents(atPath: old))
        try Self.sweep(
            dash, ["--store", dash.storePath, "shift", "list"],
            prepare: { try Self.putBack(original, in: dash) },
            check: { call, kind, result in
                #expect(result.status == 74 || result.status == 0, "call \(call) \(kind): \(result.stderr)")
                let automatic = Self.files(dash.folder + "/backups").filter { !$0.hasPrefix(".") }
                #expect(automatic.count <= 1, "call \(call) \(kind): \(automatic)")
                // A backup under its name is whole: the store as it was, version 7 and its shift.
                for backup in automatic {
                    let summary = try DashPilotStore.summary(
                        of: StorePath(dash.folder + "/backups/" + backup), automatic: .beforeUpgrade(toVersion: 8))
                    #expect(summary.schemaVersion == 7 && summary.shifts == 1, "call \(call) \(kind)")
                }
                if result.status == 74 {
                    // Without its upgrade, the store is version 7 as it was.
                    #expect(FileManager.default.contents(atPath: dash.storePath) == original, "call \(call) \(kind) changed the store")
                } else {
                    #expect(automatic.count == 1, "call \(call) \(kind): an upgrade ran without its backup")
                }
            })
    }

    @Test func aBackupOrARestoreKilledAtAnyMomentLeavesTheStoreWholeAndNoHalfBackupUnderAName() throws {
        let dash = Self.withShifts()
        for minute in 10...40 { dash.run(["route", "add", "40.\(minute)", "-75.0"], at: "2026-11-29 17:\(minute):00") }
        dash.run(["backup", dash.folder + "/kept.sqlite"], at: "2026-11-29 17:45:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:46:00")
        var generator = SeededRandom(seed: 21)
        var killedInFlight = 0
        var groups: [pid_t] = []
        for round in 0..<16 {
            let restoring = round % 2 == 1
            let target = dash.folder + "/killed-\(round).sqlite"
            let pid = dash.start(restoring ? ["restore", dash.folder + "/kept.sqlite", "--yes"] : ["backup", target])
            usleep(UInt32(Int.random(in: 1_000..<40_000, using: &generator)))
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == 0 { killedInFlight += 1 }
            kill(-pid, SIGKILL)
            waitpid(pid, &status, 0)
            groups.append(pid)
            let store = try DashPilotStore(path: dash.storePath, clock: SetClock("2026-11-30 12:00:00"), migrating: false, creating: false)
            #expect(try store.doctor().isHealthy, "round \(round)")
            #expect([5, 6].contains(try store.shiftLog(id: nil).deliveries.count), "round \(round)")
            if FileManager.default.fileExists(atPath: target) {
                let kept = try DashPilotStore(path: target, clock: SetClock("2026-11-30 12:00:00"), migrating: false, creating: false)
                #expect(try kept.doctor().isHealthy, "round \(round): a backup under its name that is not whole")
            }
        }
        #expect(killedInFlight > 0)
        // What a killed backup left under a temporary name goes with the next backup, once the
        // killed programs have ended: one killed inside a flush of its copy lives on until the
        // flush returns (seen in CI under load), and a copy of a program still running stays.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && groups.contains(where: Self.hasLiveMember) { sched_yield() }
        #expect(dash.run(["backup", dash.folder + "/after.sqlite"]).status == 0)
        #expect(Self.files(dash.folder).filter { $0.hasPrefix(".dashpilot-backup-") }.isEmpty)
    }

    /// 300,000 expenses, about 40 MB: a copy of several steps.
    static func fill(_ dash: Binary) throws {
        let filled = dash.spawn(
            [
                "/usr/bin/sqlite3", dash.storePath,
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) "
                    + "INSERT INTO expense (amount_cents, spent_at, category, note) SELECT 100, 1795971720, 'fuel', printf('%0100d', i) FROM n",
            ].map { Array($0.utf8) }, environment: [:], stdin: nil)
        try #require(filled.status == 0, "\(filled.stderr)")
    }

    @Test func ctrlCDuringABackupEndsItWith130AndLeavesNoTrace() throws {
        // cli.md, 130: "Nothing half-written: the operation under way either committed or left no
        // trace." Ctrl-C killed a backup outright, leaving its temporary copy, as large as the
        // store, until the next backup into that folder.
        let dash = Self.withShifts()
        try Self.fill(dash)
        var interrupted = 0
        for round in 0..<4 {
            let target = dash.folder + "/copy-\(round).sqlite"
            let pid = dash.start(["backup", target])
            // Ctrl-C to the program itself once its copy is under way (its temporary file is there).
            let deadline = Date().addingTimeInterval(20)
            var ended: Int32 = 0
            while !Self.files(dash.folder).contains(where: { $0.hasPrefix(".dashpilot-backup-") }) && Date() < deadline
                && waitpid(pid, &ended, WNOHANG) == 0
            {}
            for program in processes(containing: target) { kill(program, SIGINT) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            #expect(exit == 130 || exit == 0, "round \(round): \(exit)")
            if exit == 130 {
                interrupted += 1
                #expect(!FileManager.default.fileExists(atPath: target), "round \(round)")
            }
            #expect(!Self.files(dash.folder).contains { $0.hasPrefix(".dashpilot-backup-") }, "round \(round): a trace was left")
        }
        #expect(interrupted > 0)
    }

    @Test func ctrlCDuringARestoreEndsItWith130OrRestoredAndLeavesNoTrace() throws {
        // cli.md, 130: "the operation under way either committed or left no trace". Ctrl-C during
        // the copy a restore makes of the store first killed it, leaving that copy, as large as
        // the store, in the backups folder until the next backup.
        let dash = Self.withShifts()
        dash.run(["backup", dash.folder + "/kept.sqlite"])
        try Self.fill(dash)
        let backups = dash.folder + "/backups"
        var interrupted = 0
        for round in 0..<4 {
            let pid = dash.start(["restore", dash.folder + "/kept.sqlite", "--yes"])
            let deadline = Date().addingTimeInterval(20)
            var ended: Int32 = 0
            while !Self.files(backups).contains(where: { $0.hasPrefix(".dashpilot-backup-") }) && Date() < deadline
                && waitpid(pid, &ended, WNOHANG) == 0
            {}
            for program in processes(containing: dash.folder + "/kept.sqlite") { kill(program, SIGINT) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            #expect(exit == 130 || exit == 0, "round \(round): \(exit)")
            let counted = dash.spawn(
                ["/usr/bin/sqlite3", dash.storePath, "SELECT count(*) FROM expense"].map { Array($0.utf8) }, environment: [:], stdin: nil)
            let expenses = Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            if exit == 130 {
                interrupted += 1
                #expect(expenses >= 300_000, "round \(round): the store changed")
                #expect(Self.files(backups).isEmpty, "round \(round): \(Self.files(backups))")
            } else {
                #expect(expenses == 0, "round \(round)")
            }
            #expect(!Self.files(backups).contains { $0.hasPrefix(".dashpilot-backup-") }, "round \(round): a trace was left")
            if exit == 0 { break }
        }
        #expect(interrupted > 0)
    }

    /// cli.md, 130: "the operation under way either committed or left no trace"; keeping.md: the
    /// store is backed up "once for the whole upgrade". Ctrl-C during an upgrade's backup left its
    /// temporary copy, as large as the store; during the upgrade itself, a backup for an upgrade that
    /// did not happen, and the next command made a second. Ctrl-C now waits for the upgrade.
    @Test func ctrlCDuringAnUpgradeLeavesItDoneWithOneBackupOrUndoneWithNone() throws {
        let dash = Binary()
        // 300,000 route samples: a backup of several steps before the upgrade.
        let old = try Self.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) "
                + "INSERT INTO route_sample (shift_id, recorded_at, latitude_e7, longitude_e7) SELECT 1, 1795971720 + i, 456000000 + i, -735700000 FROM n"
        )
        let original = try #require(FileManager.default.contents(atPath: old))
        let backups = dash.folder + "/backups"
        var stopped = 0
        for round in 0..<4 {
            try? FileManager.default.removeItem(atPath: backups)
            try original.write(to: URL(fileURLWithPath: dash.storePath))
            let pid = dash.start(["--store", dash.storePath, "shift", "list"])
            let deadline = Date().addingTimeInterval(20)
            var ended: Int32 = 0
            // At a moment of each round's own: as the backup begins, then later and later.
            while !FileManager.default.fileExists(atPath: backups) && Date() < deadline && waitpid(pid, &ended, WNOHANG) == 0 {}
            for _ in 0..<(round * 20_000) { sched_yield() }
            for program in processes(containing: dash.storePath) { kill(program, SIGINT) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            // faketime says 1 for a program a signal ended.
            #expect([0, 1, 130].contains(exit), "round \(round): \(exit)")
            if exit != 0 { stopped += 1 }
            let version = dash.spawn(
                ["/usr/bin/sqlite3", dash.storePath, "PRAGMA user_version"].map { Array($0.utf8) }, environment: [:], stdin: nil)
            let kept = Self.files(backups)
            #expect(!kept.contains { $0.hasPrefix(".dashpilot-backup-") }, "round \(round): a trace was left")
            if version.stdout == "8\n" {
                #expect(kept.count == 1 && kept.allSatisfy { $0.hasPrefix("dashpilot-before-v8-") }, "round \(round): \(kept)")
            } else {
                #expect(version.stdout == "7\n" && kept.isEmpty, "round \(round): \(version.stdout) \(kept)")
            }
        }
        #expect(stopped > 0)
    }

    @Test func aKilledBackupsCopyGoesEvenWhenAnotherProgramHasItsProcessNumberSince() throws {
        // Process numbers come round again (32,768 here): a killed backup's copy named after a
        // number another program now has stayed for as long as that program ran.
        let dash = Self.withShifts()
        let taken = dash.folder + "/.dashpilot-backup-\(getpid())-12345.sqlite"
        #expect(FileManager.default.createFile(atPath: taken, contents: Data("half a copy".utf8)))
        #expect(dash.run(["backup", dash.folder + "/after.sqlite"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: taken))
    }

    @Test func aBackupWhileAnotherTerminalWritesHoldsEachWriteWhollyOrNotAtAll() throws {
        let dash = Self.withShifts()
        // Another terminal: 1,000 steps through the library, each its own transaction.
        let path = dash.storePath
        let done = ResultBox()
        let writing = TestThread {
            guard let writer = try? DashPilotStore(path: path, clock: SetClock("2026-11-29 18:00:00")) else {
                done.append(2)
                return
            }
            for _ in 0..<500 {
                guard let delivery = try? writer.acceptDelivery(), (try? writer.record(.arrive, delivery: delivery.number)) != nil else {
                    done.append(1)
                    return
                }
            }
            done.append(0)
        }
        var backups: [String] = []
        for index in 0..<5 {
            let target = dash.folder + "/during-\(index).sqlite"
            // What is tested is that each write is whole in a copy, not how long a busy machine
            // keeps a back-to-back writer's lock: the backup may wait as long as it needs.
            let result = dash.run(["backup", target], environment: ["DASHPILOT_BUSY_TIMEOUT_MS": "120000"])
            #expect(result.status == 0, "\(result.stderr)")
            backups.append(target)
        }
        writing.join()
        #expect(done.values == [0])
        for backup in backups {
            // Each copy is whole and one moment of the store: the writer accepts, then arrives, in
            // two transactions, so only the newest delivery may be between the two.
            #expect(dash.run(["--store", backup, "doctor"]).status == 0)
            let shift = try #require(json(dash.run(["--store", backup, "shift", "show", "--json"]).stdout) as? [String: Any])
            let deliveries = try #require(shift["deliveries"] as? [[String: Any]]).dropFirst(5)
            #expect(deliveries.dropLast().allSatisfy { $0["state"] as? String == "arrivedAtPickup" })
            #expect(["accepted", "arrivedAtPickup", nil].contains(deliveries.last?["state"] as? String))
        }
    }

    @Test func aRestoreWhileTheInteractiveModeIsOpenShowsTheRestoredRecord() throws {
        let dash = Self.withShifts()
        dash.run(["backup", dash.folder + "/kept.sqlite"], at: "2026-11-29 17:07:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:08:00")
        let window = try Window(dash, at: "2026-11-29 17:10:00")
        #expect(window.screen.contains("6 deliveries"))
        #expect(dash.run(["restore", dash.folder + "/kept.sqlite", "--yes"], at: "2026-11-29 17:11:00").status == 0)
        window.idle()
        #expect(window.screen.contains("5 deliveries") && !window.screen.contains("Delivery 6"))
    }

    /// cli.md: "A path is used as the bytes it was given: a name that is not UTF-8 is never
    /// repaired into another file's name." Of a store in a folder whose name is not UTF-8,
    /// `backup list` and doctor read the folder the repaired name names, another one; a backup
    /// whose own name is not UTF-8 was never listed.
    @Test func theBackupsFolderIsReadByTheBytesOfItsNameAndOfItsFilesNames() throws {
        let dash = Binary()
        let folder = Array((dash.folder + "/u8").utf8) + [0xFF] + Array("dir".utf8)
        let made = (folder + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o700) } }
        try #require(made == 0)
        // The repaired spelling names another folder, whose backups folder holds no backup.
        try FileManager.default.createDirectory(atPath: dash.folder + "/u8\u{FFFD}dir/backups", withIntermediateDirectories: true)
        try Data("not a backup\n".utf8).write(to: URL(fileURLWithPath: dash.folder + "/u8\u{FFFD}dir/backups/other.sqlite"))
        @discardableResult func run(_ words: [[UInt8]], at time: String? = nil) -> RunResult {
            dash.run(bytes: [Array("--store".utf8), folder + Array("/s.sqlite".utf8)] + words, at: time)
        }
        func words(_ text: String...) -> [[UInt8]] { text.map { Array($0.utf8) } }
        run(words("shift", "start"), at: "2026-11-29 17:00:00")
        run(words("shift", "end"), at: "2026-11-29 17:30:00")
        let first = run(words("backup"), at: "2026-11-29 17:40:00")
        let named = folder + Array("/backups/trip-".utf8) + [0xFE] + Array(".sqlite".utf8)
        let second = run(words("backup") + [named], at: "2026-11-29 17:50:00")
        // Where `backup` said it wrote each.
        func written(_ result: RunResult) -> String? {
            guard let to = result.stdout.range(of: " to "), let size = result.stdout.range(of: " (", options: .backwards) else {
                return nil
            }
            return String(result.stdout[to.upperBound..<size.lowerBound])
        }
        let paths = try [#require(written(second)), #require(written(first))]
        // Said with the byte that is not UTF-8 as it is, never as U+FFFD: that spelling names the
        // other folder, from which a script's restore took another store.
        #expect(paths.allSatisfy { $0.contains("/u8\\xFFdir/backups/") && !$0.contains("\u{FFFD}") }, "\(paths)")
        #expect(paths.first?.hasSuffix("/trip-\\xFE.sqlite") == true, "\(paths)")
        let list = try #require(json(run(words("backup", "list", "--json")).stdout) as? [[String: Any]])
        #expect(list.compactMap { $0["path"] as? String } == paths)
        let text = run(words("backup", "list")).stdout
        #expect(text.contains("2 backups,") && paths.allSatisfy(text.contains) && !text.contains("Not a usable backup"), "\(text)")
        #expect(run(words("doctor")).stdout.contains("note The newest backup was made 5:50 PM on Sun, Nov 29."))
    }

    /// keeping.md: "`doctor` says when the newest backup in the backups folder was made, or that
    /// there is none; that is a note, not a problem." Of a store at an older schema version, doctor
    /// stopped at its schema version's FAIL, with no note.
    @Test func doctorOfAStoreAtAnOlderVersionSaysWhenTheNewestBackupWasMadeToo() throws {
        let dash = Binary()
        let old = try Self.versionSeven(dash, "INSERT INTO shift (started_at, ended_at) VALUES (1795971720, 1795988400)")
        let none = dash.run(["--store", old, "doctor"])
        // An older version is no problem (the next command that reads or writes it upgrades it):
        // a note, and exit 0; "The store has problems" alarmed a driver whose store was sound.
        #expect(
            none.status == 0
                && none.stdout.contains(
                    "note The store is at schema version 7; the next command that reads or writes it upgrades it to 8, "
                        + "after a checked backup (doctor, backup and backup list leave it as it is)."),
            "\(none.stdout)")
        #expect(none.stdout.hasSuffix("Nothing wrong was found in what can be checked before the upgrade.\n"), "\(none.stdout)")
        #expect(none.stdout.contains("note There is no backup yet: dashpilot backup makes one."), "\(none.stdout)")
        dash.run(["shift", "start"], at: "2026-11-29 21:30:00")
        dash.run(["backup"], at: "2026-11-29 21:40:00")
        let some = dash.run(["--store", old, "doctor"])
        #expect(some.status == 0 && some.stdout.contains("note The newest backup was made 9:40 PM on Sun, Nov 29."), "\(some.stdout)")
        #expect(some.stderr.isEmpty)
    }

    /// keeping.md: a file that fails "is refused … and nothing changes"; cli.md, 1: "Nothing was
    /// written." A refused restore left behind an empty backups folder it had made.
    @Test func aRefusedRestoreLeavesNoBackupsFolderItMade() throws {
        let dash = Self.withShifts()
        let twice = "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES ('Nowhere Noodles', 'nowhere noodles', 1795971720)"
        let old = try Self.versionSeven(dash, twice, twice)
        let refused = dash.run(["restore", old, "--yes"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/backups"))
    }

    /// cli.md: "An empty `--store ""` or `DASHPILOT_STORE=""` is a usage error (64), never the
    /// default store"; 64 is for a "missing or malformed argument". `backup ""` said the backup
    /// could not be made (74).
    @Test func anEmptyBackupPathIsAUsageErrorAsAnEmptyStorePathIs() throws {
        let dash = Self.withShifts()
        let result = dash.run(["backup", ""])
        #expect(result.status == 64 && result.stderr.hasPrefix("Error: PATH is empty"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: dashpilot backup"))
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/backups"))
        // The same for the other commands that take a path: an empty one names no file.
        let restore = dash.run(["restore", "", "--yes"])
        #expect(restore.status == 64 && restore.stderr.hasPrefix("Error: PATH is empty"), "\(restore.stderr)")
        let imported = dash.run(["route", "import", ""])
        #expect(imported.status == 64 && imported.stderr.hasPrefix("Error: A FILE is empty"), "\(imported.stderr)")
    }

    /// keeping.md: "`backup list` lists the backups folder". Where a file stands at its path,
    /// the list said "No backups yet." and doctor "dashpilot backup makes one", and every backup,
    /// restore and upgrade then failed: both now say no backup can be made there.
    @Test func aFileWhereTheBackupsFolderGoesIsSaidToBlockBackups() throws {
        let dash = Self.withShifts()
        let backups = dash.folder + "/backups"
        try? FileManager.default.removeItem(atPath: backups)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: backups))
        let said = "\(backups) is not a folder: no backup can be made there until it is one."
        #expect(dash.run(["backup", "list"]).stdout == "No backups yet.\n" + said + "\n")
        #expect(dash.run(["doctor"]).stdout.contains("note " + said))
        // In JSON too (the review: only the text gave it).
        let checks = try #require((json(dash.run(["doctor", "--json"]).stdout) as? [String: Any])?["checks"] as? [[String: Any]])
        #expect(checks.last?["name"] as? String == "backupsFolder" && checks.last?["finding"] as? String == said, "\(checks)")
        #expect(dash.run(["backup"]).status == 74)
    }
}
