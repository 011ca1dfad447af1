--- The Anthropic Messages importer (`compact.importers` detects the format
-- and calls it): `system` + `messages` JSON, `tool_use` blocks become
-- tool_call blocks and `tool_result` blocks their own tool_result messages.
-- Internal.
-- @module compact.importers.anthropic

local common = require "compact.importers.common"

local fail, str, number_or_zero = common.fail, common.str, common.number_or_zero
local empty_list, text_block, placeholder = common.empty_list, common.text_block, common.placeholder

local anthropic = {}

--- Messages API usage (`input_tokens`, `cache_read_input_tokens`,
-- `cache_creation_input_tokens`, `output_tokens`) as ours, nil when absent.
function anthropic.usage_of(usage)
  if type(usage) ~= "table" then return nil end
  return { input = number_or_zero(usage.input_tokens), output = number_or_zero(usage.output_tokens),
           cache_read = number_or_zero(usage.cache_read_input_tokens),
           cache_write = number_or_zero(usage.cache_creation_input_tokens),
           stale = usage.stale == true or nil }   -- counted before a compaction (section 20): never an anchor
end

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
  return common.map_content(ctx, content, where, function(block)
    if block.type == "text" then return text_block(str(block.text) or "") end
    if block.type == "image" then return anthropic_image(ctx, block) end
    return placeholder(ctx, block.type)
  end)
end

-- The text a server tool's result block stands for: its search results one
-- per line (title and URL), its error code, or its text.
local function server_result_text(block)
  local content = block.content
  if type(content) == "table" and content.type ~= nil then
    if type(content.error_code) == "string" then return "error: " .. content.error_code, true end
    content = { content }
  end
  if type(content) ~= "table" then return str(content) or "", false end
  local lines = {}
  for _, item in ipairs(content) do
    if type(item) == "table" then
      if type(item.url) == "string" then
        lines[#lines + 1] = (str(item.title) and (item.title .. " ") or "") .. "<" .. item.url .. ">"
      elseif type(item.text) == "string" then
        lines[#lines + 1] = item.text
      elseif type(item.error_code) == "string" then
        return "error: " .. item.error_code, true
      end
    end
  end
  return table.concat(lines, "\n"), false
end

-- A server tool's result (`web_search_tool_result` and the like, in the
-- assistant's own content) as our tool_result message; the original block
-- rides along in `anthropic_block` so an export writes it back unchanged.
local function server_result(block, tool_names)
  local text, is_error = server_result_text(block)
  return { role = "tool_result", tool_call_id = block.tool_use_id, tool_name = tool_names[block.tool_use_id],
           content = text, is_error = is_error, anthropic_block = block }
end

local function is_server_result(block)
  return type(block.type) == "string" and block.type:match("_tool_result$") ~= nil
    and type(block.tool_use_id) == "string"
end

-- A user message: its tool_result blocks become tool_result messages, ahead
-- of the user's text (the order the API requires them in). Calls `add`.
-- (Also used by the Claude Code importer.)
local function user_message(ctx, m, where, tool_names, add)
  local content = m.content
  if type(content) == "string" then return add({ role = "user", content = content }, where) end
  if type(content) ~= "table" then
    return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
  end
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
  return true
end

-- One assistant content block into `out.blocks` (or `out.server_results`);
-- true or nil, err. (Also used by the Claude Code importer.)
local function assistant_block(ctx, block, j, where, out)
  if type(block) ~= "table" then return fail(ctx, where, "content[" .. j .. "]: expected a block object") end
  local kind, blocks = block.type, out.blocks
  if kind == "text" then
    blocks[#blocks + 1] = text_block(str(block.text) or "")
  elseif kind == "thinking" then
    blocks[#blocks + 1] = { type = "thinking", thinking = str(block.thinking) or "", signature = str(block.signature) }
  elseif kind == "redacted_thinking" then
    blocks[#blocks + 1] = { type = "thinking", thinking = "", signature = str(block.data), redacted = true }
  elseif kind == "tool_use" or kind == "server_tool_use" then
    if type(block.id) ~= "string" or type(block.name) ~= "string" then
      return fail(ctx, where, "content[" .. j .. "]: tool_use without id or name")
    end
    local input = type(block.input) == "table" and block.input or {}
    blocks[#blocks + 1] = { type = "tool_call", id = block.id, name = block.name, arguments = input,
                            server = kind == "server_tool_use" or nil }
    out.tool_names[block.id] = block.name
    out.has_call = true
  elseif is_server_result(block) then
    out.server_results[#out.server_results + 1] = server_result(block, out.tool_names)
  else
    blocks[#blocks + 1] = placeholder(ctx, kind)
  end
  return true
end

-- An assistant message and the results of its server tools (in its content).
local function assistant_message(ctx, m, where, tool_names, add)
  local content = m.content
  local out = { blocks = empty_list(), server_results = {}, tool_names = tool_names, has_call = false }
  if type(content) == "string" then
    out.blocks[1] = text_block(content)
  elseif type(content) == "table" then
    for j, block in ipairs(content) do
      local ok, err = assistant_block(ctx, block, j, where, out)
      if not ok then return nil, err end
    end
  elseif content ~= nil then
    return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
  end
  local message = { role = "assistant", content = out.blocks,
                    stop_reason = ANTHROPIC_STOP[m.stop_reason] or (out.has_call and "tool_use" or "stop"),
                    usage = anthropic.usage_of(m.usage) }
  add(message, where)
  for _, result in ipairs(out.server_results) do add(result, where) end
  return true
end

local function system_text(system)
  if type(system) == "string" then return system end
  if type(system) ~= "table" then return nil end
  local parts = {}
  for _, block in ipairs(system) do
    if type(block) == "table" and type(block.text) == "string" then parts[#parts + 1] = block.text end
  end
  return table.concat(parts, "\n\n")
end

--- Import a list of Anthropic messages.
-- @tparam table ctx the import context; `ctx.where(i)` names message i
-- @tparam table list the messages
-- @tparam[opt] table object the JSON object holding `messages` (for
--   `system`, `tools` and `summary`)
-- @treturn table `{ format = "anthropic", system_prompt, summary, tools, messages, origins }`,
--   or nil and an `invalid_request` error
function anthropic.from_messages(ctx, list, object)
  local messages, origins = {}, {}
  local tool_names = {}
  local function add(message, where)
    messages[#messages + 1] = message
    origins[#messages] = where
    return true
  end
  for i, m in ipairs(list) do
    local where = ctx.where(i)
    local ok, err
    if type(m) ~= "table" then
      ok, err = fail(ctx, where, "expected a message object")
    elseif m.role == "user" then
      ok, err = user_message(ctx, m, where, tool_names, add)
    elseif m.role == "assistant" then
      ok, err = assistant_message(ctx, m, where, tool_names, add)
    else
      ok, err = fail(ctx, where, "unsupported Anthropic message role '" .. tostring(m.role) .. "'")
    end
    if not ok then return nil, err end
  end
  return { format = "anthropic", system_prompt = system_text(object and object.system),
           summary = object and str(object.summary) or nil,
           tools = object and common.tools_of(ctx, object.tools) or nil,
           messages = messages, origins = origins, anchor_from = 1 }
end

anthropic.STOP = ANTHROPIC_STOP
anthropic.user_message = user_message
anthropic.assistant_block = assistant_block

return anthropic
