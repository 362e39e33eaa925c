import DashPilotCore
import Foundation

/// The small screens and sentences of the interactive mode that belong to no larger model: the
/// keys overlay, the cancel confirmation and the messages a key can leave.
public enum ScreenMessages {
    /// The keys overlay's title.
    public static let keysTitle = "Keys on this screen"
    /// The keys overlay's footer, its first key: "Esc or ? close".
    public static let keysClose = "Esc or ? close"
    /// Its second key: "↑↓ scroll".
    public static let keysScroll = "↑↓ scroll"

    /// What a window smaller than the screens are laid out for shows, alone.
    public static func windowTooSmall(columns: Int, rows: Int, smallest: (columns: Int, rows: Int)) -> String {
        "This window is \(columns) × \(rows). DashPilot needs at least \(smallest.columns) × \(smallest.rows): make it larger, or press Ctrl-C to leave."
    }
    /// A refusal as the interactive mode says it: the domain's sentence, its times in the driver's
    /// locale, then the key that helps.
    public static func refusal(_ refusal: DashPilotRefusal, format: ScreenFormat) -> String {
        // The open cards are on the screen: more than three are named by their runs ("Deliveries
        // 1 to 16"), a refusal short enough to show whole beside the card a key acts on.
        if case .pauseWhileDeliveriesOpen(let numbers) = refusal, numbers.count > 3 {
            return "The shift can't pause while Deliveries \(runs(numbers)) are still open; deliver or cancel them first."
        }
        let sentence = refusal.sentence(times: format.moment, apart: format.apart)
        guard let hint = refusal.hint else { return sentence }
        let way =
            switch hint {
            case .startShift: "Press s to start a shift."
            case .findPlace: "Press l and type part of its name to find it."
            case .rename: "To give it a name no place has yet, rename it: r on its history."
            // After money-and-time.md's own words, "The shift is paused; resume it first.": the
            // key, not "resume" said twice.
            case .resume: "Press b."
            }
        return sentence + " " + way
    }

    /// Numbers by their runs, in order: "1 to 3, 5 and 7 to 9".
    static func runs(_ numbers: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for number in numbers.sorted() {
            if let last = runs.last, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        let words = runs.flatMap { $0.count < 3 ? $0.map { "\($0)" } : ["\($0.lowerBound) to \($0.upperBound)"] }
        return words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    /// Said after a refusal of a time out of order that was typed with no date and read as
    /// yesterday's, today's being still to come (money-and-time.md: "the most recent such time
    /// that is not later than now").
    public static func readAsYesterday(_ time: Date, format: ScreenFormat) -> String {
        "A time typed with no date is the latest not later than now: \(format.timeReadOnce(time)) today is still to come, so it was read as yesterday's."
    }

    /// What ending a shift says: "Shift 3 ended at 9:40 PM."
    public static func shiftEnded(_ shift: Shift, now: Date, format: ScreenFormat) -> String {
        "Shift \(shift.id) ended at \(format.time(shift.endedAt ?? now, today: now))".withFullStop
    }

    /// What `delivery tip` says beside the tip's number: the tip, the pay already recorded, and
    /// that a tip the platform already included in its pay must not be added again.
    public static func tipRecorded(_ tip: Tip, pay: Money?, format: ScreenFormat) -> String {
        let beside = pay.map { "beside the recorded pay of \(format.money($0))" } ?? "with no pay recorded yet"
        return "Tip \(tip.number): \(format.money(tip.amount)) \(tip.method.rawValue), \(beside)".withFullStop
            + " A tip the platform already included in its pay is part of that pay: don't add it again."
    }

    /// What recording (or clearing, `amount` nil) delivery `number`'s pay on shift `shiftID` says;
    /// `before`, the pay it had: clearing none says that nothing was recorded to clear.
    public static func payRecorded(_ amount: Money?, before: Money?, number: Int, shiftID: Int64, format: ScreenFormat) -> String {
        if let amount { return "Delivery \(number) of shift \(shiftID): recorded pay \(format.money(amount))".withFullStop }
        return before == nil
            ? "Delivery \(number) of shift \(shiftID) has no recorded pay to clear; nothing changed."
            : "Cleared the recorded pay of Delivery \(number) of shift \(shiftID)."
    }

    /// Said by Esc on a pay sheet whose pay was typed (or cleared) and not recorded.
    public static func payNotRecorded(number: Int, cleared: Bool) -> String {
        cleared
            ? "Delivery \(number)'s recorded pay was kept; Enter on the emptied field clears it."
            : "The pay typed for Delivery \(number) was not recorded; to record it, press t, type it again and press Enter."
    }

    /// Said when a time field holds no time it can read; of one well written that the clocks
    /// skipped, as the command line says it.
    public static func notATime(_ typed: String) -> String {
        if TypedTime.isWellFormed(typed) { return skippedTime(typed) }
        return "Type a time such as 21:40, 9:40pm or 2026-11-29 21:40" + (typed.isEmpty ? "." : "; \"\(typed)\" is not one.")
    }

    /// Said of a local time the clocks skipped (2:30 on a spring-forward night): no instant at all.
    public static func skippedTime(_ typed: String) -> String { "\(typed) did not happen that day here: the clocks skipped it." }

    /// Said by `Enter` on a delivery with no place, on a shift's log.
    public static func noPlace(_ number: Int) -> String { "Delivery \(number) has no pickup place; press p to add one." }
    /// Said by `Enter` on a delivery that takes no more steps.
    public static func noMoreSteps(_ delivery: Delivery) -> String {
        "Delivery \(delivery.number) is \(delivery.state.phrase); it takes no more steps."
    }
    /// Said by `x` on a finished delivery.
    public static func cannotCancel(_ delivery: Delivery) -> String {
        "Delivery \(delivery.number) is \(delivery.state.phrase); it can't be cancelled."
    }
    /// Said by `s` while a shift runs.
    public static let shiftAlreadyRunning = "A shift is already running."

    /// A key that acts on the selected delivery, pressed on a shift with none.
    public static let noDeliveryYet = "There is no delivery on this shift yet to act on."
    /// A shift's log with no deliveries.
    public static let noDeliveriesRecorded = "No deliveries recorded."
    /// A place's history with no deliveries.
    public static let noDeliveriesNameThisPlace = "No deliveries name this place now."
    /// A place's screen whose place another terminal merged away: only Esc is left.
    public static let placeGone = "This pickup place no longer exists."
    /// A question about an expense another terminal removed: only Esc is left.
    public static let expenseGone = "This expense no longer exists: another program removed it."
    /// A shift's log whose shift another terminal deleted: only Esc is left.
    public static let shiftGone = "This shift no longer exists: another program deleted it."
    /// A delivery's sheet whose delivery (or its shift) another terminal deleted: only Esc is left.
    public static let deliveryGone = "This delivery no longer exists: another program deleted it."
    /// A merge's confirmation whose source another terminal took away.
    public static let mergeSourceGone = "The place to merge no longer exists; nothing was merged."
    /// A merge's confirmation whose destination another terminal took away.
    public static let mergeDestinationGone = "The place to merge into no longer exists; nothing was merged."
}

/// The confirmation `x` asks before cancelling a delivery.
public struct CancelConfirmation: Sendable, Equatable {
    /// "Cancel Delivery 2?".
    public var title: String
    /// What cancelling keeps.
    public var text: String
    /// The keys.
    public var keys: [ScreenAction]

    /// The confirmation for delivery `number`.
    public init(number: Int) {
        title = "Cancel Delivery \(number)?"
        text = "Its recorded times stay; it takes no more steps once cancelled."
        keys = [
            ScreenAction(.character("y"), "cancel delivery", .confirm), ScreenAction(.character("n"), "keep it", .keep),
            ScreenAction(.escape, "keep it", .keep).unlisted,
        ]
    }
}

/// The confirmation `e` asks before ending the running shift, with its summary.
public struct EndShiftConfirmation: Sendable, Equatable {
    /// "End shift 12?".
    public var title: String
    /// "3 deliveries · 4 h 38 min · 31.2 mi recorded".
    public var summary: String
    /// Its keys: "y end it now · l end it at its last activity · n keep it running" in the footer,
    /// each with its choice in full in the body ("y  end it now, at 9:40 PM").
    public var keys: [ScreenAction]

    /// Said first when a delivery is still open, instead of any way to end: which are open, and how
    /// to finish them. `nil` when none is.
    public var openDeliveries: String?

    /// The confirmation for `log` (the running shift's) at `now`, whose last activity was `lastActivity`.
    public init(log: ShiftLog, lastActivity: Date, now: Date, format: ScreenFormat) {
        title = "End shift \(log.shift.id)?"
        let open = log.deliveries.filter { !$0.state.isFinished }
        if !open.isEmpty {
            let each = open.map { delivery in
                "Delivery \(delivery.number) is still open (\(delivery.state == .arrivedAtPickup ? "arrived at pickup" : delivery.state.phrase) \(format.time(delivery.lastStepAt, today: now)))"
            }
            openDeliveries =
                each.joined(separator: "; ")
                + ". Deliver or cancel \(open.count == 1 ? "it" : "them") first: on \(open.count == 1 ? "its card" : "each card"), Enter records its next step now, @ at the time it happened."
        }
        let count = log.deliveries.count == 1 ? "1 delivery" : "\(log.deliveries.count) deliveries"
        // Paused, the time says both, as the log does: the header beside it counts working time.
        let time = log.time(now: now)
        let shown = format.shiftTimes(elapsed: time.elapsedSeconds, paused: time.pausedSeconds)
        var parts = [
            count, time.pausedSeconds > 0 ? "\(shown.elapsed) elapsed · \(shown.working) working (\(shown.paused) paused)" : shown.elapsed,
        ]
        parts.append(ShiftLogScreen.routeFigure(log.route, format: format))
        summary = parts.joined(separator: " · ")
        guard openDeliveries == nil else {
            keys = [ScreenAction(.character("n"), "close", .keep), ScreenAction(.escape, "close", .keep)]
            return
        }
        keys = [
            ScreenAction(.character("y"), "end it now", .endNow).detailed("end it now, at \(format.timeReadOnce(now))"),
            ScreenAction(.character("l"), "end it at its last activity", .endAtLastActivity).detailed(
                "end it at its last activity, \(format.moment(lastActivity))"),
            ScreenAction(.character("n"), "keep it running", .keep).detailed("keep it running"),
            ScreenAction(.escape, "keep it running", .keep).unlisted,
        ]
    }
}

/// The earnings sheet over a completed shift's log.
public struct EarningsSheet: Sendable, Equatable {
    /// "What did Shift 12 pay?".
    public var title: String
    /// "Amount".
    public var fieldLabel: String
    /// The amount recorded, to prefill the field ("84.50"), or empty.
    public var prefilled: String
    /// The keys.
    public var keys: [ScreenAction]

    /// The sheet for `shift`, its amount prefilled the way the locale writes it.
    public init(shift: Shift, format: ScreenFormat) {
        title = "What did Shift \(shift.id) pay?"
        fieldLabel = "Amount"
        prefilled = shift.earnings?.typed(style: format.amountStyle) ?? ""
        keys = [
            ScreenAction(.enter, "record", .record), ScreenAction(.word("empty"), "clears", .explain),
            ScreenAction(.escape, "cancel", .back),
        ]
    }
}
