import DashPilotCore
import DashPilotScreens
import DashPilotStore

/// The interactive mode without a terminal: keys in as the terminal would send them, finished
/// frames out, at the time a clock says. For measuring key-to-frame times (`dashpilot-bench`) and
/// for tests, which drive every screen in process at a fixed time.
public final class InteractiveHarness {
    private let app: InteractiveApp
    private var columns: Int
    private var rows: Int
    /// Kept from read to read as the run loop keeps it: what is left of a sequence given up on
    /// is skipped when it comes later.
    private var decoder = KeyDecoder()

    /// The interactive mode on the store at `path`, in a window of `columns` × `rows`, reading
    /// the time from `clock` (the store records by it too).
    public init(
        storePath path: String, columns: Int, rows: Int, environment: [String: String] = [:], clock: any WallClock,
        busyTimeoutMilliseconds: Int32 = 5000
    ) throws {
        let store = try DashPilotStore(path: path, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        app = InteractiveApp(
            store: store, format: .driver(environment: environment, now: clock.now()), environment: environment,
            clock: clock)
        app.headlessRows = rows
        self.columns = columns
        self.rows = rows
    }

    /// Opens the first screen and returns its frame.
    @discardableResult
    public func firstFrame() -> String {
        app.start()
        return app.frame(columns: columns, rows: rows)
    }

    /// Feeds `input` as one read of the terminal (bytes as a terminal sends them: `"\u{1B}[B"`
    /// is ↓, `"\u{1B}[<0;5;3M\u{1B}[<0;5;3m"` a tap on column 5 of row 3), then each of `more`
    /// as the next read straight after it, then a pause; returns the frame that follows (and
    /// that the next tap lands on).
    @discardableResult
    public func press(_ input: String, _ more: String...) -> String {
        for read in [input] + more {
            for key in decoder.keys(from: Array(read.utf8)) { app.handle(key) }
        }
        for key in decoder.finish() { app.handle(key) }
        return app.frame(columns: columns, rows: rows)
    }

    /// What the run loop does while no key comes: a change committed from another terminal is
    /// read again, and the screen follows the clock. Returns the frame.
    @discardableResult
    public func idle() -> String {
        app.noticeChanges()
        app.tick()
        return app.frame(columns: columns, rows: rows)
    }

    /// One tick of the run loop's clock with no key: whether the screen changed (and would be
    /// drawn again).
    public func ticks() -> Bool { app.tick() }

    /// The window resized to `columns` × `rows`, and drawn again as the run loop draws it.
    public func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        app.headlessRows = rows
        app.windowResized()
        _ = app.frame(columns: columns, rows: rows)
    }

    /// The bytes a terminal sends for a tap (press and release) on `column` of `row`, both from 1.
    public static func tap(column: Int, row: Int) -> String { MouseEvent.tap(column: column, row: row) }

    /// The bytes a terminal sends for one step of the wheel, `down` towards the end of a list.
    public static func wheel(down: Bool, column: Int = 1, row: Int = 1) -> String {
        MouseEvent.wheel(down: down, column: column, row: row)
    }

    /// The status the mode ended with (0 after `q`, 130 after Ctrl-C), or `nil` while it runs.
    public var exitStatus: Int32? { app.exitStatus }

    /// Why the mode left with 74, in its sentence, once it has.
    public var unusable: String? { app.unusable?.sentence }

    /// The window as a terminal shows it: one line a row, without styles or trailing blanks.
    public var screen: String {
        app.window(columns: columns, rows: rows).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
