import Foundation

/// ISO 8601 times as DashPilot reads and writes them.
public enum ISO8601 {
    /// `2026-11-29T17:12:00Z`; fractions of a second are dropped; the zone may be `Z`, an offset
    /// `+hh:mm`, `+hhmm` or `+hh`, or missing (UTC, as GPX times are by definition). A date that
    /// does not exist (31 February) is not a time, never rolled over; nor is second 60 (a leap
    /// second, none since 2016, has no Unix time of its own: it would be rolled into the next).
    public static func parse(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0) }
    }

    /// Parses the UTF-8 bytes of an ISO 8601 time. O(length).
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116,
            bytes[13] == 58, bytes[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let date = LocalDate(year: Int64(year), month: Int64(month), day: Int64(day)), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        if index < bytes.count, bytes[index] == 46 || bytes[index] == 44 {
            index += 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        var offset = 0
        if index == bytes.count {
            offset = 0
        } else if bytes[index] == 90 || bytes[index] == 122 {
            index += 1
        } else if bytes[index] == 43 || bytes[index] == 45, let hours = number(index + 1..<index + 3), hours < 24 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 3
            var minutes = 0
            if index < bytes.count {
                if bytes[index] == 58 { index += 1 }
                guard let parsed = number(index..<index + 2), parsed < 60 else { return nil }
                minutes = parsed
                index += 2
            }
            offset = (hours * 60 + minutes) * 60 * sign
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        return Date(timeIntervalSince1970: Double(Int(date.dayNumber) * 86_400 + hour * 3600 + minute * 60 + second - offset))
    }

    /// Formats `date` as `2026-11-29T17:12:00Z`, to the whole second, in UTC.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends what `format` gives for `date` to `output`, as its bytes: histories print
    /// thousands of times, and none needs a string of its own.
    public static func append(_ date: Date, to output: inout [UInt8]) {
        let seconds = date.unixSeconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        let (longYear, longMonth, longDay) = LocalDate(dayNumber: days).components
        let (year, month, day) = (Int(longYear), Int(longMonth), Int(longDay))
        guard (0...9999).contains(year) else {
            output.append(contentsOf: "\(year)-\(month)-\(day)T\(rest / 3600):\(rest / 60 % 60):\(rest % 60)Z".utf8)
            return
        }
        // Twenty ASCII bytes made on the stack, their digits filled in where they stand, then
        // appended at once: no string, and one growth check for the output.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { bytes in
            func put(_ value: Int, at offset: Int, digits: Int, then separator: UInt8) {
                var value = value
                for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                    bytes[position] = UInt8(48 + value % 10)
                    value /= 10
                }
                bytes[offset + digits] = separator
            }
            put(year, at: 0, digits: 4, then: 0x2D)
            put(month, at: 5, digits: 2, then: 0x2D)
            put(day, at: 8, digits: 2, then: 0x54)
            put(rest / 3600, at: 11, digits: 2, then: 0x3A)
            put(rest / 60 % 60, at: 14, digits: 2, then: 0x3A)
            put(rest % 60, at: 17, digits: 2, then: 0x5A)
            output.append(contentsOf: bytes)
        }
    }
}
