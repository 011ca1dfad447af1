-- Error objects and compact.is.
local compact = require "compact"
local errors = require "compact.errors"

describe("errors", function()
  local names = { "ErrInvalidConfig", "ErrInvalidRequest", "ErrSummarization", "ErrEmptySummary",
    "ErrNoReduction", "ErrContextWindowExceeded", "ErrCancelled" }

  it("exports distinct sentinels with string codes", function()
    local codes = {}
    for _, name in ipairs(names) do
      local sentinel = compact[name]
      assert.is_table(sentinel, name)
      assert.is_string(sentinel.code)
      assert.is_nil(codes[sentinel.code])
      codes[sentinel.code] = true
      assert.is_true(compact.is(sentinel, sentinel))
    end
    assert.is_false(compact.is(compact.ErrCancelled, compact.ErrNoReduction))
  end)

  it("follows cause links like errors.Is", function()
    local inner = errors.new("context_window_exceeded", "prompt is too long", { status = 400 })
    local middle = errors.new("http", "provider failed", { cause = inner })
    local outer = errors.new("summarization", "summary failed", { cause = middle })
    assert.is_true(compact.is(outer, compact.ErrSummarization))
    assert.is_true(compact.is(outer, compact.ErrContextWindowExceeded))
    assert.is_false(compact.is(outer, compact.ErrCancelled))
    assert.is_false(compact.is("a string", compact.ErrCancelled))
    assert.is_false(compact.is(nil, compact.ErrCancelled))
    -- a cycle in the chain does not hang
    local a = errors.new("x", "a")
    local b = errors.new("y", "b", { cause = a })
    a.cause = b
    assert.is_false(compact.is(a, compact.ErrCancelled))
    assert.is_true(compact.is(a, "y"))
  end)

  it("reads well with tostring", function()
    local err = errors.new("summarization", "summary failed",
      { cause = errors.new("http", "rate limited", { status = 429, retryable = true }) })
    assert.equal("summarization: summary failed: http: rate limited (HTTP 429)", tostring(err))
    assert.is_false(err.retryable)
    assert.is_true(err.cause.retryable)
    assert.equal("summarization: x: boom", tostring(errors.new("summarization", "x", { cause = "boom" })))
  end)
end)

describe("cancel tokens", function()
  it("cancel once and stay cancelled", function()
    local token = compact.cancel_token()
    assert.is_false(token:cancelled())
    token:cancel()
    token:cancel()
    assert.is_true(token:cancelled())
    assert.matches("cancelled", tostring(token))
  end)
end)

describe("errors.scrub", function()
  local KEY = "sk-live-0123456789abcdef"

  it("removes a secret from every string field of an error and its causes, before cutting", function()
    local raised = { detail = "header " .. KEY, [KEY] = "as a key" }
    local inner = errors.new("http", string.rep("p", 1995) .. KEY, { error_type = KEY, error_code = "x" .. KEY,
      refusal = "r " .. KEY, cause = raised })
    local outer = errors.new("stream", "broke", { cause = inner, extra = { nested = KEY } })
    assert.equal(outer, errors.scrub(outer, { "abc", KEY }, 2000))
    local text = tostring(outer)
    assert.is_nil(text:find(KEY:sub(1, 8), 1, true))
    assert.equal("[redacted]", inner.error_type)
    assert.equal("x[redacted]", inner.error_code)
    assert.equal("r [redacted]", inner.refusal)
    assert.equal("[redacted]", outer.extra.nested)
    -- cut after scrubbing: no fragment of the key survives the cut
    assert.equal(string.rep("p", 1995) .. "[reda...", inner.message)
    -- a raised plain table becomes a scrubbed copy; the caller's table is untouched
    assert.equal("header [redacted]", inner.cause.detail)
    assert.equal("as a key", inner.cause["[redacted]"])
    assert.equal("header " .. KEY, raised.detail)
  end)

  it("keeps the text of a raised value with a metatable, scrubbed, and survives cycles", function()
    local value = setmetatable({}, { __tostring = function() return "boom " .. KEY end })
    local err = errors.new("callback", "failed", { cause = value })
    err.self = err
    errors.scrub(err, KEY)
    assert.equal("boom [redacted]", err.cause)
    local hostile = setmetatable({}, { __tostring = function() error("no") end })
    err = errors.scrub(errors.new("callback", "failed", { cause = hostile }), KEY)
    assert.equal("(unprintable value)", err.cause)
    assert.equal("a [redacted] b", errors.scrub("a " .. KEY .. " b", KEY))
    assert.equal("short", errors.scrub("short", "abc")) -- secrets under 4 bytes are ignored
  end)
end)

describe("error text", function()
  it("does not repeat a cause the message already holds", function()
    local err = errors.new("generator", "HTTP 500 oops", { cause = "HTTP 500 oops" })
    assert.equal("generator: HTTP 500 oops", tostring(err))
    local http = errors.new("http", "openai API error: HTTP 500", { status = 500 })
    assert.equal("http: openai API error: HTTP 500", tostring(http))
    assert.equal("stream: broke: http: openai API error: HTTP 500",
      tostring(errors.new("stream", "broke", { cause = http })))
    assert.equal("http: x (HTTP 429)", tostring(errors.new("http", "x", { status = 429 })))
    local check = errors.new("invalid_request", "config.estimator: expected a table")
    assert.equal("invalid_config: config.estimator: expected a table",
      tostring(errors.new("invalid_config", check.message, { cause = check })))
  end)

  it("survives a cause whose tostring raises", function()
    local cause = setmetatable({}, { __tostring = function() error("no") end })
    assert.equal("generator: failed: (a cause whose tostring raised)",
      tostring(errors.new("generator", "failed", { cause = cause })))
  end)
end)

describe("the code registry", function()
  it("lists every code the library produces, and only those", function()
    local produced = {}
    local list = assert(io.popen("find lua/compact -name '*.lua'"))
    for path in list:lines() do
      local text = assert(io.open(path)):read("*a")
      for code in text:gmatch('errors%.new%(%s*"([%w_]+)"') do produced[code] = path end
    end
    list:close()
    for code, path in pairs(produced) do
      assert.is_string(errors.codes[code], code .. " (made in " .. path .. ") is not in errors.codes")
    end
    for code in pairs(errors.codes) do
      local sentinel = false
      for _, s in pairs(errors.sentinels) do sentinel = sentinel or s.code == code end
      assert.is_true(produced[code] ~= nil or sentinel, code .. " is registered but never produced")
    end
    assert.is_nil(errors.codes.deadline)
    assert.is_string(errors.codes.generator)
    assert.is_string(errors.codes.callback)
  end)
end)

describe("compact.error argument errors", function()
  it("name the type and value, JSON null as null", function()
    local null = require("compact.core").json_null
    local _, err = compact.error("http", null)
    assert.equal("compact.error: message: expected a string, got null", err.message)
    _, err = compact.error("http", "m", { status = "500" })
    assert.equal('compact.error: fields.status: expected an HTTP status 100-599, got string "500"', err.message)
    _, err = compact.error(7, "m")
    assert.equal("compact.error: code: expected one of the documented codes, got number 7", err.message)
  end)
end)
