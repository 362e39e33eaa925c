import DashPilotCore
import DashPilotStore
import Foundation

/// `route add|import`: route samples.
enum RouteCommands {
    static let all: [CommandDefinition] = [add, importFile]

    static let add = CommandDefinition(
        words: ["route", "add"], overview: "Records a route sample on the running shift, at the clock's time.",
        arguments: [
            ArgumentSpec(name: "LATITUDE", help: "Degrees, -90 to 90."), ArgumentSpec(name: "LONGITUDE", help: "Degrees, -180 to 180."),
        ],
        options: [
            .valued("--accuracy", "METRES", "The horizontal accuracy radius."),
            .valued("--session", "ID", "The capture session (default: the shift's own)."),
        ]
    ) { input throws(UsageError) in
        try input.expectAtMost(2)
        let latitude = try input.number(try input.positional(0, "LATITUDE"), "LATITUDE")
        let longitude = try input.number(try input.positional(1, "LONGITUDE"), "LONGITUDE")
        let accuracy = try input.values["--accuracy"].map { (argument) throws(UsageError) in try input.number(argument, "--accuracy") }
        let session = try input.integerOption("--session", minimum: Int64.min)
        return { context in
            _ = try context.store().addRouteSample(latitude: latitude, longitude: longitude, accuracy: accuracy, session: session)
            context.say("Recorded a route sample.")
            return ExitStatus.done
        }
    }

    static let importFile = CommandDefinition(
        words: ["route", "import"], overview: "Imports a GPX track: each point joins the shift that holds its time.",
        arguments: [ArgumentSpec(name: "FILE", help: "The GPX file.", completion: .file)], printsJSON: true
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let path = try input.positional(0, "FILE").text
        let json = input.json
        return { context in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(sentence: "Can't read \(path).")
            }
            let segments: [[RouteSample]]
            do {
                segments = try GPXReader.segments(from: data)
            } catch let malformed as GPXReader.Malformed {
                throw CommandFailure(sentence: malformed.sentence)
            }
            let report = try context.store().importRoute(segments: segments)
            if json {
                let skipped = report.skipped.sorted { $0.key < $1.key }.map { ($0.key.identifier, JSON.integer(Int64($0.value))) }
                context.say(json: .object([("kept", .integer(Int64(report.kept))), ("skipped", .object(skipped))]))
            } else {
                context.say("Kept \(report.kept) point\(report.kept == 1 ? "" : "s"); skipped \(report.skippedCount).")
                for (skip, count) in report.skipped.sorted(by: { $0.key < $1.key }) {
                    context.say("  \(count) skipped: \(skip.sentence)")
                }
            }
            return ExitStatus.done
        }
    }
}
