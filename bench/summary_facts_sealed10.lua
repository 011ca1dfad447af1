-- bench/summary_facts_sealed10.lua: a tenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the sealed to
-- sealed8 sets' sessions, nor of the held-out, check and final sets', and
-- none from their repositories), and that no summarizer was ever run on:
-- each list was written on 2026-12-02 by reading only the raw transcript
-- (the imported messages printed as text: user messages, assistant text,
-- tool calls with their arguments, the key lines of their results), without
-- running the extractive summarizer, the bench or the `compact` command on
-- them and without reading any summary of them. Facts are in the bench's
-- form ({ label, alternative, ... }, an alternative a lowercase Lua pattern
-- or a list of patterns that must all match, `wrong` alternatives marking a
-- fact lost), with the distinctive tokens (file names, commands,
-- identifiers, numbers, error words) rather than one wording; they are
-- about the goal, the requests, the files, the errors and their fixes, the
-- verdicts and the state at the end. Paths are relative to the session's
-- working directory. Every (right) alternative was then checked, by a
-- throwaway script that calls no summarizer, to match the imported input
-- itself (all its message text, call names and arguments, and results,
-- lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed10-<source>-<name>.
--
-- Where they come from: projects commit Claude Code's own main transcript
-- (the ~/.claude/projects JSONL: real uuids, timestamps, tool outputs with
-- real compiler, test and git output) at their root, as claude-session.jsonl
-- (many Superteam grant applications) or session-transcript.jsonl. Two of
-- them (posthog, duality) start after a compaction: their first line is a
-- compaction summary, which the importer keeps as the state's summary; the
-- facts below are taken from the messages only, not from that summary.
--
-- * leolin84200704/posthog-impact-dashboard @ 3adbaa8f38f78e94c7e1824e587ec03f6fd4db46,
--   claude-session.jsonl -> sealed10-posthog-impact-final-scores.jsonl (239
--   messages, 1.5 MB, mostly Chinese user turns): the end of a take-home, a
--   PostHog engineering-impact Streamlit dashboard: the week-chunked GitHub
--   fetch (8738 PRs, 1287 issues) finishes, src/analyze.py scores 183
--   engineers, the scores are committed and pushed; a discussion of crediting
--   bot authors; the deployed URL answers curl with a 303 to a login page but
--   the user sees it in incognito; SUBMISSION.md gets the URL and the times, a
--   rejected push is fixed with a rebase; the 4-pillar framework (Ship, Lift,
--   Reach, Steer) explained and grounded in SPACE; the times split (24 + 33
--   = 57 min) and pushed.
-- * yashpunmiya/Solsmile @ f1e66f0465a40e7a4bc8bfea97911d8a51542bf5,
--   claude-session.jsonl -> sealed10-polydot-hardhat-nextjs.jsonl (217
--   messages, 1.0 MB, Windows; cwd polydot): PolyDot, a YES/NO prediction
--   market on Polkadot Hub, built from a long specification: Hardhat 3 vs 2
--   and ESM/CJS trouble, an invalid PRIVATE_KEY in .env, PolyDot.sol with
--   ISystem.sol/MockSystem.sol, 68/69 then 69 tests passing, a hand-made
--   Next.js 15 + wagmi frontend, two build errors fixed (ES2020 target, a
--   MarketCard type), git init with .claude/ kept out; the user's "deploy
--   it" turns then only get API errors (invalid model, exhausted quota): the
--   contract is never deployed.
-- * ikihin/bhavana @ 6961556e0e178af2ec856b21918c961199d866b8,
--   claude-session.jsonl -> sealed10-bhavana-anchor-frontend.jsonl (197
--   messages, 0.8 MB): Bhavana, fractional Indonesian property on Solana:
--   idea (kos-kosan yield vaults), competitive-landscape and roast skills
--   (web fetches rejected by the user twice), then an Anchor program written
--   but never built (no anchor/solana CLI, rustup without a default), the
--   Solana integration hooks, the React components and pages replacing the
--   Stellar-based Vite app, and the start of a Superteam grant application.
-- * allym-4/test @ cf475d46db3b154091c59dc7eecf6a6e270313ef,
--   session-transcript.jsonl -> sealed10-duality-signup-class-tags.jsonl
--   (190 messages, 4.1 MB; Claude Code on the web, branch
--   claude/resume-session-CqPoE): a pole-studio booking app (Django +
--   React): a background agent's unfinished work checked and completed
--   (class tags, ClassSession pricing fields, a 3-step signup with a waiver,
--   an enrolments status badge, extra CTAs on popup announcements); the agent
--   commits cd7669a, the session commits and pushes b02c3b4 (waiver form
--   submission after signup), then lists what is still outstanding (an admin
--   ID-check flag, the missing /api/users/waiver/ endpoint).
-- * Reinhartsamuel/TokenForge @ 7c440a70a0b9a49f68108098cea31a1d74100f33,
--   claude-session.jsonl -> sealed10-tokenforge-rwa-gaps.jsonl (43
--   messages, 0.4 MB): research, no code: with the Colosseum Copilot API and
--   web searches, the gaps in Solana RWA; Pyth vs illiquid RWAs; a deep dive
--   on four gaps (token standard/SSTS, private credit, an RFQ secondary
--   market, a NAV oracle) buildable in one month by 2 devs and a PM; NAV
--   explained; /exit.
--
--   return value: function(SESSIONS) -> array of { agent, sealed10 = true, path, facts }

return function(SESSIONS)
  return {
    -- == PostHog impact dashboard: final scores, deploy check, SUBMISSION.md ==
    {
      agent = "claude-code", sealed10 = true, path = SESSIONS .. "/sealed10-posthog-impact-final-scores.jsonl",
      facts = {
        { "context: the search-based PostHog fetch (GitHub PRs and issues by week chunks) runs to ALL DONE",
          "search%-based posthog fetch", { "8738", "prs" }, { "1287", "issues" } },
        { "src/analyze.py on the full data: 7982 of 8738 PRs kept (bots, non-merged dropped), 183 engineers",
          { "7982", "8738" }, { "183 engineers" }, { "analyze%.py", "scores%.json" } },
        { "top of the ranking: pauldambra first (composite 77.1), then rafaeelaudibert, andrewm4894, sakce, webjunkie",
          { "pauldambra", "77%.1" }, { "pauldambra", "rafaeelaudibert" } },
        { "commit bf5434b (final scores from the full 90-day data, SUBMISSION.md added) pushed to origin main",
          "bf5434b", { "final scores", "90d", "push" } },
        { "the user's question: can a bot's creator be found and credited? GitHub doesn't expose it; indirect signals",
          { "bot", "創造者" }, { "bot", "owner", "maintainer" }, { "dependabot", "workflows" }, "automation authorship" },
        { "deploy check: curl on the streamlit.app URL gets HTTP 303 to /-/login; the user sees it in incognito",
          { "http 303", "login" }, { "303", "無痕" }, { "streamlit%.app", "303" } },
        { "SUBMISSION.md: the <TBD> URL and the end time filled in", { "submission%.md", "tbd" },
          { "submission%.md", "end: 2026%-04%-26 15:48" } },
        { "push rejected (fetch first), fixed with git pull --rebase origin main, then pushed (9bffcc8)",
          { "rejected", "fetch first" }, "git pull %-%-rebase", "9bffcc8" },
        { "the framework: four pillars Ship, Lift, Reach, Steer, not one collapsed score",
          { "ship", "lift", "reach", "steer" }, "4 orthogonal pillars", "4%-pillar" },
        { "the user asks for papers behind it: a synthesis, grounded in SPACE (not copied from one paper)",
          "space framework", "space et al", { "space", "productivity framework" }, { "space", "synthesis" } },
        { "time split written into SUBMISSION.md: discussion 14:50-15:14 (~24 min), implementation ~33 min, ~57 min",
          { "24 min", "33 min", "57 min" }, { "14:50", "15:14", "15:48" } },
        { "commit c566cc2 (literature grounding, split time) pushed", "c566cc2",
          { "expand submission%.md", "push" } },
        { "last request: a ~30-word approach summary and the path of this session's file",
          { "30 words", "session file" }, "0c182e15%-59de%-4856%-8a94%-00f26880354c" },
      },
    },
    -- == PolyDot: prediction market on Polkadot Hub, contracts + frontend, never deployed ==
    {
      agent = "claude-code", sealed10 = true, path = SESSIONS .. "/sealed10-polydot-hardhat-nextjs.jsonl",
      facts = {
        { "goal: build PolyDot, a prediction market protocol on Polkadot Hub, from the build specification",
          { "polydot", "prediction market" }, { "polydot", "polkadot hub" } },
        { "the System Precompile's toAccountId returns bytes memory, not bytes32 as the spec says",
          { "toaccountid", "bytes memory" }, { "toaccountid", "bytes32" } },
        { "contracts: contracts/PolyDot.sol, interfaces/ISystem.sol, mocks/MockSystem.sol (injected for tests)",
          "polydot%.sol", { "isystem%.sol", "mocksystem%.sol" } },
        { "Hardhat trouble: Hardhat 3 wants ESM ('require is not defined'), the toolbox needs hh2: back to " ..
          "hardhat@^2.22 and CJS",
          "hardhat only supports esm", "require is not defined", "hardhat%-toolbox@hh2", { "hardhat 3", "hardhat 2" } },
        { "package.json invalid ('Invalid package config'), rewritten", "invalid package config",
          { "package%.json", "malformed" } },
        { "HH8: the placeholder PRIVATE_KEY in .env is too short; accounts only if it is 66 chars long",
          "hh8", "private key too short", { "private_key", "length === 66" } },
        { "compile: 3 Solidity files compiled", "compiled 3 solidity files" },
        { "tests: 68 of 69 first ('Already proposed' vs 'Market not closed'), the test fixed, all 69 passing",
          "68/69", "68 passing", "already proposed", "69 tests passing" },
        { "frontend by hand (create-next-app kept prompting): Next.js 15 + wagmi + viem + Tailwind, 4 pages",
          "create%-next%-app", { "next%.js", "wagmi" }, { "frontend/src", "page%.tsx" } },
        { "build error 1: BigInt literals need ES2020, tsconfig.json target ES2017 -> ES2020",
          "bigint literals", { "es2017", "es2020" } },
        { "build error 2: MarketCard.tsx type error on the useReadContract result, fixed with a cast; the build passes",
          { "marketcard", "type error" }, { "marketcard", "cast" }, { "marketcard", "implicitly has an 'any' type" } },
        { "git init; .claude/settings.local.json unstaged (git rm --cached -f) and .claude/ added to .gitignore",
          { "git init" }, { "settings%.local%.json", "rm %-%-cached" }, { "%.gitignore", "%.claude/" } },
        { "deploy step left to do: npx hardhat run scripts/deploy.js --network polkadotTestnet, update " ..
          "CONTRACT_ADDRESS",
          "scripts/deploy%.js", { "contract_address", "deploy" }, "polkadottestnet" },
        { "end: the user asks to deploy with 5k PAS in .env, but every reply is an API error (invalid " ..
          "model, quota exhausted): not deployed",
          { "5k pas", "deploy" }, "resource_exhausted", { "invalid model", "claude%-sonnet" },
          wrong = { "contract[^\n]*deployed to 0x", "deployed successfully" } },
      },
    },
    -- == Bhavana: fractional Indonesian property on Solana, Anchor + hooks + components ==
    {
      agent = "claude-code", sealed10 = true, path = SESSIONS .. "/sealed10-bhavana-anchor-frontend.jsonl",
      facts = {
        { "the user's question: a crypto idea to democratize Indonesian property on Solana for a Superteam grant",
          { "indonesia", "property", "superteam" }, { "democratize", "property" } },
        { "first answer: Kos-kosan Yield Vaults (fractional boarding houses)", "kos%-kosan yield vaults",
          { "kos", "yield vault" } },
        { "skills run: /competitive-landscape and /roast-my-product (twice each); some web fetches rejected " ..
          "by the user",
          "competitive%-landscape", "roast%-my%-product", { "doesn't want to proceed", "webfetch" } },
        { "request: the Anchor program: PropertyAccount PDA; initialize_property, buy_shares, distribute_yield",
          "propertyaccount", { "initialize_property", "buy_shares", "distribute_yield" } },
        { "errors and events asked: InsufficientFunds, SoldOut, PropertyNotActive, Unauthorized; " ..
          "PropertyInitialized ...",
          { "insufficientfunds", "soldout" }, { "propertyinitialized", "sharespurchased", "yielddistributed" } },
        { "seed properties: Kos Putri Malioboro (Yogyakarta), Apartemen Sudirman Park (Jakarta), Kos " ..
          "Premium Dago (Bandung)",
          "kos putri malioboro", "sudirman park", "kos premium dago" },
        { "toolchain missing: no anchor or solana CLI, rustup has no default toolchain: code written, not built",
          "anchor_not_found", "solana_not_found", "rustup default stable", { "anchor", "installed yet" },
          wrong = { "anchor build succeeded", "program deployed to devnet" } },
        { "files: anchor/programs/bhavana/src/lib.rs, tests/bhavana.ts, migrations/seed-properties.ts, SETUP.md",
          "programs/bhavana/src/lib%.rs", "seed%-properties%.ts", { "anchor/setup%.md" } },
        { "the placeholder program id BhvnRWA111... to be replaced after anchor deploy", "bhvnrwa1111",
          { "placeholder", "program id" } },
        { "the existing ~/bhavana frontend is a Vite React app on Stellar (lib/stellar.js), pivoting to Solana",
          "stellar%.js", { "stellar", "vite" } },
        { "integration layer: lib/constants.ts, lib/program.ts, hooks " ..
          "useProperties/useBuyShares/usePortfolio/useDistributeYield",
          { "useproperties", "usebuyshares", "useportfolio", "usedistributeyield" }, { "constants%.ts",
          "program%.ts" } },
        { "Solana deps in package.json, Buffer polyfill (lib/polyfills.ts) and vite.config.js changes, " ..
          "WalletProvider.tsx",
          "polyfills%.ts", { "buffer", "polyfill" }, "walletprovider%.tsx" },
        { "components and pages: Navbar, PropertyCard, BuyModal, PortfolioDashboard, YieldPanel; App.tsx " ..
          "with a simple router",
          { "navbar%.tsx", "propertycard%.tsx", "buymodal%.tsx" }, { "portfoliodashboard", "yieldpanel" },
          { "app%.tsx", "rout" } },
        { "last request: apply for Superteam's agentic engineering grant (apply-grant skill started)",
          "apply%-grant", { "agentic engineering grant" } },
      },
    },
    -- == Duality pole studio app: background agent's work completed, waiver submission committed ==
    {
      agent = "claude-code", sealed10 = true, path = SESSIONS .. "/sealed10-duality-signup-class-tags.jsonl",
      facts = {
        { "start: check what the background agent did (its output file, git log, git status, git diff)",
          { "background agent", "git diff" }, { "background agent", "git status" } },
        { "backend changes found: ClassSession fields price_override, instructor_fee, " ..
          "requires_full_payment, auto_exempt_same_name",
          { "price_override", "instructor_fee" }, { "requires_full_payment", "auto_exempt_same_name" } },
        { "two Tag models: the student Tag in users (AdminTags.jsx) vs the new class-session Tag in classes " ..
          "(/api/classes/tags/)",
          "two separate tag systems", "distinct from the student tag", "/api/classes/tags/" },
        { "frontend: classTags API in frontend/src/api/index.js, TagChipSelector and pricing/catch-up " ..
          "sections in AdminClassDetail.jsx",
          "classtags", "tagchipselector", { "adminclassdetail%.jsx", "pricing" } },
        { "edits failing with 'File has been modified since read' (the agent was still writing), re-read and retried",
          "file has been modified since read" },
        { "AdminSeasonOverview.jsx: the 'Disable enrolments' button replaced by a status badge (Open / Disabled)",
          { "adminseasonoverview", "status" }, { "disable enrolments", "status badge" } },
        { "StudentShell.jsx: AnnouncementModalQueue renders extra_ctas as extra buttons",
          { "announcementmodalqueue", "extra_ctas" }, { "studentshell", "extra_ctas" } },
        { "SignupPage.jsx: 3-step signup (account + DOB 18+, address + emergency contact, waiver) by the agent",
          { "signuppage", "3%-step" }, { "signup", "waiver", "emergency" } },
        { "added: after register + login, the waiver is posted via forms.submit to /api/users/forms/",
          { "forms%.submit", "waiver" }, { "/api/users/forms/", "waiver" } },
        { "the agent's commit cd7669a (class tags, multi-step signup, popup announcements, booking status)",
          "cd7669a" },
        { "commit b02c3b4 'Submit waiver form after signup completion' pushed to claude/resume-session-CqPoE",
          "b02c3b4", { "submit waiver form after signup", "push" }, "claude/resume%-session%-cqpoe" },
        { "outstanding: no admin ID-check flag (over-18 rule) on the User model",
          { "id%-check", "flag" }, { "id_verified", "over 18" } },
        { "outstanding: /api/users/waiver/ does not exist, the signup falls back to hard-coded waiver text",
          { "/api/users/waiver/", "fall" } },
      },
    },
    -- == TokenForge: Solana RWA gap research with the Colosseum Copilot API ==
    {
      agent = "claude-code", sealed10 = true, path = SESSIONS .. "/sealed10-tokenforge-rwa-gaps.jsonl",
      facts = {
        { "setup: /colosseum-copilot; PAT set, the API's /status says authenticated", "colosseum%-copilot",
          { "copilot", "authenticated" } },
        { "question: is there a gap in Solana RWA, for a startup", { "gap", "rwa", "solana" },
          "solana rwa space" },
        { "research via Colosseum's search/projects and search/archives, and web searches", "search/projects",
          "search/archives", "websearch" },
        { "finding: generic RWA tokenization is crowded (crowdedness 204), no RWA first place",
          "crowdedness score of 204", { "crowded", "tokenization" } },
        { "six gaps listed: token standard, private credit, secondary market, oracle/pricing, niche " ..
          "verticals, compliance/KYC",
          { "unified rwa token standard", "private credit" }, { "secondary market", "oracle" } },
        { "user: isn't #4 covered by Pyth? answer: Pyth covers liquid exchange-traded assets, not illiquid RWAs (NAV)",
          { "pyth", "illiquid" }, { "pyth", "exchange%-traded" } },
        { "user drops #5 and #6, keeps 1-4 (most interested in private credit), wants gaps buildable in a " ..
          "month by 2 devs + 1 PM",
          { "ditch number 5 and 6", "private credit" }, { "one month", "3 people" }, { "2 dev", "1 project" } },
        { "gap 1: SSTS (Halborn's Solana Security Token Standard) has a spec but no issuer SDK/dashboard; sRFC 37",
          "ssts", "srfc 37", { "issuer sdk", "dashboard" } },
        { "gap 2: a minimal on-chain credit pool with cash-flow attestation (Maple, credible-finance as context)",
          { "creditpool", "cashflowattestation" }, { "maple", "credible%-finance" } },
        { "gap 3: a permissioned RFQ desk for RWA tokens, not an AMM", { "rfq", "permissioned" },
          "why rfq not amm" },
        { "gap 4: a permissionless NAV registry (NavFeed per mint, stale detection), RedStone/DIA as context",
          { "nav", "registry" }, "navfeed", { "redstone", "nav" } },
        { "last question: what is NAV? Net Asset Value, per-token value from the underlying assets",
          "net asset value", { "nav", "underlying" } },
        { "end: /exit, no code written", "/exit" },
      },
    },
  }
end
