-- The extractive summarizer's line helpers (compact.summarizers.extractive_text).
local text = require "compact.summarizers.extractive_text"
local said = require "compact.summarizers.extractive_said"
local extractive = require "compact.summarizers.extractive"

describe("extractive text helpers", function()
  it("drops the agent saying it has read enough, never a sentence of the work it did", function()
    for _, narration in ipairs({ "Now I have a clear understanding of the parser's structure.",
      "I now have all the information I need about the build.", "Good, I have a complete picture." }) do
      assert.are.equal("", said.conclusion(narration, 200), narration)
    end
    for _, work in ipairs({ "I have added an overview section to the README so new users find the install steps.",
      "I have fixed the context leak in the request handler by closing the span.",
      "Finally, I have updated the knowledge base loader to skip empty files.",
      "I have changed the idea of sessions to a ledger keyed by id." }) do
      assert.are.equal(work, said.conclusion(work, 200), work)
    end
  end)

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

  it("shows a link's words once and leaves out lines that only draw", function()
    -- a local target by its path, a label that is not its tail before it, a web address whole
    assert.are.same({ "Updated app/page.tsx and lib/images.ts#L12.", "See the docs (docs/api.md).",
      "Hosted at https://x.dev/a." },
      (text.sentences("Updated [app/page.tsx](app/page.tsx) and [images.ts](lib/images.ts#L12).\n"
        .. "See [the docs](docs/api.md).\nHosted at [https://x.dev/a](https://x.dev/a).")))
    assert.are.same({ "Run the guide (https://x.dev/guide)." }, (text.sentences("Run [the guide](https://x.dev/guide).")))
    -- rules and a table's separator row say nothing; its rows stay
    assert.are.same({ "Results:", "| Module | Tests |", "| store | 12 |", "Next: the docs." },
      (text.sentences("Results:\n---\n| Module | Tests |\n|--------|:-----:|\n| store | 12 |\n***\nNext: the docs.")))
  end)

  it("reports a reply without its fillers and the lines that only introduce what follows", function()
    local reply = "All done! Here is what changed:\nChanges made:\n- `server.ts` sends no-store.\n"
      .. "Now I have all the information needed. Validation:\n- `npm run build` passes."
    assert.are.equal("All done! - `server.ts` sends no-store. - `npm run build` passes.", said.conclusion(reply, 400))
    -- a short verdict: the last reply's news; an earlier turn's says no more than its commands
    assert.are.equal("Both committed.", said.conclusion("Perfect! Both committed.", 100, true))
    assert.are.equal("", said.conclusion("Perfect! Both committed.", 100))
    assert.are.equal("Pause works.", said.conclusion("Pause works.", 100))
    assert.are.equal("", said.conclusion("Changes made:", 100, true))
  end)

  it("splits a text once when asked again (the same lists), and another text afresh", function()
    local reply = "First part. Second part."
    local units = text.sentences(reply)
    assert.are.equal(units, (text.sentences(reply)))
    assert.are.same({ "First part.", "Second part." }, units)
    assert.are.same({ "Other." }, (text.sentences("Other.")))
    assert.are.same({ "First part.", "Second part." }, (text.sentences(reply)))
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
  end)

  it("shortens a reply to its first sentence, then those that say most per byte, in their order", function()
    -- all of them when they fit
    assert.are.equal("Ash 3.0 is the core. It has many extensions.",
      text.shorten("Ash 3.0 is the core. It has many extensions.", 50))
    -- a sentence that repeats what is kept is worth nothing; one naming new things is taken
    assert.are.equal("Ash 3.0 is the core. Routes: /panes/:pane_id in router.ex.",
      text.shorten("Ash 3.0 is the core. Ash is the core. Routes: /panes/:pane_id in router.ex.", 60))
    -- (nor one of only common words, even with room for it)
    assert.are.equal("Ash 3.0 is the core. It runs on port 4000.",
      text.shorten("Ash 3.0 is the core. It runs on port 4000. Ash is still the core. Done.", 70))
    -- the first sentence alone too long: cut at a word
    assert.are.equal("Ash 3.0...", text.shorten("Ash 3.0 is the core of it all. Routes.", 13))
  end)

  it("chooses the sentences as a greedy that weighs each again at every step would (random replies)", function()
    local terms = require("compact.summarizers.extractive_coverage").terms
    math.randomseed(11)
    for _ = 1, 200 do
      local units = {}
      for i = 1, math.random(2, 30) do
        local words = {}
        for k = 1, math.random(1, 6) do words[k] = "word" .. math.random(1, 25) end
        units[i] = table.concat(words, " ") .. "."
      end
      -- (within the reach of its weighing: the first sixteen times the limit)
      local lowest = math.max(#units[1], math.ceil(#table.concat(units, " ") / 16))
      local limit = math.random(lowest, math.max(lowest, #units[1] + 120))
      -- the eager greedy
      local chosen, covered, used = { true }, terms(units[1]), #units[1]
      while true do
        local best, best_ratio
        for i = 2, #units do
          if not chosen[i] and used + 1 + #units[i] <= limit then
            local gain = 0
            for term, weight in pairs(terms(units[i])) do if not covered[term] then gain = gain + weight end end
            local ratio = gain / (#units[i] + 1)
            if gain > 0 and (not best_ratio or ratio > best_ratio) then best, best_ratio = i, ratio end
          end
        end
        if not best then break end
        chosen[best], used = true, used + 1 + #units[best]
        terms(units[best], covered)
      end
      local expected = {}
      for i = 1, #units do if chosen[i] then expected[#expected + 1] = units[i] end end
      local whole = table.concat(units, " ")
      -- (all of them when they fit)
      assert.are.equal(#whole <= limit and whole or table.concat(expected, " "), text.shorten(whole, limit))
    end
  end)

  it("quotes the message above a bare location, then the place; a time of day is no location", function()
    assert.are.equal("[D] Nested modules could be aliased at the top. (waiting_summary.ex:110:10)",
      text.failure_reason("[CREDO]\n┃ [D] Nested modules could be aliased at the top.\n"
        .. "┃       lib/spotter/waiting_summary.ex:110:10 #(Spotter.call_llm)\n", 140))
    -- or the error under it (TypeScript, Next.js), not the "Failed to compile." above
    assert.are.equal("Type error: Cannot find name 'useEffect'. (event-card.tsx:27:3)", text.failure_reason(
      "Failed to compile.\n\n./components/events/event-card.tsx:27:3\nType error: Cannot find name 'useEffect'.\n"
        .. "  25 |   : \"bg-white\";\n", 140))
    assert.are.equal("src/a.ts:3:4 - error TS2322: bad", text.failure_reason("src/a.ts:3:4 - error TS2322: bad", 100))
    assert.are.equal('19:51:48"}', text.failure_reason('{"msg":"started"\n19:51:48"}', 100))
    -- psql: a table's times before the error, which is upper case
    assert.are.equal('ERROR: missing FROM-clause entry for table "p"', text.failure_reason(
      " 3 | Win a game | 2025-07-15 15:49:25 | f\n(24 rows)\n\nERROR:  missing FROM-clause entry for table \"p\"\n"
        .. "LINE 1: SELECT p.id, p.name\n", 140))
  end)

  it("takes two-word verdicts and reasonless lead-ins to a call for narration, not a reason or code", function()
    for _, sentence in ipairs({ "All green.", "All clean.", "Need to update the call site too:", "Commit task 6:" }) do
      assert.is_true(said.is_narration(sentence), sentence)
    end
    for _, sentence in ipairs({ "309 tests.", "I'll make it public so the enqueue path can use it:",
      "The `hex_trace_id` call:", "Dialyzer says the catch-all clause is unreachable." }) do
      assert.is_false(said.is_narration(sentence), sentence)
    end
  end)

  it("never reads a rule word inside code in a carried summary as a rule", function()
    local t = assert(extractive.new()):summarize({ previous_summary = table.concat({ "## Goal", "Trace the hooks.",
      "## Pending", "- `lib/web/session_hook_controller.ex` (modified)", "- Pre-commit hooks run credo" }, "\n"),
      messages = { { role = "user", content = "add the span to the controller" } } })
    local constraints = t:match("## Constraints and decisions\n(.-)\n\n")
    assert.are.equal("- Pre-commit hooks run credo", constraints)
  end)

  it("names the failing tests a runner reports (go subtests under their test), with the first located error", function()
    local go = table.concat({ "=== RUN   TestSwitch", "    switch_test.go:20: Skipping in short mode",
      "    switch_test.go:304: Expected spend call for gemini-2.5-pro", "--- FAIL: TestSwitch (0.01s)",
      "    --- FAIL: TestSwitch/model_pro (0.00s)", "--- FAIL: TestEdges (0.00s)", "FAIL", "exit status 1" }, "\n")
    assert.are.equal("FAIL: TestSwitch, TestEdges (switch_test.go:304: Expected spend call for gemini-2.5-pro)",
      text.failure_reason(go, 200))
    -- the located line nearest the failure, not a log line before it
    assert.are.equal("FAIL: TestQuota (quota_test.go:41: expected 3 requests, got 5)", text.failure_reason(
      "quota_test.go:14: starting the fake server\nquota_test.go:41: expected 3 requests, got 5\n--- FAIL: TestQuota", 200))
    -- plain go test: the located line indented under the failing test
    assert.are.equal("FAIL: TestAdd (add_test.go:12: expected 3, got 4)",
      text.failure_reason("--- FAIL: TestAdd (0.00s)\n    add_test.go:12: expected 3, got 4\nFAIL", 200))
    assert.are.equal("FAIL: tests/test_a.py::test_b (assert 1 == 2)",
      text.failure_reason("===== 1 failed =====\nFAILED tests/test_a.py::test_b - assert 1 == 2", 200))
    assert.are.equal("FAILED (failures=2)", text.failure_reason("Ran 3 tests\nFAILED (failures=2)", 200))
    assert.are.equal("String to replace not found in file.",
      text.failure_reason("<tool_use_error>String to replace not found in file.</tool_use_error>", 200))
  end)

  it("takes a long build or test command the user pasted, with its column output, for pasted output", function()
    local pasted = table.concat({
      "go test -tags 'sqlite' -ldflags '-s -w -X app/version.Version=v1.6' -race -covermode=atomic ./...",
      "FAIL    app/quota [setup failed]", "# app/quota",
      "/go/pkg/mod/github.com/x/testify@v1.10.0/mock/mock.go:16:2: missing go.sum entry",
      "ok      app/awsclaude    1.037s    coverage: 5.2% of statements" }, "\n")
    assert.are.equal('[pasted output, 5 lines: "FAIL app/quota [setup failed]"] why does it fail?',
      (text.clean_request(pasted .. "\nwhy does it fail?")))
    -- prose with an option in it is no paste
    -- the request and the command on one line: the command and what follows are the paste
    assert.are.equal('fix @quota/quota_test.go [pasted output, 3 lines: "FAIL app/quota [setup failed]"]',
      (text.clean_request("fix @quota/quota_test.go  go test -tags 'sqlite' -ldflags '-s -w' -race "
        .. "-covermode=atomic -coverprofile=coverage.out ./...\nFAIL    app/quota [setup failed]\n"
        .. "ok      app/azure    1.02s")))
    local prose = "go through the quota tests with -race on and tell me which of them fail and why they do so"
    assert.are.equal(prose, (text.clean_request(prose)))
  end)

  it("reads a pasted command with its environment first, and the package lines go build prints, as the paste", function()
    local build = "CGO_ENABLED=0 go build -v -tags 'sqlite' -ldflags '-s -w -X app/version.Version=v1.6.31 "
      .. "-X app/version.BuildTime=2025-08-18T17:26:34' -o out/gateway ./cmd/gateway"
    local request = text.clean_request(table.concat({ build, "example.com/app/gcp", "example.com/app/cmd/gateway",
      "# example.com/app/cmd/gateway",
      'cmd/gateway/main.go:33:2: "example.com/app/gcp" imported as gemini and not used', "why?" }, "\n"))
    -- the compiler's diagnostic is quoted (it names no error word), not the command
    assert.are.equal('[pasted output, 5 lines: "cmd/gateway/main.go:33:2: "example.com/app/gcp" imported as '
      .. 'gemini and not used"] why?', request)
    -- its CGO_ENABLED=0 is no value the user gave
    assert.are.same({}, text.constraints(request))
    -- the command alone is cut to what was run
    assert.are.equal("fails: `CGO_ENABLED=0 go build -v -tags 'sqlite' -ldflags '-s -w -X...`",
      (text.clean_request("fails:\n" .. build)))
  end)

  it("keeps a typed list and the user's words beside a paste as prose, and output's short lines in the paste", function()
    -- a list the user typed, indented, is the request
    assert.are.equal("The app should: • Start a 25-minute timer for focused work. • Show how many sessions were done.",
      (text.clean_request("The app should:\n    •    Start a 25-minute timer for focused work.\n"
        .. "    •    Show how many sessions were done.")))
    -- a Chinese request line is prose (its bytes are no symbols)
    assert.are.equal("幫我檢查一下 go.mod 裡面 為何 go版本是 1.23? 請幫我統一成1.23",
      (text.clean_request("幫我檢查一下 go.mod 裡面 為何 go版本是 1.23?\n請幫我統一成1.23")))
    -- the user's words before and after the code they pasted, a wide gap apart
    assert.are.equal('edit main.go where it says [pasted output, 3 lines: "} else if strings.HasPrefix(path, '
      .. '"/v1/projects") {"] please drop the api version from the path',
      (text.clean_request("edit main.go where it says         } else if strings.HasPrefix(path, \"/v1/projects\") {\n"
        .. "            proxy.ServeHTTP(w, r)\n            return       please drop the api version from the path")))
    -- "FAIL" and "coverage: 40.0% of statements" amid go test's output are
    -- output; a package named errors is no error line; make's line is make's
    assert.are.equal('[pasted output, 6 lines: "--- FAIL: TestQuota (2.21s)"] it fails',
      (text.clean_request(table.concat({ "go: downloading github.com/pkg/errors v0.9.1", "--- FAIL: TestQuota (2.21s)",
        "FAIL", "coverage: 40.0% of statements", "FAIL    example.com/app/quota    3.269s",
        "make: *** [Makefile:88: test] Error 1", "it fails" }, "\n"))))
  end)

  it("reads source pasted flush left as pasted, and code in a request as no constraint", function()
    local go = table.concat({ "package gemini", "", "import (", '\t"fmt"', ")", "",
      "type GeminiUsageRate struct {", "InputTokens     float64 // Price per million input tokens for ≤200k tokens",
      "}", "why are the rates ints?" }, "\n")
    assert.are.equal('[pasted output, 9 lines: "package gemini"] why are the rates ints?', (text.clean_request(go)))
    -- unindented code the user pasted between words gives no constraint
    assert.are.same({}, text.constraints("function deploy(config) { const image = config.image; "
      .. "const port = parseInt(process.env.PORT || '0', 10); }"))
    assert.are.same({ "Use `f()` instead of `g()` in the handler." },
      text.constraints("Use `f()` instead of `g()` in the handler."))
  end)

  it("cuts a JSON blob inside, not before it, when a value in it has a slash", function()
    local cut = text.cut_words('data: {"model":"google/gemini-2.5-flash","object":"chat.completion.chunk","id":"x1"}', 60)
    assert.are.equal('data: {"model":"google/gemini-2.5-flash","object":"chat.c...', cut)
    -- a path is still never cut inside
    assert.are.equal("see...", text.cut_words("see lib/compact/summarizers/extractive_text.lua", 30))
  end)

  it("reads Codex's shell_command and code-mode output headers, cargo's counts and rustc's errors", function()
    assert.are.same({ "boom", 1 }, { text.unwrap_output("Exit code: 1\nWall time: 0.3 seconds\nOutput:\nboom") })
    assert.are.same({ "ok" }, { text.unwrap_output("Script completed\nWall time 0.1 seconds\nOutput:\nok") })
    -- the crate's count, not the doc tests' none after it
    assert.are.equal("test result: ok. 13 passed; 0 failed; 0 ignored", text.test_summary(
      "test result: ok. 13 passed; 0 failed; 0 ignored\n   Doc-tests core\ntest result: ok. 0 passed; 0 failed; 0 ignored"))
    assert.is_true(text.looks_failed("    Checking core v0.1.0\nerror[E0599]: no method named `query` found"))
    assert.is_true(text.looks_failed("error: could not compile `core` due to 1 previous error"))
    assert.is_false(text.looks_failed("    Finished dev [unoptimized] target(s) in 1.2s"))
  end)

  it("ends no sentence at a bold list number, and reads a quote or a heading the user typed as prose", function()
    assert.are.same({ "Changed:", "**1. New section** at the top.", "**2. Phase 2** reframed." },
      (text.sentences("Changed:\n\n**1. New section** at the top.\n\n**2. Phase 2** reframed.")))
    assert.are.equal("> Pick up FW-005 first and add the readiness demo.",
      (text.clean_request("> Pick up FW-005 first and add the readiness demo.")))
    assert.are.equal("# Plan for the release ship it on friday", (text.clean_request("# Plan for the release\nship it on friday")))
    -- a prompt is still a prompt
    assert.are.equal('it fails: [pasted output, 2 lines: "$ make test"] why?',
      (text.clean_request("it fails:\n$ make test\n# make install\nwhy?")))
  end)

  it("counts the words of a request written without spaces (Chinese, Japanese, Korean)", function()
    -- 2 words and 18 characters
    assert.are.equal(11, text.word_count("問一下, 但是超過 200,000 token 的費用, 是不是沒有新加到spendFn"))
    assert.are.equal(3, text.word_count("fix the build"))
    assert.are.equal(0, text.word_count("."))
  end)

  it("stays linear on thousands of blank lines between two pasted ones (review)", function()
    local s = "\tfoo bar\n" .. string.rep("\n", 20000) .. "\tbaz qux\n"
    local started = os.clock()
    text.clean_request(s)
    -- (it took 23 s before: each blank line scanned all the others)
    assert.is_true(os.clock() - started < 2)
  end)

  it("keeps the user's short question between pastes (review)", function()
    local out = text.clean_request("\tpanic: boom\n\tat main.go:3\nWhy?\n\tmore output here\n\tand more")
    assert.is_truthy(out:find("Why?", 1, true))
    out = text.clean_request("$ go test ./...\nFAIL app 0.1s\nis it the quota test?\n--- FAIL: TestX (0.01s)\n\tx")
    assert.is_truthy(out:find("is it the quota test?", 1, true))
  end)

  it("counts no CJK punctuation as words (review)", function()
    assert.are.equal(0, text.word_count("。。。。。。"))
    assert.are.equal(0, text.word_count("「」「」、、"))
    assert.are.equal(4, text.word_count("是不是沒有新加到"))
  end)

  it("reads a spec-like request line by line: separators go, each item is a rule of its own", function()
    local request = "We are implementing the ticket system\nIMPORTANT:\n- do NOT break UI\n- do NOT remove pages\n"
      .. "--------------------------------------------------\nPHASE 1\n"
      .. "==================\n- handles timeouts\n- always fall back to the local image\n"
    local flat, images, lines = text.clean_request(request)
    assert.are.equal(0, images)
    assert.is_nil(flat:find("%-%-%-%-") or flat:find("===", 1, true), flat)
    assert.is_nil(flat:find("pasted output", 1, true), flat)
    assert.is_nil(lines:find("%-%-%-%-"), lines)
    assert.are.same({ "IMPORTANT: do NOT break UI", "do NOT remove pages",
      "handles timeouts; always fall back to the local image" }, text.constraints(lines))
  end)

  it("takes BuildKit's steps for pasted output by their shape, not a numbered rule the user typed (review)", function()
    local flat = text.clean_request("#1 priority: never push to main\n#2 always run the tests")
    assert.is_nil(flat:find("pasted output", 1, true), flat)
    flat = text.clean_request("it fails\n#17 [frontend 2/2] COPY --from=builder /app/dist /usr/share\n#17 CACHED\n"
      .. "#20 31.02 npm warn deprecated inflight@1.0.6\n#21 DONE 0.0s")
    assert.truthy(flat:find("[pasted output, 4 lines", 1, true), flat)
  end)

  it("takes Gemini CLI's context message and its mode-switch notes for injected text", function()
    local context = "<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\n"
      .. "Today's date is Sunday.\n- **Soft Deletes:** Always filter for `deletedAt: null`.\n</session_context>"
    assert.are.equal("injected", (text.user_kind(context)))
    -- older versions, untagged; a tag never closed
    assert.are.equal("injected", (text.user_kind(context:gsub("</?session_context>", ""))))
    assert.are.equal("injected", (text.user_kind(context:gsub("</session_context>", ""))))
    assert.are.equal("injected", (text.user_kind(
      "User has manually exited Plan Mode. Switching to Default mode (edits will require confirmation).")))
    -- the user's words after the context are the request
    local kind, request = text.user_kind(context .. "\nfix the resize bug")
    assert.same({ "request", "fix the resize bug" }, { kind, request })
  end)

  it("reads odd user_input, objective and skill tags in linear time", function()
    local started = os.clock()
    local big = 200000
    assert.are.equal("request", (text.user_kind(("<skill x"):rep(math.floor(big / 8)))))
    text.user_kind(("<user_input>x"):rep(math.floor(big / 13)))
    text.user_kind("<goal_context>" .. ("<objective>x"):rep(math.floor(big / 12)))
    local kind, request = text.user_kind("<user_input>a" .. (" "):rep(big) .. "b</user_input>")
    assert.are.equal("request", kind)
    assert.are.equal("a" .. (" "):rep(big) .. "b", request)
    text.user_kind("fix it" .. (" "):rep(big) .. "now")
    assert.truthy(os.clock() - started < 5, os.clock() - started)
  end)
end)
