import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// `shift start|end|list|show|delete|earnings`, and the JSON of a shift.
enum ShiftCommands {
    static let all: [CommandDefinition] = [start, end, list, show, delete, earnings]

    static let start = CommandDefinition(words: ["shift", "start"], overview: "Starts a shift and prints its id. Refused while one runs.") {
        input throws(UsageError) in
        try input.expectAtMost(0)
        return { context in
            print(try context.store().startShift().id)
            return ExitStatus.done
        }
    }

    static let end = CommandDefinition(
        words: ["shift", "end"],
        overview:
            "Ends the running shift, now or at TIME (no earlier than anything recorded on it). Refused while a delivery on it is open.",
        options: [.valued("--at", "TIME", "When it ended: 21:40 (today, local time) or an ISO 8601 time.")]
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let at = input.values["--at"]?.text
        if let at, !EndTime.isWellFormed(at) {
            throw UsageError(
                command: input.command, message: "--at takes a time such as 21:40 or 2026-11-29T21:40:00Z; got \(TerminalText.safe(at)).")
        }
        return { context in
            let time = at.flatMap { EndTime.parse($0, now: context.clock.now(), timeZone: context.format.timeZone) }
            let shift = try context.store().endShift(at: time)
            context.say("Shift \(shift.id) ended at \(context.format.time(shift.endedAt ?? shift.startedAt)).")
            return ExitStatus.done
        }
    }

    static let list = CommandDefinition(
        words: ["shift", "list"], overview: "Lists shifts, newest first: the newest 20 unless told otherwise.",
        options: [.valued("--limit", "N", "List at most N shifts."), .flag("--all", "List every shift.")], printsJSON: true,
        usageOverride: "shift list [--limit N | --all] [--json]"
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let limit = try input.limit(default: 20)
        let json = input.json
        return { context in
            let summaries = try context.readStore().shifts(limit: limit)
            if json {
                context.say(json: .array(summaries.map(shiftSummary)))
            } else {
                context.say(lines: PlainText.lines(ShiftListScreen(summaries: summaries, format: context.format)))
            }
            return ExitStatus.done
        }
    }

    static let show = CommandDefinition(
        words: ["shift", "show"], overview: "Shows the running shift, or shift ID (its log once completed).",
        arguments: [ArgumentSpec(name: "ID", help: "The shift's id (default: the running shift).", isOptional: true)], printsJSON: true
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let id = input.positionals.isEmpty ? nil : try input.integer(0, "ID")
        let json = input.json
        return { context in
            let log = try context.readStore().shiftLog(id: id)
            if json {
                context.say(json: shiftLog(log, now: context.clock.now(), timeZone: context.format.timeZone))
            } else if log.shift.isRunning {
                context.say(lines: PlainText.lines(RunningShiftScreen(log: log, format: context.format, now: context.clock.now())))
            } else {
                context.say(lines: PlainText.lines(ShiftLogScreen(log: log, format: context.format)))
            }
            return ExitStatus.done
        }
    }

    static let delete = CommandDefinition(
        words: ["shift", "delete"], overview: "Deletes a completed shift with its deliveries and route samples. Places stay.",
        arguments: [ArgumentSpec(name: "ID", help: "The shift's id.")], options: [.yes]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let id = try input.integer(0, "ID")
        let yes = input.flag("--yes")
        return { context in
            let store = try context.store()
            let log = try store.shiftLog(id: id)
            guard !log.shift.isRunning else { throw DashPilotRefusal.shiftStillRunning(id: id) }
            let count = log.deliveries.count
            let question =
                "Delete shift \(id) with its \(count == 1 ? "1 delivery" : "\(count) deliveries") and its route? Pickup places stay. This cannot be undone."
            guard try context.confirmed(yes, question: question, prompt: "Delete? [y/N]", what: "Deleting a shift") else {
                context.say("Nothing was deleted.")
                return ExitStatus.refused
            }
            try store.deleteShift(id: id)
            context.say("Deleted shift \(id) with its deliveries and route. Pickup places stay.")
            return ExitStatus.done
        }
    }

    static let earnings = CommandDefinition(
        words: ["shift", "earnings"], overview: "Records, or clears, the gross earnings of a completed shift.",
        arguments: [
            ArgumentSpec(name: "ID", help: "The shift's id."), ArgumentSpec(name: "AMOUNT", help: "A decimal amount such as 84.50."),
        ],
        options: [.flag("--clear", "Clear the earnings (not the same as zero).")],
        usageOverride: "shift earnings ID AMOUNT | shift earnings ID --clear"
    ) { input throws(UsageError) in
        let id = try input.integer(0, "ID")
        let amount: Money?
        if input.flag("--clear") {
            try input.expectAtMost(1)
            amount = nil
        } else {
            try input.expectAtMost(2)
            let text = try input.positional(1, "AMOUNT (or --clear)").text
            switch Money.parse(text) {
            case .success(let parsed): amount = parsed
            case .failure(let problem):
                throw UsageError(command: input.command, message: "\(problem.sentence) Got \(TerminalText.safe(text)).")
            }
        }
        return { context in
            try context.store().setEarnings(amount, shiftID: id)
            if let amount {
                context.say("Shift \(id) earned \(context.format.money(amount)).")
            } else {
                context.say("Cleared the earnings of shift \(id).")
            }
            return ExitStatus.done
        }
    }

    // MARK: JSON

    static func money(_ money: Money?) -> JSON { money.map { .string($0.description) } ?? .null }

    static func rate(_ rate: Rates.Rate) -> JSON { money(rate.amount) }

    static func rateReason(_ rate: Rates.Rate) -> JSON {
        if case .unavailable(let gap) = rate { return .string(gap.sentence) }
        return .null
    }

    static func miles(_ mileage: Mileage?) -> JSON { mileage.map { .number($0.miles) } ?? .null }

    static func delivery(_ delivery: Delivery) -> JSON {
        .object([
            ("number", .integer(Int64(delivery.number))), ("state", .string(delivery.state.rawValue)),
            ("pickupPlace", delivery.pickupPlace.map(JSON.string) ?? .null), ("acceptedAt", .time(delivery.acceptedAt)),
            ("arrivedAtPickupAt", .time(delivery.arrivedAtPickupAt)), ("pickedUpAt", .time(delivery.pickedUpAt)),
            ("deliveredAt", .time(delivery.deliveredAt)), ("cancelledAt", .time(delivery.cancelledAt)),
        ])
    }

    static func rates(_ rates: Rates) -> [(String, JSON)] {
        [
            (
                "rates",
                .object([
                    ("perShiftHour", rate(rates.perShiftHour)), ("perDeliveryHour", rate(rates.perDeliveryHour)),
                    ("perMile", rate(rates.perMile)),
                ])
            ),
            (
                "rateReasons",
                .object([
                    ("perShiftHour", rateReason(rates.perShiftHour)), ("perDeliveryHour", rateReason(rates.perDeliveryHour)),
                    ("perMile", rateReason(rates.perMile)),
                ])
            ),
        ]
    }

    /// `placeWait` of a delivery still waiting for pickup: `null` when its place has no wait.
    static func placeWait(_ wait: PlaceWaitNow?) -> JSON {
        guard let wait else { return .null }
        let sayable = wait.bandMedian != nil
        return .object([
            ("count", .integer(Int64(wait.count))), ("median", .number(wait.median)), ("band", .string(wait.band.rawValue)),
            ("bandCount", .integer(Int64(wait.bandCount))), ("bandMedian", sayable ? wait.bandMedian.map(JSON.number) ?? .null : .null),
        ])
    }

    /// `shift show --json`: a running shift's deliveries awaiting pickup carry their place's wait.
    static func shiftLog(_ log: ShiftLog, now: Date, timeZone: TimeZone) -> JSON {
        .object(
            [
                ("id", .integer(log.shift.id)), ("startedAt", .time(log.shift.startedAt)), ("endedAt", .time(log.shift.endedAt)),
                ("miles", miles(log.mileage)), ("earnings", money(log.shift.earnings)),
            ] + rates(log.rates) + [
                ("partialRoute", log.mileage.map { .bool($0.isPartial) } ?? .null),
                (
                    "deliveries",
                    .array(
                        log.deliveries.map { entry in
                            guard log.shift.isRunning, entry.pickupPlaceID != nil, entry.pickedUpAt == nil, !entry.state.isFinished,
                                case .object(let members) = delivery(entry)
                            else { return delivery(entry) }
                            return .object(members + [("placeWait", placeWait(log.placeWait(of: entry, now: now, timeZone: timeZone)))])
                        })
                ),
            ])
    }

    /// An element of `shift list --json`.
    static func shiftSummary(_ summary: ShiftSummary) -> JSON {
        .object([
            ("id", .integer(summary.shift.id)), ("startedAt", .time(summary.shift.startedAt)),
            ("endedAt", .time(summary.shift.endedAt)), ("deliveries", .integer(Int64(summary.deliveryCount))),
            ("miles", miles(summary.mileage)),
        ])
    }
}

/// The time `shift end --at` takes: `21:40` today in the driver's time zone, or ISO 8601.
enum EndTime {
    /// Whether `text` has one of the two forms.
    static func isWellFormed(_ text: String) -> Bool {
        clock(text) != nil || ISO8601.parse(text) != nil
    }

    /// `text` as an instant: `21:40` today (local time, at the offset of that moment), or ISO 8601.
    static func parse(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        if let instant = ISO8601.parse(text) { return instant }
        guard let (hour, minute) = clock(text) else { return nil }
        return LocalDate(now, in: timeZone).instant(atSecondOfDay: Int64(hour * 3600 + minute * 60), in: timeZone)
    }

    static func clock(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour, minute)
    }
}
