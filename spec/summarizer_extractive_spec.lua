-- compact.summarizers.extractive: the offline, deterministic summarizer.
local extractive = require "compact.summarizers.extractive"
local errors = require "compact.errors"
local cancel = require "compact.cancel"
local data = require "spec.support.data"

local function user(text) return { role = "user", content = text } end
local function call(id, name, args)
  return { role = "assistant", stop_reason = "tool_use",
           content = { { type = "tool_call", id = id, name = name, arguments = args } } }
end
local function result(id, name, text, is_error)
  return { role = "tool_result", tool_call_id = id, tool_name = name, content = text, is_error = is_error }
end
local function say(text)
  return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } }
end

local function section(text, heading)
  return text:match("\n?" .. heading:gsub("%p", "%%%0") .. "\n(.-)\n\n") or text:match(heading:gsub("%p", "%%%0")
    .. "\n(.*)$")
end

local function summarize(req, config)
  local s = assert(extractive.new(config))
  local text, usage = s:summarize(req)
  assert.is_string(text, tostring(usage))
  return text, usage
end

local conversation = {
  user("Add a --verbose flag to src/cli.lua"),
  call("c1", "read", { path = "src/cli.lua" }),
  result("c1", "read", "local M = {}"),
  call("c2", "edit", { path = "src/cli.lua", old = "a", new = "b" }),
  result("c2", "edit", "ok"),
  call("c3", "bash", { command = "make test" }),
  result("c3", "bash", "FAIL spec/cli_spec.lua:12: expected true\nCommand exited with code 1", true),
  { role = "assistant", stop_reason = "aborted", content = {
    { type = "tool_call", id = "c9", name = "write", arguments = { path = "ABORTED.lua" } } } },
  user("/model"),
  user("Also document it in README.md"),
  call("c4", "write", { path = "docs/cli.md", content = "..." }),
  call("c5", "read", { path = "README.md" }),
  say("Done: the flag is documented."),
}

describe("extractive summarizer", function()
  it("validates its config", function()
    for _, config in ipairs({ "x", { max_chars = 0 }, { max_chars = 199 }, { max_chars = 1.5 },
                              { max_chars = "100" }, { max_chars = math.huge } }) do
      local s, err = extractive.new(config)
      assert.is_nil(s)
      assert.is_true(errors.is(err, errors.sentinels.ErrInvalidConfig))
    end
    assert.are.equal(extractive.DEFAULT_MAX_CHARS, assert(extractive.new()).max_chars)
    assert.are.equal(500, assert(extractive.new({ max_chars = 500 })).max_chars)
  end)

  it("extracts the goal, requests, tool calls, errors, files and next step", function()
    local text, usage = summarize({ messages = conversation })
    assert.are.same({ input = 0, output = 0, cache_read = 0, cache_write = 0 }, usage)
    assert.are.equal("Add a --verbose flag to src/cli.lua", section(text, "## Goal"))
    assert.are.equal("- Add a --verbose flag to src/cli.lua\n- Also document it in README.md",
      section(text, "## User requests"))
    assert.are.equal(table.concat({
      "- read `src/cli.lua`", "- edit `src/cli.lua`", "- bash: `make test`", "- write `docs/cli.md`",
      "- read `README.md`" }, "\n"), section(text, "## Progress (tool calls)"))
    assert.are.equal("- bash: `make test` -> FAIL spec/cli_spec.lua:12: expected true Command exited with code 1",
      section(text, "## Errors"))
    assert.are.equal("### Read\n- README.md\n### Modified\n- docs/cli.md\n- src/cli.lua",
      section(text, "## Files touched"))
    assert.are.equal("- Also document it in README.md", section(text, "## Next steps"))
    assert.are.equal("- Last assistant reply: Done: the flag is documented.", section(text, "## Critical context"))
    assert.is_nil(text:find("ABORTED", 1, true))
    assert.is_nil(text:find("/model", 1, true))
  end)

  it("reads the turn prefix after the history", function()
    local text = summarize({ messages = { user("first") }, turn_prefix_messages = { user("second"),
      call("p1", "read", { file_path = "x.lua" }) } })
    assert.are.equal("- first\n- second", section(text, "## User requests"))
    assert.are.equal("- second", section(text, "## Next steps"))
    -- `read` names its file by `path` (the compactor's default mapping)
    assert.falsy(text:find("### Read\n- x.lua", 1, true))
    local mapped = assert(extractive.new { file_tools = { read = { kind = "read", key = "file_path" } } })
    text = mapped:summarize({ messages = { user("first") }, turn_prefix_messages = { user("second"),
      call("p1", "read", { file_path = "x.lua" }) } })
    assert.truthy(text:find("### Read\n- x.lua", 1, true))
  end)

  it("cuts long error results short, keeping head and tail", function()
    local long = "START " .. string.rep("noise ", 2000) .. " THE END"
    local text = summarize({ messages = { user("go"), call("e", "bash", { command = "run" }),
                                          result("e", "bash", long, true) } })
    local line = section(text, "## Errors")
    assert.truthy(#line < 320)
    assert.truthy(line:find("START", 1, true))
    assert.truthy(line:find("THE END", 1, true))
  end)

  it("handles an empty request", function()
    local text = summarize({ messages = {} })
    assert.truthy(text:find("## Goal\n(no request yet)", 1, true))
  end)

  it("is deterministic", function()
    local a = summarize({ messages = conversation, previous_summary = "<read-files>\nz.lua\n</read-files>" })
    local b = summarize({ messages = conversation, previous_summary = "<read-files>\nz.lua\n</read-files>" })
    assert.are.equal(a, b)
  end)

  describe("previous summary", function()
    it("merges its own earlier summary, older items first", function()
      local first = summarize({ messages = conversation })
      local second = summarize({ messages = { user("Now add --quiet"), call("q", "edit", { path = "src/quiet.lua" }) },
                                 previous_summary = first })
      assert.are.equal("Add a --verbose flag to src/cli.lua", section(second, "## Goal"))
      assert.are.equal("- Add a --verbose flag to src/cli.lua\n- Also document it in README.md\n- Now add --quiet",
        section(second, "## User requests"))
      local progress = section(second, "## Progress (tool calls)")
      local tail = "- read `README.md`\n- edit `src/quiet.lua`"
      assert.are.equal(tail, progress:sub(-#tail))
      assert.truthy(section(second, "## Errors"):find("make test", 1, true))
      assert.are.equal("### Read\n- README.md\n### Modified\n- docs/cli.md\n- src/cli.lua\n- src/quiet.lua",
        section(second, "## Files touched"))
      assert.are.equal("- Now add --quiet", section(second, "## Next steps"))
    end)

    it("gives back the same summary when nothing new happened", function()
      local first = summarize({ messages = conversation })
      assert.are.equal(first, summarize({ messages = {}, previous_summary = first }))
    end)

    it("reads the file lists the compactor appended", function()
      local previous = "## Goal\nold goal\n\n<read-files>\na.lua\nb.lua\n</read-files>\n\n"
        .. "<modified-files>\nb.lua\nc.lua\n</modified-files>"
      local text = summarize({ messages = { user("x") }, previous_summary = previous })
      assert.are.equal("### Read\n- a.lua\n### Modified\n- b.lua\n- c.lua", section(text, "## Files touched"))
      assert.is_nil(text:find("<read-files>", 1, true))
      assert.are.equal("old goal", section(text, "## Goal"))
    end)

    it("keeps a summary written by someone else as an earlier summary", function()
      local foreign = "The user is porting the theme system.\n## Heading from a model\n- a point"
      local text = summarize({ messages = { user("continue") }, previous_summary = foreign })
      assert.are.equal("> The user is porting the theme system.\n> ## Heading from a model\n> - a point",
        section(text, "## Earlier summary"))
      -- and survives another round unchanged
      local again = summarize({ messages = {}, previous_summary = text })
      assert.are.equal(section(text, "## Earlier summary"), section(again, "## Earlier summary"))
    end)
  end)

  describe("budget", function()
    local function big_history(n)
      local messages = {}
      for i = 1, n do
        messages[#messages + 1] = user(string.format("request %05d: %s", i, string.rep("please ", 30)))
        messages[#messages + 1] = call("id" .. i, i % 2 == 0 and "edit" or "read",
          { path = string.format("src/file_%05d.lua", i) })
        messages[#messages + 1] = result("id" .. i, "read", string.rep("error text ", 50), i % 7 == 0)
      end
      return messages
    end

    for _, max_chars in ipairs({ 200, 1000, 4000, 16000 }) do
      it("stays within max_chars = " .. max_chars .. " and keeps the newest items", function()
        local text = summarize({ messages = big_history(3000), previous_summary = "OLD\n" .. string.rep("x", 50000) },
          { max_chars = max_chars })
        assert.is_true(#text <= max_chars, #text .. " > " .. max_chars)
        if max_chars >= 1000 then
          assert.truthy(text:find("request 03000", 1, true))
          assert.is_nil(text:find("request 00002", 1, true))
          assert.truthy(text:find("earlier items omitted", 1, true))
          assert.truthy(text:find("## Next steps\n- request 03000", 1, true))
        end
        if max_chars >= 4000 then
          assert.truthy(text:find("src/file_03000.lua", 1, true))
          assert.truthy(text:find("src/file_02999.lua", 1, true))
          assert.is_nil(text:find("src/file_00001.lua", 1, true))
          assert.truthy(text:find("## Goal\nrequest 00001", 1, true))
        end
      end)
    end

    it("uses most of the budget when there is plenty to say", function()
      local text = summarize({ messages = big_history(500) }, { max_chars = 8000 })
      assert.is_true(#text > 6000 and #text <= 8000, tostring(#text))
    end)

    it("never splits a UTF-8 sequence when cutting", function()
      local text = summarize({ messages = { user(string.rep("\226\130\172", 3000)) } }, { max_chars = 300 })
      assert.is_true(#text <= 300)
      for char in text:gmatch("[\192-\244][\128-\191]*") do assert.are.equal("\226\130\172", char) end
    end)
  end)

  describe("errors", function()
    it("stops on a cancelled token", function()
      local s = assert(extractive.new())
      local text, err = s:summarize({ messages = conversation }, cancel.token():cancel())
      assert.is_nil(text)
      assert.is_true(errors.is(err, errors.sentinels.ErrCancelled))
    end)

    it("rejects malformed requests", function()
      local s = assert(extractive.new())
      for _, req in ipairs({ 5, { messages = 5 }, { messages = { 5 } }, { messages = { { content = "x" } } },
                             { messages = {}, turn_prefix_messages = "x" },
                             { messages = {}, previous_summary = 3 } }) do
        local text, err = s:summarize(req)
        assert.is_nil(text)
        assert.are.equal("invalid_request", err.code)
      end
    end)

    it("skips odd blocks instead of failing", function()
      local text = summarize({ messages = {
        { role = "user", content = { 5, { type = "image", data = "AAAA" }, { type = "text", text = "hello" } } },
        { role = "assistant", content = { "junk", { type = "tool_call", name = "read", arguments = "not a table" } } },
        { role = "tool_result", content = 42, is_error = true },
      } })
      assert.truthy(text:find("## Goal\nhello", 1, true))
      assert.truthy(text:find("- read\n", 1, true))
    end)
  end)

  describe("on the real pi session", function()
    local found, note = data.need()
    if not found then
      pending(note)
      return
    end
    local messages = data.pi_messages()

    it("loads the session", function()
      assert.are.equal(914, #messages)
      assert.are.equal("tool_call", messages[4].content[2].type)
      assert.are.equal("tool_result", messages[5].role)
    end)

    it("stays within the default budget and names the files the session touched", function()
      local s = assert(extractive.new())
      local text = assert(s:summarize({ messages = messages }))
      assert.is_true(#text <= extractive.DEFAULT_MAX_CHARS)
      assert.is_true(#text > extractive.DEFAULT_MAX_CHARS / 2)
      local files = section(text, "## Files touched")
      for _, path in ipairs({ "packages/coding-agent/src/theme/theme.ts",
                              "packages/coding-agent/src/tui/tui-renderer.ts",
                              "packages/coding-agent/src/tui/user-message-selector.ts",
                              "packages/coding-agent/docs/theme.md",
                              "packages/coding-agent/src/tui/oauth-selector.ts" }) do
        assert.truthy(files:find("- " .. path .. "\n", 1, true) or files:find("- " .. path .. "$"), path)
      end
      assert.truthy(section(text, "## Goal"):find("user-message-selector.ts", 1, true))
    end)

    it("stays within a small budget, summarizing in halves", function()
      local s = assert(extractive.new({ max_chars = 4000 }))
      local half = math.floor(#messages / 2)
      local first_half, second_half = {}, {}
      for i = 1, #messages do
        local list = i <= half and first_half or second_half
        list[#list + 1] = messages[i]
      end
      local first = assert(s:summarize({ messages = first_half }))
      local second = assert(s:summarize({ messages = second_half, previous_summary = first }))
      assert.is_true(#first <= 4000 and #second <= 4000)
      assert.are.equal(section(first, "## Goal"), section(second, "## Goal"))
      assert.truthy(section(second, "## Files touched"):find("packages/coding-agent/src/theme/theme.ts", 1, true))
    end)
  end)
end)
