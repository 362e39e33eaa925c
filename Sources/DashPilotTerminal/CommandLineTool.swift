import DashPilotCore
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `dashpilot` program: parses the command line, runs one command on the store, and maps the
/// outcome to the exit statuses of `cli.md` (0, 1, 64, 74).
public enum CommandLineTool {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Exit statuses.
    enum Status {
        static let done: Int32 = 0
        static let refused: Int32 = 1
        static let usage: Int32 = 64
        static let storeUnusable: Int32 = 74
    }

    /// Runs the program with the process's arguments and environment; returns the exit status.
    public static func main() -> Int32 {
        // CommandLine.arguments repairs invalid UTF-8 silently; names are checked on the raw bytes.
        let arguments = (1..<Int(CommandLine.argc)).map { index -> Argument in
            guard let pointer = CommandLine.unsafeArgv[index] else { return Argument(bytes: []) }
            return Argument(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))))
        }
        let status = run(arguments, environment: ProcessInfo.processInfo.environment)
        fflush(nil)
        return status
    }

    static func run(_ arguments: [Argument], environment: [String: String]) -> Int32 {
        var rest: [Argument] = []
        var storeOption: String?
        var index = 0
        var optionsEnded = false
        // --store is global: taken wherever it stands before `--`.
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument.text == "--" { optionsEnded = true }
            if !optionsEnded && argument.text == "--store" {
                guard index < arguments.count else {
                    return usageFailure(UsageError(spec: nil, message: "--store needs a value."))
                }
                storeOption = arguments[index].text
                index += 1
                continue
            }
            if !optionsEnded && argument.text.hasPrefix("--store=") {
                storeOption = String(argument.text.dropFirst("--store=".count))
                continue
            }
            rest.append(argument)
        }

        let words = rest.map(\.text)
        if words.first == "--version" || words.first == "-V" {
            print("dashpilot \(version)")
            return Status.done
        }
        if words.isEmpty {
            if isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 {
                return interactive(storeOption: storeOption, environment: environment)
            }
            print(CommandSpec.overallHelp)
            return Status.done
        }
        if words.first == "help" || words.first == "--help" || words.first == "-h" {
            let topic = Array(words.dropFirst())
            if topic.isEmpty {
                print(CommandSpec.overallHelp)
                return Status.done
            }
            guard let (spec, _) = CommandSpec.find(topic) else {
                return groupHelp(topic) ?? usageFailure(UsageError(spec: nil, message: "No command is called \(TerminalText.safe(topic.joined(separator: " ")))."))
            }
            print(spec.help)
            return Status.done
        }
        guard let (spec, used) = CommandSpec.find(words) else {
            let group = CommandSpec.all.filter { $0.words.count > 1 && $0.words[0] == words[0] }
            if !group.isEmpty && words.dropFirst().allSatisfy({ $0 == "--help" || $0 == "-h" }) {
                if words.count > 1 { return groupHelp([words[0]]) ?? Status.done }
                let usages = group.map { "dashpilot \($0.usage)" }.joined(separator: "\n       ")
                writeError("Error: \(words[0]) needs a subcommand.\nUsage: \(usages)\n  See 'dashpilot \(words[0]) --help'.")
                return Status.usage
            }
            return usageFailure(UsageError(spec: nil, message: "Unknown command \(TerminalText.safe(words.prefix(2).joined(separator: " ")))."))
        }
        let commandArguments = Array(rest.dropFirst(used))
        if commandArguments.contains(where: { $0.text == "--help" || $0.text == "-h" }) && !commandArguments.contains(where: { $0.text == "--" }) {
            print(spec.help)
            return Status.done
        }
        do {
            let parsed = try ParsedArguments(commandArguments, spec: spec)
            let command = try Command(spec: spec, arguments: parsed)
            guard let path = StoreLocation.resolve(option: storeOption, environment: environment) else {
                return failure("No store path: set HOME, DASHPILOT_STORE or pass --store PATH.", status: Status.usage)
            }
            let store = try DashPilotStore(
                path: path, log: PlatformPickupPlaceLog(environment: environment),
                busyTimeoutMilliseconds: Int32(environment["DASHPILOT_BUSY_TIMEOUT_MS"] ?? "") ?? 5000,
                migrating: command != .doctor(json: true) && command != .doctor(json: false))
            var runner = CommandRunner(store: store, format: .current, confirm: Confirmation.ask)
            return try runner.run(command)
        } catch let error as UsageError {
            return usageFailure(error)
        } catch let error as DashPilotRefusal {
            return failure(error.sentence, status: Status.refused)
        } catch let error as StoreError {
            return failure(error.sentence, status: Status.storeUnusable)
        } catch let error as CommandFailure {
            return failure(error.sentence, status: Status.refused)
        } catch {
            return failure("Something went wrong: \(type(of: error)).", status: Status.storeUnusable)
        }
    }

    static func interactive(storeOption: String?, environment: [String: String]) -> Int32 {
        guard let path = StoreLocation.resolve(option: storeOption, environment: environment) else {
            return failure("No store path: set HOME, DASHPILOT_STORE or pass --store PATH.", status: Status.usage)
        }
        do {
            let store = try DashPilotStore(path: path, log: PlatformPickupPlaceLog(environment: environment))
            return InteractiveApp(store: store, format: .current, environment: environment).run()
        } catch {
            return failure(error.sentence, status: Status.storeUnusable)
        }
    }

    static func groupHelp(_ topic: [String]) -> Int32? {
        let specs = CommandSpec.all.filter { $0.words.first == topic.first && topic.count == 1 }
        guard !specs.isEmpty else { return nil }
        var lines = ["OVERVIEW: The \(topic[0]) commands.", "", "SUBCOMMANDS:"]
        lines += specs.map { "  \($0.usage.padding(58)) \($0.overview)" }
        print(lines.joined(separator: "\n"))
        return Status.done
    }

    static func usageFailure(_ error: UsageError) -> Int32 {
        var lines = ["Error: \(error.message)"]
        if let spec = error.spec {
            lines.append("Usage: dashpilot \(spec.usage)")
            lines.append("  See 'dashpilot \(spec.name) --help'.")
        } else {
            lines.append("Usage: dashpilot [--store PATH] COMMAND [ARGUMENTS] [OPTIONS]")
            lines.append("  See 'dashpilot --help'.")
        }
        writeError(lines.joined(separator: "\n"))
        return Status.usage
    }

    static func failure(_ sentence: String, status: Int32) -> Int32 {
        writeError("Error: \(TerminalText.safe(sentence))")
        return status
    }

    static func writeError(_ text: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A command could not be carried out for a reason outside the store's rules (an unreadable
/// file, a confirmation declined): exit status 1.
struct CommandFailure: Error {
    var sentence: String
}

/// Asks the driver on the terminal.
enum Confirmation {
    /// Whether standard input is a terminal that can be asked.
    static var canAsk: Bool { isatty(STDIN_FILENO) != 0 }

    /// Prints `question` and reads the answer; `true` only for yes.
    static func ask(_ question: String, _ prompt: String) -> Bool {
        print(question)
        print(prompt, terminator: " ")
        fflush(nil)
        guard let answer = readLine() else { return false }
        let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
        return word == "y" || word == "yes"
    }
}
