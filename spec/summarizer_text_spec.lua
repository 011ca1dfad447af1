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

  it("keeps a one-line fenced command as inline code and drops a longer block", function()
    assert.are.same({ "Run it with:", "`python3 main.py`", "Type exit to quit." },
      (text.sentences("Run it with:\n```bash\npython3 main.py\n```\nType exit to quit.")))
    assert.are.same({ "Here:", "Done." }, (text.sentences("Here:\n```\na = 1\nb = 2\nc = 3\n```\nDone.")))
  end)

  it("ends no sentence at a list item's number", function()
    assert.are.same({ "The fix: 1. Queue the message.", "2. Flush it at the end." },
      (text.sentences("The fix: 1. Queue the message. 2. Flush it at the end.")))
  end)

  it("shortens a reply in three or more parts to the start of each part first", function()
    local reply = table.concat({ "Report:", "## Dependencies", "Ash 3.0 is the core. It has many extensions.",
      "## Routes", "Two live routes: / and /panes/:pane_id. Both are live views.",
      "## Gaps", "No persistence of pane data. No authentication either." }, "\n")
    assert.are.equal("Report: Dependencies Ash 3.0 is the core. Routes Two live routes: / and /panes/:pane_id. "
      .. "Gaps No persistence of pane data.", text.shorten(reply, 140))
    -- in fewer parts, the leading sentences
    assert.are.equal("Ash 3.0 is the core. It has many extensions.",
      text.shorten("Ash 3.0 is the core. It has many extensions. Two live routes.", 50))
  end)

  it("quotes the message above a bare location, then the place; a time of day is no location", function()
    assert.are.equal("[D] Nested modules could be aliased at the top. (waiting_summary.ex:110:10)",
      text.failure_reason("[CREDO]\n┃ [D] Nested modules could be aliased at the top.\n"
        .. "┃       lib/spotter/waiting_summary.ex:110:10 #(Spotter.call_llm)\n", 140))
    assert.are.equal("src/a.ts:3:4 - error TS2322: bad", text.failure_reason("src/a.ts:3:4 - error TS2322: bad", 100))
    assert.are.equal('19:51:48"}', text.failure_reason('{"msg":"started"\n19:51:48"}', 100))
  end)
end)
