-- bench/accuracy.lua [SESSION [ESTIMATOR ...]]: how close estimators come
-- to the provider's own token counts on recorded sessions (any format
-- compact.importers reads, with usage on the assistant replies).
--
-- With SESSION: that session alone. Steps (spec/support/accuracy.lua):
-- between consecutive assistant replies with usage, the prompt grew by
-- exactly the tokens of the messages between them (the earlier reply, now
-- input, plus the user and tool_result messages after it). For each
-- estimator: the number of steps, the sum ratio (total estimate / total
-- growth) and the 10th/50th/90th percentile of the per-step ratio, over all
-- steps and over each half of the session (the heuristic was tuned on the
-- first half of the shared session only). Rows: the heuristic; the
-- heuristic reading every byte of long strings (what its bounded sampling
-- costs); a content-blind two-parameter fit; bytes/4 plus 4 per message
-- (the old heuristic, a baseline kept here only); and every ESTIMATOR
-- given, a module name whose value is an estimator or a function returning
-- one. Then the anchored error (below) of that session.
--
-- Without SESSION: every session under $COMPACT_SESSIONS (default
-- build/sessions/, filled by scripts/fetch_sessions.sh from the mirrors
-- present; a visible note when there are none), per model family (Claude,
-- GPT: from the replies' model, else the agent that wrote the session) and
-- per half: half of the sessions, by a hash of their file name, are kept
-- aside ("check"; the "dev" half is what was looked at while building).
-- Per family and half: the heuristic's steps, and the anchored error:
-- for each reply j after a reply k, |(N(k) - dropped + estimate of the
-- messages between) / P(j) - 1|, p50 and p90, for pairs within a turn (only
-- tool results between) and after a user message, with drop_reasoning
-- "never" and "after_user" (compact.usage_anchor).
package.path = "./lua/?.lua;./lua/?/init.lua;./spec/support/?.lua;" .. package.path
local runtime = os.getenv("COMPACT_LUA") or "lua5.4"
package.cpath = (runtime == "lua5.4" and "./build/?.so;" or "./build-" .. runtime .. "/?.so;") .. package.cpath

local compact = require "compact"
local core = require "compact.core"
local importers = require "compact.importers"
local accuracy = require "accuracy"

local path = arg[1]
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

local function anchored_rows(messages, label)
  for _, mode in ipairs { "never", "after_user" } do
    local pairs_of = accuracy.anchored(messages, function(message) return heuristic:message(message) end, mode,
      compact.usage_anchor)
    for _, kind in ipairs { "within_turn", "after_user" } do
      local spread = accuracy.spread(pairs_of[kind])
      print(string.format("%-40s %-12s %6d %7.4f %7.4f %7.4f", label .. " anchored, " .. mode, kind, spread.n,
        spread.p50, spread.p90, spread.max))
    end
  end
end

local function load(file)
  local session, err = importers.load(file)
  if not session then return nil, err end
  return session.messages, session.format
end

local function one_session()
  local messages, err = load(path)
  if not messages then
    io.stderr:write(tostring(err), "\n")
    os.exit(1)
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
  print(string.format("%-40s %-12s %6s %7s %7s %7s", "anchored error |estimate / P(j) - 1|", "pairs", "n", "p50",
    "p90", "max"))
  anchored_rows(messages, "heuristic")
end

-- the family of a session: the model most of its replies name, else the
-- agent that wrote it (its format)
local function family_of(messages, format)
  local claude, gpt = 0, 0
  for _, message in ipairs(messages) do
    local meta = message.role == "assistant" and message.provider_metadata
    local model = type(meta) == "table" and type(meta.model) == "string" and meta.model:lower() or ""
    if model:find("claude", 1, true) then claude = claude + 1
    elseif model:find("gpt", 1, true) or model:find("codex", 1, true) or model:match("^o%d") then gpt = gpt + 1 end
  end
  if claude + gpt > 0 then return claude >= gpt and "Claude" or "GPT" end
  if format == "codex" then return "GPT" end
  if format == "claude-code" then return "Claude" end
  return nil
end

local function sorted_quantile(list, q)
  table.sort(list)
  if #list == 0 then return 0 / 0 end
  return list[math.max(1, math.min(#list, math.floor(q * (#list - 1) + 0.5) + 1))]
end

-- sessions of one family and half, added up
local function new_group() return { sessions = 0, ratios = {}, estimated = 0, grown = 0, pairs = {} } end

local function add_session(group, messages)
  local estimate = function(message) return heuristic:message(message) end
  group.sessions = group.sessions + 1
  for _, step in ipairs(accuracy.steps(messages).steps) do
    local tokens = 0
    for i = step.from, step.to do tokens = tokens + estimate(messages[i]) end
    group.ratios[#group.ratios + 1] = tokens / step.growth
    group.estimated, group.grown = group.estimated + tokens, group.grown + step.growth
  end
  for _, mode in ipairs { "never", "after_user" } do
    local found = accuracy.anchored(messages, estimate, mode, compact.usage_anchor)
    for _, kind in ipairs { "within_turn", "after_user" } do
      local key = mode .. "/" .. kind
      group.pairs[key] = group.pairs[key] or {}
      for _, e in ipairs(found[kind]) do group.pairs[key][#group.pairs[key] + 1] = e end
    end
  end
end

-- Kept aside for checking: half of the sessions by a hash of the file's
-- base name, so the split does not change with the other files present.
local function held_out(file)
  local h = 0
  for i = 1, #file:match("[^/]*$") do h = (h * 31 + file:match("[^/]*$"):byte(i)) % 2147483647 end
  return h % 2 == 1
end

local function families()
  local dir = os.getenv("COMPACT_SESSIONS") or "build/sessions"
  local list = io.popen("find '" .. dir:gsub("'", "'\\''") .. "' -type f -name '*.jsonl' 2>/dev/null | sort")
  local files = {}
  for file in list:lines() do files[#files + 1] = file end
  list:close()
  if #files == 0 then
    print("no sessions under " .. dir .. ": run scripts/fetch_sessions.sh (needs repository mirrors), or set"
      .. " COMPACT_SESSIONS; per-family figures skipped")
    return
  end
  local shared = io.open(os.getenv("COMPACT_SHARED") and os.getenv("COMPACT_SHARED") .. "/data/pi-large-session.jsonl"
    or "../shared/data/pi-large-session.jsonl", "rb")
  local tuned = shared and shared:read("*a")
  if shared then shared:close() end
  local groups, order, skipped, seen = {}, {}, 0, {}
  for _, file in ipairs(files) do
    local handle = io.open(file, "rb")
    local text = handle and handle:read("*a")
    if handle then handle:close() end
    -- sessions whose text was replaced by placeholders (published with
    -- "[REDACTED_TEXT len=N ...]") cannot be estimated: skipped, counted
    local redacted = text and text:find("[REDACTED_TEXT len=", 1, true)
    if redacted then skipped = skipped + 1 end
    -- a session found twice (two copies, two paths) counts once
    local copy = text and seen[text]
    if text then seen[text] = true end
    local messages, format
    if text and not redacted and not copy then messages, format = load(file) end
    local family = messages and family_of(messages, format)
    if family then
      local half = text == tuned and "tuned" or held_out(file) and "check" or "dev"
      local key = family .. " " .. half
      if not groups[key] then
        groups[key] = new_group()
        order[#order + 1] = key
      end
      add_session(groups[key], messages)
    end
  end
  table.sort(order)
  print(string.format("sessions: %d files under %s, %d skipped (their text redacted); half kept aside"
    .. " (check, by a hash of the name); tuned: the session the heuristic was fitted on", #files, dir, skipped))
  print(string.format("%-14s %4s %6s %6s %6s %6s %6s   %-28s %6s %7s %7s", "family", "sess", "steps", "sum", "p10",
    "p50", "p90", "anchored |error|", "pairs", "p50", "p90"))
  for _, key in ipairs(order) do
    local g = groups[key]
    local ratios = g.ratios
    local first = true
    for _, pair in ipairs { "never/within_turn", "after_user/within_turn", "never/after_user",
      "after_user/after_user" } do
      local spread = accuracy.spread(g.pairs[pair] or {})
      local mode, kind = pair:match("^(.-)/(.*)$")
      local label = string.format("%s, drop %s", kind == "after_user" and "after user" or "within turn", mode)
      if first then
        print(string.format("%-14s %4d %6d %6.3f %6.3f %6.3f %6.3f   %-28s %6d %7.4f %7.4f", key, g.sessions, #ratios,
          g.estimated / g.grown, sorted_quantile(ratios, 0.1), sorted_quantile(ratios, 0.5),
          sorted_quantile(ratios, 0.9), label, spread.n, spread.p50, spread.p90))
        first = false
      else
        print(string.format("%-14s %4s %6s %6s %6s %6s %6s   %-28s %6d %7.4f %7.4f", "", "", "", "", "", "", "", label,
          spread.n, spread.p50, spread.p90))
      end
    end
  end
  print("targets: GPT after a user message with drop after_user: p90 <= 0.08; within-turn pairs as with drop never")
end

if path then one_session() else families() end
