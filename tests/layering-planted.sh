#!/usr/bin/env bash
# layering-planted.sh BUILD_DIR - shows that tests/layering.sh fails on each
# kind of violation: it plants one at a time in a scratch copy of src/ (and,
# for the object rule, in a scratch build holding two small objects compiled
# here), runs the check and expects exit 1 with the violation named.
#
#   1. a core file including search/search.h (a higher layer);
#   2. a cli file including core/core.h (the cli folders see slide.h only);
#   3. a cli/spread file including cli/judge/judge.h (a lower room, but a
#      sibling that cli/spread's line in the picture does not say it uses);
#   4. a cli/base file including cli/commands.h (main.c's and the cmd_*.c
#      files' only);
#   5. a heuristic file including pdb's internal header;
#   6. a core object calling a function that a pdb object defines;
#   7. two files of one folder calling each other (a circle);
#   8. a cli/spread object calling a function a cli/judge object defines.
#
# Prints one line a case and "N passed, N failed"; exits 1 if any case did
# not fail as it should.  ctest runs it as `layering_planted`.
set -uo pipefail
build=${1:?usage: tests/layering-planted.sh BUILD_DIR}
build=$(cd "$build" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# expect NAME PATTERN ROOT BUILD: the check must exit 1 and print PATTERN.
expect() {
  local name=$1 pattern=$2 tree=$3 objects=$4 out status
  out=$(bash "$here/layering.sh" "$objects" "$tree" 2>&1)
  status=$?
  if [ "$status" -eq 1 ] && printf '%s\n' "$out" | grep -q -- "$pattern"; then
    echo "planted $name: failed as it should"
    passed=$((passed + 1))
  else
    echo "planted $name: the check exited $status without naming it:"
    printf '%s\n' "$out" | sed 's/^/  /'
    failed=$((failed + 1))
  fi
}

# A scratch copy of the sources with one line planted in FILE.
plant() {
  local file=$1 line=$2
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  cp -R "$root/src" "$work/tree/src"
  printf '%s\n' "$line" >>"$work/tree/src/$file"
}

first_c() { (cd "$root/src" && find "$1" -maxdepth 1 -name '*.c' | sort | head -n 1); }
internal=$(cd "$root/src" && find . -name '*_internal.h' | sed 's|^\./||' | sort | head -n 1)

plant "$(first_c core)" '#include "search/search.h"'
expect "include of a higher layer" "may not include src/search/search.h" "$work/tree" "$build"

plant "$(first_c cli/base)" '#include "core/core.h"'
expect "cli include of the library" "use only slide.h, not src/core/core.h" "$work/tree" "$build"

plant "$(first_c cli/spread)" '#include "cli/judge/judge.h"'
expect "include of a sibling room not in its uses" "cli/spread/ uses only cli/batch, cli/base" "$work/tree" "$build"

plant "$(first_c cli/base)" '#include "cli/commands.h"'
expect "commands header outside main.c and cmd_*.c" "is for main.c and the cmd_\*.c files" "$work/tree" "$build"

if [ -n "$internal" ]; then
  ifolder=$(dirname "$internal")
  other=heuristic
  [ "$ifolder" = heuristic ] && other=search
  plant "$(first_c "$other")" "#include \"$internal\""
  expect "internal header used outside its folder" "is internal to $ifolder" "$work/tree" "$build"
fi

# The object rules, on a scratch build of a few objects.
objects() {
  rm -rf "$work/objs"
  local f
  for f in "$@"; do
    local src=${f%%=*} body=${f#*=}
    mkdir -p "$work/objs/CMakeFiles/slide_lib.dir/$(dirname "$src")"
    printf '%s\n' "$body" >"$work/c.c"
    "$cc" -c -o "$work/objs/CMakeFiles/slide_lib.dir/$src.o" "$work/c.c" || return 1
  done
}
if command -v "$cc" >/dev/null; then
  objects "src/core/low.c=int higher(void); int low(void); int low(void) { return higher(); }" \
    "src/pdb/high.c=int higher(void); int higher(void) { return 1; }"
  expect "call into a higher layer" "uses higher from src/pdb/high.c, a higher layer" "$root" "$work/objs"
  objects "src/core/one.c=int two(void); int one(void); int one(void) { return two(); }" \
    "src/core/two.c=int one(void); int two(void); int two(void) { return one(); }"
  expect "circle" "circle:" "$root" "$work/objs"
  objects "src/cli/spread/asks.c=int judges(void); int asks(void); int asks(void) { return judges(); }" \
    "src/cli/judge/judges.c=int judges(void); int judges(void) { return 1; }"
  expect "call into a sibling room not in its uses" \
    "uses judges from src/cli/judge/judges.c, but cli/spread/ uses only cli/batch, cli/base" "$root" "$work/objs"
else
  echo "planted object rules: skipped, no C compiler '$cc'"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
