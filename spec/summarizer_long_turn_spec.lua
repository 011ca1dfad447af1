-- The extractive summarizer on one long turn (contract 17): intermediate
-- conclusions chosen by information, installs and tracker steps named
-- before other passing commands, a test count per commit, the final reply
-- kept over the reply to a background task's notification.
local extractive = require "compact.summarizers.extractive"

local function user(content) return { role = "user", content = content } end
local function call(id, command, text)
  local content = {}
  if text then content[1] = { type = "text", text = text } end
  content[#content + 1] = { type = "tool_call", id = id, name = "Bash", arguments = { command = command } }
  return { role = "assistant", stop_reason = "tool_use", content = content }
end
local function result(id, text, is_error)
  return { role = "tool_result", tool_call_id = id, tool_name = "Bash", content = text, is_error = is_error }
end
local function say(text)
  return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } }
end

local function line(text, prefix)
  return text:match("\n" .. prefix:gsub("%p", "%%%0") .. "([^\n]*)")
end

local function summarize(messages)
  local text, err = assert(extractive.new()):summarize({ messages = messages })
  assert(text, tostring(err))
  return text
end

-- One request, then many steps: `steps` are { text, command, output }.
local function long_turn(steps, final)
  local messages = { user("finish the payments epic") }
  for i, step in ipairs(steps) do
    messages[#messages + 1] = call("c" .. i, step[2], step[1])
    messages[#messages + 1] = result("c" .. i, step[3] or "ok")
  end
  messages[#messages + 1] = say(final or "Done.")
  return messages
end

describe("extractive summarizer on one long turn", function()
  it("keeps the intermediate conclusions that state findings over narration", function()
    local t = summarize(long_turn({
      { "Let me look at the worker.", "mix compile" },
      { "The fixture has no `agent_id`, so the test must build it itself.", "mix test test/a_test.exs" },
      { "Now let me run the tests:", "mix test" },
      { "Now let me check formatting:", "mix format --check-formatted" },
      { "Made `current_trace_id/0` public because the enqueue path needs it.", "mix compile" },
      { "Now let me run credo:", "mix credo" },
      { "Let me commit:", "git status" },
      { "Now let me push:", "git log -1" },
      { "Pushing.", "git push" },
    }))
    local along = line(t, "- Along the way: ")
    assert.are.equal("The fixture has no `agent_id`, so the test must build it itself. / "
      .. "Made `current_trace_id/0` public because the enqueue path needs it.", along)
  end)

  it("leaves filler and announcements of the next step out of what it says along the way", function()
    local t = summarize(long_turn({
      { "Perfect! All 18 tests pass (3 new). Now let me run the full suite and credo:", "mix test a_test.exs" },
      { "Good catch! Let me check the auth store first:", "cat store.ts" },
      { "Oh no! The build fails because the TUI package does not export the theme. Let me fix it:", "npm run build" },
      { "I'll make `trace_id/0` public so both the controllers and the enqueue path can use it:", "mix compile" },
      { "Now let's commit:", "git status" },
      { "Now I understand. I'll use the streaming API. I'll check the logs.", "git log -1" },
      { "Let me run it again.", "make a" },
      { "Let me run it once more.", "make b" },
      { "Pushing.", "git push" },
    }))
    assert.are.equal("All 18 tests pass (3 new). / The build fails because the TUI package does not export the "
      .. "theme. / I'll make `trace_id/0` public so both the controllers and the enqueue path can use it: / "
      .. "I'll use the streaming API.",
      line(t, "- Along the way: "))
  end)

  it("says along the way what a short turn found between its calls, not only a long one's", function()
    local t = summarize(long_turn({
      { "Let me add the counter.", "make a" },
      { "After four sessions the break is 15 minutes, so `sessionsSinceLongBreak` must reset.", "make b" },
      { "Checking.", "make c" },
    }, "The long break works."))
    assert.are.equal("After four sessions the break is 15 minutes, so `sessionsSinceLongBreak` must reset.",
      line(t, "- Along the way: "))
    -- one call is no turn to report along
    t = summarize(long_turn({ { "The cache is stale because the key has no version.", "make a" } }, "Fixed."))
    assert.is_nil(line(t, "- Along the way: "))
  end)

  it("gives each text said along the way more room when the note is short", function()
    local finding = "I found the bug: the progress bar's `initialSeconds` is computed from the work length for"
      .. " every state, so short and long breaks both start the bar at the wrong width and never reach zero."
    assert.truthy(#finding > 120)
    local t = summarize(long_turn({ { "Let me start.", "make a" }, { finding, "make b" }, { "Checking.", "make c" } }))
    assert.are.equal(finding, line(t, "- Along the way: "))
  end)

  it("says along the way for an earlier turn when the note has room, plans that name their code included", function()
    local plan = "Now to `timer.js`: I'll add `isPaused`, change `startTimer` to `toggleTimer` and rename the button."
    local messages = { user("add a pause button"), call("a", "make a", "Let me look."), result("a", "ok"),
      call("b", "make b", plan), result("b", "ok"), say("Pause works."), user("now the docs"), say("Done.") }
    local t = summarize(messages)
    assert.are.equal(plan, t:match("\n  %- Along the way: ([^\n]*)"))
    assert.truthy(t:find("  - Said: Pause works.", 1, true))
    -- a short announcement that names code is still narration
    messages[4] = call("b", "make b", "Let me run `make b`.")
    assert.is_nil(summarize(messages):match("\n  %- Along the way: ([^\n]*)"))
  end)

  it("reports what a subagent's report says the delegated work did, along the way", function()
    local function task(id, prompt)
      return { role = "assistant", stop_reason = "tool_use", content = {
        { type = "tool_call", id = id, name = "Task", arguments = { description = prompt, prompt = prompt } } } }
    end
    local t = summarize({ user("create a TODO app"), call("l", "ls"), result("l", "README.md"),
      task("a", "Set up the project"),
      { role = "tool_result", tool_call_id = "a", tool_name = "Task",
        content = "Created `todo-app` with create-next-app and installed lucide-react because the icons need it." },
      task("b", "Write the types"),
      { role = "tool_result", tool_call_id = "b", tool_name = "Task", content = "Added the Todo type." },
      say("The app is ready.") })
    assert.are.equal("Created `todo-app` with create-next-app and installed lucide-react because the icons need it.",
      line(t, "- Along the way: "))
  end)

  it("says along the way what an edit's own instruction says it changes, after the text before it", function()
    local function replace(id, text, instruction)
      return { role = "assistant", stop_reason = "tool_use", content = { { type = "text", text = text },
        { type = "tool_call", id = id, name = "replace", arguments = { file_path = "/w/index.html",
          instruction = instruction, old_string = "<div id=\"timer\">", new_string = "<div id=\"progress-bar\">" } } } }
    end
    local t = summarize({ user("add a progress bar"),
      replace("a", "The timer needs a bar because the user asked for one.",
        "In the timer div, add a 'progress-bar' div so the remaining time shows."),
      { role = "tool_result", tool_call_id = "a", tool_name = "replace", content = "Successfully modified file." },
      replace("b", "Checking.", "Give '#progress-bar' a grey background."),
      { role = "tool_result", tool_call_id = "b", tool_name = "replace", content = "Successfully modified file." },
      replace("c", "Now the colour.", "Make '#progress' green."),
      { role = "tool_result", tool_call_id = "c", tool_name = "replace", content = "Successfully modified file." },
      say("The bar is in.") })
    assert.are.equal("The timer needs a bar because the user asked for one. / In the timer div, add a 'progress-bar' "
      .. "div so the remaining time shows. / Give '#progress-bar' a grey background.",
      line(t, "- Along the way: ")) -- a one-word filler and an announcement are left out, and so is the last
                                    -- text of a finished turn
  end)

  it("orders the most informative first when the room is short, keeping the chronology", function()
    local steps = {}
    for i = 1, 10 do
      steps[i] = { "Now let me run step " .. i .. " of the migration on the staging copy.", "make step" .. i }
    end
    steps[4] = { "The `orders` table lacks an index, so the migration must add it first.", "make step4" }
    local t = summarize(long_turn(steps))
    local along = line(t, "- Along the way: ")
    assert.truthy(along:find("The `orders` table lacks an index", 1, true), along)
    assert.truthy(#along <= 2 * 600, #along)
  end)

  it("names installs and tracker steps before other passing commands", function()
    local steps = {}
    for i = 1, 14 do steps[i] = { nil, "make target" .. i } end
    steps[15] = { nil, "npm install --save-dev happy-dom" }
    steps[16] = { nil, "bd sync" }
    steps[17] = { nil, "bd show pay-7" }
    local t = summarize(long_turn(steps))
    local ran = line(t, "- Ran: ")
    assert.truthy(ran:find("^`npm install %-%-save%-dev happy%-dom` passed; `bd sync` passed; `make target1` passed"), ran)
    assert.is_nil(ran:find("bd show", 1, true), ran) -- a tracker look-up is one of the others, past the limit
  end)

  it("ranks verdicts over other commands, a started task and an already named commit last", function()
    local steps = {}
    for i = 1, 8 do steps[i] = { nil, "touch note" .. i } end
    steps[9] = { nil, "git checkout -b feat/retries" } -- not a check
    steps[10] = { nil, "bd update pay-7 --status in_progress" }
    steps[11] = { nil, "git commit -m 'feat: retries'", "[main 1a2b3c4] feat: retries" }
    steps[12] = { nil, "mix credo --strict 2>&1 | tail -20", "found no issues" }
    steps[13] = { nil, "mix test 2>&1", "12 tests, 0 failures" }
    steps[14] = { nil, "bd close pay-7 --reason=\"Retries with exponential backoff and jitter on every webhook\"" }
    local ran = line(summarize(long_turn(steps)), "- Ran: ")
    assert.are.equal("`bd close pay-7 --reason=\"Retries with exponential backoff and...\"` passed; "
      .. "`mix credo --strict` passed; `mix test` passed; `touch note1` passed; `touch note2` passed; "
      .. "`touch note3` passed; `touch note4` passed; `touch note5` passed; `touch note6` passed; "
      .. "`touch note7` passed; `touch note8` passed; `git checkout -b feat/retries` passed; 2 more commands", ran)
  end)

  it("keeps one test count per commit, not only the last", function()
    local t = summarize(long_turn({
      { nil, "mix test", "120 tests, 0 failures" },
      { nil, "git commit -m 'feat: highlight code'", "[main 331f337] feat: highlight code" },
      { nil, "mix test", "127 tests, 0 failures" },
      { nil, "mix test", "141 tests, 0 failures" },
      { nil, "git commit -m 'test: regression coverage'", "[main af81c43] test: regression coverage" },
    }))
    assert.are.equal("`mix test`: 120 tests, 0 failures; committed 331f337: feat: highlight code; "
      .. "`mix test`: 141 tests, 0 failures; committed af81c43: test: regression coverage", line(t, "- Done: "))
  end)

  it("keeps the final reply when a background task's notification comes after it", function()
    local messages = long_turn({ { nil, "make all" } }, "All done: the epic is closed and bug PAY-9 is filed.")
    messages[#messages + 1] = user("<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n"
      .. "</task-notification>\nRead the output file to retrieve the result: /tmp/b1.output")
    messages[#messages + 1] = call("r", "cat /tmp/b1.output")
    messages[#messages + 1] = result("r", "ok")
    messages[#messages + 1] = say("That background run passed earlier; nothing to do.")
    local t = summarize(messages)
    assert.are.equal("All done: the epic is closed and bug PAY-9 is filed.", line(t, "- Assistant: "))
    assert.are.equal("That background run passed earlier; nothing to do.",
      line(t, "- Then, on a background task's notification: "))
    assert.is_nil(t:find("Read the output file", 1, true))
  end)

  -- an assistant message with only a reasoning summary and a call (Codex)
  local function reason(id, command, thought)
    return { role = "assistant", stop_reason = "tool_use", content = {
      { type = "thinking", thinking = thought },
      { type = "tool_call", id = id, name = "Bash", arguments = { command = command } } } }
  end

  it("tells a turn that only reasoned between its calls by its reasoning summaries, titles alone left out", function()
    local t = summarize({
      user("wire LM Studio in"),
      reason("a", "rg -n ollama", "**Planning the search**"),
      result("a", "src/chat.ts:3: ollama"),
      reason("b", "sed -n 1,80p src/chat.ts", "**Reading the handler**\n\nThe handler still sends Ollama's "
        .. "options object, so temperature must move to the top level."),
      result("b", "export const handleLocalChat = ..."),
      reason("c", "npm run lint", "**Designing the stream parser**\n\nLM Studio streams server-sent events, "
        .. "so processResponse needs a buffer for chunks split mid-line."),
    })
    assert.truthy(t:find("- Along the way: The handler still sends Ollama's options object, so temperature must "
      .. "move to the top level.", 1, true), t)
    assert.is_nil(t:find("Planning the search", 1, true), t)
    -- the last one says what was being done when it stopped
    assert.truthy(t:find("- The last request was still being worked on; last step: "
      .. "LM Studio streams server-sent events, so processResponse needs a buffer for chunks split mid-line.",
      1, true), t)
    -- a turn that said something between its calls is told by that
    t = summarize({
      user("wire LM Studio in"),
      reason("a", "rg -n ollama", "**Planning**\n\nI should look for every place that names the old server."),
      result("a", "src/chat.ts:3: ollama"),
      call("b", "sed -n 1,80p src/chat.ts", "The handler is in src/chat.ts because the hook imports it."),
      result("b", "export const handleLocalChat = ..."),
      call("c", "npm run lint", "Lint next, since the handler changed."),
      result("c", "ok"),
      say("Done."),
    })
    assert.is_nil(t:find("every place that names", 1, true), t)
  end)
end)
