#!/bin/sh
# Install the Debian packages compact needs to build and test, when missing.
# Idempotent and quiet when everything is present; needs root to install.
# Usage: scripts/deps.sh [extra-package ...]
set -eu
packages="lua5.4 liblua5.4-dev lua-busted lua-check lua-socket libcurl4-openssl-dev libsqlite3-dev cmake make gcc luarocks pkg-config $*"
# one dpkg-query for all of them (this runs before every make test)
installed=$(dpkg-query -W -f='${Package} ${Status}\n' $packages 2>/dev/null | sed -n 's/^\([^ :]*\)[^ ]* install ok installed$/\1/p')
missing=""
for package in $packages; do
  case " $(echo $installed) " in
    *" $package "*) ;;
    *) missing="$missing $package" ;;
  esac
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
