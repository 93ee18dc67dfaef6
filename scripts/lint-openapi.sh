#!/bin/sh
# Writes the service's two OpenAPI documents to a temporary directory and lints them with Redocly
# (redocly.yaml) and Spectral (.spectral.yaml); any finding fails.
set -e
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tsx scripts/openapi-documents.ts "$dir"
redocly lint "$dir/api.json" "$dir/ops.json" --config redocly.yaml
spectral lint "$dir/api.json" "$dir/ops.json" --ruleset .spectral.yaml --fail-severity warn
