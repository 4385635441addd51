#!/usr/bin/env bash
# readme-examples.sh SLIDE_DIR CACHE_DIR [ROOT | FILE.md...] - keeps every
# Markdown file of the repository true: README.md, src/README.md, the README
# of each folder, tests/README.md, tests/bench/README.md ...
#
# The files: every *.md file of the repository ROOT (default: the one this
# script is in) that git tracks, and every untracked one git does not ignore
# (`git ls-files`, then `git ls-files --others --exclude-standard`; without
# git, every *.md under ROOT), none under a build* directory.  Given FILE.md
# arguments instead, those files alone (their links still resolve against
# the whole tree).
#
# 1. Examples.  A fenced block whose first line starts with "$ " is an
#    example: each "$ " line is a command (a following line that starts with
#    "> " continues it, as a shell's second prompt does), and the lines up to
#    the next command are what it prints: stdout and stderr together, as one
#    pipe collects them.  A terminal shows the same order as long as a
#    command's messages come before its answers (slide writes a board's
#    message before its answer, but flushes a batch's answers only when its
#    input would wait, and stderr at once).  Every command runs in bash,
#    with SLIDE_DIR (the built `slide`) first on PATH, in a scratch directory
#    of its file's own, shared by that file's examples in order (so a command
#    may read the files an earlier one of the same file wrote), with an empty
#    pattern database cache CACHE_DIR (emptied here before each file: every
#    file starts from the same state, whatever the order) and no
#    SLIDE_PDB_MAX_GROUP, as a user's would.  Each command may take at most
#    120 seconds.  Normalised on both sides before comparing, because they
#    vary from run to run: times in milliseconds ("0.068 ms" and "ms":1.2
#    become N), and the cache directory's path is shown as the default,
#    ~/.cache/slide.  Nothing else is: node counts and budget-counted memory
#    are the same on every machine.  The line
#        <!-- example: skip (reason) -->
#    right before a block (blank lines between are fine) skips it; keep
#    those for what cannot run in a test (minutes of table building).
# 2. Links.  Every link outside code, "[text](target)", must resolve: a
#    relative target names a file or folder of the repository (relative to
#    the linking file's folder; "/x" from ROOT), and an anchor names a
#    heading of the file it points into: "#x" of the same file, "other.md#x"
#    or "../README.md#x" of that one, by GitHub's rule (inline markup and
#    link targets dropped, lower case, punctuation other than "-" and "_"
#    dropped, spaces to "-", "-1", "-2" ... for repeats; headings inside
#    code blocks do not count).  A file that has a "## Contents" section
#    must list every "## " section there.
#
# Prints each failure as FILE:LINE (a diff for an example), then one summary
# line; exits 1 if anything failed.  ctest runs it as `readme_examples`.
set -uo pipefail
shopt -s extglob
usage="usage: tests/readme-examples.sh SLIDE_DIR CACHE_DIR [ROOT | FILE.md...]"
slide_dir=${1:?$usage}
cache=${2:?$usage}
shift 2
slide_dir=$(cd "$slide_dir" && pwd)
[ -x "$slide_dir/slide" ] || { echo "no slide in $slide_dir" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
declare -a files=()
if [ $# -eq 1 ] && [ -d "$1" ]; then
  root=$(cd "$1" && pwd)
  shift
fi
if [ $# -gt 0 ]; then
  for f in "$@"; do
    [ -f "$f" ] || { echo "no $f" >&2; exit 2; }
    files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
  done
else
  if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    list=$(cd "$root" && { git ls-files -- '*.md'; git ls-files --others --exclude-standard -- '*.md'; })
  else
    list=$(cd "$root" && find . -name .git -prune -o -name '*.md' -type f -print | sed 's|^\./||')
  fi
  while IFS= read -r f; do
    [ -n "$f" ] || continue
    [[ /$f =~ /build[^/]*/ ]] && continue
    [ -f "$root/$f" ] && files+=("$root/$f") # a tracked file deleted in the working tree is gone
  done < <(printf '%s\n' "$list" | sort -u)
fi
[ ${#files[@]} -gt 0 ] || { echo "no Markdown files under $root" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$cache"
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
failures=0
examples_passed=0
examples_failed=0
skipped=0
links_passed=0
links_failed=0
anchor_links=0

# A path as the messages show it: from ROOT when it is inside ROOT.
shown() {
  case $1 in
  "$root"/*) printf '%s' "${1#"$root"/}" ;;
  *) printf '%s' "$1" ;;
  esac
}

normalise() {
  sed -E -e 's/[0-9]+(\.[0-9]+)? ms\b/N ms/g' -e 's/"ms":[0-9]+(\.[0-9]+)?/"ms":N/g' \
    -e "s|$cache|~/.cache/slide|g"
}

# The headings of a Markdown file, one a line: level, GitHub's anchor, line.
# Headings inside fenced code blocks do not count.
headings() {
  perl -CSA -ne '
    BEGIN { our %seen; our $fence = 0 }
    chomp; s/\r$//;
    if (/^```/) { $fence = !$fence; next }
    next if $fence;
    next unless /^(#{1,6}) (.*)$/;
    my ($level, $t) = (length $1, $2);
    $t =~ s/\[([^\]]*)\]\([^)]*\)/$1/g;   # a link shows its text
    $t = lc $t;
    $t =~ s/[^\p{Word}\- ]//g;
    $t =~ tr/ /-/;
    my ($anchor, $k) = ($t, 0);
    $anchor = $t . "-" . ++$k while $seen{$anchor};
    $seen{$anchor} = 1;
    print "$level\t$anchor\t$.\n";' "$1"
}

# An absolute path without "." and ".." (and without a final "/").
canonical() {
  local IFS=/ part
  local -a out=()
  for part in $1; do
    case $part in
    '' | .) ;;
    ..) [ ${#out[@]} -gt 0 ] && unset 'out[${#out[@]}-1]' ;;
    *) out+=("$part") ;;
    esac
  done
  printf '/%s' "${out[@]}"
}

# anchors[FILE#ANCHOR] = line of the heading, for every file read so far.
declare -A anchors=() read_headings=()
load_headings() {
  local file=$1 level anchor line
  [ -n "${read_headings[$file]-}" ] && return 0
  read_headings[$file]=1
  while IFS=$'\t' read -r level anchor line; do
    anchors["$file#$anchor"]=$line
  done < <(headings "$file")
}

# Runs one command ($2, from line $1 of $file) and compares its output with $3.
run_example() {
  local line=$1 command=$2 expected=$3
  printf '%s' "$expected" | normalise >"$work/.expected"
  (
    cd "$run_dir" || exit 99
    env -u SLIDE_PDB_MAX_GROUP -u NO_COLOR PATH="$slide_dir:$PATH" SLIDE_CACHE_DIR="$cache" \
      TERM=dumb timeout 120 bash -c "$command" 2>&1
  ) </dev/null | normalise >"$work/.actual"
  if cmp -s "$work/.expected" "$work/.actual"; then
    examples_passed=$((examples_passed + 1))
  else
    examples_failed=$((examples_failed + 1))
    failures=$((failures + 1))
    echo "$(shown "$file"):$line: \$ $command"
    diff -u --label "$(shown "$file")" --label "slide prints" "$work/.expected" "$work/.actual" |
      sed 1,2d
    echo
  fi
}

# One fenced block (lines in the array block, opened on line $1 of $file).
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

link_failed() {
  echo "$(shown "$file"):$1: link $2 $3"
  links_failed=$((links_failed + 1))
  failures=$((failures + 1))
}

# One link (target $2, on line $1 of $file).
check_link() {
  local line=$1 target=$2 path anchor dest
  case $target in
  http://* | https://* | mailto:*) return 0 ;;
  esac
  path=${target%%#*}
  anchor=""
  [[ $target == *'#'* ]] && anchor=${target#*#}
  if [ -z "$path" ]; then
    dest=$file
  elif [[ $path == /* ]]; then
    dest=$(canonical "$root$path")
  else
    dest=$(canonical "${file%/*}/$path")
  fi
  if [ ! -e "$dest" ]; then
    link_failed "$line" "$target" "names no file"
    return
  fi
  if [ -n "$anchor" ]; then
    anchor_links=$((anchor_links + 1))
    if [ -f "$dest" ] && [[ $dest == *.md ]]; then
      load_headings "$dest"
      if [ -z "${anchors["$dest#$anchor"]-}" ]; then
        link_failed "$line" "$target" "names no heading of $(shown "$dest")"
        return
      fi
    elif ! [ -f "$dest" ] || ! [[ $anchor =~ ^L[0-9]+(-L[0-9]+)?$ ]]; then
      link_failed "$line" "$target" "has an anchor, but $(shown "$dest") is no Markdown file"
      return
    fi
  fi
  links_passed=$((links_passed + 1))
}

# Examples, links and the Contents list of one file.
check_file() {
  file=$1
  run_dir=$work/run/$((++file_count))
  mkdir -p "$run_dir"
  find "$cache" -mindepth 1 -delete
  local -a links=() toc=() sections=()
  local l n=0 in_block=0 skip="" block_line=0 in_toc=0 rest target entry anchor listed level line
  block=()
  load_headings "$file"
  while IFS=$'\t' read -r level anchor line; do
    ((level == 2)) && [ "$anchor" != contents ] && sections+=("$anchor")
  done < <(headings "$file")
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
      in_toc=0
      [ "${BASH_REMATCH[1]}" = "##" ] && [ "${BASH_REMATCH[2]}" = "Contents" ] && in_toc=1
    fi
    # links outside inline code
    [[ $l == *']('* ]] || continue
    rest=${l//\`*([^\`])\`/}
    while [[ $rest =~ \]\(([^\)\ ]+)\) ]]; do
      target=${BASH_REMATCH[1]}
      links+=("$n $target")
      ((in_toc)) && toc+=("$target")
      rest=${rest#*"](${target})"}
    done
  done <"$file"
  ((in_block)) && echo "$(shown "$file"):$block_line: a code block is never closed" &&
    failures=$((failures + 1))

  for entry in ${links[@]+"${links[@]}"}; do
    check_link "${entry%% *}" "${entry#* }"
  done
  # the Contents rule, for a file that has a Contents section
  [ -n "${anchors["$file#contents"]-}" ] || return 0
  if [ ${#toc[@]} -eq 0 ]; then
    echo "$(shown "$file"):${anchors["$file#contents"]}: the '## Contents' section links nothing"
    failures=$((failures + 1))
  fi
  for anchor in ${sections[@]+"${sections[@]}"}; do
    listed=0
    for target in ${toc[@]+"${toc[@]}"}; do
      [ "$target" = "#$anchor" ] && listed=1
    done
    if ((!listed)); then
      echo "$(shown "$file"):${anchors["$file#$anchor"]}: section #$anchor is not in the Contents list"
      failures=$((failures + 1))
    fi
  done
}

file_count=0
declare -a block=()
for f in "${files[@]}"; do
  check_file "$f"
done

echo "Markdown files: ${#files[@]}; examples: $examples_passed passed, $examples_failed failed," \
  "$skipped skipped; links: $links_passed passed, $links_failed failed ($anchor_links to headings);" \
  "$failures failure(s)"
[ "$failures" -eq 0 ]
