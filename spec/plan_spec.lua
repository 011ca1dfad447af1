-- compactor:plan: trigger, cut rules, split turns.
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

local unpack = table.unpack or unpack -- luacheck: ignore 143
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
    -- suffix sums from the newest message: 1, 2, 7, 9, 10, 14, 16, 19; a keep
    -- above 16 reaches its sum only at the first message: nothing to remove
    for keep = 0, 20 do
      local plan, err = compactor(keep):plan(request(messages, { require_reduction = true }))
      if keep > 16 then
        assert.is_nil(plan, "keep " .. keep)
        assert.is_true(compact.is(err, compact.ErrNoReduction), "keep " .. keep)
      else
        assert.is_table(plan, "keep " .. keep .. ": " .. tostring(err))
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

  it("returns a plain table whose lists are built from the list as planned", function()
    local messages = { user(1), assistant(1), user(1), assistant(1) }
    local plan = compactor(0):plan(request(messages, { require_reduction = true }))
    assert.is_nil(getmetatable(plan))
    messages[#messages + 1] = user(1) -- appending after planning changes nothing
    assert.same({ messages[1], messages[2] }, rawget(plan, "messages_to_summarize"))
    assert.same({ messages[3] }, rawget(plan, "turn_prefix_messages"))
    local keys = {}
    for key in pairs(plan) do keys[#keys + 1] = key end
    table.sort(keys)
    assert.same({ "calibration", "first_kept_index", "is_split_turn", "messages_to_summarize",
      "tokens_before", "turn_prefix_messages" }, keys)
    assert.equal(1, plan.calibration)
    local encoded = compact.state.encode(plan)
    assert.matches('"messages_to_summarize":%[', encoded)
  end)
end)

describe("usage anchors (request.usage)", function()
  -- 4 messages of 10 estimated tokens; the provider counted N for messages[1..2]
  local function conversation4() return { user(10), assistant(10), user(10), assistant(10) } end

  it("estimates N plus the messages after the anchor, as one value", function()
    local messages = conversation4()
    assert.equal(40, compact.estimate(request(messages)))
    assert.equal(1, select("#", compact.estimate(request(messages))))
    local anchored = request(messages, { usage = { tokens = 55, through = 2 }, system_prompt = "sssss" })
    assert.equal(55 + 20, compact.estimate(anchored))
    assert.equal(1, select("#", compact.estimate(anchored)))
    -- an anchor on the newest message: exactly N
    assert.equal(123, compact.estimate(request(messages, { usage = { tokens = 123, through = 4 } })))
  end)

  it("rejects an invalid anchor with ErrInvalidRequest naming the field, at every entry point", function()
    local messages = conversation4()
    local c = compactor(0)
    for _, case in ipairs {
      { 5, "request.usage: expected a table" },
      { { tokens = 0, through = 2 }, "request.usage.tokens: expected a positive integer" },
      { { tokens = -3, through = 2 }, "request.usage.tokens" },
      { { tokens = 1.5, through = 2 }, "request.usage.tokens" },
      { { tokens = 0 / 0, through = 2 }, "request.usage.tokens" },
      { { tokens = "10", through = 2 }, "request.usage.tokens" },
      { { tokens = 10, through = 0 }, "request.usage.through: expected an integer in 1..4" },
      { { tokens = 10, through = 5 }, "request.usage.through" },
      { { tokens = 10, through = 2.5 }, "request.usage.through" },
      { { tokens = 10 }, "request.usage.through" },
      { { tokens = 10, through = 2, extra = 1 }, "request.usage.extra: unknown field" },
    } do
      local r = request(messages, { usage = case[1], input_token_budget = 1, require_reduction = true })
      for _, entry in ipairs {
        function() return compact.estimate(r) end,
        function() return c:plan(r) end,
        function() return c:compact(r) end,
        function() return c:apply(r, { first_kept_index = 2, messages_to_summarize = { messages[1] } }) end,
      } do
        local value, err = entry()
        assert.is_nil(value)
        assert.is_true(compact.is(err, compact.ErrInvalidRequest), tostring(err))
        assert.is_truthy(err.message:find(case[2], 1, true), err.message)
      end
    end
    assert.equal(0, calls)
  end)

  it("decides the threshold on the anchored figure", function()
    local messages = conversation4()
    local c = compactor(0)
    -- heuristic 40 <= 50: no compaction; the provider counted 60 for the first two
    assert.is_nil(c:plan(request(messages, { input_token_budget = 50 })))
    local plan = assert(c:plan(request(messages, { input_token_budget = 50, usage = { tokens = 60, through = 2 } })))
    assert.equal(80, plan.tokens_before)
    assert.equal(3, plan.calibration)
    -- and the other way: a provider count below the estimate keeps it from triggering
    assert.is_nil(c:plan(request(messages, { input_token_budget = 30, usage = { tokens = 5, through = 2 } })))
  end)

  it("calibrates with N / estimate(system, summary, tools, messages[1..k]), clamped to [0.5, 4]", function()
    local messages = conversation4()
    local c = compactor(0)
    local function calibration(usage, fields)
      local r = request(messages, { usage = usage, require_reduction = true })
      for k, v in pairs(fields or {}) do r[k] = v end
      return assert(c:plan(r)).calibration
    end
    assert.equal(1, calibration(nil))
    assert.equal(1.5, calibration { tokens = 30, through = 2 })
    -- system prompt (10 by the exact estimator's text) counts in the denominator
    assert.equal(1, calibration({ tokens = 30, through = 2 }, { system_prompt = ("p"):rep(10) }))
    assert.equal(4, calibration { tokens = 1000, through = 2 })
    assert.equal(0.5, calibration { tokens = 6, through = 2 })
    -- below a quarter of the estimate (20): the anchor is ignored (sanity band)
    assert.equal(1, calibration { tokens = 4, through = 2 })
    -- an estimate of 0 for the anchored part: the ratio is clamped, never NaN or inf
    local zero = { user(0), assistant(0), user(10), assistant(10) }
    local plan = assert(c:plan(request(zero, { usage = { tokens = 7, through = 2 }, require_reduction = true })))
    assert.equal(4, plan.calibration)
  end)

  it("scales the cut walk so keep_recent_tokens counts provider tokens (>= exactly)", function()
    local messages = { user(10), assistant(10), user(10), assistant(10), user(10), assistant(10) }
    -- without an anchor: 30 reaches keep = 30 at messages[4]
    assert.equal(4, assert(compactor(30):plan(request(messages, { require_reduction = true }))).first_kept_index)
    -- r = 2 (40 counted for 20 estimated): each message is 20 provider tokens; 30 is reached at messages[5]
    local anchored = request(messages, { require_reduction = true, usage = { tokens = 40, through = 2 } })
    assert.equal(5, assert(compactor(30):plan(anchored)).first_kept_index)
    -- exactly reaching keep stops: r * 20 = 40 >= 40 at messages[5]
    assert.equal(5, assert(compactor(40):plan(anchored)).first_kept_index)
    assert.equal(4, assert(compactor(41):plan(anchored)).first_kept_index)
    -- r = 0.5: keep = 10 needs two messages (5 + 5)
    local low = request(messages, { require_reduction = true, usage = { tokens = 10, through = 2 } })
    assert.equal(5, assert(compactor(10):plan(low)).first_kept_index)
    assert.equal(4, assert(compactor(10.5):plan(low)).first_kept_index)
  end)

  it("finds the smallest raw threshold T with r * T >= keep for any ratio", function()
    local scaled_keep = require("compact.compactor").scaled_keep
    local random = require("spec.support.conversation").rng(99)
    for _ = 1, 2000 do
      local r = 0.5 + random(3500) / 1000
      local keep = random(100000) / random(100)
      local t = scaled_keep(keep, r)
      assert.is_true(r * t >= keep, r .. " " .. keep .. " " .. t)
      assert.is_true(t == 0 or r * (t - 1) < keep, r .. " " .. keep .. " " .. t)
    end
    assert.equal(0, scaled_keep(0, 3))
    assert.equal(7, scaled_keep(7, 1))
  end)

  it("carries the calibration into the record; the result carries no anchor", function()
    local messages = { user(10), assistant(10), user(10), assistant(10) }
    local c = compactor(0)
    local r = request(messages, { require_reduction = true, usage = { tokens = 40, through = 4 } })
    local before = require("spec.support.conversation").deepcopy(r)
    local plan = assert(c:plan(r))
    assert.equal(40, plan.tokens_before)
    assert.equal(1, plan.calibration)
    r.usage = { tokens = 80, through = 4 }
    before.usage = { tokens = 80, through = 4 }
    plan = assert(c:plan(r))
    assert.equal(2, plan.calibration)
    local out = assert(c:apply(r, plan))
    assert.equal(2, out.record.calibration)
    assert.equal(80, out.record.tokens_before)
    -- tokens_after: the estimate of summary + kept, in the same (calibrated) units
    local after = compact.estimate { messages = out.messages, summary = out.summary, estimator = exact }
    assert.equal(math.ceil(after * 2), out.record.tokens_after)
    assert.is_nil(out.usage)
    assert.same({ "messages", "record", "summary" }, (function()
      local keys = {}
      for key in pairs(out) do keys[#keys + 1] = key end
      table.sort(keys)
      return keys
    end)())
    assert.same(before, r)
    -- without an anchor the record says 1
    assert.equal(1, assert(c:compact(request(messages, { require_reduction = true }))).record.calibration)
  end)
end)

describe("planning an unrepaired list", function()
  it("never cuts between a call and its result (duplicates, orphans and dangling calls included)", function()
    local messages = {
      user(10), call(10, "c1", "c2"), result(10, "c1"), -- c2 dangles
      result(10, "ghost"), -- an orphan result
      user(10), assistant(10),
      result(10, "c1"), -- a duplicate result for c1, far from its call
      user(10), call(10, "c3"), assistant(10), result(10, "c3"), assistant(10),
    }
    local n = #messages
    for keep = 0, 130, 5 do
      local plan = compactor(keep):plan(request(messages, { require_reduction = true }))
      local k = plan and plan.first_kept_index or 1
      assert.is_true(k == n + 1 or messages[k].role ~= "tool_result")
      -- no call before k has a result at or after k
      for i = k, n do
        local id = messages[i].role == "tool_result" and messages[i].tool_call_id
        if id == "c1" then assert.is_true(k <= 2, "c1 separated at keep " .. keep) end
        if id == "c3" then assert.is_true(k <= 9, "c3 separated at keep " .. keep) end
      end
    end
  end)
end)

describe("usage anchors on the real pi session", function()
  local data = require "spec.support.data"
  if not data.available() then
    if os.getenv("CI") == "true" then
      it("needs the shared session", function() error("shared data not found at " .. data.PI_SESSION) end)
    else
      pending("shared data not found at " .. data.PI_SESSION)
    end
    return
  end
  local state = assert(require("compact.importers").load(data.PI_SESSION))
  local messages = state.messages

  it("counts what the provider counted and keeps provider tokens", function()
    local anchor = assert(compact.usage_anchor(messages))
    local c = assert(compact.new { keep_recent_tokens = 20000, summarizer = summarizer })
    local plain = assert(c:plan { messages = messages, require_reduction = true, system_prompt = state.system_prompt })
    local anchored = assert(c:plan { messages = messages, require_reduction = true, usage = anchor,
      system_prompt = state.system_prompt })
    assert.equal(anchor.tokens + compact.estimate { messages = { unpack(messages, anchor.through + 1) } }
      - compact.estimate { messages = {} }, anchored.tokens_before)
    local estimated = compact.estimate { messages = { unpack(messages, 1, anchor.through) },
      system_prompt = state.system_prompt }
    assert.near(anchor.tokens / estimated, anchored.calibration, 1e-9)
    -- r > 1: the heuristic undercounts, so the same keep keeps fewer messages (and r < 1 more)
    if anchored.calibration > 1 then
      assert.is_true(anchored.first_kept_index >= plain.first_kept_index)
    else
      assert.is_true(anchored.first_kept_index <= plain.first_kept_index)
    end
  end)
end)

describe("plan: keep_recent_tokens at the extremes", function()
  local qa = require("spec.support.conversation").qa
  local s = compact.summarizer(function() return "S" end)

  it("treats a huge keep_recent_tokens as keep everything, and rounds fractions up", function()
    for _, keep in ipairs { 1e18, 9.3e18, 1e19, 1e300 } do
      local c = assert(compact.new { keep_recent_tokens = keep, summarizer = s })
      local plan, err = c:plan { messages = qa(5), require_reduction = true }
      assert.is_nil(plan)
      assert.is_true(compact.is(err, compact.ErrNoReduction), tostring(keep))
    end
    local zero = { text = function() return 0 end, message = function(_, m) return m.t or 0 end, tools = function() return 0 end }
    local messages = { { role = "user", content = "a", t = 1 }, { role = "user", content = "b", t = 0 } }
    local c = assert(compact.new { keep_recent_tokens = 0.5, summarizer = s })
    -- 0.5 -> 1 token: the newest message (0) does not reach it, the first does
    local plan, err = c:plan { messages = messages, estimator = zero, require_reduction = true }
    assert.is_nil(plan)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
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
