-- Limits under attack (issue 25): an estimator's huge values in the
-- ledger's prefix sums, a state of 333k messages through the JSON encoder.
local core = require "compact.core"
local state = require "compact.state"

describe("attacks on the limits", function()
  it("sums huge estimates without overflow and still plans (ledger prefix sums in doubles)", function()
    local n = 20000
    local list = {}
    for i = 1, n do list[i] = { role = "user", content = "m" .. i } end
    local estimator = { message = function() return 9.9e14 end }
    local ledger = core.ledger_new()
    local total = ledger:sync(list, estimator)
    -- 1.98e19 tokens: past the largest 64-bit integer (9.2e18), still ordered
    assert.is_true(total > 1.9e19 and total < 2e19)
    assert.equals(total, ledger:total())
    assert.equals(9.9e14 * 1000, ledger:total(1000))
    local cut, turn_start, kept = ledger:plan(3e15)
    assert.equals(n - 3, cut)
    assert.equals(0, turn_start)
    assert.equals(4 * 9.9e14, kept)
    assert.matches("^compact.ledger %(20000 messages, 1.98e%+0?19 tokens%)$", tostring(ledger))
  end)

  it("saves a state of 334,000 messages (more than a million tables visited)", function()
    local messages = {}
    -- shared content lists: each is visited (and counted) once per message
    local question, answer = { { type = "text", text = "q" } }, { { type = "text", text = "a" } }
    for i = 1, 334000 do
      messages[i] = i % 2 == 1 and { role = "user", content = question } or { role = "assistant", content = answer }
    end
    local text = assert(state.encode { messages = messages })
    local one = '{"content":[{"text":"q","type":"text"}],"role":"user"},'
      .. '{"content":[{"text":"a","type":"text"}],"role":"assistant"}'
    assert.equals(#'{"messages":[' + 167000 * #one + 166999 + #"]}", #text)
    assert.equals(one .. "]}", text:sub(-#one - 2))
    -- cycle safety is kept
    local cyclic = { role = "user", content = "x" }
    cyclic.meta = cyclic
    local none, err = core.json_encode(cyclic)
    assert.is_nil(none)
    assert.matches("cannot encode a cycle", tostring(err), 1, true)
  end)
end)
