-- Wrong results under attack (issue 25): an under-reporting server's anchor,
-- Retry-After, a lying __len under the fit ladder, values validation accepts
-- but the state could not save, a byte order mark.
local compact = require "compact"
local errors = require "compact.errors"
local classify = require "compact.providers.errors"
local generator_module = require "compact.summarizers.generator"
local state = require "compact.state"
local unpack = table.unpack or unpack -- luacheck: ignore 143

-- bytes as tokens, so sizes are exact
local bytes = require("spec.support.conversation").bytes_estimator

local function answer(text) return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } } end
local function summarizer() return { summarize = function() return "sum", { input = 1, output = 1 } end } end

describe("an anchor far below the estimate", function()
  local messages = {}
  for i = 1, 10 do
    messages[#messages + 1] = { role = "user", content = ("u"):rep(100) .. i }
    messages[#messages + 1] = answer(("a"):rep(100) .. i)
  end

  it("is ignored (below a quarter of the estimate): compaction still triggers", function()
    local c = assert(compact.new { keep_recent_tokens = 300, summarizer = summarizer() })
    -- the server claims 10 tokens for 18 messages of about 100 each
    local request = { messages = messages, estimator = bytes, input_token_budget = 1500,
                      usage = { tokens = 10, through = 18 } }
    local plan = assert(c:plan(request))
    assert.equals(compact.estimate { messages = messages, estimator = bytes }, plan.tokens_before)
    assert.equals(1, plan.calibration)
    -- a plausible low count (half the estimate) is still trusted and calibrates
    local through = compact.estimate { messages = { unpack(messages, 1, 18) }, estimator = bytes }
    request.usage = { tokens = math.ceil(through / 2), through = 18 }
    assert.is_nil(c:plan(request))
    local rest = compact.estimate { messages = { messages[19], messages[20] }, estimator = bytes }
    assert.equals(math.ceil(through / 2) + rest, compact.estimate(request))
  end)
end)

describe("compact plan on an under-reporting anchor", function()
  it("says the anchor was ignored instead of claiming it", function()
    local messages = {}
    for i = 1, 6 do
      messages[#messages + 1] = { role = "user", content = ("question "):rep(40) .. i }
      messages[#messages + 1] = answer(("answer "):rep(40) .. i)
    end
    local path = os.tmpname()
    local file = assert(io.open(path, "wb"))
    local text = state.encode { messages = messages, usage = { tokens = 3, through = 10 } }
    assert.is_string(text)
    file:write(text)
    file:close()
    local out, err = require("spec.support.files").sink(), require("spec.support.files").sink()
    local code = require("compact.cli").main({ "plan", path }, { stdout = out, stderr = err, isatty = false,
      getenv = function() return nil end })
    os.remove(path)
    assert.equals(0, code, err:text())
    assert.matches("estimator only: the provider's 3 tokens through message #10 are below a quarter of the "
      .. "estimate of those messages, so they are ignored", out:text(), 1, true)
  end)
end)

describe("Retry-After", function()
  it("is read as seconds or an HTTP date and the reported value is capped at one day", function()
    assert.equals(3, classify.retry_after { ["retry-after"] = "3" })
    assert.equals(1.5, classify.retry_after { ["retry-after-ms"] = "1500" })
    assert.equals(86400, classify.retry_after { ["retry-after"] = "1e305" })
    assert.equals(86400, classify.retry_after { ["retry-after-ms"] = "1e308" })
    assert.is_nil(classify.retry_after { ["retry-after"] = "-5" })
    local at = os.date("!%a, %d %b %Y %H:%M:%S GMT", os.time() + 30)
    local seconds = classify.retry_after { ["retry-after"] = at }
    assert.is_true(seconds >= 28 and seconds <= 30, tostring(seconds))
    assert.equals(0, classify.retry_after { ["retry-after"] = "Thu, 01 Jan 1970 00:00:00 GMT" })
  end)

  local function rate_limited(after)
    local gen = { calls = 0 }
    function gen.generate(self)
      self.calls = self.calls + 1
      if self.calls == 1 then
        return nil, errors.new("http", "rate limited", { status = 429, retry_after = after })
      end
      return answer("the summary")
    end
    return gen
  end

  local request = { messages = { { role = "user", content = "hello" } } }

  it("is honoured through the injected sleep when it is at most 60 s", function()
    local slept = {}
    local gen = rate_limited(30)
    local s = assert(generator_module.new { generator = gen, model = "m", check_sections = false,
      sleep = function(seconds) slept[#slept + 1] = seconds end })
    assert.equals("the summary", (assert(s:summarize(request))))
    assert.same({ 30 }, slept)
    assert.equals(2, gen.calls)
  end)

  it("ends the retries at once when it is longer than 60 s (3600 s: one request, no sleep)", function()
    local slept = {}
    local gen = rate_limited(3600)
    local s = assert(generator_module.new { generator = gen, model = "m", check_sections = false,
      sleep = function(seconds) slept[#slept + 1] = seconds end })
    local text, err = s:summarize(request)
    assert.is_nil(text)
    assert.equals(3600, err.retry_after)
    assert.equals(1, gen.calls)
    assert.same({}, slept)
  end)

  it("sleeps through the cancellable sleep: a cancel during it stops the retries", function()
    local token = compact.cancel_token()
    local gen = rate_limited(10)
    local s = assert(generator_module.new { generator = gen, model = "m", check_sections = false,
      sleep = function(_, cancel) assert.equals(token, cancel); token:cancel() end })
    local text, err = s:summarize(request, token)
    assert.is_nil(text)
    assert.equals("cancelled", err.code)
    assert.equals(1, gen.calls)
  end)
end)

describe("a lying __len under the fit ladder", function()
  it("never makes the kept suffix start with an orphan tool result", function()
    local messages = setmetatable({
      { role = "user", content = ("a"):rep(200) }, answer(("b"):rep(200)),
      { role = "user", content = ("c"):rep(200) },
      { role = "assistant", stop_reason = "tool_use",
        content = { { type = "tool_call", id = "c1", name = "read", arguments = {} } } },
      { role = "user", content = ("e"):rep(200) }, answer(("f"):rep(200)),
      { role = "tool_result", tool_call_id = "c1", tool_name = "read", content = ("r"):rep(10) },
      { role = "user", content = "g" }, answer("h"),
    }, { __len = function() return 6 end })
    local c = assert(compact.new { keep_recent_tokens = 430, summarizer = summarizer() })
    local out = assert(c:compact { messages = messages, input_token_budget = 550, fit = true, estimator = bytes })
    assert.equals(8, out.record.first_kept_index)
    assert.same({ "user", "assistant" }, { out.messages[1].role, out.messages[2].role })
    assert.equals(2, #out.messages)
  end)
end)

describe("values validation accepts", function()
  it("are saved: a function or NaN in an unknown field is written as null, the rest round-trips", function()
    local messages = { { role = "user", content = "x", on_done = print, score = 0 / 0, note = "kept" },
                       answer("y") }
    assert(compact.estimate { messages = messages })      -- validation accepts them
    local text = assert(state.encode { messages = messages, meta = { ratio = 1 / 0 } })
    local back = assert(state.decode(text))
    assert.same({ role = "user", content = "x", note = "kept" }, back.messages[1])
    assert.same({}, back.meta)
  end)

  it("state.decode skips a leading byte order mark", function()
    local text = assert(state.encode { messages = { { role = "user", content = "hi" } } })
    assert.same({ messages = { { role = "user", content = "hi" } } }, assert(state.decode("\239\187\191" .. text)))
  end)
end)
