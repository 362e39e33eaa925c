import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `backup [PATH]`, `backup list` and `restore PATH`: keeping the record (keeping.md).
enum KeepingCommands {
    // `backup list` comes first: the table finds a command by its leading words.
    static let all: [CommandDefinition] = [list, backup, restore]

    static let backup = CommandDefinition(
        words: ["backup"],
        overview: "Writes a checked copy of the store: into the backups folder beside it, or at PATH (a folder or a new file).",
        arguments: [
            ArgumentSpec(name: "PATH", help: "Where to write it (default: the backups folder).", isOptional: true, completion: .file)
        ]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        // An empty PATH is a usage error, as an empty `--store ""` is: never the default folder.
        if input.positionals.first?.bytes.isEmpty == true {
            throw UsageError(
                command: input.command, message: "PATH is empty; give a folder or a new file, or leave it out for the backups folder.")
        }
        let destination = input.positionals.first.map { StorePath(bytes: $0.bytes) }
        return { context in
            guard context.storeExists else {
                throw CommandFailure(sentence: "There is no store at \(context.storePath.display) to back up yet.")
            }
            // As it is: a store at an older version is copied at that version, never upgraded
            // first (an upgrade could not run on a read-only store, or without its own backup).
            let store = try context.storeAsItIs()
            let status = ProgressLine(plainCharacters: context.plainCharacters)
            defer { status.clear() }
            // Ctrl-C stops the copy between its steps, and it leaves no trace (cli.md's 130): killed
            // outright, it left its temporary copy, as large as the store, until the next backup.
            StopSignals.catchThem()
            store.stopRequested = { stopSignal != 0 }
            let summary: BackupSummary
            do {
                summary = try store.backup(to: destination, timeZone: context.format.timeZone) { status.show(StatusWords.backup($0)) }
            } catch  where stopSignal != 0 {
                return 128 + stopSignal
            }
            status.clear()
            context.say(KeepingWords.backedUp(summary))
            return ExitStatus.done
        }
    }

    static let list = CommandDefinition(
        words: ["backup", "list"], overview: "Lists the backups folder, newest first, with what each holds and the room they take.",
        printsJSON: true
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let json = input.json
        return { context in
            let (backups, unusable) = try DashPilotStore.backupsFolderContents(of: context.storePath)
            if json {
                context.say(
                    json: .array(
                        backups.map {
                            .object([
                                ("path", .string($0.path)), ("madeAt", .time($0.madeAt)), ("bytes", .integer($0.bytes)),
                                ("schema", .integer(Int64($0.schemaVersion))), ("shifts", .integer(Int64($0.shifts))),
                                ("automatic", .bool($0.isAutomatic)),
                            ])
                        }))
            } else {
                context.say(lines: KeepingWords.list(backups, unusable: unusable, format: context.format).map(TerminalText.safe))
                // "No backups yet." is not the whole truth where none can be made.
                if let blocked = DashPilotStore.backupsFolderBlocked(of: context.storePath) {
                    context.say(DoctorCommand.blockedSentence(blocked))
                }
            }
            return ExitStatus.done
        }
    }

    static let restore = CommandDefinition(
        words: ["restore"], overview: "Replaces the store with a checked backup, after backing the store up.",
        arguments: [ArgumentSpec(name: "PATH", help: "The backup to restore.", completion: .file)], options: [.yes]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let path = StorePath(bytes: try input.positional(0, "PATH").bytes)
        // An empty PATH names no file: malformed, as an empty `--store ""` is.
        if path.bytes.isEmpty { throw UsageError(command: input.command, message: "PATH is empty; give the backup's path.") }
        let yes = input.flag("--yes")
        return { context in
            // On a terminal, a line says what runs while the backup is checked (seconds on years):
            // cleared before the question, or, with `--yes`, followed by the restore's own steps.
            let status = ProgressLine(plainCharacters: context.plainCharacters)
            defer { status.clear() }
            status.show(StatusWords.checkingBackup)
            let incoming = try checkedBackup(path)
            do {
                return try restore(incoming, yes: yes, status: status, context)
            } catch let error as StoreError {
                switch error {
                case .notADashPilotStore(let at, _) where at == context.storePath.display,
                    .damaged(let at) where at == context.storePath.display:
                    // Left as it is, since it may be another program's file; a store in its place is one step away.
                    throw CommandFailure(
                        sentence: error.sentence + " To restore the backup in its place, move it aside first.",
                        status: ExitStatus.storeUnusable)
                default: throw error
                }
            }
        }
    }

    /// The backup at `path`, checked; a file that cannot be one is named as the backup (the store
    /// sentences called it "the store", and said only that it was left as it was).
    private static func checkedBackup(_ path: StorePath) throws -> CheckedBackup {
        do {
            return try DashPilotStore.checkedForRestore(path)
        } catch let error as StoreError {
            let sentence: String
            switch error {
            case .newerVersion(let at, let version) where at == path.display:
                sentence =
                    "The backup \(at) was written by a newer version of DashPilot (schema \(version)), so the store was left as it is; "
                    + "update DashPilot to restore it."
            case .notADashPilotStore(let at, let reason) where at == path.display:
                sentence = "\(at) is not a DashPilot backup (\(reason)); the store was left as it is."
            case .damaged(let at) where at == path.display:
                sentence = "The backup \(at) is damaged and can't be restored; the store was left as it is."
            case .cannotOpen(let at, let reason) where at == path.display:
                sentence = "The backup \(at) can't be opened (\(reason)); the store was left as it is."
            default: throw error
            }
            // One sentence, as the other refusals of a restore end.
            throw CommandFailure(sentence: sentence, status: ExitStatus.storeUnusable)
        }
    }

    /// The restore of `incoming`, checked, once the driver said yes (or `--yes`); `status` shows
    /// its steps on a terminal.
    private static func restore(_ checked: CheckedBackup, yes: Bool, status: ProgressLine, _ context: CommandContext) throws -> Int32 {
        let incoming = checked.summary
        // Asked before the store is opened for writing: a store that is not there yet is
        // made only once the driver said yes, and there is nothing of it to back up.
        // A link to no file: no store stands there, and none is made through it (asked first).
        if let target = DashPilotStore.danglingLink(context.storePath) {
            throw StoreError.cannotOpen(path: context.storePath.display, reason: "it is a link to \(target), where there is no file")
        }
        let existed = context.storeExists
        let question =
            existed
            ? KeepingWords.restoreQuestion(store: try Self.summaryUnlessDamaged(context), backup: incoming, format: context.format)
            : KeepingWords.restoreQuestion(newStoreAt: context.storePath.display, backup: incoming, format: context.format)
        // The prompt asks what the question does: there is nothing to replace on a new device.
        let prompt = existed ? "Replace? [y/N]" : "Make it? [y/N]"
        if !yes { status.clear() }
        guard try context.confirmed(yes, question: question, prompt: prompt, what: "Restoring a backup") else {
            throw CommandFailure(sentence: "Not confirmed; nothing was changed.")
        }
        // Its steps (a backup of the store, the replacement) each wait for locks on their own.
        context.waitsOnce = false
        let store = try context.store()
        let steps = yes ? status : ProgressLine(plainCharacters: context.plainCharacters)
        defer { steps.clear() }
        // Ctrl-C before the replacement leaves no trace (cli.md's 130): the copy of the store
        // made first stops between its steps and goes; the replacement is one step, and commits.
        StopSignals.catchThem()
        store.stopRequested = { stopSignal != 0 }
        let restored: BackupSummary
        do {
            restored = try store.restore(checked, timeZone: context.format.timeZone, backingUpFirst: existed) {
                steps.show(StatusWords.restore($0))
            }
        } catch  where stopSignal != 0 {
            return 128 + stopSignal
        }
        steps.clear()
        let keptAs = store.damagedStoreKeptAs
        context.say(KeepingWords.restored(restored, from: checked.path.display, keptBefore: existed, damagedKeptAs: keptAs))
        return ExitStatus.done
    }

    /// What the store holds, for the question before a restore; `nil` when it is too damaged to
    /// count (a damaged store is what a restore is for).
    static func summaryUnlessDamaged(_ context: CommandContext) throws -> BackupSummary? {
        do {
            return try DashPilotStore.summary(of: context.storePath, automatic: nil)
        } catch let error as StoreError {
            if case .damaged = error { return nil }
            throw error
        }
    }
}
