-- bench/summary_facts_sealed8.lua: an eighth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions of agents other than Claude Code (Codex CLI and pi)
-- that no other fact list takes (none of the sealed to sealed6 sets'
-- sessions, nor of the held-out, check and final sets', and none of their
-- repositories), and that no summarizer was ever run on: each list was
-- written on 2026-12-02 by reading only the raw transcript (the imported
-- messages printed as text: user messages, assistant text, tool calls with
-- their arguments, the key lines of their results, and for the two pi
-- sessions that start after a compaction, the compaction summary they
-- carry), without running the extractive summarizer, the bench or the
-- `compact` command on them and without reading any summary of them. Facts
-- are in the bench's form ({ label, alternative, ... }, an alternative a
-- lowercase Lua pattern or a list of patterns that must all match, `wrong`
-- alternatives marking a fact lost), with the distinctive tokens (file
-- names, commands, identifiers, numbers, error words) rather than one
-- wording; they are about the goal, the requests, the files, the errors and
-- their fixes, the verdicts and the state at the end. Every (right)
-- alternative was then checked, by a throwaway script that calls no
-- summarizer, to match the imported input itself (all its message text,
-- call names and arguments, and results, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed8-<source>-<name>.
--
-- Where they come from: projects that apply for a Superteam grant commit
-- the agent's own session file at the repository root (codex-session.jsonl,
-- codex-session-log.jsonl, pi-session.jsonl), and a few projects commit a pi
-- session.jsonl; the files are the agents' raw rollouts (real ids,
-- timestamps, tool outputs with real compiler, test and git output).
--
-- Codex CLI rollouts:
--
-- * uzaxirr/raze @ 141cb23b816c55ac4745e0c55b4e9434e449ade0, codex-session.jsonl
--   -> sealed8-raze-agno-multimodal-review.jsonl (58 messages, 0.56 MB): a
--   read-only review, against the agno code base, of a plan for multimodal
--   (image/audio/video) inserts into the Knowledge class; five findings and
--   the answers to the plan's five questions.
-- * Krosss0001/rave-era-project @ 0ffdd2ac55fa2e41f1fae7e12ecdb8dbb02fc4e1, codex-session.jsonl
--   -> sealed8-rave-era-events-tickets.jsonl (217 messages, 1.4 MB, Windows,
--   Next.js + Supabase): an audit and positioning cleanup, a SafeImage
--   wrapper, no-store Supabase reads, an event registration form and tickets
--   after registration (two build errors fixed on the way, two SQL patches),
--   then a grant application.
-- * AkashJana18/edgerunner @ e38ba72621da0f64b5ce853c86f8848c31c19e75, codex-session.jsonl
--   -> sealed8-edgerunner-rust-trading-engine.jsonl (351 messages, 1.9 MB):
--   hackathon ideas, a plan, then a Rust low-latency trading engine
--   (TxLINE SSE, Pascal L2, paper venue, deterministic replay) built and
--   fixed until 13 tests and clippy pass; a .gitignore; a grant application.
-- * snepraj2709/snapmed-pharmacv @ f039342e6ec5df803e25108a2249ebd2482615a2, codex-session-log.jsonl
--   -> sealed8-snapmed-frontend-scaffold.jsonl (386 messages, 1.4 MB, the
--   VS Code extension): a Vite React TypeScript frontend scaffold with a
--   typed API boundary, a backend CORS fix then wildcard CORS, four
--   step-wise commits.
--
-- pi sessions:
--
-- * castai/kimchi-dev @ 910d4023c95068cec6a18be45ffee7fa41bb453c, session.jsonl
--   -> sealed8-kimchi-pi-user-agent.jsonl (134 messages, 0.36 MB; the
--   kimchi harness built on pi): why the logged User-Agent is OpenAI/JS
--   6.26.0, the fix in src/models.ts, then questions on reaching the
--   request headers from an extension.
-- * marcpadz/dexter-v3 @ 060d60770d73f20918fa337ec3e0116049e504f5, pi-session.jsonl
--   -> sealed8-dexter-pi-copilotkit-workspace.jsonl (447 messages after a
--   compaction, 2.9 MB): getting the CopilotKit + LangGraph app to serve, a
--   graphify + codegraph scan (6 bugs as GitHub issues for Jules), the
--   'Agent default not found' fix, Jules' PRs merged, what is missing, the
--   move to a VPS.
-- * mode89/welpy @ d4c3fd4c595bcfb40e6443841241baf92ff16a11, session.jsonl
--   -> sealed8-welpy-pi-packageize.jsonl (174 messages after a compaction,
--   2.8 MB): the refactoring helper library, then Phase 1 of splitting
--   wel.py into a welpy/ package (stage, review, apply), 469 tests passing,
--   MEMORY.md and a Log section in SPEC.md.
--
-- No Gemini CLI session could be used: the only real ones found
-- (benchflow-ai/skillsbench-trajectories, ~300 gemini-cli.trajectory.json
-- files of benchmark runs) are in a repository that cannot be mirrored here.
--
--   return value: function(SESSIONS) -> array of { agent, sealed8 = true, path, facts }

return function(SESSIONS)
  return {
    -- == raze: a Codex review of a plan for multimodal (image/audio/video) inserts into agno's Knowledge ==
    {
      agent = "codex", sealed8 = true, path = SESSIONS .. "/sealed8-raze-agno-multimodal-review.jsonl",
      facts = {
        { "request: review the implementation plan for multimodal support in agno's Knowledge class",
          { "review", "plan", "multimodal" }, { "multimodal", "knowledge" } },
        { "the plan: optional image/audio/video fields on Document, embed() dispatching to " ..
            "get_image_embedding_and_usage etc.",
          { "document", "image", "audio", "video" }, "get_image_embedding_and_usage" },
        { "the plan: images/audio/video parameters on Knowledge.insert()/ainsert()",
          { "insert", "images" }, { "ainsert", "media" } },
        { "the plan: a media/text split in PgVector's _async_embed_documents only",
          "_async_embed_documents", { "pgvector", "batch" } },
        { "finding: content is the retrieval payload; a placeholder like [image: sample.png] is all an agent or " ..
            "reranker sees",
          "%[image: sample%.png%]", { "placeholder", "content" }, { "retrieval", "content" } },
        { "finding: fixing only PgVector is not enough, Qdrant/Chroma/Pinecone/Upstash batch paths extract " ..
            "doc.content too",
          { "pgvector", "qdrant", "not enough" }, { "pgvector", "chroma", "pinecone" }, { "all", "batch paths" } },
        { "finding/answer: not three optional fields; the embedder models input as Sequence[EmbeddingInput] " ..
            "(embedding_inputs)",
          "embeddinginput", "embedding_inputs", { "media", "modality" } },
        { "finding: hasattr is no capability check (the base Embedder defines the methods and raises " ..
            "NotImplementedError)",
          { "hasattr", "notimplementederror" }, { "hasattr", "capability" }, "supports_modalities", "can_embed" },
        { "finding: AwsBedrockEmbedder does not implement the *_and_usage methods the plan calls",
          "awsbedrockembedder", "aws_bedrock" },
        { "finding: the content lifecycle (content_hash, content_id, size from document.content, insert vs " ..
            "insert_many) is not covered",
          { "content_hash", "content_id" }, { "content_hash", "size" }, "insert_many" },
        { "recommendation: keep Document.content meaningful text (caption, transcript, OCR), persist the media " ..
            "reference, validate capability up front",
          { "caption", "transcript" }, { "media reference", "meta_data" }, { "meaningful text", "content" } },
      },
    },
    -- == kimchi-dev: a pi session (the kimchi harness built on pi) on why the User-Agent is OpenAI/JS 6.26.0 ==
    {
      agent = "pi", sealed8 = true, path = SESSIONS .. "/sealed8-kimchi-pi-user-agent.jsonl",
      facts = {
        { "question: after commit 9b6e51761536 the logged User-Agent is OpenAI/JS 6.26.0, not the harness version; " ..
            "why?",
          "openai/js 6%.26%.0", { "9b6e517", "user%-agent" } },
        { "commit 9b6e51761536 injected User-Agent kimchi/<version> through an undici dispatcher interceptor / " ..
            "fetch patch in src/cli.ts",
          { "undici", "interceptor" }, { "cli%.ts", "globalthis%.fetch" }, { "cli%.ts", "user%-agent" } },
        { "root cause: the OpenAI SDK used by @mariozechner/pi-ai (openai-completions.js) does not go through " ..
            "globalThis.fetch and sets its own User-Agent",
          { "openai sdk", "globalthis%.fetch" }, { "openai%-completions", "defaultheaders" },
          { "own", "user%-agent" } },
        { "and the commit removed headers { User-Agent: kimchi/0.0.1 } from src/models.ts",
          "kimchi/0%.0%.1", { "models%.ts", "removed" } },
        { "fix: headers { User-Agent: kimchi/${getVersion()} } restored in buildModelsConfig() and " ..
            "DEFAULT_MODELS_CONFIG (src/models.ts)",
          { "kimchi/%${getversion%(%)}" }, { "buildmodelsconfig", "default_models_config" },
          { "models%.ts", "getversion" } },
        { "pnpm run typecheck fails on missing modules micromatch, shell-quote, uuid (unrelated to the change)",
          "micromatch", "shell%-quote", { "typecheck", "ts2307" } },
        { "request 2: can the outgoing headers be accessed programmatically? (before_provider_request sees only the " ..
            "payload)",
          "programatically", "before_provider_request", "after_provider_response" },
        { "request 3: where are models.json provider headers loaded? ModelRegistry (pi-coding-agent), " ..
            "getApiKeyAndHeaders, passed to pi-ai",
          "modelregistry", "getapikeyandheaders", "model%-registry" },
        { "request 4: replacing session.agent.streamFn with a wrapper does not work (streamFn is given to the Agent " ..
            "constructor)",
          { "streamfn", "agent" }, "wrappedstreamfn" },
        { "request 5: no updateProvider sibling of pi.registerProvider; only unregisterProvider + registerProvider",
          "unregisterprovider", "updateprovider" },
        { "the user finds unregister/re-register too fragile ('too frail')",
          "too frail", { "brittle", "unregister" } },
        { "final options: wrap modelRegistry.getApiKeyAndHeaders, registerApiProvider wrapper (recommended), or " ..
            "model_select header edit",
          "registerapiprovider", { "getapikeyandheaders", "wrap" }, "model_select" },
      },
    },
    -- == rave-era: Codex on the Raveera Next.js + Supabase event app (audit, images, cache, registration, tickets) ==
    {
      agent = "codex", sealed8 = true, path = SESSIONS .. "/sealed8-rave-era-events-tickets.jsonl",
      facts = {
        { "request 1: full product-quality audit and positioning cleanup: Raveera is an event platform, not " ..
            "rave-only",
          { "audit", "positioning" }, { "not", "rave%-only" }, { "event platform", "rave" } },
        { "audit fixes: /events assumed at least one event; event-card timers / fake live increments removed; " ..
            "formatEventDate / getCapacityPercent guarded",
          { "event%-card", "timer" }, "getcapacitypercent", "formateventdate", { "/events", "at least one event" } },
        { "build error: event-card.tsx 'Cannot find name useEffect', fixed by dropping the timer code",
          "cannot find name 'useeffect'", { "event%-card%.tsx", "useeffect" } },
        { "new SQL patch supabase/patches/003_quality_alignment.sql (ADD COLUMN IF NOT EXISTS)",
          "003_quality_alignment" },
        { "request 2: image loading stability: a SafeImage wrapper of next/image with fallback /placeholder.jpg",
          { "safeimage", "placeholder%.jpg" }, "components/shared/safe%-image%.tsx" },
        { "SafeImage: unoptimized for external images, invalid / non-https URLs fall back before render, onError " ..
            "and an 8 s timeout fallback",
          { "unoptimized", "fallback" }, { "non%-https", "fallback" }, { "8 seconds", "timeout" } },
        { "build error: safe-image.tsx 'Type number is not assignable to type Timeout', timerRef typed " ..
            "useRef<number | null>",
          "not assignable to type 'timeout'", { "timerref", "number" } },
        { "request 3: new Supabase events not showing without a restart: force-dynamic, revalidate = 0, fetchCache " ..
            "= force-no-store, cache: no-store in lib/supabase/server.ts, router.refresh() after creating",
          "force%-no%-store", { "revalidate = 0", "force%-dynamic" }, { "no%-store", "supabase/server%.ts" },
          "router%.refresh" },
        { "request 4: event registration: Register button + EventRegistrationForm inserting into registrations with " ..
            "status pending",
          "eventregistrationform", "event%-registration%-form", { "registrations", "pending" } },
        { "RLS allows the insert only when auth.uid() = user_id, so registering needs a signed-in user (no guest " ..
            "insert)",
          "auth%.uid%(%) = user_id", { "signed%-in", "registration" } },
        { "request 5: tickets after registration: generateTicketCode() (RAV-8F3K2L), qr_payload, status reserved / " ..
            "payment_status pending, My Tickets on /dashboard",
          "generateticketcode", "rav%-8f3k2l", { "my tickets", "dashboard" }, { "reserved", "payment_status" } },
        { "tickets could not be inserted by users under RLS: new patch " ..
            "supabase/patches/004_ticket_insert_policy.sql",
          "004_ticket_insert_policy" },
        { "verdict each time: npm.cmd run build passes, the dev server never started",
          { "npm%.cmd run build", "passes" }, "compiled successfully", wrong = { "build[^\n]*still fail" } },
        { "request 6: help apply for Superteam's Agentic Engineering grant; the repo has no git commits and no " ..
            "remote",
          "agentic engineering grant", { "no git commits", "remote" } },
      },
    },
    -- == edgerunner: Codex designs and builds a Rust low-latency trading engine for a Superteam hackathon ==
    {
      agent = "codex", sealed8 = true, path = SESSIONS .. "/sealed8-edgerunner-rust-trading-engine.jsonl",
      facts = {
        { "request: ideas for an extremely fast trading tool/agent for the Superteam trading-tools-and-agents " ..
            "hackathon",
          "trading%-tools%-and%-agents", { "hackathon", "fast", "trading" } },
        { "the brief: TxLINE (odds and score SSE) must be a primary input",
          { "txline", "sse" }, { "txline", "primary input" } },
        { "shortlist: EdgeRunner (recommended), Quotient market maker, Circuit-0 risk engine",
          { "edgerunner", "quotient", "circuit%-0" }, { "edgerunner", "recommend" } },
        { "plan: a Rust Cargo workspace, fixed-point prices, DislocationTaker strategy vs the Pascal L2 book, paper " ..
            "execution by default, deterministic replay",
          "dislocationtaker", { "fixed%-point", "rust" }, { "pascal", "l2" }, { "paper", "replay" } },
        { "compile error: anyhow::Context needs thread-safe boxed errors in the replay error type",
          { "anyhow::context", "replay" }, "the method `context` e" },
        { "fixes: paper PnL counted inventory cost as realized loss; random order UUIDs broke replay checksums; " ..
            "stateful Pascal L2 deltas",
          { "inventory cost", "realized" }, { "uuid", "checksum" }, { "stateful", "l2" } },
        { "fix: Axum state needs Sync venues; the simulator held the engine write guard while awaiting journal I/O",
          { "sync", "axum" }, { "write guard", "journal" } },
        { "request: 'focus on the backend, frontend I will handle': browser/frontend QA stopped",
          "focus on the backend", { "backend", "frontend i will handle" } },
        { "backend fixes: total exposure in the notional gate, fills consume visible book depth, journal writes off " ..
            "the async worker, sequence monotonicity (stale/duplicate updates ignored)",
          { "total exposure", "notional" }, { "book depth", "fill" }, { "sequence", "monoton" } },
        { "odds proofs: GET /api/odds/validation (messageId, ts) retried off the hot path and journaled",
          "/api/odds/validation", { "proof", "messageid" } },
        { "verdict: 13 backend tests pass, clippy clean (warnings denied), identical replays, ~539k events/sec with " ..
            "1 us p99 decision latency",
          "13 backend tests", { "539k", "events" }, { "537k", "events" }, { "p99", "1 u" } },
        { "left open: live feeds and proof retrieval untested without TxLINE/Pascal credentials; Solana CU " ..
            "simulation pending",
          { "credential", "not exercised" }, { "cu simulation", "pending" }, { "compute units", "pending" } },
        { "request: add a .gitignore (Rust artifacts, frontend dependencies, runtime journals, secrets)",
          { "gitignore", "journal" }, { "gitignore", "secret" } },
        { "last request: help apply for the Agentic Engineering grant; the repo has one commit, ecd5389 feat: " ..
            "backend v0",
          "ecd5389", { "agentic engineering", "grant" } },
      },
    },
    -- == snapmed-pharmacv: a Codex (VS Code) session scaffolding the phase 2 React frontend of a case review app ==
    {
      agent = "codex", sealed8 = true, path = SESSIONS .. "/sealed8-snapmed-frontend-scaffold.jsonl",
      facts = {
        { "request: a phase 2 frontend scaffold in a separate /frontend folder (TypeScript React Vite, shadcn UI + " ..
            "Tailwind) per Build_plan.md",
          { "frontend", "vite", "shadcn" }, { "build_plan%.md", "frontend" } },
        { "built around case_v2_followup_payload.json, with a service layer for the backend API",
          "case_v2_followup_payload%.json", { "service layer", "api" } },
        { "typed API boundary frontend/src/api/case-review-api.ts and the fixture adapter " ..
            "frontend/src/data/case-fixtures.ts",
          "case%-review%-api%.ts", "case%-fixtures%.ts" },
        { "first build errors: missing Vite env types, and the v1 fixture lacks missing_fields, fixed in the " ..
            "adapter layer",
          { "vite env", "missing_fields" }, { "missing_fields", "adapter" } },
        { "the existing frontend folder only had node_modules, dist and empty src folders (no package or config " ..
            "files)",
          { "node_modules", "dist", "empty" }, { "partial", "frontend" } },
        { "backend CORS bug: allow_origin_regex was a list, Starlette expects a regex string",
          "allow_origin_regex", { "cors", "regex string" } },
        { "request: use * in CORS allow origin for now: allow_origins=['*'] in backend/main.py, CORS tests updated",
          "use star in cors", { "allow_origins", "%*" }, { "backend/main%.py", "cors" } },
        { "port 8000 was held by the Docker backend, rebuilt so the preflight returns access-control-allow-origin: " ..
            "*",
          { "docker", "8000" }, "access%-control%-allow%-origin: %*" },
        { "verdict: uv run pytest -q 29 passed, npm run build passes, browser check against the live API without " ..
            "console errors",
          { "pytest", "29 passed" }, { "npm run build", "pass" }, wrong = { "tests? still fail", "build still fail" } },
        { "request: make the commits step wise",
          "step wise", { "commits", "step" } },
        { "four commits: a831df4 scaffold vite react app, 47c2209 case review api boundary, 0fb8969 case review " ..
            "workspace, 18bd133 allow wildcard cors origins",
          "a831df4", "47c2209", "0fb8969", "18bd133", { "scaffold vite react app", "wildcard cors" } },
        { "git status clean after the commits (nothing pushed)",
          { "git status", "clean" } },
        { "last request: copy this session into codex-session-log.jsonl (rollout-2026-06-01T17-40-31-019e8317...)",
          "codex%-session%-log%.jsonl", "019e8317" },
      },
    },
    -- == dexter-v3: a pi session (after a compaction) on the Dexter v3 CopilotKit + LangGraph agent workspace ==
    {
      agent = "pi", sealed8 = true, path = SESSIONS .. "/sealed8-dexter-pi-copilotkit-workspace.jsonl",
      facts = {
        { "goal: Dexter v3, a CopilotKit frontend + LangGraph Python (FastAPI) backend agent workspace over AG-UI, " ..
            "Neon Postgres",
          { "copilotkit", "langgraph" }, { "ag%-ui", "copilotkit" }, { "neon", "postgres" } },
        { "dev server: next dev has no --no-turbopack option; Turbopack's cold compile hangs (~120 % CPU), so dev = " ..
            "next build && next start --port 3001",
          "unknown option '%-%-no%-turbopack'", { "turbopack", "slow" }, "next build && next start %-%-port 3001" },
        { "the app serves on http://localhost:3001 (HTTP 200)",
          "localhost:3001", { "http 200", "3001" } },
        { "graphify rebuilt the knowledge graph (1,312 nodes, 146 communities) and codegraph (already installed, " ..
            "v0.9.9) indexed 134 files",
          { "graphify", "1,312 nodes" }, { "codegraph", "134 files" }, { "codegraph", "v0%.9%.9" } },
        { "scan: useWorkspaceTools() never called, so 8 CopilotKit actions are orphaned (frontend-tools.ts)",
          "useworkspacetools", { "orphaned", "copilotkit" } },
        { "scan: Python agent has no AG-UI endpoint; tools_node a mock; checkpointer never passed to " ..
            "workflow.compile()",
          { "ag%-ui endpoint", "python" }, { "tools_node", "mock" }, { "checkpointer", "compile" } },
        { "scan: runtime.ts operator precedence: process.env.AGENT_SERVICE_URL + '/api/agent' becomes " ..
            "undefined/api/agent",
          "undefined/api/agent", { "runtime%.ts", "precedence" } },
        { "process: GitHub Issues #5-#10 assigned to Jules, docs/findings/2026-06-10-repo-scan.md, CHANGELOG.md, a " ..
            "code hygiene audit rule in AGENTS.md",
          { "issues", "#5", "#10" }, "docs/findings/2026%-06%-10%-repo%-scan%.md", { "changelog%.md", "agents%.md" } },
        { "UI error: useAgent: Agent 'default' not found after runtime sync (runtimeUrl=/api/copilotkit)",
          "agent 'default' not found", { "useagent", "default" } },
        { "fix: a default agent in the CopilotRuntime and a fallback chat (chat-adapter.ts, local echo) until the " ..
            "Python agent runs; NEXT_PUBLIC_AGENT_MODE=copilotkit switches back",
          "chat%-adapter%.ts", "next_public_agent_mode", { "fallback", "chat" } },
        { "Jules PRs #11, #12, #13 merged: useWorkspaceTools() called in ChatPage, /api/agent with " ..
            "LangGraphAGUIAgent, ToolNode(ALL_TOOLS), compile(checkpointer=...)",
          { "#13", "#12", "#11" }, "langgraphaguiagent", "toolnode%(all_tools%)" },
        { "still missing: an LLM API key (OPENAI_API_KEY / ANTHROPIC_API_KEY), a BETTER_AUTH_SECRET of >= 32 chars, " ..
            "starting uvicorn app.main:app --port 8000",
          { "api key", "openai_api_key" }, { "better_auth_secret", "32" }, "uvicorn app%.main:app" },
        { "docs/feature-checklist.md: 54 features (13 verified, 37 untested, 2 missing)",
          "feature%-checklist%.md", { "54 features", "13" } },
        { "last request: move (not deploy) the repo to an Ubuntu VPS by raw IP: ssh in and git clone, npm install " ..
            "(DB is in Neon)",
          { "vps", "git clone" }, { "ubuntu", "raw ip" }, wrong = { "deployed to the vps" } },
      },
    },
    -- == welpy: pi (after a compaction) splits the welpy Wayland compositor's wel.py into a welpy/ package ==
    {
      agent = "pi", sealed8 = true, path = SESSIONS .. "/sealed8-welpy-pi-packageize.jsonl",
      facts = {
        { "goal: Phase 1 packageize: wel.py renamed wholesale to welpy/app.py, tests.py into a tests/ package " ..
            "(test_app.py, helpers.py), python -m welpy",
          { "welpy/app%.py", "wel%.py" }, { "tests/helpers%.py", "test_app%.py" }, "python %-m welpy" },
        { "method: stage -> review -> apply; a read-only script stages into /tmp/welpy-phase1/, no git mv (rename " ..
            "detection keeps history)",
          "/tmp/welpy%-phase1", { "git mv", "rename detection" } },
        { "the transient tooling moved from bash phase1.sh to Python scripts/refactorlib.py + scripts/phase1.py",
          "scripts/refactorlib%.py", "scripts/phase1%.py" },
        { "user asks: hardcode the few import rewrites in the migration script; add extract_defs; no separate " ..
            "extract_class",
          "hardcode", "extract_defs", "extract_class" },
        { "refactorlib API: extract_defs / delete_defs / truncate_at (def or class, decorators, by symbol name) + " ..
            "count-checked replace",
          { "extract_defs", "delete_defs", "truncate_at" }, { "count", "replace" } },
        { "request: embed pytest tests at the end of refactorlib.py: 8 tests pass, pylint 10.00/10",
          "embed pytest tests", { "8 passed" }, { "8", "tests", "10%.00/10" } },
        { "extract_defs now joins blocks with three newlines (two blank lines, PEP8), helpers.py had one",
          { "two blank lines", "helpers%.py" }, { "extract_defs", "\\n\\n\\n" } },
        { "checkpoint: 7 failed, not the 5 expected: a split patch(\\n \"wel.apply_geometry\" target missed, and " ..
            "import functools wrongly dropped (test_override_callable_no_name uses it)",
          "7 failed, not 5", { "wel%.apply_geometry", "split" }, { "functools", "test_override_callable_no_name" } },
        { "pass 2: 3 bare-form override tests rewritten to target form welpy.override(module.hook), 2 load_config " ..
            "config strings to canonical imports",
          { "bare", "target form" }, { "load_config", "canonical" } },
        { "281 patch(\"wel.X\") strings repointed to welpy.app.X; 27 widened with patch(...) lines wrapped for " ..
            "line-too-long",
          { "281", "patch" }, { "line%-too%-long", "with patch" } },
        { "verdict: 469 passed (472 - 3 deleted), pylint 10.00/10, import welpy.app works",
          "469 passed", { "pylint", "10%.00/10" }, wrong = { "tests? fail[^\n]*still" } },
        { "not committed (the landing commit is separate); PLAN.md removed at the user's request",
          { "no commit", "landing" }, "remove plan file", { "plan%.md", "removed" } },
        { "MEMORY.md curated (27KB, under the 45KB limit)",
          { "memory%.md", "45kb" }, { "memory%.md", "27kb" } },
        { "last request: refactoring-only memories go to a new Log section in SPEC.md (apart from To Remember and " ..
            "MEMORY.md)",
          { "log", "spec%.md" }, { "to remember", "log" } },
      },
    },
  }
end
