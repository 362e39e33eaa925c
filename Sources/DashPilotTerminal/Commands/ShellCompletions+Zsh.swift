extension ShellCompletions {
    static var zsh: String {
        #"""
        #compdef dashpilot
        # zsh completion for dashpilot, made by `dashpilot completions zsh`.

        # Sets reply to the candidates for the word before the cursor (whole, unquoted: zsh quotes
        # what it inserts), kind to what they are ("files": zsh's own), and vprefix to the option and
        # = a value follows (--store=PATH). The line is read as bash's script reads it.
        _dashpilot_candidates() {
            local i word store="" ended="" screens="" version="" valueof="" topic="" number='\#(numberPattern)'
            local cur=${(Q)PREFIX}
            local -a rest using
            reply=() kind=none vprefix=""
            # The words that name the command and its arguments: options and their values left out.
            for ((i = 2; i < CURRENT; i++)); do
                word=${(Q)words[i]}
                if [[ -n $ended ]]; then
                    rest+=("$word")
                    continue
                fi
                case $word in
                    --) ended=1 ;;
                    --store=*) store=${word#--store=} ;;
                    \#(valuedOptions.joined(separator: "|")))
                        ((i + 1 < CURRENT)) || valueof=$word
                        [[ $word == --store ]] && store=${(Q)words[i + 1]}
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
            [[ -n $version && -z $valueof ]] && return
            # The screens' options take no command: after one, only those not given complete.
            if [[ -n $screens && -z $valueof ]]; then
                if ((${#rest} == 0)); then
                    for word in \#(besideScreens.map(\.name).joined(separator: " ")); do
                        [[ "$screens " == *" $word "* || ($word == --store && -n $store) ]] || reply+=("$word")
                    done
                fi
                return
            fi
            # Place names come from the store the line names.
            [[ $store == "~/"* ]] && store=$HOME/${store:2}
            [[ -n $store ]] && using=(--store "$store")
            # help COMMAND completes the commands' words, and nothing after them.
            if [[ $rest[1] == help && -z $valueof ]]; then
                topic=1
                shift rest
            fi
            if [[ -z $valueof ]] && ((${#rest} == 0)); then
                reply=(\#(firstWords.dropLast().joined(separator: " ")))
                [[ -n $topic ]] || reply+=(help \#(firstOptions))
                return
            fi
            local subcommands="" alone="" name="" start=2 options="" arguments=""
            case $rest[1] in
        \#(bashGroups(indent: "        "))
            esac
            if [[ -z $valueof && -n $subcommands ]] && ((${#rest} == 1)); then
                reply=(${=subcommands})
                # The group's own help (shift --help); a group that is a command too has its options.
                [[ -z $topic$ended$alone && $cur == -* ]] && reply+=(--help)
                # A group that is a command too (backup PATH) goes on to its first argument.
                [[ -n $topic || -z $alone ]] && return
            fi
            [[ -n $topic ]] && return
            name=$rest[1]
            if [[ -n $rest[2] && " $subcommands " == *" $rest[2] "* ]]; then
                name="$rest[1] $rest[2]" start=3
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
                local -a kinds=(${=arguments})
                local position=$((${#rest} - start + 2))
                if ((position <= ${#kinds})); then
                    kind=$kinds[position]
                elif [[ $kinds[-1] == *... ]]; then
                    kind=$kinds[-1]
                fi
                kind=${kind%...}
                if [[ -z $ended && $cur == -* ]]; then
                    # An option, or a place whose name reads as a number (-5), which is a value.
                    reply=(${=options})
                    [[ $kind == places ]] || kind=none
                fi
            fi
            local value=${cur#$vprefix} choices=${kind#choices:}
            case $kind in
                places)
                    # The options beside them as zsh would match them; the names as the program
                    # matched them, by key (`now` finds Nowhere Noodles), never again by spelling.
                    reply=(${(M)reply:#${(b)value}*})
                    reply+=("${(@f)$(dashpilot $using __complete-places ${ended:+--options-ended} -- "$value" 2>/dev/null)}") ;;
                choices:*) reply+=(${(s:,:)choices}) ;;
            esac
            reply=(${reply:#})
        }

        _dashpilot() {
            local -a reply
            local kind vprefix
            _dashpilot_candidates
            [[ -n $vprefix ]] && compset -P '*='
            if [[ $kind == files ]]; then
                # Files, and the subcommands beside them (backup list).
                local ret=1
                ((${#reply})) && compadd -a reply && ret=0
                _files && ret=0
                return ret
            elif [[ $kind == places ]]; then
                compadd -U -a reply
            else
                compadd -a reply
            fi
        }

        # Autoloaded from $fpath, as compinit leaves it, this file is _dashpilot's body: complete now.
        # Sourced, it registers the function.
        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _dashpilot "$@"
        else
            compdef _dashpilot dashpilot 2>/dev/null
        fi

        """#
    }
}
