/// An expense's note, cleaned and checked as a place's name is: composed, whitespace collapsed,
/// at most 120 characters; control characters, text-direction controls and invalid UTF-8 refused.
/// Shown escaped, never logged.
public struct ExpenseNote: Sendable, Equatable {
    /// The note as the driver reads it.
    public let text: String

    /// The note `typed` says, or `nil` when it is empty after cleanup (no note), or the problem
    /// that refuses it.
    public static func make(_ typed: String) throws(ExpenseNoteProblem) -> ExpenseNote? {
        let display = PickupPlaceName.displayForm(of: typed)
        if display.isEmpty { return nil }
        switch PickupPlaceName.problem(withDisplay: display) {
        case nil: return ExpenseNote(text: display)
        case .tooLong: throw .tooLong
        case .tooManyBytes: throw .tooManyBytes
        case .controlCharacter: throw .controlCharacter
        case .bidiControl: throw .bidiControl
        case .invisible, .empty: throw .invisible
        case .invalidUTF8: throw .invalidUTF8
        }
    }

    /// The note the raw bytes `typed` say (a command-line argument), refusing invalid UTF-8.
    public static func make<Bytes: Collection>(utf8 typed: Bytes) throws(ExpenseNoteProblem) -> ExpenseNote?
    where Bytes.Element == UInt8 {
        guard let text = String(validating: typed, as: UTF8.self) else { throw .invalidUTF8 }
        return try make(text)
    }

    private init(text: String) { self.text = text }
}

/// Why a typed note was refused.
public enum ExpenseNoteProblem: String, Error, Sendable, Equatable, CaseIterable {
    case tooLong, tooManyBytes, controlCharacter, bidiControl, invisible, invalidUTF8

    /// The refusal as a sentence for the driver.
    public var sentence: String {
        switch self {
        case .tooLong: "That note is too long; a note is at most 120 characters."
        case .tooManyBytes: "That note is too long to keep: its characters take more than 1,024 bytes."
        case .controlCharacter: "That note holds a control character; type the note as it should read."
        case .bidiControl: "That note holds a text-direction control, which could make it display as something it is not."
        case .invisible: "That note has nothing visible in it; type the note, or leave it out."
        case .invalidUTF8: "That note is not valid UTF-8 text."
        }
    }
}
