#!/usr/bin/env bash
# layering.sh BUILD_DIR [ROOT] - checks the rule of src/README.md:
#
#   1. a file under src/ includes only headers of its own folder, of a folder
#      below it in the picture, and include/slide.h (the cli folders see
#      only slide.h and headers of cli folders); src/cli/commands.h, the
#      commands of main.c's table, only main.c and the cmd_*.c files that
#      define them include;
#   2. a header named *_internal.h is included only from its own folder;
#   3. no two source files depend on each other, directly or through others:
#      a file depends on the file that defines a symbol it uses, read from the
#      built objects with nm (so a call through any header counts), and no
#      such dependency points to a higher layer either;
#   4. a nested folder (a room of cli/, siblings under src/cli/) uses, of
#      the other folders of its tree (src/cli/...), only those its entry in
#      the picture says it "uses" (none when it names none): in its includes
#      and in the symbols its objects take from others.
#
# The layers are read from the first code block of ROOT/src/README.md (the one
# place they are written): each line that starts with a folder name ending in
# "/" names a layer, highest first; "uses" followed by folder names (each
# ending in "/") on that line or the lines under it, before the next layer,
# lists the folders that layer uses.  A file's folder is its directory
# below src/ (src/cli/base/io.c is in cli/base, src/cli/main.c in cli).
#
# Prints each violation and exits 1 if there is any.  BUILD_DIR is a CMake
# build of this tree (the objects of slide_lib, slide_cli and slide are read);
# ROOT (default: the repository holding this script) is the source tree,
# which tests/layering-planted.sh points at a planted copy.
set -euo pipefail
build=${1:?usage: tests/layering.sh BUILD_DIR [ROOT]}
build=$(cd "$build" && pwd)
cd "${2:-$(dirname "$0")/..}"
command -v nm >/dev/null || { echo "layering: no nm (binutils) on PATH"; exit 2; }
# Lowest first.
LAYERS=$(awk '/^```/ { if (block) exit; block = 1; next }
              block && /^[a-z][a-z_\/]*\/[[:space:]]/ { sub(/\/[[:space:]].*/, ""); print }' src/README.md | tac | tr '\n' ' ')
LAYERS=${LAYERS% }
[ -n "$LAYERS" ] || { echo "layering: no layers in the first code block of src/README.md"; exit 2; }
# "folder:used,used;..." for each layer that says what it uses.
USES=$(awk '/^```/ { if (block) exit; block = 1; next }
            !block { next }
            /^[a-z][a-z_\/]*\/[[:space:]]/ { layer = $1; sub(/\/$/, "", layer) }
            match($0, /uses( +[a-z][a-z_\/]*\/)+/) {
              n = split(substr($0, RSTART + 5, RLENGTH - 5), w, " ")
              for (i = 1; i <= n; i++) { sub(/\/$/, "", w[i]); list[layer] = list[layer] (list[layer] == "" ? "" : ",") w[i] }
            }
            END { for (l in list) printf "%s:%s;", l, list[l] }' src/README.md)

# The header of main.c's command table, which the file defining each
# command (cmd_NAME.c, in whatever room) includes from below.
COMMANDS=cli/commands.h

fail=0
# The folders $1 may use besides its own, comma separated; "" when its entry
# names none (a nested folder, a room of cli/, then uses no other; a top
# folder every folder below it).
uses_of() {
  local entry
  for entry in ${USES//;/ }; do
    [ "${entry%%:*}" = "$1" ] && { echo "${entry#*:}"; return; }
  done
  echo ""
}
rank() {
  local i=0 l
  for l in $LAYERS; do
    [ "$l" = "$1" ] && { echo $i; return; }
    i=$((i + 1))
  done
  echo -1
}

# 4, in the picture itself: a folder uses only folders below it.
for entry in ${USES//;/ }; do
  user=${entry%%:*}
  IFS=, read -r -a useds <<<"${entry#*:}"
  for used in "${useds[@]}"; do
    if [ "$(rank "$used")" -lt 0 ] || [ "$(rank "$used")" -ge "$(rank "$user")" ]; then
      echo "src/README.md: $user/ uses $used/, which is not a folder below it in the picture"
      fail=1
    fi
  done
done

# 1, 2 and 4: include lines.
while IFS= read -r file; do
  folder=$(dirname "${file#src/}")
  mine=$(rank "$folder")
  allowed=$(uses_of "$folder")
  shown=${allowed//,/, }
  if [ "$mine" -lt 0 ]; then
    echo "$file: folder '$folder' is not in the layers ($LAYERS)"
    fail=1
    continue
  fi
  while IFS=: read -r lineno header; do
    case $header in
      slide.h) continue ;;
      */*) target=$header ;;
      *) target=$folder/$header ;;
    esac
    if [ ! -f "src/$target" ]; then
      echo "$file:$lineno: includes \"$header\", which is not src/$target"
      fail=1
      continue
    fi
    tfolder=$(dirname "$target")
    theirs=$(rank "$tfolder")
    if [ "$target" = "$COMMANDS" ]; then
      # main.c's table of commands: declared above, defined in each room.
      case $file in
        src/cli/main.c | */cmd_*.c) ;;
        *)
          echo "$file:$lineno: src/$COMMANDS is for main.c and the cmd_*.c files that define commands"
          fail=1
          ;;
      esac
      continue
    fi
    if [ "${folder%%/*}" = cli ] && [ "${tfolder%%/*}" != cli ]; then
      echo "$file:$lineno: the cli folders use only slide.h, not src/$target"
      fail=1
    elif [ "$theirs" -gt "$mine" ]; then
      echo "$file:$lineno: $folder/ may not include src/$target ($tfolder/ is a higher layer)"
      fail=1
    elif [[ $folder == */* ]] && [ "$tfolder" != "$folder" ] && [[ ",$allowed," != *",$tfolder,"* ]]; then
      echo "$file:$lineno: $folder/ may not include src/$target ($folder/ uses only ${shown:-itself})"
      fail=1
    fi
    case $target in
      *_internal.h)
        if [ "$tfolder" != "$folder" ]; then
          echo "$file:$lineno: src/$target is internal to $tfolder/"
          fail=1
        fi
        ;;
    esac
  done < <(grep -n -E '^#[[:space:]]*include[[:space:]]+"' "$file" |
    sed -E 's/^([0-9]+):#[[:space:]]*include[[:space:]]+"([^"]+)".*/\1:\2/')
done < <(find src -name '*.[ch]' | sort)

# 3: symbol dependencies between the objects of the library and the CLI.
objects=$(find "$build/CMakeFiles" \( -path '*/slide_lib.dir/src/*' -o -path '*/slide_cli.dir/src/*' \
  -o -path '*/slide.dir/src/*' \) -name '*.c.o' | sort)
if [ -z "$objects" ]; then
  echo "layering: no objects under $build/CMakeFiles (build the tree first)"
  exit 2
fi
for o in $objects; do
  src=${o#*.dir/}
  src=${src%.o}
  nm "$o" | awk -v f="$src" '$2 ~ /^[TDBRC]$/ { print "D", f, $3 } $1 == "U" { print "U", f, $2 }'
done | awk -v layers="$LAYERS" -v uselists="$USES" '
  BEGIN {
    n = split(layers, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i
    n = split(uselists, u, ";")
    for (i = 1; i <= n; i++) if (u[i] != "") { split(u[i], e, ":"); allowed[e[1]] = "," e[2] "," }
  }
  $1 == "D" { def[$3] = $2; next }
  { use[++uses] = $2 " " $3 }
  END {
    for (i = 1; i <= uses; i++) {
      split(use[i], a, " ")
      if (!(a[2] in def) || def[a[2]] == a[1]) continue
      from = a[1]; to = def[a[2]]
      if (!((from, to) in edge)) {
        edge[from, to] = a[2]
        out[from] = out[from] " " to
        if (rank[folder(to)] > rank[folder(from)]) {
          printf "%s uses %s from %s, a higher layer\n", from, a[2], to
          bad = 1
        } else if (index(folder(from), "/") && folder(to) != folder(from) &&
                   top(folder(to)) == top(folder(from)) && index(allowed[folder(from)], "," folder(to) ",") == 0) {
          list = substr(allowed[folder(from)], 2, length(allowed[folder(from)]) - 2)
          gsub(/,/, ", ", list)
          if (list == "") list = "itself"
          printf "%s uses %s from %s, but %s/ uses only %s\n", from, a[2], to, folder(from), list
          bad = 1
        }
      }
      nodes[from] = 1; nodes[to] = 1
    }
    # Depth-first search; a grey node met again closes a circle.
    for (v in nodes) if (!color[v]) visit(v, 0)
    exit bad
  }
  # "src/cli/base/io.c" -> "cli/base"
  function folder(path,    f) {
    f = path; sub(/^src\//, "", f); sub(/\/[^\/]*$/, "", f); return f
  }
  # "cli/base" -> "cli": a "uses" list names folders of its own tree only
  # (the cli rooms call the library through slide.h whatever they list).
  function top(f) { sub(/\/.*/, "", f); return f }
  function visit(v, depth,    k, m, ws, w, cyc) {
    color[v] = 1; stack[depth] = v
    m = split(out[v], ws, " ")
    for (k = 1; k <= m; k++) {
      w = ws[k]
      if (color[w] == 1) {
        cyc = w
        for (j = depth; j >= 0 && stack[j] != w; j--) cyc = stack[j] " -> " cyc
        printf "circle: %s -> %s (through %s)\n", w, cyc, edge[v, w]
        bad = 1
      } else if (!color[w]) {
        visit(w, depth + 1)
      }
    }
    color[v] = 2
  }
' || fail=1

if [ $fail -eq 0 ]; then
  echo "layering: clean ($(echo "$objects" | wc -l) objects, layers: $LAYERS)"
fi
exit $fail
