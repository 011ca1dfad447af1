-- The command line's files under attack (issue 25): the temporary file is
-- created exclusively under an unpredictable name with the target's mode,
-- outputs keep their mode, `-o` on a symbolic link writes the link's target,
-- `--record` cannot overwrite the conversation, and `run --append` appends.

local cli = require "compact.cli"
local core = require "compact.core"
local state = require "compact.state"
local file_helpers = require "spec.support.files"
local sink = file_helpers.sink
local function read(path) return assert(file_helpers.read(path)) end

local function run(args, opts)
  opts = opts or {}
  local out, err = sink(), sink()
  local code = cli.main(args, {
    stdout = out, stderr = err, isatty = false, getenv = function() return nil end,
    open = opts.open, rename = opts.rename,
  })
  return code, out:text(), err:text()
end

local function shell(command)
  local pipe = assert(io.popen(command))
  local text = pipe:read("*a")
  pipe:close()
  return text
end

local function mode_of(path) return shell("stat -c %a '" .. path .. "'"):gsub("%s+$", "") end

local function write_file(path, text)
  local file = assert(io.open(path, "wb"))
  file:write(text)
  file:close()
end

local function conversation()
  local messages = {}
  for turn = 1, 8 do
    messages[#messages + 1] = { role = "user", content = "task " .. turn .. ": " .. string.rep("please fix it ", 200) }
    messages[#messages + 1] = { role = "assistant", content = { { type = "text", text = "done " .. turn } } }
  end
  return { system_prompt = "You are a coding agent.", messages = messages }
end

describe("attacks on the command line's files", function()
  local dir, input, original
  before_each(function()
    dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir -p '" .. dir .. "'"))
    input = dir .. "/s.json"
    original = assert(state.encode(conversation()))
    write_file(input, original)
  end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  it("creates each temporary file exclusively, under a fresh unpredictable name, with the target's mode", function()
    os.execute("chmod 600 '" .. input .. "'")
    local a, target_a = core.output_temp(input)
    local b, target_b = core.output_temp(input)
    assert.equals(input, target_a)
    assert.equals(input, target_b)
    assert.matches("^" .. dir:gsub("%p", "%%%0") .. "/%.s%.json%.compact%-%x+%.tmp$", a)
    assert.are_not.equals(a, b)
    assert.equals("600", mode_of(a))
    assert.equals("", read(a))
    -- two processes (LuaJIT's unseeded math.random gave both the same name)
    local lua = os.getenv("COMPACT_LUA") or "lua5.4"
    local script = "io.write((require('compact.core').output_temp('" .. input .. "')))"
    local p1, p2 = shell(lua .. " -e \"" .. script .. "\""), shell(lua .. " -e \"" .. script .. "\"")
    assert.matches("%.compact%-%x+%.tmp$", p1)
    assert.are_not.equals(p1, p2)
    assert.is_nil(core.output_temp(dir .. "/missing/x.json"))
    local none, why = core.output_temp("a\0b")
    assert.is_nil(none)
    assert.equals("expected a file name without NUL bytes", why)
  end)

  it("keeps the output's mode (a 0600 transcript stays 0600)", function()
    os.execute("chmod 600 '" .. input .. "'")
    local code, _, err = run { "run", input, "--keep", "100", "-o", input }
    assert.equals(0, code, err)
    assert.equals("600", mode_of(input))
    assert.is_string(assert(state.decode(read(input))).summary)
    assert.equals("s.json\n", shell("ls -A '" .. dir .. "'"))
  end)

  it("writes the target of a symbolic link given as -o and keeps the link; refuses a dangling one", function()
    local real, link = dir .. "/real.json", dir .. "/link.json"
    write_file(real, "old\n")
    os.execute("ln -s real.json '" .. link .. "'")
    local code, _, err = run { "run", input, "--keep", "100", "-o", link }
    assert.equals(0, code, err)
    assert.equals("real.json\n", shell("readlink '" .. link .. "'"))
    assert.is_string(assert(state.decode(read(real))).summary)
    os.remove(real)
    code, _, err = run { "run", input, "--keep", "100", "-o", link }
    assert.equals(1, code)
    assert.matches("cannot write " .. link .. ": a symbolic link whose target cannot be resolved (No such file",
      err, 1, true)
    assert.is_nil(file_helpers.read(real))
    assert.equals("link.json\ns.json\n", shell("ls -A '" .. dir .. "'"))
  end)

  it("refuses a --record that is -o or the input, leaving every file as it was", function()
    local out = dir .. "/out.json"
    write_file(out, "old\n")
    local code, _, err = run { "run", input, "--keep", "100", "-o", out, "--record", out }
    assert.equals(2, code)
    assert.equals("compact run: --record " .. out .. " is the same file as -o\n", err)
    code, _, err = run { "run", input, "--keep", "100", "-o", out, "--record", dir .. "/./s.json" }
    assert.equals(2, code)
    assert.equals("compact run: --record " .. dir .. "/./s.json is the same file as the input\n", err)
    assert.equals("old\n", read(out))
    assert.equals(original, read(input))
  end)

  it("refuses -o over another agent's session (it would become our state JSON) unless --format says so", function()
    local session = dir .. "/claude.jsonl"
    local text = read("spec/fixtures/claude_code/session.jsonl")
    write_file(session, text)
    local code, _, err = run { "run", session, "--keep", "10", "--summarizer", "extractive", "-o", session, "--quiet" }
    assert.equals(2, code)
    assert.equals("compact run: -o " .. session .. " is the input, a claude-code session: it would be replaced by "
      .. "state JSON (write elsewhere, or pass --format state)\n", err)
    assert.equals(text, read(session))
    code = run { "run", session, "--keep", "10", "--summarizer", "extractive", "-o", session, "--format", "state",
      "--quiet" }
    assert.equals(0, code)
    assert.is_table(state.decode(read(session)))
  end)

  it("identifies a file by its device and inode in full (stat's own integers, not %.14g)", function()
    local id = core.file_id(input)
    assert.equals(shell("stat -c '%d:%i' '" .. input .. "'"):gsub("\n$", ""), id)
    os.execute("ln '" .. input .. "' '" .. dir .. "/hard.json'")
    assert.equals(id, core.file_id(dir .. "/hard.json"))
    assert.is_nil(core.file_id(dir .. "/missing.json"))
  end)

  it("cuts a file back to a size, and refuses what is no size or no path", function()
    local path = dir .. "/cut.txt"
    local f = assert(io.open(path, "wb"))
    f:write("0123456789")
    f:close()
    assert.is_true(core.truncate(path, 4))
    f = assert(io.open(path, "rb"))
    assert.equals("0123", f:read("*a"))
    f:close()
    for _, size in ipairs({ -1, 1.5, 1e30, 0 / 0 }) do
      local ok, err = core.truncate(path, size)
      assert.is_nil(ok)
      assert.truthy(err:find("whole number of bytes", 1, true), err)
    end
    local ok, err = core.truncate(dir .. "/missing.txt", 0)
    assert.is_nil(ok)
    assert.truthy(err:find("No such file", 1, true), err)
    ok, err = core.truncate(path .. "\0x", 0)
    assert.is_nil(ok)
    assert.truthy(err:find("NUL", 1, true), err)
    assert.has_error(function() core.truncate(path) end)
  end)

  it("run --append appends: a line another writer added meanwhile is kept", function()
    local path = dir .. "/session.jsonl"
    local lines = { assert(core.json_encode { type = "session", version = 3, id = "s", cwd = "/w",
                                               timestamp = "2026-01-01T00:00:00.000Z" }) }
    local parent = core.json_null
    for i = 1, 8 do
      local message = i % 2 == 1 and { role = "user", content = "request " .. i .. " " .. string.rep("words ", 300) }
        or { role = "assistant", stopReason = "stop", content = { { type = "text", text = "answer " .. i } } }
      lines[#lines + 1] = assert(core.json_encode { type = "message", id = "e" .. i, parentId = parent,
        timestamp = "2026-01-01T00:00:00.000Z", message = message })
      parent = "e" .. i
    end
    local text = table.concat(lines, "\n") .. "\n"
    write_file(path, text)
    local other = '{"type":"custom","id":"x","parentId":"e8","timestamp":"2026-01-01T00:00:01.000Z"}\n'
    local wrote = false
    -- another writer appends a line between our read and our write
    local function racing_open(name, mode)
      if not wrote and mode:find("[wa]") then
        wrote = true
        local file = assert(io.open(path, "ab"))
        file:write(other)
        file:close()
      end
      return io.open(name, mode)
    end
    local code, _, err = run({ "run", path, "--keep", "60", "--append" }, { open = racing_open })
    assert.equals(0, code, err)
    local after = read(path)
    assert.equals(text .. other, after:sub(1, #text + #other))
    assert.equals("compaction", core.json_decode(after:sub(#text + #other + 1)).type)
    assert.equals("s.json\nsession.jsonl\n", shell("ls -A '" .. dir .. "'"))
  end)
end)
