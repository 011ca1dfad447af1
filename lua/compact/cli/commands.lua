--- The commands of the `compact` command line: `stats`, `plan` and `run`.
-- `compact.cli` parses the arguments and dispatches here. Internal.
--
-- Each command is `(cli, env, options, positional) -> exit status`: `cli` is
-- the `compact.cli` table (its exit statuses and defaults are read at call
-- time; it is passed in so this module does not require it back), `env` the
-- streams and environment `compact.cli` built, `options` the parsed options
-- and `positional` the remaining arguments.
-- @module compact.cli.commands

local compact = require "compact"
local core = require "compact.core"
local importers = require "compact.importers"
local state_module = require "compact.state"
local HELP = require "compact.cli.help"

local commands = {}

local function fmt_int(n)
  -- %d raises on floats outside the integer range; %.0f prints anything
  local s = (n == n and math.abs(n) < 2 ^ 53) and string.format("%d", math.floor(n + 0.5))
    or string.format("%.0f", n)
  -- thousands separators make large token counts readable
  local sign, digits = s:match("^(-?)(%d+)$")
  digits = digits:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", "")
  return sign .. digits
end

local function percent(part, whole)
  if whole == 0 then return "0%" end
  return string.format("%.1f%%", 100 * part / whole)
end

local function load_input(env, path)
  if path == nil then return nil end
  local result, err
  if path == "-" then
    local text = env.stdin:read("*a")
    result, err = importers.parse(text or "", { name = "<stdin>" })
  else
    result, err = importers.load(path)
  end
  if not result then
    env.err("compact: ", err and err.message or tostring(err), "\n")
    return nil
  end
  return result
end

local function slice(list, first, last)
  local out = {}
  for i = first, last or #list do out[#out + 1] = list[i] end
  return out
end

local function request_of(conversation, options)
  return { system_prompt = conversation.system_prompt, summary = conversation.summary,
           messages = conversation.messages, estimator = options and options.estimator }
end

-- == stats ==

local ROLES = { "user", "assistant", "tool_result" }

local function content_preview(message, limit)
  local content = message.content
  local text
  if type(content) == "string" then
    text = content
  else
    local parts = {}
    for _, block in ipairs(content or {}) do
      if block.type == "text" then parts[#parts + 1] = block.text
      elseif block.type == "tool_call" then
        local ok, args = pcall(core.json_encode, block.arguments or {})
        parts[#parts + 1] = block.name .. "(" .. (ok and args or "") .. ")"
      elseif block.type == "thinking" then parts[#parts + 1] = "[thinking] " .. tostring(block.thinking)
      elseif block.type == "image" then parts[#parts + 1] = "[image]" end
    end
    text = table.concat(parts, " ")
  end
  text = tostring(text):gsub("%s+", " "):gsub("^ ", "")
  if #text > limit then
    local stop = limit - 3
    while stop > 0 and text:byte(stop + 1) and text:byte(stop + 1) >= 0x80 and text:byte(stop + 1) < 0xC0 do
      stop = stop - 1
    end
    text = text:sub(1, stop) .. "..."
  end
  return text
end

local function label_of(message)
  if message.role == "tool_result" and message.tool_name then
    return "tool_result(" .. message.tool_name .. ")"
  end
  return message.role
end

--- `compact stats FILE` (no options).
-- @treturn integer the exit status
function commands.stats(cli, env, options, positional)
  local path = positional[1]
  if #positional ~= 1 then
    env.err("compact stats: expected one FILE\n", HELP.stats)
    return cli.EXIT_USAGE
  end
  local conversation = load_input(env, path)
  if not conversation then return cli.EXIT_USAGE end
  local estimator = options.estimator or compact.heuristic()
  local messages = conversation.messages
  local by_role, tokens_by_role, tool_calls, tool_names = {}, {}, 0, {}
  local tool_errors, failed_turns = 0, 0
  local sizes = {}
  for i, m in ipairs(messages) do
    by_role[m.role] = (by_role[m.role] or 0) + 1
    local tokens = estimator:message(m)
    tokens_by_role[m.role] = (tokens_by_role[m.role] or 0) + tokens
    sizes[#sizes + 1] = { index = i, tokens = tokens }
    if m.role == "assistant" and type(m.content) == "table" then
      for _, block in ipairs(m.content) do
        if block.type == "tool_call" then
          tool_calls = tool_calls + 1
          tool_names[block.name] = (tool_names[block.name] or 0) + 1
        end
      end
      if m.stop_reason == "error" or m.stop_reason == "aborted" then failed_turns = failed_turns + 1 end
    elseif m.role == "tool_result" and m.is_error then
      tool_errors = tool_errors + 1
    end
  end
  local total = compact.estimate(request_of(conversation, options))
  env.out("file:       ", path == "-" and "<stdin>" or path, " (format: ", conversation.format, ")\n")
  local role_parts = {}
  for _, role in ipairs(ROLES) do role_parts[#role_parts + 1] = role .. " " .. (by_role[role] or 0) end
  env.out("messages:   ", fmt_int(#messages), " (", table.concat(role_parts, ", "), ")\n")
  if conversation.skipped and conversation.skipped > 0 then
    env.out("skipped:    ", conversation.skipped, " entries or blocks with no message equivalent\n")
  end
  local names = {}
  for name in pairs(tool_names) do names[#names + 1] = name end
  table.sort(names, function(a, b)
    if tool_names[a] ~= tool_names[b] then return tool_names[a] > tool_names[b] end
    return a < b
  end)
  local name_parts = {}
  for _, name in ipairs(names) do name_parts[#name_parts + 1] = name .. " " .. tool_names[name] end
  env.out("tool calls: ", fmt_int(tool_calls),
    #name_parts > 0 and (" (" .. table.concat(name_parts, ", ") .. ")") or "", "\n")
  env.out("errors:     ", tool_errors, " tool results with is_error, ", failed_turns,
    " assistant turns stopped by error/aborted\n")
  env.out("summary:    ", conversation.summary and (fmt_int(#conversation.summary) .. " bytes") or "none", "\n")
  env.out("estimated tokens: ", fmt_int(total), " total (", options.estimator and tostring(options.estimator)
    or "heuristic, ~4 bytes/token", ")\n")
  local system_tokens = estimator:text(conversation.system_prompt or "")
  local projected = compact.project_summary(conversation.summary)
  local summary_tokens = projected and estimator:message(projected) or 0
  local rows = { { "system_prompt", system_tokens }, { "summary", summary_tokens } }
  for _, role in ipairs(ROLES) do rows[#rows + 1] = { role, tokens_by_role[role] or 0 } end
  for _, row in ipairs(rows) do
    env.out(string.format("  %-14s %10s  %6s\n", row[1], fmt_int(row[2]), percent(row[2], total)))
  end
  -- the provider's own count, when the transcript recorded one, shows how far
  -- the heuristic is from the real tokenizer
  for i = #messages, 1, -1 do
    local usage = messages[i].usage
    if messages[i].role == "assistant" and type(usage) == "table" and (usage.input or 0) > 0 then
      local context = (usage.input or 0) + (usage.cache_read or 0) + (usage.cache_write or 0)
      env.out("provider usage: ", fmt_int(context), " input tokens (input + cache) at message #", i,
        " (the estimate up to there is ", fmt_int(compact.estimate {
          system_prompt = conversation.system_prompt, summary = conversation.summary,
          messages = slice(messages, 1, i - 1), estimator = options.estimator }), ")\n")
      break
    end
  end
  table.sort(sizes, function(a, b)
    if a.tokens ~= b.tokens then return a.tokens > b.tokens end
    return a.index < b.index
  end)
  if #sizes > 0 then env.out("largest messages:\n") end
  for n = 1, math.min(5, #sizes) do
    local entry = sizes[n]
    local m = messages[entry.index]
    env.out(string.format("  #%-5d %-22s %8s tokens  %s\n", entry.index, label_of(m), fmt_int(entry.tokens),
      content_preview(m, 60)))
  end
  return 0
end

-- == plan and run ==

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

-- Plan `conversation`: returns plan (or false for nothing to do), info or nil, err.
local function make_plan(cli, conversation, options, summarizer)
  local trigger, err = budget_of(cli, options)
  if not trigger then return nil, err, true end
  local keep = options.keep or cli.DEFAULT_KEEP
  local compactor
  compactor, err = compact.new { keep_recent_tokens = keep, trigger_ratio = trigger.ratio,
                                 summarizer = summarizer or NO_SUMMARIZER }
  if not compactor then return nil, tostring(err), true end
  local request = request_of(conversation, options)
  request.input_token_budget = trigger.budget
  request.require_reduction = trigger.budget == nil
  request.instructions = options.instructions
  local plan
  plan, err = compactor:plan(request)
  local info = { trigger = trigger, keep = keep, request = request, compactor = compactor }
  info.estimate = compact.estimate(request_of(conversation, options))
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
                                                         messages = kept }
  return plan, info
end

local function print_plan(write, path, conversation, plan, info)
  local messages = conversation.messages
  write("file:             ", path == "-" and "<stdin>" or path, " (", conversation.format, ", ",
    fmt_int(#messages), " messages)\n")
  write("estimate:         ", fmt_int(info.estimate), " tokens\n")
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
  write("tokens after:     ", fmt_int(info.tokens_after_without_summary),
    " + the summary (system prompt and kept messages)\n")
end

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
  local conversation = load_input(env, positional[1])
  if not conversation then return nil, cli.EXIT_USAGE end
  return conversation
end

--- `compact plan FILE [options]`.
-- @treturn integer the exit status
function commands.plan(cli, env, options, positional)
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

local function callable(value)
  if type(value) == "function" then return true end
  local mt = getmetatable(value)
  return mt ~= nil and type(mt) == "table" and mt.__call ~= nil
end

-- Build a provider generator from the environment; nil, message on failure.
local function default_generator(kind, env)
  local prefix = kind == "openai" and "OPENAI" or "ANTHROPIC"
  local api_key = env.getenv(prefix .. "_API_KEY")
  local base_url = env.getenv(prefix .. "_BASE_URL")
  if api_key == "" then api_key = nil end
  if base_url == "" then base_url = nil end
  if not api_key and (kind == "anthropic" or not base_url) then
    return nil, prefix .. "_API_KEY is not set", true
  end
  local ok, module = pcall(require, "compact.providers." .. kind)
  if not ok then
    return nil, "the " .. kind .. " provider is not available: " .. tostring(module):match("^[^\n]*")
  end
  local timeout = tonumber(env.getenv("COMPACT_TIMEOUT") or "")   -- nil: the provider's default
  local config = { api_key = api_key, base_url = base_url, timeout = timeout }
  local generator, err
  if type(module) == "table" and type(module.new) == "function" then
    generator, err = module.new(config)
  elseif callable(module) then
    generator, err = module(config)
  else
    return nil, "compact.providers." .. kind .. " has no constructor"
  end
  if not generator then return nil, tostring(err), true end
  return generator
end

-- The summarizer named by --summarizer; nil, message, is_usage on failure.
local function make_summarizer(env, options)
  local name = options.summarizer or "extractive"
  if name == "extractive" then
    if options.model then return nil, "--model is only for openai and anthropic", true end
    local ok, module = pcall(require, "compact.summarizers.extractive")
    if not ok then return nil, "the extractive summarizer is not available: " .. tostring(module) end
    local summarizer, err = module.new {}
    if not summarizer then return nil, tostring(err) end
    return summarizer, "extractive"
  end
  if name ~= "openai" and name ~= "anthropic" then
    return nil, "--summarizer: expected extractive, openai or anthropic, got '" .. name .. "'", true
  end
  local model = options.model or env.getenv("COMPACT_MODEL")
  if model == nil or model == "" then
    return nil, "--summarizer " .. name .. " needs --model (or COMPACT_MODEL)", true
  end
  local generator, err, is_usage
  if env.make_generator then
    generator, err = env.make_generator(name, { getenv = env.getenv })
    if not generator then err = tostring(err) end
  else
    generator, err, is_usage = default_generator(name, env)
  end
  if not generator then return nil, err, is_usage end
  local summarizer
  summarizer, err = require("compact.summarizers.generator").new { generator = generator, model = model }
  if not summarizer then return nil, tostring(err), true end
  return summarizer, name .. " (" .. model .. ")"
end

local function write_file(path, text)
  local file, err = io.open(path, "wb")
  if not file then return nil, err end
  local ok, write_err = file:write(text)
  if not ok then
    file:close()
    return nil, write_err
  end
  ok, write_err = file:close()
  if not ok then return nil, write_err end
  return true
end

local function encode_state(system_prompt, summary, messages)
  return state_module.encode { system_prompt = system_prompt, summary = summary,
                               messages = setmetatable(messages, core.json_array_mt) }
end

local function print_record(write, record)
  local usage = record.usage
  write("compaction record:\n")
  write("  first kept index: ", record.first_kept_index, "\n")
  write("  tokens before:    ", fmt_int(record.tokens_before), "\n")
  write("  tokens after:     ", fmt_int(record.tokens_after), "\n")
  if usage then
    write(string.format("  usage:            input %s, output %s, cache read %s, cache write %s\n",
      fmt_int(usage.input), fmt_int(usage.output), fmt_int(usage.cache_read), fmt_int(usage.cache_write)))
  end
  if record.fallback then write("  fallback:         yes (the model failed; the fallback summarizer wrote it)\n") end
  write("  summary (", fmt_int(#record.summary), " bytes):\n")
  for line in (record.summary .. "\n"):gmatch("([^\n]*)\n") do
    write("    ", line, "\n")
  end
end

--- `compact run FILE [options]`.
-- @treturn integer the exit status
function commands.run(cli, env, options, positional)
  local conversation, code = plan_command_common(cli, env, "run", options, positional)
  if not conversation then return code end
  local summarizer, name, is_usage = make_summarizer(env, options)
  if not summarizer then
    env.err("compact run: ", name, "\n")
    return is_usage and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  local quiet = options.quiet
  local function note(...) if not quiet then env.err(...) end end
  local plan, info, usage = make_plan(cli, conversation, options, summarizer)
  if plan == nil then
    env.err("compact run: ", info, "\n")
    return usage and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  if options.output == "-" then options.output = nil end
  local summary, messages, record
  if not plan then
    note("compact: nothing to compact (", info.reason, "); writing the state unchanged\n")
    summary, messages = conversation.summary, conversation.messages
  else
    if not quiet then print_plan(env.err, positional[1], conversation, plan, info) end
    local progress = not quiet and env.isatty("stderr")
    if progress then
      env.err(string.format("compact: summarizing %d messages with %s...",
        #plan.messages_to_summarize + #plan.turn_prefix_messages, name))
    end
    local result, err = info.compactor:apply(info.request, plan)
    if progress then env.err("\r\27[K") end
    if not result then
      env.err("compact run: compaction failed: ", tostring(err), "\n")
      return cli.EXIT_FAILURE
    end
    summary, messages, record = result.summary, result.messages, result.record
  end
  local text, err = encode_state(conversation.system_prompt, summary, messages)
  if not text then
    env.err("compact run: cannot encode the state: ", tostring(err), "\n")
    return cli.EXIT_FAILURE
  end
  if options.output then
    local ok, write_err = write_file(options.output, text .. "\n")
    if not ok then
      env.err("compact run: cannot write ", options.output, ": ", tostring(write_err), "\n")
      return cli.EXIT_FAILURE
    end
  else
    env.out(text, "\n")
  end
  if record then
    if options.record then
      local record_text = state_module.encode(record)
      local ok, write_err = write_file(options.record, record_text .. "\n")
      if not ok then
        env.err("compact run: cannot write ", options.record, ": ", tostring(write_err), "\n")
        return cli.EXIT_FAILURE
      end
    end
    if not quiet then print_record(env.err, record) end
    note(string.format("compact: before %s tokens, after %s tokens (%s smaller); %d messages summarized, %d kept\n",
      fmt_int(record.tokens_before), fmt_int(record.tokens_after),
      percent(record.tokens_before - record.tokens_after, record.tokens_before),
      record.first_kept_index - 1, #messages))
  end
  if options.output then note("compact: wrote ", options.output, "\n") end
  return 0
end

return commands
