#!/usr/bin/env bash
# Streams (tests/bench/README.md, "Streams"): slide's reading and writing on
# hostile and on large input, against the targets of issue 13.
#  1. peak resident memory of `timeout 5 slide solve < /dev/zero`, also with
#     -j 2, --pairs and --problem poj1077 (target: at most 64 MiB each), and
#     the over-long line must be answered `error`;
#  2. one 40 MB line (40,000,000 digits: at the line limit, so it is parsed)
#     and one valid 2000x2000 board (unsolvable, 30.9 MB), each through a
#     pipe (`cat f | slide solve`) against from the file (`slide solve < f`)
#     (target: pipe / file at most 1.5);
#  3. 1,000,000 3x3 boards, -o steps and -o moves, one thread and -j 2, into
#     `| cat > f` against straight into a file (target: at most 1.2);
#  4. an interactive coprocess (write one board, wait for its answer), one
#     thread and -j 2: each answer must arrive within 5 s.
# Times are medians of RUNS runs (default 9), wall seconds.  Exits 1 when a
# target is missed.
#   usage: tests/bench/streams.sh [path/to/slide]
set -euo pipefail
slide=$(realpath "${1:-build/slide}")
runs=${RUNS:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
missed=0

median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
ratio() { echo "$1 / $2" | bc -l; }
# check NAME VALUE TARGET: VALUE <= TARGET, or the target is missed
check() {
  if [ "$(echo "$2 <= $3" | bc -l)" = 1 ]; then echo "  $1: $2 (target <= $3) met"
  else echo "  $1: $2 (target <= $3) MISSED"; missed=1; fi
}

echo "1. peak memory on endless input (timeout 5 slide solve ARGS < /dev/zero)"
for args in "" "-j 2" "--pairs" "--problem poj1077"; do
  # shellcheck disable=SC2086  # ARGS are words
  /usr/bin/time -o "$work/time" -f "%M" timeout 5 "$slide" solve $args </dev/zero \
    >"$work/out" 2>"$work/err" || true
  kib=$(grep -E '^[0-9]+$' "$work/time" | tail -1)
  if [ "$args" = "--problem poj1077" ]; then
    grep -q "the input is longer than" "$work/err" || { echo "  no message: $(cat "$work/err")"; missed=1; }
  else
    [ "$(head -1 "$work/out")" = error ] || { echo "  no 'error' on stdout"; missed=1; }
  fi
  check "solve ${args:-(plain)}, peak MiB" "$(echo "scale=1; $kib / 1024" | bc)" 64
done

echo "2. one long line, through a pipe against from the file"
head -c 40000000 /dev/zero | tr '\0' 1 >"$work/line40"
echo >>"$work/line40"
"$slide" gen --size 2000x2000 --seed 1 --unsolvable >"$work/board2000"
for f in line40 board2000; do
  file_t="" pipe_t=""
  for _ in $(seq "$runs"); do
    t0=$(now); "$slide" solve <"$work/$f" >"$work/out.file" 2>/dev/null || true
    t1=$(now); cat "$work/$f" | "$slide" solve >"$work/out.pipe" 2>/dev/null || true
    t2=$(now)
    file_t+="$(echo "$t1 - $t0" | bc) "; pipe_t+="$(echo "$t2 - $t1" | bc) "
  done
  cmp -s "$work/out.file" "$work/out.pipe" || { echo "  $f: answers differ"; missed=1; }
  a=$(median <<<"$file_t"); b=$(median <<<"$pipe_t")
  printf '  %s (%s bytes): file %.3f s, pipe %.3f s\n' "$f" "$(wc -c <"$work/$f")" "$a" "$b"
  check "$f pipe / file" "$(printf '%.2f' "$(ratio "$b" "$a")")" 1.5
done

echo "3. 1,000,000 3x3 boards into | cat against into a file"
"$slide" gen --size 3x3 --count 1000000 --seed 9 >"$work/boards"
for out in steps moves; do
  for jobs in 1 2; do
    file_t="" pipe_t=""
    for _ in $(seq "$runs"); do
      t0=$(now); "$slide" solve -o "$out" -j "$jobs" <"$work/boards" >"$work/out.file"
      t1=$(now); "$slide" solve -o "$out" -j "$jobs" <"$work/boards" | cat >"$work/out.pipe"
      t2=$(now)
      file_t+="$(echo "$t1 - $t0" | bc) "; pipe_t+="$(echo "$t2 - $t1" | bc) "
    done
    cmp -s "$work/out.file" "$work/out.pipe" || { echo "  answers differ"; missed=1; }
    a=$(median <<<"$file_t"); b=$(median <<<"$pipe_t")
    printf '  -o %s -j %s: file %.3f s, | cat %.3f s\n' "$out" "$jobs" "$a" "$b"
    check "-o $out -j $jobs pipe / file" "$(printf '%.2f' "$(ratio "$b" "$a")")" 1.2
  done
done

echo "4. an interactive coprocess gets each answer at once"
for jobs in 1 2; do
  coproc filter { "$slide" solve -j "$jobs"; }
  ok=1
  for board in "1 2 3 4 5 6 7 x 8" "2 3 4 1 5 x 7 6 8" "1 2 3 4/5 6 x 7"; do
    echo "$board" >&"${filter[1]}"
    if ! read -r -t 5 answer <&"${filter[0]}"; then ok=0; break; fi
    echo "  -j $jobs: $board -> $answer"
  done
  exec {filter[1]}>&-
  wait "$filter_PID" || true
  [ "$ok" = 1 ] || { echo "  -j $jobs: no answer within 5 s MISSED"; missed=1; }
done

[ "$missed" = 0 ] && echo "all targets met" || echo "some targets missed"
exit "$missed"
