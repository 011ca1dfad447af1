--- The Codex CLI rollout importer (`compact.importers` detects the format
-- and calls it): the JSONL files under `~/.codex/sessions/`, one
-- `{ timestamp, type, payload }` record per line.
--
-- * `response_item` payloads are Responses API items (`message`,
--   `reasoning` with its `encrypted_content` as the thinking block's
--   signature, `function_call` / `function_call_output`,
--   `custom_tool_call` / `custom_tool_call_output` (the raw input as the
--   `input` argument), `local_shell_call` (named `local_shell`)); they are
--   read as `compact.importers.responses` reads them. Developer messages
--   and `session_meta`'s instructions make the system prompt.
-- * A `compacted` record replaces the history: its `replacement_history`
--   (when present) is the kept items, and its `message` (or the user
--   message that starts with Codex's summary prefix, kept or written after
--   it) the summary, without that prefix. Without a replacement history, Codex kept the session's
--   context messages and the newest user requests (20 000 tokens of them,
--   at 4 bytes a token): so does the import.
-- * An `event_msg` `token_count`'s `last_token_usage` is the usage of the
--   reply it reports on: the assistant message right before it, or, when
--   an output or user message came in between (rollouts of Codex 0.4x
--   write the count before the reply's items), the next one. A count
--   repeated with the session's running total unchanged (newer versions
--   write it again when the next request starts) is the same count and is
--   skipped. `reasoning_output_tokens` become `usage.reasoning`.
-- * A call output Codex wrapped as JSON (`{"output": "...", "metadata":
--   {"exit_code": 1, ...}}`) is read as its `output` text, `is_error` for a
--   non-zero exit code; plain-text outputs stay as they are.
-- * `session_meta`'s `cwd` is the conversation's `cwd` (else the `<cwd>` of
--   Codex's `<environment_context>` message). Other events are
--   the UI's copies of the items and are skipped. Each message keeps the
--   time of its (first) record as `timestamp` (epoch milliseconds).
-- * Rollouts of older versions, which did not wrap records, are read
--   too: a header line `{ id, timestamp, instructions, git }` (the session's
--   meta), then bare Responses items, and `{ "record_type": "state" }`
--   markers, which are skipped.
--
-- Internal.
-- @module compact.importers.codex

local common = require "compact.importers.common"
local responses = require "compact.importers.responses"
local message_model = require "compact.message"

local str, number_or_zero = common.str, common.number_or_zero

local codex = {}

--- The text Codex puts before a summary it hands to the next model.
codex.SUMMARY_PREFIX = "Another language model started to solve this problem and produced a summary of its "
  .. "thinking process. You also have access to the state of the tools that were used by that language model. "
  .. "Use this to build on the work that has already been done and avoid duplicating work. Here is the summary "
  .. "produced by the other language model, use the information in this summary to  assist with your own analysis:"

-- User messages Codex writes itself at the start of a session.
local CONTEXT_PREFIXES = { "<environment_context>", "# AGENTS.md instructions", "<user_instructions>" }
-- Codex keeps this many tokens of user requests over a compaction.
local KEPT_USER_TOKENS = 20000

local RECORD_TYPES = { session_meta = true, response_item = true, event_msg = true, turn_context = true,
                       compacted = true }

-- The first line of an unwrapped (older) rollout: the session's id and
-- time, no `type`, `role` or `payload`.
local function is_legacy_header(record)
  return type(record) == "table" and record.type == nil and record.role == nil and record.payload == nil
    and type(record.id) == "string" and type(record.timestamp) == "string"
end

--- Are these JSONL records a Codex rollout?
function codex.is_rollout(records)
  local first, second = records[1], records[2]
  if type(first) == "table" and RECORD_TYPES[first.type] == true and type(first.payload) == "table" then
    return true
  end
  return is_legacy_header(first) and type(second) == "table"
    and (second.record_type ~= nil or type(second.type) == "string") and second.payload == nil
end

-- An older rollout's records as wrapped ones: the header as `session_meta`,
-- items as `response_item`s, the state markers left out (with their lines).
local function unwrapped(records, wheres)
  if not is_legacy_header(records[1]) then return records, wheres end
  local header = records[1]
  local out = { { type = "session_meta", timestamp = header.timestamp,
                  payload = { id = header.id, instructions = header.instructions } } }
  local out_wheres = { wheres[1] }
  for i = 2, #records do
    local record = records[i]
    if not (type(record) == "table" and record.record_type ~= nil and record.type == nil) then
      out[#out + 1] = type(record) == "table" and type(record.type) == "string" and record.payload == nil
        and not RECORD_TYPES[record.type] and { type = "response_item", payload = record } or record
      out_wheres[#out_wheres + 1] = wheres[i]
    end
  end
  return out, out_wheres
end

local function starts_with(text, prefix) return text:sub(1, #prefix) == prefix end

-- The text of a message item's content (a string or `input_text` parts).
local function parts_text(content)
  if type(content) == "string" then return content end
  local texts = {}
  for _, part in ipairs(type(content) == "table" and content or {}) do
    if type(part) == "table" and type(part.text) == "string" then texts[#texts + 1] = part.text end
  end
  return table.concat(texts, "\n")
end

local function is_context_message(text)
  for _, prefix in ipairs(CONTEXT_PREFIXES) do
    if starts_with(text, prefix) then return true end
  end
  return false
end

-- The summary without Codex's prefix.
local function summary_text(text)
  local prefix = codex.SUMMARY_PREFIX .. "\n"
  if starts_with(text, prefix) then return text:sub(#prefix + 1) end
  return text
end

local function usage_of(last)
  if type(last) ~= "table" then return nil end
  local input, cached = number_or_zero(last.input_tokens), number_or_zero(last.cached_input_tokens)
  return { input = math.max(0, input - cached), cache_read = math.min(cached, input), cache_write = 0,
           output = number_or_zero(last.output_tokens), reasoning = number_or_zero(last.reasoning_output_tokens) }
end

local function new_state(ctx)
  local state = responses.new_state()
  state.ctx, state.anchor_from = ctx, 1
  return state
end

-- The usage goes to the open assistant message, else to the next one.
local function token_count(state, payload)
  local info = type(payload.info) == "table" and payload.info or nil
  local usage = info and usage_of(info.last_token_usage)
  if not usage then return end
  -- newer versions repeat the count at the start of the next request (the
  -- session's running total unchanged): the reply it reports on already
  -- has it
  local total = type(info.total_token_usage) == "table" and number_or_zero(info.total_token_usage.total_tokens) or nil
  if total and total > 0 and total == state.last_total then return end
  state.last_total = total
  local last = state.messages[#state.messages]
  if state.open and last and last.role == "assistant" then
    last.usage = usage
  else
    state.pending_usage = usage
  end
end

-- Kept over a compaction without a replacement history: the context
-- messages, and the newest user requests within Codex's budget.
local function kept_user_messages(state)
  local context, requests = {}, {}
  for i, message in ipairs(state.messages) do
    if message.role == "user" then
      local text = common.join_text(message.content)
      if is_context_message(text) then
        context[#context + 1] = i
      elseif not starts_with(text, codex.SUMMARY_PREFIX) then
        requests[#requests + 1] = i
      end
    end
  end
  local budget, chosen = KEPT_USER_TOKENS * 4, {}
  for n = #requests, 1, -1 do
    local size = #common.join_text(state.messages[requests[n]].content)
    if size > budget then break end
    budget = budget - size
    chosen[requests[n]] = true
  end
  local keep = {}
  for _, i in ipairs(context) do chosen[i] = true end
  for i in ipairs(state.messages) do
    if chosen[i] then keep[#keep + 1] = i end
  end
  return keep
end

local add_record, CALL_ITEMS

-- A `compacted` record: the summary and what it kept.
local function compacted(state, payload, where)
  local ctx = state.ctx
  local summary = str(payload.message) or ""
  local fresh = new_state(ctx)
  fresh.cwd, fresh.base_system, fresh.env_cwd = state.cwd, state.base_system, state.env_cwd
  if type(payload.replacement_history) == "table" then
    local encrypted = false
    for _, item in ipairs(payload.replacement_history) do
      local text = type(item) == "table" and item.type == "message" and item.role == "user"
        and parts_text(item.content) or nil
      if type(item) == "table" and (item.type == "compaction" or item.type == "compaction_summary") then
        encrypted = true
      elseif text and starts_with(text, codex.SUMMARY_PREFIX) then
        if summary == "" then summary = text end
      else
        local ok, err = add_record(fresh, { type = "response_item", payload = item }, where)
        if not ok then return nil, err end
      end
    end
    if encrypted and summary == "" then
      common.warn(ctx, where, "the compaction's summary is encrypted (Codex remote compaction); imported without it")
    end
  else
    fresh.system = state.system
    for _, i in ipairs(kept_user_messages(state)) do fresh.add(state.messages[i], state.origins[i]) end
  end
  fresh.summary = summary ~= "" and summary_text(summary) or nil
  fresh.anchor_from = #fresh.messages + 1
  return fresh
end

-- A tool output Codex wrapped as JSON (`{"output": "...", "metadata":
-- {"exit_code": 1}}`) as the tool's text, an error for a non-zero exit
-- code; plain-text outputs stay as they are.
local function unwrap_output(result, output)
  local text, exit_code = message_model.unwrap_tool_output(output)
  if text == output then return end
  result.content = type(result.content) == "string" and text or { common.text_block(text) }
  if exit_code ~= nil and exit_code ~= 0 then result.is_error = true end
end

-- One record into `state`; returns the state (a compaction replaces it) or
-- nil, err.
-- Items that are one side of a call.
CALL_ITEMS = { function_call = true, custom_tool_call = true, local_shell_call = true,
  function_call_output = true, custom_tool_call_output = true }

add_record = function(state, record, where)
  local kind, payload = record.type, record.payload
  if type(payload) ~= "table" then return state end
  if kind == "response_item" then
    if payload.type == "message" and payload.role == "user" and starts_with(parts_text(payload.content),
        codex.SUMMARY_PREFIX) then
      -- the summary message Codex put in the history it rebuilt
      state.summary = state.summary or summary_text(parts_text(payload.content))
      return state
    end
    -- a call or an output that names no call cannot be paired: in an
    -- append-only log it is skipped with a note, not the whole session
    if CALL_ITEMS[payload.type] and type(payload.call_id) ~= "string"
        and not (payload.type == "local_shell_call" and type(payload.id) == "string") then
      common.warn(state.ctx, where, "skipped a " .. payload.type .. " without a call_id")
      state.ctx.skipped = state.ctx.skipped + 1
      return state
    end
    local before = #state.messages
    local ok, err = responses.add_item(state.ctx, state, payload, where)
    if not ok then return nil, err end
    local last = state.messages[#state.messages]
    if #state.messages > before and last.role == "tool_result" then unwrap_output(last, payload.output) end
    if #state.messages > before and last.role == "user" and not state.env_cwd then
      state.env_cwd = str(common.join_text(last.content):match("^<environment_context>.-<cwd>([^<\n]+)</cwd>"))
    end
    if #state.messages > before then last.timestamp = common.iso_millis(record.timestamp) end
    if #state.messages > before and last.role == "assistant" and state.pending_usage then
      last.usage, state.pending_usage = state.pending_usage, nil
    elseif #state.messages > before and last.role ~= "assistant" and state.pending_usage then
      -- nothing followed the count: it reported on the reply before it
      for i = before, 1, -1 do
        if state.messages[i].role == "assistant" then
          state.messages[i].usage = state.messages[i].usage or state.pending_usage
          break
        end
      end
      state.pending_usage = nil
    end
  elseif kind == "event_msg" then
    if payload.type == "token_count" then token_count(state, payload) end
    -- a rollout that keeps the user's requests only as events (Codex Desktop)
    if payload.type == "user_message" and state.requests_from_events and type(payload.message) == "string"
        and payload.message:find("%S") then
      local ok, err = responses.add_item(state.ctx, state, { type = "message", role = "user",
        content = { { type = "input_text", text = payload.message } } }, where)
      if not ok then return nil, err end
      state.messages[#state.messages].timestamp = common.iso_millis(record.timestamp)
    end
  elseif kind == "session_meta" then
    state.cwd = str(payload.cwd) or state.cwd
    local base = type(payload.base_instructions) == "table" and str(payload.base_instructions.text)
    state.base_system = str(payload.instructions) or base or state.base_system
  elseif kind == "turn_context" then
    state.turn_cwd = str(payload.cwd) or state.turn_cwd
  elseif kind == "compacted" then
    return compacted(state, payload, where)
  end
  return state
end

--- Import Codex rollout records.
-- @tparam table ctx the import context
-- @tparam table records the decoded JSONL records, in file order
-- @tparam table wheres each record's position for messages ("line 12")
-- @treturn table `{ format = "codex", system_prompt, summary, messages,
--   origins, anchor_from, cwd }`, or nil and an `invalid_request` error
function codex.from_records(ctx, records, wheres)
  records, wheres = unwrapped(records, wheres)
  local state = new_state(ctx)
  local known = 0
  for _, record in ipairs(records) do
    if type(record) == "table" and RECORD_TYPES[record.type] then known = known + 1 end
  end
  if known == 0 then
    return common.fail(ctx, wheres[1],
      "not a Codex rollout (no `session_meta`, `response_item` or other rollout record)")
  end
  -- the user's requests are response items; a rollout with none keeps them
  -- only as `user_message` events
  state.requests_from_events = true
  for _, record in ipairs(records) do
    local payload = type(record) == "table" and record.type == "response_item" and record.payload
    if type(payload) == "table" and payload.type == "message" and payload.role == "user" then
      state.requests_from_events = false
      break
    end
  end
  for i, record in ipairs(records) do
    if not common.skip_untyped(ctx, wheres[i], record, "a record") then
      local next_state, err = add_record(state, record, wheres[i])
      if not next_state then return nil, err end
      state = next_state
    end
  end
  local system = {}
  if state.base_system then system[1] = state.base_system end
  for _, part in ipairs(state.system) do system[#system + 1] = part end
  return { format = "codex", system_prompt = #system > 0 and table.concat(system, "\n\n") or nil,
           summary = state.summary, messages = state.messages, origins = state.origins,
           anchor_from = state.anchor_from, cwd = state.cwd or state.turn_cwd or state.env_cwd }
end

return codex
