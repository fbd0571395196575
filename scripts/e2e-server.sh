#!/usr/bin/env bash
# Starts the built server on a fresh embedded database with the default demo data, for the
# browser tests, plus a real SMTP server on loopback that stores what it receives in
# .tmp/e2e-mail (tests/e2e/mail.ts reads it). Needs `npm run build` first (npm test does it).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-3210}
export DATA_DIR=${E2E_DATA_DIR:-.tmp/e2e-data} HOST=127.0.0.1 NODE_ENV=production LOG_LEVEL=${LOG_LEVEL:-warn} ENABLE_DIAGNOSTIC_ROUTES=true
export E2E_SMTP_PORT=${E2E_SMTP_PORT:-3225} E2E_MAIL_DIR=${E2E_MAIL_DIR:-.tmp/e2e-mail}
export SMTP_URL="smtp://127.0.0.1:${E2E_SMTP_PORT}" PUBLIC_URL="http://127.0.0.1:${PORT}"
# Each browser test poses as its own client through X-Forwarded-For, so rate limits per client
# are exercised without the tests sharing one bucket; only loopback is trusted to say so.
export TRUST_PROXY=loopback
# No load balancer to notice a draining instance: stop at once on SIGTERM (decision 023 drain period).
export SHUTDOWN_DRAIN_MS=${SHUTDOWN_DRAIN_MS:-0}
# Sandbox bank debits clear or come back after a few seconds instead of a minute (decision 050).
export SANDBOX_DEBIT_SETTLE_MS=${SANDBOX_DEBIT_SETTLE_MS:-3000}
rm -rf "$DATA_DIR/pglite" "$DATA_DIR/pglite.lock"
mkdir -p .tmp
npx tsx tests/e2e/smtp-sink.ts >"${E2E_LOG_PREFIX:-.tmp/e2e}-smtp.log" 2>&1 &
SINK=$!
trap 'kill $SINK 2>/dev/null || true' EXIT
# Stripe mode (the chromium-stripe project): the Stripe stand-in plays the API and Checkout's page.
if [ -n "${E2E_STRIPE_PORT:-}" ]; then
  export PAYMENT_PROVIDER=stripe STRIPE_SECRET_KEY=sk_test_dimora_e2e STRIPE_WEBHOOK_SECRET=whsec_dimora_e2e
  export STRIPE_API_BASE="http://127.0.0.1:${E2E_STRIPE_PORT}" E2E_STRIPE_WEBHOOK_URL="http://127.0.0.1:${PORT}/api/webhooks/stripe"
  npx tsx tests/e2e/stripe-stand-in-server.ts >"${E2E_LOG_PREFIX:-.tmp/e2e}-stripe.log" 2>&1 &
  STRIPE_STAND_IN=$!
  trap 'kill $SINK $STRIPE_STAND_IN 2>/dev/null || true' EXIT
fi
npx tsx tests/e2e/seed-users.ts
# The log is read by the error-screen tests (error id logged with the stack).
node build/entry/index.js >"${E2E_LOG_PREFIX:-.tmp/e2e}-server.log" 2>&1 &
SERVER=$!
cleanup() {
  kill $SINK ${STRIPE_STAND_IN:-} 2>/dev/null || true
  kill -TERM $SERVER 2>/dev/null || true
  wait $SERVER 2>/dev/null || true
}
trap cleanup EXIT TERM INT
wait $SERVER
