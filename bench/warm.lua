-- bench/warm.lua: the warm re-plan (append one message, plan again) at
-- 1 000, 10 000 and 100 000 messages of the shared real session repeated, in
-- one run, two ways:
--   check   : the per-turn decision below the threshold (returns nil), what
--             an agent or editor pays on every turn. Target: <= 3 us on
--             Lua 5.4 and flat across sizes (largest / smallest printed).
--   agent check: the same with what an agent also passes every turn (a
--             usage anchor, system prompt, tools, summary), for reference.
--   trigger : a plan that triggers. A plan is a plain table holding its two
--             message lists, so this copies the history: O(messages), paid
--             once per compaction (next to a summarizer call).
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
-- `make bench LUA=...` exports LUA_CPATH with that runtime's build folder
package.cpath = (os.getenv("LUA_CPATH") and "" or "./build/?.so;") .. package.cpath

local compact = require "compact"
local importers = require "compact.importers"

local SESSION = arg[1] or "../shared/data/pi-large-session.jsonl"
local session, err = importers.load(SESSION)
if not session then
  print("warm: skipped (" .. tostring(err) .. ")")
  return
end

local compactor = assert(compact.new { keep_recent_tokens = 20000, trigger_ratio = 0.8,
  summarizer = compact.summarizer(function() return "unused" end) })

local function list_of(count)
  local list = {}
  while #list < count do
    for i = 1, #session.messages do
      if #list >= count then break end
      list[#list + 1] = session.messages[i]
    end
  end
  return list
end

-- A runner for one size: each call times one batch of (append one message,
-- plan); `budget` decides whether the plans trigger.
local function warm_runner(count, budget, per_batch, extra)
  local list = list_of(count)
  local request = { messages = list, input_token_budget = budget }
  for key, value in pairs(extra or {}) do request[key] = value end
  local triggers = compactor:plan(request) ~= nil
  return function()
    local start = os.clock()
    for _ = 1, per_batch do
      list[#list + 1] = { role = "user", content = "one more request" }
      assert((compactor:plan(request) ~= nil) == triggers)
    end
    return (os.clock() - start) / per_batch
  end
end

local function median(times)
  table.sort(times)
  return times[math.floor((#times + 1) / 2)]
end

-- Every (size, kind) takes its turn batch by batch, so a change in the
-- machine's load (2 shared vCPUs) falls on every column and size alike and
-- the ratios stay honest. `kinds[k]` is { budget, batches, per_batch, extra };
-- returns times[k][i], the median for kind k at sizes[i].
local function interleaved(sizes, kinds)
  local runs = {}
  for k, kind in ipairs(kinds) do
    for i, count in ipairs(sizes) do
      runs[#runs + 1] = { k = k, i = i, batches = kind[2], times = {},
        run = warm_runner(count, kind[1], kind[3], kind[4]) }
    end
  end
  local most = 0
  for _, kind in ipairs(kinds) do most = math.max(most, kind[2]) end
  for batch = 1, most do
    for _, run in ipairs(runs) do
      if batch <= run.batches then run.times[batch] = run.run() end
    end
  end
  local times = {}
  for k = 1, #kinds do times[k] = {} end
  for _, run in ipairs(runs) do times[run.k][run.i] = median(run.times) end
  return times
end

-- What an agent passes every turn besides the messages: the anchor of the
-- last reply's usage, a system prompt, its tools and the running summary.
local function agent_fields()
  local through = math.min(#session.messages, 900)
  return {
    system_prompt = ("You are a coding agent working in a repository. "):rep(20),
    summary = ("Earlier the user asked for a refactoring; files were read and edited. "):rep(30),
    tools = {
      { name = "read", description = "Read a file",
        parameters = { type = "object", properties = { path = { type = "string" } } } },
      { name = "bash", description = "Run a command",
        parameters = { type = "object", properties = { command = { type = "string" } } } },
    },
    usage = { tokens = 150000, through = through },
  }
end

local sizes = { 1000, 10000, 100000 }
print(string.format("warm re-plan after appending one message (%s)", _VERSION))
print(string.format("  %9s  %12s  %14s  %14s", "messages", "check", "agent check", "trigger"))
local times = interleaved(sizes, { { 1e15, 15, 200 }, { 1e15, 15, 200, agent_fields() } })
local checks, agent_checks = times[1], times[2]
-- apart: the lists triggering plans copy would be collected during checks
collectgarbage()
local triggers = interleaved(sizes, { { 1000, 5, 10 } })[1]
for i, count in ipairs(sizes) do
  print(string.format("  %9d  %9.2f us  %11.2f us  %11.1f us", count, checks[i] * 1e6, agent_checks[i] * 1e6,
    triggers[i] * 1e6))
end
local first, last = checks[1], checks[#checks]
print(string.format("check: 100k / 1k %.2fx (flat: <= 1.5x: %s); 100k %.2f us (target <= 3 us: %s)",
  last / first, last / first <= 1.5 and "met" or "NOT met", last * 1e6, last <= 3e-6 and "met" or "NOT met"))
