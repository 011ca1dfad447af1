--- The pi coding-agent session importer (`compact.importers` detects the
-- format and calls it): JSONL entries (`session`, `message`, `compaction`,
-- ...) to messages in our shape. `bashExecution` messages become user
-- text; the last `compaction` entry on the session path becomes the summary,
-- followed by the messages it kept. Internal.
-- @module compact.importers.pi

local common = require "compact.importers.common"
local message_model = require "compact.message"

local fail, str, number_or_zero = common.fail, common.str, common.number_or_zero
local text_block, placeholder = common.text_block, common.placeholder

local pi = {}

local PI_STOP = { stop = "stop", toolUse = "tool_use", length = "length", error = "error", aborted = "aborted" }

local function pi_blocks(ctx, content, where, allow)
  return common.map_content(ctx, content, where, function(block, i)
    local kind = block.type
    if kind == "text" then return text_block(str(block.text) or "") end
    if kind == "image" then
      return { type = "image", mime_type = str(block.mimeType) or "image/png", data = str(block.data) or "" }
    end
    if kind == "thinking" and allow then
      return { type = "thinking", thinking = str(block.thinking) or "", signature = str(block.thinkingSignature) }
    end
    if kind == "toolCall" and allow then
      if type(block.id) ~= "string" or type(block.name) ~= "string" then
        return fail(ctx, where, "content[" .. i .. "]: toolCall without id or name")
      end
      local arguments = type(block.arguments) == "table" and block.arguments or {}
      return { type = "tool_call", id = block.id, name = block.name, arguments = arguments }
    end
    return placeholder(ctx, kind)
  end)
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
-- pi writes a cost table on every reply; one of zeros says nothing (a local
-- model, or our own export of a message that had none), so only a cost that
-- was charged is kept.
local function nonzero_cost(cost)
  if type(cost) ~= "table" then return nil end
  for _, value in pairs(cost) do
    if type(value) == "number" and value ~= 0 then return cost end
  end
  return nil
end

local function pi_message(ctx, m, where)
  if type(m) ~= "table" then return fail(ctx, where, "message: expected an object") end
  local role = m.role
  if role == "user" then
    local content, err = pi_blocks(ctx, m.content, where, false)
    if content == nil then return nil, err end
    return { role = "user", content = content, timestamp = m.timestamp }
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
      error_message = message_model.is_failed_stop(stop) and str(m.errorMessage) or nil,
      usage = { input = number_or_zero(usage.input), output = number_or_zero(usage.output),
                cache_read = number_or_zero(usage.cacheRead), cache_write = number_or_zero(usage.cacheWrite),
                cost = nonzero_cost(usage.cost), stale = usage.stale == true or nil },
      provider_metadata = meta, timestamp = m.timestamp,
    }
  elseif role == "toolResult" then
    local content, err = pi_blocks(ctx, m.content, where, false)
    if content == nil then return nil, err end
    if type(m.toolCallId) ~= "string" then return fail(ctx, where, "toolResult without toolCallId") end
    return { role = "tool_result", tool_call_id = m.toolCallId, tool_name = str(m.toolName),
             content = content, is_error = m.isError == true, timestamp = m.timestamp }
  elseif role == "bashExecution" then
    if m.excludeFromContext == true then return false end
    return { role = "user", content = bash_execution_text(m), timestamp = m.timestamp }
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

-- The position on `order` of the last compaction and of its first kept
-- entry (nil when there is none).
local function last_compaction(entries, order)
  -- the last compaction on the path decides where the context starts
  for position = #order, 1, -1 do
    local entry = entries[order[position]]
    if entry.type == "compaction" then
      local first_kept
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
      return position, first_kept or position + 1
    end
  end
  return nil
end

--- Import pi session entries.
-- @tparam table ctx the import context (`compact.importers.common.new_context`)
-- @tparam table entries the decoded entries, in file order
-- @tparam table wheres each entry's position for error messages ("line 12")
-- @treturn table `{ format = "pi", summary, messages, origins, anchor_from,
--   source }` (`anchor_from`: the first message after the last compaction;
--   `source`: `{ has_ids, entry_of = { [message] = { id, index } }, leaf_id,
--   ids, entry_count, header }` for appending to the session), or nil and an `invalid_request`
--   error
function pi.from_entries(ctx, entries, wheres)
  local order = pi_path(entries)
  local has_ids = order ~= nil
  if not order then
    order = {}
    for i in ipairs(entries) do order[#order + 1] = i end
  end
  local compaction_at, first_kept = last_compaction(entries, order)
  local messages, origins = {}, {}
  local summary
  local entry_of = setmetatable({}, { __mode = "k" })
  local function take(position)
    local index = order[position]
    local where = wheres[index]
    local message, err = pi_entry_message(ctx, entries[index], where)
    if message == nil then return nil, err end
    if message then
      messages[#messages + 1] = message
      origins[#messages] = where
      entry_of[message] = { id = str(entries[index].id), index = index - 1 }
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
  -- the provider's counts before the last compaction are stale
  local anchor_from = #messages + 1
  for position = start, #order do
    local ok, err = take(position)
    if not ok then return nil, err end
  end
  local ids = {}
  for _, entry in ipairs(entries) do
    if type(entry.id) == "string" then ids[entry.id] = true end
  end
  local last = entries[order[#order]]
  local source = { format = "pi", has_ids = has_ids, entry_of = entry_of, leaf_id = last and str(last.id), ids = ids,
                   entry_count = #entries,
                   header = entries[1] and entries[1].type == "session" and entries[1] or nil }
  return { format = "pi", summary = summary, messages = messages, origins = origins, anchor_from = anchor_from,
           source = source, cwd = source.header and str(source.header.cwd) ~= "" and str(source.header.cwd) or nil }
end

return pi
