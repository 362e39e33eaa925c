import DashPilotCore
import DashPilotScreens
import DashPilotStore

/// `pickup set|clear|recent`: a delivery's pickup place.
enum PickupCommands {
    static let all: [CommandDefinition] = [set, clear, recent]

    static let set = CommandDefinition(
        words: ["pickup", "set"],
        overview: "Adds or changes delivery N's pickup place: reuses the place whose name matches, else creates one.",
        arguments: [
            ArgumentSpec(name: "N", help: "The delivery's number."),
            ArgumentSpec(name: "NAME", help: "The place's name, as you spell it.", completion: .placeName),
        ],
        options: [
            .valued(
                "--recent", "K", "Record the K-th place of the recent list (1 to 5).", completion: .choices(["1", "2", "3", "4", "5"])),
            .shift,
        ],
        usageOverride: "pickup set N NAME [--shift ID] | pickup set N --recent K [--shift ID]"
    ) { input throws(UsageError) in
        let number = Int(try input.integer(0, "N"))
        let shiftID = try input.integerOption("--shift")
        if let recent = input.values["--recent"] {
            try input.expectAtMost(1)
            guard let position = Int(recent.text), (1...5).contains(position) else {
                throw UsageError(command: input.command, message: "--recent takes 1 to 5; got \(TerminalText.given(recent.text)).")
            }
            return { context in
                let assignment = try context.store().setRecentPickupPlace(position: position, delivery: number, shiftID: shiftID)
                context.say("Delivery \(number) · \(assignment.place.name)")
                return ExitStatus.done
            }
        }
        let bytes = try input.joinedName(from: 1, "NAME (or --recent K)")
        return { context in
            let assignment = try context.store().setPickupPlace(try context.name(bytes), delivery: number, shiftID: shiftID)
            context.say("Delivery \(number) · \(assignment.place.name)\(assignment.created ? " (a new pickup place)" : "")")
            return ExitStatus.done
        }
    }

    static let clear = CommandDefinition(
        words: ["pickup", "clear"], overview: "Removes delivery N's pickup place. The place stays in the catalogue.",
        arguments: [ArgumentSpec(name: "N", help: "The delivery's number.")], options: [.shift]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let number = Int(try input.integer(0, "N"))
        let shiftID = try input.integerOption("--shift")
        return { context in
            if try context.store().clearPickupPlace(delivery: number, shiftID: shiftID) {
                context.say("Removed the pickup place of Delivery \(number). The place stays in your list of places.")
            } else {
                context.say("Delivery \(number) has no pickup place.")
            }
            return ExitStatus.done
        }
    }

    static let recent = CommandDefinition(
        words: ["pickup", "recent"], overview: "Lists the recent places: at most five, latest use first.", printsJSON: true
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let json = input.json
        return { context in
            let recent = try context.readStore().recentPlaces()
            if json {
                context.say(json: .array(recent.map { .object([("name", .string($0.place.name)), ("lastUsedAt", .time($0.lastUsedAt))]) }))
            } else {
                context.say(lines: PlainText.lines(RecentPlacesScreen(recent: recent, format: context.format)))
            }
            return ExitStatus.done
        }
    }
}
