import Foundation

/// Durations in words: a figure's ("4 h 38 min"), a shift's elapsed, working and paused time that
/// add up as shown, and a running clock's.
extension ScreenFormat {
    /// A duration in words ("4 h 38 min", "7 min", "2 min 30 s", "45 s").
    public func duration(seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        if total < 600 && total % 60 != 0 { return "\(total / 60) min \(total % 60) s" }
        // Rounded once, from the seconds as they are: 749.5 s is 12 min, not 750 s and then 13.
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// A wait in words, never more than it was: from ten minutes on, whole minutes counted down,
    /// as the waits' buckets count them ("29 min" for 29 min 59 s, which sits in 20–30 min; "30 min"
    /// only in "30 min and over").
    public func wait(seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded(.down))
        return duration(seconds: Double(total < 600 ? total : total - total % 60))
    }

    /// A shift's (or a period's) elapsed, working and paused time in words, so that what is shown
    /// adds up: where elapsed and paused time are both shown in whole minutes, working time is
    /// shown as their difference ("1 h elapsed · 44 min working (16 min paused)", where 2,670
    /// working seconds alone would round to 45 min).
    public func shiftTimes(elapsed: Int64, paused: Int64) -> (elapsed: String, working: String, paused: String) {
        func shownMinutes(_ seconds: Int64) -> Int64? {
            seconds >= 600 || (seconds >= 60 && seconds % 60 == 0) ? Int64((Double(seconds) / 60).rounded()) : nil
        }
        let working: Int64
        // Never "0 min working" for a time worked, beside the rate it divides: 40 s of two hours
        // with 1 h 59 min 20 s paused reads as the 40 s it was.
        if let elapsedMinutes = shownMinutes(elapsed), let pausedMinutes = shownMinutes(paused),
            elapsedMinutes > pausedMinutes || elapsed <= paused
        {
            working = max(0, elapsedMinutes - pausedMinutes) * 60
        } else {
            working = max(0, elapsed - paused)
        }
        // None of them reads as a glitch beside the others: "1 h elapsed · 0 min working (1 h
        // paused)", as a period writes it, not "0 s working".
        let shown = [elapsed, paused].filter { $0 != 0 }
        let inMinutes = !shown.isEmpty && shown.allSatisfy { shownMinutes($0) != nil }
        func written(_ seconds: Int64) -> String { seconds == 0 && inMinutes ? "0 min" : duration(seconds: Double(seconds)) }
        return (written(elapsed), written(working), written(paused))
    }

    /// A running clock's time ("45 s", "7 min", "4 h 38 min"): each second in the first minute,
    /// each whole minute after, so that it advances once a minute as screens.md's header does.
    public func clock(seconds: Int64) -> String {
        if seconds < 60 { return "\(max(0, seconds)) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
