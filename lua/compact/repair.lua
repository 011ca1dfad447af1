--- Repairing tool pairs: every tool call answered exactly once.
--
-- Providers reject a conversation in which a tool call has no result, or a
-- result has no call (HTTP 400 on every later request). Such lists come from
-- crashed sessions, hand-edited transcripts and imports. `repair` returns a
-- list without those faults and a report of what it changed.
-- @module compact.repair

local errors = require "compact.errors"
local estimation = require "compact.estimation"
local util = require "compact.util"

local repair_module = {}

--- The text of a synthetic result for a call that never got one.
repair_module.MISSING_RESULT_TEXT = "[no result: the call was interrupted]"

local function synthetic_result(call)
  return {
    role = "tool_result", tool_call_id = call.id, tool_name = call.name,
    content = repair_module.MISSING_RESULT_TEXT, is_error = true,
  }
end

-- The calls of the assistant message at `index`, in block order.
local function calls_of(message, index)
  local calls = {}
  local content = rawget(message, "content")
  if type(content) ~= "table" then return calls end
  for position = 1, util.rawlen(content) do
    local block = rawget(content, position)
    if rawget(block, "type") == "tool_call" then
      calls[#calls + 1] = { id = rawget(block, "id"), name = rawget(block, "name"), index = index }
    end
  end
  return calls
end

-- Walk the list once. `open` holds the calls of the latest assistant message
-- whose results may still follow; the window closes at the next user or
-- assistant message, and each call still unanswered then gets a synthetic
-- result placed after the results that did come.
local function walk(messages)
  local out, report = {}, { orphan_results = {}, missing_results = {}, duplicate_results = {} }
  local known, answered, open = {}, {}, {}
  local function close_window()
    for _, call in ipairs(open) do
      if not answered[call.id] then
        answered[call.id] = true
        out[#out + 1] = synthetic_result(call)
        report.missing_results[#report.missing_results + 1] = call.index
      end
    end
    open = {}
  end
  for index = 1, util.rawlen(messages) do
    local message = rawget(messages, index)
    local role = rawget(message, "role")
    if role == "tool_result" then
      local id = rawget(message, "tool_call_id")
      if not known[id] then
        report.orphan_results[#report.orphan_results + 1] = index
      elseif answered[id] then
        report.duplicate_results[#report.duplicate_results + 1] = index
      else
        answered[id] = true
        out[#out + 1] = message
      end
    else
      close_window()
      out[#out + 1] = message
      if role == "assistant" then
        open = calls_of(message, index)
        -- a reused id (servers that number calls per response) starts over
        for _, call in ipairs(open) do known[call.id], answered[call.id] = true, nil end
      end
    end
  end
  return out, report
end

--- Repair the tool pairs of a message list.
--
-- A `tool_result` with no earlier call of its id is dropped (an orphan); a
-- second result for the same id is dropped (a duplicate); a call with no
-- result before the next user or assistant message gets a synthetic result
-- (`is_error = true`, text `[no result: the call was interrupted]`) right
-- after the results its message did get. Calls in the last assistant message
-- of the list, with nothing after their results, are still pending and left
-- as they are. Tables are read raw (no metamethod runs), as everywhere a
-- message list is read. The input list and its messages are never modified; a clean
-- list comes back as a new list holding the same message tables, and
-- repairing a repaired list changes nothing.
-- @tparam table messages a message list
-- @treturn table the repaired list (a new table)
-- @treturn table the report: `orphan_results` and `duplicate_results` (indices
--   of the dropped results in the input) and `missing_results` (for each
--   synthetic result, the input index of the message holding its call)
-- @return or nil and an ErrInvalidRequest naming the message and field
function repair_module.repair(messages)
  if type(messages) ~= "table" then
    return nil, errors.invalid_request("messages: expected a list of messages, got " .. type(messages))
  end
  -- validates every message (cached per list, so a repeated repair of a
  -- growing conversation only reads the new messages)
  local ledger, err = estimation.ledger(estimation.heuristic(), messages)
  if not ledger then return nil, err end
  local walked, out, report = pcall(walk, messages)
  if not walked then
    return nil, errors.new("invalid_request", "reading the messages raised an error", { cause = out })
  end
  return out, report
end

--- Did a report change anything?
-- @tparam table report the second value of `repair`
-- @treturn boolean
function repair_module.changed(report)
  return #report.orphan_results + #report.missing_results + #report.duplicate_results > 0
end

return repair_module
