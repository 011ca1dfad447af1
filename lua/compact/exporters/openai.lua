--- The OpenAI exporters: Chat Completions (`{ messages, tools }`) and the
-- Responses API (`{ instructions, input, tools }`). Thinking blocks become
-- Responses `reasoning` items and are left out of Chat Completions, which
-- has no place for them. Internal; use `compact.exporters.export`.
-- @module compact.exporters.openai

local common = require "compact.exporters.common"

local array, text_with_images, arguments_json = common.array, common.text_with_images, common.arguments_json

local openai = {}

local function data_url(block)
  return "data:" .. tostring(block.mime_type) .. ";base64," .. tostring(block.data)
end

-- User content as Chat Completions parts (a string stays a string).
local function chat_parts(content)
  return common.map_blocks(content, function(block)
    if block.type == "image" then return { type = "image_url", image_url = { url = data_url(block) } } end
    if block.type == "text" then return { type = "text", text = block.text } end
    return nil
  end)
end

local function chat_assistant(message)
  local texts, calls = {}, array()
  for _, block in ipairs(message.content) do
    if block.type == "text" then
      texts[#texts + 1] = block.text
    elseif block.type == "tool_call" then
      calls[#calls + 1] = { id = block.id, type = "function",
                            ["function"] = { name = block.name, arguments = arguments_json(block) } }
    end
  end
  -- no text and no call (thinking only, or nothing): "" rather than no
  -- content at all, which Chat Completions (and our importer) reject
  local content = #texts > 0 and table.concat(texts, "\n") or (#calls == 0 and "" or nil)
  local out = { role = "assistant", content = content }
  if #calls > 0 then out.tool_calls = calls end
  return out
end

local function chat_message(message)
  if message.role == "user" then return { role = "user", content = chat_parts(message.content) } end
  if message.role == "assistant" then return chat_assistant(message) end
  return { role = "tool", tool_call_id = message.tool_call_id, content = text_with_images(message.content) }
end

local function chat_tools(tools)
  return common.map_tools(tools, function(tool, schema)
    return { type = "function", ["function"] = { name = tool.name, description = tool.description,
                                                 parameters = schema } }
  end)
end

--- Chat Completions JSON.
function openai.chat(conversation)
  local messages = array()
  if conversation.system_prompt and conversation.system_prompt ~= "" then
    messages[1] = { role = "system", content = conversation.system_prompt }
  end
  local summary = common.summary_message(conversation.summary)
  if summary then messages[#messages + 1] = summary end
  for _, message in ipairs(conversation.messages) do messages[#messages + 1] = chat_message(message) end
  return common.encode_request(conversation, { messages = messages, tools = chat_tools(conversation.tools) })
end

-- == Responses ==

local function input_parts(content)
  return common.map_blocks(content, function(block)
    if block.type == "image" then return { type = "input_image", image_url = data_url(block) } end
    if block.type == "text" then return { type = "input_text", text = block.text } end
    return nil
  end)
end

-- An assistant message as items: runs of text make one message item;
-- thinking a reasoning item; each call a function_call item.
local function assistant_items(message, items)
  local texts
  local before = #items
  for _, block in ipairs(message.content) do
    if block.type == "text" then
      if not texts then
        texts = array()
        items[#items + 1] = { type = "message", role = "assistant", content = texts }
      end
      texts[#texts + 1] = { type = "output_text", text = block.text }
    else
      texts = nil
      if block.type == "thinking" then
        items[#items + 1] = { type = "reasoning", encrypted_content = block.signature,
                              summary = array { { type = "summary_text", text = block.thinking } } }
      elseif block.type == "tool_call" then
        items[#items + 1] = { type = "function_call", call_id = block.id, name = block.name,
                              arguments = arguments_json(block) }
      end
    end
  end
  -- an assistant message with nothing the format holds still takes its
  -- place (an empty message item), or the turns around it would merge
  if #items == before then items[#items + 1] = { type = "message", role = "assistant", content = array() } end
end

local function responses_tools(tools)
  return common.map_tools(tools, function(tool, schema)
    return { type = "function", name = tool.name, description = tool.description, parameters = schema }
  end)
end

--- Responses API JSON (a request's `instructions`, `input` and `tools`).
function openai.responses(conversation)
  local items = array()
  local summary = common.summary_message(conversation.summary)
  if summary then items[1] = { type = "message", role = "user", content = summary.content } end
  for _, message in ipairs(conversation.messages) do
    if message.role == "user" then
      items[#items + 1] = { type = "message", role = "user", content = input_parts(message.content) }
    elseif message.role == "assistant" then
      assistant_items(message, items)
    else
      items[#items + 1] = { type = "function_call_output", call_id = message.tool_call_id,
                            output = text_with_images(message.content) }
    end
  end
  return common.encode_request(conversation, { input = items, tools = responses_tools(conversation.tools) },
    "instructions")
end

return openai
