#!/bin/sh
# Install the Debian packages compact needs to build and test, when missing.
# Idempotent and quiet when everything is present; needs root to install.
# Usage: scripts/deps.sh [extra-package ...]
set -eu
packages="lua5.4 liblua5.4-dev lua-busted lua-check lua-socket libcurl4-openssl-dev libsqlite3-dev cmake make gcc luarocks pkg-config $*"
missing=""
for package in $packages; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing="$missing $package"
  fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "compact: missing Debian packages:$missing (run as root, or install them)" >&2
  exit 1
fi
echo "compact: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
