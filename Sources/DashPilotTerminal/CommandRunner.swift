import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// Runs one parsed command on the store and prints its outcome.
struct CommandRunner {
    let store: DashPilotStore
    let format: ScreenFormat
    /// Asks a yes/no question on the terminal: `(question, prompt) -> yes`.
    let confirm: (String, String) -> Bool

    func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        print(lines.joined(separator: "\n"))
    }

    func say(_ line: String) { print(TerminalText.safe(line)) }

    /// Refuses a destructive command without a terminal and without `--yes`; asks on a terminal.
    func confirmed(_ yes: Bool, question: String, prompt: String, what: String) throws -> Bool {
        if yes { return true }
        guard Confirmation.canAsk else {
            throw CommandFailure(sentence: "\(what) needs confirmation; without a terminal to ask on, add --yes.")
        }
        return confirm(question, prompt)
    }

    func name(_ bytes: [UInt8]) throws -> PickupPlaceName {
        do {
            return try PickupPlaceName(utf8: bytes)
        } catch {
            throw DashPilotRefusal.invalidName(error)
        }
    }

    mutating func run(_ command: Command) throws -> Int32 {
        switch command {
        case .shiftStart:
            print(try store.startShift().id)
        case .shiftEnd:
            let shift = try store.endShift()
            say("Shift \(shift.id) ended at \(format.time(shift.endedAt ?? shift.startedAt)).")
        case .shiftList(let limit, let json):
            let summaries = try store.shifts(limit: limit)
            if json {
                print(JSON.array(summaries.map(JSONShapes.shiftSummary)).text)
            } else {
                say(PlainText.lines(ShiftListScreen(summaries: summaries, format: format)))
            }
        case .shiftShow(let id, let json):
            let log = try store.shiftLog(id: id)
            if json {
                print(JSONShapes.shiftLog(log).text)
            } else if log.shift.isRunning {
                say(PlainText.lines(RunningShiftScreen(log: log, format: format)))
            } else {
                say(PlainText.lines(ShiftLogScreen(log: log, format: format)))
            }
        case .shiftDelete(let id, let yes):
            let log = try store.shiftLog(id: id)
            guard !log.shift.isRunning else { throw DashPilotRefusal.shiftStillRunning(id: id) }
            let count = log.deliveries.count
            let question = "Delete shift \(id) with its \(count == 1 ? "1 delivery" : "\(count) deliveries") and its route? Pickup places stay. This cannot be undone."
            guard try confirmed(yes, question: question, prompt: "Delete? [y/N]", what: "Deleting a shift") else {
                say("Nothing was deleted.")
                return CommandLineTool.Status.refused
            }
            try store.deleteShift(id: id)
            say("Deleted shift \(id) with its deliveries and route. Pickup places stay.")
        case .shiftEarnings(let id, let amount):
            try store.setEarnings(amount, shiftID: id)
            if let amount {
                say("Shift \(id) earned \(format.money(amount)).")
            } else {
                say("Cleared the earnings of shift \(id).")
            }
        case .deliveryAccept:
            print(try store.acceptDelivery().number)
        case .deliveryStep(let step, let number):
            let delivery = try store.record(step, delivery: number)
            say("Delivery \(delivery.number) · \(delivery.state.title)")
        case .deliveryDelete(let number, let shiftID, let yes):
            let delivery = try store.delivery(number: number, shiftID: shiftID)
            let question = "Delete Delivery \(number) of shift \(delivery.shiftID)? Its pickup place stays. This cannot be undone."
            guard try confirmed(yes, question: question, prompt: "Delete? [y/N]", what: "Deleting a delivery") else {
                say("Nothing was deleted.")
                return CommandLineTool.Status.refused
            }
            try store.deleteDelivery(number: number, shiftID: delivery.shiftID)
            say("Deleted Delivery \(number) of shift \(delivery.shiftID). Its pickup place stays.")
        case .pickupSet(let number, let bytes, let shiftID):
            let assignment = try store.setPickupPlace(try name(bytes), delivery: number, shiftID: shiftID)
            say("Delivery \(number) · \(assignment.place.name)\(assignment.created ? " (a new pickup place)" : "")")
        case .pickupSetRecent(let number, let position, let shiftID):
            let assignment = try store.setRecentPickupPlace(position: position, delivery: number, shiftID: shiftID)
            say("Delivery \(number) · \(assignment.place.name)")
        case .pickupClear(let number, let shiftID):
            if try store.clearPickupPlace(delivery: number, shiftID: shiftID) {
                say("Removed the pickup place of Delivery \(number). The place stays in your list of places.")
            } else {
                say("Delivery \(number) has no pickup place.")
            }
        case .pickupRecent(let json):
            let recent = try store.recentPlaces()
            if json {
                print(JSON.array(recent.map { .object([("name", .string($0.place.name)), ("lastUsedAt", .time($0.lastUsedAt))]) }).text)
            } else {
                say(PlainText.lines(RecentPlacesScreen(recent: recent, format: format)))
            }
        case .placeList(let json):
            let places = try store.places()
            if json {
                print(JSON.array(places.map {
                    .object([("name", .string($0.place.name)), ("firstNamedAt", .time($0.place.firstNamedAt)), ("deliveries", .integer(Int64($0.deliveryCount)))])
                }).text)
            } else {
                say(PlainText.lines(PlaceListScreen(places: places, format: format)))
            }
        case .placeShow(let bytes, let json):
            let history = try store.history(ofPlaceNamed: try name(bytes))
            if json {
                print(JSONShapes.placeHistory(history).text)
            } else {
                say(PlainText.lines(PlaceHistoryScreen(history: history, format: format)))
            }
        case .placeRename(let old, let new):
            let place = try store.renamePlace(named: try name(old), to: try name(new))
            say("Renamed to \(place.name).")
        case .placeMerge(let sourceBytes, let destinationBytes, let yes):
            let (from, into) = try store.mergeCandidates(source: try name(sourceBytes), destination: try name(destinationBytes))
            let question = MergeConfirmation.text(source: TerminalText.safe(from.name), destination: TerminalText.safe(into.name))
            guard try confirmed(yes, question: question, prompt: "Merge? [y/N]", what: "Merging places") else {
                say("Nothing was merged.")
                return CommandLineTool.Status.refused
            }
            let kept = try store.mergePlace(sourceID: from.id, into: into.id)
            say("Merged into \(kept.name).")
        case .routeAdd(let latitude, let longitude, let accuracy, let session):
            _ = try store.addRouteSample(latitude: latitude, longitude: longitude, accuracy: accuracy, session: session)
            say("Recorded a route sample.")
        case .routeImport(let path, let json):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(sentence: "Can't read \(path).")
            }
            let segments: [[RouteSample]]
            do {
                segments = try GPXReader.segments(from: data)
            } catch {
                throw CommandFailure(sentence: error.sentence)
            }
            let report = try store.importRoute(segments: segments)
            if json {
                let skipped = report.skipped.sorted { $0.key < $1.key }.map { ($0.key.identifier, JSON.integer(Int64($0.value))) }
                print(JSON.object([("kept", .integer(Int64(report.kept))), ("skipped", .object(skipped))]).text)
            } else {
                say("Kept \(report.kept) point\(report.kept == 1 ? "" : "s"); skipped \(report.skippedCount).")
                for (skip, count) in report.skipped.sorted(by: { $0.key < $1.key }) {
                    say("  \(count) skipped: \(skip.sentence)")
                }
            }
        case .doctor(let json):
            let report = try store.doctor()
            if json {
                print(JSON.object([
                    ("healthy", .bool(report.isHealthy)),
                    ("checks", .array(report.checks.map { .object([("name", .string($0.name)), ("passed", .bool($0.passed)), ("finding", .string($0.sentence))]) })),
                ]).text)
            } else {
                for check in report.checks { say("\(check.passed ? "ok  " : "FAIL") \(check.sentence)") }
                say(report.isHealthy ? "The store is healthy." : "The store has problems; nothing was changed.")
            }
            return report.isHealthy ? CommandLineTool.Status.done : CommandLineTool.Status.refused
        }
        return CommandLineTool.Status.done
    }
}
