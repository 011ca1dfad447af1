-- The agent's controls (docs/agent.md, "Controls"): context editing, the
-- guard, the tool-result cap, max_turns, min_token_savings, no repeat of an
-- unfittable compaction, on_before_compaction, agent:compact, instructions
-- and the stream events. Scripted generators and summarizers; no network.

local compact = require "compact"
local agent_module = require "compact.agent"
local context_edit = require "compact.context_edit"
local kit = require "spec.support.agent_kit"

local estimator, reply, tool_use = kit.estimator, kit.reply, kit.tool_use

local function placeholder(tokens) return "[tool result cleared to save context: " .. tokens .. " tokens]" end

local function new_agent(config)
  config.model = config.model or "m"
  config.estimator = config.estimator or estimator
  return assert(agent_module.new(config))
end

local function copy_list(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

describe("agent config controls", function()
  local gen = kit.scripted {}
  local function rejects(config, message)
    config.generator, config.model = gen, "m"
    local agent, err = agent_module.new(config)
    assert.is_nil(agent)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.equal(message, err.message)
  end

  it("rejects bad values, naming the field", function()
    rejects({ edit = { trigger_ratio = 0 } }, "config.edit.trigger_ratio: expected a number > 0, got number 0")
    rejects({ edit = { keep_turns = 1.5 } }, "config.edit.keep_turns: expected an integer >= 0, got number 1.5")
    rejects({ edit = { exclude_tools = { 3 } } }, "config.edit.exclude_tools[1]: expected a tool name, got number 3")
    rejects({ edit = { keep = 1 } }, "config.edit.keep: unknown option")
    rejects({ edit = "on" }, "config.edit: expected a table, got string \"on\"")
    rejects({ guard = 1 }, "config.guard: expected a boolean, got number 1")
    rejects({ max_tool_result_tokens = 0 }, "config.max_tool_result_tokens: expected an integer >= 1, got number 0")
    rejects({ min_token_savings = -1 }, "config.min_token_savings: expected a number >= 0, got number -1")
    rejects({ max_turns = 0 }, "config.max_turns: expected an integer >= 1, got number 0")
    rejects({ on_before_compaction = true }, "config.on_before_compaction: expected a function, got boolean true")
    rejects({ instructions = 5 }, "config.instructions: expected a string, got number 5")
    rejects({ stream_events = "yes" }, "config.stream_events: expected a boolean, got string \"yes\"")
  end)

  it("defaults keep the seed's semantics", function()
    local agent = new_agent { generator = gen }
    assert.is_nil(agent.edit)
    assert.is_false(agent.guard)
    assert.is_nil(agent.max_tool_result_tokens)
    assert.equal(0, agent.min_token_savings)
    assert.equal(100, agent.max_turns)
    assert.is_false(agent.stream_events)
    agent = new_agent { generator = gen, edit = {} }
    assert.same({ trigger_ratio = 0.65, keep_turns = 3, exclude = {} }, agent.edit)
    -- false says "off" explicitly (compact.agent.recommended uses it)
    agent = new_agent { generator = gen, edit = false }
    assert.is_nil(agent.edit)
  end)

  it("recommended is a plain table a host merges into its configs", function()
    local recommended = agent_module.recommended
    -- the shape the docs promise (the values are the replay bench's to choose)
    local keys = {}
    for key in pairs(recommended) do keys[#keys + 1] = key end
    table.sort(keys)
    assert.same({ "agent", "compactor" }, keys)
    assert.is_true(recommended.agent.edit == false or type(recommended.agent.edit) == "table")
    assert.is_boolean(recommended.agent.guard)
    assert.is_number(recommended.agent.reserve_tokens)
    assert.is_number(recommended.agent.min_token_savings)
    assert.is_number(recommended.agent.max_tool_result_tokens)
    assert.is_number(recommended.compactor.trigger_ratio)
    assert.is_number(recommended.compactor.keep_recent_tokens)
    local compactor = assert(compact.new {
      summarizer = kit.summarizer(), trigger_ratio = recommended.compactor.trigger_ratio,
      keep_recent_tokens = recommended.compactor.keep_recent_tokens })
    local config = { generator = gen, model = "m", compactor = compactor, context_window_tokens = 100000 }
    for key, value in pairs(recommended.agent) do config[key] = value end
    assert.is_table(agent_module.new(config))
  end)
end)

describe("context editing", function()
  -- three turns, each: user, read call, a 400-byte result, answer (427 tokens)
  local function setup(edit, extra)
    local gen = kit.scripted { reply("ok"), reply("ok again") }
    local events, on_event = kit.recorder()
    local config = { generator = gen, tools = { kit.tool("read") }, context_window_tokens = 1500,
      edit = edit, on_event = on_event }
    for key, value in pairs(extra or {}) do config[key] = value end
    local agent = new_agent(config)
    local original = kit.tool_history(3, 400)
    for i, m in ipairs(original) do agent.state.messages[i] = m end
    return agent, gen, events, original
  end

  it("clears tool results older than the newest keep_turns turns (the prompt is the newest)", function()
    local agent, gen, events, original = setup { keep_turns = 2 }
    -- 3 * 427 + 10 (tools) = 1291 > 1500 * 0.65
    assert.equal(1291, compact.estimate { messages = original, tools = agent.tool_definitions, estimator = estimator })
    local result = assert(agent:run("go"))
    local saved = 2 * (401 - (1 + #placeholder(400)))
    assert.same({ { type = "context_edit", cleared = 2, tokens_saved = saved } }, events)
    assert.same({ { cleared = 2, tokens_saved = saved } }, result.edits)
    local sent = gen.requests[1].messages
    assert.equal(13, #sent)
    for _, i in ipairs { 3, 7 } do
      assert.same({ role = "tool_result", tool_call_id = original[i].tool_call_id, tool_name = "read",
        content = placeholder(400), is_error = false }, sent[i])
    end
    assert.equal(original[11], sent[11]) -- the kept turn's result is the same table
    assert.equal(1291 - saved + 3, gen.estimates[1])
    -- the caller's messages are untouched; the state holds copies
    assert.equal(("r"):rep(400), original[3].content)
    assert.are_not.equal(original[3], agent.state.messages[3])
    -- the second run is under the edit trigger: nothing more
    assert(agent:run("again"))
    assert.equal(1, #events)
  end)

  it("runs before maintenance plans: a compaction sees the edited context, or is not needed", function()
    local summarizer = kit.summarizer()
    local compactor = assert(compact.new { keep_recent_tokens = 427, trigger_ratio = 0.3, summarizer = summarizer })
    local agent, _, events = setup({ keep_turns = 2, trigger_ratio = 0.5 }, { compactor = compactor })
    assert(agent:run("go"))
    -- 1291 - 700 = 591 is still above 1500 * 0.3
    assert.same({ "context_edit", "compaction_start:threshold", "compaction_end:threshold" }, kit.kinds(events))
    assert.equal(placeholder(400), summarizer.requests[1].messages[3].content)
    assert.equal(placeholder(400), summarizer.requests[1].messages[7].content)
    -- under a trigger of 1500 * 0.5 = 750 after editing: no compaction
    summarizer = kit.summarizer()
    compactor = assert(compact.new { keep_recent_tokens = 427, trigger_ratio = 0.5, summarizer = summarizer })
    agent, _, events = setup({ keep_turns = 2, trigger_ratio = 0.5 }, { compactor = compactor })
    assert(agent:run("go"))
    assert.same({ "context_edit" }, kit.kinds(events))
    assert.equal(0, summarizer.calls)
  end)

  it("leaves excluded tools and already cleared results, so editing twice is editing once", function()
    local messages = {
      { role = "user", content = "one" }, tool_use { { "m1", "memory", { path = "notes" } } },
      kit.result("m1", "memory", ("n"):rep(50)), reply("noted"),
      { role = "user", content = "two" }, tool_use { { "r1", "read", { path = "a" } } },
      kit.result("r1", "read", ("r"):rep(60)), reply("read"),
    }
    local opts = { estimator = estimator, keep_turns = 1, exclude = { memory = true }, pending_prompt = true }
    local edited, info = context_edit.edit(messages, opts)
    assert.same({ cleared = 1, tokens_saved = 61 - (1 + #placeholder(60)), saved_through = 0 }, info)
    assert.equal(messages[3], edited[3])
    assert.equal(placeholder(60), edited[7].content)
    assert.is_nil(context_edit.edit(edited, opts))
    opts.exclude = {}
    local again = assert(context_edit.edit(edited, opts))
    assert.equal(placeholder(50), again[3].content)
    assert.equal(edited[7], again[7])
    -- a placeholder an archive extended counts as cleared too
    assert.is_true(context_edit.is_cleared(kit.result("x", "read", "[tool result cleared to save context: 5 tokens; recall #7]")))
    -- keep_turns counts the turns of the list when no prompt is pending
    opts.pending_prompt = false
    assert.is_nil(context_edit.edit(messages, { estimator = estimator, keep_turns = 2, exclude = {} }))
  end)

  it("does nothing at or under the trigger, and takes the cleared tokens off the anchor", function()
    local agent, gen, events = setup { keep_turns = 2, trigger_ratio = 0.95 }
    -- 1291 <= 1500 * 0.95: no edit
    assert(agent:run("go"))
    assert.same({}, events)
    assert.equal(13, #gen.requests[1].messages)
    local anchored, _, anchored_events, original = setup({ keep_turns = 2 })
    anchored.state.usage = { tokens = 2000, through = 12 }
    assert(anchored:run("go"))
    local saved = anchored_events[1].tokens_saved
    assert.same({ tokens = 2000 - saved, through = 12 }, anchored.state.usage)
    assert.equal(#original + 2, #anchored.state.messages)
  end)
end)

describe("the guard", function()
  -- four 604-token turns, a read tool (10), a 3000-token budget; the read
  -- returns 800 bytes, pushing the next request over the budget
  local function setup(guard)
    local gen = kit.scripted { tool_use { { "c1", "read", { path = "a" } } }, reply("done") }
    local summarizer = kit.summarizer()
    local events, on_event = kit.recorder()
    local go = { role = "user", content = "go" }
    local call = tool_use { { "c1", "read", { path = "a" } } }
    local result = kit.result("c1", "read", ("x"):rep(800))
    local keep = estimator:message(go) + estimator:message(call) + estimator:message(result)
    local agent = new_agent {
      generator = gen, tools = { kit.tool("read", 800) }, context_window_tokens = 3000, guard = guard,
      compactor = assert(compact.new { keep_recent_tokens = keep, trigger_ratio = 10, summarizer = summarizer }),
      on_event = on_event,
    }
    for i, m in ipairs(kit.history(4, 300)) do agent.state.messages[i] = m end
    return agent, gen, summarizer, events
  end

  it("is off by default: the seed sends the request over the budget", function()
    local agent, gen, summarizer, events = setup(nil)
    assert(agent:run("go"))
    assert.same({ 2429, 2429 + 11 + 801 }, gen.estimates)
    assert.same({}, events)
    assert.equal(0, summarizer.calls)
  end)

  it("compacts between tool turns before a request over the budget is sent", function()
    local agent, gen, summarizer, events = setup(true)
    local history = copy_list(agent.state.messages)
    local result = assert(agent:run("go"))
    assert.same({ "compaction_start:guard", "compaction_end:guard" }, kit.kinds(events))
    assert.equal(1, summarizer.calls)
    assert.same(history, summarizer.requests[1].messages)
    assert.equal(9, result.compactions[1].first_kept_index)
    local sent = gen.requests[2].messages
    assert.same(compact.project_summary("summary 1"), sent[1])
    assert.same({ "user", "assistant", "tool_result" }, { sent[2].role, sent[3].role, sent[4].role })
    local projection = estimator:message(compact.project_summary("summary 1"))
    assert.same({ 2429, projection + 3 + 11 + 801 + 10 }, gen.estimates)
    assert.is_true(gen.estimates[2] <= 3000)
    assert.equal("done", result.final.content[1].text)
  end)

  it("cuts a prompt larger than the budget before the first request (truncate_newest)", function()
    local gen = kit.scripted { reply("ok") }
    local summarizer = kit.summarizer()
    local events, on_event = kit.recorder()
    local agent = new_agent { generator = gen, context_window_tokens = 1000, guard = true, on_event = on_event,
      compactor = assert(compact.new { summarizer = summarizer }) }
    local result = assert(agent:run(("p"):rep(5000)))
    assert.equal(0, summarizer.calls)
    assert.same({ "compaction_start:guard", "compaction_end:guard" }, kit.kinds(events))
    local text = gen.requests[1].messages[1].content
    local head, cut, tail = text:match("^(p+)\n%[%.%.%. (%d+) tokens cut by compaction %.%.%.%]\n(p+)$")
    assert.equal(5000, #head + #tail + tonumber(cut))
    assert.is_true(gen.estimates[1] <= 1000)
    local record = result.compactions[1]
    assert.same({ { step = "truncate_newest", tokens_saved = 5001 - gen.estimates[1] } }, record.degraded)
    assert.equal(1, record.first_kept_index)
    assert.equal(5001, record.tokens_before)
  end)

  it("ends the run instead of sending a request that cannot fit", function()
    local gen = kit.scripted { reply("never") }
    local events, on_event = kit.recorder()
    local agent = new_agent { generator = gen, context_window_tokens = 1000, guard = true, on_event = on_event,
      system_prompt = ("s"):rep(2000), compactor = assert(compact.new { summarizer = kit.summarizer() }) }
    local result, err, partial = agent:run("hi")
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
    assert.equal(0, gen.calls)
    assert.same({ "compaction_start:guard", "compaction_end:guard" }, kit.kinds(events))
    assert.same({ { role = "user", content = "hi" } }, partial.new_messages)
    -- without a compactor it says so
    agent = new_agent { generator = gen, context_window_tokens = 1000, guard = true, system_prompt = ("s"):rep(2000) }
    result, err = agent:run("hi")
    assert.is_nil(result)
    assert.equal("the request's estimate (2003 tokens) is over the budget (1000) and the agent has no compactor",
      err.message)
    assert.equal(0, gen.calls)
  end)
end)

describe("max_tool_result_tokens", function()
  it("cuts a bigger tool result head and tail before it enters the state", function()
    local long = ("h"):rep(500) .. ("t"):rep(500)
    local gen = kit.scripted { tool_use { { "c1", "read", { path = "a" } }, { "c2", "blocks", {} } }, reply("ok") }
    local agent = new_agent { generator = gen, max_tool_result_tokens = 100, tools = {
      kit.tool("read", 0, function() return long end),
      kit.tool("blocks", 0, function() return { { type = "text", text = long }, { type = "text", text = "short" } } end),
    } }
    local result = assert(agent:run("go"))
    local capped = result.new_messages[3]
    assert.equal(agent.state.messages[3], capped)
    assert.equal(capped, gen.requests[2].messages[3])
    local head, cut, tail = capped.content:match("^(h+)\n%[%.%.%. (%d+) tokens cut: tool result too long %.%.%.%]\n(t+)$")
    assert.equal(1000, #head + #tail + tonumber(cut))
    assert.is_true(#capped.content <= 100)
    assert.same({ "c1", "read", false }, { capped.tool_call_id, capped.tool_name, capped.is_error })
    local blocks = result.new_messages[4].content
    assert.matches("tokens cut: tool result too long", blocks[1].text, 1, true)
    assert.is_true(#blocks[1].text + #blocks[2].text <= 100)
    assert.equal("short", blocks[2].text)
  end)
end)

describe("max_turns", function()
  it("ends a tool loop that never answers, every call answered", function()
    local gen = kit.scripted(setmetatable({}, { __index = function(_, n)
      return tool_use { { "c" .. n, "read", { path = "a" } } }
    end }))
    local agent = new_agent { generator = gen, tools = { kit.tool("read", 5) }, max_turns = 3 }
    local result, err, partial = agent:run("loop")
    assert.is_nil(result)
    assert.equal("max_turns", err.code)
    assert.equal("the tool loop reached config.max_turns (3 tool batches) without a final answer", err.message)
    assert.equal(3, gen.calls)
    assert.equal(7, #agent.state.messages)
    assert.equal(7, #partial.new_messages)
    assert.is_true(kit.pairs_intact(agent.state.messages))
  end)
end)

describe("maintenance controls", function()
  -- four 604-token turns; budget 3000, trigger 1500; keep one turn
  local function setup(config, summarize, steps)
    local summarizer = kit.summarizer(summarize)
    local events, on_event = kit.recorder()
    config.generator = kit.scripted(steps or { reply("ok"), reply("ok 2"), reply("ok 3") })
    config.context_window_tokens = config.context_window_tokens or 3000
    config.compactor = assert(compact.new { keep_recent_tokens = 604, trigger_ratio = 0.5, summarizer = summarizer })
    config.on_event = on_event
    local agent = new_agent(config)
    for i, m in ipairs(kit.history(4, 300)) do agent.state.messages[i] = m end
    return agent, config.generator, summarizer, events
  end

  it("min_token_savings skips a compaction that saves less, without events", function()
    -- 2416 before, 604 kept: saves 1812
    local agent, _, summarizer, events = setup { min_token_savings = 1813 }
    assert(agent:run("go"))
    assert.same({}, events)
    assert.equal(0, summarizer.calls)
    agent, _, summarizer, events = setup { min_token_savings = 1812 }
    assert(agent:run("go"))
    assert.same({ "compaction_start:threshold", "compaction_end:threshold" }, kit.kinds(events))
    assert.equal(1, summarizer.calls)
  end)

  it("does not retry a compaction that could not fit until messages were added", function()
    -- the summary alone is over the budget: every attempt ends in ErrNoReduction
    local steps = { tool_use { { "c1", "read", { path = "a" } } }, reply("ok"), reply("fine"), reply("third") }
    local agent, _, summarizer, events = setup({ tools = { kit.tool("read", 1) } },
      function() return ("s"):rep(5000) end, steps)
    assert(agent:run("go")) -- before the prompt, and after the tool loop
    assert.same({ "compaction_start:threshold", "compaction_end:threshold",
      "compaction_start:threshold", "compaction_end:threshold" }, kit.kinds(events))
    assert.is_true(compact.is(events[2].err, compact.ErrNoReduction))
    local calls = summarizer.calls
    assert(agent:run("again")) -- the same context: not tried again
    assert.equal(4, #events)
    assert.equal(calls, summarizer.calls)
    assert(agent:run("third")) -- messages were added: tried again
    assert.equal(6, #events)
    -- other failures are retried at the next point
    agent, _, summarizer, events = setup({ tools = { kit.tool("read", 1) } }, function() return nil, "down" end, steps)
    assert(agent:run("go"))
    assert(agent:run("again"))
    assert.equal(3, summarizer.calls)
    assert.equal(6, #events)
  end)

  it("on_before_compaction: false skips silently, a summary replaces the summarizer, a raise is reported", function()
    local seen
    local agent, _, summarizer, events = setup { on_before_compaction = function(ctx) seen = ctx; return false end }
    local before = agent.state.messages
    assert(agent:run("go"))
    assert.same({}, events)
    assert.equal(0, summarizer.calls)
    assert.equal("threshold", seen.reason)
    assert.is_false(rawequal(before, seen.request.messages)) -- a copy
    for i, m in ipairs(seen.request.messages) do assert.same(before[i], m) end
    assert.equal(7, seen.plan.first_kept_index)
    assert.equal(10, #agent.state.messages)

    agent, _, summarizer, events = setup { on_before_compaction = function(ctx)
      seen = ctx
      return { summary = "from the hook" }
    end }
    assert(agent:run("go"))
    assert.equal(0, summarizer.calls)
    assert.same({ "compaction_start:threshold", "compaction_end:threshold" }, kit.kinds(events))
    assert.same(seen.plan, events[1].plan) -- (a copy: see below)
    assert.equal("from the hook", events[2].record.summary)
    assert.equal("from the hook", agent.state.summary)

    agent, _, summarizer, events = setup { on_before_compaction = function() error("boom") end }
    assert(agent:run("go"))
    assert.equal(1, #events)
    assert.equal("compaction_skipped", events[1].type)
    assert.equal("threshold", events[1].reason)
    assert.equal("callback", events[1].err.code)
    assert.matches("boom", tostring(events[1].err.cause))
    assert.equal(0, summarizer.calls)
    assert.is_nil(agent.state.summary)
  end)

  it("on_before_compaction gets a copy of the plan: a hook that edits it changes nothing of the compaction", function()
    local edited
    local agent, _, _, events = setup { on_before_compaction = function(ctx)
      edited = ctx.plan
      ctx.plan.first_kept_index = 1
      ctx.plan.messages_to_summarize = {}
    end }
    assert(agent:run("go"))
    assert.same({ "compaction_start:threshold", "compaction_end:threshold" }, kit.kinds(events))
    assert.is_false(rawequal(edited, events[1].plan))
    assert.equal(7, events[1].plan.first_kept_index)
    assert.truthy(#events[1].plan.messages_to_summarize > 0)
    assert.truthy(agent.state.summary ~= nil)
  end)

  it("on_before_compaction gets a copy of the request: a hook that edits it leaves the history intact", function()
    local agent, _, _, events = setup { on_before_compaction = function(ctx)
      local messages = ctx.request.messages
      messages[1].content = "rewritten by the hook"
      messages[2].role = "robot"
      table.remove(messages)
      messages[#messages + 1] = { role = "user", content = "injected" }
      ctx.request.messages = {}
      return false
    end }
    local history = kit.history(4, 300)
    assert(agent:run("go"))
    assert.same({}, events)
    assert.equal(10, #agent.state.messages)
    for i = 1, 8 do assert.same(history[i], agent.state.messages[i]) end
    assert.same({ role = "user", content = "go" }, agent.state.messages[9])
  end)

  it("a recovery the hook skips fails as if nothing could be removed", function()
    local overflow = function() return nil, compact.error("context_window_exceeded", "too long") end
    local agent, gen, summarizer, events = setup({ context_window_tokens = 100000,
      on_before_compaction = function() return false end }, nil, { overflow })
    local result, err = agent:run("go")
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
    assert.equal("on_before_compaction skipped the overflow compaction", err.message)
    assert.equal(1, gen.calls)
    assert.equal(0, summarizer.calls)
    assert.same({}, events)
  end)

  it("instructions reach every automatic compaction's summarizer", function()
    local agent, _, summarizer = setup { instructions = "keep the TODOs" }
    assert(agent:run("go"))
    assert.equal("keep the TODOs", summarizer.requests[1].instructions)
  end)
end)

describe("agent:compact", function()
  local function setup(config, summarize)
    local summarizer = kit.summarizer(summarize)
    local events, on_event = kit.recorder()
    config.generator = kit.scripted {}
    config.compactor = assert(compact.new { keep_recent_tokens = 604, summarizer = summarizer })
    config.on_event = on_event
    local agent = new_agent(config)
    for i, m in ipairs(kit.history(4, 300)) do agent.state.messages[i] = m end
    return agent, summarizer, events
  end

  it("compacts now, whatever the threshold, with reason manual", function()
    local agent, summarizer, events = setup { instructions = "configured focus" }
    local history = copy_list(agent.state.messages)
    local record = assert(agent:compact { instructions = "the parser" })
    assert.same({ "compaction_start:manual", "compaction_end:manual" }, kit.kinds(events))
    assert.equal(events[2].record, record)
    assert.equal(7, record.first_kept_index)
    assert.equal("the parser", summarizer.requests[1].instructions)
    assert.same({ history[1], history[2], history[3], history[4], history[5], history[6] },
      summarizer.requests[1].messages)
    assert.equal("summary 1", agent.state.summary)
    assert.same({ history[7], history[8] }, agent.state.messages)
    -- without instructions: the configured ones
    agent, summarizer = setup { instructions = "configured focus" }
    assert(agent:compact())
    assert.equal("configured focus", summarizer.requests[1].instructions)
  end)

  it("returns nil when nothing can be removed, nil and an error on failure (state unchanged)", function()
    local agent, _, events = setup {}
    agent.state.messages = { { role = "user", content = "only" } }
    local record, err = agent:compact()
    assert.is_nil(record)
    assert.is_nil(err)
    assert.same({}, events)
    -- a compaction the hook skips: nil too, nothing changed
    local vetoed, _, vetoed_events = setup { on_before_compaction = function(ctx)
      assert.equal("manual", ctx.reason)
      return false
    end }
    local list = vetoed.state.messages
    record, err = vetoed:compact()
    assert.is_nil(record)
    assert.is_nil(err)
    assert.same({}, vetoed_events)
    assert.equal(list, vetoed.state.messages)
    local summarizer
    agent, summarizer, events = setup({}, function() return nil, "down" end)
    local before = agent.state.messages
    record, err = agent:compact()
    assert.is_nil(record)
    assert.is_true(compact.is(err, compact.ErrSummarization))
    assert.equal(before, agent.state.messages)
    assert.equal(8, #before)
    assert.is_nil(agent.state.summary)
    assert.equal(1, summarizer.calls)
    assert.same({ "compaction_start:manual", "compaction_end:manual" }, kit.kinds(events))
  end)

  it("is refused while the agent runs (from a tool handler), and a hook cannot start a run", function()
    local agent
    local seen
    local gen = kit.scripted { tool_use { { "c1", "compact_now", {} } }, reply("ok") }
    agent = new_agent { generator = gen, compactor = assert(compact.new { summarizer = kit.summarizer() }),
      tools = { kit.tool("compact_now", 0, function()
        local record, err = agent:compact()
        seen = { record, err }
        return "tried"
      end) } }
    assert(agent:run("go"))
    assert.is_nil(seen[1])
    assert.is_true(compact.is(seen[2], compact.ErrInvalidRequest))
    assert.equal("agent:compact: this agent is running (called from a tool handler or a callback?)", seen[2].message)
    -- during a manual compaction, run is refused the same way
    local inner
    local hooked = setup { on_before_compaction = function() inner = { agent_module.Agent.run(agent, "x") } end }
    agent = hooked
    assert(hooked:compact())
    assert.is_nil(inner[1])
    assert.matches("already running", inner[2].message, 1, true)
  end)

  it("rejects bad options and an agent without a compactor", function()
    local agent = setup {}
    local record, err = agent:compact "now"
    assert.is_nil(record)
    assert.equal("opts: expected a table, got string \"now\"", err.message)
    record, err = agent:compact { focus = "x" }
    assert.is_nil(record)
    assert.equal("opts.focus: unknown option", err.message)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    local bare = new_agent { generator = kit.scripted {} }
    record, err = bare:compact()
    assert.is_nil(record)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    local token = compact.cancel_token()
    token:cancel()
    record, err = agent:compact { cancel = token }
    assert.is_nil(record)
    assert.is_true(compact.is(err, compact.ErrCancelled))
  end)
end)

describe("stream events", function()
  it("message, tool and delta events in order, with on_delta in the request", function()
    local deltas = { { type = "text", text = "Let me ", index = 1 }, { type = "tool_call", text = "{\"path\"", index = 2 },
      { type = "text", text = "Done", index = 1 } }
    local call_message = tool_use { { "c1", "read", { path = "a" } } }
    local final = reply("Done")
    local gen = kit.scripted {
      function(request) request.on_delta(deltas[1]); request.on_delta(deltas[2]); return call_message end,
      function(request) request.on_delta(deltas[3]); return final end,
    }
    local events, on_event = kit.recorder()
    local agent = new_agent { generator = gen, tools = { kit.tool("read", 3) }, stream_events = true,
      on_event = on_event }
    assert(agent:run("go"))
    assert.same({ "message_start", "delta", "delta", "message_end", "tool_start", "tool_end",
      "message_start", "delta", "message_end" }, kit.kinds(events))
    assert.equal(deltas[1], events[2].delta)
    assert.equal(deltas[2], events[3].delta)
    assert.equal(call_message, events[4].message)
    assert.equal(call_message.content[1], events[5].call)
    assert.equal(agent.state.messages[3], events[6].result)
    assert.equal(deltas[3], events[8].delta)
    assert.equal(final, events[9].message)
  end)

  it("forward a real provider's streamed pieces (OpenAI over an injected transport)", function()
    local fake = require "spec.support.fake_server"
    local fake_transport = require "spec.support.fake_transport"
    local scenario = fake.scenarios.oa_text
    local transport = fake_transport.new(function()
      return { status = scenario.status, headers = scenario.headers, chunks = fake_transport.chunks_of(scenario) }
    end)
    local gen = assert(require("compact.providers.openai") { api_key = "sk-test", transport = transport.fn })
    local events, on_event = kit.recorder()
    local agent = new_agent { generator = gen, stream_events = true, on_event = on_event }
    local result = assert(agent:run("hi"))
    local text = {}
    for _, event in ipairs(events) do
      if event.type == "delta" then
        assert.equal("text", event.delta.type)
        text[#text + 1] = event.delta.text
      end
    end
    assert.equal(result.final.content[1].text, table.concat(text))
    assert.equal("message_start", events[1].type)
    assert.equal("message_end", events[#events].type)
    assert.equal(result.final, events[#events].message)
  end)

  it("are off by default: no on_delta, no events", function()
    local gen = kit.scripted { tool_use { { "c1", "read", { path = "a" } } }, reply("ok") }
    local events, on_event = kit.recorder()
    local agent = new_agent { generator = gen, tools = { kit.tool("read", 3) }, on_event = on_event }
    assert(agent:run("go"))
    assert.is_nil(gen.requests[1].on_delta)
    assert.same({}, events)
  end)

  it("message_end carries the failed attempt when the generator fails", function()
    local gen = kit.scripted { function() return nil, compact.error("http", "HTTP 500", { status = 500 }) end }
    local events, on_event = kit.recorder()
    local agent = new_agent { generator = gen, stream_events = true, on_event = on_event }
    local _, _, partial = agent:run("go")
    assert.same({ "message_start", "message_end" }, kit.kinds(events))
    assert.equal("error", events[2].message.stop_reason)
    assert.equal(partial.new_messages[2], events[2].message)
  end)
end)

describe("the guard on the issue's cases", function()
  -- a generator that reads `files` files one per turn, then answers; like a
  -- provider, it rejects a request whose estimate is over `window`
  local function reader(files, window)
    local gen = { calls = 0, rejected = 0, estimates = {} }
    function gen.generate(self, request)
      self.calls = self.calls + 1
      local tokens = kit.request_estimate(request)
      self.estimates[#self.estimates + 1] = tokens
      if tokens > window then
        self.rejected = self.rejected + 1
        return nil, compact.error("context_window_exceeded", "prompt is too long")
      end
      if self.calls > files then return reply("read them all") end
      return tool_use { { "read" .. self.calls, "read", { path = "f" .. self.calls } } }
    end
    return gen
  end

  local function agent_for(gen, window, guard)
    return new_agent { generator = gen, context_window_tokens = window, guard = guard,
      tools = { kit.tool("read", 1000) },
      compactor = assert(compact.new { keep_recent_tokens = 2000, trigger_ratio = 0.8,
        summarizer = kit.summarizer() }) }
  end

  it("60 file reads against an 8,000-token window: the seed fails after two recoveries, the guard never", function()
    local gen = reader(60, 8000)
    local result, err = agent_for(gen, 8000, false):run("read 60 files")
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrContextWindowExceeded))
    assert.equal(3, gen.rejected)
    gen = reader(60, 8000)
    local agent = agent_for(gen, 8000, true)
    result = assert(agent:run("read 60 files"))
    assert.equal(0, gen.rejected)
    assert.equal(61, gen.calls)
    assert.equal("read them all", result.final.content[1].text)
    for _, tokens in ipairs(gen.estimates) do assert.is_true(tokens <= 8000) end
    assert.is_true(#result.compactions >= 1)
    assert.is_true(kit.pairs_intact(agent.state.messages))
  end)

  it("one 400 KB tool result against a 16,000-token window: summarized, or capped on entry", function()
    local function run(cap)
      local gen = kit.scripted { tool_use { { "c1", "read", { path = "big" } } }, reply("ok") }
      local summarizer = kit.summarizer()
      local agent = new_agent { generator = gen, context_window_tokens = 16000, guard = true,
        max_tool_result_tokens = cap, tools = { kit.tool("read", 400 * 1024) },
        compactor = assert(compact.new { keep_recent_tokens = 2000, summarizer = summarizer }) }
      return assert(agent:run("read the log")), gen, summarizer
    end
    -- the guard alone: the result is newer than any valid cut, so the turn is summarized
    local result, gen, summarizer = run(nil)
    assert.equal(4, result.compactions[1].first_kept_index)
    assert.equal(3, #summarizer.requests[1].messages)
    assert.same({ compact.project_summary("summary 1\n\n<read-files>\nbig\n</read-files>") }, gen.requests[2].messages)
    assert.is_true(gen.estimates[2] <= 16000)
    -- with a cap the result enters the context cut, and nothing is compacted
    result, gen, summarizer = run(4000)
    assert.same({}, result.compactions)
    assert.equal(0, summarizer.calls)
    assert.matches("tokens cut: tool result too long", gen.requests[2].messages[3].content, 1, true)
    assert.is_true(gen.estimates[2] <= 16000)
  end)
end)
