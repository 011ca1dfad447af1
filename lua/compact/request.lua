--- Validation of compaction requests (docs/api.md, "Requests").
-- Checks shapes only; message contents are validated by the C ledger while
-- they are estimated, so each message is read once.
-- @module compact.request

local errors = require "compact.errors"
local util = require "compact.util"
local estimation = require "compact.estimation"
local usage_module = require "compact.usage"

local request_module = {}

local known_fields = {
  system_prompt = true, summary = true, messages = true, tools = true,
  input_token_budget = true, estimator = true, require_reduction = true,
  instructions = true, usage = true, fit = true,
}

-- optional fields and their types, checked in this order
local typed_fields = {
  "system_prompt", "string", "summary", "string", "tools", "table",
  "require_reduction", "boolean", "instructions", "string", "fit", "boolean",
}
local HUGE = math.huge

--- The bounds of the calibration ratio.
request_module.MIN_CALIBRATION, request_module.MAX_CALIBRATION = 0.5, 4

local rawlen = util.rawlen
local heuristic = estimation.heuristic()
local check_estimator = estimation.check_estimator
local check_usage = usage_module.check_values

local function fail(message) return nil, errors.invalid_request(message) end

-- The fields of a checked request, in this order:
--   messages, estimator, input_token_budget, system_prompt, summary (nil
--   for ""), tools, anchor tokens, anchor through (nil without usage),
--   require_reduction (a boolean), instructions, fit (a boolean)
-- or nil, ErrInvalidRequest. Nothing is allocated on the way, so
-- `compactor:plan`, which runs on every turn, reads a request for free.
local function read(request)
  if type(request) ~= "table" then
    return fail("request: expected a table, got " .. type(request))
  end
  for key in pairs(request) do
    if not known_fields[key] then
      return fail("request." .. tostring(key) .. ": unknown field")
    end
  end
  local messages = request.messages
  if type(messages) ~= "table" then
    return fail("request.messages: expected a list of messages, got " .. type(messages))
  end
  -- flat pairs (no table per field)
  for i = 1, #typed_fields, 2 do
    local value = request[typed_fields[i]]
    if value ~= nil and type(value) ~= typed_fields[i + 1] then
      return fail("request." .. typed_fields[i] .. ": expected " .. typed_fields[i + 1] .. ", got " .. type(value))
    end
  end
  local budget = request.input_token_budget
  if budget ~= nil and (type(budget) ~= "number" or budget ~= budget or budget < 0 or budget == HUGE) then
    return fail("request.input_token_budget: expected a non-negative number, got " .. tostring(budget))
  end
  local estimator = request.estimator
  if estimator == nil then
    estimator = heuristic
  else
    local ok, err = check_estimator(estimator, "request.estimator")
    if not ok then return nil, err end
  end
  local usage, tokens, through = request.usage, nil, nil
  if usage ~= nil then
    tokens, through = check_usage(usage, rawlen(messages), "request.usage")
    if not tokens then return nil, through end
  end
  local summary = request.summary
  return messages, estimator, budget, request.system_prompt, summary ~= "" and summary or nil,
    request.tools, tokens, through, request.require_reduction == true, request.instructions, request.fit == true
end
request_module.read = read

--- Check a request. Returns a normalized view (never the caller's table,
-- which is not modified) or nil, ErrInvalidRequest.
function request_module.check(request)
  local messages, estimator, budget, system_prompt, summary, tools, tokens, through,
    require_reduction, instructions, fit = read(request)
  if not messages then return nil, estimator end
  return {
    system_prompt = system_prompt,
    summary = summary,
    messages = messages,
    tools = tools,
    input_token_budget = budget,
    estimator = estimator,
    require_reduction = require_reduction,
    instructions = instructions,
    usage = tokens and { tokens = tokens, through = through } or nil,
    fit = fit,
  }
end

--- The calibration ratio of an anchor: the provider's count over our
-- estimate of the same request, clamped to [0.5, 4].
function request_module.calibration(provider_tokens, estimated_tokens)
  local ratio = provider_tokens / estimated_tokens -- 0 estimated: +inf, clamped
  if ratio ~= ratio then return 1 end
  return math.max(request_module.MIN_CALIBRATION, math.min(request_module.MAX_CALIBRATION, ratio))
end

local ledger_of, overhead_of = estimation.ledger, estimation.overhead

-- request_module.estimate on the parts of a request (no view needed).
local function estimate_parts(estimator, messages, system_prompt, summary, tools, anchor_tokens, anchor_through)
  local ledger, total = ledger_of(estimator, messages)
  if not ledger then return nil, total end
  local overhead, err = overhead_of(estimator, system_prompt, summary, tools)
  if not overhead then return nil, err end
  if not anchor_tokens then return overhead + total, ledger, 1, overhead end
  local through = ledger:total(anchor_through)
  return anchor_tokens + (total - through), ledger,
    request_module.calibration(anchor_tokens, overhead + through), overhead
end
request_module.estimate_parts = estimate_parts

--- Estimate a request: system prompt + projected summary + raw messages +
-- tool definitions; with a usage anchor `{ tokens = N, through = k }`,
-- `N + estimate(messages[k+1..])`.
-- Returns tokens, ledger, calibration (1 without an anchor), overhead; or
-- nil, err.
function request_module.estimate(view)
  local anchor = view.usage
  return estimate_parts(view.estimator, view.messages, view.system_prompt, view.summary, view.tools,
    anchor and anchor.tokens, anchor and anchor.through)
end

return request_module
