import Foundation

/// A break in a running shift: its start, and its end once resumed. Pauses never overlap each
/// other or a delivery's open interval; one may last no time at all.
public struct Pause: Sendable, Equatable {
    /// When it began.
    public var start: Date
    /// When it ended; `nil` while the shift is paused.
    public var end: Date?

    /// Creates a pause.
    public init(start: Date, end: Date? = nil) {
        self.start = start
        self.end = end
    }

    /// Its length in whole seconds, an open pause counted up to `now`.
    public func seconds(now: Date) -> Int64 { max(0, (end ?? now).unixSeconds - start.unixSeconds) }
}

/// A shift's time: elapsed from start to end (or now), less its pauses, which is its working time.
public struct ShiftTime: Sendable, Equatable {
    /// From start to end (a running shift up to now).
    public var elapsedSeconds: Int64
    /// Its pauses' lengths summed.
    public var pausedSeconds: Int64
    /// Elapsed less paused: what every hourly rate of the shift divides by.
    public var workingSeconds: Int64 { max(0, elapsedSeconds - pausedSeconds) }

    /// The time of `shift` with `pauses`, a running shift and an open pause counted up to `now`.
    public init(shift: Shift, pauses: [Pause], now: Date) {
        elapsedSeconds = max(0, (shift.endedAt ?? now).unixSeconds - shift.startedAt.unixSeconds)
        pausedSeconds = pauses.reduce(0) { $0 + $1.seconds(now: shift.endedAt ?? now) }
    }

    /// Creates a time from its parts.
    public init(elapsedSeconds: Int64, pausedSeconds: Int64) {
        self.elapsedSeconds = elapsedSeconds
        self.pausedSeconds = pausedSeconds
    }
}
