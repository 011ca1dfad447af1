--- Fuzz driver: state/record decoding. Any bytes go through
-- core.json_decode and compact.state.decode; each returns a value or
-- nil, err (never raises); whatever decodes re-encodes, and encoding is a
-- fixed point after one round (decode(encode(v)) encodes to the same bytes).
local core = require "compact.core"
local state = require "compact.state"

local function check(cond, ...)
  if not cond then error(table.concat({ ... }, " "), 2) end
end

local function round_trip(label, decode, encode, bytes)
  local ok, value, err = pcall(decode, bytes)
  check(ok, label, "decode raised:", tostring(value))
  if value == nil then
    check(err ~= nil, label, "decode returned nil without an error")
    return
  end
  local ok2, text, eerr = pcall(encode, value)
  check(ok2, label, "encode raised:", tostring(text))
  check(type(text) == "string", label, "cannot re-encode a decoded value:", tostring(eerr))
  local back, berr = decode(text)
  check(back ~= nil, label, "decode of encoder output failed:", tostring(berr), text)
  local again = encode(back)
  check(again == text, label, "not a fixed point:", text, "->", tostring(again))
end

return function(bytes)
  round_trip("json", core.json_decode, core.json_encode, bytes)
  round_trip("state", state.decode, state.encode, bytes)
end
