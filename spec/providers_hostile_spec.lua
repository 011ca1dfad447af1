-- Both providers against hostile servers, over the wire (fake server and
-- compact.http): servers that echo the API key into every field of their
-- errors, fast endless streams, servers that keep the connection open after
-- the final event; and the provider config checks.
local errors = require "compact.errors"
local openai = require "compact.providers.openai"
local anthropic = require "compact.providers.anthropic"
local fake = dofile("spec/support/fake_server.lua")
local socket = require "socket"

local KEY = "sk-ECHO-Zq81vKx3Wm5tRb7YpL2nHd9"

local function request()
  return { model = "m", messages = { { role = "user", content = "hi" } } }
end

local strings_of = require("spec.support.conversation").strings_of

-- No 8-byte piece of the key anywhere in the error or its text.
local function assert_no_key(err)
  local texts = strings_of(err)
  texts[#texts + 1] = tostring(err)
  for _, text in ipairs(texts) do
    for i = 1, #KEY - 7 do
      local piece = KEY:sub(i, i + 7)
      assert(not text:find(piece, 1, true), "a piece of the key (" .. piece .. ") leaked: " .. text:sub(1, 300))
    end
  end
  -- the server did echo it: some field shows where it was
  assert.matches("[redacted]", table.concat(texts, "\n"), 1, true)
end

local server
setup(function() server = fake.start() end)
teardown(function() server:stop() end)

describe("a server echoing the credentials", function()

  local cases = {
    { "openai: an error body (message, type, code)", openai, "oa_echo_json", "http" },
    { "openai: a plain-text error body", openai, "oa_echo_text", "http" },
    { "openai: a refusal", openai, "oa_echo_refusal", "filtered" },
    { "openai: an error inside the stream", openai, "oa_echo_stream_error", "stream" },
    { "anthropic: an error body", anthropic, "an_echo_json", "http" },
    { "anthropic: an error event", anthropic, "an_echo_event", "stream" },
  }
  for _, case in ipairs(cases) do
    it("never shows the key: " .. case[1], function()
      local gen = assert(case[2] { api_key = KEY, base_url = server:base(case[3]), timeout = 10 })
      local msg, err = gen:generate(request())
      assert.is_nil(msg)
      assert.equal(case[4], err.code)
      assert_no_key(err)
    end)
  end

  it("scrubs the fields the server filled (error_type, error_code, refusal)", function()
    local gen = assert(openai { api_key = KEY, base_url = server:base("oa_echo_json"), timeout = 10 })
    local _, err = gen:generate(request())
    assert.equal("invalid_key Bearer [redacted]", err.error_type)
    assert.equal("[redacted]", err.error_code)
    gen = assert(openai { api_key = KEY, base_url = server:base("oa_echo_refusal"), timeout = 10 })
    _, err = gen:generate(request())
    assert.equal("[redacted]", err.refusal:sub(-10))
  end)
end)

describe("a fast endless stream", function()

  local LIMIT = 4 * 1024 * 1024
  for _, case in ipairs({ { openai, "oa_endless" }, { openai, "oa_endless_args" }, { anthropic, "an_endless" } }) do
    it("fails with invalid_response past max_response_bytes, in bounded memory (" .. case[2] .. ")", function()
      collectgarbage()
      local before = collectgarbage("count")
      local peak = before
      local gen = assert(case[1] { api_key = KEY, base_url = server:base(case[2]), timeout = 20,
        max_response_bytes = LIMIT,
        yield = function() peak = math.max(peak, collectgarbage("count")) end })
      local started = socket.gettime()
      local msg, err = gen:generate(request())
      assert.is_nil(msg)
      assert.equal("invalid_response", err.code)
      assert.matches("max_response_bytes", err.message, 1, true)
      assert.is_false(errors.retryable(err))
      assert.is_true(socket.gettime() - started < 10, "ended by the limit, not by the timeout")
      -- what the response held is freed at once (one collection, though
      -- the transfer's handle waits for its finalizer); the peak stayed
      -- near the limit
      collectgarbage()
      assert.is_true(collectgarbage("count") - before < 1024, "kept " .. (collectgarbage("count") - before) .. " KB")
      assert.is_true(peak - before < 32 * 1024, "peak " .. (peak - before) .. " KB over the start")
    end)
  end

  it("defaults to 32 MiB and rejects a bad limit naming it", function()
    assert.is_table(openai { api_key = KEY, max_response_bytes = 32 * 1024 * 1024 })
    for _, bad in ipairs({ 0, -1, 1.5, "1000" }) do
      local gen, err = anthropic { api_key = KEY, max_response_bytes = bad }
      assert.is_nil(gen)
      assert.matches("^config%.max_response_bytes: expected an integer >= 1, got ", err.message)
    end
  end)
end)

describe("a server that keeps the connection open after the final event", function()

  for _, case in ipairs({ { openai, "oa_hold", "[DONE]" }, { anthropic, "an_hold", "message_stop" } }) do
    it("gets the response returned at " .. case[3] .. ", not at the timeout", function()
      local gen = assert(case[1] { api_key = KEY, base_url = server:base(case[2]), timeout = 8 })
      local started = socket.gettime()
      local msg = assert(gen:generate(request()))
      assert.is_true(socket.gettime() - started < 3, "took " .. (socket.gettime() - started) .. " s")
      assert.equal("held", msg.content[1].text)
      assert.equal("stop", msg.stop_reason)
    end)
  end
end)

describe("a 5xx with an error body over max_body, over the wire", function()

  it("keeps its integer status and stays retryable", function()
    local gen = assert(openai { api_key = KEY, base_url = server:base("oa_500_big"), timeout = 10 })
    local msg, err = gen:generate(request())
    assert.is_nil(msg)
    assert.equal("http", err.code)
    assert.equal(500, err.status)
    assert.equal("500", tostring(err.status))
    assert.is_true(errors.retryable(err))
    assert.is_nil(tostring(err):find("500.0", 1, true))
  end)
end)

describe("provider config", function()
  for _, module in ipairs({ openai, anthropic }) do
    it("rejects unknown keys naming them", function()
      local gen, err = module { api_key = KEY, baseurl = "http://localhost:1" }
      assert.is_nil(gen)
      assert.is_true(errors.is(err, errors.sentinels.ErrInvalidConfig))
      assert.equal("config.baseurl: unknown option", err.message)
    end)

    it("names the field, the expected type and what it got", function()
      local cases = {
        { { timeout = "30" }, 'config.timeout: expected a number > 0, got string "30"' },
        { { timeout = -1 }, "config.timeout: expected a number > 0, got number -1" },
        { { connect_timeout = require("compact.core").json_null }, "config.connect_timeout: expected a number > 0, got null" },
        { { base_url = "ftp://x" }, 'config.base_url: expected an http(s) URL, got string "ftp://x"' },
        { { headers = "x" }, 'config.headers: expected a table, got string "x"' },
        { { headers = { ["x-a"] = {} } }, 'config.headers["x-a"]: expected a string without line breaks, got table' },
        { { transport = 5 }, "config.transport: expected a function, got number 5" },
        { { yield = "yes" }, 'config.yield: expected a boolean or a function, got string "yes"' },
        { { max_body = 0 }, "config.max_body: expected an integer >= 1, got number 0" },
        { { api_key = "a\nb" }, "config.api_key: expected a string without line breaks, got a string of 3 bytes (not shown)" },
      }
      for _, case in ipairs(cases) do
        case[1].api_key = case[1].api_key or KEY
        local gen, err = module(case[1])
        assert.is_nil(gen)
        assert.equal("invalid_config", err.code)
        assert.equal(case[2], err.message)
      end
      assert.equal("config: expected a table, got string \"x\"", select(2, module("x")).message)
    end)
  end

  it("checks each provider's own options", function()
    local _, err = openai { system_role = "admin" }
    assert.equal('config.system_role: expected one of "system", "developer", got string "admin"', err.message)
    _, err = openai { max_tokens_field = 5 }
    assert.matches("^config%.max_tokens_field: expected one of", err.message)
    _, err = anthropic { api_key = KEY, max_tokens = 0 }
    assert.equal("config.max_tokens: expected an integer >= 1, got number 0", err.message)
    _, err = anthropic { api_key = KEY, version = "a\r\nb" }
    assert.matches("^config%.version: expected a string without line breaks", err.message)
  end)
end)

describe("provider error text", function()
  local fake_transport = dofile("spec/support/fake_transport.lua")

  local function count(text, piece)
    return select(2, text:gsub(piece:gsub("%p", "%%%0"), ""))
  end

  for _, module in ipairs({ openai, anthropic }) do
    it("says each thing once", function()
      for _, case in ipairs({ { '{"error":{"message":"oops"}}', "oops" }, { "", "HTTP 500" },
          { "HTTP 500 oops", "HTTP 500 oops" } }) do
        local t = fake_transport.new({ status = 500, body = case[1] })
        local gen = assert(module { api_key = KEY, transport = t.fn })
        local _, err = gen:generate(request())
        assert.equal(500, err.status)
        assert.equal(1, count(tostring(err), case[2]), tostring(err))
        assert.equal(1, count(tostring(err), "HTTP 500"), tostring(err))
      end
    end)
  end
end)

describe("max_response_bytes also bounds", function()
  local fake_transport = dofile("spec/support/fake_transport.lua")

  -- A stream of `count` copies of `event`, after `head`.
  local function run(module, head, event, count)
    local chunks = { head }
    for _ = 1, count do chunks[#chunks + 1] = event end
    local t = fake_transport.new({ status = 200, chunks = chunks })
    local gen = assert(module { api_key = KEY, transport = t.fn, max_response_bytes = 4096 })
    return gen:generate(request())
  end

  it("text that comes with an Anthropic block's start, and endless empty blocks", function()
    local start = 'event: message_start\ndata: {"type":"message_start","message":{}}\n\n'
    local block = 'event: content_block_start\ndata: {"type":"content_block_start","index":%d,' ..
      '"content_block":{"type":"text","text":"%s"}}\n\n'
    local _, err = run(anthropic, start, block:format(0, string.rep("t", 5000)), 1)
    assert.equal("invalid_response", err.code)
    local chunks = { start }
    for i = 1, 100 do chunks[#chunks + 1] = block:format(i, "") end
    _, err = run(anthropic, table.concat(chunks), "", 0)
    assert.equal("invalid_response", err.code)
  end)

  it("endless new OpenAI tool calls", function()
    local chunks = {}
    for i = 1, 100 do
      chunks[#chunks + 1] = 'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":' .. i .. '}]}}]}\n\n'
    end
    local _, err = run(openai, table.concat(chunks), "", 0)
    assert.equal("invalid_response", err.code)
    assert.matches("max_response_bytes", err.message, 1, true)
  end)
end)
