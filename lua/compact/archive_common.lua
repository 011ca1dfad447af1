--- What the archives share, and how the compactor and the agent use any
-- archive (internal; the public module is compact.archive): argument
-- checks, the searchable text of a message, query words, snippets, the
-- stored JSON, calls to a host's archive under pcall, and the per-compaction
-- tracker.
-- @module compact.archive_common

local checks = require "compact.checks"
local core = require "compact.core"
local errors = require "compact.errors"
local message_module = require "compact.message"
local placeholders = require "compact.placeholders"
local state = require "compact.state"
local util = require "compact.util"

local archive = {}

--- Hits a search returns without `opts.limit`, and the most it returns.
archive.DEFAULT_LIMIT, archive.MAX_LIMIT = 5, 100
--- Words of a query that are used; the rest are ignored.
archive.MAX_QUERY_WORDS = 32
--- Bytes of a message's text that are indexed (the whole original is kept).
archive.MAX_INDEXED_BYTES = 1024 * 1024
--- The longest conversation id.
archive.MAX_CONVERSATION_BYTES = 1024
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
  if type(conversation_id) ~= "string" or conversation_id == "" or conversation_id:find("%z")
      or #conversation_id > archive.MAX_CONVERSATION_BYTES then
    return nil, errors.invalid_request(where .. ": conversation_id: expected a non-empty string of at most "
      .. archive.MAX_CONVERSATION_BYTES .. " bytes, got " .. errors.describe(conversation_id))
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
  return message_module.cut(text, archive.SNIPPET_BYTES) .. ELLIPSIS
end

-- A Lua pattern matching `word` without case (ASCII).
local function caseless(word)
  local pattern = word:gsub("%w", function(c) return "[" .. c:lower() .. c:upper() .. "]" end)
  return (pattern:gsub("[^%w%[%]\128-\255]", "%%%0"))
end

--- A snippet of `text` around the first match of `word` (without case;
-- the text's start when it is not found, as a word matched only through
-- diacritics folding): a window of about SNIPPET_BYTES, on word
-- boundaries, with an ellipsis where text was left out.
function archive.text_snippet(text, word)
  local at = word and text:find(caseless(word)) or 1
  local first = math.max(1, at - math.floor(archive.SNIPPET_BYTES / 4))
  if first > 1 then first = text:find("[%s%p]", first) or first end
  local last = first + archive.SNIPPET_BYTES
  local out = archive.bound_snippet(text:sub(message_module.start_point(text, first), last))
  if first > 1 then out = ELLIPSIS .. out end
  if last < #text and out:sub(-#ELLIPSIS) ~= ELLIPSIS then out = out .. ELLIPSIS end
  return out
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
  -- raw length and reads, as validate_messages reads them
  for i = 1, util.rawlen(messages) do
    local message = rawget(messages, i)
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

--- Wrap a public archive method so that it never raises: what a caller's
-- value raises when read (a metatable) becomes ErrInvalidRequest carrying
-- the cause, after `cleanup(self)` (optional, under pcall) ran. Methods
-- return at most two values and take at most three arguments.
function archive.protect(where, method, cleanup)
  return function(self, a, b, c)
    local ok, value, second = pcall(method, self, a, b, c)
    if ok then return value, second end
    if cleanup then pcall(cleanup, self) end
    return nil, errors.new("invalid_request", where .. ": reading the arguments raised an error", { cause = value })
  end
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

-- The id of the archived original that the tool result `message` is a
-- cleared or cut copy of, when its placeholders name one and `target`
-- holds that id as a result of the same call in the same conversation: a
-- copy read back from a saved state is a new table the cache does not
-- know, and archiving it would store the placeholder as the message.
-- (Only tool results: the call id ties one to its original; a user or
-- assistant message quoting a placeholder is new text, archived.)
local function original_id(target, conversation_id, message)
  if type(message) ~= "table" or rawget(message, "role") ~= "tool_result"
      or type(rawget(message, "tool_call_id")) ~= "string" then
    return nil
  end
  local id = placeholders.recall_id(message_module.text(rawget(message, "content")))
  if not id then return nil end
  local ok, original, conversation = pcall(target.get, target, id)
  if not ok or type(original) ~= "table" then return nil end
  if conversation ~= conversation_id then return nil end -- (a host get that names no conversation proves nothing)
  local same_call = rawget(original, "role") == "tool_result"
    and rawget(original, "tool_call_id") == rawget(message, "tool_call_id")
  return same_call and id or nil
end

--- A tracker for one compaction: `tracker:store(messages)` archives the
-- messages not archived yet (`cache`, a weak map message -> id shared by
-- the compactions of one compactor, so a retried compaction does not
-- archive them twice; a cleared or cut copy restored from a saved state
-- names its original's id and is not archived again) and returns the id
-- of every message; `first` and `last` span the ids this compaction named.
function archive.tracker(target, conversation_id, cache)
  local tracker = {}
  function tracker.store(messages)
    local missing = {}
    for _, message in ipairs(messages) do
      if not cache[message] then
        local id = original_id(target, conversation_id, message)
        if id then cache[message] = id else missing[#missing + 1] = message end
      end
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
  --- Name `copy` (a message standing for an archived one: cleared, cut) by
  -- the original's `id`, so storing the copy later stores nothing.
  function tracker.alias(copy, id) cache[copy] = id end
  --- The kept list after a compaction: each copy of an archived original
  -- (`originals[first + i - 1]` for `kept[i]`) stands for the original's id.
  function tracker.alias_kept(kept, originals, first)
    for i = 1, #kept do
      local original = rawget(originals, first + i - 1)
      local id = original ~= nil and cache[original]
      if id and kept[i] ~= original then cache[kept[i]] = id end
    end
  end
  return tracker
end

--- The weak cache a compactor keeps for `archive.tracker`.
function archive.new_cache() return setmetatable({}, { __mode = "k" }) end

return archive
