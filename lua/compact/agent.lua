--- The agent loop: tools, proactive maintenance, overflow recovery, events
-- (docs/agent.md).
--
--     local agent = compact.agent.new {
--       generator = gen, model = "name", system_prompt = "...",
--       tools = { { name =, description =, parameters =, handler = function(args, cancel) ... end } },
--       compactor = compactor, context_window_tokens = 200000, reserve_tokens = 4000,
--       estimator = compact.heuristic(), on_event = function(event) end,
--     }
--     local result, err, partial = agent:run("prompt", { max_output_tokens = nil, skills = nil, cancel = nil })
--
-- `agent.state = { system_prompt, summary, messages, usage }` is the context kept
-- between runs. The agent appends to `agent.state.messages` in place (so the
-- estimator's per-list cache stays warm) and assigns a new list whenever the
-- compactor rewrites the context. It never modifies a message once it is in
-- the state.
-- @module compact.agent

local core = require "compact.core"
local checks = require "compact.checks"
local errors = require "compact.errors"
local cancel_module = require "compact.cancel"
local estimation = require "compact.estimation"
local recall = require "compact.agent_recall"
local summary_module = require "compact.summary"
local repair = require "compact.repair"
local tools_module = require "compact.agent_tools"
local upkeep = require "compact.agent_compaction"
local usage_module = require "compact.usage"
local util = require "compact.util"
local message_model = require "compact.message"

local agent_module = {}

local Agent = { __name = "compact.Agent" }
Agent.__index = Agent
Agent.__tostring = function(self)
  return string.format("compact.Agent(model=%s, messages=%d)", tostring(self.model),
    type(self.state) == "table" and type(self.state.messages) == "table" and #self.state.messages or 0)
end

-- Recoveries allowed per run; one more rejection ends the run.
local MAX_OVERFLOW_RECOVERIES = 2

local known_config = {
  generator = true, model = true, system_prompt = true, tools = true, compactor = true,
  context_window_tokens = true, reserve_tokens = true, estimator = true, on_event = true, fit = true,
  edit = true, guard = true, max_tool_result_tokens = true, min_token_savings = true, instructions = true,
  on_before_compaction = true, max_turns = true, stream_events = true,
  archive = true, conversation_id = true, recall_tool = true,
  drop_reasoning = true,
}

local known_options = { max_output_tokens = true, skills = true, cancel = true }

local function config_error(message) return nil, errors.invalid_config(message) end
local function request_error(message) return nil, errors.invalid_request(message) end

local is_finite_number = util.is_finite_number
local has_method = util.has_method
local is_blank = util.is_blank
local safe_tostring = tools_module.safe_tostring
local tool_result = tools_module.result

local function copy_list(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

--- Create an agent.
-- @function new
-- @tparam table config `{ generator, model, system_prompt, tools, compactor,
--   context_window_tokens, reserve_tokens = 0, estimator = compact.heuristic(), on_event,
--   drop_reasoning = generator.drop_reasoning or "never" }`
-- @return agent, or nil and an ErrInvalidConfig error
function agent_module.new(config)
  local _, err = checks.table(config, known_config)
  if err then return nil, err end
  for _, field in ipairs({
    { "generator", { "method", "generate" } }, { "model", { "string", non_blank = true } },
    { "system_prompt", { "string", optional = true } }, { "on_event", { "function", optional = true } },
  }) do
    _, err = checks.check("config." .. field[1], config[field[1]], field[2])
    if err then return nil, err end
  end
  local definitions, handlers = tools_module.check(config.tools)
  if not definitions then return nil, handlers end
  local compactor = config.compactor
  if compactor ~= nil and not (has_method(compactor, "plan") and has_method(compactor, "apply")) then
    return config_error("config.compactor: expected a compactor (compact.new)")
  end
  -- the archive, its recall tool and a compactor that archives into it
  local holder = {}
  local archived, archive_err = recall.configure(config)
  if not archived then return nil, archive_err end
  _, err = recall.add_tool(archived, definitions, handlers, holder)
  if err then return nil, err end
  compactor = archived.compactor
  local window, reserve
  window, err = checks.check("config.context_window_tokens", config.context_window_tokens,
    { "number", above = 0, optional = true })
  if err then return nil, err end
  reserve, err = checks.check("config.reserve_tokens", config.reserve_tokens, { "number", min = 0, default = 0 })
  if err then return nil, err end
  local estimator = config.estimator
  if estimator == nil then
    estimator = estimation.heuristic()
  else
    local ok, check_err = estimation.check_estimator(estimator, "config.estimator")
    if not ok then return nil, errors.new("invalid_config", check_err.message, { cause = check_err }) end
  end
  if config.fit ~= nil and type(config.fit) ~= "boolean" then
    return config_error("config.fit: expected a boolean, got " .. type(config.fit))
  end
  -- which reasoning the provider drops (compact.usage_anchor): config, else
  -- what the generator says for its servers, else "never"
  local drop_reasoning, field = config.drop_reasoning, "config.drop_reasoning"
  if drop_reasoning == nil then
    local ok, said = pcall(function() return config.generator.drop_reasoning end)
    drop_reasoning, field = ok and said or nil, "config.generator.drop_reasoning"
  end
  local mode, mode_err = usage_module.drop_mode({ drop_reasoning = drop_reasoning })
  if not mode then return config_error(field .. mode_err.message:sub(#"options.drop_reasoning" + 1)) end
  local controls
  controls, err = upkeep.check_controls(config)
  if not controls then return nil, err end
  holder.agent = setmetatable({
    edit = controls.edit,
    guard = controls.guard,
    max_tool_result_tokens = controls.max_tool_result_tokens,
    min_token_savings = controls.min_token_savings,
    instructions = controls.instructions,
    on_before_compaction = controls.on_before_compaction,
    max_turns = controls.max_turns,
    stream_events = controls.stream_events,
    generator = config.generator,
    model = config.model,
    compactor = compactor,
    archive = archived.archive,
    conversation_id = archived.conversation_id,
    context_window_tokens = window,
    reserve_tokens = reserve,
    estimator = estimator,
    on_event = config.on_event,
    fit = config.fit ~= false,
    drop_reasoning = mode,
    tool_definitions = definitions,
    _handlers = handlers,
    state = { system_prompt = config.system_prompt, messages = {} },
  }, Agent)
  recall.attach(holder.agent, archived)
  return holder.agent
end

--- The text skills add to the system prompt of a run: one block per skill,
-- `\n\n<skill name="NAME">\nCONTENT\n</skill>`. Its estimate is withheld
-- from the maintenance budget.
-- @function render_skills
-- @tparam table skills list of `{ name = string, content = string }`
-- @treturn string
function agent_module.render_skills(skills)
  local parts = {}
  for i, skill in ipairs(skills or {}) do
    parts[i] = "\n\n<skill name=\"" .. skill.name .. "\">\n" .. skill.content .. "\n</skill>"
  end
  return table.concat(parts)
end

local function check_options(opts)
  if opts == nil then return {} end
  if type(opts) ~= "table" then return request_error("opts: expected a table, got " .. type(opts)) end
  for key in pairs(opts) do
    if not known_options[key] then return request_error("opts." .. tostring(key) .. ": unknown option") end
  end
  local max_output = opts.max_output_tokens
  if max_output ~= nil and not (is_finite_number(max_output) and max_output > 0
      and max_output == math.floor(max_output)) then
    return request_error("opts.max_output_tokens: expected a positive integer, got " .. tostring(max_output))
  end
  local skills = opts.skills
  if skills ~= nil then
    if type(skills) ~= "table" then return request_error("opts.skills: expected a list, got " .. type(skills)) end
    for i, skill in ipairs(skills) do
      local where = "opts.skills[" .. i .. "]"
      if type(skill) ~= "table" then return request_error(where .. ": expected a table, got " .. type(skill)) end
      if is_blank(skill.name) then return request_error(where .. ".name: expected a non-blank string") end
      if type(skill.content) ~= "string" then
        return request_error(where .. ".content: expected a string, got " .. type(skill.content))
      end
    end
  end
  return opts
end

local function prompt_message(prompt)
  local message
  if type(prompt) == "string" then
    message = { role = "user", content = prompt }
  elseif type(prompt) == "table" and prompt.role ~= nil then
    if prompt.role ~= "user" then
      return request_error("prompt.role: expected \"user\", got " .. tostring(prompt.role))
    end
    -- A shallow copy: the caller may reuse its table after the run.
    message = {}
    for k, v in pairs(prompt) do message[k] = v end
  elseif type(prompt) == "table" then
    message = { role = "user", content = prompt }
  else
    return request_error("prompt: expected a string, a list of content blocks or a user message, got "
      .. type(prompt))
  end
  local ok, problem = core.validate_messages({ message })
  if not ok then return request_error("prompt: " .. tostring(problem)) end
  return message
end

-- Check a restored state; a missing messages list becomes {} only when
-- every check passes (a failed call leaves the state untouched).
local function check_state(state)
  if type(state) ~= "table" then return request_error("agent.state: expected a table, got " .. type(state)) end
  local messages = state.messages
  if messages == nil then messages = {} end
  if type(messages) ~= "table" then
    return request_error("agent.state.messages: expected a list, got " .. type(messages))
  end
  for _, field in ipairs { "system_prompt", "summary" } do
    if state[field] ~= nil and type(state[field]) ~= "string" then
      return request_error("agent.state." .. field .. ": expected a string, got " .. type(state[field]))
    end
  end
  -- Validated through the heuristic's ledger (never the application's
  -- estimator, whose failures must not stop a run): only messages added
  -- since the last check are read, so a long conversation costs nothing.
  local ledger, err = estimation.ledger(estimation.heuristic(), messages)
  if not ledger then return nil, errors.new("invalid_request", "agent.state." .. err.message, { cause = err.cause }) end
  local _
  _, err = usage_module.check(state.usage, #messages, "agent.state.usage")
  if err then return nil, err end
  state.messages = messages
  return state
end

-- An assistant message standing for a failed generator call: it goes to
-- `new_messages` only, never into the context.
local function failed_attempt(err, aborted)
  return {
    role = "assistant",
    content = setmetatable({}, core.json_array_mt),
    stop_reason = aborted and "aborted" or "error",
    error_message = safe_tostring(err),
    usage = message_model.zero_usage(),
  }
end

-- One run's working data; methods below implement the loop.
local Run = {}
Run.__index = Run

function Run:emit(event)
  local handler = self.agent.on_event
  if handler then pcall(handler, event) end
end

function Run:cancelled()
  return cancel_module.is_cancelled(self.cancel)
end

function Run:fail(err)
  return nil, err, self.result
end

upkeep.install(Run)
local cancelled_error = upkeep.cancelled_error

-- Commit a message to the context (in place: see the module comment). A
-- reply with usage becomes the state's anchor. The provider counted this
-- run's skills too (they ride in the system prompt), which the budget
-- already withholds: the anchor leaves them out so they count once. A user
-- message after the anchor may make the provider drop the reasoning of the
-- anchor's turn (drop_reasoning): the anchor gains `dropped`.
function Run:commit(message)
  local messages, usage, mode = self.state.messages, self.state.usage, self.agent.drop_reasoning
  local index = #messages + 1
  messages[index] = message
  local from = message.role == "assistant" and index
    or message.role == "user" and mode ~= "never" and usage and usage.through
  if not from then return end
  local anchor = usage_module.anchor(messages, from, { drop_reasoning = mode })
  if not anchor then return end
  if message.role == "assistant" then
    usage = { tokens = math.max(1, anchor.tokens - self.skill_tokens), through = anchor.through }
  elseif anchor.through ~= usage.through then
    return
  end
  local dropped = math.min(anchor.dropped or 0, usage.tokens - 1)
  self.state.usage = { tokens = usage.tokens, through = usage.through, dropped = dropped > 0 and dropped or nil }
end

function Run:generator_request()
  local agent, state = self.agent, self.state
  local messages = {}
  local projected = summary_module.project_summary(state.summary)
  if projected then messages[1] = projected end
  local raw = state.messages
  local offset = #messages
  for i = 1, #raw do messages[offset + i] = raw[i] end
  local system_prompt = state.system_prompt
  if self.skills_text ~= "" then system_prompt = (system_prompt or "") .. self.skills_text end
  local tools = agent.tool_definitions
  local has_tools = #tools > 0
  return {
    model = agent.model,
    system_prompt = system_prompt,
    messages = messages,
    tools = has_tools and copy_list(tools) or nil,
    tool_choice = has_tools and "auto" or nil,
    max_output_tokens = self.max_output_tokens,
    on_delta = self.on_delta,
  }
end

-- One generator call. Returns an assistant message, or nil, err and the
-- failed attempt standing for it (for `new_messages`).
function Run:generate()
  local stream = self.agent.stream_events
  if stream then self:emit { type = "message_start" } end
  local message, err = self:call_generator(self.agent.generator)
  local attempt = not message and failed_attempt(err, errors.is(err, "cancelled") or self:cancelled()) or nil
  if stream then self:emit { type = "message_end", message = message or attempt } end
  return message, err, attempt
end

function Run:call_generator(generator)
  local ok, message, err = pcall(generator.generate, generator, self:generator_request(), self.cancel)
  if not ok then return nil, errors.new("generator", "the generator raised an error", { cause = message }) end
  if message == nil then
    if err == nil then
      return nil, errors.new("invalid_response", "the generator returned neither a message nor an error")
    end
    if not errors.is_error(err) then err = errors.new("generator", safe_tostring(err), { cause = err }) end
    return nil, err
  end
  if type(message) ~= "table" or message.role ~= "assistant" then
    return nil, errors.new("invalid_response", "the generator returned something other than an assistant message")
  end
  local valid, problem = core.validate_messages({ message })
  if not valid then
    return nil, errors.new("invalid_response", "the generator returned an invalid message: " .. tostring(problem))
  end
  return message
end

-- Run a batch in call order. Cancellation between calls fills the rest with
-- error results so every committed tool call keeps its result.
function Run:run_batch(calls)
  local new = self.result.new_messages
  local cancelled = false
  for _, call in ipairs(calls) do
    if not cancelled and self:cancelled() then cancelled = true end
    local result
    if self.agent.stream_events then self:emit { type = "tool_start", call = call } end
    if cancelled then
      result = tool_result(call, "cancelled: tool " .. tostring(call.name) .. " was not run", true)
    else
      local ok, outcome = pcall(tools_module.run, self.agent._handlers[call.name], call, self.cancel)
      result = ok and outcome
        or tool_result(call, "tool " .. tostring(call.name) .. " failed: " .. safe_tostring(outcome), true)
      result = self:cap_result(result)
    end
    if self.agent.stream_events then self:emit { type = "tool_end", call = call, result = result } end
    self:commit(result)
    new[#new + 1] = result
  end
  if cancelled then return nil, cancelled_error() end
  return true
end

function Run:loop()
  local new = self.result.new_messages
  local recoveries = 0
  local batches = 0
  while true do
    if self:cancelled() then return self:fail(cancelled_error()) end
    local repaired, repair_err = self:repair_state()
    if not repaired then return self:fail(repair_err) end
    if batches >= self.agent.max_turns then
      return self:fail(errors.new("max_turns", "the tool loop reached config.max_turns ("
        .. self.agent.max_turns .. " tool batches) without a final answer"))
    end
    local fits, guard_err = self:guard()
    if not fits then return self:fail(guard_err) end
    local message, err, attempt = self:generate()
    if not message then
      local aborted = attempt.stop_reason == "aborted"
      new[#new + 1] = attempt
      if aborted then return self:fail(cancelled_error(err)) end
      if not (self.agent.compactor and errors.is(err, "context_window_exceeded")) then return self:fail(err) end
      if recoveries >= MAX_OVERFLOW_RECOVERIES then return self:fail(err) end
      recoveries = recoveries + 1
      local ok, recover_err = self:recover()
      if not ok then return self:fail(recover_err) end
    elseif message_model.is_failed_attempt(message) then
      -- A failed attempt reported as a message: kept for the caller, not in the context.
      new[#new + 1] = message
      if message.stop_reason == "aborted" or self:cancelled() then
        return self:fail(cancelled_error(errors.cancelled(message.error_message)))
      end
      return self:fail(errors.new("generator", tostring(message.error_message or "the generation failed")))
    else
      -- two calls with one id would share one result: ids made unique first
      message = tools_module.unique_call_ids(message)
      self:commit(message)
      new[#new + 1] = message
      local calls = tools_module.calls_of(message)
      if #calls == 0 then
        self.result.final = message
        if batches > 0 then
          local ok, maintain_err = self:maintain(false)
          if not ok then return self:fail(maintain_err) end
        end
        return self.result
      end
      batches = batches + 1
      local ok, batch_err = self:run_batch(calls)
      if not ok then return self:fail(batch_err) end
    end
  end
end

local function new_run(agent, state, result, cancel)
  local run = setmetatable({ agent = agent, state = state, result = result, cancel = cancel,
    skills_text = "", skill_tokens = 0, instructions = agent.instructions }, Run)
  if agent.stream_events then
    run.on_delta = function(delta) run:emit { type = "delta", delta = delta } end
  end
  return run
end

-- One run, unprotected (Agent:run wraps it).
local function run_unprotected(self, prompt, opts, result)
  local err
  opts, err = check_options(opts)
  if not opts then return nil, err, result end
  local message
  message, err = prompt_message(prompt)
  if not message then return nil, err, result end
  local state
  state, err = check_state(self.state)
  if not state then return nil, err, result end
  local skills_text = agent_module.render_skills(opts.skills)
  local skill_tokens = 0
  if skills_text ~= "" then
    local ok, tokens = pcall(self.estimator.text, self.estimator, skills_text)
    if ok and is_finite_number(tokens) and tokens > 0 then skill_tokens = math.ceil(tokens) end
  end
  local run = new_run(self, state, result, opts.cancel)
  run.max_output_tokens, run.skills_text, run.skill_tokens = opts.max_output_tokens, skills_text, skill_tokens
  if run:cancelled() then return nil, cancelled_error(), result end
  -- Maintenance is planned on the context before the prompt is accepted.
  local ok, maintain_err = run:maintain(true)
  if not ok then return nil, maintain_err, result end
  if run:cancelled() then return nil, cancelled_error(), result end
  run:commit(message)
  result.new_messages[1] = message
  return run:loop()
end

-- The agents inside Agent:run, each with the coroutine running it. A run
-- whose coroutine is suspended (a handler yielded and was abandoned) or
-- gone does not block the next one; one on this thread or a thread that
-- resumed this one (status "normal") does.
local running = setmetatable({}, { __mode = "kv" })
local MAIN = {} -- the main thread where coroutine.running() gives nil (5.1)

local function current_thread() return coroutine.running() or MAIN end

local function is_active(thread)
  if thread == nil then return false end
  if thread == MAIN then return true end
  local status = coroutine.status(thread)
  return status == "running" or status == "normal"
end

--- Run one prompt to completion.
-- Checks maintenance on the current context, appends the user message,
-- repairs the context's tool pairs and calls the generator, runs tool
-- batches until an assistant message has no tool calls, checks maintenance
-- again after a completed tool loop, and recovers from context-window
-- rejections. Never raises: a Lua error raised anywhere in the run (a
-- hostile metatable, a yield across a C boundary) returns nil and an error
-- with code `callback`, and the state keeps every tool call answered.
-- @param prompt a string, a list of content blocks, or a user message
-- @tparam[opt] table opts `{ max_output_tokens = nil, skills = nil, cancel = nil }`
-- @return `{ final, new_messages, compactions }`; or nil, err, partial result
function Agent:run(prompt, opts)
  local result = { final = nil, new_messages = {}, compactions = {}, edits = {} }
  -- a tool handler or callback calling run on its own agent would interleave
  -- two runs in one state: refused, the running one goes on untouched
  if is_active(running[self]) then
    return nil, errors.invalid_request("agent:run: this agent is already running (called from a tool handler "
      .. "or a callback?)"), result
  end
  local thread = current_thread()
  running[self] = thread
  local ok, value, err, partial = pcall(run_unprotected, self, prompt, opts, result)
  if running[self] == thread then running[self] = nil end
  if ok then return value, err, partial end
  local state = rawget(self, "state")
  if type(state) == "table" and type(rawget(state, "messages")) == "table" then
    local repaired_ok, repaired, report = pcall(repair.repair, state.messages)
    if repaired_ok and repaired and repair.changed(report) then
      state.messages = repaired
      state.usage = nil
    end
  end
  return nil, errors.new("callback", "the agent run raised an error", { cause = value }), result
end

local known_compact_options = { instructions = true, cancel = true }

local function compact_unprotected(self, opts)
  if opts == nil then opts = {} end
  local _, err = checks.table(opts, known_compact_options, "opts")
  if err then return nil, errors.invalid_request(err.message) end
  if opts.instructions ~= nil and type(opts.instructions) ~= "string" then
    return request_error("opts.instructions: expected a string, got " .. type(opts.instructions))
  end
  if not self.compactor then return request_error("agent:compact: the agent has no compactor") end
  local state
  state, err = check_state(self.state)
  if not state then return nil, err end
  local run = new_run(self, state, { new_messages = {}, compactions = {}, edits = {} }, opts.cancel)
  if opts.instructions ~= nil then run.instructions = opts.instructions end
  if run:cancelled() then return nil, cancelled_error() end
  local done
  done, err = run:compact_now("manual")
  if done then return run.last_record end
  if errors.is(err, "cancelled") then return nil, err end
  if errors.is(err, "no_reduction") and not run.rewrite_started then
    return nil -- nothing can be removed, or the hook skipped it
  end
  return nil, err
end

--- Compact now, whatever the threshold (keeping the compactor's
-- `keep_recent_tokens`), with `compaction_start` reason `"manual"`.
-- @tparam[opt] table opts `{ instructions = nil, cancel = nil }`
-- @return the record; nil when nothing can be removed (or the hook skipped
--   it); or nil, err (the state unchanged)
function Agent:compact(opts)
  if is_active(running[self]) then
    return nil, errors.invalid_request("agent:compact: this agent is running (called from a tool handler or a "
      .. "callback?)")
  end
  local thread = current_thread()
  running[self] = thread
  local ok, value, err = pcall(compact_unprotected, self, opts)
  if running[self] == thread then running[self] = nil end
  if ok then return value, err end
  return nil, errors.new("callback", "agent:compact raised an error", { cause = value })
end

--- Settings a host merges into its configs (docs/agent.md, "Recommended
-- settings"); a plain table: copy before editing.
agent_module.recommended = upkeep.recommended

agent_module.Agent = Agent

return agent_module
