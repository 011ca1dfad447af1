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

local message_model = require("compact.message")

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
if not ok_core or type(core) ~= "table" then core = nil end

-- `text` as valid UTF-8: each invalid sequence becomes U+FFFD (the JSON
-- encoder's repair, read back), so no error message carries bytes a
-- terminal, a log or a strict JSON reader would choke on.
local function valid_utf8(text)
  if not text:find("[\128-\255]") or not core then return text end
  local encoded = core.json_encode(text)
  local decoded = encoded and core.json_decode(encoded)
  return type(decoded) == "string" and decoded or text
end

local json_null = core and core.json_null or nil

--- Describe a value for a message: `nil`, `null` (JSON null),
-- `string "0.8"`, `number -1`, `boolean true`, `table`, `function`, ...
function errors.describe(value)
  if value == nil then return "nil" end
  if json_null ~= nil and rawequal(value, json_null) then return "null" end
  local kind = type(value)
  if kind == "string" then
    local shown = valid_utf8(#value > 40 and value:sub(1, 40) .. "..." or value)
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

-- The scrubber removes every run of 8 bytes or more of a secret (case
-- folded), and of its common encodings; secrets of 4 to 7 bytes only as
-- whole (case-folded) copies; shorter ones are ignored.
local WINDOW = 8
local MIN_SECRET = 4

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

local function base64(text)
  local out = {}
  for i = 1, #text, 3 do
    local a, b, c = text:byte(i, i + 2)
    local n = a * 65536 + (b or 0) * 256 + (c or 0)
    local d1, d2 = math.floor(n / 262144) % 64, math.floor(n / 4096) % 64
    local d3, d4 = math.floor(n / 64) % 64, n % 64
    out[#out + 1] = B64:sub(d1 + 1, d1 + 1) .. B64:sub(d2 + 1, d2 + 1)
      .. (b and B64:sub(d3 + 1, d3 + 1) or "=") .. (c and B64:sub(d4 + 1, d4 + 1) or "=")
  end
  return table.concat(out)
end

-- The forms of one secret that are searched, lower-cased: the secret, its
-- URL encoding, its hex, and its base64 at the three byte alignments (any piece of
-- the secret inside a longer base64 text, such as `Bearer <key>` in a
-- Basic or echoed header, is a piece of one of them), and of `Bearer <key>`.
local function forms_of(secret, out)
  out[#out + 1] = secret:lower()
  local url = secret:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end)
  if url ~= secret then out[#out + 1] = url:lower() end
  -- hex (either case: the text is compared lower-cased), byte-aligned
  out[#out + 1] = (secret:gsub(".", function(c) return string.format("%02x", c:byte()) end))
  if #secret >= WINDOW then
    for skip = 0, 2 do out[#out + 1] = base64(secret:sub(skip + 1)):gsub("=+$", ""):lower() end
    out[#out + 1] = base64("Bearer " .. secret):gsub("=+$", ""):lower()
  end
end

local prepared = setmetatable({}, { __mode = "k" })

local function forms(secrets)
  local list = prepared[secrets]
  if list then return list end
  list = {}
  for _, secret in ipairs(secrets) do
    if type(secret) == "string" and #secret >= MIN_SECRET then forms_of(secret, list) end
  end
  prepared[secrets] = list
  return list
end

-- Append to `ranges` every stretch of `lower` that is a piece of `form`
-- at least WINDOW bytes long (the whole form when it is shorter). A piece
-- of 8 bytes holds one of the form's 4-byte blocks at positions 1, 5, 9,
-- ...: each block found is extended both ways while the bytes agree.
local function find_pieces(lower, form, ranges)
  local n = #form
  if n < WINDOW then
    local start = 1
    while true do
      local a, b = lower:find(form, start, true)
      if not a then return end
      ranges[#ranges + 1] = { a, b }
      start = b + 1
    end
  end
  local len = #lower
  for s = 1, n - 3, 4 do
    local block, start = form:sub(s, s + 3), 1
    while true do
      local a = lower:find(block, start, true)
      if not a then break end
      local left, right = 0, 3
      while a - left > 1 and s - left > 1 and lower:byte(a - left - 1) == form:byte(s - left - 1) do
        left = left + 1
      end
      while a + right < len and s + right < n and lower:byte(a + right + 1) == form:byte(s + right + 1) do
        right = right + 1
      end
      if left + right + 1 >= WINDOW then
        ranges[#ranges + 1] = { a - left, a + right }
        start = math.max(a + 1, a + right - 2)
      else
        start = a + 1
      end
    end
  end
end

-- `text` with every piece of each secret (see above) replaced by
-- "[redacted]"; overlapping pieces become one.
local function redact(text, secrets)
  local list = forms(secrets)
  if #list == 0 or #text < MIN_SECRET then return text end
  local lower, ranges = text:lower(), {}
  for _, form in ipairs(list) do find_pieces(lower, form, ranges) end
  if #ranges == 0 then return text end
  table.sort(ranges, function(x, y) return x[1] < y[1] end)
  local out, pos = {}, 1
  for _, r in ipairs(ranges) do
    if r[2] >= pos then
      if r[1] > pos then out[#out + 1] = text:sub(pos, r[1] - 1) end
      if r[1] >= pos then out[#out + 1] = REDACTED end
      pos = r[2] + 1
    end
  end
  out[#out + 1] = text:sub(pos)
  return table.concat(out)
end


-- A string cut to `limit` bytes (after scrubbing: a secret straddling the
-- cut must not leave a fragment behind), on a character boundary.
local function cut(text, limit)
  if limit and #text > limit then
    return message_model.cut(text, limit) .. "..."
  end
  return text
end

local scrub_value
local KEEP_BYTES = {} -- a key of `seen`: strings keep their bytes (a reply's text), only secrets go

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
  if kind == "string" then
    if seen[KEEP_BYTES] then return redact(value, secrets) end
    return cut(valid_utf8(redact(value, secrets)), limit)
  end
  if kind ~= "table" then return value end
  if seen[value] then return seen[value] end
  if getmetatable(value) == Error then
    seen[value] = value
    scrub_fields(value, secrets, limit, seen)
    return value
  end
  local mt = getmetatable(value)
  local array_mt = core and core.json_array_mt
  if mt ~= nil and rawequal(mt, array_mt) then mt = nil end -- a decoded JSON array: copied as one
  if mt ~= nil then
    -- a value a callback raised, with its own behaviour: keep its text only
    local ok, text = pcall(tostring, value)
    local clean = cut(valid_utf8(redact(ok and type(text) == "string" and text or "(unprintable value)", secrets)),
      limit)
    seen[value] = clean
    return clean
  end
  local copy = {}
  seen[value] = copy
  for key, field in next, value do
    copy[scrub_value(key, secrets, limit, seen)] = scrub_value(field, secrets, limit, seen)
  end
  if array_mt and rawequal(getmetatable(value), array_mt) then setmetatable(copy, array_mt) end
  return copy
end

--- Remove secrets from an error: every string field of the error object
-- and of its causes (error objects are scrubbed in place; other tables a
-- callback raised are replaced by scrubbed copies, or by their scrubbed
-- text when they have a metatable). Strings are scrubbed first, then cut
-- to `limit` bytes when given, so no fragment of a secret survives a cut.
-- @param value an error object, a string, or any value
-- Removed: every run of 8 bytes or more of a secret, compared case-folded,
-- and of its URL encoding, hex and base64 (of the secret at each alignment and
-- of `Bearer <secret>`); a secret of 4 to 7 bytes, whole copies only.
-- @tparam string|table secrets a secret or a list of them (shorter than 4 bytes: ignored)
-- @tparam[opt] integer limit longest string kept, in bytes
-- @return the scrubbed value
function errors.scrub(value, secrets, limit)
  if type(secrets) ~= "table" then secrets = { secrets } end
  return scrub_value(value, secrets, limit, {})
end

--- Remove secrets from a successful reply (any value): like `scrub`, but
-- strings are not cut and keep their bytes apart from the secrets, and
-- nothing is copied when there is no secret to look for.
function errors.redact(value, secrets)
  if type(secrets) ~= "table" then secrets = { secrets } end
  if #forms(secrets) == 0 then return value end
  return scrub_value(value, secrets, nil, { [KEEP_BYTES] = true })
end

return errors