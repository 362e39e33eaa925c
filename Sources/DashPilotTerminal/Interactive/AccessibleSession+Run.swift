import DashPilotCore
import DashPilotScreens

extension AccessibleSession {
    /// Runs the mode on standard input and output until the driver quits or the input ends;
    /// returns the exit status. Standard input need not be a terminal: what it holds is read as
    /// keys, and its end ends the mode (0).
    static func run(_ app: InteractiveApp) -> Int32 {
        let terminal = RawTerminal(mouse: false, fullScreen: false)
        app.terminal = terminal
        defer { terminal.restore() }
        let session = AccessibleSession(app: app) { lines in terminal.emit(lines.map { $0 + "\n" }.joined()) }
        session.start()
        var decoder = KeyDecoder()
        while app.exitStatus == nil {
            // The rest of a key split across reads comes at once, or the key is what came.
            let input = terminal.read(timeoutMilliseconds: decoder.isWaiting ? InteractiveApp.restOfAKeyMilliseconds : 250)
            if let ended = terminal.endStatus { return ended }
            var keys = input.isEmpty ? decoder.finish() : decoder.keys(from: input)
            if terminal.takeStop() { keys += decoder.finish() + [.control("z")] }
            // What the keys read and write waits for another program's lock five seconds in all;
            // looking for changes between keys waits for none (`noticeChanges`).
            app.store.waitingOnce {
                for key in keys where app.exitStatus == nil { app.handle(key) }
                // A change that finds the store unusable ends the mode: nothing more is said.
                if app.exitStatus == nil && app.noticeChanges() && app.exitStatus == nil { session.sayChanges() }
                // The screen follows the clock; nothing is said for it but the 12-hour reminder:
                // a screen reader is not interrupted each minute.
                if app.tick() { session.sayReminder() }
            }
        }
        return app.exitStatus ?? ExitStatus.done
    }
}
