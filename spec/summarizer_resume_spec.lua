-- The extractive summarizer on a session resumed after a compaction
-- (contract 17): the goal comes from the carried summary, not from the
-- /compact command or a background task's notification; the summary's
-- rules survive its sub-bullets; its open work goes stale once later work
-- made progress.
local extractive = require "compact.summarizers.extractive"

local built = require "spec.support.messages"
local user, call, say = built.user, built.call, built.say
local function result(id, text) return built.result(id, "Bash", text) end

local function section(text, heading)
  return text:match("\n?" .. heading:gsub("%p", "%%%0") .. "\n(.-)\n\n##")
    or text:match(heading:gsub("%p", "%%%0") .. "\n(.-)%s*$")
end

local function summarize(req)
  local text, err = assert(extractive.new()):summarize(req)
  assert(text, tostring(err))
  return text
end

-- A previous summary in Claude Code's numbered shape.
local PREVIOUS = table.concat({
  "This session is being continued from a previous conversation that ran out of context.",
  "",
  "Analysis:",
  "Let me go through it.",
  "",
  "Summary:",
  "1. Primary Request and Intent:",
  "   Work on ticket PAY-7: retry failed webhook deliveries.",
  "",
  "2. Key Technical Concepts:",
  "   - Exponential backoff with jitter",
  "   - Delivery failures must never block the request path",
  "   - Pre-commit hooks enforcing: format, lint, tests",
  "   - Updated `app.js` with the TranscriptHighlighter hooks",
  "",
  "8. Current Work:",
  "   The retry worker is NOT committed; compile error in retry_worker.ex.",
  "",
  "9. Optional Next Step:",
  "   Fix the compile error, then commit.",
  "",
  "If you need specific details from before compaction, read the full transcript at: /home/u/t.jsonl",
}, "\n")

local COMPACT = "<command-name>/compact</command-name>\n<command-message>compact</command-message>\n"
  .. "<command-args>and continue with the remaining tasks</command-args>"

local NOTIFICATION = "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n"
  .. "<summary>Background command \"Run tests\" completed (exit code 0)</summary>\n</task-notification>\n"
  .. "Read the output file to retrieve the result: /tmp/tasks/b1.output"

describe("extractive summarizer resumed after a compaction", function()
  it("takes the goal from the carried summary, never from /compact's arguments", function()
    local t = summarize({ previous_summary = PREVIOUS, messages = { user(COMPACT), say("Continuing.") } })
    assert.are.equal("Work on ticket PAY-7: retry failed webhook deliveries.", section(t, "## Goal"))
    -- the arguments stay a request
    assert.truthy(t:find("/compact and continue with the remaining tasks", 1, true))
  end)

  it("does not make /compact's arguments the goal without a previous summary either", function()
    local t = summarize({ messages = { user(COMPACT), user("fix the flaky login test"), say("Fixed.") } })
    assert.are.equal("fix the flaky login test", section(t, "## Goal"))
  end)

  it("never files a background task's notification as a request or the goal", function()
    local t = summarize({ messages = { user("add retries to the webhook sender"), say("Added."),
      user(NOTIFICATION), say("The background tests passed.") } })
    assert.are.equal("add retries to the webhook sender", section(t, "## Goal"))
    assert.is_nil(t:lower():find("read the output file", 1, true))
  end)

  it("keeps the summary's rules from its sub-bullets as constraints, drops the harness's lines", function()
    local t = summarize({ previous_summary = PREVIOUS, messages = { user("continue"), say("On it.") } })
    local constraints = section(t, "## Constraints and decisions")
    assert.truthy(constraints:find("- Delivery failures must never block the request path", 1, true))
    assert.truthy(constraints:find("- Pre-commit hooks enforcing: format, lint, tests", 1, true))
    assert.is_nil(constraints:find("backoff", 1, true)) -- background, not a rule
    assert.is_nil(constraints:find("app.js", 1, true)) -- a report of work, not a rule
    assert.is_nil(t:find("read the full transcript", 1, true))
    assert.is_nil(t:find("is being continued", 1, true))
  end)

  it("does not take a state line of the summary's open work for a rule because it says \"only\"", function()
    local previous = PREVIOUS:gsub("8%. Current Work:\n[^\n]*\n", "8. Current Work:\n"
      .. "   Added the status column (only to the visible table so far). All 12 tests pass; only lint blocks the commit.\n")
    local t = summarize({ previous_summary = previous, messages = { user("continue"), say("Looking.") } })
    local constraints = section(t, "## Constraints and decisions")
    assert.is_nil(constraints:find("status column", 1, true), constraints)
    assert.is_nil(constraints:find("lint blocks", 1, true), constraints)
    assert.truthy(t:find("- Was open: Added the status column (only to the visible table so far).", 1, true), t)
  end)

  it("keeps the summary's open work open while nothing was done since", function()
    local t = summarize({ previous_summary = PREVIOUS, messages = { user("continue"), say("Looking.") } })
    assert.truthy(t:find("- Was open: The retry worker is NOT committed; compile error in retry_worker.ex.", 1, true))
  end)

  it("marks the summary's open work as past once later work made progress", function()
    local t = summarize({ previous_summary = PREVIOUS, messages = {
      user("continue"),
      call("c1", "Bash", { command = "git commit -m 'retry worker'" }),
      result("c1", "[main 1a2b3c4] retry worker\n 1 file changed"),
      say("All done."),
    } })
    assert.is_nil(t:find("Was open", 1, true))
    -- one item of history: the open work, then the next step
    assert.truthy(t:find("- Pending at the last compaction: The retry worker is NOT committed; compile error in "
      .. "retry_worker.ex. / Fix the compile error, then commit.\n", 1, true), t)
    assert.truthy(t:find("committed 1a2b3c4: retry worker", 1, true))
  end)

  it("reads a summary's files section as one list of paths, and a task line with the bullets under it", function()
    local previous = PREVIOUS:gsub("Let me go through it%.\n", "**Task PAY-7.1: backoff** (COMPLETED)\n"
      .. "- Added jitter\n- 12 tests pass\n\n**Task PAY-7.2: retry worker** (IN PROGRESS)\n- Created the worker\n")
      :gsub("8%. Current Work:", "3. Files and Code Sections:\n"
        .. "   - **`/w/lib/backoff.ex`** (NEW)\n     - Computes the delay per attempt\n\n"
        .. "   - `lib/retry_worker.ex` - the worker, not compiled yet\n\n   - `lib/queue.ex` \226\128\148 the job queue\n\n"
        .. "   - Test files created:\n     - `test/backoff_test.exs` (12 tests)\n\n"
        .. "4. Profile page work:\n   - Added the avatar upload\n\n8. Current Work:")
    local t = summarize({ previous_summary = previous, cwd = "/w", messages = { user("continue"), say("On it.") } })
    local progress = section(t, "## Progress")
    assert.truthy(progress:find("- **Task PAY-7.1: backoff** (COMPLETED)\n  - Added jitter\n  - 12 tests pass\n"
      .. "- **Task PAY-7.2: retry worker** (IN PROGRESS)\n  - Created the worker\n", 1, true), progress)
    assert.truthy(progress:find("- Files: lib/backoff.ex (NEW), lib/retry_worker.ex (the worker, not compiled yet), "
      .. "lib/queue.ex (the job queue), test/backoff_test.exs (12 tests)\n", 1, true), progress)
    assert.truthy(progress:find("   - Added the avatar upload\n", 1, true), progress) -- "Profile" names no files
    assert.is_nil(progress:find("Computes the delay", 1, true))
  end)

  it("puts the summary's in-progress marks in the past once later work made progress", function()
    local previous = PREVIOUS:gsub("8%. Current Work:\n[^\n]*\n", "8. Current Work:\n"
      .. "   **PAY-7.2** (in_progress): retry worker. PAY-7.3: IN PROGRESS, not compiled.\n")
    local t = summarize({ previous_summary = previous, messages = {
      user("continue"),
      call("c1", "Bash", { command = "git commit -m 'retry worker'" }),
      result("c1", "[main 1a2b3c4] retry worker\n 1 file changed"),
      say("All done."),
    } })
    assert.truthy(t:find("- Pending at the last compaction: **PAY-7.2** (then in progress): retry worker. "
      .. "PAY-7.3: then in progress, not compiled. / Fix the compile error, then commit.\n", 1, true), t)
  end)

  it("gives a summary item's brief form the lines under it, with paths relative to the working directory", function()
    local LONG = "   - Checked every other line against the source: " .. ("nothing else differed; "):rep(12)
    local previous = table.concat({
      "## Current Progress", "", "### Completed", "",
      "1. **theme.md** (`/w/app/docs/theme.md`)", "   - Added missing `bashMode` token",
      "   - Fixed total count: 44 -> 46 color tokens", LONG, "",
      "2. **hooks.md** (`/w/app/docs/hooks.md`)", "   - Fixed: `tool_call` events have NO timeout", LONG,
    }, "\n")
    local messages = {}
    for i = 1, 4 do
      messages[#messages + 1] = user("review section " .. i .. " of the README against the source")
      messages[#messages + 1] = say("Section " .. i .. " reviewed: " .. ("it matches the source. "):rep(8))
    end
    local text, err = assert(extractive.new({ max_chars = 1100 })):summarize({
      previous_summary = previous, messages = messages, cwd = "/w/app" })
    assert(text, tostring(err))
    assert.truthy(text:find("\n- 1. **theme.md** (`docs/theme.md`): Added missing `bashMode` token; Fixed total "
      .. "count: 44 -> 46 color tokens...\n- 2. **hooks.md** (`docs/hooks.md`): Fixed: `tool_call` events have NO "
      .. "timeout; Checked every other line against the...\n", 1, true), text)
  end)

  it("goes on with a split turn's original request (pi's turn-prefix summary)", function()
    local previous = "## Goal\nShip the dashboard.\n\n**Turn Context (split turn):**\n\n## Original Request\n"
      .. "Add a bid/ask column to the table\n\n## Early Progress\n- attachBidAskBatch added in upstream.ts\n\n"
      .. "## Context for Suffix\n- Remaining: the COLS entry in Dashboard.tsx"
    local t = summarize({ previous_summary = previous, messages = {
      call("a", "Bash", { command = "npm run build" }), result("a", "built in 3s"),
      say("The column is in and the build passes.") } })
    assert.are.equal("Ship the dashboard.", section(t, "## Goal"))
    assert.truthy(t:find("- User: Add a bid/ask column to the table", 1, true), t)
    assert.truthy(t:find("Remaining: the COLS entry in Dashboard.tsx", 1, true), t)
    -- a request of the user's own first: the split turn's request is no turn's
    t = summarize({ previous_summary = previous, messages = { user("now fix the chart"), say("Fixed.") } })
    assert.truthy(t:find("- User: now fix the chart", 1, true), t)
    assert.is_nil(t:find("User: Add a bid/ask", 1, true), t)
  end)
end)
