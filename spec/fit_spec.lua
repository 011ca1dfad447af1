-- Fitting the budget (fit = true): keep less, shorten tool results, remove
-- images, or fail with the figures; and cancellation before the summarizer.
local compact = require "compact"
local fit = require "compact.fit"
local conversation = require "spec.support.conversation"

-- bytes as tokens, so sizes are exact
local bytes = conversation.bytes_estimator

local function recording(texts)
  local s = { calls = {} }
  function s.summarize(_, req, cancel)
    s.calls[#s.calls + 1] = { req = req, cancel = cancel }
    local text = texts[#s.calls] or texts[#texts]
    return text, { input = 10, output = 2 }
  end
  return s
end

local function call(id, name, path)
  return { role = "assistant", stop_reason = "tool_use",
    content = { { type = "tool_call", id = id, name = name, arguments = { path = path } } } }
end
local function result(id, content) return { role = "tool_result", tool_call_id = id, tool_name = "read", content = content } end
local function answer(text) return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } } end

local function estimate(r) return compact.estimate(r) end
local unpack = table.unpack or unpack -- luacheck: ignore 143

describe("fit = true", function()
  local messages = {
    { role = "user", content = ("a"):rep(200) }, answer(("b"):rep(200)),
    { role = "user", content = ("c"):rep(200) }, answer(("d"):rep(200)),
    { role = "user", content = ("e"):rep(200) }, answer(("f"):rep(200)),
    { role = "user", content = "g" }, answer("h"),
  }

  it("keeps less, summarizing what it no longer keeps in one more call", function()
    local s = recording { "first", "second" }
    local c = assert(compact.new { keep_recent_tokens = 700, summarizer = s })
    local request = { messages = messages, input_token_budget = 600, fit = true, estimator = bytes }
    local before = conversation.deepcopy(request)
    local plan = assert(c:plan(request))
    assert.equal(3, plan.first_kept_index)
    local out = assert(c:apply(request, plan))
    assert.equal(2, #s.calls)
    assert.equal(plan.messages_to_summarize, s.calls[1].req.messages)
    assert.equal(out.record.summary, out.summary)
    -- the second call updates the first summary with the turns no longer kept
    assert.equal("first", s.calls[2].req.previous_summary)
    assert.same({ messages[3], messages[4] }, s.calls[2].req.messages)
    assert.equal("second", out.summary)
    assert.equal(5, out.record.first_kept_index)
    assert.same({ messages[5], messages[6], messages[7], messages[8] }, out.messages)
    assert.equal(1, #out.record.degraded)
    assert.equal("keep_less", out.record.degraded[1].step)
    assert.is_true(out.record.degraded[1].tokens_saved > 0)
    assert.is_true(out.record.tokens_after <= 600)
    assert.equal(estimate { messages = out.messages, summary = out.summary, estimator = bytes }, out.record.tokens_after)
    assert.same({ input = 20, output = 4, cache_read = 0, cache_write = 0 }, out.record.usage)
    assert.same(before, request)
  end)

  it("changes nothing when the context fits, and nothing without fit or a budget", function()
    local c = assert(compact.new { keep_recent_tokens = 600, summarizer = recording { "s" } })
    local out = assert(c:compact { messages = messages, input_token_budget = 1000, fit = true, estimator = bytes })
    assert.is_nil(out.record.degraded)
    local s = recording { "s" }
    c = assert(compact.new { keep_recent_tokens = 600, summarizer = s })
    out = assert(c:compact { messages = messages, input_token_budget = 500, estimator = bytes })
    assert.is_nil(out.record.degraded)
    assert.is_true(out.record.tokens_after > 500)
    assert.equal(1, #s.calls)
  end)

  it("shortens tool results other than the newest message, head and tail kept", function()
    local big = ("H"):rep(3000) .. ("m"):rep(6000) .. ("T"):rep(3000)
    local turn = {
      { role = "user", content = "old" }, answer("old answer"),
      { role = "user", content = "read them" },
      call("c1", "read", "a.lua"), result("c1", big),
      call("c2", "read", "b.lua"), result("c2", { { type = "text", text = big } }),
      call("c3", "read", "c.lua"), result("c3", big),
    }
    local before = conversation.deepcopy(turn)
    -- keep exactly the newest turn (messages[3..])
    local keep = estimate { messages = { unpack(turn, 3) }, estimator = bytes }
    local c = assert(compact.new { keep_recent_tokens = keep, summarizer = recording { "s" } })
    local request = { messages = turn, input_token_budget = 21000, fit = true, estimator = bytes, require_reduction = true }
    local out = assert(c:compact(request))
    assert.equal(3, out.record.first_kept_index)
    assert.equal("shorten_tool_results", out.record.degraded[1].step)
    assert.is_true(out.record.tokens_after <= 21000)
    local short = out.messages[3].content
    assert.equal(("H"):rep(2048), short:sub(1, 2048))
    assert.equal(("T"):rep(2048), short:sub(-2048))
    assert.is_truthy(short:find("\n[... " .. (#big - 4096) .. " bytes cut by compaction ...]\n", 1, true))
    assert.is_truthy(out.messages[5].content[1].text:find("bytes cut by compaction", 1, true))
    -- the newest message is kept whole, and the caller's tables are untouched
    assert.equal(turn[9], out.messages[7])
    assert.same(before, turn)
    assert.are_not.equal(turn[5], out.messages[3])
  end)

  it("replaces images in older kept messages, then cuts the newest message, and fails with the figures if even that does not fit", function()
    local image = { type = "image", mime_type = "image/png", data = "iVBORw0KGgo=" }
    local turn = {
      { role = "user", content = "old" }, answer("old answer"),
      { role = "user", content = { { type = "text", text = "look" }, image, image, image } },
      call("c1", "read", "a.png"), result("c1", { image, image }),
      answer("seen"),
    }
    local before = conversation.deepcopy(turn)
    local keep = estimate { messages = { unpack(turn, 3) }, estimator = bytes }
    local c = assert(compact.new { keep_recent_tokens = keep, summarizer = recording { "s" } })
    local out = assert(c:compact { messages = turn, input_token_budget = 300, fit = true, estimator = bytes,
      require_reduction = true })
    assert.equal("remove_images", out.record.degraded[#out.record.degraded].step)
    assert.same({ type = "text", text = "[image removed by compaction]" }, out.messages[1].content[2])
    assert.same({ type = "text", text = "[image removed by compaction]" }, out.messages[3].content[1])
    assert.same(before, turn)
    -- a newest message that alone exceeds the budget is cut head and tail (the last rung)
    local s = recording { "s" }
    c = assert(compact.new { keep_recent_tokens = 0, summarizer = s })
    local huge = { { role = "user", content = "x" }, answer("y"), { role = "user", content = ("z"):rep(5000) } }
    out = assert(c:compact { messages = huge, input_token_budget = 1000, fit = true, estimator = bytes })
    assert.equal(3, out.record.first_kept_index)
    local head, cut, tail = out.messages[1].content:match("^(z+)\n%[%.%.%. (%d+) tokens cut by compaction %.%.%.%]\n(z+)$")
    assert.equal(5000, #head + #tail + tonumber(cut))
    assert.is_true(out.record.tokens_after <= 1000)
    local full = estimate { messages = { huge[3] }, summary = out.summary, estimator = bytes }
    assert.same({ { step = "truncate_newest", tokens_saved = full - out.record.tokens_after } }, out.record.degraded)
    assert.equal(1, #s.calls)
    -- a system prompt that alone exceeds the budget cannot be made to fit
    s = recording { "s" }
    c = assert(compact.new { keep_recent_tokens = 0, summarizer = s })
    local none, err = c:compact { messages = huge, system_prompt = ("p"):rep(2000), input_token_budget = 1000,
      fit = true, estimator = bytes }
    assert.is_nil(none)
    assert.is_true(compact.is(err, compact.ErrNoReduction))
    assert.matches("does not fit the budget: %d+ tokens after summarizing, %d+ after %d+ degradation steps", err.message)
    assert.matches("budget 1000", err.message)
    assert.equal(1, #s.calls) -- never loops
  end)

  it("rejects a fit that is not a boolean", function()
    local c = assert(compact.new { summarizer = recording { "s" } })
    local none, err = c:plan { messages = messages, fit = "yes" }
    assert.is_nil(none)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.matches("request.fit: expected boolean", err.message)
  end)

  it("cuts shortened text on UTF-8 character boundaries", function()
    local text = ("é"):rep(3000)
    local short = fit.shorten_text(text, 1001)
    local head, cut, tail = short:match("^(.-)\n%[%.%.%. (%d+) bytes cut by compaction %.%.%.%]\n(.*)$")
    assert.is_truthy(head)
    assert.equal(0, #head % 2)
    assert.equal(0, #tail % 2)
    assert.equal(#text, #head + #tail + tonumber(cut))
    assert.equal(text, fit.shorten_text(text, #text))
  end)
end)

describe("an already cancelled token", function()
  local messages = {
    { role = "user", content = ("a"):rep(200) }, answer(("b"):rep(200)),
    { role = "user", content = "c" }, answer("d"),
  }

  it("stops apply and compact before the summarizer is called", function()
    local s = recording { "s" }
    local c = assert(compact.new { summarizer = s })
    local token = compact.cancel_token()
    token:cancel()
    local request = { messages = messages, require_reduction = true }
    local plan = assert(c:plan(request))
    local out, err = c:apply(request, plan, token)
    assert.is_nil(out)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    out, err = c:compact(request, token)
    assert.is_nil(out)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(0, #s.calls)
    -- a nil plan stays an unconditional no-op
    assert.is_table(c:apply(request, nil, token))
  end)

  it("stops the fit's second summarizer call when cancelled during the first", function()
    local token = compact.cancel_token()
    local s = { calls = 0 }
    function s.summarize() s.calls = s.calls + 1; token:cancel(); return "first" end
    local c = assert(compact.new { keep_recent_tokens = 600, summarizer = s })
    local long = {
      { role = "user", content = ("a"):rep(200) }, answer(("b"):rep(200)),
      { role = "user", content = ("c"):rep(200) }, answer(("d"):rep(200)),
      { role = "user", content = ("e"):rep(200) }, answer(("f"):rep(200)),
      { role = "user", content = "g" }, answer("h"),
    }
    local out, err = c:compact({ messages = long, input_token_budget = 500, fit = true, estimator = bytes }, token)
    assert.is_nil(out)
    assert.is_true(compact.is(err, compact.ErrCancelled))
    assert.equal(1, s.calls)
  end)
end)
