-- bench/summary_facts_sealed9.lua: a ninth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions of agents other than Claude Code (seven Codex CLI
-- rollouts and one pi session) that no other fact list takes (none of the
-- sealed to sealed8 sets' sessions, nor of the held-out, check and final
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
-- their fixes, the decisions and the state at the end. Every (right)
-- alternative was then checked, by a throwaway script that calls no
-- summarizer, to match the imported input itself (all its message text,
-- call names and arguments, and results, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed9-<source>-<name>.
--
-- Where they come from: projects applying for a Superteam grant commit the
-- agent's own rollout at the repository root (codex-session.jsonl), and one
-- project commits a pi session.jsonl; the files are the agents' raw rollouts
-- (real ids, timestamps, tool outputs with real shell, git and tool errors).
-- Most of the Codex ones are the same kind of task (the solana.new
-- apply-grant skill gathering evidence from a repository), on different
-- projects, shells (PowerShell, bash, zsh) and failures, and they are short
-- (20-42 messages): no longer real Codex rollouts were found that no set
-- uses yet.
--
-- Codex CLI rollouts:
--
-- * sachinacharyaa/Rivo @ b2133a01ab5992314014072bfdaa9769d0d89ac1, codex-session.jsonl
--   -> sealed9-rivo-solaudd-grant.jsonl (42 messages, 0.37 MB, Windows):
--   a pitch refined, a SolAUDD grant draft (solaudd-grant-application.md)
--   written and its milestones dated, then the Agentic Engineering grant
--   started.
-- * mesayanroy/Valdyum-Labs @ da2ebb353c24184fa45d057d50cd0759201e5c66, codex-session.jsonl
--   -> sealed9-valdyum-setup-grant-prep.jsonl (38 messages, 0.32 MB,
--   Windows): the solana.new installer through WSL (fails) then Git Bash
--   (works), export-session.sh failing, the fallback copy, evidence for
--   the grant.
-- * kunalcode12/Empire-of-bits-vorld @ 8241f993f11c3fb287afa5e61299da11e618c755, codex-session.jsonl
--   -> sealed9-eob-grant-evidence.jsonl (28 messages, 0.20 MB, Windows):
--   grant evidence for Empire of Bits; bash missing, a timeout, the export
--   done in PowerShell.
-- * Shyaar/beam_v1 @ 7520b442de926d46e646803c0a933813174deada, codex-session.jsonl
--   -> sealed9-beam-grant-evidence.jsonl (24 messages, 0.18 MB, Linux):
--   grant evidence for Beam (proximity payments); the root not a git repo,
--   the nested anchor/ one used.
-- * inspi-writer001/gildore-arena @ cf7c302a55828b36764163c49a71f95137992c7f, codex-session.jsonl
--   -> sealed9-gildore-flashtrade-reapply.jsonl (21 messages, 0.33 MB): a
--   grant reapplication planned from the FlashTrade / Squid / Celo code,
--   the user's choices (deadline, cross-chain claim, KPI), then "implement
--   the plan".
-- * kunalcode12/openclaw_agent @ cebcb5a83053ee2b5003a9795850c23257ec738e, codex-session.jsonl
--   -> sealed9-openclaw-grant-in-codex.jsonl (21 messages, 0.16 MB, macOS):
--   the grant flow in Codex instead of Claude, the personal fields, the
--   rollout copied.
-- * nikhilxhub/x402-agent @ e39087c5c742d59ba46e978fa54e888ab351e53b, codex-session.jsonl
--   -> sealed9-x402-agentx402-grant.jsonl (20 messages, 0.21 MB, Windows):
--   which Solana skills exist, then grant evidence for AgentX402.
--
-- pi session:
--
-- * lamurian/paradocs @ bec622cc9ff76fa344d55ea91ce77662c499805e, session.jsonl
--   -> sealed9-paradocs-pi-sqlite-research.jsonl (90 messages, 1.4 MB;
--   deepseek-v4-flash through opencode): three research plans (Go + HTMX +
--   SQLite for SaaS, client-side SQLite with a Go BFF, localStorage vs
--   IndexedDB vs SQLite WASM) turned into PARA notes with citations, then
--   a commit.
--
-- Left out: apanloco/random's session.jsonl is a Claude Code session (not
-- pi); mhmoslemi/PoisonBase's codex.jsonl (9 MB) is not in its mirror.
--
--   return value: function(SESSIONS) -> array of { agent, sealed9 = true, path, facts }

return function(SESSIONS)
  return {
    -- == Rivo: a Codex session drafting Superteam grant applications for Rivo (Solana creator checkout) ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-rivo-solaudd-grant.jsonl",
      facts = {
        { "first request: refine the pitch (Web2 platforms need Stripe setup, unavailable in many countries, " ..
            "take 10-30 % of creator income)",
          { "stripe", "10%-30" }, { "pitch", "stripe" } },
        { "the project: Rivo, a Solana-native checkout and access layer for creators selling digital products",
          { "rivo", "checkout" }, { "rivo", "creator" } },
        { "request: apply for the SolAUDD Grant Program by Superteam (apply-grant skill)",
          "solaudd", { "audd", "grant" } },
        { "the SolAUDD listing: superteam.fun/earn/grants/audd-grants, 1k-10k AUDD, Round 1 closes May 25, 2026",
          "audd%-grants", { "1k%-10k", "audd" }, { "may 25", "2026" } },
        { "positioning: an AUDD-native checkout and instant digital access layer (Australian creators, educators, " ..
            "paid communities)",
          { "audd%-native", "checkout" }, { "audd", "australian" } },
        { "file created: solaudd-grant-application.md, a copy-paste grant draft",
          "solaudd%-grant%-application%.md" },
        { "suggested grant ask: 8,000 AUDD",
          "8,000 audd" },
        { "the Codex session was exported to codex-session.jsonl as proof of AI-assisted work",
          { "codex%-session%.jsonl", "export" }, { "codex%-session%.jsonl", "proof" } },
        { "still to fill by the user: Telegram username, Solana wallet address, X profile (TODO placeholders)",
          { "telegram", "wallet address" }, { "todo", "wallet" }, { "tg username", "wallet" } },
        { "one-liner under 150 chars: Rivo lets creators sell digital products with AUDD on Solana (instant " ..
            "wallet payments, payouts, access)",
          { "150", "one%-liner" }, { "rivo lets creators", "audd" } },
        { "milestones dated back from a May 9 completion: May 4, May 6, May 8, May 9 (2026)",
          { "may 4", "may 6", "may 8", "may 9" } },
        { "last request: apply for the Agentic Engineering grant by Superteam (200 USDG, earn/grants/" ..
            "agentic-engineering); work on it just started",
          { "agentic engineering", "grant" }, { "agentic%-engineering" }, { "200 usdg" },
          wrong = { "agentic engineering[^\n]*submitted" } },
        { "repo state: README.md modified, .superstack/ files deleted, codex-session.jsonl untracked (git status)",
          { "readme%.md", "%.superstack" }, { "git status", "codex%-session" } },
      },
    },
    -- == Valdyum-Labs: a Codex session on Windows installing the solana.new skills and preparing a grant ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-valdyum-setup-grant-prep.jsonl",
      facts = {
        { "request: install curl -fsSL https://www.solana.new/setup.sh | bash, then apply for the Superteam " ..
            "Agentic Engineering grant",
          "solana%.new/setup%.sh", { "agentic engineering", "grant" } },
        { "the first bash attempt went to WSL and failed: execvpe(/bin/bash) failed: No such file or directory",
          { "wsl", "/bin/bash" }, "execvpe" },
        { "other calls failed with the windows sandbox error CreateProcessWithLogonW failed: 1056",
          "createprocesswithlogonw", { "sandbox", "1056" } },
        { "C:\\Projects\\Valdyum-Main is not a git repository; the project is in the AgentForge subdirectory",
          { "not a git repository" }, { "actual project", "agentforge" }, { "agentforge", "project" } },
        { "retried through Git Bash (C:\\Program Files\\Git\\bin\\bash.exe): the installer completed",
          { "git bash", "installer" }, { "git\\bin\\bash%.exe", "setup%.sh" },
          wrong = { "installer[^\n]*never ran", "installer[^\n]*not installed" } },
        { "the installer put the skills bundle into ~/.claude/skills, ~/.codex/skills and ~/.agents/skills; only " ..
            "warning: could not update Claude settings",
          { "%.codex/skills", "%.agents/skills" }, { "claude settings", "warning" } },
        { "the project: Valdyum (AgentForge), a pnpm monorepo with a Next.js client, a Node server, Anchor " ..
            "placeholders and Soroban/Stellar flows",
          { "valdyum", "monorepo" }, { "next%.js", "soroban" }, { "agentforge", "stellar" } },
        { "the grant listing: open, global, 200 USDG",
          "200 usdg" },
        { "repo state: client/components/Navbar.tsx modified, client/app/docs/ and client/doc.md untracked; remote " ..
            "SATISH-JALAN/Valdyum-Labs",
          { "navbar%.tsx" }, { "satish%-jalan/valdyum%-labs" }, { "client/app/docs" } },
        { "export-session.sh failed in Git Bash: couldn't create signal pipe, Win32 error 5",
          "signal pipe", { "win32 error 5" }, { "export%-session%.sh", "fail" } },
        { "fallback: copy the newest .jsonl from ~/.codex/sessions to codex-session.jsonl in the project root as " ..
            "grant proof",
          { "codex%-session%.jsonl", "%.codex\\sessions" }, { "fallback", "codex%-session" } },
        { "state at the end: still gathering context (git log since 2026-04-01, context files); no application " ..
            "drafted yet",
          { "git log", "since" }, { "idea%-context%.md", "build%-context%.md" } },
      },
    },
    -- == Empire-of-bits-vorld: a Codex session on Windows gathering evidence for a Superteam grant application ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-eob-grant-evidence.jsonl",
      facts = {
        { "request: help apply for the Superteam Agentic Engineering grant",
          { "agentic engineering", "grant" } },
        { "the user's details: Telegram @Kunal66699, X KunalSharm89327, target shipping deadline 10 May 2026",
          "kunal66699", "kunalsharm89327", { "10th may", "2026" } },
        { "the project: Empire of Bits, an interoperable arcade gaming ecosystem on Solana (Viewer-Influence Loop), " ..
            "a Next.js app",
          { "empire of bits", "solana" }, { "viewer%-influence" }, { "empire of bits", "arcade" } },
        { "plan: export the session transcript as proof, collect evidence (README, package.json, git history), " ..
            "draft the 3-step application with milestones and KPI",
          { "export", "transcript", "proof" }, { "3%-step", "milestones" } },
        { "bash is not recognized in this Windows PowerShell workspace, so export-session.sh could not run; the " ..
            "export is done in PowerShell instead",
          { "bash", "not recognized" }, { "powershell", "export" } },
        { "C:\\Users\\kunal\\.codex\\history.jsonl does not exist",
          { "history%.jsonl", "does not exist" }, { "history%.jsonl", "cannot find" } },
        { "a recursive Get-ChildItem for idea-context.md/build-context.md/Anchor.toml/Cargo.toml timed out " ..
            "(exit 124); " ..
            "skills\\data\\specs does not exist",
          { "timed out", "124" }, { "skills\\data", "does not exist" }, { "skills\\data", "cannot find" } },
        { "repo: github.com/kunalcode12/Empire-of-bits-vorld, latest commits 00e687d changes.., 0a75d97 WebSocket " ..
            "connection logic and API URLs",
          "kunalcode12/empire%-of%-bits%-vorld", "00e687d", { "0a75d97", "websocket" } },
        { "evidence found: the live site (empireofbits.xyz / .fun) and demo videos (Space Invader, Axe Arcade, " ..
            "Battleship, Candy Crush)",
          "empireofbits%.xyz", "empireofbits%.fun", { "demo video", "live site" } },
        { "state at the end: copying the newest rollout from .codex\\sessions to codex-session.jsonl in the project " ..
            "root; no application drafted yet",
          { "codex%-session%.jsonl", "copy%-item" }, { "codex%-session%.jsonl", "export" } },
      },
    },
    -- == beam_v1: a Codex session (Linux) gathering evidence for a Superteam grant for Beam ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-beam-grant-evidence.jsonl",
      facts = {
        { "request: help apply for the Superteam Agentic Engineering grant (apply-grant skill)",
          { "agentic engineering", "grant" } },
        { "telemetry already handled: TELEMETRY anonymous, TEL_PROMPTED yes, so the prompt is skipped",
          { "tel_prompted", "yes" }, { "telemetry", "already" } },
        { "the project: Beam, proximity-based crypto payments on Solana (AirDrop for crypto), per PRD.md",
          { "beam", "proximity" }, { "airdrop for crypto" } },
        { "Beam targets the Frontier Hackathon (Superteam Earn), Solflare track",
          "frontier hackathon", { "solflare", "track" } },
        { "export-session.sh found nothing: no Claude Code projects directory, no active AI session",
          { "no active ai session" }, { "no claude code projects" } },
        { "the project root is not a git repository (fatal: not a git repository), so no git log or remote there",
          "not a git repository" },
        { "apps/web/package.json does not exist (sed: can't read)",
          { "apps/web/package%.json", "no such file" } },
        { "a real git repo is nested under anchor/ (git -C anchor log): used for the commit history",
          { "git %-c anchor", "log" }, { "nested", "anchor" } },
        { "the Anchor program anchor (2jcWKgVt3LgGiEW8EcTFgLSRcFSXPqpofutj4vKMrFKc) on localnet; tests via yarn mocha",
          "2jcwkgvt3lggiew8ectfglsrcfsxpqpofutj4vkmrfkc", { "anchor%.toml", "localnet" } },
        { "the Codex rollout rollout-2026-04-21T10-51-08-... was copied to ./codex-session.jsonl as proof",
          { "rollout%-2026%-04%-21t10%-51%-08", "codex%-session%.jsonl" } },
        { "state at the end: reading anchor/programs/anchor/src/lib.rs and anchor/tests/anchor.js; no " ..
            "application drafted yet",
          { "lib%.rs", "anchor%.js" } },
      },
    },
    -- == gildore-arena: a Codex session planning a grant reapplication around Solana and FlashTrade ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-gildore-flashtrade-reapply.jsonl",
      facts = {
        { "request: reapply for the Agentic Engineering Grant based on what Gildore Arena now is, emphasising the " ..
            "Solana integration and FlashTrade",
          { "reapply", "flashtrade" }, { "reapplication", "flashtrade" }, { "gildore", "flashtrade", "solana" } },
        { "the user wants it shown as Solana native, with funds from other chains bridged to Solana to settle trades",
          { "solana native", "bridged" }, { "solana%-native", "bridge" } },
        { "a prior application draft (grant-application-draft.md) and exported Claude/Codex transcripts already in " ..
            "the repo",
          "grant%-application%-draft%.md", { "prior", "draft" } },
        { "code read: lib/flashtrade/client.ts, lib/flashtrade/v2.ts, convex/flashtrade.ts, lib/squid/client.ts, " ..
            "the gildore-arena-vault program",
          { "lib/flashtrade", "convex/flashtrade" }, "lib/squid/client%.ts", "gildore%-arena%-vault" },
        { "finding: the implemented cross-chain route is Celo USDC -> Squid -> Solana USDC -> FlashTrade, bridged " ..
            "back to Celo on settlement (bridgeCeloExecutionWalletToSolana)",
          { "celo", "squid", "solana usdc" }, "bridgecelo" },
        { "decision: claim only the implemented Celo route, not arbitrary other chains (user chose it)",
          { "celo implemented route" }, { "celo", "not", "other chains" } },
        { "Solana is the execution and settlement layer: a Solana agent-vault program with per-agent spend " ..
            "controls/allowance, FlashTrade perpetuals",
          { "execution and settlement", "solana" }, { "spend", "vault" }, { "perpetual", "flashtrade" } },
        { "the prior deadline 3 July 2026 has passed; new deadline 1 August 2026",
          { "1 august 2026" }, { "3 july 2026", "passed" } },
        { "the grant listing: 200 USDG cheque, open, global, 1 week response",
          "200 usdg" },
        { "primary KPI: agent-funded FlashTrade positions opened and settled end-to-end; agent-vault deposits " ..
            "(the user's idea) as secondary metric",
          { "kpi", "flashtrade", "settled" }, { "deposit", "secondary" } },
        { "milestones: vault funding and allowance controls, FlashTrade open/close and settlement records, Celo -> " ..
            "Solana bridge and return, a demo-ready public release",
          { "milestone", "allowance" }, { "milestone", "bridge" } },
        { "proof: reuse claude-session.jsonl and codex-session.jsonl; attach a Colosseum Crowdedness Score and the " ..
            "AI subscription receipt",
          { "claude%-session%.jsonl", "codex%-session%.jsonl" }, "crowdedness", { "subscription", "receipt" } },
        { "state at the end: the user said implement the plan; the export-session.sh run just started, the draft " ..
            "is not rewritten yet",
          { "implement the plan" }, { "export%-session%.sh" } },
      },
    },
    -- == paradocs: a pi session (deepseek-v4-flash) running three research plans into PARA notes, then a commit ==
    {
      agent = "pi", sealed9 = true, path = SESSIONS .. "/sealed9-paradocs-pi-sqlite-research.jsonl",
      facts = {
        { "first question: when should SaaS be built with Go + HTMX + SQLite, and is the database stored " ..
            "client-side or server-side?",
          { "go", "htmx", "sqlite", "saas" } },
        { "the research plans' phases: sufficiency check of notes.db, web search, fetch and cite, synthesize notes",
          { "sufficiency", "notes%.db" }, { "phase 1", "phase 4" } },
        { "fetch_url failures (Obscura not available, HTTP fallback failed) handled with batch_extract_failed " ..
            "(Tavily)",
          "batch_extract_failed", { "tavily", "fetch" }, { "obscura", "fallback" } },
        { "resolve_citation failed (could not parse via citation.js) until fallback metadata (title, authors, year) " ..
            "was given; citations appended to ref.bib",
          { "citation%.js", "fallback" }, { "fallback metadata", "citation" }, { "ref%.bib", "citation" } },
        { "answer: the SQLite .db file lives server-side next to the Go binary; the browser never touches it",
          { "server%-side", "sqlite" }, { "server%-side", "%.db" } },
        { "Go + HTMX + SQLite fits low-to-medium traffic, read-heavy (>90 % reads), single-server, " ..
            "database-per-tenant; " ..
            "avoid for high write concurrency, multi-server writes, >1TB",
          { "read%-heavy", "single%-server" }, { "write concurrency", "sqlite" }, { "per%-tenant", "sqlite" } },
        { "notes 1-2: Resources/when-to-choose-go-htmx-sqlite-for-saas.md and " ..
            "Resources/sqlite-database-location-in-a-go-htmx-saas.md",
          "when%-to%-choose%-go%-htmx%-sqlite%-for%-saas", "sqlite%-database%-location%-in%-a%-go%-htmx%-saas" },
        { "second question: when to consider client-side SQLite (WASM + OPFS in the browser) with a lightweight Go " ..
            "backend-for-frontend",
          { "client%-side sqlite", "backend%-for%-frontend" }, { "client%-side", "bff" }, { "wasm", "opfs", "go" } },
        { "client-side SQLite + Go BFF fits local-first and offline-critical apps; note " ..
            "when-to-use-client-side-sqlite-with-a-go-backend-for-frontend.md",
          "when%-to%-use%-client%-side%-sqlite%-with%-a%-go%-backend%-for%-frontend", { "local%-first", "offline" } },
        { "third question: localStorage vs IndexedDB vs SQLite for a SaaS app's local storage: pros, cons, " ..
            "indications, contraindications",
          { "localstorage", "indexeddb", "sqlite" } },
        { "comparison: localStorage ~5-10 MB only for preferences/tokens, IndexedDB the default, " ..
            "SQLite WASM (~500ms " ..
            "init, Worker, Safari 16.4+) 111x faster aggregates",
          { "localstorage", "5mb" }, { "localstorage", "5%-10 mb" }, { "indexeddb", "default" }, "111x" },
        { "note 4: Resources/localstorage-vs-indexeddb-vs-sqlite-wasm-for-browser-storage-in-saas.md",
          "localstorage%-vs%-indexeddb%-vs%-sqlite%-wasm" },
        { "committed as 5484f07 feat(knowledge): add SQLite SaaS architecture and browser storage notes (5 files, " ..
            "560 insertions, with ref.bib)",
          "5484f07", { "feat%(knowledge%)", "sqlite" }, wrong = { "not committed", "commit failed" } },
      },
    },
    -- == openclaw_agent: a Codex session (macOS) running the solana.new grant flow in Codex instead of Claude ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-openclaw-grant-in-codex.jsonl",
      facts = {
        { "context: the user ran curl -fsSL https://www.solana.new/setup.sh | bash; Claude Code was not found",
          "solana%.new/setup%.sh", { "claude code not found" } },
        { "question: do the grant flow ('help me apply for the agentic engineering grant by Superteam') in Codex " ..
            "instead of Claude",
          { "codex", "instead of claude" }, { "skip claude" }, { "codex", "agentic engineering grant" } },
        { "answer: no Claude needed, solana.new installed the skills into ~/.codex/skills too",
          { "%.codex/skills", "solana%.new" } },
        { "export-session.sh exported ./claude-session.jsonl (from ~/.claude/projects/-Users-ayush-Desktop/...)",
          { "claude%-session%.jsonl", "exported" }, "%-users%-ayush%-desktop" },
        { "the project: AI Trading using Openclaw via Telegram (Binance, Twitter, Polymarket research pipeline), " ..
            "plus the Elyra Next.js app",
          { "openclaw", "telegram" }, { "polymarket", "binance" }, { "elyra", "next" } },
        { "repo: github.com/Ayushjhax/openclaw_agent; latest commit a292c02 Improve SOL price fetching",
          "ayushjhax/openclaw_agent", { "a292c02" } },
        { "asked for the 4 personal fields: Telegram username, Solana wallet address, X profile, target shipping " ..
            "deadline",
          { "telegram username", "wallet address", "x profile", "deadline" } },
        { "the user's details: Telegram/X Ayushjhax, target shipping deadline 10th May 2026",
          { "ayushjhax", "10th may 2026" } },
        { "the grant form: superteam.fun/earn/grants/agentic-engineering",
          "earn/grants/agentic%-engineering" },
        { "state at the end: the newest Codex rollout (rollout-2026-04-22T16-45-05-...) copied to " ..
            "codex-session.jsonl; the application text not yet drafted",
          { "rollout%-2026%-04%-22t16%-45%-05", "codex%-session%.jsonl" } },
      },
    },
    -- == x402-agent: a Codex session on Windows asking about Solana skills, then preparing a grant for AgentX402 ==
    {
      agent = "codex", sealed9 = true, path = SESSIONS .. "/sealed9-x402-agentx402-grant.jsonl",
      facts = {
        { "first question: do you have Solana skills? yes: solana-beginner, scaffold-project, build-defi-protocol, " ..
            "apply-grant and more",
          { "solana skills" }, { "solana%-beginner", "apply%-grant" } },
        { "request: help apply for the Superteam Agentic Engineering grant",
          { "agentic engineering", "grant" } },
        { "telemetry already set (.telemetry-prompted exists, tier anonymous), so no prompt",
          { "telemetry", "already set" }, { "telemetry%-prompted", "anonymous" } },
        { "the project: AgentX402, a pay-per-prompt AI gateway on the x402 protocol, users pay SOL per request, " ..
            "payments settled via MagicBlock",
          { "agentx402", "pay%-per%-prompt" }, { "x402", "sol" }, { "magicblock" } },
        { "a turbo/pnpm monorepo: apps/backend (x402PaymentVerifier.ts, magicBlockPayments.ts, aiProviders.ts), " ..
            "apps/web, apps/docs",
          "x402paymentverifier%.ts", "magicblockpayments%.ts", { "turbo", "pnpm" } },
        { "existing materials: superteamGrant.md (a grant application draft) and wht_we_built.md",
          "superteamgrant%.md", "wht_we_built%.md" },
        { "two business models: platform owns the API keys, or users register keys (POST /api/keys/register) " ..
            "and get 80 % of the payment",
          { "api/keys/register" }, { "80%%", "20%%" }, { "operator model", "marketplace model" } },
        { "repo: github.com/nikhilxhub/x402-umbra, 6 commits (latest f19876a bugs.., 7857ae1 magic block integration)",
          "nikhilxhub/x402%-umbra", "f19876a", { "7857ae1", "magic block" } },
        { "export-session.sh failed on Windows (bash access denied), so the fallback: copy the newest " ..
            "~/.codex/sessions rollout to codex-session.jsonl",
          { "export script failed", "fallback" }, { "codex%-session%.jsonl", "copy%-item" } },
        { "state at the end: checking .claude\\skills\\data\\specs and the git user; the application not yet " ..
            "drafted in this session",
          { "skills\\data\\specs" }, { "git config", "user%.name" } },
      },
    },
  }
end
