-- bench/summary_facts_sealed19.lua: a nineteenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' repositories; no Claude Code session here: Codex CLI rollouts and one
-- pi session), and that no summarizer was ever run on: each list was written
-- on 2026-12-02 by reading only the raw transcript (the imported messages
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
-- mirrors (nothing of theirs is committed here), as sealed19-<source>-<name>.
--
-- Codex CLI rollouts (session_meta first):
--
-- * kennykguo/jailbreaking @ 3dd1f6d257359ad41af132b035cf701d5a4b078b,
--   codex-snapshots/rollout-20260119-100401.jsonl (the user's own snapshot of
--   session 019bbf70, the latest and longest copy)
--   -> sealed19-jailbreak-labs-1-3-arch.jsonl (273 messages, 1.2 MB, Arch
--   Linux): iOS/macOS internals labs from LABS.md with verbose explanation
--   files: a Mach-O inspector (stub Apple headers so it builds on Arch), a
--   codex-snapshots folder and format_jsonl.py, Lab 2 dylib injection
--   (42 -> 1337), Lab 3 ARM64 patching scaffold; ends re-taking a snapshot.
-- * kennykguo/jailbreaking (same commit),
--   codex-snapshots/rollout-2026-01-15T16-18-41-019bc386-5cc1-7ef2-bcd0-6a8adff50c24-20260119T155709Z.jsonl
--   -> sealed19-jailbreak-lab3-arm64-macos.jsonl (320 messages, 1.5 MB,
--   macOS): the same labs continued on a Mac: Lab 3 hot patching debugged
--   (mmap/mprotect denied, MAP_JIT, VM_PROT_COPY, bus error, 16 KB pages,
--   inlining) until it works, then a long "keep going" glossary loop.
-- * 0h-n0/local-voice-assistant-codex @ c40b09dfb388af7bec45a520640b7bc3f782c161,
--   .codex/sessions/2025/12/25/rollout-2025-12-25T22-45-23-019b55c1-d022-7061-bbb9-b0c90708472b.jsonl
--   -> sealed19-voice-assistant-speckit-stt-llm.jsonl (711 messages, 1.9 MB,
--   Linux, Japanese): spec-kit constitution, a FastAPI + Next.js scaffold,
--   an STT API (reazonspeech-nemo-v2) and an LLM service (gpt-5-mini), three
--   PRs, review fixes, 7 tests passing; ends in a loop of .codex commits with
--   the TTS feature not started.
-- * Kooksun/Lotto645 @ e01e9ea777a7e8aeb7ea062a47cb852fdb580c7f,
--   .codex/sessions/2025/11/07/rollout-2025-11-07T08-44-25-019a5b8e-a2f2-7f42-bb90-f248b42e3415.jsonl
--   -> sealed19-lotto645-issue-ticket-us1.jsonl (273 messages, 1.0 MB, macOS,
--   Korean at the end): spec-kit implement of user story 1 (lotto ticket
--   issuance, React + Firebase), a Playwright module fix, the design PNGs
--   added to the spec and the page redone to the mock.
-- * MikeLockz/el-dorado-tanstack @ cd08d77eee12da1b47dc3a63283e09bc5b6e6f97,
--   .codex/sessions/2025/11/13/rollout-2025-11-13T20-44-28-019a8076-eb65-7f13-8cca-ad8a91533801.jsonl
--   -> sealed19-eldorado-chrome-mcp.jsonl (129 messages, 0.4 MB, macOS): no
--   Chrome MCP configured, chrome-mcp installed globally, then tested with a
--   hand-written MCP client (Example Domain); short, three requests.
-- * borfast/cooking-times @ 3abea6672d7703f417628ec0d44785f24ae4b724,
--   .codex/sessions/2025/10/19/rollout-2025-10-19T02-52-36-0199fa2b-28f8-7c60-9b98-f2e206c3634f.jsonl
--   -> sealed19-cooking-times-speckit-go.jsonl (682 messages, 2.4 MB, Linux):
--   spec-kit from constitution to a finished Go + HTMX/Alpine cooking
--   planner, phase by phase (analyze gaps, GOCACHE, T001-T042), two tasks
--   left open on purpose, ends with a project overview request.
--
-- pi session (type "session", version 3):
--
-- * yofriadi/gsd-lite @ 5b7e96be0dabbefbc346c7d5e7cba9f0f618027d, logs/pi-session.jsonl
--   -> sealed19-gsdlite-swapi-connect-plan.jsonl (200 messages, 1.2 MB,
--   macOS, openai-codex gpt-5.4): a planning-only session for a swapi.info
--   clone over connect-go: grilling questions, a plan-reviewer subagent loop
--   (many review prompts), a hard-gated finalize, PLANS.md written.
--
-- Found and not written: yofriadi/gsd-lite logs/pi-session_minimax-m3.jsonl
-- and logs/pi-session_minimax-m3_v2.jsonl (the same planning task on other
-- models); Kooksun/Lotto645's four other rollouts of 2025-11-06/07; the
-- short rollouts of el-dorado-tanstack and local-voice-assistant-codex;
-- peridotvault/app-peridotvault-web codex-session.jsonl (12 messages);
-- Codex rollouts under .codex/sessions in Abdullahs1214/ECE493Lab2 and
-- Xinge2333/Text-Adventure-Game (no mirror).
--
--   return value: function(SESSIONS) -> array of { agent, sealed19 = true, path, facts }

return function(SESSIONS)
  return {
    -- == jailbreaking (Arch side): LABS.md labs: Mach-O parser, injection, ARM64 patching, snapshots ==
    {
      agent = "codex", sealed19 = true, path = SESSIONS .. "/sealed19-jailbreak-labs-1-3-arch.jsonl",
      facts = {
        { "request: read AGENT.md and LABS.md; AGENT.md to require verbose first-principles explanations in a " ..
          "markdown file in each lab folder",
          { "agent%.md", "labs%.md" } },
        { "lab 1: macho-parser/macho_inspect.c extended (fat slice selection by arch/index, 32-bit, " ..
          "segments/sections, dylibs, LC_MAIN / LC_UNIXTHREAD entrypoint)",
          { "macho_inspect" }, { "lc_unixthread" }, { "lc_main" } },
        { "explanation file: macho-parser/EXPLANATION.md, revamped to define every apple term (mach-o, fat, dylib, " ..
          "dyld) for a beginner",
          { "macho%-parser/explanation%.md" } },
        { "arch vs macos: intellisense errors (cannot open mach/machine.h); stub headers vendored under " ..
          "include/mach and include/architecture so it builds on both",
          { "include/mach/machine%.h" }, { "stub", "header" }, { "byte_order%.h" } },
        { "error: redefinition of struct arm_thread_state64 on make; duplicate removed from macho_inspect.c",
          { "redefinition of", "arm_thread_state64" } },
        { "result: ./macho_inspect macho/true shows a fat binary, arm64 slice, __PAGEZERO / __TEXT / __LINKEDIT",
          { "macho/true" }, { "__pagezero" } },
        { "request: keep full codex chat history in git across os; codex-snapshots/ with the raw rollout jsonl (no " ..
          "summary)",
          { "codex%-snapshots" } },
        { "script: codex-snapshots/format_jsonl.py takes one file name and writes <input>.txt with user/assistant " ..
          "messages",
          { "format_jsonl%.py" } },
        { "lab 2: runtime-injection/ with injector (DYLD_INSERT_LIBRARIES, posix_spawn), hook.dylib, target, return " ..
          "value patched 42 -> 1337",
          { "runtime%-injection" }, { "dyld_insert_libraries" }, { "1337" } },
        { "lab 2 fix: hooks installed cooperatively through a weak hook_install called after the class exists " ..
          "(constructor ran too early)",
          { "hook_install" }, { "weak", "hook" } },
        { "lab 3: arm64-patching/ (patcher.c/.h branch encoder, trampoline, hot patch, patch_demo.c), macos arm64 " ..
          "only at runtime",
          { "arm64%-patching" }, { "trampoline" }, { "patch_demo" } },
        { "snapshot confusion: transcript stale / wrong file; readme documents the naming (rollout-...-<utc " ..
          "stamp>.jsonl)",
          { "documented in the readme" }, { "flushed" } },
        { "state: user asked to reset the snapshot files with git and use today's timestamp (monday jan 19); git " ..
          "checkout done, copying the log as rollout-20260119-100401",
          { "git checkout %-%- codex%-snapshots" }, { "20260119%-100401" }, { "jan 19" } },
      },
    },
    -- == jailbreaking (macOS side): lab 3 ARM64 hot patch debugged to 1337, glossary loop ==
    {
      agent = "codex", sealed19 = true, path = SESSIONS .. "/sealed19-jailbreak-lab3-arm64-macos.jsonl",
      facts = {
        { "context: read AGENT.md, LABS.md and the latest codex snapshot .txt; no git / wip branch / journal work " ..
          "wanted",
          { "agent%.md", "labs%.md" }, { "wip branch" } },
        { "move: lab 2 (runtime-injection) already done on arch; now on macos",
          { "runtime%-injection" } },
        { "lab 2 run: ./injector ./hook.dylib ./target patched result 42 -> 1337; EXPLANATION.md extended with that " ..
          "output",
          { "hook%.dylib" }, { "1337" } },
        { "snapshots: readme in codex-snapshots says each refresh makes a new .txt with a unique, consistent " ..
          "utc-stamped name",
          { "codex%-snapshots", "readme" }, { "naming convention" } },
        { "error: lab 3 patch_demo failed with mmap: Permission denied and mprotect: Permission denied (macos w^x / " ..
          "code signing)",
          { "mmap: permission denied" }, { "mprotect: permission denied" } },
        { "fix: MAP_JIT + pthread_jit_write_protect_np for the trampoline, mach_vm_protect with VM_PROT_COPY for " ..
          "the text page",
          { "map_jit" }, { "pthread_jit_write_protect" }, { "vm_prot_copy" } },
        { "error: stub include/mach/machine.h shadowed the sdk (CPU_STATE_MAX, integer_t missing); stubs extended",
          { "cpu_state_max" }, { "integer_t" } },
        { "error: bus error during \"patching prologue\"; the patcher's own page lost execute permission",
          { "bus error" } },
        { "diagnosis with lldb (run, bt, breakpoint on arm64_hotpatch, memory read) and nm addresses; pages are 16 " ..
          "KB on macos arm64, 4096 alignment not enough",
          { "lldb" }, { "16 kb" }, { "16k" }, { "getconf" } },
        { "fix: page-size alignment of arm64_hotpatch / target_function (aligned(PATCHER_PAGE_SIZE)) with a runtime " ..
          "page check",
          { "patcher_page_size" }, { "_sc_pagesize" }, { "aligned%(4096%)" } },
        { "finding: patch bytes correct but call still original because target_function was inlined; " ..
          "__attribute__((noinline)) fixed it",
          { "noinline" }, { "inlin" } },
        { "result: lab 3 works end to end (hook_function called with x=41, result=1337); test_patch_demo.sh added",
          { "test_patch_demo%.sh" }, { "hook_function called" } },
        { "request loop: define every apple term in arm64-patching/EXPLANATION.md (\"keep going on\" many times)",
          { "arm64%-patching/explanation%.md" }, { "keep going" } },
        { "state: last request saves the current chat with a timestamp via the codex-snapshots tools; lab 4 not " ..
          "started",
          { "current timestamp" }, { "lab 4" } },
      },
    },
    -- == local-voice-assistant-codex: spec-kit scaffold + STT + LLM, PRs, a .codex commit loop ==
    {
      agent = "codex", sealed19 = true, path = SESSIONS .. "/sealed19-voice-assistant-speckit-stt-llm.jsonl",
      facts = {
        { "constraints: uv for packages, pydantic types, ruff lint, a branch per feature, readme update and a pull " ..
          "request; next.js/react typescript frontend + fastapi backend",
          { "uv", "pydantic", "ruff" }, { "fastapi", "next" } },
        { "constitution amended 1.0.0 -> 1.1.0 (tooling + stack mandates), TODO(RATIFICATION_DATE) left",
          { "1%.1%.0" }, { "ratification_date" } },
        { "request: register git@github.com:0h-n0/local-voice-assistant-codex.git, main branch and initial commit; " ..
          "then push",
          { "local%-voice%-assistant%-codex%.git" }, { "git push %-u origin main" } },
        { "feature 1: specs/001-project-scaffold (clarified: next.js, monorepo backend/ + frontend/, no auth, one " ..
          "/health endpoint, static status page)",
          { "001%-project%-scaffold" } },
        { "scaffold done: backend/app/main.py, api/health.py, tests/test_health.py, frontend/app/page.tsx, README",
          { "test_health%.py" }, { "api/health%.py" }, { "app/page%.tsx" } },
        { "feature 2: STT api with reazon-research/reazonspeech-nemo-v2 (specs/001-stt-api), file upload + " ..
          "websocket streaming, wav/flac/mp3, no auth",
          { "reazonspeech%-nemo%-v2" }, { "001%-stt%-api" } },
        { "stt files: services/model_loader.py, services/transcription.py, api/stt.py, schemas/stt.py + errors.py, " ..
          "tests test_stt_file / test_stt_stream / test_errors",
          { "model_loader%.py" }, { "transcription%.py" }, { "api/stt%.py" } },
        { "pr #1 opened (https://github.com/0h-n0/local-voice-assistant-codex/pull/1)",
          { "pull/1" } },
        { "review fixes: unsupported format returned {detail: ...} instead of ErrorResponse (now JSONResponse " ..
          "code/message); empty websocket stream now sends an empty_stream error",
          { "empty_stream" }, { "errorresponse" }, { "jsonresponse" } },
        { "feature 3: LLM service calling openai gpt-5-mini (specs/001-llm-service): non-streaming, 4,000-char " ..
          "prompts, prompts not stored",
          { "gpt%-5%-mini" }, { "001%-llm%-service" } },
        { "llm files: services/llm_client.py, api/llm.py, schemas/llm.py, tests test_llm_complete / test_llm_errors",
          { "llm_client%.py" }, { "api/llm%.py" }, { "test_llm" } },
        { "tests: ruff/pytest not found until uv sync; 1 failed, 6 passed (audio_format read as query, not Form) -> " ..
          "Form(\"wav\") + python-multipart -> 7 passed",
          { "7 passed" }, { "python%-multipart" }, { "form%(\"wav\"%)" }, { "audio_format", "form" } },
        { "pr #2 opened for the llm/stt changes",
          { "pull/2" } },
        { "request: untracked .codex/, frontend/, specs/001-project-scaffold/ on separate branches; codex-artifacts " ..
          "branch + pr #3",
          { "codex%-artifacts" }, { "pull/3" } },
        { "state: .codex keeps changing (session log, history.jsonl), repeated chore commits; the Style-Bert-VITS2 " ..
          "TTS spec requested but not started; ends committing the rollout file",
          { "style%-bert%-vits2" }, { "chore: update codex" } },
      },
    },
    -- == Lotto645: spec-kit implement of user story 1 (ticket issuance), Playwright fix, UI redone to a PNG mock ==
    {
      agent = "codex", sealed19 = true, path = SESSIONS .. "/sealed19-lotto645-issue-ticket-us1.jsonl",
      facts = {
        { "request: /speckit implement for \"user story 1\" (tasks.md of 001-lotto-ticketing)",
          { "user story 1" }, { "us1" } },
        { "stack: react 18 + vite + typescript frontend with firebase (realtime database)",
          { "react 18", "firebase" }, { "firebase", "vite" } },
        { "checklist: requirements.md 16/16 complete, overall pass",
          { "requirements%.md", "16" }, { "overall status", "pass" } },
        { "files: hooks useNumberSelection.ts / useAutoSelect.ts and constants/lotto.ts",
          { "usenumberselection" }, { "useautoselect" }, { "constants/lotto%.ts" } },
        { "files: components/issue/NumberGrid.tsx and SelectionSummary.tsx",
          { "numbergrid" }, { "selectionsummary" } },
        { "file: services/ticketService.ts writes tickets to firebase, validates six unique numbers, drops " ..
          "undefined metadata",
          { "ticketservice" } },
        { "file: pages/IssueTicketPage.tsx + styles/issue-ticket.css",
          { "issueticketpage" }, { "issue%-ticket%.css" } },
        { "tests: npm test (vitest, 3 passed) and npm run lint clean",
          { "tests", "3 passed" }, { "npm test", "npm run lint" }, { "vitest" } },
        { "error: npm run test:e2e failed with Cannot find module '@playwright/test' (specs under tests/e2e outside " ..
          "frontend/)",
          { "cannot find module '@playwright/test'" }, { "cannot find module", "playwright" } },
        { "fix: cross-env NODE_PATH in the test:e2e script and a new frontend/playwright.config.ts " ..
          "(PLAYWRIGHT_START_WEB_SERVER)",
          { "cross%-env" }, { "node_path" }, { "playwright%.config%.ts" }, { "playwright_start_web_server" } },
        { "error: installing cross-env first failed (ENOTFOUND registry.npmjs.org, restricted network)",
          { "enotfound" }, { "registry%.npmjs%.org" } },
        { "user: dev server runs, tickets visible in firebase",
          { "tickets", "firebase" } },
        { "request: the ui must follow issue_ticket.png; three pngs from idea/ added under " ..
          "specs/001-lotto-ticketing/assets and referenced in spec.md",
          { "issue_ticket%.png" }, { "lotto_main%.png" }, { "one_ticket_and_sample%.png" } },
        { "done: issue page redone to the mock (5x9 number table, korean labels, 자동선택 in header), e2e spec updated; " ..
          "user to review",
          { "5×9" }, { "자동선택" }, { "issue%-ticket%.spec%.ts" } },
      },
    },
    -- == el-dorado-tanstack: Chrome MCP requested, installed globally, then tested with a hand-written MCP client ==
    {
      agent = "codex", sealed19 = true, path = SESSIONS .. "/sealed19-eldorado-chrome-mcp.jsonl",
      facts = {
        { "request: use chrome mcp to open http://localhost:5174/",
          { "localhost:5174" } },
        { "finding: no chrome mcp server configured (list_mcp_resources / templates returned empty)",
          { "list_mcp_resources" }, { "chrome mcp", "configured" }, { "mcp", "empty" } },
        { "request: install chrome-mcp following the official guidance for codex",
          { "install", "chrome%-mcp" } },
        { "source: the project's docs/0B - Local devcontainer environment.md calls for a global install",
          { "devcontainer environment" }, { "0b %- local devcontainer" } },
        { "done: npm install -g chrome-mcp",
          { "npm install %-g chrome%-mcp" }, { "install", "%-g", "chrome%-mcp" } },
        { "verified: npm list -g shows chrome-mcp@1.0.0",
          { "chrome%-mcp@1%.0%.0" }, { "npm list %-g chrome%-mcp" } },
        { "file: .codex/config.local.json is where the server would be wired in",
          { "config%.local%.json" } },
        { "request: test that chrome-mcp is working",
          { "test", "chrome%-mcp", "work" } },
        { "error: ERR_PACKAGE_PATH_NOT_EXPORTED resolving @modelcontextprotocol/sdk",
          { "err_package_path_not_exported" }, { "no \"exports\" main" } },
        { "method: a node --input-type=module script with the sdk Client + StdioClientTransport from " ..
          "node_modules/.pnpm",
          { "stdioclienttransport" }, { "node %-%-input%-type=module" },
          { "%.pnpm/node_modules/@modelcontextprotocol" } },
        { "result: chrome_navigate opened https://example.com, chrome_get_title returned Example Domain",
          { "example domain" }, { "chrome_navigate", "example%.com" } },
        { "state: server works standalone; next step is registering it in codex's mcp config (localhost:5174 not " ..
          "yet opened)",
          { "config%.local%.json", "next" }, { "mcp registry" }, { "cli refreshes" } },
      },
    },
    -- == cooking-times: spec-kit from constitution to a finished Go + HTMX/Alpine cooking planner, phase by phase ==
    {
      agent = "codex", sealed19 = true, path = SESSIONS .. "/sealed19-cooking-times-speckit-go.jsonl",
      facts = {
        { "request: a constitution on code quality, simplicity, testing, ux consistency and performance; v1.0.0 " ..
          "written to .specify/memory/constitution.md",
          { "constitution", "1%.0%.0" }, { "%.specify/memory/constitution%.md" } },
        { "goal: a web app to pick foods and doneness (rare, medium, well done), list start order and gaps, with a " ..
          "timer and alerts",
          { "rare", "medium", "well done" }, { "foods", "timer" } },
        { "spec: specs/001-schedule-cook-timer/spec.md on branch 001-schedule-cook-timer",
          { "001%-schedule%-cook%-timer" } },
        { "clarify: option c chosen, the user picks start now or finish by",
          { "start now", "finish by" } },
        { "constraints: go without frameworks, no react/vue (alpinejs or htmx allowed), clean architecture, tdd for " ..
          "the backend, modern css",
          { "alpine", "htmx" }, { "clean architecture" }, { "without any framework" } },
        { "plan artifacts: research.md, data-model.md, contracts/openapi.yaml, quickstart.md",
          { "contracts/openapi%.yaml" }, { "data%-model%.md" } },
        { "analyze: critical gap fr-006 (persist plan/timer for recovery) and sc-003 (alerts within 200 ms) had no " ..
          "tasks; tasks added",
          { "fr%-006" }, { "200 ms" }, { "200ms" } },
        { "error: go test failed on the go-build cache (permission denied); run as GOCACHE=/tmp/go-build go test ./...",
          { "gocache=/tmp/go%-build" }, { "go%-build", "permission denied" } },
        { "error: build failures on the way (undefined: itemPlan in internal/domain/schedule.go)",
          { "undefined: itemplan" }, { "schedule%.go", "undefined" } },
        { "phase 3 (us1): schedule.go, plan_service.go, food_repository.go + foods.json, plan_handler.go, " ..
          "web/templates/plan.html",
          { "internal/domain/schedule%.go" }, { "plan_handler%.go" }, { "foods%.json" } },
        { "phase 4 (us2): timer_session.go, timer_session_service.go, plan_store / timer_store, timer_handler.go, " ..
          "timer.js, notifications.js, localstorage recovery",
          { "timer_session" }, { "timer_handler%.go" }, { "timer%.js" } },
        { "phase 5 (us3): plan_update.go, recalculate_service.go, recalculate_handler.go, plan_edit.js",
          { "recalculate" }, { "plan_update%.go" }, { "plan_edit%.js" } },
        { "user: t036 and t037 were not marked complete; marked [x]",
          { "t036", "t037" } },
        { "analyze 2: openapi had /api/v1/plans/{planid}/recalculate vs implemented /api/v1/plans/recalculate; " ..
          "contract aligned; t043/t044 (usability study, feedback survey) added",
          { "/api/v1/plans/recalculate" }, { "t043" }, { "t044" } },
        { "state: all tasks done except t043/t044 left open on purpose; final request an overview for a 25+ year " ..
          "engineer (go 1.22, https on localhost:8443)",
          { "t043", "t044" }, { "25%+ years" }, { "8443" } },
      },
    },
    -- == gsd-lite (pi): grilling + plan-review loop for a swapi.info connect-go clone, PLANS.md ==
    {
      agent = "pi", sealed19 = true, path = SESSIONS .. "/sealed19-gsdlite-swapi-connect-plan.jsonl",
      facts = {
        { "goal: plan \"create swapi.info but grpc using connect-go\" in an empty repo; the only artifact is PLANS.md",
          { "swapi%.info", "connect%-go" }, { "plans%.md" } },
        { "method: grilling skill, one question at a time (ask_user_question), plan-reviewer subagent, " ..
          "validate-plan then finalize-plan",
          { "grilling" }, { "plan%-reviewer" }, { "validate%-plan" } },
        { "answers: mvp parity, bundled seed dataset (not a live mirror), all three protocols connect + grpc + " ..
          "grpc-web",
          { "mvp parity" }, { "bundled seed" }, { "all three" } },
        { "mvp resources: people, planets, films, species, starships, vehicles; read-only, no rest layer, no auth",
          { "people", "planets", "starships" } },
        { "first review blockers: no slice to source/import the dataset; resource id scheme unresolved",
          { "blockers", "dataset" }, { "identifier" } },
        { "decision: checked-in normalized snapshot with provenance/license (cc by-sa 4.0 question)",
          { "checked%-in snapshot" }, { "cc by%-sa" } },
        { "decision: query case-insensitive substring, page_size default 10 max 50, optional uint32 " ..
          "next_page_offset unset on the last page",
          { "page_size", "50" }, { "next_page_offset" }, { "case%-insensitive" } },
        { "decision: invalid pagination (negative offset/size, > 50) = invalid argument, page_size 0 = default",
          { "invalid argument" }, { "invalid%-argument" } },
        { "decision: grpc-web over h2c on the same server with local cors; browser fixture via connect-es (vite on " ..
          "5173, api on 8080)",
          { "h2c" }, { "connect%-es" }, { "5173" } },
        { "decision: grpc reflection so grpcurl smoke works; person id=1 luke skywalker as the smoke fixture; one " ..
          "make smoke script",
          { "grpcurl" }, { "luke skywalker" }, { "make smoke" } },
        { "decision: buf from day one, package swapi.v1 with one SwapiService (get/list per resource), module " ..
          "github.com/ycm/swapi",
          { "swapiservice" }, { "swapi%.v1" }, { "github%.com/ycm/swapi" } },
        { "problem: prompts/reviewer.md missing in the repo; one plan-reviewer run returned empty (persisted as an " ..
          "error cycle)",
          { "reviewer%.md" }, { "error cycle" } },
        { "problem: finalize-plan hard-gated and refused while the latest review still had warnings, though the " ..
          "user said finalize",
          { "hard%-gated" }, { "refused" }, { "yes finalize" } },
        { "state: plan revised until a review with no blockers and no warnings; PLANS.md written and finalized",
          { "plans%.md written" }, { "finalized" } },
      },
    },
  }
end
