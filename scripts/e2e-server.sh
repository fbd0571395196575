#!/usr/bin/env bash
# Starts the built server on a fresh embedded database with the default demo data, for the
# browser tests. Needs `npm run build` first (npm test does it).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR=.tmp/e2e-data HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=${LOG_LEVEL:-warn} ENABLE_DIAGNOSTIC_ROUTES=true
rm -rf "$DATA_DIR/pglite" "$DATA_DIR/pglite.lock"
mkdir -p .tmp
# The log is read by the error-screen tests (error id logged with the stack).
exec npx tsx server/index.ts >.tmp/e2e-server.log 2>&1
