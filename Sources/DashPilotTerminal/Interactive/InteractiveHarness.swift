import DashPilotScreens
import DashPilotStore

/// The interactive mode without a terminal: keys in as the terminal would send them, finished
/// frames out. For measuring key-to-frame times (`dashpilot-bench`) and for tests.
public final class InteractiveHarness {
    private let app: InteractiveApp
    private let columns: Int
    private let rows: Int

    /// The interactive mode on the store at `path`, in a window of `columns` × `rows`.
    public init(storePath path: String, columns: Int, rows: Int, environment: [String: String] = [:]) throws {
        let store = try DashPilotStore(path: path)
        app = InteractiveApp(store: store, format: .driver(environment: environment), environment: environment)
        app.headlessRows = rows
        self.columns = columns
        self.rows = rows
    }

    /// Opens the first screen and returns its frame.
    public func firstFrame() -> String {
        app.start()
        return app.frame(columns: columns, rows: rows)
    }

    /// Feeds `input` (bytes as a terminal sends them: `"\u{1B}[B"` is ↓) and returns the frame
    /// that follows.
    public func press(_ input: String) -> String {
        for key in Key.parse(Array(input.utf8)) { app.handle(key) }
        return app.frame(columns: columns, rows: rows)
    }
}
