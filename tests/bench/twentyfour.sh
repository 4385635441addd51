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
# The instances: the Korf-Taylor 24-puzzles of lib.sh (boards24, with their
# sources), blank first, with the goal x 1 2 ... 24, sorted by optimal length.
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
# shellcheck source=tests/bench/lib.sh
. "$(dirname "$0")/lib.sh"
[ "$instances" = all ] && instances="1 2 3 4 5 6 7 8 9 10"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "24-puzzle, Korf & Taylor (AAAI-96) instances, $(nproc) cores, $(uname -m)"
if [ "${PDB_BUILD:-0}" = 1 ]; then
    export SLIDE_CACHE_DIR="$work/cache"
    echo "pattern databases: slide pdb build --size 5x5 --goal \"x 1 ... 24\" (empty cache $SLIDE_CACHE_DIR), load before $(load)"
    /usr/bin/time -v "$slide" pdb build --size 5x5 --goal "$goal24" >"$work/build.out" 2>"$work/build.err"
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
    board=${boards24[$((i - 1))]}
    want=${lengths24[$((i - 1))]}
    for t in $threads; do
        before=$(load)
        /usr/bin/time -f "%U %S %e" -o "$work/time" \
            "$slide" solve -a idastar -j "$t" --size 5x5 --goal "$goal24" --timeout "$timeout" \
            -o json "$board" >"$work/out" 2>"$work/err" || true
        after=$(load)
        json=$(head -n 1 "$work/out")
        read -r user sys wall < <(tail -n 1 "$work/time") # after "Command exited with ..."
        cpu=$(echo "$user + $sys" | bc)
        if grep -q '"moves"' <<<"$json"; then
            moves=$(field moves <<<"$json")
            steps=$(field steps <<<"$json")
            nodes=$(field nodes <<<"$json")
            generated=$(field generated <<<"$json")
            ms=$(field ms <<<"$json")
            check=$("$slide" check --size 5x5 --goal "$goal24" "$board" "$moves" 2>&1 | head -n 1)
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
