--- The OpenAI Responses API importer (`compact.importers` detects the format
-- and calls it): `message`, `function_call`, `function_call_output` and
-- `reasoning` items, as a request's `input` or a response's `output`.
-- Consecutive model items (assistant text, reasoning, calls) make one
-- assistant message; system and developer messages and `instructions` make
-- the system prompt. Internal.
-- @module compact.importers.responses

local common = require "compact.importers.common"
local openai = require "compact.importers.openai"

local fail, str = common.fail, common.str
local empty_list, text_block, placeholder = common.empty_list, common.text_block, common.placeholder

local responses = {}

local ITEM_TYPES = { function_call = true, function_call_output = true, reasoning = true, custom_tool_call = true,
                     custom_tool_call_output = true, local_shell_call = true }
-- The items a model writes (they go into one assistant message).
local MODEL_ITEMS = { reasoning = true, function_call = true, custom_tool_call = true, local_shell_call = true }
-- The items that answer a call.
local OUTPUT_ITEMS = { function_call_output = true, custom_tool_call_output = true }

--- Is `value` an item only the Responses API writes?
function responses.is_item(value)
  return type(value) == "table"
    and (ITEM_TYPES[value.type] == true or (value.type == "message" and type(value.role) == "string"))
end

--- Does a list hold Responses items (any of them)?
function responses.is_list(list)
  for _, value in ipairs(list) do
    if responses.is_item(value) then return true end
  end
  return false
end

-- Content parts (`input_text`, `output_text`, `input_image`, `refusal`) as
-- our blocks; a string stays a string.
local function parts_of(ctx, content, where)
  return common.map_content(ctx, content, where, function(part)
    local kind = part.type
    if kind == "input_text" or kind == "output_text" or kind == "text" then return text_block(str(part.text) or "") end
    if kind == "refusal" then return text_block(str(part.refusal) or "") end
    if kind == "input_image" then return common.data_url_image(part.image_url or part.file_id) end
    return placeholder(ctx, kind)
  end)
end

local join_text = common.join_text

-- The texts of reasoning `summary` or `content` parts.
local function reasoning_texts(parts)
  local texts = {}
  for _, part in ipairs(type(parts) == "table" and parts or {}) do
    if type(part) == "table" and type(part.text) == "string" then texts[#texts + 1] = part.text end
  end
  return texts
end

-- A `function_call`, `custom_tool_call` (its raw text as the `input`
-- argument) or `local_shell_call` (named `local_shell`, its `action` as the
-- arguments) as our tool_call block.
local function call_block(ctx, item, where)
  local kind = item.type
  local id = str(item.call_id) or (kind == "local_shell_call" and str(item.id)) or nil
  local name = kind == "local_shell_call" and "local_shell" or str(item.name)
  if not id or not name then return fail(ctx, where, kind .. " without call_id or name") end
  local block = { type = "tool_call", id = id, name = name, arguments = {} }
  if kind == "custom_tool_call" then
    block.arguments = { input = str(item.input) or "" }
  elseif kind == "local_shell_call" then
    local action = type(item.action) == "table" and item.action or {}
    for key, value in pairs(action) do
      if key ~= "type" then block.arguments[key] = value end
    end
  else
    openai.set_arguments(block, item.arguments)
  end
  return block
end

-- The assistant message model items go into: the last message when it is an
-- assistant's still open, else a new one.
local function open_assistant(state, where)
  local last = state.messages[#state.messages]
  if last and last.role == "assistant" and state.open then return last end
  local message = { role = "assistant", content = empty_list(), stop_reason = "stop" }
  state.add(message, where)
  state.open = true
  return message
end

local function add_model_item(ctx, state, item, where)
  local message = open_assistant(state, where)
  local content = message.content
  if item.type == "message" or item.type == nil then   -- an easy input message has no type
    local parts, err = parts_of(ctx, item.content, where)
    if parts == nil then return nil, err end
    if type(parts) == "string" then parts = { text_block(parts) } end
    for _, block in ipairs(parts) do content[#content + 1] = block end
  elseif item.type == "reasoning" then
    local texts = reasoning_texts(item.summary)
    if #texts == 0 then texts = reasoning_texts(item.content) end
    content[#content + 1] = { type = "thinking", thinking = table.concat(texts, "\n\n"),
                              signature = str(item.encrypted_content) }
  else -- a call
    local call, err = call_block(ctx, item, where)
    if not call then return nil, err end
    state.tool_names[call.id] = call.name
    content[#content + 1] = call
    message.stop_reason = "tool_use"
  end
  return true
end

-- A call's output as our content and error flag: a string, a list of
-- parts, or `{ content, success }`.
local function output_of(ctx, output, where)
  local is_error = false
  if type(output) == "table" and not common.is_array(output) and output.type == nil then
    is_error = output.success == false
    output = output.content
  end
  local parts, err = parts_of(ctx, output, where)
  if parts == nil then return nil, err end
  return parts, is_error
end

local function add_item(ctx, state, item, where)
  if type(item) ~= "table" then return fail(ctx, where, "expected an item object") end
  local kind, role = item.type, item.role
  if (kind == "message" or kind == nil) and (role == "system" or role == "developer") then
    local parts, err = parts_of(ctx, item.content, where)
    if parts == nil then return nil, err end
    state.system[#state.system + 1] = join_text(parts)
  elseif (kind == "message" or kind == nil) and role == "user" then
    local parts, err = parts_of(ctx, item.content, where)
    if parts == nil then return nil, err end
    state.open = false
    state.add({ role = "user", content = parts }, where)
  elseif ((kind == "message" or kind == nil) and role == "assistant") or MODEL_ITEMS[kind] then
    return add_model_item(ctx, state, item, where)
  elseif OUTPUT_ITEMS[kind] then
    if type(item.call_id) ~= "string" then return fail(ctx, where, kind .. " without call_id") end
    local output, is_error = output_of(ctx, item.output, where)
    if output == nil then return nil, is_error end
    state.open = false
    state.add({ role = "tool_result", tool_call_id = item.call_id, tool_name = state.tool_names[item.call_id],
                content = output, is_error = is_error }, where)
  elseif kind == nil then
    return fail(ctx, where, "unsupported Responses message role '" .. tostring(role) .. "'")
  else
    ctx.skipped = ctx.skipped + 1   -- built-in tool calls and other items
  end
  return true
end

--- A fresh import state for `add_item`: `{ messages, origins, system,
-- tool_names, open, add = function(message, where) }`.
function responses.new_state()
  local state = { messages = {}, origins = {}, system = {}, tool_names = {}, open = false }
  function state.add(message, where)
    state.messages[#state.messages + 1] = message
    state.origins[#state.messages] = where
  end
  return state
end

--- Add one Responses item to `state` (consecutive model items make one
-- assistant message; an output or user message closes it).
-- @treturn true, or nil and an `invalid_request` error
responses.add_item = add_item

--- Import Responses API items.
-- @tparam table ctx the import context; `ctx.where(i)` names item i
-- @tparam table items the items
-- @tparam[opt] table object the request or response holding them (for
--   `instructions`, `tools` and `summary`)
-- @treturn table `{ format = "responses", system_prompt, summary, tools,
--   messages, origins }`, or nil and an `invalid_request` error
function responses.from_items(ctx, items, object)
  local state = responses.new_state()
  if object and type(object.instructions) == "string" then state.system[1] = object.instructions end
  for i, item in ipairs(items) do
    local ok, err = add_item(ctx, state, item, ctx.where(i))
    if not ok then return nil, err end
  end
  return { format = "responses", system_prompt = #state.system > 0 and table.concat(state.system, "\n\n") or nil,
           summary = object and str(object.summary) or nil,
           tools = object and common.tools_of(ctx, object.tools) or nil,
           messages = state.messages, origins = state.origins }
end

return responses
