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
    -- a callback's error value may have a __tostring that raises
    local ok, cause = pcall(tostring, err.cause)
    text = text .. ": " .. (ok and type(cause) == "string" and cause or "(unprintable " .. type(err.cause) .. ")")
  end
  return text
end

--- Is `status` an HTTP status worth retrying (408, 409, 429, 5xx)?
function errors.retryable_status(status)
  return type(status) == "number"
    and (status == 408 or status == 409 or status == 429 or (status >= 500 and status <= 599))
end

--- The default `retryable` of an error of this code and status: true for
-- transport and stream errors and for HTTP 408, 409, 429 and 5xx.
function errors.retryable_by_kind(code, status)
  return code == "transport" or code == "stream" or errors.retryable_status(status)
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
  if err.retryable == nil then err.retryable = errors.retryable_by_kind(code, err.status) end
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

--- Every code an error object can carry, with what it means. Codes outside
-- this registry are never produced; `compact.error` accepts only these.
errors.codes = {
  invalid_config = "a configuration table was rejected",
  invalid_request = "a request, message list or plan was invalid",
  summarization = "a summarizer failed or raised",
  empty_summary = "the summary was empty after trimming and file-list removal",
  no_reduction = "no removable prefix, or the required reduction failed",
  context_window_exceeded = "the provider rejected the request as too long",
  cancelled = "the cancellation token was cancelled",
  transport = "the connection failed (DNS, TCP, TLS, timeout)",
  stream = "the response stream broke off or reported an error",
  http = "the provider answered with an HTTP error status",
  protocol = "the response was not the protocol expected (not SSE, bad framing)",
  filtered = "the provider refused or filtered the content",
  invalid_response = "the response could not be understood or was too large",
  generator = "a generator raised or returned something that is not a message",
  callback = "a user callback (tool handler, event handler) raised",
}

--- Shorthand constructors for the sentinel codes.
function errors.invalid_config(message) return errors.new("invalid_config", message) end
function errors.invalid_request(message) return errors.new("invalid_request", message) end
function errors.cancelled(message, cause)
  return errors.new("cancelled", message or "cancelled", { cause = cause })
end

local public_fields = { cause = true, status = true, retryable = true }

--- Make an error object for custom generators and summarizers.
-- Without `retryable`, the error is retryable when its code is `transport` or
-- `stream` or its status 408, 409, 429 or 5xx (see `errors.retryable`).
-- @tparam string code one of `errors.codes`
-- @tparam string message human-readable text
-- @tparam[opt] table fields `cause`, `status` (an HTTP status, integer
--   100-599) and `retryable` (boolean)
-- @return the error object, or nil and an ErrInvalidRequest naming the argument
function errors.public_error(code, message, fields)
  if type(code) ~= "string" or not errors.codes[code] then
    return nil, errors.invalid_request("compact.error: code: expected one of the documented codes, got "
      .. (type(code) == "string" and string.format("%q", code) or type(code)))
  end
  if type(message) ~= "string" then
    return nil, errors.invalid_request("compact.error: message: expected a string, got " .. type(message))
  end
  if fields ~= nil and type(fields) ~= "table" then
    return nil, errors.invalid_request("compact.error: fields: expected a table, got " .. type(fields))
  end
  for key in pairs(fields or {}) do
    if not public_fields[key] then
      return nil, errors.invalid_request("compact.error: fields." .. tostring(key) .. ": unknown field")
    end
  end
  local status = fields and fields.status
  if status ~= nil and not (type(status) == "number" and status == math.floor(status)
      and status >= 100 and status <= 599) then
    return nil, errors.invalid_request("compact.error: fields.status: expected an HTTP status 100-599, got "
      .. tostring(status))
  end
  local retryable = fields and fields.retryable
  if retryable ~= nil and type(retryable) ~= "boolean" then
    return nil, errors.invalid_request("compact.error: fields.retryable: expected a boolean, got "
      .. type(retryable))
  end
  return errors.new(code, message, fields)
end

-- Codes that are never retried, wherever they appear in the cause chain.
local final_codes = { "cancelled", "context_window_exceeded", "invalid_request" }

--- Is `err` worth another attempt? The one retry rule of compact:
-- `retryable = false` is never retried; otherwise an error is retried when
-- `retryable` is true, when its status is 408, 409, 429 or 5xx, or when its
-- code is `transport` or `stream`, unless its code or a cause's is
-- cancellation, context-window rejection or an invalid request. Any value
-- works (plain tables from scripted generators too); non-tables are final.
-- @return boolean
function errors.retryable(err)
  if type(err) ~= "table" then return false end
  local flag = rawget(err, "retryable")
  if flag == false then return false end
  for _, code in ipairs(final_codes) do
    if errors.is(err, code) then return false end
  end
  return flag == true or errors.retryable_by_kind(rawget(err, "code"), rawget(err, "status"))
end

return errors
