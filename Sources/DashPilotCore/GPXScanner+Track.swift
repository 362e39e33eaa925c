import Foundation

/// What the elements of a track mean: segments, points, times and accuracies.
extension GPXScanner {
    mutating func begin(_ element: Range<Int>, at offset: Int) throws(GPXReader.Malformed) {
        if stack.isEmpty {
            guard !sawRoot else { throw fail("there is a second root element", at: offset) }
            guard isNamed(element, "gpx") else { throw fail("the root element is not <gpx>", at: offset) }
            sawRoot = true
        }
        stack.append(element)
        if isNamed(element, "trkseg") {
            inSegment = true
            segments.append([])
        } else if inSegment && isNamed(element, "trkpt") {
            var latitude: Double?
            var longitude: Double?
            for attribute in attributes {
                if isNamed(attribute.name, "lat") { latitude = try attributeNumber(attribute.value) }
                if isNamed(attribute.name, "lon") { longitude = try attributeNumber(attribute.value) }
            }
            guard let latitude, let longitude else { throw fail("a <trkpt> needs numeric lat and lon attributes", at: offset) }
            point = (latitude, longitude, offset)
            time = nil
            accuracy = nil
        } else if point != nil && isNamed(element, "time") {
            collecting = .time
            textRange = nil
            textCopy = nil
        } else if point != nil && (isNamed(element, "hacc") || isNamed(element, "horizontalAccuracy")) {
            collecting = .accuracy
            textRange = nil
            textCopy = nil
        }
    }

    mutating func end(_ element: Range<Int>, at offset: Int) throws(GPXReader.Malformed) {
        if let field = collecting, point != nil {
            switch field {
            case .time where isNamed(element, "time"):
                guard let parsed = withCollectedText({ ISO8601.parse(bytes: $0) }) else {
                    throw fail("a point's <time> is not an ISO 8601 time", at: offset)
                }
                time = parsed
                collecting = nil
            case .accuracy where isNamed(element, "hacc") || isNamed(element, "horizontalAccuracy"):
                guard let number = withCollectedText({ Self.number($0) }) else {
                    throw fail("a point's accuracy is not a number", at: offset)
                }
                accuracy = number
                collecting = nil
            default:
                break
            }
        }
        if isNamed(element, "trkpt"), let current = point {
            point = nil
            guard let time else { throw fail("a <trkpt> has no <time>", at: current.offset) }
            segments[segments.count - 1].append(
                RouteSample(recordedAt: time, latitude: current.latitude, longitude: current.longitude, horizontalAccuracy: accuracy))
        } else if isNamed(element, "trkseg") {
            inSegment = false
        }
    }

    /// A decimal number (`-75.0001`, `4.5`, `1e-3`); nothing else, not `inf` or `nan`.
    static func number(_ value: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        if position < value.count, value[position] == 0x2D || value[position] == 0x2B { position += 1 }
        var digits = 0
        while position < value.count, (0x30...0x39).contains(value[position]) {
            position += 1
            digits += 1
        }
        if position < value.count, value[position] == 0x2E {
            position += 1
            while position < value.count, (0x30...0x39).contains(value[position]) {
                position += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if position < value.count, value[position] == 0x65 || value[position] == 0x45 {
            position += 1
            if position < value.count, value[position] == 0x2D || value[position] == 0x2B { position += 1 }
            let exponentStart = position
            while position < value.count, (0x30...0x39).contains(value[position]) { position += 1 }
            guard position > exponentStart else { return nil }
        }
        guard position == value.count, value.count < 64 else { return nil }
        // Validated above, so the C parser sees only a plain decimal; the copy ends it with NUL.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: value.count + 1) { buffer in
            for offset in 0..<value.count { buffer[offset] = CChar(bitPattern: value[offset]) }
            buffer[value.count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }
}
