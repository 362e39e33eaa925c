/// What one command takes, and its help: the public contract of `cli.md`.
struct CommandSpec: Sendable {
    /// The words that name it (`["place", "merge"]`).
    var words: [String]
    /// One line saying what it does.
    var overview: String
    /// The usage line after `dashpilot`.
    var usage: String
    /// Its arguments and what they are.
    var arguments: [(String, String)] = []
    /// Its options and what they do.
    var options: [(String, String)] = []
    /// Options that take no value.
    var flags: Set<String> = []
    /// Options that take a value.
    var valued: Set<String> = []

    var name: String { words.joined(separator: " ") }

    static let storeOption = ("--store PATH", "The store to use (default: $DASHPILOT_STORE, else the platform default).")
    static let jsonOption = ("--json", "Print JSON (the shapes of cli.md).")
    static let shiftOption = ("--shift ID", "The shift the delivery belongs to (default: the running shift).")
    static let yesOption = ("--yes", "Do it without asking. Needed when not on a terminal.")

    /// The help text, in the sections Swift command-line tools use.
    var help: String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: dashpilot \(usage)"]
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"] + arguments.map { "  \($0.0.padding(18))\($0.1)" }
        }
        lines += ["", "OPTIONS:"]
        lines += (options + [Self.storeOption, ("-h, --help", "Show help information.")]).map { "  \($0.0.padding(18))\($0.1)" }
        return lines.joined(separator: "\n")
    }

    /// Every command of the contract.
    static let all: [CommandSpec] = [
        CommandSpec(words: ["shift", "start"], overview: "Starts a shift and prints its id. Refused while one runs.", usage: "shift start"),
        CommandSpec(
            words: ["shift", "end"], overview: "Ends the running shift. Refused while a delivery on it is open.", usage: "shift end"),
        CommandSpec(
            words: ["shift", "list"], overview: "Lists shifts, newest first: the newest 20 unless told otherwise.",
            usage: "shift list [--limit N | --all] [--json]",
            options: [("--limit N", "List at most N shifts."), ("--all", "List every shift."), jsonOption],
            flags: ["--all", "--json"], valued: ["--limit"]),
        CommandSpec(
            words: ["shift", "show"], overview: "Shows the running shift, or shift ID (its log once completed).",
            usage: "shift show [ID] [--json]", arguments: [("ID", "The shift's id (default: the running shift).")],
            options: [jsonOption], flags: ["--json"]),
        CommandSpec(
            words: ["shift", "delete"], overview: "Deletes a completed shift with its deliveries and route samples. Places stay.",
            usage: "shift delete ID [--yes]", arguments: [("ID", "The shift's id.")], options: [yesOption], flags: ["--yes"]),
        CommandSpec(
            words: ["shift", "earnings"], overview: "Records, or clears, the gross earnings of a completed shift.",
            usage: "shift earnings ID AMOUNT | shift earnings ID --clear",
            arguments: [("ID", "The shift's id."), ("AMOUNT", "A decimal amount such as 84.50.")],
            options: [("--clear", "Clear the earnings (not the same as zero).")], flags: ["--clear"]),
        CommandSpec(words: ["delivery", "accept"], overview: "Accepts a new delivery on the running shift and prints its number.", usage: "delivery accept"),
        CommandSpec(
            words: ["delivery", "arrive"], overview: "Records arrival at pickup for delivery N of the running shift.",
            usage: "delivery arrive N", arguments: [("N", "The delivery's number.")]),
        CommandSpec(
            words: ["delivery", "pickup"], overview: "Records that delivery N of the running shift was picked up.",
            usage: "delivery pickup N", arguments: [("N", "The delivery's number.")]),
        CommandSpec(
            words: ["delivery", "deliver"], overview: "Records that delivery N of the running shift was delivered.",
            usage: "delivery deliver N", arguments: [("N", "The delivery's number.")]),
        CommandSpec(
            words: ["delivery", "cancel"], overview: "Cancels delivery N of the running shift.",
            usage: "delivery cancel N", arguments: [("N", "The delivery's number.")]),
        CommandSpec(
            words: ["delivery", "delete"], overview: "Deletes one delivery. Its pickup place stays.",
            usage: "delivery delete N [--shift ID] [--yes]", arguments: [("N", "The delivery's number.")],
            options: [shiftOption, yesOption], flags: ["--yes"], valued: ["--shift"]),
        CommandSpec(
            words: ["pickup", "set"],
            overview: "Adds or changes delivery N's pickup place: reuses the place whose name matches, else creates one.",
            usage: "pickup set N NAME [--shift ID] | pickup set N --recent K [--shift ID]",
            arguments: [("N", "The delivery's number."), ("NAME", "The place's name, as you spell it.")],
            options: [("--recent K", "Record the K-th place of the recent list (1 to 5)."), shiftOption],
            valued: ["--recent", "--shift"]),
        CommandSpec(
            words: ["pickup", "clear"], overview: "Removes delivery N's pickup place. The place stays in the catalogue.",
            usage: "pickup clear N [--shift ID]", arguments: [("N", "The delivery's number.")], options: [shiftOption],
            valued: ["--shift"]),
        CommandSpec(
            words: ["pickup", "recent"], overview: "Lists the recent places: at most five, latest use first.",
            usage: "pickup recent [--json]", options: [jsonOption], flags: ["--json"]),
        CommandSpec(
            words: ["place", "list"], overview: "Lists every pickup place, alphabetically.", usage: "place list [--json]",
            options: [jsonOption], flags: ["--json"]),
        CommandSpec(
            words: ["place", "show"], overview: "Shows a place's history: its waits and its deliveries.",
            usage: "place show NAME [--json]", arguments: [("NAME", "Any spelling that matches the place's name.")],
            options: [jsonOption], flags: ["--json"]),
        CommandSpec(
            words: ["place", "rename"], overview: "Renames a place. Refused if another place already has the new name.",
            usage: "place rename NAME NEW_NAME", arguments: [("NAME", "The place's current name."), ("NEW_NAME", "Its new spelling.")]),
        CommandSpec(
            words: ["place", "merge"], overview: "Moves every delivery of SOURCE to DESTINATION, then removes SOURCE.",
            usage: "place merge SOURCE DESTINATION [--yes]",
            arguments: [("SOURCE", "The place to remove."), ("DESTINATION", "The place that keeps its name and gains the deliveries.")],
            options: [yesOption], flags: ["--yes"]),
        CommandSpec(
            words: ["route", "add"], overview: "Records a route sample on the running shift, at the clock's time.",
            usage: "route add LATITUDE LONGITUDE [--accuracy METRES] [--session ID]",
            arguments: [("LATITUDE", "Degrees, -90 to 90."), ("LONGITUDE", "Degrees, -180 to 180.")],
            options: [("--accuracy METRES", "The horizontal accuracy radius."), ("--session ID", "The capture session (default: the shift's own).")],
            valued: ["--accuracy", "--session"]),
        CommandSpec(
            words: ["route", "import"], overview: "Imports a GPX 1.1 track: each point joins the shift that holds its time.",
            usage: "route import FILE.gpx [--json]", arguments: [("FILE.gpx", "The GPX file.")], options: [jsonOption],
            flags: ["--json"]),
        CommandSpec(
            words: ["doctor"], overview: "Checks the store and changes nothing.", usage: "doctor [--json]", options: [jsonOption],
            flags: ["--json"]),
    ]

    /// The spec named by the leading words of `arguments`, with how many words named it.
    static func find(_ words: [String]) -> (CommandSpec, Int)? {
        for spec in all where words.count >= spec.words.count && Array(words.prefix(spec.words.count)) == spec.words {
            return (spec, spec.words.count)
        }
        // The lifecycle steps also stand alone (`dashpilot arrive 2`), as cli.md lists them.
        if let first = words.first, ["arrive", "pickup", "deliver", "cancel"].contains(first), words.count > 1,
            Int(words[1]) != nil, let spec = all.first(where: { $0.words == ["delivery", first] })
        {
            return (spec, 1)
        }
        return nil
    }

    /// The overall help.
    static var overallHelp: String {
        var lines = [
            "OVERVIEW: DashPilot keeps a food-delivery driver's own record: shifts, deliveries and the places",
            "they pick up from, on this device only.",
            "",
            "USAGE: dashpilot [--store PATH] COMMAND [ARGUMENTS] [OPTIONS]",
            "       dashpilot                 (on a terminal: the interactive screens)",
            "",
            "OPTIONS:",
            "  --store PATH      The store to use (default: $DASHPILOT_STORE, else $XDG_DATA_HOME/dashpilot/dashpilot.sqlite).",
            "  --version         Show the version.",
            "  -h, --help        Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        lines += all.map { "  \($0.usage.padding(58)) \($0.overview)" }
        lines += ["", "  See 'dashpilot help COMMAND' or 'dashpilot COMMAND --help' for the help of one command."]
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
