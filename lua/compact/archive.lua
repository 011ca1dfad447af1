--- The archive: every message a compaction replaces, kept whole and
-- searchable by words (docs/api.md, "Archive").
--
--     local archive = assert(compact.archive.open("session.db"))  -- SQLite + FTS5; ":memory:" works
--     local archive = compact.archive.memory()                    -- pure Lua, no SQLite
--     local ids = archive:put("c1", messages)        -- one increasing integer id per message
--     local hits = archive:search("c1", "retry budget", { limit = 5 })
--     -- { { id =, role =, index =, snippet =, score = }, ... }, best first
--     local message = archive:get(ids[1])            -- the original, unchanged
--     archive:close()
--
-- A query is words: ASCII punctuation separates them, case and diacritics
-- (SQLite) do not matter, and a message matching more of them ranks higher
-- (bm25). An empty query finds nothing; no query raises. `index` is the
-- message's position in its conversation (1, 2, ... in the order archived).
-- Conversations are isolated: a search sees only its conversation.
--
-- Originals are stored as `compact.state` JSON, so `get` returns what was
-- put (blocks, tool result fields, usage, unknown fields) as a new table.
-- Any table with `put`, `search` and `get` methods works as an archive for
-- the compactor and the agent (`archive.store` calls them under pcall).
-- @module compact.archive

local checks = require "compact.checks"
local core = require "compact.core"
local errors = require "compact.errors"
local state = require "compact.state"
local util = require "compact.util"

local archive = {}

--- Hits a search returns without `opts.limit`, and the most it returns.
archive.DEFAULT_LIMIT, archive.MAX_LIMIT = 5, 100
--- Words of a query that are used; the rest are ignored.
archive.MAX_QUERY_WORDS = 32
--- Bytes of a message's text that are indexed (the whole original is kept).
archive.MAX_INDEXED_BYTES = 1024 * 1024
--- Tokens around the matches a snippet shows, and its most bytes.
archive.SNIPPET_TOKENS, archive.SNIPPET_BYTES = 16, 320

local ELLIPSIS = "\226\128\166" -- U+2026
archive.ELLIPSIS = ELLIPSIS

local function archive_error(message, cause)
  return errors.new("archive", message, { cause = cause })
end
archive.error = archive_error

---------------------------------------------------------------------------
-- Shared policy: argument checks, the text of a message, query words.

--- Check a conversation id: a non-empty string without NUL bytes.
function archive.check_conversation(where, conversation_id)
  if type(conversation_id) ~= "string" or conversation_id == "" or conversation_id:find("%z") then
    return nil, errors.invalid_request(where .. ": conversation_id: expected a non-empty string, got "
      .. errors.describe(conversation_id))
  end
  return conversation_id
end

local function check_id(where, id)
  if not (util.is_finite_number(id) and id >= 1 and id == math.floor(id)) then
    return nil, errors.invalid_request(where .. ": id: expected a positive integer, got " .. errors.describe(id))
  end
  return id
end
archive.check_id = check_id

--- The search options: the limit (default 5, at most 100).
function archive.check_search(where, query, opts)
  if type(query) ~= "string" then
    return nil, errors.invalid_request(where .. ": query: expected a string, got " .. errors.describe(query))
  end
  if opts == nil then return archive.DEFAULT_LIMIT end
  local _, err = checks.table(opts, { limit = true }, where .. ": opts")
  if err then return nil, errors.invalid_request(err.message) end
  local limit
  limit, err = checks.check(where .. ": opts.limit", opts.limit,
    { "integer", min = 1, max = archive.MAX_LIMIT, default = archive.DEFAULT_LIMIT })
  if err then return nil, errors.invalid_request(err.message) end
  return limit
end

local function add_text(parts, value)
  if type(value) == "string" and value ~= "" then parts[#parts + 1] = value end
end

local function add_blocks(parts, content)
  if type(content) == "string" then add_text(parts, content); return end
  if type(content) ~= "table" then return end
  for _, block in ipairs(content) do
    if type(block) == "table" then
      local kind = block.type
      if kind == "text" then
        add_text(parts, block.text)
      elseif kind == "thinking" then
        add_text(parts, block.thinking)
      elseif kind == "tool_call" then
        add_text(parts, block.name)
        if block.arguments ~= nil then
          local ok, json = pcall(core.json_encode, block.arguments)
          if ok then add_text(parts, json) end
        end
      end
    end
  end
end

--- The searchable text of a message: its text and thinking blocks, tool
-- calls (name and JSON arguments), a tool result's tool name and text, an
-- error message. Images are not text.
function archive.message_text(message)
  local parts = {}
  if message.role == "tool_result" then add_text(parts, message.tool_name) end
  add_blocks(parts, message.content)
  add_text(parts, message.error_message)
  return table.concat(parts, "\n")
end

--- The words of a query, in order, without repeats (ASCII punctuation and
-- white space separate them), at most MAX_QUERY_WORDS.
function archive.query_words(query)
  local words, seen = {}, {}
  for word in query:gmatch("[^%s%p%c]+") do
    local key = word:lower()
    if not seen[key] then
      seen[key] = true
      words[#words + 1] = word
      if #words == archive.MAX_QUERY_WORDS then break end
    end
  end
  return words
end

--- A snippet made one line and at most SNIPPET_BYTES long (cut on a UTF-8
-- character boundary, with an ellipsis).
function archive.bound_snippet(text)
  text = util.trim((text:gsub("%s+", " ")))
  if #text <= archive.SNIPPET_BYTES then return text end
  local cut = archive.SNIPPET_BYTES
  while cut > 0 do
    local byte = text:byte(cut + 1)
    if not byte or byte < 0x80 or byte >= 0xC0 then break end
    cut = cut - 1
  end
  return text:sub(1, cut) .. ELLIPSIS
end

-- Encode each message of `messages` (checked): the JSON bodies, roles and
-- texts, or nil, ErrInvalidRequest naming the message.
function archive.encode_messages(where, messages)
  if type(messages) ~= "table" then
    return nil, errors.invalid_request(where .. ": messages: expected a list of messages, got "
      .. errors.describe(messages))
  end
  local ok, problem = core.validate_messages(messages)
  if not ok then return nil, errors.invalid_request(where .. ": " .. tostring(problem)) end
  local rows = {}
  for i = 1, #messages do
    local message = messages[i]
    local body, err = state.encode(message)
    if not body then
      return nil, errors.new("invalid_request", where .. ": messages[" .. i .. "]: " .. err.message, { cause = err })
    end
    local text = archive.message_text(message)
    if #text > archive.MAX_INDEXED_BYTES then text = text:sub(1, archive.MAX_INDEXED_BYTES) end
    rows[i] = { body = body, role = message.role, text = text }
  end
  return rows
end

--- Decode a stored body back into the message.
function archive.decode_body(where, body)
  local message, err = state.decode(body)
  if not message then return nil, archive_error(where .. ": the stored message cannot be read", err) end
  return message
end

---------------------------------------------------------------------------
-- Using any archive (a table with put/search/get) from the compactor and
-- the agent: calls under pcall, results checked.

--- Is `value` an archive (a table or userdata with `put`, `search`, `get`)?
function archive.is_archive(value)
  return util.has_method(value, "put") and util.has_method(value, "search") and util.has_method(value, "get")
end

--- Check a config's `archive` option: nil, or an archive.
function archive.check_config(where, value)
  if value == nil or archive.is_archive(value) then return true end
  return nil, errors.invalid_config(where .. ": expected an archive (a table with put, search and get), got "
    .. errors.describe(value))
end

--- A fresh conversation id (for an agent without one).
local fresh_count = 0
function archive.fresh_conversation_id()
  fresh_count = fresh_count + 1
  local address = tostring({}):match("0x(%x+)") or tostring({}):match("(%x+)$") or "0"
  return string.format("conversation-%d-%s-%d", os.time(), address, fresh_count)
end

--- Archive `messages` in `target` (any archive) under pcall: the list of
-- ids (one positive integer per message) or nil and an `archive` error
-- with the cause.
function archive.store(target, conversation_id, messages)
  if #messages == 0 then return {} end
  local ok, ids, err = pcall(target.put, target, conversation_id, messages)
  if not ok then return nil, archive_error("the archive raised an error", ids) end
  if ids == nil then return nil, archive_error("the archive failed to store the messages", err) end
  if type(ids) ~= "table" or #ids ~= #messages then
    return nil, archive_error("the archive's put returned " .. errors.describe(ids)
      .. ", expected a list of " .. #messages .. " ids")
  end
  for i = 1, #messages do
    if not check_id("archive", ids[i]) then
      return nil, archive_error("the archive's put returned a bad id at " .. i .. ": " .. errors.describe(ids[i]))
    end
  end
  return ids
end

--- A tracker for one compaction: `tracker:store(messages)` archives the
-- messages not archived yet (`cache`, a weak map message -> id shared by
-- the compactions of one compactor, so a retried compaction does not
-- archive them twice) and returns the id of every message; `first` and
-- `last` span the ids this compaction named.
function archive.tracker(target, conversation_id, cache)
  local tracker = {}
  function tracker.store(messages)
    local missing = {}
    for _, message in ipairs(messages) do
      if not cache[message] then missing[#missing + 1] = message end
    end
    local stored, err = archive.store(target, conversation_id, missing)
    if not stored then return nil, err end
    for i, message in ipairs(missing) do cache[message] = stored[i] end
    local ids = {}
    for i, message in ipairs(messages) do
      local id = cache[message]
      ids[i] = id
      if tracker.first == nil or id < tracker.first then tracker.first = id end
      if tracker.last == nil or id > tracker.last then tracker.last = id end
    end
    return ids
  end
  return tracker
end

--- The weak cache a compactor keeps for `archive.tracker`.
function archive.new_cache() return setmetatable({}, { __mode = "k" }) end

---------------------------------------------------------------------------
-- The SQLite archive.

local SCHEMA = [[
CREATE TABLE IF NOT EXISTS compact_archive (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation TEXT NOT NULL,
  position INTEGER NOT NULL,
  role TEXT NOT NULL,
  body TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS compact_archive_position ON compact_archive (conversation, position);
CREATE VIRTUAL TABLE IF NOT EXISTS compact_archive_text USING fts5 (
  text, conversation UNINDEXED, role UNINDEXED, position UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2');
]]

local STATEMENTS = {
  last_position = "SELECT coalesce(max(position), 0) FROM compact_archive WHERE conversation = ?",
  insert = "INSERT INTO compact_archive (conversation, position, role, body) VALUES (?, ?, ?, ?)",
  insert_text = "INSERT INTO compact_archive_text (rowid, text, conversation, role, position) VALUES (?, ?, ?, ?, ?)",
  search = "SELECT rowid, role, position, snippet(compact_archive_text, 0, '', '', '" .. ELLIPSIS .. "', "
    .. archive.SNIPPET_TOKENS .. "), bm25(compact_archive_text) FROM compact_archive_text "
    .. "WHERE compact_archive_text MATCH ? AND conversation = ? ORDER BY rank LIMIT ?",
  get = "SELECT body, conversation FROM compact_archive WHERE id = ?",
  conversations = "SELECT conversation, count(*) FROM compact_archive GROUP BY conversation ORDER BY min(id)",
  begin = "BEGIN IMMEDIATE",
  commit = "COMMIT",
  rollback = "ROLLBACK",
}

local Archive = { __name = "compact.archive.Archive" }
Archive.__index = Archive
Archive.__tostring = function(self)
  return "compact.archive.Archive(" .. (self.db and self.path or "closed") .. ")"
end
Archive.__close = function(self) self:close() end

local function db_error(where, message, code)
  return archive_error(where .. ": SQLite: " .. tostring(message), code)
end

local function load_sqlite()
  local ok, sqlite = pcall(require, "compact.sqlite")
  if ok and type(sqlite) == "table" then return sqlite end
  return nil, errors.new("invalid_config", "compact.archive.open: the C module compact.sqlite is not "
    .. "available (built without libsqlite3 or with -DCOMPACT_SQLITE=OFF); compact.archive.memory() "
    .. "works without it", { cause = not ok and sqlite or nil })
end

--- Open (or create) an SQLite archive at `path` (`":memory:"` for one that
-- lives in this process).
-- @tparam string path
-- @return the archive, or nil and an error: `ErrInvalidConfig` when the C
--   module `compact.sqlite` is missing or SQLite lacks FTS5, an `archive`
--   error when the file cannot be opened
function archive.open(path)
  if type(path) ~= "string" or path == "" then
    return nil, errors.invalid_config("compact.archive.open: path: expected a non-empty string, got "
      .. errors.describe(path))
  end
  local sqlite, err = load_sqlite()
  if not sqlite then return nil, err end
  local db, message, code = sqlite.open(path)
  if not db then return nil, db_error("compact.archive.open", message, code) end
  local pragmas = "PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;"
  if path ~= ":memory:" then pragmas = "PRAGMA journal_mode = WAL; " .. pragmas end
  local ok
  ok, message, code = db:exec(pragmas .. SCHEMA)
  if not ok then
    db:close()
    if tostring(message):find("fts5", 1, true) then
      return nil, errors.new("invalid_config", "compact.archive.open: the system SQLite " .. sqlite.version()
        .. " has no FTS5 (full-text search), which the archive needs: " .. tostring(message))
    end
    return nil, db_error("compact.archive.open", message, code)
  end
  local statements = {}
  for name, sql in pairs(STATEMENTS) do
    statements[name], message, code = db:prepare(sql)
    if not statements[name] then
      db:close()
      return nil, db_error("compact.archive.open", message, code)
    end
  end
  return setmetatable({ db = db, path = path, statements = statements }, Archive)
end

local function open_db(self, where)
  local db = self.db
  if not db then return nil, archive_error(where .. ": the archive is closed") end
  return db
end

local function rollback(db, statements, where, message, code)
  db:run(statements.rollback)
  return nil, db_error(where, message, code)
end

--- Archive `messages` (a list) under `conversation_id`, in one transaction.
-- @return the ids, one per message in order; or nil and an error
function Archive:put(conversation_id, messages)
  local where = "archive:put"
  local db, err = open_db(self, where)
  if not db then return nil, err end
  local _
  _, err = archive.check_conversation(where, conversation_id)
  if err then return nil, err end
  local rows
  rows, err = archive.encode_messages(where, messages)
  if not rows then return nil, err end
  if #rows == 0 then return {} end
  local s = self.statements
  local ok, message, code = db:run(s.begin)
  if not ok then return nil, db_error(where, message, code) end
  local last
  last, message, code = db:rows(s.last_position, conversation_id)
  if not last then return rollback(db, s, where, message, code) end
  local position = last[1][1]
  local ids = {}
  for i, row in ipairs(rows) do
    position = position + 1
    local id
    id, message, code = db:run(s.insert, conversation_id, position, row.role, row.body)
    if not id then return rollback(db, s, where, message, code) end
    ok, message, code = db:run(s.insert_text, id, row.text, conversation_id, row.role, position)
    if not ok then return rollback(db, s, where, message, code) end
    ids[i] = id
  end
  ok, message, code = db:run(s.commit)
  if not ok then return rollback(db, s, where, message, code) end
  return ids
end

-- The FTS5 query for `words`: each word a quoted string (so no word is
-- query syntax), any of them matching.
local function fts_query(words)
  local quoted = {}
  for i, word in ipairs(words) do quoted[i] = '"' .. word:gsub('"', '""') .. '"' end
  return table.concat(quoted, " OR ")
end

--- Search `conversation_id` for `query` (words).
-- @tparam string conversation_id
-- @tparam string query
-- @tparam[opt] table opts `{ limit = 5 }` (1 to 100)
-- @return `{ { id, role, index, snippet, score }, ... }` best first (score:
--   higher is better); or nil and an error
function Archive:search(conversation_id, query, opts)
  local where = "archive:search"
  local db, err = open_db(self, where)
  if not db then return nil, err end
  local _, limit
  _, err = archive.check_conversation(where, conversation_id)
  if err then return nil, err end
  limit, err = archive.check_search(where, query, opts)
  if not limit then return nil, err end
  local words = archive.query_words(query)
  if #words == 0 then return {} end
  local rows, message, code = db:rows(self.statements.search, fts_query(words), conversation_id, limit)
  if not rows then return nil, db_error(where, message, code) end
  local hits = {}
  for i, row in ipairs(rows) do
    hits[i] = { id = row[1], role = row[2], index = row[3], snippet = archive.bound_snippet(row[4] or ""),
      score = -row[5] }
  end
  return hits
end

--- The original message archived under `id`, and its conversation id.
-- @return message, conversation_id; or nil and an error (ErrInvalidRequest
--   for an id that is not archived)
function Archive:get(id)
  local where = "archive:get"
  local db, err = open_db(self, where)
  if not db then return nil, err end
  local _
  _, err = check_id(where, id)
  if err then return nil, err end
  local rows, message, code = db:rows(self.statements.get, id)
  if not rows then return nil, db_error(where, message, code) end
  if not rows[1] then return nil, errors.invalid_request(where .. ": no archived message #" .. id) end
  local decoded
  decoded, err = archive.decode_body(where, rows[1][1])
  if not decoded then return nil, err end
  return decoded, rows[1][2]
end

--- The conversations in the archive, oldest first: `{ { id =, count = }, ... }`.
function Archive:conversations()
  local db, err = open_db(self, "archive:conversations")
  if not db then return nil, err end
  local rows, message, code = db:rows(self.statements.conversations)
  if not rows then return nil, db_error("archive:conversations", message, code) end
  local out = {}
  for i, row in ipairs(rows) do out[i] = { id = row[1], count = row[2] } end
  return out
end

--- Close the archive (also on `__gc` of its connection and `__close`);
-- closing twice is a no-op.
function Archive:close()
  local db = self.db
  self.db = nil
  if db then db:close() end
  return true
end

archive.Archive = Archive

--- A pure-Lua archive in memory with the same methods and semantics
-- (`compact.archive_memory`).
function archive.memory()
  return require("compact.archive_memory").new(archive)
end

return archive
