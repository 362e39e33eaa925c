import DashPilotCore
import DashPilotStore
import Foundation

/// The money and breaks of a generated store (store version 8): each finished delivery's pay and
/// tips, a pause between deliveries on a fifth of the shifts, and expenses over the years. Drawn
/// from a generator of their own, so that the shifts, deliveries and route samples are the ones
/// the same seed gave before money was recorded, and a store from before can be compared with one
/// from now shift for shift.
struct MoneyScript {
    /// A write made after its shift ended: pay entered late, a platform tip that came later.
    enum Late {
        case pay(Money, delivery: Int)
        case tip(Money, delivery: Int)
    }

    /// What the store was given, for the summary.
    struct Counts {
        var finished = 0
        var pay = 0
        var zeroPay = 0
        var tips = 0
        var cashTips = 0
        var tipped = 0
        var twoTips = 0
        var pauses = 0
        var pausedSeconds = 0
        var expenses: [ExpenseCategory: Int] = [:]
        var notes = 0
    }

    static let notes: [ExpenseCategory: [String]] = [
        .fuel: ["Full tank", "Topped up before the dinner rush", "Half a tank", "Fuel on the way home", "Diesel, full"],
        .parking: ["Meter by the hospital", "Toll bridge, both ways", "Garage downtown, two hours", "Stadium lot on game night"],
        .maintenance: ["Oil change", "Two front tires", "Brake pads", "Wiper blades", "Tire rotation", "New battery", "Headlight bulb"],
        .supplies: ["Insulated bag", "Phone mount", "Charging cable", "Drink carrier", "Napkins and wipes", "Pizza bag"],
        .other: ["Car wash", "Phone screen protector", "Umbrella", "Raincoat", "Parking fine"],
    ]

    private var random: SeededRandom
    private(set) var counts = Counts()
    private var pausesOwed = 0
    private let expenseTimes: [Date]
    private var nextExpense = 0

    /// `expenses` expenses at times spread evenly at random over `from...through`.
    init(seed: UInt64, expenses: Int, from: Date, through: Date) {
        random = SeededRandom(seed: seed ^ 0x6D6F_6E65_7974_696D)
        let span = through.timeIntervalSince(from)
        var times: [Date] = []
        for _ in 0..<expenses { times.append(from.addingTimeInterval(Double.random(in: 0...span, using: &random)).wholeSecond) }
        expenseTimes = times.sorted()
    }

    /// The money events of one shift's lifecycle `events`: pay and cash tips a little after each
    /// delivery finished, and a pause of 10 to 45 minutes between two deliveries, where none is
    /// open (one owed to a shift without such a gap goes to a later shift). Also returns the
    /// pause and what is written after the shift ends.
    mutating func plan(_ events: [(Date, Int, Generator.Event)]) -> (
        events: [(Date, Int, Generator.Event)], pause: (start: Date, end: Date)?, late: [Late]
    ) {
        var open: [Int: (accepted: Date, finished: Date, delivered: Bool)] = [:]
        for (time, number, event) in events {
            switch event {
            case .accept: open[number] = (time, time, false)
            case .deliver: open[number] = (open[number]?.accepted ?? time, time, true)
            case .cancel: open[number] = (open[number]?.accepted ?? time, time, false)
            default: break
            }
        }
        var added: [(Date, Int, Generator.Event)] = []
        var late: [Late] = []
        for number in open.keys.sorted() {
            guard let delivery = open[number] else { continue }
            counts.finished += 1
            if Double.random(in: 0..<1, using: &random) < 0.9 {
                let cents: Int64 =
                    delivery.delivered
                    ? (Double.random(in: 0..<1, using: &random) < 0.02 ? 0 : Int64.random(in: 250...1000, using: &random))
                    : (Double.random(in: 0..<1, using: &random) < 0.6 ? 0 : Int64.random(in: 200...500, using: &random))
                counts.pay += 1
                if cents == 0 { counts.zeroPay += 1 }
                if Double.random(in: 0..<1, using: &random) < 0.85 {
                    added.append(
                        (
                            delivery.finished.addingTimeInterval(Double(Int.random(in: 5...50, using: &random))), number,
                            .pay(Money(cents: cents))
                        ))
                } else {
                    late.append(.pay(Money(cents: cents), delivery: number))
                }
            }
            guard delivery.delivered, Double.random(in: 0..<1, using: &random) < 0.35 else { continue }
            let two = Double.random(in: 0..<1, using: &random) < 0.15
            counts.tipped += 1
            if two { counts.twoTips += 1 }
            for tip in 0..<(two ? 2 : 1) {
                counts.tips += 1
                if tip == 0 && Double.random(in: 0..<1, using: &random) < 0.45 {
                    // Cash at the door, in whole dollars or halves, recorded on the spot.
                    counts.cashTips += 1
                    let cents = Int64.random(in: 2...16, using: &random) * 50
                    added.append(
                        (
                            delivery.finished.addingTimeInterval(Double(Int.random(in: 10...55, using: &random))), number,
                            .tip(Money(cents: cents), .cash)
                        ))
                } else {
                    late.append(.tip(Money(cents: Int64.random(in: 100...900, using: &random)), delivery: number))
                }
            }
        }

        if Double.random(in: 0..<1, using: &random) < 0.2 { pausesOwed += 1 }
        guard pausesOwed > 0 else { return (added, nil, late) }
        // A gap between two deliveries where none is open, two minutes clear of the finish
        // before it (and its pay and cash tips) and one of the acceptance after it. The break is
        // as long as drawn, or as the gap allows, at least ten minutes.
        let intervals = open.values.map { ($0.accepted, $0.finished) }.sorted { $0.0 < $1.0 }
        var gaps: [(Date, Date)] = []
        var free: Date?
        for (accepted, finished) in intervals {
            if let free, accepted.timeIntervalSince(free) >= 600 + 180 { gaps.append((free, accepted)) }
            free = max(free ?? finished, finished)
        }
        let drawn = Double(Int.random(in: 600...2700, using: &random))
        guard !gaps.isEmpty else { return (added, nil, late) }
        let gap = gaps[Int.random(in: 0..<gaps.count, using: &random)]
        let length = min(drawn, gap.1.timeIntervalSince(gap.0) - 180)
        let room = gap.1.timeIntervalSince(gap.0) - length - 180
        let pauseStart = gap.0.addingTimeInterval(120 + Double(Int.random(in: 0...Int(room), using: &random)))
        let pauseEnd = pauseStart.addingTimeInterval(length)
        added.append((pauseStart, 0, .pause))
        added.append((pauseEnd, 0, .resume))
        pausesOwed -= 1
        counts.pauses += 1
        counts.pausedSeconds += Int(length)
        return (added, (pauseStart, pauseEnd), late)
    }

    /// Writes `late` on completed shift `shiftID`, a few seconds apart from a minute after `end`
    /// (the next shift starts ten minutes after it at the earliest).
    func record(_ late: [Late], shiftID: Int64, end: Date, store: DashPilotStore, clock: ScriptedClock) throws {
        for (index, write) in late.enumerated() {
            clock.set(end.addingTimeInterval(Double(60 + min(index * 7, 480))))
            switch write {
            case .pay(let amount, let number): try store.setPay(amount, delivery: number, shiftID: shiftID)
            case .tip(let amount, let number): _ = try store.addTip(amount, method: .platform, delivery: number, shiftID: shiftID)
            }
        }
    }

    /// Records every expense spent up to the clock's time, at the time it was spent.
    mutating func addExpenses(upTo now: Date, store: DashPilotStore) throws {
        while nextExpense < expenseTimes.count, expenseTimes[nextExpense] <= now {
            let draw = Double.random(in: 0..<1, using: &random)
            let category: ExpenseCategory =
                draw < 0.5 ? .fuel : draw < 0.7 ? .parking : draw < 0.78 ? .maintenance : draw < 0.9 ? .supplies : .other
            let range: ClosedRange<Int64> =
                switch category {
                case .fuel: 2000...7500
                case .parking: 100...2500
                case .maintenance: 3000...60000
                case .supplies: 300...4500
                case .other: 200...10000
                }
            let cents = Double.random(in: 0..<1, using: &random) < 0.01 ? 0 : Int64.random(in: range, using: &random)
            var note: ExpenseNote?
            if Double.random(in: 0..<1, using: &random) < 0.3, let choices = Self.notes[category] {
                note = try? ExpenseNote.make(choices[Int.random(in: 0..<choices.count, using: &random)])
            }
            _ = try store.addExpense(Money(cents: cents), category: category, at: expenseTimes[nextExpense], note: note)
            counts.expenses[category, default: 0] += 1
            if note != nil { counts.notes += 1 }
            nextExpense += 1
        }
    }

    /// What was generated, as the summary's lines.
    var summary: [String] {
        let c = counts
        let byCategory = ExpenseCategory.allCases.map { "\($0.rawValue) \(c.expenses[$0] ?? 0)" }.joined(separator: ", ")
        return [
            "  pay on \(c.pay) of \(c.finished) finished deliveries (\(c.zeroPay) of them 0.00); \(c.tips) tips on \(c.tipped) deliveries (cash \(c.cashTips), platform \(c.tips - c.cashTips); \(c.twoTips) with two)",
            "  \(c.pauses) pauses of 10–45 min on as many shifts (\(String(format: "%.1f", Double(c.pausedSeconds) / 3600)) h in all)",
            "  \(c.expenses.values.reduce(0, +)) expenses (\(byCategory)), \(c.notes) with a note",
        ]
    }
}
