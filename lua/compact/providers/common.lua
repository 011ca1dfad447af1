--- Pieces shared by the OpenAI and Anthropic generators: configuration,
-- keys, the streaming request loop, HTTP error classification.
-- @module compact.providers.common

local util = require "compact.util"
local core = require "compact.core"
local errors = require "compact.errors"
local cancel_mod = require "compact.cancel"

local common = {}

common.json_null = core.json_null

-- Keys whose empty tables are JSON arrays in request bodies.
local ARRAY_KEYS = { messages = true, tools = true, content = true, tool_calls = true, required = true,
  enum = true, stop = true, stop_sequences = true }

--- JSON-encode a request body (empty `required`, `enum`, ... stay arrays).
function common.encode(value)
  return core.json_encode(value, { array_keys = ARRAY_KEYS })
end

--- Decode JSON; returns value or nil, message.
function common.decode(text)
  return core.json_decode(text)
end

local is_blank = util.is_blank
common.is_blank = is_blank

--- Remove every occurrence of `secret` from `text`.
function common.redact(text, secret)
  text = tostring(text)
  if type(secret) ~= "string" or #secret < 4 then return text end
  local out, start = {}, 1
  while true do
    local a, b = text:find(secret, start, true)
    if not a then break end
    out[#out + 1] = text:sub(start, a - 1)
    out[#out + 1] = "[redacted]"
    start = b + 1
  end
  out[#out + 1] = text:sub(start)
  return table.concat(out)
end

local function redact_all(text, secrets)
  if type(secrets) ~= "table" then return common.redact(text, secrets) end
  text = tostring(text)
  for _, secret in ipairs(secrets) do text = common.redact(text, secret) end
  return text
end

--- Scrub `secret` (a string, or a list of strings) from an error object's
-- message and its cause chain.
function common.scrub_error(err, secret)
  local seen = {}
  local current = err
  while type(current) == "table" and not seen[current] do
    seen[current] = true
    if type(rawget(current, "message")) == "string" then
      rawset(current, "message", redact_all(current.message, secret))
    end
    local cause = rawget(current, "cause")
    if type(cause) == "string" then rawset(current, "cause", redact_all(cause, secret)) end
    current = rawget(current, "cause")
  end
  return err
end

-- Headers that carry credentials: kept out of the generator's fields (see
-- common.set_key) and scrubbed from errors, like the API key.
local SECRET_HEADERS = { authorization = true, ["proxy-authorization"] = true, ["x-api-key"] = true,
  ["api-key"] = true, ["x-goog-api-key"] = true, cookie = true }

--- A URL without its `user:password@` part (for display).
function common.display_url(url)
  return (tostring(url):gsub("^(%a[%w+.-]*://)[^/?#@]*@", "%1"))
end

--- Default limit on a plain (non-streamed) response body: error bodies and
-- JSON answers are held in memory whole, so a broken server must not be
-- able to grow them without bound.
common.MAX_BODY = 1024 * 1024

--- Validate the shared provider configuration.
-- @return a normalized copy, or nil, err
function common.config(name, config, defaults)
  if config == nil then config = {} end
  if type(config) ~= "table" then
    return nil, errors.invalid_config(name .. ": config must be a table")
  end
  local out = {}
  local base = config.base_url
  if base == nil then base = defaults.base_url end
  if type(base) ~= "string" or not base:match("^https?://[^%s]+$") then
    return nil, errors.invalid_config(name .. ": base_url must be an http(s) URL")
  end
  out.base_url = base:gsub("/+$", "")
  for _, key in ipairs({ "timeout", "connect_timeout" }) do
    local value = config[key]
    if value == nil then value = defaults[key] end
    if type(value) ~= "number" or value ~= value or value <= 0 then
      return nil, errors.invalid_config(name .. ": " .. key .. " must be a positive number of seconds")
    end
    out[key] = value
  end
  local headers = config.headers or {}
  if type(headers) ~= "table" then
    return nil, errors.invalid_config(name .. ": headers must be a table of name = value")
  end
  out.headers, out.secret_headers = {}, {}
  for key, value in pairs(headers) do
    if type(key) ~= "string" or (type(value) ~= "string" and type(value) ~= "number") then
      return nil, errors.invalid_config(name .. ": headers must map names to strings")
    end
    if SECRET_HEADERS[key:lower()] then
      out.secret_headers[key] = tostring(value)
    else
      out.headers[key] = tostring(value)
    end
  end
  local key = config.api_key
  if key == nil then key = os.getenv(defaults.key_env) end
  if key ~= nil and (type(key) ~= "string" or key:find("[\r\n]")) then
    return nil, errors.invalid_config(name .. ": api_key must be a string")
  end
  if key == "" then key = nil end
  out.api_key = key
  if config.transport ~= nil and type(config.transport) ~= "function" then
    return nil, errors.invalid_config(name .. ": transport must be a function")
  end
  out.transport = config.transport
  local max_body = config.max_body
  if max_body == nil then max_body = defaults.max_body or common.MAX_BODY end
  if type(max_body) ~= "number" or max_body < 1 or max_body % 1 ~= 0 then
    return nil, errors.invalid_config(name .. ": max_body must be a positive integer (bytes)")
  end
  out.max_body = max_body
  out.yield = config.yield
  out.proxy = config.proxy
  out.ca_file = config.ca_file
  return out
end

--- Seconds to wait from `retry-after-ms` / `retry-after` (seconds or an
-- HTTP date), or nil.
function common.retry_after(headers)
  if type(headers) ~= "table" then return nil end
  local ms = tonumber(headers["retry-after-ms"])
  if ms and ms >= 0 then return ms / 1000 end
  local value = headers["retry-after"]
  if type(value) ~= "string" then return nil end
  local seconds = tonumber(value)
  if seconds then return seconds >= 0 and seconds or nil end
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
  return math.max(0, os.difftime(at, os.time()))
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

--- Does an error message/code say the request does not fit the context?
function common.is_context_message(text)
  if type(text) ~= "string" then return false end
  local lower = text:lower()
  for _, pattern in ipairs(CONTEXT_PATTERNS) do
    if lower:find(pattern, 1, true) then return true end
  end
  return false
end

local function is_strong_context_message(text)
  if type(text) ~= "string" then return false end
  local lower = text:lower()
  for _, pattern in ipairs(STRONG_CONTEXT_PATTERNS) do
    if lower:find(pattern, 1, true) then return true end
  end
  return false
end

local function retryable_status(status)
  return status == 408 or status == 409 or status == 429 or (status >= 500 and status <= 599)
end
common.retryable_status = retryable_status

--- Classify an API error.
-- @tparam string provider "openai" or "anthropic"
-- @tparam number status HTTP status (or the status an error type stands for)
-- @tparam table info `message`, `type`, `code`, `headers`, `request_id`
-- @return an error object with `code` "context_window_exceeded", "filtered"
--   or "http"; `status`, `retryable`, `retry_after`, `error_type` kept
function common.api_error(provider, status, info)
  local message = info.message
  if is_blank(message) then message = "HTTP " .. tostring(status) end
  if #message > 2000 then message = message:sub(1, 2000) .. "..." end
  local fields = {
    status = status, provider = provider, error_type = info.type, error_code = info.code,
    request_id = info.request_id, retry_after = common.retry_after(info.headers),
  }
  local text = provider .. " API error: " .. message
  local code_text = type(info.code) == "string" and info.code or ""
  local type_text = type(info.type) == "string" and info.type or ""
  if CONTEXT_CODES[code_text] or CONTEXT_CODES[type_text] or is_strong_context_message(message)
    or ((status == 400 or status == 413 or status == 422 or type(status) ~= "number")
      and (common.is_context_message(code_text) or common.is_context_message(type_text)
        or common.is_context_message(message) or type_text == "request_too_large")) then
    return errors.new("context_window_exceeded", text, fields)
  end
  if code_text == "content_filter" or code_text == "content_policy_violation"
    or type_text == "content_filter" then
    return errors.new("filtered", text, fields)
  end
  fields.retryable = type(status) == "number" and retryable_status(status)
  return errors.new("http", text, fields)
end

-- API keys, credential headers and the strings to scrub live here, not in
-- generator fields, so printing or dumping a generator (a failed test, a
-- debug dump) never shows them.
local keys = setmetatable({}, { __mode = "k" })
local private = setmetatable({}, { __mode = "k" })

--- Remember the API key of generator `gen` (nil for none); with `cfg` (from
-- common.config), also take its credential headers out of it and note the
-- secrets to scrub from errors (key, header values, URL userinfo).
function common.set_key(gen, key, cfg)
  keys[gen] = key
  local secret_headers = cfg and cfg.secret_headers or {}
  if cfg then cfg.secret_headers = nil end
  local scrub = { key }
  for _, value in pairs(secret_headers) do
    scrub[#scrub + 1] = value
    local token = value:match("^%S+%s+(%S.*)$") -- "Bearer <token>"
    if token then scrub[#scrub + 1] = token end
  end
  local userinfo = cfg and cfg.base_url and cfg.base_url:match("^%a[%w+.-]*://([^/?#@]*)@")
  if userinfo then
    scrub[#scrub + 1] = userinfo
    scrub[#scrub + 1] = userinfo:match(":(.*)$")
  end
  private[gen] = { headers = secret_headers, scrub = scrub }
end

--- The API key of generator `gen`, or nil.
function common.key(gen) return keys[gen] end

--- The strings to scrub from what generator `gen` reports.
function common.secrets(gen)
  local p = private[gen]
  return p and p.scrub or { keys[gen] }
end

--- The shared streaming loop.
-- @tparam table self generator (its `_config` and `_name`; key from common.key)
-- @tparam table req `url`, `headers`, `body` (a Lua table), `cancel`
-- @tparam table handler `event(ev) -> nil | err` for each SSE event;
--   `finish() -> message | nil, err` at the end of the stream;
--   `json(value) -> message | nil, err` when the server answered with plain
--   JSON; `error_info(value, text) -> info` reads an error body
-- @return assistant message or nil, err
function common.run(self, req, handler)
  local cfg = self._config
  local key = common.secrets(self) -- a list: scrub_error and the transport take one
  if cancel_mod.is_cancelled(req.cancel) then return nil, errors.cancelled("request cancelled") end
  local body, encode_err = common.encode(req.body)
  if not body then
    return nil, errors.invalid_request(self._name .. ": cannot encode the request: " .. tostring(encode_err))
  end
  local parser = assert(core.sse_parser())
  local mode            -- "sse" | "raw" (error bodies and plain JSON answers)
  local raw, raw_len = {}, 0
  local max_body = cfg.max_body or common.MAX_BODY
  local started = false -- SSE data has arrived: later breaks are stream errors
  local head            -- the first bytes of a body read as SSE (see below)
  local dispatched = 0  -- SSE events handed to the handler
  local function on_data(chunk, status)
    if mode == nil then
      if type(status) == "number" and status ~= 0 and (status < 200 or status > 299) then
        mode = "raw"
      else
        local first = chunk:match("^%s*(.)")
        if first == nil then return end
        mode = first == "{" and "raw" or "sse"
      end
    end
    if mode == "raw" then
      raw_len = raw_len + #chunk
      if raw_len > max_body then
        error(errors.new("invalid_response", self._name .. ": the response body is larger than " ..
          max_body .. " bytes", { status = type(status) == "number" and status ~= 0 and status or nil }), 0)
      end
      raw[#raw + 1] = chunk
      return
    end
    started = true
    head = head or chunk:sub(1, 60)
    local events, perr = parser:feed(chunk)
    if not events then
      error(errors.new("protocol", self._name .. ": malformed event stream: " .. tostring(perr)), 0)
    end
    for _, ev in ipairs(events) do
      dispatched = dispatched + 1
      local err = handler.event(ev)
      if err then error(err, 0) end
    end
  end
  local headers = {}
  for k, v in pairs(cfg.headers) do headers[k] = v end
  for k, v in pairs(private[self] and private[self].headers or {}) do headers[k] = v end
  for k, v in pairs(req.headers) do headers[k] = v end
  -- compact.http.request never raises, so it runs unprotected: a coroutine
  -- can then yield from it even on Lua 5.1 (no yield across pcall there).
  -- An injected transport is application code and runs under pcall.
  local transport = cfg.transport
  local call = transport and pcall or function(fn, ...) return true, fn(...) end
  transport = transport or require("compact.http").request
  local ok, res, err = call(transport, {
    url = req.url, method = "POST", headers = headers, body = body, on_data = on_data,
    timeout = cfg.timeout, connect_timeout = cfg.connect_timeout, cancel = req.cancel,
    yield = cfg.yield, proxy = cfg.proxy, ca_file = cfg.ca_file, secrets = key,
  })
  if not ok then
    err = errors.is_error(res) and res
      or errors.new("transport", self._name .. ": the transport raised an error", { cause = res, reason = "other",
        retryable = false })
    res = nil
  end
  if not res then
    if not errors.is_error(err) then
      err = errors.new("transport", self._name .. ": transport failed", { cause = err, reason = "other",
        retryable = true })
    end
    if err.code == "transport" and started and err.reason ~= "timeout" then
      err = errors.new("stream", self._name .. ": the stream broke mid-response",
        { cause = err, retryable = true })
    end
    return nil, common.scrub_error(err, key)
  end
  local status = tonumber(res.status) or 0
  local text = table.concat(raw)
  if type(res.body) == "string" and mode == nil then text = res.body end
  if #text > max_body then
    return nil, common.scrub_error(errors.new("invalid_response", self._name .. ": the response body is larger than "
      .. max_body .. " bytes", { status = status }), key)
  end
  if status < 200 or status > 299 then
    local decoded = common.decode(text)
    local info = handler.error_info(type(decoded) == "table" and decoded or nil, text)
    info.headers = res.headers
    info.request_id = res.headers and (res.headers["request-id"] or res.headers["x-request-id"])
    return nil, common.scrub_error(common.api_error(self._name, status, info), key)
  end
  local message
  if mode == "raw" or (mode == nil and text:match("^%s*{")) then
    local decoded, derr = common.decode(text)
    if type(decoded) ~= "table" then
      return nil, common.scrub_error(errors.new("invalid_response", self._name ..
        ": the response is not valid JSON: " .. tostring(derr)), key)
    end
    message, err = handler.json(decoded)
  else
    local events, perr = parser:finish()
    -- A 2xx body that is neither JSON nor SSE (a proxy's HTML page) yields
    -- no event at all: say so instead of "the stream ended" (retryable).
    local field = head and head:match("^%s*([^:\r\n]*)")
    if events and dispatched + #events == 0 and field and not head:match("^%s*:")
      and field ~= "data" and field ~= "event" and field ~= "id" and field ~= "retry" then
      events, err = {}, errors.new("invalid_response", self._name ..
        ": the response is neither an event stream nor JSON (it starts with '" .. (head:gsub("%c", " ")) .. "')")
    end
    if not events then
      err = errors.new("protocol", self._name .. ": malformed event stream: " .. tostring(perr))
    elseif not err then
      for _, ev in ipairs(events) do
        err = handler.event(ev)
        if err then
          -- an event completed only by the end of the stream was cut off
          -- (no blank line after it): a broken stream, not a bad server
          if err.code == "invalid_response" or err.code == "protocol" then
            err = errors.new("stream", self._name .. ": the stream ended inside an event",
              { cause = err, retryable = true })
          end
          break
        end
      end
    end
    if not err then message, err = handler.finish() end
  end
  if not message then return nil, common.scrub_error(err, key) end
  return message
end

--- Check the generate() request common to both providers.
function common.check_request(name, request)
  if type(request) ~= "table" then
    return nil, errors.invalid_request(name .. ": request must be a table")
  end
  if is_blank(request.model) then
    return nil, errors.invalid_request(name .. ": request.model must be a non-blank string")
  end
  if type(request.messages) ~= "table" then
    return nil, errors.invalid_request(name .. ": request.messages must be a list")
  end
  -- Read the list through its metatable now, as 5.2+ ipairs does later:
  -- ipairs is raw on 5.1/LuaJIT, so a hostile __index would otherwise pass
  -- there as an empty list (the caller then gets invalid_request everywhere).
  local _ = request.messages[1]
  if request.tools ~= nil and type(request.tools) ~= "table" then
    return nil, errors.invalid_request(name .. ": request.tools must be a list")
  end
  if request.tools ~= nil then _ = request.tools[1] end -- same as messages above
  for i, tool in ipairs(request.tools or {}) do
    if type(tool) ~= "table" or is_blank(tool.name) then
      return nil, errors.invalid_request(name .. ": tool " .. i .. " must be a table with a name")
    end
    if tool.description ~= nil and type(tool.description) ~= "string" then
      return nil, errors.invalid_request(name .. ": tool " .. i .. " description must be a string")
    end
    local schema = tool.parameters
    if schema == nil then schema = tool.input_schema end
    if schema ~= nil and type(schema) ~= "table" then
      return nil, errors.invalid_request(name .. ": tool " .. i .. " parameters must be a table")
    end
  end
  local max = request.max_output_tokens
  if max ~= nil and (type(max) ~= "number" or max < 1 or max % 1 ~= 0) then
    return nil, errors.invalid_request(name .. ": request.max_output_tokens must be a positive integer")
  end
  if request.system_prompt ~= nil and type(request.system_prompt) ~= "string" then
    return nil, errors.invalid_request(name .. ": request.system_prompt must be a string")
  end
  for i, msg in ipairs(request.messages) do
    if type(msg) ~= "table" then
      return nil, errors.invalid_request(name .. ": message " .. i .. " must be a table")
    end
    local role = msg.role
    if role ~= "user" and role ~= "assistant" and role ~= "tool_result" then
      return nil, errors.invalid_request(name .. ": message " .. i .. " has unknown role " .. tostring(role))
    end
    local content = msg.content
    if content ~= nil and type(content) ~= "string" and type(content) ~= "table" then
      return nil, errors.invalid_request(name .. ": message " .. i .. " content must be a string or list")
    end
    if type(content) == "table" then
      for j, block in ipairs(content) do
        if type(block) ~= "table" or type(block.type) ~= "string" then
          return nil, errors.invalid_request(name .. ": message " .. i .. " block " .. j .. " has no type")
        end
        if block.type == "tool_call" and (is_blank(block.id) or is_blank(block.name)) then
          return nil, errors.invalid_request(name .. ": message " .. i .. " tool_call needs id and name")
        end
      end
    end
  end
  return true
end

--- Check a generate() request and build its body with `body_fn(request,
-- options)`, under pcall: a hostile request (a table whose metamethods
-- raise) gives `nil, invalid_request` instead of raising.
-- @return body or nil, err
function common.prepare(name, request, body_fn, options)
  local ok, body, err = pcall(function()
    local valid, check_err = common.check_request(name, request)
    if not valid then return nil, check_err end
    return body_fn(request, options)
  end)
  if not ok then
    return nil, errors.invalid_request(name .. ": cannot read the request: " .. tostring(body))
  end
  if not body then return nil, err end
  return body
end

--- The tool choice as one of "auto", "none", "required" or a tool name
-- (`{ name = }`, `{ type = "tool", name = }` or any other string).
function common.tool_choice(choice)
  if choice == nil then return nil end
  if type(choice) == "table" then
    local name = choice.name or (type(choice["function"]) == "table" and choice["function"].name)
    if type(name) == "string" then return { name = name } end
    if choice.type == "auto" or choice.type == "none" then return choice.type end
    if choice.type == "any" or choice.type == "required" then return "required" end
    return nil
  end
  if choice == "auto" or choice == "none" then return choice end
  if choice == "required" or choice == "any" then return "required" end
  if type(choice) == "string" then return { name = choice } end
  return nil
end

--- Text of a content (string, or the text blocks of a list joined by "\n").
function common.text_of(content)
  if type(content) == "string" then return content end
  local parts = {}
  for _, block in ipairs(content or {}) do
    if block.type == "text" and type(block.text) == "string" then parts[#parts + 1] = block.text end
  end
  return table.concat(parts, "\n")
end

--- Image blocks of a content list.
function common.images_of(content)
  local out = {}
  if type(content) ~= "table" then return out end
  for _, block in ipairs(content) do
    if block.type == "image" and type(block.data) == "string" then out[#out + 1] = block end
  end
  return out
end

--- Should an assistant message be left out of a request? Failed and
-- aborted attempts are not part of the conversation the model should see.
function common.skip_assistant(msg)
  return msg.stop_reason == "error" or msg.stop_reason == "aborted"
end

--- A new usage table.
function common.usage(input, output, cache_read, cache_write)
  return { input = input or 0, output = output or 0, cache_read = cache_read or 0, cache_write = cache_write or 0 }
end

--- Decode tool-call arguments (a JSON object text; "" means {}).
function common.arguments(name, text)
  if text == nil or not text:find("%S") then return {} end
  local value, err = common.decode(text)
  if type(value) ~= "table" or value == core.json_null then
    return nil, errors.new("invalid_response", name .. ": tool call arguments are not a JSON object" ..
      (err and (": " .. tostring(err)) or ""))
  end
  return value
end

--- Make a provider module callable: `provider { ... }` is `provider.new { ... }`.
--- The metatable of a provider's generators (`compact.providers.NAME`),
-- printing the base URL without credentials.
function common.generator_class(name)
  local class = { __name = "compact.providers." .. name }
  class.__index = class
  class.__tostring = function(gen)
    return class.__name .. "(" .. common.display_url(gen._config.base_url) .. ")"
  end
  return class
end

--- Make a generator of `class` from a checked config: the key moves from
-- the config to the private key table (never a visible field).
function common.new_generator(class, name, cfg, options)
  local key = cfg.api_key
  cfg.api_key = nil
  local gen = setmetatable({ _config = cfg, _name = name, _options = options }, class)
  common.set_key(gen, key, cfg)
  return gen
end

function common.callable(module)
  return setmetatable(module, { __call = function(_, config) return module.new(config) end })
end

return common
