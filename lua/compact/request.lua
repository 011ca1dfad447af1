--- Validation of compaction requests (docs/api.md, "Requests").
-- Checks shapes only; message contents are validated by the C ledger while
-- they are estimated, so each message is read once.
-- @module compact.request

local errors = require "compact.errors"
local estimation = require "compact.estimation"

local request_module = {}

local known_fields = {
  system_prompt = true, summary = true, messages = true, tools = true,
  input_token_budget = true, estimator = true, require_reduction = true,
  instructions = true,
}

local function fail(message) return nil, errors.invalid_request(message) end

local function optional(request, field, expected)
  local value = request[field]
  if value ~= nil and type(value) ~= expected then
    return false, "request." .. field .. ": expected " .. expected .. ", got " .. type(value)
  end
  return true
end

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
  if type(request.messages) ~= "table" then
    return fail("request.messages: expected a list of messages, got " .. type(request.messages))
  end
  for _, spec in ipairs {
    { "system_prompt", "string" }, { "summary", "string" }, { "tools", "table" },
    { "require_reduction", "boolean" }, { "instructions", "string" },
  } do
    local ok, message = optional(request, spec[1], spec[2])
    if not ok then return fail(message) end
  end
  local budget = request.input_token_budget
  if budget ~= nil and (type(budget) ~= "number" or budget ~= budget or budget < 0 or budget == math.huge) then
    return fail("request.input_token_budget: expected a non-negative number, got " .. tostring(budget))
  end
  local estimator = request.estimator
  if estimator == nil then
    estimator = estimation.heuristic()
  else
    local ok, err = estimation.check_estimator(estimator, "request.estimator")
    if not ok then return nil, err end
  end
  return {
    system_prompt = request.system_prompt,
    summary = request.summary ~= "" and request.summary or nil,
    messages = request.messages,
    tools = request.tools,
    input_token_budget = budget,
    estimator = estimator,
    require_reduction = request.require_reduction == true,
    instructions = request.instructions,
  }
end

--- Estimate a request: system prompt + projected summary + raw messages +
-- tool definitions. Returns tokens, ledger or nil, err.
function request_module.estimate(view)
  local ledger, err = estimation.ledger(view.estimator, view.messages)
  if not ledger then return nil, err end
  local overhead
  overhead, err = estimation.overhead(view.estimator, view.system_prompt, view.summary, view.tools)
  if not overhead then return nil, err end
  return overhead + ledger:total(), ledger
end

return request_module
