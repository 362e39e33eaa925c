import Foundation

extension PositionReport {
    /// An NMEA 0183 sentence: `$` talker and type, comma-separated fields, `*` and two hex digits
    /// of checksum (the exclusive or of every byte between `$` and `*`). `RMC` with status `A` is a
    /// fix at its time and date, accuracy unknown; other sentences are ignored.
    static func nmea(_ line: ArraySlice<UInt8>) -> PositionReport {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x20 || line[end - 1] == 0x0D || line[end - 1] == 0x09 { end -= 1 }
        let body = line.index(after: line.startIndex)
        guard let star = line[body..<end].lastIndex(of: UInt8(ascii: "*")), end - star == 3,
            let high = hex(line[star + 1]), let low = hex(line[star + 2]),
            line[body..<star].reduce(0, ^) == high << 4 | low
        else { return .skipped(.badChecksum) }
        let fields = line[body..<star].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        // A talker's two letters, then RMC; a maker's own sentence ("P", its three letters, its
        // own name: Garmin's PGRMC) is ignored as every other.
        guard let kind = fields.first, kind.count == 5, kind.first != UInt8(ascii: "P"), kind.suffix(3).elementsEqual("RMC".utf8) else {
            return .ignored
        }
        guard fields.count >= 10 else { return .skipped(.cutShort) }
        guard fields[2].elementsEqual("A".utf8) else { return .skipped(.noFix) }
        guard !fields[1].isEmpty, !fields[9].isEmpty else { return .skipped(.noTime) }
        guard let time = time(fields[1], date: fields[9]) else { return .skipped(.badTime) }
        guard let latitude = degrees(fields[3], hemisphere: fields[4], positive: "N", negative: "S", degreeDigits: 2),
            let longitude = degrees(fields[5], hemisphere: fields[6], positive: "E", negative: "W", degreeDigits: 3)
        else { return .skipped(.notANumber) }
        return .fix(time: time, latitude: latitude, longitude: longitude, accuracy: nil)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The digits of `field` from `offset` as a number, or nil when any is not a digit.
    private static func digits(_ field: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        let start = field.startIndex + offset
        guard start + count <= field.endIndex else { return nil }
        var value = 0
        for byte in field[start..<(start + count)] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// `hhmmss[.ss]` on `ddmmyy` (a year of this century), to the whole second, in UTC; nil for
    /// a time or a day that does not exist.
    private static func time(_ clock: ArraySlice<UInt8>, date: ArraySlice<UInt8>) -> Date? {
        guard clock.count >= 6, date.count == 6, let hour = digits(clock, 0, 2), let minute = digits(clock, 2, 2),
            let second = digits(clock, 4, 2), hour < 24, minute < 60, second < 61,
            let day = digits(date, 0, 2), let month = digits(date, 2, 2), let year = digits(date, 4, 2),
            let local = LocalDate(year: Int64(2000 + year), month: Int64(month), day: Int64(day))
        else { return nil }
        if clock.count > 6 {
            let fraction = clock.dropFirst(6)
            guard fraction.first == UInt8(ascii: "."), fraction.dropFirst().allSatisfy({ (48...57).contains($0) }) else { return nil }
        }
        return Date(timeIntervalSince1970: Double(local.dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)))
    }

    /// `ddmm.mmmm` (latitude) or `dddmm.mmmm` (longitude) with its hemisphere, in degrees.
    private static func degrees(
        _ field: ArraySlice<UInt8>, hemisphere: ArraySlice<UInt8>, positive: String, negative: String, degreeDigits: Int
    ) -> Double? {
        guard field.count > degreeDigits + 2, let whole = digits(field, 0, degreeDigits),
            let text = String(bytes: field.dropFirst(degreeDigits), encoding: .utf8),
            text.utf8.allSatisfy({ (48...57).contains($0) || $0 == UInt8(ascii: ".") }), let minutes = Double(text), minutes < 60
        else { return nil }
        let value = Double(whole) + minutes / 60
        if hemisphere.elementsEqual(positive.utf8) { return value }
        if hemisphere.elementsEqual(negative.utf8) { return -value }
        return nil
    }
}
