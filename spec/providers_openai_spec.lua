-- compact.providers.openai: request/response mapping (injected transport)
-- and the wire (fake server over compact.http).
local core = require "compact.core"
local errors = require "compact.errors"
local openai = require "compact.providers.openai"
local fake_transport = require "spec.support.fake_transport"
local fake = require "spec.support.fake_server"
local socket = require "socket"

local KEY = "sk-test-0123456789-secret"

local function sse_of(objects)
  local out = {}
  for _, o in ipairs(objects) do out[#out + 1] = "data: " .. o .. "\n\n" end
  out[#out + 1] = "data: [DONE]\n\n"
  return table.concat(out)
end

local function simple_request(extra)
  local req = { model = "gpt-4o-mini", messages = { { role = "user", content = "hi" } } }
  for k, v in pairs(extra or {}) do req[k] = v end
  return req
end

describe("openai provider mapping", function()
  local ok_stream = sse_of({
    '{"id":"c1","model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"ok"},"finish_reason":null}]}',
    '{"id":"c1","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
  })

  local function generate(request, reply, config)
    local t = fake_transport.new(reply or { chunks = { ok_stream } })
    local cfg = { api_key = KEY, transport = t.fn }
    for k, v in pairs(config or {}) do cfg[k] = v end
    local gen = assert(openai(cfg))
    local msg, err = gen:generate(request)
    local body = t.calls[1] and assert(core.json_decode(t.calls[1].body))
    return msg, err, body, t.calls[1]
  end

  it("maps messages, tools, tool_choice and limits to a Chat Completions body", function()
    local msg, err, body, call = generate({
      model = "gpt-4o-mini", system_prompt = "Be brief.", max_output_tokens = 321,
      messages = {
        { role = "user", content = "plain" },
        { role = "user", content = { { type = "text", text = "look" },
          { type = "image", mime_type = "image/jpeg", data = "QUJD" } } },
        { role = "assistant", content = {
          { type = "thinking", thinking = "hmm", signature = "sig" },
          { type = "text", text = "Reading." },
          { type = "tool_call", id = "call_1", name = "read", arguments = { path = "a.lua" } },
          { type = "tool_call", id = "call_2", name = "ls", arguments = {} } }, stop_reason = "tool_use" },
        { role = "tool_result", tool_call_id = "call_1", tool_name = "read", content = "text of a", is_error = false },
        { role = "tool_result", tool_call_id = "call_2", tool_name = "ls",
          content = { { type = "text", text = "shot" }, { type = "image", mime_type = "image/png", data = "UE5H" } } },
        { role = "assistant", content = {}, stop_reason = "error", error_message = "boom" },
        { role = "user", content = "next" },
      },
      tools = { { name = "read", description = "Read a file",
        parameters = { type = "object", properties = { path = { type = "string" } }, required = { "path" } } },
        { name = "ls", description = "List", parameters = { type = "object", properties = {}, required = {} } } },
      tool_choice = "required",
    })
    assert.is_nil(err)
    assert.equal("ok", msg.content[1].text)
    assert.equal("https://api.openai.com/v1/chat/completions", call.url)
    assert.equal("Bearer " .. KEY, call.headers.authorization)
    assert.equal("application/json", call.headers["content-type"])
    assert.equal(600, call.timeout)
    assert.is_true(body.stream)
    assert.same({ include_usage = true }, body.stream_options)
    assert.equal(321, body.max_completion_tokens)
    assert.equal("required", body.tool_choice)
    assert.same({ type = "function", ["function"] = { name = "read", description = "Read a file",
      parameters = { type = "object", properties = { path = { type = "string" } }, required = { "path" } } } },
      body.tools[1])
    assert.equal('"required":[]', call.body:match('"required":%[%]'))
    local m = body.messages
    assert.same({ role = "system", content = "Be brief." }, m[1])
    assert.same({ role = "user", content = "plain" }, m[2])
    assert.same({ role = "user", content = { { type = "text", text = "look" },
      { type = "image_url", image_url = { url = "data:image/jpeg;base64,QUJD" } } } }, m[3])
    assert.equal("assistant", m[4].role)
    assert.equal("Reading.", m[4].content)
    assert.equal(2, #m[4].tool_calls)
    assert.same({ id = "call_1", type = "function", ["function"] = { name = "read", arguments = '{"path":"a.lua"}' } },
      m[4].tool_calls[1])
    assert.equal("{}", m[4].tool_calls[2]["function"].arguments)
    assert.same({ role = "tool", tool_call_id = "call_1", content = "text of a" }, m[5])
    assert.same({ role = "tool", tool_call_id = "call_2", content = "shot" }, m[6])
    -- the image of a tool result follows the tool messages as a user message
    assert.equal("user", m[7].role)
    assert.equal("data:image/png;base64,UE5H", m[7].content[2].image_url.url)
    -- the failed assistant attempt is left out
    assert.same({ role = "user", content = "next" }, m[8])
    assert.equal(8, #m)
  end)

  it("maps tool_choice variants and leaves it out without tools", function()
    local tools = { { name = "read", parameters = { type = "object", properties = {} } } }
    local cases = { { "auto", "auto" }, { "none", "none" }, { "any", "required" },
      { { name = "read" }, { type = "function", ["function"] = { name = "read" } } },
      { "read", { type = "function", ["function"] = { name = "read" } } } }
    for _, case in ipairs(cases) do
      local _, _, body = generate(simple_request({ tools = tools, tool_choice = case[1] }))
      assert.same(case[2], body.tool_choice)
    end
    local _, _, body = generate(simple_request({ tool_choice = "none" }))
    assert.is_nil(body.tool_choice)
    assert.is_nil(body.tools)
  end)

  it("uses max_tokens for other servers and honours max_tokens_field and system_role", function()
    local _, _, body, call = generate(simple_request({ max_output_tokens = 50, system_prompt = "S" }), nil,
      { base_url = "http://localhost:11434/v1/" })
    assert.equal(50, body.max_tokens)
    assert.is_nil(body.max_completion_tokens)
    assert.equal("http://localhost:11434/v1/chat/completions", call.url)
    _, _, body = generate(simple_request({ max_output_tokens = 50, system_prompt = "S" }), nil,
      { base_url = "http://localhost:8080/v1", max_tokens_field = "max_completion_tokens", system_role = "developer" })
    assert.equal(50, body.max_completion_tokens)
    assert.equal("developer", body.messages[1].role)
  end)

  it("parses a stream fed byte by byte: text, reasoning, parallel tool calls, usage with cached tokens", function()
    local stream = sse_of({
      '{"id":"c9","model":"gpt-x","choices":[{"index":0,"delta":{"role":"assistant","reasoning_content":"Th"}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"reasoning_content":"ink"}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"content":"Caf\195\169 "}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function",' ..
        '"function":{"name":"read","arguments":""}}]}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function",' ..
        '"function":{"name":"bash","arguments":"{\\"cmd\\":"}}]}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"pa"}}]}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"th\\":1}"}}]}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\\"ls\\"}"}}]}}]}',
      '{"id":"c9","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}',
      '{"id":"c9","choices":[],"usage":{"prompt_tokens":100,"completion_tokens":7,"total_tokens":107,' ..
        '"prompt_tokens_details":{"cached_tokens":64}}}',
    })
    local msg, err = generate(simple_request(), { chunks = fake_transport.split(stream, 1) })
    assert.is_nil(err)
    assert.same({
      { type = "thinking", thinking = "Think" },
      { type = "text", text = "Caf\195\169 " },
      { type = "tool_call", id = "call_a", name = "read", arguments = { path = 1 } },
      { type = "tool_call", id = "call_b", name = "bash", arguments = { cmd = "ls" } },
    }, msg.content)
    assert.equal("tool_use", msg.stop_reason)
    assert.same({ input = 36, output = 7, cache_read = 64, cache_write = 0 }, msg.usage)
    assert.equal("c9", msg.provider_metadata.id)
    assert.equal("tool_calls", msg.provider_metadata.finish_reason)
    -- integer subtype: only 5.3+ has one (5.1/LuaJIT numbers are doubles)
    if math.type then assert.equal("integer", math.type(msg.usage.input)) end
  end)

  it("classifies failures", function()
    local function fail(reply)
      local msg, err = generate(simple_request(), reply)
      assert.is_nil(msg)
      return err
    end
    local err = fail({ status = 400, body = '{"error":{"message":"Too long","type":"invalid_request_error",' ..
      '"param":"messages","code":"context_length_exceeded"}}' })
    assert.is_true(errors.is(err, errors.sentinels.ErrContextWindowExceeded))
    assert.equal(400, err.status)
    err = fail({ status = 400, body = '{"error":{"message":"This model\'s maximum context length is 8192 tokens",' ..
      '"type":"invalid_request_error","code":null}}' })
    assert.equal("context_window_exceeded", err.code)
    err = fail({ status = 400, body = '{"error":{"message":"bad param","type":"invalid_request_error"}}' })
    assert.equal("http", err.code)
    assert.is_false(err.retryable)
    for _, status in ipairs({ 408, 409, 429, 500, 503, 529 }) do
      err = fail({ status = status, headers = { ["retry-after-ms"] = "1500" }, body = '{"error":{"message":"x"}}' })
      assert.equal("http", err.code)
      assert.equal(status, err.status)
      assert.is_true(err.retryable)
      assert.equal(1.5, err.retry_after)
    end
    err = fail({ chunks = {
      'data: {"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"content_filter"}]}\n\n' } })
    assert.equal("filtered", err.code)
    err = fail({ chunks = {
      'data: {"choices":[{"index":0,"delta":{"refusal":"I cannot"},"finish_reason":"stop"}]}\n\n' } })
    assert.equal("filtered", err.code)
    err = fail({ chunks = { "data: {nope\n\n" } })
    assert.equal("invalid_response", err.code)
    err = fail({ chunks = { 'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n' } })
    assert.equal("stream", err.code)
    assert.is_true(err.retryable)
    err = fail({ chunks = { sse_of({ '{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c",' ..
      '"function":{"name":"f","arguments":"{\\"a\\":"}}]},"finish_reason":"tool_calls"}]}' }) } })
    assert.equal("invalid_response", err.code)
    err = fail({ status = 200, body = "{broken" })
    assert.equal("invalid_response", err.code)
    err = fail({ err = errors.new("transport", "HTTP transport failed (dns): nope",
      { reason = "dns", retryable = true }) })
    assert.equal("transport", err.code)
    assert.equal("dns", err.reason)
  end)

  it("rejects bad requests and configs without raising", function()
    local gen = assert(openai { api_key = KEY, transport = fake_transport.new({ chunks = {} }).fn })
    local bad = { "x", {}, { model = " ", messages = {} }, { model = "m" },
      { model = "m", messages = { { role = "robot", content = "x" } } },
      { model = "m", messages = { { role = "user", content = 5 } } },
      { model = "m", messages = { { role = "assistant", content = { { type = "tool_call", name = "x" } } } } },
      { model = "m", messages = {}, max_output_tokens = 0 } }
    for i, req in ipairs(bad) do
      local msg, err = gen:generate(req)
      assert.is_nil(msg, "case " .. i)
      assert.equal("invalid_request", err.code, "case " .. i)
    end
    local cyclic = {}
    cyclic.self = cyclic
    local msg, err = gen:generate({ model = "m", messages = { { role = "assistant", content = {
      { type = "tool_call", id = "c", name = "f", arguments = cyclic } } } } })
    assert.is_nil(msg)
    assert.equal("invalid_request", err.code)
    for _, cfg in ipairs({ "x", { base_url = "ftp://x" }, { timeout = 0 }, { headers = "h" },
      { api_key = 5 }, { transport = 5 }, { max_tokens_field = "n" }, { system_role = "boss" } }) do
      local g, cerr = openai.new(cfg)
      assert.is_nil(g)
      assert.equal("invalid_config", cerr.code)
    end
  end)

  it("never shows the API key in tostring or errors", function()
    local t = fake_transport.new({ status = 401,
      body = '{"error":{"message":"Incorrect API key provided: ' .. KEY .. '","code":"invalid_api_key"}}' })
    local gen = assert(openai { api_key = KEY, transport = t.fn })
    assert.not_matches(KEY, tostring(gen), 1, true)
    for _, v in pairs(gen) do assert.not_equal(KEY, v) end
    local msg, err = gen:generate(simple_request())
    assert.is_nil(msg)
    assert.equal(401, err.status)
    assert.is_nil(tostring(err):find(KEY, 1, true))
    assert.matches("[redacted]", tostring(err), 1, true)
  end)

  it("takes the key from OPENAI_API_KEY when the config has none", function()
    local script = os.tmpname()
    local f = assert(io.open(script, "w"))
    f:write([[
      local openai = require "compact.providers.openai"
      local seen
      local gen = assert(openai { transport = function(o) seen = o.headers.authorization
        return { status = 200, headers = {} } end })
      gen:generate({ model = "m", messages = {} })
      io.write(tostring(seen))
    ]])
    f:close()
    local lua = os.getenv("COMPACT_LUA") or "lua5.4"
    local p = io.popen("OPENAI_API_KEY=sk-from-env " .. lua .. " " .. script)
    local out = p:read("*a")
    p:close()
    local q = io.popen("env -u OPENAI_API_KEY " .. lua .. " " .. script)
    local none = q:read("*a")
    q:close()
    os.remove(script)
    assert.equal("Bearer sk-from-env", out)
    assert.equal("nil", none)
  end)
end)

describe("openai provider over HTTP (fake server)", function()
  local server
  setup(function() server = fake.start() end)
  teardown(function() server:stop() end)

  local function gen_for(name, extra)
    local cfg = { base_url = server:base(name), api_key = KEY, timeout = 5 }
    for k, v in pairs(extra or {}) do cfg[k] = v end
    return assert(openai(cfg))
  end

  it("streams text split inside UTF-8 characters and inside 'data:', with cached usage", function()
    local msg = assert(gen_for("oa_text"):generate(simple_request({ max_output_tokens = 10 })))
    assert.same({ { type = "text", text = "H\195\169llo w\226\130\172rld" } }, msg.content)
    assert.equal("stop", msg.stop_reason)
    assert.same({ input = 176, output = 42, cache_read = 1024, cache_write = 0, reasoning = 0 }, msg.usage)
    local seen = server:last("oa_text")
    assert.equal("/oa_text/chat/completions", seen.path)
    assert.equal("Bearer " .. KEY, seen.headers.authorization)
    local body = assert(core.json_decode(seen.body))
    assert.equal("gpt-4o-mini", body.model)
    assert.equal(10, body.max_tokens)
  end)

  it("assembles tool calls split across many deltas", function()
    local msg = assert(gen_for("oa_tools"):generate(simple_request()))
    assert.equal("tool_use", msg.stop_reason)
    assert.same({ type = "tool_call", id = "call_Read1", name = "read",
      arguments = { path = "src/m\195\169in.lua", limit = 20 } }, msg.content[1])
    assert.same({ type = "tool_call", id = "call_Bash2", name = "bash",
      arguments = { command = 'ls -la "dir"' } }, msg.content[2])
  end)

  it("maps finish reasons, plain JSON answers and reasoning_content", function()
    assert.equal("length", assert(gen_for("oa_length"):generate(simple_request())).stop_reason)
    local msg = assert(gen_for("oa_json"):generate(simple_request()))
    assert.equal("plain answer", msg.content[1].text)
    assert.same({ path = "x" }, msg.content[2].arguments)
    assert.same({ input = 50, output = 5, cache_read = 0, cache_write = 0 }, msg.usage)
    msg = assert(gen_for("oa_reasoning"):generate(simple_request()))
    assert.same({ { type = "thinking", thinking = "Let me think." }, { type = "text", text = "Answer." } }, msg.content)
  end)

  it("classifies wire failures", function()
    local expect = {
      oa_filter = { code = "filtered" },
      oa_context = { code = "context_window_exceeded", status = 400 },
      oa_429 = { code = "http", status = 429, retryable = true, retry_after = 7 },
      oa_500 = { code = "http", status = 500, retryable = true },
      oa_bad_error_body = { code = "http", status = 502, retryable = true },
      oa_401 = { code = "http", status = 401, retryable = false },
      oa_invalid_json = { code = "invalid_response" },
      oa_truncated = { code = "stream", retryable = true },
      oa_drop = { code = "stream", retryable = true },
    }
    for name, want in pairs(expect) do
      local msg, err = gen_for(name):generate(simple_request())
      assert.is_nil(msg, name)
      for k, v in pairs(want) do assert.equal(v, err[k], name .. "." .. k) end
      assert.is_nil(tostring(err):find(KEY, 1, true))
    end
  end)

  it("times out a slow stream as a transport error", function()
    local start = socket.gettime()
    local msg, err = gen_for("oa_slow", { timeout = 0.3 }):generate(simple_request())
    assert.is_nil(msg)
    assert.equal("transport", err.code)
    assert.equal("timeout", err.reason)
    assert.is_true(socket.gettime() - start < 2)
  end)

  it("returns cancelled at the first check of the token that sees it cancelled", function()
    -- an injected clock: cancelled at the token's fifth check, after which
    -- the generation ends without asking again (no wall clock)
    local checks = 0
    local token = { cancelled = function() checks = checks + 1; return checks >= 5 end }
    local msg, err = gen_for("oa_slow"):generate(simple_request(), token)
    assert.is_nil(msg)
    assert.is_true(errors.is(err, errors.sentinels.ErrCancelled))
    assert.equal(5, checks)
  end)

  it("reports connection failures as transport errors", function()
    local probe = assert(socket.bind("127.0.0.1", 0))
    local _, port = probe:getsockname()
    probe:close()
    local gen = assert(openai { base_url = "http://127.0.0.1:" .. port .. "/v1", api_key = KEY })
    local msg, err = gen:generate(simple_request())
    assert.is_nil(msg)
    assert.equal("transport", err.code)
    assert.equal("connect", err.reason)
    assert.is_true(err.retryable)
  end)

  it("drives a generator summarizer end to end", function()
    local summarizers = require "compact.summarizers.generator"
    local s = assert(summarizers.new { generator = gen_for("oa_summary"), model = "gpt-4o-mini",
      sleep = function() end, check_sections = false })
    local text, usage = s:summarize({ messages = {
      { role = "user", content = "Please ship the feature." },
      { role = "assistant", content = { { type = "text", text = "On it." } }, stop_reason = "stop" } } })
    assert.equal("## Goal\nShip the feature.", text)
    assert.same({ input = 900, output = 12, cache_read = 0, cache_write = 0 }, usage)
    local body = assert(core.json_decode(server:last("oa_summary").body))
    assert.equal("system", body.messages[1].role)
    assert.matches("Please ship the feature", body.messages[2].content, 1, true)
    assert.is_nil(body.tools)

    -- retryable failures are retried with the summarizer's sleeps
    local sleeps = {}
    s = assert(summarizers.new { generator = gen_for("oa_500"), model = "m",
      sleep = function(seconds) sleeps[#sleeps + 1] = seconds end })
    local none, err = s:summarize({ messages = { { role = "user", content = "x" } } })
    assert.is_nil(none)
    assert.equal(500, err.status)
    assert.same({ 2, 4 }, sleeps)
  end)
end)
