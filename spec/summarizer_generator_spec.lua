-- compact.summarizers.generator: model summaries, prompts, retries, fallback.
local generator = require "compact.summarizers.generator"
local prompts = require "compact.summarizers.prompts"
local errors = require "compact.errors"
local cancel = require "compact.cancel"

local fake_generator = require "spec.support.fake_generator"
local reply, fake = fake_generator.reply, fake_generator.new

local function new(gen, extra)
  -- replies here are bare strings: section checks have their own specs
  local config = { generator = gen, model = "summary-model", options = { max_output_tokens = 4000 },
                   check_sections = false }
  local sleeps = {}
  config.sleep = function(seconds) sleeps[#sleeps + 1] = seconds end
  for k, v in pairs(extra or {}) do config[k] = v end
  return assert(generator.new(config)), sleeps
end

local function prompt_of(request)
  assert.are.equal(1, #request.messages)
  local msg = request.messages[1]
  assert.are.equal("user", msg.role)
  return msg.content[1].text
end

local history = {
  { role = "user", content = "please fix src/app.lua" },
  { role = "assistant", stop_reason = "tool_use", provider_metadata = { id = "resp_META" }, content = {
    { type = "thinking", thinking = "I should read it", signature = "SIG_SECRET" },
    { type = "tool_call", id = "toolu_SECRET_ID", name = "read", arguments = { path = "src/app.lua" } } } },
  { role = "tool_result", tool_call_id = "toolu_SECRET_ID", tool_name = "read", content = "local x = 1",
    is_error = false },
  { role = "user", content = { { type = "text", text = "and this screenshot" },
    { type = "image", mime_type = "image/png", data = "iVBORw0KGgoBASE64DATA" } } },
  { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "Fixed." } } },
}

local prefix = {
  { role = "user", content = "now run the tests" },
  { role = "assistant", stop_reason = "tool_use", content = {
    { type = "tool_call", id = "toolu_2", name = "bash", arguments = { command = "make test" } } } },
}

local retryable = {
  { code = "transport", reason = "connection reset" },
  { code = "stream", message = "stream ended early" },
  { code = "http", status = 408 }, { code = "http", status = 409 }, { code = "http", status = 429 },
  { code = "http", status = 500 }, { code = "http", status = 503 }, { code = "http", status = 529 },
}
local not_retryable = {
  { code = "cancelled" }, { code = "deadline" }, { code = "context_window_exceeded", status = 400 },
  { code = "context_window_exceeded", status = 429 }, { code = "filtered" }, { code = "invalid_request" },
  { code = "invalid_response" }, { code = "protocol" }, { code = "http", status = 400 },
  { code = "http", status = 401 }, { code = "http", status = 404 }, { code = "http" }, { code = "weird" },
  { code = "empty_summary" },
}

local function describe_err(e)
  return tostring(e.code) .. (e.status and (" " .. e.status) or "")
end

describe("generator summarizer", function()
  describe("config", function()
    local gen = fake({})
    local bad = {
      "nope",
      {},
      { generator = {}, model = "m" },
      { generator = { generate = 5 }, model = "m" },
      { generator = gen },
      { generator = gen, model = "" },
      { generator = gen, model = "  \n" },
      { generator = gen, model = 5 },
      { generator = gen, model = "m", options = 4000 },
      { generator = gen, model = "m", options = { max_output_tokens = 0 } },
      { generator = gen, model = "m", options = { max_output_tokens = -5 } },
      { generator = gen, model = "m", options = { max_output_tokens = 1.5 } },
      { generator = gen, model = "m", options = { max_output_tokens = "4000" } },
      { generator = gen, model = "m", options = { max_output_tokens = math.huge } },
      { generator = gen, model = "m", system_prompt = 42 },
      { generator = gen, model = "m", sleep = "soon" },
      { generator = gen, model = "m", fallback = {} },
    }
    for i, config in ipairs(bad) do
      it("rejects bad config #" .. i, function()
        local s, err = generator.new(config)
        assert.is_nil(s)
        assert.are.equal("invalid_config", err.code)
        assert.is_true(errors.is(err, errors.sentinels.ErrInvalidConfig))
      end)
    end

    it("accepts a minimal config and a callable-table generator method", function()
      assert.truthy(generator.new({ generator = gen, model = "m" }))
      local callable = setmetatable({}, { __call = function() return reply("x") end })
      assert.truthy(generator.new({ generator = { generate = callable }, model = "m", options = {} }))
    end)
  end)

  describe("requests", function()
    it("sends one user message with the records, no tools, tool_choice none", function()
      local gen = fake({ "SUMMARY" })
      local s = new(gen)
      local token = cancel.token()
      local text, usage = s:summarize({ messages = history }, token)
      assert.are.equal("SUMMARY", text)
      assert.are.same({ input = 100, output = 10, cache_read = 1, cache_write = 2 }, usage)
      assert.are.equal(1, #gen.requests)
      local request = gen.requests[1]
      assert.are.equal(token, gen.cancels[1])
      assert.are.equal("summary-model", request.model)
      assert.are.equal(prompts.system, request.system_prompt)
      assert.is_nil(request.tools)
      assert.are.equal("none", request.tool_choice)
      assert.are.equal(4000, request.max_output_tokens)
      local prompt = prompt_of(request)
      assert.truthy(prompt:find("<conversation>\n[user]\nplease fix src/app.lua\n\n", 1, true))
      assert.truthy(prompt:find("[tool call: read]\npath: src/app.lua", 1, true))
      assert.truthy(prompt:find("[tool result: read, ok]\nlocal x = 1", 1, true))
      assert.truthy(prompt:find("[user]\nand this screenshot\n[1 image]", 1, true))
      assert.truthy(prompt:find("[thinking]\nI should read it", 1, true))
      for _, secret in ipairs({ "toolu_SECRET_ID", "SIG_SECRET", "resp_META", "iVBORw0KGgo", "BASE64DATA" }) do
        assert.is_nil(prompt:find(secret, 1, true), secret)
      end
    end)

    it("sends max_output_tokens 4096 when not configured", function()
      local gen = fake({ "S" })
      assert(generator.new({ generator = gen, model = "m", check_sections = false })):summarize({ messages = history })
      assert.are.equal(4096, gen.requests[1].max_output_tokens)
    end)

    it("uses a non-blank system_prompt instead of the default, a blank one not", function()
      local gen = fake({ "S", "S" })
      new(gen, { system_prompt = "Be brief." }):summarize({ messages = history })
      new(gen, { system_prompt = "   " }):summarize({ messages = history })
      assert.are.equal("Be brief.", gen.requests[1].system_prompt)
      assert.are.equal(prompts.system, gen.requests[2].system_prompt)
    end)

    it("uses the initial prompt without a previous summary", function()
      local gen = fake({ "S", "S" })
      new(gen):summarize({ messages = history })
      new(gen):summarize({ messages = history, previous_summary = "  " })
      for i = 1, 2 do
        local prompt = prompt_of(gen.requests[i])
        assert.truthy(prompt:find(prompts.initial, 1, true))
        assert.is_nil(prompt:find("<previous-summary>", 1, true))
        assert.is_nil(prompt:find(prompts.update, 1, true))
      end
    end)

    it("merges into the previous summary with the update prompt", function()
      local gen = fake({ "NEW" })
      local text = new(gen):summarize({ messages = history, previous_summary = "## Goal\nOLD GOAL" })
      assert.are.equal("NEW", text)
      local prompt = prompt_of(gen.requests[1])
      assert.truthy(prompt:find("<previous-summary>\n## Goal\nOLD GOAL\n</previous-summary>", 1, true))
      assert.truthy(prompt:find(prompts.update, 1, true))
      assert.is_nil(prompt:find(prompts.initial, 1, true))
    end)

    it("appends instructions as additional focus", function()
      local gen = fake({ "S", "S" })
      new(gen):summarize({ messages = history, instructions = "the database migration" })
      new(gen):summarize({ messages = history, instructions = " " })
      assert.truthy(prompt_of(gen.requests[1]):find("\n\nAdditional focus: the database migration$"))
      assert.is_nil(prompt_of(gen.requests[2]):find("Additional focus", 1, true))
    end)

    it("extracts and trims the text blocks of the reply", function()
      local gen = fake({ function()
        return { role = "assistant", content = {
          { type = "thinking", thinking = "THOUGHTS" }, { type = "text", text = "  part one" },
          { type = "text", text = "part two\n\n" } } }
      end })
      assert.are.equal("part one\npart two", (new(gen):summarize({ messages = history })))
    end)

    it("rejects bad requests and messages without calling the model", function()
      local gen = fake({ default = "S" })
      local s = new(gen)
      for _, req in ipairs({ "x", {}, { messages = 5 }, { messages = {}, turn_prefix_messages = "x" },
        { messages = history, previous_summary = 5 }, { messages = history, instructions = {} },
        { messages = { { role = "user", content = "ok" }, { role = "robot", content = "x" } } } }) do
        local text, err = s:summarize(req)
        assert.is_nil(text)
        assert.are.equal("invalid_request", err.code)
      end
      local _, err = s:summarize({ messages = { { role = "user", content = "a" }, { role = "wizard" } } })
      assert.truthy(err.message:find("messages[2].role", 1, true))
      assert.are.equal(0, #gen.requests)
    end)
  end)

  describe("split turns", function()
    it("makes a history call and a prefix call and joins them", function()
      local gen = fake({ function() return reply("HISTORY", { input = 10, output = 1 }) end,
                         function() return reply("PREFIX", { input = 5, output = 2, cache_read = 3 }) end })
      local text, usage = new(gen):summarize({ messages = history, turn_prefix_messages = prefix,
                                               previous_summary = "OLD" })
      assert.are.equal("HISTORY\n\n**Turn Context (split turn):**\n\nPREFIX", text)
      assert.are.same({ input = 15, output = 3, cache_read = 3, cache_write = 0 }, usage)
      assert.are.equal(2, #gen.requests)
      local first, second = prompt_of(gen.requests[1]), prompt_of(gen.requests[2])
      assert.truthy(first:find(prompts.update, 1, true))
      assert.truthy(first:find("please fix src/app.lua", 1, true))
      assert.is_nil(first:find("now run the tests", 1, true))
      assert.truthy(second:find(prompts.turn_prefix, 1, true))
      assert.truthy(second:find("<conversation>\n[user]\nnow run the tests", 1, true))
      assert.truthy(second:find("[tool call: bash]\ncommand: make test", 1, true))
      assert.is_nil(second:find("please fix", 1, true))
      assert.is_nil(second:find("OLD", 1, true))
    end)

    it("summarizes a split turn without complete history in one call with the normal prompt", function()
      local gen = fake({ "ONE" })
      local text, usage = new(gen):summarize({ messages = {}, turn_prefix_messages = prefix,
                                               previous_summary = "OLD SUMMARY" })
      assert.are.equal("ONE", text)
      assert.are.same({ input = 100, output = 10, cache_read = 1, cache_write = 2 }, usage)
      assert.are.equal(1, #gen.requests)
      local prompt = prompt_of(gen.requests[1])
      assert.truthy(prompt:find(prompts.update, 1, true))
      assert.truthy(prompt:find("<previous-summary>\nOLD SUMMARY\n</previous-summary>", 1, true))
      assert.truthy(prompt:find("now run the tests", 1, true))
    end)

    it("summarizes history and prefix in one call when the history is under a quarter of the span", function()
      local long_prefix = { { role = "user", content = "now run the tests" } }
      for i = 1, 10 do
        long_prefix[#long_prefix + 1] = { role = "assistant", stop_reason = "tool_use", content = {
          { type = "tool_call", id = "t" .. i, name = "bash", arguments = { command = "make test " .. i } } } }
        long_prefix[#long_prefix + 1] = { role = "tool_result", tool_call_id = "t" .. i, tool_name = "bash",
          content = string.rep("output line\n", 30) }
      end
      local gen = fake({ "ONE" })
      local text = new(gen):summarize({ messages = history, turn_prefix_messages = long_prefix })
      assert.are.equal("ONE", text)
      assert.are.equal(1, #gen.requests)
      local prompt = prompt_of(gen.requests[1])
      assert.truthy(prompt:find(prompts.initial, 1, true))
      assert.is_nil(prompt:find(prompts.turn_prefix, 1, true))
      assert.truthy(prompt:find("please fix src/app.lua", 1, true))
      assert.truthy(prompt:find("make test 10", 1, true))
    end)

    it("makes no call when there is nothing to summarize", function()
      local gen = fake({ default = "S" })
      assert.are.equal("OLD", (new(gen):summarize({ messages = {}, previous_summary = "OLD" })))
      local text, err = new(gen):summarize({ messages = {} })
      assert.is_nil(text)
      assert.are.equal("empty_summary", err.code)
      assert.are.equal(0, #gen.requests)
    end)

    it("explains the record format in every request", function()
      local gen = fake({ "H", "P" })
      new(gen, { system_prompt = "custom" }):summarize({ messages = history, turn_prefix_messages = prefix })
      assert.truthy(prompt_of(gen.requests[1]):find(prompts.records_note, 1, true))
      assert.truthy(prompt_of(gen.requests[2]):find(prompts.records_note, 1, true))
    end)

    it("never writes a placeholder history: only failed attempts before a prefix make one call", function()
      local gen = fake({ "ONE" })
      local only_failed = { { role = "assistant", stop_reason = "error", content = { { type = "text", text = "x" } } } }
      local text = new(gen):summarize({ messages = only_failed, turn_prefix_messages = prefix })
      assert.are.equal("ONE", text)
      assert.are.equal(1, #gen.requests)
      assert.truthy(prompt_of(gen.requests[1]):find(prompts.initial, 1, true))
    end)


    it("gives each call its own retry budget: six attempts at most", function()
      local fail = { code = "transport", reason = "reset" }
      local gen = fake({ fail, fail, "HISTORY", fail, fail, fail, default = "NEVER" })
      local s, sleeps = new(gen)
      local text, err = s:summarize({ messages = history, turn_prefix_messages = prefix })
      assert.is_nil(text)
      assert.are.equal(fail, err)
      assert.are.equal(6, #gen.requests)
      assert.are.same({ 2, 4, 2, 4 }, sleeps)
      assert.truthy(prompt_of(gen.requests[3]):find(prompts.initial, 1, true))
      assert.truthy(prompt_of(gen.requests[4]):find(prompts.turn_prefix, 1, true))
    end)

    it("succeeds on the last attempt of both calls", function()
      local fail = { code = "http", status = 503 }
      local gen = fake({ fail, fail, "H", fail, fail, "P" })
      local s, sleeps = new(gen)
      assert.are.equal("H\n\n**Turn Context (split turn):**\n\nP",
        (s:summarize({ messages = history, turn_prefix_messages = prefix })))
      assert.are.equal(6, #gen.requests)
      assert.are.same({ 2, 4, 2, 4 }, sleeps)
    end)

    it("does not make the prefix call when the history call fails", function()
      local gen = fake({ default = { code = "filtered" } })
      local _, err = new(gen):summarize({ messages = history, turn_prefix_messages = prefix })
      assert.are.equal("filtered", err.code)
      assert.are.equal(1, #gen.requests)
    end)
  end)

  describe("retries", function()
    for _, e in ipairs(retryable) do
      it("retries " .. describe_err(e) .. " twice, sleeping 2 then 4 seconds", function()
        local gen = fake({ default = e })
        local s, sleeps = new(gen)
        local text, err = s:summarize({ messages = history })
        assert.is_nil(text)
        assert.are.equal(e, err)
        assert.are.equal(3, #gen.requests)
        assert.are.same({ 2, 4 }, sleeps)
      end)

      it("recovers from " .. describe_err(e) .. " on a retry", function()
        local gen = fake({ e, "RECOVERED" })
        local s, sleeps = new(gen)
        assert.are.equal("RECOVERED", (s:summarize({ messages = history })))
        assert.are.equal(2, #gen.requests)
        assert.are.same({ 2 }, sleeps)
      end)
    end

    for _, e in ipairs(not_retryable) do
      -- a context-window rejection halves the chunk instead (its own specs)
      if e.code ~= "context_window_exceeded" then it("does not retry " .. describe_err(e), function()
        local gen = fake({ default = e })
        local s, sleeps = new(gen)
        local text, err = s:summarize({ messages = history })
        assert.is_nil(text)
        assert.are.equal(e, err)
        assert.are.equal(1, #gen.requests)
        assert.are.same({}, sleeps)
      end) end
    end

    it("follows the one retry rule: the retryable flag, then status and code, never final codes", function()
      assert.is_true(generator.is_retryable({ code = "weird", retryable = true }))
      assert.is_true(generator.is_retryable(errors.new("http", "bad", { status = 418, retryable = true })))
      assert.is_true(generator.is_retryable(errors.new("http", "busy", { status = 599 })))
      assert.is_true(generator.is_retryable({ status = 429 }))
      assert.is_true(generator.is_retryable({ code = "generator", status = 503 }))
      assert.is_false(generator.is_retryable({ code = "http", status = 429, retryable = false }))
      assert.is_false(generator.is_retryable({ code = "transport", retryable = false }))
      assert.is_false(generator.is_retryable({ code = "context_window_exceeded", status = 429, retryable = true }))
      assert.is_false(generator.is_retryable({ code = "http", status = 500, cause = { code = "cancelled" } }))
      assert.is_false(generator.is_retryable({ code = "stream", cause = errors.invalid_request("bad") }))
      assert.is_false(generator.is_retryable({ code = "http", status = 418 }))
      assert.is_false(generator.is_retryable("transport"))
    end)

    it("retries a scripted status-only error and stops at retryable = false", function()
      local gen = fake({ { status = 429 }, "AFTER 429" })
      local s, sleeps = new(gen)
      assert.are.equal("AFTER 429", (s:summarize({ messages = history })))
      assert.are.same({ 2 }, sleeps)
      gen = fake({ default = { code = "http", status = 503, retryable = false } })
      s, sleeps = new(gen)
      assert.is_nil((s:summarize({ messages = history })))
      assert.are.equal(1, #gen.requests)
      assert.are.same({}, sleeps)
    end)

    it("turns an empty reply into empty_summary without retrying", function()
      for _, empty in ipairs({ "", "  \n\t", function() return { role = "assistant", content = {} } end,
        function() return { role = "assistant", content = { { type = "thinking", thinking = "hm" } } } end }) do
        local gen = fake({ default = empty })
        local s, sleeps = new(gen)
        local text, err = s:summarize({ messages = history })
        assert.is_nil(text)
        assert.are.equal("empty_summary", err.code)
        assert.is_true(errors.is(err, errors.sentinels.ErrEmptySummary))
        assert.are.equal(1, #gen.requests)
        assert.are.same({}, sleeps)
      end
    end)

    it("handles a generator that raises, without retrying", function()
      local gen = fake({ default = function() error("boom in generator") end })
      local s, sleeps = new(gen)
      local text, err = s:summarize({ messages = history })
      assert.is_nil(text)
      assert.are.equal("summarization", err.code)
      assert.truthy(tostring(err.cause):find("boom in generator", 1, true))
      assert.are.equal(1, #gen.requests)
      assert.are.same({}, sleeps)
    end)

    it("handles garbage from the generator", function()
      local garbage = {
        function() return 42 end,
        function() return { role = "assistant" } end,
        function() return { role = "assistant", content = { "text" } } end,
        function() return { role = "assistant", content = { { type = "text", text = 5 } } } end,
        function() return nil end,
      }
      for _, step in ipairs(garbage) do
        local gen = fake({ default = step })
        local s, sleeps = new(gen)
        local text, err = s:summarize({ messages = history })
        assert.is_nil(text)
        assert.are.equal("invalid_response", err.code)
        assert.are.equal(1, #gen.requests)
        assert.are.same({}, sleeps)
      end
      local gen = fake({ default = function() return nil, "plain string error" end })
      local _, err = new(gen):summarize({ messages = history })
      assert.are.equal("plain string error", err.cause)
      assert.are.equal(1, #gen.requests)
    end)

    it("treats a reply with stop_reason error as an unretried failure", function()
      local gen = fake({ default = function()
        return { role = "assistant", stop_reason = "error", error_message = "overloaded", content = {} }
      end })
      local s, sleeps = new(gen)
      local _, err = s:summarize({ messages = history })
      assert.truthy(err.message:find("overloaded", 1, true))
      assert.are.equal(1, #gen.requests)
      assert.are.same({}, sleeps)
    end)

    it("reports a sleep function that raises", function()
      local gen = fake({ default = { code = "transport" } })
      local s = assert(generator.new({ generator = gen, model = "m", sleep = function() error("no sleep") end }))
      local _, err = s:summarize({ messages = history })
      assert.are.equal("summarization", err.code)
      assert.are.equal(1, #gen.requests)
    end)
  end)

  describe("cancellation", function()
    it("does not call the model with a cancelled token", function()
      local gen = fake({ default = "S" })
      local token = cancel.token():cancel()
      local text, err = new(gen):summarize({ messages = history }, token)
      assert.is_nil(text)
      assert.are.equal("cancelled", err.code)
      assert.is_true(errors.is(err, errors.sentinels.ErrCancelled))
      assert.are.equal(0, #gen.requests)
    end)

    it("stops when the token is cancelled during a sleep", function()
      local token = cancel.token()
      local gen = fake({ default = { code = "transport" } })
      local sleeps = {}
      local s = assert(generator.new({ generator = gen, model = "m", sleep = function(seconds, t)
        sleeps[#sleeps + 1] = seconds
        assert.are.equal(token, t)
        token:cancel()
      end }))
      local text, err = s:summarize({ messages = history, turn_prefix_messages = prefix }, token)
      assert.is_nil(text)
      assert.are.equal("cancelled", err.code)
      assert.are.equal("transport", err.cause.code)
      assert.are.equal(1, #gen.requests)
      assert.are.same({ 2 }, sleeps)
    end)

    it("does not retry when the generator failed because the token was cancelled", function()
      local token = cancel.token()
      local gen = fake({ default = function(_, t) t:cancel() return nil, { code = "stream" } end })
      local s, sleeps = new(gen)
      local _, err = s:summarize({ messages = history }, token)
      assert.are.equal("cancelled", err.code)
      assert.are.equal(1, #gen.requests)
      assert.are.same({}, sleeps)
    end)

    it("cancels before the prefix call", function()
      local token = cancel.token()
      local gen = fake({ function() token:cancel() return reply("H") end, "P" })
      local _, err = new(gen):summarize({ messages = history, turn_prefix_messages = prefix }, token)
      assert.are.equal("cancelled", err.code)
      assert.are.equal(1, #gen.requests)
    end)

    it("has a default sleep that sleeps and returns early when cancelled", function()
      local socket = require "socket"
      local start = socket.gettime()
      generator.default_sleep(0.12)
      assert.is_true(socket.gettime() - start >= 0.1)
      local token = cancel.token()
      start = socket.gettime()
      local co = coroutine.wrap(function() token:cancel() generator.default_sleep(30, token) end)
      co()
      assert.is_true(socket.gettime() - start < 1)
    end)
  end)

  describe("fallback", function()
    local function recording_fallback(text)
      local fb = { calls = {} }
      function fb:summarize(req, token)
        self.calls[#self.calls + 1] = { req = req, cancel = token }
        if type(text) == "function" then return text(req, token) end
        return text, { input = 0, output = 0, cache_read = 0, cache_write = 0 }
      end
      return fb
    end

    it("uses the fallback when the model fails after its retries", function()
      local gen = fake({ default = { code = "http", status = 529 } })
      local fb = recording_fallback("EXTRACTIVE")
      local s, sleeps = new(gen, { fallback = fb })
      local token = cancel.token()
      local req = { messages = history, turn_prefix_messages = prefix, previous_summary = "OLD" }
      local text, usage, meta = s:summarize(req, token)
      assert.are.equal("EXTRACTIVE", text)
      assert.are.same({ input = 0, output = 0, cache_read = 0, cache_write = 0 }, usage)
      assert.is_true(meta.fallback)
      assert.are.equal(529, meta.cause.status)
      assert.are.equal(3, #gen.requests)
      assert.are.same({ 2, 4 }, sleeps)
      assert.are.equal(1, #fb.calls)
      assert.are.equal(req, fb.calls[1].req)
      assert.are.equal(token, fb.calls[1].cancel)
    end)

    it("counts the usage of a successful history call when the prefix call falls back", function()
      local gen = fake({ "H", default = { code = "filtered" } })
      local fb = recording_fallback("FB")
      local text, usage, meta = new(gen, { fallback = fb }):summarize({ messages = history,
                                                                         turn_prefix_messages = prefix })
      assert.are.equal("FB", text)
      assert.are.equal(100, usage.input)
      assert.is_true(meta.fallback)
    end)

    it("falls back on an empty summary and on non-retryable errors", function()
      for _, step in ipairs({ "", { code = "context_window_exceeded", status = 400 } }) do
        local fb = recording_fallback("FB")
        local text, _, meta = new(fake({ default = step }), { fallback = fb }):summarize({ messages = history })
        assert.are.equal("FB", text)
        assert.is_true(meta.fallback)
      end
    end)

    it("does not fall back after cancellation or on invalid requests", function()
      local fb = recording_fallback("FB")
      local token = cancel.token():cancel()
      local _, err = new(fake({ default = "S" }), { fallback = fb }):summarize({ messages = history }, token)
      assert.are.equal("cancelled", err.code)
      _, err = new(fake({ default = { code = "cancelled" } }), { fallback = fb }):summarize({ messages = history })
      assert.are.equal("cancelled", err.code)
      _, err = new(fake({ default = "S" }), { fallback = fb }):summarize({ messages = { { role = "x" } } })
      assert.are.equal("invalid_request", err.code)
      assert.are.equal(0, #fb.calls)
    end)

    it("reports both failures when the fallback fails too", function()
      for _, behaviour in ipairs({ function() error("fallback exploded") end,
                                   function() return nil, errors.new("summarization", "no") end,
                                   function() return "  " end }) do
        local fb = recording_fallback(behaviour)
        local _, err = new(fake({ default = { code = "transport" } }), { fallback = fb })
          :summarize({ messages = history })
        assert.are.equal("summarization", err.code)
        assert.are.equal("transport", err.cause.code)
        assert.is_true(errors.is(err, "transport"))
      end
    end)

    it("works with the extractive summarizer through the compactor", function()
      local compact = require "compact"
      local extractive = require "compact.summarizers.extractive"
      local s = new(fake({ default = { code = "transport" } }), { fallback = assert(extractive.new()) })
      local compactor = assert(compact.new({ summarizer = s, keep_recent_tokens = 0 }))
      local result = assert(compactor:compact({ messages = history, require_reduction = true }))
      assert.is_true(result.record.fallback)
      assert.truthy(result.summary:find("please fix src/app.lua", 1, true))
    end)
  end)
end)
