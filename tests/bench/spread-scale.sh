#!/bin/sh
# spread-scale.sh - the speed-up `slide spread` would get on P machines,
# simulated from the per-subtree node counts of a real run (README, "One
# search on many machines").
#
#   slide spread --log LOG [--items N] BOARD          # any run; --local 1e12 runs it here
#   tests/bench/spread-scale.sh LOG [P...]            # default P: 1 2 8 64 512
#   OVERHEAD=NODES tests/bench/spread-scale.sh LOG    # each subtree costs NODES more
#
# Each iteration is simulated as the driver runs it: the walk that cuts it
# on the driver alone, then the subtrees handed out in u, d, l, r order,
# each to the machine that is free first (GNU parallel's order), every
# subtree costing its expanded nodes (plus OVERHEAD); the iteration ends
# when its last subtree does (the makespan).  In the iteration with the
# answer only the subtrees up to the lowest one with an answer count, as
# the driver stops the rest once they are done.  The speed-up is the
# one-machine work (without OVERHEAD) over the sum of makespans.  A line per P: machines,
# speed-up, efficiency, and the ceiling no schedule of these subtrees can
# pass: each iteration takes at least its walk plus its largest subtree
# (or plus an even share of its subtrees, when that is more).
set -eu
log=$1
shift
[ $# -gt 0 ] || set -- 1 2 8 64 512
exec awk -v machines="$*" -v overhead="${OVERHEAD:-0}" '
function flush(   i, last, p, k, m, w, j, t, c, mk, big) {
    if (!have) return
    last = lowest >= 0 ? lowest : count - 1
    work = walk
    big = 0
    for (i = 0; i <= last; i++) {
        if (!(i in cost)) { printf "bound %s: no result for item %d\n", bound, i > "/dev/stderr"; exit 1 }
        base += cost[i]
        work += cost[i] + overhead
        if (cost[i] + overhead > big) big = cost[i] + overhead
    }
    base += walk
    walks += walk
    for (k = 1; k <= np; k++) {
        p = P[k]
        # a min-heap of the machines free times (all 0 at the start)
        for (m = 1; m <= p; m++) heap[m] = 0
        for (i = 0; i <= last; i++) {
            t = heap[1] + cost[i] + overhead
            # replace the root and sift down
            j = 1
            while (1) {
                c = 2 * j
                if (c > p) break
                if (c + 1 <= p && heap[c + 1] < heap[c]) c++
                if (heap[c] >= t) break
                heap[j] = heap[c]
                j = c
            }
            heap[j] = t
        }
        mk = 0
        for (m = 1; m <= p; m++) if (heap[m] > mk) mk = heap[m]
        span[p] += walk + mk
        # no schedule beats the walk plus the largest subtree, or plus an even share
        floor[p] += walk + (big > (work - walk) / p ? big : (work - walk) / p)
    }
    iterations++
    delete cost
    have = 0
}
BEGIN { np = split(machines, P, " "); lowest = -1 }
/^# bound=/ {
    flush()
    have = 1; lowest = -1; count = 0
    for (f = 2; f <= NF; f++) {
        split($f, kv, "=")
        if (kv[1] == "bound") bound = kv[2]
        if (kv[1] == "items") count = kv[2] + 0
        if (kv[1] == "walk-expanded") walk = kv[2] + 0
    }
    next
}
/^slide-result\// {
    item = -1; nodes = 0; found = 0; b = ""
    for (f = 2; f <= NF; f++) {
        split($f, kv, "=")
        if (kv[1] == "item") item = kv[2] + 0
        if (kv[1] == "bound") b = kv[2]
        if (kv[1] == "expanded") nodes = kv[2] + 0
        if (kv[1] == "found" && kv[2] == "yes") found = 1
    }
    if (b != bound) next
    cost[item] = nodes
    if (found && (lowest < 0 || item < lowest)) lowest = item
}
END {
    flush()
    printf "%d iterations, %.0f nodes on one machine (walks %.0f); overhead %s nodes a subtree\n", iterations, base, walks, overhead
    printf "%9s %9s %11s %9s\n", "machines", "speed-up", "efficiency", "ceiling"
    for (k = 1; k <= np; k++) {
        p = P[k]
        s = base / span[p]
        printf "%9d %9.2f %10.1f%% %9.2f\n", p, s, 100 * s / p, base / floor[p]
    }
}' "$log"
