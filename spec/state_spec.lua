-- State and record JSON.
local compact = require "compact"
local core = require "compact.core"
local conversation = require "spec.support.conversation"

describe("compact.state", function()
  local state = {
    system_prompt = "You are \"careful\".\n\tTabs, é, 日本語, emoji 😀",
    summary = "bytes \0 NUL and \1 control",
    messages = {
      { role = "user", content = {} },
      { role = "user", content = { { type = "text", text = "look" }, { type = "image", mime_type = "image/png", data = "iVBORw0KGgo=" } } },
      { role = "assistant", stop_reason = "tool_use", content = {
        { type = "thinking", thinking = "hmm", signature = "opaque/+=" },
        { type = "tool_call", id = "call_1", name = "edit", arguments = { path = "a.lua", edits = { { old = "x", new = "y" } }, count = 3, ratio = 0.25, big = 9007199254740993, flag = false, empty = {} } } },
        usage = { input = 1200, output = 35, cache_read = 0, cache_write = 7 }, provider_metadata = { model = "m", extra = { 1, 2 } },
        custom_field = "kept" },
      { role = "tool_result", tool_call_id = "call_1", tool_name = "edit", content = "ok", is_error = false },
    },
  }

  it("round-trips without losing anything", function()
    local text = assert(compact.state.encode(state))
    local back = assert(compact.state.decode(text))
    assert.same(state, back)
    -- Integer subtypes exist on 5.3+ only; on 5.1/LuaJIT every number is a
    -- double (2^53 + 1 is not even representable), so these checks need math.type.
    if math.type then
      local arguments = back.messages[3].content[2].arguments
      assert.equal("integer", math.type(arguments.count))
      assert.equal("integer", math.type(arguments.big))
      assert.equal(9007199254740993, arguments.big)
      assert.equal("float", math.type(arguments.ratio))
    end
    -- an empty content list stays a list, so the text round-trips exactly
    assert.matches('"content":%[%]', text)
    assert.equal(text, compact.state.encode(back))
  end)

  it("is deterministic, with sorted keys", function()
    local a = compact.state.encode(state)
    local b = compact.state.encode(conversation.deepcopy(state))
    assert.equal(a, b)
    assert.equal('{"a":1,"b":{"c":2,"d":[]},"z":"last"}', compact.state.encode { z = "last", b = { d = setmetatable({}, core.json_array_mt), c = 2 }, a = 1 })
  end)

  it("round-trips a record", function()
    local record = { summary = "S", first_kept_index = 12, tokens_before = 1000, tokens_after = 100,
      usage = { input = 1, output = 2, cache_read = 3, cache_write = 4 } }
    assert.same(record, compact.state.decode(compact.state.encode(record)))
  end)

  it("reports bad input with nil, err", function()
    local value, err = compact.state.decode('{"messages": [')
    assert.is_nil(value)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.matches("line 1", err.message)
    value, err = compact.state.decode('{"messages":[{"role":"user","content":"ok"},{"role":"bot","content":"x"}]}')
    assert.is_nil(value)
    assert.matches("messages%[2%]%.role", err.message)
    value, err = compact.state.decode("42")
    assert.is_nil(value)
    assert.is_table(err)
    value, err = compact.state.decode(42)
    assert.is_nil(value)
    assert.is_table(err)
    -- what validation accepts is saved: a function in an unknown field is
    -- written as null (JSON cannot hold it), which decode leaves out
    value = assert(compact.state.encode { messages = { { role = "user", content = "x", bad = print } } })
    assert.equals('{"messages":[{"bad":null,"content":"x","role":"user"}]}', value)
    assert.same({ messages = { { role = "user", content = "x" } } }, compact.state.decode(value))
    local cyclic = {}
    cyclic.self = cyclic
    value, err = compact.state.encode(cyclic)
    assert.is_nil(value)
    assert.matches("cycle", err.message)
  end)
end)

describe("compact.core JSON", function()
  it("decodes escapes, surrogate pairs and numbers", function()
    local value = core.json_decode('{"s":"\\u00e9\\ud83d\\ude00\\n\\"","n":[-0, 1e2, -12.5e-1, 123456789012]}')
    assert.equal("é😀\n\"", value.s)
    assert.equal(100, value.n[2])
    assert.equal(-1.25, value.n[3])
    assert.equal(123456789012, value.n[4])
  end)

  it("keeps nulls in arrays as json_null and drops them from objects", function()
    local value = core.json_decode('{"a":null,"b":[null,1]}')
    assert.is_nil(value.a)
    assert.equal(core.json_null, value.b[1])
    assert.equal('[null,1]', core.json_encode(value.b))
  end)

  it("rejects malformed JSON with a position", function()
    for _, text in ipairs { "", "{", "[1,]", '{"a" 1}', '"unterminated', "tru", "01x", '"\\x"', '"a\1b"', "[1] 2", "-", "1.", "1e" } do
      local value, err = core.json_decode(text)
      assert.is_nil(value, text)
      assert.matches("json: .* at byte %d+", err)
    end
    local deep = ("["):rep(10000)
    local value, err = core.json_decode(deep)
    assert.is_nil(value)
    assert.matches("too deep", err)
  end)

  it("refuses values JSON cannot hold", function()
    for _, bad in ipairs { { 1, nil, 3 }, { [1] = 1, x = 2 }, { [true] = 1 }, { f = print }, { n = 0 / 0 }, { n = math.huge } } do
      local text, err = core.json_encode(bad)
      assert.is_nil(text)
      assert.is_string(err)
    end
  end)
end)

describe("compact.state and usage anchors", function()
  it("keeps a state's usage anchor and rejects one that does not match the messages", function()
    local state = { messages = {
      { role = "user", content = "hi" },
      { role = "assistant", content = { { type = "text", text = "yo" } }, usage = { input = 7, output = 3 } },
    }, usage = { tokens = 10, through = 2 } }
    local back = assert(compact.state.decode(assert(compact.state.encode(state))))
    assert.same(state, back)
    for _, usage in ipairs { { tokens = 10, through = 3 }, { tokens = 0, through = 1 }, { tokens = 5 }, "x" } do
      state.usage = usage
      local none, err = compact.state.decode(assert(compact.state.encode(state)))
      assert.is_nil(none)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.matches("state.decode: usage", err.message, 1, true)
    end
    -- a record's usage (the summarizer's) is not an anchor
    local record = { summary = "s", first_kept_index = 2, tokens_before = 9, tokens_after = 3,
      usage = { input = 1, output = 2, cache_read = 0, cache_write = 0 }, calibration = 1.5,
      degraded = { { step = "keep_less", tokens_saved = 4 } } }
    assert.same(record, assert(compact.state.decode(assert(compact.state.encode(record)))))
  end)
end)

-- Bad state files: compact.state.decode / encode give an error naming what
-- is wrong, never raise, and leave the caller's table as it was.
do
  local state = require "compact.state"
  local deep_copy = require("spec.support.conversation").raw_copy

  ---------------------------------------------------------------------------
  -- State files: compact.state.decode / encode
  ---------------------------------------------------------------------------

  local decode_cases = {
    { "empty text", "", "unexpected end of input at byte 1" },
    { "truncated JSON", '{"messages":[', "unexpected end of input at byte 14" },
    { "not JSON", "summary: hi", "unexpected character at byte 1" },
    { "trailing garbage", '{"messages":[]} x', "trailing characters after the value at byte 17" },
    { "a JSON string", '"text"', "expected a JSON object, got string" },
    { "a JSON array", '[{"role":"user","content":"hi"}]', "expected a JSON object, got an array" },
    { "messages is a string", '{"messages":"hi"}', "messages: expected a list of messages, got string" },
    { "messages is an object", '{"messages":{"role":"user"}}', "messages: expected a list of messages, got an object" },
    { "unknown role", '{"messages":[{"role":"robot","content":"x"}]}', "messages%[1%]%.role: unknown role 'robot'" },
    { "content is a number", '{"messages":[{"role":"user","content":5}]}', "messages%[1%]%.content" },
    { "block without type", '{"messages":[{"role":"user","content":[{"text":"a"}]}]}',
      "messages%[1%]%.content%[1%]: block has no type" },
    { "tool_call in a user message",
      '{"messages":[{"role":"user","content":[{"type":"tool_call","id":"1","name":"x","arguments":{}}]}]}',
      "messages%[1%]%.content%[1%]: tool_call block outside an assistant message" },
    { "tool_result without its id", '{"messages":[{"role":"tool_result","content":"x"}]}',
      "messages%[1%]%.tool_call_id" },
    { "null message", '{"messages":[{"role":"user","content":"a"},null]}', "messages%[2%]: expected a message table" },
    { "invalid escape", '{"summary":"\\x"}', "invalid escape at byte 14" },
    { "number overflowing to infinity", '{"messages":[],"tokens":1e999}', "number out of range at byte 25" },
    { "nesting bomb", ("["):rep(100000), "nesting too deep" },
    { "raw control byte", "\0{}", "unexpected character at byte 1" },
  }

  local encode_cases = {
    { "a cycle", function() local t = { summary = "s" }; t.self = t; return t end, "cycle" },
    { "mixed keys", function() return { messages = { { role = "user", content = "a" }, extra = 1 } } end, "mixing" },
    { "not a table", function() return "state" end, "expected a table, got string" },
  }

  describe("bad state files", function()
    for _, case in ipairs(decode_cases) do
      it("decode: " .. case[1], function()
        local value, err = state.decode(case[2])
        assert.is_nil(value)
        assert.is_true(compact.is(err, compact.ErrInvalidRequest))
        assert.matches(case[3], err.message)
      end)
    end

    for _, case in ipairs(encode_cases) do
      it("encode: " .. case[1], function()
        local value = case[2]()
        local before = deep_copy(value)
        local text, err = state.encode(value)
        assert.is_nil(text)
        assert.is_true(compact.is(err, compact.ErrInvalidRequest))
        assert.matches(case[3], err.message)
        if type(value) == "table" then
          value.self, before.self = nil, nil -- the cycle itself, compared by shape below
          if value.usage then -- NaN is not equal to itself
            assert.is_true(value.usage.input ~= value.usage.input)
            value.usage, before.usage = nil, nil
          end
          assert.same(before, value)
        end
      end)
    end

    it("decode: not a string", function()
      local value, err = state.decode(42)
      assert.is_nil(value)
      assert.matches("expected a string, got number", err.message)
    end)
  end)
end

-- Invalid UTF-8 (a cut stream, a binary tool result) is never written:
-- strict servers reject a whole request over one bad byte.
describe("JSON and UTF-8", function()
  local FFFD = "\239\191\189"
  local function encoded(s) return assert(core.json_encode(s)) end

  it("replaces each invalid sequence with U+FFFD (maximal subpart)", function()
    assert.equal('"a' .. FFFD .. 'b"', encoded("a\192b"))               -- C0: never valid
    assert.equal('"' .. FFFD .. '"', encoded("\255"))
    assert.equal('"' .. FFFD .. 'x"', encoded("\226\130x"))              -- E2 82: truncated
    assert.equal('"' .. FFFD .. '"', encoded("\240\159\152"))            -- cut emoji at the end
    assert.equal('"' .. FFFD:rep(3) .. '"', encoded("\237\160\128"))     -- ED A0 80: a surrogate
    assert.equal('"' .. FFFD:rep(3) .. '"', encoded("\240\128\128"))     -- F0 80 80: overlong
    assert.equal('"' .. FFFD:rep(2) .. '"', encoded("\128\191"))         -- lone continuations
  end)

  it("keeps valid UTF-8 byte for byte", function()
    local text = "é 日本語 \240\159\152\128 \239\191\189 \244\143\191\191"
    assert.equal('"' .. text .. '"', encoded(text))
    assert.equal(text, core.json_decode(encoded(text)))
  end)

  it("repairs the messages of compact.state.encode the same way", function()
    local text = assert(compact.state.encode { messages = { { role = "user", content = "cut \226\130" } } })
    local back = assert(compact.state.decode(text))
    assert.equal("cut " .. FFFD, back.messages[1].content)
  end)

  it("decodes lone surrogate escapes to U+FFFD", function()
    assert.equal(FFFD, core.json_decode('"\\ud800"'))
    assert.equal(FFFD .. "x", core.json_decode('"\\udc00x"'))
    assert.equal(FFFD .. "A", core.json_decode('"\\ud800\\u0041"'))
    assert.equal(FFFD .. FFFD, core.json_decode('"\\udbff\\udbff"'))
    assert.equal("\240\159\152\128", core.json_decode('"\\ud83d\\ude00"'))
  end)
end)

describe("json_encode of a large object", function()
  it("anchors the keys of an object too big for the Lua stack", function()
    local big = {}
    for i = 1, 5001 do big["k" .. i] = i end
    local back = assert(core.json_decode(assert(core.json_encode(big))))
    local n = 0
    for k, v in pairs(back) do n = n + 1; assert.equal(big[k], v) end
    assert.equal(5001, n)
  end)

  it("encodes 500 nested objects of 20 keys (deeper levels anchor in tables on 5.1 and LuaJIT)", function()
    local root = {}
    local node = root
    for _ = 1, 500 do
      for k = 1, 19 do node["k" .. k] = k end
      node.z = {}
      node = node.z
    end
    local text = assert(core.json_encode(root))
    local back = assert(core.json_decode(text))
    assert.equal(text, assert(core.json_encode(back)))
    assert.equal(19, back.z.z.k19)
  end)
end)

describe("json_decode of wide and deep documents", function()
  it("builds long arrays and objects whatever the nesting (tables made on the stack, flushed)", function()
    -- 300 levels, each with 200 members before the next level: more than a
    -- C function's 8000 stack slots on Lua 5.1 and LuaJIT if held at once
    local parts = {}
    for level = 1, 300 do
      parts[#parts + 1] = level % 2 == 0 and "[" .. string.rep("1,", 200) or "{" .. string.rep('"d":0,', 199) .. '"n":null,"z":'
    end
    local text = table.concat(parts) .. "7"
    for level = 300, 1, -1 do text = text .. (level % 2 == 0 and "]" or "}") end
    local value = assert(core.json_decode(text))
    for level = 1, 300 do
      if level % 2 == 0 then
        assert.equal(201, #value)
        assert.equal(1, value[200])
        value = value[201]
      else
        assert.equal(0, value.d)
        assert.is_nil(value.n)
        value = value.z
      end
    end
    assert.equal(7, value)
  end)

  it("keeps the last of duplicate keys and leaves out null members, also past 128 members", function()
    local members = {}
    for i = 1, 300 do members[i] = '"k' .. (i % 150) .. '":' .. i end
    members[#members + 1] = '"gone":null'
    local value = assert(core.json_decode("{" .. table.concat(members, ",") .. "}"))
    local n = 0
    for _ in pairs(value) do n = n + 1 end
    assert.equal(150, n)
    assert.equal(300, value.k0)
    assert.equal(299, value.k149)
    assert.same({}, assert(core.json_decode('{"a":null,"b":null}')))
    assert.same({ core.json_null, 2 }, assert(core.json_decode("[null,2]")))
  end)
end)

describe("compact.core JSON: invalid UTF-8 in object keys", function()
  local FFFD = "\239\191\189"

  it("repairs keys on decode, so keys sort the same after a round trip", function()
    -- raw: "\xff..\xdf\xff\xffs" sorts before "\xff..id"; repaired, U+FFFD runs sort after "id"
    local text = '{"' .. ("\255"):rep(5) .. "\223\255\255" .. 's":1,"' .. ("\255"):rep(7) .. 'id":2}'
    local value = assert(core.json_decode(text))
    assert.equal(1, value[FFFD:rep(8) .. "s"])
    assert.equal(2, value[FFFD:rep(7) .. "id"])
    local encoded = assert(core.json_encode(value))
    assert.equal(encoded, assert(core.json_encode(assert(core.json_decode(encoded)))))
  end)

  it("sorts keys holding invalid UTF-8 as written, so a round trip keeps the order", function()
    -- raw, "\198..." sorts before "\221\1..."; written, U+FFFD U+0001 sorts first
    local value = { ["\198\198\198"] = 1, ["\221\1\4\221"] = 2, id = 3 }
    local encoded = assert(core.json_encode(value))
    assert.equal('{"id":3,"' .. FFFD .. '\\u0001\\u0004' .. FFFD .. '":2,"' .. FFFD:rep(3) .. '":1}', encoded)
    assert.equal(encoded, assert(core.json_encode(assert(core.json_decode(encoded)))))
  end)

  it("writes one of the keys that repair to the same text (the first in raw order)", function()
    -- three raw keys, one text once repaired: writing them all would give
    -- duplicate keys, and a round trip would keep only one of them
    local value = { ["a\255"] = 1, ["a\254"] = 2, ["a" .. FFFD] = 3, b = 4, [FFFD .. "\255"] = 5 }
    local encoded = assert(core.json_encode(value))
    assert.equal('{"a' .. FFFD .. '":3,"b":4,"' .. FFFD:rep(2) .. '":5}', encoded)
    assert.equal(encoded, assert(core.json_encode(assert(core.json_decode(encoded)))))
  end)

  it("keeps the bytes of string values (a streamed delta may end inside a character)", function()
    local value = assert(core.json_decode('["m\195"]'))
    assert.equal("m\195", value[1])
    assert.equal('["m' .. FFFD .. '"]', core.json_encode(value))
  end)
end)
