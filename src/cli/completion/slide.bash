# bash completion for slide, installed as share/bash-completion/completions/slide
# (bash-completion loads it on first use; or `source` it from ~/.bashrc).
# The lists below are the program's own: tests/test_tour.c compares them with
# what `slide help COMMAND` and slide's error messages list.

_slide_commands="solve split work spread check gen pdb play show help version --help --version"
_slide_options_solve="--algo --heuristic --weight --goal --size --output --output-dir --pairs --problem --stats --max-memory --timeout --budget --jobs --help"
_slide_options_split="--goal --size --heuristic --max-memory --bound --items --prefix --help"
_slide_options_work="--tag --probe --help"
_slide_options_spread="--goal --size --heuristic --max-memory --sshlogin --jobs --items --per-job --local --checkpoint --retries --worker --parallel --log --stats --shuffle --timeout --twice --twice-share --output --help"
_slide_options_check="--goal --size --optimal --max-moves --problem --kattis --strict --max-memory --timeout --help"
_slide_options_gen="--size --count --seed --walk --walk-rule --unsolvable --format --goal --help"
_slide_options_pdb="--size --goal --max-memory --max-group --cache-dir --help"
_slide_options_play="--size --seed --goal --help"
_slide_options_show="--delay --goal --size --help"
_slide_values_algo="bfs bibfs astar table idastar strategy beam reduce auto"
_slide_values_heuristic="manhattan linear pdb"
_slide_values_output="moves steps path json svg tiles"
_slide_values_format="spaced compact json"
_slide_values_problem="poj1077 hdu1043 zoj1217 acwing179 uva652 acwing845 leetcode773 lintcode794 lanqiao luogu1379 uva10181"
_slide_values_pdb="build info clear"

_slide()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local command=${COMP_WORDS[1]} words=""
    COMPREPLY=()
    local i
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [ "${COMP_WORDS[i]}" = -- ]; then
            # after --, every word is a board or a file: no options
            if [ "$command" = check ] || [ "$command" = show ]; then
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            fi
            return
        fi
    done
    if [ "$COMP_CWORD" -eq 1 ]; then
        words=$_slide_commands
    else
        case $prev in
        -a | --algo) words=$_slide_values_algo ;;
        -H | --heuristic) words=$_slide_values_heuristic ;;
        -o | --output)
            if [ "$command" = spread ]; then words="moves steps"; else words=$_slide_values_output; fi ;;
        -f | --format) words=$_slide_values_format ;;
        --walk-rule) words="no-undo any" ;;
        --problem) words=$_slide_values_problem ;;
        --checkpoint | --log)
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return ;;
        --output-dir | --cache-dir)
            mapfile -t COMPREPLY < <(compgen -d -- "$cur")
            return ;;
        -g | --goal | -s | --size | -j | --jobs | -n | --count | --seed | -w | --walk | \
            --weight | --budget | --max-memory | --timeout | --max-moves | --max-group | --delay | \
            --bound | --items | --per-job | --local | --retries | --shuffle | -S | --sshlogin | \
            --worker | --parallel)
            return ;; # a value of the user's own
        *)
            if [ "$command" = help ]; then
                words="solve split work spread check gen pdb play show help version"
            elif [ "$command" = pdb ] && [ "$COMP_CWORD" -eq 2 ]; then
                words=$_slide_values_pdb
            elif [[ $cur == -* && $command =~ ^(solve|split|work|spread|check|gen|pdb|play|show)$ ]]; then
                local name=_slide_options_$command
                words=${!name}
            elif [ "$command" = check ] || [ "$command" = show ]; then
                # MOVES, INPUT, OUTPUT and ANSWER may be files
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                return
            fi ;;
        esac
    fi
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
}
complete -F _slide slide
