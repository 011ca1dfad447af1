-- bench/state_codec.lua: compact.state.encode/decode against lua-cjson
-- (Debian's lua-cjson, the usual JSON library of Lua programs) on the same
-- state, in one run. The state is the shared real session repeated to about
-- BENCH_STATE_MB (default 18) MB of JSON. Prints medians, the ratio
-- cjson time / compact time for each direction and whether it meets the
-- target (compact at least as fast as cjson both ways: ratio >= 1.00x).
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = "./build/?.so;" .. package.cpath

local compact = require "compact"
local importers = require "compact.importers"
local have_cjson, cjson = pcall(require, "cjson")
if not have_cjson then
  print("state_codec: skipped (lua-cjson not installed: apt-get install lua-cjson)")
  return
end

local SESSION = arg[1] or "../shared/data/pi-large-session.jsonl"
local TARGET_MB = tonumber(os.getenv("BENCH_STATE_MB")) or 18
local RUNS = 7

local session, err = importers.load(SESSION)
if not session then
  print("state_codec: skipped (" .. tostring(err) .. ")")
  return
end

local one = #compact.state.encode({ messages = session.messages })
local repeats = math.max(1, math.floor(TARGET_MB * 1e6 / one + 0.5))
local messages = {}
for _ = 1, repeats do
  for i = 1, #session.messages do messages[#messages + 1] = session.messages[i] end
end
local state = { system_prompt = "You are a coding agent.", summary = "earlier work", messages = messages }

local function time(fn)
  collectgarbage()
  collectgarbage()
  local start = os.clock()
  fn()
  return os.clock() - start
end

local function median(times)
  table.sort(times)
  return times[math.floor((#times + 1) / 2)]
end

-- Ours and the baseline alternate run by run (and which goes first
-- alternates too), so a change in the machine's load hits both; each side's
-- time is the median of its RUNS runs.
local function compare(ours, baseline)
  local ours_times, baseline_times = {}, {}
  for run = 1, RUNS do
    if run % 2 == 1 then
      ours_times[run] = time(ours)
      baseline_times[run] = time(baseline)
    else
      baseline_times[run] = time(baseline)
      ours_times[run] = time(ours)
    end
  end
  return median(ours_times), median(baseline_times)
end

local text = assert(compact.state.encode(state))
local cjson_text = cjson.encode(state)
-- the same text for both decoders: compact's (cjson reads it; compact's
-- decode also validates the messages, as compact.state.decode always does)
local encode_ours, encode_cjson = compare(function() assert(compact.state.encode(state)) end,
  function() cjson.encode(state) end)
local decode_ours, decode_cjson = compare(function() assert(compact.state.decode(text)) end,
  function() cjson.decode(text) end)

print(string.format("state: %d messages, %.1f MB as compact JSON (%.1f MB as cjson), %s, median of %d runs",
  #messages, #text / 1e6, #cjson_text / 1e6, _VERSION, RUNS))
local function row(name, ours, baseline)
  local ratio = baseline / ours
  print(string.format("%-7s compact %7.1f ms   baseline lua-cjson %7.1f ms   ratio %5.2fx   target >= 1.00x: %s",
    name, ours * 1e3, baseline * 1e3, ratio, ratio >= 1 and "met" or "NOT met"))
end
row("encode", encode_ours, encode_cjson)
row("decode", decode_ours, decode_cjson)
