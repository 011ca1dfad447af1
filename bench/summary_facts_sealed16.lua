-- bench/summary_facts_sealed16.lua: a sixteenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public Codex CLI rollouts that no other fact list takes (none of the
-- earlier sets' sessions, and none of their repositories), and that no
-- summarizer was ever run on: each list was written on 2026-12-02 by reading
-- only the raw transcript (the imported messages printed as text: user
-- messages, assistant text, tool calls with their arguments, the key lines
-- of their results), without running the extractive summarizer, the bench
-- or the `compact` command on them and without reading any summary of them.
-- Facts are in the bench's form ({ label, alternative, ... }, an alternative
-- a lowercase Lua pattern or a list of patterns that must all match, `wrong`
-- alternatives marking a fact lost), with the distinctive tokens (file
-- names, commands, identifiers, numbers, error words) rather than one
-- wording; they are about the goal, the requests, the files, the errors and
-- their fixes, the decisions and the state at the end, over the whole
-- session (early requests, middle outcomes, the end). Paths are relative to
-- the session's working directory where they are under it. Every (right)
-- alternative was then checked, by a throwaway script that calls no
-- summarizer, to match the imported input itself (all its message text,
-- call names and arguments, and results, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed16-<source>-<name>.
--
-- Where they come from: "TASK-*"-style take-home repositories (an offline
-- full-stack app built to a long prompt, in phases) that commit the agent's
-- own rollout under sessions/ beside converted copies (develop-N.json,
-- bugfix-N.json, trajectory.json: converted message arrays, not used here).
-- These are the raw Codex rollouts (session_meta first, real ids,
-- timestamps and tool outputs: cargo, npm/vitest, pytest, docker, git and
-- PowerShell errors). 34-284 messages (five of 165 or more), on Linux bash and Windows
-- PowerShell, three of them with a Codex compaction inside (their earlier
-- requests survive as user messages, one with the handoff summary).
--
-- Codex CLI rollouts:
--
-- * Strawhat404/DepotCycle-Device-Lifecycle-Marketplace @ b70fe0b21caa02a39d6200ee56add217a0449a46,
--   sessions/develop-1.jsonl
--   -> sealed16-depotcycle-rust-offline-build.jsonl (165 messages, 0.88 MB,
--   Linux bash): Part 1 (Axum + Leptos + SQLite foundation) written by hand
--   because cargo/rustc are missing, Part 2 (business logic and UI), the
--   Docker-based test run blocked by the sandbox and an unfinished image
--   pull, then "fix all Rust compile errors": cargo is there now but
--   index.crates.io cannot be resolved; ends while the build is rerun.
-- * Strawhat404/vehicle-inspection @ 88ab5694aba514684f4af9090736f64babb63118,
--   sessions/rollout-2026-03-26T13-38-12-019d29b9-24ab-7bc3-9fb4-aab0924487f9.jsonl
--   -> sealed16-roadsafe-auth-regression-handoff.jsonl (35 messages, 1.2 MB,
--   Linux bash, compacted): RoadSafe Inspection Operations (Koa, Vue, MySQL)
--   in three chunks; after the handoff summary the auth.js regression
--   (privilege-escalation check in /login) fixed, node --check, node --test,
--   vite build and ./run_tests.sh all pass.
-- * Strawhat404/TASK-31 @ ddbed6ca062dd103ce7a3ac77e32285fd5358c7b, sessions/session.json (JSONL
--   despite its name)
--   -> sealed16-roadsafe-audit-remediation-mysql.jsonl (253 messages, 0.92
--   MB, Linux bash): the same RoadSafe project two days later (that
--   repository also holds the rollout above, not used twice): an acceptance
--   audit (Not Accepted: cross-scope file ingest, outbox leak, rate limit
--   before auth, tests that never run), the remediation sprint inside repo/
--   only, then MySQL's ER_PARSE_ERROR on ADD COLUMN IF NOT EXISTS.
-- * eaglepointAiLabs/TASK-w1t9 @ 9509e97d16c05cff24e4be46b71d75e35a7a9470, sessions/session-1.jsonl
--   -> sealed16-pickup-roles-auth-tests.jsonl (189 messages, 1.5 MB, Windows
--   PowerShell): a Vue + Express neighborhood-pickup portal whose admin login
--   says "not authorized for this route"; 401/403 handling, role-aware
--   routing and UI fixed, stale .js siblings broke vitest, spawn EPERM;
--   then five missing backend test areas added (58 -> 78 tests).
-- * epha-b1/TASK-7 @ 6026f64f14683144f8e2f739c2f2ca9a4e7070d2, sessions/sessions-2.jsonl
--   -> sealed16-pickup-audit-fail-fix-bugfix4.jsonl (34 messages, 1.9 MB,
--   Windows PowerShell, compacted with an empty summary): the same kind of
--   pickup portal (same user and folder as the one above, another
--   repository and session): an acceptance audit (Fail: appeal object-level
--   authorization, withdrawals not leader-only, a hardcoded default key),
--   "fix all issues" (45/45 and 9/9 tests), then sessions/bugfix-4.json.
-- * switch247/MeridianCare-Outpatient-Operations @ 1284fc21404ea0b1561ec1602cf63d8bcf9912e6,
--   sessions/019d37b9-522a-79b2-801e-51a60d20b7ea.jsonl
--   -> sealed16-meridiancare-phases-3-5.jsonl (284 messages, 2.4 MB, Windows
--   PowerShell, compacted): an Angular + Fastify + PostgreSQL clinic
--   platform; after the compaction Phase 3 (pharmacy state machine) and
--   Phases 4-5 (manual billing, crawler, drift, backups), with a vitest
--   require() error, docker timeouts, a run_tests.ps1 that ignored failures
--   and a 201 == 200 assertion.
-- * Eyob-smax/MeridianOps-Retail-Performance-Platform @ 5714f9299de574cbad4cee96d083e28bd2299475,
--   sessions/session-2.jsonl
--   -> sealed16-meridianops-audit-then-fix.jsonl (206 messages, 1.7 MB,
--   Windows PowerShell): an acceptance audit of a FastAPI + Vue project
--   (report under .tmp, "Partially Pass"), then "do a fix on this": single-use
--   QR tokens, cross-day attendance, store-scoped KPI, the shared-dashboard
--   route, the CampaignsView.vue build error, bugfix-4.json.
--
-- Found and not written (same repository as a set above, or compacted to
-- little): the same MeridianOps commit's sessions/session.jsonl (Codex, 412
-- messages, 1.3 MB: prompts 1-7 of that project); Eyob-smax/CampusOps-task-44
-- and Strawhat404/vehicle-inspection sessions/session-2.jsonl, Eyob-smax/
-- FitCommerce-task-15, Hale17OT/Task-43 and Task-54, Strawhat404/TASK-128
-- (Claude Code, not this set's agent).
--
--   return value: function(SESSIONS) -> array of { agent, sealed16 = true, path, facts }

return function(SESSIONS)
  return {
    -- == DepotCycle: a Codex session building an offline Rust marketplace without a local Rust toolchain ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-depotcycle-rust-offline-build.jsonl",
      facts = {
        { "request 1: Part 1 of the DepotCycle Device Lifecycle Marketplace, the foundation only (no business " ..
            "workflows), in docs/ and repo/",
          "depotcycle", { "part 1", "foundation" }, { "device lifecycle", "marketplace" } },
        { "the stack: Axum backend, Leptos (WASM) frontend, SQLite, one offline docker compose up",
          { "axum", "leptos" }, { "axum", "sqlite" }, { "leptos", "wasm" } },
        { "the security rules: Argon2 passwords of 12+ characters, lockout after 5 failures for 15 minutes, " ..
            "30-minute sessions, AES-256 at rest, append-only audit",
          { "argon2", "lockout" }, { "argon2", "aes%-256" }, { "15%-minute", "lockout" } },
        { "cargo and rustc are not installed (cargo: command not found), so the files were written by hand",
          "cargo: command not found", "rustc: command not found", { "cargo", "not available" },
          { "cargo", "not installed" }, { "cargo", "missing" } },
        { "Part 1 files: repo/Cargo.toml workspace, docker-compose.yml, .env, run_tests.sh, " ..
            "backend/migrations/0001_initial.sql, backend/src/handlers.rs, auth.rs, security.rs",
          "0001_initial%.sql", { "handlers%.rs", "auth%.rs" }, { "security%.rs", "encrypt" } },
        { "Part 1 verification: only docker compose config passed; cargo test could not be run",
          { "docker compose", "config" }, { "compose config", "pass" } },
        { "request 2: Part 2, business logic and UI (roles, search, recommendations, chunked uploads, inventory " ..
            "documents with an append-only ledger, manager approvals) with unit and API tests",
          { "part 2", "business logic" }, { "part 2", "recommendation" }, { "inventory document", "approv" } },
        { "Part 2 files: migrations/0002_part2_workflows.sql, src/workflows.rs (requires_manager_approval), " ..
            "handlers.rs and frontend/src/main.rs rewritten, nginx.conf proxying /api/",
          "0002_part2_workflows", "requires_manager_approval", { "workflows%.rs" }, { "nginx", "/api/" } },
        { "the Docker test run (rust:1.77, cargo test -p unit_tests) was denied by the sandbox " ..
            "(docker.sock permission denied), then escalated; the image pull never finished",
          "docker%.sock", { "rust:1%.77", "pull" }, { "docker", "permission denied" } },
        { "run_tests.sh changed to fall back to the rust:1.77 Docker image when cargo is missing",
          { "run_tests%.sh", "fall" }, { "run_tests%.sh", "rust:1%.77" }, { "run_tests%.sh", "docker" } },
        { "request 3: fix every Rust compile error, building with cargo build -p backend --release and " ..
            "-p frontend --target wasm32-unknown-unknown --release, business logic unchanged",
          "wasm32%-unknown%-unknown", { "compile error", "business logic" }, { "cargo build %-p backend", "release" } },
        { "now cargo 1.94.1 / rustc are there (and the wasm32 target), but the build cannot resolve " ..
            "index.crates.io (aes-gcm's download fails, exit 101)",
          "index%.crates%.io", { "could not resolve", "crates" }, { "aes%-gcm", "download" }, { "1%.94%.1", "cargo" } },
        { "state at the end: the backend build is being rerun outside the sandbox; nothing compiled or tested yet",
          { "rerun", "outside the sandbox" }, { "cargo build", "outside" }, { "cargo build", "escalat" },
          wrong = { "cargo build[^\n]*succeeded", "cargo build[^\n]*passed", "all tests pass" } },
      },
    },
    -- == RoadSafe: a compacted Codex session finishing chunk 3 of a Koa/Vue/MySQL app after a handoff ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-roadsafe-auth-regression-handoff.jsonl",
      facts = {
        { "the project: RoadSafe Inspection Operations, offline; Koa backend, Vue frontend, MySQL",
          "roadsafe", { "koa", "vue", "mysql" } },
        { "chunk 1: fullstack/ backend and frontend, docs/, unit_tests/, API_tests/, run_tests.sh, " ..
            "docker-compose.yml with service_healthy; init.sql with append-only audit_events triggers",
          "service_healthy", { "init%.sql", "audit_events" }, { "append%-only", "trigger" } },
        { "chunk 2: scheduling (no overbooking, heavy-duty vehicles to bays 3-6, a 15-minute recalibration " ..
            "after 8 emissions tests) and the ingestion ETL (retries, 30-day backfill, miles to km, USD)",
          "recalibration", { "bays? 3", "6" }, { "ingestion", "etl" } },
        { "chunk 3: faceted search (25 per page, trending keywords from 7 days), messaging with a manual " ..
            "SMS/email outbox, AES-256, file governance, 7-year retention, privilege-escalation detection",
          { "outbox", "manual" }, { "trending", "search" }, { "7%-year", "retention" }, "tombston" },
        { "the handoff summary: chunk 3 written, but auth.js broke: a privilege-escalation check in /login " ..
            "used undefined role_name / username / ctx.state.user",
          { "auth%.js", "regression" }, { "login", "detectprivilegeescalation" }, { "role_name", "undefined" } },
        { "the fix: the detectPrivilegeEscalation call removed from /login and put in /register after " ..
            "the role is validated (fullstack/backend/src/routes/auth.js)",
          { "register", "detectprivilegeescalation" }, { "routes/auth%.js", "register" }, { "remov", "/login" } },
        { "node --check on the changed routes (auth, search, messages, files, compliance) is clean",
          "node %-%-check" },
        { "node --test unit_tests/*.test.js API_tests/*.test.js: 4 tests, 4 pass",
          "node %-%-test", { "tests 4", "pass 4" } },
        { "the frontend build (npm run build, vite) passes",
          { "npm run build", "vite" }, { "vite build" }, { "built in" } },
        { "./run_tests.sh passes (backend checks, unit 2/2, API 2/2)",
          { "run_tests%.sh", "pass" }, "test orchestration complete" },
        { "docs/api-spec.md's title updated from Chunk 2 to the final / Chunk 3",
          { "api%-spec%.md", "chunk 3" }, { "api%-spec", "title" } },
        { "apply_patch was sent through exec_command (the harness warned: use the apply_patch tool)",
          { "apply_patch", "exec_command" } },
      },
    },
    -- == RoadSafe again: a later Codex session auditing the delivery, remediating it, then a MySQL parse error ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-roadsafe-audit-remediation-mysql.jsonl",
      facts = {
        { "request 1: a 'Delivery Acceptance / Project Architecture Audit' of the project, report under ./.tmp/",
          { "acceptance", "architecture audit" }, { "delivery acceptance", "audit" } },
        { "the audit's runtime checks: run_tests.sh missing, node --test fails (ERR_MODULE_NOT_FOUND: imports " ..
            "point at ../fullstack/), the backend cannot start without MySQL (getaddrinfo EAI_AGAIN mysql), " ..
            "the frontend build passes",
          "err_module_not_found", "eai_again", { "fullstack/", "import" } },
        { "the verdict: Not Accepted; the report .tmp/delivery_acceptance_audit_2026-03-28.md",
          "not accepted", "delivery_acceptance_audit_2026%-03%-28" },
        { "the blocker: file ingest crosses scope (routes/files.js); high: the outbox export leaks other scopes " ..
            "(messagingService.js), the rate limit runs before auth, backend npm test runs 0 tests",
          { "files%.js", "ingest" }, { "outbox", "leak" }, { "rate", "before", "auth" } },
        { "request 2: the remediation sprint inside repo/ (enforceScope on ingest, outbox WHERE by " ..
            "location_code/department_code, auth before rate limit, inspections.js, test paths, 2-year " ..
            "retention, generic Internal Server Error, docs)",
          "enforcescope", { "inspections%.js", "inspector" }, { "internal server error", "error" },
          { "2 years", "retention" } },
        { "the git state is dirty with deletions outside repo/ that the agent did not make; it asked, the user " ..
            "confirmed: edit only files under repo/ and ignore the rest",
          { "outside", "repo/" }, { "dirty", "git" } },
        { "fixes: files.js takes location/department from ctx.state.user only; messagingService.js and " ..
            "messages.js filter the outbox by the actor's scope; server.js runs auth before the rate limit " ..
            "and hides error.message",
          { "ctx%.state%.user", "files%.js" }, { "messagingservice%.js", "scope" }, { "server%.js", "rate" } },
        { "the tests repaired: imports ../fullstack/... -> ../backend/... in unit_tests/ and API_tests/, " ..
            "backend package.json's test script fixed, repo/run_tests.sh added",
          { "%.%./backend/", "%.%./fullstack/" }, { "run_tests%.sh", "package%.json" } },
        { "added: /api/inspections (queue, publish result, my results, customer reports), " ..
            "InspectorDashboard.vue and CustomerView.vue, dashboard KPIs",
          "/api/inspections", "inspectordashboard", "customerview%.vue" },
        { "ETL resume from a checkpoint: last_processed_row in ingestionService.js",
          "last_processed_row", { "checkpoint", "resume" } },
        { "verification: ./run_tests.sh passes (backend 4/4) and the frontend npm run build passes",
          { "run_tests%.sh", "pass" }, { "backend", "4/4" } },
        { "request 3: the backend crashes with ER_PARSE_ERROR: MySQL has no ADD COLUMN IF NOT EXISTS " ..
            "(ensureSchemaCompatibility), blocking the one-click startup",
          "er_parse_error", "add column if not exists", "ensureschemacompatibility" },
        { "the fix: ensureSchemaCompatibility checks INFORMATION_SCHEMA.COLUMNS (location_code, " ..
            "department_code, team_id) before a plain ALTER TABLE users ADD COLUMN; the old block removed " ..
            "from db/init.sql; healthcheck.js present",
          "information_schema%.columns", { "alter table users", "add column" }, { "init%.sql", "remov" } },
        { "state at the end: node --check server.js passes, no ADD COLUMN IF NOT EXISTS left; MySQL startup " ..
            "itself not rerun",
          { "node %-%-check", "server%.js" }, { "no remaining", "add column if not exists" } },
      },
    },
    -- == neighborhood pickup portal: a Codex session (PowerShell) fixing role handling, then adding tests ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-pickup-roles-auth-tests.jsonl",
      facts = {
        { "request: roles don't work: the admin login says 'not authorized for this route', only a red notice, " ..
            "no logout; fix frontend and backend auth, modern UI, production ready",
          "not authorized for this route", { "red", "notice" }, { "admin", "not authorized" } },
        { "the workspace (task-2) is not a git repository; the app is the neighborhoodpickup-portal " ..
            "npm workspace (backend, frontend) under fullstack/",
          "not a git repository", "neighborhoodpickup" },
        { "the cause: 401 and 403 were treated as ordinary fetch failures, and the home route came from roles[0]",
          { "401", "403" }, "roles%[0%]" },
        { "the fix: a 401 clears the session and returns to login; a role-forbidden 403 goes to a forbidden page",
          { "401", "login" }, { "403", "forbidden" } },
        { "files changed: frontend src/api/client.ts, stores/authStore.ts, router/index.ts, constants/roles.ts; " ..
            "backend middleware/rbac.ts, sessionAuth.ts, routes/authRoutes.ts (structured auth error codes)",
          { "client%.ts", "authstore" }, { "rbac%.ts", "sessionauth" }, { "authroutes%.ts", "error code" } },
        { "the UI: AppShell.vue, LoginPage.vue, ForbiddenPage.vue and styles.css reworked (role-aware navigation)",
          { "appshell%.vue", "forbiddenpage" }, { "loginpage%.vue", "styles%.css" } },
        { "the frontend tests first failed (api-client.test.ts, 8 of 12): stale compiled .js siblings were " ..
            "picked up; vitest.config.ts now resolves the .ts sources",
          { "vitest%.config%.ts", "%.js" }, { "stale", "%.js" }, { "api%-client%.test%.ts", "fail" } },
        { "the frontend build hit spawn EPERM in the sandbox and passed after escalation",
          "spawn eperm" },
        { "verification: npm.cmd run -w backend test (58 passed), -w frontend test (12 passed), both builds",
          { "npm%.cmd run %-w backend test" }, { "58 passed" }, { "npm%.cmd run %-w frontend build" } },
        { "request 2: 'fix this issues': the audit's five missing test areas (auth routes, leader flows, " ..
            "retention windows, authorization matrix, secret-artifact guard)",
          "fix this issues", { "secret%-artifact", "guard" }, { "authorization matrix" } },
        { "the new backend tests: authRoutes.test.ts (cookies, 423 lockout), leaderService.test.ts, " ..
            "behaviorRepository.test.ts (90-day archive, 365-day purge), authorizationMatrix.test.ts, " ..
            "secretArtifactGuard.test.ts",
          "secretartifactguard", "authorizationmatrix%.test", { "423", "lockout" }, { "90%-day", "365%-day" } },
        { "state at the end: backend tests 78 passed and the backend build passes; nothing committed (no git)",
          "78 passed", "78 passing", { "78", "tests" },
          wrong = { "committed the", "pushed to" } },
      },
    },
    -- == neighborhood pickup portal again: a short compacted Codex session auditing, then fixing, then logging ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-pickup-audit-fail-fix-bugfix4.jsonl",
      facts = {
        { "request: a 'Delivery Acceptance / Project Architecture Review' of the project in the working directory",
          "delivery acceptance", { "acceptance", "architecture review" } },
        { "the verdict: Fail; the report at .tmp/delivery_acceptance_review.md",
          "delivery_acceptance_review%.md", "verdict[^\n]*fail" },
        { "defect 1: appeal creation lacks object-level authorization (appeals against arbitrary orders/comments)",
          { "appeal", "object%-level" } },
        { "defect 2: withdrawal endpoints are not restricted to leaders (anyone can create approved withdrawals)",
          { "withdrawal", "leader" } },
        { "defect 3: at-rest encryption falls back to a hardcoded default key (AES-256)",
          { "hardcoded", "key" }, { "default key" } },
        { "the audit's boundary: backend build passed, Docker not started, vitest and the frontend build " ..
            "blocked by spawn EPERM",
          "spawn eperm", { "docker", "not start" } },
        { "request 2: fix all issues and defects, frontend, backend and tests",
          { "fix all issues", "tests" } },
        { "the fixes: appealService.ts (object-level access), financeService.ts / financeRoutes.ts (approved " ..
            "leaders and privileged roles only), config/env.ts (no silent hardcoded key)",
          { "appealservice%.ts", "financeservice%.ts" }, { "financeroutes%.ts", "env%.ts" } },
        { "also: behavior telemetry (trackEvent, behaviorService.ts), appeal file integrity on " ..
            "AppealStatusPage.vue, leader withdrawal UX on GroupLeaderHomePage.vue",
          { "trackevent", "behaviorservice" }, "appealstatuspage", "groupleaderhomepage" },
        { "only test harness files were patched for the last failures (discussionService.test.ts, " ..
            "trackEvent.test.ts, finance-api.test.ts, api-client.test.ts)",
          { "discussionservice%.test%.ts", "trackevent%.test%.ts" }, { "finance%-api%.test", "api%-client%.test" } },
        { "verification: backend tests 45/45, frontend 9/9, backend build and vue-tsc -b pass",
          "45/45", "45 passed", { "9/9", "vue%-tsc" } },
        { "git status impossible: not a git repository",
          "not a git repository" },
        { "request 3 and the end: sessions/bugfix-4.json written in the folder's format (session_type bugfix, " ..
            "a trace entry bugfix-2026-03-28-04)",
          "bugfix%-4%.json", "bugfix%-2026%-03%-28%-04", { "bugfix%-4", "sessions" } },
      },
    },
    -- == MeridianCare: a compacted Codex session (PowerShell) on phases 3 to 5 of a clinic platform ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-meridiancare-phases-3-5.jsonl",
      facts = {
        { "the project: MeridianCare Outpatient Operations, on-premise clinic with pharmacy, supply room and " ..
            "billing; Angular frontend, Fastify backend, PostgreSQL, under repo/",
          "meridiancare", { "angular", "fastify" }, { "fastify", "postgres" } },
        { "the plan: requirements 1-41 with a traceability matrix (docs/requirements_traceability.md), " ..
            "phases 1-5, the .agents/general_guide.md and qa_guide.md as hard rules",
          "requirements_traceability", { "41", "requirement" }, { "general_guide", "qa_guide" } },
        { "the user: proceed without asking for confirmation every time",
          { "confirmation", "ask" }, { "confirmation", "proceed" } },
        { "Phase 3 (pharmacy and inventory): prescription_state_machine.js, pending -> approved -> " ..
            "partially_dispensed / dispensed, no void after a dispense; routes/prescriptions.js",
          "prescription_state_machine", { "partially_dispensed", "dispensed" }, { "void", "dispense" } },
        { "the pharmacist queue page: frontend pharmacist-queue-page.component.ts",
          "pharmacist%-queue%-page" },
        { "a unit spec failed: Vitest cannot be imported in a CommonJS module using require(); the require " ..
            "line removed (21 tests then pass)",
          "cannot be imported in a commonjs module", { "vitest", "require" } },
        { "docker compose up --build -d timed out; the t2-frontend container removed and rebuilt",
          "t2%-frontend", { "docker compose up", "timed out" } },
        { "request: no external payment integration, implement phase 4 and move on to 5",
          "no external payment", { "payment", "manual" } },
        { "Phase 4: manual-only invoices, invoice_state_machine.js (unpaid -> paid / cancelled), tenderType, " ..
            "US ZIP shipping zones, invoices-page.component.ts",
          "invoice_state_machine", "tendertype", { "unpaid", "paid" }, { "zip", "shipping" } },
        { "Phase 5: crawler orchestration (crawler.js), /api/models/drift, /api/observability/exceptions, " ..
            "nightly encrypted backups with 30-day retention (backup_runs), admin-ops-page.component.ts",
          "/api/models/drift", "backup_runs", "admin%-ops%-page", { "crawler", "checkpoint" } },
        { "run_tests.ps1 printed Done despite a failure: rewritten with a step function checking $LASTEXITCODE; " ..
            "its '$LASTEXITCODE:' was a PowerShell ParserError, fixed as ${LASTEXITCODE}",
          "invalidvariablereferencewithdrive", { "lastexitcode", "parsererror" }, "%${lastexitcode}" },
        { "requirement_api_test.js failed 201 == 200 on POST /api/admin/backups/nightly: the assertion now " ..
            "expects 201, and the backend image was rebuilt (docker compose up --build -d backend)",
          { "201 == 200" }, { "requirement_api_test", "201" }, { "backups/nightly", "201" } },
        { "state at the end: run_tests.ps1 passes all 7 stages (unit 24 tests, smoke, requirement, phase 2-5 " ..
            "E2E); the work is uncommitted (git status)",
          { "7 stages", "pass" }, { "%[7/7%]", "passed" }, { "phase 5 ops e2e passed" },
          wrong = { "requirement api tests? still fail", "requirement_api_test[^\n]*still fail" } },
      },
    },
    -- == MeridianOps: a Codex session (PowerShell) auditing a FastAPI + Vue delivery, then fixing its findings ==
    {
      agent = "codex", sealed16 = true, path = SESSIONS .. "/sealed16-meridianops-audit-then-fix.jsonl",
      facts = {
        { "request 1: a 'Delivery Acceptance / Project Architecture Review' of the project, item by item " ..
            "against the criteria, without starting Docker",
          "delivery acceptance", { "acceptance", "architecture review" }, { "not start docker" } },
        { "the project: FastAPI backend and Vue frontend under fullstack/ (a retail performance platform)",
          { "fastapi", "vue" } },
        { "PowerShell blocked npm.ps1 (running scripts is disabled); npm.cmd used instead, the venv python " ..
            "at ..\\..\\.venv",
          "npm%.ps1", { "running scripts is disabled" }, { "npm%.cmd" } },
        { "backend pytest: 40 passed, 2 skipped (audit)",
          "40 passed, 2 skipped" },
        { "frontend build failed: CampaignsView.vue(138): error TS2304: Cannot find name 'extractError'",
          "extracterror", { "campaignsview%.vue", "ts2304" } },
        { "frontend vitest failed with spawn EPERM in the sandbox (environment, not an assertion)",
          "spawn eperm" },
        { "the audit's findings: QR tokens rotate but are not single-use (attendance_service.py), store " ..
            "managers reach other stores' KPI (operations.py, kpi_service.py), share links have no SPA route",
          { "attendance_service%.py", "qr" }, { "kpi", "store" }, { "shared", "route" } },
        { "the report: .tmp/delivery_acceptance_architecture_review_2026-03-28.md, verdict Partially Pass",
          "delivery_acceptance_architecture_review", "partially pass" },
        { "request 2: 'do a fix on this'", "do a fix on this" },
        { "fixes: single-use QR tokens and a cross_day_shift_cutoff_hour rule (migration " ..
            "20260328_0010_attendance_qr_cross_day.py), KPI store scope in operations.py",
          "cross_day_shift_cutoff_hour", "20260328_0010", { "single%-use", "qr" } },
        { "frontend: a /shared/:token route, SharedDashboardView.vue and the analytics.ts client; " ..
            "CampaignsView.vue's compile error fixed",
          "shareddashboardview", "/shared/:token", { "analytics%.ts", "shared" } },
        { "the PostgreSQL locking suite in the default Docker backend test path (docker-compose.yml, " ..
            "run-tests.sh, README.md)",
          { "postgres", "locking" }, { "run%-tests%.sh", "postgres" } },
        { "a KPI test exposed 403 turned into 400 by the route's handler; fixed, then pytest 43 passed, " ..
            "2 skipped",
          "43 passed, 2 skipped", { "403", "400" } },
        { "state at the end: frontend build passes, analytics.spec.ts 3 passed (full vitest suite not rerun), " ..
            "sessions/bugfix-4.json written",
          "bugfix%-4%.json", { "analytics%.spec%.ts", "3 passed" },
          wrong = { "full frontend vitest suite pass", "full vitest suite pass" } },
      },
    },
  }
end
