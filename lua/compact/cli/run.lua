--- `compact run FILE`: compact and write the result in a format, atomically.
-- Internal to `compact.cli`.
-- @module compact.cli.run

local compact = require "compact"
local common = require "compact.cli.common"
local exporters = require "compact.exporters"
local plan_module = require "compact.cli.plan"
local summarizer_module = require "compact.cli.summarizer"

local fmt_int, percent = common.fmt_int, common.percent

local run = {}


-- The steps the fit ladder took, if any.
local function print_degraded(write, degraded)
  if type(degraded) ~= "table" or #degraded == 0 then return end
  write("  degraded:\n")
  for _, step in ipairs(degraded) do
    local parts = {}
    for key, value in pairs(type(step) == "table" and step or { step = step }) do
      parts[#parts + 1] = key .. " " .. (type(value) == "number" and fmt_int(value) or tostring(value))
    end
    table.sort(parts)
    write("    ", table.concat(parts, ", "), "\n")
  end
end

local function print_record(write, record, archive_path)
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
  if record.calibration then write(string.format("  calibration:      x%.2f\n", record.calibration)) end
  if record.chunks then write("  chunks:           ", tostring(record.chunks), "\n") end
  if record.archived then
    write("  archived:         #", tostring(record.archived.first_id), " to #", tostring(record.archived.last_id),
      " (compact recall ", tostring(archive_path), " WORDS)\n")
  end
  print_degraded(write, record.degraded)
  write("  summary (", fmt_int(#record.summary), " bytes):\n")
  for line in (record.summary .. "\n"):gmatch("([^\n]*)\n") do
    write("    ", line, "\n")
  end
end

-- The format to write and whether to append; nil, err on a bad choice.
local function output_format(options, conversation, path)
  local format = options.format or conversation.format
  -- formats read but not written (other agents' sessions) are written as
  -- our state
  if format == "jsonl" or (not options.format and not exporters.WRITES[format]) then format = "state" end
  local known = false
  for _, name in ipairs(exporters.FORMATS) do known = known or name == format end
  if not known then
    return nil, "--format: expected " .. table.concat(exporters.FORMATS, ", ") .. ", got '" .. tostring(format) .. "'"
  end
  if options.append then
    if conversation.format ~= "pi" or format ~= "pi" then return nil, "--append needs a pi session as FILE" end
    if path == "-" then return nil, "--append needs a session file, not stdin" end
  end
  return format
end

-- Summarize per the plan; the result or nil after printing the error.
local function apply(env, options, plan, info, conversation, name, path)
  if not options.quiet then plan_module.print_plan(env.err, path, conversation, plan, info) end
  local progress = not options.quiet and env.isatty("stderr")
  if progress then
    env.err(string.format("compact: summarizing %d messages with %s...",
      #plan.messages_to_summarize + #plan.turn_prefix_messages, name))
  end
  local result, err = info.compactor:apply(info.request, plan)
  if progress then env.err("\r\27[K") end
  if not result then
    env.err("compact run: compaction failed: ", tostring(err), "\n")
    return nil
  end
  return result
end

-- The session text with a compaction entry appended, as pi itself does.
local function appended_session(env, options, path, conversation, info, record)
  local file, open_err = env.open(path, "rb")
  if not file then return nil, "cannot read " .. path .. " again: " .. tostring(open_err) end
  local text, err = require("compact.importers.common").read_capped(file,
    options["max-input-bytes"] or require("compact.importers").DEFAULT_MAX_BYTES)
  file:close()
  if not text then return nil, "cannot read " .. path .. " again: " .. err end
  local source = conversation.source
  local first = info.request.messages[record.first_kept_index]
  local entry
  entry, err = require("compact.exporters.pi").compaction_entry {
    source = source, summary = record.summary, tokens_before = record.tokens_before,
    first_kept = first and source.entry_of[first], now = os.time() }
  if not entry then return nil, tostring(err) end
  local lead = (text ~= "" and text:sub(-1) ~= "\n") and "\n" or ""
  if options.output and not common.same_file(options.output, path) then return text .. lead .. entry .. "\n" end
  -- in place: only the entry is appended, so lines another writer added
  -- since the session was read are kept
  return lead .. entry .. "\n", true
end

-- The files to write (and the text for stdout); nil, err.
local function outputs(env, options, path, conversation, final, record, info)
  local files = {}
  local stdout
  if options.append then
    if record then
      local text, append = appended_session(env, options, path, conversation, info, record)
      if not text then return nil, append end
      files[1] = { path = options.output or path, text = text, append = append }
    end
  else
    local text, err = exporters.export(options.format_name, final,
      { header = conversation.source and conversation.source.header,
        tokens_before = record and record.tokens_before })
    if not text then return nil, tostring(err) end
    if text:sub(-1) ~= "\n" then text = text .. "\n" end
    if options.output then files[1] = { path = options.output, text = text } else stdout = text end
  end
  if record and options.record then
    local text, err = require("compact.state").encode(record)
    if not text then return nil, tostring(err) end
    files[#files + 1] = { path = options.record, text = text .. "\n" }
  end
  return files, stdout
end

-- Exit 3 when what was written is still over the budget. After a
-- compaction the record's figure decides: it is in the same (calibrated)
-- units the compactor and its fit ladder measured; without one, the
-- anchored estimate of what was written.
local function check_budget(cli, env, info, final, record)
  local budget = info.trigger.budget
  if not budget then return 0 end
  local tokens = record and record.tokens_after
    or compact.estimate(common.request_of(final, info.request.estimator))
  if tokens and tokens > budget then
    env.err(string.format("compact run: the result is still over the budget: %s tokens > %s%s\n", fmt_int(tokens),
      fmt_int(budget),
      info.request.fit and "" or " (--fit keeps less, shortens old tool results, then cuts the newest turn)"))
    return cli.EXIT_OVER_BUDGET
  end
  return 0
end

-- A compaction that failed: exit 3 when the conversation it could not
-- compact is over the budget, else 1.
local function failed_exit(cli, env, info)
  local budget, tokens = info.trigger.budget, info.estimate
  if budget and tokens and tokens > budget then
    env.err(string.format("compact run: the conversation stays over the budget: %s tokens > %s\n", fmt_int(tokens),
      fmt_int(budget)))
    return cli.EXIT_OVER_BUDGET
  end
  return cli.EXIT_FAILURE
end

local function print_summary_line(env, record, kept)
  env.err(string.format("compact: before %s tokens, after %s tokens (%s smaller); %d messages summarized, %d kept\n",
    fmt_int(record.tokens_before), fmt_int(record.tokens_after),
    percent(record.tokens_before - record.tokens_after, record.tokens_before),
    record.first_kept_index - 1, kept))
end

-- --archive FILE [--conversation ID]: the archive and its conversation id
-- (default: FILE's base name without extension), or nil, err.
local function open_archive(options, path)
  if options.conversation and not options.archive then return nil, "--conversation needs --archive" end
  if not options.archive then return false end
  -- (a path ending in a separator has no base name: "default")
  local id = options.conversation or (path == "-" and "stdin" or (path:match("([^/\\]+)$") or ""):gsub("%.[^.]*$", ""))
  if id == "" then id = "default" end
  local archive, err = compact.archive.open(options.archive)
  if not archive then return nil, "--archive " .. options.archive .. ": " .. tostring(err) end
  return { archive = archive, id = id }
end

--- `compact run FILE [options]`.
-- @treturn integer the exit status
function run.run(cli, env, options, positional)
  local archive, archive_err = open_archive(options, positional[1] or "-")
  if archive == nil then
    env.err("compact run: ", archive_err, "\n")
    return cli.EXIT_USAGE
  end
  local ok, code = pcall(run.compact, cli, env, options, positional, archive or nil)
  if archive then archive.archive:close() end
  if not ok then error(code, 0) end
  return code
end

-- The command once the archive (if any) is open.
function run.compact(cli, env, options, positional, archive)
  local conversation, code = plan_module.common(cli, env, "run", options, positional)
  if not conversation then return code end
  local path = positional[1]
  local format, format_err = output_format(options, conversation, path)
  if not format then
    env.err("compact run: ", format_err, "\n")
    return cli.EXIT_USAGE
  end
  options.format_name = format
  -- another agent's session replaced by our state JSON: that agent could
  -- no longer resume it (only an explicit --format does that)
  if not options.format and not options.append and not exporters.WRITES[conversation.format]
      and conversation.format ~= "jsonl" and path ~= "-"
      and options.output and options.output ~= "-" and common.same_file(options.output, path) then
    env.err("compact run: -o ", options.output, " is the input, a ", tostring(conversation.format),
      " session: it would be replaced by ", format, " JSON (write elsewhere, or pass --format ", format, ")\n")
    return cli.EXIT_USAGE
  end
  local clash = options.record and ((options.output and options.output ~= "-"
    and common.same_file(options.record, options.output) and "-o") or (path ~= "-"
    and common.same_file(options.record, path) and "the input"))
  if clash then
    env.err("compact run: --record ", options.record, " is the same file as ", clash, "\n")
    return cli.EXIT_USAGE
  end
  local summarizer, name, is_usage = summarizer_module.make(env, options)
  if not summarizer then
    env.err("compact run: ", name, "\n")
    return is_usage and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  local function note(...) if not options.quiet then env.err(...) end end
  local plan, info, usage_error = plan_module.make_plan(cli, conversation, options, summarizer, archive)
  if plan == nil then
    env.err("compact run: ", info, "\n")
    return usage_error and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  if options.output == "-" then options.output = nil end
  local final = { system_prompt = conversation.system_prompt, summary = conversation.summary,
                  tools = conversation.tools, messages = conversation.messages, usage = conversation.usage,
                  cwd = conversation.cwd }
  local record
  if not plan then
    note("compact: nothing to compact (", info.reason, "; ", info.basis, "); ",
      options.append and "the session is left as it is\n" or "writing the conversation unchanged\n")
  else
    local result = apply(env, options, plan, info, conversation, name, path)
    if not result then return failed_exit(cli, env, info) end
    -- a compaction makes the provider's count stale
    final.summary, final.messages, final.usage, record = result.summary, result.messages, nil, result.record
  end
  local files, stdout = outputs(env, options, path, conversation, final, record, info)
  local ok, err = files ~= nil, stdout
  if ok then ok, err = common.write_files(env, files) end
  if not ok then
    env.err("compact run: ", tostring(err), "\n")
    return cli.EXIT_FAILURE
  end
  if stdout then env.out(stdout) end
  if record and not options.quiet then
    print_record(env.err, record, options.archive)
    print_summary_line(env, record, #final.messages)
  end
  for _, file in ipairs(files) do note("compact: wrote ", file.path, "\n") end
  return check_budget(cli, env, info, final, record)
end

return run
