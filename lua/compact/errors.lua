--- Error objects and sentinels.
--
-- Every failure `compact` reports is an error object: a table with a string
-- `code`, a human `message`, and optionally `cause` (the underlying error:
-- another error object, or whatever a callback raised), `status` (HTTP
-- status) and `retryable` (boolean). `tostring(err)` reads well.
--
-- Sentinels are error objects too; `errors.is(err, sentinel)` compares codes
-- and follows `cause` links, the way Go's `errors.Is` does.
-- @module compact.errors

local errors = {}

local Error = { __name = "compact.Error" }
Error.__index = Error

Error.__tostring = function(err)
  local text = err.code .. ": " .. tostring(err.message)
  if err.status then
    text = text .. " (HTTP " .. tostring(err.status) .. ")"
  end
  if err.cause ~= nil and err.cause ~= err then
    text = text .. ": " .. tostring(err.cause)
  end
  return text
end

--- The metatable shared by every error object (for `getmetatable` checks).
errors.Error = Error

--- Create an error object.
-- @tparam string code machine-readable code (e.g. `"invalid_request"`)
-- @tparam string message human-readable text
-- @tparam[opt] table fields extra fields: `cause`, `status`, `retryable`, ...
-- @treturn table the error object
function errors.new(code, message, fields)
  local err = {}
  if fields then
    for key, value in pairs(fields) do err[key] = value end
  end
  err.code = code
  err.message = message
  if err.retryable == nil then err.retryable = false end
  return setmetatable(err, Error)
end

--- True when `value` is an error object made by this module.
function errors.is_error(value)
  return type(value) == "table" and getmetatable(value) == Error
end

-- Error codes of the public sentinels (docs/api.md, "Errors").
local sentinel_codes = {
  ErrInvalidConfig = { "invalid_config", "invalid configuration" },
  ErrInvalidRequest = { "invalid_request", "invalid request" },
  ErrSummarization = { "summarization", "summarization failed" },
  ErrEmptySummary = { "empty_summary", "summary is empty" },
  ErrNoReduction = { "no_reduction", "compaction cannot reduce the request" },
  ErrContextWindowExceeded = { "context_window_exceeded", "request exceeds the model's context window" },
  ErrCancelled = { "cancelled", "cancelled" },
}

--- The sentinels, by public name (`ErrInvalidConfig`, ...).
errors.sentinels = {}
for name, spec in pairs(sentinel_codes) do
  errors.sentinels[name] = errors.new(spec[1], spec[2])
end

--- Does `err` (or any error in its `cause` chain) match `target`?
-- `target` is a sentinel, an error object, or a code string. Matching is by
-- `code`; cycles in the cause chain are tolerated.
-- @return boolean
function errors.is(err, target)
  local code = target
  if type(target) == "table" then code = target.code end
  if type(code) ~= "string" then return false end
  local seen = {}
  local current = err
  -- raw reads: a cause can be any value a callback raised, metatable and all
  while type(current) == "table" and not seen[current] do
    seen[current] = true
    if current == target or rawget(current, "code") == code then return true end
    current = rawget(current, "cause")
  end
  return false
end

--- Shorthand constructors for the sentinel codes.
function errors.invalid_config(message) return errors.new("invalid_config", message) end
function errors.invalid_request(message) return errors.new("invalid_request", message) end
function errors.cancelled(message, cause)
  return errors.new("cancelled", message or "cancelled", { cause = cause })
end

return errors
