-- Properties of planning over seeded random conversations (user turns,
-- text/thinking, parallel tool calls, error results, orphan results and
-- dangling calls), checked for many keep values against the documented
-- invariants and against a straightforward pure-Lua planner.
local compact = require "compact"
local conversation = require "spec.support.conversation"
local reference = require "spec.support.reference_plan"

local summarizer = compact.summarizer(function() return "S" end)
local heuristic = compact.heuristic()
local function estimate(message) return heuristic:message(message) end
local unpack = table.unpack or unpack -- luacheck: ignore 143

local function check_invariants(messages, plan)
  local n = #messages
  local k = plan.first_kept_index
  assert.is_true(k >= 2 and k <= n + 1)
  -- partition: summarize .. prefix .. kept is exactly the list
  local position = 0
  for _, list in ipairs { plan.messages_to_summarize, plan.turn_prefix_messages } do
    for _, message in ipairs(list) do
      position = position + 1
      assert.equal(messages[position], message)
    end
  end
  assert.equal(k - 1, position)
  -- the kept suffix never starts with a tool result
  if k <= n then assert.are_not.equal("tool_result", messages[k].role) end
  -- no call before k has its result at or after k
  local calls_before = {}
  for i = 1, k - 1 do
    local message = messages[i]
    if message.role == "assistant" and type(message.content) == "table" then
      for _, block in ipairs(message.content) do
        if block.type == "tool_call" then calls_before[block.id] = true end
      end
    end
  end
  local calls_after = {}
  for i = k, n do
    local message = messages[i]
    if message.role == "assistant" and type(message.content) == "table" then
      for _, block in ipairs(message.content) do
        if block.type == "tool_call" then calls_after[block.id] = true end
      end
    elseif message.role == "tool_result" and not calls_after[message.tool_call_id] then
      assert.is_nil(calls_before[message.tool_call_id], "call separated from its result at " .. i)
    end
  end
  -- a split turn starts its prefix with a user message, and the cut is not one
  if plan.is_split_turn then
    assert.equal("user", plan.turn_prefix_messages[1].role)
    assert.are_not.equal("user", messages[k].role)
  else
    assert.equal(0, #plan.turn_prefix_messages)
  end
end

describe("planning properties", function()
  local keeps = { 0, 1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 100000 }

  for seed = 1, 40 do
    it("holds for random conversation #" .. seed, function()
      local messages = conversation.generate(seed * 7919, 5 + seed % 30)
      local before = conversation.deepcopy(messages)
      for _, keep in ipairs(keeps) do
        local compactor = assert(compact.new { keep_recent_tokens = keep, summarizer = summarizer })
        local plan, err = compactor:plan { messages = messages, require_reduction = true }
        local expected_cut, expected_turn_start = reference.plan(messages, keep, estimate)
        if plan then
          check_invariants(messages, plan)
          assert.equal(expected_cut, plan.first_kept_index)
          assert.equal(expected_turn_start > 0, plan.is_split_turn)
          local result = assert(compactor:apply({ messages = messages }, plan))
          assert.equal(#messages - plan.first_kept_index + 1, #result.messages)
        else
          assert.is_true(compact.is(err, compact.ErrNoReduction), tostring(err))
          assert.equal(1, expected_cut)
        end
      end
      assert.same(before, messages)
    end)
  end

  it("plans a growing conversation the same as a fresh one", function()
    local all = conversation.generate(424242, 60)
    local growing = {}
    local compactor = assert(compact.new { keep_recent_tokens = 300, summarizer = summarizer })
    for i = 1, #all do
      growing[i] = all[i]
      local warm = compactor:plan { messages = growing, require_reduction = true }
      local fresh_list = {}
      for j = 1, i do fresh_list[j] = all[j] end
      local fresh = compactor:plan { messages = fresh_list, require_reduction = true }
      if warm then
        assert.equal(fresh.first_kept_index, warm.first_kept_index)
        assert.equal(fresh.tokens_before, warm.tokens_before)
      else
        assert.is_nil(fresh)
      end
    end
  end)
end)

describe("fitting properties (fit = true)", function()
  -- bytes as tokens, so every degradation step can save something
  local bytes = conversation.bytes_estimator

  for seed = 1, 30 do
    it("either fits the budget or says why, for random conversation #" .. seed, function()
      local random = conversation.rng(seed * 104729)
      local messages = conversation.generate(seed * 31337, 4 + seed % 20)
      local before = conversation.deepcopy(messages)
      local total = compact.estimate { messages = messages, estimator = bytes }
      for _ = 1, 6 do
        local budget = random(total + 200)
        local calls = 0
        local c = assert(compact.new { keep_recent_tokens = random(total), summarizer = compact.summarizer(function()
          calls = calls + 1
          return conversation.sentence(random, random(40))
        end) })
        local request = { messages = messages, input_token_budget = budget, fit = true, estimator = bytes }
        local result, err = c:compact(request)
        assert.is_true(calls <= 2, "at most one extra summarizer call")
        if result and result.record then
          assert.is_true(result.record.tokens_after <= budget)
          assert.equal(result.record.tokens_after, compact.estimate { messages = result.messages,
            summary = result.summary, estimator = bytes })
          check_invariants(messages, { first_kept_index = result.record.first_kept_index,
            messages_to_summarize = { unpack(messages, 1, result.record.first_kept_index - 1) },
            turn_prefix_messages = {}, is_split_turn = false })
        elseif result then
          -- nothing planned: under the threshold, or no removable prefix
          local plan = c:plan(request)
          assert.is_nil(plan)
          assert.is_true(total <= budget or reference.plan(messages, c.keep_recent_tokens, function(m)
            return bytes:message(m) end) == 1)
        else
          assert.is_true(compact.is(err, compact.ErrNoReduction), tostring(err))
          assert.matches("does not fit the budget: %d+ tokens after summarizing", err.message)
          assert.matches("budget " .. budget, err.message, 1, true)
        end
      end
      assert.same(before, messages)
    end)
  end
end)

describe("agent properties", function()
  -- A model that answers with random tool calls and text; with `counts`,
  -- each reply reports usage: the heuristic's figure for the request times
  -- a random factor in [0.8, 1.7] (a provider that counts differently).
  local function random_model(random, counts)
    local n = 0
    return { generate = function(_, request)
      n = n + 1
      local last = request.messages[#request.messages]
      local reply
      if last.role == "user" and random(3) > 1 then
        local id = "call_" .. n
        reply = { role = "assistant", stop_reason = "tool_use", content = {
          { type = "text", text = conversation.sentence(random, random(20)) },
          { type = "tool_call", id = id, name = "read", arguments = { path = "f" .. random(9) .. ".lua" } } } }
      else
        reply = { role = "assistant", stop_reason = "stop",
          content = { { type = "text", text = conversation.sentence(random, random(60)) } } }
      end
      if counts then
        local estimated = compact.estimate { messages = request.messages, system_prompt = request.system_prompt,
          tools = request.tools }
        reply.usage = { input = math.floor(estimated * (0.7 + random(10) / 10)), output = 20 }
      end
      return reply
    end }
  end

  for seed = 1, 16 do
    local counts = seed % 2 == 0
    it("never compacts twice in a row for the same context (seed " .. seed .. (counts and ", usage" or "") .. ")", function()
      local random = conversation.rng(seed * 7907)
      local compactor = assert(compact.new { keep_recent_tokens = random(300), trigger_ratio = 0.5 + random(5) / 10,
        summarizer = compact.summarizer(function() return conversation.sentence(random, random(30)) end) })
      local last
      local compactions = 0
      local agent
      agent = assert(compact.agent.new { generator = random_model(random, counts), model = "m", compactor = compactor,
        context_window_tokens = 300 + random(600), reserve_tokens = 50,
        tools = { { name = "read", handler = function() return conversation.sentence(random, random(80)) end } },
        on_event = function(event)
          if event.type == "compaction_start" and last then
            local messages = agent.state.messages
            assert.is_false(rawequal(last.messages, messages) and last.count == #messages
              and last.summary == agent.state.summary, "compacted the same context twice in a row")
          elseif event.type == "compaction_end" and event.record then
            compactions = compactions + 1
            last = { messages = agent.state.messages, count = #agent.state.messages, summary = agent.state.summary }
          end
        end })
      for turn = 1, 25 do
        local result, err = agent:run("task " .. turn .. " " .. conversation.sentence(random, random(30)))
        assert.is_truthy(result, tostring(err))
        local ok = compact.core.validate_messages(agent.state.messages)
        assert.is_true(ok)
        if counts then
          -- the anchor of the last reply, unless a compaction came after it
          local usage = agent.state.usage
          if usage then assert.same(compact.usage_anchor(agent.state.messages), usage) end
        else
          assert.is_nil(agent.state.usage)
        end
      end
      assert.is_true(compactions > 0)
    end)
  end
end)
