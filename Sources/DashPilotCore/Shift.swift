import Foundation

/// A shift: the time a driver was working, from start to end. No end means it is still running.
public struct Shift: Sendable, Equatable, Identifiable {
    /// The shift's id, as `shift start` printed it.
    public var id: Int64
    /// When the shift started.
    public var startedAt: Date
    /// When the shift ended; `nil` while it runs.
    public var endedAt: Date?
    /// The gross earnings the driver entered; `nil` when none was entered (never zero by default).
    public var earnings: Money?

    /// Creates a shift value.
    public init(id: Int64, startedAt: Date, endedAt: Date? = nil, earnings: Money? = nil) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.earnings = earnings
    }

    /// Whether the shift is still running.
    public var isRunning: Bool { endedAt == nil }

    /// Whether `time` falls inside the shift: from its start to its end, both included;
    /// a running shift holds every time from its start up to `now`.
    public func holds(_ time: Date, now: Date) -> Bool {
        time >= startedAt && time <= (endedAt ?? now)
    }

    /// The shift's length in whole seconds, once it has ended.
    public var durationSeconds: Int64? {
        endedAt.map { $0.unixSeconds - startedAt.unixSeconds }
    }
}
