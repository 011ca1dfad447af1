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
