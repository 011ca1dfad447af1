-- The compactor's part of the controls: keep_user_messages_tokens, the fit
-- ladder when the kept part covers everything, and no stale anchor after a
-- compaction (in results, compact.state and the export formats).

local compact = require "compact"
local exporters = require "compact.exporters"
local importers = require "compact.importers"
local state = require "compact.state"
local conversation = require "spec.support.conversation"

-- Bytes as tokens: message = 1 + its text bytes (tool calls: their name).
local bytes = {
  text = function(_, s) return #s end,
  message = function(_, message)
    local total = 1
    if type(message.content) == "string" then return total + #message.content end
    for _, block in ipairs(message.content) do total = total + #(block.text or block.name or "") end
    return total
  end,
  tools = function() return 0 end,
}

local function answer(text, usage)
  return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } }, usage = usage }
end
local function user(text) return { role = "user", content = text } end

local function fixed(texts)
  local s = { calls = {} }
  function s.summarize(_, req)
    s.calls[#s.calls + 1] = req
    return texts[#s.calls] or texts[#texts]
  end
  return s
end

describe("keep_user_messages_tokens", function()
  local messages = {
    user "first request", answer "a1", user "second request here", answer "a2",
    { role = "user", content = { { type = "text", text = "third" } } }, answer "a3", user "newest",
  }

  it("keeps the newest user requests of the span verbatim, oldest first, within the limit", function()
    -- "second request here" costs 20, "third" 6: both fit 26, "first request" (14) does not
    local c = assert(compact.new { keep_user_messages_tokens = 26, summarizer = fixed { "the summary" } })
    local before = conversation.deepcopy(messages)
    local out = assert(c:compact { messages = messages, input_token_budget = 1, estimator = bytes })
    assert.equal(7, out.record.first_kept_index)
    assert.equal("the summary\n\n## User requests (verbatim)\n\nsecond request here\n\n---\n\nthird", out.summary)
    assert.equal(out.summary, out.record.summary)
    assert.same(before, messages)
    -- one token less: only "third"
    c = assert(compact.new { keep_user_messages_tokens = 25, summarizer = fixed { "the summary" } })
    out = assert(c:compact { messages = messages, input_token_budget = 1, estimator = bytes })
    assert.equal("the summary\n\n## User requests (verbatim)\n\nthird", out.summary)
    -- the default keeps none
    c = assert(compact.new { summarizer = fixed { "the summary" } })
    out = assert(c:compact { messages = messages, input_token_budget = 1, estimator = bytes })
    assert.equal("the summary", out.summary)
  end)

  it("puts them before the file lists and carries a previous summary's requests as older ones", function()
    local with_read = {
      user "read a", { role = "assistant", stop_reason = "tool_use",
        content = { { type = "tool_call", id = "c1", name = "read", arguments = { path = "a.lua" } } } },
      { role = "tool_result", tool_call_id = "c1", tool_name = "read", content = "x" }, answer "read",
      user "next",
    }
    local c = assert(compact.new { keep_user_messages_tokens = 100, summarizer = fixed { "first" } })
    local out = assert(c:compact { messages = with_read, input_token_budget = 1, estimator = bytes })
    assert.equal("first\n\n## User requests (verbatim)\n\nread a\n\n<read-files>\na.lua\n</read-files>", out.summary)
    -- the next compaction: the model echoes the section, which is dropped and rebuilt;
    -- "read a" (text 6) is older than "fourth" (7) and "fifth" (6): 13 fit 13, 19 do not
    local echo = "merged\n\n## User requests (verbatim)\n\nread a"
    c = assert(compact.new { keep_user_messages_tokens = 13, summarizer = fixed { echo } })
    out = assert(c:compact { summary = out.summary, messages = { user "fourth", answer "b", user "fifth", answer "c",
      user "now" }, input_token_budget = 1, estimator = bytes })
    assert.equal("merged\n\n## User requests (verbatim)\n\nfourth\n\n---\n\nfifth\n\n<read-files>\na.lua\n</read-files>",
      out.summary)
    c = assert(compact.new { keep_user_messages_tokens = 19, summarizer = fixed { echo } })
    out = assert(c:compact { summary = "old\n\n## User requests (verbatim)\n\nread a", messages = { user "fourth",
      answer "b", user "fifth", answer "c", user "now" }, input_token_budget = 1, estimator = bytes })
    assert.equal("merged\n\n## User requests (verbatim)\n\nread a\n\n---\n\nfourth\n\n---\n\nfifth", out.summary)
  end)

  it("rejects a bad limit", function()
    local c, err = compact.new { keep_user_messages_tokens = -1, summarizer = fixed { "s" } }
    assert.is_nil(c)
    assert.equal("config.keep_user_messages_tokens: expected a number >= 0, got number -1", err.message)
  end)
end)

describe("fit when keep_recent_tokens covers everything", function()
  local messages = {}
  for _ = 1, 4 do
    messages[#messages + 1] = user(("u"):rep(200))
    messages[#messages + 1] = answer(("a"):rep(200) .. "")
  end

  it("plans anyway when the estimate is over the budget, and keeps less", function()
    local s = fixed { "s", "s2" }
    local c = assert(compact.new { keep_recent_tokens = 100000, summarizer = s })
    local request = { messages = messages, input_token_budget = 1000, fit = true, estimator = bytes }
    local plan = assert(c:plan(request))
    -- 1000 tokens back from the end reach message 4 (a split turn starting at 3)
    assert.equal(4, plan.first_kept_index)
    assert.is_true(plan.is_split_turn)
    assert.equal(1608, plan.tokens_before)
    local out = assert(c:apply(request, plan))
    assert.equal(5, out.record.first_kept_index)
    assert.equal("keep_less", out.record.degraded[1].step)
    assert.is_true(out.record.tokens_after <= 1000)
    -- without fit, or within the budget, nothing to do
    assert.is_nil(c:plan { messages = messages, input_token_budget = 1000, estimator = bytes })
    assert.is_nil(c:plan { messages = messages, input_token_budget = 1608, fit = true, estimator = bytes })
    local none, err = c:plan { messages = messages, require_reduction = true, estimator = bytes }
    assert.is_nil(none)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
    -- an empty list has nothing to fit
    assert.is_nil(c:plan { messages = {}, system_prompt = ("p"):rep(2000), input_token_budget = 1000, fit = true })
  end)
end)

describe("no stale anchor after a compaction", function()
  local usage = { input = 90000, output = 500, cache_read = 0, cache_write = 0 }
  local messages = {
    user(("u"):rep(300)), answer(("a"):rep(300), usage), user "next", answer("kept reply", usage), user "go",
  }

  it("marks kept usage stale on shallow copies; the caller's tables stay untouched", function()
    local before = conversation.deepcopy(messages)
    local c = assert(compact.new { keep_recent_tokens = 19, summarizer = fixed { "s" } })
    local out = assert(c:compact { messages = messages, input_token_budget = 1, estimator = bytes })
    assert.equal(3, out.record.first_kept_index)
    local kept = out.messages[2]
    assert.are_not.equal(messages[4], kept)
    assert.same({ input = 90000, output = 500, cache_read = 0, cache_write = 0, stale = true }, kept.usage)
    assert.equal(messages[4].content, kept.content)
    assert.equal(messages[3], out.messages[1]) -- no usage: the same table
    assert.same(before, messages)
    assert.is_nil(compact.usage_anchor(out.messages))
    -- a reply after the compaction anchors as usual
    local later = { out.messages[1], out.messages[2], out.messages[3], answer("new", { input = 700, output = 3 }) }
    assert.same({ tokens = 703, through = 4 }, compact.usage_anchor(later))
  end)

  it("keeps the flag in compact.state, anthropic and pi; re-importing trusts no pre-compaction count", function()
    local c = assert(compact.new { keep_recent_tokens = 19, summarizer = fixed { "s" } })
    local out = assert(c:compact { messages = messages, input_token_budget = 1, estimator = bytes })
    local compacted = { summary = out.summary, messages = out.messages }
    local decoded = assert(state.decode(assert(state.encode(compacted))))
    assert.is_true(decoded.messages[2].usage.stale)
    for _, format in ipairs { "state", "anthropic", "pi", "openai" } do
      local text = assert(exporters.export(format, compacted))
      local back = assert(importers.parse(text, { name = "x" }))
      assert.is_nil(back.usage, format)
      local reply
      for _, m in ipairs(back.messages) do
        if m.role == "assistant" and m.content[1] and m.content[1].text == "kept reply" then reply = m end
      end
      assert.is_table(reply, format)
      if format == "openai" then
        assert.is_nil(reply.usage and reply.usage.stale, format)
      else
        assert.is_true(reply.usage.stale, format)
      end
    end
  end)
end)
