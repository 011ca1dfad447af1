-- Import formats added for the CLI (Responses API, legacy function calls,
-- Anthropic server tools), tolerant JSONL, the repair and usage the importers
-- report, and every export format read back by the importers.

local core = require "compact.core"
local importers = require "compact.importers"
local exporters = require "compact.exporters"

local function lines(list)
  return table.concat(list, "\n") .. "\n"
end

local function encode(value) return assert(core.json_encode(value)) end

local function parse(text)
  local result, err = importers.parse(text, { name = "t.json" })
  assert(result, err and err.message)
  return result
end

-- The text of each message (string content, or its text blocks joined).
local function texts(messages)
  local out = {}
  for i, m in ipairs(messages) do
    if type(m.content) == "string" then
      out[i] = m.content
    else
      local parts = {}
      for _, block in ipairs(m.content) do parts[#parts + 1] = block.text end
      out[i] = table.concat(parts)
    end
  end
  return out
end

-- A conversation with everything the formats may hold.
local function rich()
  return {
    system_prompt = "You are a coding agent.", summary = "## Goal\nfix the parser",
    tools = { { name = "read", description = "read a file",
                parameters = { type = "object", properties = { path = { type = "string" } } } } },
    messages = {
      { role = "user", content = { { type = "text", text = "look at this" },
                                   { type = "image", mime_type = "image/png", data = "QUJD" } } },
      { role = "assistant", stop_reason = "tool_use",
        usage = { input = 100, output = 10, cache_read = 5, cache_write = 0 },
        content = { { type = "thinking", thinking = "the parser", signature = "sig1" },
                    { type = "text", text = "reading" },
                    { type = "tool_call", id = "call_1", name = "read", arguments = { path = "p.lua" } } } },
      { role = "tool_result", tool_call_id = "call_1", tool_name = "read", content = "local x = 1",
        is_error = false },
      { role = "user", content = "thanks" },
      { role = "assistant", stop_reason = "stop", usage = { input = 140, output = 4, cache_read = 0, cache_write = 0 },
        content = { { type = "text", text = "done" } } },
    },
  }
end

-- What a format can hold of a message list: the parts each one keeps.
local function view(messages, format)
  local out = {}
  for _, m in ipairs(messages) do
    local v = { role = m.role, tool_call_id = m.tool_call_id, tool_name = m.tool_name, is_error = m.is_error }
    local content = m.content
    if m.role == "tool_result" and type(content) == "table" and #content == 1 and content[1].type == "text" then
      content = content[1].text   -- pi and others hold results as a list of blocks
    end
    if type(content) == "table" then
      local blocks = {}
      for _, block in ipairs(content) do
        if not (format == "openai" and block.type == "thinking") then blocks[#blocks + 1] = block end
      end
      content = blocks
    end
    v.content = content
    if m.role == "assistant" then
      v.stop_reason = m.stop_reason
      if format ~= "openai" and format ~= "responses" and m.usage then
        -- pi writes a zero cost for a reply that had none (its own cost is kept: pi exporter spec)
        v.usage = {}
        for key, value in pairs(m.usage) do
          if key ~= "cost" then v.usage[key] = value end
        end
      end
    end
    out[#out + 1] = v
  end
  return out
end

describe("export formats", function()
  for _, format in ipairs(exporters.FORMATS) do
    it(format .. " round-trips through the importer", function()
      local original = rich()
      local text = assert(exporters.export(format, original))
      local back = parse(text)
      assert.equals(format, back.format)
      assert.same(view(original.messages, format), view(back.messages, format))
      assert.equals(original.summary, back.summary)
      if format ~= "pi" then   -- pi sessions hold neither
        assert.equals(original.system_prompt, back.system_prompt)
        assert.same(original.tools, back.tools)
      end
      assert.same({}, back.warnings)
    end)
  end

  it("writes the summary as the first user message of request formats, read back as the summary", function()
    local decoded = core.json_decode(assert(exporters.export("openai", rich())))
    assert.equals("system", decoded.messages[1].role)
    assert.equals("user", decoded.messages[2].role)
    assert.matches("fix the parser", decoded.messages[2].content, 1, true)
    assert.equals("## Goal\nfix the parser", decoded.summary)
    decoded = core.json_decode(assert(exporters.export("anthropic", rich())))
    assert.equals("You are a coding agent.", decoded.system)
    assert.equals("read", decoded.tools[1].name)
    assert.equals("object", decoded.tools[1].input_schema.type)
  end)

  it("writes the schema of a tool given Anthropic's way (input_schema) in every request format", function()
    local schema = { type = "object", properties = { path = { type = "string" } } }
    local conversation = { messages = { { role = "user", content = "hi" } },
      tools = { { name = "read", description = "r", input_schema = schema } } }
    local openai_tools = core.json_decode(assert(exporters.export("openai", conversation))).tools
    assert.same(schema, openai_tools[1]["function"].parameters)
    assert.same(schema, core.json_decode(assert(exporters.export("responses", conversation))).tools[1].parameters)
    assert.same(schema, core.json_decode(assert(exporters.export("anthropic", conversation))).tools[1].input_schema)
    assert.same({ name = "read", description = "r", input_schema = schema }, conversation.tools[1])
  end)

  it("keeps the usage anchor in our state format", function()
    local conversation = rich()
    conversation.usage = { tokens = 115, through = 2 }
    local back = parse(assert(exporters.export("state", conversation)))
    assert.same({ tokens = 115, through = 2 }, back.usage)
  end)

  it("refuses invalid messages, naming the index, in every format", function()
    -- an invalid message is refused with its index, in every format (it was
    -- written as a file the importer rejects, or failed on a Lua error)
    for _, format in ipairs(exporters.FORMATS) do
      local bad, bad_err = exporters.export(format, { messages = { { role = "user", content = "hi" },
        { role = "bogus" } } })
      assert.is_nil(bad)
      assert.equals("invalid_request", bad_err.code)
      assert.equals("export: messages[2].role: unknown role 'bogus'", bad_err.message)
    end
  end)

  it("rejects an unknown format by name", function()
    local text, err = exporters.export("yaml", rich())
    assert.is_nil(text)
    assert.matches("unknown export format 'yaml'", err.message, 1, true)
  end)
end)

describe("import of", function()
  it("OpenAI Responses items, with instructions and tools", function()
    local result = parse(encode {
      instructions = "be brief", tools = { { type = "function", name = "read", parameters = { type = "object" } },
                                           { type = "web_search" } },
      input = {
        { role = "user", content = "hi" },
        { type = "reasoning", summary = { { type = "summary_text", text = "think" } }, encrypted_content = "enc" },
        { type = "function_call", call_id = "c1", name = "read", arguments = '{"path":"a"}' },
        { type = "function_call_output", call_id = "c1", output = "text of a" },
        { type = "message", role = "assistant", content = { { type = "output_text", text = "done" } } },
      } })
    assert.equals("responses", result.format)
    assert.equals("be brief", result.system_prompt)
    assert.same({ { name = "read", parameters = { type = "object" } } }, result.tools)
    assert.equals(1, result.skipped)   -- the built-in web_search tool
    assert.same({ { type = "thinking", thinking = "think", signature = "enc" },
                  { type = "tool_call", id = "c1", name = "read", arguments = { path = "a" } } },
      result.messages[2].content)
    assert.same({ role = "tool_result", tool_call_id = "c1", tool_name = "read", content = "text of a",
                  is_error = false }, result.messages[3])
    assert.equals(4, #result.messages)
  end)

  it("Responses items one per line (JSONL)", function()
    local result = parse(lines {
      encode { role = "user", content = "hi" },
      encode { type = "function_call", call_id = "c1", name = "ls", arguments = "{}" },
      encode { type = "function_call_output", call_id = "c1", output = "a b" },
    })
    assert.equals("responses", result.format)
    assert.equals(3, #result.messages)
    assert.equals("c1", result.messages[3].tool_call_id)
  end)

  it("legacy function_call and role = function messages as OpenAI", function()
    local result = parse(encode {
      { role = "user", content = "weather?" },
      { role = "assistant", function_call = { name = "weather", arguments = '{"city":"Oslo"}' } },
      { role = "function", name = "weather", content = "rain" },
      { role = "assistant", content = "It rains." },
    })
    assert.equals("openai", result.format)
    local call = result.messages[2].content[1]
    assert.same({ city = "Oslo" }, call.arguments)
    assert.equals(call.id, result.messages[3].tool_call_id)
    assert.equals("weather", result.messages[3].tool_name)
    assert.same({}, result.warnings)
  end)

  it("names the format it detected in errors", function()
    local result, err = importers.parse(encode {
      { role = "user", content = "x" }, { role = "function", name = "f", content = "r" } }, { name = "t.json" })
    assert.is_nil(result)
    assert.matches("function message without a function_call", err.message, 1, true)
    result, err = importers.parse(encode { { role = "tool", content = "x" } }, { name = "t.json" })
    assert.is_nil(result)
    assert.matches("tool message without tool_call_id", err.message, 1, true)
  end)

  it("an Anthropic server tool keeps its web_search_tool_result", function()
    local search_result = { type = "web_search_tool_result", tool_use_id = "srv_1",
                            content = { { type = "web_search_result", url = "https://lua.org", title = "Lua" } } }
    local result = parse(encode { messages = {
      { role = "user", content = "search lua" },
      { role = "assistant", stop_reason = "end_turn", content = {
        { type = "server_tool_use", id = "srv_1", name = "web_search", input = { query = "lua" } },
        search_result,
        { type = "text", text = "Lua is a language." } } } } })
    assert.equals("anthropic", result.format)
    assert.equals(3, #result.messages)
    assert.same({}, result.repair.missing_results)
    local answer = result.messages[3]
    assert.equals("tool_result", answer.role)
    assert.equals("srv_1", answer.tool_call_id)
    assert.equals("Lua <https://lua.org>", answer.content)
    -- written back as Anthropic, the result block is where it was
    local decoded = core.json_decode(assert(exporters.export("anthropic", result)))
    local content = decoded.messages[2].content
    assert.equals("server_tool_use", content[1].type)
    assert.same(search_result, content[2])
    assert.equals("text", content[3].type)
  end)
end)

describe("import repair and usage", function()
  it("repairs tool pairs and says what it changed, naming the lines", function()
    local result = parse(lines {
      encode { role = "user", content = "a" },
      encode { role = "tool_result", tool_call_id = "ghost", content = "x", is_error = false },
      encode { role = "assistant", content = { { type = "tool_call", id = "c1", name = "read", arguments = {} } } },
      encode { role = "user", content = "b" },
    })
    assert.same({ 2 }, result.repair.orphan_results)
    assert.same({ 3 }, result.repair.missing_results)
    assert.equals(4, #result.messages)
    assert.equals("[no result: the call was interrupted]", result.messages[3].content)
    assert.same({ "t.json: dropped 1 tool result(s) without a call (line 2)",
                  "t.json: added 1 result(s) for call(s) that never got one (line 3)" }, result.warnings)
  end)

  it("anchors a pi session on the last reply after the last compaction", function()
    local function reply(id, parent, input)
      return encode { type = "message", id = id, parentId = parent, message = { role = "assistant", stopReason = "stop",
        content = { { type = "text", text = "r" .. id } }, usage = { input = input, output = 1 } } }
    end
    local text = lines {
      encode { type = "session", version = 3, id = "s" },
      encode { type = "message", id = "1", message = { role = "user", content = "q" } },
      reply("2", "1", 500),
      encode { type = "message", id = "3", parentId = "2", message = { role = "user", content = "q2" } },
      reply("4", "3", 900),
      encode { type = "compaction", id = "5", parentId = "4", summary = "S", firstKeptEntryId = "3" },
    }
    local result = parse(text)
    assert.equals("S", result.summary)
    assert.equals(2, #result.messages)
    assert.is_nil(result.usage)   -- replies before the compaction are stale
    result = parse(text .. lines { encode { type = "message", id = "6", parentId = "5",
      message = { role = "user", content = "q3" } }, reply("7", "6", 300) })
    assert.same({ tokens = 301, through = 4 }, result.usage)
  end)

  it("gives no usage for formats without it and drops a state's invalid usage with a warning", function()
    assert.is_nil(parse(encode { messages = { { role = "user", content = "x" } } }).usage)
    local result = parse(encode { messages = { { role = "user", content = "x" } }, usage = { tokens = 5, through = 9 } })
    assert.is_nil(result.usage)
    assert.matches("ignored its usage", result.warnings[1], 1, true)
  end)
end)

describe("tolerant JSONL", function()
  local good = { encode { role = "user", content = "a" }, encode { role = "user", content = "b" } }

  it("skips a torn last line with a warning naming it", function()
    local result = parse(lines { good[1], good[2], '{"role":"assistant","cont' })
    assert.equals(2, #result.messages)
    assert.same({ "t.json: line 3: skipped a torn last line (invalid JSON)" }, result.warnings)
  end)

  it("keeps a torn last line an error with strict", function()
    local result, err = importers.parse(lines { good[1], good[2], '{"role":' }, { name = "t.json", strict = true })
    assert.is_nil(result)
    assert.matches("^t%.json: line 3, column", err.message)
  end)

  it("skips a torn line in the middle with a warning, and keeps it an error with strict", function()
    local result = parse(lines { good[1], '{"role":', good[2] })
    assert.same({ "a", "b" }, texts(result.messages))
    assert.matches("^t%.json: line 2: skipped a line that is not JSON %(", result.warnings[1])
    local strict, err = importers.parse(lines { good[1], '{"role":', good[2] }, { name = "t.json", strict = true })
    assert.is_nil(strict)
    assert.matches("^t%.json: line 2, column", err.message)
  end)

  it("reads objects a writer glued on one line as one record each, with a warning", function()
    local third = encode { role = "user", content = "c" }
    local result = parse(lines { good[1], good[2] .. third, encode { role = "user", content = "d" } })
    assert.same({ "a", "b", "c", "d" }, texts(result.messages))
    assert.same({ "t.json: line 2: read 2 JSON objects written on one line" }, result.warnings)
  end)

  it("reads a line of many glued objects in time linear in its length (bytes decoded)", function()
    local n, one = 2000, encode { role = "user", content = "m" }
    local decode, decoded = core.json_decode, 0
    core.json_decode = function(text, ...)
      decoded = decoded + #text
      return decode(text, ...)
    end
    local ok, result = pcall(parse, lines { good[1], string.rep(one, n) })
    core.json_decode = decode
    assert.is_true(ok, result)
    assert.equals(n + 1, #result.messages)
    assert.same({ "t.json: line 2: read " .. n .. " JSON objects written on one line" }, result.warnings)
    -- each object: a window of about twice its length, then the object again
    assert.is_true(decoded < 8 * n * #one, decoded)
  end)

  it("keeps the whole objects of a torn last line that glued them", function()
    local result = parse(lines { good[1], good[2] .. '{"role":"assistant","cont' })
    assert.same({ "a", "b" }, texts(result.messages))
    assert.same({ "t.json: line 2: skipped the torn end of the last line (invalid JSON)" }, result.warnings)
    local strict, err = importers.parse(lines { good[1], good[2] .. '{"role":' }, { name = "t.json", strict = true })
    assert.is_nil(strict)
    -- the error points at the torn object, where the whole ones end
    assert.equals(string.format("t.json: line 2, column %d (byte %d): invalid JSON: trailing characters after the "
      .. "value", #good[2] + 1, #good[1] + 1 + #good[2] + 1), err.message)
  end)

  it("keeps an error (with strict; else a skipped line) a line glued to what is not an object", function()
    for _, tail in ipairs({ " x", "[1]", '"s"' }) do
      local tolerant = parse(lines { good[1], good[2] .. tail, good[1] })
      assert.same({ "a", "a" }, texts(tolerant.messages))
      assert.matches("^t%.json: line 2: skipped a line that is not JSON %(trailing characters after the value",
        tolerant.warnings[1])
      local result, err = importers.parse(lines { good[1], good[2] .. tail, good[1] }, { name = "t.json", strict = true })
      assert.is_nil(result)
      assert.matches("^t%.json: line 2, column %d+ %(byte %d+%): invalid JSON: trailing characters after the value$",
        err.message)
    end
  end)
end)

describe("importers.load", function()
  it("reads no further than max_bytes (an endless /dev/zero is an error)", function()
    local result, err = importers.load("/dev/zero", { max_bytes = 4096 })
    assert.is_nil(result)
    assert.matches("/dev/zero: cannot read: larger than the 4096 bytes allowed", err.message, 1, true)
  end)

  it("does not repeat the path in open errors", function()
    local result, err = importers.load("/nonexistent/dir/x.json")
    assert.is_nil(result)
    assert.equals("/nonexistent/dir/x.json: cannot open: No such file or directory", err.message)
  end)
end)

describe("pi export", function()
  local COST = { input = 0.0031, output = 0.0125, cacheRead = 0.0004, cacheWrite = 0, total = 0.016 }
  local SESSION = table.concat({
    '{"type":"session","version":3,"id":"s1","timestamp":"2026-02-01T10:00:00.000Z","cwd":"/work/app"}',
    '{"type":"message","id":"a","parentId":null,"timestamp":"2026-02-01T10:00:01.250Z","message":'
      .. '{"role":"user","content":[{"type":"text","text":"hi"}],"timestamp":1769940001250}}',
    '{"type":"message","id":"b","parentId":"a","timestamp":"2026-02-01T10:00:03.500Z","message":'
      .. '{"role":"assistant","content":[{"type":"text","text":"hello"}],"stopReason":"stop","usage":{"input":10,'
      .. '"output":5,"cacheRead":2,"cacheWrite":0,"totalTokens":17,"cost":' .. core.json_encode(COST)
      .. '},"timestamp":1769940003500}}',
  }, "\n") .. "\n"

  it("keeps each message's timestamp and usage.cost, and the session's cwd", function()
    local imported = assert(importers.parse(SESSION))
    assert.equals("/work/app", imported.cwd)
    local text = assert(exporters.export("pi", imported, { header = imported.source.header, now = function()
      return 2000000000 end }))
    local entries = {}
    for line in text:gmatch("[^\n]+") do entries[#entries + 1] = core.json_decode(line) end
    assert.equals(3, #entries)
    assert.equals("/work/app", entries[1].cwd)
    assert.same({ 1769940001250, "2026-02-01T10:00:01.250Z" }, { entries[2].message.timestamp, entries[2].timestamp })
    assert.same({ 1769940003500, "2026-02-01T10:00:03.500Z" }, { entries[3].message.timestamp, entries[3].timestamp })
    assert.same(COST, entries[3].message.usage.cost)
    -- a message without a time of its own gets the export time; a reply without a cost a zero one
    text = assert(exporters.export("pi", { messages = { { role = "user", content = "x" },
      { role = "assistant", content = {}, stop_reason = "stop", usage = { input = 1, output = 1, cache_read = 0,
        cache_write = 0 } } } }, { now = function() return 2000000000 end }))
    entries = {}
    for line in text:gmatch("[^\n]+") do entries[#entries + 1] = core.json_decode(line) end
    assert.same({ 2000000000000, "2033-05-18T03:33:20.000Z" }, { entries[2].message.timestamp, entries[2].timestamp })
    assert.same({ input = 0, output = 0, cacheRead = 0, cacheWrite = 0, total = 0 }, entries[3].message.usage.cost)
  end)
end)
