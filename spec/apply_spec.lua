-- compactor:apply and compact: records, summary post-processing, custom summarizers, file lists.
local compact = require "compact"
local conversation = require "spec.support.conversation"

local function turn(i, tool, path)
  return {
    { role = "user", content = "request " .. i },
    { role = "assistant", stop_reason = "tool_use", content = {
      { type = "tool_call", id = "c" .. i, name = tool, arguments = { path = path } } } },
    { role = "tool_result", tool_call_id = "c" .. i, tool_name = tool, content = ("x"):rep(400) },
    { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "done " .. i } } },
  }
end

local function conversation_of(specs)
  local messages = {}
  for i, spec in ipairs(specs) do
    for _, m in ipairs(turn(i, spec[1], spec[2])) do messages[#messages + 1] = m end
  end
  return messages
end

local function recording_summarizer(text, usage)
  local s = { calls = {} }
  function s.summarize(_, req, cancel)
    s.calls[#s.calls + 1] = { req = req, cancel = cancel }
    return text, usage
  end
  return s
end

describe("compactor:apply", function()
  local messages = conversation_of { { "read", "b.lua" }, { "edit", "a.lua" }, { "read", "a.lua" },
    { "bash", "ignored.sh" }, { "write", "c.lua" }, { "read", "z.lua" } }

  it("is a no-op for a nil plan, even with require_reduction", function()
    local s = recording_summarizer("never")
    local c = assert(compact.new { summarizer = s })
    local request = { messages = messages, summary = "old", require_reduction = true }
    local result, err = c:apply(request, nil)
    assert.is_nil(err)
    assert.equal("old", result.summary)
    assert.is_nil(result.record)
    assert.are_not.equal(messages, result.messages)
    assert.equal(#messages, #result.messages)
    for i = 1, #messages do assert.equal(messages[i], result.messages[i]) end
    assert.equal(0, #s.calls)
  end)

  it("summarizes the plan, keeps the suffix and writes a record", function()
    local s = recording_summarizer("  The summary.  ", { input = 100, output = 20, cache_read = 5 })
    local c = assert(compact.new { keep_recent_tokens = 1, summarizer = s })
    local token = compact.cancel_token()
    local request = { messages = messages, system_prompt = "sys", require_reduction = true, instructions = "focus" }
    local plan = assert(c:plan(request))
    local result = assert(c:apply(request, plan, token))
    assert.equal(1, #s.calls)
    local req = s.calls[1].req
    assert.equal(token, s.calls[1].cancel)
    assert.equal(plan.messages_to_summarize, req.messages)
    assert.equal(plan.turn_prefix_messages, req.turn_prefix_messages)
    assert.is_nil(req.previous_summary)
    assert.equal("focus", req.instructions)
    assert.equal("The summary.\n\n<read-files>\nb.lua\nz.lua\n</read-files>\n\n<modified-files>\na.lua\nc.lua\n</modified-files>",
      result.summary)
    assert.equal(#messages - plan.first_kept_index + 1, #result.messages)
    assert.equal(messages[#messages], result.messages[#result.messages])
    local record = result.record
    assert.equal(result.summary, record.summary)
    assert.equal(plan.first_kept_index, record.first_kept_index)
    assert.equal(plan.tokens_before, record.tokens_before)
    assert.equal(compact.estimate { messages = result.messages, summary = result.summary, system_prompt = "sys" },
      record.tokens_after)
    assert.same({ input = 100, output = 20, cache_read = 5, cache_write = 0 }, record.usage)
  end)

  it("compact = plan then apply, and a no-op below the threshold", function()
    local s = recording_summarizer("S")
    local c = assert(compact.new { summarizer = s, trigger_ratio = 0.5 })
    local result = assert(c:compact { messages = messages, input_token_budget = 1e9 })
    assert.is_nil(result.record)
    assert.equal(0, #s.calls)
    result = assert(c:compact { messages = messages, input_token_budget = 10 })
    assert.is_table(result.record)
    assert.equal(1, #s.calls)
  end)

  it("trusts a non-nil plan instead of re-planning", function()
    local s = recording_summarizer("S")
    local c = assert(compact.new { keep_recent_tokens = 0, summarizer = s })
    local plan = { messages_to_summarize = { messages[1] }, turn_prefix_messages = {}, first_kept_index = 2,
      is_split_turn = false, tokens_before = 999999 }
    local result = assert(c:apply({ messages = messages }, plan))
    assert.equal(#messages - 1, #result.messages)
    assert.equal(999999, result.record.tokens_before)
  end)

  it("rejects a malformed plan with ErrInvalidRequest", function()
    local c = assert(compact.new { summarizer = recording_summarizer("S") })
    for _, plan in ipairs { 5, { first_kept_index = 0 }, { first_kept_index = #messages + 2 },
      { first_kept_index = 1.5 }, { first_kept_index = 2, messages_to_summarize = "x" },
      { first_kept_index = 2, messages_to_summarize = { { role = "alien" } } } } do
      local result, err = c:apply({ messages = messages }, plan)
      assert.is_nil(result)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest), tostring(err))
    end
  end)

  it("merges file lists with the previous summary's lists; modified wins over read", function()
    local s = recording_summarizer("new text\n<read-files>\nmodel-made.lua\n</read-files>")
    local c = assert(compact.new { keep_recent_tokens = 0, summarizer = s })
    local previous = "old\n\n<read-files>\nold-read.lua\nc.lua\n</read-files>\n\n<modified-files>\nold-mod.lua\n</modified-files>"
    local result = assert(c:compact { messages = messages, summary = previous, require_reduction = true })
    assert.equal(previous, s.calls[1].req.previous_summary)
    assert.equal("new text\n\n<read-files>\nb.lua\nold-read.lua\nz.lua\n</read-files>\n\n"
      .. "<modified-files>\na.lua\nc.lua\nold-mod.lua\n</modified-files>", result.summary)
  end)

  it("leaves out an empty list and maps other tools through file_tools", function()
    local msgs = {
      { role = "user", content = ("go "):rep(200) },
      { role = "assistant", content = { { type = "tool_call", id = "1", name = "Read", arguments = { file_path = "x.lua" } },
        { type = "tool_call", id = "2", name = "bash", arguments = { path = "no.lua" } } } },
      { role = "tool_result", tool_call_id = "1", content = "..." },
      { role = "tool_result", tool_call_id = "2", content = "..." },
      { role = "user", content = "next" },
    }
    local c = assert(compact.new { summarizer = recording_summarizer("T"),
      file_tools = { Read = { kind = "read", key = "file_path" } } })
    local result = assert(c:compact { messages = msgs, require_reduction = true })
    assert.equal("T\n\n<read-files>\nx.lua\n</read-files>", result.summary)
  end)

  it("fails with ErrEmptySummary when only white space and file lists remain", function()
    local c = assert(compact.new { summarizer = recording_summarizer("  \n<read-files>\na\n</read-files>\n<modified-files>b</modified-files>\t") })
    local result, err = c:compact { messages = messages, require_reduction = true }
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrEmptySummary))
  end)

  describe("summarizer failures become ErrSummarization", function()
    local function failing(fn)
      local c = assert(compact.new { summarizer = compact.summarizer(fn) })
      local request = { messages = messages, summary = "prev", require_reduction = true }
      local before = conversation.deepcopy(request)
      local result, err = c:compact(request)
      assert.is_nil(result)
      assert.same(before, request)
      assert.is_true(compact.is(err, compact.ErrSummarization))
      assert.is_string(tostring(err))
      return err
    end

    it("keeps a returned error as cause", function()
      local err = failing(function() return nil, compact.ErrCancelled end)
      assert.equal(compact.ErrCancelled, err.cause)
      assert.is_true(compact.is(err, compact.ErrCancelled))
    end)

    it("keeps a raised value as cause", function()
      local raised = { custom = true }
      local err = failing(function() error(raised) end)
      assert.equal(raised, err.cause)
      err = failing(function() error("boom") end)
      assert.matches("boom", tostring(err.cause))
    end)

    it("rejects a non-string summary", function()
      failing(function() return 42 end)
      failing(function() return { "table" } end)
    end)
  end)

  it("fails with ErrNoReduction when the summary does not shrink the estimate", function()
    local c = assert(compact.new { keep_recent_tokens = 0, summarizer = recording_summarizer(("long "):rep(20000)) })
    local request = { messages = messages, require_reduction = true }
    local result, err = c:compact(request)
    assert.is_nil(result)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
    -- without require_reduction the same rewrite is accepted
    local plan = assert(c:plan(request))
    result = assert(c:apply({ messages = messages }, plan))
    assert.is_true(result.record.tokens_after > result.record.tokens_before)
  end)

  it("accepts any table with a summarize method (section 6.3)", function()
    local c = assert(compact.new { summarizer = { summarize = function(_, req)
      return "summarized " .. #req.messages .. "+" .. #req.turn_prefix_messages, nil, { fallback = true }
    end } })
    local result = assert(c:compact { messages = messages, require_reduction = true })
    assert.matches("^summarized %d+%+%d+", result.summary)
    assert.is_nil(result.record.usage)
    assert.is_true(result.record.fallback)
  end)
end)

describe("compact.project_summary", function()
  it("projects exactly one user message, byte for byte", function()
    assert.same({ role = "user", content = "The conversation history before this point was compacted into the following summary:\n\n<summary>\nS\n</summary>" },
      compact.project_summary("S"))
  end)
  it("projects nothing for an empty or nil summary", function()
    assert.is_nil(compact.project_summary(""))
    assert.is_nil(compact.project_summary(nil))
  end)
end)

describe("apply: plans and summaries from outside", function()
  local util = require "compact.util"
  local qa = conversation.qa

  it("applies a raw copy of a plan (a plain table), and refuses lists that do not add up", function()
    local messages = qa(6)
    messages[#messages + 1] = { role = "assistant", content = { { type = "text", text = "more" } } }
    local c = assert(compact.new { summarizer = compact.summarizer(function() return "S" end), keep_recent_tokens = 0 })
    local plan = assert(c:plan { messages = messages, require_reduction = true })
    local copy = {}
    for key, value in next, plan do copy[key] = value end -- raw copy: the lists are plain fields
    assert.equal(plan.messages_to_summarize, rawget(copy, "messages_to_summarize"))
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
    local listless = { first_kept_index = plan.first_kept_index }
    none, err = recording:apply({ messages = messages }, listless)
    assert.is_nil(none)
    assert.equal("plan.messages_to_summarize: expected a list, got nil", err.message)
  end)

  it("trims summaries in linear time and exactly", function()
    assert.equal("", util.trim(""))
    assert.equal("", util.trim(" \t\n\r\v\f"))
    assert.equal("a  b", util.trim("  a  b \n"))
    local spaces = (" "):rep(40000)
    assert.equal("x" .. spaces .. "y", util.trim(spaces .. "x" .. spaces .. "y" .. spaces))
    local c = assert(compact.new { keep_recent_tokens = 0,
      summarizer = compact.summarizer(function() return "start" .. spaces .. "end" .. spaces end) })
    local result = assert(c:apply({ messages = qa(2) }, assert(c:plan { messages = qa(2), require_reduction = true })))
    assert.equal("start" .. spaces .. "end", result.summary)
  end)
end)
