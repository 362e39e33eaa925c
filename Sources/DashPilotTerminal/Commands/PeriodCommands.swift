import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// `period week|month [DATE]` and `period list week|month`: what weeks and months added up to.
enum PeriodCommands {
    static let all: [CommandDefinition] = [show(.week), show(.month), list]

    static func show(_ kind: Period.Kind) -> CommandDefinition {
        CommandDefinition(
            words: ["period", kind.rawValue],
            overview: kind == .week
                ? "Shows the week (Monday to Sunday) holding DATE: its totals and rates, then its shifts."
                : "Shows the calendar month holding DATE: its totals and rates, then its shifts.",
            arguments: [ArgumentSpec(name: "DATE", help: "A day such as 2026-11-27, in local time (default: today).", isOptional: true)],
            printsJSON: true
        ) { input throws(UsageError) in
            try input.expectAtMost(1)
            let date = try input.positionals.first.map { (argument) throws(UsageError) -> LocalDate in
                guard let date = LocalDate(parsing: argument.text) else {
                    throw UsageError(
                        command: input.command, message: "DATE must be a day such as 2026-11-27; got \(TerminalText.given(argument.text)).")
                }
                return date
            }
            let json = input.json
            return { context in
                let timeZone = context.format.timeZone
                let now = context.clock.now()
                let period = Period(kind, containing: date ?? LocalDate(now, in: timeZone))
                let (figures, totals) = try context.readStore().period(period, timeZone: timeZone, now: now)
                if json {
                    context.say(json: periodJSON(figures, currency: context.format.currency))
                } else {
                    let screen = PeriodScreen(figures: figures, shifts: totals.reversed().map(\.summary), format: context.format)
                    context.say(lines: PlainText.lines(screen))
                }
                return ExitStatus.done
            }
        }
    }

    static let list = CommandDefinition(
        words: ["period", "list"], overview: "Lists weeks or months, newest first (the newest 12 unless told otherwise), one line each.",
        arguments: [
            ArgumentSpec(name: "week|month", help: "Weeks (Monday to Sunday) or calendar months.", completion: .choices(["week", "month"]))
        ],
        options: [
            .valued("--limit", "N", "List at most N periods."), .flag("--all", "List every period since the first shift or expense."),
        ],
        printsJSON: true, usageOverride: "period list week|month [--limit N | --all] [--json]"
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let word = try input.positional(0, "week or month").text
        guard let kind = Period.Kind(rawValue: word) else {
            throw UsageError(command: input.command, message: "period list takes week or month; got \(TerminalText.given(word)).")
        }
        let limit = try input.limit(default: 12)
        let json = input.json
        return { context in
            // Text shows a row a period, which needs no open time, pay or tip: JSON gives them.
            let figures = try context.readStore().periods(
                kind, limit: limit, timeZone: context.format.timeZone, now: context.clock.now(), detail: json ? .whole : .listRow)
            if json {
                let currency = context.format.currency
                context.say(json: .elements(figures) { periodJSON($0, currency: currency) })
            } else {
                let screen = PeriodListScreen(periods: figures, kind: kind, format: context.format)
                context.say(lines: PlainText.lines(screen, bars: Bars(plain: Bars.isPlain(context.environment))))
            }
            return ExitStatus.done
        }
    }

    /// A period as `--json` gives it.
    static func periodJSON(_ figures: PeriodFigures, currency: Currency) -> JSON {
        precondition(figures.detail == .whole, "a period's JSON gives every figure: read them all")
        let net: JSON
        let reason: JSON
        switch figures.netAfterRecordedExpenses {
        case .success(let money):
            net = .string(money.description)
            reason = .null
        case .failure(let why):
            net = .null
            reason = .string(PeriodScreen.netReason(why))
        }
        let byCategory = figures.expenses.byCategory.map { category in
            JSON.object([
                ("category", .string(category.category.rawValue)), ("total", .string(category.total.description)),
                ("count", .integer(Int64(category.count))),
            ])
        }
        return .object(
            base(figures) + [
                ("currency", .string(currency.code)), ("workingSeconds", .integer(figures.workingSeconds)),
                ("pausedSeconds", .integer(figures.pausedSeconds)), ("deliveryPay", ShiftCommands.coverage(figures.deliveryPay)),
                ("tips", ShiftCommands.tips(figures.tips)),
                (
                    "expenses",
                    .object([
                        ("total", ShiftCommands.money(figures.expenses.total)), ("count", .integer(Int64(figures.expenses.count))),
                        ("byCategory", .array(byCategory)),
                    ])
                ),
                ("netAfterRecordedExpenses", net), ("netReason", reason),
            ])
    }

    /// The keys every version of the contract gives a period.
    static func base(_ figures: PeriodFigures) -> [(String, JSON)] {
        [
            ("kind", .string(figures.period.kind.rawValue)), ("from", .string(figures.period.from.description)),
            ("to", .string(figures.period.to.description)), ("shifts", .integer(Int64(figures.shifts))),
            ("shiftSeconds", .integer(figures.shiftSeconds)), ("deliveryOpenSeconds", .integer(figures.deliveryOpenSeconds)),
            ("delivered", .integer(Int64(figures.delivered))), ("cancelled", .integer(Int64(figures.cancelled))),
            // "A period with no shift is listed with zeros and null money" (cli.md): 0 miles; a
            // period whose shifts have no measurable route, null.
            ("miles", figures.miles.map(JSON.number) ?? (figures.shifts == 0 ? .number(0) : .null)),
            ("partialRoute", .bool(figures.partialRoute)),
            ("earnings", ShiftCommands.money(figures.earnings)),
            ("shiftsWithoutEarnings", .integer(Int64(figures.shiftsWithoutEarnings))),
        ]
            + ShiftCommands.rates(figures.rates) {
                // As the text says it: a period with no shift has nothing to add pay to.
                figures.shifts == 0
                    ? "No shift was recorded in this period"
                    : $0.sentence(ofPeriodWithShiftsWithoutEarnings: figures.shiftsWithoutEarnings > 0)
            } + [("shiftIds", .array(figures.shiftIDs.map { .integer($0) }))]
    }
}
