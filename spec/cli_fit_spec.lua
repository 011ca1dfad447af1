-- `compact run` and the completed fit: exit 3 whenever the result written,
-- or the one that could not be made, is over the budget; --fit also keeps
-- less when --keep covers everything; a compacted file re-imports without
-- the pre-compaction count.

local cli = require "compact.cli"
local compact = require "compact"
local state = require "compact.state"
local file_helpers = require "spec.support.files"
local sink, tmpfile = file_helpers.sink, file_helpers.tmpfile

local SAMPLE = "examples/sample-session.json"

local function run(args)
  local out, err = sink(), sink()
  local code = cli.main(args, { stdout = out, stderr = err, isatty = false, getenv = function() return nil end })
  return code, out:text(), err:text()
end

describe("compact run --fit", function()
  it("shrinks a file --keep covers entirely (exit 0), and exits 3 without --fit", function()
    local sample = assert(state.decode(assert(file_helpers.read(SAMPLE))))
    assert.is_true(compact.estimate(sample) > 8000)
    local code, out, err = run { "run", SAMPLE, "--keep", "100000", "--budget", "8000", "--fit" }
    assert.equals(0, code, err)
    local written = assert(state.decode(out))
    assert.is_true(compact.estimate(written) <= 8000)
    assert.is_string(written.summary)
    assert.matches("degraded:", err, 1, true)
    code, out, err = run { "run", SAMPLE, "--keep", "100000", "--budget", "8000" }
    assert.equals(3, code)
    assert.is_table(state.decode(out))
    assert.matches("compact run: the result is still over the budget: [%d,]+ tokens > 8,000", err)
  end)

  it("exits 3 when even the ladder cannot fit, writing nothing", function()
    local code, out, err = run { "run", SAMPLE, "--keep", "100000", "--budget", "800", "--fit" }
    assert.equals(3, code)
    assert.equals("", out)
    assert.matches("compact run: the conversation stays over the budget: [%d,]+ tokens > 800", err)
  end)

  it("writes anthropic and pi files that re-import without the pre-compaction count", function()
    local messages = {}
    for turn = 1, 4 do
      messages[#messages + 1] = { role = "user", content = "task " .. turn .. ": " .. ("please fix it "):rep(400) }
      messages[#messages + 1] = { role = "assistant", stop_reason = "stop",
        usage = { input = 50000 * turn, output = 10, cache_read = 0, cache_write = 0 },
        content = { { type = "text", text = ("done with task " .. turn .. ". "):rep(200) } } }
    end
    local input = tmpfile(assert(state.encode { messages = messages }))
    for _, format in ipairs { "anthropic", "pi" } do
      local output = tmpfile()
      local code, _, err = run { "run", input, "--keep", "400", "--format", format, "-o", output, "--quiet" }
      assert.equals(0, code, err)
      local plan_out
      code, plan_out = run { "plan", output, "--budget", "100000" }
      assert.equals(0, code)
      assert.matches("estimator only: the file has no provider usage", plan_out, 1, true)
      os.remove(output)
    end
    os.remove(input)
  end)
end)
