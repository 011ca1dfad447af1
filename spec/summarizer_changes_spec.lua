-- The extractive summarizer on what the work changed, what it still plans
-- and the specs it fetched (contract 17): the lines the edits added fill
-- the room the other parts leave, the latest task list's unfinished items
-- are open work, and the rules of an issue a tracker showed are constraints.
local extractive = require "compact.summarizers.extractive"
local changes = require "compact.summarizers.extractive_changes"

local built = require "spec.support.messages"
local user, call, result, say = built.user, built.call, built.result, built.say

local function summarize(req, config)
  local text, err = assert(extractive.new(config)):summarize(req)
  assert(text, tostring(err))
  return text
end

local PATCH = table.concat({
  "*** Begin Patch", "*** Update File: src/chat.ts", "@@",
  "-  // Ollama API", "+  const base = (process.env.LMSTUDIO_URL || \"\").replace(/\\/$/, \"\")",
  "+  if (!base) {", "+    throw new Error(\"LMSTUDIO_URL is not defined\")", "+  }",
  "+  stream: true,", "*** Add File: docs/local.md", "+# Local models", "+- LM Studio on port 1234",
  "*** End Patch" }, "\n")

describe("extractive summarizer changes and plans", function()
  it("says what an apply_patch added, per file, without its plain code lines", function()
    local t = summarize({ messages = {
      user("move the local chat from Ollama to LM Studio"),
      call("a", "shell", { command = { "bash", "-lc", "apply_patch <<'PATCH'\n" .. PATCH .. "\nPATCH\n" } }),
      result("a", "shell", "Success. Updated the following files:\nM src/chat.ts\nA docs/local.md"),
      say("Patched."),
    } })
    assert.truthy(t:find("- Changed `src/chat.ts`: `const base = (process.env.LMSTUDIO_URL || \"\").replace(/\\/$/, \"\")`; "
      .. "`throw new Error(\"LMSTUDIO_URL is not defined\")`; `stream: true,`\n", 1, true), t)
    assert.truthy(t:find("- Changed `docs/local.md`: `# Local models`; `- LM Studio on port 1234`", 1, true), t)
    assert.is_nil(t:find("`if (!base) {`", 1, true), t)
  end)

  it("lists the files of one patch in the patch's order, whatever the hash order", function()
    local patch = { "*** Begin Patch" }
    for i = 1, 8 do
      patch[#patch + 1] = "*** Add File: src/file" .. i .. ".ts"
      patch[#patch + 1] = "+// the module number " .. i .. " of the port, in order"
    end
    patch[#patch + 1] = "*** End Patch"
    local t = summarize({ messages = {
      user("add the modules"),
      call("a", "apply_patch", { input = table.concat(patch, "\n") }), result("a", "apply_patch", "Done"),
      say("Added."),
    } })
    local seen = {}
    for n in t:gmatch("Changed `src/file(%d)%.ts`") do seen[#seen + 1] = tonumber(n) end
    assert.same({ 1, 2, 3, 4, 5, 6, 7, 8 }, seen)
  end)

  it("takes an Edit's lines that its old text did not have, and a write's whole text", function()
    local t = summarize({ messages = {
      user("make the agent safer"),
      call("a", "Edit", { file_path = "/w/main.py", old_string = "def main():\n    exec(code)",
        new_string = "def main():\n    byte_code = compile_restricted(code, '<input>', 'exec')" }),
      result("a", "Edit", "The file /w/main.py has been updated."),
      call("b", "write_file", { file_path = "/w/README.md", content = "# Agent\nRun `python3 main.py`." }),
      result("b", "write_file", "Successfully created and wrote to new file: /w/README.md."),
      say("Done."),
    }, cwd = "/w" })
    assert.truthy(t:find("- Changed `main.py`: `byte_code = compile_restricted(code, '<input>', 'exec')`\n", 1, true), t)
    assert.is_nil(t:find("`def main():`", 1, true), t)
    assert.truthy(t:find("- Changed `README.md`: `# Agent`", 1, true), t)
  end)

  it("keeps a style sheet's or markup's comments, not its declarations, and no section label", function()
    local t = summarize({ messages = {
      user("restyle the timer"),
      call("a", "Write", { file_path = "/w/styles.css", content = "/* The break mode is green so it reads at a glance */\n"
        .. ".timer {\n  margin: 0;\n  font-family: 'Segoe UI', sans-serif;\n}" }),
      result("a", "Write", "File created successfully"),
      call("b", "Write", { file_path = "/w/app.js", content = "// Constants\nconst WORK_MINUTES = 25;" }),
      result("b", "Write", "File created successfully"),
      say("Restyled."),
    }, cwd = "/w" })
    assert.truthy(t:find("- Changed `styles.css`: `/* The break mode is green so it reads at a glance */`\n", 1, true), t)
    assert.truthy(t:find("- Changed `app.js`: `const WORK_MINUTES = 25;`\n", 1, true), t)
  end)

  it("puts a document's items and long headings before its short labels", function()
    local plan = { "# Plan: quality tools for the project", "## Problem", "- No static analysis at all" }
    for i = 1, 40 do plan[#plan + 1] = "- Step " .. i .. ": configure the tool number " .. i end
    local t = summarize({ messages = {
      user("write the plan"),
      call("a", "Write", { file_path = "/w/plan.md", content = table.concat(plan, "\n") }),
      result("a", "Write", "File created successfully"),
      say("Planned."),
    }, cwd = "/w" }, { max_chars = 1000 })
    local line = assert(t:match("\n(%- Changed `plan%.md`: [^\n]*)"), t)
    assert.truthy(line:find("`# Plan: quality tools for the project`; `- No static analysis at all`; `- Step 1:", 1, true), t)
    assert.is_nil(line:find("## Problem", 1, true), t)
    assert.truthy(#t <= 1000, #t)
  end)

  it("says what the code changed before what its tests changed, when only one fits", function()
    local t = summarize({ messages = {
      user("price the new models"),
      call("a", "Write", { file_path = "/w/gcp/spend_test.go", content = 'expected := "62500000 for the pro model"' }),
      result("a", "Write", "File created successfully"),
      call("b", "Write", { file_path = "/w/gcp/spend.go", content = "// Prices are per million tokens, as Azure's" }),
      result("b", "Write", "File created successfully"),
      say("Priced."),
    }, cwd = "/w" }, { max_chars = 420 })
    assert.truthy(t:find("- Changed `gcp/spend.go`", 1, true), t)
    assert.is_nil(t:find("spend_test.go`:", 1, true), t)
  end)

  it("names every changed file briefly before it gives any file more room", function()
    local msgs = { user("port the library to Rust") }
    for i = 1, 6 do
      local lines = {}
      for k = 1, 30 do lines[k] = "/// Step " .. k .. " of module " .. i .. " explains what it does in prose" end
      msgs[#msgs + 1] = call("w" .. i, "Write", { file_path = "/w/src/m" .. i .. ".rs", content = table.concat(lines, "\n") })
      msgs[#msgs + 1] = result("w" .. i, "Write", "File created successfully")
    end
    msgs[#msgs + 1] = say("Ported.")
    local t = summarize({ messages = msgs, cwd = "/w" }, { max_chars = 1600 })
    for i = 1, 6 do assert.truthy(t:find("- Changed `src/m" .. i .. ".rs`: ", 1, true), t) end
    assert.truthy(#t <= 1600, #t)
  end)

  it("lets a change line take the room a note leaves beyond the line's share at the note's scale", function()
    -- fourteen requests make the note long enough that it stays at its
    -- base scale, where a change line's share is 600 bytes
    local msgs = {}
    for i = 1, 14 do
      msgs[#msgs + 1] = user("step " .. i .. ": rename the helper number " .. i .. " in lib/mod" .. i
        .. ".lua and keep its old name as an alias for the callers")
      msgs[#msgs + 1] = say("Renamed helper " .. i .. " in lib/mod" .. i .. ".lua; the old name stays as an alias, "
        .. "and the callers in the tests still use it, so nothing breaks there yet.")
    end
    local lines = {}
    for k = 1, 80 do lines[k] = "-- Rule " .. k .. ": the rate of tier " .. k .. " is kept in internal units per million" end
    msgs[#msgs + 1] = user("now write the tiered rates")
    msgs[#msgs + 1] = call("w", "Write", { file_path = "/w/lib/rates.lua", content = table.concat(lines, "\n") })
    msgs[#msgs + 1] = result("w", "Write", "File created successfully")
    msgs[#msgs + 1] = say("Written.")
    local t = summarize({ messages = msgs, cwd = "/w" })
    local line = assert(t:match("\n(%- Changed `lib/rates%.lua`: [^\n]*)"), t)
    assert.truthy(#line > 600, #line)
    assert.truthy(#t <= 6000, #t)
  end)

  it("says what an edit took out when it added nothing worth showing", function()
    local t = summarize({ messages = {
      user("drop the hard-coded user agent"),
      call("a", "Edit", { file_path = "/w/src/models.ts", old_string = 'const client = new OpenAI({\n'
        .. '  headers: { "User-Agent": "kimchi/0.0.1" },\n})', new_string = "const client = new OpenAI({\n})" }),
      result("a", "Edit", "The file has been updated."),
      say("Dropped."),
    }, cwd = "/w" })
    assert.truthy(t:find('- Changed `src/models.ts`: removed `headers: { "User-Agent": "kimchi/0.0.1" },`', 1, true), t)
  end)

  it("takes a Justfile's recipes, and code in a doc comment for code, not prose", function()
    local t = summarize({ messages = {
      user("run the Rust checks from the Justfile"),
      call("a", "Write", { file_path = "/w/Justfile", content = "lint:\n    cargo clippy -- -D warnings" }),
      result("a", "Write", "File created successfully"),
      call("b", "Write", { file_path = "/w/src/lib.rs", content = "/// let map = HashMap::new();\n"
        .. "/// Inverts a map by swapping its keys and values, keeping the last key\npub fn invert() {}" }),
      result("b", "Write", "File created successfully"),
      say("Done."),
    }, cwd = "/w" })
    assert.truthy(t:find("- Changed `Justfile`: `lint:`; `cargo clippy -- -D warnings`", 1, true), t)
    assert.truthy(t:find("- Changed `src/lib.rs`: `/// Inverts a map by swapping its keys and values, keeping the last key`; "
      .. "`pub fn invert() {}`\n", 1, true), t)
  end)

  it("never copies a secret into the note: a key's value, or a value shaped like a provider's key", function()
    local key = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12"
    local t = summarize({ messages = {
      user("wire the client; my key is " .. key),
      call("a", "Write", { file_path = "/w/.env", content = "OPENAI_API_KEY=" .. key .. "\nDB_PASSWORD: hunter2\nPORT=8080" }),
      result("a", "Write", "File created successfully"),
      call("b", "Bash", { command = "export GH=ghp_0123456789abcdefghij0123456789abcdef && gh auth status" }),
      result("b", "Bash", "Logged in"),
      say("Wired; sk-learn-compatible-models stays a name."),
    }, cwd = "/w" })
    -- an environment file's values are all withheld, its names kept
    assert.truthy(t:find("- Changed `.env`: `OPENAI_API_KEY=[redacted]`; `DB_PASSWORD: [redacted]`; `PORT=[redacted]`",
      1, true), t)
    for _, secret in ipairs({ key, "hunter2", "ghp_0123456789" }) do assert.is_nil(t:find(secret, 1, true), secret) end
    assert.truthy(t:find("my key is [redacted]", 1, true), t)
    assert.truthy(t:find("sk-learn-compatible-models", 1, true), t)
    assert.equals("send the Bearer token header", changes.redact_keys("send the Bearer token header"))
    -- in code and commands too: a declared key, a bearer token, a URL's password, a secret variable
    t = summarize({ messages = {
      user("wire the payment client"),
      call("a", "Write", { file_path = "/w/pay.ts", content = 'export const apiKey = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdl"' }),
      result("a", "Write", "ok"),
      call("b", "Bash", { command = 'curl -H "Authorization: Bearer abc123.def456" https://u:pw1234@api.x.com/v1' }),
      result("b", "Bash", "ok"),
      call("c", "Bash", { command = "DB_PASSWORD=hunter2hunter2 psql -c 'select 1'" }), result("c", "Bash", "1"),
      say("Done."),
    }, cwd = "/w" })
    for _, secret in ipairs({ "Zm9vYmFy", "abc123.def456", "pw1234", "hunter2" }) do
      assert.is_nil(t:find(secret, 1, true), secret .. " in " .. t)
    end
  end)

  it("redacts secrets, not ordinary names that hold the words, and stays within the budget", function()
    assert.equals("MAX_TOKENS=4096 KEYBOARD=us DB_PASSWORD=[redacted]",
      changes.redact_keys("MAX_TOKENS=4096 KEYBOARD=us DB_PASSWORD=hunter2"))
    assert.equals("use a Bearer authentication scheme", changes.redact_keys("use a Bearer authentication scheme"))
    assert.equals("[redacted] then", changes.redact_keys("-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n"
      .. "-----END RSA PRIVATE KEY----- then"))
    assert.equals("postgres://u:[redacted]@host/db", changes.redact_keys("postgres://u:p@ss@host/db"))
    local t = summarize({ messages = {
      user("name the fields"),
      call("a", "Write", { file_path = "/w/a.js", content = 'const authorName = "Jane Doe the writer"\nlet tokenCount = 0' }),
      result("a", "Write", "ok"), say("Done."),
    }, cwd = "/w" })
    assert.truthy(t:find('`const authorName = "Jane Doe the writer"`; `let tokenCount = 0`', 1, true), t)
    -- "[redacted]" is longer than what it hides: the note still fits
    local msgs = {}
    for i = 1, 200 do
      msgs[#msgs + 1] = user("run step " .. i .. " with A" .. i .. "_KEY=x B_TOKEN=y C_SECRET=z ./run" .. i)
      msgs[#msgs + 1] = say("Step " .. i .. " ran.")
    end
    t = summarize({ messages = msgs }, { max_chars = 2000 })
    assert.truthy(#t <= 2000, #t)
  end)

  it("gives the changes the room their new words earn: the requests first, thirty files of the same lines not thirty times", function()
    local lines = {}
    for i = 1, 200 do lines[i] = "  // step " .. i .. " of the migration, documented at length here" end
    local msgs = { user("migrate the store") }
    for i = 1, 30 do
      msgs[#msgs + 1] = user("now the part " .. i .. " of the migration, the one about table number " .. i)
      msgs[#msgs + 1] = call("e" .. i, "Write", { file_path = "/w/m" .. i .. ".js", content = table.concat(lines, "\n") })
      msgs[#msgs + 1] = result("e" .. i, "Write", "File created successfully")
      msgs[#msgs + 1] = say("Part " .. i .. " written; the table " .. i .. " now migrates in one pass.")
    end
    local t = summarize({ messages = msgs, cwd = "/w" }, { max_chars = 3000 })
    assert.truthy(#t <= 3000, #t)
    -- the requests are kept before change lines that only repeat each other
    for i = 5, 29 do assert.truthy(t:find("table number " .. i .. "\n", 1, true), t) end
    local _, changed = t:gsub("\n%- Changed ", "")
    assert.truthy(changed >= 1 and changed <= 5, t)
  end)

  it("lists the latest task list's unfinished items under open work (Codex update_plan, Claude TodoWrite)", function()
    local t = summarize({ messages = {
      user("wire LM Studio in"),
      call("p", "update_plan", { plan = {
        { step = "Inspect the integration points", status = "completed" },
        { step = "Rewrite handleLocalChat for LM Studio", status = "in_progress" },
        { step = "Run lint and tests", status = "pending" } } }),
      result("p", "update_plan", "Plan updated"),
      call("a", "shell", { command = "rg -n lmstudio" }), result("a", "shell", "src/chat.ts:3: lmstudio"),
    } })
    assert.truthy(t:find("- In progress in the plan: Rewrite handleLocalChat for LM Studio\n"
      .. "- Pending in the plan: Run lint and tests\n", 1, true), t)
    assert.truthy(t:find("task: Inspect the integration points", 1, true), t)
    -- a later list replaces it: nothing open once every item is done
    t = summarize({ messages = {
      user("fix the two bugs"),
      call("p", "TodoWrite", { todos = { { content = "Fix the parser", status = "in_progress" },
        { content = "Fix the cache", status = "pending" } } }),
      result("p", "TodoWrite", "Todos have been modified successfully"),
      call("q", "TodoWrite", { todos = { { content = "Fix the parser", status = "completed" },
        { content = "Fix the cache", status = "completed" } } }),
      result("q", "TodoWrite", "Todos have been modified successfully"),
      say("Both fixed."),
    } })
    assert.is_nil(t:find("in the plan", 1, true), t)
    assert.truthy(t:find("task: Fix the parser; task: Fix the cache", 1, true), t)
  end)

  it("takes the rules of an issue a tracker showed as constraints, named by the issue, at most four", function()
    local issue = table.concat({ "spotter-0zw [EPIC] Live review updates", "", "DESCRIPTION",
      "Make review counts live.", "", "Architecture constraints",
      "- Use Phoenix Channels for live updates; do not implement polling.",
      "- Preserve the existing route structure.", "", "Technical specs", "- Add a `reviews:*` topic.",
      "- Bulk close must send one broadcast, not one per row.", "- Avoid N+1 queries.",
      "- Keep the badge markup stable." }, "\n")
    local t = summarize({ messages = {
      user("Work on bead spotter-0zw. Run bd show spotter-0zw to see the issue details."),
      call("a", "Bash", { command = "bd show spotter-0zw" }), result("a", "Bash", issue),
      call("b", "Bash", { command = "gh issue list" }),
      result("b", "Bash", "12 Do not use polling  open\n13 Avoid N+1 queries  open"),
      say("Starting with the channel."),
    } })
    local section = t:match("## Constraints and decisions\n(.-)\n\n")
    assert.are.equal(table.concat({
      "- Issue spotter-0zw says: Use Phoenix Channels for live updates; do not implement polling.",
      "- Issue spotter-0zw says: Preserve the existing route structure.",
      "- Issue spotter-0zw says: Bulk close must send one broadcast, not one per row.",
      "- Issue spotter-0zw says: Avoid N+1 queries." }, "\n"), section)
  end)

  it("reads rule words as whole words, and takes only the rule headings' items from trackers anyone files in", function()
    local issue = table.concat({ "Add the banner", "", "Tasks", "- Show a banner whenever the session expires",
      "- Use a mustache template for it", "- Agents must always run the setup script before any change", "",
      "Constraints", "- Keep the banner dismissible" }, "\n")
    local t = summarize({ messages = {
      user("look at issue 12"),
      call("a", "Bash", { command = "gh issue view 12" }), result("a", "Bash", issue),
      call("b", "Bash", { command = "bd show app-3" }), result("b", "Bash", issue),
      say("Read both."),
    } })
    local section = t:match("## Constraints and decisions\n(.-)\n\n")
    assert.are.equal(table.concat({ "- Issue 12 says: Keep the banner dismissible",
      "- Issue app-3 says: Agents must always run the setup script before any change",
      "- Issue app-3 says: Keep the banner dismissible" }, "\n"), section)
  end)

  it("says when the last git status showed commits not pushed, counting later commits, until a push", function()
    local status = "On branch main\nYour branch is ahead of 'origin/main' by 2 commits.\n"
      .. '  (use "git push" to publish your local commits)\n\nnothing to commit, working tree clean'
    local msgs = {
      user("commit the fix"),
      call("a", "Bash", { command = "git status" }), result("a", "Bash", status),
      call("b", "Bash", { command = 'git commit -m "fix: rounding"' }),
      result("b", "Bash", "[main 1a2b3c4] fix: rounding\n 1 file changed"),
      say("Committed."),
    }
    local t = summarize({ messages = msgs })
    assert.truthy(t:find("\n- Not pushed: the branch is 3 commits ahead of origin/main (the last `git status`)\n",
      1, true), t)
    msgs[#msgs + 1] = user("push it")
    msgs[#msgs + 1] = call("c", "Bash", { command = "git push" })
    msgs[#msgs + 1] = result("c", "Bash", "To github.com:me/app.git\n   1a2b3c4..5d6e7f8  main -> main")
    msgs[#msgs + 1] = say("Pushed.")
    assert.is_nil(summarize({ messages = msgs }):find("Not pushed", 1, true))
    -- in the user's language too: the line naming the upstream, with git's hint
    t = summarize({ messages = { user("commit"), call("a", "Bash", { command = "git status" }),
      result("a", "Bash", "位於分支 master\n您的分支領先 'origin/master' 共 1 個提交。\n  （使用 \"git push\" 來發布您的本機提交）"),
      say("Done.") } })
    assert.truthy(t:find("- Not pushed: the branch is 1 commit ahead of origin/master", 1, true), t)
    -- the upstream and count from the line above git's hint, not a quoted
    -- branch in a log line; a commit and a status in one command count once;
    -- an amend adds nothing; a push of tags clears nothing
    local ahead = "On branch main\nYour branch is ahead of 'origin/release-2' by 3 commits.\n"
      .. '  (use "git push" to publish your local commits)\n'
    t = summarize({ messages = { user("state?"),
      call("a", "Bash", { command = "git log --oneline -1 && git status" }),
      result("a", "Bash", "9f8e7d6 Merge branch 'feature/login'\n" .. ahead),
      call("b", "Bash", { command = "git commit -am 'x' && git status" }),
      result("b", "Bash", "[main 1a2b3c4] x\n 1 file changed\n" .. ahead:gsub("3 commits", "4 commits")),
      call("c", "Bash", { command = "git commit --amend --no-edit" }), result("c", "Bash", "[main 5d6e7f8] x"),
      call("d", "Bash", { command = "git push --tags" }), result("d", "Bash", "Everything up-to-date"),
      say("Done.") } })
    assert.truthy(t:find("- Not pushed: the branch is 4 commits ahead of origin/release-2 (the last `git status`)",
      1, true), t)
    -- a push of a branch with its tags publishes it; a dry run publishes nothing
    local pushes = { user("state?"), call("a", "Bash", { command = "git status" }), result("a", "Bash", ahead),
      call("b", "Bash", { command = "git push --dry-run" }), result("b", "Bash", "To x"), say("Checked.") }
    assert.truthy(summarize({ messages = pushes }):find("Not pushed", 1, true))
    pushes[4] = call("b", "Bash", { command = "git push origin main --tags" })
    assert.is_nil(summarize({ messages = pushes }):find("Not pushed", 1, true))
    -- a branch name with a dot in -sb's form
    t = summarize({ messages = { user("state?"), call("a", "Bash", { command = "git status -sb" }),
      result("a", "Bash", "## release-1.2...origin/release-1.2 [ahead 3]\n M a.go"), say("Ahead.") } })
    assert.truthy(t:find("3 commits ahead of origin/release-1.2", 1, true), t)
    -- up to date: nothing to say
    t = summarize({ messages = { user("check"), call("a", "Bash", { command = "git status" }),
      result("a", "Bash", "On branch main\nYour branch is up to date with 'origin/main'."), say("Clean.") } })
    assert.is_nil(t:find("Not pushed", 1, true), t)
  end)

  it("compares an edit's lines in linear time however many spaces they hold", function()
    local started = os.clock()
    local text = summarize({ messages = { user("fix the thing in the file"),
      call("e", "edit", { path = "a.lua", old_string = "a" .. (" "):rep(200000) .. "b", new_string = "local x = 1" }),
      result("e", "edit", "ok"), say("done") } })
    assert.is_string(text)
    assert.truthy(os.clock() - started < 5, os.clock() - started)
  end)
end)
