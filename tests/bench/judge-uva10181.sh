#!/usr/bin/env bash
# judge-uva10181.sh - UVa 10181 as its judge runs it: one input of one board
# a process (tests/bench/README.md; src/cli/README.md "Judge presets").
#
#   tests/bench/judge-uva10181.sh [path/to/slide] [CASES]
#
# Cases: the first CASES (default 40) boards of `slide gen --size 4x4 --seed
# 10181 --count 400` whose shortest answer takes at most 50 moves (the
# problem's limit), each as an input of its own ("1", then 4 lines of 4
# numbers).  All CASES inputs are run one process each and the total wall
# time taken, RUNS times (default 5, median), from a warm cache (every table
# file already verified and in the page cache):
#   - with the full 7-8 tables cached (the user's cache, $SLIDE_CACHE_DIR
#     or ~/.cache/slide, after `slide pdb build`): what `auto` uses then;
#   - with only the quick 3-6-6 tables cached (a private cache the first run
#     fills): what `auto` uses before `slide pdb build`.
# Every output is compared with the same boards answered in one run.
set -euo pipefail
slide=${1:-build/slide}
cases=${2:-40}
runs=${RUNS:-5}
full_cache=${SLIDE_CACHE_DIR:-$HOME/.cache/slide}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
if ! "$slide" pdb info --cache-dir "$full_cache" | grep -q 'x_oo__oo__oo__oo.pdb: .*valid'; then
    echo "judge-uva10181: the full 7-8 tables are not in $full_cache: run \`slide pdb build\`" >&2
    exit 1
fi

"$slide" gen --size 4x4 --seed 10181 --count 400 >"$work/random"
SLIDE_CACHE_DIR=$full_cache "$slide" solve -o steps <"$work/random" >"$work/random.steps"
paste -d' ' "$work/random.steps" "$work/random" | awk -v n="$cases" '$1 <= 50 && k < n { k++; $1 = ""; print }' |
    tr x 0 >"$work/boards"
[ "$(wc -l <"$work/boards")" -eq "$cases" ] || { echo "not $cases boards within 50 moves" >&2; exit 1; }
i=0
while read -r line; do
    i=$((i + 1))
    { echo 1; echo "$line" | awk '{ for (j = 1; j <= 16; j += 4) print $j, $(j+1), $(j+2), $(j+3) }'; } >"$work/case.$i.in"
done <"$work/boards"
{ echo "$cases"; awk '{ for (j = 1; j <= 16; j += 4) print $j, $(j+1), $(j+2), $(j+3) }' "$work/boards"; } >"$work/all.in"
SLIDE_CACHE_DIR=$full_cache "$slide" solve --problem uva10181 <"$work/all.in" >"$work/all.out"
depth=$(awk '{ s += length($0) } END { printf "%.1f", s / NR }' "$work/all.out")

one_case_runs() { # cache -> total wall seconds of the CASES one-case runs
    local cache=$1
    TIMEFORMAT=%R
    { time for j in $(seq 1 "$cases"); do
        SLIDE_CACHE_DIR=$cache "$slide" solve --problem uva10181 <"$work/case.$j.in" >"$work/case.$j.out" 2>/dev/null
    done; } 2>&1
}
check() {
    for j in $(seq 1 "$cases"); do
        cmp -s "$work/case.$j.out" <(sed -n "${j}p" "$work/all.out") ||
            { echo "case $j: differs from the answer in one run" >&2; exit 1; }
    done
}

echo "$cases one-case UVa 10181 runs (boards of at most 50 moves, mean $depth), warm cache," \
    "median of $runs; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg):"
mkdir -p "$work/quick"
for label in full quick; do
    cache=$full_cache
    [ "$label" = quick ] && cache="$work/quick"
    one_case_runs "$cache" >/dev/null # builds (quick), verifies and stamps, warms the page cache
    sleep 2                           # a file is stamped once it is 2 s old
    one_case_runs "$cache" >/dev/null
    check
    times=()
    for _ in $(seq "$runs"); do times+=("$(one_case_runs "$cache")"); done
    check
    printf '  %-32s %6.2f s in all, %5.1f ms a run (target <= 0.8 s in all)\n' \
        "$([ "$label" = full ] && echo "full 7-8 tables cached" || echo "quick 3-6-6 tables only")" \
        "$(median <<<"${times[*]}")" "$(median <<<"${times[*]}" | awk -v n="$cases" '{ print $1 * 1000 / n }')"
done
