import DashPilotCore
import Foundation

/// Weeks or months, newest first, each a line with its totals and a bar of earnings per hour.
public struct PeriodListScreen: Sendable, Equatable {
    /// One period.
    public struct Row: Sendable, Equatable {
        /// The period.
        public var period: Period
        /// "23 – 29 Nov".
        public var label: String
        /// "5 shifts · 29 h · 96 deliveries · 612.4 mi".
        public var totals: String
        /// "$1,284.00", or "no earnings recorded".
        public var earnings: String
        /// "$47.56/h"; "no working time" when the period's shifts with earnings were paused all along; empty with no
        /// earnings.
        public var rate: String
        /// Earnings per shift hour in cents, to scale the bar by; `nil`: no bar at all.
        public var barValue: Int64?
        /// "Week of 23 November: 5 shifts, 29 hours, ...".
        public var accessibilityLabel: String
    }

    /// "Weeks" or "Months".
    public var title: String
    /// Newest first.
    public var rows: [Row]
    /// The keys of the screen.
    public var keys: [ScreenAction]

    /// The list of `periods`.
    public init(periods: [PeriodFigures], kind: Period.Kind, format: ScreenFormat) {
        title = kind == .week ? "Weeks" : "Months"
        rows = periods.map { PeriodListScreen.row($0, format: format) }
        keys =
            [
                ScreenAction(.enter, "open", .open), ScreenAction(.character("m"), kind == .week ? "months" : "weeks", .switchPeriod),
                .selecting,
                .goingBack, .keysList,
            ] + ScreenAction.paging
    }

    /// "23 – 29 Nov", "30 Nov – 6 Dec", or "November 2026".
    public static func label(_ period: Period, format: ScreenFormat) -> String {
        switch period.kind {
        case .month:
            return format.date(period.from, template: "MMMMy")
        case .week where format.saysYear(period.from) || format.saysYear(period.to):
            // Another year's week says its year: once, where the locale puts it after the day and
            // month ("Nov 9 – 15, 2026", "9 – 15 Nov 2026"); at both ends across a new year or
            // where the locale puts it first ("Dec 26, 2016 – Jan 1, 2017").
            let end = format.date(period.to, template: "dMMMy")
            let endWithoutYear = format.date(period.to, template: "dMMM")
            if period.from.components.year == period.to.components.year, end.hasPrefix(endWithoutYear) {
                return weekLabel(period, format: format) + end.dropFirst(endWithoutYear.count)
            }
            return "\(format.date(period.from, template: "dMMMy")) – \(end)"
        case .week:
            return weekLabel(period, format: format)
        }
    }

    /// A week's label without its year: "23 – 29 Nov", "Nov 23 – 29", "30 Nov – 6 Dec".
    private static func weekLabel(_ week: Period, format: ScreenFormat) -> String {
        if week.from.components.month == week.to.components.month {
            // The month once, where the locale puts it: "23 – 29 Nov", "Nov 23 – 29".
            let first = format.date(week.from, template: "dMMM")
            if first.hasPrefix(format.date(week.from, template: "MMM")) {
                return "\(first) – \(format.date(week.to, template: "d"))"
            }
            return "\(format.date(week.from, template: "d")) – \(format.date(week.to, template: "dMMM"))"
        }
        return "\(format.date(week.from, template: "dMMM")) – \(format.date(week.to, template: "dMMM"))"
    }

    static func plural(_ count: Int, _ one: String, _ many: String) -> String { count == 1 ? "1 \(one)" : "\(count) \(many)" }

    /// Why a row with earnings has no rate, in words (screens.md: "A rate that cannot be computed says why in words,
    /// never as `$0.00` or a dash"); a row without earnings says that in its earnings.
    static func missingRate(_ figures: PeriodFigures) -> String {
        figures.rates.perShiftHour == .unavailable(.noShiftTime) ? "no time on shift" : "no working time"
    }

    static func row(_ figures: PeriodFigures, format: ScreenFormat) -> Row {
        // Counts say what they count, as a period's work line does: "8 delivered · 1 cancelled".
        var counts = ["\(figures.delivered) delivered"]
        if figures.cancelled > 0 { counts.append("\(figures.cancelled) cancelled") }
        let hours = format.duration(seconds: Double(figures.shiftSeconds))
        let miles = figures.miles.map { format.miles($0) } ?? (figures.hasRouteSamples ? "too few route points" : "no route")
        // A period with no shift has nothing to count: "0 shifts · 0 s · 0 delivered" said it three ways.
        // platform.md: recorded miles are "a floor; the period says when any of its routes is
        // partial or missing", its row as well as its totals.
        let partial = figures.partialRoute && figures.miles != nil ? ["partial route"] : []
        let totals = figures.shifts == 0 ? ["no shifts"] : [plural(figures.shifts, "shift", "shifts"), hours] + counts + [miles] + partial
        // money-and-time.md: "every total says what it counted"; the rate beside it is over the
        // same shifts.
        let counted =
            figures.shiftsWithoutEarnings > 0 ? " from \(figures.shifts - figures.shiftsWithoutEarnings) of \(figures.shifts) shifts" : ""
        let earnings = figures.earnings.map { format.money($0) + counted } ?? "no earnings recorded"
        let perHour = figures.rates.perShiftHour.amount
        let spokenStart =
            figures.period.kind == .week
            ? "Week of \(format.date(figures.period.from, template: format.saysYear(figures.period.from) ? "dMMMMy" : "dMMMM"))"
            : format.date(figures.period.from, template: "MMMMy")
        var spoken =
            figures.shifts == 0
            ? ["no shifts"]
            : [
                plural(figures.shifts, "shift", "shifts"), PlaceHistoryScreen.spoken(hours),
            ] + counts + [
                figures.miles.map { format.milesRecorded($0) }
                    ?? (figures.hasRouteSamples ? "too few route points to measure" : "no route recorded")
            ] + partial
        if let money = figures.earnings {
            spoken.append("earned \(format.spokenAmount(money))\(counted)")
            if let perHour { spoken.append("\(format.spokenMoney(perHour)) an hour") } else { spoken.append(missingRate(figures)) }
        } else {
            spoken.append("no earnings recorded")
        }
        return Row(
            period: figures.period, label: label(figures.period, format: format), totals: totals.joined(separator: " · "),
            earnings: earnings,
            rate: perHour.map { "\(format.money($0))/h" } ?? (figures.earnings == nil ? "" : missingRate(figures)),
            barValue: perHour?.cents,
            accessibilityLabel: "\(spokenStart): " + spoken.joined(separator: ", "))
    }
}

/// One week or month opened: its totals, its three rates (or why not), and its shifts.
public struct PeriodScreen: Sendable, Equatable {
    /// "Week of 23 – 29 Nov" or "November 2026".
    public var title: String
    /// "5 shifts · 29 h on shift · 19 h 57 min with a delivery open".
    public var timeLine: String
    /// "96 delivered · 3 cancelled · 612.4 mi recorded · partial route".
    public var workLine: String
    /// "Earnings $1,284.00 · $47.56 an hour · ... (1 shift has no earnings recorded)".
    public var earningsLine: String
    /// The money beside the earnings: the deliveries' recorded pay with its coverage and the tips,
    /// then the expenses by category (or that none is recorded).
    public var moneyLines: [String]
    /// "Net after recorded expenses $37.65", or why there is none.
    public var netLine: String
    /// Under the net figure, what both halves are; `nil` when there is no figure.
    public var netExplanation: String?
    /// The shifts, as the completed shifts list shows them.
    public var shifts: [ShiftListScreen.Row]
    /// What a period with no shift says.
    public var emptyMessage: String?
    /// The keys.
    public var keys: [ScreenAction]

    /// The screen of `figures`, with `shifts` its shifts newest first.
    public init(figures: PeriodFigures, shifts summaries: [ShiftSummary], format: ScreenFormat) {
        precondition(figures.detail == .whole, "a period's screen shows every figure: read them all")
        let label = PeriodListScreen.label(figures.period, format: format)
        title = figures.period.kind == .week ? "Week of \(label)" : label
        // screens.md: a period's totals add "working and paused time", paused for none or not.
        // Its zeros read as the figures beside them do: the shift's times as a shift's log writes
        // them ("6 s working (0 s paused)", "12 min working (0 min paused)"), none at all in
        // minutes, as a period's times are; the time with a delivery open as the shift's times.
        let shown = format.shiftTimes(elapsed: figures.shiftSeconds, paused: figures.pausedSeconds)
        let none = figures.shiftSeconds == 0 && figures.pausedSeconds == 0
        let group = none ? ["0 min", "0 min", "0 min"] : [shown.elapsed, shown.working, shown.paused]
        let inSeconds = group.contains { $0.hasSuffix(" s") && $0 != "0 s" }
        let open =
            figures.deliveryOpenSeconds == 0 ? (inSeconds ? "0 s" : "0 min") : format.duration(seconds: Double(figures.deliveryOpenSeconds))
        let times = group + [open]
        let time = [
            PeriodListScreen.plural(figures.shifts, "shift", "shifts"), "\(times[0]) on shift",
            "\(times[1]) working (\(times[2]) paused)", "\(times[3]) with a delivery open",
        ]
        timeLine = time.joined(separator: " · ")
        moneyLines = Self.moneyLines(figures, format: format)
        switch figures.netAfterRecordedExpenses {
        case .success(let net):
            netLine = "Net after recorded expenses \(format.money(net))"
            let shifts = figures.shifts - figures.shiftsWithoutEarnings
            netExplanation =
                "recorded earnings of \(shifts) of \(PeriodListScreen.plural(figures.shifts, "shift", "shifts")), less \(PeriodListScreen.plural(figures.expenses.count, "recorded expense", "recorded expenses")); costs you did not record are not subtracted; not profit, not a tax figure"
        case .failure(let reason):
            netLine = Self.netReason(reason)
            netExplanation = nil
        }
        // The counts as the period's row gives them (screens.md: "the same way on every screen"):
        // a cancelled count only when there is one.
        var work = ["\(figures.delivered) delivered"]
        if figures.cancelled > 0 { work.append("\(figures.cancelled) cancelled") }
        work.append(
            figures.miles.map { "\(format.miles($0)) recorded" }
                ?? (figures.hasRouteSamples ? "too few route points to measure" : "no route recorded"))
        if figures.partialRoute && figures.miles != nil { work.append("partial route") }
        workLine = work.joined(separator: " · ")
        if let earnings = figures.earnings {
            // How many shifts have none qualifies the earnings and every rate: it follows the
            // earnings, where it cannot read as the last rate's reason.
            var earned = "Earnings \(format.money(earnings))"
            if figures.shiftsWithoutEarnings > 0 {
                let count = PeriodListScreen.plural(figures.shiftsWithoutEarnings, "shift has", "shifts have")
                earned += " (\(count) none recorded; the rates are over the shifts with earnings)"
            }
            var parts = [earned]
            let rates = figures.rates
            parts.append(Self.rate(rates.perShiftHour, "an hour", "per hour", figures, format: format))
            parts.append(Self.rate(rates.perDeliveryHour, "a delivery hour", "per delivery hour", figures, format: format))
            parts.append(Self.rate(rates.perMile, "a mile", "per mile", figures, format: format))
            earningsLine = parts.joined(separator: " · ")
        } else {
            earningsLine =
                figures.shifts == 0
                ? "No earnings and no rates: no shift was recorded in this period."
                : "No earnings recorded: add what its shifts paid to see their rates."
        }
        shifts = summaries.map { ShiftListScreen.row($0, format: format) }
        emptyMessage = summaries.isEmpty ? "No shifts in this period." : nil
        let keys = [.selecting, ScreenAction(.enter, "open log", .open), .goingBack, .keysList] + ScreenAction.paging
        self.keys = summaries.isEmpty ? keys.withNoRows : keys
    }

    /// Why a period has no figure after recorded expenses, as the page words it.
    public static func netReason(_ reason: PeriodFigures.NoNet) -> String {
        switch reason {
        case .noEarnings: "No earnings recorded"
        case .noExpenses: "No expenses recorded to subtract"
        }
    }

    static func moneyLines(_ figures: PeriodFigures, format: ScreenFormat) -> [String] {
        var lines: [String] = []
        // money-and-time.md: a period adds "deliveries' recorded pay: the total and how many of the
        // period's finished deliveries it covers", none recorded too.
        if let pay = ShiftLogScreen.payLine(figures.deliveryPay, tips: figures.tips, format: format, always: true) {
            lines.append(pay + (figures.tips.count > 0 ? " from \(PeriodListScreen.plural(figures.tips.count, "tip", "tips"))" : ""))
        }
        if let total = figures.expenses.total {
            let byCategory = figures.expenses.byCategory.map {
                "\($0.category.title.lowercased()) \(format.money($0.total)) (\($0.count))"
            }
            lines.append(
                "Expenses \(format.money(total)) in \(PeriodListScreen.plural(figures.expenses.count, "expense", "expenses")): "
                    + byCategory.joined(separator: ", "))
        } else {
            lines.append("No expenses recorded")
        }
        return lines
    }

    static func rate(_ rate: Rates.Rate, _ unit: String, _ noun: String, _ figures: PeriodFigures, format: ScreenFormat) -> String {
        switch rate {
        case .amount(let money): "\(format.money(money)) \(unit)"
        case .unavailable(let gap):
            "no rate \(noun) (\(gap.sentence(ofPeriodWithShiftsWithoutEarnings: figures.shiftsWithoutEarnings > 0).lowercasedFirst))"
        }
    }
}
