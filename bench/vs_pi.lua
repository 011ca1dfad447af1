-- bench/vs_pi.lua: cold planning of compact against pi-mono's own
-- implementation (npm @mariozechner/pi-coding-agent: estimateTokens over
-- every message + findCutPoint), on the same real session repeated to
-- BENCH_MESSAGES (default 9 900) messages, fresh tables for every run, in one
-- run of this script. Run through bench/vs_pi.sh, which installs the npm
-- package. Prints both medians and the ratio (target: compact >= 8x).
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = "./build/?.so;./build/bench-floor/?.so;" .. package.cpath

local compact = require "compact"
local importers = require "compact.importers"

local SESSION = arg[1] or os.getenv("COMPACT_SESSION") or "../shared/data/pi-large-session.jsonl"
local NODE_MODULES = arg[2] or "build/npm-pi/node_modules"
local MESSAGES = tonumber(os.getenv("BENCH_MESSAGES")) or 9900
local KEEP, RUNS = 20000, 15

local state, err = importers.load(SESSION)
if not state then
  print("vs_pi: skipped (" .. tostring(err) .. ")")
  return
end

local function deepcopy(value)
  if type(value) ~= "table" then return value end
  local out = {}
  for k, v in pairs(value) do out[k] = deepcopy(v) end
  return out
end

local base = state.messages
local function fresh_list()
  local list = {}
  while #list < MESSAGES do
    for i = 1, #base do
      if #list >= MESSAGES then break end
      list[#list + 1] = deepcopy(base[i])
    end
  end
  return list
end

local compactor = assert(compact.new { keep_recent_tokens = KEEP,
  summarizer = compact.summarizer(function() return "unused" end) })

-- median ms of f(list) over RUNS fresh lists, all made before timing
local function cold_median(f)
  local lists = {}
  for run = 1, RUNS do lists[run] = fresh_list() end
  local times = {}
  for run = 1, RUNS do
    collectgarbage()
    local start = os.clock()
    f(lists[run])
    times[run] = os.clock() - start
    lists[run] = nil
  end
  table.sort(times)
  return times[math.floor((RUNS + 1) / 2)] * 1e3
end

local bytes = #assert(compact.state.encode({ messages = fresh_list() }))
local cut
local ours = cold_median(function(list)
  cut = assert(compactor:plan { messages = list, require_reduction = true }).first_kept_index
end)
-- bench/floor.c (built by vs_pi.sh): the least a planner reading these
-- tables through the Lua C API can cost
local has_floor, floor = pcall(require, "floor")
local floor_ms = has_floor and cold_median(floor.walk) or nil

local command = string.format("node bench/vs_pi.mjs %q %d %d %d %q 2>&1",
  SESSION, MESSAGES, KEEP, RUNS, NODE_MODULES)
local pipe = assert(io.popen(command))
local output = pipe:read("*a")
pipe:close()
local pi_ms, _, _, pi_cut = output:match("^pi (%S+) (%d+) (%d+) (%-?%d+)")
print(string.format("session: %d messages (%s repeated), %.1f MB as state JSON, keep %d, %s",
  MESSAGES, SESSION:match("[^/]*$"), bytes / 1e6, KEEP, _VERSION))
print(string.format("%-34s %10.2f ms   (cut at %d)", "compact cold plan (heuristic)", ours, cut))
if not pi_ms then
  print("pi: not measured: " .. output:gsub("\n", " "):sub(1, 300))
  return
end
print(string.format("%-34s %10.2f ms   (cut at entry %d)", "pi estimateTokens + findCutPoint",
  tonumber(pi_ms), pi_cut + 1))
print(string.format("ratio pi / compact: %.1fx (target >= 8x: %s)", tonumber(pi_ms) / ours,
  tonumber(pi_ms) / ours >= 8 and "met" or "NOT met"))
if floor_ms then
  print(string.format("%-34s %10.2f ms   (reads role, content, block type, text, name)",
    "floor: bare C walk, no checks", floor_ms))
  print(string.format("ratio pi / floor: %.1fx (the most any planner reading Lua tables %s)",
    tonumber(pi_ms) / floor_ms, "through the C API reaches here"))
  print(string.format("compact / floor: %.2fx (validation and the content-aware measure)", ours / floor_ms))
else
  print("floor: not measured (bench/floor.c did not build)")
end
