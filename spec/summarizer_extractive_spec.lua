-- compact.summarizers.extractive: the offline handoff note.
local extractive = require "compact.summarizers.extractive"
local errors = require "compact.errors"
local cancel = require "compact.cancel"

local built = require "spec.support.messages"
local user, call, result, say = built.user, built.call, built.result, built.say

-- The lines under `heading`, up to the next heading or the end.
local function section(text, heading)
  local body = text:match("\n?" .. heading:gsub("%p", "%%%0") .. "\n(.-)\n\n##")
    or text:match(heading:gsub("%p", "%%%0") .. "\n(.-)%s*$")
  return body
end

local function summarize(req, config)
  local s = assert(extractive.new(config))
  local text, usage = s:summarize(req)
  assert.is_string(text, tostring(usage))
  return text, usage
end

local function count(text, needle)
  local n, start = 0, 1
  while true do
    local at = text:find(needle, start, true)
    if not at then return n end
    n, start = n + 1, at + 1
  end
end

local conversation = {
  user("/model"),
  user("ok"),
  user("Add a --verbose flag to src/cli.lua. Never print to stdout from library code, only from the CLI."),
  call("c1", "read", { path = "src/cli.lua" }, "Reading the CLI first."),
  result("c1", "read", "local M = {}"),
  call("c2", "edit", { path = "src/cli.lua", old = "a", new = "b" }),
  result("c2", "edit", "ok"),
  call("c3", "bash", { command = "make test" }),
  result("c3", "bash", "FAIL spec/cli_spec.lua:12: expected true\nCommand exited with code 1", true),
  call("c4", "bash", { command = "make test" }),
  result("c4", "bash", "12 successes / 0 failures / 0 errors / 0 pending"),
  { role = "assistant", stop_reason = "aborted", content = {
    { type = "tool_call", id = "c9", name = "write", arguments = { path = "ABORTED.lua" } } } },
  say("The flag is in and the specs pass. The spec needed a fake stdout. Nothing else changed."),
  user("Also document it in README.md"),
  call("c5", "write", { path = "docs/cli.md", content = "..." }),
  result("c5", "write", "written"),
  call("c6", "bash", { command = "make docs" }),
  result("c6", "bash", "building...\nCommand exited with code 2"),
  say("Documented in docs/cli.md, but `make docs` fails. I'd fix the docs build next."),
}

describe("extractive summarizer", function()
  it("validates its config", function()
    for _, config in ipairs({ "x", { max_chars = 0 }, { max_chars = 199 }, { max_chars = 1.5 },
                              { max_chars = "100" }, { max_chars = math.huge } }) do
      local s, err = extractive.new(config)
      assert.is_nil(s)
      assert.is_true(errors.is(err, errors.sentinels.ErrInvalidConfig))
    end
    assert.are.equal(6000, extractive.DEFAULT_MAX_CHARS)
    assert.are.equal(6000, assert(extractive.new()).max_chars)
    assert.are.equal(500, assert(extractive.new({ max_chars = 500 })).max_chars)
  end)

  describe("the handoff note", function()
    local text, usage = summarize({ messages = conversation })

    it("states the goal: the first substantive request", function()
      assert.are.same({ input = 0, output = 0, cache_read = 0, cache_write = 0 }, usage)
      assert.are.equal("Add a --verbose flag to src/cli.lua. Never print to stdout from library code, only from the CLI.",
        section(text, "## Goal"))
      assert.is_nil(text:find("/model", 1, true))
    end)

    it("lists the constraints the user gave, those the goal shows whole not twice", function()
      assert.truthy(section(text, "## Goal"):find("Never print to stdout from library code, only from the CLI.", 1, true))
      assert.is_nil(section(text, "## Constraints and decisions"), text)
      local later = summarize({ messages = { conversation[3], say("Added."),
        user("Keep the flag's output on stderr, never on stdout."), say("Moved.") } })
      assert.are.equal("- Keep the flag's output on stderr, never on stdout.", section(later, "## Constraints and decisions"))
    end)

    it("says what was done, with outcomes and the assistant's conclusion", function()
      local progress = section(text, "## Progress")
      assert.are.equal(table.concat({
        "- The request under Goal",
        "  - Ran: `make test` failed: spec/cli_spec.lua:12: expected true, then passed; edited 1 file",
        "  - Done: `make test`: 12 successes / 0 failures / 0 errors / 0 pending",
        "  - Said: The flag is in and the specs pass. The spec needed a fake stdout. Nothing else changed.",
      }, "\n"), progress)
    end)

    it("ends with the open work and the latest exchange", function()
      assert.are.equal(table.concat({
        "- Still failing: `make docs` FAILED: Command exited with code 2",
        "- I'd fix the docs build next." }, "\n"), section(text, "## Open work"))
      assert.are.equal(table.concat({
        "- User: Also document it in README.md",
        "- Ran: `make docs` FAILED; edited 1 file",
        "- Assistant: Documented in docs/cli.md, but `make docs` fails. I'd fix the docs build next." }, "\n"),
        section(text, "## Latest exchange"))
    end)

    it("leaves failed attempts and file lists out of the text", function()
      assert.is_nil(text:find("ABORTED", 1, true))
      assert.is_nil(text:find("Files", 1, true))
      assert.is_nil(text:find("<read-files>", 1, true))
    end)
  end)

  it("orders outcomes in time: a failure followed by a pass reads 'failed, then passed'", function()
    local text = summarize({ messages = {
      user("fix the parser please"),
      call("a", "bash", { command = "make test" }), result("a", "bash", "1 failure", true),
      call("b", "bash", { command = "make test" }), result("b", "bash", "ok"),
      say("Fixed."), user("thanks, next one") } })
    assert.truthy(section(text, "## Progress"):find("`make test` failed: 1 failure, then passed", 1, true))
  end)

  it("recognises failures in output without an error flag", function()
    local outputs = {
      { "Command exited with code 1", false }, { "exit status 2", false }, { "exit=3", false },
      { "3 successes / 1 failure / 0 errors / 0 pending", false }, { "Tests: 2 failed, 10 passed", false },
      { "FAILED tests/test_x.py::test_y", false }, { "npm error code 2", false },
      { "src/a.ts(3,1): error TS2304: Cannot find name", false }, { "make: *** [all] Error 1", false },
      { "exit=0", true }, { "13 successes / 0 failures / 0 errors / 0 pending", true }, { "all good", true },
      { "Tests: 0 failed, 10 passed", true },
    }
    for i, case in ipairs(outputs) do
      local text = summarize({ messages = { user("run the checks now"), call("x", "bash", { command = "check" }),
                                            result("x", "bash", case[1]), say("Done.") } })
      local ran = section(text, "## Latest exchange")
      if case[2] then
        assert.truthy(ran:find("`check` passed", 1, true), i .. ": " .. ran)
      else
        assert.truthy(ran:find("`check` FAILED", 1, true), i .. ": " .. ran)
        assert.truthy(section(text, "## Open work"):find("Still failing: `check` FAILED", 1, true), i)
      end
    end
  end)

  it("counts a search that found nothing as a look-up, not a failure", function()
    local text = summarize({ messages = { user("is there any console.log left?"),
      call("g", "bash", { command = "grep -rn console.log src" }), result("g", "bash", "Command exited with code 1", true),
      say("No, none is left.") } })
    assert.truthy(text:find("- Ran: 1 look-up", 1, true))
    assert.is_nil(text:find("FAILED", 1, true))
  end)

  it("shortens conclusions at sentence boundaries, never inside a sentence", function()
    local sentences = {}
    for i = 1, 40 do sentences[i] = "Sentence number " .. i .. " explains one more detail of the change." end
    local long = table.concat(sentences, " ")
    local text = summarize({ messages = { user("explain the change in detail"), say(long),
                                          user("and the next step?"), say("Tests.") } })
    local said = section(text, "## Progress"):match("  %- Said: ([^\n]*)")
    assert.truthy(#said <= 6 * 240) -- 240 bytes, up to six times that when the budget has room
    assert.truthy(said:match("%.$"), said)
    assert.are.equal(1, long:find(said, 1, true))
  end)

  it("gives a short session's earlier conclusion up to six times its base room", function()
    local sentences = {}
    for i = 1, 20 do sentences[i] = "Part " .. i .. " of the report names one more finished piece." end
    local long = table.concat(sentences, " ") -- 20 sentences, about 1000 bytes: more than 3 x 240
    assert.truthy(#long > 3 * 240 and #long < 6 * 240)
    local text = summarize({ messages = { user("build the whole app"), say(long),
                                          user("now update the docs"), say("Updated.") } })
    assert.are.equal(long, section(text, "## Progress"):match("  %- Said: ([^\n]*)"))
    -- the user's words grow only three times: a longer note repeats them
    local asked = ("please also change part %d of the app so it works; "):rep(40):gsub("%%d", "x")
    text = summarize({ messages = { user("build the whole app"), say("Built."), user(asked), say(long),
                                    user("now update the docs"), say("Updated.") } })
    -- (the goal's own turn said only "Built.": no entry of its own)
    local entry = ("\n" .. section(text, "## Progress")):match("\n%- (please[^\n]*)")
    assert.truthy(#entry <= 3 * 240 and #entry > 2 * 240, #entry)
    assert.are.equal(long, section(text, "## Progress"):match("please[^\n]*\n  %- Said: ([^\n]*)"))
    -- a session that fills the budget keeps the base room
    local many = { user("build the whole app"), say(long) }
    for i = 1, 40 do
      many[#many + 1] = user("request " .. i .. " asks for one more change to module " .. i .. " of the app")
      many[#many + 1] = say(long)
    end
    local full = summarize({ messages = many })
    for said in full:gmatch("  %- Said: ([^\n]*)") do assert.truthy(#said <= 3 * 240, #said) end
  end)

  it("reports an unfinished last step instead of cutting it", function()
    local text = summarize({ messages = { user("release it"),
      call("v", "bash", { command = "npm publish" }, "All set. Let me verify:"),
      result("v", "bash", "npm error code E403", true) } })
    assert.truthy(section(text, "## Open work"):find(
      "- The last request was still being worked on; last step: All set. Let me verify:", 1, true))
    assert.truthy(section(text, "## Latest exchange"):find("- Ran: `npm publish` FAILED", 1, true))
  end)

  it("shortens shell output pasted into a request", function()
    local pasted = { "the app crashes on start:", "" }
    for i = 1, 30 do pasted[#pasted + 1] = "    at frame" .. i .. " (/src/app.ts:" .. i .. ":3)" end
    table.insert(pasted, 4, "Error: Variable reference not found: dimGray")
    pasted[#pasted + 1] = "please fix it"
    local text = summarize({ messages = { user(table.concat(pasted, "\n")) } })
    assert.are.equal("- User: the request under Goal", section(text, "## Latest exchange"))
    local request = section(text, "## Goal")
    assert.are.equal("the app crashes on start: [pasted output, 31 lines: \"Error: Variable reference not found: "
      .. "dimGray\"] please fix it", request)
    assert.is_nil(text:find("frame7", 1, true))
  end)

  it("takes a request written in Chinese for the goal, not a '.' before it", function()
    local text = summarize({ messages = { user("."), say("I'll look at the project."),
      user("問一下, 超過 200,000 token 的費用是不是沒有加到 spendFn 裡面"), say("Not yet; adding it.") } })
    assert.are.equal("問一下, 超過 200,000 token 的費用是不是沒有加到 spendFn 裡面", section(text, "## Goal"))
  end)

  it("takes the first request with the user's own words for the goal, not a paste before it", function()
    local code = { "func extractModel(body string) string {" }
    for i = 1, 6 do code[#code + 1] = "\tif len(parts) >= " .. i .. " { return parts[" .. i .. "] }" end
    code[#code + 1] = "}"
    local text = summarize({ messages = { user(table.concat(code, "\n")), say("This extracts the model name."),
      user("the parser finds no tokens in this part, please add some logs"), say("Added logs.") } })
    assert.are.equal("the parser finds no tokens in this part, please add some logs", section(text, "## Goal"))
    -- nor a long command pasted alone
    text = summarize({ messages = { user("CGO_ENABLED=0 go build -v -tags 'sqlite' -ldflags '-s -w -X app/version.V=1' "
      .. "-o out/gateway ./cmd/gateway"), say("It builds."), user("now make the build reproducible"), say("Done.") } })
    assert.are.equal("now make the build reproducible", section(text, "## Goal"))
  end)

  it("takes the first four rules of a request that is a long spec, so the work still has room", function()
    local rules = { "Build a small Rails app for the donation page." }
    for i = 1, 12 do rules[#rules + 1] = "You must keep rule " .. i .. " of the assignment in mind." end
    local text = summarize({ messages = { user("set up the repository for the take-home"), say("Set up."),
      user(table.concat(rules, " ")), say("Planned.") } })
    local constraints = section(text, "## Constraints and decisions")
    assert.truthy(constraints:find("rule 4 of", 1, true), text)
    assert.is_nil(constraints:find("rule 5 of", 1, true), text)
    -- rules the goal shows whole are not said twice
    text = summarize({ messages = { user(table.concat(rules, " ")), say("Planned.") } })
    assert.truthy(section(text, "## Goal"):find("rule 4 of", 1, true), text)
    assert.is_nil(section(text, "## Constraints and decisions"), text)
  end)

  it("says shortly what each turn concluded when the whole entries do not fit", function()
    local msgs = {}
    for i = 1, 30 do
      msgs[#msgs + 1] = user("continue with phase " .. i .. " of the port, the module number " .. i)
      for k = 1, 3 do
        msgs[#msgs + 1] = call("c" .. i .. k, "bash", { command = "make test-" .. i .. "-" .. k })
        msgs[#msgs + 1] = result("c" .. i .. k, "bash", "ok")
      end
      msgs[#msgs + 1] = say("Phase " .. i .. " is done: module" .. i .. " now parses its config with the new "
        .. "reader. " .. string.rep("It also cleans up the old helpers and their tests. ", 8))
    end
    local text = summarize({ messages = msgs })
    -- the conclusions of older turns, shortly, not only their requests
    local progress = section(text, "## Progress")
    local said = 0
    for _ in progress:gmatch("Said: Phase %d+ is done") do said = said + 1 end
    assert.truthy(said >= 16, said)
    assert.truthy(#text <= 6000, #text)
  end)

  it("names a test count by the step of a chain that tests, and reads what a Codex code-mode cell patched", function()
    local cell = 'const patch = "*** Begin Patch\\n*** Update File: src/risk.rs\\n@@\\n+// exposure counts in the '
      .. 'notional gate\\n*** End Patch";\nawait tools.apply_patch(patch);'
    local text = summarize({ messages = { user("fix the risk gate and run the tests"),
      call("p", "exec", { input = cell }), result("p", "exec", "Script completed\nWall time 0.3 seconds\nOutput:\n{}"),
      call("t", "exec", { input = 'const r = await tools.exec_command({"cmd":"cargo fmt --all && cargo test"});' }),
      result("t", "exec", "Script completed\nWall time 2 seconds\nOutput:\ntest result: ok. 13 passed; 0 failed\n"
        .. "test result: ok. 0 passed; 0 failed"),
      say("Fixed.") }, cwd = "/w" })
    assert.truthy(text:find("`cargo test`: test result: ok. 13 passed; 0 failed", 1, true), text)
    assert.truthy(text:find("- Changed `src/risk.rs`: `// exposure counts in the notional gate`", 1, true), text)
  end)

  it("names a test count by the first step that tests, not a later check or an 'inspect' (review)", function()
    local text = summarize({ messages = { user("run the tests and check the build"),
      call("t", "bash", { command = "cargo test && cargo check" }),
      result("t", "bash", "test result: ok. 13 passed; 0 failed"),
      call("u", "bash", { command = "pytest -q && docker inspect app" }),
      result("u", "bash", "===== 4 passed in 0.1s ====="),
      say("Done.") }, cwd = "/w" })
    assert.truthy(text:find("`cargo test`: test result: ok. 13 passed; 0 failed", 1, true), text)
    assert.truthy(text:find("`pytest`: 4 passed in 0.1s", 1, true), text)
  end)

  it("shows paths relative to a Windows working directory and names it", function()
    local text = summarize({ messages = { user("fix the hero image"),
      call("r", "shell_command", { command = "Get-Content C:\\App\\components\\hero.tsx", workdir = "C:\\App" }),
      result("r", "shell_command", "Exit code: 0\nWall time: 0.2 seconds\nOutput:\nexport function Hero() {}"),
      say("Fixed C:\\App\\components\\hero.tsx.") }, cwd = "C:\\App" })
    assert.truthy(text:find("Fixed components\\hero.tsx.", 1, true), text)
    assert.truthy(text:find("Working directory: `C:\\App`", 1, true), text)
  end)

  it("gives the room a note leaves to the last reply, so a long report's later findings stay", function()
    local findings = { "**Findings**" }
    for i = 1, 40 do
      findings[#findings + 1] = i .. ". Finding number " .. i .. " is that the handler " .. i
        .. " drops its context before the retry, so the second attempt logs nothing useful at all."
    end
    -- a long request: a larger scale would not fit, the note stays at its base
    local plan = "Review the retry plan against the code. " .. string.rep("The plan retries each handler once. ", 80)
    local text = summarize({ messages = { user(plan), say(table.concat(findings, "\n")) } })
    assert.truthy(text:find("Finding number 25", 1, true), text)
    assert.truthy(#text <= 6000, #text)
  end)

  it("drops a previous summary's Markdown rules, and says so when a section is left out whole", function()
    local text = summarize({ previous_summary = "## Goal\nPort the lexer.\n\n## Progress\n- ---\n- Ported the scanner.",
      messages = { user("now port the parser") } })
    assert.is_nil(text:find("\n- ---", 1, true), text)
    assert.truthy(text:find("- Ported the scanner.", 1, true), text)
    local msgs = {}
    for i = 1, 6 do
      msgs[#msgs + 1] = user("You must keep rule " .. i .. " of the port in mind, it is a long rule that takes room.")
      msgs[#msgs + 1] = say("Kept rule " .. i .. ".")
    end
    msgs[#msgs + 1] = user("now the parser")
    text = summarize({ messages = msgs }, { max_chars = 400 })
    assert.truthy(text:find("## Progress\n%- %(%d+ more items? left out%)"), text)
    assert.truthy(#text <= 400, #text)
  end)

  it("gives a reused session id to the newest command: a later miss is not an earlier one's outcome", function()
    local text = summarize({ messages = { user("run the tests twice"),
      call("a", "exec_command", { cmd = "npm test" }),
      result("a", "exec_command", "Chunk ID: a1\nProcess running with session ID 5\nOutput:\n"),
      call("b", "exec_command", { cmd = "npm run lint" }),
      result("b", "exec_command", "Chunk ID: b1\nProcess running with session ID 5\nOutput:\n"),
      call("p1", "write_stdin", { session_id = 5, chars = "" }),
      result("p1", "write_stdin", "Chunk ID: b2\nProcess exited with code 0\nOutput:\nlint clean"),
      call("p2", "write_stdin", { session_id = 5, chars = "" }),
      result("p2", "write_stdin", "write_stdin failed: Unknown process id 5", true),
      say("Lint is clean.") } })
    assert.truthy(text:find("`npm run lint` passed", 1, true), text)
    assert.is_nil(text:find("Unknown process id", 1, true), text)
  end)

  it("reads how a Codex command still running ended from the polls of it", function()
    local text = summarize({ messages = { user("run the tests"),
      call("t", "exec_command", { cmd = "cargo test --workspace" }),
      result("t", "exec_command", "Chunk ID: a1\nWall time: 5 seconds\nProcess running with session ID 76499\nOutput:\n"),
      call("p1", "write_stdin", { session_id = 76499, chars = "" }),
      result("p1", "write_stdin", "Chunk ID: a2\nWall time: 5 seconds\nProcess running with session ID 76499\nOutput:\n"),
      call("p2", "write_stdin", { session_id = 76499, chars = "" }),
      result("p2", "write_stdin", "Chunk ID: a3\nProcess exited with code 101\nOutput:\nerror[E0599]: no method named "
        .. "`query` found\nerror: could not compile `core`"),
      -- a code-mode cell polled with wait
      call("c", "exec", { input = 'await tools.exec_command({"cmd":"npm run build"});' }),
      result("c", "exec", "Script running with cell ID 46\nWall time 10.0 seconds\nOutput:\n"),
      call("w", "wait", { cell_id = "46" }),
      result("w", "wait", "Script completed\nWall time 0.1 seconds\nOutput:\nbuilt in 2.1s"),
      say("The tests fail to compile; the build passes.") } })
    assert.truthy(text:find("Still failing: `cargo test --workspace` FAILED: error: could not compile `core`", 1, true),
      text)
    assert.truthy(text:find("`npm run build` passed", 1, true), text)
    -- the polls are no commands of their own
    assert.is_nil(text:find("write_stdin", 1, true), text)
    assert.is_nil(text:find("wait", 1, true), text)
  end)

  it("takes no later poll of a finished Codex command for its outcome, and a float session id for its own", function()
    local text = summarize({ messages = { user("run the tests"),
      call("t", "exec_command", { cmd = "cargo test --workspace" }),
      result("t", "exec_command", "Chunk ID: a1\nProcess running with session ID 76499\nOutput:\n"),
      call("p1", "write_stdin", { session_id = 76499.0, chars = "" }),
      result("p1", "write_stdin", "Chunk ID: a3\nProcess exited with code 0\nOutput:\ntest result: ok. 5 passed"),
      call("p2", "write_stdin", { session_id = 76499, chars = "" }),
      result("p2", "write_stdin", "write_stdin failed: Unknown process id 76499", true),
      say("Done.") } })
    assert.truthy(text:find("`cargo test --workspace` passed", 1, true), text)
    assert.is_nil(text:find("FAILED", 1, true), text)
    assert.is_nil(text:find("Unknown process", 1, true), text)
  end)

  it("shows text paths relative to a Windows working directory in any case and separator", function()
    local text = summarize({ messages = { user("fix the hero image"),
      say("Fixed c:/app/components/hero.tsx and C:\\APP\\lib\\a.ts.") }, cwd = "C:\\App" })
    assert.truthy(text:find("Fixed components/hero.tsx and lib\\a.ts.", 1, true), text)
  end)

  it("quotes a pasted error line from the error's name on", function()
    local text = summarize({ messages = { user("hook.js:608 [ErrorBoundary:App] ReferenceError: React is not defined\n"
      .. "    at AppInner (App.tsx:141:27)\n    at renderWithHooks (chunk.js:11548:26)") } })
    assert.are.equal("[pasted output, 3 lines: \"ReferenceError: React is not defined\"]", section(text, "## Goal"))
  end)

  it("keeps a request's bullet list, quotes and dashes as prose; a shell prompt's arrow is still output", function()
    local text = summarize({ messages = { user("Build a timer app. It should:\n•Start a 25-minute timer."
      .. "\n•Show how many sessions were completed.\n“Reset” restarts it.") } })
    assert.are.equal("Build a timer app. It should: •Start a 25-minute timer. •Show how many sessions"
      .. " were completed. “Reset” restarts it.", section(text, "## Goal"))
    text = summarize({ messages = { user("it fails:\n➜ app git:(main) make\n➜ app git:(main) make"
      .. " test\nwhy?") } })
    assert.are.equal("it fails: [pasted output, 2 lines: \"➜ app git:(main) make\"] why?",
      section(text, "## Goal"))
  end)

  it("reports a request sent again right after once, at its last sending", function()
    local text = summarize({ messages = {
      user("fix the build error in logs/build.txt"), say("The first fix."),
      user("logs/build.txt still fails"), say("Isolated the server file."),
      user("logs/build.txt still fails"), say("Moved it out of the tree."),
      user("now add CORS headers"), say("Added.") } })
    local progress = section(text, "## Progress")
    assert.are.equal(1, count(progress, "- logs/build.txt still fails"))
    assert.truthy(progress:find("- logs/build.txt still fails\n  - Said: Moved it out of the tree.", 1, true), progress)
    assert.is_nil(progress:find("Isolated the server file.", 1, true))
    -- the same request later, after another one, is an entry of its own
    text = summarize({ messages = { user("create the project skeleton"), say("Started."), user("run the checks please"),
      say("Ran them."),
      user("bump the version"), say("Bumped."), user("run the checks please"), say("Ran them again."),
      user("ship it"), say("Shipped.") } })
    assert.are.equal(2, count(section(text, "## Progress"), "- run the checks please"))
  end)

  it("mentions images: attached ones and pasted screenshot paths", function()
    local text = summarize({ messages = {
      user({ { type = "text", text = "what is wrong in this screenshot?" },
             { type = "image", mime_type = "image/png", data = "AAAA" } }),
      say("The border is off."),
      user("'/var/folders/T/Screenshot 2025-11-21 at 01.27.21.png'\n\nand this one, why do colors differ?") } })
    assert.are.equal("what is wrong in this screenshot?", section(text, "## Goal"))
    assert.truthy(section(text, "## Progress"):find("- The request under Goal [1 image]", 1, true))
    assert.truthy(section(text, "## Latest exchange"):find(
      "[image: Screenshot 2025-11-21 at 01.27.21.png] and this one, why do colors differ? [1 image]", 1, true))
  end)

  describe("budget", function()
    local function big_history(n, topic_at)
      local messages = {}
      for i = 1, n do
        local words = i == topic_at and "migrate the database schema" or "tune the renderer"
        messages[#messages + 1] = user(string.format("request %05d: %s %s", i, words, string.rep("please ", 20)))
        messages[#messages + 1] = call("id" .. i, i % 2 == 0 and "edit" or "bash",
          { path = string.format("src/file_%02d.lua", i % 40), command = "make check" })
        messages[#messages + 1] = result("id" .. i, "bash", string.rep("output ", 50), i % 7 == 0)
        messages[#messages + 1] = say("Done with request " .. i .. ". All checks pass now.")
      end
      return messages
    end

    for _, max_chars in ipairs({ 200, 1000, 4000, 6000, 16000 }) do
      it("stays within max_chars = " .. max_chars .. ", newest first", function()
        local text = summarize({ messages = big_history(600), previous_summary = "OLD\n" .. string.rep("x ", 5000) },
          { max_chars = max_chars })
        assert.is_true(#text <= max_chars, #text .. " > " .. max_chars)
        if max_chars >= 1000 then
          assert.truthy(text:find("request 00600", 1, true))
          assert.is_nil(text:find("request 00300", 1, true))
          assert.truthy(text:find("## Goal\nrequest 00001", 1, true))
        end
        if max_chars >= 4000 then
          assert.truthy(text:find("request 00599", 1, true))
          assert.truthy(text:find("more items left out", 1, true))
        end
      end)
    end

    it("keeps the stored summary, file lists included, within max_chars", function()
      local compact = require "compact"
      local s = assert(extractive.new { max_chars = 3000 })
      local compactor = assert(compact.new { summarizer = s })
      local messages = big_history(300)
      local out = assert(compactor:apply({ messages = messages },
        { first_kept_index = #messages + 1, messages_to_summarize = messages, turn_prefix_messages = {} }))
      assert.truthy(out.summary:find("<modified-files>", 1, true))
      assert.is_true(#out.summary <= 3000, tostring(#out.summary))
    end)

    it("keeps what the instructions ask for first", function()
      local messages = big_history(400, 3)
      local plain = summarize({ messages = messages }, { max_chars = 2000 })
      assert.is_nil(plain:find("database", 1, true))
      local focused = summarize({ messages = messages, instructions = "Focus on the database migration." },
        { max_chars = 2000 })
      assert.truthy(focused:find("request 00003: migrate the database schema", 1, true))
      assert.is_true(#focused <= 2000)
    end)

    it("never splits a UTF-8 sequence when cutting", function()
      local text = summarize({ messages = { user(string.rep("\226\130\172", 3000)) } }, { max_chars = 300 })
      assert.is_true(#text <= 300)
      for char in text:gmatch("[\192-\244][\128-\191]*") do assert.are.equal("\226\130\172", char) end
    end)
  end)

  describe("previous summary", function()
    it("merges its own sections instead of quoting the summary", function()
      local first = summarize({ messages = conversation })
      local second = summarize({ messages = { user("Now add --quiet, and keep the output stable."),
        call("q", "edit", { path = "src/quiet.lua" }), result("q", "edit", "ok"), say("Added --quiet.") },
        previous_summary = first })
      assert.are.equal(section(first, "## Goal"), section(second, "## Goal"))
      -- (the goal says "Never print to stdout ..." already)
      assert.are.equal("- Now add --quiet, and keep the output stable.", section(second, "## Constraints and decisions"))
      local progress = section(second, "## Progress")
      assert.truthy(progress:find("- The request under Goal", 1, true))
      assert.truthy(progress:find("  - Said: The flag is in and the specs pass.", 1, true))
      assert.truthy(progress:find("- Earlier exchange:\n  - User: Also document it in README.md", 1, true))
      assert.are.equal(1, count(second, "## Goal"))
      assert.is_nil(second:find("> ", 1, true))
      assert.truthy(section(second, "## Latest exchange"):find("- User: Now add --quiet", 1, true))
    end)

    it("merges the sections of a model-written summary", function()
      local foreign = table.concat({
        "## Goal", "Port the theme system.", "",
        "## Constraints and preferences", "- Use RGB values, not palette indices", "",
        "## Progress", "### Done", "- [x] Ported the selectors", "### In progress", "- [ ] Light theme", "",
        "## Next steps", "1. Release 0.8.0", "",
        "<read-files>\na.lua\n</read-files>" }, "\n")
      local text = summarize({ messages = { user("continue with the light theme"), say("Light theme done.") },
                               previous_summary = foreign })
      assert.are.equal("Port the theme system.", section(text, "## Goal"))
      assert.are.equal("- Use RGB values, not palette indices", section(text, "## Constraints and decisions"))
      assert.are.equal("- [x] Ported the selectors\n- Was open: Light theme\n- Was open: Release 0.8.0",
        section(text, "## Progress"))
      assert.is_nil(text:find("read-files", 1, true))
    end)

    it("keeps the previous summary's constraints ahead of new progress", function()
      local messages = {}
      for i = 1, 60 do
        messages[#messages + 1] = user("request " .. i .. ": tune the renderer a little more")
        messages[#messages + 1] = say("Tuned it, step " .. i .. ".")
      end
      local previous = "## Goal\nShip the renderer.\n\n## Constraints and decisions\n- Never touch the database schema."
      local text = summarize({ messages = messages, previous_summary = previous }, { max_chars = 1500 })
      assert.are.equal("- Never touch the database schema.", section(text, "## Constraints and decisions"))
      assert.truthy(section(text, "## Progress"):find("more items left out", 1, true))
    end)

    it("gives back the same summary when nothing new happened", function()
      local first = summarize({ messages = conversation })
      assert.are.equal(first, summarize({ messages = {}, previous_summary = first }))
    end)

    it("stays stable over several rounds on the same budget", function()
      local previous
      for round = 1, 5 do
        local messages = {}
        for i = 1, 20 do
          messages[#messages + 1] = user("round " .. round .. " request " .. i .. ": keep the API small")
          messages[#messages + 1] = say("Done " .. round .. "." .. i .. ".")
        end
        previous = summarize({ messages = messages, previous_summary = previous }, { max_chars = 2500 })
        assert.is_true(#previous <= 2500)
      end
      assert.truthy(previous:find("## Goal\nround 1 request 1: keep the API small", 1, true))
      assert.truthy(previous:find("round 5 request 20", 1, true))
    end)
  end)

  it("is deterministic", function()
    local a = summarize({ messages = conversation, previous_summary = "## Goal\nx\n\n## Progress\n- y" })
    local b = summarize({ messages = conversation, previous_summary = "## Goal\nx\n\n## Progress\n- y" })
    assert.are.equal(a, b)
  end)

  describe("errors", function()
    it("stops on a cancelled token", function()
      local s = assert(extractive.new())
      local text, err = s:summarize({ messages = conversation }, cancel.token():cancel())
      assert.is_nil(text)
      assert.is_true(errors.is(err, errors.sentinels.ErrCancelled))
    end)

    it("rejects malformed requests", function()
      local s = assert(extractive.new())
      for _, req in ipairs({ 5, { messages = 5 }, { messages = { 5 } }, { messages = { { content = "x" } } },
                             { messages = {}, turn_prefix_messages = "x" },
                             { messages = {}, previous_summary = 3 }, { messages = {}, instructions = {} } }) do
        local text, err = s:summarize(req)
        assert.is_nil(text)
        assert.are.equal("invalid_request", err.code)
      end
    end)

    it("skips odd blocks instead of failing", function()
      local text = summarize({ messages = {
        { role = "user", content = { 5, { type = "image", data = "AAAA" }, { type = "text", text = "hello there friend" } } },
        { role = "assistant", content = { "junk", { type = "tool_call", name = "read", arguments = "not a table" } } },
        { role = "tool_result", content = 42, is_error = true },
      } })
      assert.truthy(text:find("## Goal\nhello there friend", 1, true))
    end)
  end)

  describe("on the real pi session", function()
    local messages = require("spec.support.data").pi_messages_or_pending(pending)
    if not messages then return end

    it("writes a handoff within the default budget", function()
      local s = assert(extractive.new())
      local text = assert(s:summarize({ messages = messages }))
      assert.is_true(#text <= extractive.DEFAULT_MAX_CHARS)
      assert.truthy(section(text, "## Goal"):find("user-message-selector.ts", 1, true))
      assert.truthy(section(text, "## Open work"):find("`npm run publish` FAILED", 1, true))
      assert.truthy(section(text, "## Latest exchange"):find("- User: yeah, do it all", 1, true))
      assert.truthy(section(text, "## Constraints and decisions"):find("use fucking rgb values", 1, true))
    end)

    it("merges a second compaction within the budget", function()
      local s = assert(extractive.new({ max_chars = 4000 }))
      local half = 457
      while messages[half].role ~= "user" do half = half + 1 end
      local first_half, second_half = {}, {}
      for i = 1, #messages do
        local list = i < half and first_half or second_half
        list[#list + 1] = messages[i]
      end
      local first = assert(s:summarize({ messages = first_half }))
      local second = assert(s:summarize({ messages = second_half, previous_summary = first }))
      assert.is_true(#first <= 4000 and #second <= 4000)
      assert.are.equal(section(first, "## Goal"), section(second, "## Goal"))
      assert.are.equal(1, count(second, "## Constraints and decisions"))
    end)
  end)
end)
