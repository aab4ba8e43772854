#!/usr/bin/env bash
# Builds the product and prints every benchmark's figures. Needs `npm ci` first. The
# check-in bench alone runs about 15 minutes (50,000 engines for 5 minutes, then more).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null
for b in bench/*.mjs; do
  echo "== $b"
  node --import tsx "$b"
done
