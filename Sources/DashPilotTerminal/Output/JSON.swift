import DashPilotCore
import Foundation

/// A JSON value with its keys in the order written, as `--json` prints them. Not `indirect`:
/// the nesting is held in arrays, so an integer or a time is made without an allocation.
enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null
    /// A time as ISO 8601 in UTC (`ISO8601.format`), written straight into the output.
    case time(Date)
    /// Members or elements written straight into the output, for long lists: no tree of values
    /// is built (and torn down) for thousands of deliveries.
    case stream((inout [UInt8]) -> Void)

    /// An array of `each` of `elements`, written as `.array` writes one, each element's value
    /// made, written and let go in turn: a list of 5,000 shifts never holds 5,000 trees of values.
    static func elements<Elements: Sequence>(_ elements: Elements, _ each: @escaping (Elements.Element) -> JSON) -> JSON {
        .stream { output in
            output.append(0x5B)
            var first = true
            for element in elements {
                if !first { append(", ", to: &output) }
                first = false
                each(element).write(to: &output)
            }
            output.append(0x5D)
        }
    }

    /// A time as ISO 8601 in UTC, or `null`.
    static func time(_ date: Date?) -> JSON { date.map { .time($0) } ?? .null }

    /// An optional integer.
    static func integer(_ value: Int64?) -> JSON { value.map { .integer($0) } ?? .null }

    /// The value as compact JSON text. Every control character, and the bidirectional controls,
    /// are written as `\u` escapes, so that no name reaches a terminal as a control sequence.
    var text: String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// `value`'s decimal digits, with no `String` made for them.
    static func append(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(0x2D) }
        // The magnitude, so that Int64.min has one too; its digits worked out from the last into
        // twenty bytes on the stack, then appended at once.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start...]))
        }
    }

    func write(to output: inout [UInt8]) {
        switch self {
        case .object(let members):
            output.append(0x7B)
            for (index, member) in members.enumerated() {
                if index > 0 { Self.append(", ", to: &output) }
                JSON.string(member.0).write(to: &output)
                Self.append(": ", to: &output)
                member.1.write(to: &output)
            }
            output.append(0x7D)
        case .array(let elements):
            output.append(0x5B)
            for (index, element) in elements.enumerated() {
                if index > 0 { Self.append(", ", to: &output) }
                element.write(to: &output)
            }
            output.append(0x5D)
        case .string(let text):
            output.append(0x22)
            // Most text (keys, times, states, most names) is printable ASCII with nothing to
            // escape: its bytes go in at once.
            var text = text
            let plain = text.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return false }
                output.append(contentsOf: bytes)
                return true
            }
            if plain {
                output.append(0x22)
                return
            }
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": Self.append("\\\"", to: &output)
                case "\\": Self.append("\\\\", to: &output)
                case "\n": Self.append("\\n", to: &output)
                case "\t": Self.append("\\t", to: &output)
                case "\r": Self.append("\\r", to: &output)
                default:
                    if scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F {
                        output.append(UInt8(scalar.value))
                    } else if TerminalText.needsEscape(scalar) {
                        for unit in scalar.utf16 { output += Array(("\\u" + String(unit, radix: 16).leftPadded(4)).utf8) }
                    } else {
                        UTF8.encode(scalar) { output.append($0) }
                    }
                }
            }
            output.append(0x22)
        case .integer(let value):
            Self.append(value, to: &output)
        case .number(let value):
            if value.isFinite && value == value.rounded() && abs(value) < 1e15 {
                Self.append(Int64(value), to: &output)
            } else if value.isFinite {
                output += Array("\(value)".utf8)
            } else {
                Self.append("null", to: &output)
            }
        case .bool(let value):
            Self.append(value ? "true" : "false", to: &output)
        case .null:
            Self.append("null", to: &output)
        case .time(let date):
            // Digits, dashes, colons, a T and a Z (a sign beyond year 9999): nothing to escape.
            output.append(0x22)
            ISO8601.append(date, to: &output)
            output.append(0x22)
        case .stream(let body):
            body(&output)
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
