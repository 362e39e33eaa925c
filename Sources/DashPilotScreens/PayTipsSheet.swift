import DashPilotCore
import Foundation

/// The pay and tips sheet of one delivery, from a shift's log: its recorded pay in a field, its
/// tips listed, a cash or a platform tip one key away, and the reminder that a tip already inside
/// the platform's pay is part of that pay.
public struct PayTipsSheet: Sendable, Equatable {
    /// One recorded tip: "Tip 1 · $2.50 cash · recorded 9:51 PM".
    public struct TipRow: Sendable, Equatable {
        /// Its number.
        public var number: Int
        /// The row's words.
        public var text: String
        /// The row read aloud: "Tip 1, 2 dollars 50 cents, cash, recorded 9:51 PM".
        public var accessibilityLabel: String
    }

    /// "What did Delivery 3 pay?".
    public var title: String
    /// Whether the delivery is finished: a delivery still open takes no money yet.
    public var isOpen: Bool
    /// What a sheet of an open delivery says instead of its fields.
    public var openMessage: String?
    /// "Recorded pay".
    public var payLabel: String
    /// The pay as the field starts, the locale's way ("12,00" under de_DE), or empty.
    public var prefilledPay: String
    /// "Tips outside that pay".
    public var tipsHeading: String
    /// The tips, in number order.
    public var tips: [TipRow]
    /// Adds a cash tip, and adds a platform tip.
    public var addCashTip: Control
    public var addPlatformTip: Control
    /// "A tip the platform already included in its pay is part of that pay: don't add it again."
    public var reminder: String
    /// The keys.
    public var keys: [ScreenAction]

    /// The sheet of `delivery` under `format`.
    public init(delivery: Delivery, format: ScreenFormat) {
        title = "What did Delivery \(delivery.number) pay?"
        isOpen = !delivery.state.isFinished
        openMessage =
            isOpen ? "Delivery \(delivery.number) is still open; what it paid can be filled in once it is delivered or cancelled." : nil
        payLabel = "Recorded pay"
        prefilledPay = delivery.pay.map { $0.typed(style: format.amountStyle) } ?? ""
        tipsHeading = delivery.tips.isEmpty ? "No tips outside that pay" : "Tips outside that pay"
        // A tip recorded on another day than the delivery finished says its day too (a platform's
        // tip often comes days later): "recorded 9:51 PM" alone read as that day's.
        let finishedDay = LocalDate(delivery.closedAt ?? delivery.acceptedAt, in: format.timeZone)
        tips = delivery.tips.map { tip in
            let sameDay = LocalDate(tip.recordedAt, in: format.timeZone) == finishedDay
            // In the hour a fall-back night repeats, a time says which of the two it is.
            let when = sameDay ? format.timeReadOnce(tip.recordedAt) : format.moment(tip.recordedAt)
            let spokenWhen = sameDay ? when : "\(format.timeReadOnce(tip.recordedAt)) on \(format.spokenDay(tip.recordedAt))"
            return TipRow(
                number: tip.number,
                text: "Tip \(tip.number) · \(format.money(tip.amount)) \(tip.method.rawValue) · recorded \(when)",
                accessibilityLabel: "Tip \(tip.number), \(format.spokenAmount(tip.amount)), \(tip.method.rawValue), recorded \(spokenWhen)"
            )
        }
        addCashTip = Control(
            title: "Add a cash tip", accessibilityLabel: "Add a cash tip, Delivery \(delivery.number)", command: .addCashTip)
        addPlatformTip = Control(
            title: "Add a platform tip", accessibilityLabel: "Add a platform tip, Delivery \(delivery.number)", command: .addPlatformTip)
        reminder = "A tip the platform already included in its pay is part of that pay: don't add it again."
        keys =
            isOpen
            ? [ScreenAction(.escape, "close", .back)]
            : [
                ScreenAction(.enter, "record", .record), ScreenAction(.word("empty"), "clears the pay", .explain),
                ScreenAction(.character("c"), "cash tip", .addCashTip), ScreenAction(.character("f"), "platform tip", .addPlatformTip),
            ]
                // ↑↓ and Del act on tips: with none, they are named nowhere (Del is the field's own).
                + (delivery.tips.isEmpty
                    ? [] : [ScreenAction(.upDown, "choose a tip", .select), ScreenAction(.delete, "removes a tip", .remove)])
                // Not "cancel": a tip is recorded as it is added, and leaving takes none back.
                + [ScreenAction(.escape, "close", .back)]
    }
}

/// The amount field for a new tip: "Cash tip for Delivery 3".
public struct TipSheet: Sendable, Equatable {
    /// "Cash tip for Delivery 3".
    public var title: String
    /// "Amount".
    public var fieldLabel: String
    /// The method it records.
    public var method: TipMethod
    /// The pay already recorded, and that a tip already inside it must not be added again
    /// (money-and-time.md: "the tip sheet and `delivery tip` say so, beside the pay already
    /// recorded"): "Recorded pay $12.00. A tip the platform already included …".
    public var reminder: String
    /// The keys.
    public var keys: [ScreenAction]

    /// The sheet for a `method` tip on delivery `number`, whose recorded pay is `pay`.
    public init(number: Int, method: TipMethod, pay: Money?, format: ScreenFormat) {
        title = "\(method == .cash ? "Cash" : "Platform") tip for Delivery \(number)"
        fieldLabel = "Amount"
        self.method = method
        reminder =
            (pay.map { "Recorded pay \(format.money($0))." } ?? "No pay recorded yet.")
            + " A tip the platform already included in its pay is part of that pay: don't add it again."
        keys = [ScreenAction(.enter, "add", .record), ScreenAction(.escape, "cancel", .back)]
    }
}

/// The sheet `@` opens on a card: the time the selected delivery's next step happened.
public struct ForgottenStepSheet: Sendable, Equatable {
    /// "Delivery 2": what the sheet records a step of.
    public var title: String
    /// "Picked up at", beside the field, as the sketch has it: "Picked up at  [ 5:26 PM_ ]".
    public var fieldLabel: String
    /// The field as it starts: now, as the driver reads it ("5:26 PM"), or as "17:26" where the
    /// locale writes a time in a form a time is not typed in ("17.26", Arabic digits).
    public var prefilled: String
    /// The moment the sheet opened, to the second: what the field means while left as prefilled.
    public var now: Date
    /// The step it records.
    public var step: LifecycleStep
    /// The keys.
    public var keys: [ScreenAction]
    /// The sheet as the screen-reader mode says it: "Arrived at pickup, Delivery 2, at another time".
    public var accessibilityTitle: String
    /// The field as the screen-reader mode names it, after that title: the sketch's own words,
    /// "Picked up at".
    public var accessibilityFieldLabel: String

    /// The sheet for `delivery`'s next step, `step`, at `now`.
    public init(delivery: Delivery, step: LifecycleStep, now: Date, format: ScreenFormat) {
        self.step = step
        title = "Delivery \(delivery.number)"
        fieldLabel = "\(step.spokenTitle) at"
        accessibilityTitle = "\(step.spokenTitle), Delivery \(delivery.number), at another time"
        accessibilityFieldLabel = fieldLabel
        prefilled = ExpenseSheet.typeableTime(now, format: format)
        self.now = now
        keys = [ScreenAction(.enter, "record", .record), ScreenAction(.escape, "cancel", .back)]
    }
}
