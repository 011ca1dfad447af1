--- The OpenAI Chat Completions importer (`compact.importers` detects the
-- format and calls it): system and developer messages become the system
-- prompt, `tool_calls` become tool_call blocks, `tool` messages tool results.
-- Internal.
-- @module compact.importers.openai

local core = require "compact.core"
local common = require "compact.importers.common"

local fail, is_array, str = common.fail, common.is_array, common.str
local empty_list, text_block, placeholder = common.empty_list, common.text_block, common.placeholder

local openai = {}

local function openai_parts(ctx, content, where)
  return common.map_content(ctx, content, where, function(part)
    if part.type == "text" then return text_block(str(part.text) or "") end
    if part.type == "refusal" then return text_block(str(part.refusal) or "") end
    if part.type == "image_url" then
      local image = part.image_url
      return common.data_url_image(type(image) == "table" and image.url or image)
    end
    return placeholder(ctx, part.type)
  end)
end

local join_text = common.join_text
local KEEP_NULLS = { keep_nulls = true } -- a null argument is an argument

-- Decode a call's `arguments` string into `block` (a truncated or
-- non-object string is kept verbatim in `raw_arguments`).
local function set_arguments(block, raw)
  if type(raw) == "table" then
    block.arguments = raw
  elseif type(raw) == "string" and raw:find("%S") then
    local decoded = core.json_decode(raw, KEEP_NULLS)
    if type(decoded) == "table" and not is_array(decoded) then
      block.arguments = decoded
    else
      block.raw_arguments = raw
    end
  end
  return block
end
openai.set_arguments = set_arguments

-- The tool_call blocks of an assistant message's `tool_calls` and legacy
-- `function_call` (which has no id: `legacy` hands out one and remembers it
-- for the `function` message that answers it).
local function assistant_calls(ctx, m, where, content, tool_names, legacy)
  local calls = m.tool_calls
  if calls ~= nil and type(calls) ~= "table" then return fail(ctx, where, "tool_calls: expected a list") end
  for j, call in ipairs(calls or {}) do
    local fn = type(call) == "table" and call["function"]
    if type(fn) ~= "table" or type(call.id) ~= "string" or type(fn.name) ~= "string" then
      return fail(ctx, where, "tool_calls[" .. j .. "]: expected { id, function = { name, arguments } }")
    end
    tool_names[call.id] = fn.name
    content[#content + 1] = set_arguments({ type = "tool_call", id = call.id, name = fn.name, arguments = {} },
      fn.arguments)
  end
  local fc = m.function_call
  if fc ~= nil then
    if type(fc) ~= "table" or type(fc.name) ~= "string" then
      return fail(ctx, where, "function_call: expected { name, arguments }")
    end
    legacy.count = legacy.count + 1
    local id = "call_legacy_" .. legacy.count
    legacy.pending = id
    tool_names[id] = fc.name
    content[#content + 1] = set_arguments({ type = "tool_call", id = id, name = fc.name, arguments = {} },
      fc.arguments)
  end
  return (calls and calls[1] or fc) and "tool_use" or "stop"
end

-- A user, assistant, tool or legacy function message: ours, or nil, err.
local function convert(ctx, m, where, tool_names, legacy)
  local message
  local role = m.role
  if role == "user" then
    local content, err = openai_parts(ctx, m.content, where)
    if content == nil then return nil, err end
    message = { role = "user", content = content }
  elseif role == "assistant" then
    local content, err = openai_parts(ctx, m.content, where)
    if content == nil then return nil, err end
    if type(content) == "string" then
      content = content ~= "" and { text_block(content) } or empty_list()
    end
    if type(m.refusal) == "string" and m.refusal ~= "" then content[#content + 1] = text_block(m.refusal) end
    local stop, call_err = assistant_calls(ctx, m, where, content, tool_names, legacy)
    if not stop then return nil, call_err end
    message = { role = "assistant", content = content, stop_reason = stop }
  elseif role == "function" then
    -- legacy: the answer to the last function_call
    local content, err = openai_parts(ctx, m.content, where)
    if content == nil then return nil, err end
    if not legacy.pending then return fail(ctx, where, "function message without a function_call before it") end
    message = { role = "tool_result", tool_call_id = legacy.pending, tool_name = str(m.name)
                or tool_names[legacy.pending], content = content, is_error = false }
    legacy.pending = nil
  elseif role == "tool" then
    if type(m.tool_call_id) ~= "string" then return fail(ctx, where, "tool message without tool_call_id") end
    local content, err = openai_parts(ctx, m.content, where)
    if content == nil then return nil, err end
    message = { role = "tool_result", tool_call_id = m.tool_call_id,
                tool_name = tool_names[m.tool_call_id] or str(m.name), content = content, is_error = false }
  else
    return fail(ctx, where, "unsupported OpenAI message role '" .. tostring(role) .. "'")
  end
  return message
end

--- Import a list of Chat Completions messages.
-- @tparam table ctx the import context; `ctx.where(i)` names message i
-- @tparam table list the messages
-- @tparam[opt] table object the JSON object holding `messages` (for `summary`)
-- @treturn table `{ format = "openai", system_prompt, summary, messages, origins }`,
--   or nil and an `invalid_request` error
function openai.from_messages(ctx, list, object)
  local messages, origins, system = {}, {}, {}
  local tool_names, legacy = {}, { count = 0 }
  for i, m in ipairs(list) do
    local where = ctx.where(i)
    if type(m) ~= "table" then return fail(ctx, where, "expected a message object") end
    local role = m.role
    if role == "system" or role == "developer" then
      local content, err = openai_parts(ctx, m.content, where)
      if content == nil then return nil, err end
      system[#system + 1] = join_text(content)
    else
      local message, err = convert(ctx, m, where, tool_names, legacy)
      if not message then return nil, err end
      messages[#messages + 1] = message
      origins[#messages] = where
    end
  end
  local system_prompt = #system > 0 and table.concat(system, "\n\n") or nil
  return { format = "openai", system_prompt = system_prompt, summary = object and str(object.summary) or nil,
           tools = object and common.tools_of(ctx, object.tools) or nil, messages = messages, origins = origins }
end

return openai
