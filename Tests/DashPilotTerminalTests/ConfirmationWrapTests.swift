import Testing

@testable import DashPilotTerminal

/// A confirmation asked on a terminal is broken between words at its width, and nothing else of
/// it changes: the first wrapping joined its words with single spaces, so a restore's question
/// named a store path with two spaces in it as a path that does not exist.
@Suite struct ConfirmationWrapTests {
    @Test func aQuestionIsBrokenAtSpacesAndOtherwiseKeptAsItIs() {
        let path = "There is no store at /tmp/a  b/store.sqlite yet."
        #expect(Confirmation.broken(path, width: 80) == [path])
        #expect(Confirmation.broken(path, width: 30) == ["There is no store at /tmp/a ", "b/store.sqlite yet."])
        #expect(Confirmation.broken("Merge it into this one?", width: 12) == ["Merge it", "into this", "one?"])
        // A space just past the width is where the line breaks; a word wider than the line stays whole.
        #expect(Confirmation.broken("abcd efgh", width: 4) == ["abcd", "efgh"])
        #expect(Confirmation.broken("abcdefghij k", width: 4) == ["abcdefghij k"])
    }
}
