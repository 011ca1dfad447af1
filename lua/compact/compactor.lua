--- The compactor: plans where to cut a conversation and rewrites it around
-- a summary (docs/api.md, docs/compactor.md).
--
-- `plan` is pure: it estimates, checks the trigger and picks a tool-safe cut
-- without calling the summarizer. `apply` runs the summarizer on a plan and
-- builds the new context. Neither ever modifies the tables it is given.
-- @module compact.compactor

local cancel_module = require "compact.cancel"
local core = require "compact.core"
local checks = require "compact.checks"
local errors = require "compact.errors"
local usage_module = require "compact.usage"
local user_requests = require "compact.user_requests"
local estimation = require "compact.estimation"
local files = require "compact.summary"
local fit = require "compact.fit"
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

local known_config = { keep_recent_tokens = true, trigger_ratio = true, summarizer = true, file_tools = true,
  tool_vocabulary = true, keep_user_messages_tokens = true, archive = true, conversation_id = true,
  max_file_list_chars = true }

-- compact.archive, loaded only by compactors that have an archive
local function archive_module() return require "compact.archive_common" end

-- The archive options: archive (nil or a table with put/search/get),
-- conversation_id (default: a fresh one). Returns archive, id or nil, err.
local function check_archive(config)
  if config.archive == nil then
    if config.conversation_id ~= nil then
      return checks.expected("config.conversation_id", "nil without config.archive", config.conversation_id)
    end
    return false
  end
  local archive = archive_module()
  local ok, err = archive.check_config("config.archive", config.archive)
  if not ok then return nil, err end
  local id = config.conversation_id
  if id == nil then return config.archive, archive.fresh_conversation_id() end
  if type(id) ~= "string" or id == "" or id:find("%z") then
    return checks.expected("config.conversation_id", "a non-empty string", id)
  end
  return config.archive, id
end

--- Create a compactor.
-- @function new
-- @tparam table config `{ keep_recent_tokens = 0, trigger_ratio = 1.0, summarizer = s, file_tools = nil,
--   keep_user_messages_tokens = 0, archive = nil, conversation_id = nil, max_file_list_chars = 2000 }`
--   (`tool_vocabulary` is another name of `file_tools`; `max_file_list_chars` bounds the file lists a
--   summary ends with, see `compact.summary.lists`)
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
  local keep_users
  keep_users, err = checks.check("config.keep_user_messages_tokens", config.keep_user_messages_tokens,
    { "number", min = 0, default = 0 })
  if err then return nil, err end
  local max_lists
  max_lists, err = checks.check("config.max_file_list_chars", config.max_file_list_chars,
    { "integer", min = 0, default = files.MAX_LIST_CHARS })
  if err then return nil, err end
  local file_tools
  file_tools, err = files.config_tools(config)
  if not file_tools then return nil, err end
  local archive, conversation_id = check_archive(config)
  if archive == nil then return nil, conversation_id end
  return setmetatable({
    keep_recent_tokens = keep,
    trigger_ratio = ratio,
    summarizer = config.summarizer,
    file_tools = file_tools,
    keep_user_messages_tokens = keep_users,
    max_file_list_chars = max_lists,
    archive = archive or nil,
    conversation_id = conversation_id,
    _archived = archive and archive_module().new_cache() or nil,
  }, Compactor)
end

local slice = core.slice
local rawlen = util.rawlen

-- The cut walk adds calibrated estimates (r * estimate) until the sum
-- reaches keep_recent_tokens; the ledger adds raw integer estimates, so it
-- gets the smallest integer T with r * T >= keep (exactly the same stop).
local function scaled_keep(keep, r)
  if r == 1 or keep <= 0 then return keep end
  local t = math.ceil(keep / r)
  if t >= 2 ^ 52 then return t end
  while t > 0 and r * (t - 1) >= keep do t = t - 1 end
  while r * t < keep do t = t + 1 end
  return t
end
compactor_module.scaled_keep = scaled_keep

-- Plans made by `plan`, with the lists they were made with: `apply` trusts
-- those lists without validating them again (weak: a dropped plan goes).
local made_plans = setmetatable({}, { __mode = "k" })

--- Make a plan for `messages`: first_kept_index `k`, the index of the user
-- message starting a split turn (0 when not split), tokens_before and the
-- calibration ratio. A plain table.
function compactor_module.new_plan(messages, k, turn_start, tokens_before, calibration)
  local history_end = turn_start > 0 and turn_start - 1 or k - 1
  local plan = {
    messages_to_summarize = slice(messages, 1, history_end),
    turn_prefix_messages = turn_start > 0 and slice(messages, turn_start, k - 1) or {},
    first_kept_index = k,
    is_split_turn = turn_start > 0,
    tokens_before = tokens_before,
    calibration = calibration or 1,
  }
  made_plans[plan] = { messages, plan.messages_to_summarize, plan.turn_prefix_messages }
  return plan
end

local read_request, estimate_parts = request_module.read, request_module.estimate_parts

-- The cut of a fit plan (the plan keep_recent_tokens gives would keep
-- everything): the cut that keeps about what fits beside the overhead; when
-- that keeps everything or nothing, the newest turn start; without one, 1
-- (nothing summarized: the fit ladder's last rung cuts the newest turn).
local function fit_cut(ledger, messages, budget, calibration, overhead)
  local n = rawlen(messages)
  local k, turn_start = ledger:plan(math.max(1, math.floor(budget / calibration) - overhead))
  if k > 1 and k <= n then return k, turn_start end
  local starts = fit.later_turn_starts(messages, 1)
  if starts[1] then return starts[1], 0 end
  return 1, 0
end

--- Plan a compaction of `request` without calling the summarizer.
-- @function compactor:plan
-- @tparam table request `{ system_prompt, summary, messages, tools, input_token_budget, estimator,
--   require_reduction, instructions }`
-- @return plan; or nil (nothing to do); or nil, err
function Compactor:plan(request)
  -- the request's fields as values, not a view table: plan runs on every turn
  local messages, estimator, budget, system_prompt, summary, tools, anchor_tokens, anchor_through,
    require_reduction, _, fit_on = read_request(request)
  if not messages then return nil, estimator end
  local tokens_before, ledger, calibration = estimate_parts(estimator, messages, system_prompt, summary, tools,
    anchor_tokens, anchor_through)
  if not tokens_before then return nil, ledger end
  if not require_reduction and (budget == nil or tokens_before <= budget * self.trigger_ratio) then return nil end
  local first_kept_index, turn_start = ledger:plan(scaled_keep(self.keep_recent_tokens, calibration))
  if first_kept_index <= 1 and fit_on and budget ~= nil and tokens_before > budget and rawlen(messages) > 0 then
    -- the kept part covers everything but does not fit: keep less
    first_kept_index, turn_start = fit_cut(ledger, messages, budget, calibration,
      estimation.overhead(estimator, system_prompt, summary, tools) or 0)
    return compactor_module.new_plan(messages, first_kept_index, turn_start, tokens_before, calibration)
  end
  if first_kept_index <= 1 then
    if require_reduction then
      return nil, errors.new("no_reduction", "no raw message prefix can be removed")
    end
    return nil
  end
  return compactor_module.new_plan(messages, first_kept_index, turn_start, tokens_before, calibration)
end

-- The plan's two lists, validated unless this compactor made them for this
-- very message list. Lists that do not add up to first_kept_index - 1
-- messages are an error rather than a silent loss.
local function plan_lists(plan, messages)
  local to_summarize, turn_prefix = plan.messages_to_summarize, plan.turn_prefix_messages
  local made = made_plans[plan]
  if made and rawequal(made[1], messages) and rawequal(made[2], to_summarize) and rawequal(made[3], turn_prefix) then
    return to_summarize, turn_prefix
  end
  if turn_prefix == nil and not plan.is_split_turn then turn_prefix = {} end
  for _, pair in ipairs { { "messages_to_summarize", to_summarize }, { "turn_prefix_messages", turn_prefix } } do
    local field, list = pair[1], pair[2]
    if type(list) ~= "table" then
      return nil, errors.invalid_request("plan." .. field .. ": expected a list, got " .. type(list))
    end
    local ok, problem = core.validate_messages(list)
    if not ok then return nil, errors.invalid_request("plan." .. field .. ": " .. problem) end
  end
  if #to_summarize + #turn_prefix ~= plan.first_kept_index - 1 then
    return nil, errors.invalid_request("plan: messages_to_summarize and turn_prefix_messages hold "
      .. (#to_summarize + #turn_prefix) .. " messages, first_kept_index says " .. (plan.first_kept_index - 1))
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
  local r = plan.calibration
  if r ~= nil and not (is_finite_number(r) and r > 0) then
    return nil, errors.invalid_request("plan.calibration: expected a number > 0, got " .. tostring(r))
  end
  return true
end

-- A usage table with the four fields (non-numbers count 0), summed with
-- `into` when given; nil when neither is a table.
local function normalize_usage(usage, into)
  if type(usage) ~= "table" then return into end
  return usage_module.add(usage_module.add(usage_module.zero(), into), usage)
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

-- Archive the originals about to be summarized or cut (a no-op without an
-- archive): their ids, or nil and an ErrSummarization with the cause.
local function archive_originals(tracker, messages)
  if not tracker then return {} end
  local ids, err = tracker.store(messages)
  if not ids then return nil, summarization_error("archiving the originals failed; nothing was replaced", err) end
  return ids
end

-- Summarize `to_summarize` and `turn_prefix` over `previous` and append the
-- file lists; with an archive, they are archived first. Returns summary,
-- usage, meta or nil, err.
local function summarize(self, view, previous, to_summarize, turn_prefix, cancel, tracker)
  if cancel_module.is_cancelled(cancel) then
    return nil, errors.cancelled("compaction cancelled before the summarizer was called")
  end
  if tracker then
    local ok, err = archive_originals(tracker, to_summarize)
    if ok then ok, err = archive_originals(tracker, turn_prefix) end
    if not ok then return nil, err end
  end
  -- a summarizer with its own size bound (the extractive one's max_chars,
  -- which counts the file lists) leaves them a third of it at most
  local list_bound = files.list_bound(self.max_file_list_chars, self.summarizer)
  local text, usage, meta = run_summarizer(self.summarizer, {
    messages = to_summarize,
    turn_prefix_messages = turn_prefix,
    previous_summary = previous,
    instructions = view.instructions,
    cwd = view.cwd,
    max_file_list_chars = list_bound,
  }, cancel)
  if not text then return nil, usage end
  -- (a summary its fallback wrote counts the lists by the fallback's bound)
  if type(meta) == "table" and meta.fallback and type(self.summarizer) == "table" then
    list_bound = files.list_bound(list_bound, rawget(self.summarizer, "fallback"))
  end
  local read_list, modified_list = files.collect(self.file_tools, previous, { to_summarize, turn_prefix }, view.cwd)
  if self.keep_user_messages_tokens <= 0 then
    local summary, err = files.finish_summary(text, read_list, modified_list, list_bound)
    if not summary then return nil, err end
    return summary, usage, meta
  end
  text = user_requests.strip(text)
  local body, err = files.finish_summary(text, {}, {})
  if not body then return nil, err end
  local full = files.finish_summary(text, read_list, modified_list, list_bound)
  local section = user_requests.section(view.estimator, self.keep_user_messages_tokens, previous,
    { to_summarize, turn_prefix })
  return body .. section .. full:sub(#body + 1), usage, meta
end

-- The calibrated estimate of a context: summary + kept messages (+ the
-- request's system prompt and tools). A compaction makes the anchor stale,
-- so this is the estimate scaled by the ratio the anchor gave.
local function measure(view, calibration, summary, kept)
  local tokens, err = request_module.estimate {
    system_prompt = view.system_prompt, summary = summary, messages = kept,
    tools = view.tools, estimator = view.estimator,
  }
  if not tokens then return nil, err end
  if calibration == 1 then return tokens end
  return math.ceil(tokens * calibration)
end

-- Fit the budget (module compact.fit): returns the fitted state or nil, err.
local function fit_context(self, view, state, calibration, cancel, tracker)
  local messages = view.messages
  local count = rawlen(messages)
  local ledger, err = estimation.ledger(view.estimator, messages)
  if not ledger then return nil, err end
  return fit.run(state, {
    messages = messages,
    budget = view.input_token_budget,
    estimator = view.estimator,
    calibration = calibration,
    measure = function(summary, kept) return measure(view, calibration, summary, kept) end,
    slice = function(k) return slice(messages, k, count) end,
    suffix_tokens = function(summary, k)
      local overhead = estimation.overhead(view.estimator, view.system_prompt, summary, view.tools)
      return math.ceil(((overhead or 0) + ledger:total() - ledger:total(k - 1)) * calibration)
    end,
    archive = tracker and function(originals) return archive_originals(tracker, originals) end,
    resummarize = function(summary, from, to)
      local text, usage = summarize(self, view, summary, slice(messages, from, to - 1), {}, cancel, tracker)
      if text then state.usage = normalize_usage(usage, state.usage) end
      return text, usage
    end,
  })
end

-- Kept messages that carry usage become shallow copies whose usage says
-- `stale = true`: the provider counted it for a context that is gone. The
-- list is the compactor's own; the caller's messages stay untouched.
local function mark_stale(kept)
  for i = 1, #kept do
    local message = kept[i]
    local usage = type(message) == "table" and rawget(message, "usage")
    if type(usage) == "table" and rawget(usage, "stale") ~= true then
      local copy, usage_copy = {}, {}
      for key, value in pairs(message) do copy[key] = value end
      for key, value in pairs(usage) do usage_copy[key] = value end
      usage_copy.stale = true
      copy.usage = usage_copy
      kept[i] = copy
    end
  end
end

--- Run the summarizer on a plan and build the compacted context.
-- A nil plan is a no-op (`summary` unchanged, `messages` a shallow copy,
-- `record` nil). A non-nil plan is trusted, not re-planned; an already
-- cancelled token stops it before the summarizer is called.
-- @return `{ summary, messages, record }` or nil, err
function Compactor:apply(request, plan, cancel)
  local view, err = request_module.check(request)
  if not view then return nil, err end
  local messages = view.messages
  local count = rawlen(messages)
  if plan == nil then
    return { summary = request.summary, messages = slice(messages, 1, count), record = nil }
  end
  local ok
  ok, err = check_plan(plan, count)
  if not ok then return nil, err end
  if cancel_module.is_cancelled(cancel) then
    return nil, errors.cancelled("compaction cancelled before the summarizer was called")
  end
  local tokens_before, calibration = plan.tokens_before, plan.calibration
  if tokens_before == nil or calibration == nil then
    local estimated, ledger, ratio = request_module.estimate(view)
    if not estimated then return nil, ledger end
    tokens_before, calibration = tokens_before or estimated, calibration or ratio
  end
  local to_summarize, turn_prefix = plan_lists(plan, messages)
  if not to_summarize then return nil, turn_prefix end
  local tracker = self.archive and archive_module().tracker(self.archive, self.conversation_id, self._archived)
  local summary, usage, meta
  if #to_summarize + #turn_prefix == 0 and view.fit then
    -- a fit plan that summarizes nothing: only the ladder's last rung runs
    summary = view.summary or ""
  else
    summary, usage, meta = summarize(self, view, view.summary, to_summarize, turn_prefix, cancel, tracker)
    if not summary then return nil, usage end
  end
  local state = { summary = summary, first_kept_index = plan.first_kept_index,
    kept = slice(messages, plan.first_kept_index, count), usage = normalize_usage(usage) }
  state.tokens, err = measure(view, calibration, summary, state.kept)
  if not state.tokens then return nil, err end
  if view.fit and view.input_token_budget ~= nil and state.tokens > view.input_token_budget then
    state, err = fit_context(self, view, state, calibration, cancel, tracker)
    if not state then return nil, err end
  end
  if view.require_reduction and state.tokens >= tokens_before then
    return nil, errors.new("no_reduction", "compaction did not reduce the estimate ("
      .. tostring(tokens_before) .. " tokens before, " .. tostring(state.tokens) .. " after)")
  end
  mark_stale(state.kept)
  -- a kept copy (cut by the ladder, marked stale) of an archived message is
  -- never archived again: it names the original
  if tracker then tracker.alias_kept(state.kept, messages, state.first_kept_index) end
  local record = {
    summary = state.summary,
    first_kept_index = state.first_kept_index,
    tokens_before = tokens_before,
    tokens_after = state.tokens,
    usage = state.usage,
    calibration = calibration,
    degraded = state.degraded and #state.degraded > 0 and state.degraded or nil,
  }
  if tracker and tracker.first then record.archived = { first_id = tracker.first, last_id = tracker.last } end
  if type(meta) == "table" and meta.fallback then record.fallback = true end
  local chunks = type(meta) == "table" and meta.chunks
  if is_finite_number(chunks) and chunks >= 1 and chunks == math.floor(chunks) then record.chunks = chunks end
  return { summary = state.summary, messages = state.kept, record = record }
end

--- Plan then apply.
-- @function compactor:compact
-- @tparam table request
-- @param[opt] cancel a cancellation token
-- @return result (see apply) or nil, err
function Compactor:compact(request, cancel)
  local plan, err = self:plan(request)
  if err then return nil, err end
  return self:apply(request, plan, cancel)
end

-- The public methods never raise: a request whose tables raise when read
-- (metatables) becomes an ErrInvalidRequest carrying what was raised.
-- Summarizer errors are caught closer, in run_summarizer.
-- (Four fixed parameters, the most any protected function takes: a vararg
-- wrapper costs more on every plan.)
local function protect(method)
  return function(a, b, c, d)
    local ok, value, err = pcall(method, a, b, c, d)
    if ok then return value, err end
    return nil, errors.new("invalid_request", "reading the request raised an error", { cause = value })
  end
end
compactor_module.protect = protect
Compactor.plan = protect(Compactor.plan)
Compactor.apply = protect(Compactor.apply)

--- Wrap a function as a summarizer: `fn(req, cancel) -> text, usage | nil, err`.
-- @function summarizer
-- @tparam function fn
function compactor_module.summarizer(fn)
  if type(fn) ~= "function" then
    return nil, errors.invalid_config("summarizer: expected a function, got " .. type(fn))
  end
  return { summarize = function(_, summary_request, cancel) return fn(summary_request, cancel) end }
end

compactor_module.Compactor = Compactor

return compactor_module
