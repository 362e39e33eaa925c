import DashPilotCore
import Foundation

extension DashPilotStore {
    /// The finished delivery `number` of shift `shiftID` (the running shift when `nil`), with its
    /// row id; refused while it is still open.
    private func finishedDelivery(number: Int, shiftID: Int64?) throws -> (rowID: Int64, delivery: Delivery) {
        let shift = try shiftRow(idOrRunning: shiftID)
        guard let found = try deliveryTable.withRowID(number: number, shiftID: shift.id) else {
            throw DashPilotRefusal.deliveryNotFound(number: number, shiftID: shift.id)
        }
        guard found.delivery.state.isFinished else { throw DashPilotRefusal.deliveryStillOpen(number: number) }
        return found
    }

    /// Records (`pay`) or clears (`nil`) what the platform paid for finished delivery `number` of
    /// shift `shiftID` (the running shift when `nil`). `0.00` is an amount; clearing is not zero.
    /// Tips and the shift's earnings are left as they are. Returns the delivery and the pay it
    /// had before (`nil`: none was recorded, so clearing changed nothing).
    @discardableResult
    public func setPay(_ pay: Money?, delivery number: Int, shiftID: Int64?) throws -> (delivery: Delivery, before: Money?) {
        try write {
            var delivery = try finishedDelivery(number: number, shiftID: shiftID).delivery
            let before = delivery.pay
            if let pay { try Self.check(pay) }
            try deliveryTable.setPay(pay, number: number, shiftID: delivery.shiftID)
            delivery.pay = pay
            return (delivery, before)
        }
    }

    /// Adds a tip of `amount` by `method` to finished delivery `number`, recorded at the clock's
    /// time; returns its number, which is never used again on that delivery.
    public func addTip(_ amount: Money, method: TipMethod, delivery number: Int, shiftID: Int64?) throws -> Tip {
        try write {
            let found = try finishedDelivery(number: number, shiftID: shiftID)
            try Self.check(amount)
            guard amount.cents > 0 else { throw DashPilotRefusal.tipOfNothing }
            let recordedAt = now
            let tipNumber = try tipTable.insert(deliveryID: found.rowID, amount: amount, method: method, at: recordedAt)
            return Tip(number: tipNumber, amount: amount, method: method, recordedAt: recordedAt)
        }
    }

    /// Removes tip `tip` of delivery `number`; no other tip is touched or renumbered.
    public func removeTip(_ tip: Int, delivery number: Int, shiftID: Int64?) throws {
        try write {
            let shift = try shiftRow(idOrRunning: shiftID)
            guard let found = try deliveryTable.withRowID(number: number, shiftID: shift.id) else {
                throw DashPilotRefusal.deliveryNotFound(number: number, shiftID: shift.id)
            }
            guard try tipTable.delete(deliveryID: found.rowID, number: tip) else {
                throw DashPilotRefusal.tipNotFound(delivery: number, number: tip)
            }
        }
    }

    /// Refuses an amount a rule does not allow: negative, or more than the largest.
    static func check(_ amount: Money) throws {
        guard amount.cents >= 0 else { throw DashPilotRefusal.negativeAmount }
        guard amount <= Money(cents: 999_999_999) else { throw DashPilotRefusal.amountTooLarge }
    }

    /// The store's currency. A code this version does not know reads as itself, for `doctor`.
    public func currency() throws -> Currency {
        try read { Currency(try currencyTable.code()) ?? .usd }
    }

    /// The code the store holds when it is no ISO 4217 code (another program wrote it), which
    /// `currency()` reads as USD; `nil` when it is one.
    public func unreadableCurrencyCode() throws -> String? {
        try read {
            let code = try currencyTable.code()
            // As doctor reads it: the code exactly, in capitals ("eur" is none).
            return Currency(code)?.code == code ? nil : code
        }
    }

    /// Sets the store's currency, converting nothing: every amount stays the number it was.
    public func setCurrency(_ currency: Currency) throws {
        try write { try currencyTable.set(currency) }
    }
}
