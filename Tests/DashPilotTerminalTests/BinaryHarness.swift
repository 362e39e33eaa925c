import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of the built `dashpilot` binary did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real binary, as a driver or a script would: arguments passed as raw bytes (so that a
/// test can pass invalid UTF-8), its own environment, optional standard input, and always at a
/// time the test chose. No run reads the machine's clock: a run that names no time happens one
/// second after the latest time this binary has run at (and never before 2026-11-30 12:00:00),
/// so that the suite gives the same answers on any day it runs.
final class Binary: @unchecked Sendable {
    static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["DASHPILOT_BINARY"] { return explicit }
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("dashpilot").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/dashpilot").path
    }()

    let folder: String
    var environment: [String: String]
    private let lock = NSLock()
    private var latest = "2026-11-30 12:00:00"

    /// A binary with its own temporary folder and store, and no HOME store to touch.
    init() {
        folder = NSTemporaryDirectory() + "dashpilot-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder + "/home", "DASHPILOT_STORE": folder + "/store.sqlite", "TZ": "UTC",
            "LANG": "C.UTF-8",
            // A file's times are the file system's, not shifted by faketime: a backup's time is read back from its file.
            "NO_FAKE_STAT": "1",
        ]
    }

    /// `faketime` names its semaphore and shared memory after its pid and refuses to start when
    /// they exist. A wrapper that was killed (the crash harness kills it with SIGKILL) leaves them
    /// behind, and a later wrapper given the same pid would fail: remove those of dead processes.
    static func removeStaleFakeTimeFiles() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
        for entry in entries where entry.hasPrefix("faketime_shm_") || entry.hasPrefix("sem.faketime_sem_") {
            guard let pid = pid_t(entry.drop { !$0.isNumber }), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink("/dev/shm/" + entry)
        }
    }

    private static let wallClock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()

    /// The wall-clock time (`2026-11-29 17:02:00`, read in the run's `TZ`) a run happens at:
    /// `time` when given, else one second after the latest so far. Either way the latest moves on.
    func time(_ time: String? = nil) -> String {
        lock.withLock {
            if let time {
                // The format is fixed width, so later times compare greater as text.
                if time > latest { latest = time }
                return time
            }
            let next = Self.wallClock.date(from: latest).map { Self.wallClock.string(from: $0.addingTimeInterval(1)) } ?? latest
            latest = next
            return next
        }
    }

    /// `date` as the wall-clock time of `time(_:)`, in UTC.
    static func wallClockTime(_ date: Date) -> String { wallClock.string(from: date) }

    /// The command that runs the binary at `time` under `faketime`: its clock frozen there, or
    /// starting there and running on (`running`).
    static func command(at time: String, running: Bool = false) -> [String] {
        removeStaleFakeTimeFiles()
        return ["/usr/bin/faketime", "-f", (running ? "@" : "") + time, path]
    }

    /// The command that runs the binary at the next time, its clock frozen there.
    func command() -> [String] { Self.command(at: time()) }

    /// A shell command line that starts the interactive program at the next time, its clock
    /// running on from there: `'/usr/bin/faketime' '-f' '@2026-11-30 12:00:01' '/path/dashpilot'`.
    func program(at time: String? = nil) -> String {
        Self.command(at: self.time(time), running: true).map { "'\($0)'" }.joined(separator: " ")
    }

    /// A folder holding a `dashpilot` that runs the binary at the next time, for a shell that
    /// finds it on PATH.
    func pathFolder() -> String {
        Self.removeStaleFakeTimeFiles()
        let bin = folder + "/bin"
        try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // What it says on standard error is kept beside it, since a completion script discards it.
        let script = "#!/bin/sh\nexec 2>>'\(bin)/stderr'\nexec /usr/bin/faketime -f '\(time())' '\(Self.path)' \"$@\"\n"
        // Written through a descriptor closed on exec: a process another test spawns while it is
        // open would otherwise inherit it, and the script could not run while that process lives
        // ("text file busy"). Written in place, since an atomic write names its temporary file by
        // the time, which a faked clock repeats.
        let path = bin + "/dashpilot"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        if descriptor >= 0 {
            _ = Array(script.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        chmod(path, 0o755)
        return bin
    }

    var storePath: String { folder + "/store.sqlite" }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    // The folder goes with the last reference to it, whether the test passed or failed.
    deinit { remove() }

    /// Runs `dashpilot` with `arguments` at `time` ("2026-11-29 17:02:00", its clock frozen there), or
    /// at the next time when `nil`.
    @discardableResult
    func run(_ arguments: [String], at time: String? = nil, stdin: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        run(bytes: arguments.map { Array($0.utf8) }, at: time, stdin: stdin, environment: extra)
    }

    /// `run`, its standard output the descriptor `output` (a pipe's end) when given.
    func run(
        bytes arguments: [[UInt8]], at time: String? = nil, stdin: String? = nil, environment extra: [String: String] = [:],
        output: Int32? = nil
    ) -> RunResult {
        let command = Self.command(at: self.time(time)).map { Array($0.utf8) } + arguments
        return spawn(command, environment: environment.merging(extra) { $1 }, stdin: stdin, output: output)
    }

    func spawn(_ command: [[UInt8]], environment env: [String: String], stdin: String?, output: Int32? = nil) -> RunResult {
        let id = UUID().uuidString
        let outPath = folder + "/out-" + id
        let errPath = folder + "/err-" + id
        let inPath = folder + "/in-" + id
        // Written in place: an atomic write names its temporary file by the time, which a faked clock repeats.
        try? Data((stdin ?? "").utf8).write(to: URL(fileURLWithPath: inPath))
        defer { for path in [outPath, errPath, inPath] { unlink(path) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv =
            command.map { bytes -> UnsafeMutablePointer<CChar>? in
                let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
                pointer[bytes.count] = 0
                return pointer
            } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { pointer?.deallocate() }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        var attributes = Self.cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        let spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return RunResult(status: -1, stdout: "", stderr: "spawn failed: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        func read(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return RunResult(status: exitStatus, stdout: read(outPath), stderr: read(errPath))
    }

    /// Spawn attributes that give a child the default signal dispositions and no blocked signal.
    /// The test process's threads block signals, and a spawned child inherits that mask: a tmux
    /// server that cannot receive SIGTERM ignores `kill-server` and outlives the suite.
    static func cleanSignals() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return attributes
    }

    /// Starts the binary with `arguments` at the next time, in a process group of its own, and
    /// returns the group's id without waiting: for tests that kill it part-way (`kill(-pid, …)`
    /// reaches the binary under `faketime`).
    func start(_ arguments: [String]) -> pid_t {
        let argv = (command() + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [Int32(0), 1, 2] { posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0) }
        var pid: pid_t = 0
        var attributes = Self.cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
        return pid
    }

    /// Runs the binary on a pseudo-terminal through `script` at the next time, feeding `input`.
    func onTerminal(_ arguments: [String], input: String) -> RunResult {
        let line = (command() + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return spawn(
            [Array("/usr/bin/script".utf8), Array("-qec".utf8), Array(line.utf8), Array("/dev/null".utf8)],
            environment: environment, stdin: input)
    }
}

/// Parses JSON output for comparison.
func json(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Work on an OS thread of its own, joined by the test that started it. Not `DispatchQueue.global()`:
/// on Linux the tests themselves run on that pool, as wide as the cores, so two tests each waiting
/// for work they queued there can hold every thread of it and wait for ever (seen on two cores: both
/// tests in `DispatchGroup.wait`, the work they waited for never started).
final class TestThread: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let finished = self.finished
        Thread {
            body()
            finished.signal()
        }.start()
    }

    /// Waits until the work has run.
    func join() { finished.wait() }
}
