import DashPilotCore
import DashPilotStore
import Foundation

/// `route follow` in process: gpsd's JSON read a line at a time, each report checked and kept
/// as the command does, committed in batches as twice a second would at this rate.
extension Runner {
    /// 10,000 TPV reports, one a second along a road, on a shift made at `start` and deleted again:
    /// the rate of reports read, checked and stored, against 10,000 a second (a gpsd sends one to ten).
    func followRow(_ store: DashPilotStore, clock: ScriptedClock, at start: Date, reps: (Int) -> Int) throws -> Row {
        let reports = 10_000
        var lines: [UInt8] = []
        for second in 0..<reports {
            let time = ISO8601.format(start.addingTimeInterval(Double(60 + second)))
            let line =
                "{\"class\":\"TPV\",\"device\":\"/dev/ttyACM0\",\"mode\":3,\"time\":\"\(time)\",\"lat\":\(41.5 + Double(second) * 0.0001),\"lon\":-81.7,\"eph\":4.0}\n"
            lines += Array(line.utf8)
        }
        var timings = Timings()
        for _ in 0..<max(3, reps(5)) {
            clock.set(start)
            let shift = try store.startShift()
            clock.set(start.addingTimeInterval(Double(reports + 120)))
            let follow = try store.follow()
            timings.add(
                try measure {
                    var reader = PositionLines()
                    for chunk in stride(from: 0, to: lines.count, by: 65_536) {
                        reader.feed(lines[chunk..<min(lines.count, chunk + 65_536)]) { line in
                            if case .text(let bytes) = line { follow.take(PositionReport.read(bytes)) }
                        }
                        // A commit a chunk: more often than twice a second would at this rate.
                        try follow.commit()
                    }
                    try follow.commit()
                })
            guard follow.report.kept == reports else {
                throw BenchError.lostWay(step: "route follow", screen: "kept \(follow.report.kept) of \(reports)")
            }
            _ = try store.endShift()
            try store.deleteShift(id: shift.id)
        }
        let rate = Double(reports) / timings.median
        return Row(
            operation: "route follow, gpsd's JSON (\(reports) reports)", repetitions: timings.samples.count,
            median: String(format: "%.0f reports/s", rate),
            p95: String(format: "%.0f reports/s", Double(reports) / timings.percentile(0.95)),
            target: "≥ 10000 reports/s", met: rate >= 10_000)
    }
}
