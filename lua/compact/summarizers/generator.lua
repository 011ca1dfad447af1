--- The generator summarizer: summaries written by a model.
--
--     local summarizer = compact.generator_summarizer {
--       generator = gen, model = "name",
--       options = { max_output_tokens = 4096 },  -- the default, always sent
--       system_prompt = nil,   -- non-blank replaces prompts.system
--       sleep = nil,           -- function(seconds, cancel); default really sleeps
--       fallback = nil,        -- a summarizer used when the model fails
--       max_input_tokens = 120000, -- split longer histories into chunks
--       on_progress = nil,     -- function(event) before each history call
--       check_sections = true, -- ask once more for missing headings (false under a custom prompt)
--       tool_vocabulary = nil, -- tool names over the built-in vocabulary (shell results keep their tail)
--     }
--     local text, usage, meta = summarizer:summarize(req, cancel)
--
-- The conversation goes to the model as compact records
-- (`compact.core.serialize_records`) in one user message. When that message
-- would exceed `max_input_tokens` (heuristic estimate), the history is split
-- into chunks (`compact.summarizers.chunks`) summarized in order, each next
-- chunk merged into the running summary with the update prompt; a chunk the
-- model rejects as too long is halved and retried (MAX_HALVINGS). A split
-- turn with little history is one pass over history and prefix. Each model
-- call gets one attempt and up to two retries (sleeping 2 s, then 4 s) for
-- transport and stream errors and HTTP 408, 409, 429 and 5xx.
-- @module compact.summarizers.generator

local checks = require("compact.checks")
local errors = require("compact.errors")
local usage_module = require("compact.usage")
local cancel_mod = require("compact.cancel")
local prompts = require("compact.summarizers.prompts")
local util = require("compact.util")
local chunks = require("compact.summarizers.chunks")
local vocabulary = require("compact.tool_vocabulary")
local message_model = require("compact.message")
local file_lists = require("compact.summary")

local generator = {}

--- Default `max_input_tokens`: the estimated size of one summary request.
generator.DEFAULT_MAX_INPUT_TOKENS = 120000

--- Default `options.max_output_tokens`: sent with every summary call and
-- counted in each chunk's budget (with as much again for the running
-- summary a later chunk carries).
generator.DEFAULT_MAX_OUTPUT_TOKENS = 4096

--- How many times a chunk the model rejects as too long is halved before
-- the summary fails.
generator.MAX_HALVINGS = 3

--- A history part smaller than this share of a split turn's span is
-- summarized together with the turn prefix in one call.
generator.MIN_HISTORY_SHARE = 0.25

-- Seconds slept before the second and third attempt of a call.
generator.RETRY_DELAYS = { 2, 4 }

--- The longest `Retry-After` (an error's `retry_after`, in seconds) a retry
-- waits for: 60. Shorter ones lengthen the delay; a longer one ends the
-- retries at once.
generator.MAX_RETRY_WAIT = 60

local Summarizer = util.class("compact.GeneratorSummarizer", function(self) return self.model end)

local core -- compact.core, loaded on first use so this module loads without C

local function serialize(messages, shells)
  if not core then
    local ok, loaded = pcall(require, "compact.core")
    if not ok then
      return nil, errors.new("summarization", "compact.core is not available", { cause = loaded })
    end
    core = loaded
  end
  local text, err = core.serialize_records(messages, shells)
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
  fallback = true, max_input_tokens = true, on_progress = true, tool_vocabulary = true,
  check_sections = true }

-- The lower-case names of a vocabulary's shell tools (their results keep
-- their tail in the records).
local function shell_names(vocab)
  local names = {}
  for name, spec in pairs(vocab) do
    if type(name) == "string" and spec.kind == "shell" then names[name] = true end
  end
  return names
end

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
  local max_output_tokens = options.max_output_tokens or generator.DEFAULT_MAX_OUTPUT_TOKENS
  local vocab
  vocab, err = vocabulary.merge(config.tool_vocabulary, "config.tool_vocabulary")
  if not vocab then return nil, err end
  local custom_prompt = not (config.system_prompt == nil or is_blank(config.system_prompt))
  local check_sections
  check_sections, err = checks.check("config.check_sections", config.check_sections,
    { "boolean", default = not custom_prompt })
  if err then return nil, err end
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
    shells = shell_names(vocab),
    check_sections = check_sections,
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

-- One model call with its retry budget. `messages` is the request's
-- message list. Returns text, usage or nil, err.
function Summarizer:_call(messages, cancel)
  local request = {
    model = self.model,
    system_prompt = self.system_prompt,
    messages = messages,
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
    local delay = delays[attempt]
    -- the server's Retry-After is honoured up to MAX_RETRY_WAIT; a longer
    -- one is not waited for (the error, with its retry_after, is returned)
    local after = type(err) == "table" and rawget(err, "retry_after")
    if type(after) == "number" and after == after and after > 0 then
      if after > generator.MAX_RETRY_WAIT then return nil, err end
      delay = math.max(delay, after)
    end
    local slept, sleep_err = pcall(self.sleep, delay, cancel)
    if not slept then
      return nil, errors.new("summarization", "the sleep function raised an error", { cause = sleep_err })
    end
  end
  return nil, last_err
end

local function user_message(text)
  return { role = "user", content = { { type = "text", text = text } } }
end

-- One summary: a call with `prompt`; a reply missing some of the default
-- sections is asked again once with a corrective message, and the second
-- reply is taken (the first when the second call fails). Returns text,
-- usage or nil, err.
function Summarizer:_ask(prompt, cancel)
  local first = user_message(prompt)
  local summary, usage = self:_call({ first }, cancel)
  if not summary or not self.check_sections then return summary, usage end
  local missing = prompts.missing_sections(summary)
  if #missing == 0 then return summary, usage end
  local again, again_usage = self:_call({ first,
    { role = "assistant", content = { { type = "text", text = summary } }, stop_reason = "stop" },
    user_message(prompts.corrective(missing)) }, cancel)
  if not again then
    if errors.is(again_usage, "cancelled") then return nil, again_usage end
    return summary, usage
  end
  return again, add_usage(usage, again_usage)
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

function Summarizer:_serialize(messages)
  return serialize(messages, self.shells)
end

-- The prompt of chunk `i`: the turn-prefix prompt for the first chunk of a
-- prefix, else the history prompt over the running summary.
local function prompt_for(prefix, i, records, running, instructions)
  if prefix and i == 1 then return prompts.build_turn_prefix(records, instructions) end
  return prompts.build_history(records, running, instructions)
end

-- The messages as chunks `{ records =, messages = }` that each fit
-- `max_input_tokens` with their prompt, the running summary they carry
-- and the reply (`max_output_tokens`): one chunk when everything fits.
function Summarizer:_chunks(messages, records, previous, instructions, prefix)
  local system = estimate(self.system_prompt)
  local whole = estimate(prompt_for(prefix, 1, records, previous, instructions))
  if system + whole + self.max_output_tokens <= self.max_input_tokens then
    return { { records = records, messages = messages } }
  end
  -- later chunks carry the running summary (at most max_output_tokens)
  local summary_slot = math.max(previous and estimate(previous) or 0, self.max_output_tokens)
  local frame = math.max(estimate(prompts.build_history("", "-", instructions)),
    prefix and estimate(prompts.build_turn_prefix("", instructions)) or 0)
  local capacity = self.max_input_tokens - system - frame - summary_slot - self.max_output_tokens
  if capacity < 1 then
    return nil, errors.invalid_config("config.max_input_tokens: " .. self.max_input_tokens
      .. " leaves no room for records next to the prompt and max_output_tokens " .. self.max_output_tokens)
  end
  local texts, lists = chunks.split(messages, function(list) return self:_serialize(list) end, estimate, capacity)
  if not texts then return nil, lists end
  local out = {}
  for i = 1, #texts do out[i] = { records = texts[i], messages = lists[i] } end
  return out
end

-- Summarize the chunks in order, each merged into the running summary. A
-- chunk the model rejects as too long is halved and both halves retried,
-- up to MAX_HALVINGS times. Returns the summary and the number of calls,
-- or nil, err. Usage of every successful call is added to `usage`.
function Summarizer:_run(parts, previous, instructions, cancel, usage, prefix)
  local running, done, i = previous, 0, 1
  for _, part in ipairs(parts) do part.depth = 0 end
  while i <= #parts do
    if cancel_mod.is_cancelled(cancel) then return nil, cancelled_error() end
    local part = parts[i]
    if not prefix then self:_progress(i, #parts) end
    local summary, call_usage = self:_ask(prompt_for(prefix, i, part.records, running, instructions), cancel)
    if summary then
      add_usage(usage, call_usage)
      running, done, i = summary, done + 1, i + 1
    elseif errors.is(call_usage, "context_window_exceeded") then
      local a, b = nil, nil
      if part.depth < generator.MAX_HALVINGS then a, b = chunks.halve(part.messages) end
      if not a then
        return nil, errors.new("summarization", "a chunk of " .. #part.messages .. " messages is too long for the "
          .. "summary model" .. (part.depth > 0 and (" after " .. part.depth .. " halvings") or ""),
          { cause = call_usage })
      end
      local halves = {}
      for k, list in ipairs({ a, b }) do
        local records, err = self:_serialize(list)
        if not records then return nil, err end
        halves[k] = { records = records, messages = list, depth = part.depth + 1 }
      end
      table.remove(parts, i)
      table.insert(parts, i, halves[2])
      table.insert(parts, i, halves[1])
    else
      return nil, call_usage
    end
  end
  return running, done
end

function Summarizer:_summarize_list(messages, records, previous, instructions, cancel, usage, prefix)
  local parts, err = self:_chunks(messages, records, previous, instructions, prefix)
  if not parts then return nil, err end
  return self:_run(parts, previous, instructions, cancel, usage, prefix)
end

local function concat(a, b)
  local out = {}
  for _, list in ipairs({ a, b }) do
    for _, msg in ipairs(list) do out[#out + 1] = msg end
  end
  return out
end

-- The model part of summarize: text, usage, history calls or nil, err,
-- usage so far. A split turn whose history is under MIN_HISTORY_SHARE of
-- the span (or empty) is summarized in one pass over history and prefix.
function Summarizer:_summarize(history, prefix, previous, instructions, cancel)
  local usage = zero_usage()
  local prefix_records, history_records, err
  if #prefix > 0 then
    prefix_records, err = self:_serialize(prefix)
    if not prefix_records then return nil, err, usage end
    if prefix_records == "" then prefix_records = nil end
  end
  history_records, err = self:_serialize(history)
  if not history_records then return nil, err, usage end
  if prefix_records then
    local h = history_records == "" and 0 or estimate(history_records)
    local p = estimate(prefix_records)
    if h < generator.MIN_HISTORY_SHARE * (h + p) then
      local all = concat(history, prefix)
      local records
      records, err = self:_serialize(all)
      if not records then return nil, err, usage end
      local summary, calls = self:_summarize_list(all, records, previous, instructions, cancel, usage)
      if not summary then return nil, calls, usage end
      return summary, usage, calls
    end
  end
  if history_records == "" then
    -- nothing the model could read (only failed attempts, say)
    if previous then return previous, usage end
    return nil, errors.new("empty_summary", "no messages with content to summarize"), usage
  end
  local history_summary, calls = self:_summarize_list(history, history_records, previous, instructions, cancel,
    usage)
  if not history_summary then return nil, calls, usage end
  if not prefix_records then return history_summary, usage, calls end
  local prefix_summary, prefix_err = self:_summarize_list(prefix, prefix_records, nil, instructions, cancel, usage,
    true)
  if not prefix_summary then return nil, prefix_err, usage end
  return prompts.join_split_turn(history_summary, prefix_summary), usage, calls
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
  -- the fallback's own size bound narrows the lists it is told of (a copy:
  -- the caller's request stays as it was)
  local fb_req = req
  local bound = req.max_file_list_chars or file_lists.MAX_LIST_CHARS
  if type(bound) == "number" and file_lists.list_bound(bound, self.fallback) < bound then
    fb_req = {}
    for key, value in pairs(req) do fb_req[key] = value end
    fb_req.max_file_list_chars = file_lists.list_bound(bound, self.fallback)
  end
  local ok, fb_text, fb_usage = pcall(self.fallback_summarize, self.fallback, fb_req, cancel)
  if not ok or type(fb_text) ~= "string" or is_blank(fb_text) then
    return nil, errors.new("summarization", "the summary model failed and so did the fallback summarizer",
      { cause = err, fallback_cause = ok and fb_usage or fb_text })
  end
  return fb_text, add_usage(usage, fb_usage), { fallback = true, cause = err }
end

return generator
