import Foundation

/// One line of a live position stream, read: gpsd's JSON (`gpspipe -w`) or an NMEA 0183 sentence
/// straight from a receiver (`platform.md`, "Live capture").
public enum PositionReport: Equatable, Sendable {
    /// A position fix at a time, with its accuracy radius in metres when the source gives one.
    case fix(time: Date, latitude: Double, longitude: Double, accuracy: Double?)
    /// A line that is not a position and not meant to be: another gpsd class (`VERSION`, `SKY`),
    /// another NMEA sentence (`GGA`, `GSV`), a blank line.
    case ignored
    /// A line meant as a position that cannot be one, and why.
    case skipped(Skip)

    /// Why a line gave no position.
    public enum Skip: String, Sendable, Hashable, CaseIterable {
        /// Neither JSON nor NMEA (binary junk, JSON that is not an object).
        case unreadable
        /// Longer than 4,096 bytes.
        case tooLong
        /// An NMEA sentence whose checksum is wrong or missing.
        case badChecksum
        /// A report without a fix: gpsd's `mode` below 2, or an RMC whose status is not `A`.
        case noFix
        /// A fix without a time.
        case noTime
        /// A time that is not one.
        case badTime
        /// A position or accuracy that is not a number.
        case notANumber
        /// An NMEA sentence with too few fields.
        case cutShort

        /// The reason as a clause, as an import's counts say theirs.
        public var sentence: String {
            switch self {
            case .unreadable: "the line is neither gpsd's JSON nor an NMEA sentence"
            case .tooLong: "the line is longer than 4,096 bytes"
            case .badChecksum: "the NMEA sentence's checksum is wrong or missing"
            case .noFix: "the receiver had no fix"
            case .noTime: "the fix has no time"
            case .badTime: "the fix's time is not a time"
            case .notANumber: "its position or accuracy is not a number"
            case .cutShort: "the NMEA sentence is cut short"
            }
        }
    }

    /// Reads one line (without its end).
    public static func read(_ line: [UInt8]) -> PositionReport {
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return .ignored }
        switch line[first] {
        case UInt8(ascii: "{"): return gpsd(Data(line[first...]))
        case UInt8(ascii: "$"): return nmea(line[first...])
        default: return .skipped(.unreadable)
        }
    }

    /// gpsd's JSON: a `TPV` report with `mode` 2 or 3 is a fix at its `time`; its accuracy is
    /// `eph`, else the larger of `epx` and `epy`, else unknown. Other classes are ignored.
    static func gpsd(_ data: Data) -> PositionReport {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let kind = object["class"] as? String
        else { return .skipped(.unreadable) }
        guard kind == "TPV" else { return .ignored }
        guard let mode = number(object["mode"]), mode >= 2 else { return .skipped(.noFix) }
        // gpsd opens a session with a report of the fix's mode and errors alone: no position, no fix.
        guard object["lat"] != nil && object["lon"] != nil else { return .skipped(.noFix) }
        guard let timeValue = object["time"] else { return .skipped(.noTime) }
        guard let text = timeValue as? String, let time = ISO8601.parse(text) else { return .skipped(.badTime) }
        guard let latitude = number(object["lat"]), let longitude = number(object["lon"]), latitude.isFinite, longitude.isFinite
        else { return .skipped(.notANumber) }
        let accuracy: Double?
        if let eph = object["eph"] {
            guard let value = number(eph), value.isFinite else { return .skipped(.notANumber) }
            accuracy = value
        } else {
            let given = ["epx", "epy"].compactMap { object[$0] }
            let values = given.compactMap(number).filter(\.isFinite)
            guard values.count == given.count else { return .skipped(.notANumber) }
            accuracy = values.max()
        }
        return .fix(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy)
    }

    /// A JSON number (not `true` or `false`, which Foundation also hands over as a number).
    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !String(describing: type(of: number)).contains("Boolean") else { return nil }
        return number.doubleValue
    }
}
