#!/usr/bin/env bash
# twentyfour.sh - the 24-puzzle solved optimally: the Korf-Taylor instances
# with IDA* and the 6-6-6-6 pattern databases (reflected about the diagonal).
#
#   tests/bench/twentyfour.sh [BUILD_DIR] [TIMEOUT] [INSTANCES] [THREADS]
#
# BUILD_DIR   where the slide binary is (default build)
# TIMEOUT     seconds allowed an instance (default 300)
# INSTANCES   which instances, by number in the table below (default "1 5":
#             the two easiest, 95 and 100 moves; "all" for the ten)
# THREADS     threads inside each search, e.g. "1 2" to run each instance
#             with one and then two (default 2)
#
# Environment: PDB_BUILD=1 first builds the tables into an empty temporary
# cache (measured with /usr/bin/time -v: wall, CPU, peak memory) and solves
# with those; otherwise the user's cache is used (and the tables built there
# if missing, which the first instance's time then includes).
#
# The instances: R. E. Korf and L. A. Taylor, "Finding optimal solutions to
# the twenty-four puzzle", AAAI-96, pp. 1202-1207 (ten random boards, nine
# solved there).  Their optimal lengths: R. E. Korf and A. Felner,
# "Disjoint pattern database heuristics", Artificial Intelligence 134
# (2002), pp. 9-22.  Boards as printed there, blank first (x), with the
# goal x 1 2 ... 24; sorted here by optimal length.
#
# Per instance: moves (checked against the published length and replayed by
# `slide check`), nodes expanded and generated, wall time, generated nodes
# per second of wall and per CPU second, CPU seconds (user + system) and the
# load average before and after: the machine is shared, and a wall time
# next to a load of 4 on 2 cores is not the program's speed.
set -euo pipefail
build=${1:-build}
timeout=${2:-300}
instances=${3:-"1 5"}
threads=${4:-2}
slide="$build/slide"
goal="x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"

boards=(
    "14 5 9 2 18 8 23 19 12 17 15 x 10 20 4 6 11 21 1 7 24 3 16 22 13"
    "16 5 1 12 6 24 17 9 2 22 4 10 13 18 19 20 x 23 7 21 15 11 8 3 14"
    "6 x 24 14 8 5 21 19 9 17 16 20 10 13 2 15 11 22 1 3 7 23 4 18 12"
    "18 14 x 9 8 3 7 19 2 15 5 12 1 13 24 23 4 21 10 20 16 22 11 6 17"
    "17 1 20 9 16 2 22 19 14 5 15 21 x 3 24 23 18 13 12 7 10 8 6 4 11"
    "2 x 10 19 1 4 16 3 15 20 22 9 6 18 5 13 12 21 8 17 23 11 24 7 14"
    "21 22 15 9 24 12 16 23 2 8 5 18 17 7 10 14 13 4 x 6 20 11 3 1 19"
    "7 13 11 22 12 20 1 18 21 5 x 8 14 24 19 9 4 17 16 10 23 15 3 2 6"
    "3 2 17 x 14 18 22 19 15 20 9 7 10 21 16 6 24 23 8 5 1 4 11 12 13"
    "23 14 x 24 17 9 20 21 2 18 10 13 22 1 3 11 4 16 6 5 7 12 8 15 19"
)
lengths=(95 96 97 98 100 101 104 108 113 114)
[ "$instances" = all ] && instances="1 2 3 4 5 6 7 8 9 10"

load() { cut -d' ' -f1-3 /proc/loadavg; }
field() { # name json
    grep -o "\"$1\":[^,}]*" <<<"$2" | head -n 1 | cut -d: -f2 | tr -d '"'
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "24-puzzle, Korf & Taylor (AAAI-96) instances, $(nproc) cores, $(uname -m)"
if [ "${PDB_BUILD:-0}" = 1 ]; then
    export SLIDE_CACHE_DIR="$work/cache"
    echo "pattern databases: slide pdb build --size 5x5 --goal \"x 1 ... 24\" (empty cache $SLIDE_CACHE_DIR), load before $(load)"
    /usr/bin/time -v "$slide" pdb build --size 5x5 --goal "$goal" >"$work/build.out" 2>"$work/build.err"
    grep -E "tables|MiB|seconds" "$work/build.out" || true
    wall=$(grep "Elapsed (wall clock)" "$work/build.err" | awk '{ print $NF }')
    user=$(grep "User time" "$work/build.err" | awk '{ print $NF }')
    sys=$(grep "System time" "$work/build.err" | awk '{ print $NF }')
    rss=$(grep "Maximum resident" "$work/build.err" | awk '{ print $NF }')
    printf "build: wall %s, CPU %.1f s (user %s + system %s), peak resident %.0f MiB, load after %s\n" \
        "$wall" "$(echo "$user + $sys" | bc)" "$user" "$sys" "$(echo "$rss / 1024" | bc -l)" "$(load)"
fi
printf "%-3s %-7s %-7s %5s %14s %14s %8s %8s %8s %9s  %-14s  %-14s %s\n" \
    "#" "optimal" "threads" "moves" "expanded" "generated" "wall s" "CPU s" "M gen/s" \
    "M gen/CPUs" "load before" "load after" "check"
for i in $instances; do
    board=${boards[$((i - 1))]}
    want=${lengths[$((i - 1))]}
    for t in $threads; do
        before=$(load)
        /usr/bin/time -f "%U %S %e" -o "$work/time" \
            "$slide" solve -a idastar -j "$t" --size 5x5 --goal "$goal" --timeout "$timeout" \
            -o json "$board" >"$work/out" 2>"$work/err" || true
        after=$(load)
        json=$(head -n 1 "$work/out")
        read -r user sys wall < <(tail -n 1 "$work/time") # after "Command exited with ..."
        cpu=$(echo "$user + $sys" | bc)
        if grep -q '"moves"' <<<"$json"; then
            moves=$(field moves "$json")
            steps=$(field steps "$json")
            nodes=$(field nodes "$json")
            generated=$(field generated "$json")
            ms=$(field ms "$json")
            check=$("$slide" check --size 5x5 --goal "$goal" "$board" "$moves" 2>&1 | head -n 1)
            [ "$steps" = "$want" ] || check="$check; LENGTH $steps, published $want"
            printf "%-3s %-7s %-7s %5s %14s %14s %8.1f %8.1f %8.2f %9.2f  %-14s  %-14s %s\n" \
                "$i" "$want" "$t" "$steps" "$nodes" "$generated" "$(echo "$ms / 1000" | bc -l)" \
                "$cpu" "$(echo "$generated / $ms / 1000" | bc -l)" \
                "$(echo "$generated / $cpu / 1000000" | bc -l)" "$before" "$after" "$check"
        else
            printf "%-3s %-7s %-7s %5s %14s %14s %8.1f %8.1f %8s %9s  %-14s  %-14s %s\n" \
                "$i" "$want" "$t" "-" "-" "-" "$wall" "$cpu" "-" "-" "$before" "$after" \
                "$(tail -n 1 "$work/err")"
        fi
    done
done
