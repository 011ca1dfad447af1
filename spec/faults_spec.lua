-- Fault injection: the summarizer, the estimator and the generator fail at
-- every step of plan -> apply -> commit and of the agent loop (returned
-- errors, raised errors of every type, garbage returns, cancellation at each
-- point, and provider failures through injected transports and the fake
-- server). After each fault the state is either exactly the old one or a
-- valid compacted one, and every message is accounted for: a compacted
-- context is the old list minus a summarized prefix, in order, the same
-- tables, with no tool call separated from its result.
local compact = require "compact"
local core = require "compact.core"
local errors = require "compact.errors"
local cancel = require "compact.cancel"
local state_codec = require "compact.state"
local agent_module = require "compact.agent"
local openai = require "compact.providers.openai"
local generator_summarizer = require "compact.summarizers.generator"
local fake_transport = require "spec.support.fake_transport"
local fake = require "spec.support.fake_server"

local deep_copy = require("spec.support.conversation").raw_copy

-- A conversation of `turns` agent turns (user, tool call, result, answer).
local function conversation(turns, first)
  local messages = {}
  for t = first or 1, (first or 1) + turns - 1 do
    local id = "call_" .. t
    messages[#messages + 1] = { role = "user", content = "turn " .. t .. ": " .. ("please read it. "):rep(20) }
    messages[#messages + 1] = { role = "assistant", stop_reason = "tool_use", content = {
      { type = "text", text = "reading" },
      { type = "tool_call", id = id, name = "read", arguments = { path = "f" .. t .. ".lua" } } } }
    messages[#messages + 1] = { role = "tool_result", tool_call_id = id, tool_name = "read",
      content = ("local x = " .. t .. "\n"):rep(40), is_error = false }
    messages[#messages + 1] = { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "ok " .. t } } }
  end
  return messages
end

-- Every tool_result in `messages` answers a call earlier in `messages`, and
-- every call has its result (the cut never separates them).
local function assert_pairs_intact(messages)
  local calls, answered = {}, {}
  for i, m in ipairs(messages) do
    if m.role == "assistant" and type(m.content) == "table" then
      for _, block in ipairs(m.content) do
        if block.type == "tool_call" then calls[block.id] = i end
      end
    elseif m.role == "tool_result" then
      assert(calls[m.tool_call_id], "messages[" .. i .. "]: result without its call in the context")
      answered[m.tool_call_id] = true
    end
  end
  for id in pairs(calls) do assert(answered[id], "tool call " .. id .. " has no result in the context") end
end

-- `new` is `old`, or (a compaction kept it) a shallow copy whose usage is a
-- copy marked stale.
local function same_or_stale_copy(new, old)
  if rawequal(new, old) then return true end
  if type(old.usage) ~= "table" or type(new.usage) ~= "table" or new.usage.stale ~= true then return false end
  for key, value in pairs(old) do
    if key ~= "usage" and not rawequal(new[key], value) then return false end
  end
  for key, value in pairs(old.usage) do
    if new.usage[key] ~= value then return false end
  end
  return true
end

-- The state after a fault: exactly `old` (same list, same tables, same
-- contents), or a valid compaction of `full` (the old messages plus what
-- was committed since) that dropped `dropped` messages into the summary.
local function assert_accounted(st, full, dropped, contents)
  local ok, problem = core.validate_messages(st.messages)
  assert(ok, problem)
  assert.equal(#full - dropped, #st.messages, "messages lost or invented")
  for j = 1, #st.messages do
    assert(same_or_stale_copy(st.messages[j], full[dropped + j]), "messages[" .. j .. "] is not the old message")
  end
  if dropped > 0 then
    assert.equal("string", type(st.summary))
    assert.is_true(st.summary:find("%S") ~= nil, "blank summary")
  end
  assert_pairs_intact(st.messages)
  -- nothing the caller handed in was edited
  assert.same(contents, deep_copy(full))
end

---------------------------------------------------------------------------
-- plan -> apply -> commit with a scripted summarizer and estimator
---------------------------------------------------------------------------

-- One cycle as a host runs it: plan, apply, then commit by writing the new
-- state through compact.state and reading it back. Any failure leaves
-- `st` untouched. Returns the error when a step failed.
local function cycle(compactor, st, request_extra, cancel_token)
  local request = { system_prompt = st.system_prompt, summary = st.summary, messages = st.messages,
    require_reduction = true }
  for k, v in pairs(request_extra or {}) do request[k] = v end
  local plan, err = compactor:plan(request)
  if not plan then return err or "nothing to do" end
  local result
  result, err = compactor:apply(request, plan, cancel_token)
  if not result then return err end
  local text
  text, err = state_codec.encode { system_prompt = st.system_prompt, summary = result.summary, messages = result.messages }
  if not text then return err end
  local decoded
  decoded, err = state_codec.decode(text)
  if not decoded then return err end
  -- the committed state: the summary as decoded, the kept messages as the
  -- same tables the host already holds
  assert.same(result.messages, decoded.messages)
  -- state JSON is valid UTF-8: an invalid summary comes back with U+FFFD
  assert.equal(core.json_decode(assert(core.json_encode(result.summary))), decoded.summary)
  st.summary, st.messages = decoded.summary, result.messages
  st.dropped = (st.dropped or 0) + result.record.first_kept_index - 1
  return nil, result
end

local summarizer_faults = {
  { "returns nil, err", function() return nil, "model unavailable" end, "summarization" },
  { "returns nil, error object", function()
      return nil, errors.new("transport", "connect failed", { retryable = true })
    end, "summarization" },
  { "returns nothing", function() end, "summarization" },
  { "raises a string", function() error("boom") end, "summarization" },
  { "raises a table", function() error({ code = 7 }) end, "summarization" },
  { "raises nil", function() error() end, "summarization" },
  { "returns a number", function() return 42 end, "summarization" },
  { "returns a table", function() return { text = "x" } end, "summarization" },
  { "returns a function", function() return print end, "summarization" },
  { "returns an empty string", function() return "" end, "empty_summary" },
  { "returns whitespace", function() return " \n\t " end, "empty_summary" },
  { "yields outside a coroutine", function() coroutine.yield() end, "summarization" },
  { "cancels and fails", function(_, _, token)
      token:cancel()
      return nil, errors.new("cancelled", "stopped")
    end, "cancelled" },
  { "returns garbage usage and meta", function() return "summary text", { input = 0 / 0, output = "many" }, 17 end },
  { "returns invalid UTF-8", function() return "summary \255\254 text" end },
  { "cancels and still returns text", function(_, _, token) token:cancel(); return "late summary" end },
}

describe("faults in plan -> apply -> commit", function()
  for _, case in ipairs(summarizer_faults) do
    local name, fn, code = case[1], case[2], case[3]
    it("summarizer " .. name .. ": old state or a valid compacted one", function()
      local st = { system_prompt = "sys", summary = "earlier work", messages = conversation(12) }
      local full, contents = st.messages, deep_copy(st.messages)
      local compactor = assert(compact.new { keep_recent_tokens = 400, summarizer = { summarize = fn } })
      local token = cancel.token()
      local err = cycle(compactor, st, nil, token)
      if code then
        assert(errors.is_error(err), tostring(err))
        assert(errors.is(err, code), "expected " .. code .. ", got " .. tostring(err))
        assert.equal("earlier work", st.summary)
        assert.is_true(rawequal(full, st.messages))
      else
        assert.is_nil(err)
      end
      assert_accounted(st, full, st.dropped or 0, contents)
    end)
  end

  -- The estimator fails at its Nth call, for every N the cycle reaches:
  -- during planning, during the post-summary estimate, or not at all.
  for _, mode in ipairs { "raises", "returns nil", "returns NaN", "returns -1", "returns a string" } do
    it("estimator " .. mode .. " at every call: old state or a valid compacted one", function()
      local outcomes = {}
      for n = 1, 60 do
        local calls = 0
        local heuristic = compact.heuristic()
        local estimator = {
          text = function(_, s) return heuristic:text(s) end,
          tools = function(_, d) return heuristic:tools(d) end,
          message = function(_, m)
            calls = calls + 1
            if calls == n then
              if mode == "raises" then error("estimator down") end
              if mode == "returns nil" then return nil end
              if mode == "returns NaN" then return 0 / 0 end
              if mode == "returns -1" then return -1 end
              return "many"
            end
            return heuristic:message(m)
          end,
        }
        local st = { system_prompt = "sys", messages = conversation(10) }
        local full, contents = st.messages, deep_copy(st.messages)
        local compactor = assert(compact.new { keep_recent_tokens = 300,
          summarizer = assert(compact.summarizer(function() return "summary" end)) })
        local err = cycle(compactor, st, { estimator = estimator })
        if err then
          assert(errors.is_error(err), tostring(err))
          assert.equal("invalid_request", err.code)
          assert.is_true(rawequal(full, st.messages))
          outcomes.failed = true
        else
          outcomes.compacted = true
        end
        assert_accounted(st, full, st.dropped or 0, contents)
        compact.forget(full)
      end
      -- both outcomes were reached: the fault hit a call that mattered, and
      -- past the last call the cycle completed
      assert.is_true(outcomes.failed)
      assert.is_true(outcomes.compacted)
    end)
  end

  it("a pre-cancelled token stops the cycle before the summarizer is called", function()
    local st = { messages = conversation(8) }
    local full, contents = st.messages, deep_copy(st.messages)
    local seen
    local compactor = assert(compact.new { keep_recent_tokens = 300, summarizer = { summarize = function(_, _, token)
      seen = token
      if cancel.is_cancelled(token) then return nil, errors.new("cancelled", "cancelled before start") end
      return "s"
    end } })
    local token = cancel.token()
    token:cancel()
    local err = cycle(compactor, st, nil, token)
    assert.is_nil(seen)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert_accounted(st, full, 0, contents)
  end)

  it("a plan made before the list grew still accounts for every message (commit after appends)", function()
    local st = { messages = conversation(8) }
    local compactor = assert(compact.new { keep_recent_tokens = 300,
      summarizer = assert(compact.summarizer(function() return "s" end)) })
    local request = { messages = st.messages, require_reduction = true }
    local plan = assert(compactor:plan(request))
    for _, m in ipairs(conversation(2, 100)) do st.messages[#st.messages + 1] = m end
    local full, contents = st.messages, deep_copy(st.messages)
    local result = assert(compactor:apply(request, plan))
    st.summary, st.messages = result.summary, result.messages
    assert_accounted(st, full, plan.first_kept_index - 1, contents)
  end)

  it("garbage plans are rejected and change nothing", function()
    local st = { summary = "old", messages = conversation(6) }
    local full, contents = st.messages, deep_copy(st.messages)
    local compactor = assert(compact.new { keep_recent_tokens = 300,
      summarizer = assert(compact.summarizer(function() error("must not be called") end)) })
    local request = { summary = st.summary, messages = st.messages }
    for _, plan in ipairs { 7, "plan", {}, { first_kept_index = 0 }, { first_kept_index = 1.5 },
      { first_kept_index = #full + 2 }, { first_kept_index = 0 / 0 },
      { first_kept_index = 3, messages_to_summarize = { 1, 2 } },
      { first_kept_index = 3, messages_to_summarize = {}, turn_prefix_messages = {} } } do
      local result, err = compactor:apply(request, plan)
      assert.is_nil(result)
      assert.equal("invalid_request", err.code)
    end
    assert_accounted(st, full, 0, contents)
  end)

  it("many cycles with a summarizer that fails every third call never lose a message", function()
    local st = { messages = {} }
    local full = {}
    local calls = 0
    local compactor = assert(compact.new { keep_recent_tokens = 500, summarizer = { summarize = function(_, req)
      calls = calls + 1
      if calls % 3 == 0 then error("flaky") end
      return (req.previous_summary or "") .. "+" .. #req.messages
    end } })
    for t = 1, 40 do
      for _, m in ipairs(conversation(1, t)) do
        st.messages[#st.messages + 1] = m
        full[#full + 1] = m
      end
      cycle(compactor, st, { input_token_budget = 1500, require_reduction = false })
    end
    assert.is_true(calls > 6)
    assert_accounted(st, full, st.dropped, deep_copy(full))
  end)
end)

describe("faults of the summary model (generator summarizer) in plan -> apply -> commit", function()
  local summary_reply = { role = "assistant", stop_reason = "stop",
    content = { { type = "text", text = "## Goal\nShip it.\n## Progress\nRead the files." } } }
  local model_faults = {
    { "HTTP 503 (retryable)", function() return nil, errors.new("http", "HTTP 503", { status = 503, retryable = true }) end },
    { "HTTP 400", function() return nil, errors.new("http", "HTTP 400", { status = 400 }) end },
    { "transport timeout", function()
        return nil, errors.new("transport", "timed out", { reason = "timeout", retryable = true })
      end },
    { "truncated stream", function() return nil, errors.new("stream", "stream ended early", { retryable = true }) end },
    { "raises", function() error("generator bug") end },
    { "returns garbage", function() return "text instead of a message" end },
    { "returns an empty reply", function() return { role = "assistant", stop_reason = "stop", content = {} } end },
    { "returns stop_reason length", function()
        return { role = "assistant", stop_reason = "length", content = { { type = "text", text = "## Go" } } }
      end },
    { "cancels", function(token) token:cancel(); return nil, errors.new("cancelled", "stopped") end },
  }
  for _, case in ipairs(model_faults) do
    for _, with_fallback in ipairs { false, true } do
      it(case[1] .. " at every call" .. (with_fallback and ", with a fallback summarizer" or ""), function()
        for at = 1, 4 do
          local calls = 0
          local model = { generate = function(_, request, token)
            calls = calls + 1
            assert.equal("m", request.model)
            if calls == at then return case[2](token) end
            return deep_copy(summary_reply)
          end }
          local summarizer = assert(generator_summarizer.new { generator = model, model = "m",
            sleep = function() end,
            fallback = with_fallback and assert(compact.summarizer(function() return "fallback summary" end)) or nil })
          local compactor = assert(compact.new { keep_recent_tokens = 300, summarizer = summarizer })
          local st = { summary = "before", messages = conversation(10) }
          local full, contents = st.messages, deep_copy(st.messages)
          local err = cycle(compactor, st, nil, cancel.token())
          if err then
            assert(errors.is_error(err), tostring(err))
            assert.equal("before", st.summary)
          end
          assert_accounted(st, full, st.dropped or 0, contents)
        end
      end)
    end
  end
end)

---------------------------------------------------------------------------
-- The agent loop
---------------------------------------------------------------------------

local function reply_text(text)
  return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } }
end

local function reply_call(n)
  return { role = "assistant", stop_reason = "tool_use", content = {
    { type = "tool_call", id = "run_call_" .. n, name = "read", arguments = { path = "x" .. n } } } }
end

-- Generator faults, each a function(token) -> what generate returns.
local generator_faults = {
  { "returns nil, err", function() return nil, errors.new("http", "HTTP 500", { status = 500, retryable = true }) end },
  { "returns nil", function() return nil end },
  { "raises a string", function() error("socket exploded") end },
  { "raises a table", function() error({ "odd" }) end },
  { "returns a number", function() return 3 end },
  { "returns a user message", function() return { role = "user", content = "hi" } end },
  { "returns bad content", function() return { role = "assistant", content = { { type = "tool_call" } } } end },
  { "returns stop_reason error", function()
      return { role = "assistant", stop_reason = "error", error_message = "overloaded", content = {} }
    end },
  { "returns stop_reason aborted", function() return { role = "assistant", stop_reason = "aborted", content = {} } end },
  { "rejects the context as too long", function()
      return nil, errors.new("context_window_exceeded", "prompt is too long", { status = 400 })
    end, "recovers" },
  { "cancels and fails", function(token) token:cancel(); return nil, errors.new("cancelled", "stopped") end },
  { "cancels and still replies", function(token) token:cancel(); return reply_call(99) end },
}

-- An agent whose generator plays `script` (a tool call, then a tool call,
-- then an answer, per run) with `fault` at call `at`; the summarizer fails
-- with `summarizer_fault` when given.
local function scripted_agent(fault, at, summarizer_fn)
  local calls = 0
  local generator = { generate = function(_, request, token)
    calls = calls + 1
    assert(type(request.messages) == "table")
    if calls == at then return fault(token) end
    if calls % 3 == 0 then return reply_text("answer " .. calls) end
    return reply_call(calls)
  end }
  local compactor = assert(compact.new { keep_recent_tokens = 600, summarizer = { summarize = summarizer_fn or
    function(_, req) return (req.previous_summary or "") .. "[" .. #req.messages .. " messages]" end } })
  local agent = assert(agent_module.new {
    generator = generator, model = "m", system_prompt = "sys", compactor = compactor,
    context_window_tokens = 3000,
    tools = { { name = "read", description = "read", parameters = { type = "object" },
      handler = function(args) return ("contents of " .. tostring(args.path) .. "\n"):rep(30) end } },
  })
  return agent
end

-- Run and check the agent's state against everything committed.
local function run_and_check(agent, prompt, token)
  local before = agent.state.messages
  local old = {}
  for i = 1, #before do old[i] = before[i] end
  local old_contents = deep_copy(old)
  local old_summary = agent.state.summary
  local result, err, partial = agent:run(prompt, { cancel = token })
  local outcome = result or partial
  if not result then
    assert(errors.is_error(err), "run failed with a non-error: " .. tostring(err))
    assert.equal("table", type(partial))
  end
  -- committed = old messages + everything produced except failed attempts
  local full = {}
  for i = 1, #old do full[i] = old[i] end
  for _, m in ipairs(outcome.new_messages) do
    local failed = m.role == "assistant" and (m.stop_reason == "error" or m.stop_reason == "aborted")
    if not failed then full[#full + 1] = m end
  end
  local dropped = 0
  for _, record in ipairs(outcome.compactions) do dropped = dropped + record.first_kept_index - 1 end
  local st = agent.state
  assert_accounted(st, full, dropped, deep_copy(full))
  for i = 1, #old do assert.same(old_contents[i], old[i]) end
  if dropped == 0 then assert.equal(old_summary, st.summary) end
  return result, err
end

describe("faults in the agent loop", function()
  for _, case in ipairs(generator_faults) do
    it("generator " .. case[1] .. " at every call: the context stays whole", function()
      local failures, recoveries = 0, 0
      for at = 1, 7 do
        local agent = scripted_agent(case[2], at)
        -- a first run fills the context past the threshold
        for _, m in ipairs(conversation(6)) do agent.state.messages[#agent.state.messages + 1] = m end
        for run = 1, 3 do
          local token = cancel.token()
          local result = run_and_check(agent, "task " .. run, token)
          if not result then failures = failures + 1 end
          for _, record in ipairs(result and result.compactions or {}) do
            if record.first_kept_index > 1 then recoveries = recoveries + 1 end
          end
        end
      end
      if case[3] == "recovers" then
        -- one rejection per run is recovered by compacting and retrying
        assert.is_true(recoveries >= 1, "never recovered")
      else
        assert.is_true(failures >= 1, "the fault never surfaced")
      end
    end)
  end

  local summarizer_fns = {
    { "fails", function() return nil, "no summary today" end },
    { "raises", function() error("summarizer crashed") end },
    { "returns garbage", function() return { 1, 2 } end },
    { "returns blank", function() return "  " end },
    { "cancels the run", function(_, _, token) token:cancel(); return nil, errors.new("cancelled", "stop") end },
  }
  for _, case in ipairs(summarizer_fns) do
    it("summarizer " .. case[1] .. " during maintenance and overflow recovery", function()
      for at = 1, 4 do
        local too_long = function()
          return nil, errors.new("context_window_exceeded", "prompt is too long", { status = 400 })
        end
        local agent = scripted_agent(too_long, at, case[2])
        for _, m in ipairs(conversation(8)) do agent.state.messages[#agent.state.messages + 1] = m end
        local result, err = run_and_check(agent, "go", cancel.token())
        if not result then assert.is_truthy(err.code) end
      end
    end)
  end

  it("cancellation inside a tool handler (between the calls of a batch), before the run and in on_event", function()
    for point = 1, 3 do
      local token = cancel.token()
      local calls = 0
      local agent = assert(agent_module.new {
        generator = { generate = function()
          calls = calls + 1
          if calls > 3 then return reply_text("done") end
          return { role = "assistant", stop_reason = "tool_use", content = {
            { type = "tool_call", id = "a" .. calls, name = "read", arguments = {} },
            { type = "tool_call", id = "b" .. calls, name = "read", arguments = {} } } }
        end },
        model = "m",
        compactor = assert(compact.new { keep_recent_tokens = 300,
          summarizer = assert(compact.summarizer(function() return "s" end)) }),
        context_window_tokens = 2500,
        on_event = function(event)
          if point == 3 and event.type == "compaction_start" then token:cancel() end
        end,
        tools = { { name = "read", description = "r", parameters = { type = "object" }, handler = function()
          if point == 1 and calls == 2 then token:cancel() end
          return ("line\n"):rep(100)
        end } },
      })
      for _, m in ipairs(conversation(point == 3 and 8 or 2)) do agent.state.messages[#agent.state.messages + 1] = m end
      if point == 2 then token:cancel() end -- cancelled before the run starts
      local result, err = run_and_check(agent, "go", token)
      assert.is_nil(result)
      assert.is_true(compact.is(err, compact.ErrCancelled))
    end
  end)

  -- Provider failures through an injected transport: the real OpenAI
  -- provider parses what the fake server would send.
  local chunks_of = fake_transport.chunks_of

  for _, name in ipairs { "oa_429", "oa_500", "oa_401", "oa_truncated", "oa_invalid_json", "oa_bad_error_body",
    "oa_context", "oa_filter", "oa_length" } do
    it("provider " .. name .. " (injected transport) as the generator and as the summarizer's model", function()
      local scenario = fake.scenarios[name]
      local good = fake.scenarios.oa_text
      local calls = 0
      local transport = fake_transport.new(function()
        calls = calls + 1
        local s = calls % 2 == 0 and scenario or good
        return { status = s.status, headers = s.headers, chunks = chunks_of(s) }
      end)
      local gen = assert(openai { api_key = "sk-test-secret", transport = transport.fn })
      local summarizer = assert(generator_summarizer.new { generator = gen, model = "m", sleep = function() end })
      local agent = assert(agent_module.new { generator = gen, model = "m",
        compactor = assert(compact.new { keep_recent_tokens = 300, summarizer = summarizer }),
        context_window_tokens = 2000 })
      for _, m in ipairs(conversation(6)) do agent.state.messages[#agent.state.messages + 1] = m end
      for run = 1, 3 do run_and_check(agent, "task " .. run, cancel.token()) end
      assert.is_true(calls >= 2)
    end)
  end
end)

describe("faults from the fake server (real sockets)", function()
  local server
  setup(function() server = fake.start() end)
  teardown(function() server:stop() end)

  for _, name in ipairs { "oa_429", "oa_500", "oa_truncated", "oa_drop", "oa_slow" } do
    it(name .. " as the agent's model and as the summarizer's model", function()
      local gen = assert(openai { api_key = "sk-test-secret", base_url = server:base(name), timeout = 0.3 })
      local st = { messages = conversation(8) }
      local full, contents = st.messages, deep_copy(st.messages)
      local summarizer = assert(generator_summarizer.new { generator = gen, model = "m", sleep = function() end })
      local compactor = assert(compact.new { keep_recent_tokens = 300, summarizer = summarizer })
      local err = cycle(compactor, st)
      assert(errors.is_error(err), tostring(err))
      assert_accounted(st, full, 0, contents)

      local agent = assert(agent_module.new { generator = gen, model = "m" })
      for _, m in ipairs(conversation(2)) do agent.state.messages[#agent.state.messages + 1] = m end
      local result, run_err = run_and_check(agent, "hello", cancel.token())
      assert.is_nil(result)
      assert.is_truthy(run_err.code)
      assert.is_nil(tostring(run_err):find("sk-test-secret", 1, true))
    end)
  end
end)
