#!/usr/bin/env bash
# size-check.sh - the size rule of src/README.md, checked: a source file of at
# most 1,000 lines, a header of at most 400, a function of at most 150.
#
#   tests/size-check.sh [SOURCE_DIR]
#
# A function is what clang-format's Linux braces make of one: its signature
# starts at column 0 and its body opens with `{` alone on a line and closes
# with `}` alone on a line. tests/size-allow.txt lists the exceptions, each
# with its own limit and reason; an exception that is no longer needed (the
# file or function is back under the rule, or gone) fails the check too, so the
# list only shrinks.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
allow=tests/size-allow.txt
FILE_MAX=1000 HEADER_MAX=400 FUNCTION_MAX=150

# "what limit" for each allowed item, comments and blank lines dropped
allowed() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$allow" | awk '{ print $1, $2 }'; }

{
    git ls-files -- 'src/*.c' 'src/*.h' 'include/*.h' 2>/dev/null ||
        find src include -name '*.[ch]'
} | sort | while read -r f; do
    lines=$(wc -l <"$f")
    case $f in *.h) echo "file $f $lines $HEADER_MAX" ;; *) echo "file $f $lines $FILE_MAX" ;; esac
    awk -v f="$f" -v max="$FUNCTION_MAX" '
        /^[A-Za-z_]/ && /\(/ { start = NR; name = $0; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name) }
        /^\{[[:space:]]*$/ { open = start }
        /^\}/ && open { print "function " f ":" name, NR - open + 1, max; open = 0 }' "$f"
done >"${TMPDIR:-/tmp}/size-check.$$"
trap 'rm -f "${TMPDIR:-/tmp}/size-check.$$"' EXIT

status=0
# over the limit and not allowed, or over the allowed limit
awk -v allowfile=<(allowed) '
    BEGIN { while ((getline line < allowfile) > 0) { split(line, a, " "); limit[a[1]] = a[2]; seen[a[1]] = 0 } }
    { kind = $1; item = $2; n = $3; max = $4
      if (item in limit) { seen[item] = 1; max = limit[item] }
      if (n > max) { printf "size: %s %s is %d lines, over %d\n", kind, item, n, max; bad = 1 }
      else if ((item in limit) && n <= $4) { printf "size: %s %s is %d lines, within the rule: drop it from tests/size-allow.txt\n", kind, item, n; bad = 1 } }
    END { for (i in seen) if (!seen[i]) { printf "size: tests/size-allow.txt names %s, which is not in the tree\n", i; bad = 1 }
          exit bad }' "${TMPDIR:-/tmp}/size-check.$$" || status=1
[ $status -eq 0 ] && echo "size: every file and function within the rule or its allowance"
exit $status
