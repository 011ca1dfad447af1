#!/bin/sh
# scripts/fetch_sessions.sh [INTO]: copy the real agent sessions found in
# the repository mirrors present on this machine into INTO (default
# $COMPACT_SESSIONS, else build/sessions/), one directory per agent:
#
#   INTO/claude_code/  Claude Code transcripts (per-message usage)
#   INTO/codex/        Codex CLI rollouts (token_count events)
#   INTO/pi/           pi sessions with usage
#
# Mirrors are bare git directories $COMPACT_MIRRORS/<owner+name>/repo
# (default /work/.mirror); every .jsonl file of their HEAD that carries
# provider usage is a session. Nothing here is committed: the files are
# other people's, read by the benches (bench/accuracy.lua) at bench time.
# Copies of one file are taken once. What is absent is skipped quietly;
# the script prints what it copied.
set -eu

mirrors=${COMPACT_MIRRORS:-/work/.mirror}
into=${1:-${COMPACT_SESSIONS:-build/sessions}}
min_bytes=4096

[ -d "$mirrors" ] || { echo "fetch_sessions: no mirrors at $mirrors, nothing copied"; exit 0; }
tmp=$(mktemp) seen=$(mktemp)
trap 'rm -f "$tmp" "$seen"' EXIT

count=0
for git_dir in "$mirrors"/*/repo; do
  [ -d "$git_dir" ] || continue
  repo=$(basename "$(dirname "$git_dir")")
  git -C "$git_dir" ls-tree -r --name-only HEAD 2>/dev/null | grep '\.jsonl$' | while read -r path; do
    git -C "$git_dir" show "HEAD:$path" > "$tmp" 2>/dev/null || continue
    [ "$(wc -c < "$tmp")" -ge "$min_bytes" ] || continue
    # the same session kept at two paths is copied once
    sum=$(cksum < "$tmp")
    ! grep -qx "$sum" "$seen" || continue
    echo "$sum" >> "$seen"
    if grep -q '"token_count"' "$tmp" && grep -q '"last_token_usage"' "$tmp"; then
      agent=codex
    elif grep -q '"cache_creation_input_tokens"\|"cache_read_input_tokens"' "$tmp" \
        && grep -q '"type" *: *"assistant"' "$tmp"; then
      agent=claude_code
    elif head -c 400 "$tmp" | grep -q '"type" *: *"session"' && grep -q '"usage"' "$tmp"; then
      agent=pi
    else
      continue
    fi
    name=$(printf '%s--%s' "$repo" "$path" | tr '/' '_')
    mkdir -p "$into/$agent"
    cp "$tmp" "$into/$agent/$name"
    echo "$agent/$name"
  done
done | { while read -r line; do count=$((count + 1)); echo "  $line"; done; echo "fetch_sessions: $count sessions in $into"; }
