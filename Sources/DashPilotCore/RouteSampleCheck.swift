import Foundation

/// The checks a route sample passes once, as it arrives, before it is stored.
public enum RouteSampleCheck {
    /// The worst horizontal accuracy kept, in metres.
    public static let worstAccuracy = 100.0
    /// A sample this close to the last kept one adds nothing, in metres.
    public static let minimumDistance = 5.0
    /// Faster than this, in metres a second, a sample is a glitch.
    public static let maximumSpeed = 62.0

    /// The problem with `sample` given its shift, whether the shift already holds a sample at its
    /// second, and the last kept sample of its own capture session; `nil` to keep it. Judging
    /// each sample against its own session makes an import independent of file order.
    public static func problem(
        with sample: RouteSample, shift: Shift, lastKept: RouteSample?, now: Date, duplicate: Bool = false, pauses: [Pause] = []
    ) -> RouteSampleProblem? {
        let lat = sample.latitude
        let lon = sample.longitude
        guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180, !(lat == 0 && lon == 0) else {
            return .notAPosition
        }
        if let accuracy = sample.horizontalAccuracy {
            guard accuracy.isFinite, accuracy >= 0, accuracy <= worstAccuracy else { return .poorAccuracy }
        }
        guard shift.holds(sample.recordedAt, now: now) else { return .outsideShift }
        // Paused from a pause's start, working again at its end.
        if pauses.contains(where: { sample.recordedAt >= $0.start && ($0.end.map { sample.recordedAt < $0 } ?? true) }) {
            return .shiftPaused
        }
        guard !duplicate else { return .alreadyRecorded }
        guard let last = lastKept else { return nil }
        guard sample.recordedAt > last.recordedAt else { return .notLaterThanLast }
        let distance = sample.distance(to: last)
        guard distance > minimumDistance else { return .tooCloseToLast }
        let uncertain = (sample.horizontalAccuracy ?? 0) + (last.horizontalAccuracy ?? 0)
        let seconds = max(1, sample.recordedAt.timeIntervalSince(last.recordedAt))
        guard (distance - uncertain) / seconds <= maximumSpeed else { return .impossibleSpeed }
        return nil
    }
}
