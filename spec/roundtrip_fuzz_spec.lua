-- Export -> import round trips over every format with both an exporter and
-- an importer (compact.exporters.FORMATS), on 2,000 generated conversations
-- (deterministic: spec/support/lcg.lua). Each format keeps what it can hold
-- (`view` below says what that is); everything it holds must come back.
local core = require "compact.core"
local exporters = require "compact.exporters"
local importers = require "compact.importers"
local lcg = require "spec.support.lcg"

local DOCUMENTS = 2000

local ALPHABET = { "a", "b", "z", " ", "\n", "\"", "\\", "/", "{", "}", "<", ">", "&", "\t", "é", "€", "𝄞",
                   "日本", "0", "9", "-", ":", "[", "]", "%", "'", "`" }

local function text_of(rand, max)
  local n = rand(max + 1)
  local out = {}
  for i = 1, n do out[i] = ALPHABET[rand(#ALPHABET) + 1] end
  return table.concat(out)
end

local function nonempty(rand, max)
  local text = text_of(rand, max)
  if text:find("%S") then return text end
  return "x" .. text .. "y"
end

local function arguments(rand, depth)
  local args = {}
  for i = 1, rand(4) do
    local kind = rand(depth > 1 and 4 or 5)
    local key = "k" .. i .. text_of(rand, 3):gsub("[%c]", "")
    if kind == 0 then args[key] = nonempty(rand, 8)
    elseif kind == 1 then args[key] = rand(1000) - 500
    elseif kind == 2 then args[key] = rand(2) == 1
    elseif kind == 3 then args[key] = setmetatable({ nonempty(rand, 4), rand(10) }, core.json_array_mt)
    else args[key] = arguments(rand, depth + 1) end
  end
  return args
end

local function usage(rand)
  return { input = rand(100000), output = rand(5000), cache_read = rand(50000), cache_write = rand(2000) }
end

local function user_message(rand)
  if rand(3) == 0 then
    local blocks = { { type = "text", text = nonempty(rand, 30) } }
    if rand(3) == 0 then blocks[#blocks + 1] = { type = "image", mime_type = "image/png", data = "iVBORw0KGgo=" } end
    return { role = "user", content = blocks }
  end
  return { role = "user", content = nonempty(rand, 40) }
end

-- An assistant message (with its tool calls' ids in `ids`).
local function assistant_message(rand, next_id, final)
  local content = {}
  if rand(3) == 0 then
    content[#content + 1] = { type = "thinking", thinking = nonempty(rand, 30), signature = "sig" .. rand(1000) }
  end
  local texts = rand(3)
  -- a final reply of thinking alone (or of nothing) now and then: Chat
  -- Completions must still write content its importer accepts
  if final and texts == 0 and rand(4) ~= 0 then texts = 1 end
  for _ = 1, texts do content[#content + 1] = { type = "text", text = nonempty(rand, 40) } end
  local calls = {}
  if not final then
    for _ = 1, 1 + rand(2) do
      local id = next_id()
      calls[#calls + 1] = id
      content[#content + 1] = { type = "tool_call", id = id, name = "tool" .. rand(4), arguments = arguments(rand, 1) }
    end
  end
  local message = { role = "assistant", content = content, stop_reason = final and "stop" or "tool_use" }
  if rand(2) == 0 then message.usage = usage(rand) end
  return message, calls
end

local function tool_result(rand, id, name)
  local content = nonempty(rand, 40)
  if rand(4) == 0 then content = { { type = "text", text = content } } end
  return { role = "tool_result", tool_call_id = id, tool_name = name, content = content, is_error = rand(5) == 0 }
end

local function conversation(rand)
  local counter = 0
  local function next_id()
    counter = counter + 1
    return "call_" .. counter .. "_" .. rand(100000)
  end
  local messages = {}
  for _ = 1, 1 + rand(3) do
    messages[#messages + 1] = user_message(rand)
    for _ = 1, rand(3) do
      local message, calls = assistant_message(rand, next_id, false)
      messages[#messages + 1] = message
      for i, id in ipairs(calls) do
        local block
        for _, b in ipairs(message.content) do if b.id == id then block = b end end
        messages[#messages + 1] = tool_result(rand, calls[i], block.name)
      end
    end
    messages[#messages + 1] = (assistant_message(rand, next_id, true))
  end
  local out = { messages = messages }
  if rand(2) == 0 then out.system_prompt = nonempty(rand, 30) end
  if rand(3) == 0 then out.summary = nonempty(rand, 50) end
  if rand(2) == 0 then
    out.tools = { { name = "tool1", description = nonempty(rand, 20),
                    parameters = { type = "object", properties = { path = { type = "string" } } } } }
  end
  return out
end

-- What `format` holds of a message list.
local function view(messages, format)
  local out = {}
  for _, m in ipairs(messages) do
    local v = { role = m.role, tool_call_id = m.tool_call_id, tool_name = m.tool_name }
    -- Chat Completions and Responses have no error flag on a tool's output
    if format ~= "openai" and format ~= "responses" then v.is_error = m.is_error end
    local content = m.content
    if m.role == "tool_result" and type(content) == "table" and #content == 1 and content[1].type == "text" then
      content = content[1].text
    end
    if m.role == "user" and type(content) == "table" and #content == 1 and content[1].type == "text" then
      content = content[1].text
    end
    if type(content) == "table" then
      local blocks = {}
      for _, block in ipairs(content) do
        if not (format == "openai" and block.type == "thinking") then blocks[#blocks + 1] = block end
      end
      -- Chat Completions joins an assistant's texts into one string
      if format == "openai" and m.role == "assistant" then
        local texts, rest = {}, {}
        for _, block in ipairs(blocks) do
          if block.type == "text" then texts[#texts + 1] = block.text else rest[#rest + 1] = block end
        end
        blocks = rest
        if #texts > 0 then table.insert(blocks, 1, { type = "text", text = table.concat(texts, "\n") }) end
      end
      content = blocks
    end
    v.content = content
    if m.role == "assistant" then
      -- Chat Completions and Responses hold no stop reason (the importer infers one)
      if format ~= "openai" and format ~= "responses" then v.stop_reason = m.stop_reason end
      if format ~= "openai" and format ~= "responses" and m.usage then
        -- the four counts (pi adds its own cost table)
        v.usage = { input = m.usage.input, output = m.usage.output, cache_read = m.usage.cache_read,
                    cache_write = m.usage.cache_write }
      end
      -- a pi session's assistant messages always carry usage (zeros when unknown)
      if format == "pi" and v.usage == nil then v.usage = { input = 0, output = 0, cache_read = 0, cache_write = 0 } end
      -- the pi exporter writes a cost (zeros when unknown) and the importer keeps it
      if format == "pi" and v.usage then
        local counts = {}
        for key, value in pairs(v.usage) do if key ~= "cost" then counts[key] = value end end
        v.usage = counts
      end
    end
    out[#out + 1] = v
  end
  return out
end

-- The first path where `a` and `b` differ, or nil (busted's assert.same
-- formats whole tables: too slow for thousands of cases).
local function difference(a, b, path)
  path = path or ""
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b or (a ~= a and b ~= b) then return nil end
    return path .. ": " .. tostring(a) .. " ~= " .. tostring(b)
  end
  for k, v in pairs(a) do
    local d = difference(v, b[k], path .. "." .. tostring(k))
    if d then return d end
  end
  for k, v in pairs(b) do
    if a[k] == nil then return path .. "." .. tostring(k) .. ": nil ~= " .. tostring(v) end
  end
  return nil
end

describe("export -> import round trips", function()
  it("keeps what each format holds on " .. DOCUMENTS .. " generated conversations, every format", function()
    -- LuaJIT compiles (and throws away) thousands of traces over these
    -- one-off shapes: 3 s of CPU in the interpreter, 10 s with the JIT
    local jit = rawget(_G, "jit")
    if jit then jit.off() end
    finally(function() if jit then jit.on() end end)
    local rand = lcg(20251201)
    local failures = {}
    for doc = 1, DOCUMENTS do
      local original = conversation(rand)
      for _, format in ipairs(exporters.FORMATS) do
        local ok, problem = pcall(function()
          -- plain checks (luassert's assert costs more than the round trip)
          local text, export_err = exporters.export(format, original)
          if not text then error(tostring(export_err), 0) end
          local back, err = importers.parse(text, { name = "doc" .. doc })
          if not back then error(tostring(err), 0) end
          local held = { messages = view(original.messages, format), summary = original.summary }
          local got = { messages = view(back.messages, format), summary = back.summary }
          if format ~= "pi" then
            held.system_prompt, held.tools = original.system_prompt, original.tools
            got.system_prompt, got.tools = back.system_prompt, back.tools
          end
          local d = difference(held, got)
          if d then error(d, 0) end
        end)
        if not ok then
          failures.count = (failures.count or 0) + 1
          failures[format] = (failures[format] or 0) + 1
          if failures[format] <= 3 then failures[#failures + 1] = format .. " doc " .. doc .. ": " .. tostring(problem) end
        end
      end
    end
    assert.equals(0, failures.count or 0, table.concat(failures, "\n\n"))
  end)
end)
