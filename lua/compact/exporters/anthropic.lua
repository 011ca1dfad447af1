--- The Anthropic Messages exporter: `{ system, messages, tools }`; tool
-- results go into the next user message as `tool_result` blocks, and the
-- results of server tools (kept by the importer in `anthropic_block`) back
-- into the assistant's content after their call. Internal; use
-- `compact.exporters.export`.
-- @module compact.exporters.anthropic

local common = require "compact.exporters.common"

local array = common.array

local anthropic = {}

local STOP = { stop = "end_turn", tool_use = "tool_use", length = "max_tokens", error = "refusal" }

local function blocks_of(content)
  return common.map_blocks(content, function(block)
    if block.type == "image" then
      return { type = "image", source = { type = "base64", media_type = block.mime_type, data = block.data } }
    end
    if block.type == "text" then return { type = "text", text = block.text } end
    return nil
  end)
end

local function assistant_block(block)
  if block.type == "text" then return { type = "text", text = block.text } end
  if block.type == "thinking" then
    if block.redacted then return { type = "redacted_thinking", data = block.signature } end
    return { type = "thinking", thinking = block.thinking, signature = block.signature }
  end
  if block.type == "tool_call" then
    return { type = block.server and "server_tool_use" or "tool_use", id = block.id, name = block.name,
             input = block.arguments or {} }
  end
  return nil
end

local function assistant_message(message)
  local content = array()
  for _, block in ipairs(message.content) do content[#content + 1] = assistant_block(block) end
  local out = { role = "assistant", content = content, stop_reason = STOP[message.stop_reason] }
  local usage = message.usage
  if type(usage) == "table" then
    out.usage = { input_tokens = usage.input, output_tokens = usage.output,
                  cache_read_input_tokens = usage.cache_read, cache_creation_input_tokens = usage.cache_write,
                  stale = usage.stale == true or nil } -- a compaction made it stale: kept so no one anchors on it
  end
  return out
end

-- Put a server tool's result block right after its call.
local function insert_server_result(assistant, block)
  local content = assistant.content
  for i, item in ipairs(content) do
    if item.id == block.tool_use_id then
      table.insert(content, i + 1, block)
      return
    end
  end
  content[#content + 1] = block
end

local function tools_of(tools)
  return common.map_tools(tools, function(tool, schema)
    return { name = tool.name, description = tool.description, input_schema = schema }
  end)
end

--- Anthropic Messages JSON.
function anthropic.export(conversation)
  local messages = array()
  local summary = common.summary_message(conversation.summary)
  if summary then messages[1] = summary end
  local results, last_assistant   -- the user message collecting tool results
  for _, message in ipairs(conversation.messages) do
    if message.role == "assistant" then
      last_assistant = assistant_message(message)
      messages[#messages + 1] = last_assistant
      results = nil
    elseif message.role == "tool_result" and message.anthropic_block and last_assistant then
      insert_server_result(last_assistant, message.anthropic_block)
    elseif message.role == "tool_result" then
      if not results then
        results = { role = "user", content = array() }
        messages[#messages + 1] = results
      end
      results.content[#results.content + 1] = { type = "tool_result", tool_use_id = message.tool_call_id,
        content = blocks_of(message.content), is_error = message.is_error == true }
    else
      -- a message of its own after the results (the API joins consecutive
      -- user messages), so a string stays a string when read back
      messages[#messages + 1] = { role = "user", content = blocks_of(message.content) }
      results = nil
    end
  end
  return common.encode_request(conversation, { messages = messages, tools = tools_of(conversation.tools) }, "system")
end

return anthropic
