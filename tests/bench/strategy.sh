#!/usr/bin/env bash
# Figures for tests/bench/README.md, "Large boards: --algo strategy".
#   1. bench_strategy: mean answer length / n^3 on random n x n boards
#      (n = 5, 10, 30, 100; fixed seeds), every answer replayed, median times;
#   2. 100x100 end to end, 5 seeds: `slide gen`, then `slide solve --algo
#      strategy` printing the 2-million-move line to a file, then the line
#      replayed to the goal (bench_strategy --replay); median wall times;
#   3. one 1000x1000 board (--seed 1): `slide solve -o steps` under
#      /usr/bin/time: wall and user time, peak resident memory.
#   usage: tests/bench/strategy.sh [build-dir]     (default build)
set -euo pipefail
build=${1:-build}
slide=$build/slide
bench=$build/tests/bench_strategy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { /usr/bin/time -f %e -o "$tmp/t" "$@"; }

echo "== moves / n^3 (library, every answer replayed)"
"$bench"

echo "== 100x100 end to end: solve + print, then replay (5 seeds, median wall s)"
solve=() check=()
for seed in 1 2 3 4 5; do
  "$slide" gen --size 100x100 --seed "$seed" >"$tmp/board"
  timed "$slide" solve --algo strategy <"$tmp/board" >"$tmp/moves"
  solve+=("$(cat "$tmp/t")")
  timed "$bench" --replay "$tmp/board" "$tmp/moves" >"$tmp/verdict"
  check+=("$(cat "$tmp/t")")
  grep -q '^ok' "$tmp/verdict" || { cat "$tmp/verdict"; exit 1; }
  printf 'seed %s: %s moves, %s\n' "$seed" "$(tr -d '\n' <"$tmp/moves" | wc -c)" \
    "$(cut -d, -f1 <"$tmp/verdict")"
done
s=$(printf '%s\n' "${solve[@]}" | median)
c=$(printf '%s\n' "${check[@]}" | median)
echo "median: solve+print $s s, replay $c s, total $(awk -v a="$s" -v b="$c" 'BEGIN {print a + b}') s"

echo "== 1000x1000, -o steps (seed 1)"
"$slide" gen --size 1000x1000 --seed 1 >"$tmp/big"
/usr/bin/time -f '%e s wall, %U s user, %M KiB peak RSS' \
  "$slide" solve --algo strategy -o steps <"$tmp/big"
