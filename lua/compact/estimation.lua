--- Token estimation: the heuristic estimator, request estimates, the
-- calibration of an estimate against the provider's count, and the
-- planning ledgers that make repeated estimates of a growing conversation
-- cheap.
--
-- An estimator is any table (or userdata) with `estimator:text(s)`,
-- `estimator:message(msg)` and `estimator:tools(defs)`, each returning a
-- non-negative number of tokens.
--
-- Caching rule: estimates of a message list are kept in a ledger per
-- (estimator, list) pair, held weakly. A ledger assumes messages already
-- estimated are not changed in place; appending to the list is always safe.
-- After editing or replacing messages inside a list, call
-- `compact.forget(list)`. Tool definition estimates are cached per tools
-- table under the same rule, and the projected summary's estimate per
-- estimator for the last summary seen (estimators must be deterministic).
-- @module compact.estimation

local core = require "compact.core"
local errors = require "compact.errors"
local util = require "compact.util"
local project_summary = require("compact.summary").project_summary

local rawlen = util.rawlen

local estimation = {}

--- The bounds of the calibration ratio.
estimation.MIN_CALIBRATION, estimation.MAX_CALIBRATION = 0.5, 4
local MIN_CALIBRATION, MAX_CALIBRATION = estimation.MIN_CALIBRATION, estimation.MAX_CALIBRATION

--- The calibration ratio of an anchor: the provider's count over our
-- estimate of the same request, clamped to [0.5, 4].
function estimation.calibration(provider_tokens, estimated_tokens)
  local ratio = provider_tokens / estimated_tokens -- 0 estimated: +inf, clamped
  if ratio ~= ratio then return 1 end
  -- comparisons, not math.max/min: this runs on every plan with an anchor
  if ratio < MIN_CALIBRATION then return MIN_CALIBRATION end
  if ratio > MAX_CALIBRATION then return MAX_CALIBRATION end
  return ratio
end

-- The heuristic estimator: one shared instance, so its ledgers are shared.
local Heuristic = { __name = "compact.Heuristic" }
Heuristic.__index = Heuristic
Heuristic.__tostring = function() return "compact.Heuristic" end

-- The C measures return nil, err for bad data; an estimator raises
-- (compact pcalls its estimators and keeps the error as `cause`).
local function measured(tokens, err)
  if tokens == nil then error(err, 0) end
  return tokens
end

--- Estimate a string: its content-aware measure, rounded up (docs/estimation.md).
-- @function estimator:text
-- @tparam string text
function Heuristic.text(_, text) return measured(core.heuristic_text(text)) end
--- Estimate a message: 2 + 2 per block + 28 per tool call and tool result +
-- 1200 per image + the measure of its text, thinking, tool names and arguments.
-- @function estimator:message
-- @tparam table message
function Heuristic.message(_, message) return measured(core.heuristic_message(message)) end
--- Estimate tool definitions: per tool 8 + the measure of its name,
-- description and schema (`parameters` or `input_schema`).
-- @function estimator:tools
-- @tparam table definitions
function Heuristic.tools(_, definitions) return measured(core.heuristic_tools(definitions)) end

local heuristic_instance = setmetatable({}, Heuristic)

--- The default estimator (dependency-free, in C).
function estimation.heuristic() return heuristic_instance end

-- Is an estimator the heuristic? Indexing a plain table compares keys raw:
-- no __eq of an estimator runs (and no C call, as rawequal would be).
local is_heuristic_set = { [heuristic_instance] = true }

--- Check that `estimator` has the three methods. Returns true or nil, err.
function estimation.check_estimator(estimator, field)
  field = field or "request.estimator"
  local kind = type(estimator)
  if kind ~= "table" and kind ~= "userdata" then
    return nil, errors.invalid_request(field .. ": expected an estimator table, got " .. kind)
  end
  for _, method in ipairs { "text", "message", "tools" } do
    local ok, fn = pcall(function() return estimator[method] end)
    if not ok or not util.is_callable(fn) then
      return nil, errors.invalid_request(field .. ": missing method '" .. method .. "'")
    end
  end
  return true
end

-- estimator -> (list -> ledger); both levels weak so nothing is pinned.
local ledgers = setmetatable({}, { __mode = "k" })
-- estimator -> { last summary, its projected estimate }
local summary_estimates = setmetatable({}, { __mode = "k" })
-- estimator -> { last system prompt, its estimate }
local system_estimates = setmetatable({}, { __mode = "k" })
-- tools table -> { count, last definition, heuristic estimate }
local tool_estimates = setmetatable({}, { __mode = "k" })
local new_ledger, sync = core.ledger_new, getmetatable(core.ledger_new()).__index.sync

--- The ledger for `messages` under `estimator`, brought up to date, and
-- the estimate of every message in it.
-- Returns the ledger and that total, or nil and an ErrInvalidRequest
-- naming the message.
function estimation.ledger(estimator, messages)
  local by_list = ledgers[estimator]
  if not by_list then
    by_list = setmetatable({}, { __mode = "k" })
    ledgers[estimator] = by_list
  end
  local ledger = by_list[messages]
  if not ledger then
    ledger = new_ledger()
    by_list[messages] = ledger
  end
  local total, err, cause = sync(ledger, messages, not is_heuristic_set[estimator] and estimator or nil)
  if total then return ledger, total end
  if cause ~= nil then return nil, errors.new("invalid_request", err, { cause = cause }) end
  return nil, errors.invalid_request(err)
end

--- Forget cached estimates: for `messages` (a list edited in place), or
-- with no argument for every list and tools table.
function estimation.forget(messages)
  for _, by_list in pairs(ledgers) do
    if messages == nil then
      for _, ledger in pairs(by_list) do ledger:reset() end
    else
      local ledger = by_list[messages]
      if ledger then ledger:reset() end
    end
  end
  if messages == nil then
    for _, cache in ipairs { tool_estimates, summary_estimates, system_estimates } do
      for key in pairs(cache) do cache[key] = nil end
    end
  else
    tool_estimates[messages] = nil
  end
end

local function call_estimator(estimator, method, value, what)
  local ok, result = pcall(estimator[method], estimator, value)
  if not ok then
    return nil, errors.new("invalid_request", what .. ": estimator:" .. method .. " failed",
      { cause = result })
  end
  -- the same bound the C ledger applies to message estimates
  if type(result) ~= "number" or result ~= result or result < 0 or result >= 1e15 then
    return nil, errors.invalid_request(what .. ": estimator:" .. method
      .. " returned " .. tostring(result) .. ", expected a non-negative number")
  end
  return math.ceil(result)
end


-- Tool definitions change rarely, but appending one is allowed under the
-- caching rule, so a cached heuristic estimate is reused only while the
-- list has the same length and the same last definition.
local function estimate_tools(estimator, tools)
  if tools == nil then return 0 end
  if is_heuristic_set[estimator] then
    local cached = tool_estimates[tools]
    local count = rawlen(tools)
    if cached and cached[1] == count and rawequal(cached[2], tools[count]) then return cached[3] end
    local result, err = core.heuristic_tools(tools)
    if not result then return nil, errors.invalid_request(err) end
    tool_estimates[tools] = { count, tools[count], result }
    return result
  end
  return call_estimator(estimator, "tools", tools, "tools")
end

-- The estimate of `value` by `estimator:method`, remembered per estimator
-- for the last value seen: the system prompt and the summary change rarely
-- but are estimated on every plan (estimators must be deterministic).
-- `overhead` reads a remembered estimate inline; this computes a new one.
local function remember(cache, estimator, method, value, what)
  local tokens, err = call_estimator(estimator, method, method == "message" and project_summary(value)
    or value, what)
  if not tokens then return nil, err end
  cache[estimator] = { value, tokens }
  return tokens
end

--- Estimate the parts of a request other than its raw messages: system
-- prompt, projected summary (of `summary`) and tool definitions.
function estimation.overhead(estimator, system_prompt, summary, tools)
  system_prompt = system_prompt or ""
  local cached = system_estimates[estimator]
  local tokens, err
  if cached and cached[1] == system_prompt then
    tokens = cached[2]
  else
    tokens, err = remember(system_estimates, estimator, "text", system_prompt, "system_prompt")
    if not tokens then return nil, err end
  end
  if summary ~= nil and summary ~= "" then
    cached = summary_estimates[estimator]
    local summary_tokens = cached and cached[1] == summary and cached[2]
    if not summary_tokens then
      summary_tokens, err = remember(summary_estimates, estimator, "message", summary, "summary")
      if not summary_tokens then return nil, err end
    end
    tokens = tokens + summary_tokens
  end
  if tools == nil then return tokens end
  local tool_tokens
  tool_tokens, err = estimate_tools(estimator, tools)
  if not tool_tokens then return nil, err end
  return tokens + tool_tokens
end

return estimation
