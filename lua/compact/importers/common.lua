--- Pieces shared by the transcript importers (`compact.importers` and its
-- per-format modules): the import context, errors that name the input, and
-- the small value conversions every format needs. Internal.
-- @module compact.importers.common

local core = require "compact.core"
local errors = require "compact.errors"

-- An import context: the name used in messages and a place for notes.
local function new_context(name)
  return { name = name or "input", skipped = 0 }
end

local function fail(ctx, where, message, fields)
  fields = fields or {}
  fields.path = ctx.name
  local text = ctx.name .. ": "
  if where then text = text .. where .. ": " end
  return nil, errors.new("invalid_request", text .. message, fields)
end


local function is_array(value)
  return type(value) == "table" and (value[1] ~= nil or getmetatable(value) == core.json_array_mt)
end

local function str(value)
  if type(value) == "string" then return value end
  return nil
end

local function number_or_zero(value)
  if type(value) == "number" and value == value and value >= 0 and value ~= math.huge then
    return (math.tointeger and math.tointeger(value)) or value
  end
  return 0
end

local function empty_list()
  return setmetatable({}, core.json_array_mt)
end

local function text_block(text) return { type = "text", text = text } end

-- A block type we do not understand becomes a visible placeholder rather than
-- vanishing, so a summary still notes that something was there.
local function placeholder(ctx, kind)
  ctx.skipped = ctx.skipped + 1
  return text_block("[" .. tostring(kind) .. " block]")
end

return {
  new_context = new_context,
  fail = fail,
  is_array = is_array,
  str = str,
  number_or_zero = number_or_zero,
  empty_list = empty_list,
  text_block = text_block,
  placeholder = placeholder,
}
