-- bench/summary_quality.lua: does the offline (extractive) summary carry
-- what an engineer continuing the work needs?
--
-- Each conversation is imported the way `compact` (the command) reads it
-- (pi, Claude Code and Codex transcripts through the importers), compacted whole
-- through the compactor with the extractive summarizer at its default size
-- (so the stored summary includes the file lists the compactor appends, and
-- paths are relative to the session's working directory), and checked
-- against facts written by hand after reading the conversation: the goal,
-- the constraints, the requests, the files changed, test outcomes,
-- decisions and open work. A fact is a set of alternatives; an
-- alternative is a Lua pattern, or a list of patterns that must all match,
-- tried on the summary in lower case; a fact's `wrong` alternatives, when
-- one matches, mark it lost (the summary states the opposite).
--
-- The sessions of other agents are public transcripts (the agentcmd
-- project's test fixtures) read at bench time from $COMPACT_SESSIONS
-- (default build/sessions/, filled by scripts/fetch_sessions.sh); a missing
-- one is skipped with a note; one the summarizer raises on counts as all
-- lost and makes the bench exit 1. Only the fact lists are ours. Sessions marked
-- `aside = true` were kept aside while the summarizer was first tuned, and
-- those marked `unseen = true` (and later `fresh = true`) were added after
-- it, their facts written before any summary of them was read: each group
-- is reported apart, and what they lost only with ASIDE=1. Since then every
-- group has been tuned on (docs/summarizers.md gives the figures of each
-- round); a held-out measurement needs sessions none of these are.
--
-- Prints "N of M facts kept" per session, the totals (tuned, aside, unseen, fresh), and
-- the worst lines the summarizer wrote (the longest, and those that quote
-- injected text); exits 1 when the total is under 90 % or a summary is
-- over 6000 bytes.
--
--   lua bench/summary_quality.lua            (make bench runs it)
--   SHOW=1 lua bench/summary_quality.lua     also prints the summaries
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
-- `make bench LUA=...` exports LUA_CPATH with that runtime's build folder
package.cpath = (os.getenv("LUA_CPATH") and "" or "./build/?.so;") .. package.cpath

local compact = require "compact"
local importers = require "compact.importers"
local extractive = require "compact.summarizers.extractive"

local TARGET_RATIO, TARGET_SIZE = 0.9, 6000
local SHARED = os.getenv("COMPACT_SHARED") or "../shared"
local SESSIONS = os.getenv("COMPACT_SESSIONS") or "build/sessions"

local sessions = {
  {
    path = "examples/sample-session.json",
    facts = {
      { "goal: a key-value store in Lua", "key%-value store" },
      { "last request: range scans db:scan(prefix)", "db:scan%(prefix%)" },
      { "last request: kv scan PREFIX on the command line", "kv scan prefix" },
      { "last request: start with the store", "start with the store" },
      { "state: scan work started on the store (sorted key index)", "sorted key index" },
      { "decision: TTL uses the injected clock, tests do not sleep", "injected clock" },
      { "done: put(key, value, { ttl = seconds })", "ttl = seconds" },
      { "decision: compaction is atomic (temp file, then rename)", "temp file, then rename", "atomic" },
      { "done: kv compact on the command line", "kv compact" },
      { "done: get_or renamed to get_default", "get_default" },
      { "decision: a failing batch applies nothing", "nothing from the batch", "all%-or%-nothing",
        "nothing is written or applied" },
      { "done: commit markers for batches", "commit marker", "\"op\":\"commit\"" },
      { "failed: reading /var/lib/kv/prod.log (permission denied)", { "prod%.log", "denied" } },
      { "found: the JSON decoder dropped numbers (TTLs lost on replay)", { "json", "number" } },
      { "constraint: users on OpenResty (Lua 5.1 / LuaJIT)", "openresty", "lua 5%.1" },
      { "failed then fixed: math.tointeger on Lua 5.1", "tointeger" },
      { "state: 13/13 specs on every interpreter", "13/13" },
      { "done: luacheck set up and clean", "luacheck[^\n]*clean", "luacheck[^\n]*passed" },
      { "measured: put ~61k ops/s, batches ~730k puts/s", "61k", "730k" },
      { "done: a torn last log record is dropped", "torn" },
      { "done: CHANGELOG entry", "changelog" },
      { "found: put did not record expires in memory", { "put", "expires" } },
      { "modified: src/kv/store.lua", "src/kv/store%.lua" },
      { "modified: src/kv/wal.lua", "src/kv/wal%.lua" },
      { "modified: src/kv/json.lua", "src/kv/json%.lua" },
      { "modified: spec/store_spec.lua", "spec/store_spec%.lua" },
    },
  },
  {
    path = SHARED .. "/data/pi-large-session.jsonl",
    facts = {
      { "goal: port user-message-selector.ts to the theme patterns", { "port", "user%-message%-selector" } },
      { "last request: do it all (commit, tag, push, publish)", "do it all" },
      { "decision: a minor release, v0.8.0", "minor", "0%.8%.0" },
      { "decision: RGB (hex) values in themes, no 256-colour indices", "rgb values" },
      { "decision: invalid themes must never crash", "invalid themes must never", "should never happen" },
      { "decision: setTheme returns an error, no console logs", "settheme should return an error" },
      { "decision: toolTitle and toolOutput instead of toolText", { "tooltitle", "tooloutput" } },
      { "decision: context usage warning above 70 %, error above 90 %", "70%%" },
      { "decision: truncated text stops at a newline", "truncated text must stop" },
      { "decision: lines never wider than the width", "wider than" },
      { "decision: dimGray, no linkGray", "dimgray" },
      { "decision: user-given palette (#b5bd68 ...)", "b5bd68" },
      { "decision: custom themes reload live (file watcher)", "file watcher", "live edit" },
      { "decision: README section on themes, VS Code note", "vs code" },
      { "failed: git commit of the release (toolText in test-theme-colors.ts)", "git commit[^\n]*fail" },
      { "failed: npm run publish", "npm run publish[^\n]*fail" },
      { "state: coding-agent build fails against pi-tui exports", "no exported member", "api mismatch" },
      { "done: release committed, tagged and pushed", "git push[^\n]*passed", "pushed" },
      { "modified: src/theme/theme.ts", "src/theme/theme%.ts" },
      { "modified: src/tui/tui-renderer.ts", "tui%-renderer%.ts" },
      { "modified: src/tui/user-message-selector.ts", "src/tui/user%-message%-selector%.ts" },
      { "modified: docs/theme.md", "docs/theme%.md" },
      { "modified: dark.json and light.json", { "dark%.json", "light%.json" } },
      { "modified: CHANGELOG.md", "changelog%.md" },
      { "modified: truncated-text.ts", "truncated%-text%.ts" },
    },
  },
  -- == Claude Code ==
  {
    agent = "claude-code", path = SESSIONS .. "/full-session-two.jsonl",
    facts = {
      { "goal: move the + button next to the search", { "%+ button", "search" }, { "plus button", "search" } },
      { "correction: not the new session button", "not the new session button" },
      { "decision (answer): right of the kbd hint", "right of" },
      { "decision: completely outside the search bar", "completely outside the search bar" },
      { "modified: CommandMenu.tsx", "commandmenu%.tsx" },
      { "request: give the button a background", "give the button a background" },
      { "done: variant ghost -> default", { "ghost", "default" } },
      { "screenshot attached", "image", "screenshot" },
    },
  },
  {
    agent = "claude-code", path = SESSIONS .. "/full-session-three.jsonl",
    facts = {
      { "goal: audit this codebase", "audit this codebase" },
      { "read: package.json of the monorepo", "package%.json" },
      { "looked for committed .env files", "%.env" },
      { "read: packages/agent-cli-sdk/README.md", "agent%-cli%-sdk/readme%.md" },
      { "state: the audit is still in progress", "still being worked on", "in progress", "no reply yet" },
      { "read: turbo.json", "turbo%.json" },
    },
  },
  {
    agent = "claude-code", path = SESSIONS .. "/full-session-four.jsonl",
    facts = {
      { "goal: initials of the logged-in user in NavUser", { "initials", "navuser" } },
      { "question: does it use the authStore", "authstore" },
      { "request: use the username when there is no name", { "username", "name" } },
      { "observed: the menu says Guest User", "guest user" },
      { "finding: the User model has only username", { "user", "only", "username" }, "no `name`",
        "only has `id` and `username`" },
      { "done: getInitials() helper", "getinitials" },
      { "test: pnpm test NavUser.test.tsx failed, then passed", { "navuser%.test%.tsx", "pass" } },
      { "modified: NavUser.tsx", "components/navuser%.tsx" },
      { "modified: AppSidebar.tsx", "appsidebar%.tsx" },
      { "modified: NavUser.test.tsx", "navuser%.test%.tsx" },
      { "read: authStore.ts", "authstore%.ts" },
    },
  },
  {
    agent = "claude-code", aside = true, path = SESSIONS .. "/full-session-five.jsonl",
    facts = {
      { "goal: search the web for the Claude Code response types", "claude code response types" },
      { "searched: TypeScript definitions of the CLI", "typescript" },
      { "read: packages/agent-cli-sdk-two/src/types/unified.ts", "types/unified%.ts" },
      { "state: comparing with the codebase's types", "still being worked on", "in progress", "current codebase",
        "match the official types" },
    },
  },
  {
    agent = "claude-code", aside = true, path = SESSIONS .. "/full-session-askuserquestion.jsonl",
    facts = {
      { "goal: evaluate AI Elements components for scrolling", { "ai elements", "scroll" } },
      { "decision: AI Elements components", "=\"ai elements components\"", "ai elements components" },
      { "decision: remove anything custom", "remove anything custom" },
      { "decision: just scrolling improvements", "just scrolling improvements" },
      { "plan: ChatInterface.tsx", "chatinterface%.tsx" },
      { "state: the plan awaits approval", "exitplanmode", "still being worked on", "plan" },
    },
  },
  -- == Codex ==
  {
    agent = "codex", path = SESSIONS .. "/rollout-2025-09-24T19-22-20-01997e76-d124-7592-9cac-2ec05abbca08.jsonl",
    facts = {
      { "goal: team updates in TeamSheet are slow", { "teamsheet", "slow" } },
      { "constraint: simplify, it is over-engineered", "over%-engineered", "simplify" },
      { "question: why do we need stats for the team", "why do we need stats" },
      { "decision: stats stay for the sheet's summary", "totalmembers", { "stats", "summary" } },
      { "done: a useTeamWithStats hook for one team", "useteamwithstats" },
      { "done: /api/teams/:id?include=stats", "include=stats" },
      { "fixed: initialTeam treated as stale", "initialteam" },
      { "tests: 245 passed", "245 passed" },
      { "fixed: check-types failed, then passed", "check%-types[^\n]*pass", "check%-types[^\n]*fixed",
        "checks are green" },
      { "done: branch fix/team-optimization-v2 pushed", "fix/team%-optimization%-v2" },
      { "done: new branch feat/dashboard-refactor", "feat/dashboard%-refactor" },
      { "request: commit, push the PR, new branch off main", { "commit", "push", "branch" } },
      { "modified: TeamSheet.tsx", "teamsheet%.tsx" },
      { "modified: teams/[id]/route.ts", "teams/%[id%]/route%.ts" },
    },
  },
  {
    agent = "codex", aside = true,
    path = SESSIONS .. "/rollout-2025-09-24T20-12-23-01997ea4-a70d-7da3-8c20-c736db82a7c5.jsonl",
    facts = {
      { "question: four queries when the dashboard loads", "4 queries", "four queries" },
      { "finding: useTeamLeads loads /api/teams/leads", "useteamleads", "teams/leads" },
      { "finding: useDashboardPrefetch prefetches three ranges", "usedashboardprefetch", "prefetch" },
      { "question: prefetching is not slowing down the load", "slowing" },
      { "finding: the prefetch waits 1 s (setTimeout)", "settimeout", "1 s", "1s" },
    },
  },
  {
    agent = "codex", path = SESSIONS .. "/rollout-2025-09-25T08-02-05-0199812e-64f0-7f73-91fc-095dda01c36e.jsonl",
    facts = {
      { "goal: a page of label counts over time in a chart", { "label counts", "chart" } },
      { "request: stat widgets (percentage, total count)", "percentage", "stat widget" },
      { "request: filters (date range, labels, comparison, team, AI usage)", { "date range", "label filter" },
        { "comparison", "team filter" } },
      { "request: an issue metrics endpoint", "issue metrics endpoint", "issue%-metrics" },
      { "request: overlay AI usage to correlate with bugs", { "overlay", "ai usage" } },
      { "fact: AI usage links through member_id / team", "member_id" },
      { "request: present the plan now", "present the plan" },
      { "plan: API layer, front-end page, correlation overlay", "api layer", "correlation overlay" },
    },
  },
  {
    agent = "codex", path = SESSIONS .. "/rollout-2025-09-25T09-49-46-01998190-fba6-7f40-9309-dc4e48c5844a.jsonl",
    facts = {
      { "goal: migrate from @supabase/supabase-js to prisma", { "supabase", "prisma" } },
      { "constraint: in phases, keep supabase-js meanwhile", "phases", "gradually" },
      { "constraint: start with packages/services", "packages/services" },
      { "constraint: keep the database on supabase via DATABASE_URL", "database_url" },
      { "plan: prisma db pull into prisma/schema.prisma", "db pull", "schema%.prisma" },
      { "plan: an adapter in createService", "adapter" },
      { "plan: keep Supabase only for auth", "auth" },
      { "next: add Prisma tooling", "prisma tooling", "next step" },
    },
  },
  {
    agent = "codex", aside = true,
    path = SESSIONS .. "/rollout-2025-09-25T15-12-14-019982b8-3422-79e0-8b3b-05abaf4f3c3e.jsonl",
    facts = {
      { "goal: a new package @packages/services-prisma", "services%-prisma" },
      { "constraint: a drop-in replacement for createService", "drop in replacement", "drop%-in" },
      { "constraint: full prisma type safety (select, filters -> where)", "type saf", { "select", "where" } },
      { "constraint: reuse tsconfig, eslint, package.json setup", "tsconfig" },
      { "request: propose an implementation plan", "implementation plan" },
      { "plan: Prisma delegates for the CRUD helpers", "delegate" },
      { "read: packages/services/src/createService.ts", "createservice%.ts" },
    },
  },
  -- == Kept aside (unseen) ==
  -- Real sessions nobody tuned on, facts written by hand from the imported
  -- messages before any summary of them was read: three long Claude Code
  -- sessions resumed after a compaction (marot/spotter's test transcripts:
  -- the importer gives Claude Code's own summary plus the messages after it),
  -- and short Claude Code and Codex sessions (tomjnsn/agentlogs's fixtures,
  -- fetched as agentlogs-<agent>-<name>.jsonl). Reported apart as "unseen"
  -- (tuned on since: see the header).
  {
    agent = "claude-code", unseen = true, path = SESSIONS .. "/spotter-ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
    facts = {
      -- the goal heading must not be the /compact command's arguments
      { "goal: bead spotter-4te, end-to-end OpenTelemetry tracing", { "spotter%-4te", "opentelemetry" },
        { "spotter%-4te", "otel" }, wrong = { "## goal\n/compact" } },
      { "request: continue with the remaining tasks", "continue implementation", "remaining tasks",
        "reamining tasks" },
      { "constraint: OTEL failures must never crash the app", "never crash", "graceful" },
      { "constraint: pre-commit hook runs format, credo, dialyzer, tests", "pre%-commit" },
      { "constraint: session close protocol (git status/add, bd sync, commit)", "bd sync" },
      { "earlier: traceparent headers in the plugin hook scripts (4te.2)", "traceparent" },
      { "fixed: dialyzer false positive via :otel_span.hex_trace_id", "hex_trace_id" },
      { "failed then fixed: dialyzer unreachable clause, then passed", "pattern_match_cov",
        "dialyzer[^\n]*pass", "dialyzer[^\n]*fix", "dialyzer[^\n]*clean" },
      { "done: .dialyzerignore removed", "%.dialyzerignore" },
      { "decision: current_trace_id made public for the enqueue path", "[^_]current_trace_id" },
      { "done: 4te.3 controller instrumentation committed", "spotter%-4te%.3", "instrument hook controllers" },
      { "done: 4te.4 opentelemetry_ash, trace id in Oban args, EnrichCommits span", "opentelemetry_ash",
        "enrichcommits", "spotter%-4te%.4" },
      { "done: 4te.5 LiveView telemetry handler, TerminalChannel events", "liveviewotel", "liveview_otel",
        "spotter%-4te%.5" },
      { "done: 4te.6 regression tests and README tracing docs", "regression tests", "spotter%-4te%.6" },
      { "tests: 309 tests, 0 failures (was 297)", "309 tests" },
      { "state: epic closed, everything committed", "bd close spotter%-4te", "epic[^\n]*complete",
        "working tree clean", "closed spotter%-4te" },
      { "modified: otel_trace_helpers.ex", "otel_trace_helpers%.ex" },
      { "modified: hooks_controller.ex", "hooks_controller%.ex" },
      { "modified: config/config.exs", "config/config%.exs" },
      { "modified: enrich_commits.ex", "enrich_commits%.ex" },
      { "created: lib/spotter_web/telemetry/liveview_otel.ex", "liveview_otel%.ex" },
      { "modified: terminal_channel.ex", "terminal_channel%.ex" },
      { "created: session_hook_controller_test.exs", "session_hook_controller_test%.exs" },
      { "modified: README.md", "readme%.md" },
    },
  },
  {
    agent = "claude-code", unseen = true, path = SESSIONS .. "/spotter-4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    facts = {
      -- the goal heading must not be a background task's notification
      { "goal: bead spotter-dov, unified transcript visualization and debug parity",
        { "spotter%-dov", "transcript" }, wrong = { "## goal\nread the output file" } },
      { "fixed: Access.get inside a guard (compile error)", "access%.get", "guard clause" },
      { "fixed: credo nesting depth in compute_expand_groups", "compute_expand_groups", { "credo", "nest" } },
      { "done: all_rendered_lines / expanded_tool_groups passed to transcript_panel", "all_rendered_lines",
        "expanded_tool_groups" },
      { "decision: AshComputer generates the toggle handler, manual one removed", "auto%-generat",
        "redundant handler", "fire_computer_event" },
      { "done: toggle_debug handler in SubagentLive", "toggle_debug" },
      { "decision: TranscriptSelection merged into TranscriptHighlighter", "transcriptselection" },
      { "modified: assets/js/app.js", "app%.js" },
      { "modified: priv/static/assets/spotter.css (debug grid, expand controls)", "spotter%.css" },
      { "found: priv/static/assets is gitignored, spotter.css force-added", "git add %-f", "gitignore" },
      { "tests: 410 tests pass", "410 tests" },
      { "failed: commit blocked by the pre-commit hook (format, dialyzer, credo)", "pre%-commit[^\n]*fail",
        "git commit[^\n]*fail", "validation failed" },
      { "fixed: dialyzer guard_fail in subagent_live.ex", "guard_fail", "subagent_live[^\n]*dialyzer",
        "dialyzer[^\n]*subagent_live" },
      { "decision (user): main was clean, fix the pre-existing issues", "main was clean", "fix the issues" },
      { "fixed: waiting_summary.ex (aliases, LLMChain.run error shape)", "waiting_summary%.ex", "llmchain" },
      { "fixed: slice_builder.ex dialyzer nowarn for MapSet", "slice_builder%.ex", "nowarn" },
      { "done: committed 64f1b9a", "64f1b9a", "unified transcript visualization and debug parity" },
      { "done: pushed branch spotter-dov (set upstream)", "set%-upstream", "git push[^\n]*pass", "pushed" },
      { "state: subtasks and epic closed", "bd close spotter%-dov", { "epic", "clos" } },
      { "modified: transcript_components.ex", "transcript_components%.ex" },
      { "modified: session_live.ex", "session_live%.ex" },
      { "modified: subagent_live.ex", "subagent_live%.ex" },
      { "earlier: transcript_computers.ex (new)", "transcript_computers%.ex" },
      { "earlier: transcript_renderer.ex", "transcript_renderer%.ex" },
    },
  },
  {
    agent = "claude-code", unseen = true, path = SESSIONS .. "/spotter-8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl",
    facts = {
      { "goal: bead spotter-fum, transcript readability in SessionLive", { "spotter%-fum", "transcript" },
        wrong = { "## goal\nread the output file" } },
      { "constraint: priv/static/assets is gitignored, spotter.css force-added", "git add %-f", "gitignore" },
      { "done: fum.3 highlight.js integrated, committed 331f337", "331f337", "integrate highlight%.js" },
      { "failed then fixed: node assets/build.js only runs from assets/", "could not resolve", "build%.js",
        wrong = { "still failing:[^\n]*build%.js" } },
      { "tests (fum.3): 120 tests pass", "120 tests" },
      { "found: the subagent fixture has no agent_id, test adjusted", "subagent fixture",
        { "fixture", "agent_id" } },
      { "fixed: config/test.exs lacked the Endpoint config", "config/test%.exs", "secret_key_base" },
      { "fixed: lazy_html test dependency added", "lazy_html" },
      { "fixed: LiveView tests need the shared sandbox", "shared sandbox", "sandbox" },
      { "decision: agent_id bug in load_session_messages filed as spotter-fum.5", "spotter%-fum%.5",
        "load_session_messages" },
      { "done: happy-dom installed for the JS tests", "happy%-dom" },
      { "tests: 141 Elixir (127 + 14 doctests) + 16 Vitest = 157", "157", "141", "127 tests" },
      { "done: fum.4 committed af81c43", "af81c43", "regression coverage" },
      { "done: pushed (set upstream)", "set%-upstream", "pushed" },
      { "done: bd sync", "bd sync" },
      { "state: epic closed", "bd close spotter%-fum", { "epic", "complete" } },
      { "earlier: fum.1 3bb8701, fum.2 b9288c2", "3bb8701", "b9288c2" },
      { "created: assets/test/highlight-integration.test.js", "highlight%-integration%.test%.js" },
      { "created: test/spotter_web/live/session_live_test.exs", "session_live_test%.exs" },
      { "modified: transcript_renderer_test.exs", "transcript_renderer_test%.exs" },
      { "modified: mix.exs", "mix%.exs" },
      { "modified: assets/package.json", "package%.json" },
      { "modified: assets/js/app.js", "app%.js" },
      { "modified: session_live.ex", "session_live%.ex" },
    },
  },
  {
    agent = "claude-code", unseen = true, path = SESSIONS .. "/agentlogs-claudecode-crud.jsonl",
    facts = {
      { "goal: create JOKE.md (joke, title, footer)", { "joke%.md", "joke" } },
      { "request: then read, change and delete the file", { "read", "delete this file" },
        { "read", "then delete" } },
      { "created: JOKE.md", "joke%.md" },
      { "done: an alternative punchline added", "alternative answer", "alternative punchline" },
      { "done: JOKE.md deleted (rm)", "rm [^\n]*joke%.md", "deleted" },
      { "state: all four steps done", "all done", "completed all the steps" },
    },
  },
  {
    agent = "codex", unseen = true, path = SESSIONS .. "/agentlogs-codex-crud.jsonl",
    facts = {
      { "goal: create JOKE.md (joke, title, footer)", { "joke%.md", "joke" } },
      { "request: then read, change and delete the file", { "read", "delete the file" },
        { "read", "then delete" } },
      { "created: JOKE.md", "joke%.md" },
      { "done: the footer changed (office cactus)", "office cactus", "updated the footer" },
      { "done: JOKE.md deleted (rm)", "rm [^\n]*joke%.md", "deleted" },
      { "state: all steps done", "created `joke%.md`, read it", "and deleted the file" },
    },
  },
  {
    agent = "codex", unseen = true, path = SESSIONS .. "/agentlogs-codex-images.jsonl",
    facts = {
      { "goal: why the Claude Code label breaks on the /team dashboard", { "claude code", "label" } },
      { "screenshot attached", "image", "screenshot" },
      { "finding: YAxis width 95 and Recharts wraps SVG text on spaces", "width={95}", { "recharts", "wrap" } },
      { "request: increase the width", "increase the width" },
      { "done: Agent Usage Y-axis width 95 -> 120", "width={120}", "width to 120", "95[^\n]*120" },
      { "modified: packages/web/src/routes/_app/app/team/index.tsx", "team/index%.tsx" },
      -- the commit succeeded (its hook's test names say "exit code 1")
      { "done: committed 'web: Widen agent usage axis'", "widen agent usage axis",
        wrong = { "still failing:[^\n]*widen agent usage axis" } },
      { "open: asked whether to push", "push%?", "want me to push" },
    },
  },
  -- == Kept aside (fresh) ==
  -- Facts written by hand from the imported messages before any summary of
  -- these sessions was seen, as a second held-out check: two more long
  -- Claude Code sessions resumed after a compaction (marot/spotter), a short
  -- one of its (tool_heavy.jsonl, fetched as spotter-tool_heavy.jsonl), and
  -- two pi sessions (tomjnsn/agentlogs's fixtures, agentlogs-pi-<name>.jsonl;
  -- the branched one is read along its last branch). Reported apart as
  -- "fresh" (tuned on since: see the header).
  {
    agent = "claude-code", fresh = true, path = SESSIONS .. "/spotter-258c7280-ae70-4798-800f-63464d01a85d.jsonl",
    facts = {
      { "goal: implement spotter-gqc, transcript + terminal annotations with message references",
        { "spotter%-gqc", "annotation" }, wrong = { "## goal\nread the output file", "## goal\n<task%-notification" } },
      { "request: new beads for the epic were added, tackle them", "tackle them" },
      { "question (last): did you push?", "did you push" },
      { "earlier: gqc.4 annotation open/closed lifecycle state", "lifecycle state", "ceff8c3" },
      { "earlier: gqc.5 project-level review page", "project%-level review page", "bb53fb4" },
      { "earlier decision: SQLite-safe migrations (table rewrite)", "table rewrite", "table%-rewrite" },
      { "earlier fix: LiveView tests need the shared sandbox mode", "shared, self", "shared sandbox" },
      -- the resumed summary still calls gqc.6 in progress: that is stale
      { "done: gqc.6 close_review_session, committed 05fd186", "05fd186",
        "close review session by closing all open annotations",
        wrong = { "gqc%.6%*%* %(in_progress%)" } },
      { "done: close_review_session event handler", "close_review_session" },
      { "tests: full suite 76 tests + 14 doctests after gqc.6", "76 tests" },
      { "done: ReviewTokenStore, one-time tokens with TTL", "reviewtokenstore", "review_token_store%.ex" },
      { "done: ReviewContextBuilder", "reviewcontextbuilder", "review_context_builder%.ex" },
      { "done: GET /api/review-context/:token (ReviewContextController)", "review%-context/:token",
        "reviewcontextcontroller", "review_context_controller%.ex" },
      { "done: SessionStart hook script review-context-session-start.sh", "review%-context%-session%-start%.sh" },
      { "done: Tmux.launch_project_review", "launch_project_review" },
      { "tests: new tests 19 pass, full suite 87 tests + 14 doctests", "87 tests", "19 tests" },
      { "done: credo --strict clean", "found no issues", "credo clean", "credo[^\n]*pass" },
      { "done: gqc.7 committed a230dbf", "a230dbf", "launch project review conversation with hook%-injected context" },
      { "state: epic closed (all 7 tasks)", "bd close spotter%-gqc[^%.]", "all 7 tasks", "epic is closed",
        "epic is fully implemented" },
      { "state: pushed, working tree clean", "05fd186%.%.a230dbf", "working tree clean", "everything is pushed" },
      { "modified: project_review_live.ex", "project_review_live%.ex" },
      { "modified: project_review_live_test.exs", "project_review_live_test%.exs" },
      { "modified: lib/spotter/services/tmux.ex", "services/tmux%.ex" },
      { "modified: lib/spotter/application.ex", "application%.ex" },
      { "modified: lib/spotter_web/router.ex", "router%.ex" },
      { "modified: spotter-plugin/hooks/hooks.json", "hooks%.json" },
      { "created: review_context_builder_test.exs", "review_context_builder_test%.exs" },
      { "created: review_context_controller_test.exs", "review_context_controller_test%.exs" },
      { "earlier: annotation_message_ref.ex (new resource)", "annotation_message_ref%.ex", "annotationmessageref" },
    },
  },
  {
    agent = "claude-code", fresh = true, path = SESSIONS .. "/spotter-fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
    facts = {
      { "goal: bead spotter-a0y, single-session transcript bootstrap sync + live tail updates",
        { "spotter%-a0y", "transcript" }, wrong = { "## goal\nthis session is being continued" } },
      { "request: continue until all are done", "continue until all are done" },
      { "earlier: a0y.1 ActiveSessionRegistry and session-end hook", "activesessionregistry",
        "active_session_registry%.ex" },
      { "earlier: a0y.2 bootstrap sync, message upsert identity", "unique_session_uuid", "sync_session_by_id",
        "incremental ingest" },
      { "earlier: a0y.3 tail -F workers", "tail %-f", "transcripttailworker", "transcript_tail_worker" },
      { "done: Status column in the hidden sessions table too", "hidden sessions table", "hidden%-table",
        "hidden table" },
      { "done: SessionLive handles session_activity and transcript_updated", "transcript_updated",
        "session_activity" },
      { "tests: session_live_test.exs 18 tests (3 new)", "all 18 tests", "18 tests, 0 failures" },
      { "tests: full suite 389 tests, credo clean", "389 tests" },
      { "failed then fixed: git add refused the gitignored priv/static/assets, then git add -f and amend",
        "git add %-f", "gitignore", "ignored by one of your",
        wrong = { "still failing:[^\n]*git add" } },
      -- the resumed summary still calls a0y.4 in progress: that is stale
      { "done: a0y.4 committed 3114215 (amended)", "3114215", "wire live activity/transcript pubsub",
        wrong = { "a0y%.4%*%* %(in progress%)" } },
      { "done: pushed f0b86dd..3114215", "f0b86dd%.%.3114215", "all pushed", "git push[^\n]*pass" },
      { "state: a0y.4 and the epic closed", "bd close spotter%-a0y", "epic spotter%-a0y complete",
        "all 4 subtasks" },
      { "state: .mcp.json left uncommitted (unrelated)", "%.mcp%.json" },
      { "modified: pane_list_live.ex", "pane_list_live%.ex" },
      { "modified: session_live.ex", "session_live%.ex" },
      { "modified: priv/static/assets/spotter.css", "spotter%.css" },
      { "modified: session_live_test.exs", "session_live_test%.exs" },
      { "earlier: session_hook_controller.ex", "session_hook_controller%.ex" },
      { "earlier: sync_transcripts.ex", "sync_transcripts%.ex" },
    },
  },
  {
    agent = "claude-code", fresh = true, path = SESSIONS .. "/spotter-tool_heavy.jsonl",
    facts = {
      { "request: start phoenix in background", "start phoenix in background" },
      { "done: mix phx.server started in the background", "mix phx%.server" },
      { "request: scrolling back in xterm.js still does not work", { "xterm", "scroll" } },
      { "request: maybe the outer web page catches it", "outer web catches" },
      { "request and done: web search on xterm.js / tmux scrolling", "tmux interactions", "websearch" },
      { "read: assets/js/app.js (the Terminal hook)", "app%.js" },
      { "found: xterm.js issue #1343, fixed by PR #2388 (bubbling scroll events)", "2388", "#1343",
        "bubbling scroll" },
      { "observed: MCP reconnected to tidewave", "tidewave" },
      { "state: the user interrupted, nothing changed yet", "interrupted" },
    },
  },
  {
    agent = "pi", fresh = true, path = SESSIONS .. "/agentlogs-pi-branched.jsonl",
    facts = {
      { "request: a haiku about coding to haiku1.txt", "haiku about coding" },
      -- the second haiku (haiku2.txt) was written on an abandoned branch, not this one
      { "request: instead write a limerick to limerick.txt", "instead write a limerick",
        wrong = { "wrote %d+ bytes to haiku2%.txt", "second haiku" } },
      { "created: haiku1.txt", "haiku1%.txt" },
      { "created: limerick.txt", "limerick%.txt" },
      { "done: the user removed the files (rm -f)", "rm %-f" },
    },
  },
  {
    agent = "pi", fresh = true, path = SESSIONS .. "/agentlogs-pi-crud.jsonl",
    facts = {
      { "goal: JOKE.md with a programming joke (title, joke, footer)", { "joke%.md", "programming joke" } },
      { "constraint: leave no files behind", "leave no files behind", "no files left behind" },
      { "request: read, edit to add a second joke, delete with bash", "second joke", "delete it with bash" },
      { "created: JOKE.md", "joke%.md" },
      { "done: second joke (Java/C#) added", "java", "c#" },
      { "done: deleted with rm JOKE.md", "rm joke%.md", "deleted" },
    },
  },
}

-- The held-out set (bench/summary_facts_holdout.lua): sessions from other
-- public repositories, facts written before any summary of them was seen.
-- Its check half (bench/summary_facts_check.lua) was split off after the
-- first run of the whole set and not tuned on for two rounds (80 %, then
-- 80 % again); tuned on since (the round after): CHECK=1 shows its losses.
-- The final set (bench/summary_facts_final.lua) was written from yet other
-- sessions while that round ran, and is never tuned on: FINAL=1 shows its losses.
-- The sealed sets (bench/summary_facts_sealed.lua, bench/summary_facts_sealed2.lua,
-- bench/summary_facts_sealed3.lua, bench/summary_facts_sealed4.lua,
-- bench/summary_facts_sealed5.lua, bench/summary_facts_sealed6.lua,
-- bench/summary_facts_sealed7.lua, bench/summary_facts_sealed8.lua,
-- bench/summary_facts_sealed9.lua, bench/summary_facts_sealed10.lua,
-- bench/summary_facts_sealed11.lua, bench/summary_facts_sealed12.lua,
-- bench/summary_facts_sealed13.lua, bench/summary_facts_sealed14.lua,
-- bench/summary_facts_sealed15.lua, bench/summary_facts_sealed16.lua,
-- bench/summary_facts_sealed17.lua, bench/summary_facts_sealed18.lua,
-- bench/summary_facts_sealed19.lua, bench/summary_facts_sealed20.lua,
-- bench/summary_facts_sealed21.lua, bench/summary_facts_sealed22.lua,
-- bench/summary_facts_sealed23.lua, bench/summary_facts_sealed24.lua) come
-- from sessions none of these use, written without any summary of them, to
-- be measured once: SEALED=1 ... SEALED24=1 show their losses.
for _, file in ipairs { "bench/summary_facts_holdout.lua", "bench/summary_facts_check.lua",
  "bench/summary_facts_final.lua", "bench/summary_facts_sealed.lua", "bench/summary_facts_sealed2.lua",
  "bench/summary_facts_sealed3.lua", "bench/summary_facts_sealed4.lua", "bench/summary_facts_sealed5.lua",
  "bench/summary_facts_sealed6.lua", "bench/summary_facts_sealed7.lua", "bench/summary_facts_sealed8.lua",
  "bench/summary_facts_sealed9.lua", "bench/summary_facts_sealed10.lua",
  "bench/summary_facts_sealed11.lua", "bench/summary_facts_sealed12.lua",
  "bench/summary_facts_sealed13.lua", "bench/summary_facts_sealed14.lua",
  "bench/summary_facts_sealed15.lua", "bench/summary_facts_sealed16.lua",
  "bench/summary_facts_sealed17.lua", "bench/summary_facts_sealed18.lua", "bench/summary_facts_sealed19.lua",
  "bench/summary_facts_sealed20.lua", "bench/summary_facts_sealed21.lua", "bench/summary_facts_sealed22.lua",
  "bench/summary_facts_sealed23.lua", "bench/summary_facts_sealed24.lua" } do
  for _, session in ipairs(assert(loadfile(file))()(SESSIONS)) do sessions[#sessions + 1] = session end
end

local function matches(summary, alternative)
  if type(alternative) == "string" then return summary:find(alternative) ~= nil end
  for _, pattern in ipairs(alternative) do
    if not summary:find(pattern) then return false end
  end
  return true
end

-- A fact is kept when one of its alternatives matches and none of its
-- `wrong` ones (the summary saying the opposite: "still failing" about what
-- was fixed); the second result says it was stated wrongly.
local function kept(summary, fact)
  for _, alternative in ipairs(fact.wrong or {}) do
    if matches(summary, alternative) then return false, true end
  end
  for i = 2, #fact do
    if matches(summary, fact[i]) then return true end
  end
  return false
end

-- A session, through the importers (pi, Claude Code, Codex, ...).
local function load(path)
  local f = io.open(path, "rb")
  if not f then return nil, "not found (run scripts/fetch_sessions.sh, or set COMPACT_SESSIONS)" end
  f:close()
  return importers.load(path)
end

local function summarize(path)
  local state, err = load(path)
  if not state then return nil, err end
  local summarizer = assert(extractive.new())
  local compactor = assert(compact.new { summarizer = summarizer })
  local messages = state.messages
  local plan = { first_kept_index = #messages + 1, messages_to_summarize = messages, turn_prefix_messages = {} }
  local start = os.clock()
  local result, apply_err = compactor:apply({ messages = messages, summary = state.summary, cwd = state.cwd }, plan)
  if not result then return nil, apply_err, nil, true end
  return result.summary, #messages, os.clock() - start
end

-- Lines a handoff should not have: quoted injected text, cut paths.
local SUSPECT = { "<system%-reminder>", "<task%-notification>", "<command%-", "base directory for this skill",
  "environment_context", "# context from my ide", "caveat: the messages below", "\\n.*\\n", "/%.%.%.$" }

local worst = {}
local function note_worst(name, summary)
  for line in summary:gmatch("[^\n]+") do
    local lower = line:lower()
    for _, pattern in ipairs(SUSPECT) do
      if lower:find(pattern) then worst[#worst + 1] = name .. ": " .. line:sub(1, 200) break end
    end
  end
  local longest = ""
  for line in summary:gmatch("[^\n]+") do if #line > #longest then longest = line end end
  worst[#worst + 1] = name .. " (longest line, " .. #longest .. " bytes): " .. longest:sub(1, 200)
end

local failed = false
local raised_any = false -- a summarizer that raised fails the bench, STRICT or not
-- "tuned": the summarizer was first tuned on them; "aside": kept aside then;
-- "unseen": added after; "fresh": added later still, facts written before
-- any summary of them was seen (all tuned on since); "holdout": other public
-- repositories' sessions (bench/summary_facts_holdout.lua), first measured
-- at 71 %, tuned on since; "check": their other half, tuned on since too;
-- "final": sessions of yet other sources, never tuned on; "sealed",
-- "sealed", "sealed2" ... "sealed24": newer sessions still, measured once.
local GROUPS = { "tuned", "aside", "unseen", "fresh", "holdout", "check", "final", "sealed", "sealed2", "sealed3",
  "sealed4", "sealed5", "sealed6", "sealed7", "sealed8", "sealed9", "sealed10", "sealed11",
  "sealed12", "sealed13", "sealed14", "sealed15", "sealed16", "sealed17", "sealed18", "sealed19", "sealed20",
  "sealed21", "sealed22", "sealed23", "sealed24" }
local LABELS = { tuned = "tuned on", aside = "aside (tuned on since)", unseen = "unseen (tuned on since)",
  fresh = "fresh (tuned on since; facts written before any summary was seen)",
  holdout = "held out (other repositories; first measured at 71 %, tuned on since)",
  check = "check (other repositories; 80 % for two rounds untuned, tuned on since)",
  final = "final (written last, never tuned on)",
  sealed = "sealed (new sources; 88.8 % when measured once, tuned on since)",
  sealed2 = "sealed2 (other new sources; 81.4 % when measured once, tuned on since)",
  sealed3 = "sealed3 (91.3 % when measured once, tuned on since)",
  sealed4 = "sealed4 (85.4 % when measured once, tuned on since)",
  sealed5 = "sealed5 (81.7 % when measured once, tuned on since)",
  sealed6 = "sealed6 (85.7 % when measured once, tuned on since)",
  sealed7 = "sealed7 (76.3 % when measured once, at c4f73e3; tuned on since)",
  sealed8 = "sealed8 (54.3 % when measured once, at f42c31b; tuned on since)",
  sealed9 = "sealed9 (69.6 % when measured once, at 6b589ca; tuned on since)",
  sealed10 = "sealed10 (68.7 % when measured once, at 6b589ca; tuned on since)",
  sealed11 = "sealed11 (62.5 % when measured once, at 6b589ca; tuned on since)",
  sealed12 = "sealed12 (84.4 % when measured once, at e1175ff; 82.2 % with the code of dd80584; tuned on since)",
  sealed13 = "sealed13 (86.4 % when measured once, at a8bbb18; 63.6 % with the code of dd80584; tuned on since)",
  sealed14 = "sealed14 (81.0 % when measured once, at 0b7c10e, the same with the code of dd80584; tuned on since)",
  sealed15 = "sealed15 (59.1 % when measured once, at d5f01e8; 55.9 % with the code of dd80584; tuned on since)",
  sealed16 = "sealed16 (78.0 % when measured once, at d5f01e8; 75.8 % with the code of dd80584; tuned on since)",
  sealed17 = "sealed17 (77.2 % when measured once, at d120de9; 68/87 on the seven sessions the code of 84e4310 "
    .. "read, 65/87 with dd80584, both raising on the eighth; tuned on since)",
  sealed18 = "sealed18 (77.5 % when measured once, at 2d53613; the same at aa2bfe5; tuned on since c2dc16a)",
  sealed19 = "sealed19 (75.3 % when measured once, at 2d53613; the same at aa2bfe5 and c2dc16a; not tuned on)",
  sealed20 = "sealed20 (79.4 % when measured once, at c2dc16a, the same with the code of a4ca4d8; not tuned on)",
  sealed21 = "sealed21 (77.6 % when measured once, at c2dc16a, the same with the code of a4ca4d8; not tuned on)",
  sealed22 = "sealed22 (90.7 % when measured once, with the code of a12cd73; 93.5 % at 3f6fe67, 92.5 % at "
    .. "fa5fedb; not tuned on)",
  sealed23 = "sealed23 (79.6 % when measured once, with the code of a12cd73; the same at 3f6fe67, 77.4 % at "
    .. "fa5fedb; not tuned on)",
  sealed24 = "sealed24 (87.8 % when measured once, at 40da074, the same with the code of a12cd73; not tuned on)" }
local totals = {}
for _, which in ipairs(GROUPS) do totals[which] = { 0, 0, 0 } end
local agents = {}
-- EXCEPT=sealed3,sealed4 leaves those groups out (not run, not counted):
-- a set kept for a later measurement stays unseen while tuning.
local except = {}
for which in (os.getenv("EXCEPT") or ""):gmatch("[^,%s]+") do except[which] = true end
for _, session in ipairs(sessions) do
  local group = "tuned"
  for _, which in ipairs(GROUPS) do if session[which] then group = which end end
  local summary, count, seconds, raised
  if not except[group] then summary, count, seconds, raised = summarize(session.path) end
  local name = session.path:match("[^/]*$")
  -- what a kept-aside session lost stays hidden while tuning (ASIDE=1 shows it)
  -- and the check half's only with CHECK=1 (ASIDE=1 does not show it)
  local shown
  if group == "check" or group == "final" or group:match("^sealed") then
    shown = os.getenv(group:upper()) ~= nil
  else
    shown = group == "tuned" or os.getenv("ASIDE")
  end
  if except[group] then -- luacheck: ignore 542
    -- left out on purpose (EXCEPT)
  elseif raised then
    -- a session that loads but cannot be summarized is a bug: its facts count as lost
    print(string.format("%s: SUMMARIZER FAILED (%s): 0 of %d facts kept", session.path, tostring(count),
      #session.facts))
    local bucket = totals[group]
    bucket[2], bucket[3] = bucket[2] + #session.facts, bucket[3] + 1
    failed, raised_any = true, true
  elseif not summary then
    print(string.format("%s: skipped (%s)", session.path, tostring(count)))
    if os.getenv("CI") == "true" and not session.agent then failed = true end
  else
    local lower, lost = summary:lower(), {}
    for _, fact in ipairs(session.facts) do
      local ok, wrong = kept(lower, fact)
      if not ok then lost[#lost + 1] = fact[1] .. (wrong and " (stated wrongly)" or "") end
    end
    local total = #session.facts
    local n = total - #lost
    local bucket = totals[group]
    bucket[1], bucket[2], bucket[3] = bucket[1] + n, bucket[2] + total, bucket[3] + 1
    agents[session.agent or "pi"] = true
    local ok = #summary <= TARGET_SIZE
    print(string.format("%s%s (%d messages): %d of %d facts kept (%.0f %%), summary %d bytes, %.1f ms%s",
      group == "tuned" and "" or "[" .. group .. "] ", name, count, n, total, 100 * n / total, #summary,
      seconds * 1000, ok and "" or "  OVER SIZE"))
    if shown then
      for _, fact in ipairs(lost) do print("  lost: " .. fact) end
    end
    if os.getenv("SHOW") and (group == "tuned" or os.getenv("SHOW") == "all" and shown) then print(summary, "") end
    if shown then note_worst(name, summary) end
    if not ok then failed = true end
  end
end
for _, which in ipairs(GROUPS) do
  local t = totals[which]
  if t[2] > 0 then
    local ratio = t[1] / t[2]
    print(string.format("%s: %d of %d facts in %d sessions (%.1f %%)%s", LABELS[which], t[1], t[2], t[3],
      100 * ratio, ratio >= TARGET_RATIO and "" or "  BELOW 90 %"))
    if ratio < TARGET_RATIO then failed = true end
  end
end
local agent_names = {}
for agent in pairs(agents) do agent_names[#agent_names + 1] = agent end
table.sort(agent_names)
print("agents: " .. table.concat(agent_names, ", "))
print("worst lines:")
for _, line in ipairs(worst) do print("  " .. line) end
-- A figure below target is a measurement, printed above; only STRICT=1
-- makes it the exit status (make bench runs every bench after this one).
if failed and os.getenv("STRICT") == "1" then os.exit(1) end
if failed then print("summary_quality: below target (see above); STRICT=1 makes this the exit status") end
if raised_any then os.exit(1) end
