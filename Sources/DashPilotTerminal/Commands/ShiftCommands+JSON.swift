import DashPilotCore
import Foundation

/// The JSON of a shift, its deliveries and its money, as `cli.md` gives it.
extension ShiftCommands {
    static func money(_ money: Money?) -> JSON { money.map { .string($0.description) } ?? .null }

    static func rate(_ rate: Rates.Rate) -> JSON { money(rate.amount) }

    static func rateReason(_ rate: Rates.Rate, _ sentence: (RateGap) -> String) -> JSON {
        if case .unavailable(let gap) = rate { return .string(sentence(gap)) }
        return .null
    }

    static func miles(_ mileage: Mileage?) -> JSON { mileage.map { .number($0.miles) } ?? .null }

    static func delivery(_ delivery: Delivery) -> JSON {
        let paid = DeliveryPaid(delivery)
        return .object([
            ("number", .integer(Int64(delivery.number))), ("state", .string(delivery.state.rawValue)),
            ("pickupPlace", delivery.pickupPlace.map(JSON.string) ?? .null), ("acceptedAt", .time(delivery.acceptedAt)),
            ("arrivedAtPickupAt", .time(delivery.arrivedAtPickupAt)), ("pickedUpAt", .time(delivery.pickedUpAt)),
            ("deliveredAt", .time(delivery.deliveredAt)), ("cancelledAt", .time(delivery.cancelledAt)),
            ("pay", money(delivery.pay)),
            (
                "tips",
                .array(
                    delivery.tips.map {
                        .object([
                            ("number", .integer(Int64($0.number))), ("amount", .string($0.amount.description)),
                            ("method", .string($0.method.rawValue)), ("recordedAt", .time($0.recordedAt)),
                        ])
                    })
            ),
            ("paid", money(paid.total)), ("perHour", money(paid.perHourAmount)),
        ])
    }

    /// `deliveryPay`: the recorded pay and how many finished deliveries it covers.
    static func coverage(_ pay: PayCoverage) -> JSON {
        .object([("total", money(pay.total)), ("deliveries", .integer(Int64(pay.deliveries))), ("of", .integer(Int64(pay.of)))])
    }

    /// `tips`: the total, by method, and how many.
    static func tips(_ tips: TipTotals) -> JSON {
        .object([
            ("total", money(tips.total)), ("cash", money(tips.cash)), ("platform", money(tips.platform)),
            ("count", .integer(Int64(tips.count))),
        ])
    }

    /// `rates` and `rateReasons`, each reason as `sentence` words it (a shift's, or a period's).
    static func rates(_ rates: Rates, sentence: (RateGap) -> String = \.sentence) -> [(String, JSON)] {
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
                    ("perShiftHour", rateReason(rates.perShiftHour, sentence)),
                    ("perDeliveryHour", rateReason(rates.perDeliveryHour, sentence)), ("perMile", rateReason(rates.perMile, sentence)),
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
                ("miles", miles(log.mileage)), ("earnings", money(log.shift.earnings)), ("currency", .string(log.currency.code)),
                ("workingSeconds", log.shift.isRunning ? .null : .integer(log.time(now: now).workingSeconds)),
                ("pausedSeconds", log.shift.isRunning ? .null : .integer(log.time(now: now).pausedSeconds)),
                ("pauses", .array(log.pauses.map { .object([("from", .time($0.start)), ("to", .time($0.end))]) })),
                ("deliveryPay", coverage(log.deliveryPay)), ("tips", tips(log.tips)),
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
