--- `compact stats FILE`: messages by role, tool calls, errors, repaired
-- tool pairs, estimated tokens (with the provider's count, the heuristic
-- and the calibrated figure side by side when the file has a usage anchor)
-- and the largest messages. Internal to `compact.cli`.
-- @module compact.cli.stats

local compact = require("compact")
local core = require("compact.core")
local common = require("compact.cli.common")
local HELP = require("compact.cli.help")
local message_model = require("compact.message")

local fmt_int, percent, slice, label_of = common.fmt_int, common.percent, common.slice, common.label_of

local stats = {}

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
        parts[#parts + 1] = block.name .. "(" .. (core.json_encode(block.arguments or {}) or "") .. ")"
      elseif block.type == "thinking" then parts[#parts + 1] = "[thinking] " .. tostring(block.thinking)
      elseif block.type == "image" then parts[#parts + 1] = "[image]" end
    end
    text = table.concat(parts, " ")
  end
  text = tostring(text):gsub("%s+", " "):gsub("^ ", "")
  if #text > limit then
    text = message_model.cut(text, limit - 3) .. "..."
  end
  return text
end



-- Count messages, tokens and tool calls by role and name.
local function tally(messages, estimator)
  local t = { by_role = {}, tokens_by_role = {}, tool_calls = 0, tool_names = {}, tool_errors = 0,
              failed_turns = 0, sizes = {} }
  for i, m in ipairs(messages) do
    t.by_role[m.role] = (t.by_role[m.role] or 0) + 1
    local tokens = estimator:message(m)
    t.tokens_by_role[m.role] = (t.tokens_by_role[m.role] or 0) + tokens
    t.sizes[#t.sizes + 1] = { index = i, tokens = tokens }
    if m.role == "assistant" and type(m.content) == "table" then
      for _, block in ipairs(m.content) do
        if block.type == "tool_call" then
          t.tool_calls = t.tool_calls + 1
          t.tool_names[block.name] = (t.tool_names[block.name] or 0) + 1
        end
      end
      if message_model.is_failed_attempt(m) then t.failed_turns = t.failed_turns + 1 end
    elseif m.role == "tool_result" and m.is_error then
      t.tool_errors = t.tool_errors + 1
    end
  end
  return t
end

local function print_counts(env, path, conversation, t)
  local messages = conversation.messages
  env.out("file:       ", path == "-" and "<stdin>" or path, " (format: ", conversation.format, ")\n")
  if conversation.cwd then env.out("cwd:        ", conversation.cwd, "\n") end
  local role_parts = {}
  for _, role in ipairs(ROLES) do role_parts[#role_parts + 1] = role .. " " .. (t.by_role[role] or 0) end
  env.out("messages:   ", fmt_int(#messages), " (", table.concat(role_parts, ", "), ")\n")
  if conversation.skipped and conversation.skipped > 0 then
    env.out("skipped:    ", conversation.skipped, " entries or blocks with no message equivalent\n")
  end
  local names = {}
  for name in pairs(t.tool_names) do names[#names + 1] = name end
  table.sort(names, function(a, b)
    if t.tool_names[a] ~= t.tool_names[b] then return t.tool_names[a] > t.tool_names[b] end
    return a < b
  end)
  local name_parts = {}
  for _, name in ipairs(names) do name_parts[#name_parts + 1] = name .. " " .. t.tool_names[name] end
  env.out("tool calls: ", fmt_int(t.tool_calls),
    #name_parts > 0 and (" (" .. table.concat(name_parts, ", ") .. ")") or "", "\n")
  local report = conversation.repair or { orphan_results = {}, missing_results = {}, duplicate_results = {} }
  env.out("tool pairs: ", #report.orphan_results, " orphan results dropped, ", #report.missing_results,
    " missing results added, ", #report.duplicate_results, " duplicate results dropped (repaired on import)\n")
  env.out("errors:     ", t.tool_errors, " tool results with is_error, ", t.failed_turns,
    " assistant turns stopped by error/aborted\n")
  env.out("summary:    ", conversation.summary and (fmt_int(#conversation.summary) .. " bytes") or "none", "\n")
end

-- The provider's count, the heuristic and the calibrated figure side by side.
local function print_anchor(env, conversation, estimator, total)
  local anchor = conversation.usage
  if not anchor then
    env.out("provider:   no usage in the file (figures are the estimator's alone)\n")
    return
  end
  local k, messages = anchor.through, conversation.messages
  local head = compact.estimate { system_prompt = conversation.system_prompt, summary = conversation.summary,
                                  tools = conversation.tools, messages = slice(messages, 1, k), estimator = estimator }
  local ratio = math.min(4, math.max(0.5, anchor.tokens / math.max(head, 1)))
  env.out(string.format("tokens:     provider %s | estimator %s | calibrated %s (x%.2f)\n",
    fmt_int(anchor.tokens + total - head), fmt_int(total), fmt_int(total * ratio), ratio))
  if k < #messages then
    env.out(string.format("            (provider: its count through message #%d, %s, + the estimate of the %d"
      .. " messages after it)\n", k, fmt_int(anchor.tokens), #messages - k))
  else
    env.out(string.format("            (provider: its count for the request answered by message #%d)\n", k))
  end
end

local function print_largest(env, messages, sizes)
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
end

--- `compact stats FILE`.
-- @treturn integer the exit status
function stats.run(cli, env, options, positional)
  local path = positional[1]
  if #positional ~= 1 then
    env.err("compact stats: expected one FILE\n", HELP.stats)
    return cli.EXIT_USAGE
  end
  local estimator, est_err = common.estimator_of(options)
  if est_err then
    env.err("compact stats: ", est_err, "\n")
    return cli.EXIT_USAGE
  end
  local conversation = common.load_input(env, options, path)
  if not conversation then return cli.EXIT_USAGE end
  estimator = estimator or compact.heuristic()
  local t = tally(conversation.messages, estimator)
  local total = compact.estimate { system_prompt = conversation.system_prompt, summary = conversation.summary,
                                   tools = conversation.tools, messages = conversation.messages,
                                   estimator = estimator }
  print_counts(env, path, conversation, t)
  local named = options.estimator and options.estimator ~= "heuristic"
  env.out("estimated tokens: ", fmt_int(total), " total (", named and tostring(estimator) or "heuristic", ")\n")
  local projected = compact.project_summary(conversation.summary)
  local rows = { { "system_prompt", estimator:text(conversation.system_prompt or "") },
                 { "summary", projected and estimator:message(projected) or 0 } }
  if conversation.tools then rows[#rows + 1] = { "tools", estimator:tools(conversation.tools) } end
  for _, role in ipairs(ROLES) do rows[#rows + 1] = { role, t.tokens_by_role[role] or 0 } end
  for _, row in ipairs(rows) do
    env.out(string.format("  %-14s %10s  %6s\n", row[1], fmt_int(row[2]), percent(row[2], total)))
  end
  print_anchor(env, conversation, estimator, total)
  print_largest(env, conversation.messages, t.sizes)
  return 0
end

return stats
