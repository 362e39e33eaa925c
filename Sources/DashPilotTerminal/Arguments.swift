/// One command-line argument: its raw bytes (a name is validated on these, since
/// `CommandLine.arguments` silently repairs invalid UTF-8) and its text.
struct Argument: Sendable, Equatable {
    /// The bytes exactly as the shell passed them.
    var bytes: [UInt8]
    /// The bytes as text, invalid sequences repaired (for parsing words and numbers only).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    init(bytes: [UInt8]) { self.bytes = bytes }
    init(_ text: String) { self.bytes = Array(text.utf8) }

    /// Whether the argument reads as a number (`-75.0`): a value, never an option.
    var isNumber: Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty else { return false }
        var sawDigit = false
        var sawDot = false
        for character in body {
            if character.isASCII && character.isNumber {
                sawDigit = true
            } else if character == "." && !sawDot {
                sawDot = true
            } else {
                return false
            }
        }
        return sawDigit
    }

    /// Whether the argument is an option (`--json`, `-h`).
    var isOption: Bool { text.hasPrefix("-") && text.count > 1 && !isNumber }
}

/// Arguments split into positionals, options with values and flags, for one command's spec.
struct ParsedArguments {
    var positionals: [Argument] = []
    var values: [String: Argument] = [:]
    var flags: Set<String> = []

    /// Splits `arguments` by the options `spec` allows, or throws the usage error that names the
    /// first one it does not.
    init(_ arguments: [Argument], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.isOption {
                positionals.append(argument)
                continue
            }
            if argument.text == "--" {
                optionsEnded = true
                continue
            }
            var name = argument.text
            var inlineValue: Argument?
            if let equals = name.firstIndex(of: "="), name.hasPrefix("--") {
                inlineValue = Argument(bytes: Array(name[name.index(after: equals)...].utf8))
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(spec: spec, message: "\(name) takes no value.") }
                flags.insert(name)
            } else if spec.valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(spec: spec, message: "\(name) needs a value.") }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError(spec: spec, message: "Unknown option \(name).")
            }
        }
    }

    /// Positional `index`, or the usage error naming it as missing.
    func positional(_ index: Int, _ name: String, spec: CommandSpec) throws(UsageError) -> Argument {
        guard index < positionals.count else { throw UsageError(spec: spec, message: "Missing \(name).") }
        return positionals[index]
    }

    /// Refuses positionals beyond `count`.
    func expectAtMost(_ count: Int, spec: CommandSpec) throws(UsageError) {
        guard positionals.count <= count else {
            throw UsageError(spec: spec, message: "Unexpected argument \(TerminalText.safe(positionals[count].text)).")
        }
    }

    /// Positional `index` as a whole number at least `minimum`.
    func integer(_ index: Int, _ name: String, minimum: Int64 = 1, spec: CommandSpec) throws(UsageError) -> Int64 {
        let argument = try positional(index, name, spec: spec)
        return try Self.integer(argument, name, minimum: minimum, spec: spec)
    }

    /// The value of option `option` as a whole number, if given.
    func integerOption(_ option: String, minimum: Int64 = 1, spec: CommandSpec) throws(UsageError) -> Int64? {
        guard let argument = values[option] else { return nil }
        return try Self.integer(argument, option, minimum: minimum, spec: spec)
    }

    static func integer(_ argument: Argument, _ name: String, minimum: Int64, spec: CommandSpec) throws(UsageError) -> Int64 {
        guard let value = Int64(argument.text), value >= minimum else {
            throw UsageError(spec: spec, message: "\(name) must be a whole number\(minimum == 1 ? " from 1" : ""); got \(TerminalText.safe(argument.text)).")
        }
        return value
    }

    /// The value of option `option` (or positional) as a finite decimal number.
    static func number(_ argument: Argument, _ name: String, spec: CommandSpec) throws(UsageError) -> Double {
        guard argument.isNumber, let value = Double(argument.text), value.isFinite else {
            throw UsageError(spec: spec, message: "\(name) must be a number; got \(TerminalText.safe(argument.text)).")
        }
        return value
    }
}

/// The command line was not understood: exit status 64, with the usage of that command.
struct UsageError: Error {
    var spec: CommandSpec?
    var message: String
}
