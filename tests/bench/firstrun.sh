#!/usr/bin/env bash
# firstrun.sh - the 15-puzzle from a new user's first run to a warm cache
# (tests/bench/README.md; src/pdb/README.md).
#
#   tests/bench/firstrun.sh [BUILD_DIR] [KORF_COUNT]
#
# Boards: `slide gen --size 4x4 --seed 1 --count 10`, one `slide solve BOARD`
# process each, wall time and peak resident memory from /usr/bin/time:
#
#   1. empty cache: each board on a fresh temporary SLIDE_CACHE_DIR, so each
#      run builds (and caches) the quick 3-6-6 tables before its answer;
#      then the ten boards as one batch on an empty cache;
#   2. the quick tables cached (what the runs above left behind);
#   3. the full 7-8 tables cached: the user's cache ($SLIDE_CACHE_DIR, else
#      ~/.cache/slide), which must hold them (`slide pdb build`); and the
#      warm start of one board, the median of 11 runs;
#   4. Korf-type boards: `slide gen --size 4x4 --goal "x 1 ... 15" --seed 15
#      --count KORF_COUNT` (default 30) solved to Korf's blank-first goal (the
#      default goal's tables, rotated) in one process per table set, with
#      the quick tables and with the full ones: the search time (the sum of
#      -o json's ms) and nodes, and the ratio.
#
# Every answer is checked against the full tables' (same length).  The
# machine's load is printed first: on a shared machine, compare wall times
# only with the load they were taken at (the CPU seconds vary less).  Peak
# memory is the resident size, mapped table pages included (see tests/bench/README.md).
set -euo pipefail
build=${1:-build}
korf_count=${2:-30}
slide="$build/slide"
full_cache=${SLIDE_CACHE_DIR:-$HOME/.cache/slide}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
korf_goal="x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

"$slide" gen --size 4x4 --seed 1 --count 10 >"$work/boards"
"$slide" gen --size 4x4 --goal "$korf_goal" --seed 15 --count "$korf_count" >"$work/korf"
if ! "$slide" pdb info --cache-dir "$full_cache" | grep -q 'x_oo__oo__oo__oo.pdb: .*valid'; then
    echo "firstrun: the full 7-8 tables are not in $full_cache: run \`slide pdb build\` first" >&2
    exit 1
fi
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# "wall_s peak_kib cpu_s" of one solve of $1 with SLIDE_CACHE_DIR=$2 (wall from the clock, to
# the millisecond; /usr/bin/time's has 10 ms steps); the answer's length in $3
timed_solve() {
    local board=$1 cache=$2 steps=$3 start end
    start=$(date +%s%N)
    SLIDE_CACHE_DIR=$cache /usr/bin/time -f "%M %U %S" -o "$work/time" \
        "$slide" solve -o steps "$board" >"$steps" 2>/dev/null
    end=$(date +%s%N)
    awk -v ns=$((end - start)) '{ print ns / 1e9, $1, $2 + $3 }' "$work/time"
}
# wall and peak per board: prints the table and the summary of one column
per_board() { # label cache-or-"fresh"
    local label=$1 cache=$2 i=0 board
    : >"$work/walls"
    : >"$work/peaks"
    : >"$work/cpus"
    while read -r board; do
        i=$((i + 1))
        local dir=$cache
        if [ "$cache" = fresh ]; then
            dir="$work/fresh-$i"
            mkdir -p "$dir"
        fi
        read -r wall peak cpu < <(timed_solve "$board" "$dir" "$work/steps.$label.$i")
        echo "$wall" >>"$work/walls"
        echo "$peak" >>"$work/peaks"
        echo "$cpu" >>"$work/cpus"
    done <"$work/boards"
    printf '  %-30s wall median %6.3f s, max %6.3f s (CPU median %5.2f s); peak median %4.0f MiB, max %4.0f MiB\n' \
        "$label" "$(median <"$work/walls")" "$(sort -g "$work/walls" | tail -1)" \
        "$(median <"$work/cpus")" "$(median <"$work/peaks" | awk '{ print $1 / 1024 }')" \
        "$(sort -g "$work/peaks" | tail -1 | awk '{ print $1 / 1024 }')"
}

echo "1-3. slide solve BOARD, one process a board (10 boards of slide gen --size 4x4 --seed 1):"
per_board "empty cache (builds 3-6-6)" fresh
per_board "full 7-8 tables cached" "$full_cache"
# the quick tables alone: the first empty-cache run's directory holds them
per_board "quick 3-6-6 tables cached" "$work/fresh-1"
for i in $(seq 1 10); do
    cmp -s "$work/steps.empty cache (builds 3-6-6).$i" "$work/steps.full 7-8 tables cached.$i" ||
        { echo "board $i: the quick and the full tables disagree on the length" >&2; exit 1; }
done

mkdir -p "$work/batch"
SLIDE_CACHE_DIR="$work/batch" /usr/bin/time -f "%e %M" -o "$work/time" \
    "$slide" solve <"$work/boards" >/dev/null 2>&1
read -r wall peak <"$work/time"
printf '  %-30s wall %6.2f s for all ten; peak %4.0f MiB\n' "batch of 10, empty cache" "$wall" \
    "$(echo "$peak" | awk '{ print $1 / 1024 }')"

board=$(head -1 "$work/boards")
SLIDE_CACHE_DIR=$full_cache "$slide" solve "$board" >/dev/null 2>&1 # stamps and page cache warm
for _ in $(seq 11); do
    timed_solve "$board" "$full_cache" /dev/null
done >"$work/warm"
printf '  %-30s wall median %6.3f s (11 runs), peak median %4.0f MiB\n' "warm start, one board" \
    "$(cut -d' ' -f1 "$work/warm" | median)" "$(cut -d' ' -f2 "$work/warm" | median | awk '{ print $1 / 1024 }')"

echo "4. Korf-type boards (slide gen --size 4x4 --goal \"$korf_goal\" --seed 15 --count $korf_count):"
korf() { # label cache
    SLIDE_CACHE_DIR=$2 "$slide" solve -g "$korf_goal" -o json <"$work/korf" 2>/dev/null >"$work/korf.$1"
    awk -v name="$1" '
        {
            match($0, /"nodes":[0-9]+/); n += substr($0, RSTART + 8, RLENGTH - 8)
            match($0, /"ms":[0-9.]+/); ms += substr($0, RSTART + 5, RLENGTH - 5)
            match($0, /"steps":[0-9]+/); steps += substr($0, RSTART + 8, RLENGTH - 8); k++
        }
        END { printf "  %-30s %d boards, mean %.1f moves, %12d nodes, %9.1f ms search\n", name, k, steps / k, n, ms }' \
        "$work/korf.$1"
}
korf "quick 3-6-6 tables" "$work/fresh-1"
korf "full 7-8 tables" "$full_cache"
grep -o '"steps":[0-9]*' "$work/korf.quick 3-6-6 tables" >"$work/korf.quick.steps"
grep -o '"steps":[0-9]*' "$work/korf.full 7-8 tables" >"$work/korf.full.steps"
cmp -s "$work/korf.quick.steps" "$work/korf.full.steps" ||
    { echo "Korf-type boards: the quick and the full tables disagree on a length" >&2; exit 1; }
ms() { grep -o '"ms":[0-9.]*' "$1" | cut -d: -f2 | awk '{ s += $1 } END { print s }'; }
awk -v q="$(ms "$work/korf.quick 3-6-6 tables")" -v f="$(ms "$work/korf.full 7-8 tables")" \
    'BEGIN { printf "  quick / full search time: %.1fx (target <= 10x)\n", q / f }'
