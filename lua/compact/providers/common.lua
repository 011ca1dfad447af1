--- Request checking and message mapping shared by the OpenAI and Anthropic
-- generators (internal). Configuration and secrets live in
-- `compact.providers.settings`, error classification in
-- `compact.providers.errors`, the streaming loop in
-- `compact.providers.stream`.
-- @module compact.providers.common

local util = require "compact.util"
local core = require "compact.core"
local errors = require "compact.errors"
local stream = require "compact.providers.stream"

local common = {}

common.json_null = core.json_null

--- JSON-encode a request body (empty `required`, `enum`, ... stay arrays).
common.encode = stream.encode

--- Decode JSON; returns value or nil, message.
function common.decode(text)
  return core.json_decode(text)
end

local is_blank = util.is_blank
common.is_blank = is_blank

local function request_error(name, message) return nil, errors.invalid_request(name .. ": " .. message) end

local function check_tools(name, tools)
  if tools == nil then return true end
  if type(tools) ~= "table" then return request_error(name, "request.tools: expected a list") end
  local _ = tools[1] -- read through __index now, as in check_request
  for i, tool in ipairs(tools) do
    local where = "request.tools[" .. i .. "]"
    if type(tool) ~= "table" or is_blank(tool.name) then
      return request_error(name, where .. ": expected a table with a name")
    end
    if tool.description ~= nil and type(tool.description) ~= "string" then
      return request_error(name, where .. ".description: expected a string")
    end
    local schema = tool.parameters
    if schema == nil then schema = tool.input_schema end
    if schema ~= nil and type(schema) ~= "table" then
      return request_error(name, where .. ".parameters: expected a table")
    end
  end
  return true
end

local ROLES = { user = true, assistant = true, tool_result = true }

local function check_message(name, i, msg)
  local where = "messages[" .. i .. "]"
  if type(msg) ~= "table" then return request_error(name, where .. ": expected a table") end
  if not ROLES[msg.role] then return request_error(name, where .. ".role: unknown role " .. tostring(msg.role)) end
  local content = msg.content
  if content ~= nil and type(content) ~= "string" and type(content) ~= "table" then
    return request_error(name, where .. ".content: expected a string or a list")
  end
  for j, block in ipairs(type(content) == "table" and content or {}) do
    local at = where .. ".content[" .. j .. "]"
    if type(block) ~= "table" or type(block.type) ~= "string" then
      return request_error(name, at .. ".type: expected a string")
    end
    if block.type == "tool_call" and (is_blank(block.id) or is_blank(block.name)) then
      return request_error(name, at .. ": a tool_call needs an id and a name")
    end
  end
  return true
end

--- Check the generate() request common to both providers.
function common.check_request(name, request)
  if type(request) ~= "table" then return request_error(name, "request: expected a table") end
  if is_blank(request.model) then return request_error(name, "request.model: expected a non-blank string") end
  if type(request.messages) ~= "table" then return request_error(name, "request.messages: expected a list") end
  -- Read the list through its metatable now, as 5.2+ ipairs does later:
  -- ipairs is raw on 5.1/LuaJIT, so a hostile __index would otherwise pass
  -- there as an empty list (the caller then gets invalid_request everywhere).
  local _ = request.messages[1]
  local ok, err = check_tools(name, request.tools)
  if not ok then return nil, err end
  local max = request.max_output_tokens
  if max ~= nil and (type(max) ~= "number" or max < 1 or max % 1 ~= 0) then
    return request_error(name, "request.max_output_tokens: expected a positive integer")
  end
  if request.system_prompt ~= nil and type(request.system_prompt) ~= "string" then
    return request_error(name, "request.system_prompt: expected a string")
  end
  for i, msg in ipairs(request.messages) do
    ok, err = check_message(name, i, msg)
    if not ok then return nil, err end
  end
  return true
end

--- Check a generate() request and build its body with `body_fn(request,
-- options)`, under pcall: a hostile request (a table whose metamethods
-- raise) gives `nil, invalid_request` instead of raising.
-- @return body or nil, err
function common.prepare(name, request, body_fn, options)
  local ok, body, err = pcall(function()
    local valid, check_err = common.check_request(name, request)
    if not valid then return nil, check_err end
    return body_fn(request, options)
  end)
  if not ok then
    return nil, errors.invalid_request(name .. ": cannot read the request: " .. tostring(body))
  end
  if not body then return nil, err end
  return body
end

--- The tool choice as one of "auto", "none", "required" or a tool name
-- (`{ name = }`, `{ type = "tool", name = }` or any other string).
function common.tool_choice(choice)
  if choice == nil then return nil end
  if type(choice) == "table" then
    local name = choice.name or (type(choice["function"]) == "table" and choice["function"].name)
    if type(name) == "string" then return { name = name } end
    if choice.type == "auto" or choice.type == "none" then return choice.type end
    if choice.type == "any" or choice.type == "required" then return "required" end
    return nil
  end
  if choice == "auto" or choice == "none" then return choice end
  if choice == "required" or choice == "any" then return "required" end
  if type(choice) == "string" then return { name = choice } end
  return nil
end

--- Text of a content (string, or the text blocks of a list joined by "\n").
function common.text_of(content)
  if type(content) == "string" then return content end
  local parts = {}
  for _, block in ipairs(content or {}) do
    if block.type == "text" and type(block.text) == "string" then parts[#parts + 1] = block.text end
  end
  return table.concat(parts, "\n")
end

--- Image blocks of a content list.
function common.images_of(content)
  local out = {}
  if type(content) ~= "table" then return out end
  for _, block in ipairs(content) do
    if block.type == "image" and type(block.data) == "string" then out[#out + 1] = block end
  end
  return out
end

--- Should an assistant message be left out of a request? Failed and
-- aborted attempts are not part of the conversation the model should see.
function common.skip_assistant(msg)
  return msg.stop_reason == "error" or msg.stop_reason == "aborted"
end

--- A new usage table.
function common.usage(input, output, cache_read, cache_write)
  return { input = input or 0, output = output or 0, cache_read = cache_read or 0, cache_write = cache_write or 0 }
end

-- The whole text is the arguments: null members are kept (a null argument
-- is an argument the tool sees).
local ARGUMENT_TEXT = { keep_nulls = true }

--- Decode tool-call arguments (a JSON object text; "" means {}); null
-- members are kept as `json_null`.
function common.arguments(name, text)
  if text == nil or not text:find("%S") then return {} end
  local value, err = core.json_decode(text, ARGUMENT_TEXT)
  if type(value) ~= "table" or value == core.json_null then
    return nil, errors.new("invalid_response", name .. ": tool call arguments are not a JSON object" ..
      (err and (": " .. tostring(err)) or ""))
  end
  return value
end

return common
