-- bench/accuracy.lua SESSION [ESTIMATOR ...]: how close estimators come to
-- the provider's own token counts on a recorded session (any format
-- compact.importers reads, with usage on the assistant replies).
--
-- Steps (spec/support/accuracy.lua): between consecutive assistant replies
-- with usage, the prompt grew by exactly the tokens of the messages between
-- them (the earlier reply, now input, plus the user and tool_result
-- messages after it). For each estimator: the number of steps, the sum
-- ratio (total estimate / total growth) and the 10th/50th/90th percentile
-- of the per-step ratio, over all steps and over each half of the session
-- (the heuristic was tuned on the first half of the shared session only).
--
-- Rows: the heuristic; the heuristic reading every byte of long strings
-- (what its bounded sampling costs); a content-blind two-parameter fit;
-- bytes/4 plus 4 per message (the old heuristic, a baseline kept here only);
-- and every ESTIMATOR given, a module name whose value is an estimator or a
-- function returning one.
package.path = "./lua/?.lua;./lua/?/init.lua;./spec/support/?.lua;" .. package.path
local runtime = os.getenv("COMPACT_LUA") or "lua5.4"
package.cpath = (runtime == "lua5.4" and "./build/?.so;" or "./build-" .. runtime .. "/?.so;") .. package.cpath

local compact = require "compact"
local core = require "compact.core"
local importers = require "compact.importers"
local accuracy = require "accuracy"

local path = arg[1]
if not path then
  io.stderr:write("usage: bench/accuracy.lua SESSION [ESTIMATOR ...]\n")
  os.exit(2)
end

local session, err = importers.load(path)
if not session then
  io.stderr:write(tostring(err), "\n")
  os.exit(1)
end
local messages = session.messages

-- The strings the heuristic reads in a message (text, thinking, tool names,
-- argument keys and string values), for the full-read row.
local function each_string(value, fn, depth)
  if type(value) == "string" then fn(value)
  elseif type(value) == "table" and depth < 100 then
    for key, item in pairs(value) do
      if type(key) == "string" then fn(key) end
      each_string(item, fn, depth + 1)
    end
  end
end

local function message_strings(message, fn)
  if type(message.content) == "string" then return fn(message.content) end
  for _, block in ipairs(message.content) do
    if block.type == "thinking" then fn(block.thinking)
    elseif block.type == "tool_call" then
      fn(block.name)
      each_string(block.arguments, fn, 0)
    elseif type(block.text) == "string" then fn(block.text) end
  end
end

local heuristic = compact.heuristic()
local function full_read(message)
  local extra = 0
  message_strings(message, function(s)
    local sampled, unit = core.heuristic_measure(s)
    extra = extra + (core.heuristic_measure(s, true) - sampled) / unit
  end)
  return heuristic:message(message) + extra
end

local function bytes4(message)
  local bytes = 0
  message_strings(message, function(s) bytes = bytes + #s end)
  return 4 + math.ceil(bytes / 4)
end

-- The two-parameter fit (bytes / 2.95 + 28 per tool call and per tool
-- result, fitted on the first half like the heuristic): what a
-- content-blind estimate with the per-call overhead reaches.
local function two_parameter(message)
  local bytes, calls = 0, message.role == "tool_result" and 1 or 0
  message_strings(message, function(s) bytes = bytes + #s end)
  if type(message.content) == "table" then
    for _, block in ipairs(message.content) do
      if block.type == "tool_call" then calls = calls + 1 end
    end
  end
  return 4 + bytes / 2.95 + 28 * calls
end

local rows = {
  { "heuristic", function(message) return heuristic:message(message) end },
  { "heuristic, long strings read in full", full_read },
  { "bytes/2.95 + 28 per call and result", two_parameter },
  { "bytes/4 + 4 per message (old)", bytes4 },
}
for i = 2, #arg do
  local value = require(arg[i])
  if type(value) == "function" then value = value() end
  assert(type(value) == "table" and value.message, arg[i] .. ": not an estimator")
  rows[#rows + 1] = { arg[i], function(message) return value:message(message) end }
end

local found = accuracy.steps(messages)
local first, second = accuracy.halves(found.steps)
local skipped = found.skipped
print(string.format("session: %s (%d messages, %d steps)", path, #messages, #found.steps))
print(string.format("skipped steps: %d spanning a failed reply, %d spanning a model change, "
  .. "%d where the provider dropped earlier thinking (a user message after replies with thinking), "
  .. "%d where the prompt did not grow (a compaction, or content the provider dropped)",
  skipped.failed_reply, skipped.model_change, skipped.thinking_dropped, skipped.no_growth))
print("compactions: a pi session is imported from its last compaction on (the summary and the kept messages),"
  .. " so the only step across one is from a kept reply to the first reply after it, where the prompt shrank")
local t = accuracy.TARGETS
print(string.format("targets: sum %.2f-%.2f, p10 >= %.2f, p90 <= %.2f", t.sum_low, t.sum_high, t.p10, t.p90))
print(string.format("%-40s %-12s %6s %6s %6s %6s %6s  %s", "estimator", "steps", "n", "sum", "p10", "p50",
  "p90", "targets"))
for _, row in ipairs(rows) do
  for _, part in ipairs { { "all", found.steps }, { "1st half", first }, { "2nd half", second } } do
    local score = accuracy.score(messages, part[2], row[2])
    print(string.format("%-40s %-12s %6d %6.3f %6.3f %6.3f %6.3f  %s", row[1], part[1], score.steps, score.sum,
      score.p10, score.p50, score.p90, accuracy.meets(score) and "met" or "NOT met"))
  end
end
