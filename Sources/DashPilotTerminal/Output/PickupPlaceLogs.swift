import DashPilotCore
import Foundation

#if canImport(os)
    import os
#endif

/// The `pickup-place` log category on this platform: `os.Logger` on Apple platforms; elsewhere
/// standard error, when `DASHPILOT_LOG` is set. It receives only events, which hold no name, key
/// or count.
struct PlatformPickupPlaceLog: PickupPlaceLog {
    let toStandardError: Bool

    init(environment: [String: String]) {
        toStandardError = !(environment["DASHPILOT_LOG"] ?? "").isEmpty
    }

    func record(_ event: PickupPlaceEvent) {
        #if canImport(os)
            Logger(subsystem: "DashPilot", category: "pickup-place").info("\(event.message, privacy: .public)")
        #endif
        if toStandardError {
            FileHandle.standardError.write(Data("dashpilot[pickup-place]: \(event.message)\n".utf8))
        }
    }

    func record(_ event: ExpenseEvent) {
        #if canImport(os)
            Logger(subsystem: "DashPilot", category: "expense").info("\(event.message, privacy: .public)")
        #endif
        if toStandardError {
            FileHandle.standardError.write(Data("dashpilot[expense]: \(event.message)\n".utf8))
        }
    }
}
