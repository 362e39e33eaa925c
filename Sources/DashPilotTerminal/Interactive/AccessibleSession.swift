import DashPilotCore
import DashPilotScreens

/// What the screen-reader mode hears of each key the app acts on.
protocol KeyListener: AnyObject {
    /// Before the app acts on `key`; returns keys for the app to act on first, unsaid.
    func keyWillAct(_ key: Key) -> [Key]
    /// Once the app has acted on `key`.
    func keyDidAct(_ key: Key)
}

/// The screen-reader mode (`dashpilot --accessible`): the same screens and keys as the full-screen
/// mode, said as lines of plain sentences for a screen reader or a braille display. A screen is
/// said whole when it opens (and on Ctrl-L); after a key, its echo ("> Enter"), then only what
/// changed; a screen returned to says its title and what changed since it was last said. Typing
/// into a text field is silent, and Enter echoes the line typed; typing into a prefilled field
/// replaces what it held, and Enter alone keeps it. Nothing but plain lines is ever written.
final class AccessibleSession: KeyListener {
    /// What was last said of a screen still open.
    private struct Said {
        weak var screen: AnyObject?
        var lines: [SpokenScreen.Line]
        /// Its fields the driver typed into: said again (Ctrl-L, Ctrl-Z, moving back to one),
        /// what they hold is the driver's and typing goes on after it.
        var typed: Set<String> = []
    }

    private let app: InteractiveApp
    private let write: ([String]) -> Void
    private var memory: [Said] = []
    /// The screen last said (the keys list stands for itself) and its lines.
    private var shownScreen: ObjectIdentifier?
    private var shownKeysList = false
    private var lines: [SpokenScreen.Line] = []
    private var messagesSaid = 0
    /// The focused field said and not typed into since: typing replaces what it holds.
    private var freshField: String?
    /// The screen on top before the key being acted on.
    private var topBefore: ObjectIdentifier?
    /// The key being acted on: its echo, whether it goes into a field, and the field focused
    /// before it.
    private var echo: String?
    private var typesIntoField = false
    private var focusedBefore: SpokenScreen.Line?

    /// The mode over `app`, writing its lines through `write`.
    init(app: InteractiveApp, write: @escaping ([String]) -> Void) {
        self.app = app
        self.write = write
        app.listener = self
        // A page is the rows in view less one (screens.md): a reader is given ten at a time, so
        // PgDn moves ten, as ListCursor.page makes of the window's rows.
        app.spokenRows = SpokenWords.pageSize + 7
    }

    /// Opens the first screen and says it whole.
    func start() {
        app.start()
        // A store found unusable on opening: the mode leaves, and says why on standard error.
        guard app.exitStatus == nil else { return }
        say(whole: true, after: nil)
    }

    /// Says what changed with no key: another terminal's change.
    func sayChanges() { say(whole: false, after: nil) }

    /// After the clock moved the screen: the line a shift gains after 12 hours ("Running for 12
    /// hours. If you forgot to end it, …", screens.md) is said as it appears, for the driver who
    /// forgot the shift; nothing else the clock moves is (a reader is not interrupted each minute).
    func sayReminder() {
        guard !app.showingKeys, let top = app.top, ObjectIdentifier(top) == shownScreen else { return }
        let isReminder = { (line: SpokenScreen.Line) in line.kind == .text && line.text.hasPrefix("Running for ") }
        let said = Set(lines.map(\.id))
        let new = app.spoken().lines.filter { isReminder($0) && !said.contains($0.id) }
        guard !new.isEmpty else { return }
        write(new.map(\.said))
        lines = lines.filter { !isReminder($0) } + new
    }

    func keyWillAct(_ key: Key) -> [Key] {
        focusedBefore = app.showingKeys ? nil : lines.first { $0.kind == .field && $0.isSelected }
        topBefore = app.top.map { ObjectIdentifier($0) }
        // A key the screen has no action for goes into its field, when it edits one (`?` lists
        // the keys instead, outside a field).
        let listsKeys = ScreenAction.keysList.key.matches(key) && app.top?.takesQuestionMark == false
        typesIntoField = Self.edits(key) && !listsKeys && !app.showingKeys && app.top?.acts(on: key) == false
        if key == .enter, let typed = focusedBefore?.value, !typed.isEmpty {
            echo = SpokenWords.echo(typed: TerminalText.safe(typed))
        } else if let typed = Self.typedTogether(key) {
            echo = SpokenWords.echo(typed: TerminalText.safe(typed))
        } else {
            echo = Self.spoken(key).map { SpokenWords.echo($0) }
        }
        // Tab is a blank there (cli.md), and a paste is typed: each replaces it as a character does.
        guard typesIntoField, Self.typesCharacters(key), let field = focusedBefore, field.id == freshField, field.value?.isEmpty == false
        else { return [] }
        // A line typed replaces the prefilled one: to its end, then all of it away.
        return [.end, .control("u")]
    }

    func keyDidAct(_ key: Key) {
        if key == .endOfInput { return }
        let now = app.spoken()
        let typing = typesIntoField && (focusedBefore != nil || now.focusedField != nil)
        if let echo, !typing, key != .control("l") { write([echo]) }
        guard app.exitStatus == nil else { return }
        say(whole: key == .control("l") || key == .control("z"), after: key, typing: typing, now: now)
        // A field is read afresh after each Enter (a refused line is typed again), and no
        // longer once typed into.
        if typing {
            freshField = nil
            if let top = app.top, let field = focusedBefore ?? now.focusedField {
                if let index = memory.firstIndex(where: { $0.screen === top }) {
                    memory[index].typed.insert(field.id)
                } else {
                    memory.append(Said(screen: top, lines: [], typed: [field.id]))
                }
            }
        }
        // A field is read afresh after an Enter it stayed focused through (a refused line).
        if key == .enter, let field = now.focusedField, field.id == focusedBefore?.id, topBefore == app.top.map({ ObjectIdentifier($0) }) {
            if let index = memory.firstIndex(where: { $0.screen === app.top }) { memory[index].typed.remove(field.id) }
            freshField = field.id
        }
    }

    /// Says the screen now on top: whole, or what changed since it was last said; then a
    /// message the key or the change left.
    private func say(whole: Bool, after key: Key?, typing: Bool = false, now: SpokenScreen? = nil) {
        let now = (now ?? app.spoken()).lines
        let screen = app.top.map { ObjectIdentifier($0) }
        memory.removeAll { $0.screen == nil }
        var said: [SpokenScreen.Line]
        if whole || (app.showingKeys && !shownKeysList) {
            said = now
        } else if app.showingKeys {
            said = Self.changes(from: lines, to: now, after: key, typing: false)
        } else if screen != shownScreen || shownKeysList {
            if let before = memory.first(where: { $0.screen === app.top })?.lines {
                said = Self.changes(from: before, to: now, after: key, typing: typing, returning: true)
                // The screen come back to is named first, changed or not ("Places, 1." before
                // "Removed: …"): each screen is said top to bottom.
                if let title = now.first {
                    said.removeAll { $0 == title }
                    said.insert(title, at: 0)
                }
            } else {
                said = now
            }
        } else {
            said = Self.changes(from: lines, to: now, after: key, typing: typing)
        }
        if let field = said.last(where: { $0.kind == .field && $0.isSelected }),
            memory.first(where: { $0.screen === app.top })?.typed.contains(field.id) != true
        {
            freshField = field.id
        }
        var out = said.map(\.said)
        if app.messagesSet != messagesSaid, let message = app.message {
            out.append(SpokenScreen.sentence(message))
        }
        messagesSaid = app.messagesSet
        if !out.isEmpty { write(out) }
        lines = now
        shownScreen = screen
        shownKeysList = app.showingKeys
        guard !app.showingKeys, let top = app.top else { return }
        if let index = memory.firstIndex(where: { $0.screen === top }) {
            memory[index].lines = now
        } else {
            memory.append(Said(screen: top, lines: now))
        }
    }

    /// The lines of `now` to say after `key` (`typing` into a field), given what was said of the
    /// same screen before.
    /// `returning`: the screen is said again after another on top of it closed (a question).
    static func changes(
        from before: [SpokenScreen.Line], to now: [SpokenScreen.Line], after key: Key?, typing: Bool = false, returning: Bool = false
    ) -> [SpokenScreen.Line] {
        let earlier = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A screen back in view after Esc or n closed what covered it (a sheet, a question, the
        // keys list) changed only by another terminal meanwhile: as news with no key, said (an
        // expense removed under the add sheet went unsaid).
        let elsewhere = key == nil || (returning && (key == .escape || key == .text("n")))
        // A row that appears after a record (Enter) or another terminal's change was added (a
        // tip, an expense, the first of them too) and is said; rows a move or typing brings into
        // the page are not news, and of a new page the selected one is said.
        let rowsKept = elsewhere || key == .enter
        // A row gone from the same list (its title unchanged) after a removal (Delete, y to a
        // question over it, or Enter) was removed, and is said to be; a move, or typing into a
        // filter ("y" too), only leaves it off the page, and a list whose title changed (the shift
        // ended) is another list.
        let present = Set(now.map(\.id))
        let sameList = before.first?.text == now.first?.text
        // Another terminal's change (no key) removed a row when the others stayed and none took
        // its place: the next row moving up into a long list's page is no news of a removal, nor
        // are rows that all went with the screen's subject (the shift ended), and its title may
        // count the rows.
        let rows = now.filter { $0.kind == .row }
        let othersStayed = !rows.isEmpty && rows.allSatisfy { earlier[$0.id] != nil }
        // The last row gone, where the title still names the same subject ("Shift running since
        // 5:00 PM", before the count it gives), was removed too.
        let lastGone = rows.isEmpty && subject(before.first) != nil && subject(before.first) == subject(now.first)
        // A key removed a row only where the list now holds fewer: after Enter records an
        // expense, the rows it pushed off a long list's page are still there.
        func total(_ lines: [SpokenScreen.Line]) -> Int { lines.compactMap(\.total).first ?? lines.filter { $0.kind == .row }.count }
        let shrank = total(now) < total(before)
        let removes =
            !typing
            && (sameList && shrank && (key == .enter || key == .delete || (key == .text("y") && returning))
                || (elsewhere && (othersStayed || lastGone)))
        // Of a list a filter narrows, holding as many as before, a row gone only no longer matches.
        let narrowedAlike = before.first?.filteredFrom != nil && before.first?.filteredFrom == now.first?.filteredFrom
        let gone = removes && !narrowedAlike ? before.filter { $0.kind == .row && !present.contains($0.id) } : []
        return gone.map { SpokenScreen.Line(id: $0.id, text: "Removed: " + $0.text, kind: .text) }
            + now.filter { line in
                guard let old = earlier[line.id] else {
                    switch line.kind {
                    case .row: return line.isSelected || rowsKept
                    // Typing is silent: a key that works only while the field is empty comes and goes.
                    case .keys: return !typing
                    case .text, .field, .alert: return true
                    }
                }
                switch line.kind {
                // A row whose number alone changed (a row added or removed above it) is no news.
                case .row: return line.change != old.change || line.label != old.label || (line.isSelected && !old.isSelected)
                // Typing moves to the field it goes into without a word. A sheet come back to says
                // its field with what it holds: a pay typed before a tip sheet opened went unsaid,
                // and the next Enter recorded it.
                case .field: return line.isSelected && ((!old.isSelected && !typing) || (returning && line.value?.isEmpty == false))
                case .alert: return key == .enter
                case .text, .keys: return false
                }
            }
            .flatMap { line in
                // A recorded step is said as it happened; the rest as they now read. A place
                // another program gave with the step is news too: the row follows as it reads.
                guard line.kind == .row, let change = line.change, let old = earlier[line.id], change != old.change else { return [line] }
                let step = SpokenScreen.Line(id: line.id, text: change, kind: .text)
                return line.standing == old.standing ? [step] : [step, line]
            }
    }

    /// What a title line names, before any count or figure after its first comma.
    static func subject(_ line: SpokenScreen.Line?) -> Substring? {
        guard let line, line.kind == .text else { return nil }
        return line.text.prefix { $0 != "," && $0 != "." }
    }
}
