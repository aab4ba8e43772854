#!/usr/bin/env bash
# Builds the product and prints every benchmark's figures. Needs `npm ci` first.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null
for b in bench/*.mjs; do
  echo "== $b"
  node "$b"
done
