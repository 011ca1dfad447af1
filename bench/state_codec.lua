-- bench/state_codec.lua: compact.state.encode/decode against lua-cjson
-- (Debian's lua-cjson, the usual JSON library of Lua programs) on the same
-- state, in one run. The state is the shared real session repeated to about
-- BENCH_STATE_MB (default 18) MB of JSON. Prints medians and ratios
-- (target: compact at least as fast as cjson both ways).
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

local function median_time(fn)
  local times = {}
  for run = 1, RUNS do
    collectgarbage()
    collectgarbage()
    local start = os.clock()
    fn()
    times[run] = os.clock() - start
  end
  table.sort(times)
  return times[math.floor((RUNS + 1) / 2)]
end

local text = assert(compact.state.encode(state))
local cjson_text = cjson.encode(state)
local encode_ours = median_time(function() assert(compact.state.encode(state)) end)
local encode_cjson = median_time(function() cjson.encode(state) end)
local decode_ours = median_time(function() assert(compact.state.decode(text)) end)
local decode_cjson = median_time(function() cjson.decode(text) end)

print(string.format("state: %d messages, %.1f MB as compact JSON (%.1f MB as cjson), %s",
  #messages, #text / 1e6, #cjson_text / 1e6, _VERSION))
local function row(name, ours, theirs)
  print(string.format("%-8s compact %8.1f ms   lua-cjson %8.1f ms   ratio cjson/compact %5.2fx (%s)",
    name, ours * 1e3, theirs * 1e3, theirs / ours, theirs / ours >= 1 and "met" or "NOT met"))
end
row("encode", encode_ours, encode_cjson)
row("decode", decode_ours, decode_cjson)
