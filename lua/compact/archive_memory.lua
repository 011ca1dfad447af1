--- The in-memory archive, `compact.archive.memory()`: pure Lua, the same
-- methods and semantics as the SQLite archive (compact.archive), for hosts
-- without SQLite and for tests. An inverted index per conversation ranks
-- the messages holding every word first, then by bm25 (k1 = 1.2, b = 0.75),
-- like the SQLite archive (which also ranks among its newest matches only).
--
-- Words are runs of letters and digits: ASCII is matched without case,
-- other characters as they are (no diacritics folding, unlike SQLite).
-- @module compact.archive_memory

local errors = require "compact.errors"

local memory = {}

local K1, B = 1.2, 0.75

local MemoryArchive = { __name = "compact.archive.MemoryArchive" }
MemoryArchive.__index = MemoryArchive
MemoryArchive.__tostring = function(self)
  return "compact.archive.MemoryArchive(" .. (self.closed and "closed" or #self.bodies .. " messages") .. ")"
end
MemoryArchive.__close = function(self) self:close() end

-- The index's tokens of a text: lower-case ASCII letters and digits, and
-- bytes >= 0x80 (UTF-8 letters), as in SQLite's unicode61 for most text.
local TOKEN = "[%w\128-\255]+"

local function tokens_of(text)
  local list = {}
  for token in text:gmatch(TOKEN) do list[#list + 1] = token:lower() end
  return list
end

--- Create an empty archive. `policy` is compact.archive_common (passed in to
-- avoid a require cycle).
function memory.new(policy)
  return setmetatable({
    policy = policy,
    bodies = {}, roles = {}, texts = {}, conversation_of = {}, positions = {},
    by_conversation = {}, order = {},
  }, MemoryArchive)
end

local function conversation(self, id)
  local c = self.by_conversation[id]
  if not c then
    c = { postings = {}, lengths = {}, count = 0, total = 0 }
    self.by_conversation[id] = c
    self.order[#self.order + 1] = id
  end
  return c
end

local function closed_error(where)
  return nil, errors.new("archive", where .. ": the archive is closed")
end

local function index(c, id, text)
  local tokens = tokens_of(text)
  local counts = {}
  for _, token in ipairs(tokens) do counts[token] = (counts[token] or 0) + 1 end
  local postings = c.postings
  for token, tf in pairs(counts) do
    local list = postings[token]
    if not list then
      list = { ids = {}, tfs = {} }
      postings[token] = list
    end
    local n = #list.ids + 1
    list.ids[n], list.tfs[n] = id, tf
  end
  c.lengths[id] = #tokens
  c.count = c.count + 1
  c.total = c.total + #tokens
end

--- Archive `messages` under `conversation_id`: their ids in order, or nil, err.
function MemoryArchive:put(conversation_id, messages)
  local where = "archive:put"
  if self.closed then return closed_error(where) end
  local policy = self.policy
  local _, err = policy.check_conversation(where, conversation_id)
  if err then return nil, err end
  local rows
  rows, err = policy.encode_messages(where, messages)
  if not rows then return nil, err end
  local c = conversation(self, conversation_id)
  local ids = {}
  for i, row in ipairs(rows) do
    local id = #self.bodies + 1
    c.position = (c.position or 0) + 1
    self.bodies[id], self.roles[id], self.texts[id] = row.body, row.role, row.text
    self.conversation_of[id], self.positions[id] = conversation_id, c.position
    index(c, id, row.text)
    ids[i] = id
  end
  return ids
end

-- The snippet of `text` for the query tokens `wanted` (a set): the window
-- of SNIPPET_TOKENS tokens holding the most distinct query tokens (the
-- first such window), with an ellipsis where text was left out.
local function snippet(policy, text, wanted)
  local starts, stops, hits = {}, {}, {}
  for first, token, last in text:gmatch("()(" .. TOKEN .. ")()") do
    local n = #starts + 1
    starts[n], stops[n] = first, last - 1
    hits[n] = wanted[token:lower()] and token:lower() or false
  end
  local size = policy.SNIPPET_TOKENS
  if #starts == 0 then return "" end
  local best, best_count = 1, -1
  for i = 1, math.max(1, #starts - size + 1) do
    if hits[i] or i == 1 then
      local seen, count = {}, 0
      for j = i, math.min(#starts, i + size - 1) do
        local hit = hits[j]
        if hit and not seen[hit] then seen[hit] = true; count = count + 1 end
      end
      if count > best_count then best, best_count = i, count end
    end
  end
  local last = math.min(#starts, best + size - 1)
  local out = text:sub(best == 1 and 1 or starts[best], last == #starts and #text or stops[last])
  if best > 1 then out = policy.ELLIPSIS .. out end
  if last < #starts then out = out .. policy.ELLIPSIS end
  return policy.bound_snippet(out)
end

--- Search `conversation_id` for `query`: hits best first, or nil, err.
function MemoryArchive:search(conversation_id, query, opts)
  local where = "archive:search"
  if self.closed then return closed_error(where) end
  local policy = self.policy
  local _, limit, err
  _, err = policy.check_conversation(where, conversation_id)
  if err then return nil, err end
  limit, err = policy.check_search(where, query, opts)
  if not limit then return nil, err end
  local c = self.by_conversation[conversation_id]
  if not c or c.count == 0 then return {} end
  local wanted, terms = {}, {}
  for _, word in ipairs(policy.query_words(query)) do
    for _, token in ipairs(tokens_of(word)) do
      if not wanted[token] then wanted[token] = true; terms[#terms + 1] = token end
    end
  end
  local scores, found, matched = {}, {}, {}
  local n, average = c.count, c.total / c.count
  for _, term in ipairs(terms) do
    local list = c.postings[term]
    if list then
      local df = #list.ids
      local idf = math.log((n - df + 0.5) / (df + 0.5) + 1)
      for k, id in ipairs(list.ids) do
        local tf = list.tfs[k]
        local norm = K1 * (1 - B + B * c.lengths[id] / average)
        if not scores[id] then found[#found + 1] = id end
        scores[id] = (scores[id] or 0) + idf * tf * (K1 + 1) / (tf + norm)
        matched[id] = (matched[id] or 0) + 1
      end
    end
  end
  -- messages with every word first (as the SQLite archive), then by bm25
  local all = #terms
  table.sort(found, function(a, b)
    local full_a, full_b = matched[a] == all, matched[b] == all
    if full_a ~= full_b then return full_a end
    if scores[a] ~= scores[b] then return scores[a] > scores[b] end
    return a < b
  end)
  local hits = {}
  for i = 1, math.min(limit, #found) do
    local id = found[i]
    hits[i] = { id = id, role = self.roles[id], index = self.positions[id],
      snippet = snippet(policy, self.texts[id], wanted), score = scores[id] }
  end
  return hits
end

--- The original message archived under `id` and its conversation id, or nil, err.
function MemoryArchive:get(id)
  local where = "archive:get"
  if self.closed then return closed_error(where) end
  local _, err = self.policy.check_id(where, id)
  if err then return nil, err end
  local body = self.bodies[id]
  if not body then return nil, errors.invalid_request(where .. ": no archived message #" .. id) end
  local message
  message, err = self.policy.decode_body(where, body)
  if not message then return nil, err end
  return message, self.conversation_of[id]
end

--- The conversations, oldest first: `{ { id =, count = }, ... }`.
function MemoryArchive:conversations()
  if self.closed then return closed_error("archive:conversations") end
  local out = {}
  for i, id in ipairs(self.order) do out[i] = { id = id, count = self.by_conversation[id].count } end
  return out
end

--- Close: later calls fail; closing twice is a no-op.
function MemoryArchive:close()
  if not self.closed then
    self.closed = true
    self.bodies, self.texts, self.by_conversation = {}, {}, {}
  end
  return true
end

memory.MemoryArchive = MemoryArchive

return memory
