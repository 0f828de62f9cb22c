#!/usr/bin/env bash
# Creates (idempotently) the git-ignored venv .venv-s3/ at the repo root with boto3 and
# moto[server] (BOTO3_VERSION, MOTO_VERSION from scripts/versions.env) and prints the venv's
# python. `make test` runs this before the tests: S3ClientTests run scripts/s3/boto3_sign.py with
# it (boto3's signer as the reference), and the S3 blob tests start `moto_server` from it
# (TestSupport's MotoServer; or $MOTO_SERVER / $S3_VENV_PYTHON when set).
#
# Environment: PYTHON (default python3) creates the venv.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
: "${BOTO3_VERSION:?missing in scripts/versions.env}"
: "${MOTO_VERSION:?missing in scripts/versions.env}"
# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"

venv_ensure .venv-s3 "boto3==$BOTO3_VERSION moto[server]==$MOTO_VERSION"
echo "$VENV_PYTHON"
