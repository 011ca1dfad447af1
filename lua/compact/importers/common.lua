--- Pieces shared by the transcript importers (`compact.importers` and its
-- per-format modules): the import context, errors that name the input, and
-- the small value conversions every format needs. Internal.
-- @module compact.importers.common

local core = require "compact.core"
local errors = require "compact.errors"
local util = require "compact.util"
local message_model = require "compact.message"

-- An import context: the name used in messages and a place for notes.
local function new_context(name)
  return { name = name or "input", skipped = 0, warnings = {} }
end

-- A note about something the import changed or skipped, naming the input.
local function warn(ctx, where, message)
  ctx.warnings[#ctx.warnings + 1] = ctx.name .. ": " .. (where and (where .. ": ") or "") .. message
end

-- Is `item`, a line of an append-only log of many versions, without a
-- string `type`? Then it is skipped with a note ("skipped <noun> without a
-- `type`"): a line of a kind we cannot tell is skipped, not the whole session.
local function skip_untyped(ctx, where, item, noun)
  if type(item) == "table" and type(item.type) == "string" then return false end
  warn(ctx, where, "skipped " .. noun .. " without a `type`")
  ctx.skipped = ctx.skipped + 1
  return true
end

local READ_CHUNK = 65536

-- Read all of `file`, at most `max_bytes` bytes: text, or nil and a message
-- ("larger than N bytes" when there is more).
local function read_capped(file, max_bytes)
  if max_bytes == nil then
    local text, err = file:read("*a")
    if not text then return nil, tostring(err) end
    return text
  end
  local parts, size = {}, 0
  while true do
    local want = math.min(READ_CHUNK, max_bytes - size + 1)
    local chunk, err = file:read(want)
    if chunk == nil or chunk == "" then
      if chunk == nil and err then return nil, tostring(err) end
      break
    end
    size = size + #chunk
    if size > max_bytes then
      return nil, string.format("larger than the %.0f bytes allowed (see --max-input-bytes)", max_bytes)
    end
    parts[#parts + 1] = chunk
  end
  return table.concat(parts)
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

-- An ISO 8601 UTC time ("2026-03-02T09:00:01.250Z", offset "+02:00" too)
-- as epoch milliseconds, the `timestamp` pi keeps on messages; nil for
-- anything else.
local function iso_millis(text)
  if type(text) ~= "string" then return nil end
  local y, mo, d, h, mi, s, rest = text:match("^(%d%d%d%d)%-(%d%d)%-(%d%d)[T ](%d%d):(%d%d):(%d%d)(.*)$")
  if not y then return nil end
  local fraction, zone = rest:match("^%.(%d+)(.*)$")
  zone = zone or rest
  local millis = fraction and math.floor(tonumber("0." .. fraction) * 1000 + 0.5) or 0
  local offset = 0
  if zone ~= "Z" and zone ~= "" then
    local sign, oh, om = zone:match("^([+-])(%d%d):?(%d%d)$")
    if not sign then return nil end
    offset = (tonumber(oh) * 60 + tonumber(om)) * (sign == "+" and 1 or -1)
  end
  local days = util.days_from_civil(tonumber(y), tonumber(mo), tonumber(d))
  local seconds = ((days * 24 + tonumber(h)) * 60 + tonumber(mi) - offset) * 60 + tonumber(s)
  return seconds * 1000 + millis
end

-- A block type we do not understand becomes a visible placeholder rather than
-- vanishing, so a summary still notes that something was there.
local function placeholder(ctx, kind)
  ctx.skipped = ctx.skipped + 1
  return text_block("[" .. tostring(kind) .. " block]")
end

-- Content: a string stays a string, nil is an empty list, a list of blocks
-- goes through `convert(block, i) -> our block | nil, err` (blocks already
-- checked to be tables).
local function map_content(ctx, content, where, convert)
  if type(content) == "string" then return content end
  if content == nil then return empty_list() end
  if type(content) ~= "table" then
    return fail(ctx, where, "content: expected a string or a list of blocks, got " .. type(content))
  end
  local blocks = empty_list()
  for i, block in ipairs(content) do
    if type(block) ~= "table" then return fail(ctx, where, "content[" .. i .. "]: expected a block object") end
    local converted, err = convert(block, i)
    if converted == nil then return nil, err end
    blocks[#blocks + 1] = converted
  end
  return blocks
end

-- A `data:` URL as an image block; any other URL as a text mention.
local function data_url_image(url)
  local mime, data = tostring(url):match("^data:([^;,]+);base64,(.*)$")
  if mime then return { type = "image", mime_type = mime, data = data } end
  return text_block("[image: " .. tostring(url) .. "]")
end

-- The text blocks of content joined by newlines.
local function join_text(content)
  if type(content) == "string" then return content end
  local out = {}
  for _, block in ipairs(type(content) == "table" and content or {}) do
    -- (also read on raw input: anything but a text block is passed over)
    if type(block) == "table" and block.type == "text" and type(block.text) == "string" then
      out[#out + 1] = block.text
    end
  end
  return table.concat(out, "\n")
end

-- Tool definitions in any format (ours `{ name, description, parameters }`,
-- Chat Completions `{ type = "function", function = {...} }`, Responses
-- `{ type = "function", name, parameters }`, Anthropic `{ name,
-- input_schema }`) as ours; definitions of other kinds (a provider's
-- built-in tools) are left out and counted in `ctx.skipped`. Nil for nil.
local function tools_of(ctx, raw)
  if type(raw) ~= "table" then return nil end
  local tools = {}
  for _, tool in ipairs(raw) do
    local fn = type(tool) == "table" and (type(tool["function"]) == "table" and tool["function"] or tool) or {}
    local parameters = message_model.tool_schema(fn)
    if type(fn.name) == "string" and (parameters == nil or type(parameters) == "table")
        and (tool.type == nil or tool.type == "function" or tool.type == "custom") then
      tools[#tools + 1] = { name = fn.name, description = str(fn.description),
                            parameters = parameters or {} }
    else
      ctx.skipped = ctx.skipped + 1
    end
  end
  return tools
end

return {
  map_content = map_content,
  data_url_image = data_url_image,
  join_text = join_text,
  tools_of = tools_of,
  new_context = new_context,
  warn = warn,
  skip_untyped = skip_untyped,
  read_capped = read_capped,
  fail = fail,
  is_array = is_array,
  str = str,
  number_or_zero = number_or_zero,
  empty_list = empty_list,
  text_block = text_block,
  iso_millis = iso_millis,
  placeholder = placeholder,
}
