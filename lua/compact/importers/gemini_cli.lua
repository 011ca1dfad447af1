--- The Gemini CLI session importer (`compact.importers` detects the format
-- and calls it): the session JSON Gemini CLI records under
-- `~/.gemini/tmp/<project>/chats/` (`{ sessionId, projectHash, startTime,
-- messages }`), and the JSONL form of newer versions (that header, then one
-- message record per line, a later record with the same `id` replacing the
-- earlier one, `$rewindTo` dropping messages from that id on; a `$rewindTo`
-- to an id the history does not hold drops nothing and is a warning).
--
-- * `type = "user"` messages are user messages; `type = "gemini"` (or
--   `"model"`) ones assistant messages: `thoughts` become thinking blocks (subject and
--   description), `content` the text, each of `toolCalls` a `tool_call`
--   block, and each call's `result` (its `functionResponse.response`:
--   `output`, or `error`) a `tool_result` message after it; a call whose
--   `status` is `error` or `cancelled` gives an error result.
-- * `tokens` (`input` counting `cached`, `output`, `thoughts`, `tool`) are
--   the reply's usage: input = input - cached + tool, cache_read = cached,
--   output = output + thoughts, reasoning = thoughts.
-- * A user message of `functionResponse` parts only (newer versions repeat
--   each call's result so) is no user message: a response the call already
--   carried is dropped, one it did not is the call's result, one of a call
--   not seen is skipped.
-- * `info`, `error` and `warning` messages are the CLI's own notes and are
--   skipped. Messages keep their `timestamp` (as epoch milliseconds).
-- * A chat saved with `/chat save` (`checkpoint-<tag>.json`: Gemini API
--   `Content` objects, a list or `{ history }`) is read too: `model` turns
--   are assistant messages (`functionCall` parts tool calls, `thought`
--   parts thinking), `functionResponse` parts tool results, answering the
--   call of the same id, or else the oldest open call of the same name; the
--   working directory named in the CLI's first (context) message is `cwd`.
--
-- Internal.
-- @module compact.importers.gemini_cli

local common = require "compact.importers.common"
local core = require "compact.core"

local str, number_or_zero, empty_list, text_block = common.str, common.number_or_zero, common.empty_list,
  common.text_block

local gemini = {}

local MESSAGE_TYPES = { user = true, gemini = true, model = true, info = true, error = true, warning = true }

local function is_message(value)
  return type(value) == "table" and value.role == nil and MESSAGE_TYPES[value.type] == true
    and (type(value.id) == "string" or value.content ~= nil or value.toolCalls ~= nil)
end

-- A Gemini API `Content` (`{ role = "user" | "model", parts }`).
local function is_content(value)
  return type(value) == "table" and (value.role == "user" or value.role == "model") and type(value.parts) == "table"
end

-- The `Content` list of a saved chat (a bare list, or `{ history }`), or nil.
local function history_of(value)
  local list = common.is_array(value) and value or value.history
  if type(list) == "table" and is_content(list[1]) then return list end
  return nil
end

--- Is this JSON value a Gemini CLI session (or a list of its messages, or
-- one message, or a chat saved with `/chat save`)?
function gemini.is_session(value)
  if type(value) ~= "table" then return false end
  if history_of(value) then return true end
  if type(value.messages) == "table" and (type(value.projectHash) == "string" or is_message(value.messages[1])) then
    return true
  end
  return is_message(value) or (common.is_array(value) and is_message(value[1]))
end

--- Are these JSONL records a Gemini CLI session (the header first)?
function gemini.is_records(records)
  local first = records[1]
  return type(first) == "table" and type(first.sessionId) == "string" and type(first.projectHash) == "string"
    and first.type == nil
end

-- Gemini parts (`{ text }`, `{ inlineData = { mimeType, data } }`, ...) or a
-- string as our content.
local function content_of(ctx, content)
  if type(content) == "string" then return content end
  if type(content) == "table" and content.text ~= nil then content = { content } end
  local blocks = empty_list()
  for _, part in ipairs(type(content) == "table" and content or {}) do
    if type(part) == "string" then
      blocks[#blocks + 1] = text_block(part)
    elseif type(part) == "table" and type(part.text) == "string" then
      if part.thought ~= true then blocks[#blocks + 1] = text_block(part.text) end
    elseif type(part) == "table" and type(part.inlineData) == "table" then
      blocks[#blocks + 1] = { type = "image", mime_type = str(part.inlineData.mimeType) or "image/png",
                              data = str(part.inlineData.data) or "" }
    elseif type(part) == "table" then
      blocks[#blocks + 1] = common.placeholder(ctx, next(part) or "part")
    end
  end
  return blocks
end

-- A `functionResponse.response`: its `output`, or its `error` (then an
-- error), or the whole object as JSON.
local function response_text(response)
  if response.error ~= nil then
    return type(response.error) == "string" and response.error or (core.json_encode(response.error) or ""), true
  end
  if type(response.output) == "string" then return response.output, false end
  return core.json_encode(response) or "", false
end

-- The text of a call's result parts.
local function result_of(call)
  local texts, is_error = {}, call.status == "error" or call.status == "cancelled"
  local result = call.result
  if type(result) == "table" and result.functionResponse == nil and not common.is_array(result) then
    result = { result }
  end
  for _, part in ipairs(type(result) == "table" and result or {}) do
    local response = type(part) == "table" and type(part.functionResponse) == "table"
      and part.functionResponse.response
    if type(response) == "table" then
      local text, failed = response_text(response)
      texts[#texts + 1], is_error = text, is_error or failed
    elseif type(part) == "table" and type(part.text) == "string" then
      texts[#texts + 1] = part.text
    end
  end
  if #texts == 0 then
    if result == nil and call.status ~= "cancelled" and call.status ~= "error" then return nil end
    texts[1] = call.status == "cancelled" and "[cancelled]" or (str(call.resultDisplay) or "")
  end
  return table.concat(texts, "\n"), is_error
end

local function usage_of(tokens)
  if type(tokens) ~= "table" then return nil end
  local input, cached = number_or_zero(tokens.input), number_or_zero(tokens.cached)
  local thoughts = number_or_zero(tokens.thoughts)
  return { input = math.max(0, input - cached) + number_or_zero(tokens.tool), cache_read = math.min(cached, input),
           cache_write = 0, output = number_or_zero(tokens.output) + thoughts, reasoning = thoughts }
end

local function gemini_message(ctx, m, where, add)
  local blocks = empty_list()
  for _, thought in ipairs(type(m.thoughts) == "table" and m.thoughts or {}) do
    if type(thought) == "table" then
      local subject, description = str(thought.subject), str(thought.description)
      local text = subject and description and ("**" .. subject .. "**\n" .. description) or subject or description
      if text then blocks[#blocks + 1] = { type = "thinking", thinking = text } end
    end
  end
  local content = content_of(ctx, m.content)
  if type(content) == "string" then
    if content ~= "" then blocks[#blocks + 1] = text_block(content) end
  else
    for _, block in ipairs(content) do blocks[#blocks + 1] = block end
  end
  local results = {}
  for j, call in ipairs(type(m.toolCalls) == "table" and m.toolCalls or {}) do
    if type(call) ~= "table" or type(call.id) ~= "string" or type(call.name) ~= "string" then
      return common.fail(ctx, where, "toolCalls[" .. j .. "]: expected { id, name, args }")
    end
    blocks[#blocks + 1] = { type = "tool_call", id = call.id, name = call.name,
                            arguments = type(call.args) == "table" and call.args or {} }
    local text, is_error = result_of(call)
    ctx.gemini_calls[call.id] = text and "answered" or call.name
    if text then
      results[#results + 1] = { role = "tool_result", tool_call_id = call.id, tool_name = call.name,
                                content = text, is_error = is_error, timestamp = common.iso_millis(call.timestamp) }
    end
  end
  add({ role = "assistant", content = blocks, stop_reason = #results > 0 and "tool_use" or "stop",
        usage = usage_of(m.tokens), provider_metadata = { model = str(m.model) },
        timestamp = common.iso_millis(m.timestamp) }, where)
  for _, result in ipairs(results) do add(result, where) end
  return true
end

-- The project root whose SHA-256 is the session's `projectHash` (how
-- Gemini CLI names a project): tried on the absolute paths the tool calls
-- name and their parent directories; nil when none matches.
local MAX_ROOTS_TRIED = 400
-- The arguments of Gemini CLI's tools that hold a path.
local PATH_KEYS = { "absolute_path", "file_path", "path", "dir_path", "directory" }

local function project_root(messages, hash)
  if type(hash) ~= "string" or not hash:match("^%x+$") or #hash ~= 64 then return nil end
  hash = hash:lower()
  local sha256 = require("compact.core").sha256
  local tried, count = {}, 0
  local function try(path)
    while path and path ~= "" and path ~= "/" and count < MAX_ROOTS_TRIED do
      path = path:gsub("/+$", "")
      if path == "" or tried[path] then return nil end
      tried[path], count = true, count + 1
      if sha256(path) == hash then return path end
      path = path:match("^(.*)/[^/]*$")
    end
    return nil
  end
  for _, message in ipairs(messages) do
    local blocks = message.role == "assistant" and type(message.content) == "table" and message.content or {}
    for _, block in ipairs(blocks) do
      local args = block.type == "tool_call" and type(block.arguments) == "table" and block.arguments or {}
      for _, key in ipairs(PATH_KEYS) do
        local value = rawget(args, key)
        -- a path, not a file's text that happens to open with "/*"
        local found = type(value) == "string" and value:sub(1, 1) == "/" and #value <= 4096
          and not value:find("[\n\"'%*]") and try(value)
        if found then return found end
      end
    end
  end
  -- calls given relative paths: the absolute ones their results name
  -- ("Successfully modified file: /home/me/app/a.md")
  for _, message in ipairs(messages) do
    if message.role == "tool_result" and type(message.content) == "string" then
      for path in message.content:sub(1, 2000):gmatch("%f[%S](/[%w_%.%-/]+)") do
        local found = try(path)
        if found or count >= MAX_ROOTS_TRIED then return found end
      end
    end
  end
  return nil
end

-- A user entry's `functionResponse` parts, when that is all it holds
-- (each `{ id, name, response }` with an id and a table response), or nil.
local function function_responses(content)
  if type(content) ~= "table" or content.text ~= nil or #content == 0 then return nil end
  local responses = {}
  for _, part in ipairs(content) do
    local response = type(part) == "table" and part.functionResponse
    if type(response) ~= "table" or type(response.id) ~= "string" or type(response.response) ~= "table" then
      return nil
    end
    responses[#responses + 1] = response
  end
  return responses
end

local function from_list(ctx, list, wheres, object)
  local messages, origins = {}, {}
  ctx.gemini_calls = {} -- call id -> "answered", or its tool name while it waits for a result
  local function add(message, where)
    messages[#messages + 1], origins[#messages + 1] = message, where
  end
  for i, m in ipairs(list) do
    local where = wheres[i]
    if type(m) ~= "table" then return common.fail(ctx, where, "expected a Gemini CLI message object") end
    local responses = m.type == "user" and function_responses(m.content)
    if responses then
      -- newer versions repeat each call's result as a user entry of
      -- `functionResponse` parts: no user turn; a result the call did not
      -- carry is its result, one of no call seen is dropped
      for _, response in ipairs(responses) do
        local called = ctx.gemini_calls[response.id]
        if called and called ~= "answered" then
          local text, is_error = response_text(response.response)
          add({ role = "tool_result", tool_call_id = response.id, tool_name = str(response.name) or called,
                content = text, is_error = is_error, timestamp = common.iso_millis(m.timestamp) }, where)
          ctx.gemini_calls[response.id] = "answered"
        elseif not called then
          ctx.skipped = ctx.skipped + 1
          common.warn(ctx, where, "skipped a functionResponse to a call the session does not hold ("
            .. response.id:sub(1, 80) .. ")")
        end
      end
    elseif m.type == "user" then
      add({ role = "user", content = content_of(ctx, m.content), timestamp = common.iso_millis(m.timestamp) }, where)
    elseif m.type == "gemini" or m.type == "model" then
      local ok, err = gemini_message(ctx, m, where, add)
      if not ok then return nil, err end
    else
      ctx.skipped = ctx.skipped + 1
    end
  end
  local directories = object and object.directories
  local cwd = type(directories) == "table" and str(directories[1]) or nil
  if not cwd and type(object) == "table" then cwd = project_root(messages, object.projectHash) end
  return { format = "gemini-cli", messages = messages, origins = origins, anchor_from = 1, cwd = cwd }
end

-- One `Content` of a saved chat; `calls` holds, by tool name, the ids of
-- calls still waiting for their response (older versions give none).
local function history_content(ctx, c, where, calls, add)
  local blocks, results = empty_list(), {}
  for _, part in ipairs(c.parts) do
    local call, response = type(part) == "table" and part.functionCall, type(part) == "table" and part.functionResponse
    if type(call) == "table" and type(call.name) == "string" then
      calls.count = calls.count + 1
      local id = str(call.id) or ("gemini_call_" .. calls.count)
      calls[call.name] = calls[call.name] or {}
      table.insert(calls[call.name], id)
      blocks[#blocks + 1] = { type = "tool_call", id = id, name = call.name,
                              arguments = type(call.args) == "table" and call.args or {} }
    elseif type(response) == "table" and type(response.name) == "string" then
      local waiting = calls[response.name]
      local id = str(response.id) or (waiting and table.remove(waiting, 1)) or ("gemini_result_" .. #results + 1)
      local text, is_error = response_text(type(response.response) == "table" and response.response or {})
      results[#results + 1] = { role = "tool_result", tool_call_id = id, tool_name = response.name, content = text,
                                is_error = is_error }
    elseif type(part) == "table" and part.thought == true and type(part.text) == "string" then
      blocks[#blocks + 1] = { type = "thinking", thinking = part.text, signature = str(part.thoughtSignature) }
    else
      local converted = content_of(ctx, { part })
      for _, block in ipairs(converted) do blocks[#blocks + 1] = block end
    end
  end
  if c.role == "model" then
    local has_call = false
    for _, block in ipairs(blocks) do has_call = has_call or block.type == "tool_call" end
    add({ role = "assistant", content = blocks, stop_reason = has_call and "tool_use" or "stop" }, where)
  else
    for _, result in ipairs(results) do add(result, where) end
    if #blocks > 0 then add({ role = "user", content = blocks }, where) end
  end
end

-- A chat saved with `/chat save` (`checkpoint-<tag>.json`): Gemini API
-- `Content` objects, model turns as assistant messages, function responses
-- as tool results.
local function from_history(ctx, list)
  local messages, origins, calls = {}, {}, { count = 0 }
  local function add(message, where)
    messages[#messages + 1], origins[#messages + 1] = message, where
  end
  for i, c in ipairs(list) do
    if is_content(c) then
      history_content(ctx, c, "history[" .. i .. "]", calls, add)
    else
      ctx.skipped = ctx.skipped + 1
    end
  end
  -- the CLI's own first message names the working directory
  local first = messages[1] and messages[1].role == "user" and common.join_text(messages[1].content) or ""
  local cwd = first:match("I'm currently working in the directory: ([^\n]+)")
  return { format = "gemini-cli", messages = messages, origins = origins, anchor_from = 1, cwd = cwd }
end

--- Import a Gemini CLI session JSON value.
-- @treturn table `{ format = "gemini-cli", messages, origins, anchor_from }`,
--   or nil and an `invalid_request` error
function gemini.from_value(ctx, value)
  local history = history_of(value)
  if history then return from_history(ctx, history) end
  local list, object = value, nil
  if type(value.messages) == "table" then
    list, object = value.messages, value
  elseif not common.is_array(value) then
    list = { value }
  end
  local wheres, known = {}, 0
  for i, m in ipairs(list) do
    wheres[i] = "messages[" .. i .. "]"
    if is_message(m) then known = known + 1 end
  end
  if known == 0 and #list > 0 then
    return common.fail(ctx, wheres[1], "not a Gemini CLI session (no message with `type` user or gemini)")
  end
  return from_list(ctx, list, wheres, object)
end

--- Import the JSONL form: the header, then message records.
function gemini.from_records(ctx, records, wheres)
  if not gemini.is_records(records) then
    return common.fail(ctx, wheres[1],
      "not a Gemini CLI session (expected a header with `sessionId` and `projectHash`)")
  end
  local order, latest, at = {}, {}, {}
  for i, record in ipairs(records) do
    if type(record["$rewindTo"]) == "string" then
      local from = at[record["$rewindTo"]]
      if from then
        for n = #order, from, -1 do
          latest[order[n]], at[order[n]], order[n] = nil, nil, nil
        end
      else -- an id not (or no longer) in the history: nothing to drop
        common.warn(ctx, wheres[i], "ignored a `$rewindTo` to an unknown message id "
          .. string.format("%q", record["$rewindTo"]:sub(1, 80)))
      end
    elseif type(record.id) == "string" and MESSAGE_TYPES[record.type] then
      if not latest[record.id] then
        order[#order + 1] = record.id
        at[record.id] = #order
      end
      latest[record.id] = i
    end
  end
  local list, list_wheres = {}, {}
  for n, id in ipairs(order) do list[n], list_wheres[n] = records[latest[id]], wheres[latest[id]] end
  return from_list(ctx, list, list_wheres, records[1])
end

return gemini
