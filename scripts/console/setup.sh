#!/usr/bin/env bash
# Idempotent: installs Debian's chromium and chromedriver when either is missing (apt-get, as
# root or through sudo), and the git-ignored venv .venv-console/ with Selenium, axe-selenium-python
# and pytest (pinned in scripts/versions.env). Prints the venv's python on stdout.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
: "${SELENIUM_VERSION:?missing in scripts/versions.env}"
: "${AXE_SELENIUM_PYTHON_VERSION:?missing in scripts/versions.env}"
: "${PYTEST_VERSION:?missing in scripts/versions.env}"

if ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; then
  sudo=""
  [[ "$(id -u)" -eq 0 ]] || sudo="sudo"
  echo "installing Debian's chromium and chromium-driver" >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >&2
fi

# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"
venv_ensure .venv-console \
  "selenium==$SELENIUM_VERSION axe-selenium-python==$AXE_SELENIUM_PYTHON_VERSION pytest==$PYTEST_VERSION"
echo "$VENV_PYTHON"
