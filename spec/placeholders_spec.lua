-- The placeholders left in place of content given up, and the archive id
-- they name read back (what ties a restored copy to its archived original).
local placeholders = require "compact.placeholders"
local fit = require "compact.fit"

describe("placeholders.recall_id", function()
  it("reads back the id every placeholder with a recall id names", function()
    for _, kind in ipairs({ "cleared", "cut", "truncated" }) do
      local text = placeholders.replacement(kind, 120, "original", { recall_id = 42 })
      assert.are.equal(42, placeholders.recall_id("head\n" .. text .. "\ntail"), text)
      assert.is_nil(placeholders.recall_id(placeholders.replacement(kind, 120, "original")))
    end
    assert.are.equal(7, placeholders.recall_id("a\n" .. fit.marker(900, 7) .. "\nb"))
    assert.are.equal(7, placeholders.recall_id(fit.IMAGE_TEXT:sub(1, -2) .. fit.recall(7) .. "]"))
  end)

  it("names one id or none: two ids, free text, bad values", function()
    assert.are.equal(3, placeholders.recall_id(fit.marker(10, 3) .. " and " .. fit.marker(20, 3)))
    assert.is_nil(placeholders.recall_id(fit.marker(10, 3) .. " and " .. fit.marker(20, 4)))
    assert.is_nil(placeholders.recall_id("see recall #12 for the log; recall #12"))
    assert.is_nil(placeholders.recall_id("[... 5 bytes cut by compaction; recall #x ...]"))
    assert.is_nil(placeholders.recall_id(fit.marker(10, 1234567890123456)))
    assert.is_nil(placeholders.recall_id(nil))
    assert.is_nil(placeholders.recall_id({}))
  end)
end)
