-- bench/replay.lua's accounting (contract: cost, measured): a tiny recorded
-- session whose billed figure is computed by hand.
local engine = require "bench.replay.engine"
local cost = require "bench.replay.cost"

-- `result` is the tool result's text; `grown` how many tokens it adds
local function session(result, grown)
  result, grown = result or "return 1", grown or 0
  return {
    system_prompt = "You are a test agent.",
    messages = {
      { role = "user", content = "read a.lua please" },
      { role = "assistant", stop_reason = "tool_use", usage = { input = 100, output = 10 },
        content = { { type = "tool_call", id = "c1", name = "read", arguments = { path = "a.lua" } } } },
      { role = "tool_result", tool_call_id = "c1", tool_name = "read", content = result },
      { role = "assistant", stop_reason = "stop", usage = { input = 20 + grown, cache_read = 130, output = 5 },
        content = { { type = "text", text = "a.lua returns one." } } },
      { role = "user", content = "thanks, now stop" },
      { role = "assistant", stop_reason = "stop", usage = { input = 200 + grown, output = 7 },
        content = { { type = "text", text = "Stopped." } } },
    },
  }
end

describe("bench/replay.lua accounting", function()
  it("counts a recorded request as the provider counted it", function()
    local s = session()
    local model = cost.model(s.messages)
    local function prompt(through)
      local total = 0
      for _, part in ipairs(model:request { system_prompt = s.system_prompt, messages = { table.unpack(s.messages, 1, through) } }) do
        total = total + part.tokens
      end
      return total
    end
    assert.near(100, prompt(1), 1e-9)
    assert.near(150, prompt(3), 1e-9)
    assert.near(200, prompt(5), 1e-9)
  end)

  it("bills cache reads at 0.1x, writes at 1.25x and output at 5x, by hand", function()
    local totals = assert(engine.run(session(), { window = 1000, policy = { agent = {}, compactor = {} } }))
    -- request 1: 100 written, 10 out:          125 + 50          = 175
    -- request 2: 100 read, 50 written, 5 out:   10 + 62.5 + 25   = 97.5
    -- request 3: 150 read, 50 written, 7 out:   15 + 62.5 + 35   = 112.5
    assert.same({ compactions = 0, edits = 0, peak = 200, rejections = 0, billed = 385, summary_calls = 0 },
      { compactions = totals.compactions, edits = totals.edits, peak = totals.peak,
        rejections = totals.rejections, billed = totals.billed, summary_calls = totals.summary_calls })
    assert.same({ 250, 200, 22 }, { totals.cache_read, totals.cache_write, totals.output })
    assert.equal(3, totals.requests)
    assert.equal(0, totals.failed_runs)
  end)

  it("rejects a request over the window unbilled and bills the recovery's summary call", function()
    -- a 12 KB tool result makes the request after it 3150 tokens: over a window of 3000
    local big = string.rep("local value = compute(value) -- step\n", 330)
    local totals = assert(engine.run(session(big, 3000), { window = 3000, policy = { agent = {}, compactor = {} } }))
    assert.equal(1, totals.rejections)
    assert.equal(3150, totals.peak) -- the rejected request (after the big result) was counted
    assert.equal(1, totals.compactions)
    assert.equal(1, totals.summary_calls)
    assert.equal(0, totals.failed_runs)
    -- every billed token is in the three buckets (rejected request excluded)
    assert.equal(math.floor(0.1 * totals.cache_read + 1.25 * totals.cache_write + 5 * totals.output + 0.5),
      totals.billed)
    -- the summary call's input (600 prompt tokens plus the summarized
    -- messages) was written, never read from cache
    assert.is_true(totals.cache_write >= 100 + engine.SUMMARY_PROMPT_TOKENS)
  end)

  it("splits a recording into turns of replies, leaving failed attempts out", function()
    local s = session()
    table.insert(s.messages, 2, { role = "assistant", stop_reason = "error", error_message = "boom", content = {} })
    local turns, results = engine.turns(s.messages)
    assert.equal(2, #turns)
    assert.equal(2, #turns[1].replies)
    assert.equal(1, #turns[2].replies)
    assert.equal("return 1", results.c1.content)
  end)

  it("gives replies before any user message a (continue) prompt, as after a compaction", function()
    local s = session()
    table.remove(s.messages, 1)
    local turns = engine.turns(s.messages)
    assert.equal(2, #turns)
    assert.same({ role = "user", content = "(continue)" }, turns[1].prompt)
    assert.equal(2, #turns[1].replies)
  end)
end)
