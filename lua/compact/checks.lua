--- Configuration checks shared by every constructor (internal).
--
-- One wording everywhere: `config.trigger_ratio: expected a number > 0, got
-- string "0.8"`, `config.baseurl: unknown option`. Values are described by
-- their type and, for scalars, their value; JSON null is `null`.
--
--     local config = require "compact.checks"
--     local err = config.unknown(cfg, { keep_recent_tokens = true, ... })
--     local ratio, err = config.check("config.trigger_ratio", cfg.trigger_ratio,
--       { "number", above = 0, default = 1.0 })
-- @module compact.checks

local errors = require "compact.errors"
local util = require "compact.util"

local config = {}

--- Describe a value for a message: `nil`, `null` (JSON null),
-- `string "0.8"`, `number -1`, `boolean true`, `table`, `function`, ...
config.describe = errors.describe

--- `nil, ErrInvalidConfig` saying `WHERE: expected WHAT, got VALUE`.
function config.expected(where, what, value)
  return nil, errors.invalid_config(where .. ": expected " .. what .. ", got " .. config.describe(value))
end

--- The first key of `tbl` that `known` does not list, as an ErrInvalidConfig
-- (`config.baseurl: unknown option`), or nil when every key is known.
-- Keys are reported in sorted order, so the message does not depend on
-- table iteration order.
function config.unknown(tbl, known, where)
  local bad = {}
  for key in next, tbl do
    if not known[key] then bad[#bad + 1] = tostring(key) end
  end
  if #bad == 0 then return nil end
  table.sort(bad)
  return errors.invalid_config((where or "config") .. "." .. bad[1] .. ": unknown option")
end

--- Check that `value` is a table whose keys are all in `known`.
-- @return the table, or nil and an ErrInvalidConfig
function config.table(value, known, where)
  where = where or "config"
  if type(value) ~= "table" then return config.expected(where, "a table", value) end
  local err = config.unknown(value, known, where)
  if err then return nil, err end
  return value
end

local function bound_text(rule)
  local parts = {}
  if rule.min ~= nil then parts[#parts + 1] = ">= " .. rule.min end
  if rule.above ~= nil then parts[#parts + 1] = "> " .. rule.above end
  if rule.max ~= nil then parts[#parts + 1] = "<= " .. rule.max end
  return #parts > 0 and (" " .. table.concat(parts, " and ")) or ""
end

local function check_number(value, rule)
  local integer = rule[1] == "integer"
  local what = (integer and "an integer" or "a number") .. bound_text(rule)
  local ok = util.is_finite_number(value) and (not integer or value == math.floor(value))
    and (rule.min == nil or value >= rule.min) and (rule.above == nil or value > rule.above)
    and (rule.max == nil or value <= rule.max)
  return ok, what
end

local function quoted_list(list)
  local out = {}
  for i, item in ipairs(list) do out[i] = string.format("%q", item) end
  return table.concat(out, ", ")
end

-- Each kind: function(value, rule) -> ok, what-was-expected.
local kinds = {
  any = function() return true end,
  number = check_number,
  integer = check_number,
  string = function(value, rule)
    if rule.non_blank then return not util.is_blank(value), "a non-blank string" end
    if rule.line then
      if type(value) ~= "string" or value:find("[\r\n]") then return false, "a string without line breaks" end
      return not value:find("\0", 1, true), "a string without NUL bytes"
    end
    return type(value) == "string", "a string"
  end,
  boolean = function(value) return type(value) == "boolean", "a boolean" end,
  table = function(value) return type(value) == "table", "a table" end,
  ["function"] = function(value) return util.is_callable(value), "a function" end,
  method = function(value, rule)
    return util.has_method(value, rule[2]), "a table with a " .. rule[2] .. " method"
  end,
  one_of = function(value, rule)
    for i = 2, #rule do
      if value == rule[i] then return true end
    end
    local list = {}
    for i = 2, #rule do list[#list + 1] = rule[i] end
    return false, "one of " .. quoted_list(list)
  end,
}

--- Check one option.
-- @tparam string where the option's name in messages (`config.timeout`)
-- @param value the option's value
-- @tparam table rule `{ kind, ... }`; kinds: `"number"` and `"integer"`
--   (finite; `min`, `above`, `max`), `"string"` (`non_blank`, `line`: no
--   line breaks and no NUL bytes), `"boolean"`, `"table"`, `"function"` (callable),
--   `{ "method", name }` (a table with that callable method),
--   `{ "one_of", a, b, ... }`, `"any"`; `default` is used for nil (else nil is
--   accepted only with `optional = true`); `secret = true`: a rejected
--   string is described by its length only
-- @return the value (or its default); or nil and an ErrInvalidConfig
function config.check(where, value, rule)
  if value == nil then
    if rule.default ~= nil then return rule.default end
    if rule.optional then return nil end
  end
  local ok, what = kinds[rule[1]](value, rule)
  if not ok and rule.secret and type(value) == "string" then
    -- a secret is never shown, not even a wrong one
    return nil, errors.invalid_config(where .. ": expected " .. what .. ", got a string of " .. #value
      .. " bytes (not shown)")
  end
  if not ok then return config.expected(where, what, value) end
  return value
end

--- Check every option of `tbl` named in `rules` (a map of key to rule),
-- after rejecting keys neither in `rules` nor in `extra`.
-- @return a new table of the checked values (defaults filled in); or nil
--   and an ErrInvalidConfig
function config.fields(tbl, rules, where, extra)
  where = where or "config"
  if type(tbl) ~= "table" then return config.expected(where, "a table", tbl) end
  local known = {}
  for key in pairs(rules) do known[key] = true end
  for key in pairs(extra or {}) do known[key] = true end
  local err = config.unknown(tbl, known, where)
  if err then return nil, err end
  local out, names = {}, {}
  for key in pairs(rules) do names[#names + 1] = key end
  table.sort(names)
  for _, key in ipairs(names) do
    local value, bad = config.check(where .. "." .. key, tbl[key], rules[key])
    if bad then return nil, bad end
    out[key] = value
  end
  return out
end

return config
