import DashPilotCore
import DashPilotStore

/// `delivery accept|arrive|pickup|deliver|cancel|delete`.
enum DeliveryCommands {
    static let all: [CommandDefinition] = [accept] + LifecycleStep.allCases.map(step) + [delete]

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
            words: ["delivery", word(step)], overview: overview, arguments: [ArgumentSpec(name: "N", help: "The delivery's number.")]
        ) { input throws(UsageError) in
            try input.expectAtMost(1)
            let number = Int(try input.integer(0, "N"))
            return { context in
                let delivery = try context.store().record(step, delivery: number)
                context.say("Delivery \(delivery.number) · \(delivery.state.title)")
                return ExitStatus.done
            }
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
                context.say("Nothing was deleted.")
                return ExitStatus.refused
            }
            try store.deleteDelivery(number: number, shiftID: delivery.shiftID)
            context.say("Deleted Delivery \(number) of shift \(delivery.shiftID). Its pickup place stays.")
            return ExitStatus.done
        }
    }
}
