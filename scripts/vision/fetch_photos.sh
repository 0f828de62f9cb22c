#!/usr/bin/env bash
# Fetches real, permissively licensed photos for the vision benchmark and the third-party face
# detector check into the git-ignored folder .build-vision-data/photos/: scikit-image ships them in
# its PyPI wheel (skimage/data), so one `pip download` of one pinned wheel is enough.
#
#   astronaut.png  NASA portrait of astronaut Eileen Collins (public domain, NASA)
#   chelsea.png    Chelsea the cat, by Stefan van der Walt (CC0)
#   coffee.png     a cup of coffee, by Rachel Michetti (CC0)
#
# Provenance (wheel, file, sha256) is written to photos/PROVENANCE.json. Idempotent.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
python="${PYTHON:-python3}"
version="${SCIKIT_IMAGE_VERSION:?missing in scripts/versions.env}"
out="$root/.build-vision-data"
mkdir -p "$out/wheels" "$out/photos"
if [ ! -f "$out/photos/PROVENANCE.json" ]; then
  if ! ls "$out/wheels"/scikit_image-"$version"-*.whl >/dev/null 2>&1; then
    "$python" -m pip download --quiet --no-deps --only-binary :all: "scikit-image==$version" -d "$out/wheels"
  fi
  "$python" - "$out" "$version" <<'PY'
import glob, hashlib, json, os, sys, zipfile
out, version = sys.argv[1], sys.argv[2]
wheel = sorted(glob.glob(os.path.join(out, "wheels", f"scikit_image-{version}-*.whl")))[0]
licenses = {"astronaut.png": "public domain (NASA)", "chelsea.png": "CC0 (Stefan van der Walt)",
            "coffee.png": "CC0 (Rachel Michetti)"}
provenance = []
with zipfile.ZipFile(wheel) as archive:
    for name, license in licenses.items():
        data = archive.read(f"skimage/data/{name}")
        with open(os.path.join(out, "photos", name), "wb") as f:
            f.write(data)
        provenance.append({"file": name, "source": f"{os.path.basename(wheel)}:skimage/data/{name}",
                           "sha256": hashlib.sha256(data).hexdigest(), "license": license})
with open(os.path.join(out, "photos", "PROVENANCE.json"), "w") as f:
    json.dump(provenance, f, indent=2)
PY
fi
echo "$out/photos"
