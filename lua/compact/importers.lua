--- Transcript importers: read a conversation from a file in one of the
-- formats agents and APIs write, and return it as a compact state
-- `{ system_prompt, summary, messages }` with contract-shaped messages.
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

local importers = {}

--- The format names `detect` and `parse` report.
importers.FORMATS = { "state", "jsonl", "pi", "openai", "anthropic" }

-- An import context: the name used in messages and a place for notes.
local function new_context(name)
  return { name = name or "input", skipped = 0 }
end

local function fail(ctx, where, message, fields)
  fields = fields or {}
  fields.path = ctx.name
  local text = ctx.name .. ": "
  if where then text = text .. where .. ": " end
  return nil, errors.new("invalid_request", text .. message, fields)
end

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

local function is_array(value)
  return type(value) == "table" and (value[1] ~= nil or getmetatable(value) == core.json_array_mt)
end

local function str(value)
  if type(value) == "string" then return value end
  return nil
end

local function number_or_zero(value)
  if type(value) == "number" and value == value and value >= 0 and value ~= math.huge then
    return (math.tointeger and math.tointeger(value)) or value
  end
  return 0
end

local function empty_list()
  return setmetatable({}, core.json_array_mt)
end

local function text_block(text) return { type = "text", text = text } end

-- A block type we do not understand becomes a visible placeholder rather than
-- vanishing, so a summary still notes that something was there.
local function placeholder(ctx, kind)
  ctx.skipped = ctx.skipped + 1
  return text_block("[" .. tostring(kind) .. " block]")
end

-- == Our own format ==

local function from_ours(ctx, object, messages, origins)
  -- plain-text chat logs land here too; the contract wants assistant content
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

-- == pi session JSONL ==

local PI_STOP = { stop = "stop", toolUse = "tool_use", length = "length", error = "error", aborted = "aborted" }

local function pi_blocks(ctx, content, where, allow)
  if type(content) == "string" then return content end
  if content == nil then return empty_list() end
  if type(content) ~= "table" then
    return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
  end
  local blocks = empty_list()
  for i, block in ipairs(content) do
    if type(block) ~= "table" then
      return fail(ctx, where, "content[" .. i .. "]: expected a block object")
    end
    local kind = block.type
    if kind == "text" then
      blocks[#blocks + 1] = text_block(str(block.text) or "")
    elseif kind == "image" then
      blocks[#blocks + 1] = { type = "image", mime_type = str(block.mimeType) or "image/png",
                              data = str(block.data) or "" }
    elseif kind == "thinking" and allow then
      blocks[#blocks + 1] = { type = "thinking", thinking = str(block.thinking) or "",
                              signature = str(block.thinkingSignature) }
    elseif kind == "toolCall" and allow then
      local arguments = block.arguments
      if type(arguments) ~= "table" then arguments = {} end
      if type(block.id) ~= "string" or type(block.name) ~= "string" then
        return fail(ctx, where, "content[" .. i .. "]: toolCall without id or name")
      end
      blocks[#blocks + 1] = { type = "tool_call", id = block.id, name = block.name, arguments = arguments }
    else
      blocks[#blocks + 1] = placeholder(ctx, kind)
    end
  end
  return blocks
end

-- pi's own rendering of a `!command` run by the user, so the model sees the
-- same thing it saw in the session.
local function bash_execution_text(m)
  local parts = { "Ran `" .. tostring(m.command or "") .. "`" }
  local output = str(m.output) or ""
  if output ~= "" then
    parts[#parts + 1] = "```\n" .. output .. "\n```"
  else
    parts[#parts + 1] = "(no output)"
  end
  if m.cancelled == true then
    parts[#parts + 1] = "(command cancelled)"
  elseif type(m.exitCode) == "number" and m.exitCode ~= 0 then
    parts[#parts + 1] = "Command exited with code " .. tostring(m.exitCode)
  end
  if m.truncated == true then parts[#parts + 1] = "[Output truncated]" end
  return table.concat(parts, "\n")
end

local BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n"

-- Convert one pi message; returns the message, false to skip, or nil, err.
local function pi_message(ctx, m, where)
  if type(m) ~= "table" then return fail(ctx, where, "message: expected an object") end
  local role = m.role
  if role == "user" then
    local content, err = pi_blocks(ctx, m.content, where, false)
    if content == nil then return nil, err end
    return { role = "user", content = content }
  elseif role == "assistant" then
    local content, err = pi_blocks(ctx, m.content, where, true)
    if content == nil then return nil, err end
    if type(content) == "string" then content = { text_block(content) } end
    local usage = type(m.usage) == "table" and m.usage or {}
    local has_call = false
    for _, block in ipairs(content) do
      if block.type == "tool_call" then has_call = true end
    end
    local stop = PI_STOP[m.stopReason] or (has_call and "tool_use" or "stop")
    local meta = {}
    for _, key in ipairs { "provider", "model", "api" } do
      if type(m[key]) == "string" then meta[key] = m[key] end
    end
    return {
      role = "assistant", content = content, stop_reason = stop,
      error_message = (stop == "error" or stop == "aborted") and str(m.errorMessage) or nil,
      usage = { input = number_or_zero(usage.input), output = number_or_zero(usage.output),
                cache_read = number_or_zero(usage.cacheRead), cache_write = number_or_zero(usage.cacheWrite) },
      provider_metadata = meta,
    }
  elseif role == "toolResult" then
    local content, err = pi_blocks(ctx, m.content, where, false)
    if content == nil then return nil, err end
    if type(m.toolCallId) ~= "string" then return fail(ctx, where, "toolResult without toolCallId") end
    return { role = "tool_result", tool_call_id = m.toolCallId, tool_name = str(m.toolName),
             content = content, is_error = m.isError == true }
  elseif role == "bashExecution" then
    if m.excludeFromContext == true then return false end
    return { role = "user", content = bash_execution_text(m) }
  elseif role == "custom" or role == "hookMessage" then
    local content, err = pi_blocks(ctx, m.content, where, false)
    if content == nil then return nil, err end
    return { role = "user", content = content }
  elseif role == "branchSummary" then
    return { role = "user", content = BRANCH_PREFIX .. tostring(m.summary or "") .. "\n</summary>" }
  end
  ctx.skipped = ctx.skipped + 1
  return false
end

local function pi_entry_message(ctx, entry, where)
  local kind = entry.type
  if kind == "message" then return pi_message(ctx, entry.message, where) end
  if kind == "custom_message" then
    return pi_message(ctx, { role = "custom", content = entry.content }, where)
  end
  if kind == "branch_summary" then
    return pi_message(ctx, { role = "branchSummary", summary = entry.summary }, where)
  end
  return false
end

-- The entries pi puts in context: with ids (session format v2+), the path
-- from the last entry back to the root; otherwise every entry in file order.
local function pi_path(entries)
  local by_id, last = {}, nil
  for i, entry in ipairs(entries) do
    if entry.type ~= "session" then
      if type(entry.id) ~= "string" then return nil end
      by_id[entry.id] = i
      last = i
    end
  end
  if not last then return nil end
  -- collected leaf first, then reversed (inserting at the front was
  -- quadratic in the length of the path)
  local path, seen, at = {}, {}, last
  while at and not seen[at] do
    seen[at] = true
    path[#path + 1] = at
    local parent = entries[at].parentId
    if type(parent) ~= "string" then break end
    at = by_id[parent]
    if not at then return nil end -- dangling parent: fall back to file order
  end
  local n = #path
  for i = 1, math.floor(n / 2) do path[i], path[n + 1 - i] = path[n + 1 - i], path[i] end
  return path
end

local function from_pi(ctx, entries, wheres)
  local order = pi_path(entries)
  if not order then
    order = {}
    for i in ipairs(entries) do order[#order + 1] = i end
  end
  -- the last compaction on the path decides where the context starts
  local compaction_at, first_kept
  for position = #order, 1, -1 do
    local entry = entries[order[position]]
    if entry.type == "compaction" then
      compaction_at = position
      if type(entry.firstKeptEntryId) == "string" then
        for p = 1, position do
          if entries[order[p]].id == entry.firstKeptEntryId then first_kept = p end
        end
      elseif type(entry.firstKeptEntryIndex) == "number" then
        -- session format v1: an index into the file's entries (0-based)
        local target = entry.firstKeptEntryIndex + 1
        for p = 1, position do
          if order[p] == target then first_kept = p end
        end
      end
      first_kept = first_kept or position + 1
      break
    end
  end
  local messages, origins = {}, {}
  local summary
  local function take(position)
    local index = order[position]
    local where = wheres[index]
    local message, err = pi_entry_message(ctx, entries[index], where)
    if message == nil then return nil, err end
    if message then
      messages[#messages + 1] = message
      origins[#messages] = where
    end
    return true
  end
  local start = 1
  if compaction_at then
    summary = str(entries[order[compaction_at]].summary)
    for position = first_kept, compaction_at - 1 do
      local ok, err = take(position)
      if not ok then return nil, err end
    end
    start = compaction_at + 1
  end
  for position = start, #order do
    local ok, err = take(position)
    if not ok then return nil, err end
  end
  return { format = "pi", summary = summary, messages = messages, origins = origins }
end

-- == OpenAI Chat Completions ==

local function data_url_image(url)
  local mime, data = tostring(url):match("^data:([^;,]+);base64,(.*)$")
  if mime then return { type = "image", mime_type = mime, data = data } end
  return text_block("[image: " .. tostring(url) .. "]")
end

local function openai_parts(ctx, content, where)
  if content == nil then return empty_list() end
  if type(content) == "string" then return content end
  if type(content) ~= "table" then
    return fail(ctx, where, "content: expected a string or a list of parts, got " .. type(content))
  end
  local blocks = empty_list()
  for i, part in ipairs(content) do
    if type(part) ~= "table" then return fail(ctx, where, "content[" .. i .. "]: expected an object") end
    if part.type == "text" then
      blocks[#blocks + 1] = text_block(str(part.text) or "")
    elseif part.type == "refusal" then
      blocks[#blocks + 1] = text_block(str(part.refusal) or "")
    elseif part.type == "image_url" then
      local image = part.image_url
      blocks[#blocks + 1] = data_url_image(type(image) == "table" and image.url or image)
    else
      blocks[#blocks + 1] = placeholder(ctx, part.type)
    end
  end
  return blocks
end

local function join_text(content)
  if type(content) == "string" then return content end
  local out = {}
  for _, block in ipairs(content or {}) do
    if block.type == "text" then out[#out + 1] = block.text end
  end
  return table.concat(out, "\n")
end

local function from_openai(ctx, list, object)
  local messages, origins, system = {}, {}, {}
  local tool_names = {}
  for i, m in ipairs(list) do
    local where = ctx.where(i)
    if type(m) ~= "table" then return fail(ctx, where, "expected a message object") end
    local role = m.role
    if role == "system" or role == "developer" then
      local content, err = openai_parts(ctx, m.content, where)
      if content == nil then return nil, err end
      system[#system + 1] = join_text(content)
    else
      local message
      if role == "user" then
        local content, err = openai_parts(ctx, m.content, where)
        if content == nil then return nil, err end
        message = { role = "user", content = content }
      elseif role == "assistant" then
        local content, err = openai_parts(ctx, m.content, where)
        if content == nil then return nil, err end
        if type(content) == "string" then
          content = content ~= "" and { text_block(content) } or empty_list()
        end
        if type(m.refusal) == "string" and m.refusal ~= "" then content[#content + 1] = text_block(m.refusal) end
        local calls = m.tool_calls
        if calls ~= nil and type(calls) ~= "table" then
          return fail(ctx, where, "tool_calls: expected a list")
        end
        for j, call in ipairs(calls or {}) do
          local fn = type(call) == "table" and call["function"]
          if type(fn) ~= "table" or type(call.id) ~= "string" or type(fn.name) ~= "string" then
            return fail(ctx, where, "tool_calls[" .. j .. "]: expected { id, function = { name, arguments } }")
          end
          local block = { type = "tool_call", id = call.id, name = fn.name, arguments = {} }
          local raw = fn.arguments
          if type(raw) == "table" then
            block.arguments = raw
          elseif type(raw) == "string" and raw:find("%S") then
            local decoded = core.json_decode(raw)
            if type(decoded) == "table" and not is_array(decoded) then
              block.arguments = decoded
            else
              -- a truncated or non-object argument string is kept verbatim
              block.raw_arguments = raw
            end
          end
          tool_names[call.id] = fn.name
          content[#content + 1] = block
        end
        message = { role = "assistant", content = content,
                    stop_reason = (calls and calls[1]) and "tool_use" or "stop" }
      elseif role == "tool" then
        if type(m.tool_call_id) ~= "string" then return fail(ctx, where, "tool message without tool_call_id") end
        local content, err = openai_parts(ctx, m.content, where)
        if content == nil then return nil, err end
        message = { role = "tool_result", tool_call_id = m.tool_call_id,
                    tool_name = tool_names[m.tool_call_id] or str(m.name), content = content, is_error = false }
      else
        return fail(ctx, where, "unsupported OpenAI message role '" .. tostring(role) .. "'")
      end
      messages[#messages + 1] = message
      origins[#messages] = where
    end
  end
  local system_prompt = #system > 0 and table.concat(system, "\n\n") or nil
  return { format = "openai", system_prompt = system_prompt, summary = object and str(object.summary) or nil,
           messages = messages, origins = origins }
end

-- == Anthropic Messages ==

local ANTHROPIC_STOP = { end_turn = "stop", stop_sequence = "stop", tool_use = "tool_use",
                         max_tokens = "length", pause_turn = "stop", refusal = "error" }

local function anthropic_image(ctx, block)
  local source = block.source
  if type(source) == "table" and source.type == "base64" then
    return { type = "image", mime_type = str(source.media_type) or "image/png", data = str(source.data) or "" }
  end
  if type(source) == "table" and source.url then return text_block("[image: " .. tostring(source.url) .. "]") end
  return placeholder(ctx, "image")
end

local function anthropic_simple_blocks(ctx, content, where)
  if type(content) == "string" then return content end
  if content == nil then return empty_list() end
  if type(content) ~= "table" then return fail(ctx, where, "content: expected a string or a list of blocks") end
  local blocks = empty_list()
  for i, block in ipairs(content) do
    if type(block) ~= "table" then return fail(ctx, where, "content[" .. i .. "]: expected a block object") end
    if block.type == "text" then
      blocks[#blocks + 1] = text_block(str(block.text) or "")
    elseif block.type == "image" then
      blocks[#blocks + 1] = anthropic_image(ctx, block)
    else
      blocks[#blocks + 1] = placeholder(ctx, block.type)
    end
  end
  return blocks
end

local function from_anthropic(ctx, list, object)
  local messages, origins = {}, {}
  local tool_names = {}
  local function add(message, where)
    messages[#messages + 1] = message
    origins[#messages] = where
  end
  for i, m in ipairs(list) do
    local where = ctx.where(i)
    if type(m) ~= "table" then return fail(ctx, where, "expected a message object") end
    local content = m.content
    if m.role == "user" then
      if type(content) == "string" then
        add({ role = "user", content = content }, where)
      elseif type(content) == "table" then
        -- tool results become their own messages, ahead of the user's text,
        -- which is the order the API requires them in
        local rest = empty_list()
        for j, block in ipairs(content) do
          if type(block) ~= "table" then return fail(ctx, where, "content[" .. j .. "]: expected a block object") end
          if block.type == "tool_result" then
            if type(block.tool_use_id) ~= "string" then
              return fail(ctx, where, "content[" .. j .. "]: tool_result without tool_use_id")
            end
            local result, err = anthropic_simple_blocks(ctx, block.content, where)
            if result == nil then return nil, err end
            add({ role = "tool_result", tool_call_id = block.tool_use_id, tool_name = tool_names[block.tool_use_id],
                  content = result, is_error = block.is_error == true }, where)
          else
            local converted, err = anthropic_simple_blocks(ctx, { block }, where)
            if converted == nil then return nil, err end
            rest[#rest + 1] = converted[1]
          end
        end
        if #rest > 0 then add({ role = "user", content = rest }, where) end
      else
        return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
      end
    elseif m.role == "assistant" then
      local blocks = empty_list()
      local has_call = false
      if type(content) == "string" then
        blocks[1] = text_block(content)
      elseif type(content) == "table" then
        for j, block in ipairs(content) do
          if type(block) ~= "table" then return fail(ctx, where, "content[" .. j .. "]: expected a block object") end
          local kind = block.type
          if kind == "text" then
            blocks[#blocks + 1] = text_block(str(block.text) or "")
          elseif kind == "thinking" then
            blocks[#blocks + 1] = { type = "thinking", thinking = str(block.thinking) or "",
                                    signature = str(block.signature) }
          elseif kind == "redacted_thinking" then
            blocks[#blocks + 1] = { type = "thinking", thinking = "", signature = str(block.data), redacted = true }
          elseif kind == "tool_use" or kind == "server_tool_use" then
            if type(block.id) ~= "string" or type(block.name) ~= "string" then
              return fail(ctx, where, "content[" .. j .. "]: tool_use without id or name")
            end
            local input = type(block.input) == "table" and block.input or {}
            blocks[#blocks + 1] = { type = "tool_call", id = block.id, name = block.name, arguments = input }
            tool_names[block.id] = block.name
            has_call = true
          else
            blocks[#blocks + 1] = placeholder(ctx, kind)
          end
        end
      elseif content ~= nil then
        return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
      end
      local message = { role = "assistant", content = blocks,
                        stop_reason = ANTHROPIC_STOP[m.stop_reason] or (has_call and "tool_use" or "stop") }
      local usage = m.usage
      if type(usage) == "table" then
        message.usage = { input = number_or_zero(usage.input_tokens), output = number_or_zero(usage.output_tokens),
                          cache_read = number_or_zero(usage.cache_read_input_tokens),
                          cache_write = number_or_zero(usage.cache_creation_input_tokens) }
      end
      add(message, where)
    else
      return fail(ctx, where, "unsupported Anthropic message role '" .. tostring(m.role) .. "'")
    end
  end
  local system = object and object.system
  local system_prompt
  if type(system) == "string" then
    system_prompt = system
  elseif type(system) == "table" then
    local parts = {}
    for _, block in ipairs(system) do
      if type(block) == "table" and type(block.text) == "string" then parts[#parts + 1] = block.text end
    end
    system_prompt = table.concat(parts, "\n\n")
  end
  return { format = "anthropic", system_prompt = system_prompt, summary = object and str(object.summary) or nil,
           messages = messages, origins = origins }
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
    return from_pi(ctx, entries, wheres)
  elseif format == "openai" then
    return from_openai(ctx, list, object)
  elseif format == "anthropic" then
    return from_anthropic(ctx, list, object)
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
    return from_pi(ctx, records, wheres)
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

--- Import a conversation from text.
-- @tparam string text the file's content
-- @tparam[opt] table opts `{ name = "path used in error messages" }`
-- @treturn table `{ system_prompt, summary, messages, format, skipped }`
--   (`format` is one of `importers.FORMATS`; `skipped` counts entries and
--   blocks that had no message equivalent), or nil and an `invalid_request`
--   error naming the input and the line or JSON position
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
-- @treturn table|nil the state, or nil and an `invalid_request` error that
--   names the path
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
