--- Transcript importers: read a conversation from a file in one of the
-- formats agents and APIs write, and return it as a compact state
-- `{ system_prompt, summary, messages }` with messages in our shape.
--
-- Formats, detected from the content (never from the file name):
--
-- * `state`: our own state JSON (`compact.state.encode`), an object with
--   `messages` and optional `system_prompt` / `summary`, or a bare array of
--   our messages;
-- * `jsonl`: our messages, one JSON object per line;
-- * `pi`: a pi coding-agent session (JSONL entries: `session`, `message`,
--   `compaction`, ...). `bashExecution` messages become user text; the last
--   `compaction` entry on the session path becomes the summary, followed by
--   the messages it kept;
-- * `openai`: Chat Completions `messages` (an array, or an object with
--   `messages`); system and developer messages become the system prompt;
-- * `anthropic`: Messages API JSON (`system` + `messages`, `tool_use` and
--   `tool_result` blocks; `server_tool_use` with its `web_search_tool_result`);
-- * `responses`: OpenAI Responses API items (`message`, `function_call`,
--   `function_call_output`, `reasoning`), a bare array or an object with
--   `input` (a request) or `output` (a response);
-- * `claude-code`: a Claude Code transcript (`~/.claude/projects/`), see
--   `compact.importers.claude_code`;
-- * `codex`: a Codex CLI rollout (`~/.codex/sessions/`), see
--   `compact.importers.codex`;
-- * `gemini-cli`: a Gemini CLI session (JSON, or its JSONL form), see
--   `compact.importers.gemini_cli`.
--
-- `opts.from` names the format to read instead of detecting it. Another
-- agent's own compaction becomes `summary`, and the working directory the
-- session names becomes `cwd` (Claude Code, Codex, pi, our state).
--
-- Legacy Chat Completions `function_call` / `role = "function"` messages
-- import as `openai`. Every import repairs the tool pairs (`compact.repair`)
-- and reports what it changed in `warnings` and `repair`; it sets `usage`
-- (`{ tokens, through }`) from the provider's count where the format has
-- one (pi, Claude Code, Codex, Gemini CLI: the last reply after the last
-- compaction; Anthropic: the last reply; our state: its own `usage`). A
-- torn last line of a JSONL file is skipped with a warning unless `strict`
-- is set, and so are a few lines of invalid JSON inside it (three, or one
-- in twenty; more make the file broken); objects glued on one line
-- (`{...}{...}`) are read as one record each, with a warning.
--
-- Broken or unknown input is an `invalid_request` error whose message starts
-- with the path and names the line (JSONL) or the JSON position (byte, line,
-- column); the error also carries `path`, `line` and `column` fields.
-- @module compact.importers

local core = require("compact.core")
local errors = require("compact.errors")
local repair = require("compact.repair")
local usage_module = require("compact.usage")
local summary_module = require("compact.summary")
local common = require("compact.importers.common")
local responses = require("compact.importers.responses")
local pi = require("compact.importers.pi")
local openai = require("compact.importers.openai")
local anthropic = require("compact.importers.anthropic")
local claude_code = require("compact.importers.claude_code")
local codex = require("compact.importers.codex")
local gemini_cli = require("compact.importers.gemini_cli")

local new_context, fail, is_array, str = common.new_context, common.fail, common.is_array, common.str
local empty_list, text_block = common.empty_list, common.text_block

local importers = {}

--- The format names `detect` and `parse` report.
importers.FORMATS = { "state", "jsonl", "pi", "openai", "anthropic", "responses", "claude-code", "codex",
                      "gemini-cli" }

-- The formats a plain message list is read as when forced.
local MESSAGE_LIST_FORMATS = { state = "state", jsonl = "state", pi = "pi", openai = "openai",
                               anthropic = "anthropic" }

-- Rewrite a compact.core JSON error ("json: msg at byte B (line L, column C)")
-- as "line L, column C (byte B): msg", shifting it to the file's position when
-- the text was one line of a larger file.
local function json_position_error(ctx, err, line_offset, byte_offset)
  local detail, byte, line, column = tostring(err):match("^json: (.-) at byte (%d+) %(line (%d+), column (%d+)%)$")
  if not detail then return fail(ctx, line_offset and ("line " .. line_offset) or nil, tostring(err)) end
  byte, line, column = tonumber(byte), tonumber(line), tonumber(column)
  if line_offset then
    line = line + line_offset - 1
    byte = byte + (byte_offset or 0)
  end
  return fail(ctx, string.format("line %d, column %d (byte %d)", line, column, byte),
    "invalid JSON: " .. detail, { line = line, column = column, byte = byte })
end

-- == Our own format ==

local function from_ours(ctx, object, messages, origins)
  -- plain-text chat logs land here too; our messages want assistant content
  -- as blocks, so a string becomes one text block (in a copy of the message)
  for i, m in ipairs(messages) do
    if type(m) == "table" and m.role == "assistant" and type(m.content) == "string" then
      local copy = {}
      for key, value in pairs(m) do copy[key] = value end
      copy.content = m.content ~= "" and { text_block(m.content) } or empty_list()
      messages[i] = copy
    end
  end
  return {
    format = ctx.format,
    system_prompt = object and str(object.system_prompt) or nil,
    summary = object and str(object.summary) or nil,
    cwd = object and str(object.cwd) or nil,
    tools = object and common.tools_of(ctx, object.tools) or nil,
    state_usage = object and object.usage or nil,
    messages = messages,
    origins = origins,
  }
end

-- == Detection ==

local OURS_BLOCKS = { tool_call = true }
local PI_BLOCKS = { toolCall = true }
local ANTHROPIC_BLOCKS = { tool_use = true, tool_result = true, redacted_thinking = true, server_tool_use = true,
                           document = true }
local OPENAI_PARTS = { image_url = true, refusal = true, input_audio = true }
local ANTHROPIC_STOPS = { end_turn = true, max_tokens = true, stop_sequence = true, pause_turn = true, refusal = true }

-- Score a message list for each format from the fields only one format has.
local function classify(list)
  local votes = { state = 0, pi = 0, openai = 0, anthropic = 0 }
  for _, m in ipairs(list) do
    if type(m) == "table" then
      local role = m.role
      if role == "tool_result" then votes.state = votes.state + 1 end
      if role == "toolResult" or role == "bashExecution" or m.stopReason ~= nil then votes.pi = votes.pi + 1 end
      -- Anthropic's own stop reasons and usage names
      if ANTHROPIC_STOPS[m.stop_reason] or (type(m.usage) == "table" and m.usage.input_tokens ~= nil) then
        votes.anthropic = votes.anthropic + 1
      end
      -- an assistant message without content (`"content": null`, which the
      -- decoder leaves out) is Chat Completions' alone
      if role == "system" or role == "developer" or role == "tool" or role == "function" or m.tool_calls ~= nil
          or m.function_call ~= nil or (role == "assistant" and m.content == nil) then
        votes.openai = votes.openai + 1
      end
      if type(m.content) == "table" then
        for _, block in ipairs(m.content) do
          if type(block) == "table" then
            local kind = block.type
            if OURS_BLOCKS[kind] or (kind == "image" and block.mime_type) then votes.state = votes.state + 1 end
            if PI_BLOCKS[kind] or (kind == "image" and block.mimeType) then votes.pi = votes.pi + 1 end
            if ANTHROPIC_BLOCKS[kind] or (kind == "image" and block.source) then
              votes.anthropic = votes.anthropic + 1
            end
            if OPENAI_PARTS[kind] then votes.openai = votes.openai + 1 end
          end
        end
      end
    end
  end
  local best, best_votes = "state", 0
  for _, name in ipairs { "state", "pi", "openai", "anthropic" } do
    if votes[name] > best_votes then best, best_votes = name, votes[name] end
  end
  return best
end

local function is_pi_entry(value)
  return type(value) == "table" and type(value.type) == "string" and value.role == nil
    and (value.type == "session" or (value.type == "message" and type(value.message) == "table")
         or value.type == "compaction")
end

-- A list of messages in any of the message formats.
local function from_message_list(ctx, list, object, forced)
  for i, m in ipairs(list) do
    if type(m) ~= "table" or type(m.role) ~= "string" then
      return fail(ctx, ctx.where(i), "unknown format: expected a message (an object with `role`)")
    end
  end
  local format = forced or classify(list)
  if format == "pi" then
    -- bare pi messages (not entries): wrap them as entries
    local entries, wheres = {}, {}
    for i, m in ipairs(list) do
      entries[i] = { type = "message", message = m }
      wheres[i] = ctx.where(i)
    end
    return pi.from_entries(ctx, entries, wheres)
  elseif format == "openai" then
    return openai.from_messages(ctx, list, object)
  elseif format == "anthropic" then
    return anthropic.from_messages(ctx, list, object)
  end
  local origins = {}
  for i in ipairs(list) do origins[i] = ctx.where(i) end
  return from_ours(ctx, object, list, origins)
end

-- Records: the objects of a JSONL file, or the items of a top-level array.
local function from_records(ctx, records, lines)
  local from = ctx.from
  local function line_names()
    local out = {}
    for i in ipairs(records) do out[i] = "line " .. lines[i] end
    return out
  end
  if from == "claude-code" or (not from and claude_code.is_transcript(records)) then
    ctx.format = "claude-code"
    return claude_code.from_entries(ctx, records, line_names())
  elseif from == "codex" or (not from and codex.is_rollout(records)) then
    ctx.format = "codex"
    return codex.from_records(ctx, records, line_names())
  elseif from == "gemini-cli" or (not from and gemini_cli.is_records(records)) then
    ctx.format = "gemini-cli"
    return gemini_cli.from_records(ctx, records, line_names())
  end
  if from == "pi" or (not from and is_pi_entry(records[1])) then
    local any = false
    for i, entry in ipairs(records) do
      if type(entry) ~= "table" or type(entry.type) ~= "string" then
        return fail(ctx, "line " .. lines[i], "expected a pi session entry (an object with `type`)")
      end
      any = any or is_pi_entry(entry)
    end
    if not any then
      return fail(ctx, "line " .. lines[1], "not a pi session (no `session`, `message` or `compaction` entry)")
    end
    local wheres = line_names()
    ctx.format = "pi"
    return pi.from_entries(ctx, records, wheres)
  end
  if from == "responses" or (not from and responses.is_list(records)) then
    ctx.format = "responses"
    return responses.from_items(ctx, records, nil)
  end
  if type(records[1].role) ~= "string" then
    return fail(ctx, ctx.where(1), "unknown format: expected a message (an object with `role`) or a pi session entry")
  end
  return from_message_list(ctx, records, nil, MESSAGE_LIST_FORMATS[from])
end

-- An object holding Responses API items (`input` of a request, `output` of
-- a response): the list, or nil.
local function responses_items(value)
  if value.messages ~= nil then return nil end
  if is_array(value.input) then return value.input end
  if is_array(value.output) and responses.is_list(value.output) then return value.output end
  if type(value.input) == "string" then return { { role = "user", content = value.input } } end
  return nil
end

-- One JSON object that is a whole one-line transcript of an agent.
local function is_agent_record(ctx, value)
  local from = ctx.from
  if from == "claude-code" or from == "codex" then return true end
  return not from and (claude_code.is_transcript({ value }) or codex.is_rollout({ value }))
end

local function from_object(ctx, value)
  ctx.where = function(i) return "messages[" .. i .. "]" end
  if ctx.from == "gemini-cli" or (not ctx.from and gemini_cli.is_session(value)) then
    ctx.format = "gemini-cli"
    return gemini_cli.from_value(ctx, value)
  end
  if ctx.from == "claude-code" or ctx.from == "codex" then
    ctx.where = function(i) return "line " .. i end
    return from_records(ctx, { value }, { 1 })
  end
  local items = (ctx.from == nil or ctx.from == "responses") and responses_items(value)
  if items then
    ctx.format = "responses"
    ctx.where = function(i) return (value.input == items and "input[" or "output[") .. i .. "]" end
    return responses.from_items(ctx, items, value)
  end
  if type(value.messages) == "table" then
    -- an object ({"1": {...}}) is not a list: reading it with ipairs gave
    -- 0 messages and a silent success
    if not is_array(value.messages) and next(value.messages) ~= nil then
      return fail(ctx, nil, "messages: expected a JSON array, got an object")
    end
    ctx.format = "state"
    -- a top-level `system` is Anthropic's; everything else is told apart by
    -- the messages themselves
    return from_message_list(ctx, value.messages, value,
      MESSAGE_LIST_FORMATS[ctx.from] or (value.system ~= nil and "anthropic" or nil))
  end
  if value.messages ~= nil then
    return fail(ctx, nil, "messages: expected a list, got " .. type(value.messages))
  end
  if type(value.role) == "string" or is_pi_entry(value) or is_agent_record(ctx, value) then
    ctx.format = "jsonl"
    ctx.where = function(i) return "line " .. i end
    return from_records(ctx, { value }, { 1 })
  end
  return fail(ctx, nil, "unknown format: a JSON object without `messages` (expected our state JSON, "
    .. "OpenAI Chat or Responses JSON, Anthropic messages JSON, or JSONL)")
end

local function from_value(ctx, value)
  if type(value) ~= "table" then
    return fail(ctx, nil, "unknown format: expected a JSON object or array, got " .. type(value))
  end
  if not is_array(value) then return from_object(ctx, value) end
  ctx.where = function(i) return "messages[" .. i .. "]" end
  local from = ctx.from
  if from == "gemini-cli" or (not from and gemini_cli.is_session(value)) then
    ctx.format = "gemini-cli"
    return gemini_cli.from_value(ctx, value)
  end
  if from == "claude-code" or from == "codex" or (not from and (claude_code.is_transcript(value)
      or codex.is_rollout(value))) then
    local lines = {}
    for i in ipairs(value) do lines[i] = i end
    ctx.where = function(i) return "messages[" .. i .. "]" end
    return from_records(ctx, value, lines)
  end
  if from == "responses" or (not from and responses.is_list(value)) then
    ctx.format = "responses"
    return responses.from_items(ctx, value, nil)
  end
  ctx.format = "state"
  return from_message_list(ctx, value, nil, MESSAGE_LIST_FORMATS[from])
end

-- The line numbers of the non-blank lines of `text`, with their text and
-- byte offsets.
-- (Plain find for the line ends: no copy of the whole text, and 1.3-1.7x
-- faster than a gmatch pattern on large sessions.)
local function split_lines(text)
  local lines = {}
  local line_number, start, length = 0, 1, #text
  while start <= length do
    local stop = text:find("\n", start, true) or length + 1
    line_number = line_number + 1
    local line = text:sub(start, stop - 1)
    if line:find("%S") then lines[#lines + 1] = { text = line, number = line_number, offset = start - 1 } end
    start = stop + 1
  end
  return lines
end

-- The JSON values of one line: one, or the objects a writer glued together
-- (`{...}{...}`: pi once wrote two entries on one line). When the line (or
-- what follows the glued objects) is not JSON: the whole objects before it,
-- and the decoder's error for the whole line. Each object is looked for in
-- a window from where it starts (twice the one before), doubled until it
-- holds the object, so a line of many glued objects costs time in
-- proportion to its length, not to its length times their number.
local function decode_line(text)
  local value, err = core.json_decode(text)
  if value ~= nil then return { value } end
  local values, pos, width = {}, 1, 256
  while true do
    local window = text:sub(pos, pos + width - 1)
    local whole = pos + width - 1 >= #text
    local head, why = core.json_decode(window)
    if head ~= nil and whole then
      values[#values + 1] = head
      return values
    end
    local byte = head == nil
      and tonumber(tostring(why):match("^json: trailing characters after the value at byte (%d+) "))
    if byte and window:sub(byte, byte) == "{" then
      head = core.json_decode(window:sub(1, byte - 1))
      if type(head) ~= "table" or is_array(head) then return values, err end
      values[#values + 1] = head
      pos, width = pos + byte - 1, math.max(64, 2 * (byte - 1))
    elseif whole or byte then
      return values, err
    else -- the window ends inside the value (or right after it): a wider one
      width = width * 2
    end
  end
end

-- How many lines of invalid JSON inside a JSONL file are skipped (with a
-- warning each) before the file is taken for broken: a few lines a
-- redaction or an editor broke ("\***@***" is no JSON escape) must not
-- lose the whole session.
local function bad_lines_allowed(count)
  return math.max(3, math.floor(count / 20))
end

local function from_jsonl(ctx, text, first_error, strict)
  local records, lines = {}, {}
  local all = split_lines(text)
  local skipped_bad = 0
  for n, line in ipairs(all) do
    local values, err = decode_line(line.text)
    if err and #values > 0 and n == #all and not strict then
      -- the writer crashed mid-line after whole entries: those are kept
      common.warn(ctx, "line " .. line.number, "skipped the torn end of the last line (invalid JSON)")
      err = nil
    end
    if not err and #values > 1 then
      common.warn(ctx, "line " .. line.number, "read " .. #values .. " JSON objects written on one line")
    end
    for i = 1, err and 0 or #values - 1 do
      records[#records + 1] = values[i]
      lines[#records] = line.number
    end
    local value = not err and values[#values] or nil
    local bad = value == nil and "invalid JSON" or ((type(value) ~= "table" or is_array(value)) and "not an object")
    if bad then
      -- a first line that is not JSON: report the whole document's error,
      -- since the file is more likely broken JSON than JSONL
      if n == 1 then return nil, first_error end
      if n == #all and not strict then
        -- the writer crashed mid-line: what came before is still the session
        common.warn(ctx, "line " .. line.number, "skipped a torn last line (" .. bad .. ")")
        break
      end
      if value ~= nil or strict or skipped_bad >= bad_lines_allowed(#all) then
        if value == nil then return json_position_error(ctx, err, line.number, line.offset) end
        return fail(ctx, "line " .. line.number, "expected a JSON object")
      end
      skipped_bad = skipped_bad + 1
      local detail, column = tostring(err):match("^json: (.-) at byte (%d+)")
      common.warn(ctx, "line " .. line.number, "skipped a line that is not JSON ("
        .. (detail and (detail .. " at column " .. column) or tostring(err)) .. ")")
    else
      records[#records + 1] = value
      lines[#records] = line.number
    end
  end
  ctx.format = "jsonl"
  ctx.where = function(i) return "line " .. lines[i] end
  return from_records(ctx, records, lines)
end

-- Point a validation problem ("messages[12].content: ...") at the source.
local function validation_error(ctx, result, problem)
  local index = tonumber(tostring(problem):match("^messages%[(%d+)%]"))
  local origin = index and result.origins and result.origins[index]
  local text = tostring(problem)
  if origin then text = text .. " (from " .. origin .. ")" end
  return fail(ctx, nil, "invalid messages after import as " .. tostring(result.format) .. ": " .. text)
end

-- A written summary sits in the messages of an exported OpenAI or Anthropic
-- file as its projection (so the file works as a request) and in `summary`:
-- read back, the projection is not a message of its own.
local function drop_projected_summary(result)
  local projected = summary_module.project_summary(result.summary)
  local first = result.messages[1]
  if projected and first and first.role == "user" and first.content == projected.content then
    table.remove(result.messages, 1)
    if result.origins then table.remove(result.origins, 1) end
  end
end

local REPAIR_NOTES = {
  { "orphan_results", "dropped %d tool result(s) without a call" },
  { "duplicate_results", "dropped %d second result(s) for the same call" },
  { "missing_results", "added %d result(s) for call(s) that never got one" },
}

-- Repair the tool pairs and say what changed, naming the source lines.
local function repair_messages(ctx, result)
  local repaired, report = repair.repair(result.messages)
  if not repaired then return nil, report end
  for _, note in ipairs(REPAIR_NOTES) do
    local indices = report[note[1]]
    if #indices > 0 then
      local places, seen = {}, {}
      for _, index in ipairs(indices) do
        local place = result.origins and result.origins[index] or ("messages[" .. index .. "]")
        if not seen[place] then
          seen[place] = true
          if #places == 5 then places[#places + 1] = "..." break end
          places[#places + 1] = place
        end
      end
      common.warn(ctx, nil, string.format(note[2], #indices) .. " (" .. table.concat(places, ", ") .. ")")
    end
  end
  return repaired, report
end

-- The provider's count for the imported list: our state's own `usage`, or
-- the last usable reply at or after `anchor_from`.
local function anchor_of(ctx, result, original, repaired)
  local position = {}
  for i, message in ipairs(repaired) do position[message] = i end
  local anchor = result.state_usage
  if anchor ~= nil then
    local checked, err = usage_module.check(anchor, #original, "usage")
    if not checked then
      common.warn(ctx, nil, "ignored its usage: " .. tostring(err.message or err))
      return nil
    end
    anchor = checked
  elseif result.anchor_from then
    anchor = usage_module.anchor(original, result.anchor_from)
  end
  if not anchor then return nil end
  return { tokens = anchor.tokens, through = position[original[anchor.through]] }
end

local function finish(ctx, result)
  if result.format == "state" and ctx.format == "jsonl" then result.format = "jsonl" end
  drop_projected_summary(result)
  local ok, problem = core.validate_messages(result.messages)
  if not ok then return validation_error(ctx, result, problem) end
  local original = result.messages
  local repaired, report = repair_messages(ctx, result)
  if not repaired then return nil, report end
  result.usage = anchor_of(ctx, result, original, repaired)
  result.messages, result.repair = repaired, report
  result.origins, result.state_usage, result.anchor_from = nil, nil, nil
  result.skipped = ctx.skipped
  result.warnings = ctx.warnings
  return result
end

--- Import a conversation from text.
-- @tparam string text the file's content
-- @tparam[opt] table opts `{ name = "path used in error messages",
--   strict = true, from = "claude-code" }` (`strict`: a torn last JSONL
--   line, or one of invalid JSON inside, is an error rather than skipped
--   with a warning; `from`: one of
--   `importers.FORMATS`, read as that format instead of detecting it)
-- @treturn table `{ system_prompt, summary, messages, tools, usage, cwd,
--   format, skipped, warnings, repair, source }`: `format` is one of
--   `importers.FORMATS`; `skipped` counts entries and blocks that had no
--   message equivalent; `warnings` lists what the import skipped or changed;
--   `repair` is `compact.repair`'s report (indices into the messages as
--   read, before the repair); `usage` the provider's count
--   `{ tokens, through }` or nil; `source` what an exporter needs to write
--   back to the same file (pi sessions). Or nil and an `invalid_request`
--   error naming the input and the line or JSON position
function importers.parse(text, opts)
  local ctx = new_context(opts and opts.name)
  if type(text) ~= "string" then return fail(ctx, nil, "expected text, got " .. type(text)) end
  local from = opts and opts.from
  if from ~= nil then
    local known = false
    for _, name in ipairs(importers.FORMATS) do known = known or name == from end
    if not known then
      return fail(ctx, nil, "unknown format '" .. tostring(from) .. "' (expected "
        .. table.concat(importers.FORMATS, ", ") .. ")")
    end
    ctx.from = from
  end
  if text:sub(1, 3) == "\239\187\191" then text = text:sub(4) end
  if not text:find("%S") then return fail(ctx, nil, "empty file") end
  local value, err = core.json_decode(text)
  local result
  if value ~= nil then
    result, err = from_value(ctx, value)
  else
    local _, doc_err = json_position_error(ctx, err)
    result, err = from_jsonl(ctx, text, doc_err, opts and opts.strict)
  end
  if not result then return nil, err end
  return finish(ctx, result)
end

--- Guess the format of `text` without keeping the result.
-- @treturn string|nil one of `importers.FORMATS`, or nil and an error
function importers.detect(text)
  local result, err = importers.parse(text)
  if not result then return nil, err end
  return result.format
end

--- The default cap on what `load` reads: 1 GiB.
importers.DEFAULT_MAX_BYTES = 1024 * 1024 * 1024

--- Import a conversation from a file (see `parse`).
-- @tparam string path
-- @tparam[opt] table opts as for `parse`, plus `max_bytes` (default
--   `DEFAULT_MAX_BYTES`): a longer file (or an endless one such as
--   `/dev/zero`) is an error, read no further than the cap
-- @treturn table|nil the state, or nil and an `invalid_request` error that
--   names the path
function importers.load(path, opts)
  if type(path) ~= "string" or path == "" then
    return nil, errors.new("invalid_request", "importers.load: expected a file path")
  end
  local file, open_err = io.open(path, "rb")
  if not file then
    -- io.open's message repeats the path ("x: No such file or directory")
    return nil, errors.new("invalid_request", path .. ": cannot open: " .. tostring(open_err):gsub("^.*: ", ""),
      { path = path })
  end
  local text, read_err = common.read_capped(file, (opts and opts.max_bytes) or importers.DEFAULT_MAX_BYTES)
  file:close()
  if not text then
    return nil, errors.new("invalid_request", path .. ": cannot read: " .. tostring(read_err):gsub("^.*: ", ""),
      { path = path })
  end
  local parse_opts = { name = path, strict = opts and opts.strict, from = opts and opts.from }
  return importers.parse(text, parse_opts)
end

return importers
