import DashPilotScreens

/// What comes as one read of the terminal: characters typed or pasted together, into a field
/// whole or each its own key.
extension InteractiveApp {
    /// Acts on `key`. Characters that came together go into a field whole when the screen on top
    /// types into one, up to one that works an action there; otherwise each is its own key, in
    /// order, each to the screen on top then.
    func handle(_ key: Key) {
        if case .paste(let text) = key { return paste(text) }
        guard case .text(let characters) = key, characters.count > 1 else { return handleOne(key) }
        var rest = Substring(characters)
        while let first = rest.first, !quitting {
            if let top = stack.last, top.typingGoesToField && !showingKeys {
                let typed = rest.prefix { top.fieldTakes($0) }
                if !typed.isEmpty {
                    handleOne(.text(String(typed)))
                    rest = rest.dropFirst(typed.count)
                    continue
                }
            }
            handleOne(.text(String(first)))
            rest = rest.dropFirst()
        }
    }

    /// A paste (cli.md): into a field whole, its line breaks and tabs as spaces (the naming policy
    /// then judges what else it holds); outside a field, each character is its own key.
    fileprivate func paste(_ text: String) {
        if stack.last?.typingGoesToField == true && !showingKeys {
            let spaced = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" ? " " : $0 })
            if !spaced.isEmpty { handleOne(.text(spaced)) }
            return
        }
        // Read once, with no paste inside it: a marker within a paste is dropped, never a paste
        // again (one nested in another would recurse without end).
        var decoder = KeyDecoder(bracketsPastes: false)
        for key in decoder.keys(from: Array(text.utf8)) + decoder.finish() where !quitting { handle(key) }
    }
}
