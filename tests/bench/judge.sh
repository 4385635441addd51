#!/usr/bin/env bash
# Judge workloads (tests/bench/README.md; src/cli/README.md "Judge presets"): what a
# problem setter's runs cost end to end, one section a workload.  Every
# command runs RUNS times (default 5); medians of wall time are reported,
# and every answer is compared with the reference (`--algo bfs`) first.
#   usage: tests/bench/judge.sh [path/to/slide]
set -euo pipefail
slide=${1:-build/slide}
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# wall seconds of "$@" < $stdin > $stdout, with a fresh process each time
wall() {
  local stdin=$1 stdout=$2
  shift 2
  { /usr/bin/time -f "%e" "$@" <"$stdin" >"$stdout"; } 2>&1 | tail -1
}

# ---------------------------------------------------------------------------
# 201 arbitrary-goal 3x3 pairs in one run (Lanqiao, 九宫重排: start line, goal
# line): 201 random goals, each with a random start that can reach it
# (slide gen --goal G --seed i).  The answers come from the per-blank distance
# tables (one table per blank cell up to the board's symmetries: three for
# 3x3), so the run builds at most three tables whatever the goals.
for i in $(seq 1 201); do
  goal=$("$slide" gen --size 3x3 --seed "$((20000 + i))" --format compact)
  start=$("$slide" gen --size 3x3 --goal "$goal" --seed "$i" --format compact)
  printf '%s\n%s\n' "$start" "$goal"
done >"$work/pairs"
"$slide" solve --pairs --algo bfs -o steps <"$work/pairs" >"$work/pairs.bfs"
"$slide" solve --pairs --algo bfs <"$work/pairs" >"$work/pairs.bfs-moves"
lanqiao=() pairs=() pairs_moves=()
for _ in $(seq "$runs"); do
  lanqiao+=("$(wall "$work/pairs" "$work/out.lanqiao" "$slide" solve --problem lanqiao)")
  pairs+=("$(wall "$work/pairs" "$work/out.pairs" "$slide" solve --pairs -o steps)")
  pairs_moves+=("$(wall "$work/pairs" "$work/out.pairs-moves" "$slide" solve --pairs)")
done
cmp -s "$work/out.lanqiao" "$work/pairs.bfs" || { echo "lanqiao differs from --algo bfs"; exit 1; }
cmp -s "$work/out.pairs" "$work/pairs.bfs" || { echo "--pairs -o steps differs from --algo bfs"; exit 1; }
cmp -s "$work/out.pairs-moves" "$work/pairs.bfs-moves" ||
  { echo "--pairs moves differ from --algo bfs"; exit 1; }
echo "201 arbitrary-goal 3x3 pairs, one run (median of $runs, target <= 0.3 s):"
printf '  %-40s %8s s\n' "slide solve --problem lanqiao" "$(median <<<"${lanqiao[*]}")"
printf '  %-40s %8s s\n' "slide solve --pairs -o steps" "$(median <<<"${pairs[*]}")"
printf '  %-40s %8s s\n' "slide solve --pairs (move strings)" "$(median <<<"${pairs_moves[*]}")"

# ---------------------------------------------------------------------------
# (further workloads follow as their own sections)
