--- Conversation state and records as JSON.
--
-- `encode` writes deterministic JSON (keys sorted, integers kept as
-- integers, empty message-list fields as `[]`); `decode` reads it back with
-- nothing lost that a message, summary or record holds.
-- @module compact.state

local core = require "compact.core"
local errors = require "compact.errors"
local usage_module = require "compact.usage"

local state = {}

-- Fields whose empty value is a list, so `content = {}` stays `[]`.
local array_keys = {
  content = true, messages = true, tools = true, new_messages = true,
  compactions = true, messages_to_summarize = true, turn_prefix_messages = true,
}

local encode_options = { array_keys = array_keys, lossy = true }
-- null members of tool arguments are arguments: kept (elsewhere left out)
local DECODE_OPTIONS = { null_keys = { arguments = true } }

--- Encode a state (`{ system_prompt, summary, messages, usage }`), a record, or
-- any table of plain values. Whatever validation accepts is saved: a
-- value JSON cannot hold (NaN, infinity, a function, a userdata, a thread
-- — only possible in fields compact never reads) is written as `null`,
-- which `decode` leaves out.
-- @return JSON text, or nil and an ErrInvalidRequest naming the bad value
-- (a cycle, a sparse or mixed table, a key that is not a string)
function state.encode(value)
  if type(value) ~= "table" then
    return nil, errors.invalid_request("state.encode: expected a table, got " .. type(value))
  end
  local text, err = core.json_encode(value, encode_options)
  if not text then return nil, errors.invalid_request("state.encode: " .. err) end
  return text
end

--- Decode JSON text made by `encode` (a leading UTF-8 byte order mark is
-- skipped). Messages under `messages` are validated, and problems name the
-- message index.
-- @return the table, or nil and an ErrInvalidRequest
function state.decode(text)
  if type(text) ~= "string" then
    return nil, errors.invalid_request("state.decode: expected a string, got " .. type(text))
  end
  -- a byte order mark (editors on Windows write one) is not part of the JSON
  if text:sub(1, 3) == "\239\187\191" then text = text:sub(4) end
  local value, err = core.json_decode(text, DECODE_OPTIONS)
  if value == nil then return nil, errors.invalid_request("state.decode: " .. err) end
  -- a JSON array is a table too, but never a state or a record
  if type(value) ~= "table" or rawget(value, 1) ~= nil or getmetatable(value) == core.json_array_mt then
    return nil, errors.invalid_request("state.decode: expected a JSON object, got "
      .. (type(value) == "table" and "an array" or type(value)))
  end
  local messages = value.messages
  if messages ~= nil and (type(messages) ~= "table" or type(next(messages)) == "string") then
    return nil, errors.invalid_request("state.decode: messages: expected a list of messages, got "
      .. (type(messages) == "table" and "an object" or type(messages)))
  end
  if type(value.messages) == "table" then
    local ok, problem = core.validate_messages(value.messages)
    if not ok then return nil, errors.invalid_request("state.decode: " .. problem) end
    -- a state's usage anchor (a record's `usage` is the summarizer's usage)
    if value.usage ~= nil then
      local _, usage_err = usage_module.check(value.usage, #value.messages, "state.decode: usage")
      if usage_err then return nil, usage_err end
    end
  end
  return value
end

return state
