--- Splitting a long conversation into chunks for a summary model whose
-- input is limited (`max_input_tokens` of the generator summarizer).
--
-- Messages are grouped so that a tool call's message and the tool results
-- that follow it stay together: a group starts at every message that is not
-- a `tool_result`. Groups are serialized as records on their own and packed
-- in order, greedily, into chunks whose estimated size stays within a
-- capacity. A group larger than the capacity becomes a chunk of its own: its
-- records are already cut by the record rules, and it is never dropped.
-- @module compact.summarizers.chunks

local chunks = {}

-- Groups of consecutive messages: { first = i, last = j }.
local function groups_of(messages)
  local groups = {}
  for i = 1, #messages do
    local msg = messages[i]
    local current = groups[#groups]
    if current and type(msg) == "table" and rawget(msg, "role") == "tool_result" then
      current.last = i
    else
      groups[#groups + 1] = { first = i, last = i }
    end
  end
  return groups
end

local slice = require("compact.message").slice

--- Split `messages` into chunks of records.
-- @tparam table messages the messages to summarize
-- @tparam function serialize `serialize(messages) -> records | nil, err`
-- @tparam function estimate `estimate(text) -> tokens`
-- @tparam number capacity tokens of records each chunk may hold
-- @treturn table|nil a list of record texts, in order (never empty ones)
-- @treturn table the messages of each chunk (`lists[i]` made `records[i]`),
--   or the serialization error
function chunks.split(messages, serialize, estimate, capacity)
  local separator = estimate("\n\n")
  local out, lists, parts, members, used = {}, {}, {}, {}, 0
  local function close()
    if #parts > 0 then
      out[#out + 1] = table.concat(parts, "\n\n")
      lists[#lists + 1] = members
    end
    parts, members, used = {}, {}, 0
  end
  for _, group in ipairs(groups_of(messages)) do
    local group_messages = slice(messages, group.first, group.last)
    local records, err = serialize(group_messages)
    if not records then return nil, err, group.first end
    if records ~= "" then
      local size = estimate(records) + (#parts > 0 and separator or 0)
      if #parts > 0 and used + size > capacity then
        close()
        size = estimate(records)
      end
      parts[#parts + 1] = records
      for _, msg in ipairs(group_messages) do members[#members + 1] = msg end
      used = used + size
    end
  end
  close()
  return out, lists
end

--- Split `messages` in two at the group boundary nearest the middle (a
-- tool call stays with its results). Returns the two halves, or nil when
-- the messages are one group.
function chunks.halve(messages)
  local groups = groups_of(messages)
  if #groups < 2 then return nil end
  local best, best_distance = nil, math.huge
  for i = 2, #groups do
    local distance = math.abs((groups[i].first - 1) - #messages / 2)
    if distance < best_distance then best, best_distance = groups[i].first, distance end
  end
  return slice(messages, 1, best - 1), slice(messages, best, #messages)
end

return chunks
