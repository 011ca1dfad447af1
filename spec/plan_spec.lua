-- Contract section 5: compactor:plan (trigger, cut rules, split turns).
local compact = require "compact"

-- An estimator that reads a `tokens` field (unknown fields are kept and
-- never read by compact itself), so every number in these specs is exact.
local exact = {
  text = function(_, text) return text and #text or 0 end,
  message = function(_, message) return message.tokens or 0 end,
  tools = function() return 0 end,
}

local function user(tokens, text) return { role = "user", content = text or "u", tokens = tokens } end
local function assistant(tokens, blocks) return { role = "assistant", content = blocks or { { type = "text", text = "a" } }, tokens = tokens } end
local function call(tokens, ...)
  local blocks = {}
  for i, id in ipairs { ... } do blocks[i] = { type = "tool_call", id = id, name = "read", arguments = { path = id .. ".lua" } } end
  return { role = "assistant", content = blocks, stop_reason = "tool_use", tokens = tokens }
end
local function result(tokens, id) return { role = "tool_result", tool_call_id = id, tool_name = "read", content = "r", tokens = tokens } end

local calls = 0
local summarizer = compact.summarizer(function() calls = calls + 1; return "s" end)

local function compactor(keep, ratio)
  return assert(compact.new { keep_recent_tokens = keep, trigger_ratio = ratio, summarizer = summarizer })
end

local function request(messages, fields)
  local r = { messages = messages, estimator = exact }
  for k, v in pairs(fields or {}) do r[k] = v end
  return r
end

describe("compactor:plan", function()
  before_each(function() calls = 0 end)

  describe("trigger", function()
    local messages = { user(10), assistant(10), user(10), assistant(10) }

    it("never triggers without a budget", function()
      local plan, err = compactor(0):plan(request(messages))
      assert.is_nil(plan); assert.is_nil(err)
    end)

    it("does not trigger on an estimate equal to budget * ratio", function()
      local plan, err = compactor(0, 0.5):plan(request(messages, { input_token_budget = 80 }))
      assert.is_nil(plan); assert.is_nil(err)
    end)

    it("triggers on an estimate strictly above budget * ratio", function()
      local plan = compactor(0, 0.5):plan(request(messages, { input_token_budget = 79 }))
      assert.is_table(plan)
      assert.equal(40, plan.tokens_before)
    end)

    it("counts system prompt, projected summary and tools in the estimate", function()
      local r = request(messages, { system_prompt = "12345", summary = "abc", input_token_budget = 1000 })
      local projected = compact.project_summary("abc")
      assert.equal(40 + 5 + 0, compact.estimate(r)) -- exact:message(projection) reads .tokens = nil -> 0
      assert.is_table(projected)
      local heuristic = { messages = messages, system_prompt = "12345678", summary = "abc",
        tools = { { name = "read", description = "d", parameters = { type = "object" } } } }
      local h = compact.heuristic()
      local expected = h:text("12345678") + h:message(projected) + h:tools(heuristic.tools)
      for _, m in ipairs(messages) do expected = expected + h:message(m) end
      assert.equal(expected, compact.estimate(heuristic))
    end)

    it("lets trigger_ratio exceed 1.0", function()
      assert.is_nil(compactor(0, 1.5):plan(request(messages, { input_token_budget = 30 })))
      assert.is_table(compactor(0, 1.5):plan(request(messages, { input_token_budget = 26 })))
    end)

    it("require_reduction ignores the threshold", function()
      local plan = compactor(0):plan(request(messages, { require_reduction = true }))
      assert.is_table(plan)
    end)

    it("is pure: never calls the summarizer", function()
      compactor(0):plan(request(messages, { input_token_budget = 1 }))
      assert.equal(0, calls)
    end)
  end)

  describe("cut rules", function()
    it("with keep 0 keeps from the newest message", function()
      local messages = { user(5), assistant(5), user(5) }
      local plan = compactor(0):plan(request(messages, { require_reduction = true }))
      assert.equal(3, plan.first_kept_index)
      assert.is_false(plan.is_split_turn)
      assert.same({ messages[1], messages[2] }, plan.messages_to_summarize)
      assert.same({}, plan.turn_prefix_messages)
    end)

    it("stops at the first message where the running sum reaches keep (>=)", function()
      local messages = { user(10), assistant(10), user(10), assistant(10), user(10) }
      assert.equal(4, compactor(20):plan(request(messages, { require_reduction = true })).first_kept_index)
      assert.equal(3, compactor(21):plan(request(messages, { require_reduction = true })).first_kept_index)
    end)

    it("returns nil when the keep budget covers everything", function()
      local messages = { user(10), assistant(10) }
      local plan, err = compactor(100):plan(request(messages, { input_token_budget = 1 }))
      assert.is_nil(plan); assert.is_nil(err)
    end)

    it("fails with ErrNoReduction under require_reduction when nothing can be removed", function()
      local plan, err = compactor(100):plan(request({ user(10), assistant(10) }, { require_reduction = true }))
      assert.is_nil(plan)
      assert.is_true(compact.is(err, compact.ErrNoReduction))
      plan, err = compactor(0):plan(request({}, { require_reduction = true }))
      assert.is_nil(plan)
      assert.is_true(compact.is(err, compact.ErrNoReduction))
      assert.is_nil(compactor(0):plan(request({}, { input_token_budget = 0 })))
    end)

    it("never starts the kept suffix with a tool result", function()
      local messages = { user(1), call(1, "a"), result(1, "a"), assistant(1), user(1) }
      -- keep point lands on the result (index 3): the cut moves on to 4
      local plan = compactor(3):plan(request(messages, { require_reduction = true }))
      assert.equal(4, plan.first_kept_index)
    end)

    it("never separates a tool call from its result", function()
      local messages = { user(1), call(1, "a", "b"), result(1, "a"), assistant(1), result(1, "b"), assistant(1) }
      -- keep point 4: call at 2 has its result at 5 >= 4, so 4 and 5 are invalid
      local plan = compactor(3):plan(request(messages, { require_reduction = true }))
      assert.equal(6, plan.first_kept_index)
    end)

    it("can summarize everything: first_kept_index = #messages + 1", function()
      local messages = { user(1), call(1, "a"), result(1, "a") }
      local plan = compactor(0):plan(request(messages, { require_reduction = true }))
      assert.equal(4, plan.first_kept_index)
      assert.is_false(plan.is_split_turn)
      assert.same(messages, plan.messages_to_summarize)
    end)

    it("ignores orphan results and dangling calls beyond the tool-result rule", function()
      local messages = { user(1), call(1, "dangling"), assistant(1), result(1, "orphan"), assistant(1) }
      local plan = compactor(1):plan(request(messages, { require_reduction = true }))
      assert.equal(5, plan.first_kept_index)
      plan = compactor(2):plan(request(messages, { require_reduction = true }))
      assert.equal(5, plan.first_kept_index) -- 4 is a tool result
      plan = compactor(3):plan(request(messages, { require_reduction = true }))
      assert.equal(3, plan.first_kept_index) -- the dangling call does not hold 3 back
    end)
  end)

  describe("split turns", function()
    it("sends the turn's beginning to turn_prefix_messages", function()
      local messages = { user(1), assistant(1), user(1), call(1, "a"), result(1, "a"), assistant(1) }
      local plan = compactor(1):plan(request(messages, { require_reduction = true }))
      assert.equal(6, plan.first_kept_index)
      assert.is_true(plan.is_split_turn)
      assert.same({ messages[1], messages[2] }, plan.messages_to_summarize)
      assert.same({ messages[3], messages[4], messages[5] }, plan.turn_prefix_messages)
    end)

    it("is not a split turn when no user message starts the turn", function()
      local messages = { assistant(1), assistant(1), assistant(1) }
      local plan = compactor(1):plan(request(messages, { require_reduction = true }))
      assert.equal(3, plan.first_kept_index)
      assert.is_false(plan.is_split_turn)
      assert.same({ messages[1], messages[2] }, plan.messages_to_summarize)
    end)

    it("can summarize only a turn prefix (empty history)", function()
      local messages = { user(1), assistant(1), assistant(1) }
      local plan = compactor(1):plan(request(messages, { require_reduction = true }))
      assert.is_true(plan.is_split_turn)
      assert.same({}, plan.messages_to_summarize)
      assert.same({ messages[1], messages[2] }, plan.turn_prefix_messages)
    end)
  end)

  it("keeps the partition: summarize .. prefix .. kept == messages", function()
    local messages = { user(3), assistant(2), user(4), call(1, "x"), result(2, "x"), assistant(5), user(1), assistant(1) }
    for keep = 0, 20 do
      local plan = compactor(keep):plan(request(messages, { require_reduction = true }))
      if plan then
        local joined = {}
        for _, m in ipairs(plan.messages_to_summarize) do joined[#joined + 1] = m end
        for _, m in ipairs(plan.turn_prefix_messages) do joined[#joined + 1] = m end
        for i = plan.first_kept_index, #messages do joined[#joined + 1] = messages[i] end
        assert.equal(#messages, #joined)
        for i = 1, #messages do assert.equal(messages[i], joined[i]) end
      end
    end
  end)

  it("sees messages appended to the same list (cached estimates stay right)", function()
    local messages = { user(10), assistant(10) }
    local c = compactor(0)
    assert.is_nil(c:plan(request(messages, { input_token_budget = 20 })))
    messages[#messages + 1] = user(10)
    local plan = c:plan(request(messages, { input_token_budget = 20 }))
    assert.equal(30, plan.tokens_before)
    assert.equal(3, plan.first_kept_index)
  end)

  it("re-estimates after compact.forget when a message was edited in place", function()
    local messages = { user(10), assistant(10) }
    assert.equal(20, compact.estimate(request(messages)))
    messages[2] = assistant(50) -- a replaced last message is detected by identity
    assert.equal(60, compact.estimate(request(messages)))
    messages[1].tokens = 100 -- an in-place edit is not: forget() is the rule
    assert.equal(60, compact.estimate(request(messages)))
    compact.forget(messages)
    assert.equal(150, compact.estimate(request(messages)))
  end)

  it("builds a plan's lists on first read, from the list as planned", function()
    local messages = { user(1), assistant(1), user(1), assistant(1) }
    local plan = compactor(0):plan(request(messages, { require_reduction = true }))
    assert.is_nil(rawget(plan, "messages_to_summarize"))
    messages[#messages + 1] = user(1) -- appending after planning changes nothing
    assert.same({ messages[1], messages[2] }, plan.messages_to_summarize)
    assert.same({ messages[3] }, plan.turn_prefix_messages)
    assert.is_table(rawget(plan, "turn_prefix_messages"))
    local encoded = compact.state.encode(compactor(0):plan(request(messages, { require_reduction = true })))
    assert.matches('"messages_to_summarize":%[', encoded)
    -- Lua 5.1 and LuaJIT have no __pairs: there pairs() cannot build the lazy
    -- lists, so this part only runs on 5.2+ (the lists are checked above).
    if _VERSION ~= "Lua 5.1" then
      local keys = {}
      for key in pairs(compactor(0):plan(request(messages, { require_reduction = true }))) do keys[key] = true end
      assert.is_true(keys.messages_to_summarize and keys.turn_prefix_messages and keys.first_kept_index)
    end
  end)
end)

describe("core.slice", function()
  local core = require "compact.core"
  local huge = math.maxinteger or 2 ^ 53

  it("copies list[first..last]", function()
    assert.same({ "b", "c" }, core.slice({ "a", "b", "c", "d" }, 2, 3))
    assert.same({ "a" }, core.slice({ "a", "b" }, -5, 1))
    assert.same({}, core.slice({ "a", "b" }, 3, 2))
  end)

  it("clamps huge bounds instead of overflowing or spinning", function()
    assert.same({}, core.slice({ "a" }, huge - 1, huge))
    assert.same({}, core.slice({}, 1, 2 ^ 32))
    assert.same({ "b" }, core.slice({ "a", "b" }, 2, huge))
  end)
end)
