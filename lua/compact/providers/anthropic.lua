--- Anthropic Messages API generator.
--
--     local anthropic = require "compact.providers.anthropic"
--     local gen = assert(anthropic { api_key = nil, timeout = 600 })  -- key from $ANTHROPIC_API_KEY
--     local message, err = gen:generate({ model = "claude-sonnet-4-5", messages = msgs }, cancel)
--
-- Streams `POST base_url .. "/v1/messages"` and maps the events back to an
-- assistant message of our message shape. See docs/providers.md.
-- @module compact.providers.anthropic

local common = require("compact.providers.common")
local classify = require("compact.providers.errors")
local settings = require("compact.providers.settings")
local stream = require("compact.providers.stream")
local errors = require("compact.errors")
local message_model = require("compact.message")
local request_options = require("compact.providers.options")

local anthropic = {}

local DEFAULTS = {
  base_url = "https://api.anthropic.com", timeout = 600, connect_timeout = 30, key_env = "ANTHROPIC_API_KEY",
}

local Generator = settings.generator_class("anthropic")

-- ------------------------------------------------------------------------
-- Request mapping
-- ------------------------------------------------------------------------

-- Tool ids must match ^[a-zA-Z0-9_-]+$ (64 bytes at most); ids from other
-- providers are made to fit, the same way for calls and their results.
local function tool_id(id)
  id = tostring(id or ""):gsub("[^%w_%-]", "_")
  if #id > 64 then id = id:sub(1, 64) end
  if id == "" then id = "tool" end
  return id
end
anthropic.tool_id = tool_id

local function image_block(block)
  return { type = "image", source = { type = "base64", media_type = tostring(block.mime_type or "image/png"),
    data = block.data } }
end

local function blocks_of(content)
  if type(content) == "string" then
    if content == "" then return {} end
    return { { type = "text", text = content } }
  end
  local out = {}
  for _, block in ipairs(content or {}) do
    if block.type == "text" and type(block.text) == "string" and block.text ~= "" then
      out[#out + 1] = { type = "text", text = block.text }
    elseif block.type == "image" and type(block.data) == "string" then
      out[#out + 1] = image_block(block)
    end
  end
  return out
end

local function assistant_blocks(content)
  if type(content) == "string" then return blocks_of(content) end
  local out = {}
  for _, block in ipairs(content or {}) do
    if block.type == "thinking" then
      -- Only signed thinking can be sent back; unsigned thinking (from
      -- another provider) is dropped rather than passed off as text.
      if block.redacted and type(block.signature) == "string" then
        out[#out + 1] = { type = "redacted_thinking", data = block.signature }
      elseif type(block.signature) == "string" and block.signature ~= "" and type(block.thinking) == "string" then
        out[#out + 1] = { type = "thinking", thinking = block.thinking, signature = block.signature }
      end
    elseif block.type == "text" and type(block.text) == "string" and block.text ~= "" then
      out[#out + 1] = { type = "text", text = block.text }
    elseif block.type == "tool_call" then
      local input = block.arguments
      if type(input) ~= "table" then input = {} end
      out[#out + 1] = { type = "tool_use", id = tool_id(block.id), name = block.name, input = input }
    end
  end
  return out
end

--- Map our messages to Messages API messages (tool results of one turn
-- are merged into one user message, as the API requires).
function anthropic.map_messages(messages)
  local out = {}
  for _, msg in ipairs(messages) do
    if msg.role == "user" then
      local blocks = blocks_of(msg.content)
      if #blocks > 0 then out[#out + 1] = { role = "user", content = blocks } end
    elseif msg.role == "assistant" and not common.skip_assistant(msg) then
      local blocks = assistant_blocks(msg.content)
      if #blocks > 0 then out[#out + 1] = { role = "assistant", content = blocks } end
    elseif msg.role == "tool_result" then
      local content = blocks_of(msg.content)
      local result = { type = "tool_result", tool_use_id = tool_id(msg.tool_call_id), is_error = msg.is_error == true }
      if #content > 0 then result.content = content end
      local last = out[#out]
      if last and last.role == "user" and last.tool_results then
        last.content[#last.content + 1] = result
      else
        out[#out + 1] = { role = "user", content = { result }, tool_results = true }
      end
    end
  end
  for _, entry in ipairs(out) do entry.tool_results = nil end
  return out
end

--- Map tool definitions ({ name, description, parameters }).
function anthropic.map_tools(tools)
  local out = {}
  for _, tool in ipairs(tools or {}) do
    out[#out + 1] = { name = tool.name, description = tool.description,
      input_schema = message_model.tool_schema(tool) or { type = "object", properties = {} } }
  end
  return out
end

local EPHEMERAL = { type = "ephemeral" }

-- `cache = true`: cache_control on the system prompt, the last tool and the
-- last block of the newest message (the three breakpoints that cover the
-- prefix the next request repeats).
local function mark_cache(body)
  if type(body.system) == "string" then
    body.system = { { type = "text", text = body.system, cache_control = EPHEMERAL } }
  end
  if body.tools and #body.tools > 0 then body.tools[#body.tools].cache_control = EPHEMERAL end
  local last = body.messages[#body.messages]
  local block = last and last.content[#last.content]
  if block then block.cache_control = EPHEMERAL end
end

-- Request options in Messages API fields (what the API rejects is an
-- ErrInvalidRequest: compact.providers.options.check_messages_api).
local function apply_options(body, opts)
  local ok, err = request_options.check_messages_api("request", "request.options", opts)
  if not ok then return nil, errors.invalid_request("anthropic: " .. err.message) end
  body.temperature, body.top_p = opts.temperature, opts.top_p
  if opts.stop then body.stop_sequences = type(opts.stop) == "string" and { opts.stop } or opts.stop end
  if opts.thinking then body.thinking = { type = opts.thinking.type, budget_tokens = opts.thinking.budget_tokens } end
  if opts.cache then mark_cache(body) end
  return body
end

--- The request body for a generate() request.
function anthropic.body(request, options, opts)
  options = options or {}
  local body = {
    model = request.model, stream = true, messages = anthropic.map_messages(request.messages),
    max_tokens = request.max_output_tokens or options.max_tokens or 4096,
  }
  if not common.is_blank(request.system_prompt) then body.system = request.system_prompt end
  local tools = anthropic.map_tools(request.tools)
  if #tools > 0 then
    body.tools = tools
    local choice = common.tool_choice(request.tool_choice)
    if type(choice) == "table" then
      body.tool_choice = { type = "tool", name = choice.name }
    elseif choice == "required" then
      body.tool_choice = { type = "any" }
    elseif choice then
      body.tool_choice = { type = choice }
    end
  end
  return apply_options(body, opts or {})
end

-- ------------------------------------------------------------------------
-- Response mapping
-- ------------------------------------------------------------------------

local STOP = { end_turn = "stop", stop_sequence = "stop", pause_turn = "stop", max_tokens = "length",
  model_context_window_exceeded = "length", tool_use = "tool_use" }

local function merge_usage(usage, u)
  if type(u) ~= "table" then return end
  if tonumber(u.input_tokens) then usage.input = tonumber(u.input_tokens) end
  if tonumber(u.output_tokens) then usage.output = tonumber(u.output_tokens) end
  if tonumber(u.cache_read_input_tokens) then usage.cache_read = tonumber(u.cache_read_input_tokens) end
  if tonumber(u.cache_creation_input_tokens) then usage.cache_write = tonumber(u.cache_creation_input_tokens) end
end

-- A protocol handler for one response (see compact.providers.stream).
local Handler = {}
Handler.__index = Handler

local function protocol(message)
  return errors.new("protocol", "anthropic: " .. message)
end

local function new_block(cb)
  -- deltas are collected in lists and joined once in build(): appending
  -- to a string was quadratic in the size of the block
  if cb.type == "text" then
    return { type = "text", text = { type(cb.text) == "string" and cb.text or "" } }
  elseif cb.type == "thinking" then
    return { type = "thinking", thinking = { type(cb.thinking) == "string" and cb.thinking or "" },
      signature = { type(cb.signature) == "string" and cb.signature or "" } }
  elseif cb.type == "redacted_thinking" then
    return { type = "thinking", thinking = {}, signature = { tostring(cb.data or "") }, redacted = true }
  elseif cb.type == "tool_use" then
    local block = { type = "tool_call", id = cb.id, name = cb.name, json = {} }
    if type(cb.input) == "table" and next(cb.input) ~= nil then block.initial = cb.input end
    return block
  end
  return { type = "ignored" } -- server tools, citations: not part of our message shape
end

function Handler:start_block(index, cb)
  if self.blocks[index] then return protocol("content block " .. index .. " started twice") end
  local block = new_block(cb)
  self.blocks[index] = block
  self.order[#self.order + 1] = index
  if block.type ~= "ignored" then
    -- its position in the final message (blocks left out do not count):
    -- the `index` its on_delta pieces carry
    self.kept = self.kept + 1
    block.position = self.kept
  end
  local size = stream.ENTRY_BYTES
  for _, key in ipairs({ "text", "thinking", "signature" }) do
    local list = block[key]
    if list and list[1] then size = size + #list[1] end
  end
  return self.budget:add(size)
end

-- delta type -> the block type it belongs to and the list it extends
local DELTAS = {
  text_delta = { "text", "text", "text" }, thinking_delta = { "thinking", "thinking", "thinking" },
  signature_delta = { "thinking", "signature", "signature" },
  input_json_delta = { "tool_call", "json", "partial_json" },
}

function Handler:delta(index, d)
  local block = self.blocks[index]
  if not block then return protocol("delta for content block " .. tostring(index) .. " before its start") end
  if block.stopped then return protocol("delta after content block " .. tostring(index) .. " stopped") end
  local kind = DELTAS[d.type]
  if kind and kind[1] == block.type then
    local text = tostring(d[kind[3]] or "")
    local list = block[kind[2]]
    list[#list + 1] = text
    local err = self.budget:add(text)
    if err then return err end
    if self.emit and text ~= "" and kind[2] ~= "signature" then
      return self.emit(block.type, text, block.position,
        block.type == "tool_call" and { id = block.id, name = block.name } or nil)
    end
    return nil
  end
  if block.type ~= "ignored" and d.type ~= "citations_delta" then
    return protocol("unexpected " .. tostring(d.type) .. " for a " .. block.type .. " block")
  end
  return nil
end

-- The error of an error body (a JSON answer) or, `in_stream`, of an
-- `error` event (compact.providers.errors.in_band_error: the one rule of
-- both providers).
local function stream_error(data, in_stream)
  return classify.in_band_error("anthropic", classify.error_info(data), in_stream)
end

-- Events after message_start, by type.
local EVENTS = {
  content_block_start = function(self, data, index)
    if not index or type(data.content_block) ~= "table" then return protocol("malformed content_block_start") end
    return self:start_block(index, data.content_block)
  end,
  content_block_delta = function(self, data, index)
    if not index or type(data.delta) ~= "table" then return protocol("malformed content_block_delta") end
    return self:delta(index, data.delta)
  end,
  content_block_stop = function(self, _, index)
    local block = index and self.blocks[index]
    if not block then return protocol("content_block_stop for an unknown block") end
    block.stopped = true
    return nil
  end,
  message_delta = function(self, data)
    local d = type(data.delta) == "table" and data.delta or {}
    if type(d.stop_reason) == "string" then self.stop_reason = d.stop_reason end
    if type(d.stop_sequence) == "string" then self.stop_sequence = d.stop_sequence end
    merge_usage(self.usage, data.usage)
    return nil
  end,
  message_stop = function(self)
    self.stopped = true
    return stream.COMPLETE
  end,
}

function Handler:apply(kind, data)
  if kind == "ping" then return nil end
  if kind == "error" then return stream_error(data, true) end
  if kind == "message_start" then
    local m = type(data.message) == "table" and data.message or {}
    self.started = true
    self.id, self.model = m.id, m.model
    merge_usage(self.usage, m.usage)
    return nil
  end
  if not self.started then return protocol(tostring(kind) .. " before message_start") end
  local apply = EVENTS[kind]
  if apply then return apply(self, data, tonumber(data.index)) end
  return nil -- new event types are ignored, as the API asks
end

function Handler:event(ev)
  if self.stopped then return nil end
  local data, err = common.decode(ev.data)
  if type(data) ~= "table" then
    return errors.new("invalid_response", "anthropic: stream event is not valid JSON: " .. tostring(err))
  end
  return self:apply(data.type or ev.event, data)
end

local function content_of(block)
  if block.type == "text" then
    return { type = "text", text = table.concat(block.text) }
  elseif block.type == "thinking" then
    return { type = "thinking", thinking = table.concat(block.thinking),
      signature = table.concat(block.signature), redacted = block.redacted }
  elseif block.type == "tool_call" then
    local json = table.concat(block.json)
    local args = block.initial
    if json ~= "" or not args then
      local err
      args, err = common.arguments("anthropic", json)
      if not args then return nil, err end
    end
    return { type = "tool_call", id = block.id, name = block.name, arguments = args }
  end
  return false
end

function Handler:build()
  if self.stop_reason == "refusal" then
    return nil, errors.new("filtered", "anthropic: the model refused to answer (stop_reason refusal)",
      { provider = "anthropic", stop_reason = "refusal" })
  end
  local content = {}
  for _, index in ipairs(self.order) do
    local item, err = content_of(self.blocks[index])
    if item == nil then return nil, err end
    if item then content[#content + 1] = item end
  end
  if #self.order == 0 and self.stop_reason == "model_context_window_exceeded" then
    return nil, errors.new("context_window_exceeded", "anthropic: the model stopped with stop_reason "
      .. "model_context_window_exceeded before any output", { provider = "anthropic", retryable = false,
      stop_reason = self.stop_reason })
  end
  -- no block at all (server-tool blocks we leave out still count as output)
  if #self.order == 0 and self.stop_reason ~= "max_tokens" then
    return nil, errors.new("stream", "anthropic: the response ended without any content" ..
      (self.stop_reason and (" (stop_reason " .. tostring(self.stop_reason) .. ")") or ""),
      { provider = "anthropic", stop_reason = self.stop_reason, retryable = true })
  end
  if type(self.stop_reason) ~= "string" then
    -- content, then message_stop with no stop_reason: the reply may be cut short
    return nil, errors.new("stream", "anthropic: the response ended without a stop_reason",
      { provider = "anthropic", retryable = true })
  end
  return {
    role = "assistant", content = content, stop_reason = STOP[self.stop_reason] or "stop", usage = self.usage,
    provider_metadata = { provider = "anthropic", id = self.id, model = self.model,
      stop_reason = self.stop_reason, stop_sequence = self.stop_sequence },
  }
end

function Handler:finish()
  if not self.stopped then
    return nil, errors.new("stream", "anthropic: the stream ended before message_stop", { retryable = true })
  end
  return self:build()
end

-- A non-streaming Message (a proxy that ignored "stream").
function Handler:json(value)
  if value.type == "error" or classify.is_error_body(value) then return nil, stream_error(value) end
  if value.type ~= "message" or type(value.content) ~= "table" then
    return nil, errors.new("invalid_response", "anthropic: the response is not a message")
  end
  self.started, self.stopped = true, true
  self.id, self.model, self.stop_reason = value.id, value.model, value.stop_reason
  merge_usage(self.usage, value.usage)
  for i, cb in ipairs(value.content) do
    if type(cb) == "table" then
      local err = self:start_block(i, cb)
      if err then return nil, err end
      local block = self.blocks[i]
      if block.type == "tool_call" then block.initial = type(cb.input) == "table" and cb.input or {} end
    end
  end
  return self:build()
end

-- The handler as stream.run calls it (plain functions, not methods).
local function make_handler(budget, emit)
  local self = setmetatable({ blocks = {}, order = {}, kept = 0, usage = common.usage(), budget = budget,
    emit = emit }, Handler)
  return {
    event = function(ev) return self:event(ev) end,
    finish = function() return self:finish() end,
    json = function(value) return self:json(value) end,
    error_info = common.error_info,
  }
end

-- ------------------------------------------------------------------------
-- The generator
-- ------------------------------------------------------------------------

--- Generate one assistant message.
-- @function generator:generate
-- @tparam table request `{ model, system_prompt, messages, tools, tool_choice, max_output_tokens }`
-- @param[opt] cancel token
-- @return assistant message, or nil, err
function Generator:generate(request, cancel)
  local body, err = common.prepare("anthropic", request, anthropic.body, self._options)
  if not body then return nil, err end
  local headers = { ["content-type"] = "application/json", accept = "text/event-stream",
    ["anthropic-version"] = self._options.version, ["x-api-key"] = settings.key(self) }
  return stream.run(self, { url = settings.endpoint(self._config, "/v1/messages"), headers = headers,
    body = body, cancel = cancel }, make_handler(stream.budget("anthropic", self._config.max_response_bytes),
    common.emitter("anthropic", request.on_delta)))
end

--- Create a generator.
-- @tparam table config `base_url` (default https://api.anthropic.com),
--   `api_key` (default `$ANTHROPIC_API_KEY`; required), `timeout` (seconds,
--   default 600), `connect_timeout` (default 30), `headers` (extra headers,
--   e.g. `["anthropic-beta"]`), `version` (anthropic-version, default
--   "2023-06-01"), `max_tokens` (default when the request has no
--   max_output_tokens: 4096), `transport`, `yield`, `proxy`, `ca_file`,
--   `max_body` (bytes of a plain, non-streamed response body; default 1 MiB),
--   `max_response_bytes` (text, thinking and tool-argument bytes of a
--   streamed response; default 32 MiB). Unknown keys are errors.
-- @return generator or nil, err
function anthropic.new(config)
  local cfg, err = settings.check(config, DEFAULTS, {
    version = { "string", line = true, default = "2023-06-01" },
    max_tokens = { "integer", min = 1, default = 4096 },
  })
  if not cfg then return nil, err end
  if not cfg.api_key then
    return nil, errors.invalid_config("config.api_key: required (not given, and ANTHROPIC_API_KEY is not set)")
  end
  -- as a default it would fail every request: say so now
  local ok
  ok, err = request_options.check_messages_api("config", "config.options", cfg.options)
  if not ok then return nil, err end
  return settings.new_generator(Generator, "anthropic", cfg, { version = cfg.version, max_tokens = cfg.max_tokens })
end

--- What the provider stops sending again: Anthropic keeps every turn's
-- thinking in the conversation (see `compact.usage_anchor`).
Generator.drop_reasoning = "never"

return settings.callable(anthropic)
