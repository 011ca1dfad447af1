-- bench/summary_facts_sealed13.lua: a thirteenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public Codex CLI rollouts that no other fact list takes (none of the
-- sealed to sealed11 sets' sessions, nor of the held-out, check and final
-- sets', and none of their repositories), and that no summarizer was ever
-- run on: each list was written on 2026-12-02 by reading only the raw
-- transcript (the imported messages printed as text: user messages,
-- assistant text, tool calls with their arguments, the key lines of their
-- results), without running the extractive summarizer, the bench or the
-- `compact` command on them and without reading any summary of them. Facts
-- are in the bench's form ({ label, alternative, ... }, an alternative a
-- lowercase Lua pattern or a list of patterns that must all match, `wrong`
-- alternatives marking a fact lost), with the distinctive tokens (file
-- names, commands, identifiers, numbers, error words) rather than one
-- wording; they are about the goal, the requests, the files, the errors and
-- their fixes, the decisions and the state at the end. Paths are relative to
-- the session's working directory where they are under it. Every (right)
-- alternative was then checked, by a throwaway script that calls no
-- summarizer, to match the imported input itself (all its message text,
-- call names and arguments, and results, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed13-<source>-<name>.
--
-- Where they come from: like sealed8's and sealed9's, projects applying for
-- a Superteam grant that commit the agent's own rollout at the repository
-- root (codex-session.jsonl): the raw rollouts, with real ids, timestamps
-- and tool outputs (real shell, git, cargo and PowerShell errors). They are
-- the same kind of task (the solana.new apply-grant skill gathering evidence
-- from a project), short (23-56 messages), on four projects, shells (zsh,
-- bash under WSL, PowerShell) and failures: no other real Codex rollout of
-- 20 messages or more was found that no set uses yet (see the list of
-- places looked at in the helper's report; the other codex-session.jsonl
-- files of the mirrors import to 3-15 messages, swarnasn29/soulpass's 2 MB
-- one to 11 after its compaction, iampkuhz/feipi-session-browser's samples
-- are pretty-printed, not JSONL).
--
-- Codex CLI rollouts (each codex-session.jsonl at the repository root):
--
-- * anmol0b/Trezo-Ai @ e67f63d6bd071bf7bb52eee26a712dbf0b3ac6ea
--   -> sealed13-trezo-cfo-then-kosh-grant.jsonl (56 messages, 0.32 MB,
--   macOS zsh, cwd the home folder): the grant skill started from the home
--   folder, the Coordination Failure Oracle repo ("Documents/New project")
--   found with no commits, its session exported, its Anchor program read;
--   `cargo test` fails on a broken workspace member, then offline in a /tmp
--   copy, the networked rerun interrupted; then "do that for kosh ai", and
--   the kosh-ai repo found; the session ends while it is being read.
-- * ansu555/omeswap-templet @ 28544dd13e1a216b731818c6d29b83fa57028bd4
--   -> sealed13-omeswap-grant-context.jsonl (27 messages, 0.14 MB, macOS
--   zsh, cwd the home folder): the grant skill's telemetry preamble, a
--   long-running find and a failed Ctrl-C, the project found in
--   ~/Downloads/omeswap-templet, its dirty graphify-out/ left alone, the
--   export started.
-- * iamaanahmad/firststep @ c5dcb975fdf916a9a462e6c4700c7185c17879b5
--   -> sealed13-firststep-grant-no-git.jsonl (24 messages, 0.14 MB, bash
--   under WSL on /mnt/c): FirstStep's plan.txt (onboarding and gas
--   sponsorship SDK), no git repository, export-session.sh finding no
--   session, the newest rollout in ~/.codex/sessions copied instead.
-- * obitoo2005/Solit @ 85159e44d9601da13b7def948346c691e3087f82
--   -> sealed13-solit-grant-powershell.jsonl (23 messages, 0.19 MB, Windows
--   PowerShell): rg missing, Solit's git log and README, an existing grant
--   draft (SUPERTEAM_AGENTIC_ENGINEERING_GRANT.md), a search that timed out,
--   export-session.sh denied, the rollout found through history.jsonl and
--   copied.
--
--   return value: function(SESSIONS) -> array of { agent, sealed13 = true, path, facts }

return function(SESSIONS)
  return {
    -- == Trezo-Ai: a Codex session preparing a Superteam grant, first for the CFO PoC, then for Kosh AI ==
    {
      agent = "codex", sealed13 = true, path = SESSIONS .. "/sealed13-trezo-cfo-then-kosh-grant.jsonl",
      facts = {
        { "request: help apply for the Superteam Agentic Engineering grant (apply-grant skill)",
          { "agentic engineering grant", "superteam" }, { "apply%-grant", "grant" } },
        { "the project first found: Documents/New project, a Solana Anchor PoC, the Coordination Failure Oracle (CFO)",
          "coordination failure oracle", { "new project", "cfo" }, { "cfo_oracle", "anchor" } },
        { "that repo has no commits and no remote (git log: 'does not have any commits yet')",
          "does not have any commits yet", "no commits yet", { "no commits", "remote" } },
        { "the session was exported there: export-session.sh wrote codex-session.jsonl into New project",
          "exported codex session", { "export%-session", "codex%-session%.jsonl" } },
        { "the program read: programs/cfo_oracle/src/lib.rs (register_proposal, update_metrics, compute_risk, " ..
            "get_risk_signal), risk.rs (classify_risk), tests/cfo_oracle_flow.rs",
          "register_proposal", "classify_risk", "cfo_oracle_flow", { "lib%.rs", "risk%.rs" } },
        { "the CFO is advisory only: a LOW / MEDIUM / HIGH risk signal stored on-chain, never blocking execution",
          "advisory", { "low", "medium", "high", "risk" } },
        { "cargo test -p cfo_oracle fails: the workspace member apps/process_tui has no Cargo.toml",
          "process_tui", "failed to load manifest", { "workspace", "cargo%.toml", "missing" },
          -- ("[^;\n]": one command of a list, not the `passed` of the next; mended
          -- after the first measurement, when it had not decided the fact)
          wrong = { "cargo test[^;\n]*pass", "tests? passed" } },
        { "--manifest-path programs/cfo_oracle/Cargo.toml fails the same way (the crate inherits the broken workspace)",
          { "manifest%-path", "cfo_oracle" }, "broken workspace" },
        { "the crate copied to /tmp/cfo_oracle_grant_check: cargo test there cannot reach index.crates.io (no network)",
          "cfo_oracle_grant_check", "index%.crates%.io", { "could not resolve host" }, { "network", "crates" } },
        { "the rerun with network (escalated) was interrupted by the user",
          "aborted", "interrupted", { "escalat", "user" } },
        { "request 2: 'do that for kosh ai': the grant target switched to Kosh AI",
          "kosh ai", "kosh%-ai" },
        { "the Kosh AI repo: Developer/Work/Projects/kosh-ai",
          "work/projects/kosh%-ai" },
        { "state at the end: reading kosh-ai (ls, README/package files, git status) and exporting the session " ..
            "there; no grant draft written",
          { "kosh%-ai", "export" }, { "kosh%-ai", "git" }, { "kosh%-ai", "readme" },
          wrong = { "kosh[^\n]*submitted", "draft[^\n]*kosh[^\n]*ready" } },
      },
    },
    -- == omeswap-templet: a Codex session gathering context for a Superteam grant from the home folder ==
    {
      agent = "codex", sealed13 = true, path = SESSIONS .. "/sealed13-omeswap-grant-context.jsonl",
      facts = {
        { "request: help apply for the Superteam Agentic Engineering grant (apply-grant skill)",
          { "agentic engineering grant", "superteam" }, { "apply%-grant", "grant" } },
        { "the grant form: superteam.fun/earn/grants/agentic-engineering",
          "superteam%.fun/earn/grants/agentic%-engineering", "earn/grants/agentic%-engineering" },
        { "the skill's telemetry preamble run: TELEMETRY anonymous, TEL_PROMPTED yes",
          { "tel_prompted", "yes" }, { "telemetry", "anonymous" } },
        { "a find for the context files from the home folder kept running; Ctrl-C through write_stdin failed " ..
            "(stdin is closed for this session)",
          "stdin is closed", { "write_stdin", "fail" } },
        { "the project found: ~/Downloads/omeswap-templet (app, contracts, avax-agent, supabase, graphify-out)",
          "omeswap%-templet", "omeswap" },
        { "the apply-grant skill (SKILL.md, export-session.sh) is installed in both ~/.claude/skills and " ..
            "~/.codex/skills",
          { "%.claude/skills/apply%-grant", "%.codex/skills/apply%-grant" }, { "export%-session%.sh", "skill" } },
        { "the repo: a Hardhat + Next.js (bun) project with avax-agent, doc/guideline.md, " ..
            "doc/ATS_Documentation_v3.md and many graphify reports",
          "ats_documentation_v3", { "hardhat", "avax%-agent" }, { "graphify", "report" } },
        { "the worktree is dirty: graphify-out/GRAPH_REPORT.md, graph.html, graph.json modified",
          { "graphify%-out", "graph%.json" }, { "dirty", "graphify" }, { "graph_report%.md", "graph%.html" } },
        { "decision: leave those changes intact, only gather context and export the session transcript",
          { "intact" }, { "leave", "graphify" },
          wrong = { "reverted[^\n]*graphify", "committed[^\n]*graphify" } },
        { "state at the end: export-session.sh run in omeswap-templet and its README.md being read; no draft yet",
          { "export%-session%.sh", "omeswap" }, { "export%-session", "readme%.md" },
          wrong = { "application[^\n]*submitted" } },
      },
    },
    -- == firststep: a Codex session (bash under WSL) preparing a Superteam grant for FirstStep ==
    {
      agent = "codex", sealed13 = true, path = SESSIONS .. "/sealed13-firststep-grant-no-git.jsonl",
      facts = {
        { "request: help apply for the Superteam Agentic Engineering grant (apply-grant skill)",
          { "agentic engineering grant", "superteam" }, { "apply%-grant", "grant" } },
        { "AGENTS.md: read plan.txt first; ask before architectural changes or new top-level files",
          { "plan%.txt", "first" }, { "ask", "top%-level" }, { "ask", "architectural" } },
        { "the project: FirstStep, an onboarding and gas sponsorship SDK for Solana dApps (guest mode, embedded " ..
            "wallets, sponsored first transactions, a funnel dashboard)",
          "gas sponsorship", { "firststep", "sdk" }, { "guest mode", "embedded wallet" } },
        { "the pain point: about 70 % of new users drop off at Connect Wallet",
          { "70%%", "connect wallet" }, { "70%%", "drop" } },
        { "not a git repository: git status, git log and git remote fail (exit 128), so no commit history as proof",
          "not a git repository", { "no git", "repo" }, { "commit history", "proof" } },
        { "export-session.sh found no session: 'No Claude Code projects directory', 'No active AI session found'",
          "no active ai session found", { "export", "didn" }, { "export script", "session" } },
        { "the repo holds a solana-new/ folder (the sendaifun/solana-new skills) beside AGENTS.md, CONTRIBUTING.md, " ..
            "README.md, plan.txt",
          "solana%-new", { "contributing%.md", "readme%.md" } },
        { "README/CONTRIBUTING: don't run curl https://www.solana.new/setup.sh | bash blindly, clone and review first",
          "solana%.new/setup%.sh", { "setup%.sh", "review" } },
        { "fallback: the newest rollout in ~/.codex/sessions/2026/04/30 (019ddc6d-...) is the current session",
          "019ddc6d", { "%.codex/sessions", "2026/04/30" }, { "latest", "codex session" } },
        { "state at the end: copying that rollout to ./codex-session.jsonl in the project root; no application " ..
            "drafted yet",
          { "codex%-session%.jsonl", "cp " }, { "codex%-session%.jsonl", "project root" },
          wrong = { "application[^\n]*submitted" } },
      },
    },
    -- == Solit: a Codex session (Windows PowerShell) preparing a Superteam grant for Solit ==
    {
      agent = "codex", sealed13 = true, path = SESSIONS .. "/sealed13-solit-grant-powershell.jsonl",
      facts = {
        { "request: help apply for the Superteam Agentic Engineering grant (apply-grant skill)",
          { "agentic engineering grant", "superteam" }, { "apply%-grant", "grant" } },
        { "rg is not recognized in this PowerShell (CommandNotFoundException)",
          { "rg", "not recognized" }, "commandnotfoundexception" },
        { "the project: Solit, split bills and settle on Solana in USDC or SOL (Next.js 16, Supabase, wallet adapter)",
          "split bills", { "solit", "usdc", "sol" }, { "solit", "supabase" } },
        { "repo: origin github.com/obitoo2005/Solit, latest commit 97981af fix(settle): preflight just rejects " ..
            "with reason",
          "obitoo2005/solit", "97981af", { "preflight", "settle" } },
        { "the grant page is live: 200 USDG, about 1 week response time",
          "200 usdg", { "1 week", "grant" } },
        { "an existing draft: SUPERTEAM_AGENTIC_ENGINEERING_GRANT.md (Telegram, wallet, X handle), untracked",
          "superteam_agentic_engineering_grant%.md", { "existing grant draft" } },
        { "the recursive search for idea-context.md / build-context.md timed out (exit 124)",
          "timed out", { "exit code: 124" } },
        { "export-session.sh through bash denied in this Windows environment (Access is denied, " ..
            "Bash/Service/CreateInstance/E_ACCESSDENIED, printed as UTF-16)",
          { "export", "blocked" }, { "export script", "windows" } },
        { "fallback: the session id from ~/.codex/history.jsonl (019dc674-b4c8-...) and its rollout in " ..
            ".codex\\sessions",
          "019dc674", { "history%.jsonl", "sessions" }, { "manual", "codex transcript export" } },
        { "git status: clean except the untracked grant draft",
          { "otherwise clean", "grant draft" }, { "%?%? superteam_agentic" } },
        { "state at the end: Copy-Item of the rollout to codex-session.jsonl in the project root, then the draft " ..
            "to be tightened against the repo",
          { "copy%-item", "codex%-session%.jsonl" }, { "tighten", "draft" },
          wrong = { "application[^\n]*submitted" } },
      },
    },
  }
end
