--- Validation of compaction requests (docs/api.md, "Requests").
-- Checks shapes only; message contents are validated by the C ledger while
-- they are estimated, so each message is read once.
-- @module compact.request

local core = require("compact.core")
local errors = require("compact.errors")
local util = require("compact.util")
local estimation = require("compact.estimation")
local usage_module = require("compact.usage")

local request_module = {}

-- Every field and the type of its value (true: checked on its own).
local known_fields = {
  messages = "table", system_prompt = "string", summary = "string", tools = "table",
  require_reduction = "boolean", instructions = "string", fit = "boolean",
  input_token_budget = "number", estimator = true, usage = true, cwd = "string",
}
-- Their slots: the order `read` returns them in and the full check names
-- the first wrong one in (messages, the optional typed fields, the budget).
local slot_names = {
  "messages", "system_prompt", "summary", "tools", "require_reduction", "instructions", "fit",
  "input_token_budget", "estimator", "usage", "cwd",
}
local field_slots, slot_types = {}, {}
for slot, name in ipairs(slot_names) do
  field_slots[name], slot_types[slot] = slot, known_fields[name]
end
-- the C fast path: one call reads a plain request (see `read`)
local read_plain = core.request_reader(slot_names, slot_types)
local BUDGET = field_slots.input_token_budget
local HUGE = math.huge

--- Anchors below this fraction of the estimate of the messages they cover
-- are ignored (the estimate is used, calibration 1).
local ANCHOR_MIN_FRACTION = 0.25
request_module.ANCHOR_MIN_FRACTION = ANCHOR_MIN_FRACTION

local rawlen = util.rawlen
local heuristic = estimation.heuristic()
local check_estimator = estimation.check_estimator
local check_usage = usage_module.check_values

local function fail(message) return nil, errors.invalid_request(message) end

-- The full shape check, in the order its errors are found: the request,
-- its keys, then the slots in order. Returns the values in slot order
-- (messages, system_prompt, summary, tools, require_reduction,
-- instructions, fit, input_token_budget, estimator, usage), each read once,
-- or nil, ErrInvalidRequest.
local function shape(request)
  if type(request) ~= "table" then
    return fail("request: expected a table, got " .. type(request))
  end
  for key in pairs(request) do
    if field_slots[key] == nil then
      return fail("request." .. tostring(key) .. ": unknown field")
    end
  end
  local values = {}
  for slot = 1, #slot_names do values[slot] = request[slot_names[slot]] end
  if type(values[1]) ~= "table" then
    return fail("request.messages: expected a list of messages, got " .. type(values[1]))
  end
  for slot = 2, BUDGET - 1 do
    local value, want = values[slot], slot_types[slot]
    if value ~= nil and type(value) ~= want then
      return fail("request." .. slot_names[slot] .. ": expected " .. want .. ", got " .. type(value))
    end
  end
  local budget = values[BUDGET]
  if budget ~= nil and type(budget) ~= "number" then
    return fail("request.input_token_budget: expected a non-negative number, got " .. tostring(budget))
  end
  local cwd = values[field_slots.cwd]
  if cwd ~= nil and type(cwd) ~= "string" then
    return fail("request.cwd: expected a string, got " .. type(cwd))
  end
  return values[1], values[2], values[3], values[4], values[5], values[6], values[7], values[8], values[9],
    values[10], cwd
end

-- The fields of a checked request, in this order:
--   messages, estimator, input_token_budget, system_prompt, summary (nil
--   for ""), tools, anchor tokens (N - dropped), anchor through (nil without usage),
--   require_reduction (a boolean), instructions, fit (a boolean), cwd
-- or nil, ErrInvalidRequest. `compactor:plan` runs this on every turn: a
-- plain request (no metatable, known fields of the right types) is read by
-- one C call (core.request_reader) without a table, a closure or a Lua-side
-- loop; anything else takes the full check, which names what is wrong.
local function read(request)
  local plain, messages, system_prompt, summary, tools, require_reduction, instructions, fit, budget,
    estimator, usage, cwd = read_plain(request)
  if not plain or messages == nil then
    messages, system_prompt, summary, tools, require_reduction, instructions, fit, budget, estimator, usage, cwd =
      shape(request)
    if not messages then return nil, system_prompt end
  end
  -- budget is a number or nil here
  if budget ~= nil and (budget ~= budget or budget < 0 or budget == HUGE) then
    return fail("request.input_token_budget: expected a non-negative number, got " .. tostring(budget))
  end
  if estimator == nil then
    estimator = heuristic
  else
    local ok, err = check_estimator(estimator, "request.estimator")
    if not ok then return nil, err end
  end
  local tokens, through, dropped
  if usage ~= nil then
    tokens, through, dropped = check_usage(usage, rawlen(messages), "request.usage")
    if not tokens then return nil, through end
    -- what the next request carries of messages[1..k]: N - dropped
    tokens = tokens - dropped
  end
  return messages, estimator, budget, system_prompt, summary ~= "" and summary or nil,
    tools, tokens, through, require_reduction == true, instructions, fit == true, cwd
end
request_module.read = read

--- Check a request. Returns a normalized view (never the caller's table,
-- which is not modified) or nil, ErrInvalidRequest.
function request_module.check(request)
  local messages, estimator, budget, system_prompt, summary, tools, tokens, through,
    require_reduction, instructions, fit, cwd = read(request)
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
    cwd = cwd,
  }
end

local ledger_of, overhead_of, calibration = estimation.ledger, estimation.overhead, estimation.calibration

-- request_module.estimate on the parts of a request (no view needed).
local function estimate_parts(estimator, messages, system_prompt, summary, tools, anchor_tokens, anchor_through)
  local ledger, total = ledger_of(estimator, messages)
  if not ledger then return nil, total end
  local overhead, err = overhead_of(estimator, system_prompt, summary, tools)
  if not overhead then return nil, err end
  if not anchor_tokens then return overhead + total, ledger, 1, overhead end
  local through = ledger:total(anchor_through)
  -- the sanity band: a provider count below a quarter of our estimate of the
  -- same request is a server under-reporting (or a stale anchor), not a
  -- calibration; trusting it would keep the estimate under every trigger
  if anchor_tokens < ANCHOR_MIN_FRACTION * (overhead + through) then
    return overhead + total, ledger, 1, overhead, true
  end
  return anchor_tokens + (total - through), ledger,
    calibration(anchor_tokens, overhead + through), overhead
end
request_module.estimate_parts = estimate_parts

--- Estimate a request: system prompt + projected summary + raw messages +
-- tool definitions; with a usage anchor `{ tokens = N, through = k }`,
-- `N + estimate(messages[k+1..])`, unless `N` is below
-- `ANCHOR_MIN_FRACTION` (1/4) of the estimate of what it covers (then the
-- anchor is ignored).
-- Returns tokens, ledger, calibration (1 without an anchor), overhead and
-- `true` when the anchor was ignored (the sanity band); or nil, err.
function request_module.estimate(view)
  local anchor = view.usage
  return estimate_parts(view.estimator, view.messages, view.system_prompt, view.summary, view.tools,
    anchor and anchor.tokens, anchor and anchor.through)
end

return request_module
