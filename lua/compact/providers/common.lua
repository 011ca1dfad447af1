--- Request checking and message mapping shared by the OpenAI and Anthropic
-- generators (internal). Configuration and secrets live in
-- `compact.providers.settings`, error classification in
-- `compact.providers.errors`, the streaming loop in
-- `compact.providers.stream`.
-- @module compact.providers.common

local util = require("compact.util")
local core = require("compact.core")
local errors = require("compact.errors")
local stream = require("compact.providers.stream")
local request_options = require("compact.providers.options")
local classify = require("compact.providers.errors")
local message_model = require("compact.message")

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
    local schema, field = message_model.tool_schema(tool)
    if schema ~= nil and type(schema) ~= "table" then
      return request_error(name, where .. "." .. field .. ": expected a table")
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
  -- the messages: the one validator (csrc/core/message.c)
  ok, err = core.validate_messages(request.messages)
  if not ok then return request_error(name, err) end
  if request.on_delta ~= nil and not util.is_callable(request.on_delta) then
    return request_error(name, "request.on_delta: expected a function")
  end
  local opts
  opts, err = request_options.check("request", "request.options", request.options)
  if not opts then return nil, errors.invalid_request(name .. ": " .. err.message) end
  return opts
end

--- Check a generate() request and build its body with `body_fn(request,
-- options, request_options)` (`request_options`: the configuration's
-- `options` under the request's own, with `extra` merged into the body
-- after), under pcall: a hostile request (a table whose metamethods raise)
-- gives `nil, invalid_request` instead of raising.
-- @return body or nil, err
function common.prepare(name, request, body_fn, options)
  local ok, body, err = pcall(function()
    local opts, check_err = common.check_request(name, request)
    if not opts then return nil, check_err end
    opts = request_options.merge(options and options.defaults, opts)
    local built, build_err = body_fn(request, options, opts)
    if not built then return nil, build_err end
    return request_options.apply_extra(built, opts)
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
common.text_of = message_model.text

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
common.skip_assistant = message_model.is_failed_attempt

--- What an error body says (`{ message, type, code, status }`, see
-- `compact.providers.errors.error_info`); a body that is not JSON gives its
-- text as the message, a JSON body without a message field none.
function common.error_info(value, text)
  local info = classify.error_info(value)
  if info.message == nil and value == nil and type(text) == "string" and text:find("%S") then
    info.message = text:sub(1, 500)
  end
  return info
end

--- The `on_delta` of a request as `emit(kind, text, index, fields)`
-- returning nil, or the `callback` error when it raised; nil without one.
function common.emitter(name, on_delta)
  if on_delta == nil then return nil end
  return function(kind, text, index, fields)
    local delta = { type = kind, text = text, index = index }
    for key, value in pairs(fields or {}) do delta[key] = value end
    local ok, raised = pcall(on_delta, delta)
    if ok then return nil end
    return errors.new("callback", name .. ": on_delta raised an error", { cause = raised, retryable = false })
  end
end

--- A new usage table.
common.usage = message_model.zero_usage

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
