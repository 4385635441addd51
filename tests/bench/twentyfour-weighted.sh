#!/usr/bin/env bash
# twentyfour-weighted.sh - near-optimal 24-puzzles: `--weight W` (the
# weighted IDA* ladder on the 6-6-6-6 pattern databases) against the
# optimum where it is known and against `--algo strategy`.
#
#   tests/bench/twentyfour-weighted.sh [BUILD_DIR] [WEIGHT] [COUNT]
#
# BUILD_DIR  where the slide binary is (default build)
# WEIGHT     the --weight (default 1.5, what auto uses on 5x5 when the tables
#            are cached)
# COUNT      random boards (default 100): `slide gen --size 5x5 --count COUNT
#            --seed 1`, standard goal
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
weight=${2:-1.5}
count=${3:-100}
slide="$build/slide"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

kt_goal="x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
kt_warm="1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
std_warm="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24"
cat >"$work/kt.boards" <<'EOF'
14 5 9 2 18 8 23 19 12 17 15 x 10 20 4 6 11 21 1 7 24 3 16 22 13
16 5 1 12 6 24 17 9 2 22 4 10 13 18 19 20 x 23 7 21 15 11 8 3 14
6 x 24 14 8 5 21 19 9 17 16 20 10 13 2 15 11 22 1 3 7 23 4 18 12
18 14 x 9 8 3 7 19 2 15 5 12 1 13 24 23 4 21 10 20 16 22 11 6 17
17 1 20 9 16 2 22 19 14 5 15 21 x 3 24 23 18 13 12 7 10 8 6 4 11
2 x 10 19 1 4 16 3 15 20 22 9 6 18 5 13 12 21 8 17 23 11 24 7 14
21 22 15 9 24 12 16 23 2 8 5 18 17 7 10 14 13 4 x 6 20 11 3 1 19
7 13 11 22 12 20 1 18 21 5 x 8 14 24 19 9 4 17 16 10 23 15 3 2 6
3 2 17 x 14 18 22 19 15 20 9 7 10 21 16 6 24 23 8 5 1 4 11 12 13
23 14 x 24 17 9 20 21 2 18 10 13 22 1 3 11 4 16 6 5 7 12 8 15 19
EOF
printf '%s\n' 95 96 97 98 100 101 104 108 113 114 >"$work/kt.optimal"
"$slide" gen --size 5x5 --count "$count" --seed 1 >"$work/random.boards"

load() { cut -d' ' -f1 /proc/loadavg; }
field() { # name, json lines on stdin -> one value a line
    grep -o "\"$1\":[^,}]*" | cut -d: -f2 | tr -d '"'
}

# workload, warm-up board, goal (may be empty): weighted and strategy answers, replayed
run() {
    local name=$1 warm=$2 goal=$3
    local goal_args=()
    [ -n "$goal" ] && goal_args=(--goal "$goal")
    local before
    before=$(load)
    { echo "$warm"; cat "$work/$name.boards"; } |
        /usr/bin/time -f "%U %S" -o "$work/$name.time" \
            "$slide" solve --size 5x5 "${goal_args[@]}" --weight "$weight" -o json |
        tail -n +2 >"$work/$name.json"
    echo "$before $(load) $(awk '{ print $1 + $2 }' "$work/$name.time")" >"$work/$name.cpu"
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
        awk -v name="$name" -v w="$weight" -v bad="$(cat "$work/$name.bad")" \
            -v before="$before" -v after="$after" -v cpu="$cpu" '
        {
            n++; len += $1; strat += $2; ms += $3
            r = $1 / $2; rs += r; if (r > worst_s) worst_s = r
            if ($3 > worst_ms) worst_ms = $3
            nodes += $4; if ($4 > worst_nodes) worst_nodes = $4
            if (NF >= 5) { ro = $1 / $5; opt += ro; if (ro > worst_o) worst_o = ro }
        }
        END {
            printf "%s (%d boards, --weight %s): mean %.2f moves, strategy %.2f", name, n, w, len / n, strat / n
            if (opt) printf "; length / optimal mean %.4f, worst %.3f", opt / n, worst_o
            printf "; length / strategy mean %.3f, worst %.3f; ms a board mean %.0f, worst %.0f", rs / n, worst_s, ms / n, worst_ms
            printf "; batch CPU %.1f s, load %s -> %s", cpu, before, after
            # CPU is spread over the boards by their nodes: a load-free time a board
            printf "; %.0f ns CPU a node, so a board %.2f s CPU on average, %.2f s at most", cpu / nodes * 1e9, cpu / n, cpu / nodes * worst_nodes
            printf "; %d answer(s) failed replay\n", bad
        }'
}

echo "24-puzzle near-optimal, $(nproc) cores, load $(load)"
run kt "$kt_warm" "$kt_goal"
printf '%-3s %-7s %-6s %-8s %12s %8s\n' "#" "optimal" "moves" "strategy" "nodes" "ms"
paste "$work/kt.optimal" "$work/kt.steps" "$work/kt.strategy" "$work/kt.nodes" "$work/kt.ms" |
    awk '{ printf "%-3d %-7s %-6s %-8s %12s %8.0f\n", NR, $1, $2, $3, $4, $5 }'
summary kt "$work/kt.optimal"
run random "$std_warm" ""
summary random ""
