-- compact.archive: the SQLite archive (compact.sqlite, skipped with a
-- pending note when this build has no SQLite) and the in-memory one share
-- one behaviour: ids, originals, word search, isolation, closing.
local compact = require "compact"
local core = require "compact.core"
local tmpfile = require("spec.support.files").tmpfile

local has_sqlite = pcall(require, "compact.sqlite")
local NO_SQLITE = "compact.sqlite is not built (-DCOMPACT_SQLITE=OFF or no libsqlite3): SQLite archive specs skipped"

local function conversation()
  return {
    { role = "user", content = "Please fix the retry budget in http.lua, it gives up too early" },
    { role = "assistant", stop_reason = "tool_use", provider_metadata = { id = "r1" },
      usage = { input = 120, output = 30, cache_read = 7, cache_write = 0 },
      content = {
        { type = "thinking", thinking = "look at the file first", signature = "sig==" },
        { type = "text", text = "Reading the file." },
        { type = "tool_call", id = "call_1", name = "read", arguments = { path = "src/http.lua", limit = 40 } } } },
    { role = "tool_result", tool_call_id = "call_1", tool_name = "read", is_error = false,
      content = { { type = "text", text = "local MAX_RETRIES = 3 -- the retry budget of a request" },
                  { type = "image", mime_type = "image/png", data = "iVBORw0KGgo=" } },
      custom_field = { kept = true } },
    { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "Raised MAX_RETRIES to 5." } },
      usage = { input = 200, output = 10, cache_read = 0, cache_write = 0, stale = true } },
  }
end

local backends = {
  { "compact.archive.memory()", function() return compact.archive.memory() end },
  { "compact.archive.open(\":memory:\")", function() return assert(compact.archive.open(":memory:")) end, sqlite = true },
}

for _, backend in ipairs(backends) do
  local name, make = backend[1], backend[2]
  local run = (backend.sqlite and not has_sqlite) and pending or describe
  run(backend.sqlite and not has_sqlite and (name .. ": " .. NO_SQLITE) or name, function()
    local archive
    before_each(function() archive = make() end)
    after_each(function() archive:close() end)

    it("gives one increasing id per message, in message order, across puts and conversations", function()
      local ids = assert(archive:put("c1", conversation()))
      assert.are.same({ 1, 2, 3, 4 }, ids)
      assert.are.same({ 5 }, assert(archive:put("c2", { { role = "user", content = "other" } })))
      assert.are.same({ 6, 7 }, assert(archive:put("c1", { { role = "user", content = "a" },
        { role = "user", content = "b" } })))
      assert.are.same({}, assert(archive:put("c1", {})))
    end)

    it("returns the original unchanged: blocks, tool result fields, usage, unknown fields", function()
      local messages = conversation()
      local ids = assert(archive:put("c1", messages))
      for i, id in ipairs(ids) do
        local message, conversation_id = archive:get(id)
        assert.are.same(conversation()[i], message)
        assert.are_not.equal(messages[i], message)
        assert.are.equal("c1", conversation_id)
      end
      -- later edits of the caller's table or of a returned copy change nothing
      messages[1].content = "edited"
      local copy = assert(archive:get(ids[1]))
      copy.role = "assistant"
      assert.are.same(conversation()[1], assert(archive:get(ids[1])))
    end)

    it("finds messages by words, more matching words ranking higher, punctuation and case ignored", function()
      local ids = assert(archive:put("c1", conversation()))
      local hits = assert(archive:search("c1", "retry budget http"))
      assert.are.equal(ids[1], hits[1].id) -- all three words
      assert.are.equal("user", hits[1].role)
      assert.are.equal(1, hits[1].index)
      assert.is_true(hits[1].score > hits[2].score)
      assert.are.equal(ids[3], hits[2].id) -- retry budget
      assert.are.equal(ids[2], hits[3].id) -- http (src/http.lua)
      assert.is_true(hits[2].score > hits[3].score)
      assert.are.equal(3, #hits)
      assert.are.same(hits, assert(archive:search("c1", "RETRY, budget!! (http?)")))
      local tool = assert(archive:search("c1", "MAX_RETRIES request"))
      assert.are.same({ ids[3], ids[4] }, { tool[1].id, tool[2].id })
      assert.are.equal("tool_result", tool[1].role)
      assert.are.equal(3, tool[1].index)
      -- tool calls are found by name and arguments, thinking by its text
      assert.are.equal(ids[2], assert(archive:search("c1", "src/http.lua limit"))[1].id)
      assert.are.equal(ids[2], assert(archive:search("c1", "look first"))[1].id)
    end)

    it("returns snippets of a line around the match, never a whole huge message", function()
      local huge = string.rep("filler text of a long build log ", 20000) .. " the zeppelin code is 7781 "
        .. string.rep("more filler words ", 20000)
      local ids = assert(archive:put("c1", { { role = "tool_result", tool_call_id = "t", tool_name = "bash",
        content = huge } }))
      local hits = assert(archive:search("c1", "zeppelin code"))
      assert.are.equal(ids[1], hits[1].id)
      assert.is_truthy(hits[1].snippet:find("zeppelin code is 7781", 1, true))
      assert.is_true(#hits[1].snippet <= 330)
      assert.is_falsy(hits[1].snippet:find("\n", 1, true))
      assert.are.same(huge, assert(archive:get(ids[1])).content)
    end)

    it("keeps conversations apart and numbers index per conversation", function()
      assert(archive:put("c1", conversation()))
      local other = assert(archive:put("c2", { { role = "user", content = "unrelated" },
        { role = "user", content = "the retry budget of c2" } }))
      local hits = assert(archive:search("c2", "retry budget"))
      assert.are.equal(1, #hits)
      assert.are.equal(other[2], hits[1].id)
      assert.are.equal(2, hits[1].index)
      for _, hit in ipairs(assert(archive:search("c1", "retry budget"))) do
        assert.are_not.equal(other[2], hit.id)
      end
      assert.are.same({}, assert(archive:search("c3", "retry")))
    end)

    it("never raises on arguments whose metatables raise: ErrInvalidRequest, and goes on working", function()
      local function raising(what) return function() error(what .. " raised", 0) end end
      local opts = setmetatable({}, { __index = raising("opts"), __pairs = raising("opts") })
      local none, err = archive:search("c1", "retry", opts)
      assert.is_nil(none)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.are.equal("archive:search: reading the arguments raised an error", err.message)
      assert.are.equal("opts raised", err.cause)
      -- the raw list is what is archived (as validated), whatever its __len says
      local list = setmetatable({ { role = "user", content = "kept raw" } }, { __len = raising("len") })
      assert.are.same({ 1 }, assert(archive:put("c1", list)))
      assert.are.equal(1, #assert(archive:search("c1", "raw")))
    end)

    it("finds a conversation's match however many newer ones another conversation holds", function()
      local ids = assert(archive:put("A", { { role = "user", content = "we deploy on fridays" } }))
      local many = {}
      for i = 1, compact.archive.RANK_WINDOW + 100 do many[i] = { role = "user", content = "deploy number " .. i } end
      assert(archive:put("B", many))
      local hits = assert(archive:search("A", "deploy"))
      assert.are.equal(1, #hits)
      assert.are.equal(ids[1], hits[1].id)
      assert.are.equal(1, hits[1].index)
      assert.are.equal("we deploy on fridays", hits[1].snippet)
      -- and among the messages with some of the words
      hits = assert(archive:search("A", "deploy weekends"))
      assert.are.equal(1, #hits)
      assert.are.equal(ids[1], hits[1].id)
    end)

    it("finds nothing for an empty query and never raises on query syntax", function()
      assert(archive:put("c1", conversation()))
      for _, query in ipairs { "", "   ", "!!! ...", '"', '""', "NEAR(retry budget", "retry AND", "OR", "*", "^retry",
        "text:retry", "(retry", "-retry", "'", "retry\0budget", "\226\128\148", "a\"b", "{text}: retry", "NOT" } do
        local ok, hits, err = pcall(archive.search, archive, "c1", query)
        assert.is_true(ok, query)
        assert.is_nil(err, query)
        assert.is_table(hits, query)
      end
      assert.are.same({}, assert(archive:search("c1", "")))
      assert.are.same({}, assert(archive:search("c1", " ,;:!? ")))
      assert.is_true(#assert(archive:search("c1", "*retry*")) >= 1)
    end)

    it("limits the hits (default 5, at most 100)", function()
      local messages = {}
      for i = 1, 12 do messages[i] = { role = "user", content = "budget note " .. i } end
      assert(archive:put("c1", messages))
      assert.are.equal(5, #assert(archive:search("c1", "budget")))
      assert.are.equal(12, #assert(archive:search("c1", "budget", { limit = 100 })))
      assert.are.equal(2, #assert(archive:search("c1", "budget", { limit = 2 })))
      for _, opts in ipairs { { limit = 0 }, { limit = 101 }, { limit = 1.5 }, { limit = "5" }, { max = 1 } } do
        local hits, err = archive:search("c1", "budget", opts)
        assert.is_nil(hits)
        assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      end
    end)

    it("rejects bad arguments with ErrInvalidRequest naming them, storing nothing", function()
      local cases = {
        { function() return archive:put(nil, conversation()) end, "archive:put: conversation_id: expected a non-empty string of at most 1024 bytes, got nil" },
        { function() return archive:put("", conversation()) end, "archive:put: conversation_id: expected a non-empty string of at most 1024 bytes, got string \"\"" },
        { function() return archive:put("c1", "x") end, "archive:put: messages: expected a list of messages, got string \"x\"" },
        { function() return archive:search("c1", 7) end, "archive:search: query: expected a string, got number 7" },
        { function() return archive:get(0) end, "archive:get: id: expected a positive integer, got number 0" },
        { function() return archive:get(1.5) end, "archive:get: id: expected a positive integer, got number 1.5" },
        { function() return archive:get(99) end, "archive:get: no archived message #99" },
      }
      for _, case in ipairs(cases) do
        local value, err = case[1]()
        assert.is_nil(value)
        assert.is_true(compact.is(err, compact.ErrInvalidRequest))
        assert.are.equal(case[2], err.message)
      end
      local bad = conversation()
      bad[3] = { role = "wizard", content = "x" }
      local ids, err = archive:put("c1", bad)
      assert.is_nil(ids)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest))
      assert.is_truthy(err.message:find("messages[3]", 1, true), err.message)
      assert.are.same({}, assert(archive:search("c1", "retry")))
      assert.are.same({ 1 }, assert(archive:put("c1", { { role = "user", content = "first" } })))
    end)

    it("closes twice safely; a closed archive fails with an archive error", function()
      assert(archive:put("c1", conversation()))
      assert.is_true(archive:close())
      assert.is_true(archive:close())
      for _, call in ipairs {
        function() return archive:put("c1", conversation()) end,
        function() return archive:search("c1", "retry") end,
        function() return archive:get(1) end,
      } do
        local value, err = call()
        assert.is_nil(value)
        assert.are.equal("archive", err.code)
        assert.is_truthy(err.message:find("the archive is closed", 1, true))
      end
    end)

    it("lists its conversations, oldest first", function()
      assert(archive:put("b", { { role = "user", content = "x" } }))
      assert(archive:put("a", conversation()))
      assert.are.same({ { id = "b", count = 1 }, { id = "a", count = 4 } }, assert(archive:conversations()))
    end)
  end)
end

-- a fresh archive file holding conversation() under "c1", closed
local function written_archive()
  local path = tmpfile()
  os.remove(path)
  local writer = assert(compact.archive.open(path))
  assert(writer:put("c1", conversation()))
  writer:close()
  return path
end

describe("without compact.sqlite", function()
  it("open fails with ErrInvalidConfig naming the module; memory() works", function()
    if has_sqlite then return pending("this build has compact.sqlite (make test COMPACT_SQLITE=OFF checks this)") end
    local archive, err = compact.archive.open(":memory:")
    assert.is_nil(archive)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.is_truthy(err.message:find("the C module compact.sqlite is not available", 1, true), err.message)
    assert.are.same({ 1, 2, 3, 4 }, assert(compact.archive.memory():put("c1", conversation())))
  end)
end)

local sqlite_describe = has_sqlite and describe or pending
sqlite_describe(has_sqlite and "the SQLite archive" or ("the SQLite archive: " .. NO_SQLITE), function()
  it("keeps the originals in its file across opens, ids going on", function()
    local path = tmpfile()
    os.remove(path)
    local archive = assert(compact.archive.open(path))
    assert.are.same({ 1, 2, 3, 4 }, assert(archive:put("c1", conversation())))
    archive:close()
    archive = assert(compact.archive.open(path))
    assert.are.same(conversation()[3], assert(archive:get(3)))
    assert.are.equal(3, assert(archive:search("c1", "retry budget request"))[1].id)
    local more = assert(archive:put("c1", { { role = "user", content = "after reopening" } }))
    assert.are.same({ 5 }, more)
    assert.are.equal(5, assert(archive:search("c1", "reopening"))[1].index)
    archive:close()
    os.remove(path); os.remove(path .. "-wal"); os.remove(path .. "-shm")
  end)

  it("opens read-only: searches and gets, never writes, creates nothing, refuses a non-archive", function()
    local path = written_archive()
    os.remove(path .. "-wal"); os.remove(path .. "-shm")
    local before = assert(io.open(path, "rb")):read("*a")
    local reader = assert(compact.archive.open(path, { read_only = true }))
    assert.are.equal(3, assert(reader:search("c1", "retry budget request"))[1].id)
    assert.are.same(conversation()[1], assert(reader:get(1)))
    local ids, err = reader:put("c1", { { role = "user", content = "more" } })
    assert.is_nil(ids)
    assert.are.equal("archive", err.code)
    assert.is_truthy(err.message:find("readonly", 1, true), err.message)
    reader:close()
    assert.are.equal(before, assert(io.open(path, "rb")):read("*a"))
    -- a missing file is an error and stays missing
    local missing = path .. ".missing"
    local none
    none, err = compact.archive.open(missing, { read_only = true })
    assert.is_nil(none)
    assert.are.equal("archive", err.code)
    assert.is_nil(io.open(missing, "rb"))
    -- an empty file is not an archive, and is not made one
    local empty = tmpfile("")
    none, err = compact.archive.open(empty, { read_only = true })
    assert.is_nil(none)
    assert.are.equal("compact.archive.open: " .. empty .. " is not a compact archive (no archive tables)", err.message)
    assert.are.equal("", assert(io.open(empty, "rb")):read("*a"))
    local _, bad = compact.archive.open(path, { read_only = "yes" })
    assert.is_true(compact.is(bad, compact.ErrInvalidConfig))
    assert.are.equal("compact.archive.open: options.read_only: expected a boolean, got string \"yes\"", bad.message)
    _, bad = compact.archive.open(path, true)
    assert.are.equal("compact.archive.open: options: expected a table, got boolean true", bad.message)
    for _, p in ipairs { path, empty, path .. "-wal", path .. "-shm" } do os.remove(p) end
  end)

  it("reads a WAL archive as immutable when read-only mode cannot share its -shm", function()
    local path = written_archive()
    os.remove(path .. "-wal"); os.remove(path .. "-shm")
    local db = assert(require("compact.sqlite").open(path, "immutable"))
    local n = assert(db:prepare("SELECT count(*) FROM compact_archive"))
    assert.are.same({ { 4 } }, db:rows(n))
    assert.are.same({ nil, "attempt to write a readonly database", "readonly" },
      { db:exec("CREATE TABLE t (x)") })
    db:close()
    assert.is_nil(io.open(path .. "-shm", "rb"))
    assert.is_nil(io.open(path .. "-wal", "rb"))
    os.remove(path)
  end)

  it("rolls back a put that raised inside its transaction, so later puts work", function()
    local archive = assert(compact.archive.open(":memory:"))
    local real = archive.db
    archive.db = setmetatable({}, { __index = function(_, key)
      return function(_, n, ...)
        if key == "run" and n == archive.statements.insert_text then error("disk on fire", 0) end
        return real[key](real, n, ...)
      end
    end })
    local none, err = archive:put("c1", { { role = "user", content = "lost in the fire" } })
    assert.is_nil(none)
    assert.are.equal("archive:put: reading the arguments raised an error", err.message)
    assert.are.equal("disk on fire", err.cause)
    archive.db = real
    local ids = assert(archive:put("c1", { { role = "user", content = "after the fire" } }))
    assert.are.equal(1, #ids)
    assert.are.same({}, assert(archive:search("c1", "lost")))
    assert.are.equal(1, assert(archive:search("c1", "after"))[1].index)
    archive:close()
  end)

  it("folds diacritics like FTS5's unicode61 tokenizer", function()
    local archive = assert(compact.archive.open(":memory:"))
    assert(archive:put("c1", { { role = "user", content = "le café est prêt" } }))
    assert.are.equal(1, #assert(archive:search("c1", "cafe pret")))
    archive:close()
  end)

  it("is closed by the garbage collector", function()
    local path = tmpfile()
    os.remove(path)
    do
      local archive = assert(compact.archive.open(path))
      assert(archive:put("c1", conversation()))
    end
    collectgarbage(); collectgarbage()
    local archive = assert(compact.archive.open(path))
    assert.are.equal(4, #assert(archive:search("c1", "retry MAX_RETRIES the file look", { limit = 10 })))
    archive:close()
    os.remove(path); os.remove(path .. "-wal"); os.remove(path .. "-shm")
  end)

  it("fails with ErrInvalidConfig naming compact.sqlite when the module is absent", function()
    local saved, preload = package.loaded["compact.sqlite"], package.preload["compact.sqlite"]
    package.loaded["compact.sqlite"] = nil
    package.preload["compact.sqlite"] = function() error("module 'compact.sqlite' not found") end
    local archive, err = compact.archive.open(":memory:")
    package.loaded["compact.sqlite"], package.preload["compact.sqlite"] = saved, preload
    assert.is_nil(archive)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.is_truthy(err.message:find("compact.sqlite", 1, true))
    assert.is_truthy(err.message:find("compact.archive.memory()", 1, true))
    assert(compact.archive.memory():put("c1", conversation()))
  end)

  it("fails clearly when SQLite has no FTS5", function()
    local real = require "compact.sqlite"
    local fake = setmetatable({ open = function(path)
      local db = assert(real.open(path))
      return setmetatable({}, { __index = function(_, key)
        if key == "exec" then
          return function(_, sql)
            if sql:find("fts5", 1, true) then return nil, "no such module: fts5", "error" end
            return db:exec(sql)
          end
        end
        return function(_, ...) return db[key](db, ...) end
      end })
    end }, { __index = real })
    package.loaded["compact.sqlite"] = fake
    local archive, err = compact.archive.open(":memory:")
    package.loaded["compact.sqlite"] = real
    assert.is_nil(archive)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.is_truthy(err.message:find("has no FTS5", 1, true), err.message)
  end)

  -- what SQLite answers in read-only mode for a WAL file whose -shm cannot be created
  local function without_shm(modes)
    local real = require "compact.sqlite"
    return real, setmetatable({ open = function(p, mode)
      modes[#modes + 1] = mode
      local db = assert(real.open(p, mode))
      if mode ~= "ro" then return db end
      return setmetatable({}, { __index = function(_, key)
        if key == "rows" then return function() return nil, "attempt to write a readonly database", "readonly" end end
        return function(_, ...) return db[key](db, ...) end
      end })
    end }, { __index = real })
  end

  it("refuses to read as immutable a WAL archive whose -wal holds writes (they would not be seen)", function()
    local path = tmpfile()
    os.remove(path)
    local writer = assert(compact.archive.open(path))
    assert(writer:put("c1", conversation())) -- in the -wal while the writer is open
    local modes = {}
    local real, fake = without_shm(modes)
    package.loaded["compact.sqlite"] = fake
    local reader, err = compact.archive.open(path, { read_only = true })
    package.loaded["compact.sqlite"] = real
    writer:close()
    assert.is_nil(reader)
    assert.are.equal("archive", err.code)
    assert.are.equal("compact.archive.open: " .. path .. " cannot be read read-only here: its write-ahead log ("
      .. path .. "-wal) holds writes that need a -shm file beside it (open it read-write once, or from a "
      .. "directory this process can write)", err.message)
    assert.are.same({ "ro" }, modes)
    os.remove(path); os.remove(path .. "-wal"); os.remove(path .. "-shm")
  end)

  it("falls back to immutable when read-only mode cannot read the file (a directory it cannot write)", function()
    local path = written_archive()
    local modes = {}
    local real, fake = without_shm(modes)
    package.loaded["compact.sqlite"] = fake
    local reader, err = compact.archive.open(path, { read_only = true })
    package.loaded["compact.sqlite"] = real
    assert.is_not_nil(reader, err and err.message)
    assert.are.same({ "ro", "immutable" }, modes)
    assert.are.equal(3, assert(reader:search("c1", "retry budget request"))[1].id)
    reader:close()
    os.remove(path); os.remove(path .. "-wal"); os.remove(path .. "-shm")
  end)

  it("rejects a path it cannot open with an archive error", function()
    local archive, err = compact.archive.open("/nonexistent-dir/x/y.db")
    assert.is_nil(archive)
    assert.are.equal("archive", err.code)
    local _, bad = compact.archive.open(7)
    assert.is_true(compact.is(bad, compact.ErrInvalidConfig))
    assert.are.equal("compact.archive.open: path: expected a non-empty string, got number 7", bad.message)
  end)

  it("closes on <close> (Lua 5.4)", function()
    if _VERSION ~= "Lua 5.4" then return pending("<close> needs Lua 5.4") end
    local chunk = assert((loadstring or load)([[
      local compact = ...
      local archive <close> = assert(compact.archive.open(":memory:"))
      return archive
    ]]))
    local archive = chunk(compact)
    assert.is_nil(archive.db)
    assert.are.equal("compact.archive.Archive(closed)", tostring(archive))
  end)

  describe("compact.sqlite", function()
    local sqlite = has_sqlite and require "compact.sqlite"

    it("has FTS5 in this build and a version", function()
      assert.is_true(sqlite.has_fts5())
      assert.is_truthy(sqlite.version():match("^3%.%d+"))
    end)

    it("is one userdata with __name, __gc, __close == __gc and __tostring; close twice is safe", function()
      local db = assert(sqlite.open(":memory:"))
      local mt = debug.getmetatable(db)
      assert.are.equal("userdata", type(db))
      assert.are.equal("compact.sqlite", mt.__name)
      assert.is_function(mt.__gc)
      if _VERSION == "Lua 5.4" then assert.are.equal(mt.__gc, mt.__close) end
      assert.are.equal("compact.sqlite(open)", tostring(db))
      db:close()
      db:close()
      assert.are.equal("compact.sqlite(closed)", tostring(db))
      assert.are.same({ nil, "the database is closed", "closed" }, { db:exec("SELECT 1") })
      assert.are.same({ nil, "the database is closed", "closed" }, { db:prepare("SELECT 1") })
      assert.are.same({ nil, "the database is closed", "closed" }, { db:rows(1) })
    end)

    it("binds and reads nil, booleans, integers, numbers and strings (NUL bytes included)", function()
      local db = assert(sqlite.open(":memory:"))
      assert(db:exec("CREATE TABLE t (a, b, c, d, e)"))
      local insert = assert(db:prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)"))
      assert.are.equal(1, db:run(insert, nil, true, 2 ^ 53, 0.25, "a\0b"))
      local rows = assert(db:rows(assert(db:prepare("SELECT a, b, c, d, e FROM t"))))
      assert.are.same({ { nil, 1, 2 ^ 53, 0.25, "a\0b" } }, rows)
      assert.are.same({}, assert(db:rows(assert(db:prepare("SELECT a FROM t WHERE b = ?")), 5)))
      db:close()
    end)

    it("fails with nil, message, code and never raises on bad input", function()
      local db = assert(sqlite.open(":memory:"))
      local value, message, code = db:exec("NOT SQL")
      assert.is_nil(value)
      assert.is_truthy(message:find("syntax error", 1, true))
      assert.are.equal("error", code)
      assert.are.same({ nil, "argument 1: cannot store a table", "bind" },
        { db:run(assert(db:prepare("SELECT ?")), {}) })
      assert.are.same({ nil, "too many arguments for the statement", "range" },
        { db:run(assert(db:prepare("SELECT ?")), 1, 2) })
      assert.are.same({ nil, "statement: expected a number from prepare", "misuse" }, { db:run(99) })
      assert.are.same({ nil, "statement: expected a number from prepare", "misuse" }, { db:rows("1") })
      assert.are.same({ nil, "sql: expected a string", "misuse" }, { db:exec(nil) })
      assert.are.same({ nil, "path: expected a string", "misuse" }, { sqlite.open(nil) })
      assert.are.same({ nil, "path: contains a NUL byte", "misuse" }, { sqlite.open("a\0b") })
      assert.are.same({ nil, 'mode: expected "rw", "ro" or "immutable"', "misuse" }, { sqlite.open(":memory:", "w") })
      assert.are.same({ nil, 'mode: expected "rw", "ro" or "immutable"', "misuse" }, { sqlite.open(":memory:", 1) })
      assert.are.same({ nil, 'mode: expected "rw", "ro" or "immutable"', "misuse" },
        { sqlite.open(":memory:", "ro\0x") })
      assert(db:exec("CREATE TABLE u (x UNIQUE)"))
      local insert = assert(db:prepare("INSERT INTO u VALUES (?)"))
      assert(db:run(insert, 1))
      value, message, code = db:run(insert, 1)
      assert.is_nil(value)
      assert.is_truthy(message:find("UNIQUE", 1, true))
      assert.are.equal("constraint", code)
      assert.is_truthy(db:run(insert, 2)) -- the statement was reset
      local _, cant, cant_code = sqlite.open("/nonexistent-dir/x.db")
      assert.is_string(cant)
      assert.are.equal("cantopen", cant_code)
      for _ = 1, 40 do db:prepare("SELECT 1") end
      assert.are.same({ nil, "too many prepared statements", "misuse" }, { db:prepare("SELECT 1") })
      db:close()
    end)

    it("is collected without being closed", function()
      for _ = 1, 20 do
        local db = assert(sqlite.open(":memory:"))
        assert(db:prepare("SELECT 1"))
      end
      collectgarbage(); collectgarbage()
      assert.is_truthy(core) -- the process lives on
    end)
  end)
end)
