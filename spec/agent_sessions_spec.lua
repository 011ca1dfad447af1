-- Sessions of other agents (Claude Code, Codex, Gemini CLI): the importers
-- on fixtures written for this project in each format's real shape
-- (spec/fixtures/{claude_code,codex,gemini_cli}), with exact counts, and
-- `compact stats` / `plan` / `run` on each.

local importers = require "compact.importers"
local cli = require "compact.cli"
local state = require "compact.state"
local file_helpers = require "spec.support.files"

local DIR = "spec/fixtures/"
local CLAUDE, CLAUDE_COMPACTED = DIR .. "claude_code/session.jsonl", DIR .. "claude_code/compacted.jsonl"
local CODEX, CODEX_OLD = DIR .. "codex/rollout.jsonl", DIR .. "codex/rollout_0.4x.jsonl"
local GEMINI, GEMINI_JSONL = DIR .. "gemini_cli/session.json", DIR .. "gemini_cli/session.jsonl"
local GEMINI_SAVED = DIR .. "gemini_cli/checkpoint.json"
local CODEX_PREFIX = require("compact.importers.codex").SUMMARY_PREFIX

-- A maker of Claude Code transcript lines, numbered PREFIX1, PREFIX2, ...
local function claude_entries(prefix)
  local core = require "compact.core"
  local n = 0
  return function(kind, message)
    n = n + 1
    return core.json_encode { type = kind, uuid = prefix .. n, sessionId = "s", message = message }
  end
end

local function read(path) return assert(file_helpers.read(path)) end

local function load(path, opts)
  local result, err = importers.load(path, opts)
  assert(result, err and err.message)
  return result
end

local function roles(messages)
  local out = {}
  for i, m in ipairs(messages) do out[i] = m.role end
  return out
end

local function text_of(m)
  if type(m.content) == "string" then return m.content end
  local parts = {}
  for _, block in ipairs(m.content) do
    if block.type == "text" then parts[#parts + 1] = block.text end
  end
  return table.concat(parts, "\n")
end

local function block_types(m)
  local out = {}
  for i, block in ipairs(m.content) do out[i] = block.type end
  return out
end

-- The calls in order, and how many results answer each.
local function pairing(messages)
  local calls, answers = {}, {}
  for _, m in ipairs(messages) do
    if m.role == "assistant" then
      for _, block in ipairs(m.content) do
        if block.type == "tool_call" then calls[#calls + 1] = block end
      end
    elseif m.role == "tool_result" then
      answers[m.tool_call_id] = (answers[m.tool_call_id] or 0) + 1
    end
  end
  return calls, answers
end

-- Every call answered by exactly one result, no result made up, nothing
-- dropped but the `duplicates` second results.
local function assert_exact_pairs(result, want_calls, duplicates)
  local calls, answers = pairing(result.messages)
  assert.equals(want_calls, #calls)
  local results = 0
  for _, count in pairs(answers) do results = results + count end
  assert.equals(want_calls, results)
  for _, call in ipairs(calls) do assert.equals(1, answers[call.id], call.id) end
  assert.same({}, result.repair.missing_results)
  assert.same({}, result.repair.orphan_results)
  assert.same(duplicates or {}, result.repair.duplicate_results)
end

local function call_names(messages)
  local calls = pairing(messages)
  local names = {}
  for i, call in ipairs(calls) do names[i] = call.name end
  return names
end

describe("claude-code importer", function()
  it("merges the lines of one message.id into one assistant message, blocks in order", function()
    local r = load(CLAUDE)
    assert.equals("claude-code", r.format)
    assert.same({ "user", "assistant", "tool_result", "assistant", "tool_result", "tool_result", "user",
                  "assistant", "tool_result", "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.same({ "thinking", "text", "tool_call" }, block_types(r.messages[2]))
    assert.equals("EqkCCkYIBxgCKkBsig1", r.messages[2].content[1].signature)
    assert.equals("Look at the rounding helper first.", r.messages[2].content[1].thinking)
    -- msg_B: its second call was written after the first call's result
    assert.same({ "tool_call", "tool_call" }, block_types(r.messages[4]))
    assert.equals("toolu_02", r.messages[4].content[1].id)
    assert.equals("toolu_03", r.messages[4].content[2].id)
    assert.equals("tool_use", r.messages[4].stop_reason)
    assert.equals("stop", r.messages[13].stop_reason)
    -- the usage of the last line of each merged id
    assert.equals(61, r.messages[2].usage.output)
    assert.same({ input = 1, cache_read = 14560, cache_write = 120, output = 58 }, r.messages[13].usage)
  end)

  it("answers every call with exactly one result (a second result is dropped with a warning)", function()
    local r = load(CLAUDE)
    assert_exact_pairs(r, 5, { 10 })   -- the second result for toolu_04, as read (before the repair)
    assert.same({ "Read", "Grep", "Bash", "Edit", "Bash" }, call_names(r.messages))
    assert.is_true(r.messages[6].is_error)
    assert.equals("Bash", r.messages[6].tool_name)
    assert.same({ CLAUDE .. ": dropped 1 second result(s) for the same call (line 23)" }, r.warnings)
    assert.same({}, r.repair.missing_results)
  end)

  it("skips sidechain and meta entries and bookkeeping", function()
    local r = load(CLAUDE)
    assert.equals("The totals in src/ledger.py round the wrong way. Fix it and run the tests.", text_of(r.messages[1]))
    for _, m in ipairs(r.messages) do
      assert.is_nil(text_of(m):find("Caveat", 1, true))
      assert.not_equals("toolu_side", m.tool_call_id)
    end
    assert.equals(3, r.skipped)   -- the meta entry and the two sidechain entries
  end)

  it("turns an enqueued prompt into one user message: where delivered, else where enqueued", function()
    local r = load(CLAUDE)
    local seen = {}
    for i, m in ipairs(r.messages) do
      if m.role == "user" then seen[text_of(m)] = (seen[text_of(m)] or 0) + 1; seen[i] = text_of(m) end
    end
    assert.equals(1, seen["also keep two decimals"])
    assert.equals("also keep two decimals", seen[7])         -- its queued_command attachment
    assert.equals(1, seen["and update the changelog"])
    assert.equals("and update the changelog", seen[10])      -- never delivered: after the open call's result
  end)

  it("places a prompt taken off the queue and never written again where it was taken", function()
    local entry = claude_entries("e")
    local function call(id, call_id)
      return entry("assistant", { id = id, role = "assistant",
        content = { { type = "tool_use", id = call_id, name = "Bash", input = { command = "make" } } } })
    end
    local function result(call_id)
      return entry("user", { role = "user", content = { { type = "tool_result", tool_use_id = call_id, content = "ok" } } })
    end
    local lines = {
      entry("user", { role = "user", content = "build it" }), call("m1", "c1"),
      '{"type":"queue-operation","operation":"enqueue","sessionId":"s","content":"typed while working"}',
      result("c1"), call("m2", "c2"),
      '{"type":"queue-operation","operation":"remove","sessionId":"s"}',
      result("c2"),
      entry("assistant", { id = "m3", role = "assistant", content = { { type = "text", text = "done" } } }),
    }
    local r = assert(importers.parse(table.concat(lines, "\n")))
    assert.same({ "user", "assistant", "tool_result", "assistant", "tool_result", "user", "assistant" }, roles(r.messages))
    assert.equals("typed while working", text_of(r.messages[6]))
    table.remove(lines, 6)   -- never taken: where it was enqueued, after the open call's result
    r = assert(importers.parse(table.concat(lines, "\n")))
    assert.same({ "user", "assistant", "tool_result", "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.equals("typed while working", text_of(r.messages[4]))
    -- pulled back into the prompt box and never sent
    table.insert(lines, 6, '{"type":"queue-operation","operation":"popAll","sessionId":"s"}')
    r = assert(importers.parse(table.concat(lines, "\n")))
    assert.same({ "user", "assistant", "tool_result", "assistant", "tool_result", "assistant" }, roles(r.messages))
  end)

  it("keeps a queued prompt that a later message merely contains (\"ok\" in \"looks\"): it was never delivered", function()
    local entry = claude_entries("q")
    local lines = {
      entry("user", { role = "user", content = "build it" }),
      entry("assistant", { id = "m1", role = "assistant",
        content = { { type = "tool_use", id = "c1", name = "Bash", input = { command = "make" } } } }),
      '{"type":"queue-operation","operation":"enqueue","sessionId":"s","content":"ok"}',
      entry("user", { role = "user", content = { { type = "tool_result", tool_use_id = "c1", content = "built" } } }),
      entry("assistant", { id = "m2", role = "assistant", content = { { type = "text", text = "done" } } }),
      entry("user", { role = "user", content = "that looks good, now deploy" }),
    }
    local r = assert(importers.parse(table.concat(lines, "\n")))
    assert.same({ "user", "assistant", "tool_result", "user", "assistant", "user" }, roles(r.messages))
    assert.equals("ok", text_of(r.messages[4]))
    -- delivered as a line of a later message (with another queued prompt): placed there, once
    lines[6] = entry("user", { role = "user", content = "ok\nalso deploy" })
    r = assert(importers.parse(table.concat(lines, "\n")))
    assert.same({ "user", "assistant", "tool_result", "assistant", "user" }, roles(r.messages))
    assert.equals("ok\nalso deploy", text_of(r.messages[5]))
  end)

  it("reads a sub-agent's own file (all sidechain) as its conversation", function()
    local text = read(CLAUDE)
    local side = {}
    for line in text:gmatch("[^\n]+") do
      if line:find('"isSidechain":true', 1, true) then side[#side + 1] = line end
    end
    local r = assert(importers.parse(table.concat(side, "\n")))
    assert.same({ "assistant", "tool_result" }, roles(r.messages))
    assert.equals("toolu_side", r.messages[2].tool_call_id)
    assert.equals(0, r.skipped)
  end)

  it("reads an API error Claude Code wrote as a reply as a failed turn, never an anchor", function()
    local text = read(CLAUDE) .. '{"type":"assistant","uuid":"z1","isApiErrorMessage":true,"message":{"id":"msg_Z",'
      .. '"model":"<synthetic>","role":"assistant","content":[{"type":"text","text":"API Error: 529 overloaded"}],'
      .. '"usage":{"input_tokens":0,"output_tokens":0}}}\n'
    local r = assert(importers.parse(text))
    local last = r.messages[#r.messages]
    assert.same({ "error", "API Error: 529 overloaded" }, { last.stop_reason, last.error_message })
    assert.same({ tokens = 1 + 14560 + 120 + 58, through = 13 }, r.usage)
  end)

  it("anchors on the last line of the last reply and carries the cwd", function()
    local r = load(CLAUDE)
    assert.same({ tokens = 1 + 14560 + 120 + 58, through = 13 }, r.usage)
    assert.equals("/home/dev/projects/ledger", r.cwd)
  end)

  it("codex: unwraps JSON-wrapped tool output, a non-zero exit code an error, plain text as it is", function()
    local r = load(DIR .. "codex/exit_codes.jsonl")
    local results = {}
    for _, m in ipairs(r.messages) do
      if m.role == "tool_result" then results[m.tool_call_id] = m end
    end
    local function text(id)
      local content = results[id].content
      return type(content) == "string" and content or content[1].text
    end
    assert.same({ "F.\nFAILED tests/test_invoice.py::test_total - assert 10.0 == 10.01\n1 failed, 1 passed in 0.12s\n",
      true }, { text("call_E1"), results.call_E1.is_error })
    assert.same({ "14:    return round(total, 1)\n", false }, { text("call_E2"), results.call_E2.is_error })
    -- plain-text outputs stay as they are (and are no error by themselves)
    assert.matches("^failed in sandbox LinuxSeccomp", text("call_E3"))
    assert.is_false(results.call_E3.is_error)
    assert.same({ "Plan updated", false }, { text("call_E6"), results.call_E6.is_error })
    -- a tool's own JSON output is unwrapped once only, and an empty failing output is an error
    assert.same({ '{"output": "not the wrapper", "vat": 0.2}\n', false }, { text("call_E4"), results.call_E4.is_error })
    assert.same({ "", true }, { text("call_E5"), results.call_E5.is_error })
    -- and the extractive summarizer still reads an old, wrapped result (state written before)
    local message = require "compact.message"
    assert.same({ "x\n", 2 }, { message.unwrap_tool_output('{"output":"x\\n","metadata":{"exit_code":2}}') })
    assert.same({ text("call_E4") }, { message.unwrap_tool_output(text("call_E4")) })
  end)

  it("takes the cwd where the session started, not where the agent cd'd to", function()
    local cd = '{"type":"user","uuid":"zz1","parentUuid":"x","isSidechain":false,"cwd":"/home/dev/projects/ledger/src",'
      .. '"message":{"role":"user","content":"and now the tests"}}\n'
    local r = assert(importers.parse(read(CLAUDE) .. cd))
    assert.equals("and now the tests", text_of(r.messages[#r.messages]))
    assert.equals("/home/dev/projects/ledger", r.cwd)
    -- entries before the first with a cwd (a summary line) do not count
    r = assert(importers.parse('{"type":"summary","summary":"Earlier","leafUuid":"x"}\n' .. cd))
    assert.equals("/home/dev/projects/ledger/src", r.cwd)
  end)

  it("takes the summary from the compaction and restarts the context there", function()
    local r = load(CLAUDE_COMPACTED)
    local text = read(CLAUDE_COMPACTED)
    local summary_line = text:match("[^\n]*\"isCompactSummary\":true[^\n]*")
    local entry = require("compact.core").json_decode(summary_line)
    assert.equals(entry.message.content, r.summary)
    assert.equals(1, select(2, r.summary:gsub("This session is being continued", "")))
    -- preservedSegment u2..r3 kept, then what came after the summary
    assert.same({ "user", "assistant", "tool_result", "user", "assistant", "tool_result", "assistant" },
      roles(r.messages))
    assert.equals("Now wire it into the CLI.", text_of(r.messages[1]))
    assert.equals("Run the tests.", text_of(r.messages[4]))
    assert_exact_pairs(r, 2)
    -- the anchor is a reply after the compaction, never a preserved one
    assert.same({ tokens = 2 + 7000 + 150 + 19, through = 7 }, r.usage)
  end)

  it("keeps nothing before a boundary without preserved messages, and reads a summary without a boundary", function()
    local text = read(CLAUDE_COMPACTED):gsub(',"preservedSegment":{[^}]*}', "")
    local r = assert(importers.parse(text))
    assert.same({ "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.equals("Run the tests.", text_of(r.messages[1]))
    local old_style = text:gsub('[^\n]*"subtype":"compact_boundary"[^\n]*\n', "")
    r = assert(importers.parse(old_style))
    assert.same({ "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.matches("^This session is being continued", r.summary)
  end)
end)

describe("codex importer", function()
  -- the rollout up to (not including) its `compacted` record
  local function before_compaction()
    return (read(CODEX):match("^(.-)[^\n]*\"type\":\"compacted\""))
  end

  it("reads messages, reasoning, function, custom and local shell calls with exact pairs", function()
    local r = assert(importers.parse(before_compaction()))
    assert.equals("codex", r.format)
    assert.same({ "user", "user", "assistant", "tool_result", "assistant", "tool_result", "assistant", "tool_result",
                  "assistant", "user" }, roles(r.messages))
    assert_exact_pairs(r, 3)
    assert.same({ "shell", "apply_patch", "local_shell" }, call_names(r.messages))
    local thinking = r.messages[3].content[1]
    assert.same({ type = "thinking", thinking = "**Reading the retry loop**", signature = "gAAAAABenc-one" }, thinking)
    assert.same({ "bash", "-lc", "sed -n '1,80p' mailer/send.py" }, r.messages[3].content[2].arguments.command)
    assert.matches("^%*%*%* Begin Patch\n%*%*%* Update File: mailer/send.py", r.messages[5].content[2].arguments.input)
    assert.same({ "bash", "-lc", "pytest -q tests/test_send.py" }, r.messages[7].content[1].arguments.command)
    assert.equals("3 passed in 0.21s", r.messages[8].content)
    assert.equals("<permissions instructions>workspace-write</permissions instructions>", r.system_prompt)
    assert.equals("/home/dev/projects/mailer", r.cwd)
  end)

  it("gives each reply the usage of the token_count after it, reasoning included", function()
    local r = assert(importers.parse(before_compaction()))
    assert.same({ input = 4100 - 3072, cache_read = 3072, cache_write = 0, output = 96, reasoning = 64 },
      r.messages[3].usage)
    assert.same({ input = 4600 - 4096, cache_read = 4096, cache_write = 0, output = 180, reasoning = 90 },
      r.messages[5].usage)
    assert.same({ tokens = 5000 + 30, through = 9 }, r.usage)
  end)

  it("replaces the history with the compacted record's summary and kept items", function()
    local r = load(CODEX)
    assert.equals("Fixed exponential backoff in mailer/send.py (tests pass). Next: log each retry in the same loop.",
      r.summary)
    assert.same({ "user", "user", "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.equals("The retry loop in mailer/send.py never backs off. Fix it.", text_of(r.messages[2]))
    assert.equals("Also log each retry.", text_of(r.messages[3]))
    assert.equals("gAAAAABenc-three", r.messages[4].content[1].signature)
    assert_exact_pairs(r, 1)
    assert.same({ tokens = 2300 + 25, through = 6 }, r.usage)
  end)

  it("reads rollouts that write the count before the reply, and a compaction with only a message", function()
    local r = load(CODEX_OLD)
    assert.equals("The health check in app/health.py called the database without a timeout; the user asked for a "
      .. "2 second timeout.", r.summary)
    -- Codex kept the context message and the user requests
    assert.same({ "user", "user", "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.equals("Why does the health check time out?", text_of(r.messages[2]))
    assert.same({ input = 1500, cache_read = 0, cache_write = 0, output = 40, reasoning = 10 }, r.messages[4].usage)
    assert.same({ tokens = 1700 + 30, through = 6 }, r.usage)
    local before = assert(importers.parse((read(CODEX_OLD):match("^(.-)[^\n]*\"type\":\"compacted\""))))
    assert.same({ input = 3000 - 2560, cache_read = 2560, cache_write = 0, output = 80, reasoning = 64 },
      before.messages[3].usage)
    assert.same({ tokens = 3400 + 60, through = 5 }, before.usage)
  end)

  it("restarts at a compaction with an empty replacement history; the summary message after it is the summary",
    function()
    local core = require "compact.core"
    local function line(kind, payload) return core.json_encode { timestamp = "t", type = kind, payload = payload } end
    local function user(text) return { type = "message", role = "user", content = { { type = "input_text", text = text } } } end
    local text = table.concat({
      line("session_meta", { id = "s", cwd = "/w" }),
      line("response_item", user("first request")),
      line("response_item", { type = "message", role = "assistant", content = { { type = "output_text", text = "ok" } } }),
      line("compacted", { message = "", replacement_history = setmetatable({}, core.json_array_mt) }),
      line("response_item", user("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>")),
      line("response_item", user(CODEX_PREFIX .. "\nDid the first request.")),
      line("response_item", user("second request")),
      line("response_item", { type = "compaction_summary", encrypted_content = "gAAAA" }),
    }, "\n")
    local r = assert(importers.parse(text))
    assert.equals("Did the first request.", r.summary)
    assert.same({ "user", "user" }, roles(r.messages))
    assert.equals("second request", text_of(r.messages[2]))
    assert.equals(1, r.skipped)   -- the encrypted compaction_summary item
  end)

  it("skips a count repeated when the next request starts (the running total unchanged)", function()
    local core = require "compact.core"
    local function line(kind, payload) return core.json_encode { timestamp = "t", type = kind, payload = payload } end
    local count = { type = "token_count", info = {
      total_token_usage = { input_tokens = 900, cached_input_tokens = 0, output_tokens = 40, total_tokens = 940 },
      last_token_usage = { input_tokens = 900, cached_input_tokens = 0, output_tokens = 40, total_tokens = 940 } } }
    local text = table.concat({
      line("response_item", { type = "message", role = "user", content = { { type = "input_text", text = "go" } } }),
      line("response_item", { type = "function_call", name = "shell", arguments = "{}", call_id = "c1" }),
      line("event_msg", count),
      line("response_item", { type = "function_call_output", call_id = "c1", output = "ok" }),
      line("event_msg", count),
      line("response_item", { type = "message", role = "assistant", content = { { type = "output_text", text = "done" } } }),
    }, "\n")
    local r = assert(importers.parse(text))
    assert.same({ "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert.equals(40, r.messages[2].usage.output)
    assert.is_nil(r.messages[4].usage)
    assert.same({ tokens = 940, through = 2 }, r.usage)
  end)

  it("keeps the summary prefix out of the summary only when it is Codex's", function()
    assert.equals(1, select(2, read(CODEX):gsub(CODEX_PREFIX:gsub("%p", "%%%0"), "")))
    local r = load(CODEX)
    assert.is_nil(r.summary:find("Another language model", 1, true))
  end)
end)

describe("gemini-cli importer", function()
  it("reads the session JSON: thoughts, text, tool calls with their results", function()
    local r = load(GEMINI)
    assert.equals("gemini-cli", r.format)
    assert.same({ "user", "assistant", "tool_result", "tool_result", "assistant", "tool_result", "assistant",
                  "tool_result", "tool_result", "user", "assistant" }, roles(r.messages))
    assert_exact_pairs(r, 5)
    assert.same({ "list_directory", "list_directory", "read_file", "replace", "run_shell_command" },
      call_names(r.messages))
    assert.same({ "thinking", "text", "tool_call", "tool_call" }, block_types(r.messages[2]))
    assert.equals("**Exploring config**\nI need the files under config/ before editing.",
      r.messages[2].content[1].thinking)
    assert.same({ true, "Path must be absolute: config" }, { r.messages[3].is_error, r.messages[3].content })
    assert.is_false(r.messages[4].is_error)
    assert.same({ true, "[cancelled]" }, { r.messages[9].is_error, r.messages[9].content })
    assert.equals("Thanks, that's enough.", text_of(r.messages[10]))
    assert.equals(2, r.skipped)   -- the info and error notes
  end)

  it("finds the working directory whose SHA-256 is the session's projectHash, among the paths its calls name", function()
    local core = require "compact.core"
    local session = core.json_decode(read(GEMINI))
    -- sha256("/home/me/app"), from sha256sum
    session.projectHash = "fd865ce82eb8c9dba0930d156ccb4a9cff9e48e6000115cc89a29b6d66d8a36b"
    session.messages[#session.messages + 1] = { id = "x", type = "gemini", content = "",
      toolCalls = { { id = "c9", name = "read_file", args = { absolute_path = "/home/me/app/src/main.py" },
        status = "success", result = { { functionResponse = { id = "c9", name = "read_file",
          response = { output = "print(1)" } } } } } } }
    local r = assert(importers.parse(core.json_encode(session), { name = "g.json" }))
    assert.equals("/home/me/app", r.cwd)
    -- calls given relative paths: the absolute one a result names
    session.messages[#session.messages].toolCalls[1].args = { file_path = "src/main.py" }
    session.messages[#session.messages].toolCalls[1].result[1].functionResponse.response.output =
      "Successfully modified file: /home/me/app/src/main.py."
    r = assert(importers.parse(core.json_encode(session), { name = "g.json" }))
    assert.equals("/home/me/app", r.cwd)
    -- no path whose hash matches: no cwd
    session.projectHash = string.rep("0", 64)
    r = assert(importers.parse(core.json_encode(session), { name = "g.json" }))
    assert.is_nil(r.cwd)
  end)

  it("reads a user entry of functionResponse parts as no user turn: the call's result, once", function()
    local core = require "compact.core"
    local session = core.json_decode(read(GEMINI))
    local function responses(...)
      local parts = {}
      for i, id in ipairs({ ... }) do
        parts[i] = { functionResponse = { id = id, name = "read_file", response = { output = "from the user entry " .. id } } }
      end
      return { id = "u" .. #session.messages, type = "user", content = parts }
    end
    -- a call whose record carries no result, then one whose result is repeated,
    -- then one of a call never made
    session.messages[#session.messages + 1] = { id = "g1", type = "gemini", content = "",
      toolCalls = { { id = "r1", name = "read_file", args = { file_path = "a.md" } },
                    { id = "r2", name = "read_file", args = { file_path = "b.md" }, status = "success",
                      result = { { functionResponse = { id = "r2", name = "read_file",
                        response = { output = "from the call" } } } } } } }
    session.messages[#session.messages + 1] = responses("r1", "r2")
    session.messages[#session.messages + 1] = responses("nobody")
    local before = #load(GEMINI).messages
    local r = assert(importers.parse(core.json_encode(session), { name = "g.json" }))
    local added = {}
    for i = before + 1, #r.messages do added[#added + 1] = r.messages[i] end
    assert.same({ "assistant", "tool_result", "tool_result" }, roles(added))
    assert.same({ "r2", "from the call" }, { added[2].tool_call_id, added[2].content })
    assert.same({ "r1", "from the user entry r1", false }, { added[3].tool_call_id, added[3].content, added[3].is_error })
    assert.equals(2 + 1, r.skipped) -- the notes, and the response of no call
    assert.same({ "g.json: messages[" .. (#session.messages) .. "]: skipped a functionResponse to a call the session "
      .. "does not hold (nobody)" }, r.warnings)
    -- a user entry with text beside a response stays the user's
    session.messages[#session.messages].content[2] = { text = "and this" }
    r = assert(importers.parse(core.json_encode(session), { name = "g.json" }))
    assert.equals("user", r.messages[#r.messages].role)
  end)

  it("takes usage from tokens (cached as cache reads, thoughts as reasoning)", function()
    local r = load(GEMINI)
    assert.same({ input = 6200 - 4096, cache_read = 4096, cache_write = 0, output = 30 + 55, reasoning = 55 },
      r.messages[2].usage)
    assert.same({ tokens = 6900 + 14 + 8, through = 11 }, r.usage)
  end)

  it("reads the JSONL form: a later record of an id replaces it, a rewind drops what follows", function()
    local r = load(GEMINI_JSONL)
    assert.equals("gemini-cli", r.format)
    assert.same({ "user", "assistant", "tool_result", "assistant" }, roles(r.messages))
    assert_exact_pairs(r, 1)
    assert.equals("`make lint` runs `ruff check .`.", text_of(r.messages[4]))
    assert.same({ tokens = 3100 + 12 + 4, through = 4 }, r.usage)
  end)

  it("keeps the history at a rewind to an unknown id, with a warning naming the line", function()
    local lines = {}
    for line in read(GEMINI_JSONL):gmatch("[^\n]+") do
      lines[#lines + 1] = line:gsub('"%$rewindTo":"j%-a2"', '"$rewindTo":"no-such-id"')
    end
    local r = assert(importers.parse(table.concat(lines, "\n"), { name = "g.jsonl" }))
    assert.equals("gemini-cli", r.format)
    assert.same({ "user", "assistant", "tool_result", "assistant", "assistant" }, roles(r.messages))
    assert.equals("It runs eslint.", text_of(r.messages[4]))
    assert.equals("`make lint` runs `ruff check .`.", text_of(r.messages[5]))
    assert.same({ 'g.jsonl: line 6: ignored a `$rewindTo` to an unknown message id "no-such-id"' }, r.warnings)
  end)
end)

describe("gemini-cli saved chats (/chat save)", function()
  it("reads Content turns: calls answered by id, else by name in order", function()
    local r = load(GEMINI_SAVED)
    assert.equals("gemini-cli", r.format)
    assert.same({ "user", "assistant", "user", "assistant", "tool_result", "tool_result", "assistant", "tool_result",
                  "assistant" }, roles(r.messages))
    assert_exact_pairs(r, 3)
    assert.same({ "read_file", "run_shell_command", "replace" }, call_names(r.messages))
    assert.same({ type = "thinking", thinking = "**Checking the Makefile**\nThe lint target is the place to start.",
                  signature = "CiQBVKhc7sig" }, r.messages[4].content[1])
    assert.same({ "gemini_call_1", "read_file", false }, { r.messages[5].tool_call_id, r.messages[5].tool_name,
                                                          r.messages[5].is_error })
    assert.same({ "gemini_call_2", true, "Command exited with code 1: F401 unused import" },
      { r.messages[6].tool_call_id, r.messages[6].is_error, r.messages[6].content })
    assert.equals("replace-1748855000000-ab12", r.messages[8].tool_call_id)
    assert.is_nil(r.usage)
    assert.equals("/home/dev/svc", r.cwd)   -- from the CLI's context message
    local wrapped = assert(importers.parse('{"history":' .. read(GEMINI_SAVED) .. '}'))
    assert.same(r.messages, wrapped.messages)
  end)
end)

describe("message times", function()
  it("keeps each message's time, and a pi export writes it", function()
    local r = load(CLAUDE)
    -- the user line, msg_A's first line (of three), the result after it
    assert.same({ 1772442001000, 1772442003000, 1772442006000 },
      { r.messages[1].timestamp, r.messages[2].timestamp, r.messages[3].timestamp })
    assert.equals(1775808602000, load(CODEX).messages[4].timestamp)   -- the reasoning item opening the reply
    assert.equals(1779285603000, load(GEMINI).messages[2].timestamp)
    local text = assert(require("compact.exporters").export("pi", r, { now = function() return 0 end }))
    local second = require("compact.core").json_decode(select(3, text:find("^[^\n]*\n[^\n]*\n([^\n]*)")))
    assert.same({ "2026-03-02T09:00:03.000Z", 1772442003000 }, { second.timestamp, second.message.timestamp })
  end)
end)

describe("detection and --from", function()
  it("detects each format from the content", function()
    local want = { [CLAUDE] = "claude-code", [CLAUDE_COMPACTED] = "claude-code", [CODEX] = "codex",
                   [CODEX_OLD] = "codex", [GEMINI] = "gemini-cli", [GEMINI_JSONL] = "gemini-cli",
                   [GEMINI_SAVED] = "gemini-cli" }
    for path, format in pairs(want) do assert.equals(format, importers.detect(read(path)), path) end
  end)

  it("forces a format, and says so when the content is not that format", function()
    local forced = assert(importers.parse(read(CLAUDE), { from = "claude-code" }))
    assert.same(load(CLAUDE).messages, forced.messages)
    local r, err = importers.parse(read(CLAUDE), { from = "codex", name = "cc.jsonl" })
    assert.is_nil(r)
    assert.equals("cc.jsonl: line 1: not a Codex rollout (no `session_meta`, `response_item` or other rollout "
      .. "record)", err.message)
    r, err = importers.parse(read(CODEX), { from = "gemini-cli", name = "x" })
    assert.is_nil(r)
    assert.equals("x: line 1: not a Gemini CLI session (expected a header with `sessionId` and `projectHash`)",
      err.message)
    r, err = importers.parse(read(GEMINI), { from = "claude-code", name = "g.json" })
    assert.is_nil(r)
    assert.matches("^g%.json: .*not a Claude Code transcript", err.message)
    r, err = importers.parse(read(CLAUDE), { from = "pi", name = "cc.jsonl" })
    assert.is_nil(r)
    assert.equals("cc.jsonl: line 1: not a pi session (no `session`, `message` or `compaction` entry)", err.message)
    r, err = importers.parse("[]", { from = "nope", name = "y" })
    assert.is_nil(r)
    assert.equals("y: unknown format 'nope' (expected state, jsonl, pi, openai, anthropic, responses, claude-code, "
      .. "codex, gemini-cli)", err.message)
  end)

  it("skips a line of a kind it cannot tell (no `type`) with a warning, in Claude Code and Codex logs", function()
    local cc = read(CLAUDE):gsub("\n", '\n{"uuid":"odd","note":"no type"}\n', 1)
    local r = assert(importers.parse(cc, { name = "cc.jsonl" }))
    assert.equals(13, #r.messages)
    assert.equals("cc.jsonl: line 2: skipped an entry without a `type`", r.warnings[1])
    local cx = read(CODEX):gsub("\n", '\n{"timestamp":"t","payload":{}}\n', 1)
    r = assert(importers.parse(cx, { name = "cx.jsonl" }))
    assert.equals(6, #r.messages)
    assert.equals("cx.jsonl: line 2: skipped a record without a `type`", r.warnings[1])
  end)

  it("detects a newer Claude Code transcript that opens with entry kinds it does not know, and skips them", function()
    local cc = '{"type":"permission-mode","permissionMode":"bypassPermissions","sessionId":"s"}\n'
      .. '{"type":"system","subtype":"session_start","sessionId":"s","uuid":"x0","cwd":"/w"}\n' .. read(CLAUDE)
    local r = assert(importers.parse(cc, { name = "cc.jsonl" }))
    assert.equals("claude-code", r.format)
    assert.equals(13, #r.messages)
    -- without a session id, an unknown kind is no Claude Code entry
    local other = '{"type":"permission-mode","permissionMode":"x"}\n' .. read(CLAUDE)
    local _, err = importers.parse(other, { name = "o.jsonl" })
    assert.truthy(err and err.message:find("unknown format", 1, true), err and err.message)
  end)

  it("takes a Codex rollout's requests from its user_message events when it keeps none as items", function()
    local core = require "compact.core"
    local function rec(kind, payload) return core.json_encode { timestamp = "2026-05-11T13:28:45.000Z", type = kind,
      payload = payload } end
    local rollout = table.concat({
      rec("session_meta", { id = "s", cwd = "/w" }),
      rec("event_msg", { type = "user_message", message = "summarize the action items" }),
      rec("response_item", { type = "message", role = "assistant",
        content = { { type = "output_text", text = "Three items." } } }),
      rec("event_msg", { type = "user_message", message = "and the owners?" }),
      rec("response_item", { type = "message", role = "assistant",
        content = { { type = "output_text", text = "Nikita and Sam." } } }),
    }, "\n")
    local r = assert(importers.parse(rollout, { name = "d.jsonl" }))
    assert.same({ "user", "assistant", "user", "assistant" }, roles(r.messages))
    assert.equals("and the owners?", text_of(r.messages[3]))
    -- a rollout with request items reads those only (its events repeat them)
    r = load(CODEX)
    local users = 0
    for _, m in ipairs(r.messages) do if m.role == "user" then users = users + 1 end end
    local items = 0
    for line in read(CODEX):gmatch("[^\n]+") do
      if line:find('"role":"user"', 1, true) and line:find('"response_item"', 1, true) then items = items + 1 end
    end
    assert.equals(items, users)
  end)

  it("skips a Codex call or output that names no call, with a warning, and keeps the session", function()
    local cx = read(CODEX):gsub("\n", '\n{"timestamp":"t","type":"response_item","payload":'
      .. '{"type":"function_call","name":"shell","arguments":"{}"}}\n', 1)
    local r = assert(importers.parse(cx, { name = "cx.jsonl" }))
    assert.equals(6, #r.messages)
    assert.equals("cx.jsonl: line 2: skipped a function_call without a call_id", r.warnings[1])
  end)

  it("reads a one-line Claude Code transcript", function()
    local line = read(CLAUDE):match("[^\n]*\"id\":\"msg_D\"[^\n]*")
    local r = assert(importers.parse(line))
    assert.equals("claude-code", r.format)
    assert.same({ "assistant" }, roles(r.messages))
  end)
end)

describe("compact stats / plan / run on other agents' sessions", function()
  local function run(args)
    local out, err = file_helpers.sink(), file_helpers.sink()
    local code = cli.main(args, { stdout = out, stderr = err, isatty = false, getenv = function() return nil end })
    return code, out:text(), err:text()
  end
  local CASES = {
    { CLAUDE, "claude-code", 13 }, { CLAUDE_COMPACTED, "claude-code", 7 }, { CODEX, "codex", 6 },
    { CODEX_OLD, "codex", 6 }, { GEMINI, "gemini-cli", 11 }, { GEMINI_JSONL, "gemini-cli", 4 },
    { GEMINI_SAVED, "gemini-cli", 9, "no usage" },
  }
  for _, case in ipairs(CASES) do
    local path, format, count, no_usage = case[1], case[2], case[3], case[4]
    it("stats, plans and runs " .. path, function()
      local code, out = run { "stats", path }
      assert.equals(0, code)
      assert.matches("%(format: " .. format:gsub("%-", "%%-") .. "%)", out)
      assert.matches("messages:%s+" .. count .. " ", out)
      assert.matches(no_usage and "provider:%s+no usage in the file" or "tokens:%s+provider ", out)
      local cwd = load(path).cwd
      if cwd then assert.matches("\ncwd:%s+" .. cwd:gsub("%p", "%%%0") .. "\n", out) else assert.is_nil(out:find("\ncwd:")) end
      code, out = run { "plan", path, "--keep", "1" }
      assert.equals(0, code)
      assert.matches("would compact:%s+yes", out)
      local target = os.tmpname()
      code = run { "run", path, "--keep", "1", "-o", target, "--quiet" }
      assert.equals(0, code)
      local written = assert(state.decode(read(target)))
      local again = assert(importers.parse(read(target)))
      os.remove(target)
      assert.is_string(written.summary)
      assert.is_true(#written.messages >= 1 and #written.messages < count)
      assert.equals(load(path).cwd, written.cwd)
      assert.same({ "state", load(path).cwd }, { again.format, again.cwd })
    end)
  end

  it("passes the session's cwd on, so the summary shows paths relative to it", function()
    local target = os.tmpname()
    assert.equals(0, (run { "run", CLAUDE, "--keep", "1", "-o", target, "--quiet" }))
    local written = assert(state.decode(read(target)))
    os.remove(target)
    assert.matches("<modified%-files>\nsrc/ledger%.py\n</modified%-files>", written.summary)
    assert.is_nil(written.summary:find("/home/dev/projects/ledger/src", 1, true))
  end)

  it("takes --from", function()
    local code, out = run { "stats", CODEX, "--from", "codex" }
    assert.equals(0, code)
    assert.matches("%(format: codex%)", out)
    local err
    code, out, err = run { "stats", CODEX, "--from", "claude-code" }
    assert.equals("", out)
    assert.equals(2, code)
    assert.matches("not a Claude Code transcript", err)
  end)
end)

describe("the shared tool vocabulary on imported calls", function()
  local compact = require "compact"
  local function kinds(messages)
    local calls = pairing(messages)
    local out = {}
    for i, call in ipairs(calls) do
      local class = compact.classify_tool_call(call)
      out[i] = class.kind .. ":" .. (class.paths[1] or class.command or "")
    end
    return out
  end

  it("classifies each agent's calls under the names the agent wrote", function()
    assert.same({ "read:/home/dev/projects/ledger/src/ledger.py", "search:src", "shell:pytest -q tests/test_ledger.py",
                  "edit:/home/dev/projects/ledger/src/ledger.py", "shell:pytest -q" }, kinds(load(CLAUDE).messages))
    local codex_before = assert(importers.parse((read(CODEX):match("^(.-)[^\n]*\"type\":\"compacted\""))))
    assert.same({ "shell:bash -lc sed -n '1,80p' mailer/send.py", "edit:mailer/send.py",
                  "shell:bash -lc pytest -q tests/test_send.py" }, kinds(codex_before.messages))
    assert.same({ "shell:grep -n sleep mailer/send.py" }, kinds(load(CODEX).messages))
    assert.same({ "search:config", "search:/home/dev/svc/config", "read:/home/dev/svc/config/app.toml",
                  "edit:/home/dev/svc/config/app.toml", "shell:svc check config/app.toml" }, kinds(load(GEMINI).messages))
  end)
end)
