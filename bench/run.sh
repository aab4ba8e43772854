#!/usr/bin/env bash
# Builds the product and prints every benchmark's figures. Needs `npm ci` first. The
# check-in bench alone runs about 15 minutes (50,000 engines for 5 minutes, then more).
# bench/start.mjs starts the product about 40 times, ten of them rebuilding the web app the
# way `npm start` did before issue 21 (BENCH_OLD=0 leaves those out).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null
for b in bench/*.mjs; do
  echo "== $b"
  node --import tsx "$b"
done
