import Foundation

/// Where the library reads the time. Passed in everywhere; tests inject a fixed one.
public protocol WallClock: Sendable {
    /// The current time. Callers record it to the whole second.
    func now() -> Date
}

/// The machine's clock: the only place in the library that reads the real time.
public struct SystemClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current time, from the operating system.
    public func now() -> Date { Date() }
}

extension Date {
    /// This time truncated to the whole second, as DashPilot records every time.
    public var wholeSecond: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }

    /// Whole seconds since 1970, as the store keeps times.
    public var unixSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    /// Seconds since 1970 on the wall clock of `timeZone` (the offset at this instant): what local
    /// days, times of day and bands are counted from.
    public func localSeconds(in timeZone: TimeZone) -> Int64 { unixSeconds + Int64(timeZone.secondsFromGMT(for: self)) }

    /// The time `seconds` whole seconds after 1970.
    public init(unixSeconds seconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(seconds))
    }
}
