#!/usr/bin/env bash
# Makes sure the browser tests' system packages are installed: Debian's Chromium, and a Java
# runtime for the Nu HTML Checker (decision 042; this machine kind usually has one). As root it
# installs what is missing with apt-get; otherwise it stops at once with the exact command to run.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  echo "Missing for the browser tests: ${missing[*]}; installing Debian's packages (about a minute)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  echo "Chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM"); Java: $(java -version 2>&1 | head -1)"
  exit 0
fi
echo "Missing for the browser tests: ${missing[*]}. Install them, then run the tests again:" >&2
echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
exit 1
