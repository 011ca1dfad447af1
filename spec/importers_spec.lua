-- Importers: every input format, the real pi session, and broken input.

local core = require "compact.core"
local importers = require "compact.importers"

local LARGE = require("spec.support.data").PI_SESSION
local tmpfile = require("spec.support.files").tmpfile

local function lines(list)
  return table.concat(list, "\n") .. "\n"
end

local function encode(value)
  return assert(core.json_encode(value))
end


local function parse_ok(text)
  local result, err = importers.parse(text, { name = "t.json" })
  assert.is_nil(err)
  assert.is_table(result)
  return result
end

local function parse_err(text)
  local result, err = importers.parse(text, { name = "t.json" })
  assert.is_nil(result)
  assert.is_table(err)
  assert.equals("invalid_request", err.code)
  assert.equals("t.json", err.path)
  return err
end

describe("importers: the real pi session", function()
  local ok, note = require("spec.support.data").need(LARGE)
  if not ok then
    pending(note)
    return
  end
  local result, raw_text
  setup(function()
    local file = assert(io.open(LARGE, "rb"))
    raw_text = file:read("*a")
    file:close()
    result = assert(importers.load(LARGE))
  end)

  it("imports every message entry, with the roles mapped", function()
    -- counted independently of the importer: one `"type":"message"` per entry line
    local entry_count = 0
    for line in raw_text:gmatch("[^\n]+") do
      if line:find('^{"type":"message"') then entry_count = entry_count + 1 end
    end
    assert.equals(914, entry_count)
    assert.equals("pi", result.format)
    -- 18 calls in aborted turns never got a result: the import adds one each
    assert.equals(914 + 18, #result.messages)
    assert.same({}, result.repair.orphan_results)
    assert.equals(18, #result.repair.missing_results)
    local roles = {}
    for _, m in ipairs(result.messages) do roles[m.role] = (roles[m.role] or 0) + 1 end
    assert.same({ user = 88, assistant = 453, tool_result = 373 + 18 }, roles)
    assert.is_nil(result.summary)
    assert.is_true(core.validate_messages(result.messages))
  end)

  it("maps blocks, stop reasons, usage and tool results", function()
    local calls, thinking, stops, results_by_id = 0, 0, {}, {}
    for _, m in ipairs(result.messages) do
      if m.role == "assistant" then
        stops[m.stop_reason] = (stops[m.stop_reason] or 0) + 1
        assert.is_number(m.usage.input)
        assert.is_number(m.usage.cache_read)
        for _, block in ipairs(m.content) do
          assert.is_not_nil(({ text = 1, thinking = 1, tool_call = 1 })[block.type])
          if block.type == "tool_call" then
            calls = calls + 1
            assert.is_string(block.id)
            assert.is_table(block.arguments)
            assert.is_nil(block.partialJson)
          elseif block.type == "thinking" then
            thinking = thinking + 1
            assert.is_string(block.signature)
          end
        end
      elseif m.role == "tool_result" then
        results_by_id[m.tool_call_id] = m
        assert.is_boolean(m.is_error)
        assert.is_string(m.tool_name)
      end
    end
    assert.equals(391, calls)
    assert.equals(1, thinking)
    for reason in pairs(stops) do
      assert.is_not_nil(({ stop = 1, tool_use = 1, length = 1, error = 1, aborted = 1 })[reason])
    end
    assert.is_true(stops.tool_use > 300)
    assert.is_true((stops.error or 0) + (stops.aborted or 0) > 0)
    -- the first tool call's result is found under the same id
    local first_call
    for _, m in ipairs(result.messages) do
      if m.role == "assistant" then
        for _, block in ipairs(m.content) do
          if block.type == "tool_call" and not first_call then first_call = block end
        end
      end
    end
    assert.equals(first_call.name, results_by_id[first_call.id].tool_name)
  end)

  it("keeps the provider's usage numbers", function()
    -- the first assistant line's usage, read straight from the file
    local first = raw_text:match('{"type":"message"[^\n]-"role":"assistant"[^\n]*')
    local entry = assert(core.json_decode(first))
    local usage = entry.message.usage
    local imported
    for _, m in ipairs(result.messages) do
      if m.role == "assistant" then imported = m break end
    end
    assert.same({ input = usage.input, output = usage.output, cache_read = usage.cacheRead,
                  cache_write = usage.cacheWrite }, { input = imported.usage.input, output = imported.usage.output,
                  cache_read = imported.usage.cache_read, cache_write = imported.usage.cache_write })
  end)
end)

describe("importers: pi sessions", function()
  local header = encode { type = "session", id = "s1", timestamp = "t", cwd = "/x" }
  local function msg(m, extra)
    local entry = { type = "message", message = m }
    for k, v in pairs(extra or {}) do entry[k] = v end
    return encode(entry)
  end
  local function user(text, extra)
    return msg({ role = "user", content = { { type = "text", text = text } } }, extra)
  end

  it("turns bashExecution into user text and skips excluded runs", function()
    local result = parse_ok(lines {
      header,
      user("hi"),
      msg { role = "bashExecution", command = "ls -la", output = "a.lua\nb.lua", exitCode = 2 },
      msg { role = "bashExecution", command = "secret", output = "x", excludeFromContext = true },
    })
    assert.equals(2, #result.messages)
    local text = result.messages[2].content
    assert.equals("user", result.messages[2].role)
    assert.matches("Ran `ls -la`", text, 1, true)
    assert.matches("a.lua\nb.lua", text, 1, true)
    assert.matches("code 2", text, 1, true)
  end)

  it("maps stop reasons, error messages, thinking signatures and tool results", function()
    local result = parse_ok(lines {
      header,
      user("go"),
      msg { role = "assistant", stopReason = "toolUse",
            usage = { input = 5, output = 6, cacheRead = 7, cacheWrite = 8 },
            content = { { type = "thinking", thinking = "hmm", thinkingSignature = "sig" },
                        { type = "toolCall", id = "c1", name = "read", arguments = { path = "a.lua" } } } },
      msg { role = "toolResult", toolCallId = "c1", toolName = "read", isError = true,
            content = { { type = "text", text = "ENOENT" } } },
      msg { role = "assistant", stopReason = "length", content = { { type = "text", text = "cut" } } },
      msg { role = "assistant", stopReason = "error", errorMessage = "overloaded", content = {} },
      msg { role = "assistant", stopReason = "aborted", errorMessage = "user hit esc", content = {} },
    })
    local m = result.messages
    assert.same({ input = 5, output = 6, cache_read = 7, cache_write = 8 }, m[2].usage)
    assert.equals("tool_use", m[2].stop_reason)
    assert.same({ type = "thinking", thinking = "hmm", signature = "sig" }, m[2].content[1])
    assert.same({ type = "tool_call", id = "c1", name = "read", arguments = { path = "a.lua" } }, m[2].content[2])
    assert.same({ role = "tool_result", tool_call_id = "c1", tool_name = "read", is_error = true,
                  content = { { type = "text", text = "ENOENT" } } }, m[3])
    assert.equals("length", m[4].stop_reason)
    assert.equals("error", m[5].stop_reason)
    assert.equals("overloaded", m[5].error_message)
    assert.equals("aborted", m[6].stop_reason)
    assert.equals("user hit esc", m[6].error_message)
  end)

  it("starts from the last compaction (v1: firstKeptEntryIndex)", function()
    local result = parse_ok(lines {
      header,                                   -- entry 0
      user("one"),                              -- 1
      user("two"),                              -- 2
      user("three"),                            -- 3
      encode { type = "compaction", summary = "S1", firstKeptEntryIndex = 2, tokensBefore = 9 },
      user("four"),
    })
    assert.equals("S1", result.summary)
    local texts = {}
    for _, m in ipairs(result.messages) do texts[#texts + 1] = m.content[1].text end
    assert.same({ "two", "three", "four" }, texts)
  end)

  it("follows the id/parentId path and firstKeptEntryId (v2+)", function()
    local result = parse_ok(lines {
      encode { type = "session", version = 3, id = "s", timestamp = "t", cwd = "/" },
      user("a", { id = "1" }),
      user("b", { id = "2", parentId = "1" }),
      user("abandoned branch", { id = "3", parentId = "2" }),
      user("c", { id = "4", parentId = "2" }),
      encode { type = "compaction", id = "5", parentId = "4", summary = "S2", firstKeptEntryId = "2" },
      encode { type = "model_change", id = "6", parentId = "5", provider = "p", modelId = "m" },
      user("d", { id = "7", parentId = "6" }),
    })
    assert.equals("S2", result.summary)
    local texts = {}
    for _, m in ipairs(result.messages) do texts[#texts + 1] = m.content[1].text end
    assert.same({ "b", "c", "d" }, texts)
  end)

  it("follows a long id/parentId chain in order, odd and even lengths", function()
    -- the path is built leaf first and reversed (it was built by inserting
    -- at the front: quadratic, 24 s for an 80 000-entry chain, now 0.6 s)
    for _, n in ipairs({ 1, 2, 5000, 5001 }) do
      local list = { encode { type = "session", version = 3, id = "s", timestamp = "t", cwd = "/" } }
      for i = 1, n do
        list[#list + 1] = user("m" .. i, { id = "e" .. i, parentId = i > 1 and ("e" .. (i - 1)) or nil })
      end
      list[#list + 1] = user("off the path", { id = "x", parentId = "e1" })
      -- the last entry is the leaf: make it the end of the chain again
      list[#list + 1] = user("leaf", { id = "leaf", parentId = "e" .. n })
      local result = parse_ok(lines(list))
      assert.equal(n + 1, #result.messages)
      for i = 1, n do assert.equal("m" .. i, result.messages[i].content[1].text) end
      assert.equal("leaf", result.messages[n + 1].content[1].text)
    end
  end)

  it("names the line of an entry it cannot convert", function()
    local err = parse_err(lines {
      header,
      user("ok"),
      msg { role = "toolResult", content = {} },
    })
    assert.matches("t.json: line 3: toolResult without toolCallId", err.message, 1, true)
  end)
end)

describe("importers: our state JSON and JSONL", function()
  local messages = {
    { role = "user", content = "fix a.lua" },
    { role = "assistant", stop_reason = "tool_use",
      content = { { type = "tool_call", id = "c1", name = "read", arguments = { path = "a.lua" } } } },
    { role = "tool_result", tool_call_id = "c1", tool_name = "read", content = "x = 1", is_error = false },
    { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "done" } } },
  }

  it("reads a state object with system prompt and summary", function()
    local result = parse_ok(encode { system_prompt = "be brief", summary = "earlier", messages = messages })
    assert.equals("state", result.format)
    assert.equals("be brief", result.system_prompt)
    assert.equals("earlier", result.summary)
    assert.same(messages, result.messages)
  end)

  it("reads a bare array of messages", function()
    local result = parse_ok(encode(messages))
    assert.equals("state", result.format)
    assert.same(messages, result.messages)
  end)

  it("reads JSONL, one message per line, blank lines allowed", function()
    local out = {}
    for _, m in ipairs(messages) do out[#out + 1] = encode(m) end
    out[#out + 1] = ""
    local result = parse_ok(lines(out))
    assert.equals("jsonl", result.format)
    assert.same(messages, result.messages)
  end)

  it("turns plain-text assistant content into a text block", function()
    local result = parse_ok('[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]')
    assert.same({ { role = "user", content = "hi" },
                  { role = "assistant", content = { { type = "text", text = "hello" } } } }, result.messages)
  end)

  it("reads back what compact.state.encode wrote", function()
    local state = require "compact.state"
    local text = assert(state.encode { system_prompt = "p", messages = messages })
    assert.same(messages, parse_ok(text).messages)
  end)

  it("names the message and line of an invalid message", function()
    local err = parse_err(lines { encode(messages[1]), encode { role = "robot", content = "beep" } })
    assert.matches("messages[2]", err.message, 1, true)
    assert.matches("from line 2", err.message, 1, true)
  end)
end)

describe("importers: OpenAI chat messages", function()
  local list = {
    { role = "system", content = "You are a coding agent." },
    { role = "developer", content = { { type = "text", text = "Use tools." } } },
    { role = "user", content = { { type = "text", text = "look" },
                                 { type = "image_url", image_url = { url = "data:image/png;base64,QUJD" } } } },
    { role = "assistant", content = "reading",
      tool_calls = { { id = "call_1", type = "function",
                       ["function"] = { name = "read", arguments = '{"path":"a.lua"}' } },
                     { id = "call_2", type = "function",
                       ["function"] = { name = "bash", arguments = '{"cmd": "ls' } } } },
    { role = "tool", tool_call_id = "call_1", content = "x = 1" },
    { role = "tool", tool_call_id = "call_2", content = "a.lua" },
    { role = "assistant", content = "done" },
  }

  local function check(result)
    assert.equals("openai", result.format)
    assert.equals("You are a coding agent.\n\nUse tools.", result.system_prompt)
    local m = result.messages
    assert.equals(5, #m)
    assert.same({ type = "image", mime_type = "image/png", data = "QUJD" }, m[1].content[2])
    assert.equals("tool_use", m[2].stop_reason)
    assert.same({ type = "text", text = "reading" }, m[2].content[1])
    assert.same({ type = "tool_call", id = "call_1", name = "read", arguments = { path = "a.lua" } }, m[2].content[2])
    -- a truncated argument string is kept verbatim, not dropped
    assert.equals('{"cmd": "ls', m[2].content[3].raw_arguments)
    assert.same({ role = "tool_result", tool_call_id = "call_1", tool_name = "read", content = "x = 1",
                  is_error = false }, m[3])
    assert.equals("bash", m[4].tool_name)
    assert.same({ { type = "text", text = "done" } }, m[5].content)
    assert.equals("stop", m[5].stop_reason)
  end

  it("reads a bare array", function() check(parse_ok(encode(list))) end)
  it("reads an object with messages", function() check(parse_ok(encode { model = "gpt", messages = list })) end)

  it("rejects a tool message without tool_call_id, naming it", function()
    local err = parse_err(encode { { role = "system", content = "s" }, { role = "tool", content = "x" } })
    assert.matches("messages[2]", err.message, 1, true)
  end)
end)

describe("importers: Anthropic messages", function()
  local doc = {
    system = { { type = "text", text = "Be careful." } },
    messages = {
      { role = "user", content = "fix it" },
      { role = "assistant", content = {
          { type = "thinking", thinking = "plan", signature = "sig" },
          { type = "text", text = "reading" },
          { type = "tool_use", id = "toolu_1", name = "read", input = { path = "a.lua" } } },
        usage = { input_tokens = 10, output_tokens = 3, cache_read_input_tokens = 100,
                  cache_creation_input_tokens = 7 } },
      { role = "user", content = {
          { type = "tool_result", tool_use_id = "toolu_1", is_error = true,
            content = { { type = "text", text = "no such file" } } },
          { type = "text", text = "try b.lua" } } },
      { role = "assistant", content = { { type = "text", text = "ok" } }, stop_reason = "max_tokens" },
    },
  }

  it("maps system, tool_use, tool_result and usage", function()
    local result = parse_ok(encode(doc))
    assert.equals("anthropic", result.format)
    assert.equals("Be careful.", result.system_prompt)
    local m = result.messages
    assert.equals(5, #m)
    assert.equals("fix it", m[1].content)
    assert.same({ type = "thinking", thinking = "plan", signature = "sig" }, m[2].content[1])
    assert.same({ type = "tool_call", id = "toolu_1", name = "read", arguments = { path = "a.lua" } }, m[2].content[3])
    assert.equals("tool_use", m[2].stop_reason)
    assert.same({ input = 10, output = 3, cache_read = 100, cache_write = 7 }, m[2].usage)
    -- the tool result comes first, then the user's own text
    assert.same({ role = "tool_result", tool_call_id = "toolu_1", tool_name = "read", is_error = true,
                  content = { { type = "text", text = "no such file" } } }, m[3])
    assert.same({ role = "user", content = { { type = "text", text = "try b.lua" } } }, m[4])
    assert.equals("length", m[5].stop_reason)
  end)

  it("accepts a string system prompt", function()
    local result = parse_ok(encode { system = "S", messages = { { role = "user", content = "hi" } } })
    assert.equals("anthropic", result.format)
    assert.equals("S", result.system_prompt)
  end)

  it("detects Anthropic blocks without a system field", function()
    local result = parse_ok(encode { messages = doc.messages })
    assert.equals("anthropic", result.format)
  end)
end)

describe("importers: broken and unknown input", function()
  it("reports an empty file", function()
    assert.matches("t.json: empty file", parse_err("").message, 1, true)
    assert.matches("empty file", parse_err("  \n\n ").message, 1, true)
  end)

  it("rejects messages given as an object instead of a list", function()
    local err = parse_err('{"messages":{"1":{"role":"user","content":"hi"}}}')
    assert.matches("t.json: messages: expected a JSON array, got an object", err.message, 1, true)
    err = parse_err('{"system":"S","messages":{"a":{"role":"user","content":"hi"}}}')
    assert.matches("messages: expected a JSON array", err.message, 1, true)
    -- an empty list written as {} (some encoders cannot tell) is still empty
    assert.equals(0, #parse_ok('{"messages":{}}').messages)
  end)

  it("reports truncated JSON with line, column and byte", function()
    local err = parse_err('{\n  "messages": [\n    {"role": "user", "content": "hi"}')
    assert.matches("^t%.json: line 3, column %d+ %(byte %d+%): invalid JSON: ", err.message)
    assert.equals(3, err.line)
    assert.is_number(err.column)
  end)

  it("reports the broken line of a JSONL file (a torn last line with strict)", function()
    local text = lines {
      '{"role":"user","content":"a"}',
      '{"role":"assistant","content":[{"type":"text","text":"b"}]}',
      '{"role":"user","content":"c"',
    }
    local result, err = importers.parse(text, { name = "t.json", strict = true })
    assert.is_nil(result)
    -- the line is 28 bytes; the end of input is column 29, byte 30 + 60 + 29
    assert.matches("^t%.json: line 3, column 29 %(byte 119%): invalid JSON", err.message)
    assert.equals(3, err.line)
    assert.equals(29, err.column)
    assert.equals(119, err.byte)
  end)

  it("skips a few lines of invalid JSON inside a JSONL file with a warning each, unless strict", function()
    local good = '{"role":"user","content":"a"}'
    local broken = '{"role":"assistant","content":"x \\*** y"}' -- a redaction that broke an escape
    local rows = { good, broken }
    for i = 1, 8 do rows[#rows + 1] = '{"role":"user","content":"m' .. i .. '"}' end
    local result = assert(importers.parse(lines(rows), { name = "t.jsonl" }))
    assert.equals(9, #result.messages)
    assert.matches("^t%.jsonl: line 2: skipped a line that is not JSON %(invalid escape at column %d+%)$",
      result.warnings[1])
    local _, err = importers.parse(lines(rows), { name = "t.jsonl", strict = true })
    assert.matches("^t%.jsonl: line 2, column %d+ %(byte %d+%): invalid JSON", err.message)
    -- more than three (or one in twenty) is a broken file, named at the first one too many
    for i = 3, 6 do rows[i] = broken end
    _, err = importers.parse(lines(rows), { name = "t.jsonl" })
    assert.matches("^t%.jsonl: line 5, column", err.message)
  end)

  it("reports unknown formats", function()
    assert.matches("unknown format", parse_err('{"hello": "world"}').message, 1, true)
    assert.matches("unknown format", parse_err("42").message, 1, true)
    assert.matches("unknown format", parse_err('[{"nope": 1}]').message, 1, true)
    assert.matches("line 2: unknown format", parse_err(lines { '{"role":"user","content":"a"}', '{"x":1}' }).message,
      1, true)
  end)

  it("reports a missing file with its path", function()
    local result, err = importers.load("/nonexistent/dir/session.jsonl")
    assert.is_nil(result)
    assert.equals("invalid_request", err.code)
    assert.matches("/nonexistent/dir/session.jsonl: cannot open", err.message, 1, true)
  end)

  it("loads from a file and names it in errors", function()
    local path = tmpfile('{"messages": [')
    local result, err = importers.load(path)
    os.remove(path)
    assert.is_nil(result)
    assert.equals(path, err.path)
    assert.matches(path .. ": line 1, column 15", err.message, 1, true)
  end)

  it("detect names the format", function()
    assert.equals("openai", importers.detect('[{"role":"tool","tool_call_id":"x","content":"y"}]'))
    assert.equals("jsonl", importers.detect('{"role":"user","content":"a"}\n{"role":"user","content":"b"}\n'))
    assert.is_nil((importers.detect("")))
  end)
end)
