--- The compactor: plans where to cut a conversation and rewrites it around
-- a summary (contract section 5).
--
-- `plan` is pure: it estimates, checks the trigger and picks a tool-safe cut
-- without calling the summarizer. `apply` runs the summarizer on a plan and
-- builds the new context. Neither ever modifies the tables it is given.
-- @module compact.compactor

local core = require "compact.core"
local checks = require "compact.config"
local errors = require "compact.errors"
local files = require "compact.files"
local request_module = require "compact.request"
local util = require "compact.util"

local is_finite_number = util.is_finite_number

local compactor_module = {}

local Compactor = { __name = "compact.Compactor" }
Compactor.__index = Compactor
Compactor.__tostring = function(self)
  return string.format("compact.Compactor(keep_recent_tokens=%s, trigger_ratio=%s)",
    tostring(self.keep_recent_tokens), tostring(self.trigger_ratio))
end

local known_config = { keep_recent_tokens = true, trigger_ratio = true, summarizer = true, file_tools = true }

--- Create a compactor.
-- @tparam table config `{ keep_recent_tokens = 0, trigger_ratio = 1.0, summarizer = s, file_tools = nil }`
-- @return compactor, or nil and an ErrInvalidConfig error
function compactor_module.new(config)
  local _, err = checks.table(config, known_config)
  if err then return nil, err end
  local keep, ratio
  keep, err = checks.check("config.keep_recent_tokens", config.keep_recent_tokens, { "number", min = 0, default = 0 })
  if err then return nil, err end
  ratio, err = checks.check("config.trigger_ratio", config.trigger_ratio, { "number", above = 0, default = 1.0 })
  if err then return nil, err end
  _, err = checks.check("config.summarizer", config.summarizer, { "method", "summarize" })
  if err then return nil, err end
  local file_tools
  file_tools, err = files.merge_tools(config.file_tools)
  if not file_tools then return nil, err end
  return setmetatable({
    keep_recent_tokens = keep,
    trigger_ratio = ratio,
    summarizer = config.summarizer,
    file_tools = file_tools,
  }, Compactor)
end

local slice = core.slice

--- Plan a compaction of `request` without calling the summarizer.
-- @return plan; or nil (nothing to do); or nil, err
function Compactor:plan(request)
  local view, err = request_module.check(request)
  if not view then return nil, err end
  local tokens_before, ledger = request_module.estimate(view)
  if not tokens_before then return nil, ledger end
  if not view.require_reduction then
    local budget = view.input_token_budget
    if budget == nil or tokens_before <= budget * self.trigger_ratio then return nil end
  end
  local first_kept_index, turn_start = ledger:plan(self.keep_recent_tokens)
  if first_kept_index <= 1 then
    if view.require_reduction then
      return nil, errors.new("no_reduction", "no raw message prefix can be removed")
    end
    return nil
  end
  return compactor_module.new_plan(view.messages, first_kept_index, turn_start, tokens_before)
end

-- Plans build their two message lists on first read. Deciding is O(recent
-- messages) with a warm ledger, but copying a long history into
-- `messages_to_summarize` is O(history); a caller that only asks "would it
-- compact, and where?" (an editor's status line, every keystroke) should not
-- pay for it. Reading either list, or iterating the plan with pairs (5.2+),
-- builds both from the request's list as it was planned (appending to that
-- list meanwhile is fine; editing its planned prefix is not).
local Plan = { __name = "compact.Plan" }
local plan_sources = setmetatable({}, { __mode = "k" })

local function materialize(plan)
  local source = plan_sources[plan]
  if not source then return end
  plan_sources[plan] = nil
  local messages, k, turn_start = source[1], source[2], source[3]
  local history_end = turn_start > 0 and turn_start - 1 or k - 1
  rawset(plan, "messages_to_summarize", slice(messages, 1, history_end))
  rawset(plan, "turn_prefix_messages", turn_start > 0 and slice(messages, turn_start, k - 1) or {})
end

Plan.__index = function(plan, key)
  if key == "messages_to_summarize" or key == "turn_prefix_messages" then
    materialize(plan)
    return rawget(plan, key)
  end
  return nil
end
Plan.__pairs = function(plan)
  materialize(plan)
  return next, plan, nil
end

--- Make a plan for `messages`: first_kept_index `k`, the index of the user
-- message starting a split turn (0 when not split) and tokens_before.
function compactor_module.new_plan(messages, k, turn_start, tokens_before)
  local plan = setmetatable({
    first_kept_index = k,
    is_split_turn = turn_start > 0,
    tokens_before = tokens_before,
  }, Plan)
  plan_sources[plan] = { messages, k, turn_start }
  return plan
end

-- The plan's two lists: as given, or rebuilt from the request by the
-- planner's own rule when both are missing (a plan copied with pairs on Lua
-- 5.1 loses the lists a plan builds lazily). Lists that do not add up to
-- first_kept_index - 1 messages are an error rather than a silent loss.
local function plan_lists(plan, messages, k)
  local to_summarize, turn_prefix = plan.messages_to_summarize, plan.turn_prefix_messages
  if to_summarize == nil and turn_prefix == nil then
    local turn_start = 0
    if plan.is_split_turn then
      for i = k - 1, 1, -1 do
        if type(messages[i]) == "table" and messages[i].role == "user" then turn_start = i; break end
      end
    end
    local history_end = turn_start > 0 and turn_start - 1 or k - 1
    return slice(messages, 1, history_end), turn_start > 0 and slice(messages, turn_start, k - 1) or {}
  end
  to_summarize, turn_prefix = to_summarize or {}, turn_prefix or {}
  for field, list in pairs { messages_to_summarize = to_summarize, turn_prefix_messages = turn_prefix } do
    if type(list) ~= "table" then
      return nil, errors.invalid_request("plan." .. field .. ": expected a list, got " .. type(list))
    end
    local ok, problem = core.validate_messages(list)
    if not ok then return nil, errors.invalid_request("plan." .. field .. ": " .. problem) end
  end
  if #to_summarize + #turn_prefix ~= k - 1 then
    return nil, errors.invalid_request("plan: messages_to_summarize and turn_prefix_messages hold "
      .. (#to_summarize + #turn_prefix) .. " messages, first_kept_index says " .. (k - 1))
  end
  return to_summarize, turn_prefix
end

local function check_plan(plan, message_count)
  if type(plan) ~= "table" then
    return nil, errors.invalid_request("plan: expected a table, got " .. type(plan))
  end
  local k = plan.first_kept_index
  if type(k) ~= "number" or k ~= math.floor(k) or k < 1 or k > message_count + 1 then
    return nil, errors.invalid_request("plan.first_kept_index: expected an integer from 1 to "
      .. (message_count + 1) .. ", got " .. tostring(k))
  end
  if plan.tokens_before ~= nil and not is_finite_number(plan.tokens_before) then
    return nil, errors.invalid_request("plan.tokens_before: expected a number")
  end
  return true
end

local function normalize_usage(usage)
  if type(usage) ~= "table" then return nil end
  local out = {}
  for _, key in ipairs { "input", "output", "cache_read", "cache_write" } do
    local value = usage[key]
    out[key] = is_finite_number(value) and value or 0
  end
  return out
end

local function summarization_error(message, cause)
  return errors.new("summarization", message, { cause = cause })
end

-- Call the summarizer under pcall; returns text, usage, meta or nil, err.
local function run_summarizer(summarizer, summary_request, cancel)
  local ok, text, usage, meta = pcall(summarizer.summarize, summarizer, summary_request, cancel)
  if not ok then return nil, summarization_error("summarizer raised an error", text) end
  if text == nil then
    return nil, summarization_error("summarizer failed", usage)
  end
  if type(text) ~= "string" then
    return nil, summarization_error("summarizer returned " .. type(text) .. ", expected a string")
  end
  return text, usage, meta
end

--- Run the summarizer on a plan and build the compacted context.
-- A nil plan is a no-op (`summary` unchanged, `messages` a shallow copy,
-- `record` nil). A non-nil plan is trusted, not re-planned.
-- @return `{ summary, messages, record }` or nil, err
function Compactor:apply(request, plan, cancel)
  local view, err = request_module.check(request)
  if not view then return nil, err end
  local messages = view.messages
  local count = rawlen and rawlen(messages) or #messages
  if plan == nil then
    return { summary = request.summary, messages = slice(messages, 1, count), record = nil }
  end
  local ok
  ok, err = check_plan(plan, count)
  if not ok then return nil, err end
  local tokens_before = plan.tokens_before
  if tokens_before == nil then
    tokens_before, err = request_module.estimate(view)
    if not tokens_before then return nil, err end
  end
  local to_summarize, turn_prefix = plan_lists(plan, messages, plan.first_kept_index)
  if not to_summarize then return nil, turn_prefix end
  local text, usage, meta = run_summarizer(self.summarizer, {
    messages = to_summarize,
    turn_prefix_messages = turn_prefix,
    previous_summary = view.summary,
    instructions = view.instructions,
  }, cancel)
  if not text then return nil, usage end
  local read_list, modified_list = files.collect(self.file_tools, view.summary, { to_summarize, turn_prefix })
  local summary
  summary, err = files.finish_summary(text, read_list, modified_list)
  if not summary then return nil, err end
  local kept = slice(messages, plan.first_kept_index, count)
  local after_view = {
    system_prompt = view.system_prompt, summary = summary, messages = kept,
    tools = view.tools, estimator = view.estimator,
  }
  local tokens_after
  tokens_after, err = request_module.estimate(after_view)
  if not tokens_after then return nil, err end
  if view.require_reduction and tokens_after >= tokens_before then
    return nil, errors.new("no_reduction", "compaction did not reduce the estimate ("
      .. tostring(tokens_before) .. " tokens before, " .. tostring(tokens_after) .. " after)")
  end
  local record = {
    summary = summary,
    first_kept_index = plan.first_kept_index,
    tokens_before = tokens_before,
    tokens_after = tokens_after,
    usage = normalize_usage(usage),
  }
  if type(meta) == "table" and meta.fallback then record.fallback = true end
  return { summary = summary, messages = kept, record = record }
end

--- Plan then apply.
-- @return result (see apply) or nil, err
function Compactor:compact(request, cancel)
  local plan, err = self:plan(request)
  if err then return nil, err end
  return self:apply(request, plan, cancel)
end

-- The public methods never raise: a request whose tables raise when read
-- (metatables) becomes an ErrInvalidRequest carrying what was raised.
-- Summarizer errors are caught closer, in run_summarizer.
local function protect(method)
  return function(...)
    local ok, value, err = pcall(method, ...)
    if ok then return value, err end
    return nil, errors.new("invalid_request", "reading the request raised an error", { cause = value })
  end
end
compactor_module.protect = protect
Compactor.plan = protect(Compactor.plan)
Compactor.apply = protect(Compactor.apply)

--- Wrap a function as a summarizer: `fn(req, cancel) -> text, usage | nil, err`.
function compactor_module.summarizer(fn)
  if type(fn) ~= "function" then
    return nil, errors.invalid_config("summarizer: expected a function, got " .. type(fn))
  end
  return { summarize = function(_, summary_request, cancel) return fn(summary_request, cancel) end }
end

compactor_module.Compactor = Compactor

return compactor_module
