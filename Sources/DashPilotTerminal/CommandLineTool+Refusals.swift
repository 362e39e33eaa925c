import DashPilotCore
import DashPilotScreens

extension CommandLineTool {
    /// A refusal as the command line says it: the domain's sentence, its times in the driver's
    /// locale, then the command that helps.
    static func sentence(_ refusal: DashPilotRefusal, format: ScreenFormat) -> String {
        let sentence = refusal.sentence(times: format.moment, apart: format.apart)
        guard let hint = refusal.hint else { return sentence }
        let way =
            switch hint {
            case .startShift: "Start one with `dashpilot shift start`."
            case .findPlace(let word):
                // A word that reads as an option is given with the option it belongs to.
                "To list the places whose name contains \"\(word)\": `dashpilot place list --match\(word.hasPrefix("-") ? "=" : " ")\(shellWord(word))`."
            case .rename: "To give it a name no place has yet: `dashpilot place rename NAME NEW_NAME`."
            // After money-and-time.md's own words, "The shift is paused; resume it first.".
            case .resume: "Run `dashpilot shift resume`."
            }
        return sentence + " " + way
    }

    /// `word` as a shell takes it back whole when the command is pasted: in double quotes when
    /// nothing in it is special there ("Absent"), else in single quotes, each one in it closed,
    /// escaped and reopened ('Joe'\''s "Diner"'), so that no `$(…)` or backquote in a name runs.
    static func shellWord(_ word: String) -> String {
        guard word.contains(where: { "$`\"\\!".contains($0) }) else { return "\"\(word)\"" }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
