import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// A clock a test moves by hand. Starts at 2026-11-29 17:02:00 UTC (a Sunday).
final class SteppingClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_795_971_720)
    func now() -> Date { lock.withLock { current } }
    func set(_ time: String) {
        let parts = time.split(separator: ":").compactMap { Double($0) }
        lock.withLock { current = Date(timeIntervalSince1970: 1_795_910_400 + parts[0] * 3600 + parts[1] * 60) }
    }
}

/// A store in a temporary folder, and the format every expectation is written in.
final class ScreenFixture {
    let folder = NSTemporaryDirectory() + "dashpilot-screens-" + UUID().uuidString
    let clock = SteppingClock()
    let store: DashPilotStore
    let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        store = try DashPilotStore(path: folder + "/store.sqlite", clock: clock)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs `step` at `time` ("17:12").
    func at<T>(_ time: String, _ step: () throws -> T) rethrows -> T {
        clock.set(time)
        return try step()
    }

    func name(_ text: String) throws -> PickupPlaceName { try PickupPlaceName(text) }
}
