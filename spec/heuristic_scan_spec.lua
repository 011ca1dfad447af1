-- The heuristic's vector scans (SSSE3, AVX2) against the scalar reference:
-- every implementation this CPU runs must return exactly the reference's
-- units, for any bytes, lengths, offsets and class boundaries, and the
-- sampled measure must be the sum of the reference's windows.
local core = require "compact.core"
local data = require "spec.support.data"

local scan = core.heuristic_scan

-- the implementations to compare with "scalar"; "best" is what
-- heuristic_measure uses, the others only where this CPU has them
local IMPLS = {}
for _, impl in ipairs { "best", "ssse3", "avx2" } do
  if scan("", impl) then IMPLS[#IMPLS + 1] = impl end
end

-- deterministic pseudo-random numbers in 0..n-1 (an LCG)
local generator = require "spec.support.lcg"

local floor = math.floor

local function random_bytes(random, count)
  local bytes = {}
  for k = 1, count do bytes[k] = string.char(random(256)) end
  return table.concat(bytes)
end

-- every implementation gives the reference's units for s:sub(i, j)
local function assert_same(s, i, j, what)
  local expected = scan(s, "scalar", i, j)
  for _, impl in ipairs(IMPLS) do
    local got = scan(s, impl, i, j)
    if got ~= expected then
      error(string.format("%s: %s gives %s, scalar %s (i %s, j %s, #s %d)", what, impl, tostring(got),
        tostring(expected), tostring(i), tostring(j), #s), 2)
    end
  end
end

-- one byte of each class, and all bytes of each class
local CLASSES = {
  lower = "az", upper = "AZ", digit = "09", space = "  ", newline = "\n\n", blank = "\t\r",
  punct = "!/", control = "\0\8", continuation = "\128\191", lead2 = "\192\213", lead2r = "\214\223",
  lead3i = "\224\224", lead3s = "\226\226", lead3 = "\227\239", lead4 = "\240\255",
}
local function members(name)
  local range, out = CLASSES[name], {}
  if name == "blank" then return { 9, 11, 12, 13 } end
  if name == "punct" then
    for b = 33, 126 do
      local c = string.char(b)
      if not c:match("%w") then out[#out + 1] = b end
    end
    return out
  end
  if name == "control" then
    for b = 0, 31 do if b < 9 or b > 13 then out[#out + 1] = b end end
    out[#out + 1] = 127
    return out
  end
  for b = range:byte(1), range:byte(2) do out[#out + 1] = b end
  return out
end
local CLASS_NAMES = {}
for name in pairs(CLASSES) do CLASS_NAMES[#CLASS_NAMES + 1] = name end
table.sort(CLASS_NAMES)

describe("compact.core.heuristic_scan (vector scans against the scalar reference)", function()
  it("knows its implementations and rejects bad arguments", function()
    assert.is_number(scan("abc", "scalar"))
    assert.is_number(scan("abc", "best"))
    assert.has_error(function() scan("abc", "sse9") end)
    assert.has_error(function() scan("abc", "scalar", 0) end)
    assert.has_error(function() scan("abc", "scalar", 2, 4) end)
    assert.has_error(function() scan("abc", "scalar", 3, 1) end)
    assert.equal(0, scan("abc", "scalar", 2, 1))  -- an empty range
    -- the full read of heuristic_measure is the best scan of the whole string
    local s = random_bytes(generator(3), 1000)
    assert.equal(core.heuristic_measure(s, true), scan(s, "best"))
    if #IMPLS < 3 then
      pending("this build or CPU lacks SSSE3 or AVX2: only " .. table.concat(IMPLS, ", ") .. " checked")
    end
  end)

  it("agrees on every length 0..300 at many offsets, random bytes", function()
    local random = generator(11)
    local s = random_bytes(random, 400)
    for length = 0, 300 do
      for _, i in ipairs { 1, 2, 3, 8, 15, 16, 17, 31, 32, 33, 64, 97 } do
        if i + length - 1 <= #s then assert_same(s, i, i + length - 1, "random") end
      end
      -- whole strings: the byte before the first is a space
      local whole = s:sub(1 + random(50), nil)
      assert_same(whole:sub(1, length), 1, length, "whole")
    end
  end)

  it("agrees on letter runs of every length to 300 at many offsets (the long-run cost)", function()
    local random = generator(17)
    -- mostly lower letters, some uppers (case steps, ALLCAPS) and breaks
    local alphabet = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for _, breaks in ipairs { "", " ", "_1 .\n" } do
      local chars = {}
      for k = 1, 400 do
        local pool = (breaks ~= "" and random(12) == 0) and breaks or alphabet
        local at = random(#pool) + 1
        chars[k] = pool:sub(at, at)
      end
      local s = table.concat(chars)
      for length = 0, 300 do
        for _, i in ipairs { 1, 2, 5, 9, 16, 17, 33, 64 } do
          assert_same(s, i, i + length - 1, "letters" .. (breaks ~= "" and " with breaks" or ""))
        end
      end
    end
  end)

  it("agrees on listing separators and case steps at every offset (the cross-lane costs)", function()
    local random = generator(23)
    -- pieces: listing prefixes (a tab or U+2192 after digits), the arrow's
    -- bytes without the digit, a tab or an E2 lead after a digit that are
    -- no separators, en dashes, and case steps after 1-5 letters
    local pieces = { "    12\t", "     7\226\134\146", "\226\134\146", "3\226\128\147", "5\r", "9\226\134",
      "\134", "aB", "abC", "abcD", "abcdE", "xY1Z", "getName", "fooBarBaz", " ", "\n", "x" }
    for _, round in ipairs { 1, 2, 3 } do
      local list = {}
      for k = 1, 120 do list[k] = pieces[random(#pieces) + 1] end
      local s = table.concat(list)
      for length = 0, 200 do
        for _, i in ipairs { 1, 2, 3, 15, 16, 17, 31, 32, 33 } do
          if i + length - 1 <= #s then assert_same(s, i, i + length - 1, "pieces " .. round) end
        end
      end
    end
  end)

  it("prices a listing separator and a short case step once each, in every implementation", function()
    -- what each adds to the text before it, the same in every implementation
    local function added(with, without)
      local out = { scan(with, "scalar") - scan(without, "scalar") }
      for _, impl in ipairs(IMPLS) do out[#out + 1] = scan(with, impl) - scan(without, impl) end
      return out
    end
    local base = ("x"):rep(40) .. " "
    -- an arrow after digits over an en dash there (the same byte costs);
    -- a tab after digits over a CR there (the same class): the same units,
    -- more than a token; neither without the digit
    local arrow = added(base .. "12\226\134\146foo", base .. "12\226\128\147foo")
    local tab = added(base .. "12\tfoo", base .. "12\rfoo")
    local bare = added(base .. "\226\134\146\tfoo", base .. "\226\128\147\rfoo")
    assert.is_true(arrow[1] > 1024)
    for k = 1, #arrow do
      assert.equal(arrow[1], arrow[k])
      assert.equal(arrow[1], tab[k])
      assert.equal(0, bare[k])
    end
    -- a case step after 2 letters costs more than one after 3 (base64 vs camelCase)
    local short = scan(base .. "abC", "scalar") - scan(base .. "abc", "scalar")
    local long = scan(base .. "abcD", "scalar") - scan(base .. "abcd", "scalar")
    assert.is_true(short > long)
    for _, impl in ipairs(IMPLS) do
      assert.equal(short, scan(base .. "abC", impl) - scan(base .. "abc", impl))
      assert.equal(long, scan(base .. "abcD", impl) - scan(base .. "abcd", impl))
    end
  end)

  it("agrees on all-one-class strings of each class, every length to 80", function()
    for _, name in ipairs(CLASS_NAMES) do
      local bytes, list = members(name), {}
      for k = 1, 200 do list[k] = string.char(bytes[(k - 1) % #bytes + 1]) end
      local s = table.concat(list)
      for length = 0, 80 do
        assert_same(s:sub(1, length), 1, length, name)
        assert_same(s, 40, 39 + length, name .. " after " .. name)
      end
    end
  end)

  it("agrees with a class boundary at every position of a 64-byte word, for every pair", function()
    for _, a in ipairs(CLASS_NAMES) do
      local one = string.char(members(a)[1])
      for _, b in ipairs(CLASS_NAMES) do
        local other = string.char(members(b)[#members(b)])
        for p = 0, 64 do
          local s = one:rep(p) .. other:rep(64 - p) .. one:rep(40)
          assert_same(s, 1, #s, a .. "|" .. b .. " at " .. p)
          assert_same(s, 2, 64, a .. "|" .. b .. " at " .. p)
        end
      end
    end
  end)

  it("gives each byte after each byte the reference's cost (all 65 536 pairs, one by one)", function()
    local pad = ("x"):rep(40)
    for a = 0, 255 do
      local list = { pad }
      for b = 0, 255 do list[#list + 1] = string.char(a, b) end
      local s = table.concat(list)
      assert_same(s, 1, #s, "pairs after " .. a)
      -- each single byte b after a, and each a after b (position 41: 'x' before)
      for k = #pad + 1, #s do
        local expected = scan(s, "scalar", k, k)
        for _, impl in ipairs(IMPLS) do
          if scan(s, impl, k, k) ~= expected then
            error(string.format("%s: byte %d after %d", impl, s:byte(k), s:byte(k - 1)))
          end
        end
      end
    end
  end)

  it("agrees on random UTF-8 text of every length to 300", function()
    local random = generator(5)
    local ranges = { { 0x20, 0x7E }, { 0x80, 0x7FF }, { 0x800, 0xFFFF }, { 0x10000, 0x10FFFF }, { 9, 13 } }
    local chars = {}
    for k = 1, 300 do
      local range = ranges[random(#ranges) + 1]
      local code = range[1] + random(range[2] - range[1] + 1)
      if code >= 0xD800 and code <= 0xDFFF then code = 0x41 end
      local out
      if code < 0x80 then out = string.char(code)
      elseif code < 0x800 then out = string.char(0xC0 + floor(code / 64), 0x80 + code % 64)
      elseif code < 0x10000 then
        out = string.char(0xE0 + floor(code / 4096), 0x80 + floor(code / 64) % 64, 0x80 + code % 64)
      else
        out = string.char(0xF0 + floor(code / 262144), 0x80 + floor(code / 4096) % 64,
          0x80 + floor(code / 64) % 64, 0x80 + code % 64)
      end
      chars[k] = out
    end
    local s = table.concat(chars)
    for length = 0, 300 do
      assert_same(s, 1, length, "utf-8")
      assert_same(s, 1 + length % 37, math.min(#s, length + 100), "utf-8 inner")
    end
  end)

  -- the sampled measure, as heuristic.h describes it, from reference scans
  local function sampled_reference(s)
    local len = #s
    if len <= 65536 then return scan(s, "scalar") end
    local units, start = scan(s, "scalar", 1, 65536), 65536
    while start < len do
      local window, step = 128, floor(start / 256)
      local stop = math.min(start + step, len)
      if stop - start <= window then
        units = units + scan(s, "scalar", start + 1, stop)
      else
        units = units + floor(scan(s, "scalar", start + 1, start + window) * (stop - start) / window)
      end
      start = stop
    end
    return units
  end

  it("samples long strings from the same windows as the reference", function()
    local random = generator(21)
    for _, length in ipairs { 129, 1000, 5000, 65535, 65536, 65537, 65600, 65792, 65793, 70000, 300000 } do
      local s = random_bytes(random, length)
      assert.equal(sampled_reference(s), core.heuristic_measure(s))
      local text = ("getValue(x) { return 42; }\n\t"):rep(floor(length / 28) + 1):sub(1, length)
      assert.equal(sampled_reference(text), core.heuristic_measure(text))
    end
  end)

  it("agrees on every string of the shared real session, in full and sampled", function()
    local messages = data.pi_messages_or_pending(pending)
    if not messages then return end
    local count = 0
    local function walk(value)
      if type(value) == "string" then
        count = count + 1
        assert_same(value, 1, #value, "session string " .. count)
        assert.equal(sampled_reference(value), core.heuristic_measure(value))
      elseif type(value) == "table" then
        for key, item in pairs(value) do
          if type(key) == "string" then walk(key) end
          walk(item)
        end
      end
    end
    walk(messages)
    assert.is_true(count > 10000)
  end)
end)
