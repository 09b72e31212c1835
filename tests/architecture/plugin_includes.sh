#!/usr/bin/env bash
# Plugins include the SDK's headers only (docs/architecture.md):
#  1. no source of a plugin, an example or a scaffold template includes a runtime header
#     (cpex/runtime/, cpex/store/, cpex/study/, cpex/report/, cpex/results/), which the
#     installed package does not even ship;
#  2. no file of a plugin family folder plugins/FAMILY/ includes a header of another family
#     folder (what families share lives in the SDK or the numerics), and no family's
#     CMakeLists.txt reaches into another's folder (../) or links a library another defines.
# usage: plugin_includes.sh SOURCE_DIR
set -euo pipefail
cd "$1"
fail=0
if grep -rnE '#include *[<"]cpex/(runtime|store|report|study|results)/' plugins environments oracles examples \
     framework/host/templates 2> /dev/null; then
  echo "a plugin source includes a runtime header (above)"; fail=1
fi

families=()
for dir in plugins/*/; do families+=("${dir%/}"); done
for family in "${families[@]}"; do
  # Every quoted include that is not an SDK header: it must be a file of this family.
  while IFS= read -r hit; do
    file=${hit%%:*}
    name=$(sed -E 's/.*#include *"([^"]+)".*/\1/' <<< "$hit")
    case "$name" in cpex/*) continue ;; esac
    own=$(find "$family" -type f -path "*/$name" -print -quit)
    [ -n "$own" ] && continue
    other=$(find plugins -type f -path "*/$name" -not -path "$family/*" -print -quit)
    if [ -n "$other" ]; then
      echo "$file includes $name, a header of another plugin folder ($other)"; fail=1
    fi
  done < <(grep -rnE '^\s*#\s*include\s*"' "$family" --include='*.cpp' --include='*.hpp' --include='*.h' || true)
  if [ -f "$family/CMakeLists.txt" ]; then
    if grep -nE '\.\./' "$family/CMakeLists.txt"; then
      echo "$family/CMakeLists.txt reaches into another folder (above)"; fail=1
    fi
    for other in "${families[@]}"; do
      [ "$other" = "$family" ] || [ ! -f "$other/CMakeLists.txt" ] && continue
      for lib in $(sed -nE 's/^\s*add_library\(([A-Za-z0-9_-]+).*/\1/p' "$other/CMakeLists.txt"); do
        if grep -nwE "$lib" "$family/CMakeLists.txt" > /dev/null; then
          echo "$family/CMakeLists.txt uses $lib, a library of $other"; fail=1
        fi
      done
    done
  fi
done
[ "$fail" = 0 ] && echo "dependency rule: plugin includes OK"
exit "$fail"
