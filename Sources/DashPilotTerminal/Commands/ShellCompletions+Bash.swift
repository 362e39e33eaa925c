extension ShellCompletions {
    /// One `case` arm a group: `shift) subcommands="start end ..." ;;`.
    static func bashGroups(indent: String) -> String {
        groups.map { group, subcommands in
            "\(indent)\(group)) subcommands=\"\(subcommands.map { $0.words[1] }.joined(separator: " "))\""
                + (standsAlone(group) ? " alone=1" : "") + " ;;"
        }.joined(separator: "\n")
    }

    /// One `case` arm a command: `"pickup set") options="..." arguments="none places" ;;`.
    static func bashCommands(indent: String) -> String {
        namedCommands.map { name, command in
            let names = options(of: command).map(\.name).joined(separator: " ")
            return "\(indent)\"\(name)\") options=\"\(names)\" arguments=\"\(argumentKinds(command))\" ;;"
        }.joined(separator: "\n")
    }

    /// One `case` arm an option whose value completes: `"expense edit --category") kind=... ;;`,
    /// then `--store`'s, after any command or none.
    static func bashValues(indent: String) -> String {
        (valueKinds.map { "\(indent)\"\($0.command) \($0.option)\") kind=\($0.kind) ;;" } + [
            "\(indent)*\" \(OptionSpec.store.name)\") kind=\(kind(OptionSpec.store.completion)) ;;"
        ]).joined(separator: "\n")
    }

    static var bash: String {
        #"""
        # bash completion for dashpilot, made by `dashpilot completions bash`.

        # Reads the line up to the cursor as the shell will read it: words, the words before the
        # cursor's, and cur, the cursor's word, their quotes and backslashes taken away; quote, the
        # quote cur is open in, if any; lead, the start of cur that readline keeps as it is (up to an
        # open quote or a word-breaking character such as =).
        _dashpilot_read_line() {
            local line=${COMP_LINE:0:COMP_POINT} c i started=""
            words=() cur="" quote="" lead=""
            for ((i = 0; i < ${#line}; i++)); do
                c=${line:i:1}
                if [[ $quote == "'" ]]; then
                    if [[ $c == "'" ]]; then quote=""; else cur+=$c; fi
                elif [[ $quote == '"' ]]; then
                    if [[ $c == '"' ]]; then
                        quote=""
                    elif [[ $c == '\' && ${line:i+1:1} == [\"\\\$\`] ]]; then
                        cur+=${line:i+1:1}
                        ((i++))
                    else
                        cur+=$c
                    fi
                elif [[ $c == [[:blank:]] ]]; then
                    [[ -n $started ]] && words+=("$cur")
                    cur="" started="" lead=""
                else
                    started=1
                    if [[ $c == '\' ]]; then
                        cur+=${line:i+1:1}
                        ((i++))
                    elif [[ $c == [\"\'] ]]; then
                        quote=$c lead=$cur
                    else
                        cur+=$c
                        [[ $COMP_WORDBREAKS == *"$c"* ]] && lead=$cur
                    fi
                fi
            done
        }

        # Sets COMPREPLY to the candidates (whole words, unquoted) as readline must insert them: what
        # follows lead, written for the quote the word is open in, or else with backslashes.
        _dashpilot_offer() {
            local candidate special sq="'" dq='"' bs='\'
            COMPREPLY=()
            for candidate; do
                candidate=${candidate:${#lead}}
                case $quote in
                    "'") candidate=${candidate//"$sq"/"$sq$bs$sq$sq"} ;;
                    '"') for special in "$bs" "$dq" '$' '`'; do candidate=${candidate//"$special"/"$bs$special"}; done ;;
                    *) printf -v candidate %q "$candidate" ;;
                esac
                COMPREPLY+=("$candidate")
            done
        }

        _dashpilot() {
            local words cur quote lead
            _dashpilot_read_line
            local i word list store="" ended="" screens="" version="" valueof="" vprefix="" topic="" number='\#(numberPattern)'
            local -a rest=() found=() using=()
            # The words that name the command and its arguments: options and their values left out.
            for ((i = 1; i < ${#words[@]}; i++)); do
                word=${words[i]}
                if [[ -n $ended ]]; then
                    rest+=("$word")
                    continue
                fi
                case $word in
                    --) ended=1 ;;
                    --store=*) store=${word#--store=} ;;
                    \#(valuedOptions.joined(separator: "|")))
                        ((i + 1 < ${#words[@]})) || valueof=$word
                        [[ $word == --store ]] && store=${words[i + 1]}
                        ((i++)) ;;
                    \#(screensOptions.joined(separator: "|"))) screens+=" $word" ;;
                    --version|-V) version=1 ;;
                    -?*) [[ $word =~ $number ]] && rest+=("$word") ;;
                    *) rest+=("$word") ;;
                esac
            done
            # A value typed after its option and = (--store=PATH).
            if [[ -z $ended && -z $valueof && $cur == --*=* ]]; then
                valueof=${cur%%=*} vprefix=${cur%%=*}=
            fi
            # --version takes nothing after it (cli.md): nothing completes but a value.
            if [[ -n $version && -z $valueof ]]; then
                COMPREPLY=()
                return
            fi
            # The screens' options take no command: after one, only those not given complete.
            if [[ -n $screens && -z $valueof ]]; then
                if ((${#rest[@]} == 0)); then
                    for word in \#(besideScreens.map(\.name).joined(separator: " ")); do
                        [[ "$screens " == *" $word "* || ($word == --store && -n $store) ]] || found+=("$word")
                    done
                fi
                _dashpilot_offer $(compgen -W "${found[*]}" -- "$cur")
                return
            fi
            # Place names come from the store the line names.
            [[ $store == "~/"* ]] && store=$HOME/${store:2}
            [[ -n $store ]] && using=(--store "$store")
            # help COMMAND completes the commands' words, and nothing after them.
            if [[ ${rest[0]} == help && -z $valueof ]]; then
                topic=1
                rest=("${rest[@]:1}")
            fi
            if [[ -z $valueof ]] && ((${#rest[@]} == 0)); then
                if [[ -n $topic ]]; then
                    _dashpilot_offer $(compgen -W "\#(firstWords.dropLast().joined(separator: " "))" -- "$cur")
                else
                    _dashpilot_offer $(compgen -W "\#(firstWords.joined(separator: " ")) \#(firstOptions)" -- "$cur")
                fi
                return
            fi
            local subcommands="" alone="" name="" start=1 options="" arguments="" kind=none
            case ${rest[0]} in
        \#(bashGroups(indent: "        "))
            esac
            if [[ -z $valueof && -n $subcommands ]] && ((${#rest[@]} == 1)); then
                found=($(compgen -W "$subcommands" -- "$cur"))
                # The group's own help (shift --help); a group that is a command too has its options.
                [[ -z $topic$ended$alone && $cur == -* ]] && found+=($(compgen -W "--help" -- "$cur"))
                # A group that is a command too (backup PATH) goes on to its first argument.
                if [[ -n $topic || -z $alone ]]; then
                    _dashpilot_offer "${found[@]}"
                    return
                fi
            fi
            [[ -n $topic ]] && return
            name=${rest[0]}
            if [[ -n ${rest[1]} && " $subcommands " == *" ${rest[1]} "* ]]; then
                name="${rest[0]} ${rest[1]}" start=2
            fi
            case $name in
        \#(bashCommands(indent: "        "))
            esac
            if [[ -n $valueof ]]; then
                case "$name $valueof" in
        \#(bashValues(indent: "            "))
                esac
            else
                # The cursor's argument: its place among the command's, the last repeating if it ends in ...
                local -a kinds=($arguments)
                local position=$((${#rest[@]} - start))
                if ((position < ${#kinds[@]})); then
                    kind=${kinds[position]}
                elif ((${#kinds[@]} > 0)) && [[ ${kinds[${#kinds[@]} - 1]} == *... ]]; then
                    kind=${kinds[${#kinds[@]} - 1]}
                fi
                kind=${kind%...}
                if [[ -z $ended && $cur == -* ]]; then
                    # An option, or a place whose name reads as a number (-5), which is a value.
                    found=($(compgen -W "$options" -- "$cur"))
                    [[ $kind == places ]] || kind=none
                fi
            fi
            local value=${cur#"$vprefix"} choices=${kind#choices:}
            case $kind in
                places) list=$(dashpilot "${using[@]}" __complete-places ${ended:+--options-ended} -- "$value" 2>/dev/null) ;;
                # Inside a completion, bash 5.2's compgen -f takes a quote in the name for one
                # (Joe's ride.gpx completed to nothing): such a name is matched by a glob, with
                # compgen's ~/ and hidden files, whatever the driver's own glob options.
                files)
                    if [[ $value == *[\'\"\\]* ]]; then
                        list=$(
                            shopt -s nullglob dotglob
                            shopt -u failglob
                            base=$value
                            [[ $value == "~/"* ]] && base=$HOME/${value:2}
                            for word in "$base"*; do
                                [[ $word == */. || $word == */.. ]] && continue
                                [[ $base != "$value" ]] && word="~/${word#"$HOME"/}"
                                printf '%s\n' "$word"
                            done
                        )
                    else
                        list=$(compgen -f -- "$value")
                    fi ;;
                choices:*) list=$(compgen -W "${choices//,/ }" -- "$value") ;;
            esac
            while IFS= read -r word; do
                [[ -n $word ]] && found+=("$vprefix$word")
            done <<< "$list"
            if [[ $kind == files ]]; then
                # readline quotes file names itself, and marks folders.
                compopt -o filenames 2>/dev/null
                COMPREPLY=()
                for word in "${found[@]}"; do COMPREPLY+=("${word:${#lead}}"); done
            else
                _dashpilot_offer "${found[@]}"
            fi
        }
        complete -F _dashpilot dashpilot

        """#
    }
}
