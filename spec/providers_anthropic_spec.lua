-- compact.providers.anthropic: request/response mapping (injected transport)
-- and the wire (fake server over compact.http).
local core = require "compact.core"
local errors = require "compact.errors"
local anthropic = require "compact.providers.anthropic"
local fake_transport = require "spec.support.fake_transport"
local fake = require "spec.support.fake_server"

local KEY = "sk-ant-test-0123456789-secret"

local function event(name, data) return "event: " .. name .. "\ndata: " .. data .. "\n\n" end

local START = event("message_start", '{"type":"message_start","message":{"id":"msg_1","type":"message",' ..
  '"role":"assistant","content":[],"model":"claude-x","stop_reason":null,"stop_sequence":null,' ..
  '"usage":{"input_tokens":10,"cache_creation_input_tokens":3,"cache_read_input_tokens":5,"output_tokens":1}}}')

local function text_stream(text, stop)
  return START .. event("content_block_start", '{"type":"content_block_start","index":0,' ..
    '"content_block":{"type":"text","text":""}}') ..
    event("content_block_delta", '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta",' ..
      '"text":"' .. text .. '"}}') ..
    event("content_block_stop", '{"type":"content_block_stop","index":0}') ..
    event("message_delta", '{"type":"message_delta","delta":{"stop_reason":"' .. (stop or "end_turn") ..
      '","stop_sequence":null},"usage":{"output_tokens":6}}') ..
    event("message_stop", '{"type":"message_stop"}')
end

local function simple_request(extra)
  local req = { model = "claude-x", messages = { { role = "user", content = "hi" } } }
  for k, v in pairs(extra or {}) do req[k] = v end
  return req
end

describe("anthropic provider mapping", function()
  local function generate(request, reply, config)
    local t = fake_transport.new(reply or { chunks = { text_stream("ok") } })
    local cfg = { api_key = KEY, transport = t.fn }
    for k, v in pairs(config or {}) do cfg[k] = v end
    local gen = assert(anthropic(cfg))
    local msg, err = gen:generate(request)
    local body = t.calls[1] and assert(core.json_decode(t.calls[1].body))
    return msg, err, body, t.calls[1]
  end

  it("maps the system prompt, blocks, thinking, tool use and merged tool results", function()
    local msg, err, body, call = generate({
      model = "claude-x", system_prompt = "Be brief.", max_output_tokens = 2000,
      messages = {
        { role = "user", content = "plain" },
        { role = "user", content = { { type = "text", text = "look" },
          { type = "image", mime_type = "image/webp", data = "QUJD" }, { type = "text", text = "" } } },
        { role = "assistant", content = {
          { type = "thinking", thinking = "hmm", signature = "sig-1" },
          { type = "thinking", thinking = "unsigned, from elsewhere" },
          { type = "text", text = "Reading." },
          { type = "tool_call", id = "call|1", name = "read", arguments = { path = "a.lua" } },
          { type = "tool_call", id = "toolu_2", name = "ls", arguments = {} } }, stop_reason = "tool_use" },
        { role = "tool_result", tool_call_id = "call|1", tool_name = "read", content = "text of a", is_error = false },
        { role = "tool_result", tool_call_id = "toolu_2", tool_name = "ls", is_error = true,
          content = { { type = "text", text = "denied" },
            { type = "image", mime_type = "image/png", data = "UE5H" } } },
        { role = "assistant", content = {}, stop_reason = "aborted" },
        { role = "user", content = "next" },
      },
      tools = { { name = "read", description = "Read a file",
        parameters = { type = "object", properties = { path = { type = "string" } }, required = { "path" } } } },
      tool_choice = "none",
    })
    assert.is_nil(err)
    assert.equal("ok", msg.content[1].text)
    assert.equal("https://api.anthropic.com/v1/messages", call.url)
    assert.equal(KEY, call.headers["x-api-key"])
    assert.equal("2023-06-01", call.headers["anthropic-version"])
    assert.is_nil(call.headers.authorization)
    assert.equal("Be brief.", body.system)
    assert.equal(2000, body.max_tokens)
    assert.is_true(body.stream)
    assert.same({ type = "none" }, body.tool_choice)
    assert.same({ { name = "read", description = "Read a file", input_schema = { type = "object",
      properties = { path = { type = "string" } }, required = { "path" } } } }, body.tools)
    local m = body.messages
    assert.same({ role = "user", content = { { type = "text", text = "plain" } } }, m[1])
    assert.same({ role = "user", content = { { type = "text", text = "look" },
      { type = "image", source = { type = "base64", media_type = "image/webp", data = "QUJD" } } } }, m[2])
    assert.same({ role = "assistant", content = {
      { type = "thinking", thinking = "hmm", signature = "sig-1" },
      { type = "text", text = "Reading." },
      { type = "tool_use", id = "call_1", name = "read", input = { path = "a.lua" } },
      { type = "tool_use", id = "toolu_2", name = "ls", input = {} } } }, m[3])
    assert.matches('"input":{}', call.body, 1, true)
    assert.same({ role = "user", content = {
      { type = "tool_result", tool_use_id = "call_1", is_error = false,
        content = { { type = "text", text = "text of a" } } },
      { type = "tool_result", tool_use_id = "toolu_2", is_error = true,
        content = { { type = "text", text = "denied" },
          { type = "image", source = { type = "base64", media_type = "image/png", data = "UE5H" } } } } } }, m[4])
    assert.same({ role = "user", content = { { type = "text", text = "next" } } }, m[5])
    assert.equal(5, #m)
  end)

  it("maps tool_choice variants, a default max_tokens and extra headers", function()
    local tools = { { name = "read", parameters = { type = "object", properties = {} } } }
    local cases = { { "auto", { type = "auto" } }, { "required", { type = "any" } }, { "any", { type = "any" } },
      { { name = "read" }, { type = "tool", name = "read" } } }
    for _, case in ipairs(cases) do
      local _, _, body = generate(simple_request({ tools = tools, tool_choice = case[1] }))
      assert.same(case[2], body.tool_choice)
    end
    local _, _, body, call = generate(simple_request({ tool_choice = "none" }), nil,
      { base_url = "http://proxy.local/", version = "2024-01-01", max_tokens = 777,
        headers = { ["anthropic-beta"] = "x-1" } })
    assert.is_nil(body.tool_choice)
    assert.is_nil(body.system)
    assert.equal(777, body.max_tokens)
    assert.equal("http://proxy.local/v1/messages", call.url)
    assert.equal("2024-01-01", call.headers["anthropic-version"])
    assert.equal("x-1", call.headers["anthropic-beta"])
  end)

  it("parses events fed byte by byte: thinking + signature, text, tool input, usage", function()
    local stream = START ..
      event("content_block_start", '{"type":"content_block_start","index":0,"content_block":' ..
        '{"type":"thinking","thinking":""}}') ..
      event("content_block_delta", '{"type":"content_block_delta","index":0,"delta":' ..
        '{"type":"thinking_delta","thinking":"Let me"}}') ..
      event("content_block_delta", '{"type":"content_block_delta","index":0,"delta":' ..
        '{"type":"signature_delta","signature":"c2ln"}}') ..
      event("content_block_stop", '{"type":"content_block_stop","index":0}') ..
      event("ping", '{"type": "ping"}') ..
      "event: content_block_start\r\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":" ..
        "{\"type\":\"redacted_thinking\",\"data\":\"b3BhcXVl\"}}\r\n\r\n" ..
      event("content_block_stop", '{"type":"content_block_stop","index":1}') ..
      event("content_block_start", '{"type":"content_block_start","index":2,"content_block":' ..
        '{"type":"text","text":""}}') ..
      event("content_block_delta", '{"type":"content_block_delta","index":2,"delta":' ..
        '{"type":"text_delta","text":"\226\156\147 done"}}') ..
      event("content_block_stop", '{"type":"content_block_stop","index":2}') ..
      event("content_block_start", '{"type":"content_block_start","index":3,"content_block":' ..
        '{"type":"tool_use","id":"toolu_9","name":"edit","input":{}}}') ..
      event("content_block_delta", '{"type":"content_block_delta","index":3,"delta":' ..
        '{"type":"input_json_delta","partial_json":"{\\"path\\": \\"b"}}') ..
      event("content_block_delta", '{"type":"content_block_delta","index":3,"delta":' ..
        '{"type":"input_json_delta","partial_json":".lua\\", \\"n\\": 3}"}}') ..
      event("content_block_stop", '{"type":"content_block_stop","index":3}') ..
      event("message_delta", '{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},' ..
        '"usage":{"output_tokens":42}}') ..
      event("message_stop", '{"type":"message_stop"}')
    local msg, err = generate(simple_request(), { chunks = fake_transport.split(stream, 1) })
    assert.is_nil(err)
    assert.same({
      { type = "thinking", thinking = "Let me", signature = "c2ln" },
      { type = "thinking", thinking = "", signature = "b3BhcXVl", redacted = true },
      { type = "text", text = "\226\156\147 done" },
      { type = "tool_call", id = "toolu_9", name = "edit", arguments = { path = "b.lua", n = 3 } },
    }, msg.content)
    assert.equal("tool_use", msg.stop_reason)
    assert.same({ input = 10, output = 42, cache_read = 5, cache_write = 3 }, msg.usage)
    assert.equal("msg_1", msg.provider_metadata.id)

    -- the signed and redacted thinking round-trip into the next request
    local _, _, body = generate(simple_request({ messages = { { role = "user", content = "q" }, msg,
      { role = "tool_result", tool_call_id = "toolu_9", tool_name = "edit", content = "ok" } } }))
    assert.same({ type = "thinking", thinking = "Let me", signature = "c2ln" }, body.messages[2].content[1])
    assert.same({ type = "redacted_thinking", data = "b3BhcXVl" }, body.messages[2].content[2])
  end)

  it("maps stop reasons", function()
    for wire, ours in pairs({ end_turn = "stop", stop_sequence = "stop", max_tokens = "length",
      tool_use = "tool_use", pause_turn = "stop" }) do
      local msg = assert(generate(simple_request(), { chunks = { text_stream("x", wire) } }))
      assert.equal(ours, msg.stop_reason, wire)
    end
  end)

  it("classifies failures", function()
    local function fail(reply)
      local msg, err = generate(simple_request(), reply)
      assert.is_nil(msg)
      return err
    end
    local err = fail({ status = 400, body = '{"type":"error","error":{"type":"invalid_request_error",' ..
      '"message":"prompt is too long: 210000 tokens > 200000 maximum"}}' })
    assert.is_true(errors.is(err, errors.sentinels.ErrContextWindowExceeded))
    assert.equal(400, err.status)
    err = fail({ status = 413,
      body = '{"type":"error","error":{"type":"request_too_large","message":"Request exceeds ' ..
      'the maximum allowed number of bytes."}}' })
    assert.equal("context_window_exceeded", err.code)
    for _, status in ipairs({ 429, 500, 529 }) do
      err = fail({ status = status, headers = { ["retry-after"] = "3" },
        body = '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' })
      assert.equal("http", err.code)
      assert.equal(status, err.status)
      assert.is_true(err.retryable)
      assert.equal(3, err.retry_after)
      assert.equal("overloaded_error", err.error_type)
    end
    err = fail({ chunks = { text_stream("I can't", "refusal") } })
    assert.equal("filtered", err.code)
    err = fail({ chunks = { START .. event("error", '{"type":"error","error":{"type":"overloaded_error",' ..
      '"message":"Overloaded"}}') } })
    -- an error event ends the stream: code stream, the status its type stands for kept
    assert.equal("stream", err.code)
    assert.equal(529, err.status)
    assert.equal("http", err.cause.code)
    assert.is_true(err.retryable)
    err = fail({ chunks = { START .. event("content_block_delta", '{"type":"content_block_delta","index":4,' ..
      '"delta":{"type":"text_delta","text":"x"}}') } })
    assert.equal("protocol", err.code)
    err = fail({ chunks = { event("content_block_start", '{"type":"content_block_start","index":0,' ..
      '"content_block":{"type":"text","text":""}}') } })
    assert.equal("protocol", err.code)
    err = fail({ chunks = { START .. "event: message_delta\ndata: {oops\n\n" } })
    assert.equal("invalid_response", err.code)
    err = fail({ chunks = { START } })
    assert.equal("stream", err.code)
    assert.is_true(err.retryable)
  end)

  it("requires a key and validates the config without raising", function()
    local script = os.tmpname()
    local f = assert(io.open(script, "w"))
    f:write([[
      local anthropic = require "compact.providers.anthropic"
      local seen
      local gen, err = anthropic { transport = function(o) seen = o.headers["x-api-key"]
        return { status = 200, headers = {} } end }
      if gen then gen:generate({ model = "m", messages = {} }) end
      io.write(tostring(seen), " ", tostring(err and err.code))
    ]])
    f:close()
    local lua = os.getenv("COMPACT_LUA") or "lua5.4"
    local p = io.popen("ANTHROPIC_API_KEY=sk-ant-env " .. lua .. " " .. script)
    local with = p:read("*a")
    p:close()
    p = io.popen("env -u ANTHROPIC_API_KEY " .. lua .. " " .. script)
    local without = p:read("*a")
    p:close()
    os.remove(script)
    assert.equal("sk-ant-env nil", with)
    assert.equal("nil invalid_config", without)
    for _, cfg in ipairs({ { api_key = KEY, version = 3 }, { api_key = KEY, max_tokens = 0 },
      { api_key = KEY, base_url = "nope" }, { api_key = KEY, timeout = -1 } }) do
      local g, err = anthropic.new(cfg)
      assert.is_nil(g)
      assert.equal("invalid_config", err.code)
    end
  end)

  it("never shows the API key in tostring or errors", function()
    local gen = assert(anthropic { api_key = KEY, transport = fake_transport.new({ status = 401,
      body = '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key ' ..
        KEY .. '"}}' }).fn })
    assert.is_nil(tostring(gen):find(KEY, 1, true))
    for _, v in pairs(gen) do assert.not_equal(KEY, v) end
    local msg, err = gen:generate(simple_request())
    assert.is_nil(msg)
    assert.equal("http", err.code)
    assert.equal(401, err.status)
    assert.is_nil(tostring(err):find(KEY, 1, true))
  end)
end)

describe("anthropic provider over HTTP (fake server)", function()
  local server
  setup(function() server = fake.start() end)
  teardown(function() server:stop() end)

  local function gen_for(name, extra)
    local cfg = { base_url = server:base(name), api_key = KEY, timeout = 5 }
    for k, v in pairs(extra or {}) do cfg[k] = v end
    return assert(anthropic(cfg))
  end

  it("streams thinking and text split inside UTF-8 characters and inside 'data:'", function()
    local msg = assert(gen_for("an_text"):generate(simple_request({ system_prompt = "S" })))
    assert.same({
      { type = "thinking", thinking = "The user wants a summary.",
        signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" },
      { type = "text", text = "Caf\195\169 \240\159\152\128 done" },
    }, msg.content)
    assert.equal("stop", msg.stop_reason)
    assert.same({ input = 472, output = 15, cache_read = 2048, cache_write = 100 }, msg.usage)
    local seen = server:last("an_text")
    assert.equal("/an_text/v1/messages", seen.path)
    assert.equal(KEY, seen.headers["x-api-key"])
    assert.equal("2023-06-01", seen.headers["anthropic-version"])
    local body = assert(core.json_decode(seen.body))
    assert.equal("S", body.system)
    assert.equal(4096, body.max_tokens)
  end)

  it("assembles tool input split across many deltas", function()
    local msg = assert(gen_for("an_tools"):generate(simple_request()))
    assert.equal("tool_use", msg.stop_reason)
    assert.same({ type = "tool_call", id = "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name = "read",
      arguments = { path = "a.lua", ranges = { { 1, 20 }, { 40, 60 } } } }, msg.content[2])
    assert.equal(89, msg.usage.output)
  end)

  it("classifies wire failures", function()
    local expect = {
      an_max_tokens = nil,
      an_refusal = { code = "filtered" },
      an_overloaded_event = { code = "stream", status = 529, retryable = true },
      an_529 = { code = "http", status = 529, retryable = true },
      an_429 = { code = "http", status = 429, retryable = true, retry_after = 12 },
      an_context = { code = "context_window_exceeded", status = 400 },
      an_invalid_json = { code = "invalid_response" },
      an_truncated = { code = "stream", retryable = true },
      an_drop = { code = "stream", retryable = true },
    }
    for name, want in pairs(expect) do
      local msg, err = gen_for(name):generate(simple_request())
      assert.is_nil(msg, name)
      for k, v in pairs(want) do assert.equal(v, err[k], name .. "." .. k) end
      assert.is_nil(tostring(err):find(KEY, 1, true))
    end
    assert.equal("length", assert(gen_for("an_max_tokens"):generate(simple_request())).stop_reason)
  end)

  it("times out a slow stream and ends at the first check of a cancelled token", function()
    local msg, err = gen_for("an_slow", { timeout = 0.3 }):generate(simple_request())
    assert.is_nil(msg)
    assert.equal("transport", err.code)
    assert.equal("timeout", err.reason)

    -- an injected clock: cancelled at the token's fifth check, after which
    -- the generation ends without asking again (no wall clock)
    local checks = 0
    local token = { cancelled = function() checks = checks + 1; return checks >= 5 end }
    msg, err = gen_for("an_slow"):generate(simple_request(), token)
    assert.is_nil(msg)
    assert.equal("cancelled", err.code)
    assert.equal(5, checks)
  end)

  it("runs inside a coroutine that a host loop resumes", function()
    local gen = gen_for("an_text", { yield = true })
    local result
    local co = coroutine.create(function() result = { gen:generate(simple_request()) } end)
    local resumes = 0
    while coroutine.status(co) ~= "dead" do
      assert(coroutine.resume(co))
      resumes = resumes + 1
    end
    assert.is_true(resumes > 1)
    assert.equal("stop", result[1].stop_reason)
  end)

  it("drives a generator summarizer end to end", function()
    local summarizers = require "compact.summarizers.generator"
    local s = assert(summarizers.new { generator = gen_for("an_summary"), model = "claude-x",
      sleep = function() end, check_sections = false })
    local text, usage = s:summarize({ messages = {
      { role = "user", content = "Please ship the feature." },
      { role = "assistant", content = { { type = "text", text = "On it." } }, stop_reason = "stop" } } })
    assert.equal("## Goal\nShip the feature.", text)
    assert.same({ input = 472, output = 12, cache_read = 2048, cache_write = 100 }, usage)
    local body = assert(core.json_decode(server:last("an_summary").body))
    assert.is_string(body.system)
    assert.is_nil(body.tools)
    assert.is_nil(body.tool_choice)

    -- overloaded (529) is retried; a context-window rejection is not
    local sleeps = {}
    s = assert(summarizers.new { generator = gen_for("an_529"), model = "m",
      sleep = function(seconds) sleeps[#sleeps + 1] = seconds end })
    local none, err = s:summarize({ messages = { { role = "user", content = "x" } } })
    assert.is_nil(none)
    assert.equal(529, err.status)
    assert.same({ 2, 4 }, sleeps)
    sleeps = {}
    s = assert(summarizers.new { generator = gen_for("an_context"), model = "m",
      sleep = function(seconds) sleeps[#sleeps + 1] = seconds end })
    none, err = s:summarize({ messages = { { role = "user", content = "x" } } })
    assert.is_nil(none)
    assert.is_true(errors.is(err, errors.sentinels.ErrContextWindowExceeded))
    assert.same({}, sleeps)
  end)
end)
