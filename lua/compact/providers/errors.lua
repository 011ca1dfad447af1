--- Classification of provider errors (internal): HTTP and in-stream error
-- bodies become `context_window_exceeded`, `filtered` or `http` errors;
-- whether they are retried follows `compact.errors.retryable`.
-- @module compact.providers.errors

local errors = require "compact.errors"
local util = require "compact.util"

local classify = {}

--- The longest `retry_after` reported: one day (a server's 1e305 s is
-- reported as this).
classify.MAX_RETRY_AFTER = 86400

local function capped(seconds)
  if seconds ~= seconds or seconds < 0 then return nil end
  return math.min(seconds, classify.MAX_RETRY_AFTER)
end

--- Seconds to wait from `retry-after-ms` / `retry-after` (seconds or an
-- HTTP date), capped to `MAX_RETRY_AFTER`, or nil.
function classify.retry_after(headers)
  if type(headers) ~= "table" then return nil end
  local ms = tonumber(headers["retry-after-ms"])
  if ms and ms >= 0 then return capped(ms / 1000) end
  local value = headers["retry-after"]
  if type(value) ~= "string" then return nil end
  local seconds = tonumber(value)
  if seconds then return capped(seconds) end
  local months = { Jan = 1, Feb = 2, Mar = 3, Apr = 4, May = 5, Jun = 6, Jul = 7, Aug = 8, Sep = 9, Oct = 10,
    Nov = 11, Dec = 12 }
  local d, mon, y, h, mi, s = value:match("%a+, (%d+) (%a+) (%d+) (%d+):(%d+):(%d+) GMT")
  if not d or not months[mon] then return nil end
  -- Seconds since the epoch computed directly (days from the civil date),
  -- not through os.time, which reads a table as local time: mixing that
  -- with os.date("!*t") was an hour off in zones with daylight saving.
  local year, month = tonumber(y), months[mon]
  if month <= 2 then year = year - 1 end
  local era = math.floor(year / 400)
  local yoe = year - era * 400
  local doy = math.floor((153 * ((month + 9) % 12) + 2) / 5) + tonumber(d) - 1
  local days = era * 146097 + yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy - 719468
  local at = days * 86400 + tonumber(h) * 3600 + tonumber(mi) * 60 + tonumber(s)
  return capped(math.max(0, os.difftime(at, os.time())))
end

local CONTEXT_PATTERNS = {
  "maximum context length", "context length", "context_length_exceeded", "context window",
  "prompt is too long", "too many tokens", "input is too long", "reduce the length of the messages",
  "exceeds the context", "request_too_large", "prompt too long", "maximum prompt length",
  "input tokens exceed", "token limit", "exceed context limit", "exceeds the available context size",
  "context size has been exceeded", "exceed_context_size_error", "prompt token count of",
}

-- Phrases specific enough to classify at any status: llama.cpp answered
-- 500 "Context size has been exceeded." before it had a 400 for it.
local STRONG_CONTEXT_PATTERNS = {
  "context size has been exceeded", "exceeds the available context size", "exceed_context_size_error",
  "context_length_exceeded",
}

-- Error codes/types that mean "does not fit" whatever the HTTP status.
local CONTEXT_CODES = { context_length_exceeded = true, exceed_context_size_error = true }

-- Does `text` (any case) contain one of `patterns`?
local function mentions(text, patterns)
  if type(text) ~= "string" then return false end
  local lower = text:lower()
  for _, pattern in ipairs(patterns) do
    if lower:find(pattern, 1, true) then return true end
  end
  return false
end

--- Does an error message/code say the request does not fit the context?
function classify.is_context_message(text)
  return mentions(text, CONTEXT_PATTERNS)
end

local function is_strong_context_message(text)
  return mentions(text, STRONG_CONTEXT_PATTERNS)
end

-- Does an error of this status, code, type and message say the request does
-- not fit the context window?
local function is_context(status, code_text, type_text, message)
  if CONTEXT_CODES[code_text] or CONTEXT_CODES[type_text] or is_strong_context_message(message) then
    return true
  end
  local weak_status = status == 400 or status == 413 or status == 422 or type(status) ~= "number"
  return weak_status and (classify.is_context_message(code_text) or classify.is_context_message(type_text)
    or classify.is_context_message(message) or type_text == "request_too_large")
end

--- Classify an API error.
-- @tparam string provider "openai" or "anthropic"
-- @tparam number status HTTP status (or the status an error type stands for)
-- @tparam table info `message`, `type`, `code`, `headers`, `request_id`
-- @return an error object with `code` "context_window_exceeded", "filtered"
--   or "http"; `status`, `retryable`, `retry_after`, `error_type` kept
function classify.api_error(provider, status, info)
  local message = info.message
  if util.is_blank(message) then
    message = status and ("HTTP " .. tostring(status)) or "the server reported an error without a message"
  end
  local fields = {
    status = status, provider = provider, error_type = info.type, error_code = info.code,
    request_id = info.request_id, retry_after = classify.retry_after(info.headers),
  }
  local text = provider .. " API error: " .. message
  local code_text = type(info.code) == "string" and info.code or ""
  local type_text = type(info.type) == "string" and info.type or ""
  if is_context(status, code_text, type_text, message) then
    fields.retryable = false
    return errors.new("context_window_exceeded", text, fields)
  end
  if code_text == "content_filter" or code_text == "content_policy_violation"
    or type_text == "content_filter" then
    fields.retryable = false
    return errors.new("filtered", text, fields)
  end
  -- retryable or not by errors.retryable's rule: 408, 409, 429, 5xx
  return errors.new("http", text, fields)
end

return classify
