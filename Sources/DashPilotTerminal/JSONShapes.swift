import DashPilotCore
import DashPilotStore

/// The `--json` shapes of `cli.md`. Keys are a contract; new keys may be added.
enum JSONShapes {
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

    static func shiftLog(_ log: ShiftLog) -> JSON {
        .object([
            ("id", .integer(log.shift.id)), ("startedAt", .time(log.shift.startedAt)), ("endedAt", .time(log.shift.endedAt)),
            ("miles", miles(log.mileage)), ("earnings", money(log.shift.earnings)),
            ("rates", .object([
                ("perShiftHour", rate(log.rates.perShiftHour)), ("perDeliveryHour", rate(log.rates.perDeliveryHour)),
                ("perMile", rate(log.rates.perMile)),
            ])),
            ("rateReasons", .object([
                ("perShiftHour", rateReason(log.rates.perShiftHour)), ("perDeliveryHour", rateReason(log.rates.perDeliveryHour)),
                ("perMile", rateReason(log.rates.perMile)),
            ])),
            ("partialRoute", log.mileage.map { .bool($0.isPartial) } ?? .null),
            ("deliveries", .array(log.deliveries.map(delivery))),
        ])
    }

    static func shiftSummary(_ summary: ShiftSummary) -> JSON {
        .object([
            ("id", .integer(summary.shift.id)), ("startedAt", .time(summary.shift.startedAt)),
            ("endedAt", .time(summary.shift.endedAt)), ("deliveries", .integer(Int64(summary.deliveryCount))),
            ("miles", miles(summary.mileage)),
        ])
    }

    static func placeHistory(_ history: PlaceHistory) -> JSON {
        let waits = history.waits
        return .object([
            ("name", .string(history.place.name)), ("firstNamedAt", .time(history.place.firstNamedAt)),
            ("waits", .object([
                ("count", .integer(Int64(waits.count))), ("median", waits.median.map(JSON.number) ?? .null),
                ("shortest", .integer(waits.shortest)), ("longest", .integer(waits.longest)),
            ])),
            ("deliveries", .stream { output in
                output.append(0x5B)
                for (index, entry) in history.deliveries.enumerated() {
                    if index > 0 { JSON.append(", ", to: &output) }
                    JSON.append("{\"shift\": ", to: &output)
                    JSON.integer(entry.delivery.shiftID).write(to: &output)
                    JSON.append(", \"number\": ", to: &output)
                    JSON.integer(Int64(entry.delivery.number)).write(to: &output)
                    JSON.append(", \"state\": ", to: &output)
                    JSON.string(entry.delivery.state.rawValue).write(to: &output)
                    JSON.append(", \"acceptedAt\": ", to: &output)
                    JSON.time(entry.delivery.acceptedAt).write(to: &output)
                    JSON.append(", \"wait\": ", to: &output)
                    JSON.integer(entry.wait).write(to: &output)
                    output.append(0x7D)
                }
                output.append(0x5D)
            }),
        ])
    }
}
