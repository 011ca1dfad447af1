-- The planning ledger's validity rule (csrc/core/ledger.c): a sync trusts the
-- messages it has inspected while the list holds the same first table and
-- the same table at the last inspected position and did not shrink;
-- otherwise it starts over. Appending costs only the new messages.
local core = require "compact.core"

local function message(text) return { role = "user", content = text } end
local function tokens(text) return core.heuristic_message(message(text)) end

describe("ledger:sync", function()
  it("returns the total, and only reads what was appended", function()
    local list = { message("one"), message("two") }
    local ledger = core.ledger_new()
    local total = ledger:sync(list)
    assert.equal(tokens("one") + tokens("two"), total)
    assert.equal(total, ledger:total())
    -- nothing new: same answer
    assert.same({ total }, { ledger:sync(list) })
    list[3] = message("three")
    assert.same({ total + tokens("three") }, { ledger:sync(list) })
    -- an appended message is validated like any other: nil, the message
    -- naming it, no cause
    list[4] = { role = "bogus", content = "x" }
    assert.same({ nil, "messages[4].role: unknown role 'bogus'" }, { ledger:sync(list) })
    -- the accepted prefix stays: fixing the message continues from there
    list[4] = message("four")
    assert.same({ total + tokens("three") + tokens("four") }, { ledger:sync(list) })
    assert.equal(ledger:total(), ledger:total(4)) -- all four inspected
  end)

  it("names a failing estimator's message and keeps its error as the cause", function()
    local list = { message("one"), message("two") }
    local failure = setmetatable({}, { __tostring = function() return "boom" end })
    local calls = 0
    local estimator = { message = function()
      calls = calls + 1
      if calls == 2 then error(failure) end
      return 1.5
    end }
    local ledger = core.ledger_new()
    local none, err, cause = ledger:sync(list, estimator)
    assert.is_nil(none)
    assert.equal("messages[2]: estimator:message failed", err)
    assert.equal(failure, cause)
    -- the first message was accepted (rounded up), the second is read again
    assert.equal(2, ledger:total())
    assert.equal(4, ledger:sync(list, estimator))
    list[3] = message("three")
    estimator.message = function() return "many" end
    assert.same({ nil, "messages[3]: estimator:message returned string, expected a non-negative number" },
      { ledger:sync(list, estimator) })
    estimator.message = function() return -1 end
    assert.same({ nil, "messages[3]: estimator:message returned -1, expected a non-negative number" },
      { ledger:sync(list, estimator) })
  end)

  it("raises for misuse: a list that is not a table, an estimator without message", function()
    local ledger = core.ledger_new()
    assert.has_error(function() ledger:sync("x") end)
    assert.has_error(function() ledger:sync({}, {}) end, "ledger:sync: the estimator has no message method")
  end)

  it("starts over when the first or the last inspected message is replaced, or the list shrinks", function()
    local ledger = core.ledger_new()
    local list = { message("a"), message("b"), message("c") }
    ledger:sync(list)
    list[1] = message("a much longer first message than before")
    assert.equal(tokens(list[1].content) + tokens("b") + tokens("c"), ledger:sync(list))
    list[3] = message("a much longer last message than before")
    assert.equal(tokens(list[1].content) + tokens("b") + tokens(list[3].content), ledger:sync(list))
    list[3] = nil
    assert.same({ tokens(list[1].content) + tokens("b") }, { ledger:sync(list) })
    -- another list with other tables: a fresh walk, whatever the ledger saw
    local other = { message("x") }
    assert.same({ tokens("x") }, { ledger:sync(other) })
  end)

  it("is not fooled by a new table where a collected one was", function()
    local ledger = core.ledger_new()
    for round = 1, 50 do
      local list = { message("first " .. round), message(("x"):rep(round)) }
      assert.same({ tokens(list[1].content) + tokens(list[2].content) }, { ledger:sync(list) })
      list = nil -- luacheck: ignore 311
      collectgarbage()
    end
  end)
end)
