-- bench/summary_facts_sealed12.lua: a twelfth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public Claude Code sessions (raw ~/.claude/projects JSONL main
-- transcripts) that no other fact list takes, and that no summarizer was
-- ever run on: each list was written on 2026-12-02 by reading only the raw
-- transcript (the imported messages printed as text: user messages,
-- assistant text and thinking, tool calls with their arguments, the key
-- lines of their results), without running the extractive summarizer, the
-- bench or the `compact` command on them and without reading any summary of
-- them. Facts are in the bench's form ({ label, alternative, ... }, an
-- alternative a lowercase Lua pattern or a list of patterns that must all
-- match, `wrong` alternatives marking a fact lost), with the distinctive
-- tokens (file names, commands, identifiers, numbers) rather than one
-- wording; they are about the goal, the requests, the files, the errors and
-- their fixes, the verdicts and the state at the end. Paths are relative to
-- the session's working directory. Every (right) alternative was checked,
-- by a throwaway script that calls no summarizer, to match the imported
-- input itself (message text, thinking, call names and arguments, results,
-- the previous summary, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed12-<source>-<name>.
--
-- * shastrysamarth/01-campaign-audit @ 58628b7ebd736d9ed5b7d479d3772300c69f6c1a,
--   transcript.jsonl -> sealed12-campaign-audit-repair-lab.jsonl (327
--   messages, 1.7 MB, 12 user turns; a take-home "technical screen" whose
--   candidate committed the agent's raw transcript): why `make demo` /
--   `make verify` give page-size-dependent counts and `make test` passes
--   anyway (read-only analysis: _collapse_page dedups per page,
--   str(company_id) merges the null ids as "None", `complete: True` is a
--   literal), ROADMAP.md (findings, W1-W6, a definition of complete, 209 =
--   203 keyed + 6 provisional), its corrections asked by the user (98 not
--   103 rows, null vs "" missing keys, the brand kit always wins), the fixes
--   with 31 then 38 tests and mutation checks, one commit per W, the
--   needs_review follow-up (4 domains, 8 companies) and a last run of
--   demo/verify/test passing, the gaps written into DECISIONS.md.
-- * definitelyreal/speakfree @ 6722bfbcc739a7ede0bde53408ac07248d920f29,
--   session.jsonl -> sealed12-speakfree-openwisprmod.jsonl (168 messages,
--   0.9 MB, 10 user turns): a VoiceMode whisper-server restart, the Fn-key
--   dictation app found to be Open Wispr (Homebrew LaunchAgent), linked
--   into /Applications with a Dictation icon, then its Swift source cloned
--   and modified as openwisprmod (focus tracking, crash recovery, toggle
--   mode, maxRecordings 30, spoken punctuation), built with `swift build -c
--   release`, bundled and installed with its own LaunchAgent; small.en and
--   an accessibility alert last; the source moved to ~/Code/workbench.
-- * apanloco/random @ e70fcd6f223642ae58933eab8bc2ea6667069513,
--   session.jsonl -> sealed12-random-dominion-picker.jsonl (45 messages, 12
--   short user turns): a one-file pixel-art random number page for picking
--   the Dominion start player (random.akerud.se), SFX, crypto RNG with
--   rejection sampling, Render static hosting, MIT LICENSE, first commit,
--   questions on seeding; ends with the session file about to be committed.
-- * sanand0/scripts @ cc32366059db4a614a0956442986977043b38548, claude.jsonl
--   -> sealed12-sanand-bollywood-d3-toggle.jsonl (92 messages after a
--   /compact; the import keeps the 8 kB compaction summary as the previous
--   summary): a D3 Bollywood box-office data story: an easing TypeError,
--   faster animation, combined legends, a diverging palette, the white-on-
--   white text, an "Inflation adjusted" toggle that twice did not work, and
--   a layman README.md.
-- * git-ai-project/git-ai @ 2eb435b31fea41a46e3a48b891112a73272e4b8b,
--   tests/fixtures/example-claude-code.jsonl ->
--   sealed12-gitai-ghq-green-yellow.jsonl (28 messages; a real session kept
--   as a test fixture, one request): "make the colors green and yellow" in
--   the ghq board game, CSS variables and stripe classes changed,
--   HistoryLog.tsx updated, interrupted by the user before EvalBar.tsx,
--   Square.tsx and board.tsx. (Autter-dev/autter-cli holds the same session
--   with another user name; not used.)
--
-- * M-Thisness/M-Claude @ 5a8d89ee3677906aec18f7beb518a5a08e72a002, a
--   repository that archives its owner's Claude Code sessions (Archives/,
--   user names replaced by [USER], secrets by gitleaks redaction; several of
--   its files no longer parse as JSON and were left out). Three of them:
--   - Archives/f225835b-3612-4093-903f-bd4538fb7cb9.jsonl ->
--     sealed12-mclaude-gitleaks-auto-redact.jsonl (58 messages, one
--     request): a pre-commit gitleaks scan that redacts secrets instead of
--     blocking (Projects/Scripts/redact_gitleaks_secrets.py, hook, test,
--     docs), the script ignored by .gitignore's *secret* and force-added,
--     commit 3ed6817 pushed to a claude/ branch; gitleaks itself absent.
--   - Archives/43391f62-680a-4688-9dd8-3637467d6b23.jsonl ->
--     sealed12-mclaude-zima-cleanup-ccusage.jsonl (88 messages, 9 short
--     requests, Windows): the repository's homelab files moved into
--     Projects/Claude-Zima (Zimaboard/Proxmox apart from Slate/BE3600),
--     tests merged into Projects/Tests, ccusage installed and run, and a
--     commit in the middle of a merge, not pushed.
--   - Archives/abc757d1-3da3-42fb-bb7b-ffa293a4ba29.jsonl ->
--     sealed12-mclaude-review-improvements.jsonl (190 messages, 5
--     requests): a review and 11 improvements (a UUID-mangling redaction
--     bug, pytest suite 31 passed / 4 failed, CI workflow, search and stats
--     scripts), a GPG signing failure, GitHub push protection (GH013) twice,
--     the Tests workflow limited to PRs, a log sync and a PR being opened.
--
--   return value: function(SESSIONS) -> array of { agent, sealed12 = true, path, facts }

return function(SESSIONS)
  return {
    -- == campaign audit (CharacterQuilt screen): per-page dedup, hardcoded complete, ROADMAP W1-W6, per-W commits ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-campaign-audit-repair-lab.jsonl",
      facts = {
        { "request 1: explain the Makefile targets (demo, test, verify with fixtures/second_list.json)",
          "what do all the makefile commands do", { "make demo", "make verify", "make test" } },
        { "request 2 (no edits): map the varying rows campaigned / deliverables per page size to mechanisms",
          { "page.size", "don.t edit" }, { "page.size", "mechanism" }, { "page.size", "nothing edited" },
          { "page.size", "read.only" } },
        { "root cause: _collapse_page dedups per page (seen set reset per page), so cross-page duplicates survive",
          { "_collapse_page", "per.page" }, { "_collapse_page", "page boundar" } },
        { "str(company_id) turns the 6 null company_ids into 'None' and merges them",
          { "str%(company_id%)", "none" }, { "null", "company_id", "'none'" } },
        { "complete: True is a hardcoded literal in src/repair_lab.py; the check is a tautology",
          { "complete", "hardcoded" }, { "\"complete\": true", "literal" }, { "complete", "tautolog" } },
        { "ROADMAP.md written before touching code (findings D1.., work plan W1-W6, definition of complete)",
          { "roadmap%.md", "before" }, { "roadmap", "w1", "w6" } },
        { "209 logical companies in list 1 = 203 keyed + 6 provisional; list 2: 99 (97 keyed, 2 provisional)",
          { "209", "203", "provisional" }, { "99", "97 keyed" } },
        { "SilentlyShortLoader correction in the D4 table: 98 rows never served at page_size 25 (125 served), not 103",
          { "silentlyshortloader", "98" }, { "125", "98", "page_size 25" } },
        { "W3 acceptance: list 1 writes a missing company_id as null, list 2 as an empty string",
          { "null", "empty string", "w3" }, { "null", "\"\"", "company_id" } },
        { "the request's brand kit / template always win (W5): saved_brand_kit_id overrides ignored (9 rows)",
          { "w5", "brand kit" }, { "saved_brand_kit_id", "ignor" }, { "overrides ignored", "9" } },
        { "tests: 31, then 38 passing; mutation checks (scratch mutate.sh) turn the suite red for all 7 mutations",
          { "ran 38 tests", "ok" }, { "mutation", "%f[%w]red%f[%W]" }, "mutate%.sh" },
        { "one commit per W (W2, W4, W3, W5, W1, W6 ...), DECISIONS.md notes the single pass",
          { "w2:", "w4:", "w3:" }, { "commit", "each w" }, { "decisions%.md", "single pass" } },
        { "follow-up: needs_review flags domains carrying more than one identity (4 domains, 8 companies; list 2: 0)",
          "needs_review", { "ambiguous_domains" }, { "4 domains", "8 compan" } },
        { "end: make demo && make verify && make test pass (exit 0), six completeness conditions hold; gap " ..
          "left: kestrel-robotics spans two domains unflagged; DECISIONS.md uncommitted",
          { "exit 0", "make test" }, { "kestrel", "unflagged" }, { "decisions%.md", "uncommitted" } },
      },
    },
    -- == Open Wispr: whisper-server restart, the Fn-key app found, then a modified build (openwisprmod) ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-speakfree-openwisprmod.jsonl",
      facts = {
        { "request 1: restart openwhisper; the VoiceMode whisper-server (port 2022) killed and restarted",
          { "restart", "whisper%-server" }, { "whisper%-server", "2022" } },
        { "'not working': two whisper-server processes are a parent/child pair, the server answers on port 2022",
          { "parent", "child" }, { "two", "whisper%-server", "process" } },
        { "the Fn push-to-talk program is Open Wispr (Homebrew LaunchAgent " ..
          "homebrew.mxcl.open-wispr.plist), not VoiceMode",
          "homebrew%.mxcl%.open%-wispr", { "open wispr", "fn" }, { "openwispr%.app", "/opt/homebrew" } },
        { "put it in /Applications (symlink) with the macOS Dictation.icns microphone icon",
          { "/applications/openwispr%.app", "ln %-s" }, "dictation%.icns", { "symlink", "applications" } },
        { "open-wispr is MIT, Swift (human37/open-wispr), cloned to read; the log shows 'Error: Transcription failed'",
          "human37/open%-wispr", { "transcription failed", "log" } },
        { "user's wishes: crash recovery of recordings, spoken punctuation, paste into the wrong focus, " ..
          "recent dictations",
          { "spokenpunctuation" }, { "crash", "recover" }, { "focus", "paste" } },
        { "decided: maxRecordings = 30, toggleMode on, recordings always kept, fork named openwisprmod",
          { "maxrecordings", "30" }, { "togglemode" }, { "openwisprmod" } },
        { "AppDelegate.swift: focus tracking (capture the focused element), crash sentinel / recovery",
          { "appdelegate%.swift", "focus" }, { "crash sentinel" }, { "capturedelement" }, { "capturefocusedelement" } },
        { "TextInserter.swift refocuses the captured element or copies to the clipboard; " ..
          "StatusBarController.swift gets 'Recover Last Recording'",
          { "textinserter%.swift", "clipboard" }, { "statusbarcontroller%.swift", "recover" },
          "recover last recording" },
        { "RecordingStore.swift changed so recordings are kept even with maxRecordings 0", "recordingstore%.swift" },
        { "build: swift build -c release succeeds (deprecation warnings; the NSUserNotification use replaced)",
          "swift build %-c release", { "build", "succeeded" }, "build complete" },
        { "packaged with scripts/bundle-app.sh as OpenWisprMod.app 0.14.0-mod, installed, LaunchAgent " ..
          "com.openwisprmod replaces Homebrew's",
          { "bundle%-app%.sh", "openwisprmod%.app" }, "0%.14%.0%-mod", "com%.openwisprmod" },
        { "request: small.en model and an accessibility alert; modelSize small.en in " ..
          "~/.config/open-wispr/config.json, showAccessibilityAlert added, rebuilt and restarted",
          { "small%.en", "config%.json" }, "showaccessibilityalert", { "accessibility", "alert" } },
        { "end: source moved to ~/Code/workbench/openwisprmod and the session JSONL copied there (session.jsonl)",
          { "workbench/openwisprmod" }, { "workbench", "jsonl" } },
      },
    },
    -- == random.akerud.se: a pixel-art random number page for Dominion, CSPRNG, SFX, MIT license, first commit ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-random-dominion-picker.jsonl",
      facts = {
        { "goal: a simple pixel-art randomizer page (random.akerud.se) to pick who starts at Dominion, " ..
          "remembering the bounds unlike random.org",
          { "dominion", "random" }, "random%.akerud%.se", { "random%.org", "bounds" } },
        { "one index.html: Press Start 2P font, min/max kept in localStorage (default 1-4), scramble animation",
          { "index%.html", "localstorage" }, "press start 2p", { "localstorage", "bounds" } },
        { "request: sound effects, synthesized with the Web Audio API (tick, AudioContext resumed on a gesture)",
          { "web audio", "sfx" }, "playtick", { "audioctx", "resume" } },
        { "randomness: Math.random (PRNG) replaced by crypto.getRandomValues with rejection sampling (no modulo bias)",
          "crypto%.getrandomvalues", { "math%.random", "prng" }, { "rejection sampling" }, { "modulo bias" } },
        { "Render: a Static Site, no Dockerfile, build command blank, publish directory '.'",
          { "static site", "render" }, { "dockerfile", "render" } },
        { "LICENSE with the MIT license written", "mit license", { "licen[sc]e", "%f[%w]mit%f[%W]" } },
        { "git init, first commit e2aec0d 'Initial commit: pixel art random number generator' (index.html, LICENSE)",
          "e2aec0d", { "initial commit", "pixel art random" } },
        { "seeding: not a seeded PRNG; OS entropy (/dev/urandom), and it runs in the visitor's browser, " ..
          "not on Render's server",
          { "/dev/urandom" }, { "browser", "not on render" }, { "entropy", "browser" } },
        { "state: live and working at random.akerud.se",
          { "hosted", "random%.akerud%.se" }, { "live", "random%.akerud" } },
        { "question: when did the session start? not answerable (no message timestamps)",
          { "timestamp", "session start" }, "when did this session start" },
        { "end: session transcript found at ~/.claude/projects/-home-da-akerud-random/a263b894-....jsonl " ..
          "(91 lines); user said yes to copying it into the repo as session.jsonl",
          "a263b894", { "session%.jsonl", "repo" }, { "session file", "git" } },
      },
    },
    -- == Bollywood top-10 D3 data story after a /compact: easing error, legends, palette, inflation toggle, README ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-sanand-bollywood-d3-toggle.jsonl",
      facts = {
        { "context: a D3 data story of the top 10 Bollywood films per year (index.html, script.js, " ..
          "highest_grossing.csv, inflation.csv)",
          { "bollywood", "d3" }, { "highest_grossing%.csv", "inflation%.csv" } },
        { "error: 'd3.easeElastic.out is not a function' (script.js:332), fixed with d3.easeElastic.period(0.3)",
          "easeelastic%.out is not a function", "easeelastic%.period" },
        { "animation sped up: duration 800 -> 400 ms, stagger delay i*15 -> i*5",
          { "800", "400", "duration" }, { "animation", "faster" }, { "speed", "animation" } },
        { "size scale and color scale combined above the chart in two rows (.combined-legends)",
          "combined%-legends", { "combine", "legend" } },
        { "box office color scale: several hues (a diverging palette) instead of one",
          { "diverging", "palette" }, { "multiple hues" } },
        { "'How inflation works' text was white on white; made visible", { "white on white" }, { "white%-on%-white" } },
        { "the 'Adjust for inflation' button replaced by the label 'Inflation adjusted' with a toggle " ..
          "switch (checkbox #inflation-toggle)",
          { "inflation adjusted", "toggle" }, "inflation%-toggle" },
        { "toggle bug ('doesn't work', then 'still doesn't work'): onclick replaced by a change listener, " ..
          "then setTimeout after DOMContentLoaded and a handleToggleClick fallback, console.log debugging",
          { "addeventlistener", "change" }, "handletoggleclick", { "toggle", "still doesn.t work" } },
        { "the vertical margins around .combined-legends reduced", { "combined%-legends", "margin" } },
        { "verification only: python3 -m http.server (8001/8002) and curl returns 200; the toggle not " ..
          "checked in a browser",
          { "http%.server", "200" }, { "curl", "200" } },
        { "README.md for laymen: what the directory holds, data from Wikipedia, CPI inflation, screenshot.webp",
          { "readme%.md", "screenshot%.webp" }, { "readme", "wikipedia" } },
        { "end: the README.md is the last step (no commit in this part of the session)", { "readme%.md", "created" },
          { "readme", "layman" } },
      },
    },
    -- == ghq board game: "make the colors green and yellow", interrupted half-way (a real session, a test fixture) ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-gitai-ghq-green-yellow.jsonl",
      facts = {
        { "request: make the colors green and yellow (ghq, a Next.js / boardgame.io board game)",
          "make the colors green and yellow", { "green", "yellow", "ghq" } },
        { "found: src/app/globals.css defines the player colors --blue #7cb7ff and --red #ff7c7c",
          { "globals%.css", "%-%-blue" }, "#7cb7ff", { "red", "blue", "player colors" } },
        { "assumed the red/blue player colors are meant (after asking which colors)",
          { "which colors" }, { "player colors", "red/blue" }, { "assume", "theme colors" } },
        { "--green #7cff7c and --yellow #ffff7c added to :root (the old --blue/--red kept)",
          "#7cff7c", "#ffff7c", { "%-%-green", "%-%-yellow" } },
        { "globals.css stripe classes renamed (stripe-red-blue -> stripe-green-yellow, ...-transparent) in 5 edits",
          "stripe%-green%-yellow", { "stripe", "green", "transparent" }, { "5 edits", "globals%.css" } },
        { "references: --red/--blue in HistoryLog.tsx and EvalBar.tsx, stripe classes in Square.tsx and board.tsx",
          { "historylog%.tsx", "evalbar%.tsx" }, { "square%.tsx", "board%.tsx" } },
        { "HistoryLog.tsx PlayerIcon: RED -> var(--green), BLUE -> var(--yellow)",
          { "playericon", "green" }, { "historylog%.tsx", "var%(%-%-green%)" } },
        { "end: interrupted by the user while reading EvalBar.tsx; EvalBar.tsx, Square.tsx, board.tsx, " ..
          "LearnBasics.tsx not updated, so the new stripe class names are not yet used",
          { "interrupted", "evalbar" }, { "evalbar%.tsx", "pending" }, { "learnbasics%.tsx" },
          wrong = { "all references updated", "evalbar%.tsx updated" } },
      },
    },
    -- == M-Claude: gitleaks (MAX STRICT) on staged files redacts secrets instead of blocking; committed, pushed ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-mclaude-gitleaks-auto-redact.jsonl",
      facts = {
        { "request: the gitleaks scan (MAX STRICT MODE) on staged files should not block the commit/push " ..
          "but redact each secret",
          { "gitleaks", "redact", "block" }, { "max strict", "redact" } },
        { "found: Projects/Scripts/hooks/pre-commit only syncs the logs (no gitleaks scan), the hook is " ..
          "not installed (only .sample files), gitleaks itself not installed",
          { "pre%-commit", "sample" }, { "gitleaks", "not installed" }, "not_installed" },
        { "new Projects/Scripts/redact_gitleaks_secrets.py: gitleaks on the staged files, JSON findings, " ..
          "each secret redacted in place (first/last 4 chars kept), files re-staged",
          "redact_gitleaks_secrets%.py", { "redacted", "first 4" }, { "re%-stage", "redact" } },
        { "pre-commit hook changed to run the scan + auto-redaction (non-blocking) before the sync; " ..
          "installed with install.py into .git/hooks/pre-commit",
          { "pre%-commit", "non%-blocking" }, { "install%.py", "%.git/hooks/pre%-commit" } },
        { "test script tests/test_gitleaks_redaction.py written (not run: gitleaks missing)",
          "test_gitleaks_redaction%.py" },
        { "docs: new Docs/GITLEAKS-AUTO-REDACTION.md, Docs/GITLEAKS-MAX-STRICT.md updated, Projects/Scripts/README.md",
          "gitleaks%-auto%-redaction%.md", { "gitleaks%-max%-strict%.md", "updated" } },
        { "git add refused: .gitignore:7 '*secret*' ignores the script; added with git add -f",
          { "%*secret%*" }, { "git add %-f" }, { "gitignore", "ignored" } },
        { "commit 3ed6817 'Add gitleaks auto-redaction feature for non-blocking secret scanning' (8 files) " ..
          "on branch claude/redact-gitleaks-secrets-b4NWV",
          "3ed6817", "claude/redact%-gitleaks%-secrets%-b4nwv", { "auto%-redaction feature", "commit" } },
        { "pushed with git push -u origin; a pull request only suggested (not opened)",
          { "git push %-u origin" }, { "pushed", "branch" } },
        { "open: never tested against a real gitleaks run (not installed); the hook warns and continues without it",
          { "gitleaks", "not installed", "continue" }, { "when gitleaks is installed" } },
      },
    },
    -- == M-Claude on Windows: clean-up into Projects/Claude-Zima, tests merged, ccusage, a commit mid-merge ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-mclaude-zima-cleanup-ccusage.jsonl",
      facts = {
        { "request 'update slate.thisness.us tailscale app' left unclear (clarification asked, nothing done)",
          "slate%.thisness%.us", { "tailscale", "clarif" } },
        { "'open M-Claude repo': anthropics/claude-code opened in Chrome by mistake; it is the local " ..
          "folder Documents\\M-Claude",
          { "anthropics/claude%-code", "m%-claude" }, { "documents", "m%-claude", "local" } },
        { "request: move all homeserver files into Projects/Claude-Zima, Zimaboard (Proxmox) kept apart " ..
          "from Slate (BE3600, Projects/Claude-Slate)",
          { "claude%-zima", "proxmox" }, { "be3600", "claude%-slate" } },
        { "moved: Projects/zimaboard-homelab/* and the root homelab files (Home Assistant, media stack, " ..
          "Nessus), Docs/PROXMOX-ZIMABOARD-NETWORKING.md and knowledge-stack into Claude-Zima; " ..
          "zimaboard-homelab removed, tmpclaude-* deleted",
          { "zimaboard%-homelab", "claude%-zima" }, "proxmox%-zimaboard%-networking%.md",
          "tmpclaude" },
        { "Windows shell error: 'Command failed: cygpath -u ...' (retried)", "cygpath %-u", { "cygpath", "fail" } },
        { "tests/test_gitleaks_redaction.py merged into the existing Projects/Tests, root tests/ removed",
          { "test_gitleaks_redaction%.py", "projects/tests" } },
        { "question: a Windows usage tracker like Usage4Claude; web search suggests ccusage (ryoppippi) " ..
          "and Claude-Code-Usage-Monitor",
          "usage4claude", { "ccusage", "ryoppippi" } },
        { "npm install -g ccusage (after a cygpath failure) works; ccusage daily --breakdown: ~59.7M " ..
          "tokens, $28.60 for Jan 9-16",
          "npm install %-g ccusage", { "ccusage daily", "breakdown" }, "%$28%.60", "59%.7m" },
        { "commit & push: main had diverged from origin/main (1 vs 7 commits) with a merge in progress, " ..
          "conflicts already fixed; git add -A",
          { "diverged", "merg" }, { "1 and 7 different commits" } },
        { "end: commit 'Reorganize project structure: Claude-Zima and Claude-Slate separation' issued " ..
          "(result not shown), not pushed yet",
          { "reorganize project structure", "claude%-zima" }, { "reorganiz", "claude%-zima", "commit" },
          wrong = { "pushed to origin", "push succeeded" } },
      },
    },
    -- == M-Claude review: 11 improvements, push protection, the Tests workflow, log sync, a PR ==
    {
      agent = "claude-code", sealed12 = true, path = SESSIONS .. "/sealed12-mclaude-review-improvements.jsonl",
      facts = {
        { "request: review the repository and propose improvements; the user picks '6' = all of them in priority order",
          { "review", "improvement" }, { "all of the above", "priority order" } },
        { "critical bug: the phone-number redaction in scripts/sync_raw_logs.py mangles UUIDs and " ..
          "timestamps; fixed with lookbehind/lookahead",
          { "redaction bug", "uuid" }, { "sync_raw_logs%.py", "phone" }, { "lookbehind", "uuid" } },
        { "pytest suite added: tests/test_redaction.py, test_conversion.py, test_journals.py, conftest.py",
          "test_redaction%.py", { "test_conversion%.py", "test_journals%.py" } },
        { "also: .gitignore extended, requirements-dev.txt, GitHub issue templates, " ..
          ".github/workflows/test.yml, pyproject.toml, logging in the scripts, scripts/search.py, " ..
          "scripts/generate_stats.py, IMPROVEMENTS.md",
          "requirements%-dev%.txt", "issue_template", { "search%.py", "generate_stats%.py" }, "improvements%.md" },
        { "tests: pytest missing ('No module named pytest'), installed from requirements-dev.txt; then 4 " ..
          "failed, 31 passed (the generic patterns redact first), left as is",
          "no module named pytest", { "4 failed", "31 passed" }, { "31 tests passed", "4 failures" } },
        { "commit failed ('gpg failed to sign the data'), done with --no-gpg-sign (ffe9ab7)",
          "gpg failed to sign", "%-%-no%-gpg%-sign" },
        { "push refused by GitHub push protection (GH013, 'Push cannot contain secrets') over test tokens; " ..
          "test data changed, then the two commits squashed (git reset --soft HEAD~2) into cd08f7d and " ..
          "pushed",
          "gh013", { "push protection", "secret" }, { "reset %-%-soft head~2" }, "cd08f7d" },
        { "'fix these issues or disable the scan': the failing Tests workflow limited to pull requests and " ..
          "workflow_dispatch (b47e1f4)",
          { "workflow_dispatch", "pull_request" }, "b47e1f4", { "test workflow", "manual" } },
        { "tests/README.md added; its examples tripped push protection again; amended and pushed with " ..
          "--force-with-lease (46daca0)",
          { "tests/readme%.md" }, "%-%-force%-with%-lease", "46daca0" },
        { "'sync and push and trigger gh actions': sync_raw_logs.py (5 new conversations), " ..
          "convert_to_markdown.py, generate_journals.py, commit 8d4357e pushed",
          { "sync_raw_logs%.py", "convert_to_markdown%.py", "generate_journals%.py" }, "8d4357e" },
        { "end: branch unruffled-mcclintock; a PR being created with gh pr create to run the workflow " ..
          "(result not shown)",
          "unruffled%-mcclintock", "gh pr create", { "pull request", "trigger" } },
      },
    },
  }
end
