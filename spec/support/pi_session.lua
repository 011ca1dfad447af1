--- Spec helper: read a pi session JSONL file into contract-shaped messages.
-- Only what the summarizer specs need; the full importer is
-- lua/compact/importers/pi.lua.

local pi_session = {}

--- The real session shipped with the project data.
pi_session.LARGE = require("spec.support.data").PI_SESSION

local function decoder()
  local ok, core = pcall(require, "compact.core")
  if ok and type(core) == "table" and type(core.json_decode) == "function" then
    return core.json_decode
  end
  local cjson = require "cjson"
  return function(text)
    local decoded_ok, value = pcall(cjson.decode, text)
    if decoded_ok then return value end
    return nil, value
  end
end

local STOP_REASONS = { stop = "stop", toolUse = "tool_use", length = "length", error = "error",
                       aborted = "aborted" }

local function convert_blocks(content, allow)
  if type(content) == "string" then return content end
  local blocks = {}
  for _, block in ipairs(content or {}) do
    local kind = block.type
    if kind == "text" then
      blocks[#blocks + 1] = { type = "text", text = block.text }
    elseif kind == "image" and allow.image then
      blocks[#blocks + 1] = { type = "image", mime_type = block.mimeType, data = block.data }
    elseif kind == "thinking" and allow.thinking then
      blocks[#blocks + 1] = { type = "thinking", thinking = block.thinking, signature = block.thinkingSignature }
    elseif kind == "toolCall" and allow.tool_call then
      local arguments = block.arguments
      if type(arguments) ~= "table" then arguments = {} end
      blocks[#blocks + 1] = { type = "tool_call", id = block.id, name = block.name, arguments = arguments }
    end
  end
  return blocks
end

local function number(value)
  return type(value) == "number" and value or 0
end

--- Convert one pi message table to our shape (nil for entries we skip).
function pi_session.convert(m)
  if m.role == "user" then
    return { role = "user", content = convert_blocks(m.content, { image = true }) }
  elseif m.role == "assistant" then
    local usage = m.usage or {}
    return {
      role = "assistant",
      content = convert_blocks(m.content, { thinking = true, tool_call = true }),
      stop_reason = STOP_REASONS[m.stopReason] or "stop",
      error_message = m.errorMessage,
      usage = { input = number(usage.input), output = number(usage.output),
                cache_read = number(usage.cacheRead), cache_write = number(usage.cacheWrite) },
    }
  elseif m.role == "toolResult" then
    return { role = "tool_result", tool_call_id = m.toolCallId, tool_name = m.toolName,
             content = convert_blocks(m.content, { image = true }), is_error = m.isError == true }
  elseif m.role == "bashExecution" then
    return { role = "user", content = "Ran `" .. tostring(m.command) .. "`\n" .. tostring(m.output or "") }
  end
  return nil
end

--- Read a session file; returns the list of messages.
function pi_session.load(path)
  local decode = decoder()
  local file = assert(io.open(path or pi_session.LARGE, "rb"))
  local messages = {}
  local line_number = 0
  for line in file:lines() do
    line_number = line_number + 1
    if line:find("%S") then
      local entry, err = decode(line)
      if entry == nil then
        file:close()
        error("line " .. line_number .. ": " .. tostring(err))
      end
      if entry.type == "message" and type(entry.message) == "table" then
        messages[#messages + 1] = pi_session.convert(entry.message)
      end
    end
  end
  file:close()
  return messages
end

return pi_session
