#!/usr/bin/env bash
# Search benchmark for tests/bench/README.md: fixed-seed workloads from
# `slide gen`, solved by each method with `-o json`, which gives per board the
# nodes expanded, the peak search memory and the search time.
#
#   usage: tests/bench/search.sh [path/to/slide]          (default build/slide)
#
# Workloads: 1,000 random 3x3 (seed 1), 100 random 3x4 (seed 1), 50 4x4 boards
# 30 and 40 random moves from the goal (seed 1).  Each method runs RUNS times
# (default 3) on each workload.  Reported per method and workload:
#   boards/s    boards over the wall time of the whole `slide solve` run
#               (parsing and output included), median over the runs
#   us/board    median over the boards of each board's median search time
#   nodes       median nodes expanded per board, and the total (these are
#               deterministic, the same in every run)
#   Mnodes/s    total nodes over total search time, median over the runs
#   peak        median and largest peak search memory per board
#   vs bfs      bfs nodes / this method's nodes on the same boards
# bfs on random 3x4 boards needs up to 7.5 GB and a minute a board, so it
# runs once on the first BFS_BOARDS (default 3) of them under --max-memory
# BFS_MEMORY (default 8G); the `vs bfs` ratio of every method is taken on those
# same boards.  bfs does not run on 4x4 (its tables would not fit in memory).
# Environment: RUNS, BFS_BOARDS, BFS_MEMORY, METHODS (default
# "bfs bibfs astar astar:linear"; algo:heuristic), WORKLOADS (default
# "3x3 3x4 4x4w30 4x4w40").
set -euo pipefail
slide=${1:-build/slide}
runs=${RUNS:-3}
bfs_boards=${BFS_BOARDS:-3}
bfs_memory=${BFS_MEMORY:-8G}
methods=${METHODS:-bfs bibfs astar astar:linear}
workloads=${WORKLOADS:-3x3 3x4 4x4w30 4x4w40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() {
  case $1 in
  3x3) "$slide" gen --size 3x3 --count 1000 --seed 1 ;;
  3x4) "$slide" gen --size 3x4 --count 100 --seed 1 ;;
  4x4w30) "$slide" gen --size 4x4 --count 50 --walk 30 --seed 1 ;;
  4x4w40) "$slide" gen --size 4x4 --count 50 --walk 40 --seed 1 ;;
  *) echo "unknown workload $1" >&2; exit 2 ;;
  esac
}

now() { date +%s.%N; }

# run_method WORKLOAD METHOD BOARDS_FILE RUNS: leaves run outputs in $work/WORKLOAD.METHOD.R.json
# and the wall seconds of each run in $work/WORKLOAD.METHOD.wall
run_method() {
  local w=$1 m=$2 file=$3 n=$4 algo=${2%%:*} args=()
  args=(-a "$algo")
  [[ $m == *:* ]] && args+=(-H "${m#*:}")
  [[ $algo == bfs ]] && args+=(--max-memory "$bfs_memory")
  : >"$work/$w.$m.wall"
  for r in $(seq "$n"); do
    local t0 t1
    t0=$(now)
    "$slide" solve "${args[@]}" -o json <"$file" >"$work/$w.$m.$r.json" || true
    t1=$(now)
    echo "$t0 $t1" | awk '{print $2 - $1}' >>"$work/$w.$m.wall"
  done
}

# summarize WORKLOAD METHOD BOARDS: one table row from the run files.
summarize() {
  local w=$1 m=$2 boards=$3
  cat "$work/$w.$m".*.json | awk -v boards="$boards" -v wallfile="$work/$w.$m.wall" \
    -v name="$m" -v bfsfile="$work/$w.bfs.nodes" -v nodesout="$work/$w.$m.nodes" '
    function field(line, key,   s) {
      s = line; if (!sub(".*\"" key "\":", "", s)) return ""; sub("[,}].*", "", s); return s
    }
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
      k = (NR - 1) % boards + 1; run = int((NR - 1) / boards) + 1
      if ($0 ~ /"error"/) { failed[k] = 1; next }
      nodes[k] = field($0, "nodes") + 0; peak[k] = field($0, "peak_memory") + 0
      ms[k, run] = field($0, "ms") + 0; runms[run] += ms[k, run]; runnodes[run] += nodes[k]
    }
    END {
      runs = NR / boards
      while ((getline line < wallfile) > 0) { nw++; wall[nw] = boards / (line + 0) }
      nb = 0; total = 0; nf = 0
      for (k = 1; k <= boards; k++) {
        if (k in failed) { nf++; continue }
        nb++; for (r = 1; r <= runs; r++) t[r] = ms[k, r]
        perboard[nb] = median(t, runs) * 1000; nd[nb] = nodes[k]; pk[nb] = peak[k]
        total += nodes[k]; if (peak[k] > maxpeak) maxpeak = peak[k]
        print k, nodes[k] > nodesout
      }
      for (r = 1; r <= runs; r++) rate[r] = runnodes[r] / (runms[r] / 1000) / 1e6
      # nodes vs bfs on the boards bfs solved
      ratio = "-"
      while ((getline line < bfsfile) > 0) { split(line, p, " "); bfsn[p[1]] = p[2] + 0 }
      if (name != "bfs") {
        b = 0; o = 0
        for (k in bfsn) if (k in nodes && !(k in failed)) { b += bfsn[k]; o += nodes[k] }
        if (o > 0) ratio = sprintf("%.0fx", b / o)
      }
      printf "%-14s %6d %10.4g %10.1f %10d %13d %9.2f %10.2f %10.2f %8s%s\n", name, nb,
        median(wall, nw), median(perboard, nb), median(nd, nb), total, median(rate, runs),
        median(pk, nb) / 1048576, maxpeak / 1048576, ratio, nf ? sprintf("  (%d boards hit a limit)", nf) : ""
    }'
}

# compare WORKLOAD A B: boards where B expands fewer / as many / more nodes than A.
compare() {
  local w=$1 a=$2 b=$3
  [[ -f $work/$w.$a.nodes && -f $work/$w.$b.nodes ]] || return 0
  join <(sort -k1,1 "$work/$w.$a.nodes") <(sort -k1,1 "$work/$w.$b.nodes") | awk -v a="$a" -v b="$b" '
    { ta += $2; tb += $3; if ($3 < $2) fewer++; else if ($3 == $2) same++; else more++ }
    END { printf "%s vs %s: %.2fx fewer nodes in total; fewer on %d boards, as many on %d, more on %d\n",
          b, a, ta / tb, fewer, same, more }'
}

echo "slide search benchmark: $("$slide" --version), RUNS=$runs, $(nproc) cores, $(date -u +%Y-%m-%d)"
for w in $workloads; do
  generate "$w" >"$work/$w.txt"
  boards=$(wc -l <"$work/$w.txt")
  echo
  echo "== $w: $boards boards"
  printf '%-14s %6s %10s %10s %10s %13s %9s %10s %10s %8s\n' method boards boards/s \
    "us/board" "med nodes" "total nodes" "Mnodes/s" "med MiB" "max MiB" "vs bfs"
  : >"$work/$w.bfs.nodes"
  for m in $methods; do
    file=$work/$w.txt n=$boards r=$runs
    if [[ $m == bfs ]]; then
      [[ $w == 4x4* ]] && continue
      if [[ $w == 3x4 ]]; then
        head -n "$bfs_boards" "$work/$w.txt" >"$work/$w.bfs.txt"
        file=$work/$w.bfs.txt n=$(wc -l <"$file") r=1
      fi
    fi
    run_method "$w" "$m" "$file" "$r"
    summarize "$w" "$m" "$n"
  done
  compare "$w" astar astar:linear
  if [[ $w == 3x4 && -s $work/$w.bfs.nodes ]]; then
    echo "(vs bfs on the first $(wc -l <"$work/$w.bfs.nodes") boards, bfs run once)"
  fi
done
