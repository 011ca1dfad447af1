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
# one file REPO REV PATH NAME: REV:PATH of the mirror as $dest/NAME (held-out
# sessions, bench/summary_facts_holdout.lua; a note when the mirror is absent)
one() {
  repo="$mirrors/$1/repo"
  if [ ! -d "$repo" ]; then
    echo "no mirror of $repo: $4 not fetched" >&2
    return 0
  fi
  git -C "$repo" show "$2:$3" > "$dest/$4" 2>/dev/null || {
    rm -f "$dest/$4"
    echo "$repo has no $2:$3: $4 not fetched" >&2
  }
}
# Claude Code, Codex and Gemini CLI building the same Pomodoro app (yoavf/ai-sessions)
one yoavf+ai-sessions HEAD examples/claude-code-pomodoro-timer.jsonl ais-claude-code-pomodoro-timer.jsonl
one yoavf+ai-sessions HEAD examples/codex-pomodor-timer.jsonl ais-codex-pomodoro-timer.jsonl
one yoavf+ai-sessions HEAD examples/gemini-cli-pomodoro-timer.json ais-gemini-cli-pomodoro-timer.json
# pi: the auto-compaction fixture, and two sessions once committed at the root (later removed)
one badlogic+pi-mono HEAD packages/coding-agent/test/fixtures/before-compaction.jsonl pimono-before-compaction.jsonl
one badlogic+pi-mono 705ba5d4f2637fb66b6ab933438a8b68eaa8e0e9 compact.jsonl pimono-compact.jsonl
one badlogic+pi-mono d5dde00d288fb959362e2c590fb685af3d08b19f session.jsonl pimono-session.jsonl
# Claude Code, a Next.js TODO app and its CLAUDE.md (d-kimuson/claude-code-viewer's mock projects)
for id in fe5e1c67-53e7-4862-81ae-d0e013e3270b 5c0375b4-57a5-4f26-b12d-d022ee4e51b7 1af7fc5e-8455-4414-9ccd-011d40f70b2a; do
  one d-kimuson+claude-code-viewer HEAD "mock-global-claude-dir/projects/sample-project/$id.jsonl" "ccv-$id.jsonl"
done
# Claude Code, graph-monitor: CLAUDE.md, README, CJS -> TypeScript/ESM, new layout (kiliman/claude-transcript)
one kiliman+claude-transcript HEAD test/test2.jsonl kct-graph-monitor.jsonl
# Codex, an unwrapped (older) rollout with many requests (AcidicSoil/codex-session-viewer)
one AcidicSoil+codex-session-viewer HEAD docs/example.jsonl acsv-codex-session-viewer.jsonl
# The final set (bench/summary_facts_final.lua), as final-<source>-<name>: never
# used by another list, and never summarized before its facts were written.
one marot+spotter 0c7102a37a16a869d8e069b168cb3ab0d7441c12 \
  test/fixtures/transcripts/6adcf0da-e8ac-4760-8026-66fb75b5ee45.jsonl \
  final-spotter-0zw-review-channel.jsonl
one marot+spotter HEAD test/fixtures/transcripts/subagent.jsonl final-spotter-beads-quality-tools.jsonl
one marot+spotter HEAD \
  test/fixtures/transcripts/6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl \
  final-spotter-explore-agent-afc096d.jsonl
one AcidicSoil+codex-session-view 23314e081365810b6c593aebd60a4ccb2149befb \
  .sample_session/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl \
  final-csv-codex-chatbot-ui-lmstudio.jsonl
one jnarowski+agentcmd HEAD "$fixtures/gemini/full/session-2025-10-27T19-55-981c87cb.json" \
  final-agentcmd-gemini-python-agent.json
# The sealed set (bench/summary_facts_sealed.lua), as sealed-<source>-<name>:
# sources no other list takes from, never summarized, to be measured once.
vct=Mai0313+VibeCodingTracker
vct_rev=7acc4bccbf50297043be2eae514676408f3bc9cd
one $vct $vct_rev tests/fixtures/sessions/claude_code.jsonl sealed-vct-claude-go-version-pydantic.jsonl
one $vct $vct_rev tests/fixtures/sessions/codex.jsonl sealed-vct-codex-go-version.jsonl
one $vct $vct_rev tests/fixtures/sessions/gemini.jsonl sealed-vct-gemini-discordbot-init.jsonl
drm=DRMacIver+claude-reliability
drm_rev=4e49f16a86de76d9b0dc3ea2b8526677abe89f52
one $drm $drm_rev snapshot-tests/tests/python-to-rust-port/transcript.jsonl sealed-drm-python-to-rust-port.jsonl
one $drm $drm_rev snapshot-tests/tests/coverage-test-fix/transcript.jsonl sealed-drm-multiply-numbers.jsonl
mcc=Mai0313+claude-code
mcc_rev=42fff354f157e65197b90d2e1a9b189fa7532971
mcc_dir=examples/original/-Users-mtk19651-project-azure-gateway
one $mcc $mcc_rev $mcc_dir/993f96a3-a436-4457-9a26-e2afbc6525a2.jsonl sealed-mcc-azure-gateway-gcp-rates.jsonl
one $mcc $mcc_rev $mcc_dir/78883d06-4dd6-4fe1-82bc-5774f06d4807.jsonl sealed-mcc-azure-gateway-gemini-spendfn.jsonl
one $mcc $mcc_rev $mcc_dir/f68ddc4a-96d9-41f5-a93d-5c1d0c47a837.jsonl sealed-mcc-azure-gateway-quota-test.jsonl
mcc_dir=examples/original/-Users-mtk19651-project-gaia-data-visualization-mcp
one $mcc $mcc_rev $mcc_dir/156c03c2-0d70-422b-ba99-3ad72d29e6b1.jsonl sealed-mcc-data-viz-mcp-cacert.jsonl
# The second sealed set (bench/summary_facts_sealed2.lua), as sealed2-<source>-<name>:
# Claude Code main transcripts nobody tuned on, facts written from the raw input only.
mcc2_dir=examples/original
one Mai0313+claude-code 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21 \
  "$mcc2_dir/-Users-mtk19651-project-mke-kosko-components-unified-mcp/d35c5275-ac9f-4010-9425-9d838fa2e695.jsonl" \
  sealed2-mcc-unified-mcp-mcpenv.jsonl
one Mai0313+claude-code 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21 \
  "$mcc2_dir/-Users-mtk19651-project-mke-kosko/811c40e5-882f-41b5-ab59-6d1773b046a7.jsonl" \
  sealed2-mcc-kosko-templates.jsonl
one Mai0313+claude-code 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21 \
  "$mcc2_dir/-Users-mtk19651-project-azure-gateway-quota/b97005b7-a18e-43b0-baea-bc3a94ea7120.jsonl" \
  sealed2-mcc-quota-uppercase.jsonl
one Mai0313+claude-code 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21 \
  "$mcc2_dir/-Users-mtk19651-project-gaia-YAML-GitOps/0136ac2a-7212-40aa-b73d-5e0844027675.jsonl" \
  sealed2-mcc-gitops-k8s-inventory.jsonl
one Mai0313+claude-code 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21 \
  "$mcc2_dir/-Users-mtk19651-test-llm-gateway/2f1eed99-8536-469d-8489-5bb3e03a773b.jsonl" \
  sealed2-mcc-llm-gateway-scaffold.jsonl
# The third sealed set (bench/summary_facts_sealed3.lua), as sealed3-<source>-<name>:
# other Claude Code main transcripts of the same repository, facts written from the raw input only.
s3_repo=Mai0313+claude-code
s3_rev=4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21
s3_dir=examples/original/-Users-mtk19651-project-azure-gateway
one $s3_repo $s3_rev $s3_dir/30c5e7c0-5d96-45bd-825f-ce12a563c47f.jsonl sealed3-mcc-reviewdog-golangci-lint.jsonl
one $s3_repo $s3_rev $s3_dir/69d4c9ba-b9dc-49b2-a691-573ff6a7b04f.jsonl sealed3-mcc-dispatcher-test-fix.jsonl
one $s3_repo $s3_rev $s3_dir/dca85867-1f7e-48eb-bdc9-204ff2fe3877.jsonl sealed3-mcc-uid-uppercase.jsonl
one $s3_repo $s3_rev $s3_dir/142727d6-9ba8-4712-954c-5acba44f7235.jsonl sealed3-mcc-azure-refactor.jsonl
one $s3_repo $s3_rev $s3_dir/f26d0c06-d890-4323-b56c-7baa4e02b014.jsonl sealed3-mcc-gemini-to-gcp.jsonl
one $s3_repo $s3_rev $s3_dir/112fcd86-85ce-4799-a6ac-d8f68c7d3210.jsonl sealed3-mcc-gemini-cost-units.jsonl
# The fourth sealed set (bench/summary_facts_sealed4.lua), as sealed4-<source>-<name>:
# Claude Code main transcripts of other tasks, facts written from the raw input only.
s4_repo=Mai0313+claude-code
s4_rev=4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21
s4_dir=examples/original/-Users-mtk19651-project-azure-gateway
one $s4_repo $s4_rev $s4_dir/2615a21a-79c8-4b2e-b842-5ae40f02ad86.jsonl sealed4-mcc-azure-models-commit.jsonl
one $s4_repo $s4_rev $s4_dir/b8219ab9-2c6c-474e-9d07-e94711138f4f.jsonl sealed4-mcc-aoai-spendfn-move.jsonl
one $s4_repo $s4_rev $s4_dir/e3ea5457-98b1-4deb-b6be-9dea5dd3e107.jsonl sealed4-mcc-gemini-url-apiversion.jsonl
one $s4_repo $s4_rev $s4_dir/dfd86a34-4424-480d-8cb4-fc29da9e531f.jsonl sealed4-mcc-gcp-usage-parse.jsonl
one $s4_repo $s4_rev $s4_dir/e2a6da26-f1b2-4c7b-baf9-7c4fa478678a.jsonl sealed4-mcc-gcp-audio-removal.jsonl
one $s4_repo $s4_rev $s4_dir/5ea0512a-8a4e-419a-b3c3-d8352b78fe60.jsonl sealed4-mcc-main-commented-code.jsonl
# and a Codex rollout and a Gemini CLI session (codemie-ai/codemie-code's test fixtures)
s4_repo=codemie-ai+codemie-code
s4_rev=8e8d4ce5ad2dfae14cb26caf5d3cddebee929990
s4_dir=src/agents/plugins/codex/__tests__/fixtures
one $s4_repo $s4_rev $s4_dir/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl \
  sealed4-codemie-codex-opencode-compaction.jsonl
s4_dir=tests/integration/metrics/fixtures/gemini
one $s4_repo $s4_rev $s4_dir/session-2026-01-16T11-01-file-ops-37b7abef.json sealed4-codemie-gemini-review-hello.json
# The fifth sealed set (bench/summary_facts_sealed5.lua), as sealed5-<source>-<name>:
# sessions of other tasks and users, facts written from the raw input only.
s5_repo=codemie-ai+codemie-code
s5_rev=8e8d4ce5ad2dfae14cb26caf5d3cddebee929990
s5_dir=tests/integration/session/fixtures/claude/-tmp-private
one $s5_repo $s5_rev $s5_dir/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl sealed5-codemie-claude-hello-files.jsonl
s5_repo=Mai0313+claude-code
s5_rev=4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21
s5_dir=examples/original
one $s5_repo $s5_rev $s5_dir/-Users-ds906659-Desktop-claude-code/f5f83166-d47c-45a7-8160-af5fb2491de4.jsonl \
  sealed5-mcc-go-version-doc.jsonl
s5_dir=examples/original/-Users-mtk19651-project-azure-gateway
one $s5_repo $s5_rev $s5_dir/eaa918b2-349a-4583-a99a-0ca03c494bf0.jsonl sealed5-mcc-quota-test-rueidis.jsonl
one $s5_repo $s5_rev $s5_dir/2e874a43-ef6d-4c47-9895-dfbe98418e1a.jsonl sealed5-mcc-azure-aoai-package.jsonl
one $s5_repo $s5_rev $s5_dir/4fece200-0f75-4940-ac7e-b052e1a29676.jsonl sealed5-mcc-azure-package-integrate.jsonl
# The sixth sealed set (bench/summary_facts_sealed6.lua), as sealed6-<source>-<name>:
# facts written from the raw input only.
s6_repo=Mai0313+claude-code
s6_rev=4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21
s6_dir=examples/original/-Users-mtk19651-project-azure-gateway
one $s6_repo $s6_rev $s6_dir/9f55e299-c447-411f-92f1-919f6d570a92.jsonl sealed6-mcc-gcp-tiered-pricing.jsonl
# The seventh sealed set (bench/summary_facts_sealed7.lua), as sealed7-<source>-<name>:
# Claude Code sessions committed by their projects, facts written from the raw input only.
one Yael-Peretz+jgive-campaign-donation 52f3c92dc11de54ef7e6de91e2570d310ce6b804 transcript.jsonl \
  sealed7-yjg-rails-donation-page.jsonl
one Sarthib7+FundWise 0fdc6fdc19440e7e6d9ee3a3a51bb19c243a9b13 claude-session.jsonl sealed7-fw-roadmap-zerion.jsonl
one SublyFi+privacy-x402 349a2af41ec3a7b7fa531b4d79a7b513103d442c claude-session.jsonl sealed7-subly-demo-count.jsonl
one Skills03+ubuntu-secure 89e74ceac44628e01a215feb161bba48169320c5 conversation-251-messages.jsonl \
  sealed7-us-threshold-boot.jsonl
one sgan0420+blockchain-dex-events 45d2a1e0ebfc1c93ba5a2aca029a8358f505439f docs/claude-session.jsonl \
  sealed7-bde-coingecko-ruby.jsonl
one samar-58+scout 9a5eb814a6eb37a3b5754dba100962bdb44f311a claude-session.jsonl sealed7-scout-video-call-ui.jsonl
# The eighth sealed set (bench/summary_facts_sealed8.lua), as sealed8-<source>-<name>:
# Codex rollouts and pi sessions that projects committed at their root, facts written from the raw input only.
one uzaxirr+raze 141cb23b816c55ac4745e0c55b4e9434e449ade0 codex-session.jsonl sealed8-raze-agno-multimodal-review.jsonl
one Krosss0001+rave-era-project 0ffdd2ac55fa2e41f1fae7e12ecdb8dbb02fc4e1 codex-session.jsonl \
  sealed8-rave-era-events-tickets.jsonl
one AkashJana18+edgerunner e38ba72621da0f64b5ce853c86f8848c31c19e75 codex-session.jsonl \
  sealed8-edgerunner-rust-trading-engine.jsonl
one snepraj2709+snapmed-pharmacv f039342e6ec5df803e25108a2249ebd2482615a2 codex-session-log.jsonl \
  sealed8-snapmed-frontend-scaffold.jsonl
one castai+kimchi-dev 910d4023c95068cec6a18be45ffee7fa41bb453c session.jsonl sealed8-kimchi-pi-user-agent.jsonl
one marcpadz+dexter-v3 060d60770d73f20918fa337ec3e0116049e504f5 pi-session.jsonl \
  sealed8-dexter-pi-copilotkit-workspace.jsonl
one mode89+welpy d4c3fd4c595bcfb40e6443841241baf92ff16a11 session.jsonl sealed8-welpy-pi-packageize.jsonl
# The ninth sealed set (bench/summary_facts_sealed9.lua), as sealed9-<source>-<name>:
# Codex rollouts and a pi session that projects committed at their root, facts written from the raw input only.
one sachinacharyaa+Rivo b2133a01ab5992314014072bfdaa9769d0d89ac1 codex-session.jsonl sealed9-rivo-solaudd-grant.jsonl
one mesayanroy+Valdyum-Labs da2ebb353c24184fa45d057d50cd0759201e5c66 codex-session.jsonl \
  sealed9-valdyum-setup-grant-prep.jsonl
one kunalcode12+Empire-of-bits-vorld 8241f993f11c3fb287afa5e61299da11e618c755 codex-session.jsonl \
  sealed9-eob-grant-evidence.jsonl
one Shyaar+beam_v1 7520b442de926d46e646803c0a933813174deada codex-session.jsonl sealed9-beam-grant-evidence.jsonl
one inspi-writer001+gildore-arena cf7c302a55828b36764163c49a71f95137992c7f codex-session.jsonl \
  sealed9-gildore-flashtrade-reapply.jsonl
one kunalcode12+openclaw_agent cebcb5a83053ee2b5003a9795850c23257ec738e codex-session.jsonl \
  sealed9-openclaw-grant-in-codex.jsonl
one nikhilxhub+x402-agent e39087c5c742d59ba46e978fa54e888ab351e53b codex-session.jsonl \
  sealed9-x402-agentx402-grant.jsonl
one lamurian+paradocs bec622cc9ff76fa344d55ea91ce77662c499805e session.jsonl sealed9-paradocs-pi-sqlite-research.jsonl
# The tenth sealed set (bench/summary_facts_sealed10.lua), as sealed10-<source>-<name>:
# Claude Code main transcripts that projects committed, facts written from the raw input only.
one leolin84200704+posthog-impact-dashboard 3adbaa8f38f78e94c7e1824e587ec03f6fd4db46 claude-session.jsonl \
  sealed10-posthog-impact-final-scores.jsonl
one yashpunmiya+Solsmile f1e66f0465a40e7a4bc8bfea97911d8a51542bf5 claude-session.jsonl \
  sealed10-polydot-hardhat-nextjs.jsonl
one ikihin+bhavana 6961556e0e178af2ec856b21918c961199d866b8 claude-session.jsonl \
  sealed10-bhavana-anchor-frontend.jsonl
one allym-4+test cf475d46db3b154091c59dc7eecf6a6e270313ef session-transcript.jsonl \
  sealed10-duality-signup-class-tags.jsonl
one Reinhartsamuel+TokenForge 7c440a70a0b9a49f68108098cea31a1d74100f33 claude-session.jsonl \
  sealed10-tokenforge-rwa-gaps.jsonl
# The eleventh sealed set (bench/summary_facts_sealed11.lua), as sealed11-act-<name>:
# sessions of a pi-based agent archived by pinion05/agent-complex-task, facts written from the raw input only.
s11_rev=80e23d89937559d6a63940d1f62c49bbc1bd785b
one pinion05+agent-complex-task $s11_rev sessions/03-raddit-dashboard-pr/session.jsonl \
  sealed11-act-raddit-bidask-column.jsonl
one pinion05+agent-complex-task $s11_rev sessions/04-awesome-agent-ide/session.jsonl \
  sealed11-act-awesome-agent-ide.jsonl
one pinion05+agent-complex-task $s11_rev sessions/01-youtube-transcript-extraction/session.jsonl \
  sealed11-act-youtube-transcript.jsonl
# The thirteenth sealed set (bench/summary_facts_sealed13.lua), as sealed13-<source>-<name>:
# Codex rollouts that projects committed at their root, facts written from the raw input only.
one anmol0b+Trezo-Ai e67f63d6bd071bf7bb52eee26a712dbf0b3ac6ea codex-session.jsonl \
  sealed13-trezo-cfo-then-kosh-grant.jsonl
one ansu555+omeswap-templet 28544dd13e1a216b731818c6d29b83fa57028bd4 codex-session.jsonl \
  sealed13-omeswap-grant-context.jsonl
one iamaanahmad+firststep c5dcb975fdf916a9a462e6c4700c7185c17879b5 codex-session.jsonl \
  sealed13-firststep-grant-no-git.jsonl
one obitoo2005+Solit 85159e44d9601da13b7def948346c691e3087f82 codex-session.jsonl \
  sealed13-solit-grant-powershell.jsonl
# The fourteenth sealed set (bench/summary_facts_sealed14.lua), as sealed14-<source>-<name>:
# pi and Gemini CLI sessions that projects committed at their root, facts written from the raw input only.
one selimbucher+civ6.ch d483376e79e399625c62666f903e27178104f9ec session.jsonl \
  sealed14-civ6-login-guard-profile.jsonl
one rycerzes+trl 80f5438cb9d705550ee89afa1fb520cfb3aa0cba session.jsonl sealed14-trl-grpo-smoke-venv.jsonl
one Sriramarjun2007+METRO-FLOW-AI 425e2ff601122d5feef77a8c34f75e131b0e92f4 session.jsonl \
  sealed14-metroflow-make-it.jsonl
one sudoloser+Axe 3082df1c2f0c6cdbed0e2527a4a75021e0751085 session.jsonl sealed14-axe-gemini-kotlin-build.json
one bhanu7410+personal_finance 2a9f6c37d5feb22f8144ebf24882b9e1bc4372f7 gemini_session.json \
  sealed14-pf-gemini-groups-dashboard.json
# The twelfth sealed set (bench/summary_facts_sealed12.lua), as sealed12-<source>-<name>:
# Claude Code main transcripts that projects committed, facts written from the raw input only.
one shastrysamarth+01-campaign-audit 58628b7ebd736d9ed5b7d479d3772300c69f6c1a transcript.jsonl \
  sealed12-campaign-audit-repair-lab.jsonl
one definitelyreal+speakfree 6722bfbcc739a7ede0bde53408ac07248d920f29 session.jsonl \
  sealed12-speakfree-openwisprmod.jsonl
one apanloco+random e70fcd6f223642ae58933eab8bc2ea6667069513 session.jsonl sealed12-random-dominion-picker.jsonl
one sanand0+scripts cc32366059db4a614a0956442986977043b38548 claude.jsonl \
  sealed12-sanand-bollywood-d3-toggle.jsonl
one git-ai-project+git-ai 2eb435b31fea41a46e3a48b891112a73272e4b8b tests/fixtures/example-claude-code.jsonl \
  sealed12-gitai-ghq-green-yellow.jsonl
s12_rev=5a8d89ee3677906aec18f7beb518a5a08e72a002
one M-Thisness+M-Claude $s12_rev Archives/f225835b-3612-4093-903f-bd4538fb7cb9.jsonl \
  sealed12-mclaude-gitleaks-auto-redact.jsonl
one M-Thisness+M-Claude $s12_rev Archives/43391f62-680a-4688-9dd8-3637467d6b23.jsonl \
  sealed12-mclaude-zima-cleanup-ccusage.jsonl
one M-Thisness+M-Claude $s12_rev Archives/abc757d1-3da3-42fb-bb7b-ffa293a4ba29.jsonl \
  sealed12-mclaude-review-improvements.jsonl
# The fifteenth sealed set (bench/summary_facts_sealed15.lua), as sealed15-<source>-<name>:
# Claude Code main transcripts that projects committed (most under sessions/), facts written from the raw input only.
one Strawhat404+vehicle-inspection 08c9a50b48ffc0c45ee6fc80ac2ac31f0c293045 sessions/session-2.jsonl \
  sealed15-vehicle-inspection-audit-fixes.jsonl
one Strawhat404+TASK-119 3d811202bf5445ce8aef7c8506976f9c6c99dd0f sessions/session.jsonl \
  sealed15-harborgate-build-audit-fixes.jsonl
one jamescoward+tool-calling-unmasked baf8c22ddc4a58272e476eb8e082f20b84f5355a build-session.jsonl \
  sealed15-agents-unmasked-presentation.jsonl
one Eyob-smax+CampusOps-task-44 ee422599e4f68fec86319b277fa666d3ee8ac73e sessions/session-2.jsonl \
  sealed15-campusops-audit-docker-fixes.jsonl
one Hale17OT+Task-43 60ca640323c1c0ce66ff32d5e92a89209c5fecfc sessions/develop-1.jsonl \
  sealed15-justiceops-build-e2e-audit.jsonl
one Hale17OT+Task-54 5fe37ad3dbad750bf6deb6d1ce25dbe97995daf2 sessions/develop-1.jsonl \
  sealed15-clinic-commerce-devplan-modules.jsonl
one jamesdanielwhitford+tool-error-web-only fdc645624f0bb28ae50a895b7ea136795afe8420 session/session.jsonl \
  sealed15-ai-sdk-tool-error.jsonl
# The sixteenth sealed set (bench/summary_facts_sealed16.lua), as sealed16-<source>-<name>:
# Codex CLI rollouts that take-home projects committed under sessions/, facts written from the raw input only.
one Strawhat404+DepotCycle-Device-Lifecycle-Marketplace b70fe0b21caa02a39d6200ee56add217a0449a46 \
  sessions/develop-1.jsonl sealed16-depotcycle-rust-offline-build.jsonl
one Strawhat404+vehicle-inspection 88ab5694aba514684f4af9090736f64babb63118 \
  sessions/rollout-2026-03-26T13-38-12-019d29b9-24ab-7bc3-9fb4-aab0924487f9.jsonl \
  sealed16-roadsafe-auth-regression-handoff.jsonl
one Strawhat404+TASK-31 ddbed6ca062dd103ce7a3ac77e32285fd5358c7b sessions/session.json \
  sealed16-roadsafe-audit-remediation-mysql.jsonl
one eaglepointAiLabs+TASK-w1t9 9509e97d16c05cff24e4be46b71d75e35a7a9470 sessions/session-1.jsonl \
  sealed16-pickup-roles-auth-tests.jsonl
one epha-b1+TASK-7 6026f64f14683144f8e2f739c2f2ca9a4e7070d2 sessions/sessions-2.jsonl \
  sealed16-pickup-audit-fail-fix-bugfix4.jsonl
one switch247+MeridianCare-Outpatient-Operations 1284fc21404ea0b1561ec1602cf63d8bcf9912e6 \
  sessions/019d37b9-522a-79b2-801e-51a60d20b7ea.jsonl sealed16-meridiancare-phases-3-5.jsonl
one Eyob-smax+MeridianOps-Retail-Performance-Platform 5714f9299de574cbad4cee96d083e28bd2299475 \
  sessions/session-2.jsonl sealed16-meridianops-audit-then-fix.jsonl
# The seventeenth sealed set (bench/summary_facts_sealed17.lua), as sealed17-<source>-<name>:
# Claude Code main transcripts and Codex CLI rollouts that projects committed, facts written from the raw input only.
one M-Thisness+M-Claude $s12_rev Archives/343e3472-b9b6-4561-ade0-21d1a4730c11.jsonl \
  sealed17-mclaude-warp-tailscale-stack.jsonl
one M-Thisness+M-Claude $s12_rev Archives/c10f5964-20bd-4783-aa1a-30b06c8a702a.jsonl \
  sealed17-mclaude-claude-tmux-app.jsonl
one M-Thisness+M-Claude $s12_rev Archives/21037e11-89de-484d-abba-8705254aa991.jsonl \
  sealed17-mclaude-slate-dns-troubleshooting.jsonl
one Strawhat404+TASK-128 53ffb4faa4f10b6ce472d0549f970eb904e7774d sessions/develop-1.jsonl \
  sealed17-crhgc-desktop-test-coverage.jsonl
one Strawhat404+TASK-64 245858116cad25079847b28830c17a892e45cc63 sessions/develop-1.jsonl \
  sealed17-compliance-console-go-react-tests.jsonl
one addis-ale+task-54 24eac6ff5a18e7cc793e76630c7c97f54d7956c5 session-2.json \
  sealed17-careops-acceptance-fixes-go.jsonl
one Eyob-smax+MeridianOps-Retail-Performance-Platform 5714f9299de574cbad4cee96d083e28bd2299475 \
  sessions/session.jsonl sealed17-meridianops-prompts-1-6-fastapi.jsonl
one epha-b1+TASK-7 6026f64f14683144f8e2f739c2f2ca9a4e7070d2 sessions/sessions.jsonl \
  sealed17-pickup-prompts-4-7-no-build.jsonl
# The eighteenth sealed set (bench/summary_facts_sealed18.lua), as sealed18-<source>-<name>:
# Claude Code main transcripts that projects committed, facts written from the raw input only.
one Pavlosaa+knowledge-source-triage-bot a520218b6949ab1da99c0c27893575588c30a7d5 session-log.jsonl \
  sealed18-triagebot-scrapfly-fake-metadata.jsonl
one YatharthPnwr+Flux 024b8ea5cbc769369c8bc45651eea0115417e3c9 claude-session.jsonl \
  sealed18-flux-frontier-ideas-memory.jsonl
one mattjoyce+vestig 06760851f2139ad6b6b6791af67715f8ccce622d session.jsonl \
  sealed18-matterbase-rename-replace.jsonl
one bastion-agentique+bastion c78c3434e5f1c87c7a2ac97e50b2c2db5e8d659a claude-session.jsonl \
  sealed18-bastion-skill-lockfile.jsonl
one Aley3567+cutesticky 6d5acb1af9414eb64f2d1c753ff51eac2d041335 session-transcript.jsonl \
  sealed18-cutesticky-tauri-github.jsonl
one moredip+session-share c82245286829af5cfe9b535885ed158f34c296b8 \
  samples/claude-code-projects/0ccf1a04-1b4c-43b6-8aa5-79e41db43a68.jsonl sealed18-sessionshare-curry-poems.jsonl
# sealed19 (s19): Codex CLI rollouts and one pi session; lines for scripts/fetch_sessions.sh
one kennykguo+jailbreaking 3dd1f6d257359ad41af132b035cf701d5a4b078b \
  codex-snapshots/rollout-20260119-100401.jsonl sealed19-jailbreak-labs-1-3-arch.jsonl
one kennykguo+jailbreaking 3dd1f6d257359ad41af132b035cf701d5a4b078b \
  codex-snapshots/rollout-2026-01-15T16-18-41-019bc386-5cc1-7ef2-bcd0-6a8adff50c24-20260119T155709Z.jsonl \
  sealed19-jailbreak-lab3-arm64-macos.jsonl
one 0h-n0+local-voice-assistant-codex c40b09dfb388af7bec45a520640b7bc3f782c161 \
  .codex/sessions/2025/12/25/rollout-2025-12-25T22-45-23-019b55c1-d022-7061-bbb9-b0c90708472b.jsonl \
  sealed19-voice-assistant-speckit-stt-llm.jsonl
one Kooksun+Lotto645 e01e9ea777a7e8aeb7ea062a47cb852fdb580c7f \
  .codex/sessions/2025/11/07/rollout-2025-11-07T08-44-25-019a5b8e-a2f2-7f42-bb90-f248b42e3415.jsonl \
  sealed19-lotto645-issue-ticket-us1.jsonl
one MikeLockz+el-dorado-tanstack cd08d77eee12da1b47dc3a63283e09bc5b6e6f97 \
  .codex/sessions/2025/11/13/rollout-2025-11-13T20-44-28-019a8076-eb65-7f13-8cca-ad8a91533801.jsonl \
  sealed19-eldorado-chrome-mcp.jsonl
one borfast+cooking-times 3abea6672d7703f417628ec0d44785f24ae4b724 \
  .codex/sessions/2025/10/19/rollout-2025-10-19T02-52-36-0199fa2b-28f8-7c60-9b98-f2e206c3634f.jsonl \
  sealed19-cooking-times-speckit-go.jsonl
one yofriadi+gsd-lite 5b7e96be0dabbefbc346c7d5e7cba9f0f618027d logs/pi-session.jsonl \
  sealed19-gsdlite-swapi-connect-plan.jsonl
# sealed20 (s20): Claude Code sessions; lines for scripts/fetch_sessions.sh
one FrancoBertoldiMariglio+conversacion-act1-pln 294bfa97f075911f1e6cf077a22bddaf1c8fa68b session.jsonl \
  sealed20-unir-pln-hate-speech-spacy.jsonl
one LHL3341+ResearchOS da5ff32dd51759a0f5e4441a604d9094e8832de6 conversation.jsonl \
  sealed20-researchos-skill-graph-paper.jsonl
one Eduardodmb+ClaudeWork 7545331a078455343ab78654d834e8dbc55370d2 \
  projects/X--03-ACG-Odoo-Docs/f6ce05d0-8e7d-40f6-a738-c86c85e11fc5.jsonl sealed20-odoo-search-leads-crm-views.jsonl
one Eduardodmb+ClaudeWork 7545331a078455343ab78654d834e8dbc55370d2 \
  projects/X--03-ACG-Odoo-Docs/7ef88c1a-6238-45b9-8285-0c4e268276c9.jsonl sealed20-odoo-crm-upgrade-missing-fields.jsonl
one Jason-liu-0219+my-claude f58d0ab87bce07fa0c6ec1d3476fc04ab7c2c789 \
  projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/cbd3578f-e846-4de9-807a-524b3377a737.jsonl \
  sealed20-vsaas-dropdown-worktree-skills.jsonl
one Jason-liu-0219+my-claude f58d0ab87bce07fa0c6ec1d3476fc04ab7c2c789 \
  projects/-Users-liuhanwen-Desktop-project-fix-user-access-device/8732a6fa-3fd8-4f6b-8af2-03a027f18f97.jsonl \
  sealed20-vsaas-access-device-filter-pr.jsonl
one Damon-Salvetore+claude-code 2215aab4e128ee1524a9a7dbc3088a41da35e15f \
  projects/-home-yingbohao-llm-train/4b0ee9c6-20bd-4ff0-8465-c984c7d9032a.jsonl sealed20-llmtrain-nvfp4-fake-quant.jsonl
one 4thehalibit+omarchy-backup 41bb7a1ab482a67e4302082008caaff403d36544 \
  .claude/projects/-home-vwestberg-Claude/1fb5e404-604d-4a2b-baf1-3beb42a67371.jsonl \
  sealed20-omarchy-desktop-mission-control.jsonl
# sealed21 (s21): Codex CLI rollouts; lines for scripts/fetch_sessions.sh
one bricerising+specify-poker bf9e8c3b031dcbf7d55d1d897c40e56220449a02 \
  .codex/sessions/2026/01/09/rollout-2026-01-09T10-33-58-019ba364-9ddc-7dd1-acdb-3a6144a1fdc7.jsonl \
  sealed21-poker-milestones-4-6.jsonl
one bricerising+specify-poker 7f99ef91e747f08fec6ef30f3be6c8d96264845b \
  .codex/sessions/2026/01/09/rollout-2026-01-09T14-38-37-019ba444-9882-7980-a307-769cf7d95007.jsonl \
  sealed21-poker-gameplay-redis.jsonl
one Hoper-J+cpolar-connect 70b17db1db0ced357f7e0c50bf24bb786147b8e2 \
  .codex/sessions/2025/09/16/rollout-2025-09-16T14-12-31-613a9a68-8816-40b2-a2d4-041ade599da6.jsonl \
  sealed21-cpolar-connect-review-status.jsonl
one AaronBakerDev+knearme-platform 3a4beb32d1010d7df12d214558ba4eb2e594290b \
  .codex/sessions/2026/01/05/rollout-2026-01-05T14-32-46-019b8fa5-cd85-7ed1-b466-52d2502a1ccb.jsonl \
  sealed21-knearme-meta-graph-worker.jsonl
one Quelklef+shell-ws 044184aacc6683c4f7951b104db1c56ba3fc4a39 \
  .codex/sessions/2026/03/18/rollout-2026-03-18T11-04-43-019d021f-1244-77d2-b5aa-ba1d70f11e87.jsonl \
  sealed21-shell-ws-kernel-ui.jsonl
one aneesh199608+dslint 33df4f09012e755349f932202cc48a1a8d27cb67 \
  .codex/sessions/2025/12/09/rollout-2025-12-09T14-27-29-019b0254-78dd-7ea3-9224-5ae646e225ea.jsonl \
  sealed21-dslint-figma-constitution.jsonl
one AaronBakerDev+knearme-platform 3a4beb32d1010d7df12d214558ba4eb2e594290b \
  .codex/sessions/2025/12/31/rollout-2025-12-31T13-44-16-019b75b9-987c-7a20-b89c-2770286f07dc.jsonl \
  sealed21-knearme-agent-docs.jsonl
# sealed22 (s22): Claude Code sessions; lines for scripts/fetch_sessions.sh
one LZY2333+LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 \
  .claude/projects/-Users-a111111-code-ai-video-collection/e287ed27-aec8-4ae9-9751-5a37defe3449.jsonl \
  sealed22-pollo-menuoptions-tooltip.jsonl
one LZY2333+LZY-FE-JumpTrack 27fd886e87ce56352ac34ca4b9f7232356f7d0f4 \
  .claude/projects/-Users-a111111-code-ai-video-collection/817a5209-cb97-4faf-b3fb-82ae55d5e46b.jsonl \
  sealed22-pollo-create-similar-button.jsonl
one VivekSinghRathore7+bs-_thesis_low_light- c1b86ae5c5a4c5539633f5fca9b85153ae3bed21 \
  .claude/projects/-home-samiran-iiserb-asip-lab-UG-VIVEK-bs-thesis-low-light/a1fe1fc0-c942-4228-9a8a-428ead67ba6c.jsonl \
  sealed22-llie-reflectance-finetune.jsonl
one VivekSinghRathore7+bs-_thesis_low_light- c1b86ae5c5a4c5539633f5fca9b85153ae3bed21 \
  .claude/projects/-home-samiran-iiserb-asip-lab-UG-VIVEK-bs-thesis-low-light/87cd58f5-2181-4695-a6c0-505ed71ba497.jsonl \
  sealed22-llie-compare-r-low.jsonl
one CaptainRandom00+Claude-Code 6bc87bbd0102012c7a8d08c52677634bd8c66abc \
  projects/-Users-cedricmukolonga--claude/db754e41-47a2-4161-95da-658664903487.jsonl \
  sealed22-claude-agents-wordpress.jsonl
one CaptainRandom00+Claude-Code 6bc87bbd0102012c7a8d08c52677634bd8c66abc \
  projects/-Users-cedricmukolonga-00-vibe-projects-byte-bridges/d32a8ce8-0a10-4edb-a055-822a596d3cfb.jsonl \
  sealed22-bytebridges-run-mamp-db.jsonl
one carollynn2253+Clauding 2ac3366d1c6135a6ab4619868c9c5698740f87aa \
  .claude/projects/-Users-07404-chingting-chiu-Documents-AndroidStudioProject-android-188asia2-Bet188-application/ad9315b5-313a-4c05-80a4-a079ea7f23f4.jsonl \
  sealed22-bet188-register-mvvm.jsonl
one gouchan+agent-swarm-config 09df22b568176451a9945681f9b2f8f877344510 \
  .claude/projects/-Users-robinsonchan/bdc6842b-5fce-422b-8644-c62e32c34900.jsonl \
  sealed22-swarm-agents-yaml-github.jsonl
# sealed23 (issue #22): Codex CLI rollouts, read raw, never summarized
one augustoFranke+Ta-la 9ae60a64ccc917a24039457af5cc197c800ef496 \
  .codex/sessions/2026/02/19/rollout-2026-02-19T14-51-13-019c773d-ee5f-7151-ac76-31fabbfa642f.jsonl \
  sealed23-tala-readme-lint-docs.jsonl
one carlo-spada+xentri 21c7deda59d1d5ad847eb4ce82111bbd69500cef \
  .agents/.codex/sessions/2025/11/25/rollout-2025-11-25T22-49-48-019abe7f-0bf0-7511-b901-8e26b7f2c442.jsonl \
  sealed23-xentri-bmad-validate-prd.jsonl
one arnemohr+funke a446ad62df31a5d37154038e5544b1f40f8c4f8d \
  .codex/sessions/2025/12/16/rollout-2025-12-16T23-41-18-019b2953-38df-7eb1-b836-b0850e897880.jsonl \
  sealed23-funke-phase4-lottery.jsonl
one che-yjwj+platform_architect c0cc4a00f3ee33d70b3ae3dfb64825c7099acdc4 \
  .codex/sessions/2026/03/04/rollout-2026-03-04T13-09-38-019cb8f7-e16d-7520-98a8-5c6b5df912aa.jsonl \
  sealed23-platform-architect-speckit-soc.jsonl
one bumpy-croc+ai-trading-bot 95a3ee32ca667f256e6562c8c5203635dab4bca4 \
  .codex/sessions/2025/10/14/rollout-2025-10-14T22-34-26-0199e4a5-5b78-78f2-b041-6b876f71fdab.jsonl \
  sealed23-trading-bot-constitution.jsonl
one brianlan+paper2md 0a5d04b6fe9cb0daeffca6d35633f3c74adbb7b9 \
  .codex/sessions/2025/11/07/rollout-2025-11-07T22-27-23-019a5eb7-01fe-7ec2-983f-a7d864b9d4d9.jsonl \
  sealed23-paper2md-constitution-tdd.jsonl
one arnemohr+funke a446ad62df31a5d37154038e5544b1f40f8c4f8d \
  .codex/sessions/2025/12/14/rollout-2025-12-14T14-25-38-019b1d09-c809-7723-a969-56c5522ca03d.jsonl \
  sealed23-funke-plan-tasks-phase1.jsonl
one Monotoba+OpenPrintKit 096f97b0239a63a93381ec5708fab1043b25c72d \
  .codex/sessions/2025/11/01/rollout-2025-11-01T11-34-37-97b66f6c-a160-40e0-bd0f-1fdcbbb9498b.jsonl \
  sealed24-openprintkit-ci-generators-gui.jsonl
one Monotoba+OpenPrintKit 096f97b0239a63a93381ec5708fab1043b25c72d \
  .codex/sessions/2025/10/31/rollout-2025-10-31T19-02-58-c61729d4-da6d-46a4-9a29-ec2c614e5e23.jsonl \
  sealed24-openprintkit-pdl-gui-mcodes.jsonl
one elizabeth-goldsmith+prirodnik 7766ab78b540f048090ea5639fc69d731193457f \
  .claude/projects/-Users-liza/62e12a9c-b103-44c5-9755-3e12f54639a0.jsonl \
  sealed24-prirodnik-ytdlp-video-download.jsonl
if [ -f "$shared/data/pi-large-session.jsonl" ]; then
  cp "$shared/data/pi-large-session.jsonl" "$dest/"
fi
ls "$dest"
