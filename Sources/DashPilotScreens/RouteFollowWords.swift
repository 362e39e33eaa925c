import DashPilotCore
import Foundation

/// What `route follow` says: one status line while it follows, and at the end the counts as an
/// import gives them.
public enum RouteFollowWords {
    /// "Following: 312 samples kept, 4.1 mi recorded this shift, last fix 5:12:08 PM": the status
    /// line, then shorter forms of it for a narrower terminal, longest first (one line, never
    /// wrapped: "312 kept · 4.1 mi · 5:12:08 PM").
    public static func status(kept: Int, route: RecordedRoute, lastFix: Date?, format: ScreenFormat) -> [String] {
        let samples = kept == 1 ? "1 sample kept" : "\(kept) samples kept"
        let (miles, shortMiles) =
            switch route {
            case .none: ("no route recorded this shift", "no route")
            case .tooFewPoints: ("too few route points to measure this shift", "too few points")
            case .measured(let mileage): ("\(format.miles(mileage.miles)) recorded this shift", format.miles(mileage.miles))
            }
        let time = lastFix.map { format.timeWithSecondsReadOnce($0) }
        let fix = time.map { "last fix \($0)" } ?? "no fix yet"
        return [
            "Following: \(samples), \(miles), \(fix)", "Following: \(kept) kept, \(shortMiles), \(fix)",
            "\(kept) kept · \(shortMiles) · \(time ?? "no fix yet")",
        ]
    }

    /// What following says when it ends while another program holds the store.
    /// `byCtrlC`: the stop was Ctrl-C (a `kill` is not answered by a key).
    public static func waitingForTheStore(_ fixes: Int, byCtrlC: Bool = true) -> String {
        let them = fixes == 1 ? "it" : "them"
        return "Another program is holding the store: waiting to record the last \(fixes == 1 ? "fix" : "\(fixes) fixes") read. "
            + (byCtrlC ? "Press Ctrl-C again to stop without \(them)." : "A second stop signal gives \(them) up.")
    }

    /// What following says when it was stopped again while the store was held.
    public static func notRecorded(_ fixes: Int) -> String {
        "Error: The store stayed busy: the last \(fixes == 1 ? "fix" : "\(fixes) fixes") read \(fixes == 1 ? "was" : "were") not recorded; what was kept before is recorded."
    }

    /// What following says when standard input cannot be read (a folder, a closed descriptor):
    /// `reason` is the system's.
    public static func cannotRead(_ reason: String) -> String {
        "Error: Can't read standard input: \(reason); following stopped, and what was read before it is recorded."
    }

    /// What following says when the shift ends from another terminal.
    public static func shiftEnded(_ shiftID: Int64) -> String { "Shift \(shiftID) ended; following stopped." }

    /// What following says when the shift is gone from the store: it did not end, and what was
    /// kept went with it.
    public static func shiftGone(_ shiftID: Int64) -> String {
        "Shift \(shiftID) is no longer in the store (another program deleted it, or restored a backup without it); "
            + "following stopped, and the points it kept went with the shift."
    }

    /// What following says when the points it kept are no longer in the store.
    public static func pointsGone(_ shiftID: Int64) -> String {
        "The points kept for shift \(shiftID) are no longer in the store (another program restored a backup made before them); "
            + "following stopped."
    }

    /// The counts: what was kept, then each reason with its count.
    public static func counts(_ report: RouteImportReport) -> [String] {
        var lines = ["Kept \(report.kept) point\(report.kept == 1 ? "" : "s"); skipped \(report.skippedCount)."]
        for (skip, count) in report.skipped.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(count) skipped: \(RouteImportScreen.reason(skip))")
        }
        return lines
    }
}
