import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal pair: what a USB receiver or a driver's terminal looks like to a program.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    /// A pair whose slave is raw (no echo, no line editing, bytes as they come), as a serial
    /// receiver is set up, or left cooked for a terminal a program writes to.
    init(raw: Bool) {
        // posix_openpt, unlockpt and ptsname, as Linux has them (Glibc's module hides them).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        _ = ioctl(master, 0x4004_5431, &unlock)  // TIOCSPTLCK
        var number: UInt32 = 0
        _ = ioctl(master, 0x8004_5430, &number)  // TIOCGPTN
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var settings = termios()
        tcgetattr(slave, &settings)
        if raw { cfmakeraw(&settings) } else { settings.c_lflag &= ~tcflag_t(ECHO) }
        tcsetattr(slave, TCSANOW, &settings)
    }

    /// Writes `text` to the master: what the device sends.
    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads the master until what it printed contains `text`, or `seconds` pass with nothing
    /// more; returns everything read.
    func read(until text: String, seconds: Double = 20) -> String {
        var seen = ""
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !seen.contains(text) {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&descriptor, 1, left) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            seen += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return seen
    }

    func closeMaster() { close(master) }

    /// Gives the terminal a width and height, as a window resized does.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(master)
        close(slave)
    }
}

/// `dashpilot route follow` running at a time a test chose, its clock running on from there:
/// standard input from a pipe the test writes (or a receiver's pseudo-terminal), standard output
/// to a file, standard error to a pseudo-terminal (where the status line shows) or a file.
final class FollowProcess {
    let pid: pid_t
    private let input: Int32
    private let outPath: String
    private let errPath: String
    private let peakPath: String?
    /// The program writing standard input, when a test gave one (`feeding`).
    private var feeder: pid_t?
    /// The peak memory of `dashpilot`, in kibibytes, once it has ended (when `measured`).
    private(set) var peakKiB = 0

    /// With `measured`, `/usr/bin/time` measures the program's peak memory: a child spawned from
    /// the test process would count the test process's own memory as its peak. With `feeding`, that
    /// command writes standard input (its standard output is the pipe), for as long as it likes.
    /// Without `clockRunning`, the program's clock stands still at `time`: no half second ever
    /// passes for it, however long it reads.
    /// `words` name the command read from standard input: `route follow`, or `route import -`.
    init(
        _ dash: Binary, at time: String, words: [String] = ["route", "follow"], arguments: [String] = [],
        receiver: PseudoTerminal? = nil, terminal: PseudoTerminal? = nil, measured: Bool = false, feeding: [String]? = nil,
        clockRunning: Bool = true, ignoring ignored: String? = nil
    ) {
        let id = UUID().uuidString
        outPath = dash.folder + "/follow-out-" + id
        errPath = dash.folder + "/follow-err-" + id
        peakPath = measured ? dash.folder + "/follow-peak-" + id : nil
        var pipeEnds: [Int32] = [0, 0]
        // Closed on exec: a child holding the writer's end would never read the end of input.
        if receiver == nil {
            pipe(&pipeEnds)
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        input = receiver?.master ?? pipeEnds[1]
        // `ignored` signals ignored from the start, as `nohup` or a shell's background job leaves them.
        let command =
            (ignored.map { ["/bin/sh", "-c", "trap '' \($0); exec \"$@\"", "sh"] } ?? [])
            + (peakPath.map { ["/usr/bin/time", "-o", $0, "-f", "%M"] } ?? []) + Binary.command(at: time, running: clockRunning) + words
            + arguments
        let argv = command.map { strdup($0) } + [nil]
        let envp = dash.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, receiver?.slave ?? pipeEnds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let terminal {
            posix_spawn_file_actions_adddup2(&actions, terminal.slave, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        var spawned: pid_t = 0
        var attributes = Binary.cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn(&spawned, argv[0]!, &actions, &attributes, argv, envp)
        pid = spawned
        if receiver == nil { close(pipeEnds[0]) }
        if let feeding { feeder = Self.feed(pipeEnds[1], by: feeding) }
    }

    /// Starts `command` writing into `pipe`; it ends (SIGPIPE) once nobody reads the pipe.
    private static func feed(_ pipe: Int32, by command: [String]) -> pid_t {
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var spawned: pid_t = 0
        var attributes = Binary.cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn(&spawned, argv[0]!, &actions, &attributes, argv, nil)
        return spawned
    }

    /// Waits until the follow has read everything sent so far (the pipe holds nothing), or
    /// `seconds` pass.
    func waitUntilRead(seconds: Double = 20) {
        let deadline = Date().addingTimeInterval(seconds)
        var waiting: Int32 = 1
        while ioctl(input, UInt(FIONREAD), &waiting) == 0 && waiting > 0 && Date() < deadline { sched_yield() }
    }

    /// Sends `text` on standard input.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Ends standard input (a pipe's writer closes).
    func closeInput() { close(input) }

    /// Waits up to `seconds` for the process to end (killing it after that); returns its status
    /// (128 + a signal's number when a signal ended it), what it printed, and what it said on
    /// standard error (when that was a file).
    func wait(seconds: Double = 30) -> RunResult {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date() > deadline {
                // The program first: killed alone, the wrapper would leave it running.
                if let program { kill(program, SIGKILL) }
                kill(pid, SIGKILL)
                wait4(pid, &status, 0, &usage)
                break
            }
            // Blocks in the kernel until the child changes state or a short while passes.
            var none = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGCHLD)
            sigtimedwait(&mask, nil, &none)
        }
        if let feeder {
            // A broken pipe ends it once the follow no longer reads; killed all the same.
            kill(feeder, SIGKILL)
            var fed: Int32 = 0
            waitpid(feeder, &fed, 0)
        }
        peakKiB =
            peakPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.flatMap { Int($0.split(separator: "\n").last ?? "") } ?? 0
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        func read(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        return RunResult(status: exit, stdout: read(outPath), stderr: read(errPath))
    }
}

extension FollowProcess {
    /// The `dashpilot` process itself, under its `faketime` wrapper: what Ctrl-C reaches in a
    /// terminal (the wrapper forwards no signal faithfully).
    var program: pid_t? {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }
}
