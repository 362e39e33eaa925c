extension ShellCompletions {
    /// A word and its description, as fish lists them: `shift\t'The shift commands'`.
    static func described(_ word: String, _ description: String) -> String { word + "\\t" + quoted(description) }

    /// Text in fish's single quotes.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// The first words with their descriptions: each group, then each command of one word.
    static var fishFirstWords: [String] {
        firstWords.dropLast().map { word in
            if let command = CommandTable.all.first(where: { $0.words == [word] }) { return described(word, command.overview) }
            let group = CommandTable.group(word).map { $0.words[1] }
            // A word that is a group and a step's short form (`pickup set`, `pickup N`) says both.
            guard let short = CommandTable.shortForm(word) else { return described(word, "The \(word) commands") }
            guard !group.isEmpty else { return described(word, short.overview) }
            return described(word, "The \(word) commands (\(group.joined(separator: ", "))), and \(word) N: \(short.name) N")
        }
    }

    /// One `case` a group: its subcommands with their descriptions.
    static func fishGroups(indent: String) -> String {
        groups.map { group, subcommands in
            "\(indent)case \(group)\n\(indent)    set subcommands "
                + subcommands.map { described($0.words[1], $0.overview) }.joined(separator: " ")
                + (standsAlone(group) ? "\n\(indent)    set alone 1" : "")
        }.joined(separator: "\n")
    }

    /// One `case` a command: its options with their descriptions, and what completes its arguments.
    static func fishCommands(indent: String) -> String {
        namedCommands.map { name, command in
            var lines = [
                "\(indent)case \(quoted(name))",
                "\(indent)    set options " + options(of: command).map { described($0.name, $0.help) }.joined(separator: " "),
            ]
            if !command.arguments.isEmpty { lines.append("\(indent)    set arguments \(argumentKinds(command))") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// One `case` an option whose value completes, then `--store`'s, after any command or none.
    static func fishValues(indent: String) -> String {
        (valueKinds.map { "\(indent)case \(quoted($0.command + " " + $0.option))\n\(indent)    set kind \($0.kind)" } + [
            "\(indent)case '* \(OptionSpec.store.name)'\n\(indent)    set kind \(kind(OptionSpec.store.completion))"
        ]).joined(separator: "\n")
    }

    static var fish: String {
        #"""
        # fish completion for dashpilot, made by `dashpilot completions fish`.

        # The candidates for the token under the cursor, one a line, each with its description after
        # a tab. The line is read as bash's and zsh's scripts read it; fish takes the quotes away
        # from what it hands over, and quotes what it inserts.
        function __dashpilot_complete
            set -l tokens (commandline -opc)
            set -l cur (commandline -ct | string unescape)
            set -l number '\#(numberPattern)'
            set -l rest
            set -l store
            set -l ended
            set -l valueof
            set -l vprefix
            set -l topic
            set -l screens
            set -l versioned
            # The words that name the command and its arguments: options and their values left out.
            set -l i 2
            while test $i -le (count $tokens)
                set -l word $tokens[$i]
                if set -q ended[1]
                    set -a rest $word
                else if test "$word" = --
                    set ended --options-ended
                else if string match -q -- '--store=*' $word
                    set store (string replace -- --store= '' $word)
                else if contains -- $word \#(valuedOptions.joined(separator: " "))
                    if test $i -lt (count $tokens)
                        test "$word" = --store; and set store $tokens[(math $i + 1)]
                    else
                        set valueof $word
                    end
                    set i (math $i + 1)
                else if contains -- $word \#(screensOptions.joined(separator: " "))
                    set -a screens $word
                else if contains -- $word --version -V
                    set versioned 1
                else if not string match -q -- '-?*' $word; or string match -qr -- $number $word
                    set -a rest $word
                end
                set i (math $i + 1)
            end
            # A value typed after its option and = (--store=PATH).
            if not set -q ended[1]; and test -z "$valueof"; and string match -q -- '--*=*' "$cur"
                set valueof (string split -m 1 = -- $cur)[1]
                set vprefix $valueof=
            end
            # --version takes nothing after it (cli.md): nothing completes but a value.
            if set -q versioned[1]; and test -z "$valueof"
                return
            end
            # The screens' options take no command: after one, only those not given complete.
            if set -q screens[1]; and test -z "$valueof"
                if not set -q rest[1]
                    for option in \#(besideScreens.map { described($0.name, $0.help) }.joined(separator: " "))
                        set -l name (string replace -r '\t.*' '' -- $option)
                        contains -- $name $screens; or begin; test $name = --store; and test -n "$store"; end; or printf '%s\n' $option
                    end
                end
                return
            end
            set -l value (string sub -s (math (string length -- "$vprefix") + 1) -- "$cur")
            # Place names come from the store the line names.
            set -l using
            if test -n "$store"
                set using --store (string replace -r -- '^~/' "$HOME/" $store)
            end
            # help COMMAND completes the commands' words, and nothing after them.
            if test "$rest[1]" = help; and test -z "$valueof"
                set topic 1
                set -e rest[1]
            end
            if test -z "$valueof"; and not set -q rest[1]
                printf '%s\n' \#(fishFirstWords.joined(separator: " "))
                set -q topic[1]; or printf '%s\n' \#(([described("help", "Help")] + firstOptionSpecs.map { described($0.name, $0.help) }).joined(separator: " "))
                return
            end
            set -l subcommands
            set -l alone
            switch $rest[1]
        \#(fishGroups(indent: "        "))
            end
            if test -z "$valueof"; and set -q subcommands[1]; and test (count $rest) -eq 1
                printf '%s\n' $subcommands
                # The group's own help (shift --help); a group that is a command too has its options.
                if not set -q topic[1]; and not set -q ended[1]; and not set -q alone[1]; and string match -q -- '-*' "$cur"
                    printf '%s\n' \#(described(help.name, help.help))
                end
                # A group that is a command too (backup PATH) goes on to its first argument.
                if set -q topic[1]; or not set -q alone[1]
                    return
                end
            end
            set -q topic[1]; and return
            set -l name $rest[1]
            set -l start 2
            if set -q rest[2]; and set -q subcommands[1]; and contains -- $rest[2] (string replace -r '\t.*' '' -- $subcommands)
                set name "$rest[1] $rest[2]"
                set start 3
            end
            set -l options
            set -l arguments
            switch $name
        \#(fishCommands(indent: "        "))
            end
            set -l kind none
            if test -n "$valueof"
                switch "$name $valueof"
        \#(fishValues(indent: "            "))
                end
            else
                # The cursor's argument: its place among the command's, the last repeating if it ends in ...
                set -l position (math (count $rest) - $start + 2)
                if test $position -le (count $arguments)
                    set kind $arguments[$position]
                else if set -q arguments[1]; and string match -q -- '*...' $arguments[-1]
                    set kind $arguments[-1]
                end
                set kind (string replace -- ... '' $kind)
                if not set -q ended[1]; and string match -q -- '-*' "$cur"
                    # An option, or a place whose name reads as a number (-5), which is a value.
                    set -q options[1]; and printf '%s\n' $options
                    test $kind = places; or set kind none
                end
            end
            switch $kind
                case places
                    dashpilot $using __complete-places $ended -- $value 2>/dev/null | string replace -r -- '^' "$vprefix"
                case files
                    __fish_complete_path $value | string replace -r -- '^' "$vprefix"
                case 'choices:*'
                    string split , -- (string replace -- choices: '' $kind) | string replace -r -- '^' "$vprefix"
            end
        end

        complete -c dashpilot -f -a '(__dashpilot_complete)'

        """#
    }
}
