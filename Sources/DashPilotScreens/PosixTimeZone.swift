import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time zone `TZ` names, read as every POSIX program reads it (`platform.md`: "The time zone
/// is `TZ`, else the system's"): a zone's name (`America/Chicago`, `:Asia/Kolkata`), a path to a
/// zone file (`/usr/share/zoneinfo/Asia/Tokyo`), or a POSIX rule (`JST-9`, `<+0530>-5:30`,
/// `CET-1CEST,M3.5.0,M10.5.0/3`), which Foundation does not read and the C library does.
enum PosixTimeZone {
    static func zone(_ value: String?, now: Date) -> TimeZone {
        guard let value, !value.isEmpty else { return .current }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        // "GMT+5" is POSIX's five hours west of UTC, where Foundation reads five hours east: such
        // a name is a rule, read as the C library reads it.
        let westIsPlus = ["GMT", "UTC"].contains(String(name.prefix(3))) && name.count > 3
        if !westIsPlus, let zone = TimeZone(identifier: name) { return zone }
        if let folder = name.range(of: "/zoneinfo/"), let zone = TimeZone(identifier: String(name[folder.upperBound...])) {
            return zone
        }
        return rule(value, now: now) ?? .current
    }

    /// A POSIX rule as the C library reads it: its offsets from UTC twice a day over a year from
    /// `now`; a fixed offset when they never change, else the first known zone that agrees with
    /// every one of them. Read only when `TZ` is this process's own (the C library reads that).
    static func rule(_ value: String, now: Date) -> TimeZone? {
        guard let own = getenv("TZ"), String(cString: own) == value else { return nil }
        tzset()
        let start = Int(now.timeIntervalSince1970) - 183 * 86_400
        let instants = (0..<730).map { start + $0 * 43_200 }
        let offsets = instants.map { instant -> Int in
            var time = time_t(instant)
            var local = tm()
            localtime_r(&time, &local)
            return Int(local.tm_gmtoff)
        }
        guard let first = offsets.first else { return nil }
        if offsets.allSatisfy({ $0 == first }) { return TimeZone(secondsFromGMT: first) }
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZone(identifier: identifier),
                zip(instants, offsets).allSatisfy({ zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) == $1 })
            else { continue }
            return zone
        }
        // A rule no known zone keeps: its offset now, right until its next change.
        return TimeZone(secondsFromGMT: offsets[183 * 2])
    }
}
