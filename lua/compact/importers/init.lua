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
--   `tool_result` blocks).
--
-- Broken or unknown input is an `invalid_request` error whose message starts
-- with the path and names the line (JSONL) or the JSON position (byte, line,
-- column); the error also carries `path`, `line` and `column` fields.
-- @module compact.importers

local core = require "compact.core"
local errors = require "compact.errors"
local common = require "compact.importers.common"
local pi = require "compact.importers.pi"
local openai = require "compact.importers.openai"
local anthropic = require "compact.importers.anthropic"

local new_context, fail, is_array, str = common.new_context, common.fail, common.is_array, common.str
local empty_list, text_block = common.empty_list, common.text_block

local importers = {}

--- The format names `detect` and `parse` report.
importers.FORMATS = { "state", "jsonl", "pi", "openai", "anthropic" }

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

-- Score a message list for each format from the fields only one format has.
local function classify(list)
  local votes = { state = 0, pi = 0, openai = 0, anthropic = 0 }
  for _, m in ipairs(list) do
    if type(m) == "table" then
      local role = m.role
      if role == "tool_result" then votes.state = votes.state + 1 end
      if role == "toolResult" or role == "bashExecution" or m.stopReason ~= nil then votes.pi = votes.pi + 1 end
      if role == "system" or role == "developer" or role == "tool" or m.tool_calls ~= nil then
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
  if is_pi_entry(records[1]) then
    for i, entry in ipairs(records) do
      if type(entry) ~= "table" or type(entry.type) ~= "string" then
        return fail(ctx, "line " .. lines[i], "expected a pi session entry (an object with `type`)")
      end
    end
    local wheres = {}
    for i in ipairs(records) do wheres[i] = "line " .. lines[i] end
    ctx.format = "pi"
    return pi.from_entries(ctx, records, wheres)
  end
  if type(records[1].role) ~= "string" then
    return fail(ctx, ctx.where(1), "unknown format: expected a message (an object with `role`) or a pi session entry")
  end
  return from_message_list(ctx, records, nil)
end

local function from_value(ctx, value)
  if type(value) ~= "table" then
    return fail(ctx, nil, "unknown format: expected a JSON object or array, got " .. type(value))
  end
  if is_array(value) then
    ctx.format = "state"
    ctx.where = function(i) return "messages[" .. i .. "]" end
    return from_message_list(ctx, value, nil)
  end
  ctx.where = function(i) return "messages[" .. i .. "]" end
  if type(value.messages) == "table" then
    -- an object ({"1": {...}}) is not a list: reading it with ipairs gave
    -- 0 messages and a silent success
    if not is_array(value.messages) and next(value.messages) ~= nil then
      return fail(ctx, nil, "messages: expected a JSON array, got an object")
    end
    ctx.format = "state"
    -- a top-level `system` is Anthropic's; everything else is told apart by
    -- the messages themselves
    return from_message_list(ctx, value.messages, value, value.system ~= nil and "anthropic" or nil)
  end
  if value.messages ~= nil then
    return fail(ctx, nil, "messages: expected a list, got " .. type(value.messages))
  end
  if type(value.role) == "string" or is_pi_entry(value) then
    ctx.format = "jsonl"
    ctx.where = function(i) return "line " .. i end
    return from_records(ctx, { value }, { 1 })
  end
  return fail(ctx, nil, "unknown format: a JSON object without `messages` (expected our state JSON, "
    .. "OpenAI or Anthropic messages JSON, or JSONL)")
end

local function from_jsonl(ctx, text, first_error)
  local records, lines = {}, {}
  local line_number, offset = 0, 0
  local first = true
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    line_number = line_number + 1
    if line:find("%S") then
      local value, err = core.json_decode(line)
      if value == nil then
        -- a first line that is not JSON: report the whole document's error,
        -- since the file is more likely broken JSON than JSONL
        if first then return nil, first_error end
        return json_position_error(ctx, err, line_number, offset)
      end
      if type(value) ~= "table" or is_array(value) then
        if first then return nil, first_error end
        return fail(ctx, "line " .. line_number, "expected a JSON object")
      end
      first = false
      records[#records + 1] = value
      lines[#records] = line_number
    end
    offset = offset + #line + 1
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

--- Import a conversation from text. The result is
-- `{ system_prompt, summary, messages, format, skipped }`: `format` is one of
-- `importers.FORMATS`; `skipped` counts entries and blocks that had no
-- message equivalent. A failure is an `invalid_request` error naming the
-- input and the line or JSON position.
-- @tparam string text the file's content
-- @tparam[opt] table opts `{ name = "path used in error messages" }`
-- @treturn table the state, or nil and an error
function importers.parse(text, opts)
  local ctx = new_context(opts and opts.name)
  if type(text) ~= "string" then return fail(ctx, nil, "expected text, got " .. type(text)) end
  if text:sub(1, 3) == "\239\187\191" then text = text:sub(4) end
  if not text:find("%S") then return fail(ctx, nil, "empty file") end
  local value, err = core.json_decode(text)
  local result
  if value ~= nil then
    result, err = from_value(ctx, value)
  else
    local _, doc_err = json_position_error(ctx, err)
    result, err = from_jsonl(ctx, text, doc_err)
  end
  if not result then return nil, err end
  if result.format == "state" and ctx.format == "jsonl" then result.format = "jsonl" end
  local ok, problem = core.validate_messages(result.messages)
  if not ok then return validation_error(ctx, result, problem) end
  result.origins = nil
  result.skipped = ctx.skipped
  return result
end

--- Guess the format of `text` without keeping the result.
-- @treturn string|nil one of `importers.FORMATS`, or nil and an error
function importers.detect(text)
  local result, err = importers.parse(text)
  if not result then return nil, err end
  return result.format
end

--- Import a conversation from a file (see `parse`).
-- @tparam string path
-- @treturn table|nil the state, or nil and an `invalid_request` error naming the path
function importers.load(path)
  if type(path) ~= "string" or path == "" then
    return nil, errors.new("invalid_request", "importers.load: expected a file path")
  end
  local file, open_err = io.open(path, "rb")
  if not file then
    return nil, errors.new("invalid_request", path .. ": cannot open: " .. tostring(open_err):gsub("^[^:]*: ", ""),
      { path = path })
  end
  local text, read_err = file:read("*a")
  file:close()
  if not text then
    return nil, errors.new("invalid_request", path .. ": cannot read: " .. tostring(read_err), { path = path })
  end
  return importers.parse(text, { name = path })
end

return importers
