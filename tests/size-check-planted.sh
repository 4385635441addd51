#!/usr/bin/env bash
# size-check-planted.sh - shows that tests/size-check.sh fails on each kind of
# violation: it plants one at a time in a scratch copy of src/, include/ and
# the allow-list, runs the check and expects exit 1 with the violation named.
#
#   1. a source file of 1,001 lines;
#   2. a function of 151 lines;
#   3. an internal header of 401 lines;
#   4. an allowance for a file that is within the rule.
#
# Prints one line a case and "N passed, N failed"; exits 1 if any case did not
# fail as it should.  ctest runs it as `size_check_planted`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# A scratch copy of the tree the check reads (no .git: it lists by find).
fresh() {
    rm -rf "$work/tree"
    mkdir -p "$work/tree/tests"
    cp -R "$root/src" "$root/include" "$work/tree/"
    cp "$here/size-check.sh" "$here/size-allow.txt" "$work/tree/tests/"
}

# expect NAME PATTERN: the check must exit 1 and print PATTERN.
expect() {
    local name=$1 pattern=$2 out status
    out=$(bash "$work/tree/tests/size-check.sh" "$work/tree" 2>&1)
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

fresh
bash "$work/tree/tests/size-check.sh" "$work/tree" >/dev/null ||
    { echo "the unplanted tree fails the check"; failed=$((failed + 1)); }

fresh
for i in $(seq 1001); do echo "/* line $i */"; done >"$work/tree/src/core/planted_long.c"
expect "long file" "file src/core/planted_long.c is 1001 lines, over 1000"

fresh
{
    echo "int planted_long_function(void)"
    echo "{"
    echo "    int x = 0;"
    for i in $(seq 147); do echo "    x += $i;"; done
    echo "    return x;"
    echo "}"
} >>"$work/tree/src/core/board.c"
expect "long function" "function src/core/board.c:planted_long_function is 152 lines, over 150"

fresh
for i in $(seq 401); do echo "/* line $i */"; done >"$work/tree/src/core/planted_internal.h"
expect "long header" "file src/core/planted_internal.h is 401 lines, over 400"

fresh
echo "src/core/board.c 2000 planted: no longer needed" >>"$work/tree/tests/size-allow.txt"
expect "stale allowance" "src/core/board.c is .* lines, within the rule"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
