-- compact.checks: one config check, one wording, used by every constructor
-- (compactor, agent, summarizers, providers).
local config = require "compact.checks"
local core = require "compact.core"
local errors = require "compact.errors"
local compactor = require "compact.compactor"
local agent = require "compact.agent"
local extractive = require "compact.summarizers.extractive"
local generator_summarizer = require "compact.summarizers.generator"
local openai = require "compact.providers.openai"

local summarizer = { summarize = function() return "S" end }
local gen = { generate = function() return nil end }

local function fails(fn, arg, message)
  local ok, err = fn(arg)
  assert.is_nil(ok)
  assert.is_true(errors.is(err, errors.sentinels.ErrInvalidConfig), tostring(err))
  assert.equal(message, err.message)
end

describe("compact.checks", function()
  it("describes values by type and value, JSON null as null", function()
    assert.equal("nil", config.describe(nil))
    assert.equal("null", config.describe(core.json_null))
    assert.equal('string "0.8"', config.describe("0.8"))
    assert.equal("number -1", config.describe(-1))
    assert.equal("boolean false", config.describe(false))
    assert.equal("table", config.describe({}))
    assert.equal("function", config.describe(print))
    assert.equal('string "' .. string.rep("a", 40) .. '..."', config.describe(string.rep("a", 100)))
  end)

  it("checks kinds, bounds and defaults", function()
    assert.equal(3, (config.check("x", nil, { "number", default = 3 })))
    assert.is_nil((config.check("x", nil, { "number", optional = true })))
    local _, err = config.check("x", nil, { "number" })
    assert.equal("x: expected a number, got nil", err.message)
    _, err = config.check("x", 1.5, { "integer", min = 1 })
    assert.equal("x: expected an integer >= 1, got number 1.5", err.message)
    _, err = config.check("x", 0 / 0, { "number", above = 0 })
    assert.matches("^x: expected a number > 0, got number ", err.message)
    _, err = config.check("x", "c", { "one_of", "a", "b" })
    assert.equal('x: expected one of "a", "b", got string "c"', err.message)
    _, err = config.check("x", {}, { "method", "run" })
    assert.equal("x: expected a table with a run method, got table", err.message)
  end)
end)

describe("constructors share the wording", function()
  it("compactor", function()
    fails(compactor.new, { summarizer = summarizer, trigger_ratio = "0.8" },
      'config.trigger_ratio: expected a number > 0, got string "0.8"')
    fails(compactor.new, { summarizer = summarizer, keep_recent_tokens = core.json_null },
      "config.keep_recent_tokens: expected a number >= 0, got null")
    fails(compactor.new, { summarizer = summarizer, keep_recent = 5 }, "config.keep_recent: unknown option")
    fails(compactor.new, {}, "config.summarizer: expected a table with a summarize method, got nil")
    fails(compactor.new, "x", 'config: expected a table, got string "x"')
  end)

  it("agent", function()
    fails(agent.new, { generator = gen, model = "m", modle = "x" }, "config.modle: unknown option")
    fails(agent.new, { generator = gen, model = "m", reserve_tokens = core.json_null },
      "config.reserve_tokens: expected a number >= 0, got null")
    fails(agent.new, { generator = gen, model = "m", context_window_tokens = "8k" },
      'config.context_window_tokens: expected a number > 0, got string "8k"')
    fails(agent.new, { generator = gen, model = " " }, 'config.model: expected a non-blank string, got string " "')
  end)

  it("extractive summarizer", function()
    fails(extractive.new, { max_chars = "300" },
      'config.max_chars: expected an integer >= ' .. extractive.MIN_MAX_CHARS .. ', got string "300"')
    fails(extractive.new, { maxchars = 300 }, "config.maxchars: unknown option")
    assert.is_table(extractive.new())
  end)

  it("generator summarizer", function()
    fails(generator_summarizer.new, { generator = gen, model = "m", retries = 3 }, "config.retries: unknown option")
    fails(generator_summarizer.new, { generator = gen, model = "m", options = { max_output_tokens = 0 } },
      "config.options.max_output_tokens: expected an integer >= 1, got number 0")
    fails(generator_summarizer.new, { generator = gen, model = "m", sleep = "soon" },
      'config.sleep: expected a function, got string "soon"')
  end)

  it("providers", function()
    fails(openai, { baseurl = "http://localhost:1" }, "config.baseurl: unknown option")
    fails(openai, { timeout = "30" }, 'config.timeout: expected a number > 0, got string "30"')
  end)
end)
