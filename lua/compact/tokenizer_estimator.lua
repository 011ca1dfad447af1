--- An estimator (`text`, `message`, `tools`) backed by an exact tokenizer,
-- counting messages and tool definitions the way the OpenAI chat format
-- bills them (numbers and sources in docs/tokenizer.md):
--
-- * `text(s)`: the tokens of `s`.
-- * `message(msg)`: 3 per message + the role ("user", "assistant", "tool")
--   + the content: text and thinking blocks by their text, an image a fixed
--   `image_tokens` (765: a 1024x1024 image at high detail), a tool call
--   its id + name + arguments as JSON + `tool_call_tokens` (3), a tool
--   result its `tool_call_id` + content.
-- * `tools(defs)`: OpenAI's function-definition accounting: per tool 7
--   (o200k) or 10 (cl100k) + "name:description"; with properties 3, and
--   per property 3 + "key:type:description" (enums: -3, then 3 + the item
--   per item); 12 once for the list.
--
-- The 3 tokens priming the reply are per request, not per message, and
-- the estimator interface has no place for them: reserve them.
-- @module compact.tokenizer_estimator

local core = require "compact.core"
local errors = require "compact.errors"
local tool_schema = require("compact.message").tool_schema

local M = {}

local ROLE_NAMES = { user = "user", assistant = "assistant", tool_result = "tool", system = "system" }

-- OpenAI's function-definition token accounting per vocabulary.
local FUNCTION_COSTS = {
  o200k = { func_init = 7, prop_init = 3, prop_key = 3, enum_init = -3, enum_item = 3, func_end = 12 },
  cl100k = { func_init = 10, prop_init = 3, prop_key = 3, enum_init = -3, enum_item = 3, func_end = 12 },
}

local DEFAULTS = { tokens_per_message = 3, image_tokens = 765, tool_call_tokens = 3 }

local Estimator = { __name = "compact.TokenizerEstimator" }
Estimator.__index = Estimator

function Estimator.__tostring(self)
  return "compact.TokenizerEstimator(" .. self.tokenizer.name .. ")"
end

-- Count a string; raises (the caller runs estimators under pcall) with
-- `what` naming the field.
local function count(self, text, what)
  if type(text) ~= "string" then
    error(what .. ": expected a string, got " .. type(text), 0)
  end
  local n, err = self.tokenizer:count(text)
  if not n then error(what .. ": " .. tostring(err), 0) end
  return n
end

--- The tokens of a string.
function Estimator:text(text)
  if text == nil then return 0 end
  return count(self, text, "text")
end

local function tool_call_tokens(self, block, what)
  local arguments = block.arguments
  local json = "{}"
  if arguments ~= nil then
    local err
    json, err = core.json_encode(arguments)
    if not json then error(what .. ".arguments: " .. tostring(err), 0) end
  end
  return count(self, block.id, what .. ".id") + count(self, block.name, what .. ".name")
    + count(self, json, what .. ".arguments") + self.costs.tool_call_tokens
end

local function block_tokens(self, block, what)
  if type(block) ~= "table" then error(what .. ": expected a block table, got " .. type(block), 0) end
  local kind = block.type
  if kind == "text" then return count(self, block.text, what .. ".text") end
  if kind == "thinking" then return count(self, block.thinking or "", what .. ".thinking") end
  if kind == "image" then return self.costs.image_tokens end
  if kind == "tool_call" then return tool_call_tokens(self, block, what) end
  error(what .. ".type: unknown block type " .. tostring(kind), 0)
end

--- The tokens of one message (string or block content).
function Estimator:message(message)
  if type(message) ~= "table" then error("message: expected a table, got " .. type(message), 0) end
  local role = ROLE_NAMES[message.role]
  if not role then error("message.role: unknown role " .. tostring(message.role), 0) end
  local tokens = self.costs.tokens_per_message + count(self, role, "message.role")
  if message.role == "tool_result" and message.tool_call_id ~= nil then
    tokens = tokens + count(self, message.tool_call_id, "message.tool_call_id")
  end
  local content = message.content
  if type(content) == "string" then return tokens + count(self, content, "message.content") end
  if type(content) ~= "table" then
    error("message.content: expected a string or a list of blocks, got " .. type(content), 0)
  end
  for i = 1, #content do
    tokens = tokens + block_tokens(self, content[i], "message.content[" .. i .. "]")
  end
  return tokens
end

local function strip_period(text)
  if text:sub(-1) == "." then return text:sub(1, -2) end
  return text
end

local function sorted_keys(map)
  local keys = {}
  for key in pairs(map) do
    if type(key) == "string" then keys[#keys + 1] = key end
  end
  table.sort(keys)
  return keys
end

local function property_tokens(self, key, property, what)
  local f = self.functions
  local tokens = f.prop_key
  if type(property) ~= "table" then property = {} end
  if type(property.enum) == "table" then
    tokens = tokens + f.enum_init
    for i = 1, #property.enum do
      tokens = tokens + f.enum_item + count(self, tostring(property.enum[i]), what .. ".enum[" .. i .. "]")
    end
  end
  local kind = property.type
  if type(kind) == "table" then kind = table.concat(kind, ",") end
  local line = key .. ":" .. tostring(kind or "") .. ":" .. strip_period(tostring(property.description or ""))
  return tokens + count(self, line, what)
end

local function definition_tokens(self, def, what)
  if type(def) ~= "table" then error(what .. ": expected a table, got " .. type(def), 0) end
  if type(def.name) ~= "string" then error(what .. ".name: expected a string", 0) end
  local f = self.functions
  local tokens = f.func_init + count(self, def.name .. ":" .. strip_period(tostring(def.description or "")), what)
  local parameters, field = tool_schema(def)
  local properties = type(parameters) == "table" and parameters.properties
  if type(properties) == "table" and next(properties) ~= nil then
    tokens = tokens + f.prop_init
    for _, key in ipairs(sorted_keys(properties)) do
      tokens = tokens + property_tokens(self, key, properties[key], what .. "." .. field .. ".properties." .. key)
    end
  end
  return tokens
end

--- The tokens of a list of tool definitions `{ name, description, parameters }`.
function Estimator:tools(definitions)
  if definitions == nil then return 0 end
  if type(definitions) ~= "table" then error("tools: expected a list, got " .. type(definitions), 0) end
  if #definitions == 0 then return 0 end
  local tokens = self.functions.func_end
  for i = 1, #definitions do
    tokens = tokens + definition_tokens(self, definitions[i], "tools[" .. i .. "]")
  end
  return tokens
end

--- A new estimator over `tok` (a tokenizer). `opts` may override
-- `tokens_per_message` (3), `image_tokens` (765) and `tool_call_tokens` (3).
-- @return estimator or nil, err
function M.new(tok, opts)
  if opts ~= nil and type(opts) ~= "table" then
    return nil, errors.invalid_config("tokenizer:estimator: opts must be a table, got " .. type(opts))
  end
  local costs = {}
  for key, default in pairs(DEFAULTS) do
    local value = opts and opts[key]
    if value == nil then value = default end
    if type(value) ~= "number" or value < 0 or value ~= math.floor(value) then
      return nil, errors.invalid_config("tokenizer:estimator: opts." .. key .. " must be a non-negative integer")
    end
    costs[key] = value
  end
  local pattern = tok._key:match("%z(.*)$")
  return setmetatable({ tokenizer = tok, costs = costs, functions = FUNCTION_COSTS[pattern] }, Estimator)
end

return M
