#!/usr/bin/env bash
# `npm test`: every check and test of the project, in order, stopping at the first failure.
# Installs what the browser and multi-node tests need from Debian's packages when it is missing
# (as root), starts the local PostgreSQL and Redis when they are installed but stopped, and prints
# one closing line.
set -euo pipefail
cd "$(dirname "$0")/.."
results=.test-results
rm -rf "$results" && mkdir -p "$results"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "system packages for the browser, multi-node and key tests"
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The browser tests run Chromium's old headless mode: the same build, a fifth less of their CPU
# (packages/e2e/playwright.config.ts).
[ -x /usr/lib/chromium/chromium-headless-shell ] || need+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
# The key tests check that Debian's `age` reads the console's recovery files (docs/keys.md).
command -v age >/dev/null || need+=(age)
[ -n "${TEST_REDIS_URL:-}" ] || command -v redis-server >/dev/null || need+=(redis-server)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing: ${need[*]} — install them with: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -1)"
echo "headless shell: $(/usr/lib/chromium/chromium-headless-shell --version 2>/dev/null | head -1)"

step "PostgreSQL for the server tests on both databases"
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && [ -z "${PG_ADMIN_URL:-}" ]; then
  echo "PostgreSQL is not reachable on 127.0.0.1:5432 (set PG_ADMIN_URL to point elsewhere)" >&2
  exit 1
fi

step "Redis for the multi-node server tests"
if [ -z "${TEST_REDIS_URL:-}" ]; then
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    # Memory only: the tests need its pub/sub, nothing kept on disk.
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
      --logfile /tmp/edp-test-redis.log >/dev/null
    for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "Redis is not reachable on 127.0.0.1:6379 (set TEST_REDIS_URL to point elsewhere)" >&2
    exit 1
  fi
fi

step "type check"
npm run --silent typecheck

step "lint and format"
# ESLint (~40 s of one core) beside Prettier and the boundaries (~28 s of one core): one after
# the other, they left the second core idle.
format_log=$(mktemp)
npm run --silent lint:format >"$format_log" 2>&1 &
format_pid=$!
lint_rc=0
npm run --silent lint:code || lint_rc=$?
format_rc=0
wait "$format_pid" || format_rc=$?
cat "$format_log"
rm -f "$format_log"
if [ "$lint_rc" != 0 ] || [ "$format_rc" != 0 ]; then
  echo "ESLint exit $lint_rc, Prettier and boundaries exit $format_rc" >&2
  exit 1
fi

step "unit and server tests on PGlite"
npx vitest run --project '!agent' --reporter=default --reporter=json --outputFile="$results/vitest-pglite.json"

step "server tests on PostgreSQL, and the reference engine's tests and the build beside them"
# The engine's tests mostly wait on real timers (check-in intervals, back-off): run beside the
# CPU-bound PostgreSQL tests they cost little, in the PGlite step they held a worker idle. The
# build (for the browser tests) runs beside them too: no test before the browser's reads it.
agent_log=$(mktemp)
npx vitest run --project agent --reporter=default --reporter=json \
  --outputFile="$results/vitest-agent.json" >"$agent_log" 2>&1 &
agent_pid=$!
build_log=$(mktemp)
npm run --silent build >"$build_log" 2>&1 &
build_pid=$!
pg_rc=0
DB=pg npx vitest run --project server --reporter=default --reporter=json --outputFile="$results/vitest-pg.json" || pg_rc=$?
agent_rc=0
wait "$agent_pid" || agent_rc=$?
echo "-- the reference engine's tests (packages/agent):"
cat "$agent_log"
rm -f "$agent_log"
build_rc=0
wait "$build_pid" || build_rc=$?
echo "-- the build:"
cat "$build_log"
rm -f "$build_log"
if [ "$pg_rc" != 0 ] || [ "$agent_rc" != 0 ] || [ "$build_rc" != 0 ]; then
  echo "PostgreSQL server tests exit $pg_rc, engine tests exit $agent_rc, build exit $build_rc" >&2
  exit 1
fi

step "browser tests in Chromium"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/playwright.json" npm run --silent test:e2e

node scripts/test-summary.mjs "$results"
