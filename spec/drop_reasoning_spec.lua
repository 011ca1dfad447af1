-- Reasoning the provider drops (docs/estimation.md): usage.reasoning,
-- compact.usage_anchor's drop_reasoning modes, a request's usage.dropped,
-- and the agent's drop_reasoning config.
local compact = require "compact"
local agent_module = require "compact.agent"
local usage_module = require "compact.usage"

local function user(text) return { role = "user", content = text } end
local function reply(usage, stop)
  return { role = "assistant", stop_reason = stop or "stop", content = { { type = "text", text = "x" } },
    usage = usage }
end
local function call(id, usage)
  return { role = "assistant", stop_reason = "tool_use", usage = usage,
    content = { { type = "tool_call", id = id, name = "read", arguments = {} } } }
end
local function result(id) return { role = "tool_result", tool_call_id = id, content = "ok" } end

-- a turn of three replies (two tool calls, an answer) with reasoning 7, 11, 13,
-- after an earlier turn whose reply reasoned 1000
local function session()
  return { user("a"), reply({ input = 50, output = 1010, reasoning = 1000 }),
    user("b"), call("1", { input = 100, output = 10, reasoning = 7 }), result("1"),
    call("2", { input = 120, output = 20, reasoning = 11 }), result("2"),
    reply({ input = 150, output = 30, reasoning = 13 }) }
end

describe("compact.usage_anchor drop_reasoning", function()
  it("drops nothing by default and under \"never\"", function()
    local messages = session()
    messages[#messages + 1] = user("c")
    assert.same({ tokens = 180, through = 8 }, compact.usage_anchor(messages))
    assert.same({ tokens = 180, through = 8 }, compact.usage_anchor(messages, 1, { drop_reasoning = "never" }))
    assert.same({ tokens = 180, through = 8 }, compact.usage_anchor(messages, 1, {}))
  end)

  it("\"after_user\": the reasoning of the anchor's whole turn once a user message follows it", function()
    local messages = session()
    local options = { drop_reasoning = "after_user" }
    -- no user message after the anchor yet: the provider still sends it
    assert.same({ tokens = 180, through = 8 }, compact.usage_anchor(messages, 1, options))
    messages[#messages + 1] = user("c")
    -- 7 + 11 + 13: the turn from user("b") through the anchor, not the earlier turn's 1000
    assert.same({ tokens = 180, through = 8, dropped = 31 }, compact.usage_anchor(messages, 1, options))
    -- an anchor inside the turn: its turn's replies up to it
    local inner = { user("b"), call("1", { input = 100, output = 10, reasoning = 7 }), result("1"),
      call("2", { input = 120, output = 20, reasoning = 11 }), result("2"), user("c") }
    assert.same({ tokens = 140, through = 4, dropped = 18 }, compact.usage_anchor(inner, 1, options))
  end)

  it("\"always\": the reasoning of the anchor's turn on every next request", function()
    local messages = session()
    assert.same({ tokens = 180, through = 8, dropped = 31 },
      compact.usage_anchor(messages, 1, { drop_reasoning = "always" }))
    local tools_after = session()
    tools_after[#tools_after + 1] = result("3")
    assert.same({ tokens = 180, through = 8, dropped = 31 },
      compact.usage_anchor(tools_after, 1, { drop_reasoning = "always" }))
  end)

  it("keeps dropped below tokens and ignores reasoning that is not a count", function()
    local messages = { user("a"), reply({ input = 1, output = 5, reasoning = 50 }), user("b") }
    assert.same({ tokens = 6, through = 2, dropped = 5 },
      compact.usage_anchor(messages, 1, { drop_reasoning = "after_user" }))
    local odd = { user("a"), reply({ input = 10, output = 5, reasoning = "7" }),
      reply({ input = 10, output = 6, reasoning = 0 / 0 }), user("b") }
    assert.same({ tokens = 16, through = 3 }, compact.usage_anchor(odd, 1, { drop_reasoning = "after_user" }))
  end)

  it("rejects bad options with ErrInvalidRequest", function()
    for _, case in ipairs {
      { { drop_reasoning = "sometimes" },
        'options.drop_reasoning: expected "never", "after_user" or "always", got "sometimes"' },
      { { drop_reasoning = true }, 'options.drop_reasoning: expected "never", "after_user" or "always", got true' },
      { { drop = "never" }, "options.drop: unknown field" },
      { "after_user", "options: expected a table, got string" },
    } do
      local anchor, err = compact.usage_anchor(session(), 1, case[1])
      assert.is_nil(anchor)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.equal(case[2], err.message)
    end
  end)
end)

describe("usage.reasoning", function()
  it("is added up where reported and absent otherwise", function()
    local total = usage_module.add(usage_module.zero(), { input = 1, output = 9, reasoning = 4 })
    assert.same({ input = 3, output = 10, cache_read = 0, cache_write = 0, reasoning = 5 },
      usage_module.add(total, { input = 2, output = 1, reasoning = 1 }))
    assert.is_nil(usage_module.add(usage_module.zero(), { input = 1 }).reasoning)
    -- reasoning is part of output: the total does not count it twice
    assert.equal(10, usage_module.total { input = 1, output = 9, reasoning = 4 })
  end)
end)

describe("a request's usage.dropped", function()
  local messages = { user("a"), reply({ input = 90, output = 10 }), user("b") }

  it("counts N - dropped plus the messages after k", function()
    local plain = assert(compact.estimate { messages = messages, usage = { tokens = 100, through = 2 } })
    local dropped = assert(compact.estimate { messages = messages, usage = { tokens = 100, through = 2, dropped = 30 } })
    assert.equal(plain - 30, dropped)
    assert.equal(plain, compact.estimate { messages = messages, usage = { tokens = 100, through = 2, dropped = 0 } })
    -- through a proxy (the full check) the same
    local proxied = setmetatable({}, { __index = { messages = messages,
      usage = setmetatable({}, { __index = { tokens = 100, through = 2, dropped = 30 } }) } })
    assert.equal(dropped, compact.estimate(proxied))
  end)

  it("is a whole number in 0..tokens-1, else ErrInvalidRequest naming it", function()
    for _, bad in ipairs { -1, 100, 101, 1.5, 0 / 0, math.huge, "3" } do
      local tokens, err = compact.estimate { messages = messages, usage = { tokens = 100, through = 2, dropped = bad } }
      assert.is_nil(tokens)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.equal("request.usage.dropped: expected an integer in 0..99 (below tokens), got " .. tostring(bad),
        err.message)
    end
  end)
end)

describe("compact.state and usage.dropped", function()
  it("keeps dropped and usage.reasoning through encode and decode", function()
    local state = { messages = { user("a"), reply({ input = 5, output = 5, cache_read = 0, cache_write = 0,
      reasoning = 3 }), user("b") }, usage = { tokens = 10, through = 2, dropped = 3 } }
    local back = assert(compact.state.decode(assert(compact.state.encode(state))))
    assert.same({ tokens = 10, through = 2, dropped = 3 }, back.usage)
    assert.equal(3, back.messages[2].usage.reasoning)
    -- decode checks the anchor: dropped must stay below tokens
    local text = assert(compact.state.encode { messages = state.messages,
      usage = { tokens = 10, through = 2, dropped = 10 } })
    local bad, err = compact.state.decode(text)
    assert.is_nil(bad)
    assert.matches("usage.dropped: expected an integer in 0..9 (below tokens), got 10", err.message, 1, true)
  end)
end)

describe("the agent's drop_reasoning", function()
  -- a generator whose replies reason: a tool call, then the answer
  local function generator(drop)
    local steps, gen = {
      call("1", { input = 100, output = 20, reasoning = 15 }),
      reply({ input = 130, output = 40, reasoning = 25 }),
      reply({ input = 150, output = 10, reasoning = 5 }),
    }, { calls = 0, requests = {}, drop_reasoning = drop }
    function gen.generate(self, request)
      self.calls = self.calls + 1
      self.requests[self.calls] = request
      return steps[self.calls]
    end
    return gen
  end
  local tools = { { name = "read", description = "read", parameters = { type = "object" },
    handler = function() return "ok" end } }

  local function run_two(config)
    local agent = assert(agent_module.new(config))
    assert(agent:run("first"))
    local after_first = agent.state.usage
    assert(agent:run("second"))
    return agent, after_first
  end

  it("defaults to the generator's mode: after_user drops the last turn's reasoning once the user speaks", function()
    local gen = generator("after_user")
    local agent, after_first = run_two { generator = gen, model = "m", tools = tools }
    assert.same({ tokens = 170, through = 4 }, after_first)
    -- on the second run's user message the anchor lost 15 + 25; the new reply anchors afresh
    assert.same({ tokens = 160, through = 6 }, agent.state.usage)
    assert.equal(3, gen.calls)
  end)

  it("keeps the anchor whole under never (the default without a generator mode)", function()
    local agent = assert(agent_module.new { generator = generator(nil), model = "m", tools = tools })
    assert(agent:run("first"))
    assert.same({ tokens = 170, through = 4 }, agent.state.usage)
    local messages = agent.state.messages
    messages[#messages + 1] = user("more")
    assert.is_nil(compact.usage_anchor(messages, 1).dropped)
  end)

  it("takes config.drop_reasoning over the generator's", function()
    local agent = assert(agent_module.new { generator = generator("never"), model = "m", tools = tools,
      drop_reasoning = "always" })
    assert(agent:run("first"))
    assert.same({ tokens = 170, through = 4, dropped = 40 }, agent.state.usage)
  end)

  it("sets dropped when the next run's user message is committed (after_user)", function()
    local gen = generator(nil)
    local agent = assert(agent_module.new { generator = gen, model = "m", tools = tools,
      drop_reasoning = "after_user" })
    assert(agent:run("first"))
    local generate, seen = gen.generate, nil
    function gen.generate(self, request)
      seen = agent.state.usage
      return generate(self, request)
    end
    assert(agent:run("second"))
    -- the request of the second run was sent with the anchor less 15 + 25
    assert.same({ tokens = 170, through = 4, dropped = 40 }, seen)
    assert.same({ tokens = 160, through = 6 }, agent.state.usage)
  end)

  it("rejects bad modes with ErrInvalidConfig naming where they came from", function()
    local agent, err = agent_module.new { generator = generator(nil), model = "m", drop_reasoning = "later" }
    assert.is_nil(agent)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.equal('config.drop_reasoning: expected "never", "after_user" or "always", got "later"', err.message)
    agent, err = agent_module.new { generator = generator(1), model = "m" }
    assert.is_nil(agent)
    assert.equal('config.generator.drop_reasoning: expected "never", "after_user" or "always", got 1', err.message)
  end)
end)
