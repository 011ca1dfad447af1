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

-- The text of a cause, or nil when it adds nothing: a message that already
-- says what its cause says ("generator: HTTP 500 oops" made from the string
-- "HTTP 500 oops", or an error restating its cause's message under another
-- code) is not repeated ("...: HTTP 500 oops: HTTP 500 oops").
local function cause_text(err, message)
  local cause = rawget(err, "cause")
  if cause == nil or cause == err then return nil end
  local ok, text = pcall(tostring, cause)
  if not ok or type(text) ~= "string" then return "(a cause whose tostring raised)" end
  if message:find(text, 1, true) then return nil end
  -- a wrapper that restates its cause's message (to change its code)
  if getmetatable(cause) == Error and rawget(cause, "message") == message then return nil end
  return text
end

Error.__tostring = function(err)
  local message = tostring(err.message)
  local text = err.code .. ": " .. message
  local status = err.status
  if status and not message:find("HTTP " .. tostring(status), 1, true) then
    text = text .. " (HTTP " .. tostring(status) .. ")"
  end
  local cause = cause_text(err, message)
  if cause then text = text .. ": " .. cause end
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
  archive = "an archive could not store, search or read messages (its database failed)",
  max_turns = "the agent's tool loop reached config.max_turns without a final answer",
}

--- Shorthand constructors for the sentinel codes.
function errors.invalid_config(message) return errors.new("invalid_config", message) end
function errors.invalid_request(message) return errors.new("invalid_request", message) end
function errors.cancelled(message, cause)
  return errors.new("cancelled", message or "cancelled", { cause = cause })
end

local ok_core, core = pcall(require, "compact.core")
local json_null = ok_core and type(core) == "table" and core.json_null or nil

--- Describe a value for a message: `nil`, `null` (JSON null),
-- `string "0.8"`, `number -1`, `boolean true`, `table`, `function`, ...
function errors.describe(value)
  if value == nil then return "nil" end
  if json_null ~= nil and rawequal(value, json_null) then return "null" end
  local kind = type(value)
  if kind == "string" then
    local shown = #value > 40 and value:sub(1, 40) .. "..." or value
    return "string " .. string.format("%q", shown):gsub("\\\n", "\\n")
  end
  if kind == "number" or kind == "boolean" then return kind .. " " .. tostring(value) end
  return kind
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
      .. errors.describe(code))
  end
  if type(message) ~= "string" then
    return nil, errors.invalid_request("compact.error: message: expected a string, got " .. errors.describe(message))
  end
  if fields ~= nil and type(fields) ~= "table" then
    return nil, errors.invalid_request("compact.error: fields: expected a table, got " .. errors.describe(fields))
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
      .. errors.describe(status))
  end
  local retryable = fields and fields.retryable
  if retryable ~= nil and type(retryable) ~= "boolean" then
    return nil, errors.invalid_request("compact.error: fields.retryable: expected a boolean, got "
      .. errors.describe(retryable))
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

local REDACTED = "[redacted]"

-- `text` with every occurrence of each secret (strings of 4 bytes or more)
-- replaced by "[redacted]".
local function redact(text, secrets)
  for _, secret in ipairs(secrets) do
    if type(secret) == "string" and #secret >= 4 and text:find(secret, 1, true) then
      local out, start = {}, 1
      while true do
        local a, b = text:find(secret, start, true)
        if not a then break end
        out[#out + 1] = text:sub(start, a - 1)
        out[#out + 1] = REDACTED
        start = b + 1
      end
      out[#out + 1] = text:sub(start)
      text = table.concat(out)
    end
  end
  return text
end

-- A string cut to `limit` bytes (after scrubbing: a secret straddling the
-- cut must not leave a fragment behind).
local function cut(text, limit)
  if limit and #text > limit then return text:sub(1, limit) .. "..." end
  return text
end

local scrub_value

-- Scrub every field of an error object in place, keys and values.
local function scrub_fields(err, secrets, limit, seen)
  local updates = {}
  for key, value in next, err do
    local clean_key = type(key) == "string" and redact(key, secrets) or key
    local clean = scrub_value(value, secrets, limit, seen)
    if clean_key ~= key or clean ~= value then updates[#updates + 1] = { key, clean_key, clean } end
  end
  for _, u in ipairs(updates) do
    rawset(err, u[1], nil)
    rawset(err, u[2], u[3])
  end
end

scrub_value = function(value, secrets, limit, seen)
  local kind = type(value)
  if kind == "string" then return cut(redact(value, secrets), limit) end
  if kind ~= "table" then return value end
  if seen[value] then return seen[value] end
  if getmetatable(value) == Error then
    seen[value] = value
    scrub_fields(value, secrets, limit, seen)
    return value
  end
  local mt = getmetatable(value)
  if mt ~= nil then
    -- a value a callback raised, with its own behaviour: keep its text only
    local ok, text = pcall(tostring, value)
    local clean = cut(redact(ok and type(text) == "string" and text or "(unprintable value)", secrets), limit)
    seen[value] = clean
    return clean
  end
  local copy = {}
  seen[value] = copy
  for key, field in next, value do
    copy[scrub_value(key, secrets, limit, seen)] = scrub_value(field, secrets, limit, seen)
  end
  return copy
end

--- Remove secrets from an error: every string field of the error object
-- and of its causes (error objects are scrubbed in place; other tables a
-- callback raised are replaced by scrubbed copies, or by their scrubbed
-- text when they have a metatable). Strings are scrubbed first, then cut
-- to `limit` bytes when given, so no fragment of a secret survives a cut.
-- @param value an error object, a string, or any value
-- @tparam string|table secrets a secret or a list of them (shorter than 4 bytes: ignored)
-- @tparam[opt] integer limit longest string kept, in bytes
-- @return the scrubbed value
function errors.scrub(value, secrets, limit)
  if type(secrets) ~= "table" then secrets = { secrets } end
  return scrub_value(value, secrets, limit, {})
end

return errors