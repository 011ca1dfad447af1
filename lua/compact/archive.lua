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
-- the compactor and the agent (compact.archive_common calls them under pcall).
-- @module compact.archive

local common = require "compact.archive_common"
local errors = require "compact.errors"

local archive = {}

local unpack = table.unpack or unpack -- luacheck: ignore 143

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
  text, conversation, content = '', tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO compact_archive_text (compact_archive_text, rank) VALUES ('automerge', 16);
]]

-- Each word's newest RANK_WINDOW matches are read first: their count (and,
-- above that, their density) gives the word's document count, hence its
-- idf. Messages with every word are ranked among the newest RANK_WINDOW
-- matches of the query's rarest word (all of them when there are fewer),
-- so a search costs about the same with 1 000 or 1 000 000 messages
-- archived; a word with more matches than that is left out of the
-- any-word step.
archive.RANK_WINDOW = 200

-- compact_rank's weight arguments: ?4 for the conversation phrase, then
-- one per query word.
local function weight_params()
  local params = {}
  for i = 1, common.MAX_QUERY_WORDS + 1 do params[i] = "?" .. (i + 3) end
  return table.concat(params, ", ")
end

local STATEMENTS = {
  last_position = "SELECT coalesce(max(position), 0) FROM compact_archive WHERE conversation = ?",
  insert = "INSERT INTO compact_archive (conversation, position, role, body) VALUES (?, ?, ?, ?)",
  insert_text = "INSERT INTO compact_archive_text (rowid, text, conversation) VALUES (?, ?, ?)",
  -- up to RANK_WINDOW of a word's newest matches: how many, and the oldest
  sample = "SELECT count(*), min(rowid) FROM (SELECT rowid FROM compact_archive_text "
    .. "WHERE compact_archive_text MATCH ? ORDER BY rowid DESC LIMIT " .. archive.RANK_WINDOW .. ")",
  at_position = "SELECT id FROM compact_archive WHERE conversation = ? AND position = ?",
  -- how many of a word's newest RANK_WINDOW matches are the conversation's
  -- (CROSS JOIN: the window drives, 200 lookups by id, never a scan of the conversation)
  own_in_window = "SELECT count(*) FROM (SELECT rowid AS r FROM compact_archive_text WHERE compact_archive_text "
    .. "MATCH ?1 ORDER BY rowid DESC LIMIT " .. archive.RANK_WINDOW .. ") AS w CROSS JOIN compact_archive AS a "
    .. "ON a.id = w.r WHERE a.conversation = ?2",
  rank = "SELECT rowid, compact_rank(compact_archive_text, " .. weight_params() .. ") AS score "
    .. "FROM compact_archive_text WHERE compact_archive_text MATCH ?1 AND rowid > ?2 "
    .. "ORDER BY score DESC, rowid DESC LIMIT ?3",
  hit = "SELECT role, position, body FROM compact_archive WHERE id = ?",
  last_id = "SELECT coalesce(max(id), 0) FROM compact_archive",
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
  return common.error(where .. ": SQLite: " .. tostring(message), code)
end

local function load_sqlite()
  local ok, sqlite = pcall(require, "compact.sqlite")
  if ok and type(sqlite) == "table" then return sqlite end
  return nil, errors.new("invalid_config", "compact.archive.open: the C module compact.sqlite is not "
    .. "available (built without libsqlite3 or with -DCOMPACT_SQLITE=OFF); compact.archive.memory() "
    .. "works without it", { cause = not ok and sqlite or nil })
end

-- How many of the archive's two tables a connection sees, or nil, message, code.
local function archive_tables(db)
  local ok, message, code = db:exec("PRAGMA busy_timeout = 5000; PRAGMA query_only = 1;")
  if not ok then return nil, message, code end
  local n
  n, message, code = db:prepare("SELECT count(*) FROM sqlite_master WHERE name IN "
    .. "('compact_archive', 'compact_archive_text')")
  if not n then return nil, message, code end
  local rows
  rows, message, code = db:rows(n)
  if not rows then return nil, message, code end
  return rows[1][1]
end

-- Does `path` have a write-ahead log with something in it?
local function has_wal(path)
  local file = io.open(path .. "-wal", "rb")
  if not file then return false end
  local size = file:seek("end")
  file:close()
  return (size or 0) > 0
end

-- An existing archive opened read-only: nothing is created or written. A
-- WAL file whose directory this process cannot write (no -shm to share)
-- is read as immutable instead, unless its -wal holds writes, which an
-- immutable reader would not see: that is an error.
local function open_read_only(sqlite, path)
  local db, message, code = sqlite.open(path, "ro")
  local count
  if db then
    count, message, code = archive_tables(db)
    if not count and (code == "readonly" or code == "cantopen") then
      db:close()
      if has_wal(path) then
        return nil, common.error("compact.archive.open: " .. path .. " cannot be read read-only here: its "
          .. "write-ahead log (" .. path .. "-wal) holds writes that need a -shm file beside it (open it "
          .. "read-write once, or from a directory this process can write)")
      end
      db, message, code = sqlite.open(path, "immutable")
      if db then count, message, code = archive_tables(db) end
    end
  end
  if not count then
    if db then db:close() end
    return nil, db_error("compact.archive.open", message, code)
  end
  if count ~= 2 then
    db:close()
    return nil, common.error("compact.archive.open: " .. path .. " is not a compact archive (no archive tables)")
  end
  return db
end

--- Open (or create) an SQLite archive at `path` (`":memory:"` for one that
-- lives in this process).
-- @tparam string path
-- @tparam[opt] table options `read_only = true`: open an existing archive
--   read-only (SQLite's read-only mode: the file is never created, changed
--   or given a schema; `put` fails with an `archive` error)
-- @return the archive, or nil and an error: `ErrInvalidConfig` when the C
--   module `compact.sqlite` is missing, SQLite lacks FTS5 or the options are
--   bad, an `archive` error when the file cannot be opened (or, read-only,
--   is missing or not an archive)
function archive.open(path, options)
  if type(path) ~= "string" or path == "" then
    return nil, errors.invalid_config("compact.archive.open: path: expected a non-empty string, got "
      .. errors.describe(path))
  end
  if options ~= nil and type(options) ~= "table" then
    return nil, errors.invalid_config("compact.archive.open: options: expected a table, got "
      .. errors.describe(options))
  end
  local read_only = options and options.read_only
  if read_only ~= nil and type(read_only) ~= "boolean" then
    return nil, errors.invalid_config("compact.archive.open: options.read_only: expected a boolean, got "
      .. errors.describe(read_only))
  end
  local sqlite, err = load_sqlite()
  if not sqlite then return nil, err end
  local db, message, code, ok
  if read_only then
    db, err = open_read_only(sqlite, path)
    if not db then return nil, err end
    ok = true
  else
    db, message, code = sqlite.open(path, "rw")
    if not db then return nil, db_error("compact.archive.open", message, code) end
    local pragmas = "PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;"
    if path ~= ":memory:" then pragmas = "PRAGMA journal_mode = WAL; " .. pragmas end
    ok, message, code = db:exec(pragmas .. SCHEMA)
  end
  if not ok then
    db:close()
    if tostring(message):find("fts5", 1, true) then
      return nil, errors.new("invalid_config", "compact.archive.open: the system SQLite " .. sqlite.version()
        .. " has no FTS5 (full-text search), which the archive needs: " .. tostring(message))
    end
    return nil, db_error("compact.archive.open", message, code)
  end
  ok, message, code = db:add_rank_function()
  if not ok then
    db:close()
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
  if not db then return nil, common.error(where .. ": the archive is closed") end
  return db
end

local function rollback(db, statements, where, message, code)
  db:run(statements.rollback)
  return nil, db_error(where, message, code)
end

-- The token standing for a conversation in the index (its id in hex, one
-- FTS5 token, so a conversation is found through the index, not by reading
-- rows).
local function conversation_token(conversation_id)
  return "c" .. conversation_id:gsub(".", function(c) return string.format("%02x", c:byte()) end)
end

-- FTS5 queries: each word a quoted string in the text column (so no word
-- is query syntax), within the conversation.
local function quoted_terms(words)
  local quoted = {}
  for i, word in ipairs(words) do quoted[i] = 'text : "' .. word:gsub('"', '""') .. '"' end
  return quoted
end

local function fts_query(token, terms, operator)
  return "conversation : " .. token .. " AND (" .. table.concat(terms, operator) .. ")"
end

-- One step: the best `limit` matches of `query` with a rowid from `from`
-- on (phrase i + 1 weighted by weights[i]), added to `hits` unless already
-- there. Snippets show `snippet_word`. Returns true, or nil and the SQLite
-- failure.
local function search_step(db, s, query, from, weights, snippet_word, limit, hits, seen)
  local rows, message, code = db:rows(s.rank, query, from - 1, limit, nil, unpack(weights))
  if not rows then return nil, message, code end
  for _, row in ipairs(rows) do
    local id = row[1]
    if #hits < limit and not seen[id] then
      local detail
      detail, message, code = db:rows(s.hit, id)
      if not detail then return nil, message, code end
      seen[id] = true
      detail = detail[1] or {}
      -- the index keeps no text (a contentless FTS5 table): the snippet is
      -- cut from the stored original
      local original = detail[3] and common.decode_body("archive:search", detail[3])
      local text = original and common.message_text(original) or ""
      hits[#hits + 1] = { id = id, role = detail[1], index = detail[2],
        snippet = common.text_snippet(text, snippet_word), score = row[2] }
    end
  end
  return true
end

-- The document count of `term` in the archive (exact below RANK_WINDOW,
-- estimated from how densely its newest matches lie above that), whether
-- it is exact, and the oldest rowid of its newest RANK_WINDOW matches.
local function document_count(db, s, term, last_id)
  local rows, message, code = db:rows(s.sample, term)
  if not rows then return nil, message, code end
  local count, oldest = rows[1][1], rows[1][2] or 1
  if count < archive.RANK_WINDOW then return count, true, 1 end
  return math.min(last_id, count * last_id / math.max(1, last_id - oldest + 1)), false, oldest
end

-- The same window within one conversation (`token`): whether its matches
-- of `term` are fewer than RANK_WINDOW, and the oldest rowid of its newest
-- RANK_WINDOW ones (nil when the archive-wide window is all its own).
-- Another conversation's newer matches fill a word's archive-wide window;
-- this one's are then found through this window.
local function conversation_window(db, s, conversation_id, token, term)
  -- the archive-wide window all this conversation's: it is the window
  -- (a cheap check first; the conversation's own window costs more)
  local rows, message, code = db:rows(s.own_in_window, term, conversation_id)
  if not rows then return nil, message, code end
  if rows[1][1] >= archive.RANK_WINDOW then return false, nil end
  rows, message, code = db:rows(s.sample, fts_query(token, { term }, ""))
  if not rows then return nil, message, code end
  if rows[1][1] < archive.RANK_WINDOW then return true, 1 end
  return false, rows[1][2] or 1
end

--- Archive `messages` (a list) under `conversation_id`, in one transaction.
-- @return the ids, one per message in order; or nil and an error
function Archive:put(conversation_id, messages)
  local where = "archive:put"
  local db, err = open_db(self, where)
  if not db then return nil, err end
  local _
  _, err = common.check_conversation(where, conversation_id)
  if err then return nil, err end
  local rows
  rows, err = common.encode_messages(where, messages)
  if not rows then return nil, err end
  if #rows == 0 then return {} end
  local s = self.statements
  local ok, message, code = db:run(s.begin)
  if not ok then return nil, db_error(where, message, code) end
  local last
  last, message, code = db:rows(s.last_position, conversation_id)
  if not last then return rollback(db, s, where, message, code) end
  local position = last[1][1]
  local token = conversation_token(conversation_id)
  local ids = {}
  for i, row in ipairs(rows) do
    position = position + 1
    local id
    id, message, code = db:run(s.insert, conversation_id, position, row.role, row.body)
    if not id then return rollback(db, s, where, message, code) end
    ok, message, code = db:run(s.insert_text, id, row.text, token)
    if not ok then return rollback(db, s, where, message, code) end
    ids[i] = id
  end
  ok, message, code = db:run(s.commit)
  if not ok then return rollback(db, s, where, message, code) end
  return ids
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
  _, err = common.check_conversation(where, conversation_id)
  if err then return nil, err end
  limit, err = common.check_search(where, query, opts)
  if not limit then return nil, err end
  local words = common.query_words(query)
  if #words == 0 then return {} end
  local s, token, terms = self.statements, conversation_token(conversation_id), quoted_terms(words)
  local rows, message, code = db:rows(s.last_id)
  if not rows then return nil, db_error(where, message, code) end
  local last_id = rows[1][1]
  -- bm25's idf of each word, from its (estimated) document count
  local weights, counts, exact, oldests, rarest, from = {}, {}, {}, {}, nil, 1
  for i, term in ipairs(terms) do
    local oldest
    counts[i], exact[i], oldest = document_count(db, s, term, last_id)
    if not counts[i] then return nil, db_error(where, exact[i], oldest) end
    oldests[i] = oldest
    weights[i] = math.log((last_id - counts[i] + 0.5) / (counts[i] + 0.5) + 1)
    if not rarest or counts[i] < counts[rarest] then rarest, from = i, oldest end
  end
  -- Is a word's archive-wide window surely all this conversation's (no
  -- other conversation's row from `oldest` on: the conversation's ids are
  -- one unbroken run up to the newest row)? Else a common word's window
  -- may hold none of this conversation's matches: when a step finds too
  -- few, the word's window in this conversation is read.
  local span
  local function others(oldest)
    if span == nil then
      local rows_at, at_message, at_code = db:rows(s.last_position, conversation_id)
      if not rows_at then return nil, at_message, at_code end
      local size = rows_at[1][1]
      if size == 0 then return false end -- nothing to find
      local first, last = db:rows(s.at_position, conversation_id, 1), db:rows(s.at_position, conversation_id, size)
      if not (first and last and first[1] and last[1]) then
        return nil, "cannot read the conversation's ids", "error"
      end
      span = { first = first[1][1], unbroken = last[1][1] == last_id and last_id - first[1][1] + 1 == size }
    end
    return not (span.unbroken and oldest >= span.first)
  end
  local hits, seen = {}, {}
  -- messages with every word first (among the rarest word's newest
  -- matches), then (when they are fewer than the limit) messages with any
  -- of the words that are not common; snippets show the rarest word
  local ok, all = true, fts_query(token, terms, " AND ")
  if counts[rarest] > 0 then
    ok, message, code = search_step(db, s, all, from, weights, words[rarest], limit, hits, seen)
    if ok and #hits < limit and not exact[rarest] then
      ok, message, code = others(from)
      if ok then
        local few, oldest
        few, oldest, code = conversation_window(db, s, conversation_id, token, terms[rarest])
        if few == nil then
          ok, message = nil, oldest
        elseif oldest and oldest < from then
          ok, message, code = search_step(db, s, all, oldest, weights, words[rarest], limit, hits, seen)
        end
      end
      if ok == false then ok = true end -- no other conversation: the window was this one's
    end
  end
  if ok and #hits < limit and #terms > 1 then
    local rare, rare_weights = {}, {}
    for i, term in ipairs(terms) do
      if counts[i] > 0 and exact[i] then rare[#rare + 1], rare_weights[#rare + 1] = term, weights[i] end
    end
    if #rare > 0 then
      ok, message, code = search_step(db, s, fts_query(token, rare, " OR "), 1, rare_weights, words[rarest], limit,
        hits, seen)
    end
    -- still too few: the words common in the archive but not in this conversation join them
    local more = false
    if ok and #hits < limit then
      for i, term in ipairs(terms) do
        if counts[i] > 0 and not exact[i] then
          local shared_rows
          shared_rows, message, code = others(oldests[i])
          if shared_rows == nil then ok = nil; break end
          if shared_rows then
            local few, oldest
            few, oldest, code = conversation_window(db, s, conversation_id, token, term)
            if few == nil then ok, message = nil, oldest; break end
            if few then rare[#rare + 1], rare_weights[#rare + 1], more = term, weights[i], true end
          end
        end
      end
    end
    if ok and more then
      ok, message, code = search_step(db, s, fts_query(token, rare, " OR "), 1, rare_weights, words[rarest], limit,
        hits, seen)
    end
  end
  if not ok then return nil, db_error(where, message, code) end
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
  _, err = common.check_id(where, id)
  if err then return nil, err end
  local rows, message, code = db:rows(self.statements.get, id)
  if not rows then return nil, db_error(where, message, code) end
  if not rows[1] then return nil, errors.invalid_request(where .. ": no archived message #" .. id) end
  local decoded
  decoded, err = common.decode_body(where, rows[1][1])
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

-- Never raising: a put that raised after BEGIN rolls its transaction back
-- (else every later put would fail to begin one).
Archive.put = common.protect("archive:put", Archive.put, function(self)
  if self.db then self.db:run(self.statements.rollback) end
end)
Archive.search = common.protect("archive:search", Archive.search)
Archive.get = common.protect("archive:get", Archive.get)

archive.Archive = Archive

--- A pure-Lua archive in memory with the same methods and semantics
-- (`compact.archive_memory`).
function archive.memory()
  return require("compact.archive_memory").new(common)
end

return archive
