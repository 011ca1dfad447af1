-- bench/plan.lua: planning speed of the C ledger against a straightforward
-- pure-Lua implementation of the same cut rules, in one run.
--
--   cold  : estimate + plan of a 10 000-message (~8 MB) conversation seen
--           for the first time (every message validated and estimated)
--   warm  : append one message to the same list, then plan again
--           (triggering: a plan is a plain table, so this includes slicing
--           both message lists, ~10 000 entries: O(history))
--   check : append one message, plan, below the threshold (the per-turn
--           check an agent makes; returns nil and builds nothing)
--   anchored check : the same with a usage anchor on the request (one
--           prefix-sum lookup more)
-- Prints medians and baseline / compact ratios.
package.path = "./lua/?.lua;./lua/?/init.lua;./spec/support/?.lua;" .. package.path
package.cpath = "./build/?.so;" .. package.cpath

local compact = require "compact"
local reference = require "reference_plan"

local MESSAGES = tonumber(os.getenv("BENCH_MESSAGES")) or 10000
local clock = os.clock

local function make_conversation(count)
  local messages, bytes, turn = {}, 0, 0
  local filler = ("lorem ipsum dolor sit amet, consectetur adipiscing elit. "):rep(40)
  local function add(message, size) messages[#messages + 1] = message; bytes = bytes + size end
  while #messages < count do
    turn = turn + 1
    local id = "call_" .. turn
    local user_text = "Please look at module " .. turn .. ": " .. filler:sub(1, 300)
    add({ role = "user", content = user_text }, #user_text)
    local code = filler:sub(1, 500)
    add({ role = "assistant", stop_reason = "tool_use", content = {
      { type = "thinking", thinking = filler:sub(1, 400), signature = "sig" },
      { type = "tool_call", id = id, name = "edit",
        arguments = { path = "src/m" .. turn .. ".lua", old = code, new = code } } } },
      1400)
    local output = filler:sub(1, 1800)
    add({ role = "tool_result", tool_call_id = id, tool_name = "edit", content = output }, #output)
    local answer = "Done with " .. turn .. ". " .. filler:sub(1, 500)
    add({ role = "assistant", stop_reason = "stop", content = { { type = "text", text = answer } } }, #answer)
  end
  while #messages > count do messages[#messages] = nil end
  return messages, bytes
end

local function median(values)
  table.sort(values)
  return values[math.floor((#values + 1) / 2)]
end

local function copy(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

-- The baseline: estimate every message in Lua, then plan (no caching).
local function baseline_plan(messages, keep, budget, ratio)
  local total = 0
  for i = 1, #messages do total = total + reference.estimate_message(messages[i]) end
  if total <= budget * ratio then return nil end
  local cut, turn_start = reference.plan(messages, keep, reference.estimate_message)
  local history_end = turn_start > 0 and turn_start - 1 or cut - 1
  local to_summarize, prefix = {}, {}
  for i = 1, history_end do to_summarize[i] = messages[i] end
  if turn_start > 0 then for i = turn_start, cut - 1 do prefix[#prefix + 1] = messages[i] end end
  return { first_kept_index = cut, messages_to_summarize = to_summarize, turn_prefix_messages = prefix }
end

local KEEP, BUDGET, RATIO = 2000, 100000, 0.8
local messages, bytes = make_conversation(MESSAGES)
local compactor = assert(compact.new { keep_recent_tokens = KEEP, trigger_ratio = RATIO,
  summarizer = compact.summarizer(function() return "unused" end) })

print(string.format("conversation: %d messages, %.1f MB of text, %s", #messages, bytes / 1e6, _VERSION))

-- cold: a fresh list each run, so nothing is cached
local function measure_cold(plan_fn, runs)
  local times = {}
  for run = 1, runs do
    local list = copy(messages)
    collectgarbage()
    local start = clock()
    local plan = plan_fn(list)
    times[run] = clock() - start
    assert(plan and plan.first_kept_index > 1)
  end
  return median(times)
end

-- warm: batches of (append one message, plan) on one growing list
local function measure_warm(plan_fn, budget, batches, per_batch)
  local list = copy(messages)
  plan_fn(list, budget)
  local times = {}
  local extra = { role = "user", content = "one more request" }
  for batch = 1, batches do
    local start = clock()
    for _ = 1, per_batch do
      list[#list + 1] = { role = extra.role, content = extra.content }
      plan_fn(list, budget)
    end
    times[batch] = (clock() - start) / per_batch
  end
  return median(times)
end

local function compact_plan(list, budget)
  return compactor:plan { messages = list, input_token_budget = budget or BUDGET }
end
local function lua_plan(list, budget) return baseline_plan(list, KEEP, budget or BUDGET, RATIO) end
local function compact_plan_anchored(list, budget)
  return compactor:plan { messages = list, input_token_budget = budget or BUDGET,
    usage = { tokens = 9000000, through = MESSAGES } }
end

local cold_c = measure_cold(compact_plan, 15)
local cold_lua = measure_cold(lua_plan, 7)
local warm_c = measure_warm(compact_plan, BUDGET, 15, 50)
local warm_lua = measure_warm(lua_plan, BUDGET, 5, 3)
local check_c = measure_warm(compact_plan, 1e12, 15, 500)
local anchored_c = measure_warm(compact_plan_anchored, 1e12, 15, 500)
local check_lua = measure_warm(lua_plan, 1e12, 5, 3)

local function row(name, c, lua)
  print(string.format("%-36s compact %10.1f us   pure Lua %10.1f us   ratio %7.1fx",
    name, c * 1e6, lua * 1e6, lua / c))
end
row("cold estimate + plan", cold_c, cold_lua)
row("warm plan after append (triggers)", warm_c, warm_lua)
row("warm check after append (no-op)", check_c, check_lua)
row("warm anchored check (no-op)", anchored_c, check_lua)
print(string.format("targets: cold <= 500 us (%s), warm no-op check <= 20 us (%s)",
  cold_c <= 500e-6 and "met" or "NOT met", math.max(check_c, anchored_c) <= 20e-6 and "met" or "NOT met"))
