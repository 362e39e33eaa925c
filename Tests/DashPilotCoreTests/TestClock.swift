import DashPilotCore
import Foundation

/// A fixed instant for tests: 2026-11-29 17:02:00 UTC.
let referenceTime = Date(timeIntervalSince1970: 1_795_971_720)

/// `minutes` after the reference time.
func at(_ minutes: Double) -> Date { referenceTime.addingTimeInterval(minutes * 60) }
