--- Classification of provider errors (internal): HTTP and in-stream error
-- bodies become `context_window_exceeded`, `filtered` or `http` errors;
-- whether they are retried follows `compact.errors.retryable`.
-- @module compact.providers.errors

local errors = require "compact.errors"
local util = require "compact.util"
local core = require "compact.core"

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
  -- seconds since the epoch computed directly, not through os.time (local
  -- time: mixing that with os.date("!*t") was an hour off under DST)
  local days = util.days_from_civil(tonumber(y), months[mon], tonumber(d))
  local at = days * 86400 + tonumber(h) * 3600 + tonumber(mi) * 60 + tonumber(s)
  return capped(math.max(0, os.difftime(at, os.time())))
end

-- ------------------------------------------------------------------------
-- Context-window rejections
-- ------------------------------------------------------------------------

-- What servers say when a request does not fit, as Lua patterns matched
-- against the lower-cased message, code and type. `any = true`: specific
-- enough to classify at any status but 429 (an old llama.cpp answered 500);
-- the rest only at 400, 413, 422 or without a status (in-stream errors).
-- docs/providers.md lists the bodies these come from.
local OVERFLOW = {
  { "prompt is too long", any = true },                               -- Anthropic, Fireworks
  { "request_too_large", any = true },                                -- Anthropic 413
  { "input is too long for requested model", any = true },           -- Amazon Bedrock
  { "exceeds the context window", any = true },                      -- OpenAI Responses/Chat
  { "exceeds [%a' ]*maximum context length", any = true },           -- LiteLLM, SGLang, OpenAI-compatible
  { "input token count.-exceeds the maximum", any = true },          -- Google Gemini
  { "maximum prompt length is %d", any = true },                     -- xAI
  { "reduce the length of the messages", any = true },               -- Groq, vLLM, OpenAI
  { "maximum context length is %d", any = true },                    -- OpenAI, OpenRouter, vLLM, DeepSeek
  { "exceeds the maximum allowed input length", any = true },        -- OpenRouter (Poolside)
  { "is longer than the model'?s context length", any = true },      -- SGLang, Together
  { "is longer than the maximum model length", any = true },         -- vLLM (decoder prompt)
  { "exceeds the limit of %d" },                                      -- GitHub Copilot
  { "exceeds the available context size", any = true },              -- llama.cpp
  { "exceeds context size", any = true },                            -- llama.cpp (newer)
  { "context size has been exceeded", any = true },                  -- llama.cpp (old, HTTP 500)
  { "larger than the max context size", any = true },                -- llama.cpp (older)
  { "exceed_context_size_error", any = true },                       -- llama.cpp error type
  { "greater than the context length", any = true },                 -- LM Studio
  { "context window exceeds limit", any = true },                    -- MiniMax
  { "exceeded model token limit", any = true },                      -- Kimi / Moonshot
  { "too large for model with %d+ maximum context length", any = true }, -- Mistral
  { "but the configured context size is", any = true },              -- DS4
  { "model_context_window_exceeded", any = true },                   -- z.ai finish reason
  { "exceeded max context length", any = true },                     -- Ollama
  { "input length exceeds the context length" },                     -- Ollama (older)
  { "`inputs` tokens %+ `max_new_tokens` must be <=", any = true },  -- Hugging Face TGI, Together
  { "`inputs` must have less than %d+ tokens", any = true },         -- Hugging Face TGI
  { "range of input length should be", any = true },                 -- Alibaba DashScope (Qwen)
  { "total number of tokens in the prompt cannot exceed", any = true }, -- Cohere
  { "context_length_exceeded", any = true },                         -- OpenAI code, generic
  { "context[_ ]length[_ ]exceeded" },                               -- generic
  { "context[_ ]window[_ ]exceeded" },                               -- generic
  { "context length" }, { "context window" }, { "too many tokens" }, { "token limit" },
  { "input is too long" }, { "prompt too long" }, { "input tokens exceed" }, { "exceed context limit" },
  { "prompt token count of" },
}

-- Words that make a message about tokens a rate limit, not a window
-- (Bedrock: "ThrottlingException: Too many tokens, please wait").
local NOT_OVERFLOW = { "rate limit", "rate_limit", "too many requests", "throttl", "tokens per min", "per minute",
  "quota" }

-- Does `text` (any case) match one of `list`'s patterns? `strong`: only
-- those marked `any`.
local function matches(text, list, strong)
  if type(text) ~= "string" or text == "" then return false end
  local lower = text:lower()
  for _, entry in ipairs(list) do
    local pattern = type(entry) == "table" and entry[1] or entry
    if (not strong or entry.any) and lower:find(pattern, 1, type(entry) ~= "table") then return true end
  end
  return false
end

-- Does an error of this status, code, type and message say the request does
-- not fit the context window? A 413 always does (Cerebras sends it without
-- a body); a 429 never does.
local function is_context(status, code_text, type_text, message)
  if status == 429 then return false end
  if matches(message, NOT_OVERFLOW) or matches(code_text, NOT_OVERFLOW) then return false end
  if status == 413 then return true end
  local texts = { code_text, type_text, message }
  local weak = status == 400 or status == 422 or type(status) ~= "number"
  for _, text in ipairs(texts) do
    if matches(text, OVERFLOW, not weak) then return true end
  end
  return false
end

-- ------------------------------------------------------------------------
-- Error bodies
-- ------------------------------------------------------------------------

-- MiniMax's `base_resp.status_code` (sent after HTTP 200): the status each
-- stands for, and the error type (content filters).
local MINIMAX = { [1000] = { 500 }, [1001] = { 504 }, [1002] = { 429 }, [1004] = { 401 }, [1008] = { 402 },
  [1013] = { 500 }, [1026] = { 400, "content_filter" }, [1027] = { 400, "content_filter" }, [1039] = { 429 },
  [2013] = { 400 } }

--- An HTTP status from a number or numeric text: an integer 100-599, else
-- nil (MiniMax's codes such as 2013 and other error numbers are no status).
function classify.http_status(value)
  local n = tonumber(value)
  if n and n >= 100 and n <= 599 and n % 1 == 0 then return n end
  return nil
end
local http_status = classify.http_status

local function text_field(value)
  if type(value) == "string" and value:find("%S") then return value end
  return nil
end

local function scalar(value)
  if type(value) == "string" or type(value) == "number" then return value end
  return nil
end

-- The message of FastAPI's `detail` (a string, or a list of `{ msg = }`).
local function detail_text(detail)
  if text_field(detail) then return detail end
  if type(detail) ~= "table" then return nil end
  if text_field(detail.message) then return detail.message end
  local parts = {}
  for _, item in ipairs(detail) do
    local text = type(item) == "table" and (text_field(item.msg) or text_field(item.message)) or text_field(item)
    if text then parts[#parts + 1] = text end
  end
  return #parts > 0 and table.concat(parts, "; ") or nil
end

--- What an error body says: `{ message, type, code }` from whichever field
-- holds them: `error.message` (OpenAI, Anthropic, Gemini), `error` as a
-- string (TGI, Ollama, xAI), a top-level `message` (vLLM, Mistral, SGLang,
-- Bedrock, DashScope, Cohere), `detail` (FastAPI servers), MiniMax's
-- `base_resp.status_msg`, or a list of one such object (Gemini's
-- OpenAI-compatible endpoint). The message is nil when none holds text:
-- the raw body is never the message.
-- @tparam[opt] table value the decoded body
-- @return table
function classify.error_info(value)
  if type(value) ~= "table" then return {} end
  if value[1] ~= nil and type(value[1]) == "table" then value = value[1] end
  local e = value.error
  if type(e) == "table" and e[1] ~= nil and type(e[1]) == "table" then e = e[1] end
  if type(e) == "table" then
    local message = text_field(e.message) or detail_text(e.detail) or text_field(value.message)
    -- OpenRouter: "Provider returned error", the upstream's own body in metadata.raw
    local raw = type(e.metadata) == "table" and text_field(e.metadata.raw)
    if raw then
      local decoded = core.json_decode(raw)
      raw = type(decoded) == "table" and classify.error_info(decoded).message or raw
      message = message and raw and (message .. ": " .. raw) or message or raw
    end
    return { message = message,
      type = scalar(e.type) or scalar(e.status), code = scalar(e.code),
      status = http_status(e.code) or http_status(e.status) or http_status(e.http_code) } -- http_code: MiniMax
  end
  local base = type(value.base_resp) == "table" and value.base_resp or nil
  local message = text_field(e) or text_field(value.message) or detail_text(value.detail)
    or (base and text_field(base.status_msg)) or text_field(value.msg) or text_field(value.errorMessage)
  local info = { message = message, type = scalar(value.error_type) or scalar(value.type),
    code = scalar(value.code) or (base and scalar(base.status_code)), status = http_status(value.status) }
  local minimax = base and MINIMAX[tonumber(base.status_code)]
  if minimax and info.status == nil then info.status, info.type = minimax[1], info.type or minimax[2] end
  return info
end

--- Is `value` a body that reports an error (for a 2xx answer)? An
-- `error` field that holds something, a list of one such object, or a
-- MiniMax `base_resp` with a non-zero status code and no choices.
function classify.is_error_body(value)
  if type(value) ~= "table" then return false end
  if type(value[1]) == "table" and value[1].error ~= nil then return true end
  local e = value.error
  if e ~= nil and e ~= false and e ~= core.json_null and not (type(e) == "table" and next(e) == nil) then
    return true
  end
  local base = value.base_resp
  local code = type(base) == "table" and tonumber(base.status_code)
  return code and code ~= 0 and not (type(value.choices) == "table" and value.choices[1] ~= nil) or false
end

-- The status an error type (or code) sent after HTTP 2xx stands for: the
-- documented types of Anthropic and OpenAI and of the compatible servers
-- (vLLM, LiteLLM, OpenRouter).
local TYPE_STATUS = { invalid_request_error = 400, authentication_error = 401, permission_error = 403,
  not_found_error = 404, request_too_large = 413, rate_limit_error = 429, rate_limit_exceeded = 429,
  api_error = 500, server_error = 500, internal_error = 500, overloaded_error = 529, timeout_error = 504 }

--- The status an error sent after HTTP 2xx stands for (both providers'
-- one rule): the status it states, a status given as its code, else the
-- status its type or code stands for; nil when none says.
-- @tparam table info as from `error_info`
function classify.in_band_status(info)
  return info.status or http_status(info.code) or TYPE_STATUS[info.type] or TYPE_STATUS[info.code]
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
    message = status and ("HTTP " .. tostring(status) .. (status == 413 and " (request too large)" or ""))
      or "the server reported an error without a message"
  end
  local fields = {
    status = status, provider = provider, error_type = info.type, error_code = info.code,
    request_id = info.request_id, retry_after = classify.retry_after(info.headers),
  }
  local text = provider .. " API error: " .. message
  local code_text = info.code ~= nil and tostring(info.code) or ""
  local type_text = type(info.type) == "string" and info.type or ""
  if is_context(status, code_text, type_text, info.message) then
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

--- An error the server sent inside a 2xx answer: an SSE `error` event, an
-- error object in the stream, or a JSON error body. Context and content
-- rejections keep their class; any other is a `stream` error (the server
-- broke off the response) whose cause is the classified API error, with
-- the status it stands for kept and retried by the same rule (a status-less
-- one is retried).
-- @tparam string provider
-- @tparam table info as for api_error, plus `status`
function classify.stream_error(provider, info)
  local status = info.status
  local err = classify.api_error(provider, status, info)
  if err.code ~= "http" then return err end
  return errors.new("stream", provider .. ": the server ended the stream with an error", { cause = err,
    status = status, error_type = info.type, error_code = info.code,
    retryable = status == nil or errors.retryable_status(status) })
end

--- An error sent after HTTP 2xx, with the status it stands for
-- (`in_band_status`) set in `info`. An SSE `error` event (`event`) always
-- ends the stream: a `stream_error`. An error object (a `data:` event or a
-- JSON answer) is classified as an answer of that status, or as a stream
-- error when it states none.
-- @tparam string provider
-- @tparam table info as from `error_info` (its `code` and `type` are kept)
-- @tparam[opt] boolean event
function classify.in_band_error(provider, info, event)
  info.status = classify.in_band_status(info)
  if event then return classify.stream_error(provider, info) end
  local err = classify.api_error(provider, info.status, info)
  if err.code == "http" and info.status == nil then return classify.stream_error(provider, info) end
  return err
end

return classify
