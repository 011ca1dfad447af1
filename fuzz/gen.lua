--- Builds Lua values from fuzz bytes, biased toward compact's message
-- shapes so the fuzzer reaches deep validation paths quickly: messages and
-- blocks with the contract's field names, and also every kind of garbage
-- (NaN, infinities, huge integers, invalid UTF-8, cycles, shared tables,
-- metatables that raise, userdata, functions, coroutines).
-- gen.new(bytes) -> reader; reader:messages() -> list, reader:byte().
local gen = {}

local WORDS = {
  "user", "assistant", "tool_result", "system", "text", "image", "thinking", "tool_call",
  "role", "content", "type", "id", "name", "arguments", "tool_call_id", "tool_name",
  "is_error", "stop_reason", "stop", "tool_use", "length", "error", "aborted",
  "mime_type", "data", "signature", "usage", "input", "output", "cache_read",
  "cache_write", "error_message", "provider_metadata", "bash", "read", "c1", "c2", "",
  "image/png", "\xff\xfe", "\xe2\x82", "a\0b",
}

local maxinteger = math.maxinteger or 2 ^ 53
local mininteger = math.mininteger or -2 ^ 53
local NUMBERS = { 0 / 0, 1 / 0, -1 / 0, 0.5, -0.0, 2 ^ 53, 2 ^ 63, -2 ^ 63, 1e300, maxinteger, mininteger, 1e15 }

local Reader = {}
Reader.__index = Reader

function gen.new(bytes)
  return setmetatable({ bytes = bytes, pos = 1, pool = {}, nodes = 0, valid_utf8 = true }, Reader)
end

function Reader:byte()
  local b = self.bytes:byte(self.pos)
  self.pos = self.pos + 1
  return b or 0
end

function Reader:done() return self.pos > #self.bytes end

function Reader:word()
  local w = WORDS[self:byte() % #WORDS + 1]
  if w == "\xff\xfe" or w == "\xe2\x82" then self.valid_utf8 = false end
  return w
end

function Reader:string()
  local n = self:byte() % 24
  local s = self.bytes:sub(self.pos, self.pos + n - 1)
  self.pos = self.pos + n
  local valid = (utf8 and utf8.len(s)) and true or false
  if not valid then self.valid_utf8 = false end
  return s
end

local function raising_mt()
  local function raise() error("metatable must never run") end
  return { __index = raise, __newindex = raise, __len = raise, __pairs = raise, __eq = raise }
end

function Reader:value(depth)
  self.nodes = self.nodes + 1
  local kind = self:byte() % 16
  if kind == 0 then return nil end
  if kind == 1 then return self:byte() % 2 == 0 end
  if kind == 2 then return self:byte() - 128 end
  if kind == 3 then return NUMBERS[self:byte() % #NUMBERS + 1] end
  if kind == 4 or kind == 5 then return self:word() end
  if kind == 6 then return self:string() end
  if kind == 7 and #self.pool > 0 then return self.pool[self:byte() % #self.pool + 1] end
  if kind == 8 then
    local k = self:byte() % 4
    if k == 0 then return print end
    if k == 1 then return coroutine.create(print) end
    if k == 2 then return io.stdout end
    return (self:byte() - 128) / 8
  end
  if depth > 5 or self.nodes > 400 or self:done() then return self:word() end
  if kind == 9 then return self:message(depth + 1) end
  if kind == 10 then return self:block(depth + 1) end
  local t = {}
  self.pool[#self.pool + 1] = t
  local n = self:byte() % 6
  if kind == 11 or kind == 12 then
    for i = 1, n do t[i] = self:value(depth + 1) end
  else
    for _ = 1, n do
      local key = self:byte() % 3 == 0 and self:value(depth + 1) or self:word()
      if key ~= nil and key == key then t[key] = self:value(depth + 1) end
    end
  end
  if kind == 15 and self:byte() % 4 == 0 then setmetatable(t, raising_mt()) end
  return t
end

function Reader:block(depth)
  local b = { type = self:byte() % 8 == 0 and self:value(depth) or self:word() }
  self.pool[#self.pool + 1] = b
  local n = self:byte() % 4
  for _ = 1, n do
    local key = self:word()
    b[key] = self:byte() % 2 == 0 and self:string() or self:value(depth)
  end
  return b
end

function Reader:message(depth)
  local roles = { "user", "assistant", "tool_result" }
  local m = { role = self:byte() % 16 == 0 and self:value(depth) or roles[self:byte() % 3 + 1] }
  self.pool[#self.pool + 1] = m
  local shape = self:byte() % 4
  if shape == 0 then
    m.content = self:string()
  elseif shape == 3 then
    m.content = self:value(depth)
  else
    local content = {}
    for i = 1, self:byte() % 4 do content[i] = self:block(depth) end
    m.content = content
  end
  local n = self:byte() % 3
  for _ = 1, n do
    local key = self:word()
    if key ~= "role" and key ~= "content" then m[key] = self:value(depth) end
  end
  return m
end

function Reader:messages()
  local list = {}
  local n = self:byte() % 12
  for i = 1, n do
    -- never a hole: a nil would make #list ambiguous (a border, not a length)
    local v
    if self:byte() % 16 == 0 then v = self:value(1) else v = self:message(1) end
    if v == nil then v = false end
    list[i] = v
  end
  return list
end

return gen
