-- bench/session_readers.lua: PRIVATE, TEMPORARY readers of Claude Code and
-- Codex session files for bench/summary_quality.lua only, until the
-- `claude-code` and `codex` importers (lua/compact/importers/) land; the
-- bench prefers those when `compact.importers` knows the format. Not a
-- public API, not complete (no sidechains, no compaction entries beyond the
-- summary text, no usage): just enough to turn a transcript into messages,
-- `cwd` and a previous summary.
local core = require "compact.core"

local readers = {}

local function decode_lines(text)
  local out = {}
  for line in text:gmatch("[^\n]+") do
    local ok, value = pcall(core.json_decode, line)
    if ok and type(value) == "table" then out[#out + 1] = value end
  end
  return out
end

local function text_of(content)
  if type(content) == "string" then return content end
  local parts = {}
  for _, block in ipairs(type(content) == "table" and content or {}) do
    if type(block) == "table" and type(block.text) == "string" then parts[#parts + 1] = block.text end
  end
  return table.concat(parts, "\n")
end

-- == Claude Code (~/.claude/projects/*.jsonl) ==

function readers.claude_code(text)
  local messages, cwd, summary = {}, nil, nil
  local by_id = {}
  for _, entry in ipairs(decode_lines(text)) do
    local msg = entry.message
    if type(entry.cwd) == "string" then cwd = cwd or entry.cwd end
    if entry.isSidechain or entry.isMeta or type(msg) ~= "table" then -- luacheck: ignore 542
      -- skipped: sidechains, meta entries and lines without a message
    elseif entry.isCompactSummary then
      summary = text_of(msg.content)
    elseif entry.type == "assistant" then
      local target = msg.id and by_id[msg.id]
      if not target then
        target = { role = "assistant", content = {}, stop_reason = "stop" }
        messages[#messages + 1] = target
        if msg.id then by_id[msg.id] = target end
      end
      for _, block in ipairs(type(msg.content) == "table" and msg.content or {}) do
        if block.type == "text" and type(block.text) == "string" then
          target.content[#target.content + 1] = { type = "text", text = block.text }
        elseif block.type == "thinking" and type(block.thinking) == "string" then
          target.content[#target.content + 1] = { type = "thinking", thinking = block.thinking }
        elseif block.type == "tool_use" then
          target.content[#target.content + 1] = { type = "tool_call", id = tostring(block.id),
            name = tostring(block.name), arguments = type(block.input) == "table" and block.input or {} }
          target.stop_reason = "tool_use"
        end
      end
    elseif entry.type == "user" then
      local content = msg.content
      if type(content) == "string" then
        messages[#messages + 1] = { role = "user", content = content }
      elseif type(content) == "table" then
        local texts = {}
        for _, block in ipairs(content) do
          if block.type == "tool_result" then
            messages[#messages + 1] = { role = "tool_result", tool_call_id = tostring(block.tool_use_id),
              content = text_of(block.content), is_error = block.is_error == true }
          elseif block.type == "text" and type(block.text) == "string" then
            texts[#texts + 1] = block.text
          end
        end
        if #texts > 0 then messages[#messages + 1] = { role = "user", content = table.concat(texts, "\n") } end
      end
    end
  end
  -- tool names on results, from their calls
  local names = {}
  for _, m in ipairs(messages) do
    if m.role == "assistant" then
      for _, b in ipairs(m.content) do if b.type == "tool_call" then names[b.id] = b.name end end
    elseif m.role == "tool_result" then
      m.tool_name = names[m.tool_call_id] or "tool"
    end
  end
  return { messages = messages, cwd = cwd, summary = summary }
end

-- == Codex (~/.codex/sessions/rollout-*.jsonl) ==

function readers.codex(text)
  local messages, cwd, summary = {}, nil, nil
  local names = {}
  local last_assistant
  local function assistant()
    if not last_assistant then
      last_assistant = { role = "assistant", content = {}, stop_reason = "stop" }
      messages[#messages + 1] = last_assistant
    end
    return last_assistant
  end
  for _, entry in ipairs(decode_lines(text)) do
    local p = type(entry.payload) == "table" and entry.payload or {}
    if entry.type == "session_meta" and type(p.cwd) == "string" then
      cwd = p.cwd
    elseif entry.type == "compacted" and type(p.message) == "string" then
      messages, summary, last_assistant = {}, p.message, nil
    elseif entry.type == "response_item" then
      if p.type == "message" and p.role == "user" then
        messages[#messages + 1] = { role = "user", content = text_of(p.content) }
        last_assistant = nil
      elseif p.type == "message" and p.role == "assistant" then
        local a = assistant()
        a.content[#a.content + 1] = { type = "text", text = text_of(p.content) }
      elseif p.type == "function_call" or p.type == "custom_tool_call" then
        local args = p.arguments or p.input
        if type(args) == "string" and p.type == "function_call" then
          local ok, decoded = pcall(core.json_decode, args)
          if ok and type(decoded) == "table" then args = decoded end
        end
        if p.type == "custom_tool_call" then args = { input = args } end
        local a = assistant()
        a.content[#a.content + 1] = { type = "tool_call", id = tostring(p.call_id), name = tostring(p.name),
          arguments = type(args) == "table" and args or {} }
        a.stop_reason = "tool_use"
        names[tostring(p.call_id)] = tostring(p.name)
      elseif p.type == "function_call_output" or p.type == "custom_tool_call_output" then
        local output, is_error = p.output, false
        if type(output) == "string" then
          local ok, decoded = pcall(core.json_decode, output)
          if ok and type(decoded) == "table" and type(decoded.output) == "string" then
            output = decoded.output
            local code = type(decoded.metadata) == "table" and decoded.metadata.exit_code
            if type(code) == "number" and code ~= 0 then
              is_error = true
              output = output .. "\nexit code: " .. code
            end
          end
        elseif type(output) == "table" then
          output = text_of(output.content or output)
        end
        messages[#messages + 1] = { role = "tool_result", tool_call_id = tostring(p.call_id),
          tool_name = names[tostring(p.call_id)] or "tool", content = tostring(output or ""), is_error = is_error }
        last_assistant = nil
      end
    end
  end
  return { messages = messages, cwd = cwd, summary = summary }
end

--- Read a session file with the reader its content calls for.
function readers.load(path)
  local f = io.open(path, "rb")
  if not f then return nil, "cannot open " .. path end
  local text = f:read("*a")
  f:close()
  if text:find('"type":"session_meta"', 1, true) or text:find('"type":"response_item"', 1, true) then
    return readers.codex(text), "codex"
  end
  if text:find('"parentUuid"', 1, true) then return readers.claude_code(text), "claude-code" end
  return nil, "not a Claude Code or Codex session"
end

return readers
