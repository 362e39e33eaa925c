import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of progress on standard error, redrawn in place while a long command works: only when
/// standard error is a terminal, and only once the command has taken more than a second, so that a
/// quick one writes nothing. The second is kept by a timer, so that one long step (a check of ten
/// years that reports nothing until it ends) is shown as soon as that second has passed.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let plainCharacters: Bool
    private let columns: @Sendable () -> Int
    private let write: @Sendable (String) -> Void
    private var line: String?
    private var drawn: String?
    private var due = false
    private var done: Bool

    /// A line on this process's standard error, when it is a terminal; `plainCharacters`: the
    /// terminal cannot show Unicode, and "…" is written "...".
    convenience init(plainCharacters: Bool) {
        let terminal = isatty(STDERR_FILENO) != 0
        self.init(
            isTerminal: terminal, plainCharacters: plainCharacters, columns: { terminalColumns(STDERR_FILENO) },
            write: { StandardError.write($0) },
            afterFirstSecond: { firstSecondPassed in
                guard terminal else { return }
                DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: firstSecondPassed)
            })
    }

    /// A line drawn through `write`, `columns` wide at most; `afterFirstSecond` is handed what to
    /// run once the first second has passed.
    init(
        isTerminal: Bool, plainCharacters: Bool, columns: @escaping @Sendable () -> Int, write: @escaping @Sendable (String) -> Void,
        afterFirstSecond: (@escaping @Sendable () -> Void) -> Void
    ) {
        self.plainCharacters = plainCharacters
        self.columns = columns
        self.write = write
        done = !isTerminal
        afterFirstSecond { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.due = true
                self.drawIfDue()
            }
        }
    }

    /// Shows `text` in place of the line before, once the first second has passed.
    func show(_ text: String) {
        lock.withLock {
            line = text
            drawIfDue()
        }
    }

    /// Takes the line away, for good: what the command says next starts on a clean line.
    func clear() {
        lock.withLock {
            if drawn != nil { write("\r\u{1B}[K") }
            drawn = nil
            done = true
        }
    }

    deinit { clear() }

    private func drawIfDue() {
        guard due, !done, let line, line != drawn else { return }
        drawn = line
        var shown = plainCharacters ? PlainCharacters.text(line) : line
        // A line wider than the terminal would wrap, and the next one could not take its place.
        let width = columns() - 1
        if width > 0 && DisplayWidth.of(shown) > width { shown = DisplayWidth.fit(shown, width, ellipsis: plainCharacters ? "..." : "…") }
        write("\r\u{1B}[K" + shown)
    }
}
