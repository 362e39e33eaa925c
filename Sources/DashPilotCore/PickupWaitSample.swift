import Foundation

/// One recorded pickup wait: when the driver arrived at pickup, and how long until picked up.
public struct PickupWaitSample: Sendable, Equatable {
    /// The arrival at pickup, which decides the wait's time of day.
    public var arrivedAt: Date
    /// Picked-up time minus arrival, in seconds.
    public var seconds: Int64

    /// Creates a wait.
    public init(arrivedAt: Date, seconds: Int64) {
        self.arrivedAt = arrivedAt
        self.seconds = seconds
    }
}
