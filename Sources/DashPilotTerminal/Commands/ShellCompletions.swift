/// `dashpilot completions bash|zsh|fish`: a completion script for each shell, made from the one
/// command table, completing commands, options, fixed choices, files and (by asking `dashpilot
/// __complete-places`, which reads the store and logs nothing) place names.
enum ShellCompletions {
    static let shells = ["bash", "zsh", "fish"]

    static let command = CommandDefinition(
        words: ["completions"], overview: "Prints a completion script for bash, zsh or fish: commands, options and place names.",
        arguments: [ArgumentSpec(name: "SHELL", help: "bash, zsh or fish.", completion: .choices(shells))]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let shell = try input.positional(0, "SHELL").text
        guard shells.contains(shell) else {
            throw UsageError(command: input.command, message: "SHELL must be bash, zsh or fish; got \(TerminalText.safe(shell)).")
        }
        return { _ in
            print(script(for: shell), terminator: "")
            return ExitStatus.done
        }
    }

    /// The first words: each group once, and the commands of one word.
    static var firstWords: [String] {
        var seen: [String] = []
        for command in CommandTable.all where !seen.contains(command.words[0]) { seen.append(command.words[0]) }
        return seen + ["help"]
    }

    /// The options of the first word: the global ones, the interactive mode's, and the program's own.
    static var firstOptions: String {
        (["--store", "--json", "--accessible"] + CommandLineTool.InteractiveOptions.all.map(\.name) + ["--version", "--help"]).joined(
            separator: " ")
    }

    /// What completes a word after `command`'s words that is not an option.
    static func argumentCompletion(_ command: CommandDefinition) -> Completion {
        command.arguments.first { $0.completion != .none }?.completion ?? .none
    }

    static func script(for shell: String) -> String {
        switch shell {
        case "zsh": zsh
        case "fish": fish
        default: bash
        }
    }

    /// A completion as the scripts name it: "places", "files", "choices:week month", "none".
    static func kind(_ completion: Completion) -> String {
        switch completion {
        case .placeName: "places"
        case .file: "files"
        case .choices(let values): "choices:" + values.joined(separator: " ")
        case .none: "none"
        }
    }

    /// One `case` arm a command: `"shift list") options=...; kind=...;;`.
    static func cases(indent: String) -> String {
        CommandTable.all.map { command in
            let options = command.allOptions.map(\.name).joined(separator: " ")
            return "\(indent)\"\(command.name)\") options=\"\(options)\"; kind=\"\(kind(argumentCompletion(command)))\" ;;"
        }.joined(separator: "\n")
    }

    /// One `case` arm an option that takes a value, by command: `"expense edit --category") kind=...;;`,
    /// so that the word after it completes as its value (or, for a number, not at all).
    static func valueCases(indent: String) -> String {
        CommandTable.all.flatMap { command in
            command.allOptions.filter { $0.value != nil }.map { option in
                "\(indent)\"\(command.name) \(option.name)\") kind=\"\(kind(option.completion))\"; value=1 ;;"
            }
        }.joined(separator: "\n")
    }

    /// Every option that takes a value, as a `case` pattern: the walk over the line skips its value.
    static var valuedOptions: String {
        var names: [String] = []
        for command in CommandTable.all {
            for option in command.allOptions where option.value != nil && !names.contains(option.name) { names.append(option.name) }
        }
        return names.joined(separator: "|")
    }

    static func groups(indent: String) -> String {
        Set(CommandTable.all.filter { $0.words.count > 1 }.map { $0.words[0] }).sorted().map { group in
            "\(indent)\(group)) subcommands=\"\(CommandTable.group(group).map { $0.words[1] }.joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
    }

    static var bash: String {
        """
        # bash completion for dashpilot, made by `dashpilot completions bash`.
        _dashpilot() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} i word words=()
            for ((i = 1; i < COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                case $word in
                    \(valuedOptions)) ((i < COMP_CWORD - 1)) && ((i++)) ;;
                    -*) ;;
                    *) words+=("$word") ;;
                esac
            done
            if ((${#words[@]} == 0)); then
                COMPREPLY=($(compgen -W "\(firstWords.joined(separator: " ")) \(firstOptions)" -- "$cur"))
                return
            fi
            local subcommands=""
            case ${words[0]} in
        \(groups(indent: "        "))
            esac
            if [[ -n $subcommands && ${#words[@]} == 1 ]]; then
                COMPREPLY=($(compgen -W "$subcommands" -- "$cur"))
                return
            fi
            local name=${words[0]} options="" kind=none value=""
            [[ -n $subcommands ]] && name="${words[0]} ${words[1]}"
            case $name in
        \(cases(indent: "        "))
            esac
            case "$name $prev" in
        \(valueCases(indent: "        "))
            esac
            if [[ $cur == -* && -z $value ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
            elif [[ $kind == places ]]; then
                local IFS=$'\\n'
                COMPREPLY=($(dashpilot __complete-places -- "$cur" 2>/dev/null | while IFS= read -r place; do printf '%q\\n' "$place"; done))
            elif [[ $kind == files ]]; then
                COMPREPLY=($(compgen -f -- "$cur"))
            elif [[ $kind == choices:* ]]; then
                COMPREPLY=($(compgen -W "${kind#choices:}" -- "$cur"))
            fi
        }
        complete -F _dashpilot dashpilot

        """
    }

    static var zsh: String {
        """
        #compdef dashpilot
        # zsh completion for dashpilot, made by `dashpilot completions zsh`.
        _dashpilot_candidates() {
            local -a rest
            local i word subcommands="" name options="" kind=none value="" prev=${words[CURRENT - 1]}
            reply=()
            for ((i = 2; i < CURRENT; i++)); do
                word=${words[i]}
                case $word in
                    \(valuedOptions)) ((i < CURRENT - 1)) && ((i++)) ;;
                    -*) ;;
                    *) rest+=("$word") ;;
                esac
            done
            local cur=${words[CURRENT]}
            if ((${#rest} == 0)); then
                reply=(\(firstWords.joined(separator: " ")) \(firstOptions))
                return
            fi
            case ${rest[1]} in
        \(groups(indent: "        "))
            esac
            if [[ -n $subcommands && ${#rest} == 1 ]]; then
                reply=(${=subcommands})
                return
            fi
            name=${rest[1]}
            [[ -n $subcommands ]] && name="${rest[1]} ${rest[2]}"
            case $name in
        \(cases(indent: "        "))
            esac
            case "$name $prev" in
        \(valueCases(indent: "        "))
            esac
            if [[ $cur == -* && -z $value ]]; then
                reply=(${=options})
            elif [[ $kind == places ]]; then
                reply=("${(@f)$(dashpilot __complete-places -- "$cur" 2>/dev/null)}")
            elif [[ $kind == choices:* ]]; then
                reply=(${=kind#choices:})
            elif [[ $kind == files ]]; then
                reply=(files)
            fi
        }
        _dashpilot() {
            local -a reply
            _dashpilot_candidates
            if [[ $reply == files ]]; then
                _files
            else
                compadd -a reply
            fi
        }
        compdef _dashpilot dashpilot 2>/dev/null

        """
    }

    static var fish: String {
        var lines = [
            "# fish completion for dashpilot, made by `dashpilot completions fish`.",
            "complete -c dashpilot -f",
            "complete -c dashpilot -l store -r -F -d 'The store to use'",
            "complete -c dashpilot -l json -d 'Print JSON'",
            "complete -c dashpilot -l accessible -d 'Screens for a screen reader'",
        ]
        for option in CommandLineTool.InteractiveOptions.all {
            lines.append("complete -c dashpilot -n '__fish_use_subcommand' -l \(option.name.dropFirst(2)) -d \(quoted(option.help))")
        }
        let groups = Set(CommandTable.all.filter { $0.words.count > 1 }.map { $0.words[0] })
        for word in firstWords {
            let command = CommandTable.all.first { $0.words[0] == word }
            let description = groups.contains(word) ? "The \(word) commands" : command?.overview ?? "Help"
            lines.append("complete -c dashpilot -n '__fish_use_subcommand' -a \(word) -d \(quoted(description))")
        }
        for command in CommandTable.all {
            let condition: String
            if command.words.count > 1 {
                let siblings = CommandTable.group(command.words[0]).map { $0.words[1] }.joined(separator: " ")
                lines.append(
                    "complete -c dashpilot -n '__fish_seen_subcommand_from \(command.words[0]); and not __fish_seen_subcommand_from \(siblings)' -a \(command.words[1]) -d \(quoted(command.overview))"
                )
                condition = "__fish_seen_subcommand_from \(command.words[0]); and __fish_seen_subcommand_from \(command.words[1])"
            } else {
                condition = "__fish_seen_subcommand_from \(command.words[0])"
            }
            for option in command.options {
                let name = String(option.name.dropFirst(2))
                let value: String
                switch (option.value, option.completion) {
                case (nil, _): value = ""
                case (_, .choices(let values)): value = " -x -a '\(values.joined(separator: " "))'"
                case (_, .file): value = " -r -F"
                case (_, .placeName): value = " -x -a '(dashpilot __complete-places -- (commandline -ct) 2>/dev/null)'"
                case (_, .none): value = " -x"
                }
                lines.append("complete -c dashpilot -n '\(condition)' -l \(name)\(value) -d \(quoted(option.help))")
            }
            switch argumentCompletion(command) {
            case .placeName:
                lines.append("complete -c dashpilot -n '\(condition)' -a '(dashpilot __complete-places -- (commandline -ct) 2>/dev/null)'")
            case .file: lines.append("complete -c dashpilot -n '\(condition)' -F")
            case .choices(let values): lines.append("complete -c dashpilot -n '\(condition)' -a '\(values.joined(separator: " "))'")
            case .none: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }
}
