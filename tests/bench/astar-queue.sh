#!/usr/bin/env bash
# A*'s open list: the bucket queue it uses against a binary heap on the same
# (f, -g) key (src/search/astar.c, built with -DSLIDE_ASTAR_BINARY_HEAP), on the
# workloads of tests/bench/search.sh.  Builds both variants (Release, tests
# off) under BUILD_DIR, then runs search.sh with each.
#
#   usage: tests/bench/astar-queue.sh [BUILD_DIR]     (default build-bench-queue)
#
# RUNS and WORKLOADS pass through to search.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build-bench-queue}
common=(-DCMAKE_BUILD_TYPE=Release -DSLIDE_TESTS=OFF -DSLIDE_WERROR=OFF)
cmake -S . -B "$dir/bucket" "${common[@]}" >/dev/null
cmake -S . -B "$dir/heap" "${common[@]}" -DCMAKE_C_FLAGS=-DSLIDE_ASTAR_BINARY_HEAP >/dev/null
for q in bucket heap; do
  cmake --build "$dir/$q" -j2 --target slide >/dev/null
done
for q in bucket heap; do
  echo "######## open list: $q"
  METHODS="astar astar:linear" tests/bench/search.sh "$dir/$q/slide"
  echo
done
