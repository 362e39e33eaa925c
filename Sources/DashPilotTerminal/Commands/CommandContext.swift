import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command runs with: the store (opened only when the command needs it, and only created
/// by a command that writes), the driver's format, and the terminal to print on and ask on.
final class CommandContext {
    /// The store's path, as the bytes it was given.
    let storePath: StorePath
    /// The process's environment.
    let environment: [String: String]
    /// How times, dates and money read: the driver's locale and time zone, and, once the store is
    /// read, its currency.
    private(set) var format: ScreenFormat
    /// Asks a yes/no question on the terminal: `(question, prompt) -> yes`.
    let confirm: (String, String) -> Bool
    /// The program's one clock: the store records by it and the screens read "now" from it.
    let clock: any WallClock
    private var opened: DashPilotStore?
    /// Whether every wait for another program's lock counts against one timeout, the command's
    /// (cli.md, 74: busy is a lock held "for longer than five seconds"); the commands that commit
    /// in steps (`route follow` for hours, `route import` a file at a time, `restore`) wait so
    /// long for each step instead.
    var waitsOnce = true
    /// The folders made for a store this command made (deepest first), and the currency it was
    /// made with, once it made one.
    private var made: (folders: [StorePath], currency: Currency)?

    init(
        storePath: StorePath, environment: [String: String], format: ScreenFormat, clock: any WallClock,
        confirm: @escaping (String, String) -> Bool
    ) {
        self.storePath = storePath
        self.environment = environment
        self.format = format
        self.clock = clock
        self.confirm = confirm
    }

    private var log: any PickupPlaceLog { PlatformPickupPlaceLog(environment: environment) }
    private var busyTimeout: Int32 { Int32(environment["DASHPILOT_BUSY_TIMEOUT_MS"] ?? "") ?? 5000 }

    /// The store, for a command that writes: created with its folder when missing, migrated.
    func store() throws -> DashPilotStore {
        if let opened { return opened }
        let open = {
            try DashPilotStore(
                storePath: self.storePath, clock: self.clock, log: self.log, busyTimeoutMilliseconds: self.busyTimeout,
                currencyIfNew: self.format.currency, timeZone: self.format.timeZone, migrationProgress: MigrationProgress.onTerminal(),
                stopWaiting: { StopSignals.endsAWait })
        }
        let store = try StopSignals.held {
            do {
                return try open()
            } catch StoreError.cannotOpen where storeIsMissing {
                // Found, then gone before it opened: another terminal's refused first command
                // removed the store it had made. Nothing stands there now: it is made anew.
                return try open()
            }
        }
        opened = store
        if waitsOnce { store.waitOnceFromNowOn() }
        made = store.madeFolders.map { ($0, format.currency) }
        format = format.with(currency: try store.currency())
        return store
    }

    /// The store, for a command that only reads: a store that does not exist reads as an empty
    /// one, and nothing is created.
    func readStore() throws -> DashPilotStore {
        if let opened { return opened }
        if storeIsMissing {
            let empty = try DashPilotStore.emptyInMemory(clock: clock, log: log, currency: format.currency, standingFor: storePath)
            opened = empty
            return empty
        }
        return try store()
    }

    /// After a command that failed: removes the store it made, and the folders made for it, when
    /// nothing was recorded in it ("created by the first command that writes", and a refused
    /// command wrote nothing).
    func removeStoreIfUnused() {
        guard let made else { return }
        opened = nil
        DashPilotStore.removeUnused(at: storePath, madeFolders: made.folders, currency: made.currency)
    }

    /// Whether a store stands at the store's path.
    var storeExists: Bool { !storeIsMissing }

    /// Whether nothing stands at the store's path (a read then answers as an empty store would).
    private var storeIsMissing: Bool {
        var info = stat()
        guard storePath.withCString({ lstat($0, &info) }) == 0 else { return errno == ENOENT }
        // A link to no file yet stands for no store, as a free name does (looked into only for a link).
        return info.st_mode & S_IFMT == S_IFLNK && DashPilotStore.danglingLink(storePath) != nil
    }

    /// The store as it is, never migrated or created (`doctor` changes nothing); a store that
    /// does not exist reads as an empty one.
    func storeAsItIs() throws -> DashPilotStore {
        if storeIsMissing {
            return try DashPilotStore.emptyInMemory(clock: clock, log: log, currency: format.currency, standingFor: storePath)
        }
        return try DashPilotStore(
            storePath: storePath, clock: clock, log: log, busyTimeoutMilliseconds: busyTimeout, migrating: false, creating: false)
    }

    /// `text` as an amount under the driver's locale and the store's currency: a malformed one is
    /// a usage error, one a rule refuses (negative, too large) a refusal.
    /// A negative amount is refused naming `subject` ("Earnings can't be negative.") when given.
    func amount(_ text: String, for command: CommandDefinition, subject: String? = nil) throws -> Money {
        switch Money.parse(text, style: format.amountStyle) {
        case .success(let amount): return amount
        case .failure(let problem) where problem.isMalformed:
            // One sentence, as a refused ID's: "…; got 84,50."
            let sentence = problem.sentence.hasSuffix(".") ? String(problem.sentence.dropLast()) : problem.sentence
            throw UsageError(command: command, message: "\(sentence); got \(TerminalText.given(text)).")
        case .failure(let problem): throw CommandFailure(sentence: subject.map(problem.sentence(about:)) ?? problem.sentence)
        }
    }

    /// `text` (already checked for its form) as an instant: local time, a time with no date the
    /// most recent one not later than now.
    func instant(_ text: String) throws -> Date {
        let now = clock.now()
        guard let instant = TypedTime.parse(text, now: now, timeZone: format.timeZone) else {
            throw CommandFailure(sentence: ScreenMessages.skippedTime(TerminalText.safe(text)))
        }
        if TypedTime.wasReadAsAnEarlierDay(text, as: instant, now: now, timeZone: format.timeZone) { readAsYesterday = instant }
        return instant
    }

    /// A time of day typed with no date that was read as yesterday's, today's being still to
    /// come: a refusal of it as out of order says why it was read so.
    private(set) var readAsYesterday: Date?

    /// Prints `line` with any control character escaped.
    func say(_ line: String) { say(lines: [TerminalText.safe(line)]) }

    /// Prints lines that are already terminal-safe; where the locale cannot show Unicode, with
    /// the characters the program draws in ASCII (screens.md: "The same screen models feed the
    /// plain output of the command line").
    func say(lines: [String]) {
        guard !lines.isEmpty else { return }
        let text = lines.joined(separator: "\n")
        print(plainCharacters ? PlainCharacters.text(text) : text)
    }

    /// Whether the locale's character set is not UTF-8.
    var plainCharacters: Bool { PlainCharacters.needed(environment) }

    /// Prints `json`.
    func say(json: JSON) { print(json.text) }

    /// Refuses a destructive command without a terminal and without `--yes`; asks on a terminal.
    func confirmed(_ yes: Bool, question: String, prompt: String, what: String) throws -> Bool {
        if yes { return true }
        guard Confirmation.canAsk else {
            throw CommandFailure(sentence: "\(what) needs confirmation; without a terminal to ask on, add --yes.")
        }
        return confirm(plainCharacters ? PlainCharacters.text(question) : question, prompt)
    }

    /// `bytes` as a place name, or the policy's refusal.
    func name(_ bytes: [UInt8]) throws -> PickupPlaceName {
        do {
            return try PickupPlaceName(utf8: bytes)
        } catch {
            // Logged by its rule (never the name), as the store logs every refusal.
            let refusal = DashPilotRefusal.invalidName(error)
            log.record(.refused(refusal.rule))
            throw refusal
        }
    }
}

/// The progress of a long store upgrade (or `route rebuild`), on standard error when it is a
/// terminal: one line redrawn, kept on screen once done as a record of what ran.
enum MigrationProgress {
    /// A reporter that redraws one line on standard error, or `nil` when it is not a terminal.
    static func onTerminal(_ words: @escaping @Sendable (Double) -> String = StatusWords.upgrading) -> (@Sendable (Double) -> Void)? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        return reporter(words) { StandardError.write($0) }
    }

    /// A reporter that writes each line once, through `write`.
    static func reporter(
        _ words: @escaping @Sendable (Double) -> String, write: @escaping @Sendable (String) -> Void
    ) -> @Sendable (Double) -> Void {
        let shown = Shown()
        return { fraction in
            // Drawn when the percentage changes, so that 100% ends one line, however often the
            // steps report it.
            let line = words(fraction)
            guard line != shown.line else { return }
            shown.line = line
            write("\r\(line)" + (fraction >= 1 ? "\n" : ""))
        }
    }

    /// For the screen-reader mode, where no line is drawn over: a sentence as the upgrade starts
    /// and one as it ends, on standard error when it is a terminal.
    static func spokenOnTerminal() -> (@Sendable (Double) -> Void)? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        return spokenReporter { StandardError.write($0) }
    }

    /// The screen-reader mode's reporter, writing each sentence once, as a line, through `write`.
    static func spokenReporter(write: @escaping @Sendable (String) -> Void) -> @Sendable (Double) -> Void {
        let shown = Shown()
        return { fraction in
            let line = fraction >= 1 ? StatusWords.upgraded : StatusWords.upgradingSpoken
            guard line != shown.line, shown.line != StatusWords.upgraded else { return }
            shown.line = line
            write(line + "\n")
        }
    }

    /// The line last drawn; the steps of one upgrade report from one thread.
    private final class Shown: @unchecked Sendable { var line = "" }
}

/// Asks the driver on the terminal.
enum Confirmation {
    /// Whether standard input is a terminal that can be asked.
    static var canAsk: Bool { isatty(STDIN_FILENO) != 0 }

    /// Asks `question` on the terminal and reads the answer; `true` only for yes. The question
    /// goes to standard error when it is the terminal (so that it is seen when standard output goes
    /// to a file), else to the terminal itself: with both redirected, the driver would otherwise
    /// be asked nothing they can see and the command would wait.
    static func ask(_ question: String, _ prompt: String) -> Bool {
        fflush(nil)
        let terminal = isatty(STDERR_FILENO) != 0 ? -1 : open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        defer { if terminal >= 0 { close(terminal) } }
        let output = terminal >= 0 ? terminal : STDERR_FILENO
        // Wrapped between words at the terminal's width, which would break it anywhere.
        let columns = terminalColumns(output)
        let lines = question.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = columns < 20 ? lines : lines.flatMap { broken($0, width: columns) }
        StandardError.write(shown.joined(separator: "\n") + "\n" + prompt + " ", to: output)
        guard let answer = readLine() else { return false }
        let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
        return word == "y" || word == "yes"
    }

    /// `line` broken at the last space that fits each `width` columns, every other character
    /// kept as it is (a path's two spaces stay two); a word wider than the line stays whole.
    static func broken(_ line: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(line)
        while DisplayWidth.of(String(rest)) > width {
            var columns = 0
            var cut: String.Index?
            for index in rest.indices {
                if rest[index] == " " { cut = index }
                columns += DisplayWidth.of(String(rest[index]))
                if columns > width { break }
            }
            guard let cut, cut > rest.startIndex else { break }
            lines.append(String(rest[..<cut]))
            rest = rest[rest.index(after: cut)...]
        }
        return lines + [String(rest)]
    }
}
