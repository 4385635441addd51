#!/usr/bin/env bash
# readme-examples.sh SLIDE_DIR CACHE_DIR [README] - keeps README.md true.
#
# 1. Examples.  A fenced block whose first line starts with "$ " is an
#    example: each "$ " line is a command (a following line that starts with
#    "> " continues it, as a shell's second prompt does), and the lines up to
#    the next command are what it prints: stdout and stderr together, as one
#    pipe collects them.  A terminal shows the same order as long as a
#    command's messages come before its answers (slide writes a board's
#    message before its answer, but flushes a batch's answers only when its
#    input would wait, and stderr at once).  Every command runs in bash,
#    with SLIDE_DIR (the built `slide`) first on PATH, in one scratch
#    directory shared by the whole README (so a command may read the files
#    an earlier one wrote), with an empty pattern database cache CACHE_DIR
#    (emptied here first: every run starts from the same state) and no
#    SLIDE_PDB_MAX_GROUP, as a user's would.  Each command may take at most 120 seconds.
#    Normalised on both sides before comparing, because they vary from run
#    to run: times in milliseconds ("0.068 ms" and "ms":1.2 become N), and
#    the cache directory's path is shown as the default, ~/.cache/slide.
#    Nothing else is: node counts and budget-counted memory are the same on
#    every machine.  The line
#        <!-- example: skip (reason) -->
#    right before a block (blank lines between are fine) skips it; keep
#    those for what cannot run in a test (minutes of table building).
# 2. Links.  Every "(#anchor)" link outside code must name a heading, by
#    GitHub's rule (lower case, punctuation other than "-" and "_" dropped,
#    spaces to "-", "-1", "-2" ... for repeats); every relative link must name
#    a file of the repository; and the "## Contents" list must link every
#    "## " section.
#
# Prints each failure (a diff for an example), then a summary line; exits 1
# if anything failed.  ctest runs it as `readme_examples`.
set -uo pipefail
slide_dir=${1:?usage: tests/readme-examples.sh SLIDE_DIR CACHE_DIR [README]}
cache=${2:?usage: tests/readme-examples.sh SLIDE_DIR CACHE_DIR [README]}
readme=${3:-$(dirname "$0")/../README.md}
slide_dir=$(cd "$slide_dir" && pwd)
readme_dir=$(cd "$(dirname "$readme")" && pwd)
[ -x "$slide_dir/slide" ] || { echo "no slide in $slide_dir" >&2; exit 2; }
[ -f "$readme" ] || { echo "no $readme" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$cache"
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
failures=0
ran=0
skipped=0

normalise() {
  sed -E -e 's/[0-9]+(\.[0-9]+)? ms\b/N ms/g' -e 's/"ms":[0-9]+(\.[0-9]+)?/"ms":N/g' \
    -e "s|$cache|~/.cache/slide|g"
}

# Runs one command ($2, from README line $1) and compares its output with $3.
run_example() {
  local line=$1 command=$2 expected=$3
  ran=$((ran + 1))
  printf '%s' "$expected" | normalise >"$work/.expected"
  (
    cd "$work/run" || exit 99
    env -u SLIDE_PDB_MAX_GROUP -u NO_COLOR PATH="$slide_dir:$PATH" SLIDE_CACHE_DIR="$cache" \
      TERM=dumb timeout 120 bash -c "$command" 2>&1
  ) </dev/null | normalise >"$work/.actual"
  if ! cmp -s "$work/.expected" "$work/.actual"; then
    failures=$((failures + 1))
    echo "README.md:$line: \$ $command"
    diff -u --label "README" --label "slide prints" "$work/.expected" "$work/.actual" | sed 1,2d
    echo
  fi
}

# One fenced block (lines in the array block, opened on README line $1).
check_block() {
  local first=$1 skip=$2 i command="" expected="" command_line=0
  [ ${#block[@]} -gt 0 ] && [[ ${block[0]} == '$ '* ]] || return 0
  if [ -n "$skip" ]; then
    for ((i = 0; i < ${#block[@]}; i++)); do
      [[ ${block[i]} == '$ '* ]] && skipped=$((skipped + 1))
    done
    return 0
  fi
  for ((i = 0; i <= ${#block[@]}; i++)); do
    local l=${block[i]-}
    if ((i == ${#block[@]})) || [[ $l == '$ '* ]]; then
      [ -n "$command" ] && run_example "$command_line" "$command" "$expected"
      command=${l#\$ }
      command_line=$((first + 1 + i))
      expected=""
    elif [[ $l == '> '* ]] && [ -z "$expected" ]; then
      command+=$'\n'"${l#> }"
    else
      expected+="$l"$'\n'
    fi
  done
}

# GitHub's anchor of a heading's text.
slug() {
  perl -CSA -e '
    my $t = $ARGV[0];
    $t =~ s/\[([^\]]*)\]\([^)]*\)/$1/g;   # a link shows its text
    $t = lc $t;
    $t =~ s/[^\p{Word}\- ]//g;
    $t =~ tr/ /-/;
    print $t;' "$1"
}

mkdir -p "$work/run"
declare -A anchors=()
declare -a block=() sections=() links=() toc=()
in_block=0
skip=""
block_line=0
in_toc=0
n=0
while IFS= read -r l || [ -n "$l" ]; do
  n=$((n + 1))
  if ((in_block)); then
    if [[ $l == '```'* ]]; then
      in_block=0
      check_block "$block_line" "$skip"
      skip=""
    else
      block+=("$l")
    fi
    continue
  fi
  if [[ $l == '```'* ]]; then
    in_block=1
    block=()
    block_line=$n
    continue
  fi
  if [[ $l =~ ^\<!--\ example:\ skip\ \((.+)\)\ --\>$ ]]; then
    skip=${BASH_REMATCH[1]}
    continue
  fi
  [[ $l =~ ^[[:space:]]*$ ]] || skip=""
  if [[ $l =~ ^(#{1,6})\ (.*)$ ]]; then
    text=${BASH_REMATCH[2]}
    base=$(slug "$text")
    anchor=$base
    k=0
    while [ -n "${anchors[$anchor]-}" ]; do
      k=$((k + 1))
      anchor="$base-$k"
    done
    anchors[$anchor]=$n
    in_toc=0
    if [ "${BASH_REMATCH[1]}" = "##" ]; then
      if [ "$text" = "Contents" ]; then
        in_toc=1
      else
        sections+=("$anchor")
      fi
    fi
  fi
  # links outside inline code
  rest=$(printf '%s' "$l" | sed -E 's/`[^`]*`//g')
  while [[ $rest =~ \]\(([^\)\ ]+)\) ]]; do
    target=${BASH_REMATCH[1]}
    links+=("$n $target")
    ((in_toc)) && toc+=("$target")
    rest=${rest#*"](${target})"}
  done
done <"$readme"

anchors_checked=0
for entry in "${links[@]}"; do
  line=${entry%% *}
  target=${entry#* }
  case $target in
  http://* | https://* | mailto:*) ;;
  \#*)
    anchors_checked=$((anchors_checked + 1))
    if [ -z "${anchors[${target#\#}]-}" ]; then
      echo "README.md:$line: link $target names no heading"
      failures=$((failures + 1))
    fi
    ;;
  *)
    if [ ! -e "$readme_dir/${target%%#*}" ]; then
      echo "README.md:$line: link $target names no file"
      failures=$((failures + 1))
    fi
    ;;
  esac
done
if [ ${#toc[@]} -eq 0 ]; then
  echo "README.md: no '## Contents' list of links"
  failures=$((failures + 1))
fi
for anchor in "${sections[@]}"; do
  listed=0
  for target in "${toc[@]}"; do
    [ "$target" = "#$anchor" ] && listed=1
  done
  if ((!listed)) && ((${#toc[@]})); then
    echo "README.md:${anchors[$anchor]}: section #$anchor is not in the Contents list"
    failures=$((failures + 1))
  fi
done

echo "README examples: $ran run, $skipped skipped; $anchors_checked anchor links checked;" \
  "$failures failure(s)"
[ "$failures" -eq 0 ]
