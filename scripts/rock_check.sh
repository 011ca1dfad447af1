#!/bin/sh
# `make rock`, second step: in a copy of the checkout (the work tree stays
# untouched), build the rock once (`make rock-build`: luarocks make, pack,
# install of the packed rock, load), check that it left no build product in
# the source tree, build and check the core without libcurl (`make
# core-only`), and check that `make clean` leaves exactly the source files.
# Usage: sh scripts/rock_check.sh ROCK_DIR   (run from the checkout root)
set -eu
rock_dir=$1
case $rock_dir in /*) ;; *) rock_dir=$(pwd)/$rock_dir ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sh scripts/copy_sources.sh "$work/src"
cd "$work/src"
find . -type f | sort >"$work/files.txt"
rm -rf "$rock_dir"
make --no-print-directory rock-build ROCK_DIR="$rock_dir"
leftover=$(find . -name '*.so' -o -name '*.o' -o -name '*.rock')
test -z "$leftover" || { echo "build products left in the checkout: $leftover"; exit 1; }
make --no-print-directory core-only
make --no-print-directory clean >/dev/null
find . -type f | sort | diff "$work/files.txt" - || { echo 'make clean left files'; exit 1; }
echo "rock: built once, no build products left, core-only checked, make clean leaves the sources"
