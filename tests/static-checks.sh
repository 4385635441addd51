#!/usr/bin/env bash
# Static and dynamic checks beyond the compiler's warnings:
#
#   tests/static-checks.sh [format] [tidy] [cppcheck] [valgrind]   (default: all four)
#
#   format    clang-format (.clang-format) over the C lines changed since the
#             commit named in tests/static/format-base: new code follows the
#             house style without reformatting the history around it
#   tidy      clang-tidy with .clang-tidy over src/ (bugprone, cert, the
#             clang static analyzer); reviewed false reports are listed in
#             tests/static/known-findings.txt
#   cppcheck  cppcheck over src/; reviewed false reports in tests/static/cppcheck.supp
#   valgrind  memcheck over the command-line tests: every slide process they
#             start (test_cli, and the bad-input corpus, full-disk and cache
#             cases of test_hardening) runs under valgrind; any error or leak fails
#
# Builds into build-static (SLIDE_STATIC_BUILD to change).  Exit status 1
# when any check fails.  CI (.ci/run) runs tidy and cppcheck.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${SLIDE_STATIC_BUILD:-build-static}
checks=("$@")
[ ${#checks[@]} -gt 0 ] || checks=(format tidy cppcheck valgrind)
failed=0

configure() {
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    >/dev/null || exit 2
}

run_format() {
  echo "== clang-format on the lines changed since tests/static/format-base"
  local base out
  base=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' tests/static/format-base)
  if ! git rev-parse --verify -q "$base^{commit}" >/dev/null; then
    echo "format: tests/static/format-base names $base, which is no commit here" >&2
    return 1
  fi
  out=$(git clang-format --diff "$base" -- '*.c' '*.h' 2>&1)
  case $out in
  "no modified files to format" | "clang-format did not modify any files" | "") return 0 ;;
  esac
  printf '%s\n' "$out"
  echo "format: the lines above are not in the house style (git clang-format $base fixes them)" >&2
  return 1
}

run_tidy() {
  echo "== clang-tidy"
  configure
  local out="$build/clang-tidy.txt"
  # shellcheck disable=SC2046
  find src -name "*.c" | xargs -P"$(nproc)" -n4 clang-tidy -p "$build" --quiet >"$out" 2>/dev/null
  local bad=0 line file lineno check text
  while IFS= read -r line; do
    file=$(echo "$line" | sed -E 's|^(.*):([0-9]+):[0-9]+: .*|\1|')
    lineno=$(echo "$line" | sed -E 's|^(.*):([0-9]+):[0-9]+: .*|\2|')
    check=$(echo "$line" | sed -E 's|.*\[([^],]+).*\]$|\1|')
    file=${file#"$PWD/"}
    text=$(sed -n "${lineno}p" "$file" | sed -E 's/^[[:space:]]+//')
    if awk -F' [|] ' -v f="$file" -v c="$check" -v t="$text" \
      '!/^#/ && $1 == f && $2 == c && $3 == t { found = 1 } END { exit !found }' \
      tests/static/known-findings.txt; then
      continue
    fi
    echo "$line"
    bad=1
  done < <(grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error): ' "$out")
  if [ $bad -ne 0 ]; then
    echo "clang-tidy: findings above (full report in $out)"
    failed=1
  else
    echo "clang-tidy: clean"
  fi
}

run_cppcheck() {
  echo "== cppcheck"
  if cppcheck --std=c11 --enable=warning,performance,portability --inline-suppr --quiet \
    -j"$(nproc)" -I include -I src -D_POSIX_C_SOURCE=200809L -D__GNUC__ \
    --suppress=missingIncludeSystem --suppressions-list=tests/static/cppcheck.supp \
    --template='{file}:{line}: {severity}: {message} [{id}]' --error-exitcode=1 src; then
    echo "cppcheck: clean"
  else
    echo "cppcheck: findings above"
    failed=1
  fi
}

run_valgrind() {
  echo "== valgrind memcheck"
  configure
  cmake --build "$build" -j"$(nproc)" >/dev/null || exit 2
  local logs
  logs="$(cd "$build" && pwd)/valgrind"
  rm -rf "$logs"
  mkdir -p "$logs"
  local vg=(valgrind --trace-children=yes --trace-children-skip='*/sh,*/bash,*/perl,*/parallel,*/rm'
    --leak-check=full --errors-for-leak-kinds=definite,indirect
    --show-leak-kinds=definite,indirect --log-file="$logs/%p.log")
  local status=0
  (cd "$build/tests" && export SLIDE_CACHE_DIR="$PWD/valgrind-cache" SLIDE_PDB_MAX_GROUP=4 &&
    "${vg[@]}" ./test_cli >/dev/null &&
    for t in bad_input_corpus full_disk_is_reported damaged_or_foreign_cache_files; do
      "${vg[@]}" ./test_hardening "$t" >/dev/null || exit 1
    done) || status=1
  local errors
  errors=$(grep -l -E 'ERROR SUMMARY: [1-9]|definitely lost: [1-9]|indirectly lost: [1-9]' \
    "$logs"/*.log 2>/dev/null)
  echo "valgrind: $(ls "$logs" | wc -l) processes checked"
  if [ $status -ne 0 ] || [ -n "$errors" ]; then
    [ -n "$errors" ] && grep -h -A30 -E 'ERROR SUMMARY: [1-9]|Invalid|uninitialised|definitely lost' $errors | head -80
    echo "valgrind: failures (tests exit $status; logs in $logs)"
    failed=1
  else
    echo "valgrind: clean"
  fi
}

for check in "${checks[@]}"; do
  case $check in
    format) run_format || failed=1 ;;
    tidy) run_tidy ;;
    cppcheck) run_cppcheck ;;
    valgrind) run_valgrind ;;
    *) echo "unknown check '$check' (format, tidy, cppcheck, valgrind)"; exit 2 ;;
  esac
done
exit $failed
