#!/usr/bin/env bash
# ab.sh OLD NEW - two slide binaries side by side in one run: each workload
# is run ROUNDS times (default 5) by OLD and NEW alternately, so both see the
# same machine; prints per workload the median wall and CPU (user+sys)
# seconds of each, NEW/OLD ratios, and whether the outputs were identical.
# The load average is printed before and after (these machines are shared).
#
#   bash tests/bench/ab.sh /path/to/old/slide build/slide
#
# Workloads (fixed seeds; WORKLOADS picks a subset by name):
#   bfs       100 random 3x3 boards, -a bfs
#   bibfs     100 random 3x4 boards, -a bibfs
#   astar     50 4x4 boards 40 random moves from the goal, -a astar (linear)
#   idastar   20 4x4 boards 60 random moves from the goal, -a idastar -H linear
#   batch     200,000 random 3x3 boards, auto (the distance table), -o steps
# and, only when named in WORKLOADS (they need the 5x5 tables cached: run
# `slide pdb build --size 5x5` once, about 75 s on two cores):
#   astar24   10 random 5x5 boards, -a astar -H pdb --weight 1.4 (anytime A*)
#   auto24    30 random 5x5 boards, auto (the same A*, the rescue at 1.6 on
#             those without an answer after a million expansions)
# and, only when named (it needs the 4x4 tables cached: `slide pdb build`):
#   warm15    one 15-puzzle board, 60 moves (Korf's #2 turned to the goal
#             1 ... 15 x), auto, one process: a warm single board end to end
set -euo pipefail
old=${1:?usage: tests/bench/ab.sh OLD NEW}
new=${2:?usage: tests/bench/ab.sh OLD NEW}
rounds=${ROUNDS:-5}
workloads=${WORKLOADS:-bfs bibfs astar idastar batch}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/bench/lib.sh
. "$(dirname "$0")/lib.sh" # load, median

boards() {
  case $1 in
  bfs) "$new" gen --size 3x3 --count 100 --seed 1 ;;
  bibfs) "$new" gen --size 3x4 --count 100 --seed 1 ;;
  astar) "$new" gen --size 4x4 --count 50 --walk 40 --seed 1 ;;
  idastar) "$new" gen --size 4x4 --count 20 --walk 60 --seed 1 ;;
  batch) "$new" gen --size 3x3 --count 200000 --seed 7 ;;
  astar24) "$new" gen --size 5x5 --count 10 --seed 1 ;;
  auto24) "$new" gen --size 5x5 --count 30 --seed 1 ;;
  warm15) echo "1 15 10 12 9 7 13 5 4 11 6 14 8 3 2 x" ;;
  esac
}
flags() {
  case $1 in
  bfs) echo "-a bfs -o steps" ;;
  bibfs) echo "-a bibfs -o steps" ;;
  astar) echo "-a astar -o moves" ;;
  idastar) echo "-a idastar -H linear -o moves" ;;
  batch) echo "-o steps" ;;
  astar24) echo "-a astar -H pdb --weight 1.4 -o moves" ;;
  auto24) echo "-o moves" ;;
  warm15) echo "-o moves" ;;
  esac
}
# run BINARY WORKLOAD TAG: appends "wall cpu" to $work/TAG.times (slide's notes on stderr dropped)
run() {
  local t
  # shellcheck disable=SC2046
  t=$( { TIMEFORMAT='%R %U %S'; time "$1" solve $(flags "$2") <"$work/$2.in" >"$work/$3.out" 2>/dev/null; } 2>&1 )
  echo "$t" | awk '{ print $1, $2 + $3 }' >>"$work/$3.times"
}

echo "ab: OLD $old ($("$old" --version)), NEW $new ($("$new" --version)); $rounds rounds, $(nproc) cores"
echo "load average before: $(load)"
printf '%-9s %10s %10s %10s %10s %8s %8s  %s\n' workload "old wall" "new wall" "old cpu" "new cpu" "wall n/o" "cpu n/o" output
for w in $workloads; do
  boards "$w" >"$work/$w.in"
  : >"$work/old.$w.times"; : >"$work/new.$w.times"
  for _ in $(seq "$rounds"); do
    run "$old" "$w" "old.$w"
    run "$new" "$w" "new.$w"
  done
  ow=$(cut -d' ' -f1 "$work/old.$w.times" | median); nw=$(cut -d' ' -f1 "$work/new.$w.times" | median)
  oc=$(cut -d' ' -f2 "$work/old.$w.times" | median); nc=$(cut -d' ' -f2 "$work/new.$w.times" | median)
  same=identical
  cmp -s "$work/old.$w.out" "$work/new.$w.out" || same=DIFFERENT
  awk -v w="$w" -v ow="$ow" -v nw="$nw" -v oc="$oc" -v nc="$nc" -v same="$same" 'BEGIN {
    printf "%-9s %10.3f %10.3f %10.3f %10.3f %8.2f %8.2f  %s\n", w, ow, nw, oc, nc,
      (ow > 0 ? nw / ow : 0), (oc > 0 ? nc / oc : 0), same }'
done
echo "load average after: $(load)"
