-- Incremental server-sent events parser (compact.core.sse_parser).
local core = require "compact.core"

local function parse_all(chunks)
  local p = core.sse_parser()
  local out = {}
  for _, chunk in ipairs(chunks) do
    local events, err = p:feed(chunk)
    assert(events, err)
    for _, e in ipairs(events) do out[#out + 1] = e end
  end
  local rest = assert(p:finish())
  for _, e in ipairs(rest) do out[#out + 1] = e end
  return out
end

-- Every way of cutting `text` into two pieces, and byte by byte, must give
-- the same events as one piece.
local function assert_chunking_invariant(text)
  local whole = parse_all({ text })
  for cut = 0, #text do
    assert.same(whole, parse_all({ text:sub(1, cut), text:sub(cut + 1) }))
  end
  local bytes = {}
  for i = 1, #text do bytes[i] = text:sub(i, i) end
  assert.same(whole, parse_all(bytes))
  return whole
end

describe("sse parser", function()
  it("parses events with names, joined data lines and ids", function()
    local events = parse_all({
      "event: message_start\ndata: {\"a\":1}\n\n",
      "data: line one\ndata: line two\nid: 7\n\n",
    })
    assert.same({
      { event = "message_start", data = "{\"a\":1}" },
      { event = "message", data = "line one\nline two", id = "7" },
    }, events)
  end)

  it("treats CRLF, LF and CR alike", function()
    local lf = parse_all({ "event: x\ndata: 1\ndata: 2\n\n" })
    assert.same(lf, parse_all({ "event: x\r\ndata: 1\r\ndata: 2\r\n\r\n" }))
    assert.same(lf, parse_all({ "event: x\rdata: 1\rdata: 2\r\r" }))
    assert.same({ { event = "x", data = "1\n2" } }, lf)
  end)

  it("does not take a CR followed by LF in the next chunk for two line ends", function()
    assert.same({ { event = "message", data = "a\nb" } },
      parse_all({ "data: a\r", "\ndata: b\r", "\n\r", "\n" }))
  end)

  it("ignores comments, unknown fields and retry; keeps one space after the colon only", function()
    local events = parse_all({
      ": keep-alive\n\n",
      ":comment\nfoo: bar\nretry: 100\ndata:no space\ndata:  two spaces\ndata\n\n",
    })
    assert.same({ { event = "message", data = "no space\n two spaces\n" } }, events)
  end)

  it("reads llama.cpp's `error:` line as an error event with that data", function()
    local text = 'data: {"a":1}\n\nerror: {"code":400,"message":"too long"}\n\ndata: [DONE]\n\n'
    assert.same({ { event = "message", data = '{"a":1}' }, { event = "error", data = '{"code":400,"message":"too long"}' },
      { event = "message", data = "[DONE]" } }, parse_all({ text }))
    assert_chunking_invariant(text)
    -- "errors" and "error2" are unknown fields, still ignored
    assert.same({ { event = "message", data = "x" } }, parse_all({ "errors: 1\nerror2: 2\ndata: x\n\n" }))
  end)

  it("does not dispatch events without data and resets their name", function()
    local events = parse_all({ "event: ping\n\nevent: other\nid: 1\n\ndata: x\n\n" })
    assert.same({ { event = "message", data = "x", id = "1" } }, events)
  end)

  it("keeps an empty data line as an empty string", function()
    assert.same({ { event = "message", data = "" } }, parse_all({ "data:\n\n" }))
    assert.same({ { event = "message", data = "\n" } }, parse_all({ "data\ndata\n\n" }))
  end)

  it("splits events across chunks at any byte, including inside UTF-8 and 'data:'", function()
    local text = "\239\187\191event: content_block_delta\r\n" ..
      "data: {\"text\":\"h\195\169llo \226\130\172 \240\159\152\128\"}\r\n\r\n" ..
      ": ping\n\ndata: [DONE]\n\n"
    local events = assert_chunking_invariant(text)
    assert.same({
      { event = "content_block_delta", data = "{\"text\":\"h\195\169llo \226\130\172 \240\159\152\128\"}" },
      { event = "message", data = "[DONE]" },
    }, events)
  end)

  it("strips a UTF-8 BOM only at the very start", function()
    assert.same({ { event = "message", data = "x" } }, parse_all({ "\239", "\187", "\191data: x\n\n" }))
    assert.same({ { event = "message", data = "\239\187\191x" } }, parse_all({ "data: \239\187\191x\n\n" }))
    -- a partial BOM is ordinary bytes
    assert.same({ { event = "message", data = "y" } }, parse_all({ "\239data: z\n\ndata: y\n\n" }))
  end)

  it("flushes a pending event at finish and drops nothing that was complete", function()
    local p = core.sse_parser()
    assert.same({}, p:feed("data: partial"))
    assert.same({ { event = "message", data = "partial" } }, p:finish())
    assert.same({}, p:finish())
  end)

  it("returns nil, err for bad input or an oversized event, and refuses to continue", function()
    local p = core.sse_parser(16)
    local events, err = p:feed({})
    assert.is_nil(events)
    assert.matches("string", err)
    events, err = p:feed(string.rep("x", 40))
    assert.is_nil(events)
    assert.matches("larger", err)
    events, err = p:feed("data: x\n\n")
    assert.is_nil(events)
    assert.matches("failed", err)
    assert.is_nil((core.sse_parser(-1)))
    assert.is_nil((core.sse_parser("big")))
  end)

  it("is a closable userdata with a readable tostring", function()
    local p = core.sse_parser()
    assert.matches("compact.sse_parser%(open%)", tostring(p))
    p:feed("id: 42\ndata: x\n\n")
    assert.equal("42", p:last_id())
    p:close()
    p:close()
    assert.matches("closed", tostring(p))
    -- using a closed parser is misuse: it raises (csrc/compat.h), as a
    -- closed ledger does
    for _, call in ipairs({ function() return p:feed("data: x\n\n") end, function() return p:finish() end,
      function() return p:last_id() end }) do
      local ok, err = pcall(call)
      assert.is_false(ok)
      assert.matches("sse parser is closed", err)
    end
  end)

  -- A direct transcription of the WHATWG algorithm (plus the final flush),
  -- to compare against on random input.
  local function reference(text)
    if text:sub(1, 3) == "\239\187\191" then text = text:sub(4) end
    local lines, pos = {}, 1
    while pos <= #text do
      local a = text:find("[\r\n]", pos)
      if not a then lines[#lines + 1] = text:sub(pos) break end
      lines[#lines + 1] = text:sub(pos, a - 1)
      pos = (text:sub(a, a + 1) == "\r\n") and a + 2 or a + 1
    end
    local out, data, name, id = {}, nil, "", nil
    local function dispatch()
      if data then
        local e = { event = name ~= "" and name or "message", data = data:sub(1, -2), id = id }
        out[#out + 1] = e
      end
      data, name = nil, ""
    end
    for _, line in ipairs(lines) do
      if line == "" then
        dispatch()
      elseif line:sub(1, 1) ~= ":" then
        local field, value = line:match("^([^:]*):(.*)$")
        if not field then field, value = line, "" end
        if value:sub(1, 1) == " " then value = value:sub(2) end
        if field == "data" then data = (data or "") .. value .. "\n"
        elseif field == "event" then name = value
        elseif field == "id" and not value:find("%z") then id = value end
      end
    end
    dispatch()
    return out
  end

  it("agrees with the reference algorithm on random streams and random chunking", function()
    local alphabet = { "d", "a", "t", ":", " ", "\r", "\n", "e", "v", "n", "i", "x", "\0", "\239", "\187",
      "\191", "data:", "event:", "id:", "\r\n", "\n\n" }
    local lcg = require("spec.support.lcg")(12345) -- the same cases on every Lua
    local function rand(n) return lcg(n) + 1 end
    for _ = 1, 500 do
      local parts = {}
      for i = 1, rand(60) do parts[i] = alphabet[rand(#alphabet)] end
      local text = table.concat(parts)
      local want = reference(text)
      assert.same(want, parse_all({ text }), text)
      local chunks, pos = {}, 1
      while pos <= #text do
        local size = rand(7) - 1
        chunks[#chunks + 1] = text:sub(pos, pos + size - 1)
        pos = pos + size
      end
      assert.same(want, parse_all(chunks), text)
    end
  end)

  it("parses a large stream quickly and exactly", function()
    local parts = {}
    for i = 1, 20000 do
      parts[#parts + 1] = "event: e\ndata: {\"i\":" .. i .. "}\n\n"
    end
    local text = table.concat(parts)
    local p = core.sse_parser()
    local count, pos = 0, 1
    while pos <= #text do
      local events = assert(p:feed(text:sub(pos, pos + 1000)))
      for _, e in ipairs(events) do
        count = count + 1
        assert.equal("{\"i\":" .. count .. "}", e.data)
      end
      pos = pos + 1001
    end
    assert.equal(20000, count)
  end)

  it("parses a large CR-only chunk exactly, then LF and CRLF lines after it", function()
    -- one memchr for LF per line used to scan to the end of a CR-only
    -- chunk: quadratic (80 000 events in one chunk: 0.31 s, now 0.014 s)
    local parts = {}
    for i = 1, 50000 do parts[i] = "event: e\rdata: " .. i .. "\r\r" end
    parts[#parts + 1] = "data: lf\n\ndata: crlf\r\n\r\n"
    local events = parse_all({ table.concat(parts) })
    assert.equal(50002, #events)
    for i = 1, 50000, 4999 do
      assert.equal("e", events[i].event)
      assert.equal(tostring(i), events[i].data)
    end
    assert.equal("50000", events[50000].data)
    assert.equal("lf", events[50001].data)
    assert.equal("crlf", events[50002].data)
  end)
end)
