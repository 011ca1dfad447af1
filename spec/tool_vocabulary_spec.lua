-- compact.classify_tool_call: one tool vocabulary for pi, Claude Code, Codex,
-- opencode, Gemini CLI and codecompanion.nvim calls.
local compact = require "compact"
local files = require "compact.summary"

local function call(name, arguments)
  return { type = "tool_call", id = "c1", name = name, arguments = arguments }
end

local function classify(name, arguments, overrides)
  local result, err = compact.classify_tool_call(call(name, arguments), overrides)
  assert(result, tostring(err))
  return result
end

local function kind_and_path(name, arguments)
  local result = classify(name, arguments)
  return result.kind .. " " .. tostring(result.paths[1])
end

describe("compact.classify_tool_call", function()
  it("knows pi's tools", function()
    assert.are.equal("read a.lua", kind_and_path("read", { path = "a.lua" }))
    assert.are.equal("write a.lua", kind_and_path("write", { path = "a.lua", content = "x" }))
    assert.are.equal("edit a.lua", kind_and_path("edit", { path = "a.lua", oldText = "a", newText = "b" }))
    assert.are.same({ kind = "shell", paths = {}, command = "make test" }, classify("bash", { command = "make test" }))
  end)

  it("knows Claude Code's tools, case-insensitively", function()
    assert.are.equal("read /p/a.ex", kind_and_path("Read", { file_path = "/p/a.ex" }))
    assert.are.equal("write /p/b.ex", kind_and_path("Write", { file_path = "/p/b.ex", content = "x" }))
    assert.are.equal("edit /p/c.ex", kind_and_path("Edit", { file_path = "/p/c.ex" }))
    assert.are.equal("edit /p/d.ex", kind_and_path("MultiEdit", { file_path = "/p/d.ex", edits = {} }))
    assert.are.equal("edit /p/n.ipynb", kind_and_path("NotebookEdit", { notebook_path = "/p/n.ipynb" }))
    assert.are.same({ kind = "shell", paths = {}, command = "mix test" }, classify("Bash", { command = "mix test" }))
    assert.are.equal("search /p", kind_and_path("Glob", { pattern = "**/*.ex", path = "/p" }))
    assert.are.equal("search nil", kind_and_path("Grep", { pattern = "defmodule" }))
    assert.are.equal("fetch nil", kind_and_path("WebFetch", { url = "https://x" }))
    assert.are.equal("fetch nil", kind_and_path("WebSearch", { query = "x" }))
    assert.are.equal("task nil", kind_and_path("Task", { prompt = "look" }))
    assert.are.equal("other nil", kind_and_path("TodoWrite", { todos = {} }))
    assert.are.equal("read /p/a", kind_and_path("READ", { file_path = "/p/a" }))
  end)

  it("knows Codex's tools: argv commands joined, apply_patch headers parsed", function()
    assert.are.same({ kind = "shell", paths = {}, command = "bash -lc cargo test" },
      classify("shell", { command = { "bash", "-lc", "cargo test" }, workdir = "/w" }))
    assert.are.same({ kind = "shell", paths = {}, command = "ls -la" }, classify("exec_command", { cmd = "ls -la" }))
    assert.are.same({ kind = "shell", paths = {}, command = "git status" },
      classify("local_shell", { action = { type = "exec", command = { "git", "status" } } }))
    assert.are.equal("other nil", kind_and_path("update_plan", { plan = {} }))
    local patch = table.concat({
      "*** Begin Patch",
      "*** Add File: src/new.rs",
      "+fn main() {}",
      "*** Update File: src/lib.rs",
      "*** Move to: src/core.rs",
      "@@",
      "-a",
      "+b",
      "*** Delete File: src/old.rs",
      "*** End Patch",
    }, "\n")
    local result = classify("apply_patch", { input = patch })
    assert.are.equal("edit", result.kind)
    assert.are.same({ "src/new.rs", "src/lib.rs", "src/core.rs", "src/old.rs" }, result.paths)
    -- a raw string input (custom tool call) and the `patch` key
    assert.are.same({ "src/new.rs", "src/lib.rs", "src/core.rs", "src/old.rs" }, classify("apply_patch", patch).paths)
    local added = classify("apply_patch", { patch = "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch" })
    assert.are.same({ kind = "write", paths = { "a.txt" },
      patch = { { path = "a.txt", kind = "write" } } }, added)
    -- apply_patch run through the shell
    local via_shell = classify("shell", { command = { "apply_patch", "*** Begin Patch\n*** Update File: b.rs\n*** End Patch" } })
    assert.are.equal("edit", via_shell.kind)
    assert.are.same({ "b.rs" }, via_shell.paths)
    -- older Codex CLIs: a heredoc to `applypatch` (its other name) in `bash -lc`
    local heredoc = classify("shell", { command = { "bash", "-lc",
      "applypatch << 'PATCH'\n*** Begin Patch\n*** Add File: tools/log.mjs\n+x\n*** End Patch\nPATCH" } })
    assert.are.same({ "write", { "tools/log.mjs" } }, { heredoc.kind, heredoc.paths })
    -- a command that only names the tool is no edit
    assert.are.equal("shell", classify("shell", { command = { "bash", "-lc", "which applypatch" } }).kind)
  end)

  it("knows Codex's newer shell_command and reads its code mode's cell as the tool the cell calls", function()
    assert.are.same({ kind = "shell", paths = {}, command = "npm.cmd run build" },
      classify("shell_command", { command = "npm.cmd run build", workdir = "C:\\app" }))
    local cell = 'const r = await tools.exec_command({"cmd":"cargo fmt --all && cargo test","workdir":"/w"});\n'
      .. "text(r.output);"
    local ran = classify("exec", { input = cell })
    assert.are.same({ "shell", "cargo fmt --all && cargo test" }, { ran.kind, ran.command })
    assert.are.same({ name = "exec_command", type = "tool_call", arguments = { cmd = "cargo fmt --all && cargo test",
      workdir = "/w" } }, ran.call)
    -- a patch held in a variable, its escapes decoded
    local patched = classify("exec", { input = 'const patch = "*** Begin Patch\\n*** Update File: README.md\\n@@\\n'
      .. '-a \\"old\\"\\n+b\\n*** End Patch";\nawait tools.apply_patch(patch);' })
    assert.are.same({ "edit", { "README.md" } }, { patched.kind, patched.paths })
    assert.are.equal("*** Begin Patch\n*** Update File: README.md\n@@\n-a \"old\"\n+b\n*** End Patch",
      patched.call.arguments.input)
    assert.are.equal("fetch", classify("exec", { input = 'await tools.web__run({"search_query":[{"q":"x"}]});' }).kind)
    -- a cell that calls no tool, a variable never set, no input: other
    assert.are.equal("other", classify("exec", { input = "text(1 + 1);" }).kind)
    assert.are.same({ "edit", {} }, { classify("exec", { input = "await tools.apply_patch(patchText);" }).kind,
      classify("exec", { input = "await tools.apply_patch(patchText);" }).paths })
    assert.are.equal("other", classify("exec", {}).kind)
    -- arguments that do not parse: the tool is known, its command is not
    local cut = classify("exec", { input = 'await tools.exec_command({"cmd": "unterminated' })
    assert.are.same({ "shell", nil }, { cut.kind, cut.command })
  end)

  it("knows opencode's tools", function()
    assert.are.equal("read /p/a.ts", kind_and_path("read", { filePath = "/p/a.ts" }))
    assert.are.equal("write /p/a.ts", kind_and_path("write", { filePath = "/p/a.ts" }))
    assert.are.equal("edit /p/a.ts", kind_and_path("edit", { filePath = "/p/a.ts" }))
    assert.are.same({ "x.ts" }, classify("patch", { patchText = "*** Begin Patch\n*** Update File: x.ts\n*** End Patch" }).paths)
    assert.are.equal("shell", classify("bash", { command = "bun test" }).kind)
    assert.are.equal("search nil", kind_and_path("glob", { pattern = "*.ts" }))
    assert.are.equal("search nil", kind_and_path("grep", { pattern = "x" }))
    assert.are.equal("search /p", kind_and_path("list", { path = "/p" }))
  end)

  it("knows Gemini CLI's tools", function()
    assert.are.equal("read /p/a.py", kind_and_path("read_file", { absolute_path = "/p/a.py" }))
    assert.are.equal("write /p/a.py", kind_and_path("write_file", { file_path = "/p/a.py", content = "" }))
    assert.are.equal("edit /p/a.py", kind_and_path("replace", { file_path = "/p/a.py" }))
    assert.are.same({ kind = "shell", paths = {}, command = "pytest -q" },
      classify("run_shell_command", { command = "pytest -q" }))
    assert.are.equal("search /p", kind_and_path("list_directory", { path = "/p" }))
    assert.are.equal("search nil", kind_and_path("glob", { pattern = "*.py" }))
    assert.are.equal("search nil", kind_and_path("search_file_content", { pattern = "def" }))
  end)

  it("knows codecompanion.nvim's file and command tools", function()
    assert.are.equal("read lua/a.lua", kind_and_path("read_file", { filepath = "lua/a.lua" }))
    assert.are.equal("write lua/b.lua", kind_and_path("create_file", { filepath = "lua/b.lua", content = "" }))
    assert.are.equal("edit lua/c.lua", kind_and_path("insert_edit_into_file", { filepath = "lua/c.lua", edits = {} }))
    assert.are.equal("edit lua/d.lua", kind_and_path("delete_file", { filepath = "lua/d.lua" }))
    assert.are.same({ kind = "shell", paths = {}, command = "make test" }, classify("cmd_runner", { cmd = "make test" }))
    assert.are.same({ kind = "shell", paths = {}, command = "busted" }, classify("run_command", { cmd = "busted" }))
    assert.are.equal("search", classify("grep_search", { query = "x" }).kind)
    assert.are.equal("search", classify("file_search", { query = "*.lua" }).kind)
    assert.are.equal("fetch", classify("fetch_webpage", { url = "https://x" }).kind)
  end)

  it("calls an unknown tool other, with no paths", function()
    assert.are.same({ kind = "other", paths = {} }, classify("frobnicate", { path = "a" }))
    assert.are.same({ kind = "read", paths = {} }, classify("read", "not a table"))
  end)

  it("takes overrides with path_key (or the older key) and false to remove an entry", function()
    assert.are.same({ kind = "read", paths = { "x" } },
      classify("MyRead", { p = "x", path = "y" }, { MyRead = { kind = "read", path_key = "p" } }))
    assert.are.same({ kind = "edit", paths = { "x" } },
      classify("myread", { p = "x" }, { MyRead = { kind = "edit", key = "p" } }))
    assert.are.same({ kind = "shell", paths = {}, command = "go test" },
      classify("runner", { script = "go test" }, { runner = { kind = "shell", command_key = "script" } }))
    assert.are.same({ kind = "other", paths = {} }, classify("Read", { file_path = "a" }, { read = false }))
  end)

  it("rejects what is not a tool_call and bad overrides", function()
    local result, err = compact.classify_tool_call("read")
    assert.is_nil(result)
    assert.are.equal("invalid_request", err.code)
    assert.matches("call: expected a tool_call block, got string", err.message, 1, true)
    result, err = compact.classify_tool_call({ type = "text", text = "x" })
    assert.is_nil(result)
    assert.matches("call.type: expected \"tool_call\"", err.message, 1, true)
    result, err = compact.classify_tool_call({ type = "tool_call", id = "1" })
    assert.is_nil(result)
    assert.matches("call.name: expected a string, got nil", err.message, 1, true)
    result, err = compact.classify_tool_call(call("x", {}), { X = { kind = "peek" } })
    assert.is_nil(result)
    assert.are.equal("invalid_config", err.code)
    assert.matches("config.tool_vocabulary.X.kind: expected one of read, write", err.message, 1, true)
    result, err = compact.classify_tool_call(call("x", {}), { X = { kind = "read", path_key = 3 } })
    assert.is_nil(result)
    assert.matches("X.path_key: expected a non-empty string", err.message, 1, true)
    result, err = compact.classify_tool_call(call("x", {}), { X = { kind = "read", pth = "p" } })
    assert.is_nil(result)
    assert.matches("X.pth: unknown field", err.message, 1, true)
  end)

  it("feeds the file lists for every agent", function()
    local vocab = assert(files.merge_tools({ MyRead = { kind = "read", key = "p" } }))
    local messages = { { role = "assistant", content = {
      call("Read", { file_path = "/p/read.ex" }),
      call("MultiEdit", { file_path = "/p/multi.ex" }),
      call("apply_patch", { input = "*** Begin Patch\n*** Add File: new.rs\n*** End Patch" }),
      call("write_file", { file_path = "g.py" }),
      call("MyRead", { p = "mine.txt" }),
      call("Bash", { command = "git mv /p/multi.ex /p/moved.ex" }),
    } } }
    local read, modified = files.collect(vocab, nil, { messages })
    assert.are.same({ "/p/read.ex", "mine.txt" }, read)
    assert.are.same({ "/p/moved.ex", "g.py", "new.rs" }, modified)
  end)
end)

describe("shell commands (compact.commands)", function()
  local commands = require "compact.commands"

  it("finds a command's stem after cd steps, environment assignments and wrappers", function()
    assert.are.equal("git push", commands.stem("git push origin main"))
    assert.are.equal("mix test", commands.stem("cd /w/app && MIX_ENV=test mix test --trace"))
    assert.are.equal("npm run build", commands.stem("npm run build -- --prod"))
    assert.are.equal("pnpm lint", commands.stem("bash -lc 'cd /a && pnpm --filter @repo/web lint'"))
    assert.are.equal("cargo test", commands.stem("timeout 60 cargo test -q"))
    assert.are.equal("make test", commands.stem("make -C build test"))
    assert.are.equal("pytest", commands.stem("sudo pytest -x"))
    assert.is_nil(commands.stem("   "))
    assert.is_nil(commands.stem(5))
  end)

  it("reads a wrapper's script as the shell does: escaped quotes, a wrapped wrapper", function()
    assert.are.same({ { from = "a b" } }, commands.changes([[bash -lc "rm \"a b\""]]))
    assert.are.same({ { from = "sub/x y", to = "sub/z" } }, commands.changes([[bash -lc "git -C sub mv \"x y\" z"]]))
    assert.are.same({ { from = "d/x" } }, commands.changes([[bash -lc 'bash -lc "cd d && rm x"']]))
    assert.are.same({ { from = "x" } }, commands.changes("bash -lc 'rm x'\n"))
    -- a wrapper followed by more commands: each read in its place
    assert.are.same({ { from = "a" }, { from = "b" } }, commands.changes("bash -lc 'rm a' && rm b"))
    assert.are.same({ { from = "p/x", to = "p/y" } }, commands.changes("cd p; sh -c 'mv x y' sh; echo done"))
    assert.are.equal("make test", commands.stem([[sh -c "cd \"a b\" && make test"]]))
  end)

  it("lists the stems of every step of a chain", function()
    assert.are.same({ "git pull", "git push" }, commands.stems("git pull --rebase && git push origin main"))
    assert.are.same({ "make", "make test" }, commands.stems("cd x && make; make test"))
  end)

  it("knows probes and look-ups", function()
    for _, probe in ipairs({ "ls build || echo missing", "test -f a.lua", "[ -d x ]", "which rg", "cat x || true",
      "grep -q foo a 2>/dev/null" }) do
      assert.is_true(commands.is_probe(probe), probe)
    end
    assert.is_false(commands.is_probe("make test"))
    for _, lookup in ipairs({ "rg foo", "sed -n '1,20p' a.ts", "git status -sb", "git diff HEAD", "nl -ba a | sed -n 1p" }) do
      assert.is_true(commands.is_lookup(lookup), lookup)
    end
    for _, work in ipairs({ "git push", "git commit -m x", "npm test", "rm -rf build" }) do
      assert.is_false(commands.is_lookup(work), work)
    end
    -- PowerShell's reads, in any case (Codex on Windows)
    for _, lookup in ipairs({ "Get-Content package.json", "Get-ChildItem -Force", "select-string -Pattern x a.ts",
      "Test-Path .env" }) do
      assert.is_true(commands.is_lookup(lookup), lookup)
    end
    assert.is_false(commands.is_lookup("Remove-Item -Recurse dist"))
    -- a PowerShell here-string, whose stem is no word (it raised once)
    assert.is_false(commands.is_lookup("@'\n.venv/\n.env\n'@ | Set-Content .gitignore"))
  end)

  it("takes a Windows shim for its program: npm.cmd is npm", function()
    assert.are.equal("npm run build", commands.stem("npm.cmd run build"))
    assert.are.equal("npx vitest", commands.stem("cd app; npx.CMD vitest run"))
    assert.are.equal("git status", commands.stem("git.exe status"))
  end)
end)

describe("tool_vocabulary in configs", function()
  it("is taken by the compactor and the extractive summarizer as the newer name of file_tools", function()
    local s = compact.summarizer(function() return "S" end)
    local c = assert(compact.new { summarizer = s, tool_vocabulary = { Peek = { kind = "read", path_key = "p" } } })
    assert.are.same({ kind = "read", paths = { "x" } },
      require("compact.tool_vocabulary").classify({ type = "tool_call", name = "peek", arguments = { p = "x" } },
        c.file_tools))
    assert.truthy(compact.extractive_summarizer { tool_vocabulary = { Peek = { kind = "read" } } })
    local none, err = compact.new { summarizer = s, file_tools = {}, tool_vocabulary = {} }
    assert.is_nil(none)
    assert.are.equal("config.tool_vocabulary: give file_tools or tool_vocabulary, not both", err.message)
    none, err = compact.extractive_summarizer { tool_vocabulary = { Peek = { kind = "look" } } }
    assert.is_nil(none)
    assert.matches("config.tool_vocabulary.Peek.kind", err.message, 1, true)
  end)
end)
