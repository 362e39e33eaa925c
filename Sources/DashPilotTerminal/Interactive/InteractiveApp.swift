import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// The interactive mode: a stack of screens driven by the fixed keys of the contract. It passes
/// keys to the top screen, follows where they lead, and draws; each screen does the rest.
final class InteractiveApp {
    let store: DashPilotStore
    private(set) var format: ScreenFormat
    let styled: Bool
    let bars: Bars
    /// Whether the terminal shows only ASCII (a locale that is not UTF-8).
    let plainCharacters: Bool
    private(set) var stack: [any TerminalScreen] = [RunningShiftView()] { didSet { view += 1 } }
    /// The message line: a refusal, or what a key said.
    var message: String? {
        didSet { if message != nil { messagesSet += 1 } }
    }
    /// How many times a message was set: a key may set the same sentence again.
    private(set) var messagesSet = 0
    /// Whether the keys list (`?`) shows over the screen on top.
    var showingKeys = false { didSet { if showingKeys != oldValue { view += 1 } } }
    /// Where the keys list (`?`) is scrolled to.
    private(set) var keysList = ListCursor()
    private(set) var quitting = false
    /// The terminal the mode runs on, once it runs on one.
    var terminal: RawTerminal?
    /// Hears each key the app acts on: the screen-reader mode.
    weak var listener: (any KeyListener)?
    /// Whether taps and the wheel work: unless `--no-mouse` or `DASHPILOT_MOUSE=0` leave the
    /// mouse to the terminal.
    let mouse: Bool
    var pointer = Pointer()
    /// Which view shows: a new number whenever a screen opens or closes, or the keys list does,
    /// so that a tap on a window drawn for another view does nothing.
    private(set) var view = 0
    /// Whether a mouse event since the last frame changed anything.
    var pointerActed = false
    /// Whether the last frame asked for a larger window instead of showing the screen.
    var windowTooSmall = false
    /// The window last drawn, of which view and at what size: what PgUp and PgDn scroll a sheet
    /// by, and what a page of a list is.
    var laidOut: (view: Int, layout: ScreenBuffer.Layout, columns: Int, rows: Int)?
    /// Whether a key acted since `laidOut` was laid out.
    var layoutBehind = false
    /// Whether the key acting was pressed by a tap on a row of the window, which it selected.
    var tappedRow = false
    /// Whether the key acting is a tap's.
    var tapping = false
    /// How many lines the driver scrolled the sheet of `view` past its focused lines.
    var sheetScroll: (view: Int, lines: Int)?

    let clock: any WallClock

    init(store: DashPilotStore, format: ScreenFormat, environment: [String: String], clock: any WallClock, mouse: Bool = true) {
        self.store = store
        self.mouse = mouse && environment["DASHPILOT_MOUSE"] != "0"
        // Amounts are the store's currency, written the driver's way.
        self.format = (try? store.currency()).map(format.with) ?? format
        self.clock = clock
        styled = (environment["NO_COLOR"] ?? "").isEmpty
        bars = Bars(plain: Bars.isPlain(environment))
        plainCharacters = PlainCharacters.needed(environment)
    }

    /// The window's rows when no terminal is attached (a headless driver); when the app speaks,
    /// the rows a screen reader is given at a time (`spokenRows`), which its lists page by.
    var headlessRows = 24
    var spokenRows: Int?

    /// How long a read that ended inside an escape sequence waits for the rest before taking what
    /// came as keys (a lone Esc, most often). A terminal writes a sequence at once, so its rest
    /// comes within a millisecond even over a network; every Esc waits this long before its frame,
    /// and at 40 ms Esc alone missed the frame a key is owed (measured through a pseudo-terminal:
    /// bench/keys-through-a-terminal.py).
    static let restOfAKeyMilliseconds: Int32 = 12

    /// Runs until the driver quits; returns the exit status.
    func run() -> Int32 {
        let terminal = RawTerminal(mouse: mouse)
        self.terminal = terminal
        defer { terminal.restore() }
        start()
        if !quitting { draw() }
        var decoder = KeyDecoder()
        var tickedSecond = Int64.min
        while !quitting {
            // The rest of a key split across reads comes at once, or the key is what came.
            let input = terminal.read(timeoutMilliseconds: decoder.isWaiting ? Self.restOfAKeyMilliseconds : 250)
            if let ended = terminal.endStatus { return ended }
            var keys = input.isEmpty ? decoder.finish() : decoder.keys(from: input)
            if terminal.takeStop() { keys += decoder.finish() + [.control("z")] }
            // What the keys read and write waits for another program's lock five seconds in all;
            // looking for changes between keys waits for none (`noticeChanges`), so that a key
            // is never held up behind it.
            store.waitingOnce {
                pointerActed = false
                for key in keys where !quitting {
                    handle(key)
                }
                // A mouse event that did nothing (a press before its release) draws nothing.
                let pressed = pointerActed || keys.contains { if case .mouse = $0 { false } else { true } }
                let changed = noticeChanges()
                let resized = terminalResized != 0
                terminalResized = 0
                if resized { windowResized() }
                // Once a second the screen on top may move with the clock.
                var ticked = false
                let second = clock.now().unixSeconds
                if second != tickedSecond {
                    tickedSecond = second
                    ticked = tick()
                }
                if pressed || resized || changed || ticked { draw() }
            }
        }
        return status
    }

    /// The store's version when the screens last read it.
    private var seenVersion: Int64?

    /// Reads the screen on top again when another terminal committed a change since it last
    /// read; returns whether it did.
    @discardableResult
    func noticeChanges() -> Bool {
        // Another file moved over the store (a sync tool, a copy renamed into place), or the
        // store removed: the screens would go on showing the record no longer there, and every
        // write be refused. The mode leaves (74), saying so, as for a store found unusable.
        let (replaced, removed) = store.isReplacedAtItsPath
        if replaced {
            unusable = .replacedWhileOpen(path: store.path, removed: removed)
            status = ExitStatus.storeUnusable
            quitting = true
            return true
        }
        // Asked without waiting: a store another program holds has not changed yet for the screens.
        // One that can't be read at all may have had other bytes put over it: looked at below.
        let read = Result { try store.waitingOnce(waiting: false) { try store.dataVersion() } }
        let unreadable: Bool
        if case .failure(let error) = read, (error as? StoreError) != .busy { unreadable = true } else { unreadable = false }
        let version = (try? read.get()) ?? seenVersion
        guard let version, version != seenVersion || unreadable else { return false }
        let first = seenVersion == nil
        seenVersion = version
        // Written over in place (a copy of another store put over it): one of another version is
        // not read as this one (a newer one's sentence, or a store replaced).
        if !first, let changed = store.changedVersion() {
            unusable = changed
            status = ExitStatus.storeUnusable
            quitting = true
            return true
        }
        if !first { reloadTop() }
        return !first
    }

    /// Lets the screen on top follow the clock; returns whether it changed.
    @discardableResult
    func tick() -> Bool {
        guard !showingKeys, let top = stack.last else { return false }
        // Left open over New Year, dates of the year just ended now say their year.
        let now = format.at(clock.now())
        if now.currentYear != format.currentYear {
            format = now
            reloadTop()
            return true
        }
        return top.tick(environment)
    }

    /// The window changed size: the screen on top reads what the new one brings into view.
    func windowResized() { if let top { perform { try top.resized(environment) } } }

    private func reloadTop() {
        guard let top = stack.last else { return }
        perform { try top.reload(environment) }
    }

    /// Runs `body`, turning a refusal or a store failure into the message line.
    func perform(_ body: () throws -> Void) {
        do {
            try body()
        } catch let refusal as DashPilotRefusal {
            message = ScreenMessages.refusal(refusal, format: format)
        } catch let error as StoreError where error.meansUnusable {
            // A store found damaged (or not one) can't be used: the mode leaves, and says why
            // where the command line does (74), rather than show what it could not read as empty.
            unusable = error
            status = ExitStatus.storeUnusable
            quitting = true
        } catch let error as StoreError {
            message = error.sentence
        } catch {
            message = "Something went wrong: \(type(of: error))."
        }
    }

    /// The status `run` returns: 0 on quit, 130 on Ctrl-C, as shells expect; 74 when the store
    /// was found unusable (`unusable`).
    private var status = ExitStatus.done
    /// Why the store can't be used, once a read found it so: what the mode leaves with.
    private(set) var unusable: StoreError?

    /// The status the mode ended with, once it has (`q`, Ctrl-C); `nil` while it runs.
    var exitStatus: Int32? { quitting ? status : nil }

    func handleOne(_ key: Key) {
        defer { layoutBehind = true }
        if case .mouse(let event) = key { return handleMouse(event) }
        // A key of the keyboard comes between a tap and the next: that one is the driver's own.
        if !tapping { pointer.forgetTap() }
        // Keys read together act in turn on the window each leaves (cli.md): one that asks what
        // shows whole sees the frame the keys before it would draw, not the one drawn before them.
        // A tap still lands on the frame the driver saw; a window too small lays nothing out
        // (`laidOut` is then the last window that was large enough).
        if layoutBehind, !windowTooSmall, let laidOut {
            let seen = pointer.drawn
            _ = frame(columns: laidOut.columns, rows: laidOut.rows)
            pointer.drawn = seen
        }
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
        // Ctrl-Z (or a stop from outside) acts on no screen: it suspends, whatever the window.
        if key == .control("z") {
            terminal?.suspend()
            terminalResized = 1
            return
        }
        // What a key acts on is always on screen: while the window is too small to show the
        // screen, no key acts on it (Ctrl-C and the end of input above still leave).
        if windowTooSmall { return }
        guard let top = stack.last else { return }
        let listsKeys = ScreenAction.keysList.key.matches(key)
        if showingKeys {
            // The keys list scrolls like any list; Esc or ? close it; no key reaches the screen
            // under it.
            if key == .escape || listsKeys { showingKeys = false }
            keysList.move(key, count: top.keys.filter(\.isInKeysList).count, page: environment.page)
            return
        }
        if scrolledSheet(key, top) { return }
        if listsKeys && !top.takesQuestionMark {
            showingKeys = true
            keysList = ListCursor()
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
        case .popSaying(let sentence):
            if stack.count > 1 { stack.removeLast() }
            try stack.last?.reload(environment)
            message = sentence
        case .rewind(let closing, let screen):
            while stack.count > 1, let last = stack.last, closing(last) { stack.removeLast() }
            try screen.reload(environment)
            stack.append(screen)
        case .quit:
            quitting = true
        }
    }

    /// Opens the first screen: what `run` does before the first frame.
    func start() {
        seenVersion = try? store.dataVersion()
        reloadTop()
    }

    /// The screen on top, if any.
    var top: (any TerminalScreen)? { stack.last }
}
