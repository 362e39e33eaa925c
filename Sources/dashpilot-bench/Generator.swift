import DashPilotCore
import DashPilotStore
import Foundation

/// Builds a store the way a driver's years would: every shift, delivery, step, place, route
/// sample, pay, tip, pause and expense goes through the library's own write paths, at the times a
/// scripted clock gives.
struct Generator {
    let profile: Profile
    let seed: UInt64
    let path: String

    static let adjectives = [
        "Golden", "Silver", "Quiet", "Lucky", "Crimson", "Hidden", "Little", "Grand", "Sunny", "Misty", "Copper", "Velvet", "Rustic",
        "Humble", "Bright", "Northern", "Southern", "Eastern", "Western", "Hollow",
    ]
    static let nouns = [
        "Lantern", "Willow", "Harbor", "Meadow", "Anchor", "Kettle", "Pebble", "Orchard", "Beacon", "Thistle", "Juniper", "Marble",
        "Falcon",
        "Cedar", "Fiddle", "Maple", "Compass", "Ember", "Tulip", "Otter",
    ]
    static let kinds = ["Noodles", "Diner", "Kitchen", "Grill", "Bakery", "Deli", "Taqueria", "Pizzeria", "Canteen", "Bistro"]

    /// Invented place names, distinct, in a seeded order: the first is the busiest.
    static func placeNames(count: Int, random: inout SeededRandom) -> [String] {
        var names: [String] = []
        for kind in kinds { for adjective in adjectives { for noun in nouns { names.append("\(adjective) \(noun) \(kind)") } } }
        names.shuffle(using: &random)
        return Array(names.prefix(count))
    }

    enum Event {
        case accept
        case place(String)
        case arrive, pickUp, deliver, cancel
        case pay(Money)
        case tip(Money, TipMethod)
        case pause, resume
    }

    func generate() throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw BenchError.exists(path)
        }
        let began = Date()
        var random = SeededRandom(seed: seed)
        let clock = ScriptedClock()
        let store = try DashPilotStore(path: path, clock: clock, durability: .bulkLoad)
        let names = Self.placeNames(count: profile.places, random: &random)
        // Zipf-like popularity: the k-th place is used in proportion to 1/k.
        var cumulative: [Double] = []
        var total = 0.0
        for rank in 1...names.count {
            total += 1 / Double(rank)
            cumulative.append(total)
        }
        let typicalWait = names.map { _ in Double.random(in: 120...900, using: &random) }
        let span = profile.years * 365.25 * 86_400 / Double(profile.shifts)
        // 2016-12-01 08:00 UTC for ten years; as many years earlier again for a longer history.
        let firstDay = Date(timeIntervalSince1970: 1_480_579_200 - (profile.years - 10) * 365.25 * 86_400)
        var deliveries = 0
        var samples = 0
        var skipped = 0
        var notRecorded = 0
        var money = MoneyScript(
            seed: seed, expenses: profile.shifts * 3 / 5, from: firstDay,
            through: firstDay.addingTimeInterval(Double(profile.shifts - 1) * span))
        var lastEnd = firstDay
        var latitude = 41.5
        var longitude = -81.7
        for index in 0..<profile.shifts {
            var start = firstDay.addingTimeInterval(Double(index) * span + Double.random(in: 0...7200, using: &random)).wholeSecond
            if start <= lastEnd { start = lastEnd.addingTimeInterval(600) }
            var end = start.addingTimeInterval(Double.random(in: 4...10, using: &random) * 3600).wholeSecond
            clock.set(start)
            let shift = try store.startShift()

            // The shift's deliveries as timed events, stacked where their lifecycles overlap.
            let count = Int.random(in: profile.deliveriesPerShift, using: &random)
            let slot = (end.timeIntervalSince(start) - 3600) / Double(count)
            var events: [(Date, Int, Event)] = []
            for number in 1...count {
                let accept = start.addingTimeInterval(300 + Double(number - 1) * slot + Double.random(in: 0...(slot * 0.8), using: &random))
                    .wholeSecond
                events.append((accept, number, .accept))
                let draw = Double.random(in: 0..<total, using: &random)
                var low = 0
                var high = cumulative.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if cumulative[middle] < draw { low = middle + 1 } else { high = middle }
                }
                if Double.random(in: 0..<1, using: &random) >= 0.02 {
                    let typed = Int.random(in: 0..<10, using: &random) == 0 ? names[low].lowercased() : names[low]
                    events.append((accept.addingTimeInterval(30), number, .place(typed)))
                }
                let arrive = accept.addingTimeInterval(Double.random(in: 180...720, using: &random)).wholeSecond
                let pickUp = arrive.addingTimeInterval((typicalWait[low] * Double.random(in: 0.3...2, using: &random)).rounded())
                    .wholeSecond
                let deliver = pickUp.addingTimeInterval(Double.random(in: 300...1200, using: &random)).wholeSecond
                let fate = Double.random(in: 0..<1, using: &random)
                if fate < 0.02 {
                    events.append((arrive.addingTimeInterval(-60), number, .cancel))
                } else if fate < 0.04 {
                    events.append((arrive, number, .arrive))
                    events.append((pickUp, number, .pickUp))
                    events.append((pickUp.addingTimeInterval(120), number, .cancel))
                } else {
                    events.append((arrive, number, .arrive))
                    events.append((pickUp, number, .pickUp))
                    events.append((deliver, number, .deliver))
                }
            }
            if let last = events.map(\.0).max(), last.addingTimeInterval(60) > end { end = last.addingTimeInterval(60) }
            let plan = money.plan(events)
            events += plan.events
            events.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            for (time, number, event) in events {
                clock.set(time)
                switch event {
                case .accept: _ = try store.acceptDelivery()
                case .place(let typed): _ = try store.setPickupPlace(try PickupPlaceName(typed), delivery: number, shiftID: shift.id)
                case .arrive: _ = try store.record(.arrive, delivery: number)
                case .pickUp: _ = try store.record(.pickUp, delivery: number)
                case .deliver: _ = try store.record(.deliver, delivery: number)
                case .cancel: _ = try store.record(.cancel, delivery: number)
                case .pay(let amount): try store.setPay(amount, delivery: number, shiftID: shift.id)
                case .tip(let amount, let method): _ = try store.addTip(amount, method: method, delivery: number, shiftID: shift.id)
                case .pause: _ = try store.pauseShift()
                case .resume: _ = try store.resumeShift()
                }
            }
            deliveries += count
            clock.set(end)
            _ = try store.endShift()
            lastEnd = end
            let hours = end.timeIntervalSince(start) / 3600
            try store.setEarnings(Money(cents: Int64(hours * Double.random(in: 1500...2600, using: &random))), shiftID: shift.id)
            try money.record(plan.late, shiftID: shift.id, end: end, store: store, clock: clock)
            // Expenses are spread up to the last shift's start, so every one is in by its end.
            try money.addExpenses(upTo: clock.now(), store: store)

            // The phone's route, every few seconds, with the odd gap that starts a new session. The
            // app records nothing during a break, and starts a new session on resuming.
            var segments: [[RouteSample]] = [[]]
            var time = start.addingTimeInterval(10)
            var heading = Double.random(in: 0..<(2 * .pi), using: &random)
            while time < end.addingTimeInterval(-10) {
                if Double.random(in: 0..<1, using: &random) < profile.sampleInterval / 7200 {
                    time = time.addingTimeInterval(180)
                    segments.append([])
                }
                let step = Double.random(in: 3...14, using: &random) * profile.sampleInterval
                heading += Double.random(in: -0.3...0.3, using: &random)
                latitude += step * cos(heading) / 111_195
                longitude += step * sin(heading) / (111_195 * cos(latitude * .pi / 180))
                if abs(latitude - 41.5) > 0.3 || abs(longitude + 81.7) > 0.4 { heading += .pi }
                let accuracy = Double.random(in: 3...15, using: &random)
                if let pause = plan.pause, time >= pause.start {
                    if time < pause.end {
                        notRecorded += 1
                        time = time.addingTimeInterval(profile.sampleInterval)
                        continue
                    }
                    if segments[segments.count - 1].last.map({ $0.recordedAt < pause.start }) == true { segments.append([]) }
                }
                segments[segments.count - 1].append(
                    RouteSample(
                        recordedAt: time, latitude: latitude, longitude: longitude,
                        horizontalAccuracy: accuracy))
                time = time.addingTimeInterval(profile.sampleInterval)
            }
            let report = try store.importRoute(segments: segments)
            samples += report.kept
            skipped += report.skippedCount
            if (index + 1) % 250 == 0 {
                print(
                    "  \(index + 1) shifts, \(deliveries) deliveries, \(samples) route samples, \(String(format: "%.0f", Date().timeIntervalSince(began))) s"
                )
            }
        }
        let seconds = Date().timeIntervalSince(began)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let places = try store.places()
        let busiest = places.map(\.deliveryCount).max() ?? 0
        print("Generated profile \(profile.name), seed \(seed), at \(path):")
        print("  \(profile.shifts) shifts, \(deliveries) deliveries, \(places.count) pickup places (busiest: \(busiest) deliveries)")
        print(
            "  \(samples) route samples kept (\(skipped) refused by the route checks, \(notRecorded) not recorded during breaks), one every \(Int(profile.sampleInterval)) s"
        )
        for line in money.summary { print(line) }
        print(
            "  \(bytes) bytes on disk (\(String(format: "%.1f", Double(bytes) / 1_048_576)) MiB), built in \(String(format: "%.1f", seconds)) s"
        )
    }
}

/// Why the benchmark could not go on, as a sentence.
enum BenchError: Error, CustomStringConvertible {
    case exists(String)
    case noStore(String)
    case lostWay(step: String, screen: String)

    var description: String {
        switch self {
        case .exists(let path): "\(path) already exists; generate writes a new store only."
        case .noStore(let path): "There is no store at \(path); generate one first."
        case .lostWay(let step, let screen): "The key-to-frame walk lost its way at \(step); the window shows:\n\(screen)"
        }
    }
}
