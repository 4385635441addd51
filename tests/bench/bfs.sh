#!/usr/bin/env bash
# BFS figures for tests/bench/README.md: the whole 3x3 space (both 31-move boards force
# BFS through all 181,440 states) and three 3x4 boards of 20-30 moves.
# Each board runs RUNS times (default 5); the median wall time and the peak
# search memory (from --stats) are printed.
#   usage: tests/bench/bfs.sh [path/to/slide]
set -euo pipefail
slide=${1:-build/slide}
runs=${RUNS:-5}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-34s %6s %12s %10s %12s\n' board steps expanded "ms(med)" peak
bench() {
  local board=$1 times=() line
  for _ in $(seq "$runs"); do
    line=$("$slide" solve -a bfs --stats -o steps "$board" 2>&1 >/dev/null)
    times+=("$(sed -E 's/.* ([0-9.]+) ms.*/\1/' <<<"$line")")
  done
  local steps expanded peak
  steps=$("$slide" solve -a bfs -o steps "$board")
  expanded=$(sed -E 's/.*expanded ([0-9]+).*/\1/' <<<"$line")
  peak=$(sed -E 's/.*peak memory ([0-9.]+ [KMG]?i?B).*/\1/' <<<"$line")
  printf '%-34s %6s %12s %10s %12s\n' "$board" "$steps" "$expanded" \
    "$(printf '%s\n' "${times[@]}" | median)" "$peak"
}
bench "8 6 7 2 5 4 3 x 1"
bench "6 4 7 8 5 x 3 2 1"
for seed in 1 2 3; do
  bench "$("$slide" gen --size 3x4 --walk 60 --seed "$seed")"
done
