-- compact.usage_anchor and compact.error.
local compact = require "compact"

local function reply(usage, stop) return { role = "assistant", stop_reason = stop or "stop", content = "x", usage = usage } end

describe("compact.usage_anchor", function()
  it("anchors on the last usable reply: input + cache_read + cache_write + output", function()
    local messages = { { role = "user", content = "a" },
      reply({ input = 10, output = 5, cache_read = 100, cache_write = 7 }),
      { role = "user", content = "b" }, reply({ input = 20, output = 3, cache_read = 0, cache_write = 0 }),
      { role = "user", content = "c" } }
    assert.are.same({ tokens = 23, through = 4 }, compact.usage_anchor(messages))
  end)

  it("skips replies with error/aborted stops, zero or missing usage", function()
    local messages = { reply({ input = 50, output = 1 }), reply({ input = 999 }, "error"),
      reply({ input = 999 }, "aborted"), reply({ input = 0, output = 0 }), reply(nil), { role = "user", content = "u" } }
    assert.are.same({ tokens = 51, through = 1 }, compact.usage_anchor(messages))
  end)

  it("honours from and returns nil when nothing qualifies", function()
    local messages = { reply({ input = 50 }), { role = "user", content = "u" } }
    assert.is_nil(compact.usage_anchor(messages, 2))
    assert.is_nil(compact.usage_anchor({}))
    assert.are.same({ tokens = 50, through = 1 }, compact.usage_anchor(messages, 1))
  end)

  it("ignores non-numeric usage fields and rejects bad arguments", function()
    assert.are.same({ tokens = 4, through = 1 },
      compact.usage_anchor({ reply({ input = 4, output = "7", cache_read = 0 / 0 }) }))
    local anchor, err = compact.usage_anchor("x")
    assert.is_nil(anchor)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    anchor, err = compact.usage_anchor({}, 1.5)
    assert.is_nil(anchor)
    assert.matches("from", err.message)
  end)
end)

describe("compact.error", function()
  it("makes an error object of a documented code", function()
    local err = compact.error("http", "rate limited", { status = 429 })
    assert.are.equal("http", err.code)
    assert.are.equal(429, err.status)
    assert.is_true(err.retryable)
    assert.are.equal("http: rate limited (HTTP 429)", tostring(err))
    local cause = compact.error("transport", "reset")
    local wrapped = compact.error("context_window_exceeded", "too long", { cause = cause, retryable = false })
    assert.is_true(compact.is(wrapped, compact.ErrContextWindowExceeded))
    assert.is_false(wrapped.retryable)
    assert.are.equal(cause, wrapped.cause)
  end)

  it("rejects unknown codes, fields and bad values", function()
    for _, case in ipairs {
      { "nope", "m", nil, "code" }, { 1, "m", nil, "code" }, { "http", 2, nil, "message" },
      { "http", "m", "x", "fields" }, { "http", "m", { colour = 1 }, "fields.colour" },
      { "http", "m", { status = 42 }, "fields.status" }, { "http", "m", { status = 429.5 }, "fields.status" },
      { "http", "m", { retryable = "yes" }, "fields.retryable" },
    } do
      local err, problem = compact.error(case[1], case[2], case[3])
      assert.is_nil(err)
      assert.is_true(compact.is(problem, compact.ErrInvalidRequest))
      assert.truthy(problem.message:find(case[4], 1, true), problem.message)
    end
  end)
end)
