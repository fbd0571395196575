#!/usr/bin/env bash
# Starts the built server on a fresh embedded database with the default demo data, for the
# browser tests. Needs `npm run build` first (npm test does it).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR=.tmp/e2e-data HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=${LOG_LEVEL:-warn}
rm -rf "$DATA_DIR/pglite" "$DATA_DIR/pglite.lock"
exec npx tsx server/index.ts
