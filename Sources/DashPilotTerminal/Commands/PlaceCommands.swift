import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// `place list|show|rename|merge`: the catalogue and its corrections, and the JSON of a history.
enum PlaceCommands {
    static let all: [CommandDefinition] = [list, show, rename, merge]

    static let list = CommandDefinition(
        words: ["place", "list"],
        overview: "Lists every pickup place, alphabetically; with --match, those whose name contains TEXT, as names are matched.",
        options: [.valued("--match", "TEXT", "Keep the places whose name contains TEXT (case and apostrophes aside; nothing fuzzy).")],
        printsJSON: true
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let json = input.json
        var match: String?
        if let argument = input.values["--match"] {
            guard let text = String(validating: argument.bytes, as: UTF8.self) else {
                throw UsageError(command: input.command, message: "--match TEXT is not valid UTF-8.")
            }
            match = text
        }
        return { [match] context in
            let places = try context.readStore().places(matching: match)
            if json {
                context.say(json: .elements(places, summary))
            } else {
                context.say(lines: PlainText.lines(PlaceListScreen(places: places, format: context.format, match: match)))
            }
            return ExitStatus.done
        }
    }

    static let show = CommandDefinition(
        words: ["place", "show"],
        overview: "Shows a place's history: its waits, by time of day and as a picture, and its deliveries, newest first.",
        arguments: [ArgumentSpec(name: "NAME", help: "Any spelling that matches the place's name.", completion: .placeName)],
        options: [
            .valued("--limit", "N", "Show at most N deliveries (default: 20 in text, all in JSON)."),
            .flag("--all", "Show every delivery."),
        ],
        printsJSON: true, usageOverride: "place show NAME [--limit N | --all] [--json]"
    ) { input throws(UsageError) in
        let bytes = try input.joinedName(from: 0, "NAME")
        let json = input.json
        let limit = try input.limit(default: json ? -1 : 20).flatMap { $0 < 0 ? nil : $0 }
        return { context in
            let history = try context.readStore().history(ofPlaceNamed: try context.name(bytes), limit: limit)
            if json {
                context.say(json: placeHistory(history, timeZone: context.format.timeZone))
            } else {
                let screen = PlaceHistoryScreen(history: history, format: context.format, said: false)
                context.say(lines: PlainText.lines(screen, bars: Bars(plain: Bars.isPlain(context.environment))))
            }
            return ExitStatus.done
        }
    }

    static let rename = CommandDefinition(
        words: ["place", "rename"], overview: "Renames a place. Refused if another place already has the new name.",
        arguments: [
            ArgumentSpec(name: "NAME", help: "The place's current name.", completion: .placeName),
            ArgumentSpec(name: "NEW_NAME", help: "Its new spelling."),
        ]
    ) { input throws(UsageError) in
        try input.expectAtMost(2)
        let old = try input.positional(0, "NAME").bytes
        let new = try input.positional(1, "NEW_NAME").bytes
        return { context in
            let (store, current, wanted) = (try context.store(), try context.name(old), try context.name(new))
            let unchanged = try store.isAlreadySpelled(named: current, as: wanted)
            let place = try store.renamePlace(named: current, to: wanted)
            context.say(
                unchanged
                    ? "\(place.name) is already spelled that way; nothing was changed." : "Renamed to \(place.name)".withFullStop)
            return ExitStatus.done
        }
    }

    static let merge = CommandDefinition(
        words: ["place", "merge"], overview: "Moves every delivery of SOURCE to DESTINATION, then removes SOURCE.",
        arguments: [
            ArgumentSpec(name: "SOURCE", help: "The place to remove.", completion: .placeName),
            ArgumentSpec(name: "DESTINATION", help: "The place that keeps its name and gains the deliveries.", completion: .placeName),
        ],
        options: [.yes]
    ) { input throws(UsageError) in
        try input.expectAtMost(2)
        let sourceBytes = try input.positional(0, "SOURCE").bytes
        let destinationBytes = try input.positional(1, "DESTINATION").bytes
        let yes = input.flag("--yes")
        return { context in
            let store = try context.store()
            let source = try context.name(sourceBytes)
            let destination = try context.name(destinationBytes)
            let from: PickupPlace
            let into: PickupPlace
            do {
                (from, into) = try store.mergeCandidates(source: source, destination: destination)
            } catch DashPilotRefusal.noMergeDestinationCalled(let name) {
                // pickup-identity.txt: "merging into a name that does not exist yet is a rename,
                // and is offered as one": the rename itself, ready to paste.
                let refusal = DashPilotRefusal.noMergeDestinationCalled(name)
                throw CommandFailure(
                    sentence: refusal.sentence(times: context.format.moment, apart: context.format.apart)
                        + " To give it that name: `dashpilot place rename \(CommandLineTool.shellWord(source.display)) "
                        + "\(CommandLineTool.shellWord(destination.display))`.")
            }
            let question = MergeConfirmation.text(source: TerminalText.safe(from.name), destination: TerminalText.safe(into.name))
            let asked = Result { try context.confirmed(yes, question: question, prompt: "Merge? [y/N]", what: "Merging places") }
            guard case .success(true) = asked else {
                store.noteMergeNotConfirmed()
                _ = try asked.get()
                throw CommandFailure(sentence: "Not confirmed; nothing was merged.")
            }
            let kept = try store.mergePlace(sourceID: from.id, into: into.id)
            context.say("Merged into \(kept.name)".withFullStop)
            return ExitStatus.done
        }
    }

    // MARK: JSON

    /// An element of `place list --json`.
    static func summary(_ summary: PlaceSummary) -> JSON {
        .object([
            ("name", .string(summary.place.name)), ("firstNamedAt", .time(summary.place.firstNamedAt)),
            ("deliveries", .integer(Int64(summary.deliveryCount))),
        ])
    }

    /// `place show --json`: the deliveries streamed, since a busy place has thousands.
    static func placeHistory(_ history: PlaceHistory, timeZone: TimeZone) -> JSON {
        let waits = history.waits
        let bands = history.waitsByTimeOfDay(in: timeZone).bands.map { band -> JSON in
            let sayable = band.isSayable
            return .object([
                ("band", .string(band.band.rawValue)), ("from", .string(hour(band.band.fromHour))), ("to", .string(hour(band.band.toHour))),
                ("count", .integer(Int64(band.waits.count))),
                ("median", sayable ? band.waits.median.map(JSON.number) ?? .null : .null),
                ("shortest", sayable ? .integer(band.waits.shortest) : .null), ("longest", sayable ? .integer(band.waits.longest) : .null),
            ])
        }
        let buckets = history.distribution.buckets.map { bucket -> JSON in
            .object([("from", .integer(bucket.from)), ("to", .integer(bucket.to)), ("count", .integer(Int64(bucket.count)))])
        }
        return .object([
            ("name", .string(history.place.name)), ("firstNamedAt", .time(history.place.firstNamedAt)),
            (
                "waits",
                .object([
                    ("count", .integer(Int64(waits.count))), ("median", waits.median.map(JSON.number) ?? .null),
                    ("shortest", .integer(waits.shortest)), ("longest", .integer(waits.longest)),
                    ("byTimeOfDay", .array(bands)), ("distribution", .array(buckets)),
                ])
            ),
            (
                "deliveries",
                .stream { output in
                    output.append(0x5B)
                    for (index, entry) in history.deliveries.enumerated() {
                        if index > 0 { JSON.append(", ", to: &output) }
                        JSON.append("{\"shift\": ", to: &output)
                        JSON.append(entry.delivery.shiftID, to: &output)
                        JSON.append(", \"number\": ", to: &output)
                        JSON.append(Int64(entry.delivery.number), to: &output)
                        JSON.append(", \"state\": ", to: &output)
                        JSON.string(entry.delivery.state.rawValue).write(to: &output)
                        JSON.append(", \"acceptedAt\": ", to: &output)
                        JSON.time(entry.delivery.acceptedAt).write(to: &output)
                        JSON.append(", \"wait\": ", to: &output)
                        JSON.integer(entry.wait).write(to: &output)
                        output.append(0x7D)
                    }
                    output.append(0x5D)
                }
            ),
        ])
    }

    /// "05:00".
    static func hour(_ hour: Int) -> String { (hour < 10 ? "0" : "") + "\(hour):00" }
}
