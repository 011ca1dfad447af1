-- The `compact` command: every command in-process through cli.main, error
-- cases, and one real run of bin/compact.

local cli = require "compact.cli"
local core = require "compact.core"
local state = require "compact.state"

local SAMPLE = "examples/sample-session.json"
local LUA = os.getenv("COMPACT_LUA") or "lua5.4"   -- the runtime under test (set by the Makefile)
local LARGE = require("spec.support.data").PI_SESSION
local file_helpers = require "spec.support.files"
local sink, tmpfile = file_helpers.sink, file_helpers.tmpfile
local function read(path) return assert(file_helpers.read(path)) end

-- 1234567 -> "1,234,567", as the CLI prints counts
local function thousands(n)
  local text = tostring(math.floor(n))
  repeat
    local count
    text, count = text:gsub("^(%d+)(%d%d%d)", "%1,%2")
  until count == 0
  return text
end

local function run(args, opts)
  opts = opts or {}
  local out, err = sink(), sink()
  local code = cli.main(args, {
    stdout = out, stderr = err, isatty = opts.isatty or false,
    stdin = opts.stdin,
    getenv = opts.getenv or function() return nil end,
    make_generator = opts.make_generator,
  })
  return code, out:text(), err:text()
end

-- A small conversation: three turns with tool calls, enough text that a
-- small --keep cuts it.
local function small_conversation()
  local messages = {}
  for turn = 1, 3 do
    messages[#messages + 1] = { role = "user", content = "task " .. turn .. ": " .. string.rep("please fix it ", 20) }
    messages[#messages + 1] = { role = "assistant", stop_reason = "tool_use", content = {
      { type = "text", text = "reading" },
      { type = "tool_call", id = "c" .. turn, name = "read", arguments = { path = "f" .. turn .. ".lua" } } } }
    messages[#messages + 1] = { role = "tool_result", tool_call_id = "c" .. turn, tool_name = "read",
                                content = string.rep("local x = " .. turn .. "\n", 40), is_error = turn == 2 }
    messages[#messages + 1] = { role = "assistant", stop_reason = "stop",
                                content = { { type = "text", text = "done with task " .. turn } } }
  end
  return { system_prompt = "You are a coding agent.", messages = messages }
end

describe("compact cli", function()
  local small_path
  setup(function()
    small_path = tmpfile(assert(state.encode(small_conversation())))
  end)
  teardown(function() os.remove(small_path) end)

  describe("help and usage", function()
    it("prints help for every command with exit 0", function()
      for _, command in ipairs { "stats", "plan", "run" } do
        local code, out = run { command, "--help" }
        assert.equals(0, code)
        assert.matches("usage: compact " .. command, out, 1, true)
      end
      local code, out = run { "--help" }
      assert.equals(0, code)
      assert.matches("commands:", out, 1, true)
      code, out = run { "help", "run" }
      assert.equals(0, code)
      assert.matches("--summarizer", out, 1, true)
    end)

    it("exits 2 for no command, unknown commands and options, and bad values", function()
      local cases = {
        { {}, "usage: compact" },
        { { "frobnicate" }, "unknown command 'frobnicate'" },
        { { "stats" }, "expected one FILE" },
        { { "stats", "a", "b" }, "expected one FILE" },
        { { "plan", small_path, "--bogus" }, "unknown option --bogus" },
        { { "plan", small_path, "--keep" }, "--keep needs a value" },
        { { "plan", small_path, "--keep", "-5" }, "--keep: expected a non-negative integer" },
        { { "plan", small_path, "--keep", "many" }, "--keep: expected a non-negative integer" },
        { { "plan", small_path, "--ratio", "0", "--budget", "10" }, "--ratio: expected a positive number" },
        { { "plan", small_path, "--budget", "10", "--window", "100" }, "exclusive" },
        { { "plan", small_path, "--reserve", "10" }, "--reserve needs --window" },
        { { "plan", small_path, "--ratio", "0.5" }, "--ratio needs --budget or --window" },
        { { "plan", small_path, "--budget", "1e300" }, "--budget: 1e300 is out of range" },
        { { "plan", small_path, "--window", "1e300" }, "--window: 1e300 is out of range" },
        { { "plan", small_path, "--keep", "1e16" }, "--keep: 1e16 is out of range" },
        { { "run", small_path, "--budget", "10", "--ratio", "1e300" }, "--ratio: 1e300 is out of range" },
        { { "stats", small_path, "--keep", "5" }, "unknown option --keep" },
        { { "run", small_path, "--summarizer", "magic" }, "expected extractive, openai or anthropic" },
        { { "run", small_path, "--model", "m" }, "--model is only for openai and anthropic" },
      }
      for _, case in ipairs(cases) do
        local code, out, err = run(case[1])
        assert.equals(2, code, table.concat(case[1], " "))
        assert.equals("", out)
        assert.matches(case[2], err, 1, true)
      end
    end)
  end)

  describe("input errors (exit 2, message names the file)", function()
    it("missing file", function()
      local code, out, err = run { "stats", "/nonexistent/x.json" }
      assert.equals(2, code)
      assert.equals("", out)
      assert.matches("compact: /nonexistent/x.json: cannot open", err, 1, true)
    end)

    it("empty file", function()
      local path = tmpfile("")
      local code, _, err = run { "plan", path }
      os.remove(path)
      assert.equals(2, code)
      assert.matches(path .. ": empty file", err, 1, true)
    end)

    it("truncated JSON, with line and column", function()
      local path = tmpfile('{\n  "messages": [\n    {"role": "user", "content": "hi"')
      local code, _, err = run { "run", path }
      os.remove(path)
      assert.equals(2, code)
      assert.matches(path .. ": line 3, column %d+ %(byte %d+%): invalid JSON", err)
    end)

    it("messages that are an object, not a list", function()
      local path = tmpfile('{"messages":{"1":{"role":"user","content":"hi"}}}')
      local code, out, err = run { "stats", path }
      os.remove(path)
      assert.equals(2, code)
      assert.equals("", out)
      assert.matches("messages: expected a JSON array", err, 1, true)
    end)

    it("unknown format", function()
      local path = tmpfile('{"hello": "world"}')
      local code, _, err = run { "stats", path }
      os.remove(path)
      assert.equals(2, code)
      assert.matches(path .. ": unknown format", err, 1, true)
    end)
  end)

  describe("stats", function()
    it("reports roles, tool calls, errors, tokens and the largest messages", function()
      local code, out, err = run { "stats", small_path }
      assert.equals(0, code)
      assert.equals("", err)
      assert.matches("messages:   12 (user 3, assistant 6, tool_result 3)", out, 1, true)
      assert.matches("tool calls: 3 (read 3)", out, 1, true)
      assert.matches("errors:     1 tool results with is_error", out, 1, true)
      local total = assert(require("compact").estimate(small_conversation()))
      assert.matches("estimated tokens: " .. thousands(total) .. " total", out, 1, true)
      assert.matches("system_prompt", out, 1, true)
      assert.matches("largest messages:\n  #", out, 1, true)
    end)

    it("reads the real pi session", function()
      local ok, note = require("spec.support.data").need()
      if not ok then return pending(note) end
      local code, out = run { "stats", LARGE }
      assert.equals(0, code)
      assert.matches("(format: pi)", out, 1, true)
      -- 18 calls of aborted turns never got a result: the import adds one each
      assert.matches("messages:   932 (user 88, assistant 453, tool_result 391)", out, 1, true)
      assert.matches("tool calls: 391 (bash 192, edit 146, read 50, write 3)", out, 1, true)
      assert.matches("tool pairs: 0 orphan results dropped, 18 missing results added, 0 duplicate", out, 1, true)
      assert.matches("tokens:     provider 177,657 | estimator 1", out, 1, true)
      assert.matches("(provider: its count for the request answered by message #932)", out, 1, true)
    end)
  end)

  describe("plan", function()
    it("plans unconditionally without a budget", function()
      local code, out, err = run { "plan", small_path, "--keep", "100" }
      assert.equals(0, code)
      assert.equals("", err)
      assert.matches("would compact:    yes", out, 1, true)
      assert.matches("trigger:          none", out, 1, true)
      local k = tonumber(out:match("first kept index: (%d+) of 12"))
      assert.is_number(k)
      assert.is_true(k > 1 and k <= 12)
      assert.matches("to summarize:     %d+ messages", out)
      assert.matches("kept:             " .. (12 - k + 1) .. " messages", out, 1, true)
      assert.matches("split turn:       ", out, 1, true)
    end)

    it("agrees with the compactor's own plan", function()
      local compact = require "compact"
      local compactor = assert(compact.new { keep_recent_tokens = 100,
                                             summarizer = compact.summarizer(function() return "x" end) })
      local request = small_conversation()
      request.require_reduction = true
      local plan = assert(compactor:plan(request))
      local _, out = run { "plan", small_path, "--keep", "100" }
      assert.matches("first kept index: " .. plan.first_kept_index .. " of 12", out, 1, true)
      assert.matches("tokens before:    " .. thousands(plan.tokens_before), out, 1, true)
      assert.matches("split turn:       " .. (plan.is_split_turn and "yes" or "no"), out, 1, true)
    end)

    it("does not compact below the trigger", function()
      local code, out = run { "plan", small_path, "--budget", "1000000" }
      assert.equals(0, code)
      assert.matches("would compact:    no %(estimate [%d,]+ <= trigger 1,000,000%)", out)
    end)

    it("computes the budget from --window and --reserve", function()
      local code, out = run { "plan", small_path, "--window", "1000", "--reserve", "900", "--ratio", "0.5",
                              "--keep", "50" }
      assert.equals(0, code)
      assert.matches("trigger:          50 tokens (window 1,000 - reserve 900 = 100, x ratio 0.5)", out, 1, true)
      assert.matches("would compact:    yes", out, 1, true)
    end)

    it("says so when nothing can be removed", function()
      local code, out = run { "plan", small_path }   -- default keep is larger than the conversation
      assert.equals(0, code)
      assert.matches("would compact:    no (nothing before the recent messages can be removed)", out, 1, true)
    end)
  end)

  describe("run", function()
    it("writes the compacted state to stdout and the record to stderr", function()
      local code, out, err = run { "run", small_path, "--keep", "100" }
      assert.equals(0, code)
      local result = assert(state.decode(out))
      assert.equals("You are a coding agent.", result.system_prompt)
      assert.is_string(result.summary)
      assert.matches("<read-files>", result.summary, 1, true)
      local k = tonumber(err:match("first kept index: (%d+)"))
      assert.equals(12 - k + 1, #result.messages)
      assert.same(small_conversation().messages[k], result.messages[1])
      assert.matches("compaction record:", err, 1, true)
      assert.matches("compact: before [%d,]+ tokens, after [%d,]+ tokens", err)
      assert.not_matches("summarizing", err, 1, true)   -- not a terminal: no progress line
    end)

    it("writes -o and --record files, and --quiet silences stderr", function()
      local out_path, record_path = tmpfile(), tmpfile()
      local code, out, err = run { "run", small_path, "--keep", "100", "-o", out_path, "--record", record_path,
                                   "--quiet" }
      assert.equals(0, code)
      assert.equals("", out)
      assert.equals("", err)
      local result = assert(state.decode(read(out_path)))
      local record = assert(core.json_decode(read(record_path)))
      os.remove(out_path)
      os.remove(record_path)
      assert.equals(result.summary, record.summary)
      assert.is_true(record.tokens_after < record.tokens_before)
      assert.is_number(record.first_kept_index)
    end)

    it("shows a progress line only on a terminal, and clears it", function()
      local _, _, err = run({ "run", small_path, "--keep", "100" },
        { isatty = function(name) return name == "stderr" end })
      assert.matches("compact: summarizing %d+ messages with extractive%.%.%.\r\27%[K", err)
      _, _, err = run({ "run", small_path, "--keep", "100", "--quiet" }, { isatty = true })
      assert.equals("", err)
    end)

    it("passes --instructions and --model to a model summarizer", function()
      local seen, calls = nil, 0
      local generator = {
        generate = function(_, request)
          seen, calls = seen or request, calls + 1
          return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "MODEL SUMMARY" } },
                   usage = { input = 11, output = 5, cache_read = 0, cache_write = 0 } }
        end,
      }
      local kinds = {}
      local code, out, err = run({ "run", small_path, "--keep", "100", "--summarizer", "anthropic", "--model", "m-1",
                                   "--instructions", "focus on the read calls" },
        { make_generator = function(kind) kinds[#kinds + 1] = kind return generator end })
      assert.equals(0, code)
      assert.same({ "anthropic" }, kinds)
      assert.equals("m-1", seen.model)
      local prompt = seen.messages[1].content
      prompt = type(prompt) == "string" and prompt or prompt[1].text
      assert.matches("focus on the read calls", prompt, 1, true)
      assert.matches("^MODEL SUMMARY", assert(state.decode(out)).summary)
      -- usage sums every call (two when the cut splits a turn)
      assert.matches("usage:            input " .. 11 * calls .. ", output " .. 5 * calls, err, 1, true)
    end)

    it("exits 1 when the summarizer fails, and writes nothing", function()
      local generator = { generate = function() return nil, { code = "invalid_request", message = "nope" } end }
      local code, out, err = run({ "run", small_path, "--keep", "100", "--summarizer", "openai", "--model", "m" },
        { make_generator = function() return generator end })
      assert.equals(1, code)
      assert.equals("", out)
      assert.matches("compaction failed", err, 1, true)
    end)

    it("needs a model and an API key for provider summarizers, never printing the key", function()
      local code, _, err = run { "run", small_path, "--summarizer", "openai" }
      assert.equals(2, code)
      assert.matches("needs --model", err, 1, true)
      code, _, err = run({ "run", small_path, "--summarizer", "anthropic", "--model", "m" })
      assert.equals(2, code)
      assert.matches("ANTHROPIC_API_KEY is not set", err, 1, true)
      local env = { COMPACT_MODEL = "m", OPENAI_API_KEY = "sk-secret-123", OPENAI_BASE_URL = "not a url" }
      code, _, err = run({ "run", small_path, "--summarizer", "openai" }, { getenv = function(k) return env[k] end })
      assert.equals(2, code)
      assert.not_matches("sk-secret-123", err, 1, true)
    end)

    it("reads FILE - from stdin and writes -o - to stdout", function()
      local input = assert(state.encode(small_conversation()))
      local stdin = { read = function() local text = input; input = nil; return text end }
      local code, out, err = run({ "run", "-", "--keep", "100", "-o", "-" }, { stdin = stdin })
      assert.equals(0, code)
      assert.matches("file:             <stdin> (state, 12 messages)", err, 1, true)
      assert.is_string(assert(state.decode(out)).summary)
      code, out, err = run({ "stats", "-" }, { stdin = { read = function() return "" end } })
      assert.equals(2, code)
      assert.equals("", out)
      assert.matches("<stdin>: empty file", err, 1, true)
    end)

    it("writes the state unchanged when below the trigger", function()
      local code, out, err = run { "run", small_path, "--budget", "1000000" }
      assert.equals(0, code)
      assert.matches("nothing to compact", err, 1, true)
      local result = assert(state.decode(out))
      assert.same(small_conversation().messages, result.messages)
      assert.is_nil(result.summary)
    end)

    it("compacts the shipped sample", function()
      local code, out, err = run { "run", SAMPLE, "--keep", "4000" }
      assert.equals(0, code)
      local result = assert(state.decode(out))
      local before, after = err:match("before ([%d,]+) tokens, after ([%d,]+) tokens")
      before, after = tonumber((before:gsub(",", ""))), tonumber((after:gsub(",", "")))
      assert.is_true(after < before / 2)
      assert.is_true(#result.messages < 100)
    end)
  end)

  describe("with the HTTP providers (fake server)", function()
    local fake = require "spec.support.fake_server"
    local server
    setup(function() server = fake.start() end)
    teardown(function() server:stop() end)

    for _, case in ipairs {
      { "openai", "OPENAI", "oa_text" },
      { "anthropic", "ANTHROPIC", "an_text" },
    } do
      it("summarizes through " .. case[1] .. " configured by environment variables", function()
        local env = { [case[2] .. "_API_KEY"] = "sk-test-cli-secret", [case[2] .. "_BASE_URL"] = server:base(case[3]),
                      COMPACT_MODEL = "model-from-env", COMPACT_TIMEOUT = "10" }
        local code, out, err = run({ "run", small_path, "--keep", "100", "--summarizer", case[1] },
          { getenv = function(name) return env[name] end })
        assert.equals(0, code, err)
        local result = assert(state.decode(out))
        assert.is_true(#result.summary > 0)
        local request = server:last(case[3])
        assert.matches('"model":"model-from-env"', request.body, 1, true)
        assert.not_matches("sk-test-cli-secret", out .. err, 1, true)
      end)
    end
  end)

  describe("bin/compact", function()
    it("runs as a program from another directory", function()
      local repo = assert(io.popen("pwd")):read("*l")
      local out_path = tmpfile()
      local command = string.format("cd /tmp && %s %s/bin/compact run %s/%s --keep 4000 -o %s 2>&1; echo \"exit=$?\"",
        LUA, repo, repo, SAMPLE, out_path)
      local pipe = assert(io.popen(command))
      local output = pipe:read("*a")
      pipe:close()
      assert.matches("exit=0", output, 1, true)
      assert.matches("compact: before", output, 1, true)
      local result = assert(state.decode(read(out_path)))
      os.remove(out_path)
      assert.is_string(result.summary)
      pipe = assert(io.popen(LUA .. " " .. repo .. "/bin/compact stats /nonexistent 2>&1; echo \"exit=$?\""))
      output = pipe:read("*a")
      pipe:close()
      assert.matches("exit=2", output, 1, true)
    end)
  end)
end)

describe("the shipped sample", function()
  it("is what scripts/make_sample.lua generates, and big enough", function()
    local path = tmpfile()
    local pipe = assert(io.popen(LUA .. " scripts/make_sample.lua " .. path .. " 2>&1"))
    pipe:read("*a")
    pipe:close()
    local generated = read(path)
    os.remove(path)
    assert.equals(read(SAMPLE), generated, "examples/sample-session.json is stale: run lua5.4 scripts/make_sample.lua")
    local sample = assert(state.decode(generated))
    assert.is_true(#sample.messages >= 200)
    local calls, errors, names = 0, 0, {}
    for _, m in ipairs(sample.messages) do
      if m.role == "assistant" then
        for _, block in ipairs(m.content) do
          if block.type == "tool_call" then
            calls = calls + 1
            names[block.name] = true
          end
        end
      elseif m.role == "tool_result" and m.is_error then
        errors = errors + 1
      end
    end
    assert.is_true(calls >= 50)
    assert.is_true(errors >= 2)
    assert.is_true(names.read and names.edit and names.bash and names.write)
  end)
end)

-- Bad command-line input: exit status 2 and a message naming the problem,
-- never a raise, and the input files unchanged.
do
  -- Command-line input: cli.main in-process
  ---------------------------------------------------------------------------

  local write_file, read_file = file_helpers.tmpfile, file_helpers.read

  describe("bad command-line input", function()
    local files = {}
    local originals = {}
    setup(function()
      files.ok = write_file('{"messages":[{"role":"user","content":"hi"}]}')
      files.garbage = write_file("garbage")
      files.empty = write_file("")
      files.robot = write_file('{"messages":[{"role":"robot","content":"x"}]}')
      files.jsonl = write_file('{"type":"session"}\n{"type":"message","message":{"role":"user"\n')
      for name, path in pairs(files) do originals[name] = read_file(path) end
    end)
    teardown(function()
      for name, path in pairs(files) do
        assert.equal(originals[name], read_file(path), "the command changed its input " .. name)
        os.remove(path)
      end
    end)

    -- { name, args (FILE names resolved from `files`), exit code, stderr pattern, stdin text }
    local cases = {
      { "no command", {}, 2, "usage: compact" },
      { "unknown command", { "frobnicate" }, 2, "unknown command 'frobnicate'" },
      { "unknown option", { "stats", "--frobnicate", "@ok" }, 2, "unknown option %-%-frobnicate" },
      { "negative --keep", { "run", "@ok", "--keep", "-5" }, 2, "%-%-keep: expected a non%-negative integer, got '%-5'" },
      { "non-numeric --keep", { "run", "@ok", "--keep", "abc" }, 2, "%-%-keep: expected a non%-negative integer" },
      { "--keep without a value", { "run", "@ok", "--keep" }, 2, "%-%-keep needs a value" },
      { "zero --ratio", { "plan", "@ok", "--ratio", "0" }, 2, "%-%-ratio: expected a positive number" },
      { "infinite --budget", { "plan", "@ok", "--budget", "1e999" }, 2, "%-%-budget: expected a non%-negative integer" },
      { "negative --window", { "plan", "@ok", "--window", "-3" }, 2, "%-%-window" },
      { "unknown summarizer", { "run", "@ok", "--summarizer", "bogus" }, 2,
        "%-%-summarizer: expected extractive, openai or anthropic, got 'bogus'" },
      { "model summarizer without a model", { "run", "@ok", "--summarizer", "openai" }, 2, "needs %-%-model" },
      { "no FILE", { "stats" }, 2, "expected one FILE" },
      { "two FILEs", { "stats", "@ok", "@ok" }, 2, "expected one FILE" },
      { "missing file", { "stats", "/nonexistent/compact/x.json" }, 2, "/nonexistent/compact/x.json: cannot open" },
      { "a directory", { "stats", "/" }, 2, "cannot read" },
      { "empty file", { "stats", "@empty" }, 2, "empty file" },
      { "not JSON", { "stats", "@garbage" }, 2, "line 1, column 1 %(byte 1%): invalid JSON" },
      { "bad JSONL line", { "stats", "--strict", "@jsonl" }, 2, "line 2, column 43" },
      { "invalid message", { "stats", "@robot" }, 2, "messages%[1%]%.role: unknown role 'robot'" },
      { "bad JSON on stdin", { "stats", "-" }, 2, "<stdin>: line 1, column 2", "{not json" },
    }

    for _, case in ipairs(cases) do
      it(case[1], function()
        local args = {}
        for i, arg in ipairs(case[2]) do args[i] = arg:sub(1, 1) == "@" and files[arg:sub(2)] or arg end
        local out, err = sink(), sink()
        local pending_text = case[5]
        local stdin = case[5] and { read = function() local text = pending_text; pending_text = nil; return text end }
        local ok, code = pcall(cli.main, args, { stdout = out, stderr = err, isatty = false, stdin = stdin,
          getenv = function() return nil end })
        assert(ok, "cli.main raised: " .. tostring(code))
        assert.equal(case[3], code)
        assert.matches(case[4], err:text())
      end)
    end
  end)
end
