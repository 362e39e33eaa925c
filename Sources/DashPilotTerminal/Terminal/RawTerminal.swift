import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Signal handlers may only touch what was set up before they run: the saved terminal settings,
// the sequences, and three flags. They are written before the handlers are installed.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var rawModeActive: sig_atomic_t = 0
nonisolated(unsafe) private var mouseReporting: sig_atomic_t = 0
// Whether the alternate screen is in use: the plain mode of a screen reader writes no sequence.
nonisolated(unsafe) private var alternateScreenActive: sig_atomic_t = 0
nonisolated(unsafe) var terminalResized: sig_atomic_t = 0
// The signal that asked the mode to end (SIGTERM, SIGHUP: a window closed; SIGINT from `kill`),
// 0 until one did. The loop ends after the key under way, so that the key's write commits and a
// store made only to look at goes; a second one ends the process at once.
nonisolated(unsafe) private var endSignal: sig_atomic_t = 0
// Set by SIGTSTP from outside (`kill -TSTP`, a job control of its own): the loop then stops as
// Ctrl-Z does, giving the terminal back first.
nonisolated(unsafe) private var suspendAsked: sig_atomic_t = 0

/// The alternate screen, the cursor hidden, and bracketed paste (2004): a paste arrives marked,
/// so that a newline in it is not Enter.
private let enterSequence = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
private let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l".utf8)
/// Mouse reporting on: presses and releases (1000, never motion, so that Shift and drag still
/// select text in the terminal), in SGR coordinates (1006).
private let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
private let mouseOffSequence: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1000l".utf8)

private func restoreTerminalFromSignal() {
    guard rawModeActive != 0 else { return }
    rawModeActive = 0
    if mouseReporting != 0 { mouseOffSequence.withUnsafeBufferPointer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) } }
    if alternateScreenActive != 0 {
        leaveSequence.withUnsafeBufferPointer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedSettings)
}

/// The terminal in raw mode on the alternate screen, reporting the mouse unless told not to;
/// restored (mouse reporting off first) on quit, on Ctrl-C, on Ctrl-Z until `fg`, on a signal
/// and on a crash. In the plain mode of a screen reader (`fullScreen` false) it only reads keys
/// one at a time without echo: no alternate screen, no mouse, and no byte written of its own, ever.
final class RawTerminal {
    /// Whether the terminal reports the mouse while the mode runs.
    let mouse: Bool
    /// Whether it uses the alternate screen and draws frames.
    let fullScreen: Bool

    /// Enters raw mode, and the alternate screen when `fullScreen`; turns mouse reporting on when
    /// `mouse` (never in the plain mode).
    init(mouse: Bool, fullScreen: Bool = true) {
        self.mouse = mouse && fullScreen
        self.fullScreen = fullScreen
        alternateScreenActive = fullScreen ? 1 : 0
        // Made now, so that a handler never makes them.
        _ = (leaveSequence.count, mouseOffSequence.count)
        tcgetattr(STDIN_FILENO, &savedSettings)
        enterRawMode()
        // SIGPIPE too: output gone (its reader quit) ends the mode as a quit does, the terminal
        // given back and a store made only to look at removed.
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGPIPE] {
            installHandler(signal) { number in
                if endSignal == 0 {
                    endSignal = number
                    return
                }
                // A window closing hangs up twice (the shell passes one on, the kernel sends
                // another), and each write after output is gone fails again: only a second
                // SIGTERM or SIGINT, someone insisting, ends at once.
                guard number != SIGHUP && number != SIGPIPE else { return }
                restoreTerminalFromSignal()
                _exit(128 + number)
            }
        }
        for signal in [SIGQUIT] {
            installHandler(signal) { number in
                restoreTerminalFromSignal()
                _exit(128 + number)
            }
        }
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            installHandler(signal) { number in
                restoreTerminalFromSignal()
                resetAndRaise(number)
            }
        }
        installHandler(SIGWINCH) { _ in terminalResized = 1 }
        installHandler(SIGTSTP) { _ in suspendAsked = 1 }
        // A parent (a terminal multiplexer, a shell) may hand over a mask that blocks these;
        // the terminal is only restored on them if they are delivered.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGPIPE, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGWINCH, SIGTSTP] {
            sigaddset(&handled, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        enterScreen()
    }

    /// The alternate screen, cleared, with the cursor hidden; the mouse reported when asked.
    private func enterScreen() {
        guard fullScreen else { return }
        // Noted first: a signal that comes while it is written still turns it off.
        if mouse { mouseReporting = 1 }
        emit(enterSequence + (mouse ? mouseOnSequence : ""))
    }

    private func enterRawMode() {
        var raw = savedSettings
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        // The plain mode writes lines: the terminal still turns each newline into a new line.
        if fullScreen { raw.c_oflag &= ~tcflag_t(OPOST) }
        // Keys typed ahead while the program starts are kept, a driver's or a screen reader's:
        // flushed, a key pressed at once was lost (and a `q` typed ahead left the mode waiting).
        tcsetattr(STDIN_FILENO, TCSADRAIN, &raw)
        rawModeActive = 1
    }

    /// Ctrl-Z: gives the terminal back as it was found and stops, as shell programs do; when the
    /// shell's `fg` continues the process, takes the terminal again (the caller redraws).
    func suspend() {
        restore()
        // A parent may hand over SIGTSTP ignored or blocked; Ctrl-Z asked to stop, so stop.
        setAction(SIGTSTP, SIG_DFL)
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, nil)
        // The whole process group stops, as the terminal's own Ctrl-Z would stop it: a wrapper
        // the program runs under (`faketime`, a script) is suspended with it, so the shell sees
        // its job stopped.
        kill(0, SIGTSTP)
        // Execution resumes here on SIGCONT. A stop asked while this one was under way is done.
        suspendAsked = 0
        installHandler(SIGTSTP) { _ in suspendAsked = 1 }
        tcgetattr(STDIN_FILENO, &savedSettings)
        enterRawMode()
        enterScreen()
    }

    /// Turns mouse reporting off, leaves the alternate screen and restores the terminal as it was
    /// found.
    func restore() {
        guard rawModeActive != 0 else { return }
        rawModeActive = 0
        if mouseReporting != 0 { emit(String(decoding: mouseOffSequence, as: UTF8.self)) }
        mouseReporting = 0
        if fullScreen { emit(String(decoding: leaveSequence, as: UTF8.self)) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedSettings)
    }

    deinit { restore() }

    /// Whether a stop came from outside (SIGTSTP) since last asked: each mode answers it as the
    /// Ctrl-Z key (the terminal given back until `fg`, then the screen drawn, or said, again),
    /// after the keys read before it; never as a byte among them (half a key, a paste).
    func takeStop() -> Bool {
        guard suspendAsked != 0 else { return false }
        suspendAsked = 0
        return true
    }

    /// The status the mode ends with when a signal asked it to end (128 + its number), else nil.
    var endStatus: Int32? { endSignal == 0 ? nil : 128 + Int32(endSignal) }

    /// The terminal's size in columns and rows.
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// Writes `text` to the terminal at once.
    func emit(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 {
                // A signal that asks the mode to end stops a write the terminal is not taking.
                if errno == EINTR && endSignal == 0 { continue }
                return
            }
            offset += written
        }
    }

    /// Waits up to `milliseconds` for input and returns what arrived (empty on timeout). The end
    /// of input, and input that cannot be read (a folder, a terminal hung up), come as Ctrl-D, so
    /// that the mode ends instead of asking again for ever (a closed standard input, held by
    /// `holdClosedStandardDescriptors`, fails to read, and ends it too).
    func read(timeoutMilliseconds milliseconds: Int32) -> [UInt8] {
        // Stopped from outside: no wait for input (`takeStop` says so).
        if suspendAsked != 0 { return [] }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, 4096) }
        if count == 0 { return [0x04] }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : [0x04] }
        return Array(buffer[..<count])
    }
}

private func installHandler(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
    setAction(number, handler)
}

/// Puts back the default action for `number` and raises it again, so that a crash still ends the
/// process the way it would have (and leaves its core, where the system keeps one).
private func resetAndRaise(_ number: Int32) {
    setAction(number, SIG_DFL)
    raise(number)
}

private func setAction(_ number: Int32, _ handler: sighandler_t?) {
    var action = sigaction()
    #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
    #else
        action.__sigaction_u.__sa_handler = handler
    #endif
    // The handlers run one at a time: one that asks to end never interrupts another.
    sigemptyset(&action.sa_mask)
    for blocked in [SIGTERM, SIGHUP, SIGINT] { sigaddset(&action.sa_mask, blocked) }
    action.sa_flags = 0
    sigaction(number, &action, nil)
}
