#!/bin/sh
# Fill build/sessions/ (or $COMPACT_SESSIONS) with real sessions of other
# agents for the benches (bench/summary_quality.lua, bench/replay_choose.lua,
# bench/accuracy.lua), read from local mirrors of public repositories whose
# test fixtures hold real transcripts, and the shared pi session. Nothing is
# committed: the benches read the files at run time and skip with a note
# when they are absent.
#
#   scripts/fetch_sessions.sh [MIRRORS_DIR]     (default /work/.mirror or $COMPACT_MIRRORS)
#
# Each mirror is a bare git directory MIRRORS_DIR/<owner>+<name>/repo.
set -eu
dest=${COMPACT_SESSIONS:-build/sessions}
mirrors=${1:-${COMPACT_MIRRORS:-/work/.mirror}}
shared=${COMPACT_SHARED:-../shared}
mkdir -p "$dest"

# copy REPO PATHSPEC...: every .json/.jsonl file under the paths, by base name
copy() {
  repo="$mirrors/$1/repo"
  shift
  if [ ! -d "$repo" ]; then
    echo "no mirror of $repo: its sessions not fetched" >&2
    return 0
  fi
  git -C "$repo" ls-tree -r --name-only HEAD -- "$@" | grep -E '\.jsonl?$' |
  while read -r path; do
    git -C "$repo" show "HEAD:$path" > "$dest/$(basename "$path")"
  done
  echo "sessions from $repo -> $dest"
}

fixtures=packages/agent-cli-sdk/tests/fixtures
# Claude Code and Codex (agentcmd's test transcripts)
copy jnarowski+agentcmd "$fixtures/claude/full" "$fixtures/codex/full"
# Claude Code, long sessions with compactions (the main transcripts, not the sub-agents')
if [ -d "$mirrors/marot+spotter/repo" ]; then
  git -C "$mirrors/marot+spotter/repo" ls-tree --name-only HEAD test/fixtures/transcripts/ |
  grep -E '/[0-9a-f-]{36}\.jsonl$' | while read -r path; do
    git -C "$mirrors/marot+spotter/repo" show "HEAD:$path" > "$dest/spotter-$(basename "$path")" 2>/dev/null ||
      rm -f "$dest/spotter-$(basename "$path")"
  done
  # a short real session of its (tool calls, web search, interrupted)
  git -C "$mirrors/marot+spotter/repo" show HEAD:test/fixtures/transcripts/tool_heavy.jsonl \
    > "$dest/spotter-tool_heavy.jsonl" 2>/dev/null || rm -f "$dest/spotter-tool_heavy.jsonl"
fi
# Codex rollouts
copy madshn+localpush src-tauri/tests/fixtures/codex/2026-02-23/raw/sessions
# Claude Code, Codex and pi, short sessions (agentlogs's fixtures), as agentlogs-<agent>-<name>.jsonl
if [ -d "$mirrors/tomjnsn+agentlogs/repo" ]; then
  git -C "$mirrors/tomjnsn+agentlogs/repo" ls-tree -r --name-only HEAD -- fixtures/claudecode fixtures/codex fixtures/pi |
  grep -E '\.jsonl$' | while read -r path; do
    name="agentlogs-$(basename "$(dirname "$path")")-$(basename "$path")"
    git -C "$mirrors/tomjnsn+agentlogs/repo" show "HEAD:$path" > "$dest/$name" 2>/dev/null || rm -f "$dest/$name"
  done
  echo "sessions from $mirrors/tomjnsn+agentlogs/repo -> $dest"
fi
if [ -f "$shared/data/pi-large-session.jsonl" ]; then
  cp "$shared/data/pi-large-session.jsonl" "$dest/"
fi
ls "$dest"
