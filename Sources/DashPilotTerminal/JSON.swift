import DashPilotCore
import Foundation

/// A JSON value with its keys in the order written, as `--json` prints them.
indirect enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null

    /// A time as ISO 8601 in UTC, or `null`.
    static func time(_ date: Date?) -> JSON { date.map { .string(ISO8601.format($0)) } ?? .null }

    /// An optional integer.
    static func integer(_ value: Int64?) -> JSON { value.map { .integer($0) } ?? .null }

    /// The value as compact JSON text. Every control character, and the bidirectional controls,
    /// are written as `\u` escapes, so that no name reaches a terminal as a control sequence.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += ", " }
                JSON.string(member.0).write(to: &output)
                output += ": "
                member.1.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                element.write(to: &output)
            }
            output += "]"
        case .string(let text):
            output += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\t": output += "\\t"
                case "\r": output += "\\r"
                default:
                    if TerminalText.needsEscape(scalar) {
                        output += scalar.utf16.map { "\\u" + String($0, radix: 16).leftPadded(4) }.joined()
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
            output += "\""
        case .integer(let value):
            output += String(value)
        case .number(let value):
            if value.isFinite && value == value.rounded() && abs(value) < 1e15 {
                output += String(Int64(value))
            } else if value.isFinite {
                output += "\(value)"
            } else {
                output += "null"
            }
        case .bool(let value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
