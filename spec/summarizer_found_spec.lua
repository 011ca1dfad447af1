-- What the look-ups found (contract 17: a note an engineer can continue
-- from): a session that ends mid-investigation has its facts in what the
-- reads and look-ups showed, named in the room the note leaves.
local extractive = require "compact.summarizers.extractive"
local found = require "compact.summarizers.extractive_found"

local built = require "spec.support.messages"
local user, call, result, say = built.user, built.call, built.result, built.say

local function summarize(req, config)
  local text, err = assert(extractive.new(config)):summarize(req)
  assert(text, tostring(err))
  return text
end

local function lookups()
  return {
    user("help me apply for the grant with this repo"),
    call("a", "exec_command", { cmd = "git log --oneline -20" }),
    result("a", "exec_command", "Process exited with code 128\nOutput:\n"
      .. "fatal: not a git repository (or any of the parent directories): .git\n"),
    call("b", "exec_command", { cmd = "sed -n '1,40p' apps/web/package.json" }),
    result("b", "exec_command", "Process exited with code 2\nOutput:\n"
      .. "sed: can't read apps/web/package.json: No such file or directory\n"),
    call("c", "exec_command", { cmd = "sed -n '1,40p' PRD.md" }),
    result("c", "exec_command", "Process exited with code 0\nOutput:\n# BEAM\n\n"
      .. "Proximity-Based Crypto Payments on Solana\n---\n"),
    call("d", "Read", { file_path = "/w/beam/src/main.rs" }),
    result("d", "Read", "     1→use anchor_lang::prelude::*;\n     2→declare_id!(\"2jcW\");\n"),
    call("e", "exec_command", { cmd = "pwd" }),
    result("e", "exec_command", "Process exited with code 0\nOutput:\n/w/beam\n"),
    say("The root is no git checkout; the PRD says what Beam is. Next I read the program."),
  }
end

describe("extractive summarizer: what the look-ups found", function()
  it("names the misses first, then what the others showed, in a short session's spare room", function()
    local t = summarize({ messages = lookups(), cwd = "/w/beam" })
    local line = t:match("\n(%- Looked up for the latest request: [^\n]*)")
    assert.truthy(line, t)
    local git_at = line:find("`git log --oneline -20`: fatal: not a git repository", 1, true)
    local sed_at = line:find("sed: can't read apps/web/package.json: No such file or directory", 1, true)
    local prd_at = line:find("`sed -n '1,40p' PRD.md`: # BEAM / Proximity-Based Crypto Payments on Solana", 1, true)
    assert.truthy(git_at and sed_at and prd_at, line)
    assert.is_true(git_at < sed_at and sed_at < prd_at, line)
    -- a source file's first lines are imports, and `pwd` says nothing
    assert.is_nil(line:find("anchor_lang", 1, true), line)
    assert.is_nil(line:find("`pwd`", 1, true), line)
    -- the misses are no failures of the work
    assert.is_nil(t:find("Still failing", 1, true), t)
  end)

  it("reports a read the tool says missed, but not a file's own words as a miss", function()
    local t = summarize({ messages = {
      user("what does the changelog say about 2.0?"),
      call("a", "Read", { file_path = "/w/p/HISTORY.md" }),
      result("a", "Read", "File does not exist.", true),
      call("b", "Read", { file_path = "/w/p/CHANGELOG.md" }),
      result("b", "Read", "     1→# Changelog\n     2→\n     3→## 2.0: the build FAILED on arm64 and was fixed\n"),
      say("2.0 fixed the arm64 build."),
    }, cwd = "/w/p" })
    local line = assert(t:match("\n(%- Looked up for the latest request: [^\n]*)"), t)
    assert.truthy(line:find("Read `HISTORY.md`: File does not exist.", 1, true), line)
    assert.truthy(line:find("Read `CHANGELOG.md`: # Changelog / ## 2.0: the build FAILED on arm64", 1, true), line)
  end)

  it("never shows the harness's note appended to a read as a line of the file", function()
    local t = summarize({ messages = {
      user("read the joke, then change it"),
      call("a", "Read", { file_path = "/w/JOKE.md" }),
      result("a", "Read", "     1→# Why Programmers Hate Nature\n     2→Too many bugs.\n\n<system-reminder>\n"
        .. "Whenever you read a file, you should consider whether it looks malicious.\n</system-reminder>\n"),
      say("Read it; it needs a better punchline."),
    }, cwd = "/w" })
    local line = t:match("\n(%- Looked up for the latest request: [^\n]*)")
    assert.truthy(line and line:find("Too many bugs.", 1, true), t)
    assert.falsy(t:find("malicious", 1, true), t)
    assert.falsy(t:find("system%-reminder"), t)
  end)

  it("never copies an environment file or a secret-looking value", function()
    local t = summarize({ messages = {
      user("why does the client not connect?"),
      call("a", "Read", { file_path = "/w/p/.env.local" }),
      result("a", "Read", "     1→DATABASE_URL=postgres://app:hunter2@db/app\n"),
      call("b", "exec_command", { cmd = "cat config.json" }),
      result("b", "exec_command", "Process exited with code 0\nOutput:\n{\n \"apiKey\": \"sk-abcdef1234567890abcdef\",\n"
        .. " \"db\": {\"user\":\"app\",\"password\":\"Hunter2Secret!\"},\n \"region\": \"eu-west-1\"\n}\n"),
      say("The region is set; the key is present."),
    }, cwd = "/w/p" })
    assert.is_nil(t:find("hunter2", 1, true), t)
    assert.is_nil(t:find("sk-abcdef1234567890abcdef", 1, true), t)
    assert.is_nil(t:find("Hunter2Secret", 1, true), t)
    assert.truthy(t:find("eu-west-1", 1, true), t)
  end)

  it("never copies a key block, a credentials store or a search hit's secret (review)", function()
    local function looked(name, args, output)
      local t = summarize({ messages = { user("why does the deploy fail on the server?"), call("a", name, args),
        result("a", name, output), say("Checked it.") }, cwd = "/w/p" })
      return t
    end
    local key = "MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5nfOqu56XoH2EoAoGCCqGSM49"
    for _, t in ipairs({
      looked("Read", { file_path = "/w/p/deploy/id_ecdsa" }, "     1→-----BEGIN EC PRIVATE KEY-----\n     2→" .. key
        .. "\n     3→-----END EC PRIVATE KEY-----\n"),
      looked("Read", { file_path = "/w/p/notes.txt" }, "     1→deploy key:\n     2→-----BEGIN EC PRIVATE KEY-----\n"
        .. "     3→" .. key .. "\n     4→-----END EC PRIVATE KEY-----\n"),
      looked("exec_command", { cmd = "cat ~/.npmrc" }, "Output:\n//registry.npmjs.org/:_authToken=npm_Zx9LkQ2m\n"),
      looked("exec_command", { cmd = "rg -n db_ config/" }, "Output:\nconfig/app.ini:3:db_pass = s3cr3tpass\n"
        .. "config/app.ini:4:db_host = db.internal\n"),
      looked("exec_command", { cmd = "cat kube.yaml" }, "Output:\nusers:\n- name: admin\n  user:\n"
        .. "    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBMnZ\n"),
      looked("exec_command", { cmd = "cat hooks.txt" }, "Output:\nnotify: whsec_5f8e2b1c9d7a4e3f6b0c8d2a1e9f7b3cAb\n"),
    }) do
      for _, secret in ipairs({ key, "npm_Zx9LkQ2m", "s3cr3tpass", "LS0tLS1CRUdJTi", "whsec_5f8e2b1c9d7a" }) do
        assert.is_nil(t:find(secret, 1, true), t)
      end
    end
    -- what is no secret still says what was found
    local t = looked("exec_command", { cmd = "rg -n db_ config/" }, "Output:\nconfig/app.ini:4:db_host = db.internal\n")
    assert.truthy(t:find("config/app.ini: db_host = db.internal", 1, true), t)
  end)

  it("gives way to everything else when the room is short", function()
    local messages = lookups()
    -- a long last reply takes the room before the look-ups' findings do
    local sentences = {}
    for i = 1, 80 do sentences[i] = "The PRD names payment step " .. i .. " of its flow." end
    messages[#messages] = say("The root is no git checkout. " .. table.concat(sentences, " "))
    local t = summarize({ messages = messages, cwd = "/w/beam" }, { max_chars = 1200 })
    assert.is_true(#t <= 1200, #t)
    assert.truthy(t:find("## Goal\nhelp me apply for the grant", 1, true), t)
    assert.is_nil(t:find("PRD.md`: # BEAM", 1, true), t)
    assert.truthy(t:find("The PRD names payment step 1 of its flow. The PRD names payment step 2 of its flow.", 1, true), t)
  end)

  it("puts an earlier request's findings after its entry, the latest one's last", function()
    local messages = lookups()
    table.insert(messages, user("now draft the application text"))
    table.insert(messages, call("f", "Grep", { pattern = "wallet" }))
    table.insert(messages, result("f", "Grep", "No matches found"))
    table.insert(messages, say("No wallet is named anywhere; I left a placeholder."))
    local t = summarize({ messages = messages, cwd = "/w/beam" })
    local earlier = t:find("\n- Looked up: `git log --oneline -20`: fatal", 1, true)
    local latest = t:find("\n- Looked up for the latest request: Grep `wallet`: nothing found", 1, true)
    assert.truthy(earlier and latest, t)
    assert.is_true(earlier < latest, t)
  end)

  describe("gist", function()
    it("joins the first lines that say something, without line numbers, fences or hints", function()
      local out = "```\n     1\t# Title\n     2\t\n     3\t{\n  (use \"git add <file>...\")\n"
        .. "     4\tmodified:   src/a.ts\n```\n"
      assert.are.equal("# Title / modified: src/a.ts", found.gist(out, "notes.md", 200))
    end)

    it("is nil for output with nothing to say, and keeps within its limit", function()
      assert.is_nil(found.gist("\n  {\n  }\n---\n", nil, 200))
      local long = string.rep("word ", 200)
      assert.is_true(#found.gist(long, nil, 80) <= 80)
    end)
  end)
end)
