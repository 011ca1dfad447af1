#!/bin/sh
# Fill build/sessions/ (or $COMPACT_SESSIONS) with real sessions of other
# agents for bench/summary_quality.lua, read from a local mirror of the
# public agentcmd repository (Claude Code and Codex test transcripts) and
# the shared pi session. Nothing is committed: the benches read the files at
# run time and skip with a note when they are absent.
#
#   scripts/fetch_sessions.sh [MIRROR_GIT_DIR]
set -eu
dest=${COMPACT_SESSIONS:-build/sessions}
mirror=${1:-${AGENTCMD_MIRROR:-/work/.mirror/jnarowski+agentcmd/repo}}
shared=${COMPACT_SHARED:-../shared}
mkdir -p "$dest"
if [ -d "$mirror" ]; then
  fixtures=packages/agent-cli-sdk/tests/fixtures
  git -C "$mirror" ls-tree -r --name-only HEAD -- "$fixtures/claude/full" "$fixtures/codex/full" |
  while read -r path; do
    git -C "$mirror" show "HEAD:$path" > "$dest/$(basename "$path")"
  done
  echo "sessions from $mirror -> $dest"
else
  echo "no mirror at $mirror: Claude Code and Codex sessions not fetched" >&2
fi
if [ -f "$shared/data/pi-large-session.jsonl" ]; then
  cp "$shared/data/pi-large-session.jsonl" "$dest/"
fi
ls "$dest"
