import DashPilotCore
import DashPilotScreens
import DashPilotStore

/// `delivery accept|arrive|pickup|deliver|cancel|pay|tip|delete`.
enum DeliveryCommands {
    static let all: [CommandDefinition] = [accept] + LifecycleStep.allCases.map(step) + [pay, tip, delete]

    /// `--at TIME`, a forgotten step's time.
    static let at = OptionSpec.valued(
        "--at", "TIME", "When it happened, for a step you forgot to record: 21:40, 9:40pm or 2026-11-29 21:40 (local time).")

    static let accept = CommandDefinition(
        words: ["delivery", "accept"], overview: "Accepts a new delivery on the running shift and prints its number."
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        return { context in
            print(try context.store().acceptDelivery().number)
            return ExitStatus.done
        }
    }

    /// The word that names `step` on the command line (`delivery arrive 2`).
    static func word(_ step: LifecycleStep) -> String {
        switch step {
        case .arrive: "arrive"
        case .pickUp: "pickup"
        case .deliver: "deliver"
        case .cancel: "cancel"
        }
    }

    static func step(_ step: LifecycleStep) -> CommandDefinition {
        let overview =
            switch step {
            case .arrive: "Records arrival at pickup for delivery N of the running shift."
            case .pickUp: "Records that delivery N of the running shift was picked up."
            case .deliver: "Records that delivery N of the running shift was delivered."
            case .cancel: "Cancels delivery N of the running shift."
            }
        return CommandDefinition(
            words: ["delivery", word(step)], overview: overview, arguments: [ArgumentSpec(name: "N", help: "The delivery's number.")],
            options: [at], usageOverride: "delivery \(word(step)) N [--at TIME] | \(word(step)) N [--at TIME]"
        ) { input throws(UsageError) in
            try input.expectAtMost(1)
            let number = Int(try input.integer(0, "N"))
            let typed = try input.time("--at")
            return { context in
                let delivery = try context.store().record(step, delivery: number, at: typed.map(context.instant))
                context.say("Delivery \(delivery.number) · \(delivery.state.title)")
                return ExitStatus.done
            }
        }
    }

    static let pay = CommandDefinition(
        words: ["delivery", "pay"], overview: "Records, or clears, what the platform paid for finished delivery N.",
        arguments: [
            ArgumentSpec(name: "N", help: "The delivery's number."),
            ArgumentSpec(name: "AMOUNT", help: "What it paid, such as 12.00 (0.00 is an amount; --clear is none)."),
        ],
        options: [.flag("--clear", "Clear the recorded pay (not the same as zero)."), .shift],
        usageOverride: "delivery pay N AMOUNT [--shift ID] | delivery pay N --clear [--shift ID]"
    ) { input throws(UsageError) in
        let number = Int(try input.integer(0, "N"))
        let shiftID = try input.integerOption("--shift")
        let clear = input.flag("--clear")
        try input.expectAmount(at: 1, orClear: clear)
        let typed = clear ? nil : try input.positional(1, "AMOUNT (or --clear)").text
        return { context in
            let store = try context.store()
            let amount = try typed.map { try context.amount($0, for: input.command) }
            let (delivery, before) = try store.setPay(amount, delivery: number, shiftID: shiftID)
            context.say(
                ScreenMessages.payRecorded(amount, before: before, number: number, shiftID: delivery.shiftID, format: context.format))
            return ExitStatus.done
        }
    }

    static let tip = CommandDefinition(
        words: ["delivery", "tip"],
        overview: "Adds a tip to finished delivery N, outside its recorded pay, and prints its number; or removes tip K.",
        arguments: [ArgumentSpec(name: "N", help: "The delivery's number."), ArgumentSpec(name: "AMOUNT", help: "The tip, such as 2.50.")],
        options: [
            .flag("--cash", "It came in cash."), .flag("--platform", "It came through the platform, outside its recorded pay."),
            .valued("--remove", "K", "Remove tip K instead; no other tip is renumbered."), .shift,
        ],
        usageOverride: "delivery tip N AMOUNT (--cash | --platform) [--shift ID] | delivery tip N --remove K [--shift ID]"
    ) { input throws(UsageError) in
        let number = Int(try input.integer(0, "N"))
        let shiftID = try input.integerOption("--shift")
        if let remove = input.values["--remove"] {
            if input.positionals.count > 1 { throw UsageError(command: input.command, message: "Give AMOUNT or --remove K, not both.") }
            // Removing says nothing of how a tip came: the two forms are never mixed.
            if input.flag("--cash") || input.flag("--platform") {
                throw UsageError(command: input.command, message: "Give AMOUNT with --cash or --platform, or --remove K, not both.")
            }
            let tipNumber = Int(try input.integer(remove, "--remove", minimum: 1))
            return { context in
                try context.store().removeTip(tipNumber, delivery: number, shiftID: shiftID)
                context.say("Removed Tip \(tipNumber) of Delivery \(number).")
                return ExitStatus.done
            }
        }
        try input.expectAtMost(2)
        let typed = try input.positional(1, "AMOUNT (or --remove K)").text
        let method: TipMethod
        switch (input.flag("--cash"), input.flag("--platform")) {
        case (true, false): method = .cash
        case (false, true): method = .platform
        case (true, true): throw UsageError(command: input.command, message: "A tip came one way: give --cash or --platform, not both.")
        case (false, false): throw UsageError(command: input.command, message: "Say how the tip came: --cash or --platform.")
        }
        return { context in
            let store = try context.store()
            let amount = try context.amount(typed, for: input.command)
            let tip = try store.addTip(amount, method: method, delivery: number, shiftID: shiftID)
            print(tip.number)
            let pay = try store.delivery(number: number, shiftID: shiftID).pay
            CommandLineTool.writeError(TerminalText.safe(ScreenMessages.tipRecorded(tip, pay: pay, format: context.format)))
            return ExitStatus.done
        }
    }

    static let delete = CommandDefinition(
        words: ["delivery", "delete"], overview: "Deletes one delivery. Its pickup place stays.",
        arguments: [ArgumentSpec(name: "N", help: "The delivery's number.")], options: [.shift, .yes]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let number = Int(try input.integer(0, "N"))
        let shiftID = try input.integerOption("--shift")
        let yes = input.flag("--yes")
        return { context in
            let store = try context.store()
            let delivery = try store.delivery(number: number, shiftID: shiftID)
            let question = "Delete Delivery \(number) of shift \(delivery.shiftID)? Its pickup place stays. This cannot be undone."
            guard try context.confirmed(yes, question: question, prompt: "Delete? [y/N]", what: "Deleting a delivery") else {
                throw CommandFailure(sentence: "Not confirmed; nothing was deleted.")
            }
            try store.deleteDelivery(number: number, shiftID: delivery.shiftID)
            context.say("Deleted Delivery \(number) of shift \(delivery.shiftID). Its pickup place stays.")
            return ExitStatus.done
        }
    }
}
