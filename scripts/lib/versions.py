"""The pinned versions of scripts/versions.env (the one place pins live), for Python scripts.

    sys.path.insert(0, str(ROOT / "scripts" / "lib"))
    from versions import pinned_versions
"""
from pathlib import Path

VERSIONS_ENV = Path(__file__).resolve().parents[1] / "versions.env"


def pinned_versions() -> dict[str, str]:
    """Every KEY=VALUE of scripts/versions.env (comments and blank lines skipped, quotes dropped)."""
    versions = {}
    for line in VERSIONS_ENV.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            versions[key.strip()] = value.strip().strip('"').strip("'")
    return versions
