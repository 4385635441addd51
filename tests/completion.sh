#!/usr/bin/env bash
# completion.sh BIN_DIR - the bash and zsh completions (src/cli/completion)
# and the manual page (src/cli/slide.1) against the program itself:
#
#   - both scripts parse (bash -n, zsh -n);
#   - the commands each completes are the ones `slide --help` lists (and
#     each one it offers is a command slide knows);
#   - for every command, the options each completes are exactly the options
#     named in `slide help COMMAND` that the command accepts, and every one
#     it offers is accepted (an option is probed as `--NAME=VALUE`: only an
#     unknown one gets "unknown option");
#   - the values offered for --algo, --heuristic, --output, --format,
#     --problem and the pdb actions are the lists slide's own error messages
#     give for a bad value;
#   - the manual page names every command, option and value of those lists,
#     and its version is the program's;
#   - each command's options part of `slide help COMMAND` (printed from the
#     option table the command scans with) lists every option the command
#     takes but --help, and the manual page's "COMMAND OPTIONS" section
#     describes exactly those, spelt alike ("-s, --size RxC", "--seed S");
#   - bash completes a few words as a user would see it.
#
# Prints every difference and exits 1 if there is any.
set -euo pipefail
slide=${1:?usage: tests/completion.sh BIN_DIR}/slide
cd "$(dirname "$0")/.."
bash_file=src/cli/completion/slide.bash
zsh_file=src/cli/completion/_slide
man_file=src/cli/slide.1
fail=0
problem() {
  echo "$*"
  fail=1
}
words() { tr -s ', ' '\n' | sed '/^$/d' | sort -u; }
# same LABEL EXPECTED ACTUAL: both word lists, compared as sets
same() {
  local missing extra
  missing=$(comm -23 <(echo "$2" | words) <(echo "$3" | words) | tr '\n' ' ')
  extra=$(comm -13 <(echo "$2" | words) <(echo "$3" | words) | tr '\n' ' ')
  [ -z "$missing" ] || problem "$1: lacks $missing"
  [ -z "$extra" ] || problem "$1: has $extra, which slide does not"
}

bash -n "$bash_file" || problem "$bash_file does not parse"
zsh -n "$zsh_file" || problem "$zsh_file does not parse"
# shellcheck source=../src/cli/completion/slide.bash
source "$bash_file"
# the words of zsh array NAME=( ... ) of the zsh script (entries 'word:description' give word)
zsh_array() {
  awk -v name="$1=(" 'index($0, name) == 1 { on = 1; $0 = substr($0, length(name) + 1) }
                      on { if (sub(/\)$/, "")) { print; exit } print }' "$zsh_file" |
    sed "s/'\([^':]*\):[^']*'/\1/g" | words
}
# the long options of the zsh branch for COMMAND, with those of the shared arrays it uses
zsh_options() {
  local branch name
  branch=$(sed -n "/^  $1)/,/;;/p" "$zsh_file")
  {
    echo "$branch"
    for name in $(echo "$branch" | grep -o '\$[a-z]\+' | tr -d '$' | sort -u); do
      grep "^$name=(" "$zsh_file" || true
    done
  } | grep -o -- '--[a-z][a-z-]*' | sort -u
}
# the man page's spelling of a word: every '-' written \-
man_has() { grep -qF -- "${1//-/\\-}" "$man_file"; }
# same_lines LABEL EXPECTED ACTUAL: both lists of lines, compared as sets
lines() { sed '/^$/d' | sort -u; }
same_lines() {
  local missing extra
  missing=$(comm -23 <(echo "$2" | lines) <(echo "$3" | lines) | paste -sd ';' | sed 's/;/; /g')
  extra=$(comm -13 <(echo "$2" | lines) <(echo "$3" | lines) | paste -sd ';' | sed 's/;/; /g')
  [ -z "$missing" ] || problem "$1: lacks $missing"
  [ -z "$extra" ] || problem "$1: has $extra, which the help does not list"
}
# the options part of `slide help COMMAND`, an option a line as it names it: "-s, --size RxC"
help_options() {
  "$slide" help "$1" | awk '/^options:$/ { on = 1; next }
                            on && /^$/ { exit }
                            on && /^  (-[A-Za-z], |    )--/ { sub(/^ +/, ""); sub(/  .*/, ""); print }'
}
# the options that the man page's section "COMMAND OPTIONS" describes (the tag of each .TP),
# spelt as roff prints them: the arguments of .B and .BI run together, quotes dropped, \- as -
man_options() {
  awk -v section=".SH $(echo "$1" | tr '[:lower:]' '[:upper:]') OPTIONS" '
    $0 == section { on = 1; next }
    on && /^\.SH/ { exit }
    on && tag {
      sub(/^\.[A-Z]+ /, ""); gsub(/\\-/, "-")
      out = ""; quoted = 0
      for (i = 1; i <= length($0); i++) {
        c = substr($0, i, 1)
        if (c == "\"") quoted = !quoted
        else if (c != " " || quoted) out = out c
      }
      print out
    }
    { tag = on && /^\.TP/ }' "$man_file"
}

# ---- the page's version, the program's
page_version=$(sed -n 's/^\.TH SLIDE 1 [0-9]* "slide \([^"]*\)".*/\1/p' "$man_file")
[ "slide $page_version" = "$("$slide" version)" ] ||
  problem "$man_file: says slide $page_version; the program is $("$slide" version)"

# ---- commands
listed=$("$slide" --help | sed -n '/^commands:/,/^example:/p' | awk '/^  [a-z-]/ { print $1 }' | tr -d ',')
# the messages of a command that is expected to fail
message() { "$slide" "$@" </dev/null 2>&1 || true; }
for name in $_slide_commands; do
  if message "$name" --no-such-option-probe | grep -q "unknown command"; then
    problem "$bash_file: offers '$name', which is not a command"
  fi
done
for name in $listed; do
  case " $_slide_commands " in *" $name "*) ;; *) problem "$bash_file: lacks command $name" ;; esac
  case $name in -*) ;; *) man_has "$name" || problem "$man_file: does not name command $name" ;; esac
done
same "$zsh_file: commands" "$(echo "$_slide_commands" | words | grep -v '^-')" "$(zsh_array commands)"

# ---- options
probe() { # probe COMMAND OPTION: succeeds when COMMAND knows OPTION
  local where=("$1")
  [ "$1" = pdb ] && where=(pdb info)
  ! message "${where[@]}" "$2=/nonexistent-probe" | grep -q "unknown option"
}
for command in solve split work spread check gen pdb play show; do
  named=$("$slide" help "$command" | grep -o -- '--[a-z][a-z-]*' | sort -u)
  known=""
  for option in $named --help; do
    if probe "$command" "$option"; then known="$known $option"; fi
  done
  variable=_slide_options_$command
  offered=${!variable}
  for option in $offered; do
    probe "$command" "$option" || problem "$bash_file: offers $option to $command, which does not take it"
  done
  same "$bash_file: options of $command" "$known" "$offered"
  same "$zsh_file: options of $command" "$known" "$(zsh_options "$command")"
  for option in $known; do
    [ "$option" = --help ] || man_has "$option" || problem "$man_file: does not name $command $option"
  done
  listed_options=$(help_options "$command")
  same "slide help $command: the options part" "$(echo "$known" | words | grep -vx -- --help)" \
    "$(echo "$listed_options" | grep -o -- '--[a-z][a-z-]*')"
  same_lines "$man_file: $(echo "$command" | tr '[:lower:]' '[:upper:]') OPTIONS" "$listed_options" \
    "$(man_options "$command")"
done

# ---- values, as slide's messages for a bad one list them
algos=$(message solve -a /nonexistent-probe 1 | sed -n 's/.*(algorithms: \([^)]*\)).*/\1/p')
heuristics=$(message solve -H /nonexistent-probe 1 | sed -n 's/.*(heuristics: \([^)]*\)).*/\1/p')
outputs=$(message solve -o /nonexistent-probe 1 | sed -n 's/.*is not one of \([^;]*\).*/\1/p')
formats=$(message gen -f /nonexistent-probe | sed -n 's/.*is not one of \([^;]*\).*/\1/p')
problems=$(message solve --problem /nonexistent-probe | sed -n 's/.*(problems: \([^)]*\)).*/\1/p')
actions=$(message pdb /nonexistent-probe | sed -n 's/.*(\([^)]*\)).*/\1/p' | sed 's/ or /, /')
for list in algos heuristics outputs formats problems actions; do
  [ -n "${!list}" ] || problem "no list of $list in slide's message"
done
same "$bash_file: algorithms" "$algos" "$_slide_values_algo"
same "$bash_file: heuristics" "$heuristics" "$_slide_values_heuristic"
same "$bash_file: outputs" "$outputs" "$_slide_values_output"
same "$bash_file: formats" "$formats" "$_slide_values_format"
same "$bash_file: problems" "$problems" "$_slide_values_problem"
same "$bash_file: pdb actions" "$actions" "$_slide_values_pdb"
same "$zsh_file: algorithms" "$algos" "$(zsh_array algos)"
same "$zsh_file: heuristics" "$heuristics" "$(zsh_array heuristics)"
same "$zsh_file: outputs" "$outputs" "$(zsh_array outputs)"
same "$zsh_file: formats" "$formats" "$(zsh_array formats)"
same "$zsh_file: problems" "$problems" "$(zsh_array problems)"
same "$zsh_file: pdb actions" "$actions" "$(sed -n "/_values 'pdb action'/,/]'\$/p" "$zsh_file" |
  grep -o "'[a-z]*\[" | tr -d "'[")"
for value in $(echo "$algos $heuristics $outputs $formats $actions" | words); do
  man_has "$value" || problem "$man_file: does not name $value"
done

# ---- bash, as a user sees it
complete_line() { # the completions bash offers for the words given, the last one being typed
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  _slide
  echo "${COMPREPLY[*]}"
}
[ "$(complete_line slide so)" = solve ] || problem "bash: 'slide so' gives '$(complete_line slide so)'"
[ "$(complete_line slide solve -o ti)" = tiles ] ||
  problem "bash: 'slide solve -o ti' gives '$(complete_line slide solve -o ti)'"
[ "$(complete_line slide solve --max-m)" = --max-memory ] ||
  problem "bash: 'slide solve --max-m' gives '$(complete_line slide solve --max-m)'"
[ "$(complete_line slide pdb b)" = build ] || problem "bash: 'slide pdb b' gives '$(complete_line slide pdb b)'"
[ -z "$(complete_line slide solve --goal '')" ] || problem "bash: offers words for a goal board"
[ -z "$(complete_line slide solve -- -)" ] || problem "bash: offers options after --"
[ "$(complete_line slide help v)" = version ] || problem "bash: 'slide help v' gives '$(complete_line slide help v)'"

exit $fail
