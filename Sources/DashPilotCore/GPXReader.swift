import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the track segments of a GPX 1.1 file. Every point keeps its time, coordinates and,
/// when the file gives one, its horizontal accuracy; a malformed file is refused with its line.
public enum GPXReader {
    /// The file could not be read as GPX.
    public struct Malformed: Error, Sendable, Equatable {
        /// The line the reader failed at (1-based).
        public var line: Int
        /// What was wrong.
        public var reason: String

        /// Creates a refusal at `line`.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// The refusal as a sentence.
        public var sentence: String { "The GPX file is malformed at line \(line): \(reason). Nothing was imported." }
    }

    /// Parses `data` into segments of samples, in file order. Each `trkseg` is one segment.
    public static func segments(from data: Data) throws(Malformed) -> [[RouteSample]] {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = true
        let ok = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard ok else {
            throw Malformed(line: max(1, parser.lineNumber), reason: "it is not well-formed XML")
        }
        guard delegate.sawRoot else { throw Malformed(line: 1, reason: "it has no <gpx> element") }
        return delegate.segments
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var segments: [[RouteSample]] = []
        var failure: Malformed?
        var sawRoot = false
        private var inSegment = false
        private var point: (latitude: Double, longitude: Double, line: Int)?
        private var time: Date?
        private var accuracy: Double?
        private var text = ""
        private var collecting = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if !sawRoot {
                guard name == "gpx" else { return fail(parser, "the root element is not <gpx>") }
                sawRoot = true
                return
            }
            switch name {
            case "trkseg":
                inSegment = true
                segments.append([])
            case "trkpt" where inSegment:
                guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init) else {
                    return fail(parser, "a <trkpt> needs numeric lat and lon attributes")
                }
                point = (lat, lon, parser.lineNumber)
                time = nil
                accuracy = nil
            case "time", "hacc", "horizontalAccuracy":
                text = ""
                collecting = point != nil
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if collecting { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "time" where point != nil:
                collecting = false
                guard let parsed = ISO8601.parse(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return fail(parser, "a point's <time> is not an ISO 8601 time")
                }
                time = parsed
            case "hacc", "horizontalAccuracy":
                guard point != nil else { return }
                collecting = false
                guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return fail(parser, "a point's accuracy is not a number")
                }
                accuracy = value
            case "trkpt":
                guard let current = point else { return }
                point = nil
                guard let time else {
                    failure = Malformed(line: current.line, reason: "a <trkpt> has no <time>")
                    parser.abortParsing()
                    return
                }
                segments[segments.count - 1].append(
                    RouteSample(recordedAt: time, latitude: current.latitude, longitude: current.longitude, horizontalAccuracy: accuracy))
            case "trkseg":
                inSegment = false
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            if failure == nil {
                failure = Malformed(line: max(1, parser.lineNumber), reason: "it is not well-formed XML")
            }
        }

        private func fail(_ parser: XMLParser, _ reason: String) {
            if failure == nil { failure = Malformed(line: max(1, parser.lineNumber), reason: reason) }
            parser.abortParsing()
        }
    }
}

/// ISO 8601 times as DashPilot reads and writes them.
public enum ISO8601 {
    /// `2026-11-29T17:12:00Z`, optionally with fractional seconds or an offset (`+01:00`).
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116,
            bytes[13] == 58, bytes[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        if bytes[index] == 90 || bytes[index] == 122 {
            index += 1
        } else if bytes[index] == 43 || bytes[index] == 45, let hours = number(index + 1..<index + 3),
            index + 3 < bytes.count, bytes[index + 3] == 58, let minutes = number(index + 4..<index + 6)
        {
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Formats `date` as `2026-11-29T17:12:00Z`, to the whole second, in UTC.
    public static func format(_ date: Date) -> String {
        let seconds = date.unixSeconds
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    // Howard Hinnant's civil-calendar algorithms: exact for the proleptic Gregorian calendar.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
