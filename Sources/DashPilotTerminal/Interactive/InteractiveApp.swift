import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// The interactive mode: a stack of screens driven by the fixed keys of the contract. It passes
/// keys to the top screen, follows where they lead, and draws; each screen does the rest.
final class InteractiveApp {
    let store: DashPilotStore
    let format: ScreenFormat
    let styled: Bool
    let bars: Bars
    private var stack: [any TerminalScreen] = [RunningShiftView()]
    /// The message line: a refusal, or what a key said.
    private(set) var message: String? {
        didSet { if message != nil { messagesSet += 1 } }
    }
    /// How many times a message was set: a key may set the same sentence again.
    private(set) var messagesSet = 0
    /// Whether the keys list (`?`) shows over the screen on top.
    private(set) var showingKeys = false
    private var quitting = false
    /// The terminal the mode runs on, once it runs on one.
    var terminal: RawTerminal?
    /// Hears each key the app acts on: the screen-reader mode.
    weak var listener: (any KeyListener)?

    let clock: any WallClock

    init(store: DashPilotStore, format: ScreenFormat, environment: [String: String], clock: any WallClock) {
        self.store = store
        // Amounts are the store's currency, written the driver's way.
        self.format = (try? store.currency()).map(format.with) ?? format
        self.clock = clock
        styled = (environment["NO_COLOR"] ?? "").isEmpty
        bars = Bars(plain: Bars.isPlain(environment))
    }

    /// The window's rows when no terminal is attached (a headless driver).
    var headlessRows = 24

    private var environment: AppEnvironment {
        AppEnvironment(store: store, format: format, rows: terminal?.size.rows ?? headlessRows, bars: bars, clock: clock)
    }

    /// Runs until the driver quits; returns the exit status.
    func run() -> Int32 {
        let terminal = RawTerminal()
        self.terminal = terminal
        defer { terminal.restore() }
        start()
        draw()
        var decoder = KeyDecoder()
        var tickedSecond = Int64.min
        while !quitting {
            // The rest of a key split across reads comes at once, or the key is what came.
            let input = terminal.read(timeoutMilliseconds: decoder.isWaiting ? 40 : 250)
            let keys = input.isEmpty ? decoder.finish() : decoder.keys(from: input)
            for key in keys where !quitting {
                handle(key)
            }
            let changed = noticeChanges()
            let resized = terminalResized != 0
            terminalResized = 0
            // Once a second the screen on top may move with the clock.
            var ticked = false
            let second = clock.now().unixSeconds
            if second != tickedSecond {
                tickedSecond = second
                ticked = tick()
            }
            if !keys.isEmpty || resized || changed || ticked { draw() }
        }
        return status
    }

    /// The store's version when the screens last read it.
    private var seenVersion: Int64?

    /// Reads the screen on top again when another terminal committed a change since it last
    /// read; returns whether it did.
    @discardableResult
    func noticeChanges() -> Bool {
        let version = (try? store.dataVersion()) ?? seenVersion
        guard let version, version != seenVersion else { return false }
        let first = seenVersion == nil
        seenVersion = version
        if !first { reloadTop() }
        return !first
    }

    /// Lets the screen on top follow the clock; returns whether it changed.
    @discardableResult
    func tick() -> Bool {
        guard !showingKeys, let top = stack.last else { return false }
        return top.tick(environment)
    }

    private func reloadTop() {
        guard let top = stack.last else { return }
        perform { try top.reload(environment) }
    }

    /// Runs `body`, turning a refusal or a store failure into the message line.
    private func perform(_ body: () throws -> Void) {
        do {
            try body()
        } catch let refusal as DashPilotRefusal {
            message = ScreenMessages.refusal(refusal, format: format)
        } catch let error as StoreError {
            message = error.sentence
        } catch {
            message = "Something went wrong: \(type(of: error))."
        }
    }

    /// The status `run` returns: 0 on quit, 130 on Ctrl-C, as shells expect.
    private var status = ExitStatus.done

    /// The status the mode ended with, once it has (`q`, Ctrl-C); `nil` while it runs.
    var exitStatus: Int32? { quitting ? status : nil }

    /// Acts on `key`. Characters that came together go into a field whole when the screen on top
    /// types into one; otherwise each is its own key, in order, each to the screen on top then.
    func handle(_ key: Key) {
        guard case .text(let characters) = key, characters.count > 1 else { return handleOne(key) }
        var rest = Substring(characters)
        while let first = rest.first, !quitting {
            if stack.last?.typingGoesToField == true && !showingKeys {
                return handleOne(.text(String(rest)))
            }
            handleOne(.text(String(first)))
            rest = rest.dropFirst()
        }
    }

    private func handleOne(_ key: Key) {
        for first in listener?.keyWillAct(key) ?? [] { act(first) }
        act(key)
        listener?.keyDidAct(key)
    }

    private func act(_ key: Key) {
        if key == .interrupt || key == .endOfInput {
            if key == .interrupt { status = ExitStatus.interrupted }
            quitting = true
            return
        }
        if key == .control("z") {
            terminal?.suspend()
            terminalResized = 1
            return
        }
        guard let top = stack.last else { return }
        let listsKeys = ScreenAction.keysList.key.matches(key)
        if showingKeys {
            showingKeys = false
            if key == .escape || listsKeys { return }
        }
        if listsKeys && !top.inTextField {
            showingKeys = true
            return
        }
        message = nil
        perform {
            let navigation = try top.handle(key, environment)
            try follow(navigation, from: top)
        }
    }

    private func follow(_ navigation: Navigation, from top: any TerminalScreen) throws {
        switch navigation {
        case .stay:
            return
        case .message(let sentence):
            message = sentence
        case .reload:
            try top.reload(environment)
        case .push(let screen):
            try screen.reload(environment)
            stack.append(screen)
        case .pop:
            if stack.count > 1 { stack.removeLast() }
            try stack.last?.reload(environment)
        case .rewind(let closing, let screen):
            while stack.count > 1, let last = stack.last, closing(last) { stack.removeLast() }
            try screen.reload(environment)
            stack.append(screen)
        case .quit:
            quitting = true
        }
    }

    func draw() {
        guard let terminal else { return }
        let (columns, rows) = terminal.size
        // Synchronized output: a terminal that knows it shows the frame whole, never half drawn.
        terminal.emit("\u{1B}[?2026h" + frame(columns: columns, rows: rows) + "\u{1B}[?2026l")
    }

    /// Opens the first screen: what `run` does before the first frame.
    func start() {
        seenVersion = try? store.dataVersion()
        reloadTop()
    }

    /// The frame for a window of `columns` × `rows`, as the terminal would be sent it.
    func frame(columns: Int, rows: Int) -> String { buffer(columns: columns).frame(rows: rows, message: message) }

    /// The window of `columns` × `rows` as plain lines, as a terminal would show it.
    func window(columns: Int, rows: Int) -> [String] { buffer(columns: columns).window(rows: rows, message: message).map(\.text) }

    /// The screen on top, if any.
    var top: (any TerminalScreen)? { stack.last }

    /// The screen on top as the screen-reader mode says it, or the keys list while it shows.
    func spoken() -> SpokenScreen {
        var lines = SpokenScreen()
        guard let top = stack.last else { return lines }
        if showingKeys {
            lines.say(ScreenMessages.keysTitle)
            for action in top.keys where action.isListed { lines.say(action.accessibilityLabel) }
            lines.say(SpokenWords.sayAgain)
            lines.say(SpokenWords.keysClose)
        } else {
            top.spoken(into: &lines, environment)
        }
        return lines
    }

    private func buffer(columns: Int) -> ScreenBuffer {
        guard let top = stack.last else { return ScreenBuffer(width: columns, styled: styled) }
        var screen = ScreenBuffer(width: columns, styled: styled)
        if showingKeys {
            screen.line(ScreenMessages.keysTitle, style: .bold)
            screen.blank()
            for action in top.keys where action.isListed { screen.line("  \(action.key.title.padding(8))\(action.label)") }
            screen.blank()
            screen.footer = ScreenMessages.keysFooter
        } else {
            top.render(into: &screen, environment)
        }
        return screen
    }
}
