import DashPilotCore
import Foundation

/// Times that say their offset from UTC where the clock read two of them alike: the hour a
/// fall-back night repeats.
extension ScreenFormat {
    /// Two moments a sentence sets against each other, written so that they read apart: to the
    /// minute; to the second where they read alike ("5:30:00 PM on Sun, Nov 29", "5:30:20 PM on
    /// Sun, Nov 29"); and each time the clock read twice (the hour a fall-back night repeats)
    /// with its offset ("1:45 AM UTC-4 on Sun, Nov 1"), as everywhere: a time read once is
    /// written as the driver reads it, whatever the offset of the other.
    public func apart(_ first: Date, _ second: Date) -> (String, String) {
        let seconds = time(first) == time(second) && day(first) == day(second)
        func written(_ date: Date) -> String {
            let time = seconds ? timeWithSeconds(date) : self.time(date)
            guard let offset = offsetIfReadTwice(date) else { return "\(time) on \(day(date))" }
            return "\(time) \(Self.utc(offset)) on \(day(date))"
        }
        return (written(first), written(second))
    }

    /// A time of day that says which of two it is where the clock read it twice (the hour a
    /// fall-back night repeats): "1:40 AM UTC-4", then "1:10 AM UTC-5"; elsewhere as `time`.
    public func timeReadOnce(_ date: Date) -> String {
        offsetIfReadTwice(date).map { "\(time(date)) \(Self.utc($0))" } ?? time(date)
    }

    /// `timeReadOnce` to the second: "1:40:00 AM UTC-4" (a live capture's last fix).
    public func timeWithSecondsReadOnce(_ date: Date) -> String {
        offsetIfReadTwice(date).map { "\(timeWithSeconds(date)) \(Self.utc($0))" } ?? timeWithSeconds(date)
    }

    /// How far either side of a moment a change of the clocks is looked for: longer than any a
    /// zone makes (Antarctica/Troll turns its clocks back two hours).
    private static let changeWindow: TimeInterval = 3 * 3600

    /// The offset from UTC the clock read `date` at, where it read that time of day twice.
    private func offsetIfReadTwice(_ date: Date) -> Int? {
        let before = timeZone.secondsFromGMT(for: date.addingTimeInterval(-Self.changeWindow))
        let after = timeZone.secondsFromGMT(for: date.addingTimeInterval(Self.changeWindow))
        guard before > after else { return nil }
        // Read twice only within the change's own length of it (half an hour at Lord Howe):
        // the clock reads this time again after it, or read it before.
        let change = Double(before - after)
        let own = timeZone.secondsFromGMT(for: date)
        let repeated =
            own == before
            ? timeZone.secondsFromGMT(for: date.addingTimeInterval(change)) == after
            : timeZone.secondsFromGMT(for: date.addingTimeInterval(-change)) == before
        return repeated ? own : nil
    }

    /// A span's start and end as a row or a heading writes them ("5:02 PM", "9:40 PM"; an end
    /// a day or more later with its day), each saying its offset where the clock read it twice.
    public func span(_ start: Date, _ end: Date) -> (start: String, end: String) {
        (timeReadOnce(start), endsWithinADay(end, after: start) ? timeReadOnce(end) : self.end(end, after: start))
    }

    /// `span`'s end as a screen reader says it: on another day, its day spelled out ("Sunday
    /// November 29, 5:30 PM").
    public func spokenEnd(_ end: Date, after start: Date) -> String {
        endsWithinADay(end, after: start) ? timeReadOnce(end) : "\(spokenDay(end)), \(timeReadOnce(end))"
    }

    /// An offset from UTC as a clock's zone is written: "UTC-4", "UTC+5:30".
    static func utc(_ offset: Int) -> String {
        let minutes = abs(offset) / 60
        return "UTC\(offset < 0 ? "-" : "+")\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)")
    }
}
