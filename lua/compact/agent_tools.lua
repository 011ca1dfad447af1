--- Tools of the agent: checking their config, copying arguments, running
-- handlers so that every call gets a result (internal to compact.agent).
-- @module compact.agent_tools

local core = require "compact.core"
local errors = require "compact.errors"
local util = require "compact.util"

local tools = {}

local function config_error(message) return nil, errors.invalid_config(message) end

local is_blank, is_callable = util.is_blank, util.is_callable

-- tostring that never raises (a value's __tostring may raise or return a
-- non-string).
local function safe_tostring(value)
  local ok, text = pcall(tostring, value)
  if ok and type(text) == "string" then return text end
  return "(a " .. type(value) .. " whose __tostring failed)"
end
tools.safe_tostring = safe_tostring

-- Deep copy of JSON-like values, so a tool handler editing its arguments
-- cannot change the tool call stored in the state. Raw reads (no __pairs,
-- no __index); only the JSON array marker is kept as a metatable. Call it
-- under pcall: a table can still raise (a __gc, memory).
local function deep_copy(value, seen)
  if type(value) ~= "table" then return value end
  seen = seen or {}
  if seen[value] then return seen[value] end
  local out = {}
  seen[value] = out
  for k, v in next, value do out[deep_copy(k, seen)] = deep_copy(v, seen) end
  if rawequal(debug.getmetatable(value), core.json_array_mt) then setmetatable(out, core.json_array_mt) end
  return out
end
tools.deep_copy = deep_copy

--- Check the agent's `config.tools`: returns the definitions sent to the
-- model (without handlers) and a name -> handler map, or nil, ErrInvalidConfig.
function tools.check(list)
  if list == nil then return {}, {} end
  if type(list) ~= "table" then return config_error("config.tools: expected a list, got " .. type(list)) end
  local definitions, handlers = {}, {}
  local count = #list
  for key in pairs(list) do
    if type(key) ~= "number" or key < 1 or key > count or key ~= math.floor(key) then
      return config_error("config.tools: expected a list, found key " .. tostring(key))
    end
  end
  for i = 1, count do
    local tool = list[i]
    local where = "config.tools[" .. i .. "]"
    if type(tool) ~= "table" then return config_error(where .. ": expected a table, got " .. type(tool)) end
    if is_blank(tool.name) then return config_error(where .. ".name: expected a non-blank string") end
    if handlers[tool.name] then
      return config_error(where .. ".name: duplicate tool name '" .. tool.name .. "'")
    end
    if not is_callable(tool.handler) then
      return config_error(where .. ".handler: expected a function, got " .. type(tool.handler))
    end
    if tool.description ~= nil and type(tool.description) ~= "string" then
      return config_error(where .. ".description: expected a string, got " .. type(tool.description))
    end
    if tool.parameters ~= nil and type(tool.parameters) ~= "table" then
      return config_error(where .. ".parameters: expected a table, got " .. type(tool.parameters))
    end
    handlers[tool.name] = tool.handler
    definitions[i] = { name = tool.name, description = tool.description, parameters = tool.parameters }
  end
  return definitions, handlers
end

--- The tool_call blocks of an assistant message, in order.
function tools.calls_of(message)
  local calls = {}
  if type(message.content) == "table" then
    for _, block in ipairs(message.content) do
      if type(block) == "table" and block.type == "tool_call" then calls[#calls + 1] = block end
    end
  end
  return calls
end

--- `message` with the ids of its tool calls made unique within it: a
-- second call with an id already used gets `<id>_2` (`_3`, ...), so each
-- call gets its own result. Returns `message` itself when nothing changed,
-- else a copy (the content list and the renamed blocks are new tables).
function tools.unique_call_ids(message)
  local calls = tools.calls_of(message)
  local used, renamed = {}, {}
  for _, call in ipairs(calls) do
    if used[call.id] then renamed[call] = true else used[call.id] = true end
  end
  if next(renamed) == nil then return message end
  local content = {}
  for i, block in ipairs(message.content) do
    if renamed[block] then
      local copy = {}
      for k, v in pairs(block) do copy[k] = v end
      local n = 2
      while used[tostring(block.id) .. "_" .. n] do n = n + 1 end
      copy.id = tostring(block.id) .. "_" .. n
      used[copy.id] = true
      block = copy
    end
    content[i] = block
  end
  local out = {}
  for k, v in pairs(message) do out[k] = v end
  out.content = content
  return out
end

--- A tool_result message answering `call`.
function tools.result(call, content, is_error)
  return { role = "tool_result", tool_call_id = call.id, tool_name = call.name, content = content,
    is_error = is_error == true }
end

--- Run one tool call with `handler` (nil: an unknown tool) under pcall;
-- always returns a well-formed tool result, never raises for what the
-- handler does.
function tools.run(handler, call, cancel)
  if not handler then return tools.result(call, "unknown tool: " .. tostring(call.name), true) end
  local args = call.arguments
  if args == nil then args = {} end
  local copied, copy = pcall(deep_copy, args)
  if not copied then
    return tools.result(call, "tool " .. call.name .. ": its arguments could not be copied: "
      .. safe_tostring(copy), true)
  end
  local ok, content, is_error = pcall(handler, copy, cancel)
  if not ok then
    return tools.result(call, "tool " .. call.name .. " raised an error: " .. safe_tostring(content), true)
  end
  if content == nil then
    -- Lua convention `return nil, err`: the second value describes the failure.
    if is_error ~= nil and type(is_error) ~= "boolean" then return tools.result(call, safe_tostring(is_error), true) end
    content = ""
  elseif type(content) == "number" then
    content = tostring(content)
  elseif type(content) ~= "string" and type(content) ~= "table" then
    return tools.result(call, "tool " .. call.name .. " returned a " .. type(content) .. ", expected text", true)
  end
  local result = tools.result(call, content, is_error)
  if type(content) == "table" then
    local valid, problem = core.validate_messages({ result })
    if not valid then
      return tools.result(call, "tool " .. call.name .. " returned invalid content: " .. safe_tostring(problem), true)
    end
  end
  return result
end

return tools
