#!/usr/bin/env lua5.4
-- Generate examples/sample-session.json: a made-up but realistic coding-agent
-- session (a user and an agent working on a small Lua key-value store), in
-- compact's state format. Deterministic: the same bytes on every run, so the
-- file is committed and `make demo` needs no network and no model.
--
--   lua5.4 scripts/make_sample.lua [OUT]     (default examples/sample-session.json)
--
-- The session has the things compaction must handle: many tool calls
-- (read, edit, write, bash), parallel calls, failing tool results, a failed
-- test run, thinking blocks, provider usage on every assistant message and an
-- unfinished task at the end.

-- The session text is data; long string lines are easier to read unwrapped.
-- luacheck: max line length 140

local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
local root = here .. "/.."
package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
-- the Makefile builds each runtime into its own folder
local build = jit and "build-luajit" or (_VERSION == "Lua 5.4" and "build" or "build-lua" .. _VERSION:match("%d+%.%d+"))
package.cpath = root .. "/" .. build .. "/?.so;" .. package.cpath

local state = require "compact.state"

local out_path = arg and arg[1] or (root .. "/examples/sample-session.json")

---------------------------------------------------------------------------
-- The project the agent works on (file contents returned by `read`)
---------------------------------------------------------------------------

local FILES = {}

FILES["src/kv/store.lua"] = [[
--- An in-memory key-value store backed by a write-ahead log.
local wal = require "kv.wal"

local Store = {}
Store.__index = Store

local M = {}

--- Open a store; replays the log at `path` when it exists.
function M.open(path, opts)
  opts = opts or {}
  local self = setmetatable({ path = path, data = {}, count = 0, clock = opts.clock or os.time }, Store)
  local log, err = wal.open(path)
  if not log then return nil, err end
  self.log = log
  local ok, replay_err = log:replay(function(op, key, value)
    if op == "put" then self:_set(key, value) elseif op == "del" then self:_set(key, nil) end
  end)
  if not ok then return nil, replay_err end
  return self
end

function Store:_set(key, value)
  if self.data[key] == nil and value ~= nil then self.count = self.count + 1 end
  if self.data[key] ~= nil and value == nil then self.count = self.count - 1 end
  self.data[key] = value
end

--- Store `value` under `key`.
function Store:put(key, value)
  assert(type(key) == "string", "key must be a string")
  local ok, err = self.log:append("put", key, value)
  if not ok then return nil, err end
  self:_set(key, value)
  return true
end

--- The value under `key`, or nil.
function Store:get(key)
  return self.data[key]
end

--- The value under `key`, or `default`.
function Store:get_or(key, default)
  local value = self:get(key)
  if value == nil then return default end
  return value
end

--- Remove `key`.
function Store:delete(key)
  local ok, err = self.log:append("del", key)
  if not ok then return nil, err end
  self:_set(key, nil)
  return true
end

--- Number of keys.
function Store:len() return self.count end

function Store:close() return self.log:close() end

return M
]]

FILES["src/kv/wal.lua"] = [[
--- Write-ahead log: one JSON line per operation.
local json = require "kv.json"

local Log = {}
Log.__index = Log

local M = {}

function M.open(path)
  local file, err = io.open(path, "a+")
  if not file then return nil, err end
  return setmetatable({ path = path, file = file }, Log)
end

--- Call `fn(op, key, value)` for every record in the log.
function Log:replay(fn)
  self.file:seek("set", 0)
  for line in self.file:lines() do
    local record = json.decode(line)
    fn(record.op, record.key, record.value)
  end
  self.file:seek("end", 0)
  return true
end

function Log:append(op, key, value)
  local line = json.encode({ op = op, key = key, value = value })
  local ok, err = self.file:write(line, "\n")
  if not ok then return nil, err end
  return self.file:flush()
end

function Log:close()
  if self.file then self.file:close() end
  self.file = nil
  return true
end

return M
]]

FILES["src/kv/cli.lua"] = [[
--- kv: command line access to a store.
local store = require "kv.store"

local commands = {}

function commands.get(db, key)
  local value = db:get(key)
  if value == nil then return 1 end
  print(value)
  return 0
end

function commands.put(db, key, value)
  assert(db:put(key, value))
  return 0
end

function commands.del(db, key)
  assert(db:delete(key))
  return 0
end

local function main(args)
  local path = os.getenv("KV_PATH") or "kv.log"
  local db = assert(store.open(path))
  local command = commands[args[1] or ""]
  if not command then
    io.stderr:write("usage: kv get|put|del KEY [VALUE]\n")
    return 2
  end
  local code = command(db, args[2], args[3])
  db:close()
  return code
end

os.exit(main(arg))
]]

FILES["spec/store_spec.lua"] = [[
local store = require "kv.store"

local function tmp()
  local path = os.tmpname()
  os.remove(path)
  return path
end

describe("store", function()
  it("puts and gets", function()
    local db = assert(store.open(tmp()))
    assert.is_true(db:put("a", "1"))
    assert.equals("1", db:get("a"))
    assert.equals(1, db:len())
  end)

  it("replays the log", function()
    local path = tmp()
    local db = assert(store.open(path))
    db:put("a", "1")
    db:put("b", "2")
    db:delete("a")
    db:close()
    local again = assert(store.open(path))
    assert.is_nil(again:get("a"))
    assert.equals("2", again:get("b"))
    assert.equals(1, again:len())
  end)

  it("returns a default", function()
    local db = assert(store.open(tmp()))
    assert.equals("x", db:get_or("missing", "x"))
  end)
end)
]]

FILES["README.md"] = [[
# kv

A tiny key-value store in Lua with a write-ahead log.

```lua
local store = require "kv.store"
local db = assert(store.open("data.log"))
db:put("greeting", "hello")
print(db:get("greeting"))
```

## Command line

    KV_PATH=data.log lua src/kv/cli.lua put greeting hello
    KV_PATH=data.log lua src/kv/cli.lua get greeting

## Tests

    busted spec
]]

local function numbered(text)
  local out, n = {}, 0
  for line in (text):gmatch("([^\n]*)\n") do
    n = n + 1
    out[#out + 1] = string.format("%4d\t%s", n, line)
  end
  return table.concat(out, "\n")
end

---------------------------------------------------------------------------
-- Message builders
---------------------------------------------------------------------------

local messages = {}
local call_counter = 0
local context_bytes = 0   -- for plausible provider usage numbers
local cached_bytes = 0

local function add(message)
  messages[#messages + 1] = message
end

local function measure(message)
  local n = 0
  local function walk(v)
    if type(v) == "string" then n = n + #v
    elseif type(v) == "table" then for _, x in pairs(v) do walk(x) end end
  end
  walk(message.content)
  return n
end

local function user(text)
  add { role = "user", content = text }
end

local function new_id()
  call_counter = call_counter + 1
  return string.format("toolu_%04d", call_counter)
end

-- One assistant message: optional thinking, text, and tool calls
-- ({ name, arguments, result, is_error }). Tool results follow it.
local function turn(spec)
  local content = {}
  if spec.thinking then
    content[#content + 1] = { type = "thinking", thinking = spec.thinking,
                              signature = string.format("sig-%04d", #messages + 1) }
  end
  if spec.text then content[#content + 1] = { type = "text", text = spec.text } end
  local results = {}
  for _, call in ipairs(spec.calls or {}) do
    local id = new_id()
    content[#content + 1] = { type = "tool_call", id = id, name = call[1], arguments = call[2] }
    results[#results + 1] = { role = "tool_result", tool_call_id = id, tool_name = call[1],
                              content = call[3], is_error = call[4] == true }
  end
  local message = { role = "assistant", content = content,
                    stop_reason = #results > 0 and "tool_use" or "stop" }
  -- usage: the whole context is input, most of it served from the cache
  for i = #messages, 1, -1 do
    if messages[i].role == "assistant" then break end
    context_bytes = context_bytes + measure(messages[i])
  end
  local input = math.max(1, math.floor((context_bytes - cached_bytes) / 4))
  message.usage = { input = input, output = math.floor(measure(message) / 4) + 12,
                    cache_read = math.floor(cached_bytes / 4), cache_write = 0 }
  cached_bytes = context_bytes
  context_bytes = context_bytes + measure(message)
  add(message)
  for _, result in ipairs(results) do add(result) end
end

local function read(path) return { "read", { path = path }, numbered(FILES[path]) } end
local function edit(path, old, new)
  -- apply the edit to the project, so later reads show the file as changed
  local current = FILES[path]
  if current then
    local at = current:find(old, 1, true)
    if at then FILES[path] = current:sub(1, at - 1) .. new .. current:sub(at + #old) end
  end
  local lines_old = select(2, old:gsub("\n", "")) + 1
  local lines_new = select(2, new:gsub("\n", "")) + 1
  return { "edit", { path = path, old_text = old, new_text = new },
           string.format("Edited %s: replaced %d line(s) with %d line(s).", path, lines_old, lines_new) }
end
local function write(path, text)
  return { "write", { path = path, content = text },
           string.format("Wrote %d bytes to %s.", #text, path) }
end
local function bash(command, output, failed)
  return { "bash", { command = command }, output, failed }
end

local function busted_ok(count, seconds)
  return string.rep("●", count) .. "\n" .. count .. " successes / 0 failures / 0 errors / 0 pending : "
    .. seconds .. " seconds"
end

---------------------------------------------------------------------------
-- The session
---------------------------------------------------------------------------

local SYSTEM = [[
You are a coding agent working in the user's repository. You can call tools:
read(path) shows a file with line numbers; edit(path, old_text, new_text)
replaces exact text; write(path, content) creates or overwrites a file;
bash(command) runs a shell command in the repository root. Keep changes
small, run the tests after every change, and explain what you did briefly.]]

-- Task 1: orientation
user("Hi! This is a small key-value store I'm building in Lua. Have a look around the repo first and tell me "
  .. "what you think of the structure.")
turn { text = "Let me look at the layout first.",
       calls = { bash("find . -type f -not -path './.git/*' | sort",
         "./README.md\n./spec/store_spec.lua\n./src/kv/cli.lua\n./src/kv/json.lua\n./src/kv/store.lua\n"
         .. "./src/kv/wal.lua") } }
turn { text = "I'll read the core modules and the spec together.",
       calls = { read("src/kv/store.lua"), read("src/kv/wal.lua"), read("spec/store_spec.lua") } }
turn { calls = { read("src/kv/cli.lua"), read("README.md") } }
turn { calls = { bash("busted spec", busted_ok(3, "0.012")) } }
turn { text = "The structure is clean: `store.lua` keeps the data in a table and appends every change to a "
  .. "write-ahead log (`wal.lua`), which is replayed on open. The CLI is a thin wrapper. Three things stand "
  .. "out:\n\n1. `Log:replay` calls `json.decode` without checking the result, so a torn last line (a crash "
  .. "mid-write) will make `open` throw.\n2. The log only ever grows; there is no compaction.\n3. `get_or` is "
  .. "an unusual name; `get_default` or an optional second argument to `get` would read better.\n\nAll "
  .. "3 tests pass." }

-- Task 2: TTL support
user("Let's add TTL support: `put(key, value, { ttl = seconds })`, expired keys behave as missing. "
  .. "Use the injected clock so tests don't sleep.")
turn { thinking = "Expiry needs to survive replay, so the log record must carry an absolute expiry time, not "
  .. "the TTL. get() should treat expired keys as missing and len() should not count them; lazily deleting "
  .. "on read is enough for now.",
       text = "I'll store an absolute `expires` timestamp in the log record so replay restores it.",
       calls = { edit("src/kv/store.lua",
         "function Store:put(key, value)\n  assert(type(key) == \"string\", \"key must be a string\")\n"
         .. "  local ok, err = self.log:append(\"put\", key, value)",
         "function Store:put(key, value, opts)\n  assert(type(key) == \"string\", \"key must be a string\")\n"
         .. "  local expires = opts and opts.ttl and (self.clock() + opts.ttl) or nil\n"
         .. "  local ok, err = self.log:append(\"put\", key, value, expires)") } }
turn { calls = { edit("src/kv/store.lua",
  "function Store:get(key)\n  return self.data[key]\nend",
  "function Store:get(key)\n  local expires = self.expires[key]\n"
  .. "  if expires and expires <= self.clock() then\n    self:_set(key, nil)\n    return nil\n  end\n"
  .. "  return self.data[key]\nend") } }
turn { calls = { edit("src/kv/wal.lua",
  "function Log:append(op, key, value)\n  local line = json.encode({ op = op, key = key, value = value })",
  "function Log:append(op, key, value, expires)\n"
  .. "  local line = json.encode({ op = op, key = key, value = value, expires = expires })") } }
turn { calls = { edit("spec/store_spec.lua",
  "  it(\"returns a default\", function()",
  "  it(\"expires keys after their ttl\", function()\n    local now = 1000\n"
  .. "    local db = assert(store.open(tmp(), { clock = function() return now end }))\n"
  .. "    db:put(\"session\", \"abc\", { ttl = 60 })\n    assert.equals(\"abc\", db:get(\"session\"))\n"
  .. "    now = 1061\n    assert.is_nil(db:get(\"session\"))\n    assert.equals(0, db:len())\n  end)\n\n"
  .. "  it(\"returns a default\", function()"),
  bash("busted spec",
    "●●✱●\n3 successes / 1 failure / 0 errors / 0 pending : 0.015 seconds\n\n"
    .. "Failure → spec/store_spec.lua @ 31\nstore expires keys after their ttl\n"
    .. "src/kv/store.lua:47: attempt to index a nil value (field 'expires')\n\n"
    .. "stack traceback:\n\tsrc/kv/store.lua:47: in method 'get'\n\tspec/store_spec.lua:35: in function "
    .. "<spec/store_spec.lua:31>", true) } }
turn { text = "`self.expires` is never initialised, and `_set` does not record expiry. Fixing both, and "
  .. "making replay pass the expiry through.",
       calls = { edit("src/kv/store.lua",
         "  local self = setmetatable({ path = path, data = {}, count = 0, clock = opts.clock or os.time }, Store)",
         "  local self = setmetatable({ path = path, data = {}, expires = {}, count = 0,\n"
         .. "                             clock = opts.clock or os.time }, Store)"),
         edit("src/kv/store.lua",
         "function Store:_set(key, value)",
         "function Store:_set(key, value, expires)\n  self.expires[key] = value ~= nil and expires or nil"),
         edit("src/kv/store.lua",
         "    if op == \"put\" then self:_set(key, value) elseif",
         "    if op == \"put\" then self:_set(key, value, expires) elseif") } }
turn { calls = { edit("src/kv/wal.lua", "    fn(record.op, record.key, record.value)",
                      "    fn(record.op, record.key, record.value, record.expires)"),
                 edit("src/kv/store.lua", "  local ok, replay_err = log:replay(function(op, key, value)",
                      "  local ok, replay_err = log:replay(function(op, key, value, expires)"),
                 edit("src/kv/store.lua", "  self:_set(key, value)\n  return true\nend",
                      "  self:_set(key, value, expires)\n  return true\nend") } }
turn { calls = { bash("busted spec", busted_ok(4, "0.014")) } }
turn { text = "Also checking that expiry survives a restart:",
       calls = { edit("spec/store_spec.lua", "  it(\"returns a default\", function()",
         "  it(\"keeps expiry across replay\", function()\n    local now, path = 1000, tmp()\n"
         .. "    local clock = function() return now end\n    local db = assert(store.open(path, { clock = clock }))\n"
         .. "    db:put(\"k\", \"v\", { ttl = 10 })\n    db:close()\n    now = 1011\n"
         .. "    local again = assert(store.open(path, { clock = clock }))\n    assert.is_nil(again:get(\"k\"))\n"
         .. "  end)\n\n  it(\"returns a default\", function()"),
         bash("busted spec", busted_ok(5, "0.016")) } }
turn { text = "TTL support is in:\n\n- `put(key, value, { ttl = seconds })` stores an absolute `expires` in "
  .. "the log record, so replay restores it.\n- `get` treats expired keys as missing and drops them lazily.\n"
  .. "- Two new specs (expiry, expiry across replay); 5/5 pass.\n\nNote `len()` still counts expired keys that "
  .. "were never read; fixing that needs a sweep, which fits better with log compaction." }

-- Task 3: torn WAL line
user("I killed the process mid-write yesterday and now `kv get` crashes on startup. Can you reproduce and fix?")
turn { text = "Reproducing with a log whose last line is cut off:",
       calls = { bash("printf '{\"op\":\"put\",\"key\":\"a\",\"value\":\"1\"}\\n{\"op\":\"put\",\"ke' > /tmp/torn.log && "
         .. "KV_PATH=/tmp/torn.log lua src/kv/cli.lua get a",
         "lua: src/kv/wal.lua:19: attempt to index a nil value (local 'record')\nstack traceback:\n"
         .. "\tsrc/kv/wal.lua:19: in method 'replay'\n\tsrc/kv/store.lua:14: in function 'kv.store.open'\n"
         .. "\tsrc/kv/cli.lua:22: in local 'main'\n\tsrc/kv/cli.lua:33: in main chunk\n\t[C]: in ?", true) } }
turn { calls = { read("src/kv/wal.lua"), bash("sed -n 1,40p src/kv/json.lua",
  "--- Minimal JSON for the log (objects of strings and numbers).\nlocal M = {}\n\n"
  .. "function M.decode(text)\n  local ok, value = pcall(M._decode, text)\n  if ok then return value end\n"
  .. "  return nil, value\nend\n\nfunction M.encode(value)\n  local keys = {}\n  for k in pairs(value) do "
  .. "keys[#keys + 1] = k end\n  table.sort(keys)\n  local out = {}\n  for _, k in ipairs(keys) do\n"
  .. "    out[#out + 1] = string.format(\"%q:%s\", k, M._value(value[k]))\n  end\n"
  .. "  return \"{\" .. table.concat(out, \",\") .. \"}\"\nend") } }
turn { thinking = "A torn *last* line is expected after a crash and should be dropped (and truncated away so "
  .. "the next append starts on a clean line). A bad line in the middle is real corruption and should be an "
  .. "error with the line number, not silently skipped.",
       text = "A torn final line is normal after a crash: drop it and truncate the file there. A broken line "
  .. "in the middle is corruption and should be reported with its line number.",
       calls = { edit("src/kv/wal.lua",
         "  self.file:seek(\"set\", 0)\n  for line in self.file:lines() do\n    local record = json.decode(line)\n"
         .. "    fn(record.op, record.key, record.value, record.expires)\n  end\n  self.file:seek(\"end\", 0)\n"
         .. "  return true",
         "  self.file:seek(\"set\", 0)\n  local text = self.file:read(\"a\")\n  local offset, number = 0, 0\n"
         .. "  for line, stop in text:gmatch(\"([^\\n]*)\\n?()\") do\n    if line == \"\" then break end\n"
         .. "    number = number + 1\n    local record = json.decode(line)\n    if not record then\n"
         .. "      if stop > #text and text:sub(-1) ~= \"\\n\" then\n"
         .. "        return self:_truncate(offset)  -- torn last write\n      end\n"
         .. "      return nil, string.format(\"%s:%d: corrupt log record\", self.path, number)\n    end\n"
         .. "    fn(record.op, record.key, record.value, record.expires)\n    offset = stop - 1\n  end\n"
         .. "  self.file:seek(\"end\", 0)\n  return true") } }
turn { calls = { edit("src/kv/wal.lua", "function Log:append(",
  "-- Cut the file at `size` bytes (dropping a torn record) and reopen it.\nfunction Log:_truncate(size)\n"
  .. "  self.file:close()\n  local file = assert(io.open(self.path, \"rb\"))\n  local keep = file:read(size)\n"
  .. "  file:close()\n  file = assert(io.open(self.path, \"wb\"))\n  file:write(keep or \"\")\n  file:close()\n"
  .. "  self.file = assert(io.open(self.path, \"a+\"))\n  return true\nend\n\nfunction Log:append("),
  bash("KV_PATH=/tmp/torn.log lua src/kv/cli.lua get a; echo \"exit=$?\"; cat /tmp/torn.log",
    "1\nexit=0\n{\"op\":\"put\",\"key\":\"a\",\"value\":\"1\"}") } }
turn { text = "Adding specs for both cases.",
       calls = { edit("spec/store_spec.lua", "  it(\"returns a default\", function()",
         "  it(\"drops a torn last record\", function()\n    local path = tmp()\n"
         .. "    local f = assert(io.open(path, \"wb\"))\n"
         .. "    f:write('{\"op\":\"put\",\"key\":\"a\",\"value\":\"1\"}\\n{\"op\":\"pu')\n    f:close()\n"
         .. "    local db = assert(store.open(path))\n    assert.equals(\"1\", db:get(\"a\"))\n"
         .. "    assert.is_true(db:put(\"b\", \"2\"))\n    db:close()\n"
         .. "    assert.equals(\"2\", assert(store.open(path)):get(\"b\"))\n  end)\n\n"
         .. "  it(\"reports a corrupt record in the middle\", function()\n    local path = tmp()\n"
         .. "    local f = assert(io.open(path, \"wb\"))\n    f:write('garbage\\n{\"op\":\"put\",\"key\":\"a\",\"value\":\"1\"}\\n')\n"
         .. "    f:close()\n    local db, err = store.open(path)\n    assert.is_nil(db)\n"
         .. "    assert.matches(\":1: corrupt log record\", err, 1, true)\n  end)\n\n"
         .. "  it(\"returns a default\", function()"),
         bash("busted spec", busted_ok(7, "0.021")) } }
turn { text = "Fixed. `Log:replay` now drops a torn final record (and truncates the file so the next append "
  .. "starts on a clean line) and reports corruption elsewhere as `path:line: corrupt log record` instead of "
  .. "crashing. Your `/tmp/torn.log` reproduction now returns `1`. 7/7 specs pass." }

-- Task 4: rename get_or
user("Rename get_or to get_default everywhere, including docs.")
turn { calls = { bash("grep -rn 'get_or' --include='*.lua' --include='*.md' .",
  "./src/kv/store.lua:49:function Store:get_or(key, default)\n./spec/store_spec.lua:58:    "
  .. "assert.equals(\"x\", db:get_or(\"missing\", \"x\"))\n./README.md:21:`db:get_or(key, default)` returns "
  .. "`default` for a missing key.") } }
turn { calls = { edit("src/kv/store.lua", "function Store:get_or(key, default)", "function Store:get_default(key, default)"),
                 edit("spec/store_spec.lua", "db:get_or(\"missing\", \"x\")", "db:get_default(\"missing\", \"x\")"),
                 edit("README.md", "`db:get_or(key, default)`", "`db:get_default(key, default)`") } }
turn { calls = { bash("grep -rn 'get_or\\b' . ; busted spec", busted_ok(7, "0.019")) } }
turn { text = "Renamed in `store.lua`, the spec and the README; no other references remain and all 7 specs pass." }

-- Task 5: log compaction
user("Now the big one: the log grows forever. Add `Store:compact()` that rewrites the log with only live keys, "
  .. "atomically (write to a temp file, then rename). Also expose it as `kv compact`.")
turn { thinking = "Atomic rewrite: write path .. '.tmp', flush and close, os.rename over the original, reopen "
  .. "the log in append mode. Expired keys should be dropped during compaction, which also fixes len(). The "
  .. "Log object needs a way to be reopened; simplest is a wal.rewrite(path, records) function returning a new "
  .. "Log.",
       text = "Plan: `wal.rewrite(path, records)` writes `path.tmp`, renames it over the log and returns a "
  .. "fresh `Log`; `Store:compact()` collects live, unexpired keys and swaps its log.",
       calls = { read("src/kv/wal.lua") } }
turn { calls = { edit("src/kv/wal.lua", "return M",
  "--- Replace the log at `path` with `records` ({ op, key, value, expires }),\n"
  .. "-- atomically: a crash leaves either the old or the new log.\nfunction M.rewrite(path, records)\n"
  .. "  local tmp = path .. \".tmp\"\n  local file, err = io.open(tmp, \"wb\")\n  if not file then return nil, err end\n"
  .. "  for _, r in ipairs(records) do\n    file:write(json.encode(r), \"\\n\")\n  end\n"
  .. "  local ok, close_err = file:close()\n  if not ok then return nil, close_err end\n"
  .. "  local renamed, rename_err = os.rename(tmp, path)\n  if not renamed then return nil, rename_err end\n"
  .. "  return M.open(path)\nend\n\nreturn M") } }
turn { calls = { edit("src/kv/store.lua", "function Store:close() return self.log:close() end",
  "--- Rewrite the log with only live keys; returns the number of records written.\n"
  .. "function Store:compact()\n  local now, records = self.clock(), {}\n  local keys = {}\n"
  .. "  for key in pairs(self.data) do keys[#keys + 1] = key end\n  table.sort(keys)\n"
  .. "  for _, key in ipairs(keys) do\n    local expires = self.expires[key]\n"
  .. "    if expires and expires <= now then\n      self:_set(key, nil)\n    else\n"
  .. "      records[#records + 1] = { op = \"put\", key = key, value = self.data[key], expires = expires }\n"
  .. "    end\n  end\n  self.log:close()\n  local log, err = wal.rewrite(self.path, records)\n"
  .. "  if not log then return nil, err end\n  self.log = log\n  return #records\nend\n\n"
  .. "function Store:close() return self.log:close() end") } }
turn { calls = { edit("src/kv/cli.lua", "local function main(args)",
  "function commands.compact(db)\n  local n = assert(db:compact())\n"
  .. "  io.stderr:write(string.format(\"compacted to %d records\\n\", n))\n  return 0\nend\n\n"
  .. "local function main(args)"),
  edit("src/kv/cli.lua", "    io.stderr:write(\"usage: kv get|put|del KEY [VALUE]\\n\")",
       "    io.stderr:write(\"usage: kv get|put|del KEY [VALUE] | kv compact\\n\")") } }
turn { calls = { edit("spec/store_spec.lua", "  it(\"returns a default\", function()",
  "  it(\"compacts the log to live keys\", function()\n    local now, path = 0, tmp()\n"
  .. "    local db = assert(store.open(path, { clock = function() return now end }))\n"
  .. "    for i = 1, 100 do db:put(\"k\", tostring(i)) end\n    db:put(\"gone\", \"x\")\n    db:delete(\"gone\")\n"
  .. "    db:put(\"short\", \"y\", { ttl = 5 })\n    now = 10\n    assert.equals(1, db:compact())\n"
  .. "    local lines = 0\n    for _ in io.lines(path) do lines = lines + 1 end\n    assert.equals(1, lines)\n"
  .. "    assert.equals(\"100\", assert(store.open(path)):get(\"k\"))\n  end)\n\n"
  .. "  it(\"returns a default\", function()"),
  bash("busted spec",
    "●●●●●●●✱\n7 successes / 1 failure / 0 errors / 0 pending : 0.030 seconds\n\n"
    .. "Failure → spec/store_spec.lua @ 83\nstore compacts the log to live keys\n"
    .. "spec/store_spec.lua:91: Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1", true) } }
turn { text = "`compact()` returned 2: the expired key was only dropped from `data` after being collected. "
  .. "Looking at the loop again.",
       calls = { read("src/kv/store.lua") } }
turn { thinking = "Actually the loop does drop it... unless the clock used is os.time: the spec passes a clock "
  .. "to the first open but `now` is local to the spec and captured correctly. Wait — `_set(key, nil)` inside "
  .. "the pairs-derived `keys` list is fine. The issue: `put` with ttl computes expires = clock() + ttl = 5, "
  .. "and now = 10, so expires <= now holds... unless expires was not stored: `_set(key, value, expires)` in "
  .. "put passes expires, but `put` computes it before append and the `_set` call at the end of put uses "
  .. "`expires` — yes. Let me print instead of guessing.",
       calls = { bash("lua -e 'package.path=\"src/?.lua;\"..package.path; local s=require\"kv.store\"; "
         .. "local now=0; local db=s.open(os.tmpname(), {clock=function() return now end}); "
         .. "db:put(\"short\",\"y\",{ttl=5}); print(db.expires.short)'", "nil") } }
turn { text = "`expires` is nil right after `put`: `_set` clears it first because the line "
  .. "`self.expires[key] = value ~= nil and expires or nil` runs, then the old-value bookkeeping overwrote it? "
  .. "Reading `_set` closely.",
       calls = { bash("sed -n 24,32p src/kv/store.lua",
         "function Store:_set(key, value, expires)\n  self.expires[key] = value ~= nil and expires or nil\n"
         .. "  if self.data[key] == nil and value ~= nil then self.count = self.count + 1 end\n"
         .. "  if self.data[key] ~= nil and value == nil then self.count = self.count - 1 end\n"
         .. "  self.data[key] = value\nend") } }
turn { calls = { bash("grep -n 'expires' src/kv/store.lua",
  "12:  local self = setmetatable({ path = path, data = {}, expires = {}, count = 0,\n"
  .. "25:  self.expires[key] = value ~= nil and expires or nil\n"
  .. "36:  local expires = opts and opts.ttl and (self.clock() + opts.ttl) or nil\n"
  .. "41:  self:_set(key, value)\n"
  .. "49:  local expires = self.expires[key]") } }
turn { text = "Found it: line 41 still calls `self:_set(key, value)` without `expires` — my earlier edit "
  .. "matched the identical tail of `delete` instead of `put`.",
       calls = { edit("src/kv/store.lua",
         "  local ok, err = self.log:append(\"put\", key, value, expires)\n  if not ok then return nil, err end\n"
         .. "  self:_set(key, value)",
         "  local ok, err = self.log:append(\"put\", key, value, expires)\n  if not ok then return nil, err end\n"
         .. "  self:_set(key, value, expires)"),
         bash("busted spec", busted_ok(8, "0.031")) } }
turn { calls = { bash("rm -f /tmp/c.log; for i in $(seq 1 1000); do KV_PATH=/tmp/c.log lua src/kv/cli.lua put "
  .. "k$((i % 10)) v$i; done; wc -l < /tmp/c.log; KV_PATH=/tmp/c.log lua src/kv/cli.lua compact; "
  .. "wc -l < /tmp/c.log; KV_PATH=/tmp/c.log lua src/kv/cli.lua get k3",
  "1000\ncompacted to 10 records\n10\nv993") } }
turn { text = "Done:\n\n- `wal.rewrite(path, records)` writes `path.tmp`, closes it and renames it over the log "
  .. "(atomic on POSIX), then reopens it for appends.\n- `Store:compact()` writes one `put` per live key, drops "
  .. "expired keys (so `len()` is right afterwards) and returns the record count.\n- `kv compact` on the CLI.\n"
  .. "- Found and fixed a bug from the TTL change: `put` did not record `expires` in memory (only in the log).\n\n"
  .. "A 1000-write log with 10 keys compacts to 10 lines; 8/8 specs pass." }

-- Task 6: lint
user("Set up luacheck and make it clean.")
turn { calls = { write(".luacheckrc", "std = \"max\"\nfiles[\"spec\"] = { std = \"+busted\" }\nmax_line_length = 110\n"),
                 bash("luacheck src spec",
  "Checking src/kv/cli.lua                          2 warnings\n\n"
  .. "    src/kv/cli.lua:9:22: unused argument 'key'\n    src/kv/cli.lua:38:1: setting non-standard global "
  .. "variable 'arg'\n\nChecking src/kv/json.lua                         OK\nChecking src/kv/store.lua"
  .. "                        1 warning\n\n    src/kv/store.lua:12:111: line is too long (112 > 110)\n\n"
  .. "Checking src/kv/wal.lua                          OK\nChecking spec/store_spec.lua                     OK\n\n"
  .. "Total: 3 warnings / 0 errors in 5 files", true) } }
turn { text = "Three warnings. The `key` one is a false alarm from my reading (line 9 is `commands.get`), "
  .. "let me look.",
       calls = { read("src/kv/cli.lua") } }
turn { calls = { edit("src/kv/cli.lua", "os.exit(main(arg))", "os.exit(main({ ... }))"),
                 edit("src/kv/store.lua",
                   "  local self = setmetatable({ path = path, data = {}, expires = {}, count = 0,",
                   "  local self = setmetatable({\n    path = path, data = {}, expires = {}, count = 0,"),
                 bash("luacheck src spec",
  "Checking src/kv/cli.lua                          1 warning\n\n    src/kv/cli.lua:9:22: unused argument "
  .. "'key'\n\nTotal: 1 warning / 0 errors in 5 files", true) } }
turn { calls = { bash("sed -n 5,12p src/kv/cli.lua",
  "local commands = {}\n\nfunction commands.get(db, key)\n  local value = db:get(key)\n"
  .. "  if value == nil then return 1 end\n  print(value)\n  return 0\nend") } }
turn { text = "Line 9 in luacheck's numbering is `commands.compact(db, key)` after my insert... no, it is "
  .. "the `del` handler? Checking the exact line.",
       calls = { bash("awk 'NR==9' src/kv/cli.lua; grep -n 'function commands' src/kv/cli.lua",
  "function commands.compact(db, key)\n7:function commands.get(db, key)\n13:function commands.put(db, key, value)\n"
  .. "18:function commands.del(db, key)\n9:function commands.compact(db, key)") } }
turn { calls = { edit("src/kv/cli.lua", "function commands.compact(db, key)", "function commands.compact(db)"),
                 bash("luacheck src spec && busted spec",
                   "Total: 0 warnings / 0 errors in 5 files\n" .. busted_ok(8, "0.030")) } }
turn { text = "luacheck is clean (`.luacheckrc`: std max, busted globals in spec, 110 columns) and the specs "
  .. "still pass. Fixes: the CLI reads its arguments from `...` instead of the global `arg`, a long line in "
  .. "`store.lua` is wrapped, and an unused parameter is gone." }

-- Task 7: benchmark
user("How fast is it? Write a quick benchmark for put/get and run it.")
turn { calls = { write("bench/bench.lua",
  "package.path = \"src/?.lua;\" .. package.path\nlocal store = require \"kv.store\"\n\n"
  .. "local function time(label, n, fn)\n  local start = os.clock()\n  for i = 1, n do fn(i) end\n"
  .. "  local elapsed = os.clock() - start\n  print(string.format(\"%-6s %8d ops %8.0f ops/s\", label, n, n / elapsed))\n"
  .. "end\n\nlocal path = os.tmpname()\nlocal db = assert(store.open(path))\n"
  .. "time(\"put\", 100000, function(i) db:put(\"key\" .. (i % 1000), \"value\" .. i) end)\n"
  .. "time(\"get\", 1000000, function(i) db:get(\"key\" .. (i % 1000)) end)\n"
  .. "time(\"compact\", 10, function() db:compact() end)\ndb:close()\nos.remove(path)\n"),
  bash("lua bench/bench.lua",
    "put      100000 ops    61234 ops/s\nget     1000000 ops  4210526 ops/s\ncompact       10 ops     2718 ops/s") } }
turn { thinking = "put is dominated by flush() per write. That is the durability guarantee; offering a batch "
  .. "API or an opt-out (sync = false) would be the fix, but the user only asked for numbers.",
       text = "On this machine:\n\n| op | rate |\n|---|---|\n| put | ~61k ops/s |\n| get | ~4.2M ops/s |\n"
  .. "| compact (1000 keys) | ~2.7k/s |\n\n`put` is bound by the `flush()` after every record (that is what "
  .. "makes it durable). If you need faster writes, a `batch(fn)` that flushes once at the end would be the "
  .. "next step. The benchmark is in `bench/bench.lua`." }

-- Task 8: README
user("Update the README for TTL, compaction and the bench.")
turn { calls = { read("README.md") } }
turn { calls = { edit("README.md", "## Command line",
  "Keys can expire: `db:put(\"session\", token, { ttl = 3600 })`. `db:compact()` rewrites the log with\n"
  .. "only live keys (atomically: a temporary file renamed over the log).\n\n## Command line"),
  edit("README.md", "    KV_PATH=data.log lua src/kv/cli.lua get greeting",
       "    KV_PATH=data.log lua src/kv/cli.lua get greeting\n    KV_PATH=data.log lua src/kv/cli.lua compact"),
  edit("README.md", "## Tests\n\n    busted spec",
       "## Tests\n\n    busted spec\n    luacheck src spec\n\n## Benchmark\n\n    lua bench/bench.lua") } }
turn { text = "README updated: TTL and `compact()` in the intro, `kv compact` on the command line, luacheck "
  .. "next to the tests and a Benchmark section." }

-- Task 9: batch writes, with more churn so the session is long
user("Let's do the batch API you suggested: `db:batch(function(b) b:put(...) b:delete(...) end)` flushing "
  .. "once. If the function errors, nothing from the batch should be applied.")
turn { thinking = "All-or-nothing: buffer operations in the batch object, apply to memory and the log only "
  .. "after fn returns without error. For the log: write all lines with one write() and one flush(). A crash "
  .. "mid-write could still leave a partial batch; a 'commit' marker line would make replay atomic. Keep it "
  .. "simple first, mention the marker.",
       calls = { read("src/kv/store.lua"), read("src/kv/wal.lua") } }
turn { calls = { edit("src/kv/wal.lua", "function Log:close()",
  "--- Append several records with one write and one flush.\nfunction Log:append_many(records)\n"
  .. "  local lines = {}\n  for i, r in ipairs(records) do lines[i] = json.encode(r) end\n"
  .. "  local ok, err = self.file:write(table.concat(lines, \"\\n\"), \"\\n\")\n  if not ok then return nil, err end\n"
  .. "  return self.file:flush()\nend\n\nfunction Log:close()") } }
turn { calls = { edit("src/kv/store.lua", "--- Number of keys.",
  "--- Run `fn(batch)`; its puts and deletes are applied together, or not at all\n"
  .. "-- when `fn` raises.\nfunction Store:batch(fn)\n  local ops = {}\n  local b = {\n"
  .. "    put = function(_, key, value, opts)\n      local expires = opts and opts.ttl and (self.clock() + opts.ttl) or nil\n"
  .. "      ops[#ops + 1] = { op = \"put\", key = key, value = value, expires = expires }\n    end,\n"
  .. "    delete = function(_, key) ops[#ops + 1] = { op = \"del\", key = key } end,\n  }\n"
  .. "  local ok, err = pcall(fn, b)\n  if not ok then return nil, err end\n"
  .. "  local written, write_err = self.log:append_many(ops)\n  if not written then return nil, write_err end\n"
  .. "  for _, r in ipairs(ops) do self:_set(r.key, r.value, r.expires) end\n  return #ops\nend\n\n"
  .. "--- Number of keys.") } }
for round = 1, 3 do
  turn { calls = { edit("spec/store_spec.lua", "  it(\"returns a default\", function()",
    string.format("  it(\"batch case %d\", function()\n    local db = assert(store.open(tmp()))\n"
      .. "    assert.equals(%d, db:batch(function(b)\n      for i = 1, %d do b:put(\"k\" .. i, \"v\") end\n"
      .. "    end))\n    assert.equals(%d, db:len())\n  end)\n\n  it(\"returns a default\", function()",
      round, round * 10, round * 10, round * 10)) } }
end
turn { calls = { bash("busted spec",
  "●●●●●●●●●●✱\n10 successes / 1 failure / 0 errors / 0 pending : 0.041 seconds\n\n"
  .. "Failure → spec/store_spec.lua @ 120\nstore batch case 3\nspec/store_spec.lua:124: Expected objects to be "
  .. "equal.\nPassed in:\n(number) 30\nExpected:\n(number) 31", true) } }
turn { text = "That failure is my spec, not the code: case 3 asserts `len() == 31` because I typed the "
  .. "expectation wrong in the generated cases. Checking the file.",
       calls = { bash("sed -n 118,126p spec/store_spec.lua",
         "  it(\"batch case 3\", function()\n    local db = assert(store.open(tmp()))\n"
         .. "    assert.equals(30, db:batch(function(b)\n      for i = 1, 30 do b:put(\"k\" .. i, \"v\") end\n"
         .. "    end))\n    assert.equals(31, db:len())\n  end)") } }
turn { calls = { edit("spec/store_spec.lua", "    assert.equals(31, db:len())", "    assert.equals(30, db:len())"),
                 bash("busted spec", busted_ok(11, "0.040")) } }
turn { text = "And the all-or-nothing case:",
       calls = { edit("spec/store_spec.lua", "  it(\"returns a default\", function()",
         "  it(\"applies nothing when the batch raises\", function()\n    local path = tmp()\n"
         .. "    local db = assert(store.open(path))\n    local n, err = db:batch(function(b)\n"
         .. "      b:put(\"a\", \"1\")\n      error(\"boom\")\n    end)\n    assert.is_nil(n)\n"
         .. "    assert.matches(\"boom\", err)\n    assert.is_nil(db:get(\"a\"))\n    db:close()\n"
         .. "    assert.is_nil(assert(store.open(path)):get(\"a\"))\n  end)\n\n  it(\"returns a default\", function()"),
         bash("busted spec", busted_ok(12, "0.043")) } }
turn { calls = { edit("bench/bench.lua", "time(\"get\"",
  "time(\"batch\", 100, function(i)\n  db:batch(function(b) for j = 1, 1000 do b:put(\"key\" .. j, \"v\" .. i) end end)\n"
  .. "end)\ntime(\"get\""), bash("lua bench/bench.lua",
  "put      100000 ops    60817 ops/s\nbatch        100 ops      731 ops/s\nget     1000000 ops  4166666 ops/s\n"
  .. "compact       10 ops     2702 ops/s") } }
turn { text = "`db:batch(fn)` is in: operations are buffered, written with one `write` + one `flush`, and "
  .. "applied to memory only after `fn` returns; if `fn` raises, nothing is written or applied (spec "
  .. "included). Batches of 1000 puts run at ~731 batches/s, i.e. ~730k puts/s, 12x the single-put rate.\n\n"
  .. "Caveat: a crash in the middle of the single `write` can still leave part of a batch in the log. The "
  .. "torn-line handling drops only the last partial line. If you need crash atomicity for batches, the next "
  .. "step is a commit marker line that replay requires before applying a batch." }

-- Task 10: commit markers, with a permission error along the way
user("Yes, do the commit marker. And please run the full check (lint + tests) at the end.")
turn { calls = { read("src/kv/wal.lua"), read("src/kv/store.lua") } }
turn { thinking = "Format: batch records get a shared `batch` id and a final {op=\"commit\", batch=id} line. "
  .. "Replay buffers records with a batch id until their commit appears; a batch without commit at the end "
  .. "of the file is dropped (and truncated like a torn line).",
       calls = { edit("src/kv/wal.lua",
         "function Log:append_many(records)\n  local lines = {}\n  for i, r in ipairs(records) do lines[i] = json.encode(r) end",
         "function Log:append_many(records)\n  self.batches = (self.batches or 0) + 1\n"
         .. "  local id = self.batches\n  local lines = {}\n"
         .. "  for i, r in ipairs(records) do\n    r.batch = id\n    lines[i] = json.encode(r)\n  end\n"
         .. "  lines[#lines + 1] = json.encode({ op = \"commit\", batch = id })") } }
turn { calls = { edit("src/kv/wal.lua", "    fn(record.op, record.key, record.value, record.expires)\n    offset = stop - 1",
  "    if record.op == \"commit\" then\n      for _, r in ipairs(pending[record.batch] or {}) do\n"
  .. "        fn(r.op, r.key, r.value, r.expires)\n      end\n      pending[record.batch] = nil\n"
  .. "      committed = stop - 1\n    elseif record.batch then\n"
  .. "      pending[record.batch] = pending[record.batch] or {}\n"
  .. "      table.insert(pending[record.batch], record)\n    else\n"
  .. "      fn(record.op, record.key, record.value, record.expires)\n      committed = stop - 1\n    end\n"
  .. "    offset = stop - 1") } }
turn { calls = { bash("busted spec",
  "●●●●●●●●●●●●\n12 successes / 0 failures / 0 errors / 0 pending : 0.044 seconds"),
  bash("cp /var/lib/kv/prod.log /tmp/prod-copy.log && KV_PATH=/tmp/prod-copy.log lua src/kv/cli.lua get config",
    "cp: cannot open '/var/lib/kv/prod.log' for reading: Permission denied", true) } }
turn { text = "The specs pass. I tried to test replay against a copy of your production log but "
  .. "`/var/lib/kv/prod.log` is not readable for me (permission denied), so I'll construct an uncommitted "
  .. "batch in a spec instead.",
       calls = { edit("spec/store_spec.lua", "  it(\"returns a default\", function()",
         "  it(\"drops a batch without its commit\", function()\n    local path = tmp()\n"
         .. "    local f = assert(io.open(path, \"wb\"))\n    f:write('{\"key\":\"a\",\"op\":\"put\",\"value\":\"1\"}\\n',\n"
         .. "      '{\"batch\":1,\"key\":\"b\",\"op\":\"put\",\"value\":\"2\"}\\n')\n    f:close()\n"
         .. "    local db = assert(store.open(path))\n    assert.equals(\"1\", db:get(\"a\"))\n"
         .. "    assert.is_nil(db:get(\"b\"))\n  end)\n\n  it(\"returns a default\", function()"),
         bash("busted spec",
           "●●●●●●●●●●●●✱\n12 successes / 1 failure / 0 errors / 0 pending : 0.047 seconds\n\n"
           .. "Failure → spec/store_spec.lua @ 140\nstore drops a batch without its commit\n"
           .. "src/kv/wal.lua:31: attempt to index a nil value (global 'pending')", true) } }
turn { calls = { edit("src/kv/wal.lua", "  local offset, number = 0, 0",
  "  local offset, number, committed = 0, 0, 0\n  local pending = {}"),
  bash("busted spec",
    "●●●●●●●●●●●●✱\n12 successes / 1 failure / 0 errors / 0 pending : 0.046 seconds\n\n"
    .. "Failure → spec/store_spec.lua @ 140\nstore drops a batch without its commit\n"
    .. "spec/store_spec.lua:149: expected nil, got \"2\"", true) } }
turn { text = "Replay now ignores the uncommitted record, but the test reopens... no: the assertion is on the "
  .. "first open. The pending record must still be applied somewhere. Reading replay again.",
       calls = { bash("sed -n 16,50p src/kv/wal.lua",
         "function Log:replay(fn)\n  self.file:seek(\"set\", 0)\n  local text = self.file:read(\"a\")\n"
         .. "  local offset, number, committed = 0, 0, 0\n  local pending = {}\n"
         .. "  for line, stop in text:gmatch(\"([^\\n]*)\\n?()\") do\n    if line == \"\" then break end\n"
         .. "    number = number + 1\n    local record = json.decode(line)\n    if not record then\n"
         .. "      if stop > #text and text:sub(-1) ~= \"\\n\" then\n        return self:_truncate(offset)\n"
         .. "      end\n      return nil, string.format(\"%s:%d: corrupt log record\", self.path, number)\n    end\n"
         .. "    if record.op == \"commit\" then\n      ...\n    elseif record.batch then\n      ...\n"
         .. "    else\n      fn(record.op, record.key, record.value, record.expires)\n      committed = stop - 1\n"
         .. "    end\n    offset = stop - 1\n  end\n  self.file:seek(\"end\", 0)\n  return true\nend") } }
turn { text = "The JSON module sorts keys, so my hand-written line in the spec has `batch` first — fine — but "
  .. "`json.decode` in `kv.json` only keeps string values: `batch` (a number) is dropped, so the record looks "
  .. "like a plain put.",
       calls = { bash("lua -e 'package.path=\"src/?.lua;\"..package.path; local j=require\"kv.json\"; "
         .. "local r=j.decode([[{\"batch\":1,\"key\":\"b\"}]]); print(r.batch, r.key)'", "nil\tb") } }
turn { calls = { bash("grep -n '_value\\|tonumber\\|%-?%d' src/kv/json.lua",
  "18:    out[#out + 1] = string.format(\"%q:%s\", k, M._value(value[k]))\n"
  .. "24:function M._value(v)\n25:  if type(v) == \"number\" then return tostring(v) end\n"
  .. "41:local function parse_value(s, i)\n42:  if s:sub(i, i) == '\"' then return parse_string(s, i) end\n"
  .. "43:  return nil, i") } }
turn { calls = { edit("src/kv/json.lua",
  "local function parse_value(s, i)\n  if s:sub(i, i) == '\"' then return parse_string(s, i) end\n  return nil, i",
  "local function parse_value(s, i)\n  if s:sub(i, i) == '\"' then return parse_string(s, i) end\n"
  .. "  local number = s:match(\"^-?%d+%.?%d*[eE]?[-+]?%d*\", i)\n"
  .. "  if number and number ~= \"\" then return tonumber(number), i + #number end\n  return nil, i"),
  bash("luacheck src spec && busted spec",
    "Total: 0 warnings / 0 errors in 6 files\n" .. busted_ok(13, "0.048")) } }
turn { text = "All green: luacheck clean, 13/13 specs.\n\n- Batches now end with a `{\"op\":\"commit\"}` "
  .. "line; replay buffers batch records and applies them only when their commit is read, so a crash mid-batch "
  .. "loses the whole batch, never half of it.\n- Found and fixed a latent bug in `kv.json`: numbers were "
  .. "silently dropped on decode. That also means TTL `expires` values were lost on replay before today — "
  .. "the earlier replay spec passed only because the key was absent anyway. Worth a note in the changelog.\n"
  .. "- I couldn't read `/var/lib/kv/prod.log` (permission denied), so this is tested with constructed logs "
  .. "only." }

-- Task 11: other Lua versions
user("Does all this work on Lua 5.1 and LuaJIT too? We have users on OpenResty.")
turn { text = "Running the suite on each interpreter in turn.",
       calls = { bash("busted --lua=lua5.4 spec", busted_ok(13, "0.047")) } }
turn { calls = { bash("busted --lua=lua5.3 spec", busted_ok(13, "0.051")) } }
turn { calls = { bash("busted --lua=lua5.1 spec",
  "✱✱✱✱✱✱✱✱✱✱✱✱✱\n0 successes / 0 failures / 13 errors / 0 pending : 0.020 seconds\n\n"
  .. "Error → spec/store_spec.lua @ 10\nstore puts and gets\n"
  .. "src/kv/json.lua:44: attempt to call field 'tointeger' (a nil value)", true) } }
turn { text = "`math.tointeger` is 5.3+. In the JSON decoder it only turns `1.0` into `1`; `tonumber` is "
  .. "enough for our records.",
       calls = { bash("grep -n 'tointeger\\|//\\|goto\\|table.unpack\\|utf8' src/kv/*.lua",
         "src/kv/json.lua:44:  if number then return math.tointeger(tonumber(number)) or tonumber(number), i + #number end") } }
turn { calls = { edit("src/kv/json.lua",
  "  if number then return math.tointeger(tonumber(number)) or tonumber(number), i + #number end",
  "  if number then return tonumber(number), i + #number end"),
  bash("busted --lua=lua5.1 spec", busted_ok(13, "0.019")) } }
turn { calls = { bash("busted --lua=luajit spec", busted_ok(13, "0.011")) } }
turn { calls = { bash("for v in lua5.1 lua5.3 lua5.4 luajit; do printf '%s: ' $v; busted --lua=$v -o TAP spec | "
  .. "tail -1; done", "lua5.1: 1..13\nlua5.3: 1..13\nlua5.4: 1..13\nluajit: 1..13") } }
turn { text = "It now runs on Lua 5.1, 5.3, 5.4 and LuaJIT (13/13 specs on each). The only incompatibility "
  .. "was `math.tointeger` in the JSON number parser I added today; plain `tonumber` is fine there. I'd add the "
  .. "four interpreters to CI so this stays true." }

-- Task 12: changelog
user("Write a CHANGELOG entry for everything we did today.")
turn { calls = { bash("git log --oneline -12",
  "9f2c1d7 json: decode numbers (fixes lost TTLs on replay)\n8e41b02 wal: commit markers for batches\n"
  .. "77ad0c3 store: batch API\n5d0e9a1 bench: put/get/compact\n4c7f2aa lint: luacheck config, fixes\n"
  .. "3b9e8f0 store: compact() and kv compact\n2a61c55 store: rename get_or to get_default\n"
  .. "1f0d4b3 wal: drop a torn last record, report corruption\n0e8c2a9 store: TTL\n"
  .. "d41d8cd initial import") } }
turn { calls = { write("CHANGELOG.md",
  "# Changelog\n\n## Unreleased\n\n### Added\n- `put(key, value, { ttl = seconds })`: keys expire.\n"
  .. "- `Store:compact()` and `kv compact`: rewrite the log with live keys only (atomic rename).\n"
  .. "- `Store:batch(fn)`: all-or-nothing batches, one flush per batch, commit markers in the log.\n"
  .. "- `bench/bench.lua`.\n\n### Changed\n- `get_or` is now `get_default`.\n\n### Fixed\n"
  .. "- A torn last log record (crash mid-write) no longer makes `open` fail; it is dropped.\n"
  .. "- Numbers were lost when decoding log records, so TTLs did not survive a restart.\n"
  .. "- Runs on Lua 5.1 and LuaJIT again.\n") } }
turn { text = "Added `CHANGELOG.md` with an Unreleased section: TTL, compaction, batches and the benchmark "
  .. "under Added; the `get_default` rename under Changed; the torn-record, JSON-number and Lua 5.1 fixes under "
  .. "Fixed." }

-- Task 13: unfinished, the newest turn
user("Great catch on the JSON bug. Next: range scans. `db:scan(prefix)` returning keys in order, and make "
  .. "`kv scan PREFIX` print key=value lines. Start with the store.")
turn { text = "Starting with the store; a sorted key index keeps scans fast without sorting on every call.",
       calls = { read("src/kv/store.lua") } }
turn { thinking = "Maintain self.keys as a sorted array; insert with binary search in _set when a key "
  .. "appears, remove when it disappears. scan(prefix) binary-searches the first key >= prefix and walks "
  .. "while keys start with prefix, skipping expired ones.",
       calls = { edit("src/kv/store.lua",
         "function Store:_set(key, value, expires)",
         "-- Index of the first key >= `key` in the sorted key list.\nlocal function lower_bound(keys, key)\n"
         .. "  local lo, hi = 1, #keys + 1\n  while lo < hi do\n    local mid = (lo + hi) // 2\n"
         .. "    if keys[mid] < key then lo = mid + 1 else hi = mid end\n  end\n  return lo\nend\n\n"
         .. "function Store:_set(key, value, expires)") } }

---------------------------------------------------------------------------

local text = assert(state.encode { system_prompt = SYSTEM, messages = messages })
local file = assert(io.open(out_path, "wb"))
file:write(text, "\n")
file:close()
io.stderr:write(string.format("make_sample: wrote %s (%d messages, %d bytes)\n", out_path, #messages, #text + 1))
