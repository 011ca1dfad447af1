--- Small checks shared by compact's Lua modules (internal).
-- @module compact.util

local util = {}

--- The length of a table without running `__len` (5.1 and LuaJIT have no
-- rawlen, and their `#` on a table is raw already).
util.rawlen = rawlen or function(t) return #t end -- luacheck: ignore 113

--- A number that is neither NaN nor infinite.
function util.is_finite_number(value)
  return type(value) == "number" and value == value and value - value == 0
end

--- A class: a metatable named `name` (`__name`) that is its own
-- `__index`, whose `__tostring` says `name(state)` with `state(object)`
-- (just `name` without `state`).
-- @tparam string name
-- @tparam[opt] function state
-- @treturn table
function util.class(name, state)
  local class = { __name = name }
  class.__index = class
  class.__tostring = state and function(object) return name .. "(" .. state(object) .. ")" end
    or function() return name end
  return class
end

--- A function, or a table/userdata whose metatable has a __call function.
function util.is_callable(value)
  if type(value) == "function" then return true end
  local kind = type(value)
  if kind ~= "table" and kind ~= "userdata" then return false end
  local mt = getmetatable(value)
  return type(mt) == "table" and type(rawget(mt, "__call")) == "function"
end

--- `object[name]` when it is callable, else nil; a hostile __index that
-- raises counts as no method.
function util.method_of(object, name)
  local kind = type(object)
  if kind ~= "table" and kind ~= "userdata" then return nil end
  local ok, method = pcall(function() return object[name] end)
  if ok and util.is_callable(method) then return method end
  return nil
end

--- Does `object` have a callable method `name`?
function util.has_method(object, name)
  return util.method_of(object, name) ~= nil
end

--- Not a string, or only white space.
function util.is_blank(value)
  return type(value) ~= "string" or not value:find("%S")
end

--- Remove leading and trailing white space in linear time (the pattern
-- "^%s*(.-)%s*$" is quadratic on long runs of spaces, which degenerate
-- model output does produce).
function util.trim(text)
  local first = text:find("%S")
  if not first then return "" end
  local last = #text
  local byte = string.byte
  while true do
    local b = byte(text, last)
    -- space, \t, \n, \v, \f, \r
    if b == 32 or (b >= 9 and b <= 13) then last = last - 1 else break end
  end
  return text:sub(first, last)
end

--- Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's
-- days_from_civil), computed directly: `os.time` reads a table as local
-- time, which is an hour off in zones with daylight saving.
function util.days_from_civil(year, month, day)
  if month <= 2 then year = year - 1 end
  local era = math.floor(year / 400)
  local yoe = year - era * 400
  local doy = math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1
  return era * 146097 + yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy - 719468
end

return util
