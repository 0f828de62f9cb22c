#!/usr/bin/env bash
# Installs what TensorBridge needs on this machine, idempotently:
#   - checks the Debian packages the build and tests need (installs the missing ones when root);
#   - puts the pinned LiteRT runtime (libLiteRt.so from the PyPI wheel `ai-edge-litert`) into the
#     project-local, git-ignored folder .litert/ — one `pip download` of one wheel, nothing
#     installed into any Python environment.
# The version pin lives in scripts/versions.env. Run again at any time; it does nothing when all is there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=versions.env
source "$root/scripts/versions.env"

say() { printf 'setup: %s\n' "$*"; }

# --- Debian packages -------------------------------------------------------------------------
# command → package that provides it. Image codecs (libjpeg-turbo, libpng) join with the vision work.
debian_needed=()
command -v python3 >/dev/null 2>&1 || debian_needed+=(python3)
python3 -m pip --version >/dev/null 2>&1 || debian_needed+=(python3-pip)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || debian_needed+=(python3-venv)
command -v cc >/dev/null 2>&1 || debian_needed+=(gcc)
command -v make >/dev/null 2>&1 || debian_needed+=(make)
[ -f /usr/include/jpeglib.h ] || debian_needed+=(libjpeg62-turbo-dev)  # TensorBridgeVision: JPEG
[ -f /usr/include/png.h ] || debian_needed+=(libpng-dev)  # TensorBridgeVision: PNG
[ -f /usr/include/zlib.h ] || debian_needed+=(zlib1g-dev)  # TFLiteFormat: zipped metadata files
if ((${#debian_needed[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian packages: ${debian_needed[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debian_needed[@]}" >/dev/null
  else
    say "missing Debian packages: ${debian_needed[*]} (run: sudo apt-get install ${debian_needed[*]})" >&2
    exit 1
  fi
fi
command -v swift >/dev/null 2>&1 || { say "swift is not on PATH (Swift 6.x toolchain required)" >&2; exit 1; }

# --- LiteRT runtime --------------------------------------------------------------------------
dest="$root/.litert"
lib="$dest/lib/libLiteRt.so"
stamp="$dest/VERSION"
if [ -f "$lib" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$LITERT_VERSION" ]; then
  say "LiteRT $LITERT_VERSION already in .litert/lib"
  exit 0
fi
say "fetching ai-edge-litert==$LITERT_VERSION (libLiteRt.so only) into .litert/"
wheels="$dest/wheels"
mkdir -p "$wheels" "$dest/lib"
# The .so is the same in every CPython wheel of one version: pin one wheel tag so the download
# does not depend on the local Python version.
python3 -m pip download --quiet --no-deps --only-binary=:all: \
  --python-version 3.11 --platform manylinux_2_27_x86_64 \
  "ai-edge-litert==$LITERT_VERSION" -d "$wheels"
wheel="$(ls "$wheels"/ai_edge_litert-"$LITERT_VERSION"-*.whl | head -n 1)"
python3 - "$wheel" "$dest/lib" <<'PY'
import sys, zipfile, os
wheel, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    data = z.read("ai_edge_litert/libLiteRt.so")
tmp = os.path.join(out, ".libLiteRt.so.tmp")
with open(tmp, "wb") as f:
    f.write(data)
    f.flush()
    os.fsync(f.fileno())
os.replace(tmp, os.path.join(out, "libLiteRt.so"))
PY
echo "$LITERT_VERSION" > "$stamp"
say "LiteRT $LITERT_VERSION installed at .litert/lib/libLiteRt.so"
