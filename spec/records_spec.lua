-- core.serialize_records: the compact records sent to the summary model.
local core = require "compact.core"

local serialize = core.serialize_records

local function lines(n, fmt)
  local out = {}
  for i = 1, n do out[i] = string.format(fmt or "line %d", i) end
  return table.concat(out, "\n")
end

local function valid_utf8(s)
  -- a small validator so the spec does not need the utf8 library (5.1)
  local i, n = 1, #s
  while i <= n do
    local c = s:byte(i)
    local len = c < 0x80 and 1 or (c >= 0xC2 and c < 0xE0) and 2 or (c >= 0xE0 and c < 0xF0) and 3
      or (c >= 0xF0 and c < 0xF5) and 4 or nil
    if not len or i + len - 1 > n then return false end
    for k = i + 1, i + len - 1 do
      local b = s:byte(k)
      if b < 0x80 or b >= 0xC0 then return false end
    end
    i = i + len
  end
  return true
end

-- The body of the only record in `text` (everything after the header line).
local function body(text)
  return (assert(text:match("^%[[^\n]*%]\n(.*)$"), "not one record: " .. text))
end

local function thinking(text)
  return { { role = "assistant", stop_reason = "stop",
             content = { { type = "thinking", thinking = text, signature = "SIG-secret" } } } }
end

local function tool_result(name, content, is_error)
  return { { role = "tool_result", tool_call_id = "call_XYZ", tool_name = name, content = content,
             is_error = is_error } }
end

describe("core.serialize_records", function()
  it("writes one record per message part, in order, byte for byte", function()
    local text = assert(serialize({
      { role = "user", content = "fix the parser" },
      { role = "assistant", stop_reason = "tool_use", content = {
        { type = "thinking", thinking = "look first", signature = "sig" },
        { type = "text", text = "Reading it." },
        { type = "text", text = "Then fixing." },
        { type = "tool_call", id = "call_1", name = "read", arguments = { path = "src/parser.lua", limit = 20 } },
      } },
      { role = "tool_result", tool_call_id = "call_1", tool_name = "read", content = "return {}", is_error = false },
      { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "Done." } } },
    }))
    assert.are.equal(table.concat({
      "[user]\nfix the parser",
      "[thinking]\nlook first",
      "[assistant]\nReading it.\nThen fixing.",
      "[tool call: read]\nlimit: 20\npath: src/parser.lua",
      "[tool result: read, ok]\nreturn {}",
      "[assistant]\nDone.",
    }, "\n\n"), text)
  end)

  it("returns an empty string for no messages", function()
    assert.are.equal("", serialize({}))
  end)

  it("keeps user and assistant visible text complete however long", function()
    local long = lines(5000, "user line %d with some padding to make it long")
    local answer = lines(3000, "answer %d")
    local text = assert(serialize({
      { role = "user", content = { { type = "text", text = long } } },
      { role = "assistant", content = { { type = "text", text = answer } } },
      { role = "assistant", content = answer },
    }))
    assert.are.equal("[user]\n" .. long .. "\n\n[assistant]\n" .. answer .. "\n\n[assistant]\n" .. answer, text)
    assert.is_nil(text:find("cut", 1, true))
  end)

  it("turns images into counts and never writes image data", function()
    local data = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    local text = assert(serialize({
      { role = "user", content = {
        { type = "text", text = "compare these" },
        { type = "image", mime_type = "image/png", data = data },
        { type = "image", mime_type = "image/png", data = data },
      } },
      { role = "user", content = { { type = "image", mime_type = "image/jpeg", data = data } } },
      { role = "tool_result", tool_call_id = "c", tool_name = "screenshot", content = {
        { type = "text", text = "captured" }, { type = "image", mime_type = "image/png", data = data } } },
    }))
    assert.are.equal("[user]\ncompare these\n[2 images]\n\n[user]\n[1 image]\n\n"
      .. "[tool result: screenshot, ok]\ncaptured\n[1 image]", text)
    assert.is_nil(text:find("iVBOR", 1, true))
    assert.is_nil(text:find("image/png", 1, true))
  end)

  it("omits failed and aborted assistant messages, keeping an interrupted turn's calls", function()
    local text = assert(serialize({
      { role = "user", content = "go" },
      { role = "assistant", stop_reason = "error", error_message = "overloaded",
        content = { { type = "text", text = "FAILED-ATTEMPT" } } },
      { role = "assistant", stop_reason = "aborted", error_message = "Request was aborted",
        content = { { type = "thinking", thinking = "ABORTED-THOUGHT" }, { type = "text", text = "ABORTED-TEXT" },
                    { type = "tool_call", id = "c", name = "bash", arguments = { command = "rm -rf build" } } } },
      { role = "tool_result", tool_call_id = "c", tool_name = "bash", content = "aborted", is_error = true },
      { role = "user", content = "why did you delete build?" },
      { role = "assistant", stop_reason = "length", content = { { type = "text", text = "kept" } } },
    }))
    assert.are.equal(table.concat({
      "[user]\ngo",
      "[interrupted]\nthe turn stopped before it finished; its text is left out",
      "[tool call: bash]\ncommand: rm -rf build",
      "[tool result: bash, error]\naborted",
      "[user]\nwhy did you delete build?",
      "[assistant]\nkept",
    }, "\n\n"), text)
  end)

  it("never writes tool call ids, provider metadata or thinking signatures", function()
    local text = assert(serialize({
      { role = "assistant", stop_reason = "tool_use", provider_metadata = { response_id = "resp_META_1" },
        usage = { input = 1, output = 2 },
        content = {
          { type = "thinking", thinking = "plan", signature = "SIGNATURE_ABC" },
          { type = "tool_call", id = "toolu_ID_123", name = "bash", arguments = { command = "ls" },
            provider_metadata = { item = "META_2" } },
        } },
      { role = "tool_result", tool_call_id = "toolu_ID_123", tool_name = "bash", content = "a.lua",
        is_error = false, provider_metadata = { x = "META_3" } },
    }))
    for _, secret in ipairs({ "toolu_ID_123", "resp_META_1", "META_2", "META_3", "SIGNATURE_ABC", "usage" }) do
      assert.is_nil(text:find(secret, 1, true), secret)
    end
    assert.truthy(text:find("[tool call: bash]", 1, true))
    assert.truthy(text:find("[tool result: bash, ok]", 1, true))
  end)

  it("keeps tool names and result status", function()
    local text = assert(serialize({
      { role = "tool_result", tool_call_id = "c", tool_name = "edit", content = "no match", is_error = true },
      { role = "tool_result", tool_call_id = "c", tool_name = "write", content = "ok", is_error = false },
      { role = "tool_result", tool_call_id = "c", tool_name = "grep", content = "x" },
    }))
    assert.are.equal("[tool result: edit, error]\nno match\n\n[tool result: write, ok]\nok\n\n"
      .. "[tool result: grep, ok]\nx", text)
  end)

  describe("cuts", function()
    it("leaves thinking of exactly 100 lines alone and cuts the 101st", function()
      local hundred = lines(100)
      assert.are.equal(hundred, body(assert(serialize(thinking(hundred)))))
      local b = body(assert(serialize(thinking(lines(101)))))
      -- thinking keeps its tail: lines 2..101
      assert.are.equal("[... cut 1 line, 7 bytes ...]\n" .. lines(101):sub(8), b)
    end)

    it("keeps the last 100 lines of long thinking with a marker first", function()
      local text = lines(150)
      local b = body(assert(serialize(thinking(text))))
      local kept = {}
      for i = 51, 150 do kept[#kept + 1] = "line " .. i end
      local cut_bytes = #text - #table.concat(kept, "\n")
      assert.are.equal("[... cut 50 lines, " .. cut_bytes .. " bytes ...]\n" .. table.concat(kept, "\n"), b)
    end)

    it("counts a trailing newline as ending the last line", function()
      local text = lines(100) .. "\n"
      assert.are.equal(text, body(assert(serialize(thinking(text)))))
    end)

    it("cuts thinking at 2 KiB when that is shorter than 100 lines", function()
      local exact = string.rep("t", 2048)
      assert.are.equal(exact, body(assert(serialize(thinking(exact)))))
      local over = "H" .. string.rep("t", 2048)
      assert.are.equal("[... cut 1 byte ...]\n" .. string.rep("t", 2048),
        body(assert(serialize(thinking(over)))))
      local long = lines(90, string.rep("x", 60) .. "%03d") -- 90 lines, ~5.8 KB
      local b = body(assert(serialize(thinking(long))))
      local kept = b:match("^%[%.%.%. cut %d+ lines?, %d+ bytes %.%.%.%]\n(.*)$")
      -- the byte cut moved forward to the next line start
      local start = #long - 2048 + 1
      while long:sub(start - 1, start - 1) ~= "\n" do start = start + 1 end
      assert.are.equal(long:sub(start), kept)
      assert.are.equal("x", kept:sub(1, 1))
      local cut_lines = 90 - select(2, kept:gsub("\n", "")) - 1
      assert.truthy(b:find("cut " .. cut_lines .. " lines, " .. (start - 1) .. " bytes", 1, true))
    end)

    it("cuts at a space near the byte limit when there is no line end", function()
      local words = string.rep("word ", 600) -- 3000 bytes on one line
      local b = body(assert(serialize(thinking(words))))
      local kept = b:match("^%[%.%.%. cut %d+ bytes %.%.%.%]\n(.*)$")
      assert.are.equal("word", kept:sub(1, 4))
      assert.are.equal(words:sub(-#kept), kept)
      assert.truthy(#kept <= 2048 and #kept > 2048 - 96)
    end)

    it("writes arguments short values first, each long value cut on its own", function()
      local args = { path = "a.lua", content = lines(300, "content line %d"), mode = 420,
                     edits = { { old = "a", new = "b" } } }
      local text = assert(serialize({ { role = "assistant", content = {
        { type = "tool_call", id = "c1", name = "write", arguments = args } } } }))
      local b = body(text)
      local head = lines(100, "content line %d")
      assert.are.equal(table.concat({
        'edits: [{"new":"b","old":"a"}]',
        "mode: 420",
        "path: a.lua",
        "content:",
        head,
        "[... cut 200 lines, " .. (#args.content - #head) .. " bytes ...]",
      }, "\n"), b)
      -- a long command comes before longer file contents
      local two = body(assert(serialize({ { role = "assistant", content = {
        { type = "tool_call", id = "c2", name = "Write", arguments = {
          content = string.rep("z", 900), file_path = string.rep("d/", 120) .. "f.txt" } } } } })))
      assert.are.equal("file_path:\n" .. string.rep("d/", 120) .. "f.txt\ncontent:\n" .. string.rep("z", 900), two)
    end)

    it("writes argument lists as JSON", function()
      local b = body(assert(serialize({ { role = "assistant", content = {
        { type = "tool_call", id = "c1", name = "x", arguments = { "a", "b" } } } } })))
      assert.are.equal('["a","b"]', b)
    end)

    it("writes string arguments as given, head kept", function()
      local raw = lines(120, "raw %d")
      local b = body(assert(serialize({ { role = "assistant", content = {
        { type = "tool_call", id = "c1", name = "x", arguments = raw } } } })))
      local head = lines(100, "raw %d")
      assert.are.equal(head .. "\n[... cut 20 lines, " .. (#raw - #head) .. " bytes ...]", b)
    end)

    it("writes missing arguments as {}", function()
      assert.are.equal("[tool call: now]\n{}", serialize({ { role = "assistant", content = {
        { type = "tool_call", id = "c1", name = "now" } } } }))
    end)

    it("keeps the head of ordinary tool results", function()
      local out = lines(250, "row %d")
      local b = body(assert(serialize(tool_result("read", out, false))))
      local head = lines(100, "row %d")
      assert.are.equal(head .. "\n[... cut 150 lines, " .. (#out - #head) .. " bytes ...]", b)
    end)

    it("keeps the tail of bash results and of error results", function()
      local out = lines(250, "row %d")
      local tail = out:sub(#lines(150, "row %d") + 2)
      local marker = "[... cut 150 lines, " .. (#out - #tail) .. " bytes ...]\n"
      assert.are.equal(marker .. tail, body(assert(serialize(tool_result("bash", out, false)))))
      assert.are.equal(marker .. tail, body(assert(serialize(tool_result("read", out, true)))))
      local blocks = { { type = "text", text = out } }
      assert.are.equal(marker .. tail, body(assert(serialize(tool_result("bash", blocks, true)))))
    end)

    it("keeps the tail of any tool named in shell_names, case-insensitively", function()
      local out = lines(250, "row %d")
      local tail = out:sub(#lines(150, "row %d") + 2)
      local marker = "[... cut 150 lines, " .. (#out - #tail) .. " bytes ...]\n"
      local shells = { bash = true, exec_command = true }
      assert.are.equal(marker .. tail, body(assert(serialize(tool_result("Bash", out, false), shells))))
      assert.are.equal(marker .. tail, body(assert(serialize(tool_result("exec_command", out, false), shells))))
      local head = lines(100, "row %d")
      assert.are.equal(head .. "\n[... cut 150 lines, " .. (#out - #head) .. " bytes ...]",
        body(assert(serialize(tool_result("Read", out, false), shells))))
      local none, err = serialize({}, "bash")
      assert.is_nil(none)
      assert.are.equal("shell_names: expected a table of lower-case tool names, got string", err)
    end)

    it("cuts tool results at 2 KiB on either side", function()
      local out = string.rep("0123456789", 500)
      assert.are.equal(out:sub(1, 2048) .. "\n[... cut " .. (#out - 2048) .. " bytes ...]",
        body(assert(serialize(tool_result("read", out)))))
      assert.are.equal("[... cut " .. (#out - 2048) .. " bytes ...]\n" .. out:sub(-2048),
        body(assert(serialize(tool_result("bash", out)))))
    end)

    it("joins text blocks of a tool result before cutting and counts images after", function()
      local b = body(assert(serialize(tool_result("read", {
        { type = "text", text = lines(60, "a%d") }, { type = "image", data = "DATA" },
        { type = "text", text = lines(60, "b%d") } }))))
      local joined = lines(60, "a%d") .. "\n" .. lines(40, "b%d")
      assert.are.equal(joined, b:sub(1, #joined))
      assert.truthy(b:find("\n%[%.%.%. cut 20 lines, %d+ bytes %.%.%.%]\n%[1 image%]$"))
    end)

    it("never splits a UTF-8 sequence at a head or a tail cut", function()
      for shift = 0, 3 do
        for _, char in ipairs({ "\195\169", "\226\130\172", "\240\159\152\128" }) do
          local text = string.rep("a", shift) .. string.rep(char, 1500)
          for _, name in ipairs({ "read", "bash" }) do
            local b = body(assert(serialize(tool_result(name, text))))
            local kept = name == "read" and b:match("^(.*)\n%[%.%.%. cut") or b:match("%.%.%.%]\n(.*)$")
            assert.is_true(valid_utf8(kept), name .. " shift " .. shift)
            assert.is_true(#kept <= 2048 and #kept > 2048 - #char)
            local cut_bytes = tonumber(b:match("cut (%d+) bytes"))
            assert.are.equal(#text, #kept + cut_bytes)
          end
          local b = body(assert(serialize(thinking(text))))
          assert.is_true(valid_utf8(b))
        end
      end
    end)

    it("does not loop or overrun on invalid UTF-8", function()
      local junk = string.rep("\128\191\255", 1000)
      local b = body(assert(serialize(tool_result("bash", junk))))
      assert.truthy(b:find("bytes ...]\n", 1, true))
      b = body(assert(serialize(tool_result("read", "\240" .. junk))))
      assert.truthy(#b < 2200)
    end)
  end)

  describe("on the real pi session", function()
    local messages = require("spec.support.data").pi_messages_or_pending(pending)
    if not messages then return end
    local text = assert(serialize(messages))

    it("leaves out ids, signatures and failed attempts", function()
      local ids, signatures = 0, 0
      for _, msg in ipairs(messages) do
        if msg.role == "assistant" and type(msg.content) == "table" then
          for _, block in ipairs(msg.content) do
            if block.type == "tool_call" then
              ids = ids + 1
              assert.is_nil(text:find(block.id, 1, true), block.id)
            elseif block.type == "thinking" and block.signature then
              signatures = signatures + 1
              assert.is_nil(text:find(block.signature, 1, true))
            end
          end
        end
      end
      assert.is_true(ids > 300 and signatures >= 1)
      assert.is_nil(text:find("Request was aborted", 1, true))
    end)

    it("keeps every cut record (each argument value of a call) within 100 lines and 2 KiB", function()
      local records, long_values = 0, 0
      for record in (text .. "\n\n["):gmatch("\n?(%[.-)\n\n%f[%[]") do
        local header, content = record:match("^(%[[^\n]*%])\n?(.*)$")
        if header and header:find("^%[tool call") then
          records = records + 1
          -- a "key:" line starts each long value; short values are one "key: v" line each
          local values, current = {}, nil
          for line in (content .. "\n"):gmatch("([^\n]*)\n") do
            if line:match("^[%w_]+:$") then
              current = {}
              values[#values + 1] = current
            elseif current then
              current[#current + 1] = line
            end
          end
          for _, value in ipairs(values) do
            local body_text = table.concat(value, "\n")
            local stripped = body_text:gsub("%[%.%.%. cut [%d linesbytes,]+ %.%.%.%]\n?", "")
            assert.is_true(#stripped <= 2048 + 1, header .. " " .. #stripped)
            assert.is_true(#value <= 101, header .. " " .. #value .. " lines")
            long_values = long_values + 1
          end
        elseif header and (header == "[thinking]" or header:find("^%[tool ")) then
          records = records + 1
          local stripped = content:gsub("%[%.%.%. cut [%d linesbytes,]+ %.%.%.%]\n?", "")
          assert.is_true(#stripped <= 2048 + 1, header .. " " .. #stripped)
          assert.is_true(select(2, stripped:gsub("\n", "")) <= 100, header)
        end
      end
      assert.is_true(records > 700)
      assert.is_true(long_values > 100)
      assert.is_true(#text < 1000000 / 2)
    end)
  end)

  it("passes blocks of unknown types through: their text shows, the rest is left out", function()
    local text = assert(serialize {
      { role = "user", content = { { type = "video", url = "v.mp4" }, { type = "text", text = "see" } } },
      { role = "assistant", content = { { type = "citation", text = "cited words", source = "doc" },
        { type = "redacted_thinking", data = "opaque" } } },
    })
    assert.truthy(text:find("see", 1, true))
    assert.truthy(text:find("cited words", 1, true))
    assert.falsy(text:find("v.mp4", 1, true))
    assert.falsy(text:find("opaque", 1, true))
  end)

  describe("invalid input", function()
    local function fails(messages, pattern)
      local text, err = serialize(messages)
      assert.is_nil(text)
      assert.is_string(err)
      assert.truthy(err:find(pattern), err .. " does not match " .. pattern)
    end

    it("names the message index and the field", function()
      fails("nope", "^messages: expected a list of messages, got string")
      fails({ { role = "user", content = "a" }, 42 }, "^messages%[2%]: expected a message table, got number")
      fails({ { content = "a" } }, "^messages%[1%]%.role: expected string, got nil")
      fails({ { role = "system", content = "a" } }, "^messages%[1%]%.role: unknown role 'system'")
      fails({ { role = "user", content = 7 } }, "^messages%[1%]%.content: expected string or list of blocks, got number")
      fails({ { role = "user" }, { role = "user", content = { { text = "x" } } } }, "^messages%[1%]%.content")
      fails({ { role = "user", content = { { text = "x" } } } }, "^messages%[1%]%.content%[1%]: block has no type")
      fails({ { role = "user", content = { { type = "text", text = "a" }, "b" } } },
        "^messages%[1%]%.content%[2%]: expected a block table, got string")
      fails({ { role = "user", content = { { type = "text", text = false } } } },
        "^messages%[1%]%.content%[1%]%.text: expected string, got boolean")
      fails({ { role = "assistant", content = "x", stop_reason = 3 } }, "^messages%[1%]%.stop_reason: expected string, got number")
      fails({ { role = "assistant", content = { { type = "tool_call", name = "read" } } } },
        "^messages%[1%]%.content%[1%]%.id: tool_call has no id")
      fails({ { role = "user", content = "a" }, { role = "assistant", content = {
        { type = "text", text = "ok" }, { type = "tool_call", id = "c" } } } }, "^messages%[2%]%.content%[2%]%.name: tool_call has no name")
      fails({ { role = "assistant", content = { { type = "thinking", thinking = {} } } } }, "^messages%[1%]%.content%[1%]%.thinking: expected string, got table")
      fails({ { role = "assistant", content = { { type = "tool_call", id = "c", name = "n", arguments = 5 } } } },
        "^messages%[1%]%.content%[1%]%.arguments: expected table, got number")
      fails({ { role = "tool_result", tool_call_id = "c", tool_name = "x", content = "a", is_error = "yes" } }, "^messages%[1%]%.is_error: expected boolean, got string")
      fails({ { role = "tool_result", tool_call_id = "c", tool_name = 5, content = "a" } }, "^messages%[1%]%.tool_name: expected string, got number")
      fails({ { role = "tool_result", tool_call_id = "c", tool_name = "x", content = 5 } }, "^messages%[1%]%.content: expected string or list of blocks, got number")
    end)

    it("rejects a cycle in tool arguments instead of looping", function()
      local args = { path = "a" }
      args.self = args
      fails({ { role = "assistant", content = { { type = "tool_call", id = "c", name = "n", arguments = args } } } },
        "^messages%[1%]%.content%[1%]%.arguments: ")
    end)

    it("rejects arguments the JSON encoder cannot write", function()
      fails({ { role = "assistant", content = { { type = "tool_call", id = "c", name = "n",
        arguments = { f = print } } } } }, "^messages%[1%]%.content%[1%]%.arguments: ")
    end)

    it("reads fields raw: metatables never run", function()
      local trap = setmetatable({}, { __index = function() error("metamethod ran") end })
      local msg = setmetatable({ role = "user", content = "hi" }, getmetatable(trap))
      assert.are.equal("[user]\nhi", serialize({ msg }))
      local text, err = serialize({ setmetatable({}, getmetatable(trap)) })
      assert.is_nil(text)
      assert.truthy(err:find("role"))
    end)

    it("never crashes on random garbage", function()
      local values = { 1, "s", true, false, {}, { type = "text" }, { type = "text", text = "t" },
                       { type = "image" }, { type = "tool_call", id = "i", name = "n", arguments = {} },
                       { type = "thinking", thinking = "th" }, print, 0.5 }
      local roles = { "user", "assistant", "tool_result", "other", 1 }
      local lcg = require("spec.support.lcg")(7)
      local function rand(n) return lcg(n) + 1 end
      for _ = 1, 500 do
        local msg = { role = roles[rand(#roles)], stop_reason = ({ "stop", "error", 3 })[rand(3)],
                      tool_name = ({ "bash", "read", 5 })[rand(3)], is_error = ({ true, false, "x" })[rand(3)] }
        local kind = rand(3)
        if kind == 1 then
          msg.content = values[rand(#values)]
        else
          msg.content = {}
          for j = 1, rand(4) do msg.content[j] = values[rand(#values)] end
        end
        local text, err = serialize({ msg })
        assert.is_true((type(text) == "string" and err == nil) or (text == nil and type(err) == "string"))
      end
    end)
  end)
end)
