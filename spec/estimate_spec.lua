-- Estimators and compact.estimate.
local compact = require "compact"

describe("compact.heuristic", function()
  local h = compact.heuristic()

  it("estimates text as ceil(bytes / 4)", function()
    assert.equal(0, h:text(""))
    assert.equal(0, h:text(nil))
    assert.equal(1, h:text("a"))
    assert.equal(1, h:text("abcd"))
    assert.equal(2, h:text("abcde"))
    assert.equal(250, h:text(("x"):rep(1000)))
    assert.has_error(function() h:text(42) end)
  end)

  it("estimates a message as 4 + ceil(text bytes / 4) + 1200 per image", function()
    assert.equal(4 + 2, h:message { role = "user", content = "12345678" })
    assert.equal(4 + 3 + 1200 * 2, h:message { role = "user", content = {
      { type = "text", text = "1234" }, { type = "image", data = "AAAA", mime_type = "image/png" },
      { type = "text", text = "12345678" }, { type = "image", data = "BBBB", mime_type = "image/png" } } })
    -- thinking counts, its signature does not; image data never counts
    assert.equal(4 + 1, h:message { role = "assistant", content = {
      { type = "thinking", thinking = "abcd", signature = ("s"):rep(1000) } } })
    assert.equal(4 + 1200, h:message { role = "user", content = {
      { type = "image", data = ("A"):rep(100000), mime_type = "image/png" } } })
  end)

  it("counts tool calls by name and argument size", function()
    local small = h:message { role = "assistant", content = { { type = "tool_call", id = "1", name = "read", arguments = { path = "a" } } } }
    local large = h:message { role = "assistant", content = { { type = "tool_call", id = "1", name = "read", arguments = { path = ("a"):rep(400) } } } }
    -- 4 per message, then the name and the arguments' JSON as text
    assert.equal(4 + h:text("read" .. '{"path":"a"}'), small)
    assert.equal(100, large - small)
  end)

  it("estimates tool definitions", function()
    assert.equal(0, h:tools(nil))
    assert.equal(0, h:tools({}))
    local one = h:tools { { name = "read", description = ("d"):rep(400), parameters = { type = "object" } } }
    -- 8 per tool, then name, description and the schema's JSON as text
    assert.equal(8 + h:text("read" .. ("d"):rep(400) .. '{"type":"object"}'), one)
    assert.has_error(function() h:tools { { description = "no name" } } end)
  end)

  it("raises on a malformed message, naming the field", function()
    assert.has_error(function() h:message { role = "robot", content = "x" } end, "message.role: unknown role 'robot'")
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
    local estimator = { message = function()
      local mt = getmetatable(ledger)
      if mt.__close then mt.__close(ledger) else mt.__gc(ledger) end
      assert(not pcall(ledger.sync, ledger, messages))
      return 1
    end }
    assert.equal(80, ledger:sync(messages, estimator))
    assert.equal(80, ledger:total())
  end)
end)
