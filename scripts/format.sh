#!/usr/bin/env bash
# One formatter for every Swift file: `swift format` (shipped with the toolchain) with the
# checked-in .swift-format. `bash scripts/format.sh` rewrites the files; `--check` (run by
# .ci/run) formats a copy and fails, showing the diff, if any file differs from its formatted form.
# Generated documentation blocks (Examples/Sources/ReadmeBlocks) are left as generated.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mapfile -t files < <(git ls-files '*.swift' | grep -v '^Examples/Sources/ReadmeBlocks/')
if [[ "${1:-}" != "--check" ]]; then
  swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
  echo "formatted ${#files[@]} files"
  exit 0
fi
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
for file in "${files[@]}"; do
  mkdir -p "$copy/$(dirname "$file")"
  cp "$file" "$copy/$file"
done
cp .swift-format "$copy/"
(cd "$copy" && swift format format --in-place --parallel --configuration .swift-format "${files[@]}")
status=0
for file in "${files[@]}"; do
  if ! cmp -s "$file" "$copy/$file"; then
    diff -u "$file" "$copy/$file" | head -20 || true
    status=1
  fi
done
if [[ $status -ne 0 ]]; then
  echo "Some files are not formatted: run bash scripts/format.sh" >&2
  exit 1
fi
echo "format: all ${#files[@]} Swift files are formatted (.swift-format)"
