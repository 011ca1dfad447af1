-- bench/summary_facts_sealed23.lua: a twenty-third sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' repositories; all Codex CLI rollouts, no Gemini CLI or pi session
-- found in the time), and that no summarizer was ever run on: each list was
-- written on 2026-12-02 by reading only the raw transcript (the imported
-- messages printed as text: user messages, assistant text and thinking, tool
-- calls with their arguments, the key lines of their results), without
-- running the extractive summarizer, the bench or the `compact` command on
-- them and without reading any summary of them. Facts are in the bench's form
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
-- mirrors (nothing of theirs is committed here), as sealed23-<name>.
--
-- Codex CLI rollouts (session_meta first):
--
-- * augustoFranke/Ta-la @ 9ae60a64ccc917a24039457af5cc197c800ef496,
--   .codex/sessions/2026/02/19/rollout-2026-02-19T14-51-13-019c773d-ee5f-7151-ac76-31fabbfa642f.jsonl
--   -> sealed23-tala-readme-lint-docs.jsonl (283 messages, 1.8 MB, macOS,
--   codex 0.105.0-alpha.4, Portuguese then English): an Expo + Supabase app:
--   README with one `npm test` gate (lint + typecheck), expo lint blocked
--   offline, network enabled, eslint.config.js, 2 errors then 29 warnings
--   cleaned to 0; commit/push refused (index.lock, user rejected); then
--   docs/REPO_MAP.md, docs/ARCHITECTURE.md, a Project Context Index in
--   AGENTS.md cloned to CLAUDE.md/GEMINI.md, a new constitution. 16 requests.
-- * carlo-spada/xentri @ 21c7deda59d1d5ad847eb4ce82111bbd69500cef,
--   .agents/.codex/sessions/2025/11/25/rollout-2025-11-25T22-49-48-019abe7f-0bf0-7511-b901-8e26b7f2c442.jsonl
--   -> sealed23-xentri-bmad-validate-prd.jsonl (364 messages, 1.3 MB, macOS,
--   codex 0.63.0): BMAD method docs-only project: workflow-status, then the pm
--   agent's validate-prd over docs/prd.md + docs/epics.md, six validation
--   reports climbing 107/127 -> 127/130 with trace matrix, inline FR IDs,
--   mobile/PWA, business rules, RLS diagnostics slice; marked complete, old
--   reports deleted. 24 requests, many one-word answers.
-- * arnemohr/funke @ a446ad62df31a5d37154038e5544b1f40f8c4f8d,
--   .codex/sessions/2025/12/16/rollout-2025-12-16T23-41-18-019b2953-38df-7eb1-b836-b0850e897880.jsonl
--   -> sealed23-funke-phase4-lottery.jsonl (210 messages, 0.9 MB, macOS,
--   codex 0.72.0): spec-kit implement of phase 4 (lottery, T022-T025) of a
--   FastAPI/DynamoDB + Vue event system, then a 500 (registration_token), a
--   Close Reg button and a Vite import path fix from pasted errors.
-- * arnemohr/funke (same commit),
--   .codex/sessions/2025/12/14/rollout-2025-12-14T14-25-38-019b1d09-c809-7723-a969-56c5522ca03d.jsonl
--   -> sealed23-funke-plan-tasks-phase1.jsonl (169 messages, 0.7 MB, macOS,
--   codex 0.72.0): the same project two days earlier: speckit plan (first on
--   a TypeScript stack, then realigned to the spec's Vue/FastAPI/DynamoDB),
--   clarify (Auth0), plan re-run that overwrote plan.md, 46 tasks, phase 1
--   scaffold.
-- * che-yjwj/platform_architect @ c0cc4a00f3ee33d70b3ae3dfb64825c7099acdc4,
--   .codex/sessions/2026/03/04/rollout-2026-03-04T13-09-38-019cb8f7-e16d-7520-98a8-5c6b5df912aa.jsonl
--   -> sealed23-platform-architect-speckit-soc.jsonl (149 messages, 0.6 MB,
--   Linux codespace, codex 0.107.0, Korean): spec-kit constitution, specify
--   from docs/prd.md (SoC PPA platform), five clarify answers, plan, 65 tasks.
-- * bumpy-croc/ai-trading-bot @ 95a3ee32ca667f256e6562c8c5203635dab4bca4,
--   .codex/sessions/2025/10/14/rollout-2025-10-14T22-34-26-0199e4a5-5b78-78f2-b041-6b876f71fdab.jsonl
--   -> sealed23-trading-bot-constitution.jsonl (88 messages, 0.3 MB, macOS,
--   codex 0.46.0): one speckit constitution request on a crypto trading bot:
--   v1.0.0 with four principles, plan/spec/tasks templates synced.
-- * brianlan/paper2md @ 0a5d04b6fe9cb0daeffca6d35633f3c74adbb7b9,
--   .codex/sessions/2025/11/07/rollout-2025-11-07T22-27-23-019a5eb7-01fe-7ec2-983f-a7d864b9d4d9.jsonl
--   -> sealed23-paper2md-constitution-tdd.jsonl (65 messages, 0.2 MB, Linux,
--   codex 0.55.0): one speckit constitution request with the user's own five
--   principles (TDD-first, KISS/DRY/SOLID/YAGNI, explain why) in an empty repo.
--
-- Found and not written: Ta-la's six shorter rollouts of 2026-02-19 (4-58
-- messages); xentri's other eleven rollouts of 2025-11-24..26 (52-236
-- messages); ai-trading-bot's 2025-10-17 rollout; chunrui-qashier/md-http-server
-- (45 messages, two requests); atharva-sardar02/ad-mint-ai (16 messages).
--
--   return value: function(SESSIONS) -> array of { agent, sealed23 = true, path, facts }

return function(SESSIONS)
  return {
    -- == Ta-la: README + one test command, offline expo lint, eslint config, 29 warnings cleaned, docs ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-tala-readme-lint-docs.jsonl",
      facts = {
        { "request: write README.md with one command running all tests for the project level, lint/typecheck " ..
          "commands and the local run command; be surgical, ask if needed",
          { "readme%.md", "typecheck" }, { "readme", "one command" } },
        { "project: Expo (SDK 54) + React Native + Supabase app (ta-la-app), no test or lint tooling at start",
          { "expo", "supabase" }, { "ta%-la%-app" } },
        { "scripts added to package.json: lint = expo lint, typecheck = tsc --noEmit, test -> test:project " ..
          "(lint && typecheck)",
          { "test:project" }, { "tsc %-%-noemit" } },
        { "constraint: network disabled in the sandbox, expo lint tried to auto-install eslint and hung; only " ..
          "typecheck verified; documented in README",
          { "offline" }, { "network", "expo lint" }, { "network", "eslint" } },
        { "user asked why not commit the ESLint config; then enabled network access",
          { "commit the eslint config" }, { "enable", "network" } },
        { "with network: eslint 9.39.2 + eslint-config-expo 10.0.0 installed, eslint.config.js created, " ..
          "package-lock.json updated",
          { "eslint%.config%.js" }, { "eslint%-config%-expo" } },
        { "lint errors: react/no-unescaped-entities (2) in app/(tabs)/profile/dev-settings.tsx:340; fixed after " ..
          "\"go ahead\", npm test then passes",
          { "no%-unescaped%-entities" }, { "dev%-settings%.tsx" } },
        { "after the fix: 29 warnings, 0 errors; user: clean those warnings and keep the chat in english",
          { "29 warnings" }, { "clean those warnings" } },
        { "warnings cleaned (unused imports/vars, hook deps such as fetchVenues in useVenues.ts, Array<T> -> T[]); " ..
          "npm run lint 0 warnings, npm test passes",
          { "usevenues" }, { "venuecarousel" }, { "0 warnings" } },
        { "request: translate README.md to english, add, commit and push on branch chore/agentic-hardening " ..
          "(unrelated .planning edits excluded)",
          { "translate readme" }, { "chore/agentic%-hardening" } },
        { "commit failed: git add denied (.git/index.lock Operation not permitted), escalation rejected by the user, " ..
          "turn aborted: nothing committed or pushed",
          { "index%.lock" }, { "rejected by user" }, { "turn_aborted" },
          wrong = { { "pushed to origin" } } },
        { "docs/REPO_MAP.md (empty) filled with the repo map: routes, services, stores, migrations, env vars, scripts",
          { "docs/repo_map%.md" } },
        { "docs/ARCHITECTURE.md created with the current architecture and constraints",
          { "docs/architecture%.md" } },
        { "AGENTS.md prefixed with a \"# Project Context Index\" block, then cloned to CLAUDE.md and GEMINI.md " ..
          "(untracked)",
          { "project context index" }, { "claude%.md", "gemini%.md" } },
        { "end: .specify/memory/constitution.md replaced with a \"Constitution (Non-Negotiable)\" (quality gates " ..
          "npm test, architecture, change policy, agent behavior)",
          { "%.specify/memory/constitution%.md" }, { "non%-negotiable" } },
      },
    },
    -- == xentri: BMAD workflow-status -> pm validate-prd, PRD/epics fixes through six reports, cleanup ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-xentri-bmad-validate-prd.jsonl",
      facts = {
        { "start: an \"ultrathink\" vision prompt; agent read AGENTS.md, CLAUDE.md, docs/architecture.md, " ..
          "event-model-v0.1.md and packages/ts-schema, proposed Zod event schemas / system_events migration",
          { "ultrathink" }, { "ts%-schema" }, { "system_events" } },
        { "bmad workflow-status run (workflow.xml, enterprise-greenfield path): next workflow validate-prd for the pm " ..
          "agent",
          { "workflow%-status" }, { "validate%-prd" }, { "enterprise%-greenfield" } },
        { "pm agent (John) loaded from .bmad/bmm/agents/pm.md; user picked 6 = validate PRD + Epics + Stories",
          { "agents/pm%.md" }, { "validate prd %+ epics %+ stories" } },
        { "first report docs/validation-report-20251126T045841Z.md: 107/127 passed (84%), 20 partial, 0 fail",
          { "107/127" }, { "validation%-report%-20251126t045841z" } },
        { "fix: FR->story trace matrix in docs/epics.md, Story 4.3 notifications acceptance (FR75-FR78); re-run " ..
          "111/127 (87%)",
          { "trace matrix" }, { "111/127" }, { "fr75" } },
        { "then: inline FR IDs per story and Mobile & PWA requirements in docs/prd.md; user: \"Do 2 and 3\" " ..
          "(inline FR tags in acceptance, offline data entry/backfill)",
          { "mobile", "pwa" }, { "do 2 and 3" }, { "backfill" } },
        { "report 20251126T051058Z: 117/127 (92%), 7 partial",
          { "92%% pass" } },
        { "\"finish what's left\": future FRs FR88-FR90, business rules/edge cases, enabler/parallel notes, " ..
          "unknowns, story sizing; report 125/130 (96%)",
          { "fr88" }, { "96%% pass" }, { "business rules" } },
        { "user asked to be questioned when unsure; agent offered options A/B/C for the infra slice and recommended " ..
          "Option B RLS Diagnostics plus a short FR rationale appendix",
          { "rls diagnostics" }, { "option b" }, { "rationale appendix" } },
        { "report 20251126T164717Z: 126/130 (97%), 1 partial; then membership viewer and subscription status slices " ..
          "for stories 7.1/7.2 -> 127/130 (98%), 0 partial, 0 fail",
          { "97%% pass" }, { "98%% pass" }, { "membership viewer" } },
        { "prd validation marked complete in docs/bmm-workflow-status.yaml (validate-prd points at the report)",
          { "bmm%-workflow%-status%.yaml" } },
        { "\"delete all outdated files\": agent asked which; user: leave only the latest validation report per " ..
          "workflow",
          { "delete all outdated files" }, { "latests validation report" } },
        { "end: older reports removed with rm, only docs/validation-report-20251128T140500Z.md kept and " ..
          "validate-prd repointed to it; other .bmad changes untouched",
          { "validation%-report%-20251128t140500z" }, { "removed older validation reports" } },
      },
    },
    -- == funke: spec-kit implement phase 4 (lottery) for the event system, then a 500 and a vite build fix ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-funke-phase4-lottery.jsonl",
      facts = {
        { "request: spec-kit implement, \"continue development of phase 4\" of specs/001-funke-event-mgmt",
          { "continue development of phase 4" }, { "001%-funke%-event%-mgmt" } },
        { "check-prerequisites.sh run; checklists/requirements.md 16/16 complete (PASS)",
          { "check%-prerequisites%.sh" }, { "requirements%.md", "16" } },
        { "stack: FastAPI backend on AWS Lambda (Mangum), DynamoDB (CDK), Vue/Vite frontend with Auth0",
          { "fastapi" }, { "dynamodb" }, { "auth0" } },
        { "ignore files checked: frontend/.eslintignore and .prettierignore already fine, no Dockerfile, no " ..
          ".dockerignore/.npmignore needed",
          { "%.eslintignore" }, { "%.prettierignore" } },
        { "phase 4 tasks T022-T025: lottery (no lottery_service.py existed yet)",
          { "t022" }, { "lottery_service%.py" } },
        { "backend: backend/app/services/lottery_service.py with crypto-seeded shuffle, stored seed for deterministic " ..
          "replay, finalize updating registrations and event status (REGISTRATION_CLOSED/LOTTERY_PENDING -> CONFIRMED)",
          { "lottery_service" }, { "deterministic replay" }, { "lottery_pending" } },
        { "admin lottery run / review / finalize endpoints (backend/app/api/admin/lottery.py) wired into main.py",
          { "admin_lottery" }, { "admin/lottery%.py" } },
        { "email_service.py extended with lottery winner / waitlist outcome emails",
          { "email_service%.py", "lottery" }, { "outcome emails" } },
        { "frontend: api.js runLottery/getLotteryResult/finalizeLottery, lottery page at /admin/events/:eventId/lottery, " ..
          "Lottery button in EventsPage.vue",
          { "runlottery" }, { "/admin/events/:eventid/lottery" }, { "eventspage%.vue" } },
        { "page moved to frontend/src/pages/admin/events/[eventId]/lottery.vue to match tasks.md; T022-T025 marked " ..
          "done; no tests run",
          { "%[eventid%]/lottery%.vue" }, { "tasks%.md" } },
        { "error: 500 on GET /api/admin/events/<id>/registrations (registration_token missing from the response); fixed " ..
          "in _registration_to_response in backend/app/api/admin/events.py",
          { "500 internal server error" }, { "registration_token" }, { "_registration_to_response" } },
        { "question how to reach the lottery / start one: Lottery button for REGISTRATION_CLOSED etc., Run Lottery then " ..
          "Finalize & Notify",
          { "run lottery" }, { "finalize & notify" } },
        { "request: a close registration button; \"Close Reg\" for OPEN events added in EventsPage.vue calling the " ..
          "existing close-registration endpoint",
          { "close reg" }, { "close%-registration" } },
        { "end: vite build failed (Could not resolve \"../../../services/api\" from lottery.vue); import fixed to " ..
          "../../../../services/api",
          { "could not resolve" }, { "%.%./%.%./%.%./%.%./services/api" } },
      },
    },
    -- == funke (earlier): spec-kit plan -> stack realigned -> clarify -> tasks (46) -> implement phase 1 scaffold ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-funke-plan-tasks-phase1.jsonl",
      facts = {
        { "speckit plan for specs/001-funke-event-mgmt (setup-plan.sh); constitution still an unfilled template, so " ..
          "the constitution gate stays unresolved",
          { "setup%-plan%.sh" }, { "constitution gating" } },
        { "first plan/research chose TypeScript (Node 20, Fastify), React/Vite and PostgreSQL; research.md, " ..
          "data-model.md, contracts/openapi.yaml, quickstart.md written",
          { "fastify" }, { "research%.md" }, { "contracts/openapi%.yaml" } },
        { "update-agent-context.sh created AGENTS.md from the plan",
          { "update%-agent%-context" }, { "agents%.md" } },
        { "request: adjust plan.md to the stack in funke-event-management-spec.md: Vue 3 + Pico CSS + Vite, Python " ..
          "FastAPI, DynamoDB, AWS Lambda + API Gateway",
          { "funke%-event%-management%-spec%.md" }, { "pico css" }, { "dynamodb" } },
        { "plan updated (also Auth0, Gmail API, AWS CDK in Python, infra/); user \"1\": stale TypeScript/React entry " ..
          "removed from AGENTS.md",
          { "auth0" }, { "gmail api" }, { "stale typescript" } },
        { "user \"2\": research.md and quickstart.md realigned to Python/FastAPI + Vue (pytest, Vitest, Playwright, " ..
          "DynamoDB local, CDK deploy)",
          { "quickstart%.md" }, { "vitest" } },
        { "clarify: admin auth question, user picked A = Auth0; Clarifications section and FR-041 added to spec.md",
          { "fr%-041" }, { "clarifications" } },
        { "plan re-run: setup-plan.sh overwrote plan.md with the template; plan rebuilt, openapi.yaml switched from " ..
          "sessionCookie to bearer JWT (Auth0)",
          { "overwrote" }, { "bearerauth" }, { "sessioncookie" } },
        { "tasks: specs/001-funke-event-mgmt/tasks.md with 46 tasks (5 setup, 8 foundational, US1-US6, 3 polish); MVP " ..
          "is US1 registration",
          { "46 checklist" }, { "46", "us1" } },
        { "implement: checklists requirements.md 16/16 PASS; .gitignore created",
          { "16 | 16 | 0" }, { "%.gitignore" } },
        { "request: \"start phase 1\": backend/app (FastAPI stub main.py), frontend/src, infra/cdk/stacks scaffolded",
          { "start phase 1" }, { "infra/cdk" } },
        { "error while scaffolding: zsh no such file or directory: frontend/src/router/index.js (router dir missing); " ..
          "created and checked",
          { "no such file or directory: frontend/src/router/index%.js" } },
        { "phase 1 done: backend/requirements.txt + requirements-dev.txt (black, ruff), pyproject.toml, " ..
          ".env.example files, frontend package.json (Vue 3, Pinia, Pico), T001-T005 checked; no tests run",
          { "requirements%-dev%.txt" }, { "t001.*t005" }, { "%.env%.example" } },
      },
    },
    -- == platform_architect: spec-kit constitution -> specify from docs/prd.md -> clarify (5 Qs) -> plan -> tasks (Korean) ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-platform-architect-speckit-soc.jsonl",
      facts = {
        { "request: constitution principles for code quality, testing standards, UX consistency and performance " ..
          "requirements",
          { "code quality", "testing standards" }, { "constitution" } },
        { "constitution written in .specify/memory/constitution.md v1.0.0 (Sync Impact Report 0.0.0 -> 1.0.0); plan/spec/" ..
          "tasks templates and README.md synced; no .specify/templates/commands dir",
          { "0%.0%.0 %-> 1%.0%.0" }, { "plan%-template%.md" }, { "templates/commands" } },
        { "user asked for answers in Korean (한글로 답변해줘)",
          { "한글로" } },
        { "project: SoC architecture exploration and PPA estimation platform (docs/prd.md v0.5)",
          { "soc" , "ppa" }, { "docs/prd%.md" } },
        { "specify: git fetch failed (Could not resolve host: github.com), rerun escalated; create-new-feature.sh made " ..
          "branch 001-prd-based-spec and specs/001-prd-based-spec/spec.md",
          { "could not resolve host" }, { "001%-prd%-based%-spec" }, { "create%-new%-feature%.sh" } },
        { "spec quality checklist written at specs/001-prd-based-spec/checklists/requirements.md",
          { "checklists/requirements%.md" } },
        { "clarify Q1: report confidential masking -> user chose A (all numbers shown, no masking)",
          { "마스킹" } },
        { "clarify Q2: candidates shown -> user answered top 5 (상위 5개) instead of the recommended top 20",
          { "상위 5개" } },
        { "clarify Q3: reproducibility -> A, identical results with zero tolerance; Q4: retries -> C, 3 automatic " ..
          "retries; Q5: concurrent IP catalog edits -> B, detect conflict and block save",
          { "오차 0" }, { "3회" }, { "충돌" } },
        { "plan: setup-plan.sh; plan.md, research.md, data-model.md, contracts/exploration-api.yaml, quickstart.md; " ..
          "update-agent-context.sh codex created AGENTS.md",
          { "setup%-plan%.sh" }, { "exploration%-api%.yaml" }, { "update%-agent%-context%.sh" } },
        { "conflict found in plan check: SC-005 (0% confidential exposure) contradicted the no-masking answer; rewritten " ..
          "to report-permission violations",
          { "sc%-005" } },
        { "tasks: specs/001-prd-based-spec/tasks.md with 65 tasks (US1 16, US2 12, US3 12, setup/foundation/polish 25)",
          { "total 65" }, { "us1 16" } },
        { "end: tasks generated, ready for implementation; specs/001-prd-based-spec and AGENTS.md untracked",
          { "%?%? agents%.md" }, { "%?%? specs/001%-prd%-based%-spec" } },
      },
    },
    -- == ai-trading-bot: spec-kit constitution v1.0.0 (four principles) and template sync, one request ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-trading-bot-constitution.jsonl",
      facts = {
        { "request: constitution principles for code quality, testing standards, UX consistency and performance " ..
          "requirements (.specify/memory/constitution.md template)",
          { "code quality", "testing standards" }, { "%.specify/memory/constitution%.md" } },
        { "project: crypto trend-following trading bot; AGENTS.md gates make test (pytest -n 4) and make " ..
          "code-quality (Black, Ruff, MyPy, Bandit)",
          { "crypto" }, { "make code%-quality" }, { "pytest %-n 4" } },
        { "template full of placeholders ([PROJECT_NAME], [PRINCIPLE_1_NAME]); no .specify/templates/commands dir",
          { "principle_1_name" }, { "templates/commands" } },
        { "context read: coverage.xml line-rate 0.2923, tests/performance baseline/regression tests",
          { "coverage%.xml" }, { "0%.2923" } },
        { "constitution replaced (file deleted and re-added), version N/A -> 1.0.0, ratified 2025-10-14",
          { "1%.0%.0" , "2025%-10%-14" }, { "n/a %-> 1%.0%.0" } },
        { "four principles: Code Quality Is a Shipping Criterion, Testing Proves Every Change, Consistent User " ..
          "Experience, Performance Safeguards Decisions",
          { "shipping criterion" }, { "testing proves every change" }, { "performance safeguards" } },
        { "plan-template.md Constitution Check lists the four principle gates (keep make code-quality passing)",
          { "plan%-template%.md", "constitution check" } },
        { "spec-template.md: UX Consistency Requirements (mandatory when user-facing) and performance requirements",
          { "ux consistency requirements" } },
        { "tasks-template.md: tests mandatory per story (\"Tests MUST be written and FAIL before implementation\")",
          { "tests must be written and fail" }, { "tasks%-template%.md" } },
        { "leftover bracket /specs/[feature]/ in the constitution replaced by /specs/<feature>/ so no placeholder " ..
          "remains",
          { "/specs/<feature>/" } },
        { "oddity: git diff shows no change for plan/spec templates although edited (git ls-files -v checked)",
          { "git ls%-files %-v" }, { "git diff %-%-stat" } },
        { "an apply_patch on tasks-template.md failed (line-numbered context) and was redone",
          { "apply_patch verification failed" } },
        { "end: branch develop, suggested commit message \"docs: amend constitution to v1.0.0 with quality/testing/" ..
          "UX/perf principles\"; nothing committed",
          { "docs: amend constitution" }, { "develop%.%.%.origin/develop" } },
      },
    },
    -- == paper2md: spec-kit constitution from the user's own principles (TDD, KISS...), templates synced ==
    {
      agent = "codex", sealed23 = true, path = SESSIONS .. "/sealed23-paper2md-constitution-tdd.jsonl",
      facts = {
        { "request: a constitution from the user's principles: readable over clever, TDD-first with mocks/stubs, " ..
          "automate linting/testing, KISS/DRY/SOLID/YAGNI, comments explain why",
          { "tdd%-first" }, { "kiss", "yagni" }, { "mocks/stubs" } },
        { "repo nearly empty: README.md (# paper2md), .specify and .codex only",
          { "# paper2md" } },
        { ".specify/memory/constitution.md was the placeholder template ([PROJECT_NAME], [PRINCIPLE_1_NAME])",
          { "%[project_name%]" }, { "principle_1_name" } },
        { "no .specify/templates/commands directory (No such file or directory)",
          { "templates/commands" } },
        { "version 0.0.0 -> 1.0.0 (first ratification), dated 2025-11-07",
          { "0%.0%.0 → 1%.0%.0" }, { "2025%-11%-07" } },
        { "five principles: I. Readability Over Cleverness, II. Test-Driven Delivery, III. Relentless Automation, " ..
          "IV. Intentional Simplicity, V. Explain the Why",
          { "readability over cleverness" }, { "test%-driven delivery" }, { "explain the why" } },
        { "plan-template.md Constitution Check gates (readable-first design, TDD, automation, simplicity, rationale)",
          { "readable%-first design" }, { "plan%-template%.md" } },
        { "spec-template.md gets constitution alignment per story and a rationale/readability section",
          { "spec%-template%.md" } },
        { "tasks-template.md: tests mandatory (no longer OPTIONAL), automation scripts task (make test / task lint), " ..
          "task IDs renumbered after a conflict",
          { "tdd tasks mandatory" }, { "make test" } },
        { "check: rg for '[' in the constitution finds no placeholder left",
          { "no placeholders" } },
        { "git: master ahead 1, four .specify files modified, .codex/ untracked",
          { "master%.%.%.origin/master" } },
        { "end: tests not run (documentation only), follow-ups none, suggested commit \"docs: amend constitution to " ..
          "v1.0.0 and sync templates\"",
          { "docs: amend constitution to v1%.0%.0 and sync templates" }, { "tests: not run" } },
      },
    },
  }
end
