#!/usr/bin/env bash
# fifteen.sh - IDA* on random 15-puzzles, per heuristic.
#
#   tests/bench/fifteen.sh [BUILD_DIR] [COUNT] [SLOW_COUNT] [SLOW_TIMEOUT]
#
# Boards: `slide gen --size 4x4 --count COUNT --seed 15` (default 100).
# pdb runs on every board; linear and manhattan on the first SLOW_COUNT
# boards (default 10) with a per-board --timeout SLOW_TIMEOUT (default 10 s),
# and the node ratio is taken over the boards both finished.  One process a
# heuristic, so the tables are loaded once; a one-move board goes first and is
# left out of the figures, so "search time" excludes loading.  The tables
# come from the cache ($SLIDE_CACHE_DIR, ...): run `slide pdb build` first to
# keep the build out of the figures.  One thread.
set -euo pipefail
build=${1:-build}
count=${2:-100}
slow_count=${3:-10}
slow_timeout=${4:-10}
slide="$build/slide"
warm="1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"
boards=$(mktemp)
trap 'rm -f "$boards" "$boards".*' EXIT
"$slide" gen --size 4x4 --count "$count" --seed 15 > "$boards"

run() { # heuristic boards timeout -> json lines (warm-up dropped)
    local heuristic=$1 file=$2 timeout=$3
    { echo "$warm"; cat "$file"; } |
        "$slide" solve -a idastar -H "$heuristic" -o json ${timeout:+--timeout "$timeout"} |
        tail -n +2 || true
}

summary() { # name json-file
    awk -v name="$1" '
    /"error"/ { unfinished++; next }
    {
        match($0, /"nodes":[0-9]+/); n = substr($0, RSTART + 8, RLENGTH - 8) + 0
        match($0, /"ms":[0-9.]+/); t = substr($0, RSTART + 5, RLENGTH - 5) + 0
        match($0, /"steps":[0-9]+/); s = substr($0, RSTART + 8, RLENGTH - 8) + 0
        k++; nodes += n; ms += t; steps += s
        if (n > maxn) maxn = n
        if (t > maxt) maxt = t
    }
    END {
        if (k == 0) { printf "%-9s no board finished\n", name; exit }
        printf "%-9s %4d solved %3d unfinished  mean %.1f moves  nodes mean %12.0f max %12.0f  ms mean %9.2f max %9.2f  total %8.3f s  %6.2f M nodes/s\n",
            name, k, unfinished, steps / k, nodes / k, maxn, ms / k, maxt, ms / 1000, nodes / ms / 1000
    }' "$2"
}

echo "boards: slide gen --size 4x4 --count $count --seed 15 ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
run pdb "$boards" "" > "$boards.pdb"
summary pdb "$boards.pdb"
median() { # field json-file
    grep -o "\"$1\":[0-9.]*" "$2" | cut -d: -f2 | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
echo "pdb medians: $(median nodes "$boards.pdb") nodes, $(median ms "$boards.pdb") ms"
if [ "$slow_count" -gt 0 ]; then
    head -n "$slow_count" "$boards" > "$boards.slow"
    for h in linear manhattan; do
        run "$h" "$boards.slow" "$slow_timeout" > "$boards.$h"
        summary "$h" "$boards.$h"
    done
    # node ratio on the boards both finished (same line numbers)
    paste -d'\n' <(head -n "$slow_count" "$boards.pdb") "$boards.manhattan" | awk '
        NR % 2 == 1 { pdb = $0; next }
        pdb !~ /"error"/ && $0 !~ /"error"/ {
            match(pdb, /"nodes":[0-9]+/); a = substr(pdb, RSTART + 8, RLENGTH - 8) + 0
            match($0, /"nodes":[0-9]+/); b = substr($0, RSTART + 8, RLENGTH - 8) + 0
            both++; pa += a; mb += b
            r = a > 0 ? b / a : 0
            if (min == 0 || r < min) min = r
        }
        END { if (both) printf "manhattan/pdb nodes on the %d boards both finished: total %.0fx, smallest %.0fx\n", both, mb / pa, min }'
fi
