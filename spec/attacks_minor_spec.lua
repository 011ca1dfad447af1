-- The minor holes of issue 25: TLS failures retried, invalid UTF-8 in
-- error messages, one tokenizer closing the shared vocabulary, "-0", null
-- tool arguments dropped, `"content": null` misdetected, a 300 KB response
-- header reported as "Out of memory", NUL bytes cut from C header strings.
local core = require "compact.core"
local compact = require "compact"
local errors = require "compact.errors"
local http = require "compact.http"
local importers = require "compact.importers"
local openai = require "compact.providers.openai"
local state = require "compact.state"
local fake_transport = require "spec.support.fake_transport"
local fake = dofile("spec/support/fake_server.lua")

local function is_valid_utf8(text) return core.json_decode(core.json_encode(text)) == text end

describe("minor attacks", function()
  local server
  setup(function() server = fake.start() end)
  teardown(function() server:stop() end)

  it("does not retry a TLS failure", function()
    local url = server:base("oa_text"):gsub("^http:", "https:") .. "/chat/completions"
    local res, err = http.request { url = url, method = "POST", body = "{}", timeout = 10 }
    assert.is_nil(res)
    assert.equals("transport", err.code)
    assert.equals("tls", err.reason)
    assert.is_false(err.retryable)
    assert.is_false(errors.retryable(err))
  end)

  it("reports a 300 KB response header as too_large, not out of memory", function()
    local res, err = http.request { url = server:base("huge_header") .. "/chat/completions", method = "POST",
                                    body = "{}", timeout = 10 }
    assert.is_nil(res)
    assert.equals("too_large", err.reason)
    assert.equals("transport: HTTP transport failed (too_large): response header too large", tostring(err))
  end)

  it("refuses a NUL byte in a header name or value instead of cutting it", function()
    for _, headers in ipairs { { ["x-a"] = "a\0b" }, { ["x\0a"] = "b" }, { "x-a: a\0b" } } do
      local res, err = http.request { url = server:base("oa_text"), headers = headers, timeout = 10 }
      assert.is_nil(res)
      assert.equals("invalid_request", err.code)
      assert.matches("invalid header", err.message, 1, true)
    end
  end)

  it("never lets invalid UTF-8 into an error message", function()
    local gen = assert(openai { api_key = "k", transport = fake_transport.new {
      status = 400, headers = {}, body = "{\"error\":{\"message\":\"bad \255\254 input here " .. ("x"):rep(600)
        .. "\226\130\172\"}}" }.fn })
    local _, err = gen:generate { model = "m", messages = { { role = "user", content = "hi" } } }
    assert.equals("http", err.code)
    assert.is_true(is_valid_utf8(tostring(err)))
    assert.matches("bad \239\191\189\239\191\189 input here", tostring(err), 1, true)
    -- a cut never splits a character
    local cut = errors.scrub("ab" .. ("\226\130\172"):rep(4), {}, 4)
    assert.equals("ab...", cut)
    local _, config_err = openai { api_key = "k", base_url = "ftp://\255" }
    assert.is_true(is_valid_utf8(config_err.message))
  end)

  it("closing one tokenizer leaves the shared vocabulary to the other holders", function()
    local a = assert(compact.tokenizer("cl100k_base"))
    local b = assert(compact.tokenizer("cl100k_base"))
    local count = assert(b:count("hello world"))
    a:close()
    a:close()
    assert.equals(count, b:count("hello world"))
    local _, err = a:count("hello")
    assert.equals("tokenizer:count: this tokenizer is closed", err.message)
    assert.equals(0, a:size())
    local c = assert(compact.tokenizer("cl100k_base"))
    b:close()
    assert.equals(count, c:count("hello world"))
    c:close()
    assert.matches("closed", tostring(rawget(c, "_vocab")))
  end)

  it("decodes -0 as negative zero on every runtime", function()
    local value = core.json_decode("-0")
    assert.equals(0, value)
    assert.equals(-math.huge, 1 / value)
    assert.equals(-math.huge, 1 / core.json_decode("[-0]")[1])
    assert.equals(math.huge, 1 / core.json_decode("0"))
  end)

  it("keeps null members of tool arguments: from a provider and through a state round trip", function()
    local sse = 'data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1",'
      .. '"type":"function","function":{"name":"edit","arguments":"{\\"path\\":\\"a\\",\\"mode\\":null}"}}]}}]}'
      .. '\n\ndata: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n'
    local gen = assert(openai { api_key = "k", transport = fake_transport.new { status = 200, headers = {},
      chunks = { sse } }.fn })
    local msg = assert(gen:generate { model = "m", messages = { { role = "user", content = "hi" } } })
    local args = msg.content[1].arguments
    assert.equals("a", args.path)
    assert.equals(core.json_null, args.mode)
    local text = assert(state.encode { messages = { msg } })
    assert.matches('"arguments":{"mode":null,"path":"a"}', text, 1, true)
    local back = assert(state.decode(text))
    assert.equals(core.json_null, back.messages[1].content[1].arguments.mode)
    -- elsewhere null members are still left out
    assert.same({ messages = { { role = "user", content = "x" } } },
      state.decode('{"messages":[{"role":"user","content":"x","meta":null}],"summary":null}'))
    local imported = assert(importers.parse('[{"role":"user","content":"x"},{"role":"assistant","content":null,'
      .. '"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\\"a\\":null}"}}]},'
      .. '{"role":"tool","tool_call_id":"c1","content":"ok"}]'))
    assert.equals(core.json_null, imported.messages[2].content[1].arguments.a)
  end)

  it("detects a Chat Completions transcript whose assistant has \"content\": null", function()
    local result = assert(importers.parse('[{"role":"user","content":"hi"},{"role":"assistant","content":null},'
      .. '{"role":"user","content":"again"}]'))
    assert.equals("openai", result.format)
    assert.equals(3, #result.messages)
    assert.same({}, result.messages[2].content)
  end)
end)
