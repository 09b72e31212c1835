#!/usr/bin/env bash
# Every ELF file built into BUILD_DIR (programs, libcpex, plugins, test plugins) must have
# RUNPATH/RPATH entries that are absolute or $ORIGIN-relative: an empty entry (as in
# "lib::::") or a relative one makes the dynamic loader search the current directory.
# Then a planted, broken libboost_program_options in the working directory must not be
# picked up by `cpex list`. Usage: check_runpath.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
checked=0
bad=0
while IFS= read -r -d '' file; do
  head -c 4 "$file" | grep -q $'\x7fELF' || continue
  checked=$((checked + 1))
  # Library runpath: [a:b:c]  /  Library rpath: [a:b:c]
  while IFS= read -r list; do
    IFS=':' read -r -a entries <<< "$list"
    [[ "$list" == *: || "$list" == "" ]] && entries+=("")
    for entry in "${entries[@]}"; do
      if [[ -z "$entry" || ( "$entry" != /* && "$entry" != '$ORIGIN'* ) ]]; then
        echo "bad RUNPATH entry '$entry' in $file: [$list]"
        bad=$((bad + 1))
      fi
    done
  done < <(readelf -d "$file" | sed -n 's/.*Library r\(un\)\{0,1\}path: \[\(.*\)\]$/\2/p')
done < <(find "$build/bin" "$build/lib" "$build/tests" -type f \( -perm -u+x -o -name '*.so*' \) -print0)
echo "checked $checked ELF files, $bad bad RUNPATH entries"
[ "$checked" -ge 5 ] || { echo "too few ELF files found under $build"; exit 1; }
[ "$bad" -eq 0 ] || exit 1

# A planted library in the working directory (an empty file: loading it would fail).
plant=$(mktemp -d)
trap 'rm -rf "$plant"' EXIT
for lib in $(ldd "$build/bin/cpex" | awk '/=>/ {print $1}'); do : > "$plant/$lib"; done
(cd "$plant" && "$build/bin/cpex" list > /dev/null) ||
  { echo "cpex list fails with planted libraries in the working directory"; exit 1; }
echo "planted libraries in the working directory are ignored"
