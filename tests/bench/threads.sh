#!/usr/bin/env bash
# threads.sh - one IDA* search on one thread and on two (`--jobs 2` with the
# board as an argument): the same answer, and the speed-up.
#
#   tests/bench/threads.sh [BUILD_DIR] [ROUNDS]
#
# Boards: the two 80-move 15-puzzles (pattern databases 7-8: run `slide pdb
# build` first so that they come from the cache).  For the 24-puzzle, run
# tests/bench/twentyfour.sh with THREADS "1 2".  Each
# board runs ROUNDS times (default 3) with 1 and 2 threads, alternating.  A
# run is one process: a one-move board first (which loads the tables), then
# the board, so the search time (--stats) leaves the loading out.  CPU is the
# process's user + system time minus that of the one-move board alone (the
# loading), and the load average is read before each run: on a shared machine
# a two-thread run that got less than two cores shows it as CPU/wall < 2.
# Reported per run: answer length, nodes, search wall time, CPU, load; then
# per board the speed-up of the medians and whether every run printed the
# same string.
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
slide="$build/slide"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name | goal ("" = standard) | one-move board | board
boards=(
    "80a||1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15|0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"
    "80b||1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15|0 12 10 13 15 11 14 9 3 7 2 5 4 8 6 1"
)

cpu_of() { # file written by /usr/bin/time -f "%U %S"
    tail -n 1 "$1" | awk '{ print $1 + $2 }'
}

echo "$(nproc) cores; each run: answer length, nodes, search wall s, process CPU s (loading taken out), load average"
for entry in "${boards[@]}"; do
    IFS='|' read -r name goal warm board <<< "$entry"
    goal_args=()
    [ -n "$goal" ] && goal_args=(--goal "$goal")
    /usr/bin/time -f "%U %S" -o "$work/time" "$slide" solve "${goal_args[@]}" "$warm" > /dev/null
    loading=$(cpu_of "$work/time")
    for round in $(seq "$rounds"); do
        for jobs in 1 2; do
            load=$(cut -d' ' -f1 /proc/loadavg)
            /usr/bin/time -f "%U %S" -o "$work/time" "$slide" solve --stats --jobs "$jobs" \
                "${goal_args[@]}" "$warm" "$board" > "$work/out" 2> "$work/err"
            stats=$(grep 'argument 2' "$work/err")
            nodes=$(sed -n 's/.*expanded \([0-9]*\).*/\1/p' <<< "$stats")
            ms=$(sed -n 's/.* \([0-9.]*\) ms.*/\1/p' <<< "$stats")
            cpu=$(awk -v t="$(cpu_of "$work/time")" -v l="$loading" 'BEGIN { printf "%.2f", t - l }')
            moves=$(sed -n 2p "$work/out")
            echo "$moves" >> "$work/$name.answers"
            printf '%s %s %d %d %.2f %s %s\n' "$name" "$jobs" "${#moves}" "$nodes" \
                "$(awk -v m="$ms" 'BEGIN { print m / 1000 }')" "$cpu" "$load" | tee -a "$work/runs"
        done
    done
done
echo
awk '
function median(list, n,    a, i, j, t) {
    split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ wall[$1, $2] = wall[$1, $2] " " $5; cpu[$1, $2] = cpu[$1, $2] " " $6; count[$1, $2]++; names[$1] = 1 }
END {
    for (b in names) {
        w1 = median(wall[b, 1], count[b, 1]); w2 = median(wall[b, 2], count[b, 2])
        c1 = median(cpu[b, 1], count[b, 1]); c2 = median(cpu[b, 2], count[b, 2])
        printf "%s: median search wall %.2f s (1 thread) / %.2f s (2 threads) = %.2fx; CPU %.2f / %.2f s; 1-thread CPU over 2-thread wall %.2fx\n",
            b, w1, w2, w1 / w2, c1, c2, c1 / w2
    }
}' "$work/runs"
for f in "$work"/*.answers; do
    printf '%s: %s distinct answer(s) over all runs\n' "$(basename "$f" .answers)" "$(sort -u "$f" | wc -l)"
done
