#!/usr/bin/env bash
# nearoptimal.sh - answer quality on every board size (issue 20): mean answer
# length over mean Manhattan distance, for `auto` (beam search above 16 cells
# without tables, reduce above 254 cells) against `strategy`.
#
#   tests/bench/nearoptimal.sh [BUILD_DIR] [COUNT] [SIZES] [BIG]
#
# BUILD_DIR  where the slide binary is (default build)
# COUNT      random boards a size (default 20): `slide gen --size NxN --count
#            COUNT --seed SEED`, standard goal
# SIZES      square sides (default "5 6 7 8 10")
# BIG        sides of the large boards, one board each, -o steps only
#            (default "100"; "" none; "100 1000" adds the 1000x1000, about a
#            minute)
#
# Every answer of the random boards is replayed by `slide check`.  The cache
# is a fresh empty directory (SLIDE_CACHE_DIR), so 5x5 shows auto's first
# answer without tables; set PDB5=1 to build the 5x5 tables first (about 75 s
# on two free cores) and measure the weighted ladder on them too.
# Reported per size and method: mean moves, mean Manhattan, their ratio,
# the mean proven lower bound (json "lower_bound": the linear conflict) and
# the ratio of moves to it (what the answers may waste, at most), the
# slowest board's ms (json "ms", wall: on a loaded machine far above the
# CPU), the batch's user CPU, and the load average before the run.
#
# Environment:
# SETS        the board sets, any of (default "random"):
#             random     the COUNT random boards a size of SIZES, then BIG
#             deepcubea  boards made as DeepCubeA's published test sets were
#                        (random walks from the goal, each move one of the
#                        four directions, a move off the board doing nothing):
#                        COUNT boards of 6x6 after 1,000 moves and COUNT of
#                        7x7 after 1,000 to 10,000 (`slide gen --walk 1000
#                        --walk-rule any`, `--walk 1000-10000`)
# ALGOS       the algorithms each set is solved with (default "auto strategy")
# SOLVE_OPTS  more options for every `slide solve` (word-split), e.g.
#             "--timeout 2": a curve of answer length against time
# SEED        the boards' --seed (default 1)
#
#   SETS="deepcubea random" ALGOS=auto tests/bench/nearoptimal.sh build 100 "6 7" ""
set -euo pipefail
build=${1:-build}
count=${2:-20}
sizes=${3:-"5 6 7 8 10"}
big=${4-"100"}
sets=${SETS:-random}
algos=${ALGOS:-auto strategy}
seed=${SEED:-1}
read -r -a solve_opts <<<"${SOLVE_OPTS:-}"
slide="$build/slide"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SLIDE_CACHE_DIR="$work/cache"
mkdir -p "$SLIDE_CACHE_DIR"

# shellcheck source=tests/bench/lib.sh
. "$(dirname "$0")/lib.sh" # load, field
manhattan() { # n, boards on stdin (spaced, standard goal) -> one distance a line
    awk -v n="$1" '{ s = 0; for (i = 1; i <= NF; i++) { v = $i; if (v == "x") continue;
        v--; r = int((i - 1) / n); c = (i - 1) % n; gr = int(v / n); gc = v % n;
        s += (r > gr ? r - gr : gr - r) + (c > gc ? c - gc : gc - c) } print s }'
}

run() { # n, algo, boards file, label
    local n=$1 algo=$2 boards=$3 label=$4 before cpu
    before=$(load 1)
    /usr/bin/time -o "$work/time" -f "%U" "$slide" solve -a "$algo" ${solve_opts[@]+"${solve_opts[@]}"} \
        -o json <"$boards" >"$work/out.json" 2>"$work/err"
    cpu=$(tail -1 "$work/time")
    field steps <"$work/out.json" >"$work/steps"
    field moves <"$work/out.json" >"$work/moves"
    field lower_bound <"$work/out.json" >"$work/bound"
    paste -d'\n' "$boards" "$work/moves" | while read -r b && read -r m; do
        "$slide" check "$b" "$m" >/dev/null || { echo "not solved: $b" >&2; exit 1; }
    done
    local slowest
    slowest=$(field ms <"$work/out.json" | sort -g | tail -1)
    paste "$work/steps" "$work/md" "$work/bound" | awk -v n="$n" -v a="$label" -v s="$slowest" \
        -v c="$cpu" -v l="$before" '{ m += $1; d += $2; b += $3 } END {
        printf "%dx%d  %-22s mean %7.1f moves  manhattan %6.1f  ratio %.3f  bound %6.1f  ratio %.3f  slowest %8.1f ms  cpu %6.2f s  load %s\n",
            n, n, a, m / NR, d / NR, m / d, b / NR, m / b, s, c, l }'
}

[ -z "${SOLVE_OPTS:-}" ] || echo "solve options: $SOLVE_OPTS"

boards() { # n, gen options: COUNT boards of NxN in $work/boards, their distances in $work/md
    local n=$1
    shift
    "$slide" gen --size "${n}x$n" --count "$count" --seed "$seed" "$@" >"$work/boards"
    manhattan "$n" <"$work/boards" >"$work/md"
}

deepcubea_walks=([6]=1000 [7]=1000-10000)
case " $sets " in *" deepcubea "*)
    for n in 6 7; do
        boards "$n" --walk "${deepcubea_walks[n]}" --walk-rule any
        for algo in $algos; do run "$n" "$algo" "$work/boards" "deepcubea, $algo"; done
    done
    ;;
esac
case " $sets " in *" random "*) ;; *) exit 0 ;; esac

for n in $sizes; do
    boards "$n"
    for algo in $algos; do
        if [ "$n" != 5 ] || [ "$algo" != auto ]; then
            run "$n" "$algo" "$work/boards" "$algo"
            continue
        fi
        rm -rf "${SLIDE_CACHE_DIR:?}"/*
        run "$n" auto "$work/boards" "auto, empty cache"
        if [ "${PDB5:-0}" = 1 ]; then
            "$slide" pdb build --size 5x5 >/dev/null
            run "$n" auto "$work/boards" "auto, tables cached"
        fi
    done
done

for n in $big; do
    "$slide" gen --size "${n}x$n" --seed "$seed" >"$work/big"
    for algo in $algos; do
        before=$(load 1)
        /usr/bin/time -o "$work/big.time" -f "%e %U %M" "$slide" solve -a "$algo" \
            ${solve_opts[@]+"${solve_opts[@]}"} -o steps <"$work/big" >"$work/big.steps" 2>/dev/null
        read -r wall cpu kb <"$work/big.time"
        awk -v n="$n" -v a="$algo" -v w="$wall" -v c="$cpu" -v k="$kb" -v l="$before" \
            '{ printf "%dx%d  %-9s %d moves  %.3f n^3  wall %s s  cpu %s s  peak %d MiB  load %s\n",
               n, n, a, $1, $1 / (n * n * n), w, c, k / 1024, l }' "$work/big.steps"
    done
done
