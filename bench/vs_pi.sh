#!/bin/sh
# bench/vs_pi.sh: install pi's npm package (once, into build/npm-pi) and
# compare cold planning of compact with pi's on the shared session.
set -eu
cd "$(dirname "$0")/.."
LUA=${LUA:-lua5.4}
PI_VERSION=0.73.1
dir=build/npm-pi
if [ ! -d "$dir/node_modules/@mariozechner/pi-coding-agent" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "vs_pi: skipped (npm not installed)"; exit 0
  fi
  mkdir -p "$dir"
  (cd "$dir" && { [ -f package.json ] || npm init -y >/dev/null; } &&
    npm install --silent --no-audit --no-fund "@mariozechner/pi-coding-agent@$PI_VERSION" >/dev/null 2>&1) ||
    { echo "vs_pi: skipped (npm install of pi failed)"; exit 0; }
fi
exec "$LUA" bench/vs_pi.lua "${1:-../shared/data/pi-large-session.jsonl}" "$dir/node_modules"
