--- The agent's context upkeep (internal to compact.agent; docs/agent.md):
-- the repair of tool pairs before each request, context editing, proactive
-- maintenance, the request guard, overflow recovery, manual compaction and
-- the `on_before_compaction` hook. The functions here are methods of a run
-- (`install(Run)`).
-- @module compact.agent_compaction

local agent_tools = require "compact.agent_tools"
local checks = require "compact.checks"
local core = require "compact.core"
local context_edit = require "compact.context_edit"
local errors = require "compact.errors"
local repair = require "compact.repair"
local request_module = require "compact.request"

local upkeep = {}

local SKIPPED = "skipped" -- a compaction the hook skipped (not an error)
upkeep.SKIPPED = SKIPPED

local function cancelled_error(cause)
  if errors.is(cause, "cancelled") then return cause end
  return errors.cancelled("agent run cancelled", cause)
end
upkeep.cancelled_error = cancelled_error

local Run = {}

function Run:budget()
  local window = self.agent.context_window_tokens
  if window == nil then return nil end
  local reserve = math.max(self.agent.reserve_tokens, self.max_output_tokens or 0)
  return math.max(0, math.max(0, window - reserve) - self.skill_tokens)
end

function Run:compaction_request(require_reduction)
  local state = self.state
  local tools = self.agent.tool_definitions
  return {
    system_prompt = state.system_prompt,
    summary = state.summary,
    messages = state.messages,
    tools = #tools > 0 and tools or nil,
    input_token_budget = self:budget(),
    estimator = self.agent.estimator,
    require_reduction = require_reduction,
    usage = state.usage,
    fit = self.agent.fit and self:budget() ~= nil or nil,
    instructions = self.instructions,
  }
end

-- The estimate of the context as the compactor's plan counts it (anchored
-- on the state's usage), or of `kept` messages with the state's summary and
-- no anchor; nil when the estimator fails.
function Run:estimate(kept)
  local request = self:compaction_request(false)
  if kept then request.messages, request.usage = kept, nil end
  local ok, view = pcall(request_module.check, request)
  if not ok or not view then return nil end
  local called, tokens = pcall(request_module.estimate, view)
  if called and type(tokens) == "number" then return tokens end
  return nil
end

-- Replace the context's list (an edit): the agent's markers that name the
-- old list follow it.
function Run:replace_messages(list)
  local agent, old = self.agent, self.state.messages
  self.state.messages = list
  local clean = agent._clean
  if clean and rawequal(clean.list, old) then agent._clean = { list = list, count = clean.count } end
  local last = agent._compacted
  if last and rawequal(last.messages, old) and last.count == #old then last.messages = list end
end

-- Where repair must start reading: the list up to the agent's watermark
-- (`_clean`: a list and a count it left clean) holds every call answered,
-- except maybe the calls of its last assistant message, so reading from
-- that message on gives the same list as reading it all (a later result
-- for an older call is dropped either way: as a duplicate of the full list,
-- as an orphan of the part).
local function repair_start(clean, messages)
  if not (clean and rawequal(clean.list, messages) and clean.count <= #messages) then return 1 end
  for i = clean.count, 1, -1 do
    if messages[i].role == "assistant" then return i end
  end
  return 1
end

local function shift_report(report, offset)
  for _, list in pairs(report) do
    for i = 1, #list do list[i] = list[i] + offset end
  end
  return report
end

-- Repair the context's tool pairs before a request (every call answered
-- exactly once, the new prompt included). A changed list replaces the old
-- one, and the anchor, whose indices it no longer matches, goes. Only the
-- messages added since the last repair are read.
function Run:repair_state()
  local agent, messages = self.agent, self.state.messages
  local start = repair_start(agent._clean, messages)
  local part = start == 1 and messages or core.slice(messages, start, #messages)
  local repaired, report = repair.repair(part)
  if not repaired then return nil, report end
  if repair.changed(report) then
    if start > 1 then
      local whole = core.slice(messages, 1, start - 1)
      for i = 1, #repaired do whole[start - 1 + i] = repaired[i] end
      repaired = whole
    end
    self.state.messages = repaired
    self.state.usage = nil
    self:emit { type = "repair", report = shift_report(report, start - 1) }
  end
  agent._clean = { list = self.state.messages, count = #self.state.messages }
  return true
end

--- Context editing (config `edit`): when the estimate is above budget *
-- edit.trigger_ratio, clear old tool results. `pending_prompt`: a prompt is
-- about to be accepted (it is the newest turn).
function Run:edit(pending_prompt)
  local agent, state = self.agent, self.state
  local edit, budget = agent.edit, self:budget()
  if not edit or budget == nil then return end
  local tokens = self:estimate()
  if not tokens or tokens <= budget * edit.trigger_ratio then return end
  local usage = state.usage
  local ok, list, info = pcall(context_edit.edit, state.messages, {
    estimator = agent.estimator, keep_turns = edit.keep_turns, exclude = edit.exclude,
    pending_prompt = pending_prompt, through = type(usage) == "table" and usage.through or nil,
    recall_id = agent._recall_id, recall_alias = agent._recall_alias,
  })
  if not ok or not list then return end
  self:replace_messages(list)
  if type(usage) == "table" and info.saved_through > 0 then
    -- the provider counted the cleared content: take our estimate of it off
    local anchor = {}
    for key, value in pairs(usage) do anchor[key] = value end
    anchor.tokens = math.max(1, usage.tokens - math.ceil(info.saved_through))
    state.usage = anchor
  end
  local edits = self.result.edits
  edits[#edits + 1] = { cleared = info.cleared, tokens_saved = info.tokens_saved }
  self:emit { type = "context_edit", cleared = info.cleared, tokens_saved = info.tokens_saved }
end

-- Apply a confirmed plan between a start/end event pair with `compactor`.
-- Returns true, or nil and the error (the context is unchanged on error).
function Run:rewrite(reason, request, plan, compactor)
  self.rewrite_started = true
  self:emit { type = "compaction_start", reason = reason, plan = plan }
  local ok, outcome, err = pcall(compactor.apply, compactor, request, plan, self.cancel)
  if not ok then
    err = errors.new("summarization", "the compactor raised an error", { cause = outcome })
    outcome = nil
  elseif outcome == nil and err == nil then
    err = errors.new("summarization", "the compactor returned neither a result nor an error")
  elseif outcome ~= nil and (type(outcome) ~= "table" or type(outcome.messages) ~= "table"
      or type(outcome.record) ~= "table") then
    err = errors.new("summarization", "the compactor returned a malformed result")
    outcome = nil
  end
  if not outcome then
    self:emit { type = "compaction_end", reason = reason, err = err }
    return nil, err
  end
  -- Commit: a new list, never an in-place edit of the old one. Every
  -- earlier anchor is stale now.
  self.state.summary = outcome.summary
  self.state.messages = outcome.messages
  self.state.usage = nil
  self.agent._compacted = { messages = outcome.messages, count = #outcome.messages, summary = outcome.summary }
  local compactions = self.result.compactions
  compactions[#compactions + 1] = outcome.record
  self.last_record = outcome.record
  self:emit { type = "compaction_end", reason = reason, record = outcome.record }
  return true
end

-- A compactor that uses `summary` instead of calling its summarizer.
local function with_summary(compactor, summary)
  local fixed = { summarize = function() return summary end }
  return setmetatable({ summarizer = fixed }, { __index = compactor })
end

-- The request the hook sees: a copy whose messages, tools and usage are
-- deep copies, so a hook that edits them cannot change the agent's history.
local function hook_view(request)
  local view = {}
  for k, v in pairs(request) do view[k] = v end
  view.messages = agent_tools.deep_copy(request.messages)
  view.tools = agent_tools.deep_copy(request.tools)
  view.usage = agent_tools.deep_copy(request.usage)
  return view
end

--- Run the hook, then the rewrite. Returns true; or nil, SKIPPED when the
-- hook skipped it; or nil, err.
function Run:compact_with(reason, request, plan)
  local compactor = self.agent.compactor
  local hook = self.agent.on_before_compaction
  if hook then
    local ok, answer = pcall(hook_view, request)
    -- the plan a copy too: a hook that edits it changes nothing of the run
    local plan_view
    if ok then ok, plan_view = pcall(agent_tools.deep_copy, plan) end
    if ok then ok, answer = pcall(hook, { reason = reason, plan = plan_view, request = answer }) end
    if not ok then
      local err = errors.new("callback", "on_before_compaction raised an error", { cause = answer })
      self:emit { type = "compaction_skipped", reason = reason, err = err }
      return nil, SKIPPED
    end
    if answer == false then return nil, SKIPPED end
    if type(answer) == "table" and type(rawget(answer, "summary")) == "string" then
      compactor = with_summary(compactor, answer.summary)
    end
  end
  return self:rewrite(reason, request, plan, compactor)
end

-- Does the list still hold exactly what `mark` recorded?
local function unchanged(mark, state)
  return mark ~= nil and rawequal(mark.messages, state.messages) and mark.count == #state.messages
    and mark.summary == state.summary
end

-- What a plan would save: tokens_before less the (calibrated) estimate of
-- system prompt, tools, kept messages and the previous summary.
function Run:savings(plan)
  local messages = self.state.messages
  local after = self:estimate(core.slice(messages, plan.first_kept_index, #messages))
  if not after or type(plan.tokens_before) ~= "number" then return math.huge end
  return plan.tokens_before - math.ceil(after * (plan.calibration or 1))
end

--- Proactive maintenance: edit, then compact past the trigger. Returns
-- true to go on, or nil, err to end the run (only for cancellation).
function Run:maintain(pending_prompt)
  local agent, state = self.agent, self.state
  self:edit(pending_prompt)
  if not agent.compactor or agent.context_window_tokens == nil then return true end
  -- never twice in a row for the same context, nor again a compaction that
  -- could not fit until messages were added
  if unchanged(agent._compacted, state) or unchanged(agent._unfittable, state) then return true end
  local request = self:compaction_request(false)
  local ok, plan = pcall(agent.compactor.plan, agent.compactor, request)
  if not ok or plan == nil then return true end -- estimate/planning errors and no-ops are silent
  if agent.min_token_savings > 0 and self:savings(plan) < agent.min_token_savings then return true end
  local marker = { messages = state.messages, count = #state.messages, summary = state.summary }
  local _, err = self:compact_with("threshold", request, plan)
  -- Cancellation after a rewrite starts ends the run, even when the rewrite
  -- itself finished (it stays committed).
  if errors.is(err, "cancelled") or self:cancelled() then return nil, cancelled_error(err) end
  if err ~= SKIPPED and errors.is(err, "no_reduction") then agent._unfittable = marker end
  return true -- a failed maintenance leaves the context unchanged
end

local function no_reduction(message) return errors.new("no_reduction", message) end

-- Plan with require_reduction and compact for `reason`. Returns true or
-- nil, err (a skip or a nil plan: ErrNoReduction).
function Run:compact_now(reason)
  local agent = self.agent
  local request = self:compaction_request(true)
  local ok, plan, err = pcall(agent.compactor.plan, agent.compactor, request)
  if not ok then return nil, errors.new("invalid_request", "the compactor raised an error", { cause = plan }) end
  if plan == nil then return nil, err or no_reduction("no raw message prefix can be removed") end
  local done
  done, err = self:compact_with(reason, request, plan)
  if done then return true end
  if self:cancelled() then return nil, cancelled_error(err) end
  if err == SKIPPED then return nil, no_reduction("on_before_compaction skipped the " .. reason .. " compaction") end
  return nil, err
end

--- Overflow recovery. Returns true or nil, err.
function Run:recover()
  return self:compact_now("overflow")
end

--- The guard (config `guard`): before a generator request, a context whose
-- estimate is above the budget is edited, then compacted. Returns true when
-- the request fits (or cannot be judged), or nil, err: it is not sent.
function Run:guard()
  if not self.agent.guard then return true end
  local budget = self:budget()
  if budget == nil then return true end
  local tokens = self:estimate()
  if not tokens or tokens <= budget then return true end
  self:edit(false)
  tokens = self:estimate()
  if not tokens or tokens <= budget then return true end
  if not self.agent.compactor then
    return nil, no_reduction(string.format("the request's estimate (%d tokens) is over the budget (%d) and the "
      .. "agent has no compactor", tokens, budget))
  end
  local done, err = self:compact_now("guard")
  if not done then return nil, err end
  tokens = self:estimate()
  if tokens and tokens > budget then
    return nil, no_reduction(string.format("the request's estimate (%d tokens) is still over the budget (%d) "
      .. "after compaction", tokens, budget))
  end
  return true
end

--- Cap a tool result at `max_tool_result_tokens` (head and tail kept).
function Run:cap_result(result)
  local max = self.agent.max_tool_result_tokens
  if not max then return result end
  local ok, capped = pcall(context_edit.cap_result, result, max, self.agent.estimator, self.agent._recall_id,
    self.agent._recall_alias)
  if ok and type(capped) == "table" then return capped end
  return result
end

-- Tool batches one run may run before it ends with code "max_turns".
local DEFAULT_MAX_TURNS = 100

-- The controls of section "Controls" in docs/agent.md, checked and with
-- their defaults; or nil, ErrInvalidConfig.
function upkeep.check_controls(config)
  local out = {}
  local err
  out.edit, err = context_edit.check_config(config.edit)
  if err then return nil, err end
  for _, field in ipairs {
    { "guard", { "boolean", default = false } },
    { "max_tool_result_tokens", { "integer", min = 1, optional = true } },
    { "min_token_savings", { "number", min = 0, default = 0 } },
    { "instructions", { "string", optional = true } },
    { "on_before_compaction", { "function", optional = true } },
    { "max_turns", { "integer", min = 1, default = DEFAULT_MAX_TURNS } },
    { "stream_events", { "boolean", default = false } },
  } do
    out[field[1]], err = checks.check("config." .. field[1], config[field[1]], field[2])
    if err then return nil, err end
  end
  return out
end

--- Settings a host merges into its configs (docs/agent.md, "Recommended
-- settings"), chosen by bench/replay_choose.lua on recorded Claude Code,
-- Codex and pi sessions (the lowest bill with no rejection; checked on
-- sessions kept aside): compact late (92 % of the budget) keeping no raw
-- suffix, the guard with 4096 tokens of room under the window for what the
-- estimate of the newest messages misses, big tool results cut at 25 000
-- tokens, no compaction that saves under 2000 tokens. Context editing is
-- off: on those sessions it never lowered the bill. A plain table: copy it
-- before editing.
upkeep.recommended = {
  agent = {
    edit = false,
    guard = true,
    min_token_savings = 2000,
    max_tool_result_tokens = 25000,
    reserve_tokens = 4096,
  },
  compactor = { trigger_ratio = 0.92, keep_recent_tokens = 0 },
}

function upkeep.install(run_class)
  for name, method in pairs(Run) do run_class[name] = method end
end

return upkeep
