#!/usr/bin/env bash
# What each of the strategy solver's ways and column plans
# (src/strategy/tuning.h) is worth on the boards of the seeds given: for
# each SIZE:FIRST..LAST, `slide gen` makes a board of each seed, and
# bench_strategy_knobs solves them with every way and plan and with each
# left out in turn, and prints the mean length / n^3 without it, the
# change (positive: longer without it) and its standard error.  Use seeds
# that the tuning did not see.
#   usage: tests/bench/strategy-knobs.sh [-b build-dir] SIZE:FIRST..LAST ...
#   e.g.   tests/bench/strategy-knobs.sh 10x10:101..200 30x30:101..140 50x50:101..110
set -euo pipefail
build=build
if [ "${1:-}" = -b ]; then
  build=$2
  shift 2
fi
[ $# -gt 0 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for spec in "$@"; do
  size=${spec%%:*} seeds=${spec#*:}
  first=${seeds%%..*} last=${seeds##*..}
  [[ $size =~ ^[0-9]+x[0-9]+$ && $first =~ ^[0-9]+$ && $last =~ ^[0-9]+$ ]] ||
    { echo "strategy-knobs: '$spec' is not SIZE:FIRST..LAST" >&2; exit 2; }
  for ((seed = first; seed <= last; seed++)); do
    "$build/slide" gen --size "$size" --seed "$seed"
  done >"$tmp/boards"
  echo "== $size, seeds $first..$last"
  "$build/tests/bench_strategy_knobs" <"$tmp/boards"
done
