-- bench/summary_facts_check.lua: the check half of the held-out set for
-- bench/summary_quality.lua (see bench/summary_facts_holdout.lua for the other half).
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
--   return value: function(SESSIONS) -> array of { agent, check = true, path, facts }
--
-- Split off on 2026-12-01 after the first run of the whole held-out set
-- (counts only seen): the summarizer was tuned on the other half and not on
-- this one for two rounds (74 of 93 before and after the second); from the
-- third round on it is tuning data too. CHECK=1 shows what it loses.

return function(SESSIONS)
  return {
    {
      agent = "pi", check = true, path = SESSIONS .. "/pimono-before-compaction.jsonl",
      facts = {
        { "goal: one AgentSession shared by the run modes (interactive, print/json, rpc)",
          { "agentsession", "mode" }, { "agent%-session", "mode" } },
        { "state: on branch refactor", "branch[^\n]*refactor", "refactor[^\n]*branch" },
        { "constraint: e2e tests only (for AgentSession)", "e2e" },
        { "constraint: npm run check must pass", "npm run check" },
        { "done: fixed path resolution in config.ts (getPackageDir walks up to package.json)",
          "getpackagedir", "path resolution", "pathing" },
        { "done: one showSelector helper replaced the show/hide pairs", "showselector" },
        { "done: showStatus helper, message rendering consolidated (1508 -> 1362 lines)", "showstatus",
          "1362", "getusermessagetext" },
        { "done: main-new.ts split into cli/args.ts ...", "cli/args%.ts", "args%.ts" },
        { "done: cli/file-processor.ts and cli/session-picker.ts", "file%-processor", "session%-picker" },
        { "done: core/system-prompt.ts and core/model-resolver.ts", "system%-prompt%.ts", "model%-resolver" },
        { "done: old main.ts, cli.ts, tui-renderer.ts removed; main-new/cli-new renamed",
          { "tui%-renderer", "remov" }, { "tui%-renderer", "delet" }, { "main%-new", "renam" } },
        { "done: a code map in the root AGENTS.md", "agents%.md" },
        { "done: DEVELOPMENT.md, referenced from README.md", "development%.md" },
        { "done: config.ts moved from src/utils/ to src/", "utils/config", { "config%.ts", "mov" } },
        { "found: a ! bash run while streaming landed between tool_use and tool_result (API 400)",
          { "tool_use", "tool_result" }, "without `?tool_result", "%f[%d]400%f[%D]" },
        { "decision: not queueMessage; bash results wait for the next user submit",
          { "pending", "submit" }, "next user message", "next submit", "user submits" },
        { "done: pending bash shown in pendingMessagesContainer, moved to chat on submit",
          "pendingmessagescontainer", "pending area", "flushpendingbash" },
        { "modified: src/core/agent-session.ts", "agent%-session%.ts" },
        { "modified: src/modes/interactive/interactive-mode.ts", "interactive%-mode%.ts" },
        { "answered: a plain `ls` goes to the agent, `!ls` runs bash directly", "!ls", "without `?!" },
        { "state: the user last ran find . (a large output)", "find %." },
      },
    },
    {
      agent = "pi", check = true, path = SESSIONS .. "/pimono-compact.jsonl",
      facts = {
        { "decision: resolveApiKey injected through AgentSessionConfig (no global state)", "resolveapikey" },
        { "done: before_compact gets messagesToKeep, apiKey replaced by resolveApiKey", "messagestokeep" },
        { "done: previousSummary in the before_compact event", "previoussummary" },
        { "done: ASCII diagrams of compaction in hooks.md", "ascii", "diagram" },
        { "correction: the session entry array is append-only", "append%-only" },
        { "done: loadSessionFromEntries renamed buildSessionContext", "buildsessioncontext" },
        { "done: loadEntries -> getEntries(), a documented defensive copy", "getentries", "defensive copy" },
        { "constraint: no deprecation alias", "deprecation alias", "no alias" },
        { "done: full-compaction.ts renamed custom-compaction.ts (examples/hooks README updated)",
          "custom%-compaction%.ts" },
        { "done: the example uses gemini-3-flash-preview through findModel", "gemini%-3%-flash", "findmodel" },
        { "done: findModel's doc string names the model sources", { "findmodel", "source" },
          { "findmodel", "doc" } },
        { "last request: drop the Common patterns section of hooks.md", "common patterns" },
        { "state: npm run check passes", { "npm run check", "pass" }, "checks? pass" },
        { "modified: docs/hooks.md", "hooks%.md" },
        { "modified: src/core/session-manager.ts", "session%-manager%.ts" },
        { "modified: src/core/compaction.ts", "core/compaction%.ts", "[^%-%w]compaction%.ts" },
        { "modified: CHANGELOG.md", "changelog%.md" },
      },
    },
    {
      agent = "pi", check = true, path = SESSIONS .. "/pimono-session.jsonl",
      facts = {
        { "goal: the coding-agent docs brought in line with the source code", { "doc", "source" } },
        { "earlier: theme.md, 46 color tokens (thinkingXhigh, bashMode added)", "thinkingxhigh", "46 colou?r" },
        { "earlier: skills.md rewritten (when to use skills)", "skills%.md" },
        { "earlier: toolResults typed ToolResultMessage[] (a breaking change, in CHANGELOG.md)",
          "toolresultmessage" },
        { "earlier: custom-tools.md got an intro (what custom tools are for)", "custom%-tools%.md" },
        { "done: the hooks loader resolves the same imports as custom tools (jiti aliases)", "import aliases",
          { "loader", "alias" } },
        { "done: an Available Imports section in hooks.md", "available imports" },
        { "done: README's CLI Tool Pattern section replaced by a link to Custom Tools", "cli tool pattern" },
        { "done: API Keys -> API Keys & OAuth, the Anthropic and Copilot OAuth sections alike",
          "api keys & oauth" },
        { "done: README settings table with all 20 settings", "20 configurable settings", "all 20",
          "settings table" },
        { "done: No Built-in To-Dos points at the custom-tools todo example", "to%-dos", "todo tool", "todo example" },
        { "done: the philosophy section shortened after ../shittycodingagent.ai/src/index.html",
          "shittycodingagent", "philosophy" },
        { "done: sub-agents via tmux or a custom tool like Claude's task tool", "tmux" },
        { "state: committed 3424550 (Improve documentation: README settings table, ...)", "3424550" },
        { "state: src/core/agent-session.ts has uncommitted changes", { "agent%-session%.ts", "uncommitted" },
          { "agent%-session%.ts", "not staged" }, { "agent%-session%.ts", "modified" } },
        { "open work: verify rpc.md against the source", "rpc%.md" },
        { "constraint: the user said stop (stop doing shit)", "stop doing" },
        { "last request: just write a little poem", "poem" },
        { "preference: check the docs against the source, do not assume", "against the source",
          "against source", "verify docs" },
        { "state: npm run check passes", { "npm run check", "pass" }, "checks? pass", "no fixes applied" },
        { "modified: README.md", "readme%.md" },
        { "modified: docs/hooks.md", "hooks%.md" },
        { "modified: src/core/hooks/loader.ts", "loader%.ts" },
      },
    },
    {
      agent = "claude-code", check = true, path = SESSIONS .. "/ccv-5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
      facts = {
        { "request: update CLAUDE.md to the current state", "claude%.md" },
        { "found: Next.js 15.5.2 (CLAUDE.md said 14)", "15%.5%.2" },
        { "found: React 19.1.0", "19%.1%.0" },
        { "found: Tailwind CSS v4", "tailwind[^\n]*v?4" },
        { "found: components and types duplicated at the root and in todo-app/", "duplicat", "dual structure",
          "重複" },
        { "done: npm run type-check removed (no such script)", "type%-check" },
        { "done: npm run start added", "npm run start" },
        { "done: useSimpleTodos documented", "usesimpletodos" },
        { "done: default port 3000", "port 3000", ":3000", "%f[%d]3000%f[%D]" },
        { "failed then fixed: Edit before Read refused; read, then MultiEdit applied 6 edits", "multiedit",
          "6 edits", "has not been read" },
      },
    },
    {
      agent = "claude-code", check = true, path = SESSIONS .. "/kct-graph-monitor.jsonl",
      facts = {
        { "project: metrics from shell commands in SQLite, static PNG charts", { "png", "sqlite" },
          "static png" },
        { "done: CLAUDE.md written (/init)", "claude%.md" },
        { "request: README to the current state (the React web app was removed for static PNGs)",
          { "readme", "png" }, { "readme", "react" } },
        { "constraint: the repo exists, no git init", "git init" },
        { "constraint: conventional commits for every commit message", "conventional" },
        { "done: commit d8f0b8b (docs: README, CLAUDE.md)", "d8f0b8b" },
        { "request: CJS -> TypeScript and ESM, no transpiling on Node v24", { "typescript", "esm" } },
        { "fixed: the logger is exported as an instance (createLogger is not a function)", "createlogger",
          { "logger", "instance" } },
        { "fixed: sqlite3.verbose() use in database.ts", "sqlite3%.verbose", "verbose%(%)" },
        { "done: commit 218fc8a (refactor: migrate to TypeScript with ESM)", "218fc8a" },
        { "request: data-capture/ -> src/", { "data%-capture", "src" } },
        { "request: metrics.db -> data/", { "metrics%.db", "data/" } },
        { "request: serve-charts -> web/, charts/ -> web/charts", "web/serve%-charts", "web/charts" },
        { "done: one package.json at the root (src/package.json removed)", { "package%.json", "merg" },
          "single package%.json", "consolidat" },
        { "done: commit 463bbce (refactor: restructure directories)", "463bbce" },
        { "last request: drop --experimental-strip-types, state the minimum Node version",
          "experimental%-strip%-types", "strip%-types" },
        { "done: engines field, node >= 24", "engines", ">= ?24" },
        { "observed: Node v24.2.0 still prints the type-stripping ExperimentalWarning", "experimentalwarning",
          "experimental warning", "v24%.2%.0" },
        { "done: commit 3e202eb (chore: remove the flag)", "3e202eb" },
        { "modified: src/database.ts (data/metrics.db)", "database%.ts" },
        { "modified: src/chartGenerator.ts (web/charts)", "chartgenerator%.ts" },
        { "observed: port 8080 in use, the old server killed", "8080" },
      },
    },
  }
end
