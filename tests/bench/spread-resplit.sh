#!/bin/sh
# spread-resplit.sh - the speed-up of `slide spread` on P machines when the
# subtrees that outgrow a node budget are cut again while their iteration
# runs: bench_spread_sim measures every subtree of the search and the
# pieces of the large ones, then simulates the machines
# (tests/bench/spread_sim.c says how; tests/bench/README.md, "One search on
# many machines", has the figures).
#
#   tests/bench/spread-resplit.sh BUILD BOARD [P...]             # default P: 1 2 8 64 512
#   OVERHEAD=NODES SHARE=S tests/bench/spread-resplit.sh ...     # see spread_sim.c
#   DATA=FILE tests/bench/spread-resplit.sh ...   # keep the counts; a FILE there is reused
#
# The counts take one search on one thread and the large subtrees searched
# again once a level they are cut: about three to four times the search.
set -eu
build=$1
board=$2
shift 2
data=${DATA:-/tmp/spread-resplit.$$.data}
[ -s "$data" ] || "$build/tests/bench_spread_sim" measure "$board" > "$data"
"$build/tests/bench_spread_sim" "$data" "$@"
[ -n "${DATA:-}" ] || rm -f "$data"
