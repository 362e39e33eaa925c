import DashPilotCore
import DashPilotStore
import Foundation

/// Times each operation a driver waits on, in-process, warm, many repetitions.
struct Runner {
    let path: String
    let repetitions: Int

    struct Row {
        var operation: String
        var repetitions: Int
        var median: String
        var p95: String
        var target: String
        var met: Bool
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: path) else { throw BenchError.noStore(path) }
        let clock = ScriptedClock()
        let store = try DashPilotStore(path: path, clock: clock)
        let scale = repetitions > 0 ? Double(repetitions) / 100 : 1
        func reps(_ base: Int) -> Int { max(3, Int(Double(base) * scale)) }
        var rows: [Row] = []
        var random = SeededRandom(seed: 7)
        func timed(_ operation: String, _ count: Int, target: Double, _ body: (Int) throws -> Void) rethrows {
            var timings = Timings()
            try body(-1)  // warm the cache
            for index in 0..<count { timings.add(try measure { try body(index) }) }
            rows.append(
                Row(
                    operation: operation, repetitions: count, median: formatDuration(timings.median),
                    p95: formatDuration(timings.percentile(0.95)),
                    target: "≤ " + formatDuration(target), met: timings.median <= target))
        }

        let places = try store.places()
        guard let busiest = places.max(by: { $0.deliveryCount < $1.deliveryCount }) else {
            print("The store has no pickup places; generate one first.")
            return
        }
        let near2000 = places.min { abs($0.deliveryCount - 2000) < abs($1.deliveryCount - 2000) }!
        let typed = (0..<1000).map { index -> String in
            let name = places[Int.random(in: 0..<places.count, using: &random)].place.name
            return index % 3 == 0 ? name.uppercased() : index % 3 == 1 ? name.lowercased() : name
        }
        let shifts = try store.shifts(limit: nil).map(\.shift)
        print(
            "Store \(path): \(shifts.count) shifts, \(places.count) places; busiest place \(busiest.deliveryCount) deliveries, the one near 2,000 holds \(near2000.deliveryCount)."
        )

        try timed("find a place by a typed name", reps(1000), target: 50e-6) { index in
            _ = try store.place(named: try PickupPlaceName(typed[max(0, index) % typed.count]))
        }
        try timed("the recent list", reps(200), target: 2e-3) { _ in _ = try store.recentPlaces() }
        try timed("history, busiest place (\(busiest.deliveryCount) deliveries)", reps(50), target: 5e-3) { _ in
            _ = try store.history(ofPlace: busiest.place.id)
        }
        try timed("history, a place with \(near2000.deliveryCount) deliveries", reps(100), target: 2e-3) { _ in
            _ = try store.history(ofPlace: near2000.place.id)
        }
        // The split before each merge is setup, outside the timing, through the store's own API on
        // a second connection that skips syncing; the merge moves the deliveries back, so the
        // store ends as it began.
        let setup = try DashPilotStore(path: path, clock: clock, durability: .bulkLoad)
        let split = try setup.history(ofPlace: busiest.place.id, limit: 2000).deliveries.map(\.delivery)
        let sourceName = try PickupPlaceName("Bench Merge Source")
        var mergeTimings = Timings()
        for _ in 0..<reps(10) {
            var source: Int64 = 0
            for delivery in split {
                source = try setup.setPickupPlace(sourceName, delivery: delivery.number, shiftID: delivery.shiftID).place.id
            }
            mergeTimings.add(try measure { _ = try store.mergePlace(sourceID: source, into: busiest.place.id) })
        }
        rows.append(
            Row(
                operation: "merge a place holding 2,000 deliveries", repetitions: mergeTimings.samples.count,
                median: formatDuration(mergeTimings.median), p95: formatDuration(mergeTimings.percentile(0.95)), target: "≤ 30.00 ms",
                met: mergeTimings.median <= 30e-3))
        try timed("newest 20 shifts with their mileage", reps(20), target: 30e-3) { _ in _ = try store.shifts(limit: 20) }
        try timed("one shift's log with mileage and rates", reps(100), target: 5e-3) { index in
            _ = try store.shiftLog(id: shifts[(index + 5) % shifts.count].id)
        }
        try moneyReads(store, clock: clock, shifts: shifts, reps: reps, timed: timed)

        // Writes go after every shift in the store, on a shift the run deletes again.
        let after = Self.afterEveryShift(shifts)
        var importTimings = Timings()
        var parseTimings = Timings()
        var writeTimings = Timings()
        let points = 7200
        for run in 0..<max(3, reps(5)) {
            let start = after.addingTimeInterval(Double(run) * 86_400)
            clock.set(start)
            let shift = try store.startShift()
            clock.set(start.addingTimeInterval(Double(points) * 5 + 60))
            _ = try store.endShift()
            let gpx = Self.gpx(points: points, from: start.addingTimeInterval(10))
            var segments: [[RouteSample]] = []
            let parse = try measure { segments = try GPXReader.segments(from: gpx) }
            let write = try measure { _ = try store.importRoute(segments: segments) }
            parseTimings.add(parse)
            writeTimings.add(write)
            importTimings.add(parse + write)
            try store.deleteShift(id: shift.id)
        }
        let rate = Double(points) / importTimings.median
        rows.append(
            Row(
                operation: "route import of a GPX file (\(points) points)", repetitions: importTimings.samples.count,
                median: String(format: "%.0f samples/s", rate),
                p95: String(format: "%.0f samples/s", Double(points) / importTimings.percentile(0.95)),
                target: "≥ 500000 samples/s", met: rate >= 500_000))
        for (part, timings) in [("reading the file", parseTimings), ("checking and writing the samples", writeTimings)] {
            rows.append(
                Row(
                    operation: "  of which \(part)", repetitions: timings.samples.count,
                    median: String(format: "%.0f samples/s", Double(points) / timings.median),
                    p95: String(format: "%.0f samples/s", Double(points) / timings.percentile(0.95)), target: "", met: true))
        }

        let start = after.addingTimeInterval(30 * 86_400)
        clock.set(start)
        let shift = try store.startShift()
        var latitude = 41.5
        try timed("route add, one sample", reps(200), target: 2e-3) { index in
            clock.set(start.addingTimeInterval(Double(index + 2) * 5))
            latitude += 0.0003
            _ = try store.addRouteSample(latitude: latitude, longitude: -81.7, accuracy: 5, session: nil)
        }
        clock.set(start.addingTimeInterval(86_000))
        _ = try store.endShift()
        try store.deleteShift(id: shift.id)
        try moneyWrites(store, clock: clock, at: after.addingTimeInterval(60 * 86_400), reps: reps, timed: timed)
        rows.append(try followRow(store, clock: clock, at: after.addingTimeInterval(90 * 86_400), reps: reps))

        print("")
        print("| Operation | Repetitions | Median | p95 | Target | Met |")
        print("| --- | ---: | ---: | ---: | ---: | :---: |")
        for row in rows {
            let met = row.target.isEmpty ? "" : row.met ? "yes" : "**no**"
            print("| \(row.operation) | \(row.repetitions) | \(row.median) | \(row.p95) | \(row.target) | \(met) |")
        }
    }

    /// A day after the last of `shifts` ended, to a whole second: where the run's writes go.
    static func afterEveryShift(_ shifts: [Shift]) -> Date {
        (shifts.compactMap(\.endedAt).max() ?? Date(timeIntervalSince1970: 1_800_000_000)).addingTimeInterval(86_400).wholeSecond
    }

    /// A GPX 1.1 track of `points` points five seconds apart.
    static func gpx(points: Int, from start: Date) -> Data {
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"dashpilot-bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
        var latitude = 41.4
        for index in 0..<points {
            latitude += 0.0004
            text +=
                "<trkpt lat=\"\(latitude)\" lon=\"-81.6\"><time>\(ISO8601.format(start.addingTimeInterval(Double(index) * 5)))</time></trkpt>\n"
        }
        text += "</trkseg></trk>\n</gpx>\n"
        return Data(text.utf8)
    }
}
