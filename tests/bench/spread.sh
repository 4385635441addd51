#!/bin/sh
# spread.sh - what the protocol of `slide spread` costs a bound on one
# machine, against the threads of one `slide solve` (README, "One search on
# many machines").
#
#   tests/bench/spread.sh BUILD [BOARD] [JOBS]
#
# BOARD defaults to the 80-move 15-puzzle of the benchmarks (its 7-8 tables
# should be cached: slide pdb build), JOBS to 2.  Prints the wall time of
# `solve -a idastar -j JOBS`, of `spread -j JOBS --local 0` (every bound
# through GNU parallel), of `spread -j JOBS` (small bounds here), of
# GNU parallel starting alone, and the overhead per bound.
set -eu
build=$1
board=${2:-0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1}
jobs=${3:-2}
slide=$build/slide
t=/tmp/spread-bench
# wall and CPU seconds (the process and every child it waited for: parallel, the workers)
timed() { out=$1; shift; /usr/bin/time -f "%e %U %S" -o "$t.time" "$@" > "$out"; awk '{ printf "%.2f %.2f", $1, $2 + $3 }' "$t.time"; }
"$slide" solve -a idastar "$board" > /dev/null # loads the tables into the page cache
solve=$(timed "$t.1" "$slide" solve -a idastar -j "$jobs" "$board")
out=$(timed "$t.2" "$slide" spread -j "$jobs" --local 0 --stats --log "$t.log" "$board" 2> "$t.err")
here=$(timed "$t.3" "$slide" spread -j "$jobs" "$board")
alone=$(echo x | timed /dev/null parallel --pipe -N 1 -j "$jobs" cat)
cmp -s "$t.1" "$t.2" && cmp -s "$t.1" "$t.3" || { echo "spread.sh: the answers differ" >&2; exit 1; }
sent=$(grep -c 'handed out in [1-9]' "$t.err" || true)
jobs_run=$(grep -c '^slide-result' "$t.log" || true)
echo "$solve $out $here $alone $sent $(cut -d' ' -f1 /proc/loadavg)" | awk '{
    printf "wall, CPU (s):  solve -j: %s, %s   spread, every bound out: %s, %s   spread: %s, %s   parallel alone: %s, %s\n", $1, $2, $3, $4, $5, $6, $7, $8
    printf "bounds sent out: %d; overhead a bound sent out: %.2f s wall, %.2f s CPU (load %s)\n", $9, ($3 - $1) / ($9 ? $9 : 1), ($4 - $2) / ($9 ? $9 : 1), $10
}'
rm -f "$t".*
