--- The generator summarizer: summaries written by a model.
--
--     local summarizer = compact.generator_summarizer {
--       generator = gen, model = "name",
--       options = { max_output_tokens = 4000 },
--       system_prompt = nil,   -- non-blank replaces prompts.system
--       sleep = nil,           -- function(seconds, cancel); default really sleeps
--       fallback = nil,        -- a summarizer used when the model fails
--       max_input_tokens = 120000, -- split longer histories into chunks
--       on_progress = nil,     -- function(event) before each history call
--     }
--     local text, usage, meta = summarizer:summarize(req, cancel)
--
-- The conversation goes to the model as compact records
-- (`compact.core.serialize_records`) in one user message. When that message
-- would exceed `max_input_tokens` (heuristic estimate), the history is split
-- into chunks (`compact.summarizers.chunks`) summarized in order, each next
-- chunk merged into the running summary with the update prompt. Each model
-- call gets one attempt and up to two retries (sleeping 2 s, then 4 s) for
-- transport and stream errors and HTTP 408, 409, 429 and 5xx.
-- @module compact.summarizers.generator

local checks = require "compact.checks"
local errors = require "compact.errors"
local usage_module = require "compact.usage"
local cancel_mod = require "compact.cancel"
local prompts = require "compact.summarizers.prompts"
local util = require "compact.util"
local chunks = require "compact.summarizers.chunks"
local message_model = require "compact.message"

local generator = {}

--- Default `max_input_tokens`: the estimated size of one summary request.
generator.DEFAULT_MAX_INPUT_TOKENS = 120000

--- Tokens kept free for the running summary when the history is split and
-- `options.max_output_tokens` is not set.
generator.SUMMARY_RESERVE = 4000

-- Seconds slept before the second and third attempt of a call.
generator.RETRY_DELAYS = { 2, 4 }

local Summarizer = { __name = "compact.GeneratorSummarizer" }
Summarizer.__index = Summarizer
Summarizer.__tostring = function(self)
  return "compact.GeneratorSummarizer(" .. self.model .. ")"
end

local core -- compact.core, loaded on first use so this module loads without C

local function serialize(messages)
  if not core then
    local ok, loaded = pcall(require, "compact.core")
    if not ok then
      return nil, errors.new("summarization", "compact.core is not available", { cause = loaded })
    end
    core = loaded
  end
  local text, err = core.serialize_records(messages)
  if text == nil then
    return nil, errors.new("invalid_request", "invalid messages: " .. tostring(err))
  end
  return text
end

-- Estimated tokens of `text` (the C heuristic; core is loaded by serialize).
local function estimate(text)
  return core.heuristic_text(text)
end

local is_blank = util.is_blank
local method_of = util.method_of

local function now()
  local ok, socket = pcall(require, "socket")
  if ok and type(socket) == "table" and socket.gettime then return socket.gettime end
  return nil
end

--- The default sleep: waits `seconds` in slices of 50 ms, returning early
-- when `cancel` is cancelled. Uses luasocket when present, else `sleep(1)`.
function generator.default_sleep(seconds, cancel)
  local ok, socket = pcall(require, "socket")
  local gettime = now()
  if ok and type(socket) == "table" and socket.sleep and gettime then
    local deadline = gettime() + seconds
    while not cancel_mod.is_cancelled(cancel) do
      local left = deadline - gettime()
      if left <= 0 then return end
      socket.sleep(math.min(left, 0.05))
    end
    return
  end
  local slice = 0.1
  local slept = 0
  while slept < seconds and not cancel_mod.is_cancelled(cancel) do
    os.execute("sleep " .. string.format("%.2f", math.min(slice, seconds - slept)))
    slept = slept + slice
  end
end

local KNOWN_CONFIG = { generator = true, model = true, options = true, system_prompt = true, sleep = true,
  fallback = true, max_input_tokens = true, on_progress = true }

--- Create a generator summarizer.
-- @tparam table config see the module description
-- @treturn table|nil the summarizer
-- @treturn[2] table an `invalid_config` error
function generator.new(config)
  local _, err = checks.table(config, KNOWN_CONFIG)
  if err then return nil, err end
  local options
  options, err = checks.check("config.options", config.options, { "table", default = {} })
  if err then return nil, err end
  -- max_output_tokens, and the request options the generator takes
  -- (compact.providers.options); any other key is a typo
  local request_options
  request_options, err = require("compact.providers.options").check("config", "config.options", options,
    { max_output_tokens = true })
  if not request_options then return nil, err end
  request_options.max_output_tokens = nil
  if next(request_options) == nil then request_options = nil end
  for _, field in ipairs({
    { "config.generator", config.generator, { "method", "generate" } },
    { "config.model", config.model, { "string", non_blank = true } },
    { "config.options.max_output_tokens", options.max_output_tokens, { "integer", min = 1, optional = true } },
    { "config.system_prompt", config.system_prompt, { "string", optional = true } },
    { "config.sleep", config.sleep, { "function", optional = true } },
    { "config.fallback", config.fallback, { "method", "summarize", optional = true } },
  }) do
    _, err = checks.check(field[1], field[2], field[3])
    if err then return nil, err end
  end
  local max_output_tokens = options.max_output_tokens
  local system_prompt = config.system_prompt
  if system_prompt == nil or is_blank(system_prompt) then system_prompt = prompts.system end
  local max_input_tokens
  max_input_tokens, err = checks.check("config.max_input_tokens", config.max_input_tokens,
    { "integer", min = 1, default = generator.DEFAULT_MAX_INPUT_TOKENS })
  if err then return nil, err end
  _, err = checks.check("config.on_progress", config.on_progress, { "function", optional = true })
  if err then return nil, err end
  return setmetatable({
    generator = config.generator,
    generate = method_of(config.generator, "generate"),
    fallback_summarize = config.fallback and method_of(config.fallback, "summarize"),
    model = config.model,
    max_output_tokens = max_output_tokens,
    request_options = request_options,
    system_prompt = system_prompt,
    sleep = config.sleep or generator.default_sleep,
    fallback = config.fallback,
    max_input_tokens = max_input_tokens,
    on_progress = config.on_progress,
  }, Summarizer)
end

--- Is a generator error worth another attempt? The library's one retry rule,
-- `compact.errors.retryable`: `retryable = false` never; `retryable = true`,
-- HTTP 408/409/429/5xx, transport and stream errors yes; never cancellation,
-- context-window rejection or an invalid request anywhere in the cause chain.
-- @treturn boolean
generator.is_retryable = errors.retryable

local zero_usage, add_usage = usage_module.zero, usage_module.add

-- The summary text of an assistant message, or nil and an error.
local function extract(message)
  if type(message) ~= "table" then
    return nil, errors.new("invalid_response", "generator returned " .. type(message) .. ", not a message")
  end
  local stop = rawget(message, "stop_reason")
  if message_model.is_failed_stop(stop) then
    local detail = rawget(message, "error_message")
    return nil, errors.new(stop == "aborted" and "cancelled" or "summarization",
      "summary generation " .. (stop == "aborted" and "was aborted" or "failed")
        .. (type(detail) == "string" and (": " .. detail) or ""))
  end
  local content = rawget(message, "content")
  if type(content) == "string" then
    content = { { type = "text", text = content } }
  elseif type(content) ~= "table" then
    return nil, errors.new("invalid_response", "generator returned a message without content")
  end
  local parts = {}
  for i = 1, #content do
    local block = content[i]
    if type(block) ~= "table" then
      return nil, errors.new("invalid_response", "generator returned a malformed content block " .. i)
    end
    if rawget(block, "type") == "text" then
      local text = rawget(block, "text")
      if type(text) ~= "string" then
        return nil, errors.new("invalid_response", "generator returned a text block without text")
      end
      parts[#parts + 1] = text
    end
  end
  local text = util.trim(table.concat(parts, "\n"))
  if text == "" then
    return nil, errors.new("empty_summary", "the summary model returned no text")
  end
  return text
end

local function cancelled_error(cause)
  return errors.cancelled("summarization cancelled", cause)
end

-- One model call with its retry budget. Returns text, usage or nil, err.
function Summarizer:_call(text, cancel)
  local request = {
    model = self.model,
    system_prompt = self.system_prompt,
    messages = { { role = "user", content = { { type = "text", text = text } } } },
    tools = nil,
    tool_choice = "none",
    max_output_tokens = self.max_output_tokens,
    options = self.request_options,
  }
  local delays = generator.RETRY_DELAYS
  local last_err
  for attempt = 1, #delays + 1 do
    if cancel_mod.is_cancelled(cancel) then return nil, cancelled_error(last_err) end
    local ok, message, err = pcall(self.generate, self.generator, request, cancel)
    local summary, usage
    if not ok then
      err = errors.new("summarization", "the generator raised an error", { cause = message })
    elseif message == nil then
      if err == nil then
        err = errors.new("invalid_response", "the generator returned neither a message nor an error")
      elseif type(err) ~= "table" then
        err = errors.new("summarization", "the generator failed", { cause = err })
      end
    else
      summary, err = extract(message)
      if summary then usage = rawget(message, "usage") end
    end
    if summary then return summary, add_usage(zero_usage(), usage) end
    last_err = err
    if cancel_mod.is_cancelled(cancel) then return nil, cancelled_error(err) end
    if attempt > #delays or not generator.is_retryable(err) then return nil, err end
    local slept, sleep_err = pcall(self.sleep, delays[attempt], cancel)
    if not slept then
      return nil, errors.new("summarization", "the sleep function raised an error", { cause = sleep_err })
    end
  end
  return nil, last_err
end

local function check_list(req, key, required)
  local value = req[key]
  if value == nil and not required then return {} end
  if type(value) ~= "table" then
    return nil, errors.invalid_request("summarize: req." .. key .. " must be a table")
  end
  return value
end

local function check_string(req, key)
  local value = req[key]
  if value ~= nil and type(value) ~= "string" then
    return nil, errors.invalid_request("summarize: req." .. key .. " must be a string")
  end
  if value ~= nil and is_blank(value) then return nil end
  return value
end

-- Tell on_progress about the next history call. What the callback raises
-- is ignored: progress display must not break a summary.
function Summarizer:_progress(chunk, count)
  if self.on_progress then
    pcall(self.on_progress, { type = "summary_progress", chunk = chunk, chunks = count })
  end
end

-- The history's records as chunks that each fit `max_input_tokens` with
-- their prompt: `{ records }` when the whole history fits.
function Summarizer:_chunks(history, records, previous, instructions)
  local system = estimate(self.system_prompt)
  if system + estimate(prompts.build_history(records, previous, instructions)) <= self.max_input_tokens then
    return { records }
  end
  -- later chunks carry the running summary instead of the previous one
  local reserve = math.max(previous and estimate(previous) or 0,
    self.max_output_tokens or generator.SUMMARY_RESERVE)
  local overhead = system + estimate(prompts.build_history("", "-", instructions)) + reserve
  return chunks.split(history, serialize, estimate, self.max_input_tokens - overhead)
end

-- The history calls: the summary, the number of calls, or nil, err.
-- Usage of every successful call is added to `usage`.
function Summarizer:_history(history, records, previous, instructions, cancel, usage)
  local parts, err = self:_chunks(history, records, previous, instructions)
  if not parts then return nil, err end
  local running = previous
  for i = 1, #parts do
    if cancel_mod.is_cancelled(cancel) then return nil, cancelled_error() end
    self:_progress(i, #parts)
    local summary, call_usage = self:_call(prompts.build_history(parts[i], running, instructions), cancel)
    if not summary then return nil, call_usage end
    add_usage(usage, call_usage)
    running = summary
  end
  return running, #parts
end

-- The split turn's prefix: one call with the turn-prefix prompt, or, when
-- that would exceed max_input_tokens, chunks of it: the first with the
-- turn-prefix prompt, each next one with the update prompt merging into the
-- running prefix summary. Usage is added to `usage`; summary or nil, err.
function Summarizer:_prefix(prefix, records, instructions, cancel, usage)
  local system = estimate(self.system_prompt)
  local parts = { records }
  if system + estimate(prompts.build_turn_prefix(records, instructions)) > self.max_input_tokens then
    local reserve = self.max_output_tokens or generator.SUMMARY_RESERVE
    local frame = math.max(estimate(prompts.build_turn_prefix("", instructions)),
      estimate(prompts.build_history("", "-", instructions)))
    local err
    parts, err = chunks.split(prefix, serialize, estimate, self.max_input_tokens - system - frame - reserve)
    if not parts then return nil, err end
  end
  local running
  for i = 1, #parts do
    if cancel_mod.is_cancelled(cancel) then return nil, cancelled_error() end
    local prompt = i == 1 and prompts.build_turn_prefix(parts[i], instructions)
      or prompts.build_history(parts[i], running, instructions)
    local summary, call_usage = self:_call(prompt, cancel)
    if not summary then return nil, call_usage end
    add_usage(usage, call_usage)
    running = summary
  end
  return running
end

-- The model part of summarize: text, usage, history calls or nil, err,
-- usage so far.
function Summarizer:_summarize(history, prefix, previous, instructions, cancel)
  local usage = zero_usage()
  local prefix_records
  if #prefix > 0 then
    local err
    prefix_records, err = serialize(prefix)
    if not prefix_records then return nil, err, usage end
    if prefix_records == "" then prefix_records = nil end
  end
  local history_summary, calls
  local history_records, err = serialize(history)
  if not history_records then return nil, err, usage end
  if history_records ~= "" then
    history_summary, calls = self:_history(history, history_records, previous, instructions, cancel, usage)
    if not history_summary then return nil, calls, usage end
  elseif not prefix_records then
    -- nothing the model could read (only failed attempts, say)
    if previous then return previous, usage end
    return nil, errors.new("empty_summary", "no messages with content to summarize"), usage
  end
  if not prefix_records then return history_summary, usage, calls end
  local prefix_summary, prefix_err = self:_prefix(prefix, prefix_records, instructions, cancel, usage)
  if not prefix_summary then return nil, prefix_err, usage end
  return prompts.join_split_turn(history_summary or previous or prompts.no_history, prefix_summary), usage, calls
end

--- Summarize `req` (the summarizer interface) through the model.
-- @function summarizer:summarize
-- @tparam table req `{ messages, turn_prefix_messages, previous_summary, instructions }`
-- @param[opt] cancel a cancellation token
-- @treturn string|nil the summary text
-- @treturn table usage summed over the model calls, or the error
-- @treturn[opt] table meta: `{ chunks = n }` after n history calls (n > 1
--   when the history was split), `{ fallback = true }` when the fallback
--   summarizer wrote it
function Summarizer:summarize(req, cancel)
  if type(req) ~= "table" then
    return nil, errors.invalid_request("summarize: req must be a table")
  end
  local history, err = check_list(req, "messages", true)
  if not history then return nil, err end
  local prefix
  prefix, err = check_list(req, "turn_prefix_messages", false)
  if not prefix then return nil, err end
  local previous, instructions
  previous, err = check_string(req, "previous_summary")
  if err then return nil, err end
  instructions, err = check_string(req, "instructions")
  if err then return nil, err end

  -- success: text, usage, history calls; failure: nil, err, usage so far
  local text, result, extra = self:_summarize(history, prefix, previous, instructions, cancel)
  if text then return text, result, extra and { chunks = extra } or nil end
  err = result
  local usage = extra
  if not self.fallback or errors.is(err, "invalid_request") or errors.is(err, "cancelled")
      or errors.is(err, "deadline") or cancel_mod.is_cancelled(cancel) then
    return nil, err
  end
  local ok, fb_text, fb_usage = pcall(self.fallback_summarize, self.fallback, req, cancel)
  if not ok or type(fb_text) ~= "string" or is_blank(fb_text) then
    return nil, errors.new("summarization", "the summary model failed and so did the fallback summarizer",
      { cause = err, fallback_cause = ok and fb_usage or fb_text })
  end
  return fb_text, add_usage(usage, fb_usage), { fallback = true, cause = err }
end

return generator
