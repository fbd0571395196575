#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests. As root it installs it with
# apt-get; otherwise it stops at once with the exact command to run.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  echo "Chromium is missing: installing Debian's chromium package (about a minute)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi
echo "Chromium is missing. Install it, then run the tests again:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
