--- The Anthropic Messages importer (`compact.importers` detects the format
-- and calls it): `system` + `messages` JSON, `tool_use` blocks become
-- tool_call blocks and `tool_result` blocks their own tool_result messages.
-- Internal.
-- @module compact.importers.anthropic

local common = require "compact.importers.common"

local fail, str, number_or_zero = common.fail, common.str, common.number_or_zero
local empty_list, text_block, placeholder = common.empty_list, common.text_block, common.placeholder

local anthropic = {}

local ANTHROPIC_STOP = { end_turn = "stop", stop_sequence = "stop", tool_use = "tool_use",
                         max_tokens = "length", pause_turn = "stop", refusal = "error" }

local function anthropic_image(ctx, block)
  local source = block.source
  if type(source) == "table" and source.type == "base64" then
    return { type = "image", mime_type = str(source.media_type) or "image/png", data = str(source.data) or "" }
  end
  if type(source) == "table" and source.url then return text_block("[image: " .. tostring(source.url) .. "]") end
  return placeholder(ctx, "image")
end

local function anthropic_simple_blocks(ctx, content, where)
  if type(content) == "string" then return content end
  if content == nil then return empty_list() end
  if type(content) ~= "table" then return fail(ctx, where, "content: expected a string or a list of blocks") end
  local blocks = empty_list()
  for i, block in ipairs(content) do
    if type(block) ~= "table" then return fail(ctx, where, "content[" .. i .. "]: expected a block object") end
    if block.type == "text" then
      blocks[#blocks + 1] = text_block(str(block.text) or "")
    elseif block.type == "image" then
      blocks[#blocks + 1] = anthropic_image(ctx, block)
    else
      blocks[#blocks + 1] = placeholder(ctx, block.type)
    end
  end
  return blocks
end

--- Import a list of Anthropic messages.
-- @tparam table ctx the import context; `ctx.where(i)` names message i
-- @tparam table list the messages
-- @tparam[opt] table object the JSON object holding `messages` (for
--   `system` and `summary`)
-- @treturn table `{ format = "anthropic", system_prompt, summary, messages, origins }`,
--   or nil and an `invalid_request` error
function anthropic.from_messages(ctx, list, object)
  local messages, origins = {}, {}
  local tool_names = {}
  local function add(message, where)
    messages[#messages + 1] = message
    origins[#messages] = where
  end
  for i, m in ipairs(list) do
    local where = ctx.where(i)
    if type(m) ~= "table" then return fail(ctx, where, "expected a message object") end
    local content = m.content
    if m.role == "user" then
      if type(content) == "string" then
        add({ role = "user", content = content }, where)
      elseif type(content) == "table" then
        -- tool results become their own messages, ahead of the user's text,
        -- which is the order the API requires them in
        local rest = empty_list()
        for j, block in ipairs(content) do
          if type(block) ~= "table" then return fail(ctx, where, "content[" .. j .. "]: expected a block object") end
          if block.type == "tool_result" then
            if type(block.tool_use_id) ~= "string" then
              return fail(ctx, where, "content[" .. j .. "]: tool_result without tool_use_id")
            end
            local result, err = anthropic_simple_blocks(ctx, block.content, where)
            if result == nil then return nil, err end
            add({ role = "tool_result", tool_call_id = block.tool_use_id, tool_name = tool_names[block.tool_use_id],
                  content = result, is_error = block.is_error == true }, where)
          else
            local converted, err = anthropic_simple_blocks(ctx, { block }, where)
            if converted == nil then return nil, err end
            rest[#rest + 1] = converted[1]
          end
        end
        if #rest > 0 then add({ role = "user", content = rest }, where) end
      else
        return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
      end
    elseif m.role == "assistant" then
      local blocks = empty_list()
      local has_call = false
      if type(content) == "string" then
        blocks[1] = text_block(content)
      elseif type(content) == "table" then
        for j, block in ipairs(content) do
          if type(block) ~= "table" then return fail(ctx, where, "content[" .. j .. "]: expected a block object") end
          local kind = block.type
          if kind == "text" then
            blocks[#blocks + 1] = text_block(str(block.text) or "")
          elseif kind == "thinking" then
            blocks[#blocks + 1] = { type = "thinking", thinking = str(block.thinking) or "",
                                    signature = str(block.signature) }
          elseif kind == "redacted_thinking" then
            blocks[#blocks + 1] = { type = "thinking", thinking = "", signature = str(block.data), redacted = true }
          elseif kind == "tool_use" or kind == "server_tool_use" then
            if type(block.id) ~= "string" or type(block.name) ~= "string" then
              return fail(ctx, where, "content[" .. j .. "]: tool_use without id or name")
            end
            local input = type(block.input) == "table" and block.input or {}
            blocks[#blocks + 1] = { type = "tool_call", id = block.id, name = block.name, arguments = input }
            tool_names[block.id] = block.name
            has_call = true
          else
            blocks[#blocks + 1] = placeholder(ctx, kind)
          end
        end
      elseif content ~= nil then
        return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
      end
      local message = { role = "assistant", content = blocks,
                        stop_reason = ANTHROPIC_STOP[m.stop_reason] or (has_call and "tool_use" or "stop") }
      local usage = m.usage
      if type(usage) == "table" then
        message.usage = { input = number_or_zero(usage.input_tokens), output = number_or_zero(usage.output_tokens),
                          cache_read = number_or_zero(usage.cache_read_input_tokens),
                          cache_write = number_or_zero(usage.cache_creation_input_tokens) }
      end
      add(message, where)
    else
      return fail(ctx, where, "unsupported Anthropic message role '" .. tostring(m.role) .. "'")
    end
  end
  local system = object and object.system
  local system_prompt
  if type(system) == "string" then
    system_prompt = system
  elseif type(system) == "table" then
    local parts = {}
    for _, block in ipairs(system) do
      if type(block) == "table" and type(block.text) == "string" then parts[#parts + 1] = block.text end
    end
    system_prompt = table.concat(parts, "\n\n")
  end
  return { format = "anthropic", system_prompt = system_prompt, summary = object and str(object.summary) or nil,
           messages = messages, origins = origins }
end

return anthropic
