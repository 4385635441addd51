#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, ASan + UBSan) in build-fuzz and runs
# each for SECONDS (default 60), one after the other:
#
#   tests/fuzz/run.sh [SECONDS] [HARNESS...]      e.g. tests/fuzz/run.sh 1800 parse solve
#   tests/fuzz/run.sh coverage [HARNESS...]       line coverage of the corpus so far
#
# Each harness starts from its seeds (tests/fuzz/seeds/NAME) plus what earlier
# runs found (build-fuzz/corpus/NAME, kept between runs) and writes crash,
# leak and timeout inputs to build-fuzz/artifacts/NAME.  A summary line per
# harness gives executions, edge coverage and corpus size.  Exit status 1 when
# any harness found something: copy the input into tests/fuzz/regressions/NAME
# once fixed, and ctest replays it from then on.
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(parse solve problem check show pdb)
build=${SLIDE_FUZZ_BUILD:-build-fuzz}

# The files each harness is there to exercise, for the coverage summary.
targets_for() {
  case $1 in
    parse) echo "src/core/parse.c src/core/board.c" ;;
    solve) echo "src/cli/solve/cmd_solve.c src/cli/solve/answer.c src/cli/solve/from_stdin.c src/cli/batch/batch.c src/cli/base/args.c src/cli/base/io.c src/core/parse.c" ;;
    problem) echo "src/cli/solve/problem.c src/cli/judge/judge.c src/cli/base/io.c src/core/parse.c" ;;
    check) echo src/cli/judge/check*.c "src/cli/judge/judge.c src/cli/base/reader.c src/core/moves.c" ;;
    show) echo "src/cli/game/cmd_show.c src/cli/base/reader.c src/cli/base/io.c src/core/moves.c" ;;
    pdb) echo "src/pdb/file.c src/pdb/cache.c src/pdb/plan.c src/pdb/build.c src/pdb/lookup.c" ;;
  esac
}

if [ "$seconds" = coverage ]; then
  # The harnesses with replay.c's main, instrumented for source coverage,
  # run over the seeds and everything the fuzzer has kept.
  cov="$build-coverage"
  CC=clang cmake -S . -B "$cov" -DCMAKE_BUILD_TYPE=Debug -DSLIDE_TESTS=ON \
    -DCMAKE_C_FLAGS="-fprofile-instr-generate -fcoverage-mapping" \
    -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" >/dev/null || exit 2
  for name in "${harnesses[@]}"; do
    cmake --build "$cov" -j"$(nproc)" --target "fuzz_$name" >/dev/null || exit 2
    rm -f "$cov/$name".profraw
    LLVM_PROFILE_FILE="$cov/$name.profraw" "$cov/tests/fuzz/fuzz_$name" \
      "tests/fuzz/seeds/$name" $( [ -d "$build/corpus/$name" ] && echo "$build/corpus/$name") \
      >/dev/null 2>&1
    llvm-profdata merge -o "$cov/$name.profdata" "$cov/$name.profraw"
    echo "== fuzz_$name: line coverage of the files it targets"
    # shellcheck disable=SC2046
    llvm-cov report "$cov/tests/fuzz/fuzz_$name" -instr-profile="$cov/$name.profdata" \
      $(targets_for "$name") |
      awk 'BEGIN { print "file lines missed cover branches-cover" }
           /^[a-z_\/]+\.c|^TOTAL/ { print $1, $8, $9, $10, $13 }' | column -t
  done
  exit 0
fi

CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLIDE_FUZZ=ON \
  -DSLIDE_TESTS=OFF >/dev/null || exit 2
cmake --build "$build" -j"$(nproc)" >/dev/null || exit 2

# Longest input, and how long one input may run before it counts as a hang.
options_for() {
  case $1 in
    parse) echo "-max_len=4096 -timeout=10" ;;
    solve|problem|check|show) echo "-max_len=1024 -timeout=20" ;;
    pdb) echo "-max_len=512 -timeout=10" ;;
  esac
}

failed=0
summary=()
for name in "${harnesses[@]}"; do
  corpus="$build/corpus/$name"
  artifacts="$build/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  log="$build/fuzz-$name.log"
  echo "== fuzz_$name for ${seconds}s"
  # shellcheck disable=SC2046
  "$build/tests/fuzz/fuzz_$name" $(options_for "$name") -max_total_time="$seconds" \
    -dict=tests/fuzz/slide.dict -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "$corpus" "tests/fuzz/seeds/$name" >"$log" 2>&1
  status=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
  execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  if [ $status -ne 0 ]; then
    failed=1
    grep -E 'ERROR|SUMMARY|Test unit written|deadly signal|timeout' "$log" | head -20
    summary+=("fuzz_$name: FAILED (exit $status), see $log and $artifacts")
  else
    summary+=("fuzz_$name: ${execs:-?} executions in ${seconds}s; ${done_line#*DONE   }")
  fi
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $failed
