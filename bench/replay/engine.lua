--- Replaying a recorded session through `compact.agent` (bench/replay.lua).
--
-- The recording is split into turns (a user message and what followed it).
-- Each turn is one `agent:run(prompt)`. The agent's generator is the fake
-- provider: it counts the request with the token model of
-- bench/replay/cost.lua, rejects it as too long when it is over the window,
-- and otherwise answers with the turn's next recorded reply; tool handlers
-- answer with the recorded results. Summaries come from the extractive
-- summarizer, billed like a model call over the same messages.
--
-- Billing follows Anthropic's prompt caching: the part of a request equal
-- to the start of the previous request (system prompt and tools, then
-- message by message) is read from cache at 0.1x the input price, the rest
-- is written to cache at 1.25x, output costs 5x. A rejected request is not
-- billed. A summary call shares no prefix with the conversation (its input
-- is the summarizer's records), so its input is written at 1.25x and its
-- output billed at 5x; it does not move the conversation's cache.

local compact = require "compact"
local cost = require "bench.replay.cost"

local engine = {}

engine.PRICES = { cache_read = 0.1, cache_write = 1.25, output = 5 }
-- The summary prompt and instructions a model summarizer sends besides the
-- records (pi's and ours are 400-700 tokens).
engine.SUMMARY_PROMPT_TOKENS = 600
local END_OF_TURN_TEXT = "(the recorded turn ends here)"
local CONTINUE_TEXT = "(continue)"

local is_failed = require("compact.message").is_failed_attempt

local calls_of = require("compact.agent_tools").calls_of

--- Split a recorded conversation into turns:
-- `{ prompt = user message, replies = { assistant, ... } }` (replies before
-- any user message answer a "(continue)" prompt), plus the
-- recorded tool results by call id. Failed attempts are not replies (they
-- never entered the recorded context).
function engine.turns(messages)
  local turns, results = {}, {}
  local current
  for _, m in ipairs(messages) do
    if m.role == "user" then
      current = { prompt = m, replies = {} }
      turns[#turns + 1] = current
    elseif m.role == "assistant" and not is_failed(m) then
      if not current then
        -- a session that resumes after a compaction may start with the
        -- agent's own replies: they answer a prompt the recording lost
        current = { prompt = { role = "user", content = CONTINUE_TEXT }, replies = {} }
        turns[#turns + 1] = current
      end
      current.replies[#current.replies + 1] = m
    elseif m.role == "tool_result" and m.tool_call_id then
      results[m.tool_call_id] = m
    end
  end
  return turns, results
end

local function tool_names(messages)
  local names, list = {}, {}
  for _, m in ipairs(messages) do
    if m.role == "assistant" then
      for _, call in ipairs(calls_of(m)) do
        if not names[call.name] then
          names[call.name] = true
          list[#list + 1] = call.name
        end
      end
    end
  end
  table.sort(list)
  return list
end

local function round(x) return math.floor(x + 0.5) end

-- The fake provider's bookkeeping: totals and the previous request's parts.
local Ledger = {}
Ledger.__index = Ledger

local function new_ledger(model, window)
  return setmetatable({
    model = model, window = window, previous = nil,
    totals = { compactions = 0, edits = 0, peak = 0, rejections = 0, billed = 0, summary_calls = 0,
      requests = 0, failed_runs = 0, cache_read = 0, cache_write = 0, output = 0 },
  }, Ledger)
end

--- Count a conversation request; returns `count, cached` or nil when it is
-- rejected as too long.
function Ledger:request(req)
  local parts = self.model:request(req)
  local total = 0
  for _, part in ipairs(parts) do total = total + part.tokens end
  local count = round(total)
  local totals = self.totals
  if count > totals.peak then totals.peak = count end
  if count > self.window then
    totals.rejections = totals.rejections + 1
    return nil, count
  end
  local cached = 0
  local previous = self.previous
  if previous then
    for i, part in ipairs(parts) do
      local before = previous[i]
      if not before or before.key ~= part.key then break end
      cached = cached + part.tokens
    end
  end
  cached = math.min(count, round(cached))
  self.previous = parts
  return count, cached
end

function Ledger:bill(cache_read, cache_write, output)
  local totals, prices = self.totals, engine.PRICES
  totals.cache_read = totals.cache_read + cache_read
  totals.cache_write = totals.cache_write + cache_write
  totals.output = totals.output + output
  totals.billed = totals.billed + prices.cache_read * cache_read + prices.cache_write * cache_write
    + prices.output * output
end

local function reply_copy(reply, usage)
  local copy = {}
  for k, v in pairs(reply) do copy[k] = v end
  copy.usage = usage
  return copy
end

-- The generator: the provider and the recorded model in one.
local function make_generator(ledger, replay)
  local generator = {}
  function generator.generate(_, req)
    local count, cached = ledger:request(req)
    if replay.trace then replay.trace(req, count or cached, count == nil) end
    if not count then
      return nil, compact.error("context_window_exceeded",
        string.format("prompt is too long: %d tokens > %d maximum", cached, ledger.window))
    end
    local turn = replay.turn
    local reply = turn and turn.replies[replay.next_reply]
    local output
    if reply then
      replay.next_reply = replay.next_reply + 1
      output = reply.usage and reply.usage.output
      if type(output) ~= "number" or output < 0 then output = round(ledger.model:message(reply)) end
      for _, call in ipairs(calls_of(reply)) do
        replay.pending[#replay.pending + 1] = replay.results[call.id] or false
      end
    else
      reply = { role = "assistant", content = { { type = "text", text = END_OF_TURN_TEXT } }, stop_reason = "stop" }
      output = round(ledger.model:text(END_OF_TURN_TEXT))
    end
    ledger.totals.requests = ledger.totals.requests + 1
    ledger:bill(cached, count - cached, output)
    return reply_copy(reply, { input = 0, cache_read = cached, cache_write = count - cached, output = output })
  end
  return generator
end

local function make_tools(names, replay)
  local tools = {}
  for i, name in ipairs(names) do
    tools[i] = {
      name = name, description = "recorded tool " .. name, parameters = { type = "object" },
      handler = function()
        local recorded = table.remove(replay.pending, 1)
        if not recorded then return "[no recorded result]", true end
        return recorded.content, recorded.is_error == true
      end,
    }
  end
  return tools
end

-- The summarizer: extractive text, billed like a model call.
local function make_summarizer(ledger)
  local inner = assert(compact.extractive_summarizer {})
  return compact.summarizer(function(req, cancel)
    local text, err = inner:summarize(req, cancel)
    if not text then return nil, err end
    local model = ledger.model
    local input = engine.SUMMARY_PROMPT_TOKENS + model:text(req.previous_summary or "")
    for _, list in ipairs { req.messages or {}, req.turn_prefix_messages or {} } do
      for _, m in ipairs(list) do input = input + model:message(m) end
    end
    input, text = round(input), text
    local output = round(model:text(text))
    ledger.totals.summary_calls = ledger.totals.summary_calls + 1
    ledger:bill(0, input, output)
    return text, { input = 0, output = output, cache_read = 0, cache_write = input }
  end)
end

-- Transcripts of some agents (Claude Code) carry neither the system prompt
-- nor the tool definitions the provider counted (14-25k tokens). The real
-- agent knew them; so that the replayed agent estimates what the provider
-- counts, the missing part is stood for by a text of about that many tokens.
local FILLER_WORDS = { "the", "agent", "reads", "files", "and", "runs", "tools", "when", "asked", "to", "change",
  "code", "tests", "must", "pass", "before", "commit" }
function engine.system_prompt(recorded, base_tokens)
  local estimator = compact.heuristic()
  local have = recorded and estimator:text(recorded) or 0
  local missing = base_tokens - have
  if missing < 500 then return recorded end
  local words, i = {}, 0
  local per_word = estimator:text("the agent reads files and runs tools when asked to change code ") / 13
  for _ = 1, math.floor(missing / per_word) do
    i = i % #FILLER_WORDS + 1
    words[#words + 1] = FILLER_WORDS[i]
  end
  return (recorded and recorded .. "\n\n" or "") .. "[recorded system prompt and tools] " .. table.concat(words, " ")
end

local function merge(into, from)
  for k, v in pairs(from or {}) do into[k] = v end
  return into
end

--- Replay `session` (`{ system_prompt, summary, messages }`, as an importer
-- returns it) under a policy at a window size.
-- @tparam table session
-- @tparam table opts `{ window = W, policy = { agent = {...}, compactor = {...} }, progress = fn,
--   trace = fn(request, count, rejected) }`
-- @return totals `{ compactions, edits, peak, rejections, billed, summary_calls, requests, failed_runs, ... }`,
--   or nil and an error
function engine.run(session, opts)
  local window = assert(tonumber(opts.window), "opts.window")
  local model = cost.model(session.messages, nil, session.summary)
  local ledger = new_ledger(model, window)
  local turns, results = engine.turns(session.messages)
  local replay = { results = results, pending = {}, turn = nil, next_reply = 1, trace = opts.trace }
  local policy = opts.policy or {}
  local compactor, err = compact.new(merge({ summarizer = make_summarizer(ledger) }, policy.compactor))
  if not compactor then return nil, err end
  local totals = ledger.totals
  local agent_config = merge({
    generator = make_generator(ledger, replay), model = "recorded",
    system_prompt = engine.system_prompt(session.system_prompt, model:base()),
    tools = make_tools(tool_names(session.messages), replay),
    compactor = compactor, context_window_tokens = window,
    on_event = function(event)
      if event.type == "compaction_end" and event.record then
        totals.compactions = totals.compactions + 1
      elseif event.type == "context_edit" then
        totals.edits = totals.edits + 1
      end
    end,
  }, policy.agent)
  local agent
  agent, err = compact.agent.new(agent_config)
  if not agent then return nil, err end
  if session.summary then agent.state.summary = session.summary end
  for i, turn in ipairs(turns) do
    replay.turn, replay.next_reply, replay.pending = turn, 1, {}
    local ok = agent:run(turn.prompt)
    if not ok then totals.failed_runs = totals.failed_runs + 1 end
    if opts.progress then opts.progress(i, #turns, totals) end
  end
  totals.billed = round(totals.billed)
  totals.turns = #turns
  return totals
end

return engine
