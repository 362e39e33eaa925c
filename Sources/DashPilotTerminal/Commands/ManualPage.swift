/// The manual page `dashpilot(1)`, made from the command table like the help, so that the two
/// never disagree.
enum ManualPage {
    /// The page's date: the release it describes, not the day it was printed, so that the kept
    /// page is reproducible.
    static let date = "2026-11-30"

    /// roff text for `man`.
    static var text: String {
        var lines = [
            ".TH DASHPILOT 1 \(date) \"dashpilot \(CommandLineTool.version)\" \"User Commands\"",
            ".SH NAME",
            "dashpilot \\- a food\\-delivery driver's own record",
            ".SH SYNOPSIS",
            ".B dashpilot",
            "[\\fB\\-\\-store\\fR \\fIPATH\\fR] [\\fB\\-\\-json\\fR]",
            "\\fICOMMAND\\fR [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]",
            ".br",
            ".B dashpilot",
            "[\\fB\\-\\-accessible\\fR] [\\fB\\-\\-no\\-mouse\\fR]",
            ".SH DESCRIPTION",
        ]
        lines += paragraph(
            "DashPilot keeps a food-delivery driver's own record: shifts, each delivery's lifecycle, route samples, and the places they pick up from, in one SQLite file on this device. No network code, no lookup, no sync, no export. With no command, on a terminal, it opens the interactive screens; elsewhere it prints help. There a tap selects a card or a row and works the button or the key it is on, and the wheel scrolls a list. With --accessible (or DASHPILOT_ACCESSIBLE=1, or TERM=dumb on a terminal) the same screens are said for a screen reader or braille display: each screen once as plain sentences, then only what a key changed, with no escape sequence; Ctrl-L says the screen again."
        )
        lines.append(".SH GLOBAL OPTIONS")
        for option in [OptionSpec.store, OptionSpec.json, OptionSpec.accessible] {
            lines += item(option.name + (option.value.map { " " + $0 } ?? ""), option.help)
        }
        lines += item("--version", "Show the version.")
        lines += item("-h, --help", "Show help information.")
        lines.append(".SH INTERACTIVE OPTIONS")
        for option in CommandLineTool.InteractiveOptions.all { lines += item(option.name, option.help) }
        lines.append(".SH COMMANDS")
        for command in CommandTable.all {
            lines.append(".SS \(escape(command.name))")
            for alternative in command.usageAlternatives {
                // The synopsis as the help gives it: the command's words in bold (a short form's
                // own, `arrive`), then its arguments.
                let words = alternative.split(separator: " ", omittingEmptySubsequences: false)
                let named =
                    alternative.hasPrefix(command.name)
                    ? command.name.split(separator: " ").count : words.prefix { $0.allSatisfy { $0.isLowercase && $0.isLetter } }.count
                let arguments = escape(words.dropFirst(named).joined(separator: " "))
                lines += [".B dashpilot \(escape(words.prefix(named).joined(separator: " ")))"]
                lines += (arguments.isEmpty ? [] : [arguments]) + [".br"]
            }
            lines.removeLast()
            lines.append(".PP")
            lines += paragraph(command.overview)
            for argument in command.arguments { lines += item(argument.name, argument.help) }
            for option in command.options { lines += item(option.name + (option.value.map { " " + $0 } ?? ""), option.help) }
        }
        lines += [".SH EXIT STATUS"]
        lines += item("0", "Done.")
        lines += item("1", "Refused by a rule, or the shift, delivery or place was not found; standard error says which.")
        lines += item("64", "Usage: an unknown command or option, a missing or malformed argument.")
        lines += item(
            "74",
            "The store cannot be used: not a DashPilot store, damaged, written by a newer version, read-only, the disk is full, or busy (another program held its lock for longer than five seconds); standard error says which."
        )
        lines += item("130", "Interrupted.")
        lines += [".SH ENVIRONMENT"]
        lines += item("DASHPILOT_STORE", "The store to use when --store is not given. Empty is a usage error.")
        lines += item("XDG_DATA_HOME", "Where the default store lives: $XDG_DATA_HOME/dashpilot/dashpilot.sqlite.")
        lines += item("LC_ALL, LC_TIME, LC_MONETARY, LANG", "The locale of times, dates and money. JSON never depends on it.")
        lines += item("TZ", "The driver's time zone.")
        lines += item("NO_COLOR", "No colour, and # for bar pictures.")
        lines += item("DASHPILOT_MOUSE", "0 leaves the mouse to the terminal in the interactive screens, as --no-mouse does.")
        lines += item(
            "DASHPILOT_ACCESSIBLE", "Set to 1, the interactive screens on a terminal are said for a screen reader, as --accessible does.")
        lines += item("TERM", "A dumb terminal gets the interactive screens as plain sentences, as --accessible does.")
        lines += item(
            "DASHPILOT_LOG",
            "Set, what happens to pickup places and expenses is logged on standard error: the event and the rule that refused it, never a name, key, note or count."
        )
        lines += [".SH FILES"]
        lines += item("~/.local/share/dashpilot/dashpilot.sqlite", "The default store, mode 0600 in a folder of mode 0700.")
        lines += item(
            "~/.local/share/dashpilot/backups/",
            "The backups folder beside the store, mode 0700: backup writes there with no PATH, and before an upgrade or a restore the store is backed up there."
        )
        return lines.joined(separator: "\n") + "\n"
    }

    static func item(_ tag: String, _ text: String) -> [String] {
        [".TP", "\\fB\(escape(tag))\\fR"] + paragraph(text)
    }

    /// `text` as input lines of at most 80 bytes, one sentence starting each line as roff prefers.
    static func paragraph(_ text: String) -> [String] {
        var lines: [String] = []
        for sentence in text.replacingOccurrences(of: ". ", with: ".\n").split(separator: "\n") {
            var line = ""
            for word in sentence.split(separator: " ") {
                let piece = escape(String(word))
                if !line.isEmpty && line.utf8.count + 1 + piece.utf8.count > 80 {
                    lines.append(line)
                    line = piece
                } else {
                    line = line.isEmpty ? piece : line + " " + piece
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// Text with roff's special characters escaped, and no line starting with a control character.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
