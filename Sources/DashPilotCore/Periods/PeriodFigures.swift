import Foundation

/// What a week's or a month's shifts add up to: each shift counted whole in the period of its
/// start. Money stays in cents until shown; rates are over the shifts that have earnings only.
/// Nothing about pickup places is added up (the design's Limitations).
public struct PeriodFigures: Sendable, Equatable {
    /// The period.
    public var period: Period
    /// Its shifts' ids, oldest first.
    public var shiftIDs: [Int64]
    /// Seconds on shift (a running shift up to now).
    public var shiftSeconds: Int64
    /// Seconds with a delivery open: each shift's union, summed.
    public var deliveryOpenSeconds: Int64
    /// Deliveries delivered.
    public var delivered: Int
    /// Deliveries cancelled.
    public var cancelled: Int
    /// Recorded miles, a floor; `nil` when no shift's route could be measured.
    public var miles: Double?
    /// Whether any shift's route is partial or missing, so that the miles are a floor.
    public var partialRoute: Bool
    /// Whether any shift recorded route samples (measurable or not): without miles, the route
    /// then has too few points to measure rather than none recorded.
    public var hasRouteSamples = false
    /// The earnings of the shifts that have them, or `nil` when none has.
    public var earnings: Money?
    /// How many shifts have no earnings recorded.
    public var shiftsWithoutEarnings: Int
    /// The three rates over the shifts that have earnings, per hour of working time.
    public var rates: Rates
    /// Seconds worked: on shift less paused.
    public var workingSeconds: Int64
    /// Seconds paused.
    public var pausedSeconds: Int64
    /// The deliveries' recorded pay, with how many finished deliveries it covers.
    public var deliveryPay: PayCoverage
    /// The tips, by method.
    public var tips: TipTotals
    /// The expenses dated in the period, by category.
    public var expenses: ExpenseTotals
    /// `.listRow` when a shift's time with a delivery open, pay and tips were not read (zero
    /// here): only a list's rows, which show none of them, are made from such figures.
    public var detail: ShiftTotals.Detail

    /// Why a period has no figure after recorded expenses.
    public enum NoNet: String, Error, Sendable, Equatable {
        /// No shift of the period has earnings (said also when there are no expenses either).
        case noEarnings
        /// No expense is recorded in the period.
        case noExpenses
    }

    /// The recorded gross earnings of the period's shifts that have earnings, less the period's
    /// recorded expenses: possibly negative; absent, with the reason, when either half is missing.
    public var netAfterRecordedExpenses: Result<Money, NoNet> {
        guard let earnings else { return .failure(.noEarnings) }
        guard let spent = expenses.total else { return .failure(.noExpenses) }
        return .success(Money(cents: Money.adding(earnings.cents, -spent.cents)))
    }

    /// How many shifts.
    public var shifts: Int { shiftIDs.count }

    /// Adds up `totals` (the period's shifts) and `expenses` (those dated in it), with a running
    /// shift counted up to `now`.
    public init(period: Period, totals: [ShiftTotals], expenses: ExpenseTotals = ExpenseTotals(), now: Date) {
        self.period = period
        shiftIDs = totals.map(\.shift.id)
        detail = totals.contains { $0.detail == .listRow } ? .listRow : .whole
        var shiftSeconds: Int64 = 0
        var openSeconds: Int64 = 0
        var delivered = 0
        var cancelled = 0
        var miles: Double?
        var partial = false
        var earningCents: Int64?
        var earningShiftSeconds: Int64 = 0
        var earningElapsedSeconds: Int64 = 0
        var earningOpenSeconds: Int64 = 0
        var earningMiles: Double?
        var sampled = false
        var earningSampled = false
        var withoutEarnings = 0
        var pausedSeconds: Int64 = 0
        var deliveryPay = PayCoverage()
        var tips = TipTotals()
        for total in totals {
            let elapsed = max(0, (total.shift.endedAt ?? now).unixSeconds - total.shift.startedAt.unixSeconds)
            let seconds = max(0, elapsed - total.pausedSeconds)
            shiftSeconds += elapsed
            pausedSeconds += total.pausedSeconds
            deliveryPay = deliveryPay.adding(total.deliveryPay)
            tips = tips.adding(total.tips)
            openSeconds += total.deliveryOpenSeconds
            delivered += total.delivered
            cancelled += total.cancelled
            sampled = sampled || total.route != .none
            if let mileage = total.mileage {
                miles = (miles ?? 0) + mileage.miles
                partial = partial || mileage.isPartial
            } else {
                partial = true
            }
            if let earnings = total.shift.earnings {
                earningCents = Money.adding(earningCents ?? 0, earnings.cents)
                earningShiftSeconds += seconds
                earningElapsedSeconds += elapsed
                earningOpenSeconds += total.deliveryOpenSeconds
                if let mileage = total.mileage { earningMiles = (earningMiles ?? 0) + mileage.miles }
                earningSampled = earningSampled || total.route != .none
            } else {
                withoutEarnings += 1
            }
        }
        self.shiftSeconds = shiftSeconds
        self.pausedSeconds = pausedSeconds
        workingSeconds = max(0, shiftSeconds - pausedSeconds)
        self.deliveryPay = deliveryPay
        self.tips = tips
        self.expenses = expenses
        deliveryOpenSeconds = openSeconds
        self.delivered = delivered
        self.cancelled = cancelled
        self.miles = miles
        hasRouteSamples = sampled
        partialRoute = partial
        earnings = earningCents.map(Money.init(cents:))
        shiftsWithoutEarnings = withoutEarnings
        guard let cents = earningCents else {
            rates = Rates(
                perShiftHour: .unavailable(.noEarnings), perDeliveryHour: .unavailable(.noEarnings), perMile: .unavailable(.noEarnings))
            return
        }
        let perMile: Rates.Rate
        if let earningMiles, earningMiles > 0 {
            perMile = .amount(Money.rounding(Double(cents) / earningMiles))
        } else {
            perMile = .unavailable(earningSampled ? .tooFewRoutePoints : .noRoute)
        }
        rates = Rates(
            perShiftHour: earningShiftSeconds > 0
                ? .amount(Money.dividing(cents, times: 3600, by: earningShiftSeconds))
                : .unavailable(earningElapsedSeconds > 0 ? .noWorkingTime : .noShiftTime),
            perDeliveryHour: earningOpenSeconds > 0
                ? .amount(Money.dividing(cents, times: 3600, by: earningOpenSeconds)) : .unavailable(.noDeliveryTime),
            perMile: perMile)
    }

    /// The periods of `kind` from the one holding `oldest` to the one holding `newest`, newest
    /// first, each with its shifts and the expenses dated in it (a period with neither is listed
    /// with zeros). O(shifts + expenses + periods).
    public static func periods(
        _ kind: Period.Kind, of totals: [ShiftTotals], expenses: [Expense] = [], from oldest: LocalDate, to newest: LocalDate,
        timeZone: TimeZone, now: Date
    ) -> [PeriodFigures] {
        var byStart: [LocalDate: [ShiftTotals]] = [:]
        for total in totals.sorted(by: { ($0.shift.startedAt, $0.shift.id) < ($1.shift.startedAt, $1.shift.id) }) {
            let period = Period(kind, containing: LocalDate(total.shift.startedAt, in: timeZone))
            byStart[period.from, default: []].append(total)
        }
        var spent: [LocalDate: ExpenseTotals] = [:]
        for expense in expenses {
            spent[Period(kind, containing: LocalDate(expense.spentAt, in: timeZone)).from, default: ExpenseTotals()].add(
                expense.amount, category: expense.category)
        }
        var result: [PeriodFigures] = []
        var period = Period(kind, containing: newest)
        let last = Period(kind, containing: oldest)
        while period.from >= last.from {
            result.append(
                PeriodFigures(period: period, totals: byStart[period.from] ?? [], expenses: spent[period.from] ?? ExpenseTotals(), now: now)
            )
            period = period.previous
        }
        return result
    }
}
