--- `compact plan FILE`: where a compaction would cut, on which estimate
-- it decided, and tokens before and after. The planning pieces `run` shares
-- live here too. Internal to `compact.cli`.
-- @module compact.cli.plan

local compact = require "compact"
local common = require "compact.cli.common"
local HELP = require "compact.cli.help"

local fmt_int, slice, label_of = common.fmt_int, common.slice, common.label_of

local plan_module = {}


-- Budget options -> input_token_budget, trigger_ratio, description or nil, err.
local function budget_of(cli, options)
  if options.budget and options.window then
    return nil, "--budget and --window are exclusive"
  end
  if options.reserve and not options.window then return nil, "--reserve needs --window" end
  local ratio = options.ratio or 1.0
  if options.window then
    local reserve = options.reserve or cli.DEFAULT_RESERVE
    local budget = math.max(0, options.window - reserve)
    return { budget = budget, ratio = ratio,
             text = string.format("%s tokens (window %s - reserve %s = %s, x ratio %g)",
               fmt_int(budget * ratio), fmt_int(options.window), fmt_int(reserve), fmt_int(budget), ratio) }
  end
  if options.budget then
    return { budget = options.budget, ratio = ratio,
             text = string.format("%s tokens (budget %s x ratio %g)", fmt_int(options.budget * ratio),
               fmt_int(options.budget), ratio) }
  end
  if options.ratio then return nil, "--ratio needs --budget or --window" end
  return { ratio = ratio, text = "none (no --budget or --window: planned unconditionally)" }
end

local NO_SUMMARIZER = { summarize = function() return nil, "planning only" end }

-- Which figure the decision used, in words.
local function basis_of(conversation, request)
  local anchor = conversation.usage
  local ignored = request.usage and select(5, require("compact.request").estimate {
    estimator = request.estimator or compact.heuristic(), messages = request.messages, usage = request.usage,
    system_prompt = request.system_prompt, summary = request.summary, tools = request.tools })
  if ignored then
    return string.format("estimator only: the provider's %s tokens through message #%d are below a quarter of the"
      .. " estimate of those messages, so they are ignored", fmt_int(anchor.tokens), anchor.through)
  end
  if request.usage then
    return string.format("anchored: the provider's %s tokens through message #%d + the estimate of the %d"
      .. " messages after it", fmt_int(anchor.tokens), anchor.through, #conversation.messages - anchor.through)
  end
  if anchor then return "estimator only: this build's compactor does not take the file's usage" end
  return "estimator only: the file has no provider usage"
end

-- The request for `conversation` under `options`; nil, err, is_usage.
local function make_request(conversation, options, trigger)
  local estimator, err = common.estimator_of(options)
  if err then return nil, err, true end
  local request = common.request_of(conversation, estimator)
  request.input_token_budget = trigger.budget
  request.require_reduction = trigger.budget == nil
  request.instructions = options.instructions
  if options.fit then
    if not trigger.budget then return nil, "--fit needs --budget or --window", true end
    request.fit = true
  end
  return request
end

-- Plan `conversation`: returns plan (or false for nothing to do), info or nil, err.
local function make_plan(cli, conversation, options, summarizer, archive)
  local trigger, err = budget_of(cli, options)
  if not trigger then return nil, err, true end
  local keep = options.keep or cli.DEFAULT_KEEP
  local compactor
  compactor, err = compact.new { keep_recent_tokens = keep, trigger_ratio = trigger.ratio,
                                 summarizer = summarizer or NO_SUMMARIZER,
                                 archive = archive and archive.archive, conversation_id = archive and archive.id }
  if not compactor then return nil, tostring(err), true end
  local request, is_usage
  request, err, is_usage = make_request(conversation, options, trigger)
  if not request then return nil, err, is_usage end
  local plan
  plan, err = compactor:plan(request)
  local info = { trigger = trigger, keep = keep, request = request, compactor = compactor,
                 basis = basis_of(conversation, request) }
  info.estimate = compact.estimate(request)
  if plan == nil then
    if err and not compact.is(err, compact.ErrNoReduction) then return nil, tostring(err) end
    if err then
      info.reason = "nothing before the recent messages can be removed"
    else
      local threshold = trigger.budget * trigger.ratio
      info.reason = info.estimate > threshold and "nothing before the recent messages can be removed"
        or string.format("estimate %s <= trigger %s", fmt_int(info.estimate), fmt_int(threshold))
    end
    return false, info
  end
  local kept = slice(conversation.messages, plan.first_kept_index)
  info.kept = kept
  info.tokens_after_without_summary = compact.estimate { system_prompt = conversation.system_prompt,
                                                         tools = conversation.tools, messages = kept,
                                                         estimator = request.estimator }
  return plan, info
end
plan_module.make_plan = make_plan

local function print_plan(write, path, conversation, plan, info)
  local messages = conversation.messages
  write("file:             ", path == "-" and "<stdin>" or path, " (", conversation.format, ", ",
    fmt_int(#messages), " messages)\n")
  write("estimate:         ", fmt_int(info.estimate), " tokens (", info.basis, ")\n")
  write("trigger:          ", info.trigger.text, "\n")
  write("keep recent:      ", fmt_int(info.keep), " tokens\n")
  if not plan then
    write("would compact:    no (", info.reason, ")\n")
    return
  end
  local k = plan.first_kept_index
  write("would compact:    yes\n")
  if k > #messages then
    write("first kept index: ", k, " (none kept: everything is summarized)\n")
  else
    write("first kept index: ", k, " of ", #messages, " (", label_of(messages[k]), ")\n")
  end
  local prefix = #plan.turn_prefix_messages
  if plan.is_split_turn then
    write("split turn:       yes (the turn starts at message ", k - prefix, "; ", prefix,
      " messages summarized as its prefix)\n")
  else
    write("split turn:       no\n")
  end
  write("to summarize:     ", fmt_int(#plan.messages_to_summarize + prefix), " messages",
    plan.is_split_turn and (" (" .. #plan.messages_to_summarize .. " history + " .. prefix .. " turn prefix)") or "",
    "\n")
  write("kept:             ", fmt_int(#info.kept), " messages\n")
  write("tokens before:    ", fmt_int(plan.tokens_before), "\n")
  if plan.calibration then
    write(string.format("calibration:      x%.2f (the provider's count over the estimate; scales --keep)\n",
      plan.calibration))
  end
  local calibration = plan.calibration or 1
  write("tokens after:     ", fmt_int(info.tokens_after_without_summary * calibration),
    " + the summary (system prompt and kept messages", calibration ~= 1 and ", calibrated" or "", ")\n")
end

plan_module.print_plan = print_plan

local function plan_command_common(cli, env, command, options, positional)
  if #positional ~= 1 then
    env.err("compact ", command, ": expected one FILE\n", HELP[command])
    return nil, cli.EXIT_USAGE
  end
  local ok, err = budget_of(cli, options)
  if not ok then
    env.err("compact ", command, ": ", err, "\n")
    return nil, cli.EXIT_USAGE
  end
  local conversation = common.load_input(env, options, positional[1], options.quiet)
  if not conversation then return nil, cli.EXIT_USAGE end
  return conversation
end
plan_module.common = plan_command_common

--- `compact plan FILE [options]`.
-- @treturn integer the exit status
function plan_module.run(cli, env, options, positional)
  local conversation, code = plan_command_common(cli, env, "plan", options, positional)
  if not conversation then return code end
  local plan, info, usage = make_plan(cli, conversation, options)
  if plan == nil then
    env.err("compact plan: ", info, "\n")
    return usage and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  print_plan(env.out, positional[1], conversation, plan or nil, info)
  return 0
end

return plan_module
