import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// `shift start|end|pause|resume|list|show|delete|earnings`.
enum ShiftCommands {
    static let all: [CommandDefinition] = [start, end, pause, resume, list, show, delete, earnings]

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
        options: [
            .valued(
                "--at", "TIME",
                "When it ended, for a shift you forgot to end: 21:40 (the latest one not later than now), 9:40pm or 2026-11-29 21:40.")
        ]
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let at = try input.time("--at")
        return { context in
            let shift = try context.store().endShift(at: try at.map { try context.instant($0) })
            context.say(ScreenMessages.shiftEnded(shift, now: context.clock.now(), format: context.format))
            return ExitStatus.done
        }
    }

    static let pause = CommandDefinition(
        words: ["shift", "pause"], overview: "Pauses the running shift for a break. Refused while a delivery is open."
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        return { context in
            let pause = try context.store().pauseShift()
            context.say("The shift has been paused since \(context.format.timeReadOnce(pause.start)); `dashpilot shift resume` resumes it.")
            return ExitStatus.done
        }
    }

    static let resume = CommandDefinition(
        words: ["shift", "resume"], overview: "Resumes the paused shift; route samples after it are a new capture session."
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        return { context in
            let pause = try context.store().resumeShift()
            let seconds = Double(pause.seconds(now: pause.end ?? pause.start))
            context.say(
                "The shift resumed at \(context.format.timeReadOnce(pause.end ?? pause.start)), after \(context.format.duration(seconds: seconds))."
            )
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
                context.say(json: .elements(summaries, shiftSummary))
            } else {
                context.say(lines: PlainText.lines(ShiftListScreen(summaries: summaries, format: context.format, said: false)))
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
                let screen = RunningShiftScreen(log: log, format: context.format, now: context.clock.now())
                var lines = PlainText.lines(screen)
                // After 12 hours, the line the screen shows under its header, with the command for `e`.
                if let last = try context.readStore().lastActivity(),
                    let line = screen.longRunningCommandLine(
                        lastActivity: last, open: log.deliveries.filter { !$0.state.isFinished }, format: context.format)
                {
                    lines.insert(TerminalText.safe(line), at: 1)
                }
                context.say(lines: lines)
            } else {
                context.say(lines: PlainText.lines(ShiftLogScreen(log: log, format: context.format, now: context.clock.now())))
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
            // What goes with it, as it is: a shift with no route samples has no route to lose.
            let going = [
                count == 0 ? nil : count == 1 ? "its 1 delivery" : "its \(count) deliveries", log.route == .none ? nil : "its route",
            ]
            .compactMap { $0 }
            let question =
                "Delete shift \(id)\(going.isEmpty ? "" : " with " + going.joined(separator: " and "))? Pickup places stay. This cannot be undone."
            guard try context.confirmed(yes, question: question, prompt: "Delete? [y/N]", what: "Deleting a shift") else {
                throw CommandFailure(sentence: "Not confirmed; nothing was deleted.")
            }
            try store.deleteShift(id: id)
            context.say("Deleted shift \(id)\(going.isEmpty ? "" : " with " + going.joined(separator: " and ")). Pickup places stay.")
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
        let clear = input.flag("--clear")
        try input.expectAmount(at: 1, orClear: clear)
        let typed = clear ? nil : try input.positional(1, "AMOUNT (or --clear)").text
        return { context in
            let store = try context.store()
            let amount = try typed.map { try context.amount($0, for: input.command, subject: "Earnings") }
            let before = try store.setEarnings(amount, shiftID: id)
            if let amount {
                context.say("Shift \(id) earned \(context.format.money(amount))".withFullStop)
            } else if before == nil {
                // As a clearing of pay never recorded says (never a change that did not happen).
                context.say("Shift \(id) has no recorded earnings to clear; nothing changed.")
            } else {
                context.say("Cleared the earnings of shift \(id).")
            }
            return ExitStatus.done
        }
    }
}
