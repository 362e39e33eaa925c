import Foundation

/// What the elements of a track mean: segments, points, times and accuracies.
extension GPXScanner {
    /// Whether the name at `range`, without its prefix, is an accuracy element: `hacc`, `hAcc`
    /// or `horizontalAccuracy`, in any letter case.
    @inline(__always)
    func isAccuracy(_ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        for position in range where bytes[position] == 0x3A { start = position + 1 }
        // Compared in place, by length first: asked of every element of a point, it made an
        // array of each name.
        let length = range.upperBound - start
        guard length == 4 || length == 18 else { return false }
        let literal: StaticString = length == 4 ? "hacc" : "horizontalaccuracy"
        for offset in 0..<length {
            let byte = bytes[start + offset]
            if ((0x41...0x5A).contains(byte) ? byte + 0x20 : byte) != literal.utf8Start[offset] { return false }
        }
        return true
    }

    mutating func begin(_ element: Range<Int>, at offset: Int) throws {
        if stack.isEmpty {
            guard !sawRoot else { throw fail("there is a second root element", at: offset) }
            sawRoot = true
        }
        stack.append(element)
        if !attributes.isEmpty { declareNamespaces() }
        if foreignDepth == 0 && !isGPX(element) { foreignDepth = stack.count }
        if stack.count == 1 && (foreignDepth != 0 || !isNamed(element, "gpx")) {
            throw fail("the root element is not GPX's <gpx>", at: offset)
        }
        if foreignDepth != 0 {
            // Inside an extension or another namespace, an accuracy is all that is read.
            if point != nil && isAccuracy(element) { collect(.accuracy) }
            return
        }
        if isNamed(element, "trk") {
            report.tracks += 1
        } else if isNamed(element, "trkseg") {
            // A segment with no <trk> around it (a producer that leaves it out) is a track.
            if !stack.dropLast().contains(where: { isNamed($0, "trk") }) { report.tracks += 1 }
            inSegment = true
            inTrackAsSegment = false
            try sink.segment()
        } else if isNamed(element, "trkpt") && (inSegment || stack.count > 1 && isNamed(stack[stack.count - 2], "trk")) {
            // Points with no <trkseg> around them (a producer that leaves it out): the track is
            // their segment, up to its end or its next <trkseg>.
            if !inSegment {
                inSegment = true
                inTrackAsSegment = true
                try sink.segment()
            }
            var latitude: Double?
            var longitude: Double?
            for attribute in attributes {
                if isExactly(attribute.name, "lat") { latitude = try attributeNumber(attribute.value) }
                if isExactly(attribute.name, "lon") { longitude = try attributeNumber(attribute.value) }
            }
            if let latitude, let longitude, latitude.isFinite, longitude.isFinite {
                point = .some((latitude, longitude))
            } else {
                point = .some(nil)
            }
            time = nil
            sawTime = false
            accuracy = nil
            accuracyIsBad = false
        } else if isNamed(element, "extensions") {
            foreignDepth = stack.count
        } else if stack.count == 2 && (isNamed(element, "rte") || isNamed(element, "wpt")) {
            report.routesOrWaypoints += 1
        } else if point != nil && isNamed(element, "time") {
            collect(.time)
            sawTime = true
        } else if point != nil && isAccuracy(element) {
            collect(.accuracy)
        }
    }

    mutating func collect(_ field: Field) {
        collecting = field
        textRange = nil
        textCopy = nil
    }

    mutating func endAccuracy() {
        let number = withCollectedText { Self.number($0) }
        if let number, number.isFinite { accuracy = number } else { accuracyIsBad = true }
        collecting = nil
    }

    mutating func end(_ element: Range<Int>, at offset: Int) throws {
        // The depth the element was open at (it is off the stack now).
        let depth = stack.count + 1
        defer { undeclareNamespaces(closingAt: depth) }
        if foreignDepth != 0 {
            if collecting == .accuracy && point != nil && isAccuracy(element) { endAccuracy() }
            if depth == foreignDepth { foreignDepth = 0 }
            return
        }
        if let field = collecting, point != nil {
            switch field {
            case .time where isNamed(element, "time"):
                time = withCollectedText { ISO8601.parse(bytes: $0) }
                collecting = nil
            case .accuracy where isAccuracy(element):
                endAccuracy()
            default:
                break
            }
        }
        if isNamed(element, "trkpt"), let current = point {
            point = nil
            // A point that cannot be read is skipped and counted; the file goes on.
            guard let position = current, !accuracyIsBad else {
                report.skipped[.notANumber, default: 0] += 1
                return
            }
            guard let time else {
                report.skipped[sawTime ? .badTime : .noTime, default: 0] += 1
                return
            }
            report.points += 1
            try sink.point(
                RouteSample(recordedAt: time, latitude: position.latitude, longitude: position.longitude, horizontalAccuracy: accuracy))
        } else if isNamed(element, "trkseg") || (inTrackAsSegment && isNamed(element, "trk")) {
            inSegment = false
            inTrackAsSegment = false
        }
    }

    /// A decimal number (`-75.0001`, `4.5`, `1e-3`); nothing else, not `inf` or `nan`.
    /// Whitespace around it is allowed, as XML Schema's decimal (GPX's type for `lat`) allows it:
    /// looked for only when the bytes are not a number as they stand (every point's latitude and
    /// longitude pass here).
    static func number(_ given: UnsafeBufferPointer<UInt8>) -> Double? {
        if let number = plainNumber(given) { return number }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var lower = 0
        var upper = given.count
        while lower < upper, isSpace(given[lower]) { lower += 1 }
        while upper > lower, isSpace(given[upper - 1]) { upper -= 1 }
        guard upper - lower < given.count else { return nil }
        return plainNumber(UnsafeBufferPointer(rebasing: given[lower..<upper]))
    }

    /// A decimal number with nothing around it.
    private static func plainNumber(_ value: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        let negative = position < value.count && value[position] == 0x2D
        if position < value.count, value[position] == 0x2D || value[position] == 0x2B { position += 1 }
        var digits = 0
        // The digits as one integer, and how many of them follow the point: exact while there
        // are at most 15 (under 2^53), as every power of ten up to 10^22 is.
        var mantissa: UInt64 = 0
        var fractionDigits = 0
        while position < value.count, (0x30...0x39).contains(value[position]) {
            mantissa = mantissa &* 10 &+ UInt64(value[position] - 0x30)
            position += 1
            digits += 1
        }
        if position < value.count, value[position] == 0x2E {
            position += 1
            while position < value.count, (0x30...0x39).contains(value[position]) {
                mantissa = mantissa &* 10 &+ UInt64(value[position] - 0x30)
                position += 1
                digits += 1
                fractionDigits += 1
            }
        }
        guard digits > 0 else { return nil }
        var hasExponent = false
        if position < value.count, value[position] == 0x65 || value[position] == 0x45 {
            hasExponent = true
            position += 1
            if position < value.count, value[position] == 0x2D || value[position] == 0x2B { position += 1 }
            let exponentStart = position
            while position < value.count, (0x30...0x39).contains(value[position]) { position += 1 }
            guard position > exponentStart else { return nil }
        }
        guard position == value.count, value.count < 64 else { return nil }
        if !hasExponent && digits <= 15 {
            // One division of two exact doubles is rounded once, as the C parser rounds: the
            // same bits, without the copy and the call (every point's latitude and longitude).
            let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        // Validated above, so the C parser sees only a plain decimal; the copy ends it with NUL.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: value.count + 1) { buffer in
            for offset in 0..<value.count { buffer[offset] = CChar(bitPattern: value[offset]) }
            buffer[value.count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    /// 10^0 through 10^15, each exact as a double.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
