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

local ITEM_TYPES = { function_call = true, function_call_output = true, reasoning = true }

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
  if item.type == "message" then
    local parts, err = parts_of(ctx, item.content, where)
    if parts == nil then return nil, err end
    if type(parts) == "string" then parts = { text_block(parts) } end
    for _, block in ipairs(parts) do content[#content + 1] = block end
  elseif item.type == "reasoning" then
    local texts = {}
    for _, part in ipairs(type(item.summary) == "table" and item.summary or {}) do
      if type(part) == "table" and type(part.text) == "string" then texts[#texts + 1] = part.text end
    end
    content[#content + 1] = { type = "thinking", thinking = table.concat(texts, "\n\n"),
                              signature = str(item.encrypted_content) }
  else -- function_call
    if type(item.call_id) ~= "string" or type(item.name) ~= "string" then
      return fail(ctx, where, "function_call without call_id or name")
    end
    state.tool_names[item.call_id] = item.name
    content[#content + 1] = openai.set_arguments({ type = "tool_call", id = item.call_id, name = item.name,
                                                   arguments = {} }, item.arguments)
    message.stop_reason = "tool_use"
  end
  return true
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
  elseif ((kind == "message" or kind == nil) and role == "assistant") or kind == "reasoning"
      or kind == "function_call" then
    return add_model_item(ctx, state, item, where)
  elseif kind == "function_call_output" then
    if type(item.call_id) ~= "string" then return fail(ctx, where, "function_call_output without call_id") end
    local output, err = parts_of(ctx, item.output, where)
    if output == nil then return nil, err end
    state.open = false
    state.add({ role = "tool_result", tool_call_id = item.call_id, tool_name = state.tool_names[item.call_id],
                content = output, is_error = false }, where)
  elseif kind == nil then
    return fail(ctx, where, "unsupported Responses message role '" .. tostring(role) .. "'")
  else
    ctx.skipped = ctx.skipped + 1   -- built-in tool calls and other items
  end
  return true
end

--- Import Responses API items.
-- @tparam table ctx the import context; `ctx.where(i)` names item i
-- @tparam table items the items
-- @tparam[opt] table object the request or response holding them (for
--   `instructions`, `tools` and `summary`)
-- @treturn table `{ format = "responses", system_prompt, summary, tools,
--   messages, origins }`, or nil and an `invalid_request` error
function responses.from_items(ctx, items, object)
  local state = { messages = {}, origins = {}, system = {}, tool_names = {}, open = false }
  function state.add(message, where)
    state.messages[#state.messages + 1] = message
    state.origins[#state.messages] = where
  end
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
