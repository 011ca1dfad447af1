-- Regressions for problems a review found: each case once made a public
-- function raise, lose messages, read freed memory or give a wrong plan.
local compact = require "compact"
local core = require "compact.core"
local util = require "compact.util"

local summarizer = compact.summarizer(function() return "S" end)

local function conversation(n)
  local messages = {}
  for i = 1, n do
    messages[#messages + 1] = { role = "user", content = ("question " .. i .. " "):rep(20) }
    messages[#messages + 1] = { role = "assistant", content = { { type = "text", text = ("answer "):rep(30) } } }
  end
  return messages
end

describe("review regressions", function()
  it("treats a huge keep_recent_tokens as keep everything, and rounds fractions up", function()
    for _, keep in ipairs { 1e18, 9.3e18, 1e19, 1e300 } do
      local c = assert(compact.new { keep_recent_tokens = keep, summarizer = summarizer })
      local plan, err = c:plan { messages = conversation(5), require_reduction = true }
      assert.is_nil(plan)
      assert.is_true(compact.is(err, compact.ErrNoReduction), tostring(keep))
    end
    local zero = { text = function() return 0 end, message = function(_, m) return m.t or 0 end, tools = function() return 0 end }
    local messages = { { role = "user", content = "a", t = 1 }, { role = "user", content = "b", t = 0 } }
    local c = assert(compact.new { keep_recent_tokens = 0.5, summarizer = summarizer })
    -- 0.5 -> 1 token: the newest message (0) does not reach it, the first does
    local plan, err = c:plan { messages = messages, estimator = zero, require_reduction = true }
    assert.is_nil(plan)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
  end)

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

  it("never raises on tables whose metatables raise", function()
    local trap = { __index = function() error("trap") end }
    local c = assert(compact.new { summarizer = summarizer, keep_recent_tokens = 0 })
    local request = setmetatable({ messages = conversation(2) }, { __pairs = function() error("trap") end })
    local ok, value, err = pcall(c.plan, c, request)
    assert.is_true(ok)
    if _VERSION ~= "Lua 5.1" then -- 5.1 and LuaJIT have no __pairs
      assert.is_nil(value)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    end
    local messages = conversation(3)
    messages[2] = { role = "assistant", content = { { type = "tool_call", id = "1", name = "read",
      arguments = setmetatable({ path = "a" }, trap) } } }
    messages[3] = { role = "tool_result", tool_call_id = "1", content = "ok" }
    ok, value, err = pcall(c.compact, c, { messages = messages, require_reduction = true })
    assert.is_true(ok)
    if value == nil then assert.is_true(compact.is(err, compact.ErrInvalidRequest)) end
    local hostile_cause = setmetatable({}, trap)
    assert.is_false(compact.is({ code = "x", cause = hostile_cause }, compact.ErrCancelled))
  end)

  it("returns nil, err for an estimator answering 1e19", function()
    local huge = { text = function() return 1e19 end, message = function() return 1 end, tools = function() return 0 end }
    local c = assert(compact.new { summarizer = summarizer })
    local ok, result, err = pcall(c.compact, c, { messages = conversation(3), estimator = huge, require_reduction = true })
    assert.is_true(ok)
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
  end)

  it("applies a plan copied without its lists by rebuilding them, and refuses lists that do not add up", function()
    local messages = conversation(6)
    messages[#messages + 1] = { role = "assistant", content = { { type = "text", text = "more" } } }
    local c = assert(compact.new { summarizer = summarizer, keep_recent_tokens = 0 })
    local plan = assert(c:plan { messages = messages, require_reduction = true })
    local copy = {}
    for key, value in next, plan do copy[key] = value end -- raw copy: no lists
    assert.is_nil(rawget(copy, "messages_to_summarize"))
    local seen
    local recording = assert(compact.new { summarizer = compact.summarizer(function(req)
      seen = req
      return "S"
    end) })
    local result = assert(recording:apply({ messages = messages }, copy))
    assert.same(plan.messages_to_summarize, seen.messages)
    assert.same(plan.turn_prefix_messages, seen.turn_prefix_messages)
    assert.equal(#messages - plan.first_kept_index + 1, #result.messages)
    local broken = { first_kept_index = plan.first_kept_index, messages_to_summarize = {}, turn_prefix_messages = {} }
    local none, err = recording:apply({ messages = messages }, broken)
    assert.is_nil(none)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
  end)

  it("sees a tool appended to the same tools table", function()
    local tools = { { name = "read", description = "r" } }
    local before = compact.estimate { messages = {}, tools = tools }
    tools[2] = { name = "write", description = ("d"):rep(4000) }
    assert.is_true(compact.estimate { messages = {}, tools = tools } >= before + 1000)
  end)

  it("refuses a summarizer whose summarize is not callable", function()
    local c, err = compact.new { summarizer = { summarize = true } }
    assert.is_nil(c)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
  end)

  it("survives an estimator that closes or re-syncs its own ledger", function()
    local ledger = core.ledger_new()
    local messages = conversation(40)
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

  it("trims in linear time and exactly", function()
    assert.equal("", util.trim(""))
    assert.equal("", util.trim(" \t\n\r\v\f"))
    assert.equal("a  b", util.trim("  a  b \n"))
    local spaces = (" "):rep(40000)
    assert.equal("x" .. spaces .. "y", util.trim(spaces .. "x" .. spaces .. "y" .. spaces))
    local c = assert(compact.new { keep_recent_tokens = 0,
      summarizer = compact.summarizer(function() return "start" .. spaces .. "end" .. spaces end) })
    local result = assert(c:apply({ messages = conversation(2) }, assert(c:plan { messages = conversation(2), require_reduction = true })))
    assert.equal("start" .. spaces .. "end", result.summary)
  end)
end)
