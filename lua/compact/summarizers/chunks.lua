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
-- @treturn[2] table the serialization error
function chunks.split(messages, serialize, estimate, capacity)
  local separator = estimate("\n\n")
  local out, parts, used = {}, {}, 0
  local function close()
    if #parts > 0 then out[#out + 1] = table.concat(parts, "\n\n") end
    parts, used = {}, 0
  end
  for _, group in ipairs(groups_of(messages)) do
    local records, err = serialize(slice(messages, group.first, group.last))
    if not records then return nil, err, group.first end
    if records ~= "" then
      local size = estimate(records) + (#parts > 0 and separator or 0)
      if #parts > 0 and used + size > capacity then
        close()
        size = estimate(records)
      end
      parts[#parts + 1] = records
      used = used + size
    end
  end
  close()
  return out
end

return chunks
