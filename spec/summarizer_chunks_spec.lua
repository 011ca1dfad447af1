-- compact.summarizers.generator with max_input_tokens: chunked summaries.
local generator = require "compact.summarizers.generator"
local prompts = require "compact.summarizers.prompts"
local errors = require "compact.errors"
local cancel = require "compact.cancel"
local core = require "compact.core"

local function estimate(text) return core.heuristic_text(text) end

local fake_generator = require "spec.support.fake_generator"
local reply, fake = fake_generator.reply, fake_generator.new

local function new(gen, extra)
  local config = { generator = gen, model = "m", options = { max_output_tokens = 50 }, max_input_tokens = 1200,
                   check_sections = false }
  local sleeps = {}
  config.sleep = function(seconds) sleeps[#sleeps + 1] = seconds end
  for k, v in pairs(extra or {}) do config[k] = v end
  return assert(generator.new(config)), sleeps
end

local function prompt_of(request) return request.messages[1].content[1].text end

-- `turns` rounds of: a request, a bash call with its result, a reply.
local function history(turns)
  local out = {}
  for i = 1, turns do
    out[#out + 1] = { role = "user", content = "request " .. i .. ": " .. string.rep("please do it ", 10) }
    out[#out + 1] = { role = "assistant", stop_reason = "tool_use", content = {
      { type = "tool_call", id = "a" .. i, name = "bash", arguments = { command = "cmd-" .. i } },
      { type = "tool_call", id = "b" .. i, name = "read", arguments = { path = "file-" .. i } } } }
    out[#out + 1] = { role = "tool_result", tool_call_id = "a" .. i, tool_name = "bash",
                      content = "output-" .. i .. " " .. string.rep("x ", 40) }
    out[#out + 1] = { role = "tool_result", tool_call_id = "b" .. i, tool_name = "read",
                      content = "content-" .. i .. " " .. string.rep("y ", 40) }
    out[#out + 1] = { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "done " .. i } } }
  end
  return out
end

-- The records part of a prompt.
local function conversation_of(prompt)
  return assert(prompt:match("^<conversation>\n(.-)\n</conversation>"))
end

describe("chunked generator summaries", function()
  it("validates max_input_tokens and on_progress", function()
    for _, bad in ipairs({ { max_input_tokens = 0 }, { max_input_tokens = -5 }, { max_input_tokens = 1.5 },
                           { max_input_tokens = "100" }, { max_input_tokens = math.huge },
                           { on_progress = 5 }, { on_progress = {} } }) do
      local s, err = generator.new { generator = fake(), model = "m", max_input_tokens = bad.max_input_tokens,
                                     on_progress = bad.on_progress }
      assert.is_nil(s)
      assert.are.equal("invalid_config", err.code)
    end
    assert.are.equal(120000, assert(generator.new { generator = fake(), model = "m" }).max_input_tokens)
  end)

  it("makes one call when the history fits, reporting chunks = 1", function()
    local gen, events = fake(), {}
    local s = new(gen, { max_input_tokens = 120000, on_progress = function(e) events[#events + 1] = e end })
    local text, usage, meta = s:summarize({ messages = history(20) })
    assert.are.equal("SUMMARY 1", text)
    assert.are.equal(1, #gen.requests)
    assert.are.equal(100, usage.input)
    assert.are.same({ chunks = 1 }, meta)
    assert.are.same({ { type = "summary_progress", chunk = 1, chunks = 1 } }, events)
  end)

  it("splits at message boundaries, keeps calls with their results, and loses nothing", function()
    local messages = history(20)
    local gen = fake()
    local s = new(gen)
    local text, _, meta = s:summarize({ messages = messages })
    local n = #gen.requests
    assert.is_true(n > 2, "expected several chunks, got " .. n)
    assert.are.equal(n, meta.chunks)
    assert.are.equal("SUMMARY " .. n, text)
    local whole = assert(core.serialize_records(messages))
    local parts = {}
    for i, request in ipairs(gen.requests) do
      local prompt = prompt_of(request)
      parts[i] = conversation_of(prompt)
      -- every chunk's request fits
      assert.is_true(estimate(request.system_prompt) + estimate(prompt) <= 1200,
        "chunk " .. i .. " is " .. estimate(prompt))
      -- a chunk starts at a message, never with a tool result
      assert.truthy(parts[i]:find("^%[user%]\n") or parts[i]:find("^%[assistant%]\n")
        or parts[i]:find("^%[tool call: "), parts[i]:sub(1, 60))
      for round in parts[i]:gmatch("%[tool call: bash%]\n{\"command\":\"cmd%-(%d+)\"}") do
        assert.truthy(parts[i]:find("[tool result: bash, ok]\noutput-" .. round, 1, true))
        assert.truthy(parts[i]:find("[tool result: read, ok]\ncontent-" .. round, 1, true))
      end
    end
    -- in order, each message once
    assert.are.equal(whole, table.concat(parts, "\n\n"))
  end)

  it("uses the initial prompt first, then the update prompt over the running summary", function()
    local gen = fake()
    new(gen):summarize({ messages = history(20) })
    local first = prompt_of(gen.requests[1])
    assert.truthy(first:find(prompts.initial, 1, true))
    assert.is_nil(first:find("<previous-summary>", 1, true))
    for i = 2, #gen.requests do
      local prompt = prompt_of(gen.requests[i])
      assert.truthy(prompt:find(prompts.update, 1, true))
      assert.truthy(prompt:find("<previous-summary>\nSUMMARY " .. (i - 1) .. "\n</previous-summary>", 1, true))
    end
  end)

  it("merges the first chunk into a previous summary, and keeps instructions on every call", function()
    local gen = fake()
    new(gen):summarize({ messages = history(20), previous_summary = "OLD SUMMARY", instructions = "FOCUS" })
    assert.is_true(#gen.requests > 1)
    assert.truthy(prompt_of(gen.requests[1]):find("<previous-summary>\nOLD SUMMARY\n</previous-summary>", 1, true))
    for _, request in ipairs(gen.requests) do
      assert.truthy(prompt_of(request):find("Additional focus: FOCUS", 1, true))
    end
  end)

  it("sends a single message too large for a chunk alone, never dropping it", function()
    local messages = history(3)
    local huge = "HUGE-START " .. string.rep("word ", 4000) .. " HUGE-END"
    table.insert(messages, 6, { role = "user", content = huge })
    local big_result = "RESULT-HEAD\n" .. string.rep("line of output\n", 500) .. "RESULT-TAIL"
    messages[#messages + 1] = { role = "assistant", stop_reason = "tool_use", content = {
      { type = "tool_call", id = "z", name = "read", arguments = { path = "big" } } } }
    messages[#messages + 1] = { role = "tool_result", tool_call_id = "z", tool_name = "read", content = big_result }
    local gen = fake()
    assert(new(gen, { max_input_tokens = 1700 }):summarize({ messages = messages }))
    local holding = {}
    for i, request in ipairs(gen.requests) do
      local records = conversation_of(prompt_of(request))
      if records:find("HUGE-START", 1, true) then holding[#holding + 1] = i
        assert.are.equal("[user]\n" .. huge, records) -- whole, on its own
      end
    end
    assert.are.same(1, #holding)
    -- the large tool result went with its call, cut by the record rules
    local last = conversation_of(prompt_of(gen.requests[#gen.requests]))
    assert.truthy(last:find("[tool call: read]\npath: big\n\n[tool result: read, ok]\nRESULT-HEAD", 1, true))
    assert.truthy(last:find("[... cut", 1, true))
    assert.is_nil(last:find("RESULT-TAIL", 1, true))
  end)

  it("retries inside chunk k with the call's own budget and sums the usage of successful calls", function()
    local fail = { code = "http", status = 503 }
    local usages = { { input = 10, output = 1, cache_read = 100, cache_write = 1000 },
                     { input = 20, output = 2, cache_read = 200, cache_write = 2000 } }
    local gen = fake({ function() return reply("ONE", usages[1]) end, fail, fail, function() return reply("TWO", usages[2]) end })
    local s, sleeps = new(gen)
    local text, usage, meta = s:summarize({ messages = history(20) })
    local n = meta.chunks
    assert.is_true(n >= 3)
    assert.are.equal(n + 2, #gen.requests)
    assert.are.same({ 2, 4 }, sleeps)
    -- the retried request is the same chunk, merged into the first summary
    assert.are.equal(prompt_of(gen.requests[2]), prompt_of(gen.requests[4]))
    assert.truthy(prompt_of(gen.requests[4]):find("<previous-summary>\nONE\n", 1, true))
    assert.truthy(prompt_of(gen.requests[5]):find("<previous-summary>\nTWO\n", 1, true))
    assert.are.equal("SUMMARY " .. (n + 2), text)
    local later = n - 2 -- the default usage of reply()
    assert.are.same({ input = 30 + 100 * later, output = 3 + 10 * later, cache_read = 300 + later,
                      cache_write = 3000 + 2 * later }, usage)
  end)

  it("fails when chunk k runs out of retries, without calling later chunks", function()
    local fail = { code = "transport", reason = "reset" }
    local gen = fake({ "ONE", fail, fail, fail })
    local s, sleeps = new(gen)
    local text, err = s:summarize({ messages = history(20) })
    assert.is_nil(text)
    assert.are.equal(fail, err)
    assert.are.equal(4, #gen.requests)
    assert.are.same({ 2, 4 }, sleeps)
  end)

  it("stops with ErrCancelled between chunks", function()
    local token = cancel.token()
    local events = {}
    local gen = fake({ function() token:cancel() return reply("ONE") end })
    local s = new(gen, { on_progress = function(e) events[#events + 1] = e.chunk end })
    local text, err = s:summarize({ messages = history(20) }, token)
    assert.is_nil(text)
    assert.is_true(errors.is(err, errors.sentinels.ErrCancelled))
    assert.are.equal(1, #gen.requests)
    assert.are.same({ 1 }, events)
  end)

  it("reports progress before each chunk call, and a raising callback changes nothing", function()
    local events, calls_at = {}, {}
    local gen = fake()
    local s = new(gen, { on_progress = function(e)
      events[#events + 1] = e
      calls_at[#calls_at + 1] = #gen.requests
      error("display broke")
    end })
    local text, _, meta = s:summarize({ messages = history(20) })
    assert.are.equal("SUMMARY " .. meta.chunks, text)
    assert.are.equal(meta.chunks, #events)
    for i, e in ipairs(events) do
      assert.are.same({ type = "summary_progress", chunk = i, chunks = meta.chunks }, e)
      assert.are.equal(i - 1, calls_at[i])
    end
  end)

  it("keeps the split-turn prefix call after the chunked history", function()
    local gen = fake()
    local prefix = { { role = "user", content = "now run the tests" } }
    local text, _, meta = new(gen):summarize({ messages = history(20), turn_prefix_messages = prefix })
    assert.are.equal(meta.chunks + 1, #gen.requests)
    assert.truthy(prompt_of(gen.requests[#gen.requests]):find(prompts.turn_prefix, 1, true))
    assert.are.equal(prompts.join_split_turn("SUMMARY " .. meta.chunks, "SUMMARY " .. #gen.requests), text)
  end)

  it("chunks a split-turn prefix too large for one call: turn-prefix prompt first, then updates", function()
    local gen = fake()
    local prefix = history(20)
    table.insert(prefix, 1, { role = "user", content = "the turn's request" })
    -- a history of 8 rounds is over a quarter of the span: history and prefix apart
    local text, _, meta = new(gen):summarize({ messages = history(8), turn_prefix_messages = prefix })
    local prefix_calls = #gen.requests - meta.chunks
    assert.is_true(prefix_calls > 2, "expected the prefix in several calls, got " .. prefix_calls)
    for i, request in ipairs(gen.requests) do
      assert.is_true(estimate(request.system_prompt) + estimate(prompt_of(request)) + 50 <= 1200,
        "request " .. i .. " and its reply are over max_input_tokens")
    end
    local first = meta.chunks + 1
    assert.truthy(prompt_of(gen.requests[first]):find(prompts.turn_prefix, 1, true))
    assert.is_nil(prompt_of(gen.requests[first]):find("<previous-summary>", 1, true))
    -- merges into the running prefix summary
    assert.truthy(prompt_of(gen.requests[first + 1]):find("SUMMARY " .. first, 1, true))
    assert.are.equal(prompts.join_split_turn("SUMMARY " .. meta.chunks, "SUMMARY " .. #gen.requests), text)
  end)

  it("puts chunks and the summed usage in the compaction record", function()
    local compact = require "compact"
    local gen = fake()
    local s = new(gen)
    local compactor = assert(compact.new({ summarizer = s, keep_recent_tokens = 0 }))
    local messages = history(20)
    messages[#messages + 1] = { role = "user", content = "latest" }
    local result = assert(compactor:compact({ messages = messages, require_reduction = true }))
    local n = #gen.requests
    assert.is_true(n > 2)
    assert.are.equal(n, result.record.chunks)
    assert.are.same({ input = 100 * n, output = 10 * n, cache_read = n, cache_write = 2 * n }, result.record.usage)
  end)

  it("leaves record.chunks out for summarizers that do not report it", function()
    local compact = require "compact"
    local compactor = assert(compact.new({ keep_recent_tokens = 0,
      summarizer = compact.summarizer(function() return "S", nil, { chunks = "x" } end) }))
    local result = assert(compactor:compact({ messages = history(2), require_reduction = true }))
    assert.is_nil(result.record.chunks)
  end)

  describe("on the real pi session", function()
    local messages = require("spec.support.data").pi_messages_or_pending(pending)
    if not messages then return end

    it("fits every request into a small model's window and loses no record", function()
      local gen = fake()
      local s = new(gen, { max_input_tokens = 16000, options = { max_output_tokens = 2000 } })
      local _, _, meta = assert(s:summarize({ messages = messages }))
      assert.is_true(meta.chunks >= 4, tostring(meta.chunks))
      local parts = {}
      for i, request in ipairs(gen.requests) do
        local prompt = prompt_of(request)
        parts[i] = conversation_of(prompt)
        assert.is_true(estimate(request.system_prompt) + estimate(prompt) <= 16000, "chunk " .. i)
      end
      assert.are.equal(assert(core.serialize_records(messages)), table.concat(parts, "\n\n"))
    end)
  end)
end)
