--- Pieces shared by the exporters. Internal.
-- @module compact.exporters.common

local core = require("compact.core")
local summary_module = require("compact.summary")
local errors = require("compact.errors")
local message = require("compact.message")

local common = {}

--- JSON null.
common.NULL = core.json_null

function common.array(list)
  return setmetatable(list or {}, core.json_array_mt)
end

--- Encode `value` as JSON; text or nil, invalid_request error.
function common.encode(value)
  local text, err = core.json_encode(value)
  if not text then return nil, errors.invalid_request("export: " .. tostring(err)) end
  return text
end

--- The JSON of a request body: `fields` (the messages and tools in the
-- format), the conversation's summary, and its system prompt under
-- `system_field` (left out when empty or when `system_field` is nil).
function common.encode_request(conversation, fields, system_field)
  local system = conversation.system_prompt
  if system_field and system ~= nil and system ~= "" then fields[system_field] = system end
  fields.summary = conversation.summary
  return common.encode(fields)
end

--- Content in another format: a string stays a string (or becomes one text
-- block through `convert` when `as_list`), a list of blocks goes through
-- `convert(block) -> their block | nil` (nil: no place for it).
function common.map_blocks(content, convert, as_list)
  if type(content) == "string" then
    if not as_list then return content end
    content = { { type = "text", text = content } }
  end
  local out = common.array()
  for _, block in ipairs(content) do out[#out + 1] = convert(block) end
  return out
end

--- Tool definitions in another format (`convert(tool, schema) -> theirs`,
-- `schema` the tool's `parameters`, or its `input_schema` when given
-- Anthropic's way), nil for nil.
function common.map_tools(tools, convert)
  if not tools then return nil end
  local out = common.array()
  for _, tool in ipairs(tools) do out[#out + 1] = convert(tool, (message.tool_schema(tool))) end
  return out
end

local function image_placeholder(block) return "[image: " .. tostring(block.mime_type) .. "]" end

--- The text of content as a reader sees it: a string, or the text blocks
-- of a list joined by "\n", an image standing as "[image: <mime type>]".
function common.text_with_images(content) return message.text(content, image_placeholder) end

--- A call's arguments as the JSON string the OpenAI formats carry.
function common.arguments_json(block)
  if block.raw_arguments then return block.raw_arguments end
  return core.json_encode(block.arguments or {}) or "{}"
end

--- The summary as the user message the model sees, or nil.
function common.summary_message(summary)
  return summary_module.project_summary(summary)
end

return common
