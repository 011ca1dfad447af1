-- The extractive summarizer's outcomes (contract 17): an explicit exit code
-- wins over text patterns, a command re-run from its directory is the same
-- command, a read of a missing file is a look-up, the error line of a
-- failure is quoted rather than a hint.
local extractive = require "compact.summarizers.extractive"
local commands = require "compact.commands"

local built = require "spec.support.messages"
local user, call, result, say = built.user, built.call, built.result, built.say

local function summarize(req)
  local text, err = assert(extractive.new()):summarize(req)
  assert(text, tostring(err))
  return text
end

describe("extractive summarizer outcomes", function()
  it("names the searches that found nothing in a short note's last exchange", function()
    local t = summarize({ messages = {
      user("write a CLAUDE.md for this repository"),
      call("a", "Glob", { pattern = "package.json" }), result("a", "Glob", "No files found"),
      call("b", "Grep", { pattern = "TODO" }), result("b", "Grep", "No matches found\n"),
      call("c", "Glob", { pattern = "*.md" }), result("c", "Glob", "/w/README.md"),
      say("The repository is empty but for a README."),
    } })
    assert.truthy(t:find("\n- Ran: 3 look-ups (nothing found for package.json, TODO)\n", 1, true), t)
  end)

  it("says what an earlier turn fixed and why it had failed, when a long note keeps only that turn's gist", function()
    local gist_shown = 0
    for N = 8, 30 do
      local messages = {
        user("audit the events page and fix what you find"),
        call("a", "Bash", { command = "npm run build" }),
        result("a", "Bash", "Failed to compile.\n\n./components/event-card.tsx:27:3\n"
          .. "Type error: Cannot find name 'useEffect'.\nExit code 1", true),
        call("b", "Bash", { command = "npm run build" }), result("b", "Bash", "Compiled successfully"),
        say("Fixed the audit findings; the event card no longer runs a timer."),
      }
      -- later requests with long words and replies: room for the gist of every
      -- turn, not for every turn whole (the oldest is the last to grow)
      for i = 1, N do
        messages[#messages + 1] = user(("now change part " .. i .. " of the dashboard layout, its grid and its styles; "):rep(4))
        messages[#messages + 1] = say(("Part " .. i .. " of the layout now uses the grid and its own styles. "):rep(8))
      end
      local t = summarize({ messages = messages })
      local first = t:match("\n(%- The request under Goal\n.-)\n%- ")
      -- whole or as its gist, the turn says what broke and that it was fixed
      if first then
        gist_shown = gist_shown + 1
        assert.truthy(first:find("\n  - Ran: `npm run build` failed: Type error: Cannot find name 'useEffect'. "
          .. "(event-card.tsx:27:3), then passed", 1, true), first)
      end
    end
    assert.is_true(gist_shown >= 2, gist_shown)
  end)

  it("reads a tool's own 'verification failed' line as a failure without an error flag, and quotes it", function()
    local t = summarize({ messages = {
      user("add a pause button"),
      call("p", "apply_patch", { input = "*** Begin Patch\n*** Update File: a.js\n@@\n-x\n+y\n*** End Patch" }),
      result("p", "apply_patch", "apply_patch verification failed: Failed to find expected lines in a.js:\n  x();"),
      say("The patch did not apply."),
    } })
    assert.truthy(t:find("- Ran: apply_patch `a.js` FAILED", 1, true), t)
    assert.truthy(t:find("- Still failing: apply_patch `a.js` FAILED: apply_patch verification failed: Failed to find "
      .. "expected lines in a.js:\n", 1, true), t)
    -- the words inside other output are no verdict
    t = summarize({ messages = { user("explain the patch check"),
      call("c", "bash", { command = "cat docs/patch.md" }),
      result("c", "bash", "Docs:\nIt prints a line when the patch verification failed."), say("Explained.") } })
    assert.is_nil(t:find("FAILED", 1, true), t)
  end)

  it("trusts Codex's 'Process exited with code 0' header over 'exit code 1' in the output", function()
    local t = summarize({ messages = {
      user("commit the axis change"),
      call("a", "exec_command", { cmd = "git commit -m 'web: widen axis'" }),
      result("a", "exec_command", "Chunk ID: 1a\nWall time: 1.2 seconds\nProcess exited with code 0\n"
        .. "Output:\n[hook] test 'exits with exit code 1 on bad input' ok\n[main 1a2b3c4] web: widen axis\n"),
      say("Committed."),
    } })
    assert.is_nil(t:find("Still failing", 1, true), t)
    assert.is_nil(t:find("FAILED", 1, true), t)
    assert.truthy(t:find("committed 1a2b3c4: web: widen axis", 1, true), t)
  end)

  it("takes Codex's 'aborted by user after 33.4s' for a stop, not a pass that fixes the failure before it", function()
    local t = summarize({ messages = {
      user("run the tests"),
      call("a", "exec_command", { cmd = "cargo test -p oracle" }),
      result("a", "exec_command", "Process exited with code 101\nOutput:\n"
        .. "error: failed to load manifest for workspace member `apps/tui`\n"),
      call("b", "exec_command", { cmd = "cp -r programs/oracle /tmp/o && cargo test --manifest-path /tmp/o/Cargo.toml" }),
      result("b", "exec_command", "aborted by user after 33.4s"),
    } })
    assert.is_nil(t:find("passed later", 1, true), t)
    -- a shell tool's form: its wall time, then the words (review)
    for _, stopped in ipairs({ "Wall time: 5.0 seconds\naborted by user", "aborted by user" }) do
      local s = summarize({ messages = { user("run it"),
        call("a", "exec_command", { cmd = "cargo test -p oracle" }), result("a", "exec_command", stopped) } })
      assert.is_nil(s:find("FAILED", 1, true), s)
      assert.is_nil(s:find("passed", 1, true), s)
    end
    assert.truthy(t:find("`cargo test -p oracle` FAILED: error: failed to load manifest", 1, true), t)
  end)

  it("names a script that opens with `cd <dir>` on its own line by its steps", function()
    local t = summarize({ messages = {
      user("verify the fixes"),
      call("a", "Bash", { command = "cd /w/app\nmake demo && make verify" }),
      result("a", "Bash", "Exit code 2\nmake: *** [verify] Error 2", true),
      say("verify fails."),
    }, cwd = "/w/app" })
    assert.truthy(t:find("`make demo && make verify` FAILED", 1, true), t)
    assert.is_nil(t:find("cd .", 1, true), t)
    -- a quoted directory, Windows' too, and a push the server refused, in its words
    t = summarize({ messages = {
      user("push it"),
      call("a", "Bash", { command = 'cd "C:\\Users\\me\\app" && git push' }),
      result("a", "Bash", "Exit code 1\nremote: error: GH013: Repository rule violations found for refs/heads/x.\n"
        .. "remote:     - Push cannot contain secrets\n ! [remote rejected] x -> x (push declined)\n"
        .. "error: failed to push some refs to 'https://github.com/o/r.git'", true),
      call("b", "Bash", { command = 'cd "/w/my app" && git status' }),
      result("b", "Bash", "On branch x"),
    }, cwd = "C:\\Users\\me\\app" })
    assert.truthy(t:find("`git push` FAILED: error: GH013: Repository rule violations found", 1, true), t)
    assert.truthy(t:find("`git status`", 1, true), t)
    assert.is_nil(t:find("cd ", 1, true), t)
  end)

  it("reports a non-zero exit code header as a failure, with the output's error line", function()
    local t = summarize({ messages = {
      user("build it"),
      call("a", "exec_command", { cmd = "make" }),
      result("a", "exec_command", "Chunk ID: 2b\nProcess exited with code 2\nOutput:\nmake: *** [all] Error 2\n"),
      say("It fails."),
    } })
    assert.truthy(t:find("Still failing: `make` FAILED: Error 2", 1, true), t)
    assert.is_nil(t:find("Chunk ID", 1, true))
  end)

  it("counts `cd <dir> && node build.js` as the same command as `node <dir>/build.js`", function()
    local t = summarize({ messages = {
      user("bundle the assets"),
      call("a", "Bash", { command = "node assets/build.js" }),
      result("a", "Bash", "Exit code 1\nerror: Could not resolve \"js/app.js\"", true),
      call("b", "Bash", { command = "cd /w/app/assets && node build.js" }),
      result("b", "Bash", "built in 40ms"),
      say("Bundled."),
    }, cwd = "/w/app" })
    assert.is_nil(t:find("Still failing", 1, true), t)
    assert.truthy(t:find("`node assets/build.js` failed (error: Could not resolve \"js/app.js\"), passed later", 1, true), t)
  end)

  it("normalises leading cd steps and resolves file operands against a relative one", function()
    assert.are.equal("node assets/build.js", commands.normalize("cd assets && node build.js"))
    assert.are.equal("node web/src/a.js --watch", commands.normalize("cd web && cd src && node a.js --watch"))
    assert.are.equal("mix test", commands.normalize("cd /abs/dir && mix test"))
    assert.are.equal("npm test", commands.normalize("cd assets && npm test"))
    assert.are.equal("node assets/build.js", commands.stem("cd assets && node build.js"))
  end)

  it("does not report a read of a missing file as a failure", function()
    local t = summarize({ messages = {
      user("look at the conn case"),
      call("a", "Read", { file_path = "/w/app/test/support/conn_case.ex" }),
      result("a", "Read", "<tool_use_error>File does not exist.</tool_use_error>", true),
      say("There is no conn case."),
    }, cwd = "/w/app" })
    assert.is_nil(t:find("FAILED", 1, true), t)
    assert.is_nil(t:find("Still failing", 1, true), t)
  end)

  it("quotes the error line of a failure, never git's hint lines", function()
    local t = summarize({ messages = {
      user("stage the css"),
      call("a", "Bash", { command = "git add priv/static/assets/app.css" }),
      result("a", "Bash", "Exit code 1\nThe following paths are ignored by one of your .gitignore files:\n"
        .. "priv/static/assets\nhint: Use -f if you really want to add them.\n"
        .. "hint: \"git config advice.addIgnoredFile false\"", true),
      say("It is ignored."),
    } })
    assert.truthy(t:find("FAILED: The following paths are ignored by one of your .gitignore files:", 1, true), t)
    assert.is_nil(t:find("hint:", 1, true), t)
  end)

  it("does not count a call the harness cancelled after a sibling's error", function()
    local t = summarize({ messages = {
      user("run both"),
      call("a", "Bash", { command = "npx vitest run" }),
      result("a", "Bash", "<tool_use_error>Sibling tool call errored</tool_use_error>", true),
      say("Cancelled."),
    } })
    assert.is_nil(t:find("FAILED", 1, true), t)
    assert.is_nil(t:find("Sibling", 1, true), t)
  end)

  it("prefers a fatal: line over the lines around it", function()
    local t = summarize({ messages = {
      user("push"),
      call("a", "Bash", { command = "git push" }),
      result("a", "Bash", "To origin\nfatal: The current branch x has no upstream branch.\nhint: set one", true),
      say("No upstream."),
    } })
    assert.truthy(t:find("FAILED: fatal: The current branch x has no upstream branch.", 1, true), t)
  end)

  it("names a commit by the hash git printed, and by its subject alone when git printed none", function()
    local t = summarize({ messages = {
      user("commit the docs, then the refactor"),
      call("a", "Bash", { command = 'git commit -m "docs: the README"' }),
      result("a", "Bash", "[main (root-commit) d8f0b8b] docs: the README\n 2 files changed"),
      call("b", "Bash", { command = 'git commit -m "refactor: ESM"' }),
      result("b", "Bash", "1 file changed"),
      say("Both committed."),
    } })
    -- with git's own count of what the commit changed
    assert.truthy(t:find("- Done: committed d8f0b8b: docs: the README (2 files changed); committed: refactor: ESM "
      .. "(1 file changed)\n", 1, true), t)
  end)

  -- Gemini CLI's run_shell_command result record
  local function gemini_run(command, output, err, code)
    return "Command: " .. command .. "\nDirectory: (root)\nOutput: " .. output .. "\nError: " .. err
      .. "\nExit Code: " .. code .. "\nSignal: 0\nBackground PIDs: (none)\nProcess Group PGID: 1"
  end

  it("reads Gemini CLI's shell record by its exit code; its 'Error: (none)' is no error", function()
    local t = summarize({ messages = {
      user("install the sandbox library"),
      call("a", "run_shell_command", { command = "pip install rp" }),
      result("a", "run_shell_command", gemini_run("pip install rp", "bash: line 1: pip: command not found",
        "(none)", 127)),
      call("b", "run_shell_command", { command = "make check" }),
      result("b", "run_shell_command", gemini_run("make check", "all 3 checks ok, 0 errors", "(none)", 0)),
      say("pip is missing."),
    } })
    assert.truthy(t:find("`pip install rp` FAILED: bash: line 1: pip: command not found", 1, true), t)
    assert.truthy(t:find("`make check` passed", 1, true), t)
    assert.is_nil(t:find("(none)", 1, true), t)
  end)

  it("takes Gemini CLI's own Error line, the last before its exit code, not one the output printed", function()
    local t = summarize({ messages = {
      user("build it"),
      call("a", "run_shell_command", { command = "node build.js" }),
      result("a", "run_shell_command", "Command: node build.js\nDirectory: (root)\nOutput: building\n"
        .. "Error: Cannot find module 'esbuild'\nError: (none)\nExit Code: 1\nSignal: 0"),
      call("b", "run_shell_command", { command = "ls dist" }),
      result("b", "run_shell_command", "Command: ls dist\nDirectory: (root)\nOutput: (empty)\nError: (none)\nExit Code: 0"),
      say("esbuild is missing."),
    } })
    assert.truthy(t:find("`node build.js` FAILED: Error: Cannot find module 'esbuild'", 1, true), t)
    assert.is_nil(t:find("(empty)", 1, true), t)
  end)

  it("takes pip3 for pip and python3 for python: a later pass of either fixes the other's failure", function()
    local t = summarize({ messages = {
      user("install the sandbox library"),
      call("a", "Bash", { command = "pip3 install rp" }),
      result("a", "Bash", "error: externally-managed-environment", true),
      call("b", "Bash", { command = "source venv/bin/activate && pip install rp" }),
      result("b", "Bash", "Successfully installed rp-8.1"),
      say("Installed in a venv."),
    } })
    assert.truthy(t:find("`pip3 install rp` failed (error: externally-managed-environment), passed later", 1, true), t)
    assert.is_nil(t:find("Still failing", 1, true), t)
  end)

  it("says a call Gemini CLI cancelled was cancelled by the user, not that it failed", function()
    local t = summarize({ messages = {
      user("start it"),
      call("a", "run_shell_command", { command = "python3" }),
      result("a", "run_shell_command", "[Operation Cancelled] Reason: User cancelled the operation."),
      say("Stopped."),
    } })
    assert.truthy(t:find("`python3` (cancelled by the user)", 1, true), t)
    assert.is_nil(t:find("FAILED", 1, true), t)
  end)

  it("takes a tool that is no command and passed later in the turn (same file for file tools) as retried", function()
    local t = summarize({ messages = {
      user("audit the code"),
      call("a", "list_directory", { path = "." }),
      result("a", "list_directory", "Path must be absolute: .", true),
      call("b", "list_directory", { path = "/w/src" }),
      result("b", "list_directory", "main.py"),
      call("c", "Edit", { file_path = "/w/a.ex", old_string = "x", new_string = "y" }),
      result("c", "Edit", "File has been modified since read. Read it again.", true),
      call("d", "Edit", { file_path = "/w/b.ex", old_string = "x", new_string = "y" }),
      result("d", "Edit", "The file /w/b.ex has been updated."),
      say("Audited."),
    }, cwd = "/w" })
    assert.truthy(t:find("list_directory `.` failed (Path must be absolute: .), passed later", 1, true), t)
    -- another file's edit passing fixes nothing
    assert.truthy(t:find("- Still failing: Edit `a.ex` FAILED: File has been modified since read.", 1, true), t)
    t = summarize({ messages = {
      user("audit the code"),
      call("c", "Edit", { file_path = "/w/a.ex", old_string = "x", new_string = "y" }),
      result("c", "Edit", "File has been modified since read. Read it again.", true),
      call("d", "Edit", { file_path = "/w/a.ex", old_string = "x", new_string = "y" }),
      result("d", "Edit", "The file /w/a.ex has been updated."),
      say("Audited."),
    }, cwd = "/w" })
    assert.is_nil(t:find("Still failing", 1, true), t)
    -- a fetch of another address is no retry of a failed one
    local f = summarize({ messages = {
      user("read the docs"),
      call("a", "WebFetch", { url = "https://a.example/docs" }), result("a", "WebFetch", "Request failed with status 403", true),
      call("b", "WebFetch", { url = "https://b.example/docs" }), result("b", "WebFetch", "# Docs"),
      say("Read b."),
    } })
    assert.truthy(f:find("- Still failing: WebFetch `https://a.example/docs` FAILED", 1, true), f)
    assert.truthy(t:find("Edit `a.ex` failed (File has been modified since read. Read it again.), passed later", 1, true), t)
  end)

  it("names work given to a sub-agent, its agent and model, instead of counting it as a look-up", function()
    local t = summarize({ messages = {
      user("draft beads for the quality tools"),
      call("a", "Task", { description = "Draft the bead content", prompt = "Write the beads for credo",
        subagent_type = "Plan", model = "haiku" }),
      result("a", "Task", "Epic: set up credo, dialyxir and mix_audit."),
      call("b", "Grep", { pattern = "credo" }), result("b", "Grep", "mix.exs:3: credo"),
      say("Drafted."),
    } })
    assert.truthy(t:find("- Ran: sub-agent `Draft the bead content` (Plan, haiku) passed; 1 look-up\n", 1, true), t)
  end)

  it("takes an edit the tool found already made for no failure, and a later write of the file as fixing a failed edit", function()
    local t = summarize({ messages = {
      user("reset the bar too"),
      call("a", "replace", { file_path = "/w/a.js", old_string = "x", new_string = "y" }),
      result("a", "replace", "A secondary check by an LLM determined that no changes were necessary to fulfill the "
        .. "instruction.", true),
      call("b", "replace", { file_path = "/w/b.js", old_string = "x", new_string = "y" }),
      result("b", "replace", "Failed to edit, could not find the string to replace.", true),
      call("c", "write_file", { file_path = "/w/b.js", content = "y" }),
      result("c", "write_file", "Successfully overwrote file: /w/b.js."),
      say("Done."),
    }, cwd = "/w" })
    assert.is_nil(t:find("Still failing", 1, true), t)
    assert.is_nil(t:find("replace `a.js`", 1, true), t)
    assert.truthy(t:find("replace `b.js` failed (Failed to edit, could not find the string to replace.), passed later",
      1, true), t)
  end)

  it("reads a sub-agent's provider error as its failure, and a script by its steps, not its banners", function()
    local t = summarize({ messages = {
      user("sort the k8s files by kind"),
      call("a", "Task", { description = "Count the kinds", prompt = "count", subagent_type = "general-purpose" }),
      result("a", "Task", "API Error: 429 Too many tokens per day, please wait before trying again."),
      call("b", "Bash", { command = '#!/bin/bash\n# Count the kinds\necho "===== Kinds ====="\ngrep -rc "kind:" .' }),
      result("b", "Bash", "===== Kinds =====\n197"),
      call("c", "Bash", { command = 'git commit -m "$(cat <<\'EOF\'\nfeat: sort\n\n- by kind\nEOF\n)"' }),
      result("c", "Bash", "[main 1a2b3c4] feat: sort"),
      say("Sorted."),
    } })
    assert.truthy(t:find("sub-agent `Count the kinds` (general-purpose) FAILED: Error: 429 Too many tokens per day", 1,
      true), t)
    assert.truthy(t:find('`grep -rc "kind:" .` passed', 1, true), t)
    assert.is_nil(t:find("#!/bin/bash", 1, true), t)
    assert.truthy(t:find("committed 1a2b3c4: feat: sort", 1, true), t)
  end)

  it("names the commands of a turn before the edits it retried until they applied", function()
    local msgs = { user("move the azure code into its package") }
    for i = 1, 26 do
      msgs[#msgs + 1] = call("e" .. i, "Edit", { file_path = "/w/f" .. i .. ".go", old_string = "a", new_string = "b" })
      msgs[#msgs + 1] = result("e" .. i, "Edit", "String to replace not found in file.", true)
      msgs[#msgs + 1] = call("g" .. i, "Edit", { file_path = "/w/f" .. i .. ".go", old_string = "c", new_string = "d" })
      msgs[#msgs + 1] = result("g" .. i, "Edit", "The file has been updated.")
    end
    msgs[#msgs + 1] = call("b", "Bash", { command = "go build ./azure" })
    msgs[#msgs + 1] = result("b", "Bash", "")
    msgs[#msgs + 1] = say("Moved.")
    msgs[#msgs + 1] = user("thanks")
    msgs[#msgs + 1] = say("You're welcome.")
    local t = summarize({ messages = msgs, cwd = "/w" })
    assert.truthy(t:find("- Ran: `go build ./azure` passed; Edit `f1.go` failed (String to replace not found in file.), "
      .. "passed later", 1, true) or t:find("- Ran: `go build ./azure` passed; Edit `f1.go` failed, passed later", 1, true), t)
  end)
end)
