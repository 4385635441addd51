#!/usr/bin/env bash
# twentyfour-weighted.sh - near-optimal 24-puzzles: `--weight W` on the
# 6-6-6-6 pattern databases (anytime weighted A*, what auto runs on 5x5 when
# the tables are cached, or the weighted IDA* ladder) against the optimum
# where it is known and against `--algo strategy`.
#
#   tests/bench/twentyfour-weighted.sh [BUILD_DIR] [WEIGHT] [COUNT] [ALGO]
#
# BUILD_DIR  where the slide binary is (default build)
# WEIGHT     the --weight (default 1.4, what auto uses on 5x5 when the tables
#            are cached)
# COUNT      random boards (default 100): `slide gen --size 5x5 --count COUNT
#            --seed 1`, standard goal
# ALGO       astar (default: auto's choice) or idastar (the ladder, which
#            auto ran on cached tables at weight 1.5 until anytime A*)
#
# Workloads: the ten Korf-Taylor instances (R. E. Korf and L. A. Taylor,
# "Finding optimal solutions to the twenty-four puzzle", AAAI-96; optimal
# lengths from R. E. Korf and A. Felner, "Disjoint pattern database
# heuristics", Artificial Intelligence 134 (2002) 9-22), blank first with the
# goal x 1 2 ... 24, and the random boards.  The tables come from the cache
# (run `slide pdb build --size 5x5`, and with --goal "x 1 ... 24", first; a
# missing table would be built inside the first board's time).  Each
# workload is one `slide solve -o json` batch (one thread) after a one-move
# board that loads the tables, so a board's time (the json "ms") is its
# search alone.  Every answer is replayed by `slide check`.
# Reported: per Korf-Taylor instance the length, the optimum, strategy's
# length, nodes and ms; per workload the mean length over the optimum, the
# mean and worst length over strategy's, the mean and worst ms a board (wall:
# on a loaded machine, far above the CPU), the batch's CPU and the load
# average around it, and the CPU a board that gives when the batch's CPU per
# node is applied to each board's node count (the time a board takes with a
# core to itself; the loading of the tables counts in, so it is an upper
# bound).
set -euo pipefail
build=${1:-build}
weight=${2:-1.4}
count=${3:-100}
algo=${4:-astar}
slide="$build/slide"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=tests/bench/lib.sh
. "$(dirname "$0")/lib.sh" # load, field, goal24, boards24, lengths24
kt_warm="1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
std_warm="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24"
printf '%s\n' "${boards24[@]}" >"$work/kt.boards"
printf '%s\n' "${lengths24[@]}" >"$work/kt.optimal"
"$slide" gen --size 5x5 --count "$count" --seed 1 >"$work/random.boards"

# workload, warm-up board, goal (may be empty): weighted and strategy answers, replayed
run() {
    local name=$1 warm=$2 goal=$3
    local goal_args=()
    [ -n "$goal" ] && goal_args=(--goal "$goal")
    local before
    before=$(load 1)
    { echo "$warm"; cat "$work/$name.boards"; } |
        /usr/bin/time -f "%U %S" -o "$work/$name.time" \
            "$slide" solve --size 5x5 "${goal_args[@]}" -a "$algo" -H pdb --weight "$weight" -o json |
        tail -n +2 >"$work/$name.json"
    echo "$before $(load 1) $(awk '{ print $1 + $2 }' "$work/$name.time")" >"$work/$name.cpu"
    "$slide" solve --size 5x5 "${goal_args[@]}" -a strategy -o steps <"$work/$name.boards" \
        >"$work/$name.strategy"
    field steps <"$work/$name.json" >"$work/$name.steps"
    field ms <"$work/$name.json" >"$work/$name.ms"
    field nodes <"$work/$name.json" >"$work/$name.nodes"
    field moves <"$work/$name.json" >"$work/$name.moves"
    local bad=0
    while IFS='|' read -r board moves; do
        "$slide" check --size 5x5 "${goal_args[@]}" "$board" "$moves" >/dev/null 2>&1 || bad=$((bad + 1))
    done < <(paste -d'|' "$work/$name.boards" "$work/$name.moves")
    echo "$bad" >"$work/$name.bad"
}

summary() { # workload, optimal file or ""
    local name=$1 optimal=$2
    read -r before after cpu <"$work/$name.cpu"
    paste "$work/$name.steps" "$work/$name.strategy" "$work/$name.ms" "$work/$name.nodes" \
        ${optimal:+"$optimal"} |
        awk -v name="$name" -v w="$weight" -v algo="$algo" -v bad="$(cat "$work/$name.bad")" \
            -v before="$before" -v after="$after" -v cpu="$cpu" '
        {
            n++; len += $1; strat += $2; ms += $3
            r = $1 / $2; rs += r; if (r > worst_s) worst_s = r
            if ($3 > worst_ms) worst_ms = $3
            nodes += $4; if ($4 > worst_nodes) worst_nodes = $4
            if (NF >= 5) { ro = $1 / $5; opt += ro; if (ro > worst_o) worst_o = ro }
        }
        END {
            printf "%s (%d boards, %s --weight %s): mean %.2f moves, strategy %.2f", name, n, algo, w, len / n, strat / n
            if (opt) printf "; length / optimal mean %.4f, worst %.3f", opt / n, worst_o
            printf "; length / strategy mean %.3f, worst %.3f; ms a board mean %.0f, worst %.0f", rs / n, worst_s, ms / n, worst_ms
            printf "; batch CPU %.1f s, load %s -> %s", cpu, before, after
            # CPU is spread over the boards by their nodes: a load-free time a board
            printf "; %.0f ns CPU a node, so a board %.2f s CPU on average, %.2f s at most", cpu / nodes * 1e9, cpu / n, cpu / nodes * worst_nodes
            printf "; %d answer(s) failed replay\n", bad
        }'
}

echo "24-puzzle near-optimal, $(nproc) cores, load $(load 1)"
run kt "$kt_warm" "$goal24"
printf '%-3s %-7s %-6s %-8s %12s %8s\n' "#" "optimal" "moves" "strategy" "nodes" "ms"
paste "$work/kt.optimal" "$work/kt.steps" "$work/kt.strategy" "$work/kt.nodes" "$work/kt.ms" |
    awk '{ printf "%-3d %-7s %-6s %-8s %12s %8.0f\n", NR, $1, $2, $3, $4, $5 }'
summary kt "$work/kt.optimal"
run random "$std_warm" ""
summary random ""
