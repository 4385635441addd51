# shellcheck shell=bash
# lib.sh - sourced by the bench scripts (bash) for what several of them use;
# not run on its own.
#
#   . "$(dirname "$0")/lib.sh"
#
# load [N]     the first N (default 3) of the 1, 5 and 15 minute load averages:
#              the machines are shared, and a time next to a load of 4 on 2
#              cores is not the program's speed
# median       the median of the numbers on stdin, one a line (an even count:
#              the mean of the middle two)
# field NAME   the value of NAME in each `slide solve -o json` line on stdin,
#              one a line
# goal24, boards24, lengths24
#              the Korf-Taylor 24-puzzles: R. E. Korf and L. A. Taylor,
#              "Finding optimal solutions to the twenty-four puzzle", AAAI-96,
#              pp. 1202-1207 (ten random boards, nine solved there), as
#              printed there, blank first (x), with the goal x 1 2 ... 24;
#              sorted by their optimal lengths, from R. E. Korf and A.
#              Felner, "Disjoint pattern database heuristics", Artificial
#              Intelligence 134 (2002), pp. 9-22.  Instance i (from 1) is
#              ${boards24[i - 1]}, ${lengths24[i - 1]} moves away.

# shellcheck disable=SC2120 # N is optional
load() { cut -d' ' -f"1-${1:-3}" /proc/loadavg; }

median() {
    sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

field() { grep -o "\"$1\":[^,}]*" | cut -d: -f2 | tr -d '"'; }

# shellcheck disable=SC2034 # used by the scripts that source this file
goal24="x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
# shellcheck disable=SC2034
boards24=(
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
# shellcheck disable=SC2034
lengths24=(95 96 97 98 100 101 104 108 113 114)
