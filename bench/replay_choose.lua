--- bench/replay_choose.lua: choose compact.agent.recommended by replaying
-- real sessions (bench/replay.lua's engine), and check the choice on
-- sessions kept aside.
--
--   lua5.4 bench/replay_choose.lua [DIR ...]      (default: $COMPACT_SESSIONS or build/sessions)
--
-- Every readable transcript under the folders is a session; each is
-- replayed at two windows (50 % and 75 % of the way from its system prompt
-- and tools to the largest prompt its provider counted). Sessions are split
-- by a hash of their file name: one in three is kept aside. For each candidate setting of the grid the
-- tuning sessions are replayed; candidates with any rejection are out; the
-- winner has the lowest mean of billed / cheapest peer policy. The winner,
-- the current recommended settings and every peer are then replayed on the
-- sessions kept aside, and the ratios printed.

package.path = "./?.lua;./lua/?.lua;./lua/?/init.lua;" .. package.path
local importers = require "compact.importers"
local engine = require "bench.replay.engine"
local policies = require "bench.replay.policies"
local cost = require "bench.replay.cost"

local PEERS = { "pi", "codex", "codecompanion", "claude-code" }

local function list_sessions(dirs)
  local files = {}
  for _, dir in ipairs(dirs) do
    local quoted = "'" .. dir:gsub("'", "'\\''") .. "'"
    local pipe = io.popen("find " .. quoted .. " -type f \\( -name '*.jsonl' -o -name '*.json' \\) 2>/dev/null | sort")
    if pipe then
      for line in pipe:lines() do files[#files + 1] = line end
      pipe:close()
    end
  end
  return files
end

-- FNV-1a of the base name: the split does not depend on where files live.
local function held_out(path)
  local name = path:match("[^/]+$")
  local h = 2166136261
  for i = 1, #name do h = ((h ~ name:byte(i)) * 16777619) % 4294967296 end
  return h % 3 == 0
end

local function peak_prompt(messages)
  local peak = 0
  for _, m in ipairs(messages) do
    local u = m.role == "assistant" and m.usage
    if u and not u.stale then
      peak = math.max(peak, (u.input or 0) + (u.cache_read or 0) + (u.cache_write or 0))
    end
  end
  return peak
end

-- Windows between the part no policy can remove (the system prompt and
-- tools the provider counted) and the largest prompt: at 50 % and 75 % of
-- the way, so every policy has room to work and every case needs it.
local SHARES = { 0.5, 0.75 }

-- Some published rollouts replace every text by a placeholder: their
-- counts are real but any text the replay makes (a summary) could not be
-- priced like the session's own.
local function redacted(messages)
  for i = 1, math.min(#messages, 20) do
    local content = messages[i].content
    local text = type(content) == "string" and content
      or type(content) == "table" and type(content[1]) == "table" and content[1].text
    if type(text) == "string" and text:find("[REDACTED_", 1, true) then return true end
  end
  return false
end

local function load_cases(files)
  local cases = {}
  for _, path in ipairs(files) do
    local session = importers.load(path)
    if session and redacted(session.messages) then
      io.stderr:write("skipped " .. path .. ": its text is redacted\n")
      session = nil
    end
    local peak = session and peak_prompt(session.messages) or 0
    local base = session and cost.model(session.messages, nil, session.summary):base() or 0
    if session and #session.messages >= 30 and peak - base >= 16000 then
      for _, share in ipairs(SHARES) do
        cases[#cases + 1] = { path = path, session = session, window = math.floor(base + share * (peak - base)),
          held_out = held_out(path) }
      end
    elseif session then
      io.stderr:write(string.format("skipped %s: %d messages, largest prompt %d tokens over a base of %.0f\n",
        path, #session.messages, peak, base))
    end
  end
  return cases
end

local function replay(case, policy)
  local totals, err = engine.run(case.session, { window = case.window, policy = policy })
  if not totals then error(tostring(err)) end
  return totals
end

-- The cheapest peer that completed every run (a run ended by rejections
-- sends fewer requests and bills less for it); all peers when none did.
local function peer_floor(case)
  if case.cheapest then return case.cheapest end
  local cheapest, cheapest_any
  for _, name in ipairs(PEERS) do
    local totals = replay(case, assert(policies[name](case.window)))
    case[name] = totals
    if not cheapest_any or totals.billed < cheapest_any then cheapest_any = totals.billed end
    if totals.failed_runs == 0 and (not cheapest or totals.billed < cheapest) then cheapest = totals.billed end
  end
  case.cheapest = cheapest or cheapest_any
  return case.cheapest
end

-- The grid: the settings compact.agent.recommended carries. reserve_tokens
-- is in it because the guard compares an estimate with the budget: a
-- request estimated just under it can be counted just over it.
local function candidates()
  local list = {}
  for _, edit in ipairs { false, 0.65 } do
    for _, trigger in ipairs { 0.75, 0.85, 0.92 } do
      for _, keep in ipairs { 0, 8000 } do
        for _, reserve in ipairs { 0, 1024, 4096 } do
          list[#list + 1] = {
            agent = { edit = edit and { trigger_ratio = edit, keep_turns = 3 } or nil, guard = true,
              max_tool_result_tokens = 25000, min_token_savings = 2000, reserve_tokens = reserve },
            compactor = { trigger_ratio = trigger, keep_recent_tokens = keep },
          }
        end
      end
    end
  end
  return list
end

local function describe(policy)
  local a, c = policy.agent, policy.compactor
  return string.format("edit=%s guard=%s max_tool_result_tokens=%s min_token_savings=%s reserve_tokens=%s"
    .. " trigger_ratio=%s keep_recent_tokens=%s",
    a.edit and (a.edit.trigger_ratio .. "/" .. a.edit.keep_turns) or "off", tostring(a.guard),
    tostring(a.max_tool_result_tokens), tostring(a.min_token_savings), tostring(a.reserve_tokens or 0),
    tostring(c.trigger_ratio), tostring(c.keep_recent_tokens))
end

-- Mean of billed / cheapest peer, and the rejections, over cases.
local function score(cases, policy)
  local sum, rejections, worst = 0, 0, 0
  for _, case in ipairs(cases) do
    local totals = replay(case, policy)
    local ratio = totals.billed / peer_floor(case)
    sum, rejections, worst = sum + ratio, rejections + totals.rejections, math.max(worst, ratio)
  end
  return sum / #cases, rejections, worst
end

local function main(dirs)
  if #dirs == 0 then dirs = { os.getenv("COMPACT_SESSIONS") or "build/sessions" } end
  local cases = load_cases(list_sessions(dirs))
  local tune, check = {}, {}
  for _, case in ipairs(cases) do table.insert(case.held_out and check or tune, case) end
  if #tune == 0 or #check == 0 then
    print(string.format("bench/replay_choose.lua: skipped, %d sessions large enough in %s"
      .. " (needs tuning and held-out ones)", #cases // 2, table.concat(dirs, ", ")))
    return 0
  end
  print(string.format("%d cases to tune on, %d kept aside", #tune, #check))
  local best, best_mean
  for _, policy in ipairs(candidates()) do
    local mean, rejections, worst = score(tune, policy)
    if rejections == 0 and (not best_mean or mean < best_mean) then best, best_mean = policy, mean end
    print(string.format("  %.3f (worst %.3f, %d rejections)  %s", mean, worst, rejections, describe(policy)))
  end
  if not best then
    print("no candidate without rejections")
    return 1
  end
  print("chosen: " .. describe(best) .. string.format(" (tuning mean %.3f)", best_mean))
  print("kept aside: billed / cheapest peer that completed every run (rejections)")
  print(string.format("  %-44s %8s %14s %14s %s", "session", "window", "chosen", "recommended",
    table.concat(PEERS, " / ")))
  local recommended = policies.default()
  for _, case in ipairs(check) do
    local chosen = replay(case, best)
    local current = recommended and replay(case, recommended)
    local floor = peer_floor(case)
    local peers = {}
    for i, name in ipairs(PEERS) do
      peers[i] = string.format("%.3f (%d)", case[name].billed / floor, case[name].rejections)
    end
    print(string.format("  %-44s %8d %14s %14s %s", case.path:match("[^/]+$"):sub(1, 44), case.window,
      string.format("%.3f (%d)", chosen.billed / floor, chosen.rejections),
      current and string.format("%.3f (%d)", current.billed / floor, current.rejections) or "-",
      table.concat(peers, " / ")))
  end
  return 0
end

os.exit(main(arg))
