--- The Claude Code transcript importer (`compact.importers` detects the
-- format and calls it): the JSONL files under `~/.claude/projects/`, one
-- entry per line (`user`, `assistant`, `system`, `attachment`,
-- `queue-operation`, ... with `uuid`, `parentUuid`, `sessionId`, `cwd`).
--
-- * Claude Code writes a streamed reply one content block per line, every
--   line carrying the same `message.id`: those lines are one assistant
--   message, blocks in file order, with the usage and stop reason of the
--   last of them. The results of its calls may be written between them.
-- * `tool_use` / `tool_result` blocks become `tool_call` blocks and
--   `tool_result` messages (a second result for the same call is dropped
--   by the import's repair, which says so); thinking keeps its signature.
-- * `isSidechain` (a sub-agent's lines, in older files) and `isMeta`
--   entries are skipped (a file that is all sidechain, a sub-agent's own
--   `subagents/agent-*.jsonl`, is read as its conversation), and so is bookkeeping (`summary` titles,
--   `file-history-snapshot`, `progress`, other attachments).
-- * A `compact_boundary` system entry restarts the context: what came
--   before is gone except the messages its `compactMetadata` preserved
--   (`preservedSegment` from `headUuid` to `tailUuid`, or
--   `preservedMessages.uuids`), and the `isCompactSummary` user message
--   after it becomes the summary. A summary message without a boundary
--   (older files) restarts the context too.
-- * A `queue-operation` enqueue with `content` (a prompt typed while the
--   agent worked) is one user message: where Claude Code delivered it (a
--   later user entry or `queued_command` attachment with the same text),
--   or, when the file never shows it delivered, where it was enqueued (or
--   taken off the queue by a later `remove` / `dequeue`), after the tool
--   results that follow that point; a `popAll` drops what it pulls back.
-- * The file order is the conversation (not the `parentUuid` tree: parallel
--   tool calls make branches of it that walking the chain would lose).
-- * The first entry's `cwd` (where the session started; later ones follow
--   the agent's `cd`) is the conversation's `cwd`; each message keeps
--   the time of its (first) line as `timestamp` (epoch milliseconds, as pi
--   keeps them).
--
-- Internal.
-- @module compact.importers.claude_code

local common = require "compact.importers.common"
local anthropic = require "compact.importers.anthropic"

local str, empty_list, text_block = common.str, common.empty_list, common.text_block

local claude_code = {}

-- Entry types of a Claude Code transcript.
local ENTRY_TYPES = {
  user = true, assistant = true, system = true, summary = true, attachment = true, progress = true,
  ["file-history-snapshot"] = true, ["queue-operation"] = true, ["ai-title"] = true, ["last-prompt"] = true,
  ["custom-title"] = true, mode = true, ["agent-name"] = true, ["worktree-state"] = true,
}

local function is_entry(record)
  return type(record) == "table" and record.role == nil and ENTRY_TYPES[record.type] == true
end

-- A Claude Code record of a kind we do not know yet: newer versions add
-- metadata entries ("permission-mode", ...), all with the session's id;
-- the import skips them.
local function is_newer_entry(record)
  return type(record) == "table" and record.role == nil and type(record.type) == "string"
    and type(record.sessionId) == "string"
end

--- Are these JSONL records a Claude Code transcript? The first user or
-- assistant entry carries its message in `message` (not a top-level
-- `role`), and every record before it is a Claude Code entry (known, or
-- a newer kind with a `sessionId`) or has no `type` at all.
function claude_code.is_transcript(records)
  for i = 1, math.min(#records, 200) do
    local record = records[i]
    if type(record) ~= "table" or record.role ~= nil then return false end
    if record.type ~= nil then   -- (a record without one is skipped on import)
      if not is_entry(record) and not is_newer_entry(record) then return false end
      if record.type == "user" or record.type == "assistant" then return type(record.message) == "table" end
    end
  end
  return #records > 0 and is_entry(records[1]) and records[1].type ~= "progress"
end

-- The text of user content (a string, or its text blocks joined).
local function text_of(content)
  if type(content) == "string" then return content end
  if type(content) ~= "table" then return "" end
  return common.join_text(content)
end

local function new_state(ctx)
  local state = { ctx = ctx, messages = {}, origins = {}, line_of = {}, by_id = {}, tool_names = {},
                  pending = {}, summary = nil, awaiting_summary = false, anchor_from = 1 }
  function state.add(message, where, uuid)
    local n = #state.messages + 1
    state.messages[n], state.origins[n] = message, where
    if uuid then state.line_of[uuid] = n end
    return true
  end
  return state
end

-- Does `text` hold `part` as whole lines (queued prompts delivered
-- together are joined by line breaks)? A mere substring is not a delivery:
-- a queued "ok" is not delivered by "that looks good".
local function holds_lines(text, part)
  local start = 1
  while true do
    local a, b = text:find(part, start, true)
    if not a then return false end
    local before, after = text:sub(a - 1, a - 1), text:sub(b + 1, b + 1)
    if (a == 1 or before == "\n") and (b == #text or after == "\n" or after == "\r") then return true end
    start = a + 1
  end
end

-- A prompt that was enqueued and later delivered stands where it was
-- delivered; the pending enqueue is dropped.
local function deliver(state, text)
  if text == "" then return end
  for i, pending in ipairs(state.pending) do
    if pending.text == text or holds_lines(text, pending.text) then
      table.remove(state.pending, i)
      return
    end
  end
end

-- A user entry: its tool results and the user's own text.
local function user_entry(state, entry, where)
  local ctx, message = state.ctx, entry.message
  local uuid = str(entry.uuid)
  if entry.isCompactSummary == true then
    if not state.awaiting_summary then
      state.messages, state.origins, state.line_of, state.by_id, state.pending = {}, {}, {}, {}, {}
    end
    state.summary = text_of(message.content)
    state.awaiting_summary = false
    state.anchor_from = #state.messages + 1
    return true
  end
  local time = common.iso_millis(entry.timestamp)
  local function add(m, at)
    if m.role ~= "tool_result" then deliver(state, text_of(m.content)) end
    m.timestamp = time
    return state.add(m, at, uuid)
  end
  return anthropic.user_message(ctx, message, where, state.tool_names, add)
end

-- An assistant entry: a new message, or more blocks of the one with the
-- same `message.id`.
local function assistant_entry(state, entry, where)
  local ctx, m = state.ctx, entry.message
  local id = str(m.id)
  local message = id and state.by_id[id]
  local fresh = message == nil
  if fresh then
    message = { role = "assistant", content = empty_list(), timestamp = common.iso_millis(entry.timestamp) }
    message.provider_metadata = { model = str(m.model) }
    state.add(message, where, str(entry.uuid))
    if id then state.by_id[id] = message end
  elseif entry.uuid then
    state.line_of[entry.uuid] = state.line_of[entry.uuid] or #state.messages
  end
  local calls = message.call_ids or {}
  local out = { blocks = empty_list(), server_results = {}, tool_names = state.tool_names, has_call = false }
  local content = m.content
  if type(content) == "string" then content = { text_block(content) } end
  for j, block in ipairs(type(content) == "table" and content or {}) do
    if not (type(block) == "table" and block.type == "tool_use" and calls[block.id]) then
      local ok, err = anthropic.assistant_block(ctx, block, j, where, out)
      if not ok then return nil, err end
    end
  end
  for _, block in ipairs(out.blocks) do
    if block.type == "tool_call" then calls[block.id] = true end
    message.content[#message.content + 1] = block
  end
  message.call_ids = calls
  message.usage = anthropic.usage_of(m.usage) or message.usage
  message.raw_stop = m.stop_reason or message.raw_stop
  if entry.isApiErrorMessage == true then
    message.raw_stop, message.error_message = "error", text_of(message.content)
  end
  for _, result in ipairs(out.server_results) do state.add(result, where) end
  return true
end

-- A `compact_boundary`: only the preserved messages stay.
local function boundary(state, entry)
  local meta = type(entry.compactMetadata) == "table" and entry.compactMetadata or {}
  local keep = {}
  local segment = type(meta.preservedSegment) == "table" and meta.preservedSegment or nil
  local listed = type(meta.preservedMessages) == "table" and meta.preservedMessages.uuids or nil
  if segment then
    local head, tail = state.line_of[segment.headUuid], state.line_of[segment.tailUuid]
    if head and tail then
      for i = head, tail do keep[#keep + 1] = i end
    end
  elseif type(listed) == "table" then
    local seen = {}
    for _, uuid in ipairs(listed) do
      local i = state.line_of[uuid]
      if i and not seen[i] then seen[i], keep[#keep + 1] = true, i end
    end
    table.sort(keep)
  end
  local messages, origins, line_of, moved = {}, {}, {}, {}
  for n, i in ipairs(keep) do
    messages[n], origins[n], moved[i] = state.messages[i], state.origins[i], n
  end
  if #keep > 0 then
    for uuid, i in pairs(state.line_of) do line_of[uuid] = moved[i] end
  end
  state.messages, state.origins, state.line_of = messages, origins, line_of
  state.by_id, state.pending = {}, {}
  state.summary, state.awaiting_summary = nil, true
  state.anchor_from = #messages + 1
end

-- Prompts enqueued and never delivered: a user message each where it was
-- enqueued, after the tool results that directly follow that point.
local function place_pending(state)
  -- from the last place to the first, so each insertion leaves the places
  -- before it where they were (equal places keep the queue's order)
  local order = {}
  for i, pending in ipairs(state.pending) do order[i] = { pending = pending, n = i } end
  table.sort(order, function(a, b)
    if a.pending.after ~= b.pending.after then return a.pending.after > b.pending.after end
    return a.n > b.n
  end)
  for _, item in ipairs(order) do
    local pending = item.pending
    local at = pending.after + 1
    while state.messages[at] and state.messages[at].role == "tool_result" do at = at + 1 end
    table.insert(state.messages, at, { role = "user", content = pending.text, timestamp = pending.timestamp })
    table.insert(state.origins, at, pending.where)
    if at <= state.anchor_from then state.anchor_from = state.anchor_from + 1 end
  end
end

local function finish_messages(state)
  for _, message in ipairs(state.messages) do
    if message.role == "assistant" then
      local has_call = next(message.call_ids or {}) ~= nil
      message.stop_reason = message.raw_stop == "error" and "error" or anthropic.STOP[message.raw_stop]
      if message.stop_reason ~= "error" then
        message.stop_reason = has_call and "tool_use" or (message.stop_reason or "stop")
        message.error_message = nil
      end
      message.raw_stop, message.call_ids = nil, nil
    end
  end
end

local function entry_step(state, entry, where)
  local kind = entry.type
  if kind == "user" or kind == "assistant" then
    if type(entry.message) ~= "table" then return common.fail(state.ctx, where, kind .. " entry without a message") end
    local meta = entry.isMeta == true and entry.isCompactSummary ~= true
    if (entry.isSidechain == true and state.main_chain) or meta then
      state.ctx.skipped = state.ctx.skipped + 1
      return true
    end
    if kind == "user" then return user_entry(state, entry, where) end
    return assistant_entry(state, entry, where)
  end
  if entry.isSidechain == true and state.main_chain then return true end
  if kind == "system" and entry.subtype == "compact_boundary" then
    boundary(state, entry)
  elseif kind == "queue-operation" and entry.operation == "enqueue" then
    local text = text_of(entry.content)
    if text ~= "" then
      state.pending[#state.pending + 1] = { text = text, after = #state.messages, where = where,
                                            timestamp = common.iso_millis(entry.timestamp) }
    end
  elseif kind == "queue-operation" and (entry.operation == "remove" or entry.operation == "dequeue") then
    -- taken off the queue (the one named, else the oldest): sent with what
    -- comes next (Claude Code 2.1 absorbs it into the next tool result
    -- without writing it again)
    local named = text_of(entry.content)
    for _, pending in ipairs(state.pending) do
      if not pending.taken and (named == "" or pending.text == named) then
        pending.after, pending.taken = #state.messages, true
        break
      end
    end
  elseif kind == "queue-operation" and entry.operation == "popAll" then
    -- pulled back into the prompt box: sent again as a user entry, or never
    for i = #state.pending, 1, -1 do
      if not state.pending[i].taken then table.remove(state.pending, i) end
    end
  elseif kind == "attachment" and type(entry.attachment) == "table" and entry.attachment.type == "queued_command" then
    local text = text_of(entry.attachment.prompt)
    if text ~= "" then
      deliver(state, text)
      state.add({ role = "user", content = text, timestamp = common.iso_millis(entry.timestamp) }, where,
        str(entry.uuid))
    end
  end
  return true
end

--- Import Claude Code transcript entries.
-- @tparam table ctx the import context
-- @tparam table entries the decoded JSONL records, in file order
-- @tparam table wheres each record's position for messages ("line 12")
-- @treturn table `{ format = "claude-code", summary, messages, origins,
--   anchor_from, cwd }`, or nil and an `invalid_request` error
function claude_code.from_entries(ctx, entries, wheres)
  local state = new_state(ctx)
  local cwd, known = nil, 0
  for _, entry in ipairs(entries) do
    if is_entry(entry) then known = known + 1 end
  end
  if known == 0 then
    return common.fail(ctx, wheres[1],
      "not a Claude Code transcript (no `user`, `assistant` or other Claude Code entry)")
  end
  -- a sub-agent's own file (`subagents/agent-*.jsonl`) is all sidechain:
  -- then the sidechain is the conversation
  state.main_chain = false
  for _, entry in ipairs(entries) do
    if is_entry(entry) and (entry.type == "user" or entry.type == "assistant") and entry.isSidechain ~= true then
      state.main_chain = true
      break
    end
  end
  for i, entry in ipairs(entries) do
    if not common.skip_untyped(ctx, wheres[i], entry, "an entry") then
      local ok, err = entry_step(state, entry, wheres[i])
      if not ok then return nil, err end
      -- the first: where the session started (a later entry's follows the
      -- agent's `cd`)
      if cwd == nil and (entry.isSidechain ~= true or not state.main_chain) and type(entry.cwd) == "string"
          and entry.cwd ~= "" then
        cwd = entry.cwd
      end
    end
  end
  place_pending(state)
  finish_messages(state)
  return { format = "claude-code", summary = state.summary, messages = state.messages, origins = state.origins,
           anchor_from = state.anchor_from, cwd = cwd }
end

return claude_code
