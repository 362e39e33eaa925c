import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exit statuses of the contract.
enum ExitStatus {
    static let done: Int32 = 0
    static let refused: Int32 = 1
    static let usage: Int32 = 64
    static let storeUnusable: Int32 = 74
    static let interrupted: Int32 = 130
}

/// The `dashpilot` program: parses the command line, runs one command on the store, and maps the
/// outcome to the exit statuses of the contract (0, 1, 64, 74).
public enum CommandLineTool {
    /// The version `--version` prints.
    public static let version = "0.2.0"

    /// Runs the program with the process's arguments, environment and clock; returns the exit
    /// status. This is where the program's one clock is made: everything below it is handed it.
    public static func main() -> Int32 {
        // A file-size limit (`ulimit -f`) fails the write that passes it (EFBIG), which then fails
        // as a full disk does: 74 with its sentence, nothing half-written left. The kernel's
        // SIGXFSZ ended the program on the spot, saying nothing and leaving its temporary files.
        signal(SIGXFSZ, SIG_IGN)
        holdClosedStandardDescriptors()
        // CommandLine.arguments repairs invalid UTF-8 silently; names are checked on the raw bytes.
        let arguments = ProcessArguments.given().map(Argument.init(bytes:))
        let status = run(arguments, environment: { ProcessInfo.processInfo.environment }, clock: SystemClock())
        // Output that never arrived (a full disk, a device that refuses it) fails the command, as
        // it does every shell program's: 74, the I/O error of sysexits, unless it failed already.
        if let failure = StandardOutput.flushFailure() {
            let reason = failure == 0 ? "" : " (\(String(cString: strerror(failure))))"
            // Said whole: a script must not take it as nothing done (a shift started is started).
            writeError("Error: The output could not be written\(reason); the command itself was carried out.")
            return status == ExitStatus.done ? ExitStatus.storeUnusable : status
        }
        fflush(nil)
        return status
    }

    /// `environment` is read only past `--version`, which prints its line and touches nothing
    /// else: building Foundation's copy of the environment was a sixth of its time.
    static func run(_ arguments: [Argument], environment readEnvironment: () -> [String: String], clock: any WallClock) -> Int32 {
        let global = GlobalOptions(arguments)
        let words = global.rest.map(\.text)
        if let problem = global.problem {
            return usageFailure(UsageError(command: CommandTable.find(words)?.0, message: problem))
        }
        if let status = versionAsked(global, words) { return status }
        let environment = readEnvironment()
        // cli.md: an empty one is a usage error, never the default store, with any command (help too).
        if global.store == nil, environment["DASHPILOT_STORE"]?.isEmpty == true {
            return usageFailure(UsageError(command: CommandTable.find(words)?.0, message: GlobalOptions.emptyVariable))
        }
        if let options = InteractiveOptions(words) {
            // Asked for by name, the screen-reader mode reads whatever standard input is.
            if global.accessible || (isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0) {
                return interactive(global, options, environment: environment, clock: clock)
            }
            print(CommandTable.overallHelp)
            return ExitStatus.done
        }
        if let option = global.accessible
            ? OptionSpec.accessible.name : words.first(where: { word in InteractiveOptions.all.contains { $0.name == word } })
        {
            return usageFailure(
                UsageError(
                    command: CommandTable.find(words)?.0,
                    message: "\(option) is for the interactive screens: dashpilot \(option), with no command."))
        }
        if words.first == "help" || (!global.endedBeforeCommand && (words.first == "--help" || words.first == "-h")) {
            return help(topic: Array(words.dropFirst()))
        }
        // `--help` anywhere before `--` asks for help on the command its other words name
        // (`shift --help list` is `shift list`'s), or on their group.
        let optionWords = global.endedBeforeCommand ? [] : words.prefix { $0 != "--" }
        let found = CommandTable.find(words)
        let asked = found.map { $0.asksForHelp(Array(words.dropFirst($1))) } ?? optionWords.contains { $0 == "--help" || $0 == "-h" }
        if !global.endedBeforeCommand && asked {
            let topic = optionWords.filter { $0 != "--help" && $0 != "-h" }
            if let (command, _) = CommandTable.find(topic) {
                print(command.help)
                return ExitStatus.done
            }
            // A group's help for the group alone: a word that is no subcommand is said as one.
            if topic.count == 1, let group = topic.first, !CommandTable.group(group).isEmpty { return help(topic: [group]) }
        }
        guard let (command, used) = found else {
            if !CommandTable.group(words[0]).isEmpty {
                let usages =
                    CommandTable.group(words[0]).enumerated().flatMap { $1.usageLines($0 == 0 ? "Usage: " : "       ") }
                    + (CommandTable.shortForm(words[0]) == nil ? [] : ["       " + CommandTable.stepUsage(words[0])])
                let what =
                    words.count < 2
                    ? "\(words[0]) needs a subcommand"
                    : words[1].hasPrefix("-") && !global.endedBeforeCommand
                        ? "\(words[0]) needs a subcommand before \(TerminalText.word(words[1]))"
                        : "\(words[0]) has no subcommand \(TerminalText.word(words[1]))"
                writeError((["Error: \(what)."] + usages + ["  See 'dashpilot help \(words[0])'."]).joined(separator: "\n"))
                return ExitStatus.usage
            }
            // A word like an option before any command is an option no command knows (after
            // `--`, a word like any other).
            let what = global.rest[0].isOption && !global.endedBeforeCommand ? "option" : "command"
            let hint = what == "command" ? CommandTable.suggestion(for: words[0]).map { " " + $0 } ?? "" : ""
            return usageFailure(UsageError(command: nil, message: "Unknown \(what) \(TerminalText.word(words[0]))." + hint))
        }
        // After `--` before the command, its words are no options either.
        let commandArguments = (global.endedBeforeCommand ? [Argument("--")] : []) + Array(global.rest.dropFirst(used))
        do {
            if global.json && !command.printsJSON {
                throw UsageError(command: command, message: "\(command.name) prints no JSON; --json does not apply.")
            }
            let parsed = try ParsedArguments(commandArguments, command: command, flags: global.json ? ["--json"] : [])
            let action = try command.parse(parsed)
            let path = try storePath(global, environment: environment, command: command)
            func newContext() -> CommandContext {
                CommandContext(
                    storePath: path, environment: environment, format: .driver(environment: environment, now: clock.now()),
                    clock: clock, confirm: Confirmation.ask)
            }
            var context = newContext()
            let status: Int32
            do {
                do {
                    status = try action(context)
                } catch StoreError.removedMeanwhile {
                    // Another terminal's refused first command removed the store it had made, which
                    // this one had opened: nothing was recorded, and the command runs once more.
                    context = newContext()
                    status = try action(context)
                }
            } catch DashPilotRefusal.noShiftRunning
                where command.options.contains(where: { $0.name == OptionSpec.shift.name })
                && (try? context.readStore().shiftCount(completedOnly: true)) ?? 0 > 0
            {
                // After a shift ended, what a driver records belongs to a completed shift: starting
                // another would not help (with none yet, starting one is the way on).
                context.removeStoreIfUnused()
                throw CommandFailure(
                    sentence:
                        "No shift is running. For a completed shift, add --shift ID (`dashpilot shift list` gives the ids).")
            } catch {
                context.removeStoreIfUnused()
                guard let refusal = error as? DashPilotRefusal, let time = context.readAsYesterday, refusal.isAboutOrder else {
                    throw error
                }
                throw CommandFailure(
                    sentence: sentence(refusal, format: context.format) + " " + ScreenMessages.readAsYesterday(time, format: context.format)
                )
            }
            if status != ExitStatus.done { context.removeStoreIfUnused() }
            return status
        } catch let error as UsageError {
            return usageFailure(error)
        } catch {
            return failure(error, format: .driver(environment: environment, now: clock.now()))
        }
    }

    /// The store's path: `--store`, else `DASHPILOT_STORE`, else the platform default; an empty one is a usage error.
    static func storePath(_ global: GlobalOptions, environment: [String: String], command: CommandDefinition? = nil) throws
        -> StorePath
    {
        if let bytes = global.store {
            guard !bytes.isEmpty else {
                throw UsageError(command: command, message: GlobalOptions.emptyStore)
            }
            // Used as the bytes it was given: a name that is not UTF-8 stays that name.
            return StorePath(bytes: bytes)
        }
        if let variable = environment["DASHPILOT_STORE"], variable.isEmpty {
            throw UsageError(command: command, message: GlobalOptions.emptyVariable)
        }
        guard let path = StoreLocation.resolve(environment: environment) else {
            throw UsageError(command: command, message: "No store path: set HOME, DASHPILOT_STORE or pass --store PATH.")
        }
        return path
    }

    static func help(topic given: [String]) -> Int32 {
        // `help --help` is help too, as `COMMAND --help` is.
        let topic = given.filter { $0 != "-h" && $0 != "--help" }
        if topic.isEmpty {
            print(CommandTable.overallHelp)
            return ExitStatus.done
        }
        if let (command, _) = CommandTable.find(topic) {
            print(command.help)
            return ExitStatus.done
        }
        if topic.count == 1, let text = CommandTable.groupHelp(topic[0]) {
            print(text)
            return ExitStatus.done
        }
        let hint = topic.count == 1 ? CommandTable.suggestion(for: topic[0]).map { " " + $0 } ?? "" : ""
        return usageFailure(
            UsageError(command: nil, message: "No command is called \(TerminalText.word(topic.joined(separator: " "))).\(hint)"))
    }

    static func interactive(_ global: GlobalOptions, _ options: InteractiveOptions, environment: [String: String], clock: any WallClock)
        -> Int32
    {
        do {
            let path = try storePath(global, environment: environment)
            let format = ScreenFormat.driver(environment: environment, now: clock.now())
            let isSpoken = spoken(global, environment: environment)
            let store = try StopSignals.held {
                try DashPilotStore(
                    storePath: path, clock: clock, log: PlatformPickupPlaceLog(environment: environment),
                    busyTimeoutMilliseconds: Int32(environment["DASHPILOT_BUSY_TIMEOUT_MS"] ?? "") ?? 5000,
                    currencyIfNew: format.currency, timeZone: format.timeZone,
                    migrationProgress: isSpoken ? MigrationProgress.spokenOnTerminal() : MigrationProgress.onTerminal(),
                    stopWaiting: { StopSignals.endsAWait })
            }
            let app = InteractiveApp(
                store: store, format: .driver(environment: environment, now: clock.now()), environment: environment,
                clock: clock,
                mouse: options.mouse)
            let status = isSpoken ? AccessibleSession.run(app) : app.run()
            // Left because the store was found unusable: said once the terminal is restored.
            if let unusable = app.unusable { throw unusable }
            // Looking creates nothing (cli.md): a store made for the screens goes with its
            // folders when the driver leaves without recording anything in it.
            if let made = store.madeFolders {
                DashPilotStore.removeUnused(at: path, madeFolders: made, currency: format.currency)
            }
            return status
        } catch let error as UsageError {
            return usageFailure(error)
        } catch {
            return failure(error, format: .driver(environment: environment, now: clock.now()))
        }
    }

    /// The interactive mode's options, when every word of the line is one (none is too).
    struct InteractiveOptions {
        /// The options, for help, the manual page and the completions.
        static let all: [OptionSpec] = [.noMouse]

        /// Whether taps and the wheel work.
        var mouse = true

        init?(_ words: [String]) {
            for word in words {
                guard word == OptionSpec.noMouse.name else { return nil }
                mouse = false
            }
        }
    }

    /// Whether the interactive mode is the screen reader's: `--accessible`, `DASHPILOT_ACCESSIBLE`
    /// set (and not 0), or a terminal that says it is dumb (no cursor movement, no colour).
    static func spoken(_ global: GlobalOptions, environment: [String: String]) -> Bool {
        let variable = environment["DASHPILOT_ACCESSIBLE"] ?? ""
        return global.accessible || (!variable.isEmpty && variable != "0") || environment["TERM"] == "dumb"
    }

    static func usageFailure(_ error: UsageError) -> Int32 {
        var lines = ["Error: \(error.message)"]
        if let command = error.command {
            lines += command.usageLines("Usage: ")
            lines.append("  See 'dashpilot \(command.name) --help'.")
        } else {
            lines.append("Usage: dashpilot [--store PATH] [--json] COMMAND [ARGUMENTS] [OPTIONS]")
            lines.append("  See 'dashpilot --help'.")
        }
        writeError(lines.joined(separator: "\n"))
        return ExitStatus.usage
    }

    /// Maps a failure to its sentence and exit status.
    static func failure(_ error: any Error, format: ScreenFormat) -> Int32 {
        switch error {
        case let refusal as DashPilotRefusal: failure(sentence(refusal, format: format), status: ExitStatus.refused)
        case let error as StoreError: failure(error.sentence, status: ExitStatus.storeUnusable)
        case let failure as CommandFailure: self.failure(failure.sentence, status: failure.status)
        default: failure("Something went wrong: \(type(of: error)).", status: ExitStatus.storeUnusable)
        }
    }

    static func failure(_ sentence: String, status: Int32) -> Int32 {
        writeError("Error: \(TerminalText.safe(sentence))")
        return status
    }

    static func writeError(_ text: String) {
        fflush(nil)
        StandardError.write(text + "\n")
    }
}
