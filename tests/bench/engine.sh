#!/usr/bin/env bash
# engine.sh - the optimal IDA* engine, two builds side by side: OLD and NEW
# run alternately in one run (OLD, NEW, OLD, NEW ...), so that both see the
# same load on a shared machine.
#
#   tests/bench/engine.sh OLD_BUILD NEW_BUILD [ROUNDS] [INSTANCES24] [THREADS24]
#
# OLD_BUILD, NEW_BUILD  build directories holding a `slide` binary
# ROUNDS       rounds of Korf's 100 (default 3; each round runs OLD then NEW)
# INSTANCES24  Korf-Taylor 24-puzzles by number in lib.sh's table (boards24)
#              (default "1", the 95-move one; "" for none, "all" for ten)
# THREADS24    threads of each 24-puzzle search (default 2)
#
# Environment: TIMEOUT24 (seconds an instance, default 900), CACHEGRIND=0
# skips the cachegrind part.  The tables come from the cache
# ($SLIDE_CACHE_DIR, ...): run `slide pdb build` and `slide pdb build --size
# 5x5` first, or the first run pays for building them.
#
# Workloads, each reported per run as: nodes expanded and generated, wall,
# CPU (user + system), CPU per thread (the first thread sampled from /proc
# every 0.2 s, the others the rest of the process's CPU), generated nodes a
# CPU-second, the load average before and after:
#   1. Korf's 100 15-puzzles (tests/bench/korf100.txt, R. E. Korf, "Depth-
#      first iterative-deepening", AIJ 27, 1985) to the blank-first goal, one
#      process for all, one thread, end to end (the process's wall time,
#      mapping the tables included).
#   2. the 24-puzzles (lib.sh's boards24, as twentyfour.sh) on THREADS24 threads.
#   3. cachegrind (simulated caches: this VM has no hardware counters) on a
#      short instance of each size: Korf #3 and an 84-move 5x5 board (`slide
#      gen --size 5x5 --walk 200 --seed 5`), minus a short search's run
#      (start-up, mapping, IDA*'s first twin automaton), per generated node:
#      instructions, data reads, D1 and last-level misses.
#      Cachegrind does not model prefetching: a prefetched miss still
#      counts, so these say how much memory a node touches, not how long it
#      waits for it.
# Then per workload: the medians, NEW over OLD, and whether both printed the
# same answers (byte for byte).
set -euo pipefail
old=${1:?usage: engine.sh OLD_BUILD NEW_BUILD [ROUNDS] [INSTANCES24] [THREADS24]}
new=${2:?usage: engine.sh OLD_BUILD NEW_BUILD [ROUNDS] [INSTANCES24] [THREADS24]}
rounds=${3:-3}
instances=${4-1}
threads24=${5:-2}
timeout24=${TIMEOUT24:-900}
here=$(cd "$(dirname "$0")" && pwd)
korf_goal="x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
# shellcheck source=tests/bench/lib.sh
. "$here/lib.sh" # load, goal24, boards24, lengths24
[ "$instances" = all ] && instances="1 2 3 4 5 6 7 8 9 10"

for b in "$old" "$new"; do
    [ -x "$b/slide" ] || { echo "engine.sh: no $b/slide" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hz=$(getconf CLK_TCK)

# run TAG OUT -- command...: runs the command under /usr/bin/time, samples
# the first thread's CPU; prints "wall cpu first others" into OUT.time.
run() {
    local out=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$out.time" "$@" >"$out" 2>"$out.err" &
    local tpid=$! spid="" first=0 v
    while kill -0 "$tpid" 2>/dev/null; do
        [ -n "$spid" ] || spid=$(pgrep -P "$tpid" 2>/dev/null | head -n 1 || true)
        if [ -n "$spid" ] && v=$(awk '{ print $14 + $15 }' "/proc/$spid/task/$spid/stat" 2>/dev/null); then
            first=$v
        fi
        sleep 0.2
    done
    wait "$tpid" || true
    read -r wall user sys < <(tail -n 1 "$out.time")
    awk -v w="$wall" -v u="$user" -v s="$sys" -v f="$first" -v hz="$hz" 'BEGIN {
        cpu = u + s; f /= hz; if (f > cpu) f = cpu
        printf "%.2f %.2f %.2f %.2f\n", w, cpu, f, cpu - f }' >"$out.cpu"
}

sum_field() { # field json-lines-file
    grep -o "\"$1\":[0-9.]*" "$2" | cut -d: -f2 | awk '{ s += $1 } END { printf "%.0f\n", s }'
}

printf 'engine.sh: OLD %s, NEW %s; %s cores (%s), load %s\n' "$old" "$new" "$(nproc)" \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" "$(load)"
printf '%-4s %-10s %3s %12s %13s %8s %8s %15s %10s  %-14s  %-14s\n' which workload thr expanded \
    generated "wall s" "CPU s" "CPU/thread s" "M gen/CPUs" "load before" "load after"

line() { # which workload threads json-file cpu-file before after
    local cpu
    read -r wall cpu first others <"$5"
    local ex gen
    ex=$(sum_field nodes "$4")
    gen=$(sum_field generated "$4")
    printf '%-4s %-10s %3s %12s %13s %8.2f %8.2f %15s %10.2f  %-14s  %-14s\n' "$1" "$2" "$3" "$ex" \
        "$gen" "$wall" "$cpu" "$(printf '%.1f+%.1f' "$first" "$others")" \
        "$(awk -v g="$gen" -v c="$cpu" 'BEGIN { print (c > 0 ? g / c / 1e6 : 0) }')" "$6" "$7" |
        tee -a "$work/lines"
}

# 1. Korf's 100, one thread, end to end (boards as arguments: one search at a time)
mapfile -t korf <"$here/korf100.txt"
for r in $(seq "$rounds"); do
    for which in old new; do
        b=$old
        [ $which = new ] && b=$new
        before=$(load)
        run "$work/k.$which.$r" "$b/slide" solve -a idastar -j 1 --goal "$korf_goal" -o json \
            "${korf[@]}"
        after=$(load)
        line "$which" korf100 1 "$work/k.$which.$r" "$work/k.$which.$r.cpu" "$before" "$after"
        grep -o '"moves":"[a-z]*"' "$work/k.$which.$r" >"$work/k.$which.$r.answers"
    done
done

# 2. the 24-puzzles
for i in $instances; do
    board=${boards24[$((i - 1))]}
    for which in old new; do
        b=$old
        [ $which = new ] && b=$new
        before=$(load)
        run "$work/t$i.$which" "$b/slide" solve -a idastar -j "$threads24" --size 5x5 --goal "$goal24" \
            --timeout "$timeout24" -o json "$board"
        after=$(load)
        line "$which" "24p#$i" "$threads24" "$work/t$i.$which" "$work/t$i.$which.cpu" "$before" "$after"
        steps=$(grep -o '"steps":[0-9]*' "$work/t$i.$which" | cut -d: -f2 || true)
        [ "${steps:-}" = "${lengths24[$((i - 1))]}" ] ||
            echo "     24p#$i: $which answered ${steps:-nothing} moves, published ${lengths24[$((i - 1))]}: $(tail -n 1 "$work/t$i.$which.err")"
        grep -o '"moves":"[a-z]*"' "$work/t$i.$which" >"$work/t$i.$which.answers" || true
    done
done

echo
awk '
function median(list,    a, n, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ key = $2; wall[$1, key] = wall[$1, key] " " $6; cpu[$1, key] = cpu[$1, key] " " $7
  gen[$1, key] = $5; ex[$1, key] = $4; seen[key] = 1 }
END {
    for (k in seen) {
        wo = median(wall["old", k]); wn = median(wall["new", k])
        co = median(cpu["old", k]); cn = median(cpu["new", k])
        printf "%s: median wall OLD %.2f s, NEW %.2f s: %.2fx; CPU %.2f / %.2f s: %.2fx; generated %s / %s: %.2fx fewer; expanded %s / %s\n",
            k, wo, wn, (wn > 0 ? wo / wn : 0), co, cn, (cn > 0 ? co / cn : 0), gen["old", k], gen["new", k],
            (gen["new", k] > 0 ? gen["old", k] / gen["new", k] : 0), ex["old", k], ex["new", k]
    }
}' "$work/lines"
for f in "$work"/*.old*.answers; do
    g=${f/.old/.new}
    if cmp -s "$f" "$g"; then
        echo "answers $(basename "$f" .answers | sed 's/\.old//'): identical ($(wc -l <"$f") boards)"
    else
        echo "answers $(basename "$f" .answers | sed 's/\.old//'): DIFFERENT"
    fi
done

# 3. cachegrind: misses a generated node on short instances
if [ "${CACHEGRIND:-1}" = 1 ] && command -v valgrind >/dev/null; then
    echo
    echo "cachegrind (simulated: D1 48 KiB, last level 32 MiB 16-way, as this EPYC's L3), per generated node, start-up subtracted:"
    k3=$(sed -n 3p "$here/korf100.txt")
    walk5=$("$new/slide" gen --size 5x5 --goal "$goal24" --walk 200 --seed 5)
    # The start-up subtracted is a short search's (7,613 and 11,214 nodes expanded),
    # not a solved board's: past 1,000 expansions IDA* builds its twin automaton of length 10
    # (search/idastar_driver.c), a cost of the run, not of the nodes.
    base4=$("$new/slide" gen --size 4x4 --goal "$korf_goal" --walk 60 --seed 5)
    base5=$("$new/slide" gen --size 5x5 --goal "$goal24" --walk 60 --seed 1)
    cg() { # binary out args... -> "Ir Dr D1miss LLmiss generated"
        local b=$1 out=$2
        shift 2
        valgrind --tool=cachegrind --cache-sim=yes --D1=49152,12,64 --LL=33554432,16,64 \
            --cachegrind-out-file=/dev/null \
            "$b/slide" solve -a idastar -j 1 -o json "$@" >"$out" 2>"$out.err" || true
        awk -v g="$(sum_field generated "$out")" '
            /I *refs:/ { gsub(",", "", $NF); ir = $NF }
            /D *refs:/ { gsub(",", "", $4); dr = $4 }
            /D1 *misses:/ { gsub(",", "", $4); d1 = $4 }
            /LLd misses:/ { gsub(",", "", $4); ll = $4 }
            END { print ir, dr, d1, ll, g }' "$out.err"
    }
    printf '%-4s %-8s %12s %10s %10s %10s %10s\n' which board generated "instr" "D refs" "D1 miss" "LLd miss"
    for which in old new; do
        b=$old
        [ $which = new ] && b=$new
        for board in k3 w5; do
            if [ $board = k3 ]; then
                base=$(cg "$b" "$work/cg0" --goal "$korf_goal" "$base4")
                full=$(cg "$b" "$work/cg1" --goal "$korf_goal" "$k3")
            else
                base=$(cg "$b" "$work/cg0" --size 5x5 --goal "$goal24" "$base5")
                full=$(cg "$b" "$work/cg1" --size 5x5 --goal "$goal24" "$walk5")
            fi
            awk -v w="$which" -v n="$board" -v base="$base" -v full="$full" 'BEGIN {
                split(base, a, " "); split(full, b, " "); g = b[5] - a[5]
                if (g <= 0) { printf "%-4s %-8s no nodes\n", w, n; exit }
                printf "%-4s %-8s %12d %10.1f %10.1f %10.3f %10.3f\n", w, n, g, (b[1] - a[1]) / g,
                    (b[2] - a[2]) / g, (b[3] - a[3]) / g, (b[4] - a[4]) / g }'
        done
    done
fi
echo "load at the end: $(load)"
