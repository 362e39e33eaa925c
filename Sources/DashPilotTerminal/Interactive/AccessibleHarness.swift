import DashPilotCore
import DashPilotScreens
import DashPilotStore

/// The screen-reader mode without a terminal: keys in as a terminal sends them, the lines it says
/// out, at the time a clock says. For tests, which drive every screen in process at a fixed time.
public final class AccessibleHarness {
    private let app: InteractiveApp
    private var session: AccessibleSession?
    private var said: [String] = []

    /// The screen-reader mode on the store at `path`, reading the time from `clock` (the store
    /// records by it too).
    public init(storePath path: String, environment: [String: String] = [:], clock: any WallClock, busyTimeoutMilliseconds: Int32 = 5000)
        throws
    {
        let store = try DashPilotStore(path: path, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        app = InteractiveApp(
            store: store, format: .driver(environment: environment, now: clock.now()), environment: environment, clock: clock)
        session = AccessibleSession(app: app) { [weak self] lines in self?.said += lines }
    }

    /// Opens the first screen; returns the lines said.
    @discardableResult
    public func start() -> [String] { saying { session?.start() } }

    /// Feeds `input` as one read of the terminal (`"\u{1B}[B"` is ↓, `"\r"` Enter), then each of
    /// `more` as the next read; returns the lines said in answer.
    @discardableResult
    public func press(_ input: String, _ more: String...) -> [String] {
        saying {
            var decoder = KeyDecoder()
            for read in [input] + more {
                for key in decoder.keys(from: Array(read.utf8)) { app.handle(key) }
            }
            for key in decoder.finish() { app.handle(key) }
        }
    }

    /// What the run loop does while no key comes: a change from another terminal is said, and
    /// the screen follows the clock (saying nothing for it but the 12-hour reminder). Returns the
    /// lines said.
    @discardableResult
    public func idle() -> [String] {
        saying {
            if app.noticeChanges() { session?.sayChanges() }
            if app.tick() { session?.sayReminder() }
        }
    }

    /// Every line said so far, one a line.
    public var transcript: String { said.joined(separator: "\n") }

    /// The status the mode ended with (0 after `q` or the end of input, 130 after Ctrl-C), or
    /// `nil` while it runs.
    public var exitStatus: Int32? { app.exitStatus }

    private func saying(_ body: () -> Void) -> [String] {
        let before = said.count
        body()
        return Array(said[before...])
    }
}
