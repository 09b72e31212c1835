#!/usr/bin/env bash
# Every ELF file built into BUILD_DIR (programs, libcpex, plugins, test plugins) and every
# one installed from it (`cmake --install` into a scratch prefix) must have RUNPATH/RPATH
# entries that are absolute or $ORIGIN-relative: an empty entry (as in "lib::::") or a
# relative one makes the dynamic loader search the current directory. Then planted,
# broken copies of cpex's libraries in the working directory must not be picked up by
# `cpex list`, in either tree. Usage: check_runpath.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# check_tree DIR: the RUNPATH entries of every ELF file under DIR.
check_tree() {
  local checked=0 bad=0 file list entry
  while IFS= read -r -d '' file; do
    head -c 4 "$file" | grep -q $'\x7fELF' || continue
    checked=$((checked + 1))
    # "Library runpath: [a:b:c]" or "Library rpath: [a:b:c]"
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
  done < <(find "$1" -type f \( -perm -u+x -o -name '*.so*' \) -print0)
  echo "$1: checked $checked ELF files, $bad bad RUNPATH entries"
  [ "$checked" -ge 5 ] || { echo "too few ELF files found under $1"; return 1; }
  [ "$bad" -eq 0 ]
}

# check_planted CPEX: `cpex list` run from a directory holding an empty file named like
# each library cpex needs (loading one of them would fail).
check_planted() {
  local plant="$scratch/plant" lib
  mkdir -p "$plant"
  for lib in $(ldd "$1" | awk '/=>/ {print $1}'); do : > "$plant/$lib"; done
  (cd "$plant" && "$1" list > /dev/null) ||
    { echo "$1 list fails with planted libraries in the working directory"; return 1; }
  echo "$1: planted libraries in the working directory are ignored"
}

check_tree "$build/bin"
check_tree "$build/lib"
check_tree "$build/tests"
check_planted "$build/bin/cpex"
cmake --install "$build" --prefix "$scratch/install" > /dev/null
check_tree "$scratch/install"
check_planted "$scratch/install/bin/cpex"
