import DashPilotScreens

/// How the screen-reader mode reads a key: whether it edits a field, and how it is echoed.
extension AccessibleSession {
    /// Whether `key` edits a text field when the screen has no action for it.
    static func edits(_ key: Key) -> Bool {
        switch key {
        case .text, .paste, .backspace, .delete, .left, .right, .home, .end: true
        case .control(let character): "aeikuw".contains(character)
        default: false
        }
    }

    /// Whether `key` types characters into a field (Tab a blank, as cli.md has it).
    static func typesCharacters(_ key: Key) -> Bool {
        switch key {
        case .text, .paste, .control("i"): true
        default: false
        }
    }

    /// Characters that came together (a paste, a fast typist): echoed as typed, blanks said as
    /// such, never read as a key's name ("empty" is the pay sheet's word for Ctrl-U then Enter).
    static func typedTogether(_ key: Key) -> String? {
        switch key {
        case .paste(let text): text
        case .text(let text) where text.count > 1: text
        default: nil
        }
    }

    /// `key` as the echo names it; `nil` for the end of input.
    static func spoken(_ key: Key) -> ScreenAction.Key? {
        switch key {
        case .up: .up
        case .down: .down
        case .enter: .enter
        case .escape: .escape
        case .backspace: .backspace
        case .left: .left
        case .right: .right
        case .home: .home
        case .end: .end
        case .delete: .delete
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .mouse: nil
        case .interrupt: .control("c")
        case .endOfInput: nil
        case .control(let character): .control(character)
        case .text(let text): text.first.map { .character($0) }
        case .paste: nil
        }
    }
}
