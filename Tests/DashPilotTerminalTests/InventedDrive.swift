import DashPilotCore
import Foundation

/// An invented drive, written as a receiver would send it (NMEA 0183) and as a GPX file of the
/// same fixes: a few kilometres north, a minute's stop, a tunnel of three minutes with no fix,
/// more kilometres east, then a burst of bad fixes (void, a bad checksum, a jump of 50 km), and a
/// last stretch. Times are 29 November 2026 from 17:00:00 UTC.
struct InventedDrive {
    /// One fix: time and position, as NMEA writes it (minutes to four decimals).
    struct Fix {
        var seconds: Int
        var latitude: Double
        var longitude: Double
    }

    /// Every valid fix in time order, the stop and the jump included.
    private(set) var fixes: [Fix] = []
    /// The NMEA log's lines, in order.
    private(set) var sentences: [String] = []

    /// 17:00:00 UTC on 29 November 2026.
    static let start = 1_795_971_600

    /// The drive, after `voidLeadIn` void sentences (a receiver finding its fix).
    init(voidLeadIn: Int = 0) {
        for second in 0..<voidLeadIn { voidFix(at: -voidLeadIn - 60 + second) }
        var latitude = 45.5
        var longitude = -73.57
        // 300 s north at about 12 m/s: 3.6 km.
        for second in 0..<300 {
            fix(at: second, latitude, longitude)
            latitude += 12 / 111_195
        }
        latitude -= 12 / 111_195
        // A minute stopped, within a metre of where the car stands.
        for second in 300..<360 { fix(at: second, latitude + Double(second % 2) * 0.000_005, longitude) }
        // Three minutes in a tunnel: nothing. Out of it 2 km further on.
        latitude += 0.018
        for second in 540..<660 {
            fix(at: second, latitude, longitude)
            longitude += 12 / 77_900
        }
        // A burst of bad fixes: void, a bad checksum, a jump of 50 km.
        for second in 660..<663 { voidFix(at: second) }
        for second in 663..<666 { sentences.append(Self.rmc(second, latitude, longitude, badChecksum: true)) }
        fix(at: 666, latitude + 0.45, longitude)
        longitude += 11 * 12 / 77_900
        for second in 670..<700 {
            fix(at: second, latitude, longitude)
            longitude += 12 / 77_900
        }
    }

    private mutating func fix(at seconds: Int, _ latitude: Double, _ longitude: Double) {
        let written = Fix(seconds: seconds, latitude: Self.asWritten(latitude), longitude: Self.asWritten(longitude))
        fixes.append(written)
        sentences.append(Self.rmc(seconds, latitude, longitude))
    }

    private mutating func voidFix(at seconds: Int) {
        sentences.append(Self.sentence("GPRMC,\(Self.clock(seconds)),V,,,,,,,291126,,,N"))
    }

    /// A position as NMEA carries it: whole degrees and minutes to four decimals.
    static func asWritten(_ degrees: Double) -> Double {
        let whole = degrees.magnitude.rounded(.down)
        let minutes = ((degrees.magnitude - whole) * 60 * 10_000).rounded() / 10_000
        return (whole + minutes / 60) * (degrees < 0 ? -1 : 1)
    }

    static func clock(_ seconds: Int) -> String {
        let time = 17 * 3600 + seconds
        return String(format: "%02d%02d%02d.00", time / 3600, time % 3600 / 60, time % 60)
    }

    static func rmc(_ seconds: Int, _ latitude: Double, _ longitude: Double, badChecksum: Bool = false) -> String {
        func field(_ degrees: Double, _ digits: Int) -> String {
            let whole = Int(degrees.magnitude)
            let minutes = (degrees.magnitude - Double(whole)) * 60
            return String(format: "%0\(digits)d%07.4f", whole, minutes)
        }
        let body =
            "GPRMC,\(clock(seconds)),A,\(field(latitude, 2)),\(latitude < 0 ? "S" : "N"),\(field(longitude, 3)),\(longitude < 0 ? "W" : "E"),023.3,000.0,291126,,,A"
        let sentence = Self.sentence(body)
        return badChecksum ? String(sentence.dropLast(2)) + (sentence.hasSuffix("00") ? "01" : "00") : sentence
    }

    static func sentence(_ body: String) -> String { "$\(body)*" + String(format: "%02X", body.utf8.reduce(0, ^)) }

    /// The NMEA log, one sentence a line as a receiver ends them.
    var log: String { sentences.map { $0 + "\r\n" }.joined() }

    /// The same valid fixes as a GPX 1.1 track of one segment.
    var gpx: String {
        let points = fixes.map { fix in
            let time = ISO8601.format(Date(timeIntervalSince1970: Double(Self.start + fix.seconds)))
            return String(format: "<trkpt lat=\"%.9f\" lon=\"%.9f\"><time>%@</time></trkpt>", fix.latitude, fix.longitude, time)
        }
        return """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="an invented drive" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
    }

    /// The miles the mileage rules give, by hand: the great-circle sum over consecutive kept
    /// fixes, never across a gap of more than two minutes. Kept are the moving fixes: the stop
    /// is within 5 m of where it began, and the jump is faster than 62 m/s.
    var milesByHand: Double {
        let kept = fixes.filter { ($0.seconds < 300 || $0.seconds >= 540) && $0.seconds != 666 }
        var metres = 0.0
        for (before, after) in zip(kept, kept.dropFirst()) where after.seconds - before.seconds <= 120 {
            let radians = Double.pi / 180
            let a =
                pow(sin((after.latitude - before.latitude) * radians / 2), 2) + cos(before.latitude * radians)
                * cos(after.latitude * radians) * pow(sin((after.longitude - before.longitude) * radians / 2), 2)
            metres += 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
        }
        return metres / 1609.344
    }

    /// How many fixes the rules keep: 300 north, 150 east.
    static let kept = 450
}
