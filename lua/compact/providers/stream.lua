--- The streaming request loop shared by the providers (internal).
--
-- `stream.run(gen, req, handler)` sends one request through the generator's
-- transport and feeds the answer to a protocol handler:
--
-- * `handler.event(ev) -> nil | err | stream.COMPLETE` for each SSE event
--   (COMPLETE: the response is whole, stop reading; the server may keep the
--   connection open after its last event);
-- * `handler.finish() -> message | nil, err` at the end;
-- * `handler.json(value) -> message | nil, err` for a plain JSON answer;
-- * `handler.error_info(value, text) -> info` reads an error body.
--
-- A handler is made with a `budget` (`stream.budget(max)`): every text,
-- thinking and tool-argument delta is charged to it, and a response past
-- `max_response_bytes` fails with `invalid_response`. Every error leaves
-- through `report`: secrets scrubbed from every string field, then cut.
-- @module compact.providers.stream

local core = require("compact.core")
local errors = require("compact.errors")
local cancel_mod = require("compact.cancel")
local classify = require("compact.providers.errors")
local settings = require("compact.providers.settings")

local stream = {}

--- Bytes charged for each new content block or tool call, beyond its text
-- (so endless empty blocks are bounded too).
stream.ENTRY_BYTES = 64

--- What `handler.event` returns when the response is complete.
stream.COMPLETE = setmetatable({}, { __name = "compact.providers.stream.COMPLETE" })

-- Longest string kept in a reported error (after scrubbing).
local MAX_ERROR_TEXT = 2000

-- Keys whose empty tables are JSON arrays in request bodies.
local ARRAY_KEYS = { messages = true, tools = true, content = true, tool_calls = true, required = true,
  enum = true, stop = true, stop_sequences = true }

--- JSON-encode a request body (empty `required`, `enum`, ... stay arrays).
function stream.encode(value)
  return core.json_encode(value, { array_keys = ARRAY_KEYS })
end

--- A byte budget for the deltas of one response.
-- `budget:add(text)` (or a byte count) returns nil, or the
-- `invalid_response` error once the total passes `max`.
function stream.budget(name, max)
  local used = 0
  return {
    add = function(_, text)
      used = used + (type(text) == "number" and text or #text)
      if used > max then
        return errors.new("invalid_response", name .. ": the response is larger than max_response_bytes ("
          .. max .. " bytes of text, thinking and tool arguments)", { retryable = false })
      end
      return nil
    end,
  }
end

-- An integer HTTP status from what a transport reported, or nil.
local function status_of(value)
  value = tonumber(value)
  if not value or value ~= value or value == 0 then return nil end
  return math.floor(value)
end

local Call = {}
Call.__index = Call

-- Classify the first bytes: raw (an error status or a JSON answer) or SSE.
function Call:pick_mode(chunk, status)
  if status and (status < 200 or status > 299) then
    self.mode = "raw"
    return true
  end
  local first = chunk:match("^%s*(.)")
  if first == nil then return false end
  self.mode = first == "{" and "raw" or "sse"
  return true
end

function Call:too_large(status)
  local limit = " is larger than max_body (" .. self.cfg.max_body .. " bytes)"
  if status and (status < 200 or status > 299) then
    -- an error status keeps its meaning (and a 5xx its retry) whatever its body
    return classify.api_error(self.name, status, { message = "the error body" .. limit })
  end
  return errors.new("invalid_response", self.name .. ": the response body" .. limit, { status = status })
end

function Call:on_raw(chunk, status)
  self.raw_len = self.raw_len + #chunk
  if self.raw_len > self.cfg.max_body then
    self.raw = {}
    error(self:too_large(status), 0)
  end
  self.raw[#self.raw + 1] = chunk
end

function Call:dispatch(events)
  for _, ev in ipairs(events) do
    self.dispatched = self.dispatched + 1
    local result = self.handler.event(ev)
    if result == stream.COMPLETE then
      self.complete = true
      error(self.stop_signal, 0)
    end
    if result then error(result, 0) end
  end
end

-- on_data: raw bodies are collected; SSE is parsed and dispatched as it comes.
function Call:on_data(chunk, status)
  status = status_of(status)
  if self.complete then error(self.stop_signal, 0) end
  if self.mode == nil and not self:pick_mode(chunk, status) then return end
  if self.mode == "raw" then return self:on_raw(chunk, status) end
  self.started = true
  self.head = self.head or chunk:sub(1, 60)
  local events, perr = self.parser:feed(chunk)
  if not events then
    error(errors.new("protocol", self.name .. ": malformed event stream: " .. tostring(perr)), 0)
  end
  self:dispatch(events)
end

function Call:headers(req)
  local headers = {}
  for k, v in pairs(self.cfg.headers) do headers[k] = v end
  for k, v in pairs(settings.secret_headers(self.gen)) do headers[k] = v end
  for k, v in pairs(req.headers) do headers[k] = v end
  return headers
end

-- Run the transport. compact.http.request never raises, so it runs
-- unprotected: a coroutine can then yield from it even on Lua 5.1 (no yield
-- across pcall there). An injected transport is application code: pcall.
function Call:transfer(req, body)
  local cfg = self.cfg
  local transport = cfg.transport
  local call = transport and pcall or function(fn, ...) return true, fn(...) end
  transport = transport or require("compact.http").request
  local ok, res, err = call(transport, {
    url = req.url, method = "POST", headers = self:headers(req), body = body,
    on_data = function(chunk, status) return self:on_data(chunk, status) end,
    timeout = cfg.timeout, connect_timeout = cfg.connect_timeout, cancel = req.cancel,
    yield = cfg.yield, proxy = settings.proxy(self.gen), ca_file = cfg.ca_file, secrets = self.secrets,
  })
  if not ok then
    if res == self.stop_signal then return true end
    return nil, errors.is_error(res) and res or errors.new("transport", self.name .. ": the transport raised an error",
      { cause = res, reason = "other", retryable = false })
  end
  if res then return res end
  if err == self.stop_signal then return true end
  return nil, self:transport_error(err)
end

function Call:transport_error(err)
  if not errors.is_error(err) then
    err = errors.new("transport", self.name .. ": transport failed", { cause = err, reason = "other",
      retryable = true })
  end
  if err.code == "transport" and self.started and err.reason ~= "timeout" then
    err = errors.new("stream", self.name .. ": the stream broke mid-response", { cause = err, retryable = true })
  end
  return err
end

-- A non-2xx answer: read its error body.
function Call:error_response(res, status, text)
  -- scrub the body before anything reads or cuts it
  text = errors.scrub(text, self.secrets)
  local decoded = core.json_decode(text)
  local info = self.handler.error_info(type(decoded) == "table" and decoded or nil, text)
  info.headers = res.headers
  info.request_id = type(res.headers) == "table" and (res.headers["request-id"] or res.headers["x-request-id"]) or nil
  return nil, classify.api_error(self.name, status, info)
end

function Call:json_response(text)
  local decoded, derr = core.json_decode(text)
  if type(decoded) ~= "table" then
    return nil, errors.new("invalid_response", self.name .. ": the response is not valid JSON: " .. tostring(derr))
  end
  return self.handler.json(decoded)
end

-- True when a 2xx body read as SSE gave no event and does not start like
-- SSE (a proxy's HTML page): say so instead of "the stream ended".
function Call:not_sse(events)
  local head = self.head
  local field = head and head:match("^%s*([^:\r\n]*)")
  return self.dispatched + #events == 0 and field ~= nil and not head:match("^%s*:")
    and field ~= "data" and field ~= "event" and field ~= "id" and field ~= "retry"
end

-- The end of an SSE body: the events completed only by the end of the
-- stream, then the handler's message.
function Call:sse_response()
  if self.complete then return self.handler.finish() end
  local events, perr = self.parser:finish()
  if not events then
    return nil, errors.new("protocol", self.name .. ": malformed event stream: " .. tostring(perr))
  end
  if self:not_sse(events) then
    return nil, errors.new("invalid_response", self.name .. ": the response is neither an event stream nor JSON "
      .. "(it starts with '" .. (self.head:gsub("%c", " ")) .. "')")
  end
  for _, ev in ipairs(events) do
    local err = self.handler.event(ev)
    if err == stream.COMPLETE then break end
    if err then
      -- an event completed only by the end of the stream was cut off (no
      -- blank line after it): a broken stream, not a bad server
      if err.code == "invalid_response" or err.code == "protocol" then
        err = errors.new("stream", self.name .. ": the stream ended inside an event", { cause = err, retryable = true })
      end
      return nil, err
    end
  end
  return self.handler.finish()
end

function Call:response(res)
  if res == true then return self.handler.finish() end
  local status = status_of(res.status) or 0
  local text = table.concat(self.raw)
  self.raw = nil
  if type(res.body) == "string" and self.mode == nil then text = res.body end
  if #text > self.cfg.max_body then return nil, self:too_large(status) end
  if status < 200 or status > 299 then return self:error_response(res, status, text) end
  if self.mode == "raw" or (self.mode == nil and text:match("^%s*{")) then return self:json_response(text) end
  return self:sse_response()
end

--- Send request `req` (`url`, `headers`, `body` table, `cancel`) for
-- generator `gen` and map the answer with `handler`.
-- @return assistant message, or nil and an error with every secret scrubbed
function stream.run(gen, req, handler)
  local name, secrets = gen._name, settings.secrets(gen)
  if cancel_mod.is_cancelled(req.cancel) then return nil, errors.cancelled("request cancelled") end
  local body, encode_err = stream.encode(req.body)
  if not body then
    return nil, errors.scrub(errors.invalid_request(name .. ": cannot encode the request: " .. tostring(encode_err)),
      secrets, MAX_ERROR_TEXT)
  end
  local cfg = gen._config
  local call = setmetatable({ gen = gen, cfg = cfg, name = name, secrets = secrets, handler = handler,
    parser = assert(core.sse_parser(cfg.max_response_bytes * 2 + 65536)), raw = {}, raw_len = 0,
    dispatched = 0, stop_signal = errors.new("stream", name .. ": the response is complete") }, Call)
  local res, err = call:transfer(req, body)
  local message
  if res then message, err = call:response(res) end
  -- the transport may keep on_data (and so this call) until it is collected:
  -- drop what the response held now
  call.handler, call.parser, call.raw = nil, nil, nil
  if not message then return nil, errors.scrub(err, secrets, MAX_ERROR_TEXT) end
  -- a key echoed into an id, a model name or a tool call id (or the text)
  -- must not reach the conversation: the success path is scrubbed too
  return errors.redact(message, secrets)
end

return stream
