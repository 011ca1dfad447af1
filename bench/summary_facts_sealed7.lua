-- bench/summary_facts_sealed7.lua: a seventh sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public Claude Code sessions from repositories no other fact list
-- takes (none of the sealed to sealed6 sets' sources, nor the held-out,
-- check and final sets'), and that no summarizer was ever run on: each list
-- was written on 2026-12-02 by reading only the raw transcript (the
-- imported messages printed as text: user messages, assistant text, tool
-- calls with their arguments, the key lines of their results), without
-- running the extractive summarizer, the bench or the `compact` command on
-- them and without reading any summary of them. Facts are in the bench's
-- form ({ label, alternative, ... }, an alternative a lowercase Lua pattern
-- or a list of patterns that must all match, `wrong` alternatives marking a
-- fact lost), with the distinctive tokens (file names, commands,
-- identifiers, numbers) rather than one wording; they are about the goal,
-- the requests, the files, the errors and their fixes, the verdicts and the
-- state at the end. Paths are relative to the session's working directory.
-- Every (right) alternative was then checked, by a throwaway script that
-- calls no summarizer, to match the imported input itself (all its message
-- text, call names and arguments, and results, lowercased, Lua pattern
-- match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed7-<source>-<name>.
-- They come from a corner the earlier searches missed: projects that commit
-- their own session next to the code (take-home assignments asking for the
-- transcript, hackathon submissions asking for a claude-session.jsonl). Each
-- file is the user's ~/.claude/projects/<dir>/<uuid>.jsonl copied as is
-- (real message and request ids, timestamps, tool results):
--
-- * Yael-Peretz/jgive-campaign-donation @ 52f3c92dc11de54ef7e6de91e2570d310ce6b804,
--   transcript.jsonl -> sealed7-yjg-rails-donation-page.jsonl (471 messages,
--   2.2 MB, Ruby on Rails 8.1): a home assignment, a Rails reproduction of a
--   Jgive campaign donation page; a five-phase plan first, then phase by
--   phase with the user confirming each step: Render free tier with SQLite
--   reseeded on boot, Tailwind in and Kamal out, the Campaign and Donation
--   models and seeds, routes and controllers smoke-tested with curl (a stale
--   server.pid, a CSRF 422), the turbo-stream form, tabs and a <dialog>
--   modal, anonymous donors without a name, the README and the live
--   deployment, and the transcript exported at the end. (Its
--   transcript2.jsonl is left out: the assistant reconstructed it "from
--   session memory with plausible UUIDs", not a real log.)
-- * Sarthib7/FundWise @ 0fdc6fdc19440e7e6d9ee3a3a51bb19c243a9b13,
--   claude-session.jsonl -> sealed7-fw-roadmap-zerion.jsonl (157 messages,
--   Next.js/TypeScript repository, mostly docs): the GTM order and a Visa
--   card partner research put into ROADMAP.md, four new ADRs (0021-0024) and
--   the indexes, then FW-005 (a Zerion CLI wallet-readiness script) built,
--   `pnpm build` passing after a corepack/yarn detour, two commits, and a
--   recommendation on FW-007; the roadmap/ADR edits left uncommitted.
-- * SublyFi/privacy-x402 @ 349a2af41ec3a7b7fa531b4d79a7b513103d442c,
--   claude-session.jsonl -> sealed7-subly-demo-count.jsonl (68 messages, in
--   Japanese, Solana/Anchor): how many times the Subly402 demo ran, counted
--   on devnet first by AuditRecord PDAs (40), then, on the user's pushback,
--   by deposit instructions (178 successful, 2 failed).
-- * Skills03/ubuntu-secure @ 89e74ceac44628e01a215feb161bba48169320c5,
--   conversation-251-messages.jsonl -> sealed7-us-threshold-boot.jsonl (194
--   messages, Python, Claude Code 1.0.84): from "Ubuntu on a blockchain" and
--   a hacked laptop to a threshold-boot system built in phases (Shamir
--   shares, device nodes, MPC, revocation, homomorphic boot), two Python
--   errors fixed, then deployment files and a failed deploy run (sudo, the
--   services not starting), a fixed script written but not run.
-- * sgan0420/blockchain-dex-events @ 45d2a1e0ebfc1c93ba5a2aca029a8358f505439f,
--   docs/claude-session.jsonl -> sealed7-bde-coingecko-ruby.jsonl (242
--   messages, Ruby): a CoinGecko take-home, five blockchain questions (a
--   Polygon eth_call, Etherscan views, decoding a swap, eth_getLogs, a price
--   impact essay) answered folder by folder with commits, the user's
--   corrections, then a code review whose findings were fixed (one pushed
--   back on).
-- * samar-58/scout @ 9a5eb814a6eb37a3b5754dba100962bdb44f311a,
--   claude-session.jsonl -> sealed7-scout-video-call-ui.jsonl (71 messages,
--   React/TypeScript, LiveKit; the cwd is the user's hauspet project): the
--   video consultation UI fixed in apps/web and apps/vet in three rounds of
--   the user's feedback (the chat panel, the camera-off placeholders, muted
--   tracks showing black).
--
--   return value: function(SESSIONS) -> array of { agent, sealed7 = true, path, facts }

return function(SESSIONS)
  return {
    -- == a Rails reproduction of a Jgive donation page, phase by phase, deployed on Render ==
    {
      agent = "claude-code", sealed7 = true, path = SESSIONS .. "/sealed7-yjg-rails-donation-page.jsonl",
      facts = {
        { "goal: a Rails app reproducing the Jgive campaign donation page (donation-targets/159183), plan first",
          { "jgive", "donation page" }, { "jgive", "159183" }, { "jgive", "rails", "campaign" } },
        { "deployment decision: Render free tier with SQLite, no persistent disk (paid only), reseed on every boot",
          { "render", "free tier", "reseed" }, { "render", "free", "persistent disk" },
          { "docker%-entrypoint", "db:seed" }, { "render%.yaml", "free" } },
        { "the user wants to be asked before each action (confirm before acting)",
          "confirm before", "ask before", "ask me to all?ow" },
        { "Phase 1: tailwindcss-rails installed, Kamal removed (.kamal, config/deploy.yml, gem, bin/kamal), rubocop " ..
          "clean",
          { "tailwind", "kamal" }, { "tailwindcss:install", "kamal" } },
        { "Phase 2: Campaign and Donation models (frequency one_time/monthly, display_preference, pending status)",
          { "campaign", "donation", "display_preference" }, { "campaign", "donation", "frequency" },
          { "campaign", "donation", "one_time", "monthly" } },
        { "goal_amount question: BigDecimal#zero? works, no cast to float (BigDecimal is right for money)",
          { "bigdecimal", "goal_amount" }, { "bigdecimal", "float" } },
        { "seeds: 2 campaigns and 11 donations (SVG covers); a top-level return in db/seeds.rb is fine under " ..
          "Kernel#load",
          { "2 campaigns", "11 donations" }, { "seeds%.rb", "return" }, { "kernel#load", "return" } },
        { "routes: a nested resource doubled the param (:campaign_campaign_id), replaced by an explicit POST route",
          "campaign_campaign_id", { "param: :campaign_id", "post" }, { "campaign_id", "donations#create" } },
        { "smoke test: a stale tmp/pids/server.pid blocked the server; a 422 on POST was CSRF, retried with a token",
          { "server%.pid", "stale" }, { "csrf", "token" }, { "422", "csrf" } },
        { "Phase 4: create.turbo_stream.erb, donation form partial, amount/tabs Stimulus controllers; " ..
          "field_with_errors broke peer-checked (config/initializers/field_error_proc.rb)",
          "field_error_proc", { "field_with_errors", "peer" }, { "turbo_stream", "tabs_controller" } },
        { "request: the donation form as a pop-up like the original: a native <dialog> with modal_controller.js",
          "modal_controller", { "dialog", "modal" }, { "pop", "modal" } },
        { "request: with Anonymous checked the name is not required: validates :donor_name unless anonymous?",
          { "donor_name", "anonymous" }, { "anonymous", "shouldn.t be required" } },
        { "Phase 5: README (run locally, decisions, more time, payment provider section), not committed; " ..
          "RAILS_MASTER_KEY from config/master.key into the dashboard; deployed at jgive-assignment.onrender.com " ..
          "and smoke-tested live",
          "jgive%-assignment%.onrender%.com", { "onrender", "200" }, { "readme", "payment provider" } },
        { "end: the transcript exported (TRANSCRIPT.md, transcript.jsonl) into the repo",
          { "transcript%.md", "transcript%.jsonl" }, { "export", "transcript" } },
      },
    },
    -- == FundWise: the roadmap and ADRs for the GTM order, then FW-005 (Zerion CLI readiness) in two commits ==
    {
      agent = "claude-code", sealed7 = true, path = SESSIONS .. "/sealed7-fw-roadmap-zerion.jsonl",
      facts = {
        { "request 1: put the GTM order in ROADMAP.md (Split Mode, then the Fundy agent, then an invite-only Fund " ..
          "Mode beta) and research Visa card partners",
          { "roadmap%.md", "split mode", "fundy" }, { "roadmap", "fund mode", "closed beta" },
          { "roadmap", "visa", "partner" } },
        { "Fundy: a separate repository (PI agent framework, Zerion CLI, tax advisory), not services/fundy/ in this " ..
          "repo",
          { "fundy", "separate repo" }, { "fundy", "services/fundy", "supersed" } },
        { "Visa Frontier track research: KAST and Avici as narrative partners, Rain as the production card issuer",
          { "kast", "avici", "rain" }, { "visa frontier", "kast" } },
        { "request 2: index/chunk it in the docs like the ADRs: four new ADRs 0021-0024 in docs/adr/",
          { "adr", "0021", "0024" }, { "adr%-021", "adr%-024" }, { "four new adrs" }, { "4 new adrs" } },
        { "DECISIONS.md's ADR index extended (019-024 added); the 0018 Fundy ADRs marked superseded by ADR-022",
          { "decisions%.md", "adr%-02[0-4]" }, { "0018", "superseded", "adr%-022" } },
        { "request 3: FW-005, a narrow Zerion CLI wallet-readiness demo isolated from wallet auth and settlement",
          { "fw%-005", "zerion", "readiness" } },
        { "FW-005 files: scripts/zerion-readiness.mjs, a zerion:readiness package script, docs/zerion-readiness.md",
          "zerion%-readiness%.mjs", { "zerion:readiness", "package%.json" }, "docs/zerion%-readiness%.md" },
        { "smoke test: without ZERION_API_KEY a warning, and the zerion CLI is not on PATH (the wrapper does not " ..
          "bundle it)",
          { "zerion_api_key", "not set" }, { "zerion", "not found on path" } },
        { "pnpm refused (the parent /Users/sarthiborkar/package.json asks for yarn); worked with " ..
          "COREPACK_ENABLE_PROJECT_SPEC=0",
          "corepack_enable_project_spec=0", { "pnpm", "yarn", "packagemanager" } },
        { "verdict: pnpm build passes (Next.js 15.5.15, only unused eslint-disable warnings)",
          { "pnpm build", "compiled successfully" }, { "build passes" } },
        { "commits on bug-fix-01: f8e6fe0 feat(zerion) then 73f00b8 docs(status) updating issues.md and STATUS.md, " ..
          "no co-author trailers",
          { "f8e6fe0", "73f00b8" }, { "feat%(zerion%)", "docs%(status%)" } },
        { "FW-007 recommendation: Source Currency future-only, Expense Proof future-only (maybe a visual mock in " ..
          "/demo); awaiting the user's choice",
          { "fw%-007", "source currency", "future%-only" }, { "expense proof", "future%-only" } },
        { "state at the end: ROADMAP.md, DECISIONS.md, the 0018 ADR edits and ADRs 0021-0024 are still uncommitted",
          { "uncommitted", "decisions%.md" }, { "still uncommitted", "adr" } },
      },
    },
    -- == Subly402 (Solana devnet): how many times the x402 demo ran, from the old and new vaults ==
    {
      agent = "claude-code", sealed7 = true, path = SESSIONS .. "/sealed7-subly-demo-count.jsonl",
      facts = {
        { "goal: count how many times the Subly402 (x402) demo ran, from the old and new vault addresses, not by " ..
          "summing their transaction counts",
          { "subly%-?x?402", "デモ", "回" }, { "subly402", "demo", "vault" }, { "何回デモ" } },
        { "why not a plain sum: one demo is several instructions (deposit, settle_vault, record_audit) and " ..
          "settle_vault batches demos",
          { "deposit", "settle_vault", "record_audit" }, { "バッチ", "settle" } },
        { "first count: AuditRecord PDAs (one per settled payment) via getProgramAccounts with a memcmp on the " ..
          "Anchor discriminator and the vault",
          { "auditrecord", "getprogramaccounts" }, { "auditrecord", "memcmp" }, { "account:auditrecord" } },
        { "first answer: 40 (old vault 20, new vault 20)",
          { "40", "20", "auditrecord" }, { "計 40 回" }, { "old vault", "20", "new vault", "20" } },
        { "the vaults' lifetime counters: deposited $199.10 and $143.00, settled $22.00 each",
          "199%.10", { "143%.00", "22%.00" } },
        { "the user's pushback: count the deposits (batching, some never settled): deposits are the live demo runs",
          { "deposit", "live demo" }, { "depositされた回数" } },
        { "a script /tmp/count_demo.mjs over all signatures touching vault_config (205 on the old vault); 'r is not " ..
          "iterable' fixed by batching the getTransaction calls",
          "count_demo%.mjs", { "r is not iterable" }, { "205", "vault_config" } },
        { "result: 178 successful deposits (old 129, new 49), 2 failed deposits (Custom 1), 180 attempts",
          "178", { "129", "49" }, { "180", "178" } },
        { "why a deposit is one demo: every run creates a fresh buyer keypair (createDemoSigner in " ..
          "scripts/demo/solana-kit.js)",
          "createdemosigner", { "fresh", "keypair" } },
        { "the gap of 138 (178 vs 40): demos that deposited but never reached settle_vault + record_audit",
          "138", { "178", "40", "settle" } },
        { "the vault program on devnet: 3iusaL6ys79DsbpweDwGhHvtjdnhAhtpyczPtMbu5Mbe (programs/subly402_vault)",
          "3iusal6ys79dsbpwedwghhvtjdnhahtpyczptmbu5mbe", "subly402_vault" },
      },
    },
    -- == ubuntu-secure: a "hypersafe" distributed-trust boot system in Python, built phase by phase, then deployment ==
    {
      agent = "claude-code", sealed7 = true, path = SESSIONS .. "/sealed7-us-threshold-boot.jsonl",
      facts = {
        { "first question: how to run Ubuntu on a blockchain; the user refused a web search and asked to think it " ..
          "through",
          { "ubuntu", "blockchain" }, { "web search", "ubuntu" } },
        { "the user's laptop was hacked (forensic reports CYBER_ATTACK_FORENSIC_ANALYSIS.md and " ..
          "CAMERA_AUDIO_SURVEILLANCE_FORENSICS.md): a hypersafe method wanted",
          "cyber_attack_forensic_analysis", { "hacked", "hypersafe" }, { "bios", "intel me" } },
        { "the bootstrap paradox (to trust the OS you need verified hardware and vice versa) solved by a threshold " ..
          "boot: the key split by Shamir's Secret Sharing across devices (3 of 5)",
          { "bootstrap paradox" }, { "shamir", "threshold" }, { "shamir", "3", "5" } },
        { "request: build it in /home/rishabh/Desktop/dev/ubuntu-secure following DEVELOPMENT_METHODOLOGY.md",
          { "ubuntu%-secure", "development_methodology" } },
        { "phases 1-3: secure_boot.py (threshold keys), device_nodes.py (distributed verification), mpc_compute.py, " ..
          "test_integrated.py, README.md and PROGRESS.md",
          { "secure_boot%.py", "device_nodes%.py" }, { "mpc_compute%.py" }, { "test_integrated%.py" } },
        { "request: logic, flow of logic and flow of execution in separate files: LOGIC.md, FLOW_OF_LOGIC.md, " ..
          "FLOW_OF_EXECUTION.md (and SYSTEM_ARCHITECTURE.md)",
          { "flow_of_logic%.md", "flow_of_execution%.md" }, { "logic%.md", "flow of execution" } },
        { "phases 4-5: zk_attestation.py and emergency_revocation.py; FriendDevice.__init__() missing " ..
          "'response_time' fixed by passing it (30.0, 45.0, 120.0); complete_system_test.py",
          { "friend?device", "response_time" }, { "emergency_revocation%.py", "zk_attestation%.py" } },
        { "request: homomorphic boot verification instead of the todo list's item, and the ML and quantum todos " ..
          "removed: homomorphic_boot.py",
          "homomorphic_boot%.py", { "homomorphic", "quantum" } },
        { "ubuntu_blockchain_os.py: TypeError '<' not supported between int and NoneType in compute_merkle_root " ..
          "(json.dumps sort_keys), fixed in apply_transaction and map_syscall_type",
          { "not supported between", "nonetype" }, { "compute_merkle_root", "sort_keys" },
          { "ubuntu_blockchain_os%.py", "apply_transaction" } },
        { "docs: UNBREAKABLE_ANALYSIS.md and COMPLETE_SOLUTION.md",
          "unbreakable_analysis%.md", "complete_solution%.md" },
        { "request: deploy it for anyone on the internet with a production checklist: " ..
          "PRODUCTION_DEPLOYMENT_CHECKLIST.md, docker-compose.yml, deploy.sh, kubernetes-deployment.yaml, " ..
          "web-interface.html",
          "production_deployment_checklist", { "docker%-compose%.yml", "kubernetes" }, { "web%-interface%.html" } },
        { "DEPLOY_NOW.sh failed: sudo needs a terminal for the password; a simple_server.py and fix_deployment.sh " ..
          "were rejected by the user",
          { "deploy_now%.sh", "sudo" }, { "terminal is required", "password" }, { "simple_server%.py" } },
        { "the user's own run: the blockchain node and the web interface failed to start, the ngrok tunnel pending; " ..
          "'fix these'",
          { "blockchain node failed to start" }, { "web interface failed" }, { "ngrok", "pending" } },
        { "state at the end: DEPLOY_FIXED.sh written (port conflicts, authentication), not run yet",
          "deploy_fixed%.sh", wrong = { "deploy[^\n]*succeeded", "services[^\n]*started successfully" } },
      },
    },
    -- == a CoinGecko take-home: five blockchain questions answered in Ruby, one folder each, then a review ==
    {
      agent = "claude-code", sealed7 = true, path = SESSIONS .. "/sealed7-bde-coingecko-ruby.jsonl",
      facts = {
        { "goal: the CoinGecko take-home (docs/QUESTIONS.md), five blockchain questions, in Ruby, a folder per " ..
          "question with solve.rb and README.md",
          { "coingecko", "questions%.md" }, { "q1_mana_total_supply", "q5_price_impact" }, { "coingecko", "ruby" } },
        { "Q1: MANA totalSupply() on Polygon by a hand-rolled eth_call (selector 0x18160ddd), uint256 decoded by hand",
          { "totalsupply", "eth_call" }, "0x18160ddd", { "mana", "totalsupply" } },
        { "polygon-rpc.com answered 'API key disabled, tenant disabled' (-32051): a publicnode fallback, then " ..
          "POLYGON_RPC_URL from the environment",
          { "tenant disabled" }, { "polygon_rpc_url", "publicnode" }, { "%-32051" } },
        { "request: dotenv (gem, require \"dotenv/load\", .env.example, .env gitignored); the keyed URL is " ..
          "path-based on rpc.ankr.com (Ankr runs polygon-rpc.com)",
          { "dotenv", "%.env%.example" }, { "rpc%.ankr%.com", "ankr" } },
        { "Q1 answer: 4,644,407.770269 MANA (raw 4644407770269267540540803)",
          "4,644,407%.77", "4644407770269267540540803" },
        { "Q2: Etherscan views of the Uniswap V2 USDC/ETH pool: no more DEX Trades tab, Events (primary), Token " ..
          "Transfers (ERC-20), Transactions as three angles",
          { "dex trades", "token transfers" }, { "events tab", "token transfers" }, { "q2", "uniswap v2", "usdc" } },
        { "Q3: the $3,184.35 is the USDC amountOut of the second hop (on the same pool) of a 1inch multi-hop swap",
          { "3,184%.35", "amount0out" }, { "3,184%.35", "1inch" }, { "3184%.35", "usdc" } },
        { "user's Q3 corrections: 1inch Aggregation Router V4 not V3, the input token is DOMI, Etherscan values at " ..
          "current prices",
          { "1inch v4" }, { "v4", "domi" }, { "aggregation router v4" } },
        { "Q4: eth_getLogs for the Quickswap Swap topic at Polygon block 26444465: exactly one Swap, the pool " ..
          "WMATIC/WETH (factory 0x5757…)",
          { "eth_getlogs", "26444465" }, { "wmatic", "weth", "quickswap" }, { "one swap", "26444465" } },
        { "Q5: the price impact essay (-42.09%, constant product with the 0.3% fee, sandwich attacks); then " ..
          "SOLUTIONS.md at the root",
          { "price impact", "42%.09" }, { "sandwich", "price impact" }, { "solutions%.md" } },
        { "code review (requesting-code-review): Q4's 'arb bot' was the QuickSwap V2 Router (it has factory() and " ..
          "WETH())",
          { "arb bot", "router" }, { "quickswap v2 router" }, { "weth%(%)", "factory%(%)" } },
        { "review fixes: Q3 solve.rb truncates USDC at the cent ($3184.35, not %.2f's $3184.36); a typo in Q3's " ..
          "worked amount_in_with_fee fixed; Q1 one dated snapshot",
          { "3184%.36" }, { "truncat", "3184%.35" }, { "amount_in_with_fee", "typo" } },
        { "pushed back on the reviewer's Q5 rounding claim (419.58 / 577.42 are consistent)",
          { "419%.58", "577%.42" }, { "pushed back", "q5" } },
        { "commits on main per step (fcd1a4a q1 ... 074099d SOLUTIONS.md), last 7e3da22 'fix: address code-review " ..
          "findings'; ahead of origin/main, not pushed",
          "7e3da22", { "address code%-review findings" }, { "ahead of 'origin/main'" } },
      },
    },
    -- == hauspet: the video consultation UI (LiveKit) fixed in apps/web and apps/vet, three rounds ==
    {
      agent = "claude-code", sealed7 = true, path = SESSIONS .. "/sealed7-scout-video-call-ui.jsonl",
      facts = {
        { "request: fix the video consultation UI (the weird chat, a blue box when video is off) in both apps/web " ..
          "and apps/vet",
          { "video consultation", "apps/web", "apps/vet" }, { "video consultation", "chat", "blue" } },
        { "files: apps/web/src/routes/appointments/call/$consultationId.tsx and " ..
          "apps/vet/src/routes/call/$consultationId.tsx",
          { "appointments/call/%$consultationid%.tsx" }, { "apps/vet/src/routes/call/%$consultationid" },
          { "%$consultationid%.tsx", "apps/vet" } },
        { "round 1: LiveKit's <Chat> (its own dark UI) replaced by a custom panel on the useChat hook",
          { "usechat", "<chat>" }, { "usechat", "livekit" } },
        { "round 1: LocalVideoTile gets an isCameraOff prop and a placeholder (VideoOff icon) instead of the bare " ..
          "<video>",
          { "localvideotile", "iscameraoff" }, { "videooff", "placeholder" } },
        { "check: no typecheck script; bun tsc --noEmit -p apps/web/tsconfig.json shows no errors in the changed " ..
          "files (TS2339 on consultationId elsewhere is pre-existing)",
          { "tsc %-%-noemit", "apps/web" }, { "ts2339", "pre%-existing" }, { "script not found", "typecheck" } },
        { "round 2 (user: the chat is dark, looks like a modal, hides the user's own video; a dark blue screen when " ..
          "the other side's video is off): a light chat panel",
          { "dark", "modal", "own video" }, { "bg%-white", "chat" }, { "light", "chat panel" } },
        { "round 2: the local pip moves to the left when the chat is open; the remote camera-off placeholder a " ..
          "light gradient instead of bg-gray-900",
          { "pip", "left%-4" }, { "bg%-gray%-900", "gradient" } },
        { "round 3 (user: blank when video is off, dark blue self video, the pet owner black): LiveKit mutes the " ..
          "track before unpublishing",
          { "trackmuted", "trackunmuted" }, { "muted", "black frames" } },
        { "round 3 fix: TrackMuted/TrackUnmuted listeners, refreshVideoState checks pub.isMuted, the video absolute " ..
          "inset-0, the gradient as an inline style (beats @livekit/components-styles)",
          { "ismuted", "refreshvideostate" }, { "inline", "style", "livekit/components%-styles" },
          { "absolute inset%-0" } },
        { "every change applied to both apps/web and apps/vet (RemoteVideoTile and LocalVideoTile)",
          { "remotevideotile", "localvideotile" }, { "both", "apps/web", "apps/vet" } },
      },
    },
  }
end
