-- The planning ledger's validity rule (csrc/core/plan.c): a sync trusts the
-- messages it has inspected while the list holds the same first table and
-- the same table at the last inspected position and did not shrink;
-- otherwise it starts over. Appending costs only the new messages.
local core = require "compact.core"

local function message(text) return { role = "user", content = text } end
local function tokens(text) return core.heuristic_message(message(text)) end

describe("ledger:sync", function()
  it("returns the count and the total, and only reads what was appended", function()
    local list = { message("one"), message("two") }
    local ledger = core.ledger_new()
    local count, total = ledger:sync(list)
    assert.equal(2, count)
    assert.equal(tokens("one") + tokens("two"), total)
    assert.equal(total, ledger:total())
    -- nothing new: same answer
    assert.same({ 2, total }, { ledger:sync(list) })
    list[3] = message("three")
    assert.same({ 3, total + tokens("three") }, { ledger:sync(list) })
    -- an appended message is validated like any other
    list[4] = { role = "bogus", content = "x" }
    local none, err, index, kind = ledger:sync(list)
    assert.is_nil(none)
    assert.matches("messages%[4%]%.role", err)
    assert.same({ 4, "invalid" }, { index, kind })
    -- the accepted prefix stays: fixing the message continues from there
    list[4] = message("four")
    assert.equal(4, (ledger:sync(list)))
  end)

  it("starts over when the first or the last inspected message is replaced, or the list shrinks", function()
    local ledger = core.ledger_new()
    local list = { message("a"), message("b"), message("c") }
    ledger:sync(list)
    list[1] = message("a much longer first message than before")
    assert.equal(tokens(list[1].content) + tokens("b") + tokens("c"), select(2, ledger:sync(list)))
    list[3] = message("a much longer last message than before")
    assert.equal(tokens(list[1].content) + tokens("b") + tokens(list[3].content), select(2, ledger:sync(list)))
    list[3] = nil
    assert.same({ 2, tokens(list[1].content) + tokens("b") }, { ledger:sync(list) })
    -- another list with other tables: a fresh walk, whatever the ledger saw
    local other = { message("x") }
    assert.same({ 1, tokens("x") }, { ledger:sync(other) })
  end)

  it("is not fooled by a new table where a collected one was", function()
    local ledger = core.ledger_new()
    for round = 1, 50 do
      local list = { message("first " .. round), message(("x"):rep(round)) }
      assert.same({ 2, tokens(list[1].content) + tokens(list[2].content) }, { ledger:sync(list) })
      list = nil -- luacheck: ignore 311
      collectgarbage()
    end
  end)
end)
