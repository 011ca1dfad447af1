-- bench/summary_facts_sealed21.lua: a twenty-first sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' repositories; no Claude Code session here: all Codex CLI rollouts),
-- and that no summarizer was ever run on: each list was written on
-- 2026-12-02 by reading only the raw transcript (the imported messages
-- printed as text: user messages, assistant text and thinking, tool calls
-- with their arguments, the key lines of their results), without running the
-- extractive summarizer, the bench or the `compact` command on them and
-- without reading any summary of them. Facts are in the bench's form
-- ({ label, alternative, ... }, an alternative a lowercase Lua pattern or a
-- list of patterns that must all match, `wrong` alternatives marking a fact
-- lost), with the distinctive tokens (file names, commands, identifiers,
-- numbers, error words) rather than one wording; they are about the goal,
-- the requests, the files, the errors and their fixes, the decisions and the
-- state at the end, over the whole session (early requests, middle outcomes,
-- the end). Paths are relative to the session's working directory where they
-- are under it. Every (right) alternative was then checked, by a throwaway
-- script that calls no summarizer, to match the imported input itself (all
-- its message text, call names and arguments, and results, lowercased, Lua
-- pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed21-<name>.
--
-- Codex CLI rollouts (session_meta first):
--
-- * bricerising/specify-poker @ bf9e8c3b031dcbf7d55d1d897c40e56220449a02,
--   .codex/sessions/2026/01/09/rollout-2026-01-09T10-33-58-019ba364-9ddc-7dd1-acdb-3a6144a1fdc7.jsonl
--   -> sealed21-poker-milestones-4-6.jsonl (286 messages, 1.0 MB, macOS):
--   speckit implement on a hold'em mvp (react, express, keycloak, ws):
--   milestone 4 reviewed (contracts aligned; blind / maxPlayers validation
--   and lobby gaps) and fixed, milestone 5 (profile, friends, stat tracker)
--   and milestone 6 (grafana / prometheus, rate limiting, ws validators and
--   resync, smoke e2e); no test run at all.
-- * bricerising/specify-poker @ 7f99ef91e747f08fec6ef30f3be6c8d96264845b,
--   .codex/sessions/2026/01/09/rollout-2026-01-09T14-38-37-019ba444-9882-7980-a307-769cf7d95007.jsonl
--   -> sealed21-poker-gameplay-redis.jsonl (439 messages, 2.5 MB, macOS):
--   the same game "not working": side pots, hole-card leak, dealer button,
--   min raise fixed; refresh / disconnect deadlock; user-pasted test
--   failures; redis storage then redis ws connections and pub/sub; action not
--   passing after raise / call; next hand autostarts; npm ci in dockerfiles;
--   private hole cards; keycloak user demo2.
-- * Hoper-J/cpolar-connect @ 70b17db1db0ced357f7e0c50bf24bb786147b8e2,
--   .codex/sessions/2025/09/16/rollout-2025-09-16T14-12-31-613a9a68-8816-40b2-a2d4-041ade599da6.jsonl
--   -> sealed21-cpolar-connect-review-status.jsonl (142 messages, 0.6 MB,
--   macOS, Chinese): design review of a python cli for cpolar tunnels + ssh,
--   then logging, version, i18n, shutil.which, a status command with a
--   local-only fallback (a test failing on the zh default, then 2 passed),
--   bilingual help docstrings, zh/en only; ends on an open request.
-- * AaronBakerDev/knearme-platform @ 3a4beb32d1010d7df12d214558ba4eb2e594290b,
--   .codex/sessions/2026/01/05/rollout-2026-01-05T14-32-46-019b8fa5-cd85-7ed1-b466-52d2502a1ccb.jsonl
--   -> sealed21-knearme-meta-graph-worker.jsonl (346 messages, 1.6 MB,
--   macOS): an ExecPlan for a cloudflare worker over the meta graph /
--   marketing api reviewed, context7 research, handlers and webhook hmac
--   built, tdd with vitest, npm install blocked by a root-owned npm cache,
--   tests 16/16 after a webcrypto polyfill.
-- * AaronBakerDev/knearme-platform (same commit),
--   .codex/sessions/2025/12/31/rollout-2025-12-31T13-44-16-019b75b9-987c-7a20-b89c-2770286f07dc.jsonl
--   -> sealed21-knearme-agent-docs.jsonl (214 messages, 1.1 MB, macOS): the
--   portfolio app's chat agent compared with docs/09-agent and the docs
--   updated, then the c4 container doc and a tool-call sequence diagram.
-- * Quelklef/shell-ws @ 044184aacc6683c4f7951b104db1c56ba3fc4a39,
--   .codex/sessions/2026/03/18/rollout-2026-03-18T11-04-43-019d021f-1244-77d2-b5aa-ba1d70f11e87.jsonl
--   -> sealed21-shell-ws-kernel-ui.jsonl (220 messages, 3.7 MB, NixOS): a
--   2d shell-pipe workspace designed by one-question-at-a-time q&a, an mvp
--   (rust kernel, react flow ui), a long node-drag bug hunt, a 422 contract
--   mismatch, client-owned snapshots for execution, then a list of ui
--   changes done one at a time; ends starting git init.
-- * aneesh199608/dslint @ 33df4f09012e755349f932202cc48a1a8d27cb67,
--   .codex/sessions/2025/12/09/rollout-2025-12-09T14-27-29-019b0254-78dd-7ea3-9224-5ae646e225ea.jsonl
--   -> sealed21-dslint-figma-constitution.jsonl (110 messages, 0.4 MB,
--   macOS): a figma token-checker plugin reviewed, its speckit constitution
--   written (1.0.0, then 1.0.1), then /speckit.specify stopped by git ref
--   permissions in the sandbox and a user abort.

return function(SESSIONS)
  return {
    -- == specify-poker: speckit implement, milestone 4 review and fixes, milestones 5 and 6 ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-poker-milestones-4-6.jsonl",
      facts = {
        { "project: specify-poker, a texas hold'em mvp (react 18 ui, express api, keycloak oidc, websockets) " ..
          "built from specs/001-poker-mvp with speckit",
          { "001%-poker%-mvp" }, { "keycloak" } },
        { "request: review completion of milestone 4, complete milestone 5 when milestone 4 is satisfied",
          { "milestone 4", "milestone 5" } },
        { "checklist requirements.md: 16 of 16 complete, pass",
          { "requirements%.md | 16 | 16 | 0" } },
        { "m4 review: contracts aligned (openapi.yaml moderation endpoints, ws-messages.md chat subscribe), M4 " ..
          "tasks marked done in tasks.md",
          { "openapi%.yaml" }, { "ws%-messages%.md" } },
        { "m4 blocking gaps: lobby rows lack blinds / in-progress, bigBlind < 2 * smallBlind accepted, " ..
          "maxPlayers <= 9 not enforced",
          { "bigblind >= 2 %* smallblind" }, { "maxplayers <= 9" }, { "lobbypage%.tsx" } },
        { "request: please fix issues with m4 -> validation in routes/tables.ts and CreateTableForm.tsx, lobby " ..
          "shows blinds and in-progress",
          { "please fix issues with m4" }, { "createtableform" } },
        { "m5 (T033-T038): profile / friends services and routes (/api/me, /api/profile, /api/friends), " ..
          "profileService.ts, friendsService.ts, routes/profile.ts",
          { "profileservice" }, { "friendsservice" }, { "/api/friends" } },
        { "m5 stats: statTracker.ts records hand winners on hand end (handEngine sets winners), wired into " ..
          "tableService",
          { "stattracker" }, { "winners", "stats" } },
        { "m5 ui: ProfilePage, ProfileForm, FriendsPage, profileApi.ts, friendsApi.ts, nav in main.tsx; e2e " ..
          "profile-flow.spec.ts",
          { "profilepage" }, { "friendspage" }, { "profile%-flow" } },
        { "request: review completion of milestone 5, complete milestone 6; m5 review found no issues",
          { "milestone 6" }, { "no issues found" } },
        { "m6 observability: grafana provisioning (datasource, dashboards, poker-observability.json), otel " ..
          "collector prometheus exporter, scrape test",
          { "poker%-observability%.json" }, { "collector%-config%.yaml" }, { "scrape%.spec%.ts" } },
        { "m6 hardening: api rate limiting (middleware/rateLimit.ts), ws validators.ts, ws resync handling with " ..
          "ui/src/services/wsClient.ts, smoke e2e smoke.spec.ts, quickstart updated",
          { "ratelimit%.ts" }, { "validators%.ts" }, { "wsclient" }, { "smoke%.spec%.ts" } },
        { "state: tests never run in this session; suggested npm test, npm run lint, docker compose up",
          { "tests not run yet" }, { "docker compose up" },
          wrong = { "all tests pass", "tests passed" } },
      },
    },
    -- == specify-poker: gameplay bugs, redis storage and pub/sub, hole cards, keycloak demo2 ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-poker-gameplay-redis.jsonl",
      facts = {
        { "request: review all the tasks and spec, the poker game is not working correctly",
          { "not working correctly" } },
        { "review findings: side-pot payout ignores eligibleSeatIds, full tableState (holeCards, deck) leaked " ..
          "over ws, dealer button never rotates, min-raise wrong, turn timer 15s vs 20s",
          { "eligibleseatids" }, { "holecards" }, { "dealer button" }, { "20s" } },
        { "request: i want all issues fixed -> handEngine.ts, actionRules.ts, deriveLegalActions.ts, tableHub.ts " ..
          "redacts hole cards and deck",
          { "i want all issues fixed" }, { "actionrules%.ts" }, { "redact", "holecards" } },
        { "bug: refreshing the browser disconnects and the table gets stuck; forced timeout actions allowed for " ..
          "disconnected seats, seat reactivated on resubscribe",
          { "refresh my browser" }, { "table gets stuck" }, { "resubscribe" } },
        { "user-reported failures: handEngine.test.ts forced fold (expected 'active' to be 'folded') and " ..
          "moderation.test.ts timed out in 5000ms",
          { "expected 'active' to be 'folded'" }, { "timed out in 5000ms" } },
        { "database advice: postgres for durable data plus redis for live state; user chose redis",
          { "postgres" }, { "use redis to save data" } },
        { "redis persistence: redisClient.ts, tables / table state / profiles / friends / events in redis with " ..
          "in-memory fallback without REDIS_URL; services and routes made async; redis in docker-compose",
          { "redisclient%.ts" }, { "redis_url" }, { "in%-memory" } },
        { "eventStore.test.ts failed (expected promise to have property length); test now awaits the async store",
          { "eventstore%.test%.ts" }, { "expected promise" } },
        { "ui got no events from other players: ws client now always attaches the auth token; clear auth token " ..
          "button added in main.tsx",
          { "clear auth token" }, { "auth token" } },
        { "raise did not pass action: ActionBar sent amount 0; amount prefilled / clamped to min raise in " ..
          "ActionBar.tsx; all-in cases run out the board to showdown",
          { "actionbar%.tsx" }, { "showdown" } },
        { "request: redis for websocket connections and redis pub/sub for notifications -> ws/pubsub.ts, " ..
          "connectionRegistry.ts",
          { "pubsub%.ts" }, { "connectionregistry" } },
        { "next hand autostarts after HandEnded when 2+ active seats (tableService.ts); tests expect preflop " ..
          "instead of ended",
          { "next hand should autostart" }, { "auto%-start" } },
        { "dockerfiles: npm ci before copying src (apps/api/Dockerfile, apps/ui/Dockerfile)",
          { "npm ci before copying" }, { "dockerfile" } },
        { "players see their own cards: private HoleCards ws message, privateHoleCards in tableStore, shown on " ..
          "TablePage; same user cannot join a table twice (already_seated)",
          { "privateholecards" }, { "already_seated" } },
        { "state at the end: keycloak test user demo2 added to infra/keycloak/realm-export.json (reset keycloak " ..
          "with docker compose down -v / up)",
          { "demo2" }, { "realm%-export%.json" } },
      },
    },
    -- == cpolar-connect: design review of a cpolar tunnel + SSH CLI, then fixes (Chinese) ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-cpolar-connect-review-status.jsonl",
      facts = {
        { "request (chinese): review the current design of the project (cpolar_connect, a python click cli that " ..
          "logs into cpolar, reads the tunnel and connects over ssh)",
          { "检查目前项目的设计" }, { "cpolar_connect" } },
        { "review findings: tests/ empty, version mismatch (__init__.py 0.0.1 vs pyproject 0.1.0), no central " ..
          "logging, `which` not portable to windows, StrictHostKeyChecking disabled",
          { "0%.0%.1" }, { "stricthostkeychecking" }, { "tests/", "为空" } },
        { "implemented: __version__ 0.1.0 in __init__.py, cli --version uses it",
          { "__init__%.py", "0%.1%.0" } },
        { "implemented: central logging (_setup_logging, RotatingFileHandler to ~/.cpolar_connect/logs/cpolar.log, " ..
          "CPOLAR_LOG_LEVEL)",
          { "rotatingfilehandler" }, { "cpolar_log_level" }, { "_setup_logging" } },
        { "implemented: doctor.py uses shutil.which instead of which (windows)",
          { "shutil%.which" } },
        { "implemented: tunnel_status_debug html written to the logs dir with a timestamp; config.edit honours " ..
          "$EDITOR, else open -e / notepad / nano",
          { "tunnel_status_debug" }, { "open %-e" }, { "notepad" } },
        { "new command: cpolar-connect status (tunnel, ssh alias, forwarded ports, no connection); README and " ..
          "README_en updated",
          { "cpolar%-connect status" } },
        { "tests: tests/test_config_basic.py added, pytest 1 passed",
          { "test_config_basic" } },
        { "request: status degrades without login (no password / auth or network failure) to a local-only view " ..
          "instead of exiting",
          { "无登录降级" }, { "local%-only" }, { "仅本地" } },
        { "test tests/test_status_local_only.py failed first (output in chinese: config language defaults to zh " ..
          "over CPOLAR_LANG), assertions adapted, then 2 passed",
          { "test_status_local_only" }, { "1 failed, 1 passed" }, { "2 passed" } },
        { "question: is doctor still needed? answer: keep it (status is a snapshot, doctor diagnoses and suggests " ..
          "fixes)",
          { "doctor还有必要保留吗" }, { "保留很有必要" } },
        { "sandbox switched to read-only; heredoc python checks failed (cannot create temp file for here document)",
          { "cannot create temp file for here document" }, { "read%-only" } },
        { "cli help: docstrings unified to one-line emoji + english / chinese; click arguments take no help, so " ..
          "metavar plus docstring text",
          { "docstring", "bilingual" }, { "metavar" } },
        { "language: chinese/english aliases removed, only zh/en (click.Choice, validate_language, CPOLAR_LANG)",
          { "validate_language" }, { "chinese", "english" } },
        { "state at the end: the last request, to show init first in --help, is not yet done",
          { "init应该放在%-%-help的第一行显示" } },
      },
    },
    -- == knearme: meta-graph-worker (cloudflare worker for the meta graph / marketing api): plan, build, tdd ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-knearme-meta-graph-worker.jsonl",
      facts = {
        { "request: review the exec plan of integrations/meta-graph-worker, build out all the apis, then set up " ..
          "the integration on the user's meta developer account with the browser",
          { "meta%-graph%-worker" }, { "devloper account" }, { "developer account" } },
        { "plan review findings: validation deploys to production, worker path points at another repo, ads need " ..
          "user / system-user tokens (ads_read / ads_management), webhook hmac needs the raw body",
          { "ads_management" }, { "raw body" }, { "deploys to production" } },
        { "docs/EXECPLAN.md updated: paths fixed, dev-account setup checklist, dev deploy first (WORKER_URL), " ..
          "long-lived user token for ads",
          { "docs/execplan%.md" }, { "worker_url" } },
        { "context7 research of meta api docs: assigned_ad_accounts, act_<id>/campaigns, act_<id>/insights, " ..
          "page / ig insights; campaign update endpoint unconfirmed; graph api v22.0 in wrangler.toml",
          { "context7" }, { "assigned_ad_accounts" }, { "v22%.0" } },
        { "implemented: handlers posts.ts, analytics.ts, ads.ts, webhooks.ts with X-Hub-Signature-256 hmac " ..
          "verification (FB_APP_SECRET), routing in src/worker.ts",
          { "analytics%.ts" }, { "x%-hub%-signature%-256" }, { "worker%.ts" } },
        { "api notes: get_page_insights / get_ig_insights require metrics; list_ad_accounts requires " ..
          "business_scoped_user_id; ad account ids normalized to act_<id>",
          { "business_scoped_user_id" }, { "get_page_insights" } },
        { "request: use tdd, update the exec plan to use it, complete the remaining endpoints",
          { "tdd" }, { "upate teh exec plan" }, { "tdd", "exec plan" } },
        { "added: ad sets, ads, creatives, image upload, pause / resume actions (pause_ad_set, " ..
          "create_ad_creative, upload_ad_image), adset_id / ad_set_id aliases",
          { "pause_ad_set" }, { "upload_ad_image" }, { "adset_id" } },
        { "tests: vitest.config.ts and src/handlers/__tests__/{posts,analytics,ads,webhooks}.test.ts",
          { "vitest%.config%.ts" }, { "webhooks%.test%.ts" } },
        { "request: run npm install, npm test, the curl scenarios, npm run deploy for dev validation",
          { "npm run deploy" }, { "curl scenarios" } },
        { "npm install failed: EPERM, root-owned files in ~/.npm cache (sudo chown -R 501:20 suggested), then " ..
          "exit handler never called with a local .npm-cache",
          { "eperm" }, { "root%-owned" }, { "exit handler never called" } },
        { "npm test first 2 failed / 14 passed (webhooks: crypto.subtle missing in node); vitest.setup.ts " ..
          "polyfills webcrypto -> 16/16 passed",
          { "2 failed | 14 passed" }, { "vitest%.setup%.ts" }, { "16 passed" }, { "16/16" } },
        { "curl scenarios and deploy not run (need WORKER_URL, a bearer token, page / ig / ad account ids)",
          { "bearer token" }, { "worker_url" } },
        { "state at the end: user said run the fixes; npm install still fails, package-lock.json not updated, " ..
          "the user must run sudo chown themselves (no sudo in the sandbox)",
          { "package%-lock%.json", "not" }, { "sudo chown" },
          wrong = { "npm install succeeded", "package%-lock%.json updated" } },
      },
    },
    -- == knearme-portfolio: agent docs (docs/09-agent) compared with the code and updated ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-knearme-agent-docs.jsonl",
      facts = {
        { "request: review how the portfolio app's agent works, compare it with docs/09-agent, update the docs",
          { "docs/09%-agent" }, { "knearme%-portfolio" } },
        { "code read: unified /api/chat route, ChatWizard, context loader, session summarize / compaction, " ..
          "tool schemas",
          { "/api/chat" }, { "chatwizard" }, { "context%-loader" } },
        { "shell glitch: zsh no matches found for bracketed paths (src/app/api/chat/sessions/[id]/summarize, " ..
          "(contractor) route group), quoted afterwards",
          { "no matches found" } },
        { "tools: extractProjectData (story extractor merge + fallback) and suggestQuickActions; orchestrator " ..
          "actions not surfaced in the chat runtime; clarification is prompt-driven",
          { "extractprojectdata" }, { "suggestquickactions" }, { "orchestrator" } },
        { "docs/09-agent/README.md: agent runtime section, compaction triggers (ui cap, recent-message count), " ..
          "session data model with phase / extracted_data",
          { "extracted_data" }, { "recent%-message" }, { "compaction", "ui cap" } },
        { "multi-agent-architecture.md aligned with the real SharedProjectState / ProjectImageState types",
          { "multi%-agent%-architecture%.md" }, { "sharedprojectstate" }, { "projectimagestate" } },
        { "multi-agent-system-review.md: dated december 31 2025 update on the extract/merge behaviour",
          { "multi%-agent%-system%-review%.md" } },
        { "ascii cleanup attempt: python not found (zsh: command not found: python)",
          { "command not found: python" } },
        { "tests not run, docs only; offered to mirror into docs/03-architecture/c4-container.md and add a " ..
          "tool-call sequence diagram; user answered both",
          { "c4%-container%.md", "sequence" } },
        { "c4-container.md refreshed: /api/chat, agent / tool runtime, Gemini 3.0 Flash instead of gpt-4v, chat " ..
          "session tables, chat-first data flow, /api/ai/analyze-images",
          { "gemini 3%.0 flash" }, { "gpt%-4v" }, { "chat%-first" } },
        { "README.md gets a mermaid tool-call sequence diagram (extract / generate tools, persistence) after the " ..
          "create-mode conversation flow",
          { "sequencediagram" }, { "sequence diagram" }, { "mermaid" } },
        { "state at the end: both docs updates done; offered next: tidy the ascii diagram, add a publish / " ..
          "validation sequence",
          { "publish/validation" }, { "ascii diagram" } },
      },
    },
    -- == shell-ws: design Q&A, an MVP (rust kernel + react flow ui), drag bugs, client-owned snapshots ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-shell-ws-kernel-ui.jsonl",
      facts = {
        { "goal: shell-ws, a 2d workspace of nodes running bash snippets, ports wired as pipes, push / pull / " ..
          "auto-run, display and text nodes",
          { "shell%-ws" }, { "2d workspace" }, { "bash snippet" } },
        { "constraint: do not modify the filesystem outside /per/dev/shell-ws (no npm i -g); nixos, nix-shell -p",
          { "outside of /per/dev/shell%-ws" }, { "npm i %-g" } },
        { "decisions from one-question-at-a-time q&a: browser ui + local kernel split, json workspaces saved by " ..
          "the kernel, explicit merge nodes (concatenate / line / byte / shell)",
          { "json dump" }, { "merge node" }, { "split kernel" } },
        { "edge buffering on wires: unbuffered, line/1024, wait-until-completion; 250ms cycle delay; stderr a " ..
          "separate port; per-node autorun default 1 sec; bash default shell",
          { "250ms" }, { "line_or_1024" }, { "on_complete" } },
        { "resource limiting (50% cpu / memory, cgroups) deferred by the user",
          { "cgroups" }, { "resource limit" } },
        { "stack: rust kernel (axum + tokio) on 127.0.0.1:4000, vite + react + typescript ui; PLAN.md and " ..
          "AGENTS.md in the repo root; nix flake, justfile",
          { "axum" }, { "plan%.md" }, { "flake%.nix" } },
        { "mvp implemented: nix develop -c just test passed, api/health ok; run with nix develop -c just dev",
          { "just test" }, { "just dev" } },
        { "error: blank screen, uncaught referenceerror: global is not defined (toml parser); globalThis.global " ..
          "shim moved into ui/index.html",
          { "global is not defined" }, { "index%.html" } },
        { "bug: nodes could not be dragged (left-drag pans / selects); fixed by explicit width/height on flow " ..
          "nodes, then drag only updated at drag end",
          { "initialwidth" }, { "drag end" } },
        { "react flow error015 (dragging a node that is not initialized); fixed by switching to useNodesState / " ..
          "useEdgesState",
          { "error#015" }, { "error015" }, { "usenodesstate" } },
        { "error: 422 on PUT /api/workspaces/default (edges[0].from: missing field node_id); kernel model accepts " ..
          "camelcase, ui talks to kernel on port 4000",
          { "missing field `node_id`" }, { "422" } },
        { "architecture change: the client owns the workspace; run_node carries a full workspace snapshot, " ..
          "autorun moved client-side, kernel keeps persistence separate",
          { "run_node", "snapshot" }, { "autorun", "client%-side" } },
        { "policy: runtime ws events (exec_started, port_activity, display_update, ...) applied by id to the " ..
          "current graph, dropped for deleted nodes",
          { "exec_started" }, { "display_update" }, { "deleted node" } },
        { "list of 15 ui changes, one at a time: drag handles removed (done), port badges replaced by glowing " ..
          "handles (done), then the rest non-interactively",
          { "drag handle" }, { "is%-active" }, { "non%-interactively" } },
        { "remaining: buttons under the node, smaller text, delete affordances, bolder wires, line_or1024 typo, " ..
          "display reset per run; git init with what/why/how commits just starting",
          { "line_or1024" }, { "git init" }, { "frequent, meaningful commits" } },
      },
    },
    -- == DSLint: a figma plugin (color / spacing token checker): review, constitution, speckit.specify ==
    {
      agent = "codex", sealed21 = true, path = SESSIONS .. "/sealed21-dslint-figma-constitution.jsonl",
      facts = {
        { "project: DSLint, a figma plugin that checks color tokens (fills, strokes, spacing / padding tokens) " ..
          "on the selection",
          { "dslint" }, { "figma" } },
        { "request: review the codebase and update the constitution in .specify/memory/constitution.md (a " ..
          "placeholder template)",
          { "%.specify/memory/constitution%.md" }, { "review my codebase" } },
        { "files read: src/code.ts, apply.ts, scanner.ts, spacing.ts, typography.ts, variables.ts, ui.html, " ..
          "manifest.json",
          { "src/scanner%.ts" }, { "src/apply%.ts" }, { "manifest%.json" } },
        { "noise: every shell command prints shellenv.sh: /bin/ps: operation not permitted (sandbox)",
          { "/bin/ps: operation not permitted" } },
        { "finding: multi-paint nodes unsupported, scan and apply only look at the first paint",
          { "multi%-paint" }, { "first paint" } },
        { "finding: applyAllMissing re-scans for every node (applyNearestTokenToNode calls scanSelection), slow " ..
          "on large selections",
          { "applyallmissing" }, { "scanselection" } },
        { "finding: README outdated (still a fill-only checker; strokes, spacing, highlight, modes exist)",
          { "readme", "outdated" }, { "fill%-only" } },
        { "constitution v1.0.0 written, ratified / amended 2025-12-09: token-first, mode fidelity (light / " ..
          "dark), selection safety, offline, lean ui",
          { "1%.0%.0" }, { "2025%-12%-09" }, { "token%-first" } },
        { "request: create principles based on my product ideation; bumped to 1.0.1 (patch) with a sync impact " ..
          "report",
          { "product ideation" }, { "1%.0%.1" }, { "sync impact report" } },
        { "plan-template.md constitution check gates filled; spec-template.md and tasks-template.md left as " ..
          "manual follow-up; no .specify/templates/commands dir",
          { "plan%-template%.md" }, { "constitution check" } },
        { "suggested commit: docs: amend constitution to v1.0.1 and align plan gates",
          { "docs: amend constitution to v1%.0%.1" } },
        { "request: /speckit.specify a user-journey spec from the current codebase (who, problem, outcomes)",
          { "user journeys" }, { "speckit%.specify" } },
        { "git fetch failed in the sandbox (cannot open .git/FETCH_HEAD; could not resolve hostname github.com), " ..
          "then run with escalated permissions",
          { "fetch_head" }, { "could not resolve hostname github%.com" } },
        { "state at the end: create-new-feature.sh --number 1 --short-name user-journey-spec failed (cannot lock " ..
          "ref refs/heads/001-user-journey-spec), the escalated retry aborted by the user; no spec written",
          { "001%-user%-journey%-spec" }, { "cannot lock ref" }, { "aborted by user" },
          wrong = { "spec%.md written", "spec created" } },
      },
    },
  }
end
