#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal that asked a long command to stop (Ctrl-C, `kill`), 0 until one did.
nonisolated(unsafe) var stopSignal: sig_atomic_t = 0

/// How many stop signals came (a second Ctrl-C gives up what the first waits to finish).
nonisolated(unsafe) var stopSignals: sig_atomic_t = 0

/// Lets a long command (`route follow`) finish what it holds when asked to stop: SIGINT,
/// SIGTERM and SIGHUP only note which came, and a blocking wait returns at once (no restart).
enum StopSignals {
    /// A signal ignored when the program began (`nohup`, a shell's background job) stays ignored.
    static func catchThem() {
        for number in [SIGINT, SIGTERM, SIGHUP] where !ignored(number) {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = {
                    stopSignal = $0
                    stopSignals &+= 1
                }
            #else
                action.__sigaction_u.__sa_handler = {
                    stopSignal = $0
                    stopSignals &+= 1
                }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
        var caught = sigset_t()
        sigemptyset(&caught)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&caught, number) }
        pthread_sigmask(SIG_UNBLOCK, &caught, nil)
    }
}

extension StopSignals {
    /// Whether signal `number` is ignored.
    static func ignored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sigaction_u.__sa_handler
        #endif
        // SIG_IGN is the handler at address 1, in C's headers as in Darwin's.
        return handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }

    /// Thrown by a long command's step when a stop signal came (a transaction under way rolls back).
    struct Stopped: Error {}

    /// Throws `Stopped` once a stop signal came.
    static func check() throws {
        if stopSignal != 0 { throw Stopped() }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP noted rather than acted on until it returns:
    /// for opening the store, whose upgrade of an older version, with the backup made for it, then
    /// either commits or leaves no trace (cli.md's 130). A signal that came meanwhile then acts,
    /// as it would have.
    static func held<T>(_ body: () throws -> T) rethrows -> T {
        // One ignored when the program began stays ignored (`nohup`): held, it ended a lock's wait.
        let numbers = [SIGINT, SIGTERM, SIGHUP].filter { !ignored($0) }
        var before: [sigaction] = numbers.map { _ in sigaction() }
        for (index, number) in numbers.enumerated() {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { heldSignal = $0 }
            #else
                action.__sigaction_u.__sa_handler = { heldSignal = $0 }
            #endif
            sigemptyset(&action.sa_mask)
            // The store's reads and writes carry on through it.
            action.sa_flags = SA_RESTART
            sigaction(number, &action, &before[index])
        }
        defer {
            for (index, number) in numbers.enumerated() { sigaction(number, &before[index], nil) }
            if heldSignal != 0 {
                let signal = heldSignal
                heldSignal = 0
                raise(signal)
            }
        }
        return try body()
    }
}

/// A signal that came while the store was opened, 0 until one did.
nonisolated(unsafe) private var heldSignal: sig_atomic_t = 0

/// Whether a stop signal ends a wait for another program's lock (`route follow`'s).
nonisolated(unsafe) private var stopEndsWaits = false

extension StopSignals {
    /// Whether a signal came while held: a wait for another program's lock then ends at once
    /// (cli.md's 130, "as every shell program does", not five seconds later).
    static var heldOneCame: Bool { heldSignal != 0 }

    /// Whether a wait for another program's lock ends now: a signal came while held, or a stop
    /// signal came where it ends waits (`endingWaits()`).
    static var endsAWait: Bool { heldSignal != 0 || (stopEndsWaits && stopSignals != 0) }

    /// From now on a stop signal ends a wait for another program's lock at once: Ctrl-C is heard
    /// then, not once the wait ends.
    static func endingWaits() { stopEndsWaits = true }
}
