--- Fuzz driver: the summarizer-record serializer. core.serialize_records
-- on any message list returns text or nil, err without raising or running
-- a metatable; on valid messages whose strings are all valid UTF-8 the
-- text is valid UTF-8 too (cuts move to sequence boundaries).
local core = require "compact.core"
local gen = require "gen"

local function check(cond, ...)
  if not cond then error(table.concat({ ... }, " "), 2) end
end

return function(bytes)
  local r = gen.new(bytes)
  local list = r:messages()
  -- long bodies reach the head/tail cutting paths
  local pad = r:byte()
  if pad > 200 and type(list[1]) == "table" then
    local piece = bytes:sub(1, 64)
    rawset(list[1], "content", piece:rep(math.floor(4096 / math.max(#piece, 1)) + (pad - 200) * 8))
    if not (utf8 and utf8.len(piece)) then r.valid_utf8 = false end
  end
  local ok, text, err = pcall(core.serialize_records, list)
  check(ok, "serialize_records raised:", tostring(text))
  check(type(text) == "string" or (text == nil and type(err) == "string"), "serialize_records result")
  if text and utf8 and r.valid_utf8 and core.validate_messages(list) then
    check(utf8.len(text), "invalid UTF-8 out of valid UTF-8 in")
  end
end
