--- Fuzz driver: message validation and planning on arbitrary Lua values.
-- Builds a message list (and odd values inside it) from the input, then
-- checks what the contract promises for any value at all:
--  * core.validate_messages returns true or nil, err (a string); it agrees
--    with ledger:sync, which accepts exactly the valid prefix;
--  * ledger:plan on a valid list gives a cut that the pure-Lua reference
--    planner (spec/support/reference_plan.lua) gives too;
--  * a second sync after appending gives the same plan as a fresh ledger;
--  * core.json_encode returns a string or nil, err; what it writes decodes
--    and re-encodes to the same bytes;
--  * compactor:plan (the Lua policy) returns plan | nil | nil, err and
--    never raises.
local core = require "compact.core"
local gen = require "gen"
local reference = require "reference_plan"
local compactor = require "compact.compactor"

local function check(cond, ...)
  if not cond then error(table.concat({ ... }, " "), 2) end
end

local function returns(label, ok, ...)
  check(ok, label, "raised:", tostring((...)))
  return ...
end

local compact_config = { keep_recent_tokens = 50, summarizer = { summarize = function() return "s" end } }
local the_compactor = assert(compactor.new(compact_config))

-- The C core reads raw and never runs metatables; the reference planner
-- uses ordinary indexing, so it gets a raw copy without them.
local function raw_copy(value, seen)
  if type(value) ~= "table" then return value end
  if seen[value] then return seen[value] end
  local copy = {}
  seen[value] = copy
  for k, v in next, value do rawset(copy, raw_copy(k, seen), raw_copy(v, seen)) end
  return copy
end

return function(bytes)
  local r = gen.new(bytes)
  local list = r:messages()
  local keep = r:byte() * 7
  local valid, verr = returns("validate_messages", pcall(core.validate_messages, list))
  check(valid == true or (valid == nil and type(verr) == "string"), "validate_messages result", tostring(valid))

  local ledger = core.ledger_new()
  local total, serr, cause = returns("ledger:sync", pcall(ledger.sync, ledger, list))
  if valid then
    -- every message inspected: the ledger's range reaches #list
    check(total == ledger:total() and pcall(ledger.total, ledger, #list), "sync accepted", tostring(total),
      "of a valid list of", #list)
  else
    check(total == nil and type(serr) == "string" and cause == nil, "sync on invalid list", tostring(total))
    local index = tonumber(serr:match("^messages%[(%d+)%]"))
    check(index and index >= 1 and index <= #list, "sync failure index", serr)
  end

  if valid then
    local cut, turn_start, kept = returns("ledger:plan", pcall(ledger.plan, ledger, keep))
    local want_cut, want_turn = reference.plan(raw_copy(list, {}), keep, core.heuristic_message)
    check(cut == want_cut, "cut", tostring(cut), "reference", tostring(want_cut))
    check(turn_start == want_turn, "turn_start", tostring(turn_start), "reference", tostring(want_turn))
    check(kept >= 0, "kept tokens", tostring(kept))
    -- a warm ledger after an append plans like a cold one
    list[#list + 1] = { role = "user", content = "next" }
    local warm = returns("sync again", pcall(ledger.sync, ledger, list))
    local fresh = core.ledger_new()
    check(warm ~= nil and fresh:sync(list) == warm, "append sync")
    local c1, t1, k1 = ledger:plan(keep)
    local c2, t2, k2 = fresh:plan(keep)
    check(c1 == c2 and t1 == t2 and k1 == k2, "warm/cold plans differ")
  end

  -- A misbehaving estimator: odd numbers, raises, re-enters its own ledger
  -- (sync, reset, plan, __gc) mid-sync. sync must fail cleanly or count;
  -- once the estimator closed the ledger, every use is an error saying so.
  local odd = core.ledger_new()
  local mode = r:byte()
  local closed = false
  local estimator = { message = function(_, m)
    local k = mode % 9
    mode = mode * 7 + 3
    if k == 0 then return 0 / 0 end
    if k == 1 then return -1 end
    if k == 2 then return 1e300 end
    if k == 3 then error("estimator failed") end
    if k == 4 then return odd:sync(list) end
    if k == 5 then odd:reset() end
    if k == 6 then getmetatable(odd).__gc(odd); closed = true; return 1 end
    if k == 7 then return odd:plan(5) end
    return core.heuristic_message(m) + 0.5
  end }
  local synced, n, oerr = pcall(odd.sync, odd, list, estimator)
  if closed then
    check(not synced and tostring(n):find("closed", 1, true), "sync of a closed ledger", tostring(n))
    check(not pcall(odd.plan, odd, keep) and not pcall(odd.total, odd), "use after close")
    getmetatable(odd).__gc(odd) -- closing twice is safe
  else
    check(synced, "odd sync raised:", tostring(n))
    check(n ~= nil or (type(oerr) == "string" and oerr:find("^messages%[%d+%]") ~= nil), "odd sync result")
    returns("odd plan", pcall(odd.plan, odd, keep))
    returns("odd total", pcall(odd.total, odd))
  end

  local text, jerr = returns("json_encode", pcall(core.json_encode, list))
  check(type(text) == "string" or (text == nil and type(jerr) == "string"), "json_encode result")
  if text then
    local back = returns("json_decode", pcall(core.json_decode, text))
    check(back ~= nil, "json_decode of encoder output failed on", text)
    local again = returns("json_encode again", pcall(core.json_encode, back))
    check(again == text, "round trip changed", text, "->", tostring(again))
  end

  local plan, perr = returns("compactor:plan", pcall(the_compactor.plan, the_compactor,
    { messages = list, input_token_budget = r:byte(), require_reduction = r:byte() % 2 == 0 }))
  check(plan == nil or type(plan) == "table", "compactor:plan result")
  if plan == nil and perr ~= nil then check(type(perr) == "table" and perr.code, "compactor:plan error shape") end
end
