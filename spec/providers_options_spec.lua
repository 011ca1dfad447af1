-- Request options (config defaults, per-request values, `extra`), the
-- on_delta callback, query-preserving base URLs, usage.reasoning and
-- drop_reasoning, for both providers.
local core = require "compact.core"
local openai = require "compact.providers.openai"
local anthropic = require "compact.providers.anthropic"
local fake = dofile("spec/support/fake_server.lua")
local fake_transport = require "spec.support.fake_transport"
local bodies = dofile("spec/support/server_bodies.lua")

local function request(extra)
  local r = { model = "m", system_prompt = "sys", messages = { { role = "user", content = "hi" } } }
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end

local OA_OK = bodies.chunk('{"role":"assistant","content":"ok"}') .. bodies.chunk("{}", "stop") .. "data: [DONE]\n\n"

local function an_event(name, data) return "event: " .. name .. "\ndata: " .. data .. "\n\n" end
local AN_START = an_event("message_start", '{"type":"message_start","message":{"id":"msg_1","type":"message",' ..
  '"role":"assistant","content":[],"model":"c","stop_reason":null,"usage":{"input_tokens":5,"output_tokens":1}}}')
local function an_block(index, start, deltas)
  local out = { an_event("content_block_start", '{"type":"content_block_start","index":' .. index ..
    ',"content_block":' .. start .. '}') }
  for _, d in ipairs(deltas) do
    out[#out + 1] = an_event("content_block_delta", '{"type":"content_block_delta","index":' .. index ..
      ',"delta":' .. d .. '}')
  end
  out[#out + 1] = an_event("content_block_stop", '{"type":"content_block_stop","index":' .. index .. '}')
  return table.concat(out)
end
local AN_END = an_event("message_delta", '{"type":"message_delta","delta":{"stop_reason":"end_turn"},' ..
  '"usage":{"output_tokens":3}}') .. an_event("message_stop", '{"type":"message_stop"}')
local AN_OK = AN_START .. an_block(0, '{"type":"text","text":""}', { '{"type":"text_delta","text":"ok"}' }) .. AN_END

-- The JSON body a generator sent (through a fake transport).
local function sent_body(module, config, req, reply)
  local t = fake_transport.new({ status = 200, chunks = { reply } })
  config.transport = t.fn
  config.api_key = config.api_key or "sk-test"
  local gen = assert(module(config))
  local msg, err = gen:generate(req)
  return t.calls[1] and assert(core.json_decode(t.calls[1].body)), msg, err, t.calls[1]
end

describe("request options", function()
  it("openai: config defaults under the request's own, extra merged raw", function()
    local body = sent_body(openai, { options = { temperature = 0.5, top_p = 0.9, extra = { seed = 7, user = "a" } } },
      request({ options = { temperature = 0.1, stop = { "END" }, reasoning_effort = "high",
        extra = { user = "b", logprobs = true } } }), OA_OK)
    assert.equal(0.1, body.temperature)
    assert.equal(0.9, body.top_p)
    assert.same({ "END" }, body.stop)
    assert.equal("high", body.reasoning_effort)
    assert.equal(7, body.seed)
    assert.equal("b", body.user)
    assert.is_true(body.logprobs)
    assert.equal("m", body.model)
  end)

  it("openai: prompt_cache_key and thinking are sent as given", function()
    local body = sent_body(openai, {}, request({ options = { cache = true, prompt_cache_key = "session-1",
      thinking = { type = "enabled" } } }), OA_OK)
    assert.equal("session-1", body.prompt_cache_key)
    assert.same({ type = "enabled" }, body.thinking)
    body = sent_body(openai, {}, request(), OA_OK)
    assert.is_nil(body.prompt_cache_key)
    assert.is_nil(body.temperature)
  end)

  it("anthropic: thinking, stop_sequences, and cache_control on the system prompt, last tool and newest message",
    function()
      local tools = { { name = "read", description = "r", parameters = { type = "object" } },
        { name = "bash", description = "b", parameters = { type = "object" } } }
      local body = sent_body(anthropic, { options = { cache = true } }, request({ tools = tools,
        messages = { { role = "user", content = "first" }, { role = "assistant", content = "ok" },
          { role = "user", content = { { type = "text", text = "a" }, { type = "text", text = "b" } } } },
        options = { thinking = { type = "enabled", budget_tokens = 2048 }, stop = "STOP", temperature = 1 } }), AN_OK)
      assert.same({ { type = "text", text = "sys", cache_control = { type = "ephemeral" } } }, body.system)
      assert.is_nil(body.tools[1].cache_control)
      assert.same({ type = "ephemeral" }, body.tools[2].cache_control)
      assert.is_nil(body.messages[1].content[1].cache_control)
      assert.is_nil(body.messages[3].content[1].cache_control)
      assert.same({ type = "ephemeral" }, body.messages[3].content[2].cache_control)
      assert.same({ type = "enabled", budget_tokens = 2048 }, body.thinking)
      assert.same({ "STOP" }, body.stop_sequences)
      assert.equal(1, body.temperature)
      body = sent_body(anthropic, {}, request(), AN_OK)
      assert.equal("sys", body.system)
      assert.is_nil(body.thinking)
    end)

  it("anthropic: reasoning_effort is not a Messages API field", function()
    local body, msg, err = sent_body(anthropic, {}, request({ options = { reasoning_effort = "high" } }), AN_OK)
    assert.is_nil(body)
    assert.is_nil(msg)
    assert.equal("invalid_request", err.code)
    assert.matches("reasoning_effort", err.message, 1, true)
  end)

  it("anthropic: reasoning_effort as a configuration default is a config error, not a failure of every request",
    function()
      local config = { api_key = "k", options = { reasoning_effort = "high" } }
      local gen, err = anthropic(config)
      assert.is_nil(gen)
      assert.equal("invalid_config", err.code)
      assert.equal('config.options.reasoning_effort: not a Messages API field (use options.thinking = '
        .. '{ type = "enabled", budget_tokens = n })', err.message)
      assert.same({ api_key = "k", options = { reasoning_effort = "high" } }, config)
    end)

  it("anthropic: a temperature above 1 and enabled thinking without a budget are rejected before sending", function()
    local cases = {
      { { temperature = 1.5 }, ".temperature: expected a number >= 0 and <= 1 (the Messages API range), got number 1.5" },
      { { thinking = { type = "enabled" } }, '.thinking.budget_tokens: required with type "enabled" (the ' ..
        'Messages API needs a thinking budget)' },
    }
    for _, case in ipairs(cases) do
      local config = { api_key = "k", options = case[1] }
      local gen, err = anthropic(config)
      assert.is_nil(gen)
      assert.equal("invalid_config", err.code)
      assert.equal("config.options" .. case[2], err.message)
      local body, msg
      body, msg, err = sent_body(anthropic, {}, request({ options = case[1] }), AN_OK)
      assert.is_nil(body) -- nothing was sent
      assert.is_nil(msg)
      assert.equal("invalid_request", err.code)
      assert.equal("anthropic: request.options" .. case[2], err.message)
      -- OpenAI-compatible servers take both (z.ai's thinking = { type = "enabled" })
      body = sent_body(openai, {}, request({ options = case[1] }), OA_OK)
      assert.truthy(body.temperature or body.thinking)
    end
    -- the limits themselves pass
    local body = sent_body(anthropic, {}, request({ options = { temperature = 1,
      thinking = { type = "enabled", budget_tokens = 1024 } } }), AN_OK)
    assert.same({ 1, 1024 }, { body.temperature, body.thinking.budget_tokens })
    body = sent_body(anthropic, {}, request({ options = { thinking = { type = "disabled" } } }), AN_OK)
    assert.same({ type = "disabled" }, body.thinking)
  end)

  it("unknown and ill-typed keys are errors naming the key, in configs and requests", function()
    for _, module in ipairs({ openai, anthropic }) do
      local gen, err = module { api_key = "k", options = { temprature = 1 } }
      assert.is_nil(gen)
      assert.equal("invalid_config", err.code)
      assert.equal("config.options.temprature: unknown option", err.message)
      _, err = module { api_key = "k", options = { thinking = { type = "enabled", budget = 5 } } }
      assert.equal("config.options.thinking.budget: unknown option", err.message)
      _, err = module { api_key = "k", options = { cache = "yes" } }
      assert.equal('config.options.cache: expected a boolean, got string "yes"', err.message)
      gen = assert(module { api_key = "k", transport = function() error("not reached") end })
      local req = request({ options = { max_output_token = 4000 } })
      local msg
      msg, err = gen:generate(req)
      assert.is_nil(msg)
      assert.equal("invalid_request", err.code)
      assert.matches("request.options.max_output_token: unknown option", err.message, 1, true)
      assert.same({ max_output_token = 4000 }, req.options) -- the caller's table untouched
      _, err = gen:generate(request({ options = { top_p = 3 } }))
      assert.matches("request.options.top_p: expected a number >= 0 and <= 1, got number 3", err.message, 1, true)
      _, err = gen:generate(request({ options = { thinking = { budget_tokens = 10 } } }))
      assert.matches("request.options.thinking.type: expected a non-blank string", err.message, 1, true)
      _, err = gen:generate(request({ options = { extra = "x" } }))
      assert.matches("request.options.extra: expected a table of body fields", err.message, 1, true)
      _, err = gen:generate(request({ on_delta = "print" }))
      assert.matches("request.on_delta: expected a function", err.message, 1, true)
    end
  end)
end)

describe("on_delta", function()
  it("openai: every streamed piece of thinking, text and tool-call arguments, in order", function()
    local stream = bodies.chunk('{"role":"assistant","content":null,"reasoning_content":"Let me"}') ..
      bodies.chunk('{"reasoning_content":" think."}') .. bodies.chunk('{"content":"Calling."}') ..
      bodies.chunk('{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read",' ..
        '"arguments":"{\\"pa"}}]}') ..
      bodies.chunk('{"tool_calls":[{"index":0,"function":{"arguments":"th\\":1}"}}]}') ..
      bodies.chunk("{}", "tool_calls") .. "data: [DONE]\n\n"
    local seen = {}
    local _, msg, err = sent_body(openai, {}, request({ on_delta = function(d) seen[#seen + 1] = d end }), stream)
    assert.is_nil(err)
    assert.same({
      { type = "thinking", text = "Let me", index = 1 }, { type = "thinking", text = " think.", index = 1 },
      { type = "text", text = "Calling.", index = 2 },
      { type = "tool_call", text = '{"pa', index = 3, id = "call_1", name = "read" },
      { type = "tool_call", text = 'th":1}', index = 3, id = "call_1", name = "read" },
    }, seen)
    assert.same({ path = 1 }, msg.content[3].arguments)
  end)

  -- the pieces of each index joined are that block of the final message
  local function assert_positions(seen, msg)
    local joined = {}
    for _, d in ipairs(seen) do joined[d.index] = (joined[d.index] or "") .. d.text end
    for index, text in pairs(joined) do
      local block = msg.content[index]
      assert.truthy(block, "no block " .. index)
      if block.type == "tool_call" then
        assert.same(core.json_decode(text), block.arguments)
      else
        assert.equal(text, block.text or block.thinking)
      end
    end
  end

  it("openai: the index is the block's position in the final message, never shared", function()
    -- text, then two tool calls; then thinking that began before the text
    local stream = bodies.chunk('{"role":"assistant","content":"Reading."}') ..
      bodies.chunk('{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"read",' ..
        '"arguments":"{\\"n\\":1}"}},{"index":1,"id":"c2","type":"function","function":{"name":"read",' ..
        '"arguments":"{\\"n\\":2}"}}]}') ..
      bodies.chunk("{}", "tool_calls") .. "data: [DONE]\n\n"
    local seen = {}
    local _, msg, err = sent_body(openai, {}, request({ on_delta = function(d) seen[#seen + 1] = d end }), stream)
    assert.is_nil(err)
    assert.same({ 1, 2, 3 }, { seen[1].index, seen[2].index, seen[3].index })
    assert.same({ "text", "tool_call", "tool_call" }, { msg.content[1].type, msg.content[2].type,
      msg.content[3].type })
    assert_positions(seen, msg)
    -- thinking only after the text has begun: placed after it, in the message too
    stream = bodies.chunk('{"role":"assistant","content":"A"}') .. bodies.chunk('{"reasoning_content":"r"}') ..
      bodies.chunk('{"content":"B"}') .. bodies.chunk("{}", "stop") .. "data: [DONE]\n\n"
    seen = {}
    _, msg = sent_body(openai, {}, request({ on_delta = function(d) seen[#seen + 1] = d end }), stream)
    assert.same({ { type = "text", text = "A", index = 1 }, { type = "thinking", text = "r", index = 2 },
      { type = "text", text = "B", index = 1 } }, seen)
    assert.same({ { type = "text", text = "AB" }, { type = "thinking", thinking = "r" } }, msg.content)
  end)

  it("anthropic: blocks left out of the message (server tools) take no position", function()
    local stream = AN_START .. an_block(0, '{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search",' ..
      '"input":{}}', { '{"type":"input_json_delta","partial_json":"{\\"q\\":1}"}' }) ..
      an_block(1, '{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}', {}) ..
      an_block(2, '{"type":"text","text":""}', { '{"type":"text_delta","text":"Found"}' }) ..
      an_block(3, '{"type":"tool_use","id":"toolu_1","name":"read","input":{}}',
        { '{"type":"input_json_delta","partial_json":"{\\"a\\":2}"}' }) .. AN_END
    local seen = {}
    local _, msg, err = sent_body(anthropic, {}, request({ on_delta = function(d) seen[#seen + 1] = d end }), stream)
    assert.is_nil(err)
    assert.same({ { type = "text", text = "Found", index = 1 },
      { type = "tool_call", text = '{"a":2}', index = 2, id = "toolu_1", name = "read" } }, seen)
    assert.equal(2, #msg.content)
    assert_positions(seen, msg)
  end)

  it("anthropic: pieces with the content block's position (1-based), signatures left out", function()
    local stream = AN_START .. an_block(0, '{"type":"thinking","thinking":""}',
      { '{"type":"thinking_delta","thinking":"Hmm."}', '{"type":"signature_delta","signature":"EqQB"}' }) ..
      an_block(1, '{"type":"text","text":""}', { '{"type":"text_delta","text":"Hi"}' }) ..
      an_block(2, '{"type":"tool_use","id":"toolu_1","name":"read","input":{}}',
        { '{"type":"input_json_delta","partial_json":"{\\"a\\":2}"}' }) .. AN_END
    local seen = {}
    local _, msg = sent_body(anthropic, {}, request({ on_delta = function(d) seen[#seen + 1] = d end }), stream)
    assert.same({ { type = "thinking", text = "Hmm.", index = 1 }, { type = "text", text = "Hi", index = 2 },
      { type = "tool_call", text = '{"a":2}', index = 3, id = "toolu_1", name = "read" } }, seen)
    assert.equal("EqQB", msg.content[1].signature)
  end)

  it("an error it raises ends the request as a callback error", function()
    for module, reply in pairs({ [openai] = OA_OK, [anthropic] = AN_OK }) do
      local _, msg, err = sent_body(module, {}, request({ on_delta = function() error("ui gone") end }), reply)
      assert.is_nil(msg)
      assert.equal("callback", err.code)
      assert.is_false(err.retryable)
      assert.matches("ui gone", tostring(err), 1, true)
    end
  end)

  it("over the wire too (compact.http)", function()
    local server = fake.start()
    local seen = {}
    local gen = assert(openai { base_url = server:base("oa_text"), timeout = 10 })
    local msg = gen:generate(request({ on_delta = function(d) seen[#seen + 1] = d.text end }))
    server:stop()
    assert.equal("H\195\169llo w\226\130\172rld", table.concat(seen))
    assert.equal(table.concat(seen), msg.content[1].text)
  end)
end)

describe("a base_url with a query string", function()
  it("keeps the query after the endpoint path (Azure api-version)", function()
    local _, _, _, call = sent_body(openai, { base_url = "https://r.openai.azure.com/openai/deployments/gpt4o/" ..
      "?api-version=2024-10-21" }, request(), OA_OK)
    assert.equal("https://r.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21",
      call.url)
    _, _, _, call = sent_body(anthropic, { base_url = "https://gw.example/anthropic?x=1&y=2" }, request(), AN_OK)
    assert.equal("https://gw.example/anthropic/v1/messages?x=1&y=2", call.url)
    _, _, _, call = sent_body(openai, { base_url = "http://127.0.0.1:8080/v1" }, request(), OA_OK)
    assert.equal("http://127.0.0.1:8080/v1/chat/completions", call.url)
  end)

  it("needs a host before the query", function()
    for _, module in ipairs({ openai, anthropic }) do
      local gen, err = module { api_key = "k", base_url = "https://?key=AIzaSyQUERYKEY123" }
      assert.is_nil(gen)
      assert.equal("invalid_config", err.code)
      assert.equal("config.base_url: expected an http(s) URL with a host before the query", err.message)
    end
  end)

  it("a malformed base_url is not echoed with its password or query", function()
    for _, module in ipairs({ openai, anthropic }) do
      local _, err = module { api_key = "k", base_url = "https://user:s3cretpass@host/v1 x?key=AIzaSyQUERYKEY123" }
      assert.equal('config.base_url: expected an http(s) URL, got string "https://host/v1 x?..."', err.message)
      _, err = module { api_key = "k", base_url = "ftp://h/?key=AIzaSyQUERYKEY123" }
      assert.equal('config.base_url: expected an http(s) URL, got string "ftp://h/?..."', err.message)
    end
  end)

  it("a key in the query never shows in errors or tostring", function()
    local t = fake_transport.new({ status = 401, body = '{"error":{"message":"bad key AIzaSyQUERYKEY123"}}' })
    local gen = assert(openai { base_url = "https://g.example/v1beta/openai?key=AIzaSyQUERYKEY123", transport = t.fn })
    local _, err = gen:generate(request())
    assert.is_nil(tostring(err):find("AIzaSyQUERYKEY123", 1, true))
    assert.is_nil(tostring(gen):find("AIzaSyQUERYKEY123", 1, true))
    assert.equal("https://g.example/v1beta/openai/chat/completions?key=AIzaSyQUERYKEY123", t.calls[1].url)
  end)
end)

describe("reasoning", function()
  it("openai: usage.reasoning from completion_tokens_details.reasoning_tokens", function()
    local stream = bodies.chunk('{"role":"assistant","content":"x"}') .. bodies.chunk("{}", "stop") ..
      'data: {"id":"c","choices":[],"usage":{"prompt_tokens":100,"completion_tokens":60,"total_tokens":160,' ..
      '"prompt_tokens_details":{"cached_tokens":40},"completion_tokens_details":{"reasoning_tokens":48}}}\n\n' ..
      "data: [DONE]\n\n"
    local _, msg = sent_body(openai, {}, request(), stream)
    assert.same({ input = 60, cache_read = 40, cache_write = 0, output = 60, reasoning = 48 }, msg.usage)
    local _, plain = sent_body(openai, {}, request(), OA_OK)
    assert.is_nil(plain.usage.reasoning)
  end)

  it("generators say what the provider drops: openai after_user, anthropic never", function()
    assert.equal("after_user", assert(openai { api_key = "k" }).drop_reasoning)
    assert.equal("never", assert(anthropic { api_key = "k" }).drop_reasoning)
  end)
end)

describe("the generator summarizer's options", function()
  local summarizers = require "compact.summarizers.generator"
  local fake_generator = require "spec.support.fake_generator"
  local history = { { role = "user", content = "fix the bug" }, { role = "assistant", content = "done" } }

  it("rejects an unknown key, naming it (a typo of max_output_tokens)", function()
    local s, err = summarizers.new { generator = fake_generator.new({ "S" }), model = "m",
      options = { max_output_token = 4000 } }
    assert.is_nil(s)
    assert.equal("invalid_config", err.code)
    assert.equal("config.options.max_output_token: unknown option", err.message)
    s, err = summarizers.new { generator = fake_generator.new({ "S" }), model = "m",
      options = { temperature = "low" } }
    assert.is_nil(s)
    assert.equal('config.options.temperature: expected a number >= 0 and <= 2, got string "low"', err.message)
  end)

  it("passes the request options on to the generator, max_output_tokens as the request's own field", function()
    local gen = fake_generator.new({ "SUMMARY" })
    local s = assert(summarizers.new { generator = gen, model = "m", sleep = function() end,
      options = { max_output_tokens = 900, temperature = 0, extra = { seed = 1 } } })
    assert(s:summarize({ messages = history }))
    assert.equal(900, gen.requests[1].max_output_tokens)
    assert.same({ temperature = 0, extra = { seed = 1 } }, gen.requests[1].options)
    gen = fake_generator.new({ "SUMMARY" })
    s = assert(summarizers.new { generator = gen, model = "m", options = { max_output_tokens = 900 } })
    assert(s:summarize({ messages = history }))
    assert.is_nil(gen.requests[1].options)
  end)
end)
