/// The shells a completion script can be written for.
public enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

extension HelpTable {
    /// The completion script for `shell`. It asks the program itself (`PROGRAM __complete -- WORDS… CURRENT`,
    /// bash `PROGRAM __complete --line LINE`) what may follow, so that commands, options and values all
    /// come from this table and the store. bash gets each word quoted for its place on the line; zsh
    /// and fish quote what they insert themselves, and get the words typed without their quotes.
    public func completionScript(for shell: Shell, hiddenCommand: String = "__complete") -> String {
        let p = program
        let f = "_" + p.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
        switch shell {
        case .bash:
            return """
                # bash completion for \(p) (made by `\(p) completion bash`)
                \(f)() {
                    local IFS=$'\\n' line
                    local -a lines
                    lines=($("${COMP_WORDS[0]}" \(hiddenCommand) --line "${COMP_LINE:0:COMP_POINT}" 2>/dev/null))
                    COMPREPLY=()
                    for line in "${lines[@]}"; do COMPREPLY+=("${line%%$'\\t'*}"); done
                    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then compopt -o nospace 2>/dev/null; fi
                    return 0
                }
                complete -F \(f) \(p)

                """
        case .zsh:
            return """
                #compdef \(p)
                # zsh completion for \(p) (made by `\(p) completion zsh`)
                \(f)() {
                    local -a lines candidates
                    local line current=${(Q)PREFIX}
                    [[ -n $compstate[quote] ]] && current=$PREFIX
                    lines=("${(@f)$("${words[1]}" \(hiddenCommand) -- "${(@Q)words[2,CURRENT-1]}" "$current" 2>/dev/null)}")
                    for line in "${lines[@]}"; do
                        [[ -z $line ]] && continue
                        candidates+=("${${${line%%$'\\t'*}//\\\\/\\\\\\\\}//:/\\\\:}:${line#*$'\\t'}")
                    done
                    _describe -t values '\(p)' candidates
                }
                if [[ ${funcstack[1]} == \(f) ]]; then \(f) "$@"; else compdef \(f) \(p); fi

                """
        case .fish:
            return """
                # fish completion for \(p) (made by `\(p) completion fish`)
                function _\(f)_complete
                    set -l words (commandline -opc)
                    set -l current (commandline -ct | string unescape)
                    $words[1] \(hiddenCommand) -- $words[2..-1] "$current" 2>/dev/null
                end
                complete -c \(p) -f -a '(_\(f)_complete)'

                """
        }
    }
}
