-- bench/summary_facts_holdout.lua: a held-out set for bench/summary_quality.lua.
--
-- Real public sessions that none of the other fact lists use, and that the
-- summarizer was never run on: each list was written on 2026-12-01 by
-- reading only the raw transcript (user messages, assistant text, tool calls
-- and their results; for pi, its own compaction entries too), before any
-- summary of it was seen. Facts are in the bench's form ({ label,
-- alternative, ... }, an alternative a lowercase Lua pattern or a list of
-- patterns that must all match, `wrong` alternatives marking a fact lost).
-- Paths are relative to the session's working directory where it names one.
-- Every fact was then checked to match the imported input itself (all its
-- text, call arguments, results and summary, no summarizer run): three
-- patterns that missed the transcript's wording were widened, and one fact
-- (the /init prompt's rules, which the importer skips as a meta message)
-- replaced.
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from these
-- mirrors (nothing of theirs is committed here):
--
-- * yoavf/ai-sessions @ 398dc8802808703db64c58029ef1924f5d31c31f,
--   examples/{claude-code-pomodoro-timer.jsonl, codex-pomodor-timer.jsonl,
--   gemini-cli-pomodoro-timer.json} -> ais-claude-code-pomodoro-timer.jsonl,
--   ais-codex-pomodoro-timer.jsonl, ais-gemini-cli-pomodoro-timer.json: the
--   same four requests (build a Pomodoro app, transitions, pause/resume, ...)
--   given to Claude Code, Codex and Gemini CLI;
-- * badlogic/pi-mono: packages/coding-agent/test/fixtures/before-compaction.jsonl
--   @ HEAD 83378aad7e74a0e2bb8f37c007a9685fb4609d8a (added in 66ba63050d8a) ->
--   pimono-before-compaction.jsonl, and compact.jsonl @
--   705ba5d4f2637fb66b6ab933438a8b68eaa8e0e9 (a session committed at the
--   root, removed later) -> pimono-compact.jsonl, and session.jsonl @
--   d5dde00d288fb959362e2c590fb685af3d08b19f -> pimono-session.jsonl (its
--   line 440 holds two entries glued together, which the importer reads as
--   two). All three were resumed after pi's own compactions: facts from before
--   the last one are those its summary keeps. pimono-compact.jsonl ends with a
--   full compaction (a custom hook's, nothing kept after it, the summary 6982
--   bytes), so its import is pi's summary alone: seven facts written from the
--   transcript that this summary does not hold were dropped (issues #288,
--   #295, #296, the v0.27.5 release, 8 hook tests passing, "stop committing",
--   surgical CHANGELOG edits), found by matching the list on pi's summary;
-- * d-kimuson/claude-code-viewer @ 9367cf006be9965c954e6cd36526f2195dce67ea,
--   mock-global-claude-dir/projects/sample-project/<id>.jsonl -> ccv-<id>.jsonl:
--   one long /orchestrator request (a Next.js TODO app), its CLAUDE.md update
--   (asked in Japanese), and an /init on an empty directory;
-- * kiliman/claude-transcript @ 5c7f1d19831bf25ae4cf8db4ce77e324e9570d71,
--   test/test2.jsonl -> kct-graph-monitor.jsonl: many requests (CLAUDE.md,
--   README, CJS -> TypeScript/ESM, a new directory layout, commits).
-- * AcidicSoil/codex-session-viewer @ 2a6b193d68e866bb3752273e883b368bcd8af467,
--   docs/example.jsonl -> acsv-codex-session-viewer.jsonl: a Codex rollout
--   of the older, unwrapped format (47 requests on a session viewer).
--
--   return value: function(SESSIONS) -> array of { agent, holdout = true, path, facts }

-- facts the three Pomodoro sessions share (the same first request)
local function pomodoro_request()
  return {
    { "goal: a Pomodoro timer web app", { "pomodoro", "timer" } },
    { "constraint: no external frameworks, pure HTML/CSS/JS", "external framework", "no framework",
      "pure html", "vanilla", "without %a* ?framework" },
    { "spec: 25-minute work, then a 5-minute break", { "25%-min", "5%-min" }, { "25 min", "5 min" } },
    { "spec: show how many sessions were completed", "sessions? ?completed", "completed ?sessions?",
      "sessions have been completed", "session count", "session%-count", "sessioncount", "session counter" },
  }
end

local function with(facts, more)
  local all = {}
  for _, fact in ipairs(facts) do all[#all + 1] = fact end
  for _, fact in ipairs(more) do all[#all + 1] = fact end
  return all
end

return function(SESSIONS)
  return {
    -- == Claude Code: the Pomodoro app (4 requests, the last an `open index.html`) ==
    {
      agent = "claude-code", holdout = true, path = SESSIONS .. "/ais-claude-code-pomodoro-timer.jsonl",
      facts = with(pomodoro_request(), {
        { "spec: a sound or visual alert when a session ends", "sound", "beep", "audio", "visual alert" },
        { "created: index.html", "index%.html" },
        { "created: styles.css", "styles%.css" },
        { "created: script.js", "script%.js" },
        { "request: smooth transitions between states", "smooth transition" },
        { "last request: a Pause/Resume feature", "pause/resume", { "pause", "resume" } },
        { "done: one toggle button (toggleBtn) instead of Start and Pause", "togglebtn", "toggletimer",
          "toggle button", "single toggle" },
        { "done: Web Audio API beep", "web audio", "audiocontext" },
        { "done: paused styling (.paused: dimmed countdown, orange button)", "%.paused", "paused state",
          "paused class", "semi%-transparent" },
        { "decision: the next session starts by itself when one ends", "auto%-start", "automatically beg",
          "automatically start", "starts automatically" },
        { "done: keyframe animations (fadeIn, slideIn)", "fadein", "slidein", "keyframe" },
        { "state: the user opened index.html (open index.html)", "open index%.html" },
      }),
    },
    -- == Codex: the same requests ==
    {
      agent = "codex", holdout = true, path = SESSIONS .. "/ais-codex-pomodoro-timer.jsonl",
      facts = with(pomodoro_request(), {
        { "created: index.html", "index%.html" },
        { "created: styles.css", "styles%.css" },
        { "created: script.js", "script%.js" },
        { "done: Web Audio chime when a phase ends", "web audio", "chime", "audiocontext" },
        { "state: no automated tests; check by opening index.html in a browser", "no automated test",
          { "index%.html", "browser" } },
        { "next step offered: serve the folder with python -m http.server", "http%.server" },
        { "request: smooth transitions between states", "smooth transition" },
        { "done: body.work-mode / body.break-mode themes", "work%-mode", "break%-mode" },
        { "last request: a Pause/Resume feature", "pause/resume", { "pause", "resume" } },
        { "done: a separate Pause button (#pause) between Start and Reset", "#pause", "pausebtn",
          "id=\"pause\"", "pause button", "pause control" },
        { "done: an isPaused state, the label toggles Pause/Resume", "ispaused" },
        { "failed then fixed: an apply_patch to script.js failed verification; re-read with cat, patched again",
          "verification failed", "failed to find expected lines", "apply_patch[^\n]*fail" },
      }),
    },
    -- == Codex: a session viewer, many requests (an unwrapped rollout) ==
    {
      agent = "codex", holdout = true, path = SESSIONS .. "/acsv-codex-session-viewer.jsonl",
      facts = {
        { "project: codex-session-viewer (React, Vite, TypeScript)", "codex%-session%-viewer", "session viewer" },
        { "constraint (AGENTS.md): fetch the latest docs first, a DocFetchReport", "docfetchreport",
          "latest docs", "docs%-first" },
        { "request: task 60 until fully completed and passing all tests", "task 60", "60%.%d" },
        { "done: buildChangeSet in src/scanner/diffIndex.ts, with a test", "diffindex", "buildchangeset" },
        { "test: typecheck and vitest pass (--pool=threads)", "pool=threads", "%-%-pool" },
        { "done: docs/scanner-poc.md, a proof of concept", "scanner%-poc" },
        { "correction: sessions from .codex/sessions", "%.codex/sessions" },
        { "constraint: do not use CODEX_HOME", "don.?t use codex_home", "not[^\n]*codex_home",
          "codex_home[^\n]*remov", "no codex_home" },
        { "done: workspace disconnect and custom paths for sessions and workspaces", "disconnect",
          "custom path" },
        { "done: directory handles kept in an IndexedDB settings store (DB v2)", "indexeddb", "db_version",
          "db v2" },
        { "done: change badges in the file tree (auto-detected changes)", "badge", { "auto%-detect", "change" } },
        { "done: the file tree hidden until the user adds it", "showfiletree", "add file tree",
          { "file tree", "default" } },
        { "done: apply_patch a main filter button, not under advanced filters", { "apply_patch", "filter" } },
        { "fixed: React is not defined (App.tsx used React.useMemo without the import)",
          "react is not defined" },
        { "done: sessions sorted by the date in their path (2025/09/07 after 2025/09/04)", "sortsessions",
          { "date", "sort" } },
        { "done: JSONL file sizes and a size filter (sessionsMinKB fixed)", "sessionsminkb", "size filter",
          "file sizes?" },
        { "done: a watch log server (npm run log:server, port 4317)", "log:server", "4317", "log%-server" },
        { "fixed: the build picked up the Node-only log server: moved to tools/log-server.mjs",
          "tools/log%-server" },
        { "fixed: CORS, the log server allows the content-type header", "cors",
          "access%-control%-allow%-headers" },
        { "done: Vite dev logging (proxy /log, a dev plugin, VITE_LOG_SERVER_URL in .env.example)",
          "vite_log_server_url", "devlogplugin", "%.env%.example" },
        { "constraint: memory, create the entity before its observations", "create entit", "entity before" },
        { "constraint: instructions/memory-mcp.md was to follow, not to rewrite", "memory%-mcp" },
        { "last request: the logging work as a task-master task: task #64 added", "#64", "task 64" },
        { "failed then fixed: add_task with the tag logging (not found), then without",
          "tag \\?\"logging", "logging\\?\" not found" },
        { "next step offered: audit what to log and a level schema", "audit", "log levels?" },
      },
    },
    -- == Gemini CLI: the same requests, then ideas, then a progress bar and long breaks ==
    {
      agent = "gemini-cli", holdout = true, path = SESSIONS .. "/ais-gemini-cli-pomodoro-timer.json",
      facts = with(pomodoro_request(), {
        { "created: index.html", "index%.html" },
        { "created: style.css", "style%.css" },
        { "created: script.js", "script%.js" },
        { "request: smooth transitions (a background-color transition)", "smooth transition",
          "background%-color" },
        { "request: a Pause/Resume feature", "pause/resume", { "pause", "resume" } },
        { "done: one start-pause button, toggleTimer and isPaused", "start%-pause", "toggletimer",
          "startpausebtn", "ispaused" },
        { "question: anything else we should add? (ideas listed)", "anything else" },
        { "last request: a visual progress bar and long breaks", { "progress bar", "long break" } },
        { "done: a #progress-bar element", "progress%-bar", "#progress" },
        { "done: a 15-minute long break after 4 work sessions", "15%-minute", "15 min",
          "sessionssincelongbreak", { "four", "long break" }, { "4 work", "long break" } },
        { "fixed: the initialSeconds calculation in updateTimerDisplay", "initialseconds",
          "updatetimerdisplay" },
        { "found: resetTimer was already right (the replace was refused)", "resettimer" },
      }),
    },
    -- == pi: the coding-agent refactor, resumed after two compactions ==
    -- == pi: API keys, hooks and compaction docs, ending with a full compaction ==
    -- == pi: the coding-agent docs checked against the source, resumed after a compaction ==
    -- == Claude Code: one long /orchestrator request, then a CLAUDE.md ==
    {
      agent = "claude-code", holdout = true, path = SESSIONS .. "/ccv-fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl",
      facts = {
        { "goal: a TODO app with Next.js", { "todo", "next%.js" } },
        { "approach: independent subtasks run in parallel (Task tool)", "parallel", "subtask" },
        { "done: create-next-app todo-app (TypeScript, Tailwind, ESLint, App Router)", "create%-next%-app",
          "todo%-app" },
        { "done: lucide-react installed", "lucide" },
        { "done: Todo types (id, text, completed, createdAt, updatedAt)", "createdat", "todo interface" },
        { "done: TodoItem and TodoList components", "todoitem", "todolist" },
        { "done: AddTodo and Filter components", "addtodo", { "filter", "component" } },
        { "done: useTodos hook with useReducer", "usetodos", "usereducer" },
        { "done: localStorage persistence", "localstorage" },
        { "state: dev server on localhost:3001", "3001" },
        { "last request: update CLAUDE.md for the current changes", "claude%.md" },
      },
    },
    -- == Claude Code: CLAUDE.md brought up to date (asked in Japanese) ==
    -- == Claude Code: /init on an empty directory, the write not permitted ==
    {
      agent = "claude-code", holdout = true, path = SESSIONS .. "/ccv-1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
      facts = {
        { "request: /init, analyse the codebase and write CLAUDE.md", "claude%.md" },
        { "found: the directory is empty", "empty", "no files" },
        { "failed: writing CLAUDE.md needed a permission that was not granted", "permission",
          "haven't granted", "not granted" },
        { "decision: a basic placeholder CLAUDE.md to fill in later", "placeholder", "foundation" },
        { "checked: Glob found no package.json, README.md, CLAUDE.md or .cursorrules", "%.cursorrules",
          "package%.json" },
      },
    },
    -- == Claude Code: graph-monitor, many requests ==
  }
end
