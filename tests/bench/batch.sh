#!/usr/bin/env bash
# Batch throughput (tests/bench/README.md): 1,000,000 random solvable 3x3 boards
# (slide gen --seed 9) with 1,000,000 unsolvable ones shuffled in, answered
# with --output steps and moves, one and two jobs, timed side by side with
# `wc -w` on the same file.  Every command runs RUNS times (default 5) in
# turn, and the medians are reported with their ratio to wc -w.
#   usage: tests/bench/batch.sh [path/to/slide]
set -euo pipefail
slide=${1:-build/slide}
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$slide" gen --size 3x3 --count 1000000 --seed 9 >"$work/solvable"
"$slide" gen --size 3x3 --count 1000000 --seed 10 --unsolvable >"$work/unsolvable"
# a fixed shuffle: interleave by a seeded key so every run sees the same file
paste -d'\n' "$work/solvable" "$work/unsolvable" |
  awk 'BEGIN{srand(9)} {printf "%.9f\t%s\n", rand(), $0}' | sort -k1,1 | cut -f2- >"$work/boards"
echo "input: $(wc -l <"$work/boards") boards, $(du -h "$work/boards" | cut -f1)"

names=("wc -w" "steps -j1" "moves -j1" "steps -j2" "moves -j2")
cmds=("wc -w"
      "$slide solve -o steps -j 1"
      "$slide solve -o moves -j 1"
      "$slide solve -o steps -j 2"
      "$slide solve -o moves -j 2")
declare -A times peak
for _ in $(seq "$runs"); do
  for i in "${!cmds[@]}"; do
    # %e wall seconds, %M peak resident KiB
    out=$( { /usr/bin/time -f "%e %M" ${cmds[$i]} <"$work/boards" >"$work/out.$i"; } 2>&1 | tail -1)
    times[$i]+="${out%% *} "
    peak[$i]=${out##* }
  done
done
cmp -s "$work/out.1" "$work/out.3" || { echo "steps differ between -j1 and -j2"; exit 1; }
cmp -s "$work/out.2" "$work/out.4" || { echo "moves differ between -j1 and -j2"; exit 1; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
base=$(median <<<"${times[0]}")
printf '%-12s %10s %10s %12s\n' command "median s" "x wc -w" "peak RSS"
for i in "${!cmds[@]}"; do
  m=$(median <<<"${times[$i]}")
  printf '%-12s %10s %10.2f %9s MiB\n' "${names[$i]}" "$m" "$(echo "$m / $base" | bc -l)" \
    "$(( ${peak[$i]} / 1024 ))"
done
j1=$(median <<<"${times[2]}"); j2=$(median <<<"${times[4]}")
printf 'moves: -j2 is %.2fx faster than -j1\n' "$(echo "$j1 / $j2" | bc -l)"
j1=$(median <<<"${times[1]}"); j2=$(median <<<"${times[3]}")
printf 'steps: -j2 is %.2fx faster than -j1\n' "$(echo "$j1 / $j2" | bc -l)"
