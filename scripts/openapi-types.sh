#!/bin/sh
# Generates the TypeScript types of the service's API document with openapi-typescript into
# contract/openapi-api.ts (committed). With --check, fails when the committed file is not what the
# service's document gives today (run `npm run openapi:types` after changing an operation).
set -e
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tsx scripts/openapi-documents.ts "$dir" >/dev/null
openapi-typescript "$dir/api.json" --output "$dir/api.ts" >/dev/null 2>&1
prettier --stdin-filepath contract/openapi-api.ts < "$dir/api.ts" > "$dir/api.pretty.ts"
if [ "$1" = "--check" ]; then
  if ! cmp -s "$dir/api.pretty.ts" contract/openapi-api.ts; then
    echo "contract/openapi-api.ts is not what the service's OpenAPI document gives: run npm run openapi:types" >&2
    exit 1
  fi
  echo "contract/openapi-api.ts matches the service's OpenAPI document"
else
  cp "$dir/api.pretty.ts" contract/openapi-api.ts
  echo "wrote contract/openapi-api.ts"
fi
