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

local function fail(message) return nil, errors.invalid_request(message) end

--- Check a request. Returns a normalized view (never the caller's table,
-- which is not modified) or nil, ErrInvalidRequest.
function request_module.check(request)
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
  -- this runs on every plan, so it reads flat pairs (no table per field)
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
    estimator = estimation.heuristic()
  else
    local ok, err = estimation.check_estimator(estimator, "request.estimator")
    if not ok then return nil, err end
  end
  local anchor, err
  if request.usage ~= nil then
    anchor, err = usage_module.check(request.usage, rawlen(messages), "request.usage")
    if err then return nil, err end
  end
  return {
    system_prompt = request.system_prompt,
    summary = request.summary ~= "" and request.summary or nil,
    messages = messages,
    tools = request.tools,
    input_token_budget = budget,
    estimator = estimator,
    require_reduction = request.require_reduction == true,
    instructions = request.instructions,
    usage = anchor,
    fit = request.fit == true,
  }
end

--- The calibration ratio of an anchor: the provider's count over our
-- estimate of the same request, clamped to [0.5, 4].
function request_module.calibration(provider_tokens, estimated_tokens)
  local ratio = provider_tokens / estimated_tokens -- 0 estimated: +inf, clamped
  if ratio ~= ratio then return 1 end
  return math.max(request_module.MIN_CALIBRATION, math.min(request_module.MAX_CALIBRATION, ratio))
end

--- Estimate a request: system prompt + projected summary + raw messages +
-- tool definitions; with a usage anchor `{ tokens = N, through = k }`,
-- `N + estimate(messages[k+1..])`.
-- Returns tokens, ledger, calibration (1 without an anchor), overhead; or
-- nil, err.
function request_module.estimate(view)
  local ledger, err = estimation.ledger(view.estimator, view.messages)
  if not ledger then return nil, err end
  local overhead
  overhead, err = estimation.overhead(view.estimator, view.system_prompt, view.summary, view.tools)
  if not overhead then return nil, err end
  local total = ledger:total()
  local anchor = view.usage
  if not anchor then return overhead + total, ledger, 1, overhead end
  local through = ledger:total(anchor.through)
  return anchor.tokens + (total - through), ledger,
    request_module.calibration(anchor.tokens, overhead + through), overhead
end

return request_module
