import Testing

@testable import DashPilotTerminal

/// The line a long command redraws on a terminal while it works (backup, restore, doctor, an
/// import): nothing for a quick command, one long step shown once its first second has passed.
@Suite("A long command's progress line")
struct ProgressLineTests {
    /// What the line wrote, and the first second, run when the test says it passed.
    final class Terminal: @unchecked Sendable {
        var written: [String] = []
        var firstSecondPassed: (@Sendable () -> Void)?
        var columns = 80
    }

    static func line(_ terminal: Terminal, isTerminal: Bool = true, plainCharacters: Bool = false) -> ProgressLine {
        ProgressLine(
            isTerminal: isTerminal, plainCharacters: plainCharacters, columns: { terminal.columns },
            write: { terminal.written.append($0) }, afterFirstSecond: { terminal.firstSecondPassed = $0 })
    }

    @Test func aStepIsShownOnceTheFirstSecondHasPassedNotBefore() throws {
        let terminal = Terminal()
        let line = Self.line(terminal)
        line.show("Checking the backup…")
        #expect(terminal.written.isEmpty)
        // One long step reports nothing more; the second passing shows it all the same.
        let secondPassed = try #require(terminal.firstSecondPassed)
        secondPassed()
        #expect(terminal.written == ["\r\u{1B}[KChecking the backup…"])
        // The same line is not drawn again; the next one takes its place.
        line.show("Checking the backup…")
        line.show("Restoring: replacing the store, 40%")
        #expect(terminal.written.last == "\r\u{1B}[KRestoring: replacing the store, 40%" && terminal.written.count == 2)
        // Cleared for what the command says next, and for good.
        line.clear()
        line.show("Restoring: replacing the store, 41%")
        #expect(terminal.written.suffix(1) == ["\r\u{1B}[K"] && terminal.written.count == 3)
    }

    @Test func aQuickCommandWritesNothingNotEvenAClear() {
        let terminal = Terminal()
        let line = Self.line(terminal)
        line.show("Backing up: 40%")
        line.clear()
        terminal.firstSecondPassed?()
        #expect(terminal.written.isEmpty)
    }

    @Test func withoutATerminalNothingIsWritten() {
        let terminal = Terminal()
        let line = Self.line(terminal, isTerminal: false)
        line.show("Checking route summaries: 12%")
        terminal.firstSecondPassed?()
        line.clear()
        #expect(terminal.written.isEmpty)
    }

    /// A line wider than the terminal would wrap, and the next could not take its place: it is cut
    /// to a column less than the width, and in plain characters where Unicode can't be shown.
    @Test func aLineFitsANarrowTerminalInItsCharacters() throws {
        let terminal = Terminal()
        terminal.columns = 20
        let line = Self.line(terminal, plainCharacters: true)
        line.show("Restoring: checking the store's copy…")
        let secondPassed = try #require(terminal.firstSecondPassed)
        secondPassed()
        #expect(terminal.written == ["\r\u{1B}[KRestoring: check..."])
        terminal.columns = 60
        line.show("Restoring: upgrading the backup…")
        #expect(terminal.written.last == "\r\u{1B}[KRestoring: upgrading the backup...")
    }
}
