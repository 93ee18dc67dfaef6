#!/bin/sh
# Counts the pairs of places in server/, src/ and contract/ that share six or more identical or
# same-shape lines (issue 16's measure; docs/code-health.md), with this workplace's `duplicates`
# command (not an npm package). Reads the working tree's tracked and untracked, not ignored, files.
# Usage: sh scripts/duplicate-pairs.sh [ROWS]   (ROWS: how many pairs to list, default 8, at most 200)
set -e
command -v duplicates >/dev/null || { echo "needs the duplicates command on PATH" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git ls-files -co --exclude-standard server src contract | tar -cf - -T - | tar -xf - -C "$dir"
duplicates --repo "$dir" --seconds 200 --most "${1:-8}"
