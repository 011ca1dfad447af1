-- The request check's two paths: a plain request (no metatable) is read by
-- one C call (core.plain_request); anything else takes the full Lua check.
-- Both must accept the same requests, return the same fields and name the
-- same field in their errors.
local compact = require "compact"
local core = require "compact.core"
local request_module = require "compact.request"

local messages = { { role = "user", content = "hello" }, { role = "assistant", content = "hi" } }

-- the same fields behind an __index proxy: the full check, never the C path
local function proxy(request)
  return setmetatable({}, { __index = request })
end

local function view_or_error(request)
  local view, err = request_module.check(request)
  if not view then return { error = err.message } end
  view.estimator = view.estimator == compact.heuristic() and "heuristic" or view.estimator
  return view
end

describe("request check", function()
  local full = {
    messages = messages, system_prompt = "sp", summary = "s", tools = { { name = "t" } },
    require_reduction = true, instructions = "i", fit = true, input_token_budget = 100,
    usage = { tokens = 5, through = 2 },
  }

  it("reads a plain request and a proxied one to the same view", function()
    for _, request in ipairs { full, { messages = messages }, { messages = messages, summary = "" } } do
      local plain, proxied = view_or_error(request), view_or_error(proxy(request))
      assert.is_nil(plain.error)
      assert.same(plain, proxied)
      assert.equal(messages, plain.messages)
    end
    local view = view_or_error(full)
    assert.same({ tokens = 5, through = 2 }, view.usage)
    assert.is_true(view.require_reduction and view.fit)
    assert.is_nil(view_or_error({ messages = messages, summary = "" }).summary)
  end)

  it("names the same field on both paths, in the documented order", function()
    local cases = {
      { { messages = messages, system_prompt = 1, fit = "x" }, "request.system_prompt: expected string, got number" },
      { { messages = messages, fit = "x" }, "request.fit: expected boolean, got string" },
      { { messages = messages, tools = "x", summary = true }, "request.summary: expected string, got boolean" },
      { { messages = messages, require_reduction = 1 }, "request.require_reduction: expected boolean, got number" },
      { { messages = messages, instructions = {} }, "request.instructions: expected string, got table" },
      { { messages = "x", system_prompt = 1 }, "request.messages: expected a list of messages, got string" },
      { { system_prompt = "x" }, "request.messages: expected a list of messages, got nil" },
      { { messages = messages, input_token_budget = "5" }, "request.input_token_budget: expected a non-negative number, got 5" },
      { { messages = messages, input_token_budget = -1 }, "request.input_token_budget: expected a non-negative number, got -1" },
      { { messages = messages, input_token_budget = math.huge }, "request.input_token_budget: expected a non-negative number, got inf" },
      { { messages = messages, usage = { tokens = 5, through = 3 } }, "request.usage.through: expected an integer in 1..2, got 3" },
      { { messages = messages, estimator = {} }, "request.estimator: missing method 'text'" },
    }
    for _, case in ipairs(cases) do
      assert.equal(case[2], view_or_error(case[1]).error)
      assert.equal(case[2], view_or_error(proxy(case[1])).error)
    end
    -- unknown keys (the proxy has none of its own, so only the plain path)
    assert.equal("request.bogus: unknown field", view_or_error({ messages = messages, bogus = 1 }).error)
    assert.equal("request.1: unknown field", view_or_error({ messages = messages, [1] = true }).error)
    assert.matches("request.input_token_budget: expected a non%-negative number, got %-?nan",
      view_or_error({ messages = messages, input_token_budget = 0 / 0 }).error)
    assert.equal("request: expected a table, got string", view_or_error("x").error)
  end)

  it("checks a usage anchor the same way plain or behind a metatable", function()
    local cases = {
      { { tokens = 5, through = 2 }, nil },
      { { tokens = 5, through = 2.0 }, nil },
      { { tokens = 1e300, through = 1 }, nil },
      { { tokens = 1.5, through = 1 }, "request.usage.tokens: expected a positive integer, got 1.5" },
      { { tokens = 0, through = 1 }, "request.usage.tokens: expected a positive integer, got 0" },
      { { tokens = math.huge, through = 1 }, "request.usage.tokens: expected a positive integer, got inf" },
      { { tokens = "5", through = 1 }, "request.usage.tokens: expected a positive integer, got 5" },
      { { through = 1 }, "request.usage.tokens: expected a positive integer, got nil" },
      { { tokens = 5, through = 0 }, "request.usage.through: expected an integer in 1..2, got 0" },
      { { tokens = 5, through = 3 }, "request.usage.through: expected an integer in 1..2, got 3" },
      { { tokens = 5, through = 1.5 }, "request.usage.through: expected an integer in 1..2, got 1.5" },
    }
    for _, case in ipairs(cases) do
      for _, usage in ipairs { case[1], proxy(case[1]) } do
        local result = view_or_error { messages = messages, usage = usage }
        if case[2] then
          assert.equal(case[2], result.error)
        else
          assert.same({ tokens = case[1].tokens, through = case[1].through }, result.usage)
        end
      end
    end
    -- a proxy has no keys of its own: only the plain table has an unknown one
    assert.equal("request.usage.extra: unknown field",
      view_or_error { messages = messages, usage = { tokens = 5, through = 1, extra = 1 } }.error)
    local nan = view_or_error { messages = messages, usage = { tokens = 0 / 0, through = 1 } }
    assert.matches("request.usage.tokens: expected a positive integer, got %-?nan", nan.error)
    assert.equal("request.usage: expected a table { tokens, through }, got string",
      view_or_error { messages = messages, usage = "x" }.error)
  end)

  it("plans a request with a metatable like the same plain request", function()
    local c = assert(compact.new { keep_recent_tokens = 1, summarizer = compact.summarizer(function() return "s" end) })
    local long = { messages[1], messages[2], { role = "user", content = "again" }, { role = "assistant", content = "ok" } }
    local request = { messages = long, require_reduction = true }
    local plan = assert(c:plan(request))
    assert.equal(4, plan.first_kept_index)
    assert.same(plan, assert(c:plan(proxy(request))))
  end)

  describe("core.request_reader", function()
    local read = core.request_reader({ "messages", "fit", "estimator" }, { "table", "boolean", true })

    it("returns true and the values in name order for a plain table of known fields", function()
      local e = {}
      assert.same({ true, messages, false, e }, { read { messages = messages, fit = false, estimator = e } })
      assert.equal(4, select("#", read { fit = true }))
      assert.same({ true, nil, true, nil }, { read { fit = true } })
      -- keys built at run time are the same interned strings
      local key = table.concat { "mess", "ages" }
      assert.same({ true, messages, nil, nil }, { read { [key] = messages } })
    end)

    it("returns false for what the full check must look at", function()
      for _, request in ipairs {
        "x", 5, setmetatable({ messages = messages }, {}),
        { messages = messages, other = 1 }, { messages = messages, [1] = 1 }, { messages = "x" },
        { messages = messages, fit = 1 }, { [("messages"):rep(10)] = messages },
      } do
        assert.same({ false }, { read(request) })
      end
    end)

    it("refuses a bad specification", function()
      assert.has_error(function() core.request_reader({ "a" }, { "no such type" }) end)
      assert.has_error(function() core.request_reader({ "a", "b" }, { "table" }) end)
      assert.has_error(function() core.request_reader({ ("x"):rep(41) }, { true }) end)
      assert.has_error(function() core.request_reader({}, {}) end)
    end)
  end)
end)
