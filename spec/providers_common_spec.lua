-- compact.providers.common and behaviour shared by both providers:
-- error classification, Retry-After, raw bodies, hostile requests
-- (regressions from the review of the provider code).
local errors = require "compact.errors"
local classify = require "compact.providers.errors"
local openai = require "compact.providers.openai"
local anthropic = require "compact.providers.anthropic"
local fake_transport = require "spec.support.fake_transport"

local KEY = "sk-test-0123456789-secret"

local function generate(module, reply, request)
  local t = fake_transport.new(reply)
  local gen = assert(module.new { api_key = KEY, transport = t.fn })
  return gen:generate(request or { model = "m", messages = { { role = "user", content = "hi" } } })
end

describe("context-window classification", function()
  local cases = {
    { "anthropic 400 input length and max_tokens", anthropic, 400,
      '{"type":"error","error":{"type":"invalid_request_error","message":"input length and `max_tokens` ' ..
      'exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again"}}' },
    { "llama.cpp 400 exceed_context_size_error", openai, 400,
      '{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it",' ..
      '"type":"exceed_context_size_error","n_prompt_tokens":5000,"n_ctx":4096}}' },
    { "llama.cpp type only, 500", openai, 500,
      '{"error":{"code":500,"message":"oops","type":"exceed_context_size_error"}}' },
    { "older llama.cpp 500", openai, 500,
      '{"error":{"code":500,"message":"Context size has been exceeded.","type":"server_error"}}' },
    { "GitHub Copilot", openai, 400,
      '{"error":{"message":"prompt token count of 140000 exceeds the limit of 128000",' ..
      '"code":"model_max_prompt_tokens_exceeded"}}' },
    { "code context_length_exceeded on a 500", openai, 500,
      '{"error":{"message":"upstream said no","code":"context_length_exceeded"}}' },
    { "type context_length_exceeded on a 503", openai, 503,
      '{"error":{"message":"x","type":"context_length_exceeded"}}' },
  }
  for _, case in ipairs(cases) do
    it(case[1], function()
      local msg, err = generate(case[2], { status = case[3], body = case[4] })
      assert.is_nil(msg)
      assert.equal("context_window_exceeded", err.code)
      assert.is_true(errors.is(err, errors.sentinels.ErrContextWindowExceeded))
      assert.equal(case[3], err.status)
    end)
  end

  it("leaves other 500s retryable http errors", function()
    local msg, err = generate(openai, { status = 500, body = '{"error":{"message":"token limit of the cache"}}' })
    assert.is_nil(msg)
    assert.equal("http", err.code)
    assert.is_true(err.retryable)
  end)
end)

describe("a stream cut mid-event with a clean end of stream", function()
  it("is a retryable stream error (openai)", function()
    local msg, err = generate(openai, { status = 200, chunks = {
      'data: {"choices":[{"index":0,"delta":{"content":"hello"}}]}\n\n',
      'data: {"choices":[{"index":0,"delta":{"content":" wor' } })
    assert.is_nil(msg)
    assert.equal("stream", err.code)
    assert.is_true(err.retryable)
  end)

  it("is a retryable stream error (anthropic)", function()
    local msg, err = generate(anthropic, { status = 200, chunks = {
      'event: message_start\ndata: {"type":"message_start","message":{}}\n\n',
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"te' } })
    assert.is_nil(msg)
    assert.equal("stream", err.code)
    assert.is_true(err.retryable)
  end)

  it("still reports a complete final event without its blank line", function()
    local msg, err = generate(anthropic, { status = 200, chunks = {
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' } })
    assert.is_nil(msg)
    assert.equal("stream", err.code)
    assert.equal(529, err.status)
    msg = assert(generate(openai, { status = 200, chunks = {
      'data: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\ndata: [DONE]' } }))
    assert.equal("ok", msg.content[1].text)
  end)
end)

describe("openai streamed tool calls", function()
  local function stream(calls_json)
    return { status = 200, chunks = {
      'data: {"choices":[{"index":0,"delta":{"tool_calls":' .. calls_json .. '},"finish_reason":"tool_calls"}]}\n\n',
      "data: [DONE]\n\n" } }
  end

  it("get an id when the server sends none", function()
    local core = require "compact.core"
    local msg = assert(generate(openai, stream('[{"index":0,"function":{"name":"read","arguments":"{}"}},' ..
      '{"index":1,"function":{"name":"ls","arguments":"{}"}}]')))
    assert.equal("call_0", msg.content[1].id)
    assert.equal("call_1", msg.content[2].id)
    assert.is_true(core.validate_messages({ { role = "user", content = "x" }, msg }))
  end)

  it("without a function name are an invalid response", function()
    local msg, err = generate(openai, stream('[{"index":0,"id":"c1","function":{"arguments":"{}"}}]'))
    assert.is_nil(msg)
    assert.equal("invalid_response", err.code)
  end)
end)

describe("hostile or malformed requests", function()
  local user = { { role = "user", content = "x" } }
  local bad = {
    { model = "m", messages = user, tools = { 5 } },
    { model = "m", messages = user, tools = { { description = "no name" } } },
    { model = "m", messages = user, tools = { { name = "a", parameters = 5 } } },
    { model = "m", messages = user, tools = { { name = "a", description = {} } } },
    { model = "m", messages = setmetatable({}, { __index = function() error("hostile __index") end }) },
    { model = "m", messages = user, tools = setmetatable({}, { __index = function() error("hostile tools") end }) },
    setmetatable({}, { __index = function() error("hostile request") end }),
  }
  for name, module in pairs({ openai = openai, anthropic = anthropic }) do
    it("give nil, invalid_request without raising (" .. name .. ")", function()
      local t = fake_transport.new({ status = 200, chunks = {} })
      local gen = assert(module.new { api_key = KEY, transport = t.fn })
      for i, request in ipairs(bad) do
        local ok, msg, err = pcall(gen.generate, gen, request)
        assert.is_true(ok, "case " .. i .. " raised: " .. tostring(msg))
        assert.is_nil(msg, "case " .. i)
        assert.equal("invalid_request", err.code, "case " .. i)
      end
      assert.equal(0, #t.calls)
    end)
  end
end)

describe("many small deltas", function()
  -- collected in lists and joined once (appending to strings was quadratic:
  -- 64 000 OpenAI deltas took 1.41 s, now 0.19 s)
  local N = 3000

  it("assemble text, reasoning and tool arguments in order (openai)", function()
    local chunks = {}
    for i = 1, N do
      chunks[#chunks + 1] = ('data: {"choices":[{"index":0,"delta":{"content":"%d,","reasoning_content":"r%d"}}]}\n\n')
        :format(i, i)
    end
    chunks[#chunks + 1] = 'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":' ..
      '{"name":"f","arguments":"{\\"a\\":["}}]}}]}\n\n'
    for i = 1, N do
      chunks[#chunks + 1] = ('data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":' ..
        '{"arguments":"%d%s"}}]}}]}\n\n'):format(i, i < N and "," or "]}")
    end
    chunks[#chunks + 1] = 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n'
    local msg = assert(generate(openai, { status = 200, chunks = chunks }))
    local text, reasoning, args = {}, {}, {}
    for i = 1, N do text[i], reasoning[i], args[i] = i .. ",", "r" .. i, i end
    assert.equal(table.concat(reasoning), msg.content[1].thinking)
    assert.equal(table.concat(text), msg.content[2].text)
    assert.same({ a = args }, msg.content[3].arguments)
  end)

  it("assemble text, thinking, signature and tool input in order (anthropic)", function()
    local function ev(name, data) return "event: " .. name .. "\ndata: " .. data .. "\n\n" end
    local chunks = { ev("message_start", '{"type":"message_start","message":{}}'),
      ev("content_block_start", '{"type":"content_block_start","index":0,' ..
        '"content_block":{"type":"thinking","thinking":""}}'),
      ev("content_block_start", '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}'),
      ev("content_block_start", '{"type":"content_block_start","index":2,' ..
        '"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}') }
    local text, thinking, sig, args = {}, {}, {}, {}
    for i = 1, N do
      text[i], thinking[i], sig[i], args[i] = i .. ",", "t" .. i, "s" .. i, i
      chunks[#chunks + 1] = ev("content_block_delta", ('{"type":"content_block_delta","index":0,' ..
        '"delta":{"type":"thinking_delta","thinking":"t%d"}}'):format(i))
      chunks[#chunks + 1] = ev("content_block_delta", ('{"type":"content_block_delta","index":0,' ..
        '"delta":{"type":"signature_delta","signature":"s%d"}}'):format(i))
      chunks[#chunks + 1] = ev("content_block_delta", ('{"type":"content_block_delta","index":1,' ..
        '"delta":{"type":"text_delta","text":"%d,"}}'):format(i))
      chunks[#chunks + 1] = ev("content_block_delta", ('{"type":"content_block_delta","index":2,' ..
        '"delta":{"type":"input_json_delta","partial_json":"%s%d%s"}}'):format(i == 1 and '{\\"a\\":[' or "",
        i, i < N and "," or "]}"))
    end
    chunks[#chunks + 1] = ev("message_delta", '{"type":"message_delta","delta":{"stop_reason":"tool_use"}}')
    chunks[#chunks + 1] = ev("message_stop", '{"type":"message_stop"}')
    local msg = assert(generate(anthropic, { status = 200, chunks = chunks }))
    assert.equal(table.concat(thinking), msg.content[1].thinking)
    assert.equal(table.concat(sig), msg.content[1].signature)
    assert.equal(table.concat(text), msg.content[2].text)
    assert.same({ a = args }, msg.content[3].arguments)
  end)
end)

describe("openai non-streaming answers", function()
  it("accept function.arguments given as a JSON object", function()
    local msg = assert(generate(openai, { status = 200, body = '{"choices":[{"message":{"role":"assistant",' ..
      '"content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"read",' ..
      '"arguments":{"path":"a.lua","limit":3}}}]},"finish_reason":"tool_calls"}]}' }))
    assert.equal("tool_use", msg.stop_reason)
    assert.same({ type = "tool_call", id = "c1", name = "read", arguments = { path = "a.lua", limit = 3 } },
      msg.content[1])
  end)

  it("report a malformed message instead of ignoring it", function()
    local msg, err = generate(openai, { status = 200, body = '{"choices":[{"message":{"role":"assistant",' ..
      '"content":"x","tool_calls":"bad"},"finish_reason":"stop"}]}' })
    assert.is_nil(msg)
    assert.equal("invalid_response", err.code)
    msg, err = generate(openai, { status = 200, body = '{"choices":[{"message":{"role":"assistant",' ..
      '"content":"x","tool_calls":[5]},"finish_reason":"stop"}]}' })
    assert.is_nil(msg)
    assert.equal("invalid_response", err.code)
  end)
end)

describe("openai errors sent after HTTP 200", function()
  local function stream_error(json)
    return generate(openai, { status = 200, chunks = {
      'data: {"choices":[{"index":0,"delta":{"content":"par"}}]}\n\n', "data: " .. json .. "\n\n" } })
  end

  it("a server_error mid-stream is retryable", function()
    local msg, err = stream_error('{"error":{"message":"upstream overloaded","type":"server_error",' ..
      '"code":"server_error"}}')
    assert.is_nil(msg)
    assert.is_true(err.retryable)
    -- an error object in a data: event is an answer of the status its type
    -- stands for (docs/providers.md), not a stream error
    assert.equal("http", err.code)
    assert.equal(500, err.status)
  end)

  it("an error of unknown type without a status is a retryable stream error", function()
    local msg, err = stream_error('{"error":{"message":"backend went away"}}')
    assert.is_nil(msg)
    assert.equal("stream", err.code)
    assert.is_true(err.retryable)
    -- the server's text appears once, in the cause
    local text = tostring(err)
    local a, b = text:find("backend went away", 1, true)
    assert.truthy(a)
    assert.is_nil(text:find("backend went away", b + 1, true))
  end)

  it("rate limits and context errors keep their classes", function()
    local _, err = stream_error('{"error":{"message":"slow down","type":"rate_limit_exceeded"}}')
    assert.equal("http", err.code)
    assert.equal(429, err.status)
    assert.is_true(err.retryable)
    _, err = stream_error('{"error":{"message":"This model\'s maximum context length is 8192 tokens"}}')
    assert.equal("context_window_exceeded", err.code)
    _, err = stream_error('{"error":{"message":"bad","type":"invalid_request_error","code":"x"}}')
    assert.equal("http", err.code)
    assert.is_false(err.retryable)
  end)
end)

describe("error codes that are no HTTP status", function()
  it("are never taken for one: MiniMax's 2013 in an Anthropic-style error event", function()
    local msg, err = generate(anthropic, { status = 200, chunks = { 'event: error\ndata: {"type":"error",' ..
      '"error":{"code":2013,"message":"invalid params"}}\n\n' } })
    assert.is_nil(msg)
    assert.equal("stream", err.code)
    assert.is_nil(err.status) -- status-less (the one rule of both providers), not 2013
    assert.is_true(err.retryable)
    assert.is_nil(tostring(err):find("2013", 1, true))
    local info = classify.error_info { error = { message = "m", code = 1039, status = "429" } }
    assert.same({ "m", 1039, 429 }, { info.message, info.code, info.status })
    assert.same({ 404, nil, nil, nil }, { classify.http_status "404", classify.http_status(2013),
      classify.http_status(99), classify.http_status(404.5) })
  end)
end)

describe("errors after HTTP 200: one rule for both providers", function()
  local types = { invalid_request_error = 400, authentication_error = 401, permission_error = 403,
    not_found_error = 404, rate_limit_error = 429, rate_limit_exceeded = 429, api_error = 500,
    server_error = 500, internal_error = 500, overloaded_error = 529, timeout_error = 504 }
  for error_type, status in pairs(types) do
    it("a JSON error answer of type " .. error_type .. " is HTTP " .. status .. " from either provider", function()
      local _, a = generate(anthropic, { status = 200, body = '{"type":"error","error":{"type":"' .. error_type ..
        '","message":"m"}}' })
      local _, o = generate(openai, { status = 200, body = '{"error":{"type":"' .. error_type ..
        '","message":"m"}}' })
      for _, err in ipairs({ a, o }) do
        assert.equal("http", err.code)
        assert.equal(status, err.status)
        assert.equal(error_type, err.error_type)
        assert.equal(errors.retryable_status(status), err.retryable)
      end
    end)
  end

  it("an error event of a known type is a stream error of its status from either provider", function()
    local _, a = generate(anthropic, { status = 200, chunks = { 'event: error\ndata: {"type":"error",' ..
      '"error":{"type":"permission_error","message":"m"}}\n\n' } })
    local _, o = generate(openai, { status = 200, chunks = {
      'event: error\ndata: {"error":{"type":"permission_error","message":"m"}}\n\n' } })
    for _, err in ipairs({ a, o }) do
      assert.equal("stream", err.code)
      assert.equal(403, err.status)
      assert.is_false(err.retryable)
    end
  end)

  it("a status-less JSON error answer is a retryable stream error from either provider", function()
    local _, a = generate(anthropic, { status = 200, body = '{"type":"error","error":{"message":"gone"}}' })
    local _, o = generate(openai, { status = 200, body = '{"error":{"message":"gone"}}' })
    for _, err in ipairs({ a, o }) do
      assert.equal("stream", err.code)
      assert.is_nil(err.status)
      assert.is_true(err.retryable)
    end
  end)

  it("an Anthropic JSON error answer keeps its code: a content filter is seen", function()
    local msg, err = generate(anthropic, { status = 200, body = '{"type":"error","error":{"type":' ..
      '"invalid_request_error","code":"content_filter","message":"Output blocked by content filtering policy"}}' })
    assert.is_nil(msg)
    assert.equal("filtered", err.code)
    assert.equal("content_filter", err.error_code)
    assert.is_false(err.retryable)
  end)
end)

describe("tool schemas", function()
  it("providers and importers read them through compact.message.tool_schema", function()
    local message = require "compact.message"
    local importers = require "compact.importers"
    local original, asked = message.tool_schema, 0
    message.tool_schema = function(tool)
      asked = asked + 1
      return original(tool)
    end
    local schema = { type = "object", properties = { path = { type = "string" } } }
    local ok, raised = pcall(function()
      local tools = { { name = "read", input_schema = schema } }
      assert.same(schema, openai.map_tools(tools)[1]["function"].parameters)
      assert.same(schema, anthropic.map_tools(tools)[1].input_schema)
      local conversation = assert(importers.parse('{"model":"m","messages":[{"role":"user","content":"hi"}],' ..
        '"tools":[{"name":"read","input_schema":{"type":"object"}}]}', { format = "anthropic" }))
      assert.same({ type = "object" }, conversation.tools[1].parameters)
    end)
    message.tool_schema = original
    assert(ok, raised)
    assert.equal(3, asked)
  end)
end)

describe("credentials in the configuration", function()
  for name, module in pairs({ openai = openai, anthropic = anthropic }) do
    it("stay out of tostring, generator fields and errors (" .. name .. ")", function()
      local secrets = { "AZURE-SECRET-123", "Bearer HDR-TOKEN-456", "XKEY-789", "pw-userinfo-0" }
      local t = fake_transport.new({ status = 401, body = '{"error":{"message":"bad credentials ' ..
        'AZURE-SECRET-123 HDR-TOKEN-456 XKEY-789 pw-userinfo-0 user:pw-userinfo-0"}}' })
      local gen = assert(module.new { api_key = KEY, transport = t.fn,
        base_url = "https://user:pw-userinfo-0@example.com/v1",
        headers = { ["api-key"] = secrets[1], Authorization = secrets[2], ["X-Api-Key"] = secrets[3],
          ["x-trace"] = "visible" } })
      local shown = tostring(gen)
      assert.matches("https://example.com/v1", shown, 1, true)
      local function walk(value, seen)
        seen = seen or {}
        if type(value) == "string" then
          for _, secret in ipairs(secrets) do
            assert.is_nil(value:find(secret:match("%S+$"), 1, true), "found " .. secret)
          end
          assert.is_nil(value:find(KEY, 1, true))
        elseif type(value) == "table" and not seen[value] then
          seen[value] = true
          for k, v in pairs(value) do walk(k, seen); walk(v, seen) end
        end
      end
      walk(shown)
      local fields = {}
      for k, v in pairs(gen) do if k ~= "_config" then fields[k] = v end end
      walk(fields)
      local cfg = {}
      for k, v in pairs(gen._config) do if k ~= "base_url" then cfg[k] = v end end
      walk(cfg)
      local msg, err = gen:generate({ model = "m", messages = { { role = "user", content = "hi" } } })
      assert.is_nil(msg)
      assert.equal(401, err.status)
      walk(tostring(err))
      walk(err.message)
      -- the headers are still sent
      local sent = t.calls[1].headers
      assert.equal(secrets[1], sent["api-key"])
      assert.equal("visible", sent["x-trace"])
      if name == "openai" then
        assert.equal("Bearer " .. KEY, sent.authorization)
        assert.equal(secrets[2], sent.Authorization)
      else
        assert.equal(secrets[3], sent["X-Api-Key"])
      end
    end)
  end
end)

describe("retry_after", function()
  it("reads seconds, milliseconds and HTTP dates", function()
    assert.equal(1.5, classify.retry_after({ ["retry-after-ms"] = "1500" }))
    assert.equal(7, classify.retry_after({ ["retry-after"] = "7" }))
    assert.equal(0, classify.retry_after({ ["retry-after"] = "Wed, 21 Oct 2015 07:28:00 GMT" }))
    assert.is_nil(classify.retry_after({ ["retry-after"] = "soon" }))
  end)

  it("reads an HTTP date right in a zone with daylight saving", function()
    -- a POSIX TZ that is on daylight saving all year: the old conversion
    -- was an hour off there
    local script = os.tmpname()
    local f = assert(io.open(script, "w"))
    f:write([[
      local classify = require "compact.providers.errors"
      local at = os.date("!%a, %d %b %Y %H:%M:%S GMT", os.time() + 120)
      io.write(tostring(classify.retry_after({ ["retry-after"] = at })))
    ]])
    f:close()
    local lua = os.getenv("COMPACT_LUA") or "lua5.4"
    for _, tz in ipairs({ "XST0XDT,J1/0,J365/25", "UTC0", "EST5EDT,M3.2.0,M11.1.0", "AEST-10AEDT,M10.1.0,M4.1.0/3" }) do
      local p = io.popen("TZ='" .. tz .. "' " .. lua .. " " .. script)
      local out = tonumber(p:read("*a"))
      p:close()
      assert.is_true(out ~= nil and out >= 115 and out <= 120, tz .. ": " .. tostring(out))
    end
    os.remove(script)
  end)
end)

describe("plain response bodies", function()
  local big = '{"error":{"message":"' .. string.rep("x", 1024 * 1024 + 10) .. '"}}'

  it("are capped at 1 MiB by default; an error status keeps its integer status and retry", function()
    local chunks = fake_transport.split(big, 64 * 1024)
    for _, status in ipairs({ 500, 500.0, 503 }) do
      local t = fake_transport.new({ status = status, chunks = chunks })
      local gen = assert(openai.new { api_key = KEY, transport = t.fn })
      local msg, err = gen:generate({ model = "m", messages = { { role = "user", content = "x" } } })
      assert.is_nil(msg)
      assert.equal("http", err.code)
      assert.equal(math.floor(status), err.status)
      assert.equal(tostring(math.floor(status)), tostring(err.status)) -- 500, never 500.0
      assert.is_true(errors.retryable(err))
      assert.matches("larger than max_body (1048576 bytes)", err.message, 1, true)
      assert.is_nil(tostring(err):find("%.0"))
    end
    -- a 2xx body over the cap is not understood
    local t = fake_transport.new({ status = 200, chunks = { '{"a":"', string.rep("y", 1024 * 1024), '"}' } })
    local gen = assert(openai.new { api_key = KEY, transport = t.fn })
    local msg, err = gen:generate({ model = "m", messages = { { role = "user", content = "x" } } })
    assert.is_nil(msg)
    assert.equal("invalid_response", err.code)
    -- just under the limit is read
    t = fake_transport.new({ status = 500, body = '{"error":{"message":"' .. string.rep("x", 1000) .. '"}}' })
    gen = assert(openai.new { api_key = KEY, transport = t.fn })
    msg, err = gen:generate({ model = "m", messages = { { role = "user", content = "x" } } })
    assert.is_nil(msg)
    assert.equal("http", err.code)
    assert.equal(500, err.status)
  end)

  it("follow the max_body option, for streamed and buffered transports", function()
    for _, module in ipairs({ openai, anthropic }) do
      local t = fake_transport.new({ status = 200, chunks = { '{"a":"', string.rep("y", 200), '"}' } })
      local gen = assert(module.new { api_key = KEY, transport = t.fn, max_body = 100 })
      local msg, err = gen:generate({ model = "m", messages = { { role = "user", content = "x" } } })
      assert.is_nil(msg)
      assert.equal("invalid_response", err.code)
      local buffered = function() return { status = 400, headers = {}, body = string.rep("z", 101) } end
      gen = assert(module.new { api_key = KEY, transport = buffered, max_body = 100 })
      msg, err = gen:generate({ model = "m", messages = { { role = "user", content = "x" } } })
      assert.is_nil(msg)
      assert.equal("http", err.code)
      assert.equal(400, err.status)
      assert.is_false(errors.retryable(err))
      assert.is_nil(module.new { api_key = KEY, max_body = 0 })
    end
  end)
end)

-- Bad HTTP responses through both providers over an injected transport:
-- the right code, message and retryability, no secret in the error, the
-- request unchanged.
do
  local fake = require "spec.support.fake_server"
  local deep_copy = require("spec.support.conversation").raw_copy

  -- HTTP responses: the providers over an injected transport
  ---------------------------------------------------------------------------

  local chunks_of = fake_transport.chunks_of

  local SSE = { ["Content-Type"] = "text/event-stream" }
  local TOOL_ARGS_BROKEN = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,' ..
    '"id":"c","type":"function","function":{"name":"f","arguments":"{not json"}}]},"finish_reason":null}]}\n\n' ..
    'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n'

  -- { name, provider, response, code, message pattern, retryable }
  local http_cases = {
    { "429 rate limit", openai, fake.scenarios.oa_429, "http", "Rate limit reached.*HTTP 429", true },
    { "500 server error", openai, fake.scenarios.oa_500, "http", "HTTP 500", true },
    { "401 bad key (key masked)", openai, fake.scenarios.oa_401, "http", "Incorrect API key.*HTTP 401" },
    { "502 HTML body", openai, fake.scenarios.oa_bad_error_body, "http", "502 Bad Gateway.*HTTP 502", true },
    { "400 context too long", openai, fake.scenarios.oa_context, "context_window_exceeded", "maximum context length" },
    { "invalid JSON event", openai, fake.scenarios.oa_invalid_json, "invalid_response", "not valid JSON: json: .*byte" },
    { "stream without a finish", openai, fake.scenarios.oa_truncated, "stream", "ended before the response finished",
      true },
    { "content filter", openai, fake.scenarios.oa_filter, "filtered", "content filter" },
    { "empty 200 body", openai, { status = 200, headers = SSE, body = "" }, "stream", "ended before", true },
    { "choices not a list", openai, { status = 200, headers = SSE, body = 'data: {"choices":"nope"}\n\ndata: [DONE]\n\n' },
      "invalid_response", "choices is not a list" },
    { "tool arguments not JSON", openai, { status = 200, headers = SSE, body = TOOL_ARGS_BROKEN },
      "invalid_response", "tool call arguments are not a JSON object" },
    { "error event inside a 200 stream", openai, { status = 200, headers = SSE,
      body = 'data: {"error":{"message":"server exploded","type":"server_error"}}\n\n' }, "http",
      "server exploded %(HTTP 500%)", true },
    { "200 HTML page (a proxy)", openai, { status = 200, headers = { ["Content-Type"] = "text/html" },
      body = "<html><body>Sign in to the network</body></html>" }, "invalid_response",
      "neither an event stream nor JSON %(it starts with '<html><body>Sign in" },
    { "200 plain text", anthropic, { status = 200, headers = { ["Content-Type"] = "text/plain" }, body = "OK\n" },
      "invalid_response", "neither an event stream nor JSON" },
    { "200 JSON that is not JSON", openai, { status = 200, headers = { ["Content-Type"] = "application/json" },
      body = '{"choices": [' }, "invalid_response", "not valid JSON" },
    { "unknown status", openai, { status = 999, headers = {}, body = "" }, "http", "HTTP 999" },
    { "transport failure", openai, { err = errors.new("transport", "connection refused", { reason = "connect",
      retryable = true }) }, "transport", "connection refused", true },
    { "anthropic 529 overloaded", anthropic, fake.scenarios.an_529, "http", "Overloaded %(HTTP 529%)", true },
    { "anthropic 429", anthropic, fake.scenarios.an_429, "http", "rate limit.*HTTP 429", true },
    { "anthropic prompt too long", anthropic, fake.scenarios.an_context, "context_window_exceeded", "prompt is too long" },
    { "anthropic invalid JSON event", anthropic, fake.scenarios.an_invalid_json, "invalid_response", "not valid JSON" },
    { "anthropic stream without message_stop", anthropic, fake.scenarios.an_truncated, "stream",
      "ended before message_stop", true },
    { "anthropic refusal", anthropic, fake.scenarios.an_refusal, "filtered", "refused" },
    { "anthropic overloaded event mid-stream", anthropic, fake.scenarios.an_overloaded_event, "stream", "Overloaded",
      true },
  }

  describe("bad HTTP responses", function()
    for _, case in ipairs(http_cases) do
      it(case[1], function()
        local response = case[3]
        local transport = fake_transport.new(response.err and { err = response.err }
          or { status = response.status, headers = response.headers, chunks = chunks_of(response) })
        local gen = assert(case[2] { api_key = "sk-test-secret-key", transport = transport.fn })
        local request = { model = "m", system_prompt = "sys", max_output_tokens = 100,
          messages = { { role = "user", content = "hi" } } }
        local before = deep_copy(request)
        local ok, message, err = pcall(gen.generate, gen, request)
        assert(ok, "generate raised: " .. tostring(message))
        assert.is_nil(message)
        assert.is_true(errors.is_error(err))
        assert.equal(case[4], err.code)
        assert.matches(case[5], tostring(err))
        assert.equal(case[6] == true, err.retryable == true)
        assert.is_nil(tostring(err):find("sk-test-secret-key", 1, true))
        assert.same(before, request)
      end)
    end
  end)
end
