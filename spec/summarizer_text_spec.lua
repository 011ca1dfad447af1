-- The extractive summarizer's line helpers (compact.summarizers.extractive_text).
local text = require "compact.summarizers.extractive_text"

describe("extractive text helpers", function()
  it("drops a trailing output filter but keeps a || fallback", function()
    assert.are.equal("mix test", text.short_command("mix test 2>&1 | tail -20"))
    assert.are.equal("make test || tail -5 log", text.short_command("make test || tail -5 log"))
    assert.are.equal("make a | tee out || tail -5 log", text.short_command("make a | tee out || tail -5 log"))
  end)

  it("puts a stale status in the past, not an identifier that ends in it", function()
    assert.are.equal("task 3: then in progress", text.past_status("task 3: IN PROGRESS"))
    assert.are.equal("**T1** (then in progress)", text.past_status("**T1** (IN_PROGRESS)"))
    assert.are.equal("STATUS_IN_PROGRESS is an enum value", text.past_status("STATUS_IN_PROGRESS is an enum value"))
    assert.are.equal("IN_PROGRESSIVE", text.past_status("IN_PROGRESSIVE"))
  end)
end)
