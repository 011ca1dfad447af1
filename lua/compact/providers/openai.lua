--- OpenAI Chat Completions generator (also OpenAI-compatible servers such
-- as Ollama, llama.cpp, vLLM).
--
--     local openai = require "compact.providers.openai"
--     local gen = assert(openai { base_url = "https://api.openai.com/v1", api_key = nil, timeout = 600 })
--     local message, err = gen:generate({ model = "gpt-4o-mini", messages = msgs }, cancel)
--
-- Streams `POST base_url .. "/chat/completions"` with
-- `stream_options.include_usage`, and maps the result to an assistant
-- message of our message shape. See docs/providers.md.
-- @module compact.providers.openai

local common = require("compact.providers.common")
local classify = require("compact.providers.errors")
local settings = require("compact.providers.settings")
local stream = require("compact.providers.stream")
local errors = require("compact.errors")
local message_model = require("compact.message")

local openai = {}

local DEFAULTS = {
  base_url = "https://api.openai.com/v1", timeout = 600, connect_timeout = 30, key_env = "OPENAI_API_KEY",
}

local Generator = settings.generator_class("openai")

-- ------------------------------------------------------------------------
-- Request mapping
-- ------------------------------------------------------------------------

local function user_content(content)
  if type(content) == "string" then return content end
  local images = common.images_of(content)
  if #images == 0 then return common.text_of(content) end
  local parts = {}
  for _, block in ipairs(content) do
    if block.type == "text" and type(block.text) == "string" and block.text ~= "" then
      parts[#parts + 1] = { type = "text", text = block.text }
    elseif block.type == "image" and type(block.data) == "string" then
      parts[#parts + 1] = { type = "image_url",
        image_url = { url = "data:" .. tostring(block.mime_type or "image/png") .. ";base64," .. block.data } }
    end
  end
  return parts
end

--- Map our messages to Chat Completions messages.
-- @return list or nil, err
function openai.map_messages(system_prompt, messages, system_role)
  local out = {}
  if not common.is_blank(system_prompt) then
    out[#out + 1] = { role = system_role or "system", content = system_prompt }
  end
  local pending_images = {} -- images from tool results, sent after the tool messages
  local function flush_images()
    if #pending_images == 0 then return end
    local parts = { { type = "text", text = "Attached image(s) from tool result:" } }
    for _, block in ipairs(pending_images) do
      parts[#parts + 1] = { type = "image_url",
        image_url = { url = "data:" .. tostring(block.mime_type or "image/png") .. ";base64," .. block.data } }
    end
    out[#out + 1] = { role = "user", content = parts }
    pending_images = {}
  end
  for _, msg in ipairs(messages) do
    if msg.role ~= "tool_result" then flush_images() end
    if msg.role == "user" then
      local content = user_content(msg.content or "")
      if type(content) ~= "string" or content ~= "" then
        out[#out + 1] = { role = "user", content = content }
      end
    elseif msg.role == "assistant" and not common.skip_assistant(msg) then
      local entry = { role = "assistant" }
      local text = common.text_of(msg.content)
      local calls = {}
      for _, block in ipairs(type(msg.content) == "table" and msg.content or {}) do
        if block.type == "tool_call" then
          local args, err = common.encode(block.arguments or {})
          if not args then
            return nil, errors.invalid_request("openai: tool call " .. tostring(block.id) ..
              " arguments cannot be encoded: " .. tostring(err))
          end
          calls[#calls + 1] = { id = block.id, type = "function",
            ["function"] = { name = block.name, arguments = args } }
        end
      end
      if text ~= "" then entry.content = text else entry.content = common.json_null end
      if #calls > 0 then entry.tool_calls = calls end
      if text ~= "" or #calls > 0 then out[#out + 1] = entry end
    elseif msg.role == "tool_result" then
      local text = common.text_of(msg.content)
      for _, image in ipairs(common.images_of(msg.content)) do pending_images[#pending_images + 1] = image end
      if text == "" then text = (#common.images_of(msg.content) > 0) and "(see attached image)" or "(no output)" end
      out[#out + 1] = { role = "tool", tool_call_id = msg.tool_call_id, content = text }
    end
  end
  flush_images()
  return out
end

--- Map tool definitions ({ name, description, parameters }) to functions.
function openai.map_tools(tools)
  local out = {}
  for _, tool in ipairs(tools or {}) do
    out[#out + 1] = { type = "function", ["function"] = {
      name = tool.name, description = tool.description,
      parameters = message_model.tool_schema(tool) or { type = "object", properties = {} },
    } }
  end
  return out
end

-- Request options in Chat Completions fields (`thinking` as z.ai, DeepSeek
-- and vLLM-served reasoning models take it; `cache` needs nothing more:
-- the server caches prefixes by itself, keyed by `prompt_cache_key`).
local function apply_options(body, opts)
  body.temperature, body.top_p, body.stop = opts.temperature, opts.top_p, opts.stop
  body.reasoning_effort = opts.reasoning_effort
  if opts.thinking then body.thinking = { type = opts.thinking.type, budget_tokens = opts.thinking.budget_tokens } end
  if opts.prompt_cache_key and opts.cache ~= false then body.prompt_cache_key = opts.prompt_cache_key end
end

--- The request body for a generate() request.
function openai.body(request, options, opts)
  options = options or {}
  local messages, err = openai.map_messages(request.system_prompt, request.messages, options.system_role)
  if not messages then return nil, err end
  local body = { model = request.model, messages = messages, stream = true,
    stream_options = { include_usage = true } }
  local tools = openai.map_tools(request.tools)
  if #tools > 0 then
    body.tools = tools
    local choice = common.tool_choice(request.tool_choice)
    if type(choice) == "table" then
      body.tool_choice = { type = "function", ["function"] = { name = choice.name } }
    else
      body.tool_choice = choice
    end
  end
  if request.max_output_tokens then
    body[options.max_tokens_field or "max_completion_tokens"] = request.max_output_tokens
  end
  apply_options(body, opts or {})
  return body
end

-- ------------------------------------------------------------------------
-- Response mapping
-- ------------------------------------------------------------------------

local STOP = { stop = "stop", length = "length", tool_calls = "tool_use", function_call = "tool_use",
  model_context_window_exceeded = "length" }

local function usage_of(u)
  if type(u) ~= "table" then return common.usage() end
  local prompt = tonumber(u.prompt_tokens) or 0
  local details = type(u.prompt_tokens_details) == "table" and u.prompt_tokens_details or {}
  local cached = tonumber(details.cached_tokens) or tonumber(u.cached_tokens) or 0
  local usage = common.usage(math.max(0, prompt - cached), tonumber(u.completion_tokens) or 0, cached, 0)
  local output_details = type(u.completion_tokens_details) == "table" and u.completion_tokens_details or {}
  usage.reasoning = tonumber(output_details.reasoning_tokens)
  return usage
end

-- The tool_call block of a streamed call, or nil, err.
local function call_block(call)
  local name = table.concat(call.name)
  if name == "" then
    return nil, errors.new("invalid_response", "openai: a tool call has no function name")
  end
  local args, err
  if #call.arguments == 0 and call.object then
    args = call.object
  else
    args, err = common.arguments("openai", table.concat(call.arguments))
    if not args then return nil, err end
  end
  -- some servers (llama.cpp, older vLLM) stream calls without ids; a
  -- tool_call needs one for its tool_result to refer to
  local id = call.id
  if id == "" then id = "call_" .. tostring(call.index) end
  return { type = "tool_call", id = id, name = name, arguments = args }
end

-- Build the assistant message from the collected stream state. Text
-- arrives as many small deltas: they are collected in lists and joined
-- once here (appending to a string was quadratic in the response size).
local function build(state)
  local text, thinking, refusal = table.concat(state.text), table.concat(state.thinking),
    table.concat(state.refusal)
  if state.finish == "content_filter" then
    return nil, errors.new("filtered", "openai: the response was blocked by the content filter",
      { provider = "openai", finish_reason = state.finish })
  end
  if refusal ~= "" and text == "" and #state.calls == 0 then
    return nil, errors.new("filtered", "openai: the model refused: " .. refusal,
      { provider = "openai", refusal = refusal })
  end
  if state.finish == "error" then
    -- OpenRouter ends a failed stream so when the error object is missing
    return nil, errors.new("stream", "openai: the server ended the stream with finish reason error",
      { provider = "openai", finish_reason = state.finish, retryable = true })
  end
  if text == "" and thinking == "" and #state.calls == 0 then
    if state.finish == "model_context_window_exceeded" then
      return nil, errors.new("context_window_exceeded", "openai: the server stopped with finish reason "
        .. "model_context_window_exceeded before any output", { provider = "openai", finish_reason = state.finish,
        retryable = false })
    end
    if state.finish ~= "length" then
      return nil, errors.new("stream", "openai: the stream ended without any content" ..
        (state.finish and (" (finish reason " .. state.finish .. ")") or ""),
        { provider = "openai", finish_reason = state.finish, retryable = true })
    end
  end
  if state.finish == nil then
    -- content, then [DONE] with no finish reason: the reply may be cut short
    return nil, errors.new("stream", "openai: the stream ended without a finish reason",
      { provider = "openai", retryable = true })
  end
  local content = {}
  for _, entry in ipairs(state.order) do -- in the order the blocks began (the on_delta indexes)
    if entry == "thinking" then
      content[#content + 1] = { type = "thinking", thinking = thinking }
    elseif entry == "text" then
      content[#content + 1] = { type = "text", text = text }
    else
      local block, err = call_block(entry)
      if not block then return nil, err end
      content[#content + 1] = block
    end
  end
  local stop = STOP[state.finish] or "stop"
  if #state.calls > 0 and stop == "stop" then stop = "tool_use" end
  return {
    role = "assistant", content = content, stop_reason = stop, usage = usage_of(state.usage),
    provider_metadata = { provider = "openai", id = state.id, model = state.model, finish_reason = state.finish,
      system_fingerprint = state.fingerprint },
  }
end

local function new_state(budget, emit)
  return { text = {}, thinking = {}, refusal = {}, calls = {}, by_index = {}, order = {}, placed = {},
    budget = budget, emit = emit }
end

-- Append a delta to `list`, charged to the response's byte budget, and
-- hand it to the request's on_delta as `kind` (when both are given).
local function append(state, list, text, kind, index, fields)
  list[#list + 1] = text
  local err = state.budget:add(text)
  if err then return err end
  if kind and state.emit and text ~= "" then return state.emit(kind, text, index, fields) end
  return nil
end

-- An error object sent after HTTP 200 (mid-stream, or as the JSON answer):
-- classified by the status it states or its type stands for, a retryable
-- stream error without one (the server broke off the response).
local function in_band_error(value)
  return classify.in_band_error("openai", classify.error_info(value))
end

-- An SSE `error` event (llama.cpp writes `error: {...}` after HTTP 200,
-- then `data: [DONE]`): always ends the response, as a stream error unless
-- it says the request does not fit.
local function error_event(data)
  local value = common.decode(data)
  local info = type(value) == "table" and classify.error_info(value) or {}
  if type(value) == "table" and info.message == nil and info.type == nil then
    info = classify.error_info({ error = value })
  end
  if info.message == nil and type(value) ~= "table" and data:find("%S") then info.message = data:sub(1, 500) end
  return classify.in_band_error("openai", info, true)
end

-- Apply one streamed tool call delta.
local function apply_call(state, tc)
  if type(tc) ~= "table" then return errors.new("invalid_response", "openai: malformed tool call delta") end
  local index = tonumber(tc.index) or #state.calls
  local call = state.by_index[index]
  if not call then
    call = { id = "", name = {}, arguments = {}, index = math.floor(index) }
    state.by_index[index] = call
    state.calls[#state.calls + 1] = call
    state.order[#state.order + 1] = call
    call.position = #state.order
    local err = state.budget:add(stream.ENTRY_BYTES)
    if err then return err end
  end
  if type(tc.id) == "string" and tc.id ~= "" then call.id = tc.id end
  local fn = tc["function"]
  if type(fn) ~= "table" then return nil end
  if type(fn.name) == "string" then
    local err = append(state, call.name, fn.name)
    if err then return err end
  end
  if type(fn.arguments) == "string" then
    return append(state, call.arguments, fn.arguments, "tool_call", call.position,
      { id = call.id, name = table.concat(call.name) })
  elseif type(fn.arguments) == "table" then
    -- some servers (Ollama's native shape, proxies) send an object
    call.object = fn.arguments
  end
  return nil
end

-- The position of the thinking or text block in the final message, given
-- at its first non-empty piece: blocks are placed in the order they begin
-- (tool calls too), so an on_delta `index` is the block's final position.
local function place(state, kind)
  local position = state.placed[kind]
  if not position then
    state.order[#state.order + 1] = kind
    position = #state.order
    state.placed[kind] = position
  end
  return position
end

-- Apply the delta of a chunk's first choice.
local function apply_delta(state, delta)
  local reasoning = delta.reasoning_content or delta.reasoning
  for _, part in ipairs({ { state.thinking, reasoning, "thinking" }, { state.text, delta.content, "text" },
      { state.refusal, delta.refusal } }) do
    if type(part[2]) == "string" then
      local position = part[3] and part[2] ~= "" and place(state, part[3]) or nil
      local err = append(state, part[1], part[2], part[3], position)
      if err then return err end
    end
  end
  if delta.tool_calls ~= nil and type(delta.tool_calls) ~= "table" then
    return errors.new("invalid_response", "openai: delta tool_calls is not a list")
  end
  for _, tc in ipairs(delta.tool_calls or {}) do
    local err = apply_call(state, tc)
    if err then return err end
  end
  return nil
end

-- Apply one chunk object.
local function apply_chunk(state, chunk)
  if classify.is_error_body(chunk) then return in_band_error(chunk) end
  state.id = state.id or chunk.id
  state.model = state.model or chunk.model
  state.fingerprint = state.fingerprint or chunk.system_fingerprint
  if type(chunk.usage) == "table" then state.usage = chunk.usage end
  local choices = chunk.choices
  if choices ~= nil and type(choices) ~= "table" then
    return errors.new("invalid_response", "openai: chunk choices is not a list")
  end
  local choice = choices and choices[1]
  if type(choice) ~= "table" then return nil end
  local err = type(choice.delta) == "table" and apply_delta(state, choice.delta)
  if err then return err end
  if type(choice.finish_reason) == "string" then state.finish = choice.finish_reason end
  return nil
end

local function make_handler(budget, emit)
  local state = new_state(budget, emit)
  local handler = {}
  function handler.event(ev)
    if state.done then return nil end
    local data = ev.data
    if ev.event == "error" then return error_event(data) end
    if data == "[DONE]" then
      state.done = true
      return stream.COMPLETE
    end
    if not data:find("%S") then return nil end
    local chunk, err = common.decode(data)
    if type(chunk) ~= "table" then
      return errors.new("invalid_response", "openai: stream event is not valid JSON: " .. tostring(err))
    end
    return apply_chunk(state, chunk)
  end
  function handler.finish()
    if not state.done and not state.finish then
      return nil, errors.new("stream", "openai: the stream ended before the response finished",
        { retryable = true })
    end
    return build(state)
  end
  function handler.json(value)
    -- a server that ignored "stream": one complete chat.completion
    if classify.is_error_body(value) then return nil, in_band_error(value) end
    local choice = type(value.choices) == "table" and value.choices[1]
    if type(choice) ~= "table" or type(choice.message) ~= "table" then
      return nil, errors.new("invalid_response", "openai: the response has no choices")
    end
    local msg = choice.message
    local err = apply_chunk(state, { id = value.id, model = value.model, usage = value.usage,
      choices = { { delta = { content = msg.content, reasoning_content = msg.reasoning_content,
        refusal = msg.refusal, tool_calls = msg.tool_calls }, finish_reason = choice.finish_reason } } })
    if err then return nil, err end
    return build(state)
  end
  handler.error_info = common.error_info
  return handler
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
  local body, err = common.prepare("openai", request, openai.body, self._options)
  if not body then return nil, err end
  local headers = { ["content-type"] = "application/json", accept = "text/event-stream" }
  local key = settings.key(self)
  if key then headers.authorization = "Bearer " .. key end
  return stream.run(self, { url = settings.endpoint(self._config, "/chat/completions"), headers = headers,
    body = body, cancel = cancel }, make_handler(stream.budget("openai", self._config.max_response_bytes),
    common.emitter("openai", request.on_delta)))
end

--- Create a generator.
-- @tparam table config `base_url` (default https://api.openai.com/v1),
--   `api_key` (default `$OPENAI_API_KEY`; optional for local servers),
--   `timeout` (seconds, default 600), `connect_timeout` (default 30),
--   `headers` (extra headers), `max_tokens_field` ("max_completion_tokens"
--   for api.openai.com, "max_tokens" for other servers), `system_role`
--   ("system" or "developer"), `transport` (function replacing compact.http
--   .request), `yield` (see compact.http.request), `proxy`, `ca_file`,
--   `max_body` (bytes of a plain, non-streamed response body; default 1 MiB),
--   `max_response_bytes` (text, thinking and tool-argument bytes of a
--   streamed response; default 32 MiB). Unknown keys are errors.
-- @return generator or nil, err
function openai.new(config)
  local cfg, err = settings.check(config, DEFAULTS, {
    max_tokens_field = { "one_of", "max_tokens", "max_completion_tokens", optional = true },
    system_role = { "one_of", "system", "developer", default = "system" },
  })
  if not cfg then return nil, err end
  local field = cfg.max_tokens_field
  if field == nil then
    field = cfg.base_url:find("^https://api%.openai%.com") and "max_completion_tokens" or "max_tokens"
  end
  return settings.new_generator(Generator, "openai", cfg, { max_tokens_field = field, system_role = cfg.system_role })
end

--- What the provider stops sending again: OpenAI reasoning models drop a
-- turn's reasoning once a new user message follows (see
-- `compact.usage_anchor`'s `drop_reasoning`).
Generator.drop_reasoning = "after_user"

return settings.callable(openai)
