#!/usr/bin/env bash
# `make check-openapi`: Schemathesis (pinned in requirements.txt, installed into the git-ignored
# .venv-schemathesis/) against the hub's own docs/openapi.json, on a real hub with data on
# loopback. Every operation is exercised (examples, coverage, fuzzing and stateful phases); the
# run fails on any 5xx, on any response that violates the document (status code, content type,
# headers, body schema) and on a documented path answering another method with anything but 405.
# The checks are set in schemathesis.toml; SCHEMATHESIS_CHECKS, SCHEMATHESIS_PHASES, SCHEMATHESIS_MAX_EXAMPLES and SCHEMATHESIS_SEED
# override the defaults (SCHEMATHESIS_CHECKS=all also reports 400s for semantic rules the schema
# cannot express, such as weights adding up to 100).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${1:-$root/.build/debug/tensorbridge}"
venv="$root/.venv-schemathesis"
# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"
venv_ensure .venv-schemathesis "$(venv_requirements "$root/scripts/schemathesis/requirements.txt")"

work="$(mktemp -d)"
# shellcheck source=../lib/hub.sh
source "$root/scripts/lib/hub.sh"
trap 'hub_stop; rm -rf "$work"' EXIT
data="$work/hub-data"
admin="$("$bin" hub keys create --data "$data" --scope admin)"
# A signing key, so that published versions have signatures to serve.
head -c 32 /dev/urandom > "$work/signing-secret"
"$bin" hub signing-keys create --data "$data" --signing-secret "$work/signing-secret" > /dev/null
hub_start "$bin" "$data" "$work/hub.log" --log-level error --no-load-check --signing-secret "$work/signing-secret"
url="$HUB_URL"

# Data for the operations to find: two models with published versions, tags and a rollout.
export TENSORBRIDGE_HUB_URL="$url" TENSORBRIDGE_HUB_KEY="$admin"
models="$root/Tests/Fixtures/models"
"$bin" hub deploy linear "$models/linear.tflite" --tags vision --publish > /dev/null
"$bin" hub deploy linear "$models/linear.tflite" --publish > /dev/null
"$bin" hub deploy two-vectors "$models/two_vectors.tflite" --publish > /dev/null
"$bin" hub rollout linear 1=50 2=50 > /dev/null

# The admin key reaches every operation (an admin key may do what a client key may).
"$venv/bin/st" --config-file "$root/scripts/schemathesis/schemathesis.toml" run "$root/docs/openapi.json" --url "$url" \
  --header "Authorization: Bearer $admin" \
  --phases "${SCHEMATHESIS_PHASES:-examples,coverage,fuzzing,stateful}" \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-50}" \
  --workers 1 \
  --seed "${SCHEMATHESIS_SEED:-1}" \
  --warnings off \
  ${SCHEMATHESIS_CHECKS:+--checks "$SCHEMATHESIS_CHECKS"} \
  "${@:2}"
