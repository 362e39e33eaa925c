import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `route add|import`: route samples.
enum RouteCommands {
    static let all: [CommandDefinition] = [add, follow, importFile, rebuild]

    /// The repair platform.md promises: "a store whose summaries were lost can always be rebuilt
    /// from its samples". `doctor` names it when a summary differs.
    static let rebuild = CommandDefinition(
        words: ["route", "rebuild"],
        overview: "Makes every shift's route summary again from its route samples (what doctor checks); changes no sample."
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        return { context in
            // A repair makes no store: with none there is nothing to rebuild (cli.md: a store is
            // created by the first command that writes).
            guard context.storeExists else {
                context.say("No shifts recorded yet: there is no route summary to rebuild.")
                return ExitStatus.done
            }
            let progress = MigrationProgress.onTerminal(StatusWords.rebuildingRouteSummaries)
            let count = try context.store().rebuildRouteSummaries(progress: progress)
            context.say("Rebuilt the route summaries of \(count == 1 ? "1 shift" : "\(count) shifts") from their route samples.")
            return ExitStatus.done
        }
    }

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
        let latitude = try input.number(try input.positional(0, "LATITUDE"), "LATITUDE", finite: false)
        let longitude = try input.number(try input.positional(1, "LONGITUDE"), "LONGITUDE", finite: false)
        let accuracy = try input.values["--accuracy"].map { (argument) throws(UsageError) in
            try input.number(argument, "--accuracy", finite: false)
        }
        let session = try input.integerOption("--session")
        return { context in
            _ = try context.store().addRouteSample(latitude: latitude, longitude: longitude, accuracy: accuracy, session: session)
            context.say("Recorded a route sample.")
            return ExitStatus.done
        }
    }

    static let importFile = CommandDefinition(
        words: ["route", "import"],
        overview: "Imports GPX 1.0 or 1.1 tracks: each point joins the shift whose time span holds it; each segment is a capture session.",
        arguments: [ArgumentSpec(name: "FILE...", help: "GPX files, or - for standard input.", completion: .file)], printsJSON: true
    ) { input throws(UsageError) in
        guard !input.positionals.isEmpty else {
            throw UsageError(command: input.command, message: "Missing FILE (or - for standard input).")
        }
        // An empty name names no file: malformed, as an empty `--store ""` is.
        if input.positionals.contains(where: \.bytes.isEmpty) {
            throw UsageError(command: input.command, message: "A FILE is empty; give a GPX file's path, or - for standard input.")
        }
        let paths = input.positionals
        let json = input.json
        return { context in
            // With no store there is no shift for a point to join: nothing is kept, and nothing
            // is made ("created … by the first command that writes").
            // One transaction a file, each waiting for locks on its own.
            context.waitsOnce = false
            let store = try context.readStore()
            var status = ExitStatus.done
            var results: [JSON] = []
            // Ctrl-C stops the file under way between two MiB of it, and its transaction rolls
            // back whole (cli.md's 130: "left no trace"); killed on the spot, it left the store
            // file half-written, with its journal beside it, until the next program opened it.
            StopSignals.catchThem()
            for argument in paths {
                let path = argument.text
                let shown = path == "-" ? "standard input" : path
                if stopSignal != 0 { break }
                do {
                    let report = try importOne(argument.bytes, into: store)
                    if json {
                        results.append(reportJSON(report, file: path))
                    } else {
                        for line in RouteImportScreen(report: report, file: shown, several: paths.count > 1).lines { context.say(line) }
                    }
                } catch let failure as CommandFailure {
                    status = ExitStatus.refused
                    CommandLineTool.writeError("Error: \(TerminalText.safe(failure.sentence))")
                    if json { results.append(.object([("file", .string(path)), ("refused", .string(failure.sentence))])) }
                } catch is StopSignals.Stopped {
                    CommandLineTool.writeError("Interrupted: nothing from \(TerminalText.safe(shown)) was imported.")
                    break
                } catch let error as StoreError where paths.count > 1 {
                    // Each file is its own transaction: the files before it stay, the others are tried.
                    status = ExitStatus.storeUnusable
                    let sentence = "\(error.cause); nothing from it was imported."
                    CommandLineTool.writeError("Error: \(TerminalText.safe(shown)): \(sentence)")
                    if json { results.append(.object([("file", .string(path)), ("refused", .string(sentence))])) }
                }
            }
            // One shape however many files: an array with an entry for each, a refused one too.
            if json { context.say(json: .array(results)) }
            return stopSignal != 0 ? 128 + stopSignal : status
        }
    }

    /// Reads and imports one file in one transaction; a malformed file imports nothing.
    static func importOne(_ bytes: [UInt8], into store: DashPilotStore) throws -> RouteImportReport {
        // A byte that is not UTF-8 shown as `\xFF`, never as U+FFFD: another file's name.
        let path = StorePath(bytes: bytes).display
        // The name as the terminal can show it; Unicode of the program's own is not in the line.
        let shown = TerminalText.safe(path == "-" ? "standard input" : path)
        let progress = ProgressLine(plainCharacters: false)
        defer { progress.clear() }
        func refusal(_ malformed: GPXReader.Malformed) -> CommandFailure {
            CommandFailure(sentence: "\(path == "-" ? "Standard input" : path): \(malformed.sentence)")
        }
        // Standard input from a pipe is copied first, for as long as its writer writes.
        let given = try MappedFile(path: bytes, copiesBeside: store.file) { progress.show(StatusWords.reading(shown, bytes: $0)) }
        do {
            // UTF-16 is read as the same text in UTF-8, written first to a private file.
            let utf16 = given.withBytes(GPXReader.isUTF16)
            let file = utf16 ? try MappedFile(utf8FromUTF16Of: given) : given
            return try store.importRoute { sink in
                var sink = sink
                sink.release = { offset, fraction in
                    try StopSignals.check()
                    try file.release(before: offset)
                    progress.show(StatusWords.reading(shown, fraction))
                }
                let report: GPXReader.Report
                do {
                    report = try file.withBytes { try GPXReader.read($0, into: sink, transcodedFromUTF16: utf16) }
                } catch let malformed as GPXReader.Malformed {
                    // Zeros read where the file was cut short are its change, not its fault.
                    throw file.changed ? file.changedFailure : refusal(malformed)
                }
                // Cut short after the last check between its MiBs: nothing of it is kept.
                if file.changed { throw file.changedFailure }
                // A file too small to reach a check between its MiBs is stopped before it commits.
                try StopSignals.check()
                return report
            }
        } catch let malformed as GPXReader.Malformed {
            // Of its UTF-16 text, found not valid as it was transcoded (or cut short meanwhile).
            throw given.changed ? given.changedFailure : refusal(malformed)
        }
    }

    static func reportJSON(_ report: RouteImportReport, file: String) -> JSON {
        let skipped = report.skipped.sorted { $0.key < $1.key }.map { ($0.key.identifier, JSON.integer(Int64($0.value))) }
        return .object([
            ("file", .string(file)), ("kept", .integer(Int64(report.kept))), ("skipped", .object(skipped)),
            ("tracks", .integer(Int64(report.tracks))), ("routesOrWaypoints", .integer(Int64(report.routesOrWaypoints))),
        ])
    }
}
