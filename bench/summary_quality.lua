-- bench/summary_quality.lua: does the offline (extractive) summary carry
-- what a person continuing the work needs?
--
-- Each conversation is imported the way `compact` (the command) reads it,
-- compacted whole through the compactor with the extractive summarizer at
-- its default size (so the stored summary includes the file lists the
-- compactor appends), and checked against a list of facts written by hand
-- after reading the conversation: the goal, the last request, the user's
-- key decisions, the commands that failed, the state at the end and the
-- files modified. A fact is a set of alternatives; an alternative is a Lua
-- pattern, or a list of patterns that must all match, tried on the summary
-- in lower case. Prints "N of M facts kept", the summary size and the facts
-- that were lost; exits 1 when a conversation keeps less than 90 % of its
-- facts or the summary is over 6000 bytes.
--
--   lua bench/summary_quality.lua            (make bench runs it)
--   SHOW=1 lua bench/summary_quality.lua     also prints the summaries
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = "./build/?.so;" .. package.cpath

local compact = require "compact"
local importers = require "compact.importers"
local extractive = require "compact.summarizers.extractive"

local TARGET_RATIO, TARGET_SIZE = 0.9, 6000
local SHARED = os.getenv("COMPACT_SHARED") or "../shared"

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
}

local function matches(summary, alternative)
  if type(alternative) == "string" then return summary:find(alternative) ~= nil end
  for _, pattern in ipairs(alternative) do
    if not summary:find(pattern) then return false end
  end
  return true
end

local function kept(summary, fact)
  for i = 2, #fact do
    if matches(summary, fact[i]) then return true end
  end
  return false
end

local function summarize(path)
  local state, err = importers.load(path)
  if not state then return nil, err end
  local summarizer = assert(extractive.new())
  local compactor = assert(compact.new { summarizer = summarizer })
  local messages = state.messages
  local plan = { first_kept_index = #messages + 1, messages_to_summarize = messages, turn_prefix_messages = {} }
  local start = os.clock()
  local result, apply_err = compactor:apply({ messages = messages, summary = state.summary }, plan)
  if not result then return nil, apply_err end
  return result.summary, #messages, os.clock() - start
end

local failed = false
for _, session in ipairs(sessions) do
  local summary, count, seconds = summarize(session.path)
  if not summary then
    print(string.format("%s: skipped (%s)", session.path, tostring(count)))
    if os.getenv("CI") == "true" then failed = true end
  else
    local lower, lost = summary:lower(), {}
    for _, fact in ipairs(session.facts) do
      if not kept(lower, fact) then lost[#lost + 1] = fact[1] end
    end
    local total = #session.facts
    local n = total - #lost
    local ok = n / total >= TARGET_RATIO and #summary <= TARGET_SIZE
    print(string.format("%s (%d messages): %d of %d facts kept (%.0f %%), summary %d bytes, %.1f ms%s",
      session.path, count, n, total, 100 * n / total, #summary, seconds * 1000, ok and "" or "  BELOW TARGET"))
    for _, name in ipairs(lost) do print("  lost: " .. name) end
    if os.getenv("SHOW") then print(summary, "") end
    if not ok then failed = true end
  end
end
os.exit(failed and 1 or 0)
