#!/usr/bin/env bash
# Hint latency of `slide play` (the figures in tests/bench/README.md, "Hint latency"
# section): bench_hint asks the game's solver thread for random boards one
# at a time and reports the first latency (tables built or loaded) and the
# median and largest of the rest.
#   3x3: exhaustive table (built on the first hint)
#   4x4: pattern databases, first with an empty cache directory (whatever
#        the library builds for it), then the same directory warm
#   6x6: the strategy solver
#   usage: tests/bench/hint.sh [build-dir]     (default build)
set -euo pipefail
build=${1:-build}
bench=$build/tests/bench_hint
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export SLIDE_CACHE_DIR=$cache
unset SLIDE_PDB_MAX_GROUP
"$bench" 3x3 100 1
echo "== 4x4, empty cache ($cache)"
/usr/bin/time -f '   (the run: %e s wall, %U s user CPU, %M KiB peak resident)' "$bench" 4x4 20 1
echo "== 4x4, warm cache (a new process; the tables are loaded)"
/usr/bin/time -f '   (the run: %e s wall, %U s user CPU, %M KiB peak resident)' "$bench" 4x4 20 2
"$bench" 6x6 100 1
