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
/// test can pass invalid UTF-8), its own environment, optional standard input, optionally under
/// `faketime` at a fixed time.
struct Binary {
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

    /// A binary with its own temporary folder and store, and no HOME store to touch.
    init() {
        folder = NSTemporaryDirectory() + "dashpilot-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder + "/home", "DASHPILOT_STORE": folder + "/store.sqlite", "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
    }

    var storePath: String { folder + "/store.sqlite" }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs `dashpilot` with `arguments`; `at` freezes the clock with faketime ("2026-11-29 17:02:00").
    @discardableResult
    func run(_ arguments: [String], at time: String? = nil, stdin: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        run(bytes: arguments.map { Array($0.utf8) }, at: time, stdin: stdin, environment: extra)
    }

    func run(bytes arguments: [[UInt8]], at time: String? = nil, stdin: String? = nil, environment extra: [String: String] = [:])
        -> RunResult
    {
        var command: [[UInt8]] = [Array(Self.path.utf8)] + arguments
        if let time { command = [Array("/usr/bin/faketime".utf8), Array("-f".utf8), Array(time.utf8)] + command }
        let env = environment.merging(extra) { $1 }
        return spawn(command, environment: env, stdin: stdin)
    }

    func spawn(_ command: [[UInt8]], environment env: [String: String], stdin: String?) -> RunResult {
        let id = UUID().uuidString
        let outPath = folder + "/out-" + id
        let errPath = folder + "/err-" + id
        let inPath = folder + "/in-" + id
        _ = FileManager.default.createFile(atPath: inPath, contents: Data((stdin ?? "").utf8))
        defer { for path in [outPath, errPath, inPath] { unlink(path) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
        let spawned = posix_spawn(&pid, argv[0]!, &actions, nil, argv, envp)
        guard spawned == 0 else { return RunResult(status: -1, stdout: "", stderr: "spawn failed: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        func read(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return RunResult(status: exitStatus, stdout: read(outPath), stderr: read(errPath))
    }

    /// Starts the binary with `arguments` and returns its process id, without waiting: for tests
    /// that kill it part-way.
    func start(_ arguments: [String]) -> pid_t {
        let argv = ([Self.path] + arguments).map { strdup($0) } + [nil]
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
        posix_spawn(&pid, Self.path, &actions, nil, argv, envp)
        return pid
    }

    /// Runs a shell command line on a pseudo-terminal through `script`, feeding `input`.
    func onTerminal(_ arguments: [String], input: String) -> RunResult {
        let line = ([Self.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return spawn(
            [Array("/usr/bin/script".utf8), Array("-qec".utf8), Array(line.utf8), Array("/dev/null".utf8)], environment: environment,
            stdin: input)
    }
}

/// Parses JSON output for comparison.
func json(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
