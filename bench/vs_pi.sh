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
# the floor walk (bench/floor.c) against the same Lua headers; skipped when
# it does not build
floor_dir=build/bench-floor
mkdir -p "$floor_dir"
pc=$LUA; [ "$LUA" = luajit ] || pc=$(echo "$LUA" | sed 's/^lua\([0-9]\)\.\?\([0-9]\)$/lua\1.\2/')
${CC:-cc} -std=c99 -O2 -shared -fPIC $(pkg-config --cflags "$pc" 2>/dev/null) bench/floor.c \
  -o "$floor_dir/floor.so" 2>/dev/null || rm -f "$floor_dir/floor.so"
exec "$LUA" bench/vs_pi.lua "${1:-../shared/data/pi-large-session.jsonl}" "$dir/node_modules"
