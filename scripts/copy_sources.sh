#!/bin/sh
# Copy the checkout's files (tracked and untracked, not ignored; those
# deleted from the work tree left out) into DIR, keeping their paths.
# File names go to the shell as arguments, never pasted into its code (a
# name holding quotes or `$(...)` is copied as it is).
# Usage: sh scripts/copy_sources.sh DIR   (run from the checkout root)
set -eu
dir=$1
mkdir -p "$dir"
git ls-files -z --cached --others --exclude-standard |
  xargs -0 sh -c 'for f do if test -e "$f"; then cp --parents -- "$f" "$0"; fi; done' "$dir"
