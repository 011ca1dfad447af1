--- Usage anchors: what the provider really counted for a request.
--
-- An anchor `{ tokens = N, through = k }` says the provider counted `N`
-- tokens for a request whose messages were `messages[1..k]`, where
-- `messages[k]` is the assistant reply that reported it (`N` = input +
-- cache_read + cache_write + output of that reply's usage). Estimates then
-- count `N` plus the estimate of the messages after `k`.
-- @module compact.usage

local core = require "compact.core"
local errors = require "compact.errors"
local util = require "compact.util"
local message_model = require "compact.message"

local usage_module = {}

local usage_fields = { "input", "cache_read", "cache_write", "output" }
-- a plain anchor table: true, tokens, through (compact.request's fast path)
local read_plain = core.request_reader({ "tokens", "through" }, { "number", "number" })

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
  return total
end

--- Does `message` carry usage a compaction made stale (`usage.stale = true`)?
function usage_module.is_stale(message)
  local usage = rawget(message, "usage")
  return type(usage) == "table" and rawget(usage, "stale") == true
end

--- The anchor of the last assistant reply at index `>= from` with a positive
-- usage total, a stop reason other than `error`/`aborted` and usage not
-- marked `stale` (by a compaction).
-- @tparam table messages a message list
-- @tparam[opt=1] integer from the first index to consider
-- @treturn ?table `{ tokens = N, through = k }`, or nil when there is none
-- @return or nil and an ErrInvalidRequest for arguments of the wrong type
function usage_module.anchor(messages, from)
  if type(messages) ~= "table" then
    return nil, errors.invalid_request("messages: expected a list of messages, got " .. type(messages))
  end
  if from == nil then from = 1 end
  if not util.is_finite_number(from) or from ~= math.floor(from) then
    return nil, errors.invalid_request("from: expected an integer, got " .. tostring(from))
  end
  for index = #messages, math.max(from, 1), -1 do
    local message = rawget(messages, index)
    if type(message) == "table" and rawget(message, "role") == "assistant"
        and not message_model.is_failed_attempt(message) and not usage_module.is_stale(message) then
      local tokens = usage_module.total(rawget(message, "usage"))
      if tokens > 0 then return { tokens = tokens, through = index } end
    end
  end
  return nil
end

--- Check a request's `usage` field against its message count, without
-- copying it (requests are checked on every plan).
-- @treturn integer,integer tokens and through
-- @return or nil and an ErrInvalidRequest naming the field
function usage_module.check_values(usage, message_count, field)
  -- the common case, checked on every plan that passes an anchor: a plain
  -- { tokens, through } of numbers (one C call) that are in range (plain
  -- arithmetic: x - x == 0 is false for inf and NaN, x % 1 == 0 for whole
  -- numbers); anything else takes the full check below, which words the error
  local plain, tokens, through = read_plain(usage)
  if plain and tokens and through and tokens - tokens == 0 and tokens % 1 == 0 and tokens > 0
      and through % 1 == 0 and through >= 1 and through <= message_count then
    return tokens, through
  end
  if type(usage) ~= "table" then
    return nil, errors.invalid_request(field .. ": expected a table { tokens, through }, got " .. type(usage))
  end
  for key in pairs(usage) do
    if key ~= "tokens" and key ~= "through" then
      return nil, errors.invalid_request(field .. "." .. tostring(key) .. ": unknown field")
    end
  end
  tokens, through = usage.tokens, usage.through
  if not util.is_finite_number(tokens) or tokens ~= math.floor(tokens) or tokens <= 0 then
    return nil, errors.invalid_request(field .. ".tokens: expected a positive integer, got " .. tostring(tokens))
  end
  if not util.is_finite_number(through) or through ~= math.floor(through) or through < 1
      or through > message_count then
    return nil, errors.invalid_request(string.format("%s.through: expected an integer in 1..%d, got %s",
      field, message_count, tostring(through)))
  end
  return tokens, through
end

--- Check a request's `usage` field against its message count.
-- @treturn ?table a copy `{ tokens = N, through = k }` (nil for a nil usage)
-- @return or nil and an ErrInvalidRequest naming the field
function usage_module.check(usage, message_count, field)
  if usage == nil then return nil end
  local tokens, through = usage_module.check_values(usage, message_count, field or "request.usage")
  if not tokens then return nil, through end
  return { tokens = tokens, through = through }
end

return usage_module
