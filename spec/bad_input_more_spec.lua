-- The bad-input matrix, continued (spec/bad_input_spec.lua has configs,
-- requests and messages): state files, command-line input and HTTP
-- responses. Each case gives an error naming what is wrong, nothing
-- crashes or raises, and the caller's data (tables, files, requests) is
-- unchanged.
local compact = require "compact"
local errors = require "compact.errors"
local state = require "compact.state"
local cli = require "compact.cli"
local openai = require "compact.providers.openai"
local anthropic = require "compact.providers.anthropic"
local fake_transport = dofile("spec/support/fake_transport.lua")
local fake = dofile("spec/support/fake_server.lua")

local deep_copy = require("spec.support.conversation").raw_copy

---------------------------------------------------------------------------
-- State files: compact.state.decode / encode
---------------------------------------------------------------------------

local decode_cases = {
  { "empty text", "", "unexpected end of input at byte 1" },
  { "truncated JSON", '{"messages":[', "unexpected end of input at byte 14" },
  { "not JSON", "summary: hi", "unexpected character at byte 1" },
  { "trailing garbage", '{"messages":[]} x', "trailing characters after the value at byte 17" },
  { "a JSON string", '"text"', "expected a JSON object, got string" },
  { "a JSON array", '[{"role":"user","content":"hi"}]', "expected a JSON object, got an array" },
  { "messages is a string", '{"messages":"hi"}', "messages: expected a list of messages, got string" },
  { "messages is an object", '{"messages":{"role":"user"}}', "messages: expected a list of messages, got an object" },
  { "unknown role", '{"messages":[{"role":"robot","content":"x"}]}', "messages%[1%]%.role: unknown role 'robot'" },
  { "content is a number", '{"messages":[{"role":"user","content":5}]}', "messages%[1%]%.content" },
  { "block without type", '{"messages":[{"role":"user","content":[{"text":"a"}]}]}',
    "messages%[1%]%.content%[1%]: block has no type" },
  { "tool_call in a user message",
    '{"messages":[{"role":"user","content":[{"type":"tool_call","id":"1","name":"x","arguments":{}}]}]}',
    "messages%[1%]%.content%[1%]: tool_call block outside an assistant message" },
  { "tool_result without its id", '{"messages":[{"role":"tool_result","content":"x"}]}',
    "messages%[1%]%.tool_call_id" },
  { "null message", '{"messages":[{"role":"user","content":"a"},null]}', "messages%[2%]: expected a message table" },
  { "invalid escape", '{"summary":"\\x"}', "invalid escape at byte 14" },
  { "number overflowing to infinity", '{"messages":[],"tokens":1e999}', "number out of range at byte 25" },
  { "nesting bomb", ("["):rep(100000), "nesting too deep" },
  { "raw control byte", "\0{}", "unexpected character at byte 1" },
}

local encode_cases = {
  { "a cycle", function() local t = { summary = "s" }; t.self = t; return t end, "cycle" },
  { "a function", function() return { summary = "s", on_done = print } end, "function" },
  { "infinity", function() return { tokens = 1 / 0 } end, "NaN or infinity" },
  { "NaN", function() return { usage = { input = 0 / 0 } } end, "NaN or infinity" },
  { "mixed keys", function() return { messages = { { role = "user", content = "a" }, extra = 1 } } end, "mixing" },
  { "not a table", function() return "state" end, "expected a table, got string" },
}

describe("bad state files", function()
  for _, case in ipairs(decode_cases) do
    it("decode: " .. case[1], function()
      local value, err = state.decode(case[2])
      assert.is_nil(value)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.matches(case[3], err.message)
    end)
  end

  for _, case in ipairs(encode_cases) do
    it("encode: " .. case[1], function()
      local value = case[2]()
      local before = deep_copy(value)
      local text, err = state.encode(value)
      assert.is_nil(text)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.matches(case[3], err.message)
      if type(value) == "table" then
        value.self, before.self = nil, nil -- the cycle itself, compared by shape below
        if value.usage then -- NaN is not equal to itself
          assert.is_true(value.usage.input ~= value.usage.input)
          value.usage, before.usage = nil, nil
        end
        assert.same(before, value)
      end
    end)
  end

  it("decode: not a string", function()
    local value, err = state.decode(42)
    assert.is_nil(value)
    assert.matches("expected a string, got number", err.message)
  end)
end)

---------------------------------------------------------------------------
-- Command-line input: cli.main in-process
---------------------------------------------------------------------------

local file_helpers = require "spec.support.files"
local sink, write_file, read_file = file_helpers.sink, file_helpers.tmpfile, file_helpers.read

describe("bad command-line input", function()
  local files = {}
  local originals = {}
  setup(function()
    files.ok = write_file('{"messages":[{"role":"user","content":"hi"}]}')
    files.garbage = write_file("garbage")
    files.empty = write_file("")
    files.robot = write_file('{"messages":[{"role":"robot","content":"x"}]}')
    files.jsonl = write_file('{"type":"session"}\n{"type":"message","message":{"role":"user"\n')
    for name, path in pairs(files) do originals[name] = read_file(path) end
  end)
  teardown(function()
    for name, path in pairs(files) do
      assert.equal(originals[name], read_file(path), "the command changed its input " .. name)
      os.remove(path)
    end
  end)

  -- { name, args (FILE names resolved from `files`), exit code, stderr pattern, stdin text }
  local cases = {
    { "no command", {}, 2, "usage: compact" },
    { "unknown command", { "frobnicate" }, 2, "unknown command 'frobnicate'" },
    { "unknown option", { "stats", "--frobnicate", "@ok" }, 2, "unknown option %-%-frobnicate" },
    { "negative --keep", { "run", "@ok", "--keep", "-5" }, 2, "%-%-keep: expected a non%-negative integer, got '%-5'" },
    { "non-numeric --keep", { "run", "@ok", "--keep", "abc" }, 2, "%-%-keep: expected a non%-negative integer" },
    { "--keep without a value", { "run", "@ok", "--keep" }, 2, "%-%-keep needs a value" },
    { "zero --ratio", { "plan", "@ok", "--ratio", "0" }, 2, "%-%-ratio: expected a positive number" },
    { "infinite --budget", { "plan", "@ok", "--budget", "1e999" }, 2, "%-%-budget: expected a non%-negative integer" },
    { "negative --window", { "plan", "@ok", "--window", "-3" }, 2, "%-%-window" },
    { "unknown summarizer", { "run", "@ok", "--summarizer", "bogus" }, 2,
      "%-%-summarizer: expected extractive, openai or anthropic, got 'bogus'" },
    { "model summarizer without a model", { "run", "@ok", "--summarizer", "openai" }, 2, "needs %-%-model" },
    { "no FILE", { "stats" }, 2, "expected one FILE" },
    { "two FILEs", { "stats", "@ok", "@ok" }, 2, "expected one FILE" },
    { "missing file", { "stats", "/nonexistent/compact/x.json" }, 2, "/nonexistent/compact/x.json: cannot open" },
    { "a directory", { "stats", "/" }, 2, "cannot read" },
    { "empty file", { "stats", "@empty" }, 2, "empty file" },
    { "not JSON", { "stats", "@garbage" }, 2, "line 1, column 1 %(byte 1%): invalid JSON" },
    { "bad JSONL line", { "stats", "--strict", "@jsonl" }, 2, "line 2, column 43" },
    { "invalid message", { "stats", "@robot" }, 2, "messages%[1%]%.role: unknown role 'robot'" },
    { "bad JSON on stdin", { "stats", "-" }, 2, "<stdin>: line 1, column 2", "{not json" },
  }

  for _, case in ipairs(cases) do
    it(case[1], function()
      local args = {}
      for i, arg in ipairs(case[2]) do args[i] = arg:sub(1, 1) == "@" and files[arg:sub(2)] or arg end
      local out, err = sink(), sink()
      local pending_text = case[5]
      local stdin = case[5] and { read = function() local text = pending_text; pending_text = nil; return text end }
      local ok, code = pcall(cli.main, args, { stdout = out, stderr = err, isatty = false, stdin = stdin,
        getenv = function() return nil end })
      assert(ok, "cli.main raised: " .. tostring(code))
      assert.equal(case[3], code)
      assert.matches(case[4], err:text())
    end)
  end
end)

---------------------------------------------------------------------------
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
  { "anthropic overloaded event mid-stream", anthropic, fake.scenarios.an_overloaded_event, "http", "Overloaded",
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
