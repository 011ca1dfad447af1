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
