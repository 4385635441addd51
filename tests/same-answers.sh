#!/usr/bin/env bash
# same-answers.sh - the shortcuts that must not change an answer do not:
# solves the same boards with a normal build and one configured with
# -DSLIDE_PLAIN=ON (memos, skipped trials, the strategy's inlined default
# loops and the batch's fast path all off) and compares the outputs byte for
# byte.
#
#   tests/same-answers.sh NORMAL_BUILD PLAIN_BUILD
#
# Boards: the batch fast path's small shapes, strategy with trials (up to
# 128x128) and without, reduce, and beam's answers through the shortening
# pass.  Prints one line a workload and "N passed, N failed"; exits 1 on any
# difference.  CI (.ci/run) runs it.
set -uo pipefail
normal=${1:?usage: tests/same-answers.sh NORMAL_BUILD PLAIN_BUILD}/slide
plain=${2:?usage: tests/same-answers.sh NORMAL_BUILD PLAIN_BUILD}/slide
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SLIDE_CACHE_DIR="$work/cache" SLIDE_PDB_MAX_GROUP=4
mkdir -p "$SLIDE_CACHE_DIR"
passed=0
failed=0

# compare LABEL SOLVE_ARGS... < boards: both builds, the same output
compare() {
    local label=$1
    shift
    cat >"$work/boards"
    "$normal" solve "$@" <"$work/boards" >"$work/normal" 2>"$work/normal.err"
    local a=$?
    "$plain" solve "$@" <"$work/boards" >"$work/plain" 2>"$work/plain.err"
    local b=$?
    if [ "$a" -eq "$b" ] && cmp -s "$work/normal" "$work/plain"; then
        echo "same: $label ($(wc -l <"$work/boards") boards)"
        passed=$((passed + 1))
    else
        echo "DIFFERENT: $label (exit $a and $b)"
        diff "$work/normal" "$work/plain" | head -n 6
        failed=$((failed + 1))
    fi
}

boards() { # size count seed
    "$normal" gen --size "$1" --count "$2" --seed "$3"
}

# both builds' answers to the boards BOARDS_COMMAND prints
same() { # LABEL BOARDS_COMMAND SOLVE_ARGS...
    local label=$1 make=$2
    shift 2
    eval "$make" >"$work/in"
    compare "$label" "$@" <"$work/in"
}

same "3x3 batch (fast path)" "boards 3x3 300 1"
same "2x4 batch (fast path)" "boards 2x4 200 2"
same "3x4 batch" "boards 3x4 50 3" -o steps
same "strategy with trials" "boards 5x5 3 4; boards 10x10 3 5; boards 7x13 3 6; boards 2x40 3 7; boards 30x30 2 8" \
    -a strategy -o moves
same "strategy at the trials' limit" "boards 100x100 1 9; boards 128x129 1 10" -a strategy -o moves
same "strategy without trials" "boards 150x150 1 11" -a strategy -o moves
same "reduce" "boards 12x12 2 12; boards 20x20 2 13" -a reduce -o moves
same "beam and the shortening pass" "boards 6x6 2 14" -a beam -o moves

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
