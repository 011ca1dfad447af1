--- Usage anchors: what the provider really counted for a request.
--
-- An anchor `{ tokens = N, through = k }` says the provider counted `N`
-- tokens for a request whose messages were `messages[1..k]`, where
-- `messages[k]` is the assistant reply that reported it (`N` = input +
-- cache_read + cache_write + output of that reply's usage). Estimates then
-- count `N` plus the estimate of the messages after `k`. An anchor may carry
-- `dropped = n`: tokens inside `N` the provider will not send again (the
-- reasoning of replies it drops, see `anchor`'s `drop_reasoning`); the
-- estimate is then `N - n` plus the messages after `k`.
-- @module compact.usage

local core = require "compact.core"
local errors = require "compact.errors"
local util = require "compact.util"
local message_model = require "compact.message"

local usage_module = {}

local usage_fields = { "input", "cache_read", "cache_write", "output" }
-- a plain anchor table: true, tokens, through (compact.request's fast path)
local read_plain = core.request_reader({ "tokens", "through", "dropped" }, { "number", "number", "number" })

--- The provider's token count of a reply's usage table: input + cache_read +
-- cache_write + output (fields that are not finite non-negative numbers
-- count 0), rounded down; 0 when `usage` is not a table or the sum is
-- above `MAX_TOKENS` (2^53).
-- @treturn integer
function usage_module.total(usage)
  if type(usage) ~= "table" then return 0 end
  local total = 0
  for _, field in ipairs(usage_fields) do
    local value = rawget(usage, field)
    if util.is_finite_number(value) and value > 0 then total = total + value end
  end
  -- a sum past 2^53 (1e308 + 1e308 is infinity) is no count: ignored, so
  -- it never becomes an anchor that cannot be saved or checked
  if total > usage_module.MAX_TOKENS then return 0 end
  return math.floor(total)
end

--- The largest usage figure kept: 2^53 (the largest integer a double holds
-- exactly). Totals above it are ignored; sums stop at it.
usage_module.MAX_TOKENS = 2 ^ 53

--- A new usage table with the four fields at 0.
-- @treturn table `{ input = 0, output = 0, cache_read = 0, cache_write = 0 }`
function usage_module.zero() return message_model.zero_usage() end

--- Add a usage table's fields into `total` (fields that are not finite
-- numbers count 0; a `usage` that is not a table adds nothing; each sum
-- is clamped to +-`MAX_TOKENS`, so it stays finite).
-- @treturn table `total`
function usage_module.add(total, usage)
  if type(usage) ~= "table" then return total end
  for _, field in ipairs(usage_fields) do
    local value = rawget(usage, field)
    if util.is_finite_number(value) then
      total[field] = math.max(-usage_module.MAX_TOKENS, math.min(usage_module.MAX_TOKENS, total[field] + value))
    end
  end
  -- reasoning (tokens of output spent on reasoning) only where some was reported
  local reasoning = rawget(usage, "reasoning")
  if util.is_finite_number(reasoning) and reasoning ~= 0 then
    total.reasoning = math.max(-usage_module.MAX_TOKENS, math.min(usage_module.MAX_TOKENS,
      (total.reasoning or 0) + reasoning))
  end
  return total
end

--- Does `message` carry usage a compaction made stale (`usage.stale = true`)?
function usage_module.is_stale(message)
  local usage = rawget(message, "usage")
  return type(usage) == "table" and rawget(usage, "stale") == true
end

--- The reasoning tokens of a reply's usage (`usage.reasoning`, a part of
-- `output`): 0 when absent or not a finite non-negative number.
-- @treturn integer
function usage_module.reasoning(usage)
  local value = type(usage) == "table" and rawget(usage, "reasoning") or nil
  if util.is_finite_number(value) and value > 0 then return math.floor(value) end
  return 0
end

local drop_modes = { never = true, after_user = true, always = true }

-- `options` of usage_anchor: the drop_reasoning mode, or nil and an error
local function drop_mode(options)
  if options == nil then return "never" end
  if type(options) ~= "table" then
    return nil, errors.invalid_request("options: expected a table, got " .. type(options))
  end
  for key in pairs(options) do
    if key ~= "drop_reasoning" then
      return nil, errors.invalid_request("options." .. tostring(key) .. ": unknown field")
    end
  end
  local mode = rawget(options, "drop_reasoning")
  if mode == nil then return "never" end
  if not drop_modes[mode] then
    return nil, errors.invalid_request("options.drop_reasoning: expected \"never\", \"after_user\" or \"always\", got "
      .. (type(mode) == "string" and string.format("%q", mode) or tostring(mode)))
  end
  return mode
end
usage_module.drop_mode = drop_mode

-- The reasoning the provider drops from the anchor reply k's turn: the sum
-- of usage.reasoning of the assistant replies from the turn's user message
-- (the last before k) through k; under "after_user" only once a user
-- message follows k.
local function dropped_reasoning(messages, k, mode)
  if mode == "never" then return 0 end
  if mode == "after_user" then
    local followed = false
    for index = k + 1, #messages do
      local message = rawget(messages, index)
      if type(message) == "table" and rawget(message, "role") == "user" then
        followed = true
        break
      end
    end
    if not followed then return 0 end
  end
  local dropped = 0
  for index = k, 1, -1 do
    local message = rawget(messages, index)
    if type(message) == "table" then
      local role = rawget(message, "role")
      if role == "user" then break end
      if role == "assistant" then dropped = dropped + usage_module.reasoning(rawget(message, "usage")) end
    end
  end
  return dropped
end

--- The anchor of the last assistant reply at index `>= from` with a positive
-- usage total, a stop reason other than `error`/`aborted` and usage not
-- marked `stale` (by a compaction).
-- @tparam table messages a message list
-- @tparam[opt=1] integer from the first index to consider
-- @tparam[opt] table options `{ drop_reasoning = "never" | "after_user" | "always" }` (default
-- "never"): which reasoning of the anchor reply's turn the provider drops from the next request
-- (`dropped`, the sum of that turn's `usage.reasoning`, kept below `tokens`)
-- @treturn ?table `{ tokens = N, through = k [, dropped = n] }`, or nil when there is none
-- @return or nil and an ErrInvalidRequest for arguments of the wrong type
function usage_module.anchor(messages, from, options)
  if type(messages) ~= "table" then
    return nil, errors.invalid_request("messages: expected a list of messages, got " .. type(messages))
  end
  if from == nil then from = 1 end
  if not util.is_finite_number(from) or from ~= math.floor(from) then
    return nil, errors.invalid_request("from: expected an integer, got " .. tostring(from))
  end
  local mode, err = drop_mode(options)
  if not mode then return nil, err end
  for index = #messages, math.max(from, 1), -1 do
    local message = rawget(messages, index)
    if type(message) == "table" and rawget(message, "role") == "assistant"
        and not message_model.is_failed_attempt(message) and not usage_module.is_stale(message) then
      local tokens = usage_module.total(rawget(message, "usage"))
      if tokens > 0 then
        local dropped = math.min(dropped_reasoning(messages, index, mode), tokens - 1)
        return { tokens = tokens, through = index, dropped = dropped > 0 and dropped or nil }
      end
    end
  end
  return nil
end

--- Check a request's `usage` field against its message count, without
-- copying it (requests are checked on every plan).
-- @treturn integer,integer,integer tokens, through and dropped (0 when absent)
-- @return or nil and an ErrInvalidRequest naming the field
function usage_module.check_values(usage, message_count, field)
  -- the common case, checked on every plan that passes an anchor: a plain
  -- { tokens, through [, dropped] } of numbers (one C call) that are in
  -- range (plain arithmetic: x - x == 0 is false for inf and NaN, x % 1 == 0
  -- for whole numbers); anything else takes the full check below, which
  -- words the error
  local plain, tokens, through, dropped = read_plain(usage)
  if plain and tokens and through and tokens - tokens == 0 and tokens % 1 == 0 and tokens > 0
      and through % 1 == 0 and through >= 1 and through <= message_count
      and (dropped == nil or (dropped % 1 == 0 and dropped >= 0 and dropped < tokens)) then
    return tokens, through, dropped or 0
  end
  if type(usage) ~= "table" then
    return nil, errors.invalid_request(field .. ": expected a table { tokens, through }, got " .. type(usage))
  end
  for key in pairs(usage) do
    if key ~= "tokens" and key ~= "through" and key ~= "dropped" then
      return nil, errors.invalid_request(field .. "." .. tostring(key) .. ": unknown field")
    end
  end
  tokens, through, dropped = usage.tokens, usage.through, usage.dropped
  if not util.is_finite_number(tokens) or tokens ~= math.floor(tokens) or tokens <= 0 then
    return nil, errors.invalid_request(field .. ".tokens: expected a positive integer, got " .. tostring(tokens))
  end
  if not util.is_finite_number(through) or through ~= math.floor(through) or through < 1
      or through > message_count then
    return nil, errors.invalid_request(string.format("%s.through: expected an integer in 1..%d, got %s",
      field, message_count, tostring(through)))
  end
  if dropped ~= nil and (not util.is_finite_number(dropped) or dropped ~= math.floor(dropped) or dropped < 0
      or dropped >= tokens) then
    return nil, errors.invalid_request(string.format("%s.dropped: expected an integer in 0..%d (below tokens), got %s",
      field, tokens - 1, tostring(dropped)))
  end
  return tokens, through, dropped or 0
end

--- Check a request's `usage` field against its message count.
-- @treturn ?table a copy `{ tokens = N, through = k [, dropped = n] }` (nil for a nil usage)
-- @return or nil and an ErrInvalidRequest naming the field
function usage_module.check(usage, message_count, field)
  if usage == nil then return nil end
  local tokens, through, dropped = usage_module.check_values(usage, message_count, field or "request.usage")
  if not tokens then return nil, through end
  return { tokens = tokens, through = through, dropped = dropped > 0 and dropped or nil }
end

return usage_module
