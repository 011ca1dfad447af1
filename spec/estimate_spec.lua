-- Estimators and compact.estimate.
local compact = require "compact"

-- Exact values follow from the costs in csrc/core/heuristic.h and
-- csrc/core/heuristic.c (in 1/1024 token, after the fitted scale, in
-- multiples of 16): a word start 1072, each further letter 80, a single
-- space 0, a space after a space 32; per message 2 tokens, per block 2, per tool call and per tool
-- result 28, per image 1200; JSON keys 2048 and values 1024 on top of their
-- text. spec/heuristic_spec.lua covers the classes.
describe("compact.heuristic", function()
  local h = compact.heuristic()

  it("estimates text by its content, rounded up", function()
    assert.equal(0, h:text(""))
    assert.equal(0, h:text(nil))
    assert.equal(1, h:text(" "))                -- the start counts as a space: 32
    assert.equal(2, h:text("a"))                -- 1072: just over one token
    assert.equal(2, h:text("abcd"))             -- 1072 + 3 * 80 = 1312
    assert.equal(3, h:text("hello world"))      -- 2 * (1072 + 4 * 80) = 2784
    assert.has_error(function() h:text(42) end)
  end)

  it("estimates a message as fixed costs plus its text, rounded once", function()
    assert.equal(2 + 3, h:message { role = "user", content = "hello world" })
    -- 4 blocks, "a" + "a" = 2144 units (rounded once: 3), two images
    assert.equal(2 + 4 * 2 + 3 + 1200 * 2, h:message { role = "user", content = {
      { type = "text", text = "a" }, { type = "image", data = "AAAA", mime_type = "image/png" },
      { type = "text", text = "a" }, { type = "image", data = "BBBB", mime_type = "image/png" } } })
    -- thinking counts, its signature does not; image data never counts
    assert.equal(2 + 2 + 2, h:message { role = "assistant", content = {
      { type = "thinking", thinking = "abcd", signature = ("s"):rep(1000) } } })
    assert.equal(2 + 2 + 1200, h:message { role = "user", content = {
      { type = "image", data = ("A"):rep(100000), mime_type = "image/png" } } })
  end)

  it("counts tool calls by name and arguments, tool results by their text, each with its overhead", function()
    -- "read" 1312 + key "path" 1312 + 2048 + value "a" 1072 + 1024 = 6768 -> 7
    assert.equal(2 + 2 + 28 + 7, h:message { role = "assistant", content = {
      { type = "tool_call", id = "1", name = "read", arguments = { path = "a" } } } })
    assert.equal(2 + 28 + 3, h:message { role = "tool_result", tool_call_id = "1", content = "hello world" })
    local small = h:message { role = "assistant", content = { { type = "tool_call", id = "1", name = "read", arguments = { path = "a" } } } }
    local large = h:message { role = "assistant", content = { { type = "tool_call", id = "1", name = "read",
      arguments = { path = ("hello world "):rep(10) } } } }
    assert.equal(small + 26, large)             -- 6768 - 1072 + 10 * 2784 = 33536 units: 33 - 7
  end)

  it("estimates tool definitions", function()
    assert.equal(0, h:tools(nil))
    assert.equal(0, h:tools({}))
    -- "read" 1312 + "a" 1072 + key "type" 1312 + 2048 + "object" 1472 + 1024 = 8240 -> 9
    assert.equal(8 + 9, h:tools { { name = "read", description = "a", parameters = { type = "object" } } })
    assert.has_error(function() h:tools { { description = "no name" } } end)
  end)

  it("raises on a malformed message, naming the field", function()
    assert.has_error(function() h:message { role = "robot", content = "x" } end, "message.role: unknown role 'robot'")
  end)

  it("compares roles and block types as Lua does: a NUL byte makes another name", function()
    assert.has_error(function() h:message { role = "user\0", content = "x" } end,
      "message.role: unknown role (a string holding a NUL byte)")
    -- "text\0x" is a block type of its own: passed through, its text still counted
    local odd = h:message { role = "user", content = { { type = "text\0x", text = ("w"):rep(40) } } }
    local text = h:message { role = "user", content = { { type = "text", text = ("w"):rep(40) } } }
    assert.are.equal(text, odd)
    -- and not a text block: one without text is valid, as unknown blocks are
    assert.is_number(h:message { role = "user", content = { { type = "text\0x" } } })
    assert.has_error(function() h:message { role = "user", content = { { type = "text" } } } end)
  end)
end)

describe("compact.estimate", function()
  local messages = { { role = "user", content = ("u"):rep(40) }, { role = "assistant", content = { { type = "text", text = ("a"):rep(80) } } } }

  it("adds system prompt, projected summary, messages and tools", function()
    local h = compact.heuristic()
    local tools = { { name = "t", description = "x", parameters = {} } }
    local expected = h:text("system!") + h:message(compact.project_summary("sum")) + h:message(messages[1])
      + h:message(messages[2]) + h:tools(tools)
    assert.equal(expected, compact.estimate { system_prompt = "system!", summary = "sum", messages = messages, tools = tools })
  end)

  it("uses the request's estimator", function()
    local seen = {}
    local estimator = {
      text = function(_, s) seen.text = s; return 7 end,
      message = function(_, m) seen[#seen + 1] = m; return 1.5 end,
      tools = function() return 3 end,
    }
    -- fractional message estimates round up
    assert.equal(7 + 2 + 2 + 3, compact.estimate { system_prompt = "p", messages = messages, tools = {}, estimator = estimator })
    assert.equal("p", seen.text)
  end)

  it("turns estimator failures into ErrInvalidRequest with the cause", function()
    local boom = { text = function() return 0 end, message = function() error("tokenizer down") end, tools = function() return 0 end }
    local tokens, err = compact.estimate { messages = { { role = "user", content = "x" } }, estimator = boom }
    assert.is_nil(tokens)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.matches("messages%[1%]", err.message)
    assert.matches("tokenizer down", tostring(err.cause))
    local negative = { text = function() return -1 end, message = function() return 0 end, tools = function() return 0 end }
    tokens, err = compact.estimate { messages = {}, estimator = negative }
    assert.is_nil(tokens)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    tokens, err = compact.estimate { messages = {}, estimator = { text = function() return 0 end } }
    assert.is_nil(tokens)
    assert.matches("missing method 'message'", err.message)
  end)

  it("follows a growing list and a replaced list", function()
    local h = compact.heuristic()
    local first, second, empty = { role = "user", content = "abcd" }, { role = "user", content = "abcdabcd" },
      { role = "user", content = "" }
    local list = { first }
    assert.equal(h:message(first), compact.estimate { messages = list })
    list[2] = second
    assert.equal(h:message(first) + h:message(second), compact.estimate { messages = list })
    list[2] = nil
    assert.equal(h:message(first), compact.estimate { messages = list })
    local other = { list[1], empty }
    assert.equal(h:message(first) + h:message(empty), compact.estimate { messages = other })
  end)
end)

describe("compact.estimate: hard inputs", function()
  local core = require "compact.core"
  local qa = require("spec.support.conversation").qa

  it("rejects tool arguments JSON cannot hold, naming the message", function()
    for _, arguments in ipairs { { 1, nil, 3 }, { [1] = "a", key = "b" }, { [true] = 1 }, { n = 0 / 0 }, { n = math.huge } } do
      local messages = { { role = "user", content = "x" },
        { role = "assistant", content = { { type = "tool_call", id = "1", name = "t", arguments = arguments } } } }
      local tokens, err = compact.estimate { messages = messages }
      assert.is_nil(tokens)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.matches("messages%[2%]%.content%[1%]%.arguments", err.message)
    end
  end)

  it("returns nil, err for an estimator answering 1e19", function()
    local huge = { text = function() return 1e19 end, message = function() return 1 end, tools = function() return 0 end }
    local c = assert(compact.new { summarizer = compact.summarizer(function() return "S" end) })
    local ok, result, err = pcall(c.compact, c, { messages = qa(3), estimator = huge, require_reduction = true })
    assert.is_true(ok)
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
  end)

  it("sees a tool appended to the same tools table", function()
    local h = compact.heuristic()
    local tools = { { name = "read", description = "r" } }
    assert.equal(h:tools { tools[1] }, compact.estimate { messages = {}, tools = tools })
    tools[2] = { name = "write", description = ("d"):rep(4000) }
    assert.equal(h:tools { tools[1], tools[2] }, compact.estimate { messages = {}, tools = tools })
  end)

  it("survives an estimator that closes or re-syncs its own ledger", function()
    local ledger = core.ledger_new()
    local messages = qa(40)
    local close = getmetatable(ledger).__close or getmetatable(ledger).__gc
    local estimator = { message = function()
      close(ledger)
      assert(not pcall(ledger.sync, ledger, messages))
      return 1
    end }
    -- use after close is an error; closing twice is safe
    local ok, err = pcall(ledger.sync, ledger, messages, estimator)
    assert.is_false(ok)
    assert.matches("closed", err)
    assert.has_error(function() ledger:total() end, nil)
    assert.matches("closed", select(2, pcall(ledger.plan, ledger, 10)))
    close(ledger)
    assert.equal("compact.ledger (closed)", tostring(ledger))
  end)
end)
