-- The extractive summarizer on what the work changed and what it still
-- plans (contract 17): the lines the edits added fill the room the other
-- parts leave, and the latest task list's unfinished items are open work.
local extractive = require "compact.summarizers.extractive"

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

  it("gives the changes only the room the rest leaves", function()
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
    -- the requests and replies are kept before any change line
    assert.truthy(t:find("table number 29", 1, true), t)
    local _, changed = t:gsub("\n%- Changed ", "")
    assert.truthy(changed <= 2, t)
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
end)
