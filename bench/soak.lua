-- bench/soak.lua: 10 000 compaction cycles on a growing conversation
-- (make soak). Each cycle appends one agent turn (user prompt, assistant
-- tool call, tool result, assistant answer) and asks the compactor to
-- compact against a small budget, so the conversation is compacted every
-- few turns by a Lua summarizer, exactly as an agent would use it. Memory
-- is measured after full collections: the Lua heap (collectgarbage "count")
-- and the process RSS (/proc/self/status VmRSS), at the end of a warm-up
-- (the baseline) and at the end; the growth between them is the leak
-- signal. Exits 1 when the Lua heap grows by more than SOAK_LIMIT_KB
-- (default 1024) or a cycle fails.
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
local runtime = os.getenv("COMPACT_LUA") or "lua5.4"
package.cpath = (runtime == "lua5.4" and "./build/?.so;" or "./build-" .. runtime .. "/?.so;") .. package.cpath

local compact = require "compact"

local CYCLES = tonumber(os.getenv("SOAK_CYCLES")) or 10000
local WARMUP = math.min(1000, math.floor(CYCLES / 10))
local LIMIT_KB = tonumber(os.getenv("SOAK_LIMIT_KB")) or 1024

local function rss_kb()
  local f = io.open("/proc/self/status", "r")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  return tonumber(text:match("VmRSS:%s*(%d+)"))
end

local function heap_kb()
  collectgarbage("collect")
  collectgarbage("collect")
  return collectgarbage("count")
end

local filler = ("the quick brown fox jumps over the lazy dog; "):rep(20)

local function add_turn(messages, turn)
  local id = "call_" .. turn
  messages[#messages + 1] = { role = "user", content = "step " .. turn .. ": " .. filler:sub(1, 200) }
  messages[#messages + 1] = { role = "assistant", stop_reason = "tool_use", content = {
    { type = "text", text = "Reading file " .. turn },
    { type = "tool_call", id = id, name = "read", arguments = { path = "src/f" .. (turn % 50) .. ".lua" } } } }
  messages[#messages + 1] = { role = "tool_result", tool_call_id = id, tool_name = "read",
    content = filler:sub(1, 600 + turn % 200) }
  messages[#messages + 1] = { role = "assistant", stop_reason = "stop",
    content = { { type = "text", text = "Done with step " .. turn .. "." } } }
end

-- A summarizer in Lua: keeps the tail of the previous summary and one line
-- per user request, bounded so the summary itself cannot grow forever.
local summarizer = compact.summarizer(function(req)
  local lines = {}
  if req.previous_summary then lines[1] = req.previous_summary:sub(-1500) end
  for _, m in ipairs(req.messages) do
    if m.role == "user" and type(m.content) == "string" then lines[#lines + 1] = "- " .. m.content:sub(1, 40) end
  end
  return table.concat(lines, "\n"), { input = #req.messages, output = #lines }
end)

local compactor = assert(compact.new { keep_recent_tokens = 1500, trigger_ratio = 0.8, summarizer = summarizer })
local state = { summary = nil, messages = {} }
local compactions, appended = 0, 0
local base_heap, base_rss
local start_heap, start_rss = heap_kb(), rss_kb()
local started = os.clock()

for cycle = 1, CYCLES do
  add_turn(state.messages, cycle)
  appended = appended + 4
  local result, err = compactor:compact {
    system_prompt = "You are a coding agent.", summary = state.summary, messages = state.messages,
    input_token_budget = 4000,
  }
  if err then
    io.stderr:write("soak: cycle " .. cycle .. " failed: " .. tostring(err) .. "\n")
    os.exit(1)
  end
  if result and result.record then
    compactions = compactions + 1
    -- every message is accounted for: summarized ones plus kept ones
    assert(result.record.first_kept_index - 1 + #result.messages == #state.messages, "messages lost")
    state.summary, state.messages = result.summary, result.messages
  end
  if cycle == WARMUP then base_heap, base_rss = heap_kb(), rss_kb() end
end

local seconds = os.clock() - started
local end_heap, end_rss = heap_kb(), rss_kb()
local heap_growth = end_heap - base_heap
print(string.format("soak (%s): %d cycles, %d messages appended, %d compactions, "
  .. "%d messages held at the end, %.2f s CPU (%.0f us/cycle)", jit and jit.version or _VERSION,
  CYCLES, appended, compactions, #state.messages, seconds, seconds / CYCLES * 1e6))
print(string.format("  Lua heap: start %.0f KB, after %d warm-up cycles %.0f KB, end %.0f KB: "
  .. "growth %.1f KB (ratio end/baseline %.3f)",
  start_heap, WARMUP, base_heap, end_heap, heap_growth, end_heap / base_heap))
if base_rss and end_rss then
  print(string.format("  RSS:      start %d KB, after warm-up %d KB, end %d KB: growth %d KB (ratio %.3f)",
    start_rss, base_rss, end_rss, end_rss - base_rss, end_rss / base_rss))
end
print(string.format("  limit: Lua heap growth <= %d KB: %s", LIMIT_KB, heap_growth <= LIMIT_KB and "ok" or "EXCEEDED"))
if heap_growth > LIMIT_KB or compactions == 0 then os.exit(1) end
