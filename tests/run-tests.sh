#!/usr/bin/env bash
# Installs what the tests need on Debian (when missing), builds with warnings
# as errors and runs every test.  This is the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v cc >/dev/null || need+=(gcc)
command -v make >/dev/null || need+=(make)
command -v clang >/dev/null || need+=(clang)
[ -f /usr/include/cmocka.h ] || need+=(libcmocka-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v parallel >/dev/null || need+=(parallel)
command -v xmllint >/dev/null || need+=(libxml2-utils) # test_svg checks the SVGs are XML
command -v zsh >/dev/null || need+=(zsh)                 # tests/completion.sh parses _slide
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
# SLIDE_TESTS=ON: configuring fails, rather than skipping the tests, should cmocka not be found
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSLIDE_TESTS=ON -DSLIDE_WERROR=ON >/dev/null
cmake --build build -j"$(nproc)"
cd build && ctest --output-on-failure -j"$(nproc)"
