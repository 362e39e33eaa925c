import DashPilotCore
import Foundation

#if canImport(os)
    import os
#endif

/// The `pickup-place` and `expense` log categories on this platform: `os.Logger` on Apple
/// platforms; elsewhere standard error, when `DASHPILOT_LOG` is set. It receives only events,
/// which hold no name, key, count, note or amount.
struct PlatformPickupPlaceLog: PickupPlaceLog {
    let toStandardError: Bool

    init(environment: [String: String]) {
        toStandardError = !(environment["DASHPILOT_LOG"] ?? "").isEmpty
    }

    func record(_ event: PickupPlaceEvent) { write(event.message, category: "pickup-place") }

    func record(_ event: ExpenseEvent) { write(event.message, category: "expense") }

    /// One event's text (a closed set's words, never a name, a note or an amount) in `category`.
    private func write(_ message: String, category: String) {
        #if canImport(os)
            Logger(subsystem: "DashPilot", category: category).info("\(message, privacy: .public)")
        #endif
        if toStandardError {
            StandardError.write("dashpilot[\(category)]: \(message)\n")
        }
    }
}
