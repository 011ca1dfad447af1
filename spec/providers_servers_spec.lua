-- Every server body in spec/support/server_bodies.lua, sent by the fake
-- server to the provider it speaks to, over the wire (compact.http): the
-- error's class, status, retry and message (the provider's own words,
-- never a raw JSON body).
local errors = require "compact.errors"
local openai = require "compact.providers.openai"
local anthropic = require "compact.providers.anthropic"
local fake = dofile("spec/support/fake_server.lua")
local bodies = dofile("spec/support/server_bodies.lua")

local providers = { openai = openai, anthropic = anthropic }
local server
setup(function() server = fake.start() end)
teardown(function() server:stop() end)

local function scenario_of(case)
  if case.stream then return { status = 200, stream = case.stream } end
  local headers = case.body:match("^%s*[%[{]") and fake.json_headers or { ["Content-Type"] = "text/html" }
  return { status = case.status, headers = headers, body = case.body }
end

local serial = 0
local function run(case)
  serial = serial + 1
  local base = server:script("case" .. serial, scenario_of(case))
  local gen = assert(providers[case.provider] { api_key = "sk-test-key", base_url = base, timeout = 10 })
  local before = { model = "m", messages = { { role = "user", content = "hi" } } }
  return gen:generate(before)
end

local function check(case)
  local msg, err = run(case)
  assert.is_nil(msg, case.name .. ": expected an error")
  assert.is_true(errors.is_error(err))
  assert.equal(case.code, err.code, case.name .. ": " .. tostring(err))
  assert.equal(case.want_status, err.status, case.name)
  if case.retryable ~= nil then assert.equal(case.retryable, err.retryable, case.name) end
  local text = tostring(err)
  assert.truthy(text:find(case.text, 1, true), case.name .. ": the server's words are missing from " .. text)
  assert.is_nil(text:find('{"', 1, true), case.name .. ": raw JSON in " .. text)
  if case.code == "context_window_exceeded" then
    assert.is_true(errors.is(err, errors.sentinels.ErrContextWindowExceeded))
  end
end

for _, group in ipairs({ { "context-window rejections", bodies.overflow },
    { "answers that are not overflow", bodies.not_overflow }, { "streams that end wrong", bodies.stream_endings } }) do
  describe(group[1] .. " (" .. #group[2] .. " server bodies)", function()
    for _, case in ipairs(group[2]) do
      it(case.name, function() check(case) end)
    end
  end)
end

describe("finish reasons", function()
  it("an unknown finish reason is stop, the reason kept in provider_metadata", function()
    local base = server:script("eos", { stream = { bodies.chunk('{"role":"assistant","content":"done"}'),
      bodies.chunk("{}", "eos"), "data: [DONE]\n\n" } })
    local gen = assert(openai { base_url = base, timeout = 10 })
    local msg = assert(gen:generate({ model = "m", messages = { { role = "user", content = "hi" } } }))
    assert.equal("stop", msg.stop_reason)
    assert.equal("eos", msg.provider_metadata.finish_reason)
    assert.same({ { type = "text", text = "done" } }, msg.content)
  end)

  it("model_context_window_exceeded after some output is a length stop (the output kept)", function()
    local base = server:script("zai_partial", { stream = { bodies.chunk('{"role":"assistant","content":"par"}'),
      bodies.chunk("{}", "model_context_window_exceeded"), "data: [DONE]\n\n" } })
    local gen = assert(openai { base_url = base, timeout = 10 })
    local msg = assert(gen:generate({ model = "m", messages = { { role = "user", content = "hi" } } }))
    assert.equal("length", msg.stop_reason)
    assert.equal("model_context_window_exceeded", msg.provider_metadata.finish_reason)
  end)

  it("a length stop with no output is still a reply (the caller sees why it is empty)", function()
    local base = server:script("empty_length", { stream = { bodies.chunk('{"role":"assistant","content":""}'),
      bodies.chunk("{}", "length"), "data: [DONE]\n\n" } })
    local gen = assert(openai { base_url = base, timeout = 10 })
    local msg = assert(gen:generate({ model = "m", messages = { { role = "user", content = "hi" } } }))
    assert.equal("length", msg.stop_reason)
    assert.same({}, msg.content)
  end)
end)

describe("the agent on a llama.cpp server that streams its overflow as an error line", function()
  it("compacts and retries instead of failing (and never succeeds on an empty reply)", function()
    local compact = require "compact"
    local overflow = bodies.overflow
    local llama
    for _, case in ipairs(overflow) do
      if case.name:find("SSE error line", 1, true) then llama = case end
    end
    local answers = { table.concat(llama.stream), bodies.chunk('{"role":"assistant","content":"fits now"}') ..
      bodies.chunk("{}", "stop") .. "data: [DONE]\n\n" }
    local calls = 0
    local gen = assert(openai { transport = function(opts)
      calls = calls + 1
      local ok, raised = pcall(opts.on_data, answers[math.min(calls, #answers)], 200)
      if not ok then return nil, raised end
      return { status = 200, headers = {} }
    end })
    local summarizer = compact.summarizer(function() return "## Goal\nsummary" end)
    local agent = assert(compact.agent.new { generator = gen, model = "m", context_window_tokens = 100000,
      compactor = assert(compact.new { summarizer = summarizer }) })
    local history = {}
    for i = 1, 6 do
      history[#history + 1] = { role = i % 2 == 1 and "user" or "assistant",
        content = { { type = "text", text = ("turn " .. i .. " "):rep(40) } } }
    end
    agent.state.messages = history
    local result = assert(agent:run("go on"))
    assert.equal(2, calls)
    assert.equal(1, #result.compactions)
    assert.equal("fits now", result.final.content[1].text)
    assert.equal("error", result.new_messages[2].stop_reason)
  end)
end)

describe("classification rules", function()
  local function classify_answer(status, message)
    local gen = assert(openai { transport = function()
      return { status = status, headers = {}, body = '{"error":{"message":"' .. message .. '"}}' }
    end })
    local _, err = gen:generate({ model = "m", messages = { { role = "user", content = "hi" } } })
    return err.code
  end

  it("a server's own phrase counts at any status but 429; generic wording only at 400, 413, 422", function()
    local specific = "Input length (265330) exceeds model's maximum context length (262144)."
    assert.equal("context_window_exceeded", classify_answer(400, specific))
    assert.equal("context_window_exceeded", classify_answer(503, specific))
    assert.equal("http", classify_answer(429, specific))
    assert.equal("context_window_exceeded", classify_answer(400, "the context window is full"))
    assert.equal("http", classify_answer(500, "failed to grow the context window buffer"))
    assert.equal("http", classify_answer(404, "too many tokens in the model name"))
  end)

  it("rate-limit wording is never overflow, whatever else the message says", function()
    assert.equal("http", classify_answer(400, "Too many tokens per minute: rate limit exceeded"))
    assert.equal("http", classify_answer(413, "quota exceeded for request size"))
    assert.equal("context_window_exceeded", classify_answer(413, "Payload Too Large"))
  end)
end)
