# The one way scripts make the git-ignored Python venvs at the repository root: `source` this file
# (after scripts/versions.env where pins are needed), then
#
#   venv_ensure NAME "SPEC..." ["NO_DEPS_SPEC..."]
#       creates ROOT/NAME with $PYTHON (default python3) when it is missing, and installs the pip
#       requirement specs SPEC (space-separated, pinned: `pkg==x.y`) and, with --no-deps,
#       NO_DEPS_SPEC, whenever they differ from what the venv's stamp records as installed last.
#       Quiet when up to date. Sets VENV_PYTHON to the venv's python.
#   venv_requirements FILE
#       prints FILE's requirement lines (comments and blank lines dropped) as one SPEC list.
#
# Everything it says goes to stderr, so callers may capture stdout.
_venv_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV_PYTHON=""

venv_ensure() {
  local name="$1" want="$2" no_deps="${3:-}"
  local venv="$_venv_root/$name"
  local stamp="$venv/.tensorbridge-stamp"
  local recorded="$want${no_deps:+ --no-deps $no_deps}"
  if [[ ! -x "$venv/bin/python" ]]; then
    echo "creating venv $name" >&2
    "${PYTHON:-python3}" -m venv "$venv" >&2
  fi
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$recorded" ]]; then
    echo "installing into $name: $want${no_deps:+, and without dependencies: $no_deps}" >&2
    # shellcheck disable=SC2086  # SPEC lists split on spaces on purpose
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install --quiet $want >&2
    # shellcheck disable=SC2086
    [[ -z "$no_deps" ]] || PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install --quiet --no-deps $no_deps >&2
    echo "$recorded" > "$stamp"
  fi
  VENV_PYTHON="$venv/bin/python"
}

venv_requirements() {
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1" | tr -s ' \n' ' ' | sed 's/ $//'
}

