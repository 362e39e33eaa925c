import DashPilotCore

/// One parsed command: the pure step between the words typed and the store.
enum Command: Equatable {
    case shiftStart
    case shiftEnd
    case shiftList(limit: Int?, json: Bool)
    case shiftShow(id: Int64?, json: Bool)
    case shiftDelete(id: Int64, yes: Bool)
    case shiftEarnings(id: Int64, amount: Money?)
    case deliveryAccept
    case deliveryStep(LifecycleStep, number: Int)
    case deliveryDelete(number: Int, shiftID: Int64?, yes: Bool)
    case pickupSet(number: Int, name: [UInt8], shiftID: Int64?)
    case pickupSetRecent(number: Int, position: Int, shiftID: Int64?)
    case pickupClear(number: Int, shiftID: Int64?)
    case pickupRecent(json: Bool)
    case placeList(json: Bool)
    case placeShow(name: [UInt8], json: Bool)
    case placeRename(name: [UInt8], newName: [UInt8])
    case placeMerge(source: [UInt8], destination: [UInt8], yes: Bool)
    case routeAdd(latitude: Double, longitude: Double, accuracy: Double?, session: Int64?)
    case routeImport(path: String, json: Bool)
    case doctor(json: Bool)

    /// Builds the command `spec` names from its parsed arguments, or the usage error.
    init(spec: CommandSpec, arguments a: ParsedArguments) throws(UsageError) {
        let json = a.flags.contains("--json")
        let shiftOption = try a.integerOption("--shift", spec: spec)
        func number() throws(UsageError) -> Int { Int(try a.integer(0, "N", spec: spec)) }
        /// Words after the number, joined by spaces: `pickup set 2 Nowhere Noodles` needs no quotes.
        func joinedName(from index: Int, _ label: String) throws(UsageError) -> [UInt8] {
            guard a.positionals.count > index else { throw UsageError(spec: spec, message: "Missing \(label).") }
            return Array(a.positionals[index...].map(\.bytes).joined(separator: [0x20]))
        }
        switch spec.name {
        case "shift start":
            try a.expectAtMost(0, spec: spec)
            self = .shiftStart
        case "shift end":
            try a.expectAtMost(0, spec: spec)
            self = .shiftEnd
        case "shift list":
            try a.expectAtMost(0, spec: spec)
            let limit = try a.integerOption("--limit", spec: spec)
            if limit != nil && a.flags.contains("--all") {
                throw UsageError(spec: spec, message: "--limit and --all can't be used together.")
            }
            self = .shiftList(limit: a.flags.contains("--all") ? nil : Int(limit ?? 20), json: json)
        case "shift show":
            try a.expectAtMost(1, spec: spec)
            self = .shiftShow(id: a.positionals.isEmpty ? nil : try a.integer(0, "ID", spec: spec), json: json)
        case "shift delete":
            try a.expectAtMost(1, spec: spec)
            self = .shiftDelete(id: try a.integer(0, "ID", spec: spec), yes: a.flags.contains("--yes"))
        case "shift earnings":
            let id = try a.integer(0, "ID", spec: spec)
            if a.flags.contains("--clear") {
                try a.expectAtMost(1, spec: spec)
                self = .shiftEarnings(id: id, amount: nil)
            } else {
                try a.expectAtMost(2, spec: spec)
                let text = try a.positional(1, "AMOUNT (or --clear)", spec: spec).text
                guard let amount = Money(parsing: text) else {
                    throw UsageError(spec: spec, message: "AMOUNT must be a decimal amount such as 84.50; got \(TerminalText.safe(text)).")
                }
                self = .shiftEarnings(id: id, amount: amount)
            }
        case "delivery accept":
            try a.expectAtMost(0, spec: spec)
            self = .deliveryAccept
        case "delivery arrive", "delivery pickup", "delivery deliver", "delivery cancel":
            try a.expectAtMost(1, spec: spec)
            let step: LifecycleStep = switch spec.words[1] {
            case "arrive": .arrive
            case "pickup": .pickUp
            case "deliver": .deliver
            default: .cancel
            }
            self = .deliveryStep(step, number: try number())
        case "delivery delete":
            try a.expectAtMost(1, spec: spec)
            self = .deliveryDelete(number: try number(), shiftID: shiftOption, yes: a.flags.contains("--yes"))
        case "pickup set":
            let delivery = try number()
            if let recent = a.values["--recent"] {
                try a.expectAtMost(1, spec: spec)
                let position = try ParsedArguments.integer(recent, "--recent", minimum: 1, spec: spec)
                guard position <= 5 else { throw UsageError(spec: spec, message: "--recent takes 1 to 5; got \(position).") }
                self = .pickupSetRecent(number: delivery, position: Int(position), shiftID: shiftOption)
            } else {
                self = .pickupSet(number: delivery, name: try joinedName(from: 1, "NAME (or --recent K)"), shiftID: shiftOption)
            }
        case "pickup clear":
            try a.expectAtMost(1, spec: spec)
            self = .pickupClear(number: try number(), shiftID: shiftOption)
        case "pickup recent":
            try a.expectAtMost(0, spec: spec)
            self = .pickupRecent(json: json)
        case "place list":
            try a.expectAtMost(0, spec: spec)
            self = .placeList(json: json)
        case "place show":
            self = .placeShow(name: try joinedName(from: 0, "NAME"), json: json)
        case "place rename":
            try a.expectAtMost(2, spec: spec)
            self = .placeRename(
                name: try a.positional(0, "NAME", spec: spec).bytes, newName: try a.positional(1, "NEW_NAME", spec: spec).bytes)
        case "place merge":
            try a.expectAtMost(2, spec: spec)
            self = .placeMerge(
                source: try a.positional(0, "SOURCE", spec: spec).bytes,
                destination: try a.positional(1, "DESTINATION", spec: spec).bytes, yes: a.flags.contains("--yes"))
        case "route add":
            try a.expectAtMost(2, spec: spec)
            let latitude = try ParsedArguments.number(try a.positional(0, "LATITUDE", spec: spec), "LATITUDE", spec: spec)
            let longitude = try ParsedArguments.number(try a.positional(1, "LONGITUDE", spec: spec), "LONGITUDE", spec: spec)
            let accuracy = try a.values["--accuracy"].map { (argument) throws(UsageError) in
                try ParsedArguments.number(argument, "--accuracy", spec: spec)
            }
            let session = try a.integerOption("--session", minimum: Int64.min, spec: spec)
            self = .routeAdd(latitude: latitude, longitude: longitude, accuracy: accuracy, session: session)
        case "route import":
            try a.expectAtMost(1, spec: spec)
            self = .routeImport(path: try a.positional(0, "FILE.gpx", spec: spec).text, json: json)
        case "doctor":
            try a.expectAtMost(0, spec: spec)
            self = .doctor(json: json)
        default:
            throw UsageError(spec: spec, message: "Unknown command.")
        }
    }
}
