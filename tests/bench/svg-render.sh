#!/usr/bin/env bash
# Renders `slide solve -o svg` in headless Chromium, to see that a browser
# plays it (not a unit test: it needs chromium, `apt-get install -y chromium`).
# Three PNGs of one SVG: the start board (0.5 s in), the middle of the
# moves, and the end (in the pause on the goal); virtual time makes the
# frames exact.  The SVG is checked with xmllint first.
#   usage: tests/bench/svg-render.sh [build-dir] [BOARD]
#          (default build, "2 3 4 1 5 x 7 6 8"); PNGs go to BUILD/svg-render/
set -euo pipefail
build=${1:-build}
board=${2:-2 3 4 1 5 x 7 6 8}
out=$build/svg-render
mkdir -p "$out"
"$build/slide" solve -o svg "$board" >"$out/solution.svg"
xmllint --noout "$out/solution.svg"
width=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$out/solution.svg")
height=$(sed -n 's/.*<svg [^>]*height="\([0-9]*\)".*/\1/p' "$out/solution.svg")
dur=$(grep -o 'dur="[0-9.]*s"' "$out/solution.svg" | head -1 | tr -dc '0-9.')
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
for frame in start:500 middle:$(awk -v d="$dur" 'BEGIN {print int(d * 500)}') \
  end:$(awk -v d="$dur" 'BEGIN {print int(d * 1000 - 1000)}'); do
  name=${frame%%:*} ms=${frame#*:}
  "$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars \
    --window-size="$width,$height" --virtual-time-budget="$ms" \
    --screenshot="$out/$name.png" "file://$(realpath "$out/solution.svg")" >/dev/null 2>&1
  echo "$out/$name.png: ${ms} ms of ${dur} s, $(stat -c %s "$out/$name.png") bytes"
done
