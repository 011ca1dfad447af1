-- compact.agent (docs/agent.md): scripted fake generators and
-- summarizers with call counters; no network.

local compact = require "compact"
local agent_module = require "compact.agent"
local unpack = table.unpack or unpack -- luacheck: ignore 143

-- An exact estimator so budgets can be computed to the token:
-- text = bytes, message = 1 + its text bytes (tool calls: 5 + name + path),
-- tools = 10 per definition.
local function block_tokens(block)
  if block.type == "text" then return #block.text end
  if block.type == "thinking" then return #block.thinking end
  if block.type == "tool_call" then
    local path = type(block.arguments) == "table" and block.arguments.path or ""
    return 5 + #block.name + #tostring(path)
  end
  return 100
end

local estimator = {
  text = function(_, s) return #s end,
  message = function(_, message)
    local total = 1
    if type(message.content) == "string" then
      total = total + #message.content
    else
      for _, block in ipairs(message.content) do total = total + block_tokens(block) end
    end
    return total
  end,
  tools = function(_, definitions) return 10 * #definitions end,
}

-- A reply without usage (the provider reports none), so the estimator's
-- figures decide; `usage_reply` gives one an anchor.
local function reply(text)
  return { role = "assistant", content = { { type = "text", text = text } }, stop_reason = "stop" }
end

-- An assistant message with tool calls: calls = { { id, name, args }, ... }
local function tool_use(calls)
  local content = {}
  for i, call in ipairs(calls) do
    content[i] = { type = "tool_call", id = call[1], name = call[2], arguments = call[3] or {} }
  end
  return { role = "assistant", content = content, stop_reason = "tool_use" }
end

local function overflow_error()
  return require("compact.errors").new("context_window_exceeded", "prompt is too long", { status = 400 })
end

-- A generator that plays `steps` in order: a message, or a function
-- (request, cancel, n) -> message | nil, err. Records every request.
local function scripted(steps, log)
  local gen = { calls = 0, requests = {} }
  function gen.generate(self, request, cancel)
    self.calls = self.calls + 1
    self.requests[self.calls] = request
    if log then log[#log + 1] = "generate" end
    local step = steps[self.calls]
    if step == nil then error("unexpected generator call " .. self.calls) end
    if type(step) == "function" then return step(request, cancel, self.calls) end
    return step
  end
  return gen
end

-- A summarizer counting its calls; `fn(req, cancel, n)` overrides the reply.
local function counting_summarizer(fn, log)
  local s = { calls = 0, requests = {} }
  function s.summarize(self, req, cancel)
    self.calls = self.calls + 1
    self.requests[self.calls] = req
    if log then log[#log + 1] = "summarize" end
    if fn then return fn(req, cancel, self.calls) end
    return "summary " .. self.calls, { input = 10, output = 5, cache_read = 0, cache_write = 0 }
  end
  return s
end

local function recorder(log)
  local events = {}
  local function on_event(event)
    events[#events + 1] = event
    if log then log[#log + 1] = event.type .. ":" .. event.reason end
  end
  return events, on_event
end

local function count_events(events, kind)
  local n = 0
  for _, event in ipairs(events) do if event.type == kind then n = n + 1 end end
  return n
end

local function text_of(n, char) return string.rep(char or "x", n) end

-- A preset history of `turns` user/assistant pairs of `size` bytes each.
local function history(turns, size)
  local messages = {}
  for i = 1, turns do
    messages[#messages + 1] = { role = "user", content = text_of(size, "u") .. i }
    messages[#messages + 1] = reply(text_of(size, "a") .. i)
  end
  return messages
end

local function read_tool(log, size)
  return {
    name = "read", description = "read a file", parameters = { type = "object" },
    handler = function(args)
      if log then log[#log + 1] = "tool:read:" .. tostring(args.path) end
      return "contents of " .. tostring(args.path) .. " " .. text_of(size or 0)
    end,
  }
end

local function new_agent(config)
  config.model = config.model or "test-model"
  config.estimator = config.estimator or estimator
  local agent, err = agent_module.new(config)
  assert(agent, tostring(err))
  return agent
end

local function new_compactor(summarizer, keep, ratio)
  local compactor, err = compact.new { summarizer = summarizer, keep_recent_tokens = keep or 0,
    trigger_ratio = ratio or 1.0 }
  assert(compactor, tostring(err))
  return compactor
end

-- The estimate the agent plans on before accepting a prompt: the context as
-- it is (system prompt, summary, messages, tool definitions).
local function estimate_context(agent)
  local tools = agent.tool_definitions
  local tokens = assert(compact.estimate {
    system_prompt = agent.state.system_prompt, summary = agent.state.summary,
    messages = agent.state.messages, tools = #tools > 0 and tools or nil, estimator = estimator,
  })
  return tokens
end

describe("compact.agent.new", function()
  local gen = scripted {}
  local ok_tool = { name = "t", handler = function() return "" end }

  it("accepts a minimal config and starts with an empty state", function()
    local agent = assert(agent_module.new { generator = gen, model = "m", system_prompt = "sys" })
    assert.same({ system_prompt = "sys", messages = {} }, agent.state)
    assert.is_truthy(tostring(agent):find("compact.Agent", 1, true))
  end)

  it("is reachable as compact.agent", function()
    assert.equal(agent_module, compact.agent)
  end)

  local bad = {
    { "not a table", nil },
    { "missing generator", { model = "m" } },
    { "generator without generate", { generator = {}, model = "m" } },
    { "missing model", { generator = gen } },
    { "blank model", { generator = gen, model = "  " } },
    { "non-string system prompt", { generator = gen, model = "m", system_prompt = 3 } },
    { "tools not a list", { generator = gen, model = "m", tools = "x" } },
    { "tool without name", { generator = gen, model = "m", tools = { { handler = print } } } },
    { "tool with blank name", { generator = gen, model = "m", tools = { { name = "", handler = print } } } },
    { "tool without handler", { generator = gen, model = "m", tools = { { name = "t" } } } },
    { "duplicate tool names", { generator = gen, model = "m", tools = { ok_tool, ok_tool } } },
    { "bad parameters", { generator = gen, model = "m",
      tools = { { name = "t", handler = print, parameters = "x" } } } },
    { "negative reserve", { generator = gen, model = "m", reserve_tokens = -1 } },
    { "NaN reserve", { generator = gen, model = "m", reserve_tokens = 0 / 0 } },
    { "zero window", { generator = gen, model = "m", context_window_tokens = 0 } },
    { "negative window", { generator = gen, model = "m", context_window_tokens = -5 } },
    { "string window", { generator = gen, model = "m", context_window_tokens = "big" } },
    { "bad compactor", { generator = gen, model = "m", compactor = {} } },
    { "bad estimator", { generator = gen, model = "m", estimator = { text = print } } },
    { "bad on_event", { generator = gen, model = "m", on_event = "x" } },
    { "unknown option", { generator = gen, model = "m", modle = "x" } },
  }
  for _, case in ipairs(bad) do
    it("rejects " .. case[1] .. " with ErrInvalidConfig", function()
      local agent, err = agent_module.new(case[2])
      assert.is_nil(agent)
      assert.is_true(compact.is(err, compact.ErrInvalidConfig), tostring(err))
    end)
  end

  it("accepts zero reserve and no window", function()
    assert.is_truthy(agent_module.new { generator = gen, model = "m", reserve_tokens = 0 })
  end)
end)

describe("agent:run basics", function()
  it("sends the context and returns the final answer", function()
    local gen = scripted { reply("hello") }
    local agent = new_agent { generator = gen, system_prompt = "sys", tools = { read_tool() } }
    local result, err = agent:run("hi", { max_output_tokens = 321 })
    assert.is_nil(err)
    assert.equal(1, gen.calls)
    local request = gen.requests[1]
    assert.equal("test-model", request.model)
    assert.equal("sys", request.system_prompt)
    assert.equal(321, request.max_output_tokens)
    assert.equal("auto", request.tool_choice)
    assert.same({ { name = "read", description = "read a file", parameters = { type = "object" } } }, request.tools)
    assert.is_nil(request.tools[1].handler)
    assert.same({ { role = "user", content = "hi" } }, request.messages)
    assert.equal("hello", result.final.content[1].text)
    assert.same({ { role = "user", content = "hi" }, reply("hello") }, result.new_messages)
    assert.same({}, result.compactions)
    assert.same({ { role = "user", content = "hi" }, reply("hello") }, agent.state.messages)
  end)

  it("sends no tools and no tool choice without tools", function()
    local gen = scripted { reply("ok") }
    local agent = new_agent { generator = gen }
    assert.truthy(agent:run("hi"))
    assert.is_nil(gen.requests[1].tools)
    assert.is_nil(gen.requests[1].tool_choice)
    assert.is_nil(gen.requests[1].max_output_tokens)
  end)

  it("accepts content blocks and user messages as prompts", function()
    local gen = scripted { reply("1"), reply("2") }
    local agent = new_agent { generator = gen }
    assert.truthy(agent:run { { type = "text", text = "blocks" } })
    local prompt = { role = "user", content = "message" }
    assert.truthy(agent:run(prompt))
    assert.same({ { type = "text", text = "blocks" } }, agent.state.messages[1].content)
    assert.equal("message", agent.state.messages[3].content)
    assert.are_not.equal(prompt, agent.state.messages[3])
  end)

  it("rejects bad prompts and options with ErrInvalidRequest and changes nothing", function()
    local gen = scripted {}
    local agent = new_agent { generator = gen }
    for _, call in ipairs {
      { 42 }, { { role = "assistant", content = "x" } }, { { { type = "text" } } },
      { "hi", "opts" }, { "hi", { max_output_tokens = 0 } }, { "hi", { max_output_tokens = 1.5 } },
      { "hi", { skills = { { name = "", content = "x" } } } }, { "hi", { skills = { { name = "s" } } } },
      { "hi", { unknown = true } },
    } do
      local result, err, partial = agent:run(call[1], call[2])
      assert.is_nil(result)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest), tostring(err))
      assert.same({}, partial.new_messages)
    end
    assert.equal(0, gen.calls)
    assert.same({}, agent.state.messages)
  end)

  it("rejects an invalid restored state", function()
    local agent = new_agent { generator = scripted {} }
    agent.state = { messages = { { role = "robot", content = "x" } } }
    local _, err = agent:run("hi")
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.is_truthy(tostring(err):find("messages[1]", 1, true))
  end)

  it("leaves a state it rejects untouched: no messages list is added by a failed run or compact", function()
    local agent = new_agent { generator = scripted {} }
    for _, case in ipairs {
      { { summary = 7 }, "agent.state.summary: expected a string, got number" },
      { { system_prompt = {} }, "agent.state.system_prompt: expected a string, got table" },
      { { usage = { tokens = 10, through = 3 } }, "agent.state.usage" },
    } do
      agent.state = case[1]
      local _, err = agent:run("hi")
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.is_truthy(err.message:find(case[2], 1, true), err.message)
      assert.is_nil(rawget(agent.state, "messages"))
    end
    local with_compactor = new_agent { generator = scripted {},
      compactor = assert(compact.new { summarizer = compact.summarizer(function() return "s" end) }) }
    with_compactor.state = { summary = 7 }
    local _, err = with_compactor:compact()
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.is_nil(rawget(with_compactor.state, "messages"))
  end)

  it("runs a tool batch in call order with well-formed tool results", function()
    local log = {}
    local gen = scripted({
      tool_use { { "c1", "read", { path = "a.lua" } }, { "c2", "missing", {} }, { "c3", "boom", {} },
        { "c4", "nilerr", {} }, { "c5", "read", { path = "b.lua" } } },
      reply("done"),
    }, log)
    local agent = new_agent { generator = gen, tools = {
      read_tool(log),
      { name = "boom", handler = function() error("kaput") end },
      { name = "nilerr", handler = function() return nil, "no such file" end },
    } }
    local result = assert(agent:run("go"))
    assert.same({ "generate", "tool:read:a.lua", "tool:read:b.lua", "generate" }, log)
    local results = { unpack(agent.state.messages, 3, 7) }
    assert.same({ role = "tool_result", tool_call_id = "c1", tool_name = "read",
      content = "contents of a.lua ", is_error = false }, results[1])
    assert.equal("c2", results[2].tool_call_id)
    assert.equal("missing", results[2].tool_name)
    assert.is_true(results[2].is_error)
    assert.is_truthy(results[2].content:find("unknown tool", 1, true))
    assert.is_true(results[3].is_error)
    assert.is_truthy(results[3].content:find("kaput", 1, true))
    assert.same({ role = "tool_result", tool_call_id = "c4", tool_name = "nilerr", content = "no such file",
      is_error = true }, results[4])
    assert.equal("c5", results[5].tool_call_id)
    assert.equal("done", result.final.content[1].text)
    assert.equal(8, #result.new_messages)
    -- the second request carries the whole batch
    assert.equal(7, #gen.requests[2].messages)
    assert.is_true(compact.core.validate_messages(agent.state.messages))
  end)

  it("passes handlers a copy of the arguments and the cancel token", function()
    local seen_cancel
    local gen = scripted { tool_use { { "c1", "edit", { path = "a.lua", list = { 1 } } } }, reply("ok") }
    local agent = new_agent { generator = gen, tools = { { name = "edit", handler = function(args, cancel)
      seen_cancel = cancel
      args.path = "changed"
      args.list[1] = 2
      return "edited", false
    end } } }
    local token = compact.cancel_token()
    assert.truthy(agent:run("go", { cancel = token }))
    assert.equal(token, seen_cancel)
    assert.same({ path = "a.lua", list = { 1 } }, agent.state.messages[2].content[1].arguments)
  end)

  it("turns a raising generator into an error and keeps the prompt", function()
    local gen = scripted { function() error("generator exploded") end }
    local agent = new_agent { generator = gen }
    local result, err, partial = agent:run("hi")
    assert.is_nil(result)
    assert.equal("generator", err.code)
    assert.is_truthy(tostring(err):find("generator exploded", 1, true))
    assert.same({ { role = "user", content = "hi" } }, agent.state.messages)
    assert.equal(2, #partial.new_messages)
    assert.equal("error", partial.new_messages[2].stop_reason)
  end)

  it("rejects a malformed generator reply", function()
    for _, bad in ipairs { { role = "user", content = "x" }, { role = "assistant", content = 5 }, "text" } do
      local agent = new_agent { generator = scripted { bad } }
      local _, err = agent:run("hi")
      assert.equal("invalid_response", err.code)
      assert.equal(1, #agent.state.messages)
    end
    local agent = new_agent { generator = scripted { function() return nil end } }
    local _, err = agent:run("hi")
    assert.equal("invalid_response", err.code)
  end)

  it("ends the run on an assistant message that reports an error, keeping it out of the context", function()
    local failed = { role = "assistant", content = {}, stop_reason = "error", error_message = "overloaded" }
    local agent = new_agent { generator = scripted { failed } }
    local result, err, partial = agent:run("hi")
    assert.is_nil(result)
    assert.is_truthy(tostring(err):find("overloaded", 1, true))
    assert.equal(failed, partial.new_messages[2])
    assert.equal(1, #agent.state.messages)
  end)

  it("ends the run with ErrCancelled on an aborted reply", function()
    local aborted = { role = "assistant", content = {}, stop_reason = "aborted", error_message = "user stop" }
    local agent = new_agent { generator = scripted { aborted } }
    local _, err, partial = agent:run("hi")
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(aborted, partial.new_messages[2])
    assert.equal(1, #agent.state.messages)
  end)

  it("wraps a plain error value returned by the generator", function()
    local agent = new_agent { generator = scripted { function() return nil, "socket closed" end } }
    local _, err = agent:run("hi")
    assert.equal("generator", err.code)
    assert.equal("socket closed", err.cause)
    assert.is_truthy(tostring(err):find("socket closed", 1, true))
  end)

  it("uses the heuristic estimator by default", function()
    local summarizer = counting_summarizer()
    local gen = scripted { reply("ok") }
    local messages = history(2, 400)
    -- the window's threshold is just below the history's heuristic estimate
    local tokens = assert(compact.estimate { messages = messages })
    local agent = assert(agent_module.new { generator = gen, model = "m", compactor = new_compactor(summarizer),
      context_window_tokens = tokens + 100 - 10, reserve_tokens = 100 })
    agent.state.messages = messages
    assert.truthy(agent:run("hi"))
    assert.equal(1, summarizer.calls)
    assert.equal(compact.heuristic(), agent.estimator)
  end)

  it("returns a partial result and keeps every committed step on failure", function()
    local http_error = require("compact.errors").new("http", "server error", { status = 500, retryable = true })
    local gen = scripted { tool_use { { "c1", "read", { path = "a.lua" } } }, function() return nil, http_error end }
    local summarizer = counting_summarizer()
    local events, on_event = recorder()
    local agent = new_agent { generator = gen, tools = { read_tool() }, on_event = on_event,
      compactor = new_compactor(summarizer), context_window_tokens = 100000 }
    agent.state.messages = history(1, 10)
    local result, err, partial = agent:run("go")
    assert.is_nil(result)
    assert.equal(http_error, err)
    assert.equal(2, gen.calls)
    assert.equal(0, summarizer.calls) -- no recovery for other provider errors
    assert.same({}, events)
    assert.equal(4, #partial.new_messages)
    assert.equal("error", partial.new_messages[4].stop_reason)
    assert.is_nil(partial.final)
    -- history, prompt, tool call, tool result: nothing the user or a tool produced is lost
    assert.equal(5, #agent.state.messages)
    assert.equal("tool_result", agent.state.messages[5].role)
  end)

  it("keeps state between runs", function()
    local gen = scripted { reply("one"), reply("two") }
    local agent = new_agent { generator = gen }
    assert.truthy(agent:run("first"))
    local result = assert(agent:run("second"))
    assert.equal(4, #agent.state.messages)
    assert.equal(3, #gen.requests[2].messages)
    assert.same({ { role = "user", content = "second" }, reply("two") }, result.new_messages)
  end)
end)

describe("agent maintenance budget", function()
  local prompt = "q" .. text_of(9)

  -- An agent with a 2-turn history, a compactor and a given window; returns
  -- agent, generator, summarizer, events.
  local function setup(window, reserve, ratio)
    local gen = scripted { reply("answer") }
    local summarizer = counting_summarizer()
    local events, on_event = recorder()
    local agent = new_agent { generator = gen, system_prompt = "sys", tools = { read_tool() },
      compactor = new_compactor(summarizer, 0, ratio), context_window_tokens = window,
      reserve_tokens = reserve, on_event = on_event }
    agent.state.messages = history(2, 100)
    return agent, gen, summarizer, events
  end

  local function base_estimate()
    local agent = setup(1000, 0)
    return estimate_context(agent)
  end

  it("an estimate equal to the trigger does not compact; one token over does", function()
    local estimate = base_estimate()
    assert.equal(3 + 10 + 4 * 102, estimate) -- system + tools + history; the prompt is not accepted yet
    local agent, gen, summarizer, events = setup(estimate + 100, 100)
    assert.truthy(agent:run(prompt))
    assert.equal(0, summarizer.calls)
    assert.equal(1, gen.calls)
    assert.same({}, events)
    assert.equal(6, #agent.state.messages)

    agent, gen, summarizer, events = setup(estimate + 99, 100)
    local old_list = agent.state.messages
    local old_messages = { unpack(old_list) }
    local result = assert(agent:run(prompt))
    -- the rewrite assigned a new list; messages already in the old one were not touched
    assert.are_not.equal(old_list, agent.state.messages)
    for i, message in ipairs(old_messages) do assert.equal(message, old_list[i]) end
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
    assert.equal(2, #events)
    assert.same({ "compaction_start", "threshold" }, { events[1].type, events[1].reason })
    assert.same({ "compaction_end", "threshold" }, { events[2].type, events[2].reason })
    assert.equal(result.compactions[1], events[2].record)
    assert.equal(1, #result.compactions)
    local record = result.compactions[1]
    -- keep_recent_tokens = 0 keeps the newest message: a split turn
    assert.equal(4, record.first_kept_index)
    assert.equal(estimate, record.tokens_before)
    assert.equal(2, #summarizer.requests[1].messages)
    assert.same({ old_messages[3] }, summarizer.requests[1].turn_prefix_messages)
    assert.equal("summary 1", agent.state.summary)
    -- the first request is the rewritten context, then the prompt
    assert.same({ compact.project_summary("summary 1"), old_messages[4], { role = "user", content = prompt } },
      gen.requests[1].messages)
    assert.same({ old_messages[4], { role = "user", content = prompt }, reply("answer") }, agent.state.messages)
  end)

  it("multiplies the budget by the compactor's trigger ratio", function()
    local estimate = base_estimate()
    local agent, gen, summarizer = setup(2 * estimate + 50, 50, 0.5)
    assert.truthy(agent:run(prompt))
    assert.equal(0, summarizer.calls)
    assert.equal(1, gen.calls)
    agent, gen, summarizer = setup(2 * estimate + 49, 50, 0.5)
    assert.truthy(agent:run(prompt))
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
  end)

  it("reserves the larger of reserve_tokens and max_output_tokens", function()
    local estimate = base_estimate()
    local agent, gen, summarizer = setup(estimate + 300, 100)
    assert.truthy(agent:run(prompt, { max_output_tokens = 300 }))
    assert.equal(0, summarizer.calls)
    assert.equal(1, gen.calls)
    assert.equal(300, gen.requests[1].max_output_tokens)
    agent, gen, summarizer = setup(estimate + 299, 100)
    assert.truthy(agent:run(prompt, { max_output_tokens = 300 }))
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
    -- a smaller max_output_tokens does not lower the reserve
    agent, gen, summarizer = setup(estimate + 100, 100)
    assert.truthy(agent:run(prompt, { max_output_tokens = 50 }))
    assert.equal(0, summarizer.calls)
    assert.equal(1, gen.calls)
    agent, gen, summarizer = setup(estimate + 99, 100)
    assert.truthy(agent:run(prompt, { max_output_tokens = 50 }))
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
  end)

  it("counts a run's skills once when the provider's usage includes them", function()
    -- the provider counts what it was sent: system prompt with skills + messages
    local gen = { generate = function(_, req)
      local n = compact.estimate { system_prompt = req.system_prompt, messages = req.messages, tools = req.tools }
      return { role = "assistant", content = { { type = "text", text = "fine" } }, stop_reason = "stop",
        usage = { input = n, output = 0, cache_read = 0, cache_write = 0 } }
    end }
    local calls = 0
    local c = assert(compact.new { summarizer = compact.summarizer(function() calls = calls + 1; return "sum" end) })
    local skill = { name = "big", content = string.rep("word ", 3000) }
    local agent = assert(compact.agent.new { generator = gen, model = "m", compactor = c, context_window_tokens = 6000 })
    for i = 1, 4 do
      local result = assert(agent:run("hello " .. i, { skills = { skill } }))
      assert.are.same({}, result.compactions, "run " .. i .. " compacted a tiny conversation")
    end
    assert.are.equal(0, calls)
  end)

  it("withholds the skills' estimate from the budget and sends the skills", function()
    local estimate = base_estimate()
    local skills = { { name = "lua-style", content = "Use locals everywhere." }, { name = "tests", content = "TDD" } }
    local skill_tokens = #agent_module.render_skills(skills)
    assert.is_true(skill_tokens > #"Use locals everywhere.TDD")
    local agent, gen, summarizer = setup(estimate + 100 + skill_tokens, 100)
    assert.truthy(agent:run(prompt, { skills = skills }))
    assert.equal(0, summarizer.calls)
    assert.equal(1, gen.calls)
    local system = gen.requests[1].system_prompt
    assert.equal("sys" .. agent_module.render_skills(skills), system)
    assert.is_truthy(system:find("Use locals everywhere.", 1, true))
    assert.is_truthy(system:find('<skill name="tests">', 1, true))
    assert.equal("sys", agent.state.system_prompt) -- skills belong to the run, not the state
    agent, gen, summarizer = setup(estimate + 100 + skill_tokens - 1, 100)
    assert.truthy(agent:run(prompt, { skills = skills }))
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
  end)

  it("clamps the budget at zero", function()
    local agent, gen, summarizer = setup(50, 100)
    assert.truthy(agent:run(prompt))
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
  end)

  it("does no maintenance without a context window or without a compactor", function()
    local summarizer = counting_summarizer()
    local agent = new_agent { generator = scripted { reply("a") }, compactor = new_compactor(summarizer) }
    agent.state.messages = history(50, 1000)
    assert.truthy(agent:run("hi"))
    assert.equal(0, summarizer.calls)
    agent = new_agent { generator = scripted { reply("a") }, context_window_tokens = 10 }
    agent.state.messages = history(50, 1000)
    assert.truthy(agent:run("hi"))
    assert.equal(52 * 1, #agent.state.messages - 50)
  end)

  it("emits no events for a no-op plan (nothing removable)", function()
    local summarizer = counting_summarizer()
    local events, on_event = recorder()
    local agent = new_agent { generator = scripted { reply("a") }, compactor = new_compactor(summarizer),
      context_window_tokens = 1, on_event = on_event }
    assert.truthy(agent:run("only the prompt"))
    assert.equal(0, summarizer.calls)
    assert.same({}, events)
  end)

  it("emits no events for an estimate failure", function()
    local summarizer = counting_summarizer()
    local events, on_event = recorder()
    local failing = { text = estimator.text, tools = estimator.tools,
      message = function() error("tokenizer down") end }
    local agent = new_agent { generator = scripted { reply("a") }, compactor = new_compactor(summarizer),
      context_window_tokens = 1, on_event = on_event, estimator = failing }
    agent.state.messages = history(2, 10)
    assert.truthy(agent:run("hi"))
    assert.equal(0, summarizer.calls)
    assert.same({}, events)
  end)
end)

describe("agent maintenance timing", function()
  -- window so that the context before the prompt fits and the tool loop crosses it
  it("never compacts inside a tool batch or between follow-up turns, only after the loop", function()
    local log = {}
    local gen = scripted({
      tool_use { { "c1", "read", { path = "a.lua" } }, { "c2", "read", { path = "b.lua" } } },
      tool_use { { "c3", "read", { path = "c.lua" } } },
      reply("all read"),
    }, log)
    local summarizer = counting_summarizer(nil, log)
    local _, on_event = recorder(log)
    local agent = new_agent { generator = gen, tools = { read_tool(log, 300) },
      compactor = new_compactor(summarizer, 0), context_window_tokens = 400, on_event = on_event }
    agent.state.messages = history(1, 50)
    local before = estimate_context(agent) + 10
    assert.is_true(before <= 400)
    local result = assert(agent:run("read them"))
    assert.same({
      "generate", "tool:read:a.lua", "tool:read:b.lua",
      "generate", "tool:read:c.lua",
      "generate",
      "compaction_start:threshold", "summarize", "compaction_end:threshold",
    }, log)
    assert.equal(1, #result.compactions)
    assert.equal("all read", result.final.content[1].text)
    -- all three generator requests saw the raw, uncompacted context
    assert.equal(3, #gen.requests[1].messages)
    assert.equal(6, #gen.requests[2].messages)
    assert.equal(8, #gen.requests[3].messages)
    for _, request in ipairs(gen.requests) do assert.equal("user", request.messages[1].role) end
    -- the answer is kept after the rewrite; the read files are listed in the summary
    local kept = agent.state.messages
    assert.equal(result.final, kept[#kept])
    assert.is_truthy(agent.state.summary:find("<read-files>\na.lua\nb.lua\nc.lua\n</read-files>", 1, true))
  end)

  it("does not check again after a run without tool calls", function()
    local summarizer = counting_summarizer()
    local agent = new_agent { generator = scripted { reply(text_of(1000)) }, compactor = new_compactor(summarizer),
      context_window_tokens = 500 }
    agent.state.messages = history(1, 10)
    assert.truthy(agent:run("short"))
    assert.equal(0, summarizer.calls)
    assert.is_nil(agent.state.summary)
  end)

  it("a failed maintenance before the first request keeps the context and sends the request", function()
    local summarizer = counting_summarizer(function() return nil, "model unavailable" end)
    local events, on_event = recorder()
    local gen = scripted { reply("answer") }
    local agent = new_agent { generator = gen, compactor = new_compactor(summarizer),
      context_window_tokens = 10, on_event = on_event }
    local old = history(2, 100)
    agent.state.messages = old
    local result, err = agent:run("go on")
    assert.is_nil(err)
    assert.equal(1, summarizer.calls)
    assert.equal(1, gen.calls)
    assert.equal(2, #events)
    assert.equal("compaction_start", events[1].type)
    assert.equal("compaction_end", events[2].type)
    assert.is_nil(events[2].record)
    assert.is_true(compact.is(events[2].err, compact.ErrSummarization))
    assert.same({}, result.compactions)
    assert.is_nil(agent.state.summary)
    assert.equal(6, #agent.state.messages)
    assert.equal(5, #gen.requests[1].messages)
    for i = 1, 4 do assert.equal(old[i], agent.state.messages[i]) end
  end)

  it("a failed maintenance after a tool loop keeps the answer", function()
    local summarizer = counting_summarizer(function() error("summarizer crashed") end)
    local events, on_event = recorder()
    local gen = scripted { tool_use { { "c1", "read", { path = "big.lua" } } }, reply("final") }
    local agent = new_agent { generator = gen, tools = { read_tool(nil, 500) },
      compactor = new_compactor(summarizer), context_window_tokens = 300, on_event = on_event }
    agent.state.messages = history(1, 10)
    local result = assert(agent:run("read"))
    assert.equal(1, summarizer.calls)
    assert.equal(2, #events)
    assert.equal("final", result.final.content[1].text)
    assert.equal(result.final, agent.state.messages[#agent.state.messages])
    assert.equal(6, #agent.state.messages)
    assert.same({}, result.compactions)
  end)

  it("an event handler that raises never breaks the run", function()
    local calls = 0
    local summarizer = counting_summarizer()
    local agent = new_agent { generator = scripted { reply("ok") }, compactor = new_compactor(summarizer),
      context_window_tokens = 300, on_event = function() calls = calls + 1; error("handler bug") end }
    agent.state.messages = history(2, 100)
    local result = assert(agent:run("go"))
    assert.equal(2, calls)
    assert.equal(1, #result.compactions)
    assert.equal("summary 1", agent.state.summary)
  end)
end)

describe("agent cancellation", function()
  it("cancellation during a maintenance rewrite ends the run with ErrCancelled", function()
    local token = compact.cancel_token()
    local summarizer = counting_summarizer(function(_, cancel)
      cancel:cancel()
      return nil, require("compact.errors").cancelled()
    end)
    local events, on_event = recorder()
    local gen = scripted {}
    local agent = new_agent { generator = gen, compactor = new_compactor(summarizer),
      context_window_tokens = 10, on_event = on_event }
    agent.state.messages = history(2, 100)
    local result, err, partial = agent:run("go", { cancel = token })
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(0, gen.calls)
    assert.equal(2, #events)
    assert.is_truthy(events[2].err)
    assert.is_nil(agent.state.summary)
    -- the run ended before the prompt was accepted
    assert.equal(4, #agent.state.messages)
    assert.same({}, partial.new_messages)
  end)

  it("a rewrite committed before a cancellation stays in the context", function()
    local token = compact.cancel_token()
    local summarizer = counting_summarizer(function(_, cancel)
      cancel:cancel()
      return "summary written anyway"
    end)
    local gen = scripted {}
    local agent = new_agent { generator = gen, compactor = new_compactor(summarizer), context_window_tokens = 300 }
    agent.state.messages = history(2, 100)
    local result, err, partial = agent:run("go", { cancel = token })
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(0, gen.calls)
    assert.equal(1, #partial.compactions)
    assert.equal("summary written anyway", agent.state.summary)
    assert.same({ reply(text_of(100, "a") .. 2) }, agent.state.messages)
  end)

  it("cancellation during the maintenance after a tool loop ends the run and keeps the answer", function()
    local token = compact.cancel_token()
    local summarizer = counting_summarizer(function(_, cancel)
      cancel:cancel()
      return "late summary"
    end)
    local gen = scripted { tool_use { { "c1", "read", { path = "big.lua" } } }, reply("final") }
    local agent = new_agent { generator = gen, tools = { read_tool(nil, 500) },
      compactor = new_compactor(summarizer), context_window_tokens = 300 }
    local result, err, partial = agent:run("read", { cancel = token })
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(2, gen.calls)
    assert.equal("final", partial.final.content[1].text)
    assert.equal(1, #partial.compactions)
    assert.equal(4, #partial.new_messages)
    assert.is_truthy(agent.state.summary:find("late summary", 1, true))
    assert.same({ partial.final }, agent.state.messages)
  end)

  it("a token cancelled before the run does nothing", function()
    local token = compact.cancel_token():cancel()
    local gen = scripted {}
    local agent = new_agent { generator = gen }
    local result, err = agent:run("go", { cancel = token })
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(0, gen.calls)
    assert.same({}, agent.state.messages)
  end)

  it("cancellation inside a batch skips the remaining tools but keeps every call paired", function()
    local token = compact.cancel_token()
    local ran = {}
    local gen = scripted { tool_use { { "c1", "stop", {} }, { "c2", "read", { path = "x" } } } }
    local agent = new_agent { generator = gen, tools = {
      { name = "stop", handler = function(_, cancel) ran[#ran + 1] = "stop"; cancel:cancel(); return "stopped" end },
      { name = "read", handler = function() ran[#ran + 1] = "read"; return "never" end },
    } }
    local result, err, partial = agent:run("go", { cancel = token })
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.same({ "stop" }, ran)
    assert.equal(1, gen.calls)
    local messages = agent.state.messages
    assert.equal(4, #messages)
    assert.same({ "stopped", false }, { messages[3].content, messages[3].is_error })
    assert.equal("c2", messages[4].tool_call_id)
    assert.is_true(messages[4].is_error)
    assert.equal(4, #partial.new_messages)
  end)

  it("a generator cancelled mid-request records an aborted attempt", function()
    local token = compact.cancel_token()
    local gen = scripted { function(_, cancel)
      cancel:cancel()
      return nil, require("compact.errors").cancelled("stream aborted")
    end }
    local agent = new_agent { generator = gen }
    local _, err, partial = agent:run("go", { cancel = token })
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal("aborted", partial.new_messages[2].stop_reason)
    assert.equal(1, #agent.state.messages)
  end)
end)

describe("agent overflow recovery", function()
  local errors = require "compact.errors"

  local function setup(steps, summarizer_fn, window)
    local log = {}
    local gen = scripted(steps, log)
    local summarizer = counting_summarizer(summarizer_fn, log)
    local events, on_event = recorder(log)
    local agent = new_agent { generator = gen, tools = { read_tool(nil, 400) },
      compactor = new_compactor(summarizer), context_window_tokens = window, on_event = on_event }
    agent.state.messages = history(3, 200)
    return agent, gen, summarizer, events, log
  end

  it("compacts with require_reduction and retries; the rejected attempt stays out of the context", function()
    local agent, gen, summarizer, events, log = setup { function() return nil, overflow_error() end, reply("fits now") }
    local old_count = #agent.state.messages
    local result = assert(agent:run("go"))
    assert.same({ "generate", "compaction_start:overflow", "summarize", "compaction_end:overflow", "generate" }, log)
    assert.equal(2, gen.calls)
    assert.equal(1, summarizer.calls)
    assert.equal(old_count, #summarizer.requests[1].messages)
    assert.equal(2, #events)
    assert.equal(1, #result.compactions)
    assert.is_true(result.compactions[1].tokens_after < result.compactions[1].tokens_before)
    assert.equal("fits now", result.final.content[1].text)
    assert.equal(3, #result.new_messages)
    local attempt = result.new_messages[2]
    assert.same({ "assistant", "error" }, { attempt.role, attempt.stop_reason })
    assert.is_truthy(attempt.error_message:find("prompt is too long", 1, true))
    assert.same({ { role = "user", content = "go" }, reply("fits now") }, agent.state.messages)
    assert.equal("summary 1", agent.state.summary)
    -- the retried request is the compacted context
    assert.same({ compact.project_summary("summary 1"), { role = "user", content = "go" } }, gen.requests[2].messages)
    assert.is_true(compact.core.validate_messages(result.new_messages))
  end)

  it("allows two recoveries; a third rejection ends the run with that error", function()
    local third = overflow_error()
    local agent, gen, summarizer, events = setup {
      function() return nil, overflow_error() end,
      tool_use { { "c1", "read", { path = "one.lua" } } },
      function() return nil, overflow_error() end,
      tool_use { { "c2", "read", { path = "two.lua" } } },
      function() return nil, third end,
    }
    local result, err, partial = agent:run("go")
    assert.is_nil(result)
    assert.equal(third, err)
    assert.is_true(compact.is(err, compact.ErrContextWindowExceeded))
    assert.equal(5, gen.calls)
    assert.equal(2, summarizer.calls)
    assert.equal(4, #events)
    assert.equal(2, count_events(events, "compaction_start"))
    assert.equal(2, count_events(events, "compaction_end"))
    assert.equal(2, #partial.compactions)
    local stops = {}
    for _, message in ipairs(partial.new_messages) do
      if message.role == "assistant" then stops[#stops + 1] = message.stop_reason end
    end
    assert.same({ "error", "tool_use", "error", "tool_use", "error" }, stops)
    -- the second rewrite is committed; the last tool call and its result are kept
    assert.equal("summary 2", agent.state.summary:sub(1, 9))
    assert.equal(2, #agent.state.messages)
    assert.equal("c2", agent.state.messages[2].tool_call_id)
    for _, message in ipairs(agent.state.messages) do assert.are_not.equal("error", message.stop_reason) end
  end)

  it("does not recover from other provider errors", function()
    local http_error = errors.new("http", "bad gateway", { status = 502, retryable = true })
    local agent, gen, summarizer, events = setup { function() return nil, http_error end }
    local _, err = agent:run("go")
    assert.equal(http_error, err)
    assert.equal(1, gen.calls)
    assert.equal(0, summarizer.calls)
    assert.same({}, events)
  end)

  it("a recovery that cannot plan ends the run without events", function()
    local agent, gen, summarizer, events = setup { function() return nil, overflow_error() end }
    agent.state.messages = {}
    local _, err, partial = agent:run("go")
    assert.is_true(compact.is(err, compact.ErrNoReduction))
    assert.equal(1, gen.calls)
    assert.equal(0, summarizer.calls)
    assert.same({}, events)
    assert.equal(2, #partial.new_messages)
    assert.same({ { role = "user", content = "go" } }, agent.state.messages)
  end)

  it("a summarizer failure during recovery ends the run and keeps the context", function()
    local agent, gen, summarizer, events = setup({ function() return nil, overflow_error() end },
      function() return nil, "summary model down" end)
    local old = agent.state.messages
    local _, err = agent:run("go")
    assert.is_true(compact.is(err, compact.ErrSummarization))
    assert.equal(1, gen.calls)
    assert.equal(1, summarizer.calls)
    assert.equal(2, #events)
    assert.is_truthy(events[2].err)
    assert.is_nil(agent.state.summary)
    assert.equal(old, agent.state.messages)
    assert.equal(7, #agent.state.messages)
  end)

  it("cancellation during a recovery ends the run with ErrCancelled", function()
    local token = compact.cancel_token()
    local agent, gen, summarizer, events = setup({ function() return nil, overflow_error() end },
      function(_, cancel) cancel:cancel(); return nil, errors.cancelled() end)
    local _, err, partial = agent:run("go", { cancel = token })
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(1, gen.calls)
    assert.equal(1, summarizer.calls)
    assert.equal(2, #events)
    assert.same({}, partial.compactions)
    assert.equal(7, #agent.state.messages) -- history and prompt
  end)

  it("a rejection without a compactor ends the run", function()
    local gen = scripted { function() return nil, overflow_error() end }
    local agent = new_agent { generator = gen }
    local _, err = agent:run("go")
    assert.is_true(compact.is(err, compact.ErrContextWindowExceeded))
    assert.equal(1, gen.calls)
  end)

  it("recovers inside a tool loop without maintenance events in the batch", function()
    local agent, gen, _, _, log = setup({
      tool_use { { "c1", "read", { path = "a.lua" } }, { "c2", "read", { path = "b.lua" } } },
      function() return nil, overflow_error() end,
      reply("done"),
    }, nil, 100000)
    local result = assert(agent:run("go"))
    assert.same({ "generate", "generate", "compaction_start:overflow", "summarize", "compaction_end:overflow",
      "generate" }, log)
    assert.equal(3, gen.calls)
    assert.equal(1, #result.compactions)
    -- the whole batch was summarized (a cut never separates a call from its result)
    assert.same({ reply("done") }, agent.state.messages)
    assert.is_truthy(agent.state.summary:find("a.lua\nb.lua", 1, true))
  end)
end)

describe("agent conversations", function()
  -- A model that reads a file, writes its output, then answers.
  local function coding_model()
    local gen = { calls = 0 }
    function gen.generate(self, request)
      self.calls = self.calls + 1
      local last = request.messages[#request.messages]
      if last.role == "user" then
        local n = last.content:match("task (%d+)")
        return tool_use { { "r" .. n, "read", { path = "src/f" .. n .. ".lua" } } }
      elseif last.tool_name == "read" then
        local n = last.tool_call_id:match("%d+")
        return tool_use { { "w" .. n, "write", { path = "out/f" .. n .. ".lua", text = "x" } } }
      end
      return reply("finished " .. last.tool_call_id .. " " .. text_of(40))
    end
    return gen
  end

  -- Same input, same summary: two agents with equal states stay equal.
  local deterministic_summarizer = compact.summarizer(function(req)
    return "summary of " .. #req.messages .. " messages and a prefix of " .. #req.turn_prefix_messages,
      { input = 10, output = 5, cache_read = 0, cache_write = 0 }
  end)

  local function new_coding_agent(on_event, summarizer)
    return new_agent {
      generator = coding_model(), system_prompt = "You are a coding agent.",
      tools = { read_tool(nil, 300), { name = "write", handler = function(args) return "wrote " .. args.path end } },
      compactor = new_compactor(summarizer or deterministic_summarizer, 200, 0.8),
      context_window_tokens = 1200, reserve_tokens = 100, on_event = on_event,
    }
  end

  it("compacts several times over many runs and keeps the file lists", function()
    local events, on_event = recorder()
    local agent = new_coding_agent(on_event)
    local compactions = 0
    for n = 1, 8 do
      local result = assert(agent:run("task " .. n))
      assert.equal("finished w" .. n .. " " .. text_of(40), result.final.content[1].text)
      compactions = compactions + #result.compactions
      assert.is_true(compact.core.validate_messages(agent.state.messages))
    end
    assert.is_true(compactions >= 3, "expected several compactions, got " .. compactions)
    assert.equal(2 * compactions, #events)
    assert.equal(compactions, count_events(events, "compaction_start"))
    -- every file touched in a summarized run stays listed across compactions
    local summary = agent.state.summary
    local live = {}
    for _, message in ipairs(agent.state.messages) do
      if message.role == "assistant" then
        for _, block in ipairs(message.content) do
          if block.type == "tool_call" then live[block.arguments.path] = true end
        end
      end
    end
    local listed = 0
    for n = 1, 8 do
      local read, written = "src/f" .. n .. ".lua", "out/f" .. n .. ".lua"
      if not live[read] then
        assert.is_truthy(summary:match("<read%-files>[^<]*" .. read:gsub("%p", "%%%0")), read)
        listed = listed + 1
      end
      if not live[written] then
        assert.is_truthy(summary:match("<modified%-files>[^<]*" .. written:gsub("%p", "%%%0")), written)
      end
    end
    assert.is_true(listed >= 5)
    assert.is_truthy(summary:find("src/f1.lua", 1, true))
  end)

  it("works with the generator summarizer on the same model", function()
    local model = coding_model()
    local summary_calls = 0
    local gen = { generate = function(_, request, cancel)
      if request.tool_choice == "none" then
        summary_calls = summary_calls + 1
        assert.is_nil(request.tools)
        return reply("## Goal\nfinish the tasks (" .. summary_calls .. ")")
      end
      return model:generate(request, cancel)
    end }
    local summarizer = assert(compact.generator_summarizer { generator = gen, model = "summary-model",
      sleep = function() error("no retries expected") end })
    local agent = new_agent { generator = gen, tools = { read_tool(nil, 300),
      { name = "write", handler = function(args) return "wrote " .. args.path end } },
      compactor = new_compactor(summarizer, 200, 0.8), context_window_tokens = 1200, reserve_tokens = 100 }
    local compactions = 0
    for n = 1, 6 do compactions = compactions + #assert(agent:run("task " .. n)).compactions end
    assert.is_true(compactions >= 2)
    assert.is_true(summary_calls >= compactions)
    assert.is_truthy(agent.state.summary:find("## Goal", 1, true))
    assert.is_truthy(agent.state.summary:find("<read-files>", 1, true))
  end)

  it("saves and restores its state through compact.state", function()
    local agent = new_coding_agent()
    for n = 1, 5 do assert(agent:run("task " .. n)) end
    assert.is_truthy(agent.state.summary)
    local text = assert(compact.state.encode(agent.state))
    local restored = new_coding_agent()
    restored.state = assert(compact.state.decode(text))
    assert.same(agent.state, restored.state)
    assert.equal(text, compact.state.encode(restored.state))
    local a = assert(agent:run("task 6"))
    local b = assert(restored:run("task 6"))
    assert.same(a.new_messages, b.new_messages)
    assert.same(a.compactions, b.compactions)
    assert.same(agent.state, restored.state)
    assert.equal(compact.state.encode(agent.state), compact.state.encode(restored.state))
  end)

  it("encodes a result and its records", function()
    local agent = new_coding_agent()
    local result
    for n = 1, 4 do result = assert(agent:run("task " .. n)) end
    local decoded = assert(compact.state.decode(assert(compact.state.encode(result))))
    assert.same(result.new_messages, decoded.new_messages)
  end)
end)

describe("agent usage anchors", function()
  local function usage_reply(text, input, output)
    local message = reply(text)
    message.usage = { input = input, output = output, cache_read = 5, cache_write = 1 }
    return message
  end

  -- A compactor that records every request it is asked to plan.
  local function recording_compactor(inner)
    local seen = {}
    return {
      seen = seen,
      plan = function(_, request)
        seen[#seen + 1] = { usage = request.usage, fit = request.fit, count = #request.messages }
        return inner:plan(request)
      end,
      apply = function(_, ...) return inner:apply(...) end,
    }, seen
  end

  it("keeps the anchor of its last reply and passes it with every plan", function()
    local compactor, seen = recording_compactor(new_compactor(counting_summarizer(), 0))
    local gen = scripted { usage_reply("one", 100, 10), reply("two, without usage"),
      { role = "assistant", stop_reason = "error", error_message = "boom", content = {},
        usage = { input = 999, output = 1 } } }
    local agent = new_agent { generator = gen, compactor = compactor, context_window_tokens = 100000 }
    assert(agent:run("first"))
    assert.same({ tokens = 116, through = 2 }, agent.state.usage)
    assert(agent:run("second"))
    -- a reply without usage keeps the earlier anchor (its prefix is unchanged)
    assert.same({ tokens = 116, through = 2 }, agent.state.usage)
    assert.same({ tokens = 116, through = 2 }, seen[#seen].usage)
    assert.is_true(seen[#seen].fit)
    assert.is_nil(agent:run("third"))
    -- a failed reply never anchors
    assert.same({ tokens = 116, through = 2 }, agent.state.usage)
    -- the state keeps its anchor through compact.state
    local back = assert(compact.state.decode(assert(compact.state.encode(agent.state))))
    assert.same(agent.state.usage, back.usage)
  end)

  it("drops the anchor on a compaction and plans on the provider's count", function()
    local summarizer = counting_summarizer()
    local compactor, seen = recording_compactor(new_compactor(summarizer, 0))
    -- the estimator sees ~30 tokens, the provider counted 5000: above the 1000-token window
    local gen = scripted { usage_reply("a", 4990, 10), reply("b") }
    local agent = new_agent { generator = gen, compactor = compactor, context_window_tokens = 1000 }
    agent.state.messages = history(1, 10)
    assert(agent:run("hi"))
    assert.same({ tokens = 5005 + 1, through = 4 }, agent.state.usage)
    local result = assert(agent:run("again"))
    assert.equal(1, summarizer.calls)
    assert.equal(1, #result.compactions)
    assert.is_true(result.compactions[1].calibration > 1)
    assert.equal(5006, result.compactions[1].tokens_before)
    -- the compaction made the anchor stale; the reply after it has no usage
    assert.is_nil(agent.state.usage)
    assert.same({ tokens = 5006, through = 4 }, seen[2].usage)
    assert.is_false(compactor.plan == nil)
  end)

  it("rejects an invalid anchor in an assigned state", function()
    local agent = new_agent { generator = scripted { reply("x") } }
    agent.state = { messages = history(1, 1), usage = { tokens = 10, through = 9 } }
    local result, err = agent:run("go")
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.matches("agent.state.usage.through", err.message)
  end)

  it("fits by default and takes fit = false", function()
    local compactor, seen = recording_compactor(new_compactor(counting_summarizer(), 0))
    local agent = new_agent { generator = scripted { reply("x") }, compactor = compactor, context_window_tokens = 1000,
      fit = false }
    assert(agent:run("go"))
    assert.is_nil(seen[1].fit)
    local bad, err = agent_module.new { generator = scripted {}, model = "m", fit = "yes" }
    assert.is_nil(bad)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
  end)
end)

describe("agent state under hostile tools and generators", function()
  local function unprintable()
    return setmetatable({}, { __tostring = function() error("tostring trap") end })
  end

  local function every_call_answered(messages)
    local repaired, report = compact.repair(messages)
    assert.is_table(repaired)
    assert.same({}, report.missing_results)
    assert.same({}, report.orphan_results)
    local last = messages[#messages]
    if last and last.role == "assistant" then
      for _, block in ipairs(last.content) do assert.are_not.equal("tool_call", block.type) end
    end
  end

  it("a handler error whose __tostring raises becomes an error result", function()
    local gen = scripted { tool_use { { "c1", "boom" } }, reply("after") }
    local agent = new_agent { generator = gen,
      tools = { { name = "boom", handler = function() error(unprintable()) end } } }
    local ok, result, err = pcall(agent.run, agent, "go")
    assert.is_true(ok, tostring(result))
    assert.is_truthy(result, tostring(err))
    local tool_result = agent.state.messages[3]
    assert.equal("tool_result", tool_result.role)
    assert.is_true(tool_result.is_error)
    assert.matches("__tostring failed", tool_result.content)
    every_call_answered(agent.state.messages)
  end)

  it("a handler returning nil and an unprintable error becomes an error result", function()
    local gen = scripted { tool_use { { "c1", "nilerr" } }, reply("after") }
    local agent = new_agent { generator = gen,
      tools = { { name = "nilerr", handler = function() return nil, unprintable() end } } }
    local ok, result = pcall(agent.run, agent, "go")
    assert.is_true(ok, tostring(result))
    assert.is_true(agent.state.messages[3].is_error)
    every_call_answered(agent.state.messages)
  end)

  it("tool arguments with __metatable or a raising __pairs reach the handler as a plain copy", function()
    local locked = setmetatable({ path = "a.lua" }, { __metatable = "locked" })
    local trapped = setmetatable({ path = "b.lua" }, { __pairs = function() error("pairs trap") end })
    local seen = {}
    local gen = scripted { tool_use { { "c1", "read", locked }, { "c2", "read", trapped } }, reply("after") }
    local agent = new_agent { generator = gen, tools = { { name = "read", handler = function(args)
      seen[#seen + 1] = args
      return "ok"
    end } } }
    local ok, result, err = pcall(agent.run, agent, "go")
    assert.is_true(ok, tostring(result))
    assert.is_truthy(result, tostring(err))
    assert.same({ { path = "a.lua" }, { path = "b.lua" } }, seen)
    assert.is_nil(getmetatable(seen[1]))
    every_call_answered(agent.state.messages)
  end)

  it("a handler that yields in an abandoned coroutine leaves nothing for the next run to go on with", function()
    local gen = scripted { tool_use { { "c1", "slow" } }, function(request)
      -- the orphaned call got a synthetic result before the new prompt
      local messages = request.messages
      assert.equal("tool_result", messages[3].role)
      assert.equal("c1", messages[3].tool_call_id)
      assert.is_true(messages[3].is_error)
      assert.equal("again", messages[4].content)
      return reply("recovered")
    end }
    local agent = new_agent { generator = gen, tools = { { name = "slow", handler = function()
      coroutine.yield("suspended")
      return "never"
    end } } }
    local co = coroutine.create(function() return agent:run("go") end)
    local resumed, value = coroutine.resume(co)
    if not resumed or value ~= "suspended" then
      -- Lua 5.1: pcall is not yieldable, the yield is an error result instead
      assert.equal("dead", coroutine.status(co))
      return
    end
    co = nil -- luacheck: ignore 311 (abandoned: dropped and collected)
    collectgarbage()
    local ok, result, err = pcall(agent.run, agent, "again")
    assert.is_true(ok, tostring(result))
    assert.is_truthy(result, tostring(err))
    assert.equal("recovered", result.final.content[1].text)
    every_call_answered(agent.state.messages)
    assert.equal(2, gen.calls)
  end)

  it("a generator error whose __tostring raises is returned, not raised", function()
    for _, step in ipairs {
      function() return nil, unprintable() end,
      function() error(unprintable()) end,
    } do
      local agent = new_agent { generator = scripted { step } }
      local ok, result, err = pcall(agent.run, agent, "go")
      assert.is_true(ok, tostring(result))
      assert.is_nil(result)
      assert.is_string(tostring(err))
      assert.equal(1, #agent.state.messages)
      every_call_answered(agent.state.messages)
    end
  end)

  it("never raises: a run that raises returns nil, err with every call answered", function()
    -- an on_event-free way to raise inside the loop: a generator whose reply
    -- has content that raises when read
    local hostile = setmetatable({}, { __index = function() error("index trap") end, __len = function() error("len") end })
    local agent = new_agent { generator = scripted { tool_use { { "c1", "read" } }, hostile },
      tools = { read_tool() } }
    local ok, result, err = pcall(agent.run, agent, "go")
    assert.is_true(ok, tostring(result))
    assert.is_nil(result)
    assert.is_string(tostring(err))
    every_call_answered(agent.state.messages)
  end)
end)

describe("agent repair before each request", function()
  local conversation = require "spec.support.conversation"

  local function expected(list, prompt)
    local full = {}
    for i = 1, #list do full[i] = list[i] end
    full[#full + 1] = prompt
    return (compact.repair(full))
  end

  for seed = 1, 8 do
    it("sends what a full repair gives, also after messages were appended in place (seed " .. seed .. ")", function()
      local state = conversation.generate(seed * 4243, 6 + seed)
      local sent = {}
      local gen = { generate = function(_, request)
        sent[#sent + 1] = request.messages
        return reply("ok " .. #sent)
      end }
      local events = {}
      local agent = new_agent { generator = gen, on_event = function(event) events[#events + 1] = event end }
      agent.state.messages = state
      local before = {}
      for i = 1, #state do before[i] = state[i] end
      assert(agent:run("first"))
      local want = expected(before, { role = "user", content = "first" })
      assert.equal(#want, #sent[1])
      for i = 1, #want do assert.same(want[i], sent[1][i]) end
      -- break the tail in place: a duplicate of an early result, an orphan, a dangling call
      local messages = agent.state.messages
      local early
      for _, message in ipairs(messages) do
        if message.role == "tool_result" then early = message; break end
      end
      if early then messages[#messages + 1] = early end
      messages[#messages + 1] = { role = "tool_result", tool_call_id = "nobody", content = "orphan" }
      messages[#messages + 1] = tool_use { { "dangling_" .. seed, "read", { path = "x" } } }
      local snapshot = {}
      for i = 1, #messages do snapshot[i] = messages[i] end
      assert(agent:run("second"))
      want = expected(snapshot, { role = "user", content = "second" })
      assert.equal(#want, #sent[2])
      for i = 1, #want do assert.same(want[i], sent[2][i]) end
      assert.equal("repair", events[#events].type)
    end)
  end
end)
