-- bench/summary_facts_sealed15.lua: a fifteenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' repositories), and that no summarizer was ever run on: each list was
-- written on 2026-12-02 by reading only the raw transcript (the imported
-- messages printed as text: user messages, assistant text and thinking, tool
-- calls with their arguments, the key lines of their results), without
-- running the extractive summarizer, the bench or the `compact` command on
-- them and without reading any summary of them. Facts are in the bench's
-- form ({ label, alternative, ... }, an alternative a lowercase Lua pattern
-- or a list of patterns that must all match, `wrong` alternatives marking a
-- fact stated the opposite way), with the distinctive tokens (file names,
-- commands, identifiers, error words) rather than one wording; they are about
-- the goal, the requests, the files, the errors and their fixes, the
-- verdicts and the state at the end. Paths are relative to the session's
-- working directory. Every (right) alternative was then checked, by a
-- throwaway script that calls no summarizer, to match the imported input
-- itself (message text, thinking, call names and arguments, results,
-- lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed15-<source>-<name>.
--
-- Seven Claude Code main transcripts that projects committed (five of them
-- "TASK" delivery repositories that keep the raw session under sessions/
-- next to converted develop-N.json files, which are not used):
--
-- * Strawhat404/vehicle-inspection @ 08c9a50b48ffc0c45ee6fc80ac2ac31f0c293045
--   sessions/session-2.jsonl -> sealed15-vehicle-inspection-audit-fixes.jsonl
--   (92 messages, 3 requests; Koa + MySQL "RoadSafe" backend): six audit
--   issues fixed (ingest path traversal bounded to the drop root, AES key
--   fallback now throws, fixed AUDIT_EXPORT_DIR, purge endpoint removed,
--   per-username lockout, escalation predicate), then seven minor ones
--   (lowercased lockout key, scheduling transaction, dashboard scope, ...),
--   then the dashboard regression (ingestion_jobs has no location columns:
--   joined through submitted_by). No command run, nothing committed.
-- * Strawhat404/TASK-119 @ 3d811202bf5445ce8aef7c8506976f9c6c99dd0f
--   sessions/session.jsonl -> sealed15-harborgate-build-audit-fixes.jsonl
--   (205 messages, 4 requests; vanilla JS + IndexedDB SPA): HarborGate
--   scaffold (import.meta.dirname on Node 18 fixed), the full feature build
--   (200 tests), the Notifications inbox view, then five audit issues (seeded
--   admin, visitor-only registration, CMS role checks, encryption at rest,
--   tests importing frontend/js/lib/*-logic.js; "Unexpected token 'export'"
--   fixed by frontend/package.json): 199 tests pass.
-- * jamescoward/tool-calling-unmasked @ baf8c22ddc4a58272e476eb8e082f20b84f5355a
--   build-session.jsonl -> sealed15-agents-unmasked-presentation.jsonl (252
--   messages, many short requests): a talk built as a webpage, planned (a
--   failed background Task agent, questions answered), PLAN.md, index.html /
--   styles.css / app.js with 8 stages, renamed "Agents Unmasked", light mode,
--   snapshot/restore for backward navigation, a prompts slide, jump-ahead
--   dots, the notes read_file/write_file example (backed out, redone). No
--   commit.
-- * Eyob-smax/CampusOps-task-44 @ ee422599e4f68fec86319b277fa666d3ee8ac73e
--   sessions/session-2.jsonl -> sealed15-campusops-audit-docker-fixes.jsonl
--   (446 messages; Express + Prisma + Vue, Docker only, on Windows): audit
--   fixes (observability auth, idempotency alias and coverage, API signing,
--   circuit breaker, mysqldump, TLS later removed with nginx on request),
--   Docker build errors (frontend/backend TypeScript, apk), "don't run any
--   docker commands", sessions/bugfix-1..3.json, a frontend audit (dashboard,
--   stored value view, memory-only token); ends interrupted.
-- * Hale17OT/Task-43 @ 60ca640323c1c0ce66ff32d5e92a89209c5fecfc
--   sessions/develop-1.jsonl -> sealed15-justiceops-build-e2e-audit.jsonl
--   (761 messages; Fastify + Knex + PostgreSQL RLS, Angular): plan in
--   .temp/FINAL_PLAN.md, 18 modules (56 tests), Playwright E2E after a long
--   SCRAM / local PostgreSQL detour, everything moved to docker compose up,
--   58/58 E2E; then a six-finding audit (bypass_rls removed from 12 route
--   files, notification ownership, contract mismatches, rate limiter clamp,
--   README, 19 frontend tests).
-- * Hale17OT/Task-54 @ 5fe37ad3dbad750bf6deb6d1ce25dbe97995daf2
--   sessions/develop-1.jsonl -> sealed15-clinic-commerce-devplan-modules.jsonl
--   (379 messages; NestJS + React/shadcn monorepo): a plan, a revised
--   specification, .temp/devplan.md (3,897 lines), then modules 0-9 with the
--   test count growing 5 -> 22 -> 37 -> 70 -> 103 -> 141 (one HH/H flag test
--   fixed), Playwright specs written but never run.
-- * jamesdanielwhitford/tool-error-web-only @ fdc645624f0bb28ae50a895b7ea136795afe8420
--   session/session.jsonl -> sealed15-ai-sdk-tool-error.jsonl (64 messages):
--   a Vercel AI SDK utility forcing a tool that always throws; missing API
--   key, then "input_schema.type: Field required" with AI SDK 6 + Zod 4,
--   downgrade to ai@4 / zod@3, ToolExecutionError caught and returned.
return function(SESSIONS)
  return {
    -- == RoadSafe vehicle inspection (Koa + MySQL): audit findings fixed in three rounds ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-vehicle-inspection-audit-fixes.jsonl",
      facts = {
        { "request 1: act as a senior engineer and fix six audit issues (path traversal, AES key fallback, " ..
          "audit export path, purge endpoint, brute force, privilege escalation detection)",
          { "path traversal", "source_path" }, { "issue%-01", "issue%-06" } },
        { "ISSUE-01: fileGovernanceService.js: the resolved source_path must stay inside config.ingestion.dropRoot",
          { "filegovernanceservice", "droproot" }, { "source_path", "drop root" }, { "path traversal", "droproot" } },
        { "ISSUE-02: encryption.js getKey() throws (DATA_ENCRYPTION_KEY must be 64 hex chars) instead of the " ..
          "sha256('roadsafe-dev-key') fallback",
          { "getkey", "throw" }, { "data_encryption_key", "64" }, { "roadsafe%-dev%-key", "remov" },
          { "encryption%.js", "fallback" } },
        { "ISSUE-03: audit export no longer takes output_dir from the body; AUDIT_EXPORT_DIR in config.js " ..
          "(/var/roadsafe/audit-exports)",
          { "audit_export_dir" }, { "output_dir", "exportauditledger" }, "/var/roadsafe/audit%-exports" },
        { "ISSUE-04: purgeExpiredAuditEvents and POST /api/audit/retention/purge removed (the append-only " ..
          "trigger blocks the DELETE)",
          { "purgeexpiredauditevents", "remov" }, { "retention/purge", "remov" }, { "purge", "trigger" } },
        { "ISSUE-05: auth.js locks a username for 15 minutes after 5 failed logins (in-memory loginAttempts map)",
          { "login_max_attempts", "5" }, { "5", "failed", "15 minutes" }, { "lockout", "auth%.js" } },
        { "ISSUE-06: securityMonitorService.js escalation predicate was always false for an Administrator " ..
          "actor; now HIGH_PRIV.has(assignedRole)",
          { "high_priv", "assignedrole" }, { "detectprivilegeescalation" }, { "escalation", "always false" } },
        { "request 2: seven minor issues: scheduling transaction, ingestion health scope, duplicate closure " ..
          "requests, default admin hint, .env.example, lowercase lockout key, README task2/",
          { "very minor", "issue" }, { "schedulingservice", "transaction" }, { "task2", "readme" } },
        { "lockout key lowercased (lockoutKey = normalizedUsername.toLowerCase()) so admin/Admin/ADMIN share " ..
          "one counter",
          { "lockoutkey", "tolowercase" }, { "admin/admin/admin" }, { "case%-insensitive", "lockout" } },
        { "schedulingService.js: the appointments + bay_capacity_locks inserts wrapped in a transaction " ..
          "(getConnection, rollback instead of manual DELETE)",
          { "getconnection", "transaction" }, { "bay_capacity_locks", "transaction" }, { "rollback", "appointment" } },
        { "LoginForm.vue default credential hint (admin / Admin@123456) removed; retentionService.js returns " ..
          "an existing pending closure request",
          { "loginform%.vue", "remov" }, { "admin@123456", "hint" }, { "retentionservice", "pending" },
          { "closure", "idempot" } },
        { "round 3: the dashboard.js ISSUE-02 fix broke /api/dashboard/summary (ingestion_jobs has no " ..
          "location_code/department_code columns: MySQL error)",
          { "regression", "ingestion_jobs" }, { "ingestion_jobs", "location_code", "do not exist" },
          { "dashboard", "regression" } },
        { "fixed by joining users on ingestion_jobs.submitted_by and filtering on u.location_code / " ..
          "u.department_code",
          { "submitted_by", "join users" }, { "u%.location_code" }, { "submitted_by", "users" } },
        { "end: the regression fix is the last change; no command was run (no tests, no build) and nothing committed",
          { "regression is fixed" }, { "fixed", "submitted_by" },
          wrong = { "still failing:[^\n]*ingestion_jobs", "still failing:[^\n]*dashboard" } },
      },
    },
    -- == HarborGate (vanilla JS + IndexedDB SPA): scaffold, full feature build, inbox view, audit fixes ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-harborgate-build-audit-fixes.jsonl",
      facts = {
        { "goal: build the HarborGate Visitor Access & Content Compliance system under repo/ (vanilla JS, " ..
          "hash routing, IndexedDB, Web Crypto, nginx:alpine docker-compose, node:test tests, run_tests.sh)",
          { "harborgate", "visitor access" }, { "indexeddb", "web crypto" }, { "run_tests%.sh", "node %-%-test" } },
        { "scaffold's first run_tests.sh failed (exit code 1): import.meta.dirname is missing in Node 18, " ..
          "fixed in API_tests/app.test.js (then 63 tests pass)",
          "import%.meta%.dirname", { "dirname", "node 18" } },
        { "request 2: implement all features (auth with 12-char policy and 5-attempt lockout, roles, " ..
          "reservations/entry permissions, remote unlock with 2 s ACK and outbox, venue map/POI, notifications, " ..
          "CMS, admin console, import/export)",
          { "features to implement" }, { "remote unlock", "ack" }, { "15 min before", "30 min after" },
          { "geofence", "walk" } },
        { "services written: auth.js, audit.js, permissions.js, device.js, notifications.js, map.js, cms.js, " ..
          "importexport.js; views login.js, unlock.js, admin.js; components drawer.js, session-warning.js",
          { "services/permissions%.js" }, { "services/cms%.js" }, { "importexport%.js" }, { "session%-warning%.js" } },
        { "feature build verdict: 200 tests pass (138 unit + 62 API), 0 fail",
          { "200 tests pass" }, { "138", "62" }, { "# pass 138" } },
        { "request 3: the Notifications view (views/notifications.js) shows raw template ids " ..
          "(reservation_approved); make a real inbox; change only the view file",
          { "notifications%.js", "template id" }, { "reservation_approved" }, { "your inbox is empty" },
          { "mark all as read" } },
        { "inbox fix: rendered n.message, type badge, unread indicator, grouped by date newest first, " ..
          "sort precedence bug (b.timestamp || b.createdAt - ...) fixed; inbox CSS in styles.css",
          { "operator precedence" }, { "n%.message" }, { "inbox", "styles%.css" },
          { "grouped", "today", "yesterday" } },
        { "request 4: audit failed, five issues: no admin on first run, self-registration escalation, " ..
          "/content not role-protected, no encryption at rest, tests that don't test production code",
          { "audit", "failed", "issue 1" }, { "no admin account on first run" },
          { "self%-registration", "privilege escalation" }, { "encryption at rest" } },
        { "initAdmin() seeds admin / Admin@HarborGate1! when the users store is empty (called in index.html), " ..
          "README updated",
          { "initadmin", "admin@harborgate1!" }, { "initadmin", "index%.html" } },
        { "registration is visitor-only (hidden role input, safeRole = 'visitor'); renderContent uses " ..
          "requireRole(['admin', 'reviewer']) and each CMS mutation checks hasRole",
          { "registration", "visitor", "only" }, { "saferole" }, { "requirerole", "reviewer" } },
        { "encryption at rest: deriveSessionKey/encryptRecord/decryptRecord in crypto.js, db.js encrypts " ..
          "ENCRYPTED_STORES (users) with a key held in memory only",
          { "derivesessionkey" }, { "encrypted_stores" }, { "encryptrecord", "decryptrecord" },
          { "setencryptionkey" } },
        { "tests: pure logic moved to frontend/js/lib/*-logic.js (7 modules) that the unit tests import; " ..
          "old inline device.test.js removed",
          { "js/lib", "auth%-logic%.js" }, { "lib/", "pure" }, { "device%.test%.js", "remov" } },
        { "then 8 test files failed with SyntaxError: Unexpected token 'export' (store.js loaded as CommonJS); " ..
          "fixed by frontend/package.json with \"type\": \"module\"",
          { "unexpected token 'export'" }, { "frontend/package%.json" }, { "type", "module", "frontend" } },
        { "end: 199 tests pass (164 unit + 35 API), 0 fail; nothing committed in the session",
          { "199 tests pass" }, { "164", "35" }, { "# pass 164" },
          wrong = { "still failing:[^\n]*store%.test", "still failing:[^\n]*unexpected token" } },
      },
    },
    -- == "Demystifying Agents" talk built as a webpage (later "Agents Unmasked"): plan, 8 stages, polish ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-agents-unmasked-presentation.jsonl",
      facts = {
        { "goal: a talk 'Demystifying agents' built with Claude Code as an evolving chatbot-style webpage " ..
          "(stateless model, reasoning, tool calling, RAG, agent.md, skills, context all the way down)",
          { "demystifying agents", "webpage" }, { "stateless", "tool calling", "rag" }, { "turtles", "context" } },
        { "the background planning Task agent was interrupted ('got a bit stuck'), then failed: " ..
          "classifyHandoffIfNeeded is not defined; the plan was written directly",
          "classifyhandoffifneeded", { "stuck", "plan directly" }, { "got a bit stuck" } },
        { "decisions from the questions: split panel (chat left, 'under the hood' right), ~15 minutes, " ..
          "no live demos",
          { "split panel", "15 min" }, { "split panel", "no live demo" }, { "two%-panel", "15" } },
        { "skills stage covers discoverable skills (the model infers 'save my changes') as well as an " ..
          "explicit /commit",
          { "discoverable skills" }, { "save my changes", "/commit" } },
        { "user: pause after each phase and keep the plan in an md file to commit: PLAN.md written; " ..
          "vanilla index.html, styles.css, app.js (all 8 stages in phase 1)",
          { "plan%.md" }, { "pause after each phase" }, { "index%.html", "styles%.css", "app%.js" } },
        { "right panel always visible, with a title slide in stage 1 (left-panel class split, " ..
          "right-panel visible)",
          { "title slide", "right panel" }, { "always", "right panel", "title slide" } },
        { "renamed to 'Agents Unmasked' and a light/dark theme toggle (:root.light, #theme-toggle, " ..
          "--pink-dim instead of #2d1a2e)",
          { "agents unmasked" }, { "theme%-toggle" }, { "light", "toggle", "theme" }, { "%-%-pink%-dim" } },
        { "phase 2: stage 2's context sections build up one at a time, inline callouts replaced by a " ..
          ".context-callout class",
          { "context%-callout" }, { "one at a time", "context" } },
        { "polish audit: backward navigation across stage boundaries wiped the right panel; fixed with " ..
          "snapshotRightPanel / restoreRightPanel (panelSnapshots); dead showRightPanel/hideRightPanel, " ..
          "stateStack removed; theme double-toggle fixed",
          { "snapshotrightpanel" }, { "restorerightpanel" }, { "panelsnapshots" }, { "backward", "snapshot" } },
        { "final slide lists all of the user's prompts; reveal text 'built with Claude Code'; the note " ..
          "(all 8 stages built from prompt 1) moved to prompt 6, prompt-meta colour --text-secondary for contrast",
          { "built with claude code" }, { "prompts%-reveal" }, { "prompt%-meta", "text%-secondary" },
          { "all 8 stages were already built" } },
        { "jump ahead by clicking the progress dots: jumpToStage replays the steps with a .no-animate class",
          { "jumptostage" }, { "no%-animate" }, { "progress dot", "jump" } },
        { "tool-calling stage: 'save this to my notes' with read_file / write_file of notes.txt instead of " ..
          "the London weather example; the user backed the change out, it was redone from the capitals " ..
          "conversation",
          { "read_file", "write_file", "notes" }, { "backed out" }, { "weather", "notes%.txt" } },
        { "end: /exit, /export to clipboard, then 'whats the id for this session?'; no git commit was made",
          { "id for this session" }, { "/export" }, { "conversation copied to clipboard" } },
      },
    },
    -- == CampusOps (Express + Prisma + Vue, Docker only): audit fixes, Docker build errors, frontend audit ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-campusops-audit-docker-fixes.jsonl",
      facts = {
        { "request: fix every issue of the TASK-15 acceptance audit (verdict FAIL: TLS on LAN, API signing not " ..
          "wired, observability routes without auth, idempotency, backups, weak tests); Docker only, " ..
          "coverage over 90 percent",
          { "tls", "api signing", "idempotency" }, { "90 percent" }, { "acceptance", "fail", "signing" } },
        { "observability routes get authenticate; denyAuditorWrites made a factory to match its call sites",
          { "authenticate", "observability" }, { "denyauditorwrites", "factory" } },
        { "idempotency: fulfillment.routes.ts imported idempotencyMiddleware but the module exports " ..
          "idempotency (alias added); idempotency added to every mutating route",
          { "idempotencymiddleware", "alias" }, { "idempotency", "mutating route" }, { "symbol mismatch" } },
        { "API signing middleware wired into classroom heartbeat, parking entry/exit and carrier sync; " ..
          "circuit breaker wired into carrier sync; backups now a real mysqldump plus manifest",
          { "api signing", "parking" }, { "circuit breaker", "carrier sync" }, { "mysqldump" } },
        { "API tests rewritten with authenticated flows (setup helper, api-signing.test.ts, " ..
          "idempotency.test.ts): 236 test cases in 10 files",
          { "api%-signing%.test%.ts" }, { "idempotency%.test%.ts" }, { "236" } },
        { "docker compose build failed on frontend TypeScript errors (auth.ts AxiosResponse not assignable, " ..
          "unused imports in useClassroomSocket.ts, SystemSettingsView.vue, ParkingOperationsView.vue)",
          { "axiosresponse", "not assignable" }, { "usecl?assroomsocket" }, { "ts6133" },
          { "parkingoperationsview", "unused" } },
        { "backend image: apk add python3 make g++ openssl failed (exit code 1); Dockerfile runs apk update " ..
          "first",
          { "apk add", "exit code: 1" }, { "apk update" } },
        { "user: don't run any docker commands (a docker build was rejected)",
          { "don't eun any docker" }, { "do not run docker commands" } },
        { "TLS via nginx.conf and self-signed certs (openssl, MSYS_NO_PATHCONV for Git Bash) added, then " ..
          "removed on request: frontend/nginx.conf, secrets/tls.* deleted, port 443 out of docker-compose.yml",
          { "msys_no_pathconv" }, { "remove anything related with nginx" }, { "nginx%.conf", "tls%.key", "rm" } },
        { "Dockerfile also copies database/ (seed script); docker-compose.test.yml mounts src/, " ..
          "jest.config.js, tsconfig.json for ts-jest and runs --runInBand",
          { "copy database" }, { "%-%-runinband" }, { "ts%-jest", "src/" } },
        { "user's docker compose up showed backend TS errors; two subagents fixed them (BullMQ cron -> pattern, " ..
          "opossum @ts-ignore, Prisma where as any, writeAuditEntry positional args, FulfillmentStatus cast)",
          { "cron", "pattern", "bullmq" }, { "writeauditentry", "positional" }, { "fulfillmentstatus" } },
        { "sessions/bugfix-1.json, bugfix-2.json, bugfix-3.json written (frontend TS, backend TS, Docker " ..
          "infrastructure); the pasted frontend errors were from a stale Docker cache",
          { "bugfix%-1%.json" }, { "bugfix%-3%.json" }, { "stale", "cache" } },
        { "frontend audit (verdict Fail, 4 findings): DashboardView.vue stub replaced by a real dashboard, " ..
          "new StoredValueView.vue (top up, spend, printable receipt), access token memory-only in auth.ts " ..
          "(getAccessToken, initAuth)",
          { "dashboardview", "placeholder" }, { "storedvalueview" }, { "getaccesstoken" }, { "memory%-only" } },
        { "end: the fourth subagent (frontend test suite under frontend/unit_tests) was rejected and the user " ..
          "interrupted; no docker build or test run was completed, nothing committed",
          { "frontend test suite" }, { "unit_tests", "vitest" }, { "request interrupted" },
          wrong = { "all tests pass", "coverage[^\n]*9%d ?%%[^\n]*reached" } },
      },
    },
    -- == JusticeOps (Fastify + Knex + PostgreSQL RLS, Angular 19): plan, 18 modules, Playwright, audit fixes ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-justiceops-build-e2e-audit.jsonl",
      facts = {
        { "goal: a JusticeOps offline legal services & scheduling system (Angular UI, air-gapped); plan first, " ..
          "refined twice with the user's spec and best practices",
          { "justiceops", "legal" }, { "plan of action" } },
        { "UI library: shadcn/ui is React-only, so spartan-ng (its Angular port on Tailwind + Angular CDK)",
          { "spartan%-ng" }, { "shadcn", "react%-only" } },
        { "plan saved as .temp/FINAL_PLAN.md, then built module by module (Module 1 foundation: 46 tests pass; " ..
          "Module 2 auth: 56)",
          { "%.temp/final_plan%.md" }, { "final_plan", "module 1" }, { "46 tests pass" } },
        { "backend: Fastify routes for 12+ modules, Knex migrations with RLS policies, job worker and scheduler; " ..
          "type errors fixed (rateLimitBooking preHandler, error handler); 56 tests green, frontend builds",
          { "ratelimitbooking" }, { "56", "frontend builds" } },
        { "frontend: Angular app re-scaffolded (CLI conflict with the stub package.json), Tailwind; 27 components " ..
          "built by an agent; Dockerfile and nginx.conf recreated",
          { "27 frontend components" }, { "angular cli", "conflict" } },
        { "user asked for a Playwright test of frontend + backend: E2E specs under e2e/ written",
          { "playwright test", "frontend", "backend" }, { "e2e", "spec%.ts" } },
        { "local run blocked: password authentication failed for postgres; a local PostgreSQL (postgres.exe) " ..
          "also on 5432 answered SCRAM even with trust pg_hba rules; Docker moved to 5433",
          { "password authentication failed" }, { "scram" }, { "5433" }, { "local postgres", "5432" } },
        { "user: everything should run from a docker compose up call; backend Dockerfile runs tsx at runtime, " ..
          "stale pg_hba/init files removed, .dockerignore, frontend --legacy-peer-deps (@angular/cdk conflict)",
          { "dock.r compose up call" }, { "legacy%-peer%-deps" }, { "tsx", "dockerfile" } },
        { "/api/ via the frontend returned the app HTML: a leftover local Angular dev server on [::1]:4200 " ..
          "was answering; killed, then the nginx proxy worked",
          { "dev server", "4200" }, { "::1", "4200" }, { "@vite/client" } },
        { "Playwright: 46 of 60 passed first (sidebar permission names client.dashboard vs dashboard mismatch " ..
          "fixed), then 54/58, 56/58, and finally 58 of 58 pass",
          { "46 of 60" }, { "58 out of 58" } },
        { "audit (verdict Fail, 6 findings): tenant isolation disabled (bypass_rls in handlers, org-isolation " ..
          "plugin not registered); fixed by registering it and removing all 46 bypass_rls lines from 12 route files",
          { "bypass_rls" }, { "org%-isolation", "regist" }, { "tenant isolation" } },
        { "other findings fixed: notification markRead scoped by userId; booking contract (/confirm|decline|" ..
          "complete|no-show, newScheduledAt + idempotencyKey, score -> creditScore); rate limiter GREATEST(0, ...) " ..
          "clamp removed; root README.md",
          { "markread", "userid" }, { "creditscore" }, { "greatest" }, { "newscheduledat" } },
        { "frontend unit tests: 3 spec files (auth.service, auth.guard, star-rating) with tsconfig.spec.json: " ..
          "19 pass",
          { "19 frontend unit tests" }, { "star%-rating" }, { "tsconfig%.spec%.json" } },
        { "end: 56 backend, 19 frontend, 58 of 58 E2E pass (one E2E check updated for creditScore), 0 bypass_rls " ..
          "in routes, all 3 containers healthy; nothing committed in the session",
          { "58 e2e" }, { "all 58 e2e tests pass" }, { "0 occurrences" }, { "containers healthy" },
          wrong = { "still failing:[^\n]*playwright", "still failing:[^\n]*e2e" } },
      },
    },
    -- == Community Health Enrollment & Clinic Commerce (NestJS + React/shadcn): plan, devplan, 10 modules ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-clinic-commerce-devplan-modules.jsonl",
      facts = {
        { "goal: an action plan, then the build, of a Community Health Enrollment & Clinic Commerce system " ..
          "(offline enrollment/ordering, pricing & promotion engine, health-check reports, notifications, " ..
          "content publishing, risk control)",
          { "community health enrollment" }, { "clinic commerce" }, { "pricing", "promotion", "health%-check" } },
        { "the first request was cut off ('nothing after based on the following prompt'); then the prompt " ..
          "and a revised 'Master Specification' resolving its ambiguities",
          { "cut off" }, { "master specification" }, { "ambiguit" } },
        { "user's directive: Docker-first (docker compose up --build), run_tests.sh, hexagonal architecture, " ..
          "object-level authorization, shadcn for the UI, Context7 for docs",
          { "docker compose up %-%-build" }, { "shadcn", "context ?7" }, { "hexagonal" } },
        { "the development plan written to .temp/devplan.md (3,897 lines, 159K characters, 86 prompt " ..
          "requirements in the coverage checklist)",
          { "%.temp/devplan%.md" }, { "devplan", "3,897" }, { "159k" }, { "86 prompt requirements" } },
        { "user: implement the plan, checking alignment with it after each module",
          { "alligned with the plan" }, { "alignment", "plan", "module" } },
        { "Module 0: monorepo (apps/api NestJS, apps/web React + shadcn/ui, libs/shared Zod schemas), " ..
          "Dockerfiles, run_tests.sh; 5 tests pass after tsc --noEmit fixes",
          { "apps/api" }, { "libs/shared" }, { "tsc %-%-noemit" }, { "5 tests pass" } },
        { "Module 1 auth (JWT strategy, guards, public health endpoint): 22 tests; Module 2 enrollment & " ..
          "ordering: 37 tests",
          { "22 tests" }, { "37 tests" } },
        { "Module 3 deterministic pricing engine (exclusion groups, immutable discount audit trail): 70 tests; " ..
          "a Zod .partial() on a .refine() result fixed",
          { "partial", "refine" }, { "70 tests" }, { "exclusion group", "70" } },
        { "Modules 4 (payments & refunds) and 5 (health-check reports) built by two background agents while " ..
          "the React pages (enrollment, pricing breakdown, IndexedDB drafts) were written",
          { "two agents", "parallel" }, { "payments", "refunds", "health%-check report" } },
        { "one failure (94 of 95): 'should flag value above reference high as H' got HH (criticalHigh = 115 " ..
          "for the 70-100 range); the test value changed, 103 pass",
          { "94 passed", "1 failed" }, { "criticalhigh" }, { "hh", "flag value above" }, { "103 tests" } },
        { "Modules 6-8 (notifications, content with sensitive words, risk control): 141 tests in 18 suites, " ..
          "clean TypeScript compile",
          { "141 tests" }, { "141 passed" }, { "18 suites" } },
        { "Module 9: Playwright config with e2e/auth.spec.ts and e2e/enrollment.spec.ts written, README " ..
          "rewritten; docker compose and the Playwright tests were never run in the session",
          { "playwright%.config%.ts" }, { "enrollment%.spec%.ts" }, { "e2e", "auth%.spec" } },
        { "end: all 10 modules reported complete (180 TS files, 141 tests, 27 TypeORM entities); nothing " ..
          "committed",
          { "all 10 modules complete" }, { "27 typeorm entities" }, { "10 modules", "141" },
          wrong = { "still failing:[^\n]*health%-check", "playwright tests? pass" } },
      },
    },
    -- == Vercel AI SDK utility: a forced tool that always throws, error detected (v6 schema error, v4 downgrade) ==
    {
      agent = "claude-code", sealed15 = true, path = SESSIONS .. "/sealed15-ai-sdk-tool-error.jsonl",
      facts = {
        { "request: a TypeScript utility with the Vercel AI SDK: force the model to call a tool that always " ..
          "throws, detect the tool error and return it with the message; look up the SDK's tool errors " ..
          "on the web first",
          { "vercel ai sdk", "tool", "error" }, { "always throw", "force" }, { "web search" } },
        { "research (Explore subagent): the docs describe tool-error parts in steps; toolChoice " ..
          "{ type: 'tool', toolName } forces a specific tool",
          { "tool%-error", "part" }, { "toolchoice", "toolname" } },
        { "project scaffolded: npm init, npm install ai @ai-sdk/anthropic zod tsx typescript; index.ts with " ..
          "generateText and an alwaysErrors tool on claude-haiku-4-5",
          { "npm install ai @ai%-sdk/anthropic" }, { "index%.ts", "alwayserrors" }, { "generatetext", "index%.ts" } },
        { "first run: AI_LoadAPIKeyError (ANTHROPIC_API_KEY missing); rerun with the key read from .env",
          { "loadapikeyerror" }, { "anthropic_api_key", "%.env" } },
        { "then APICallError: tools.0.custom.input_schema.type: Field required (AI SDK 6.0.141 with Zod 4.3.6)",
          { "input_schema%.type: field required" }, { "6%.0%.141" }, { "zod", "4%.3%.6" } },
        { "wrapping the schema in zodSchema() did not help (same error; the input property was stripped)",
          { "zodschema", "same" }, { "zodschema%(" }, { "stripped", "input" } },
        { "fix: downgrade to ai@4 @ai-sdk/anthropic@1 zod@3 (4.3.19, 1.2.12, 3.25.76), zodSchema removed",
          { "ai@4", "zod@3" }, { "downgrad", "v4" }, { "4%.3%.19" } },
        { "with v4, generateText throws AI_ToolExecutionError ('This tool always fails intentionally.') " ..
          "instead of returning a tool-error part",
          { "toolexecutionerror" }, { "always fails intentionally" } },
        { "rewrite: catch with ToolExecutionError.isInstance(err), return { toolCallId, toolName, args: " ..
          "err.toolArgs, errored: true, errorMessage: err.cause.message }; a discriminated union result type",
          { "toolexecutionerror%.isinstance" }, { "errored", "errormessage" }, { "discriminated union" } },
        { "execute typed async (): Promise<string> to silence the never-return type error",
          { "promise<string>" } },
        { "end: npx tsx index.ts prints errored: true with the error message; works, no TypeScript errors; " ..
          "not committed in the session",
          { "\"errored\": true" }, { "npx tsx index%.ts" }, { "no typescript errors" },
          wrong = { "still failing:[^\n]*input_schema", "still failing:[^\n]*index%.ts" } },
      },
    },
  }
end
