-- The `compact` command's output: atomic writes, the input cap, output
-- formats and pi's --append, exit 3 over budget, usage anchors, the model
-- summarizer flags, and messages that say each thing once.

local cli = require "compact.cli"
local compact = require "compact"
local core = require "compact.core"
local state = require "compact.state"
local importers = require "compact.importers"
local file_helpers = require "spec.support.files"
local sink, tmpfile = file_helpers.sink, file_helpers.tmpfile
local function read(path) return assert(file_helpers.read(path)) end

local LUA = os.getenv("COMPACT_LUA") or "lua5.4"

local function run(args, opts)
  opts = opts or {}
  local out, err = sink(), sink()
  local code = cli.main(args, {
    stdout = out, stderr = err, isatty = false, stdin = opts.stdin,
    getenv = function() return nil end, make_generator = opts.make_generator,
    open = opts.open, rename = opts.rename, truncate = opts.truncate,
  })
  return code, out:text(), err:text()
end

local function conversation()
  local messages = {}
  for turn = 1, 3 do
    messages[#messages + 1] = { role = "user", content = "task " .. turn .. ": " .. string.rep("please fix it ", 20) }
    messages[#messages + 1] = { role = "assistant", stop_reason = "tool_use",
      usage = { input = 1000 * turn, output = 10, cache_read = 0, cache_write = 0 }, content = {
      { type = "text", text = "reading" },
      { type = "tool_call", id = "c" .. turn, name = "read", arguments = { path = "f" .. turn .. ".lua" } } } }
    messages[#messages + 1] = { role = "tool_result", tool_call_id = "c" .. turn, tool_name = "read",
                                content = string.rep("local x = " .. turn .. "\n", 40), is_error = false }
    messages[#messages + 1] = { role = "assistant", stop_reason = "stop",
                                content = { { type = "text", text = "done with task " .. turn } } }
  end
  -- the provider counted 1,000 tokens for the request answered by message 10
  return { system_prompt = "You are a coding agent.", messages = messages, usage = { tokens = 1000, through = 10 },
           tools = { { name = "read", description = "read a file", parameters = { type = "object" } } } }
end

-- A directory of our own, so leftover temporary files can be listed.
local function tmpdir()
  local path = os.tmpname()
  os.remove(path)
  assert(os.execute("mkdir -p '" .. path .. "'"))
  return path
end

local function write_file(path, text)
  local file = assert(io.open(path, "wb"))
  file:write(text)
  file:close()
end

-- A fresh directory for each test of the enclosing block, removed after it;
-- `set(dir)` receives it.
local function fresh_dir(set)
  local current
  before_each(function() current = tmpdir(); set(current) end)
  after_each(function() os.execute("rm -rf '" .. current .. "'") end)
end

local function listing(dir)
  local pipe = assert(io.popen("ls -A '" .. dir .. "'"))
  local text = pipe:read("*a")
  pipe:close()
  return text
end

describe("compact run output", function()
  local dir, input, original
  fresh_dir(function(d) dir = d end)
  before_each(function()
    input = dir .. "/s.json"
    original = assert(state.encode(conversation()))
    write_file(input, original)
  end)

  -- a pi session of twelve long messages at DIR/pi.jsonl: its path and text
  local function pi_session(in_dir)
    local session = in_dir .. "/pi.jsonl"
    local lines = {
      '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}' }
    for i = 1, 12 do
      lines[#lines + 1] = string.format('{"type":"message","id":"m%d","parentId":%s,"timestamp":'
        .. '"2026-01-01T00:00:%02d.000Z","message":{"role":"%s","content":[{"type":"text","text":"%s"}]}}',
        i, i == 1 and "null" or '"m' .. (i - 1) .. '"', i, i % 2 == 1 and "user" or "assistant",
        string.rep("word ", 400) .. i)
    end
    local text = table.concat(lines, "\n") .. "\n"
    write_file(session, text)
    return session, text
  end

  describe("atomic writes", function()
    it("leaves the input as it was when writing over it fails mid-way", function()
      local function failing_open(path, mode)
        local file, err = io.open(path, mode)
        if not file or not mode:find("w") then return file, err end
        return { write = function() file:write("partial"); return nil, path .. ": No space left on device" end,
                 flush = function() return true end, close = function() return file:close() end }
      end
      local code, _, err = run({ "run", input, "--keep", "100", "-o", input }, { open = failing_open })
      assert.equals(1, code)
      assert.equals(original, read(input))
      assert.equals("s.json\n", listing(dir))   -- no temporary file left
      assert.matches("compact run: cannot write " .. input .. ": No space left on device\n", err, 1, true)
      assert.not_matches(input .. ": .*" .. input, err)
    end)

    it("leaves the input as it was under a file size limit (real process, ulimit -f)", function()
      local big = conversation()
      for i = 1, 40 do big.messages[#big.messages + 1] = { role = "user", content = string.rep("x", 1000) .. i } end
      local text = assert(state.encode(big))
      local file = assert(io.open(input, "wb"))
      file:write(text)
      file:close()
      -- the exit status comes back in the output: 5.1's pipe:close() has none
      local command = string.format("sh -c \"trap '' XFSZ; ulimit -f 16; %s bin/compact run '%s' --budget 99999999"
        .. " -o '%s'; echo exit=\\$?\" 2>&1", LUA, input, input)
      local pipe = assert(io.popen(command))
      local output = pipe:read("*a")
      pipe:close()
      assert.is_true(#text > 16 * 1024)
      assert.matches("exit=1\n", output, 1, true)
      assert.matches("cannot write " .. input, output, 1, true)
      assert.equals(text, read(input))
      assert.equals("s.json\n", listing(dir))
    end)

    it("writes neither file when --record cannot be written", function()
      local out = dir .. "/out.json"
      local before = "old output\n"
      local file = assert(io.open(out, "wb"))
      file:write(before)
      file:close()
      local code, _, err = run { "run", input, "--keep", "100", "-o", out, "--record", dir .. "/missing/r.json" }
      assert.equals(1, code)
      assert.equals(before, read(out))
      assert.equals("out.json\ns.json\n", listing(dir))
      assert.matches("cannot write " .. dir .. "/missing/r.json: No such file or directory", err, 1, true)
    end)

    it("puts every output back when a later rename fails (all or nothing)", function()
      local out, record = dir .. "/out.json", dir .. "/r.json"
      write_file(out, "old output\n")
      local renames = 0
      local function failing_rename(from, to)
        renames = renames + 1
        if renames == 2 then return nil, from .. ": Input/output error" end
        return os.rename(from, to)
      end
      local code, _, err = run({ "run", input, "--keep", "100", "-o", out, "--record", record },
        { rename = failing_rename })
      assert.equals(1, code)
      local expected = "\ncompact run: cannot replace " .. record .. ": Input/output error\n"
      assert.equals(expected, err:sub(-#expected))
      assert.equals("old output\n", read(out))     -- replaced, then put back
      assert.is_nil(io.open(record, "rb"))         -- a new output is not left behind
      assert.equals("out.json\ns.json\n", listing(dir))
      assert.equals(3, renames)                    -- out, record (failed), out's copy back
    end)

    it("puts the outputs back when appending to the session fails after them", function()
      local out = dir .. "/r.json"
      write_file(out, "old record\n")
      local session, text = pi_session(dir)
      local function failing_open(path, mode)
        if path == session and mode == "ab" then return nil, path .. ": Read-only file system" end
        return io.open(path, mode)
      end
      local code, _, err = run({ "run", session, "--keep", "100", "--append", "--record", out },
        { open = failing_open })
      assert.equals(1, code, err)
      local expected = "\ncompact run: cannot append to " .. session .. ": Read-only file system\n"
      assert.equals(expected, err:sub(-#expected))
      assert.equals("old record\n", read(out))
      assert.equals(text, read(session))
      assert.equals("pi.jsonl\nr.json\ns.json\n", listing(dir))
    end)

    it("takes back what a failed append wrote, and puts the outputs back", function()
      local out = dir .. "/r.json"
      write_file(out, "old record\n")
      local session, text = pi_session(dir)
      -- the disk fills part-way through the entry
      local function filling_open(path, mode)
        local file, err = io.open(path, mode)
        if path ~= session or mode ~= "ab" or not file then return file, err end
        return {
          seek = function(_, ...) return file:seek(...) end,
          write = function(_, data) file:write(data:sub(1, 40)) return nil, "No space left on device" end,
          flush = function() return file:flush() end,
          close = function() return file:close() end,
        }
      end
      local code, _, err = run({ "run", session, "--keep", "100", "--append", "--record", out },
        { open = filling_open })
      assert.equals(1, code, err)
      local expected = "\ncompact run: cannot append to " .. session .. ": No space left on device\n"
      assert.equals(expected, err:sub(-#expected))
      assert.equals(text, read(session)) -- the 40 bytes written are gone
      assert.equals("old record\n", read(out))
      -- and when they cannot be taken back, the message says so
      code, _, err = run({ "run", session, "--keep", "100", "--append" },
        { open = filling_open, truncate = function() return nil, "Operation not permitted" end })
      assert.equals(1, code, err)
      assert.truthy(err:find("could not be taken back: Operation not permitted", 1, true), err)
    end)

    it("writes the output and the record when both succeed", function()
      local out, record = dir .. "/out.json", dir .. "/r.json"
      assert.equals(0, (run { "run", input, "--keep", "100", "-o", out, "--record", record }))
      assert.is_string(assert(state.decode(read(out))).summary)
      assert.is_number(assert(state.decode(read(record))).first_kept_index)
      assert.equals("out.json\nr.json\ns.json\n", listing(dir))
    end)
  end)

  describe("--max-input-bytes", function()
    it("makes an endless input an error, not an out-of-memory", function()
      local code, _, err = run { "stats", "/dev/zero", "--max-input-bytes", "100000" }
      assert.equals(2, code)
      assert.matches("/dev/zero: cannot read: larger than the 100000 bytes allowed (see --max-input-bytes)", err, 1, true)
      local chunks = 0
      local stdin = { read = function() chunks = chunks + 1; return string.rep("\0", 4096) end }
      code, _, err = run({ "stats", "-", "--max-input-bytes", "10000" }, { stdin = stdin })
      assert.equals(2, code)
      assert.matches("<stdin>: cannot read: larger than the 10000 bytes allowed", err, 1, true)
      assert.is_true(chunks <= 4)
    end)

    it("reads a file within the cap", function()
      assert.equals(0, (run { "stats", input, "--max-input-bytes", tostring(#original) }))
      assert.equals(2, (run { "stats", input, "--max-input-bytes", tostring(#original - 1) }))
    end)
  end)

  describe("budget", function()
    it("exits 3 when the result is still over --budget (one huge message)", function()
      local huge = { messages = { { role = "user", content = string.rep("word ", 80000) } } }
      local path = dir .. "/huge.json"
      write_file(path, state.encode(huge))
      local code, out, err = run { "run", path, "--budget", "1000" }
      assert.equals(3, code)
      assert.is_table(state.decode(out))
      assert.matches("compact run: the result is still over the budget: [%d,]+ tokens > 1,000", err)
      code, out, err = run { "run", path, "--window", "2000", "--reserve", "500" }
      assert.equals(3, code)
      assert.is_table(state.decode(out))
      assert.matches("> 1,500", err, 1, true)
    end)

    it("judges the result by the record's calibrated figure, as the compactor did", function()
      -- the provider counted twice the estimate: calibration 2
      local messages = conversation().messages
      for _, m in ipairs(messages) do m.usage = nil end
      local total = compact.estimate { messages = messages }
      local path = dir .. "/calibrated.json"
      write_file(path, state.encode { messages = messages, usage = { tokens = 2 * total, through = #messages } })
      local record_path = dir .. "/calibrated-record.json"
      local code, _, err = run { "run", path, "--budget", tostring(total), "--keep", "10", "--record", record_path }
      assert.equals(0, code, err)
      local record = assert(state.decode(read(record_path)))
      assert.near(2, record.calibration, 1e-9)
      local estimated = record.tokens_after / record.calibration
      -- a budget between the estimate and the calibrated figure is exceeded
      local between = math.floor((estimated + record.tokens_after) / 2)
      code, _, err = run { "run", path, "--budget", tostring(between), "--keep", "10" }
      assert.equals(3, code, err)
      assert.matches("still over the budget: " .. tostring(record.tokens_after):gsub("(%d)(%d%d%d)$", "%1,%2"), err, 1, true)
    end)

    it("exits 0 when the result fits", function()
      assert.equals(0, (run { "run", input, "--budget", "100000" }))
      assert.equals(0, (run { "run", input, "--budget", "700", "--keep", "100" }))
    end)

    it("--fit needs a budget; with one it asks the compactor to fit", function()
      local code, _, err = run { "run", input, "--fit" }
      assert.equals(2, code)
      assert.matches("--fit needs --budget or --window", err, 1, true)
      local out
      code, out, err = run { "run", input, "--fit", "--budget", "1000", "--keep", "100" }
      assert.equals(0, code, err)
      local written = assert(state.decode(out))
      written.usage = nil
      assert.is_true(compact.estimate(written) <= 1000)
      -- a budget even the ladder cannot reach: the compaction fails, nothing is
      -- written, and the conversation is over the budget: exit 3
      code, out, err = run { "run", input, "--fit", "--budget", "300", "--keep", "100" }
      assert.equals(3, code)
      assert.equals("", out)
      assert.matches("compaction failed: no_reduction", err, 1, true)
      assert.matches("compact run: the conversation stays over the budget: [%d,]+ tokens > 300", err)
    end)
  end)

  describe("usage anchors", function()
    it("plan says which estimate it decided on", function()
      local code, out = run { "plan", input, "--budget", "100000" }
      assert.equals(0, code)
      local anchored = select(2, compact.estimate { messages = { { role = "user", content = "x" },
        { role = "assistant", content = {} } }, usage = { tokens = 5, through = 2 } }) == nil
      if anchored then   -- the compactor takes anchors (cmp branch)
        assert.matches("(anchored: the provider's 1,000 tokens through message #10 + the estimate of the 2", out, 1, true)
      else
        assert.matches("(estimator only: this build's compactor does not take the file's usage)", out, 1, true)
      end
      local plain = dir .. "/plain.json"
      local c = conversation()
      c.usage = nil
      write_file(plain, state.encode(c))
      code, out = run { "plan", plain }
      assert.equals(0, code)
      assert.matches("(estimator only: the file has no provider usage)", out, 1, true)
    end)

    it("stats shows the provider's count, the estimate and the calibrated figure", function()
      local code, out = run { "stats", input }
      assert.equals(0, code)
      local c = conversation()
      local head = compact.estimate { system_prompt = c.system_prompt, tools = c.tools,
        messages = { (table.unpack or unpack)(c.messages, 1, 10) } }
      local total = compact.estimate { system_prompt = c.system_prompt, tools = c.tools, messages = c.messages }
      local function n(x) return (string.format("%d", math.floor(x + 0.5)):reverse():gsub("(%d%d%d)", "%1,")
        :reverse():gsub("^,", "")) end
      assert.matches(string.format("tokens:     provider %s | estimator %s | calibrated %s (x%.2f)\n",
        n(1000 + total - head), n(total), n(total * 1000 / head), 1000 / head), out, 1, true)
      assert.matches("(provider: its count through message #10, 1,000, + the estimate of the 2 messages after it)",
        out, 1, true)
    end)
  end)
end)

describe("compact run --format", function()
  local dir, input
  fresh_dir(function(d) dir = d end)
  before_each(function()
    input = dir .. "/s.json"
    write_file(input, state.encode(conversation()))
  end)

  local function reference()
    local code, out = run { "run", input, "--keep", "100" }
    assert.equals(0, code)
    return assert(state.decode(out))
  end

  for _, format in ipairs { "state", "openai", "responses", "anthropic", "pi" } do
    it(format .. " round-trips through import", function()
      local expected = reference()
      local out = dir .. "/out." .. format
      local code, _, err = run { "run", input, "--keep", "100", "--format", format, "-o", out }
      assert.equals(0, code, err)
      local back = assert(importers.load(out))
      assert.equals(format, back.format)
      assert.equals(expected.summary, back.summary)
      assert.equals(#expected.messages, #back.messages)
      for i, m in ipairs(expected.messages) do
        assert.equals(m.role, back.messages[i].role)
        assert.equals(m.tool_call_id, back.messages[i].tool_call_id)
      end
      if format ~= "pi" then
        assert.equals("You are a coding agent.", back.system_prompt)
        assert.same(conversation().tools, back.tools)
      end
      -- read back and written again in the same format: nothing changes
      local again = dir .. "/again." .. format
      assert.equals(0, (run { "run", out, "--budget", "99999999", "-o", again }))
      if format ~= "pi" then assert.equals(read(out), read(again)) end
    end)
  end

  it("writes the input's format by default", function()
    local chat = dir .. "/chat.json"
    write_file(chat, core.json_encode { messages = {
      { role = "system", content = "sys" }, { role = "user", content = string.rep("hello ", 3000) },
      { role = "assistant", content = "hi" }, { role = "user", content = "more" } } })
    local code, out = run { "run", chat, "--keep", "1" }
    assert.equals(0, code)
    local decoded = core.json_decode(out)
    assert.equals("system", decoded.messages[1].role)
    assert.is_string(decoded.summary)
  end)

  it("rejects an unknown format and --append without a pi session", function()
    local code, _, err = run { "run", input, "--format", "yaml" }
    assert.equals(2, code)
    assert.matches("--format: expected state, openai, responses, anthropic, pi, got 'yaml'", err, 1, true)
    code, _, err = run { "run", input, "--append" }
    assert.equals(2, code)
    assert.matches("--append needs a pi session as FILE", err, 1, true)
  end)
end)

describe("compact run --append", function()
  local dir
  fresh_dir(function(d) dir = d end)

  -- A pi session: with ids (format 3) or without (format 1).
  local function session(with_ids)
    local entries = { { type = "session", version = with_ids and 3 or nil, id = "sess", cwd = "/w",
                        timestamp = "2026-01-01T00:00:00.000Z" } }
    local parent
    for i = 1, 8 do
      local message = i % 2 == 1 and { role = "user", content = "request " .. i .. " " .. string.rep("words ", 400) }
        or { role = "assistant", stopReason = "stop", content = { { type = "text", text = "answer " .. i } },
             usage = { input = 100 * i, output = 5, cacheRead = 0, cacheWrite = 0 } }
      local entry = { type = "message", timestamp = "2026-01-01T00:00:00.000Z", message = message }
      if with_ids then entry.id, entry.parentId = "e" .. i, parent or core.json_null end
      parent = entry.id
      entries[#entries + 1] = entry
    end
    local out = {}
    for i, entry in ipairs(entries) do out[i] = assert(core.json_encode(entry)) end
    return table.concat(out, "\n") .. "\n"
  end

  for _, with_ids in ipairs { true, false } do
    it("adds one compaction entry the way pi does (" .. (with_ids and "ids" or "format 1") .. ")", function()
      local path = dir .. "/session.jsonl"
      local text = session(with_ids)
      local file = assert(io.open(path, "wb"))
      file:write(text)
      file:close()
      local code, out, err = run { "run", path, "--keep", "60", "--format", "state" }
      assert.equals(0, code, err)
      local expected = assert(state.decode(out))
      code, out, err = run { "run", path, "--keep", "60", "--append" }
      assert.equals(0, code, err)
      assert.equals("", out)
      local after = read(path)
      assert.equals(text, after:sub(1, #text))
      local added = after:sub(#text + 1)
      assert.matches("^[^\n]+\n$", added)
      local entry = core.json_decode(added)
      assert.equals("compaction", entry.type)
      assert.equals(expected.summary, entry.summary)
      assert.is_number(entry.tokensBefore)
      if with_ids then
        assert.equals("e8", entry.parentId)
        assert.is_string(entry.firstKeptEntryId)
      else
        assert.is_number(entry.firstKeptEntryIndex)
      end
      local back = assert(importers.load(path))
      assert.equals(expected.summary, back.summary)
      assert.equals(#expected.messages, #back.messages)
      for i, m in ipairs(expected.messages) do assert.same(m.content, back.messages[i].content) end
    end)
  end
end)

describe("compact run model summarizer flags", function()
  local input
  setup(function() input = tmpfile(assert(state.encode(conversation()))) end)
  teardown(function() os.remove(input) end)

  it("passes --max-output-tokens and falls back to the extractive summarizer", function()
    local seen
    local generator = { generate = function(_, request)
      seen = request
      return nil, compact.error and compact.error("invalid_response", "model broke")
        or { code = "invalid_response", message = "model broke" }
    end }
    local code, out, err = run({ "run", input, "--keep", "100", "--summarizer", "openai", "--model", "m",
      "--max-output-tokens", "321", "--fallback", "extractive" }, { make_generator = function() return generator end })
    assert.equals(0, code, err)
    assert.equals(321, seen.max_output_tokens)
    assert.matches("fallback:         yes", err, 1, true)
    assert.is_string(assert(state.decode(out)).summary)
  end)

  it("rejects the model-only flags for the extractive summarizer and a bad --fallback", function()
    for _, args in ipairs { { "--max-input-tokens", "100" }, { "--max-output-tokens", "100" },
                            { "--fallback", "extractive" } } do
      local code, _, err = run { "run", input, args[1], args[2] }
      assert.equals(2, code)
      assert.matches(args[1] .. " is only for openai and anthropic", err, 1, true)
    end
    local code, _, err = run({ "run", input, "--summarizer", "openai", "--model", "m", "--fallback", "magic" },
      { make_generator = function() return { generate = function() end } end })
    assert.equals(2, code)
    assert.matches("--fallback: expected extractive, got 'magic'", err, 1, true)
  end)

  it("shows chunk progress on stderr with --max-input-tokens (sum branch)", function()
    local calls = 0
    local generator = { generate = function()
      calls = calls + 1
      return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "S" .. calls } },
               usage = { input = 1, output = 1, cache_read = 0, cache_write = 0 } }
    end }
    local code, _, err = run({ "run", input, "--keep", "100", "--summarizer", "openai", "--model", "m",
      "--max-input-tokens", "1200", "--max-output-tokens", "50" }, { make_generator = function() return generator end })
    assert.equals(0, code, err)
    if calls > 2 then   -- the generator summarizer splits into chunks
      assert.matches("compact: summarizing chunk 1 of %d+\n", err)
      assert.matches("chunks:           %d+", err)
    end
  end)
end)

describe("compact input notes", function()
  local dir
  fresh_dir(function(d) dir = d end)

  local function jsonl(list)
    local out = {}
    for i, value in ipairs(list) do out[i] = type(value) == "string" and value or assert(core.json_encode(value)) end
    return table.concat(out, "\n") .. "\n"
  end

  it("prints what the import repaired, and stats counts it", function()
    local path = dir .. "/s.jsonl"
    write_file(path, jsonl {
      { role = "user", content = "a" },
      { role = "tool_result", tool_call_id = "ghost", content = "x", is_error = false },
      { role = "assistant", content = { { type = "tool_call", id = "c1", name = "read", arguments = {} } } },
      { role = "user", content = "b" },
    })
    local code, out, err = run { "stats", path }
    assert.equals(0, code)
    assert.matches("tool pairs: 1 orphan results dropped, 1 missing results added, 0 duplicate", out, 1, true)
    assert.matches("compact: warning: " .. path .. ": dropped 1 tool result(s) without a call (line 2)\n", err, 1, true)
    assert.matches("compact: warning: " .. path .. ": added 1 result(s) for call(s) that never got one (line 3)\n",
      err, 1, true)
    code, out, err = run { "run", path, "--quiet" }
    assert.equals(0, code)
    assert.equals("", err)
    assert.equals(4, #assert(state.decode(out)).messages)
  end)

  it("skips a torn last line with a warning; --strict makes it an error", function()
    local path = dir .. "/t.jsonl"
    write_file(path, jsonl { { role = "user", content = "a" }, { role = "user", content = "b" }, '{"role":"us' })
    local code, out, err = run { "stats", path }
    assert.equals(0, code)
    assert.matches("messages:   2 ", out, 1, true)
    assert.matches("compact: warning: " .. path .. ": line 3: skipped a torn last line (invalid JSON)", err, 1, true)
    local _
    code, _, err = run { "stats", path, "--strict" }
    assert.equals(2, code)
    assert.matches(path .. ": line 3, column", err, 1, true)
  end)

  it("names an estimator this build cannot give", function()
    local code, _, err = run { "stats", "examples/sample-session.json", "--estimator", "o200k_base" }
    if type(compact.tokenizer) == "function" then
      assert.equals(0, code, err)
    else
      assert.equals(2, code)
      assert.equals("compact stats: --estimator o200k_base: this build has no tokenizers (only 'heuristic')\n", err)
    end
    code, _, err = run { "plan", "examples/sample-session.json", "--estimator", "no-such-tokenizer" }
    assert.equals(2, code)
    assert.matches("--estimator no-such-tokenizer: ", err, 1, true)
  end)
end)
