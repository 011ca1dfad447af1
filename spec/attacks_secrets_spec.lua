-- Secrets under attack (issue 25): a server echoing part of the key, its
-- case changed, or encoded; a key echoed into a successful response; a
-- proxy password; an invalid key in a config error; NUL bytes in headers.
local errors = require "compact.errors"
local openai = require "compact.providers.openai"
local anthropic = require "compact.providers.anthropic"
local fake_transport = require "spec.support.fake_transport"
local core = require "compact.core"

local KEY = "sk-ECHO-Zq81vKx3Wm5tRb7YpL2nHd9"

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
local function base64(text) -- the spec's own, to check the scrubber's
  return (text:gsub(".", function(c)
    local bits = ""
    local byte = c:byte()
    for i = 7, 0, -1 do bits = bits .. (math.floor(byte / 2 ^ i) % 2) end
    return bits
  end) .. "0000"):gsub("%d%d%d?%d?%d?%d?", function(six)
    if #six < 6 then return "" end
    local n = tonumber(six, 2)
    return B64:sub(n + 1, n + 1)
  end) .. ({ "", "==", "=" })[#text % 3 + 1]
end

local strings_of = require("spec.support.conversation").strings_of

-- No 8-byte piece of `secret` (case-folded), nor of its base64, anywhere.
local function assert_clean(value, secret)
  local texts = strings_of(value)
  texts[#texts + 1] = tostring(value)
  local forms = { secret:lower(), base64(secret):lower(), base64("Bearer " .. secret):lower() }
  for _, text in ipairs(texts) do
    local lower = text:lower()
    for _, form in ipairs(forms) do
      for i = 1, #form - 7 do
        local piece = form:sub(i, i + 7)
        assert(not lower:find(piece, 1, true), "a piece (" .. piece .. ") leaked: " .. text:sub(1, 300))
      end
    end
  end
end

local function chat_error(message)
  return { status = 401, headers = {}, body = core.json_encode { error = { message = message, type = "auth" } } }
end

local function generate(module, reply, config)
  config = config or {}
  config.api_key = config.api_key or KEY
  config.transport = fake_transport.new(reply).fn
  local gen = assert(module(config))
  return gen:generate { model = "m", messages = { { role = "user", content = "hi" } } }
end

describe("the one scrubber", function()
  local echoes = {
    ["the key minus its last 4 characters"] = KEY:sub(1, -5),
    ["the key upper-cased"] = KEY:upper(),
    ["the middle 9 bytes, lower-cased"] = KEY:sub(10, 18):lower(),
    ["base64 of Bearer <key>"] = base64("Bearer " .. KEY),
    ["base64 of the key"] = base64(KEY),
    ["base64 of the key after one byte"] = base64(KEY:sub(2)),
    ["the key in hex"] = (KEY:gsub(".", function(c) return string.format("%02x", c:byte()) end)),
    ["the key in upper-case hex, minus its first byte"] =
      (KEY:sub(2):gsub(".", function(c) return string.format("%02X", c:byte()) end)),
  }
  for name, echo in pairs(echoes) do
    it("removes " .. name .. " from an error body", function()
      local msg, err = generate(openai, chat_error("bad key: <" .. echo .. "> rejected"))
      assert.is_nil(msg)
      assert.equals("http", err.code)
      assert_clean(err, KEY)
      assert.matches("bad key: <%[redacted%]=*> rejected", tostring(err)) -- base64 padding may stay
    end)
  end

  it("removes the pieces from a stream error and a refusal (anthropic and openai)", function()
    local event = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"'
      .. KEY:sub(3):upper() .. '"}}\n\n'
    local _, err = generate(anthropic, { status = 200, headers = {}, chunks = { event } })
    assert.is_table(err)
    assert_clean(err, KEY)
    local refusal = 'data: {"id":"c","choices":[{"index":0,"delta":{"refusal":"no: ' .. KEY:sub(1, 12):lower()
      .. '"}}]}\n\ndata: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
    _, err = generate(openai, { status = 200, headers = {}, chunks = { refusal } })
    assert.equals("filtered", err.code)
    assert_clean(err, KEY)
  end)

  it("removes a URL-encoded secret (reserved characters percent-encoded)", function()
    local secret = "ab+cd/ef=gh&ij kl"
    local encoded = "ab%2Bcd%2Fef%3Dgh%26ij%20kl"
    assert.equals("token=[redacted]&x=1", errors.scrub("token=" .. encoded .. "&x=1", secret))
    assert.equals("token=[redacted]&x=1", errors.scrub("token=" .. encoded:lower() .. "&x=1", secret))
  end)

  it("keeps what is not a secret, and short ordinary words", function()
    assert.equals("a sk-ECHO b", errors.scrub("a sk-ECHO b", KEY))             -- 7 bytes: kept
    assert.equals("a [redacted] b", errors.scrub("a sk-ECHO- b", KEY))
    assert.equals("x [redacted] y [redacted]", errors.scrub("x " .. KEY .. " y " .. KEY:lower(), { KEY }))
    assert.equals("hello world", errors.scrub("hello world", { KEY, "pass" }))
    assert.equals("[redacted]:[redacted]", errors.scrub("PASS:pass", { "pass" }))
  end)

  it("scrubs a successful response: the key in its id, model and tool call ids never reaches the message", function()
    local sse = 'data: {"id":"' .. KEY .. '","model":"m-' .. KEY:upper() .. '","choices":[{"index":0,"delta":'
      .. '{"tool_calls":[{"index":0,"id":"call_' .. KEY:sub(2) .. '","type":"function","function":{"name":"read",'
      .. '"arguments":"{}"}}]}}]}\n\ndata: {"id":"x","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}'
      .. '\n\ndata: [DONE]\n\n'
    local msg = assert(generate(openai, { status = 200, headers = {}, chunks = { sse } }))
    assert_clean(msg, KEY)
    assert.equals("tool_call", msg.content[1].type)
    assert.equals("call_[redacted]", msg.content[1].id)
    assert.equals("[redacted]", msg.provider_metadata.id)
  end)

  it("keeps a successful reply's shapes while scrubbing it: empty JSON arrays stay arrays, nulls stay", function()
    local args = [[{\"paths\":[],\"mode\":null,\"n\":[1,2]}]]
    local sse = 'data: {"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1",'
      .. '"type":"function","function":{"name":"edit","arguments":"' .. args .. '"}}]}}]}'
      .. '\n\ndata: {"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n'
    local msg = assert(generate(openai, { status = 200, headers = {}, chunks = { sse } }))
    local arguments = msg.content[1].arguments
    assert.equals(core.json_array_mt, getmetatable(arguments.paths))
    assert.equals(core.json_null, arguments.mode)
    assert.same({ 1, 2 }, arguments.n)
    assert.equals('{"mode":null,"n":[1,2],"paths":[]}', core.json_encode(arguments))
    -- a reply's bytes are kept apart from the secrets (no UTF-8 repair, no cut)
    assert.equals("a\255b [redacted]", errors.redact("a\255b " .. KEY, KEY))
    local reply = { text = "x" }
    assert.equals(reply, errors.redact(reply, {}))
  end)

  it("treats a header named like a credential as one (x-auth-token, private-token, ...)", function()
    local secret = "tok-HEADER-9f8e7d6c5b4a3210"
    for _, name in ipairs { "x-auth-token", "openai-api-key", "Private-Token", "x-client-secret", "x-session-id" } do
      local sent
      local gen = assert(openai { api_key = KEY, headers = { [name] = secret, ["x-trace"] = "visible" },
        transport = function(opts)
          sent = opts.headers
          return chat_error("echo " .. secret)
        end })
      assert.is_nil(gen._config.headers[name])
      assert.equals("visible", gen._config.headers["x-trace"])
      local _, err = gen:generate { model = "m", messages = { { role = "user", content = "hi" } } }
      assert.equals("openai API error: echo [redacted]", err.message)
      local found = false
      for _, header in ipairs(sent) do found = found or header == name .. ": " .. secret end
      for key, value in pairs(sent) do found = found or (key == name and value == secret) end
      assert.is_true(found, name .. " was not sent")
    end
  end)

  it("hides a proxy password: not on the generator, not in errors; the transport still gets it", function()
    local seen
    local gen = assert(openai { api_key = KEY, proxy = "http://bob:Pr0xy-S3cret-99@proxy:3128",
      transport = function(opts)
        seen = opts.proxy
        return { status = 401, headers = {}, body = core.json_encode { error = { message = "proxy said " ..
          "Pr0xy-S3cret-99 and " .. base64("bob:Pr0xy-S3cret-99") } } }
      end })
    assert_clean(gen, "Pr0xy-S3cret-99")
    assert.equals("http://proxy:3128", gen._config.proxy)
    local _, err = gen:generate { model = "m", messages = { { role = "user", content = "hi" } } }
    assert.equals("http://bob:Pr0xy-S3cret-99@proxy:3128", seen)
    assert_clean(err, "Pr0xy-S3cret-99")
    gen = assert(openai { api_key = KEY, proxy = "bob:Pr0xy-S3cret-99@proxy:3128" })
    assert.equals("proxy:3128", gen._config.proxy)
  end)

  it("never prints an invalid key, and rejects NUL bytes in the key and header values instead of cutting them", function()
    for _, module in ipairs { openai, anthropic } do
      local gen, err = module { api_key = KEY .. "\nX" }
      assert.is_nil(gen)
      assert.equals("config.api_key: expected a string without line breaks, got a string of " .. (#KEY + 2)
        .. " bytes (not shown)", err.message)
      assert_clean(err, KEY)
      gen, err = module { api_key = KEY .. "\0tail" }
      assert.is_nil(gen)
      assert.equals("config.api_key: expected a string without NUL bytes, got a string of " .. (#KEY + 5)
        .. " bytes (not shown)", err.message)
      gen, err = module { api_key = KEY, headers = { ["x-trace"] = "a\0b" } }
      assert.is_nil(gen)
      -- (%q writes NUL as \0 on 5.4, \000 on 5.1)
      assert.matches('^config%.headers%["x%-trace"%]: expected a string without NUL bytes, got string "a\\0+b"$',
        err.message)
      gen, err = module { api_key = KEY, headers = { authorization = "Bearer " .. KEY .. "\0" } }
      assert.is_nil(gen)
      assert.matches("^config.headers%[\"authorization\"%]: expected a string without NUL bytes, got a string of",
        err.message)
      assert_clean(err, KEY)
      gen, err = module { api_key = KEY, proxy = "http://u:p\0w@h" }
      assert.is_nil(gen)
      assert.equals("config.proxy: expected a string without NUL bytes, got a string of 14 bytes (not shown)",
        err.message)
    end
  end)
end)
