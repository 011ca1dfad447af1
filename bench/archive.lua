-- bench/archive.lua: the archive at scale, and whether recall finds what a
-- summary dropped.
--
-- 1. Speed. The shared pi session is archived over and over (each copy's
--    text varied: about one word in eight replaced by another word of the
--    session, every number changed) into an SQLite archive file until it
--    holds ARCHIVE_MESSAGES messages (default 100 000), one put per copy
--    as a compaction would. After every put one search runs at once (the
--    first search after a put), then 500 more with 3-4 words taken from
--    random archived messages. Reports search p50/p99/max (target: p99 <=
--    5 ms) and, measured in the same run, an extractive compaction of the
--    session with and without an archive (the archive holding 0 and then
--    ARCHIVE_MESSAGES messages): archiving's share of the compaction's time
--    (target: <= 30 %).
-- 2. Quality. The session is compacted with the extractive summarizer into
--    a fresh archive; lines of the summarized messages that appear in no
--    other message (digits ignored, so tool boilerplate such as "N more
--    lines not shown" is no fact) and not in the summary are the dropped
--    facts, one per message. Each is
--    searched with 4 of its words (the 4 rarest in the conversation, and
--    separately its first 4 words of 3+ letters); a hit is the source
--    message in the top 5 (target: >= 90 % with the rarest words). The
--    same check runs on the held-out sessions of other agents in
--    $COMPACT_SESSIONS (default build/sessions/, filled by
--    scripts/fetch_sessions.sh; skipped with a note when empty), keeping
--    4 000 tokens, one line per session and the total.
--
-- A missed target prints FAIL (exit 1 only with STRICT=1). Times are CPU
-- time (os.clock), wall time (luasocket) is shown beside search latency.
--   lua bench/archive.lua [SESSION.jsonl]          (make bench runs it)
--   ARCHIVE_MESSAGES=20000 lua bench/archive.lua   a quicker run
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("LUA_CPATH") and "" or "./build/?.so;") .. package.cpath

local compact = require "compact"
local common = require "compact.archive_common"
local unpack = table.unpack or unpack -- luacheck: ignore 143
local lcg = require "spec.support.lcg"

local SHARED = os.getenv("COMPACT_SHARED") or "../shared"
local SESSION = arg[1] or (SHARED .. "/data/pi-large-session.jsonl")
local TOTAL = tonumber(os.getenv("ARCHIVE_MESSAGES")) or 100000
local DB = os.getenv("ARCHIVE_DB") or "build/bench-archive.db"
local P99_TARGET_MS, OVERHEAD_TARGET, HIT_TARGET = 5, 0.30, 0.90

-- CPU time decides (the machine may be shared); wall time is shown too
local ok_socket, socket = pcall(require, "socket")
local wall = ok_socket and socket.gettime or os.clock
local now = os.clock

if not pcall(require, "compact.sqlite") then
  print("bench/archive.lua: skipped, compact.sqlite is not built (no libsqlite3 or -DCOMPACT_SQLITE=OFF)")
  return
end
local source = io.open(SESSION, "rb")
if not source then
  print("bench/archive.lua: skipped, no session at " .. SESSION .. " (set COMPACT_SHARED or pass a path)")
  return
end
source:close()

local conversation = assert(compact.importers.load(SESSION))
local session = conversation.messages
local failed = false

local function percentile(list, p)
  local sorted = {}
  for i, v in ipairs(list) do sorted[i] = v end
  table.sort(sorted)
  return sorted[math.max(1, math.ceil(#sorted * p))]
end

local function median(list) return percentile(list, 0.5) end

-- ---- realistic variation -------------------------------------------------

local vocabulary, seen_words = {}, {}
for _, message in ipairs(session) do
  for word in common.message_text(message):gmatch("%a%a%a+") do
    if not seen_words[word] then seen_words[word] = true; vocabulary[#vocabulary + 1] = word end
  end
end
table.sort(vocabulary)

local random = lcg(7)

local function vary_text(text)
  text = text:gsub("%a%a%a+", function(word)
    if random(8) == 0 then return vocabulary[random(#vocabulary) + 1] end
    return word
  end)
  return (text:gsub("%d", function() return tostring(random(10)) end))
end

local function vary(message)
  local copy = {}
  for k, v in pairs(message) do copy[k] = v end
  if type(message.content) == "string" then
    copy.content = vary_text(message.content)
  elseif type(message.content) == "table" then
    local blocks = {}
    for i, block in ipairs(message.content) do
      if block.type == "text" and type(block.text) == "string" then
        local b = {}
        for k, v in pairs(block) do b[k] = v end
        b.text = vary_text(block.text)
        blocks[i] = b
      else
        blocks[i] = block
      end
    end
    copy.content = blocks
  end
  return copy
end

-- ---- 1. speed ---------------------------------------------------------------

-- Median times of an extractive compaction of the session, and of
-- archiving what it summarizes (a put of those messages into `archive`),
-- taking turns so both see the same machine. Returns compaction, archiving
-- and how many messages were archived.
local compaction_runs = 0
local function compaction_and_archiving(archive, runs)
  local compactor = assert(compact.new { summarizer = compact.extractive_summarizer(), keep_recent_tokens = 20000 })
  local plan = assert(compactor:plan { messages = session, require_reduction = true })
  local summarized = {}
  for _, list in ipairs { plan.messages_to_summarize, plan.turn_prefix_messages } do
    for _, m in ipairs(list) do summarized[#summarized + 1] = m end
  end
  local compactions, puts = {}, {}
  for run = 1, runs do
    compaction_runs = compaction_runs + 1
    local start = now()
    assert(compactor:compact { messages = session, require_reduction = true })
    compactions[run] = now() - start
    start = now()
    assert(archive:put("compaction-" .. compaction_runs, summarized))
    puts[run] = now() - start
  end
  return median(compactions), median(puts), runs * #summarized
end

local function random_query(texts)
  for _ = 1, 50 do
    local text = texts[random(#texts) + 1]
    local words = {}
    for word in text:gmatch("%a%a%a+") do words[#words + 1] = word end
    if #words >= 4 then
      local count, first = 3 + random(2), random(#words - 3) + 1
      local picked = {}
      for i = first, math.min(#words, first + count - 1) do picked[#picked + 1] = words[i] end
      return table.concat(picked, " ")
    end
  end
  return "error timeout"
end

os.remove(DB); os.remove(DB .. "-wal"); os.remove(DB .. "-shm")
local archive = assert(compact.archive.open(DB))

-- warm up, then compaction and archiving on an empty archive
compaction_and_archiving(assert(compact.archive.open(":memory:")), 1)
local plain_empty, put_empty, archived = compaction_and_archiving(archive, 5)

local texts, put_times, first_search, searches, walls = {}, {}, {}, {}, {}
for _, message in ipairs(session) do texts[#texts + 1] = common.message_text(message) end
local started = now()
local copy = 0
while archived < TOTAL do
  copy = copy + 1
  local batch = {}
  for i = 1, math.min(#session, TOTAL - archived) do batch[i] = vary(session[i]) end
  local start = now()
  assert(archive:put("fill", batch))
  put_times[#put_times + 1] = now() - start
  archived = archived + #batch
  local query = random_query(texts)
  local start_wall = wall()
  start = now()
  assert(archive:search("fill", query))
  local t = now() - start
  first_search[#first_search + 1], searches[#searches + 1] = t, t
  walls[#walls + 1] = wall() - start_wall
  if copy % 20 == 0 then texts[#texts + 1] = common.message_text(batch[1]) end
end
local fill_seconds = now() - started
for _ = 1, 500 do
  local query = random_query(texts)
  local start, start_wall = now(), wall()
  assert(archive:search("fill", query))
  searches[#searches + 1] = now() - start
  walls[#walls + 1] = wall() - start_wall
end
local plain_full, put_full, more = compaction_and_archiving(archive, 3)
archived = archived + more
archive:close()

local function ms(seconds) return string.format("%.2f ms", seconds * 1000) end
print(string.format("bench/archive.lua: %s (%d messages), archive %s (SQLite %s); times are CPU time (os.clock)",
  SESSION, #session, DB, require("compact.sqlite").version()))
print(string.format("  archived %d messages in %.1f s (%d puts of up to %d messages, put median %s)", archived,
  fill_seconds, #put_times, #session, ms(median(put_times))))
local p99 = percentile(searches, 0.99)
print(string.format("  search (%d queries of 3-4 words): p50 %s, p99 %s, max %s; first after a put: p99 %s (%d); "
  .. "wall time p50 %s, p99 %s", #searches, ms(median(searches)), ms(p99), ms(percentile(searches, 1)),
  ms(percentile(first_search, 0.99)), #first_search, ms(median(walls)), ms(percentile(walls, 0.99))))
local empty_ratio, full_ratio = put_empty / plain_empty, put_full / plain_full
print(string.format("  extractive compaction of the session: %s; archiving what it summarizes: %s (%.0f %%) into an "
  .. "empty archive, %s (%.0f %%) into one of %d messages", ms(plain_empty), ms(put_empty), empty_ratio * 100,
  ms(put_full), full_ratio * 100, archived))
if p99 > P99_TARGET_MS / 1000 then
  print(string.format("  FAIL: search p99 %s > %d ms", ms(p99), P99_TARGET_MS)); failed = true
end
if math.max(empty_ratio, full_ratio) > OVERHEAD_TARGET then
  print(string.format("  FAIL: archiving adds more than %d %% to a compaction", OVERHEAD_TARGET * 100)); failed = true
end

-- ---- 2. quality -------------------------------------------------------------

local function normalized(text) return (text:lower():gsub("%s+", " ")) end

-- The share of `facts` whose source message a search with 4 of its words
-- (`pick(unique_words)`) puts in the top 5, and up to 3 misses.
local function hit_rate(target, facts, pick)
  local hits, misses = 0, {}
  for _, fact in ipairs(facts) do
    local query = pick(fact.words)
    local found = false
    for _, hit in ipairs(assert(target:search("quality", query, { limit = 5 }))) do
      if hit.id == fact.id then found = true end
    end
    if found then hits = hits + 1
    elseif #misses < 3 then misses[#misses + 1] = query .. "  <- " .. fact.line:sub(1, 80) end
  end
  return hits / math.max(1, #facts), misses
end

-- One fact per summarized message: a line of 6+ words found in no other
-- message (`key` makes the comparison) and not in the summary.
local function select_facts(lines, summary, key)
  local count, facts, taken = {}, {}, {}
  for _, line in ipairs(lines) do
    local k = key(line.text)
    if not line.seen[k] then line.seen[k] = true; count[k] = (count[k] or 0) + 1 end
  end
  for _, line in ipairs(lines) do
    local words, seen = {}, {}
    for word in line.text:gmatch("%a%a%a+") do
      if not seen[word] then seen[word] = true; words[#words + 1] = word end
    end
    if #words >= 6 and count[key(line.text)] == 1 and not taken[line.id] and not summary:find(line.text, 1, true) then
      taken[line.id] = true
      facts[#facts + 1] = { id = line.id, line = line.text, words = words }
    end
  end
  return facts
end

-- The quality check on `messages` (compacted keeping `keep` tokens):
-- returns the hit rates (rarest words, first words), the number of facts,
-- and prints a line (with up to 3 misses unless `quiet`).
local function quality(name, make_archive, messages, keep, quiet)
  local target = make_archive()
  local compactor = assert(compact.new { summarizer = compact.extractive_summarizer(), keep_recent_tokens = keep,
    archive = target, conversation_id = "quality" })
  local result, compact_err = compactor:compact { messages = messages, require_reduction = true }
  if not result then
    print("  recall quality (" .. name .. "): skipped, " .. tostring(compact_err))
    return nil
  end
  local summary = normalized(result.summary)
  local first, last = result.record.archived.first_id, result.record.archived.last_id
  local lines, df = {}, {}
  for id = first, last do
    local text = common.message_text(assert(target:get(id)))
    local words_here = {}
    for word in text:lower():gmatch("[%w_]+") do words_here[word] = true end
    for word in pairs(words_here) do df[word] = (df[word] or 0) + 1 end
    local seen_exact, seen_digits = {}, {}
    for line in text:gmatch("[^\n]+") do
      local clean = normalized(line):gsub("^ ", ""):gsub(" $", "")
      lines[#lines + 1] = { id = id, text = clean, seen = {} }
      lines[#lines].seen_exact, lines[#lines].seen_digits = seen_exact, seen_digits
    end
  end
  local function rarest(words)
    local sorted = { unpack(words) }
    table.sort(sorted, function(a, b)
      if (df[a] or 0) ~= (df[b] or 0) then return (df[a] or 0) < (df[b] or 0) end
      return a < b
    end)
    return table.concat({ unpack(sorted, 1, 4) }, " ")
  end
  local function first4(words) return table.concat({ unpack(words, 1, 4) }, " ") end
  local function per_message(key) return function(text) return key(text) end end
  -- digits ignored: tool boilerplate ("N more lines not shown") is no fact
  for _, line in ipairs(lines) do line.seen = line.seen_digits end
  local facts = select_facts(lines, summary, per_message(function(t) return (t:gsub("%d+", "0")) end))
  for _, line in ipairs(lines) do line.seen = line.seen_exact end
  local exact = select_facts(lines, summary, per_message(function(t) return t end))
  local rate, misses = hit_rate(target, facts, rarest)
  local rate_first = hit_rate(target, facts, first4)
  local rate_exact = hit_rate(target, exact, rarest)
  target:close()
  print(string.format("  recall quality (%s): %d dropped facts from %d summarized messages; source in the top 5 with "
    .. "the 4 rarest words %.1f %%, with the first 4 words %.1f %%; counting lines that differ only in digits "
    .. "as facts too (%d): %.1f %%", name, #facts, last - first + 1, rate * 100, rate_first * 100, #exact,
    rate_exact * 100))
  if not quiet then
    for _, miss in ipairs(misses) do print("    missed: " .. miss) end
  end
  return rate, rate_first, #facts
end

local function gate(name, rate)
  if rate and rate < HIT_TARGET then
    print(string.format("  FAIL: %s recall hit rate %.1f %% < %d %%", name, rate * 100, HIT_TARGET * 100))
    failed = true
  end
end

local function sqlite_archive() return assert(compact.archive.open(":memory:")) end
gate("SQLite", quality("SQLite", sqlite_archive, session, 20000))
gate("memory", quality("memory", compact.archive.memory, session, 20000))

-- Held out: the other agents' sessions scripts/fetch_sessions.sh gathers
-- (Claude Code, Codex), not looked at while the search was tuned.
local SESSIONS = os.getenv("COMPACT_SESSIONS") or "build/sessions"
local listing = io.popen('ls "' .. SESSIONS .. '" 2>/dev/null')
local names = {}
for name in (listing and listing:read("*a") or ""):gmatch("[^\n]+") do
  if name:match("%.jsonl?$") and not SESSION:find(name, 1, true) then names[#names + 1] = name end
end
if listing then listing:close() end
table.sort(names)
if #names == 0 then
  print("  held-out sessions: skipped, none in " .. SESSIONS .. " (scripts/fetch_sessions.sh fills it)")
else
  local hits, firsts, total, used = 0, 0, 0, 0
  for _, name in ipairs(names) do
    local held = compact.importers.load(SESSIONS .. "/" .. name)
    if held and #held.messages >= 40 then
      local rate, rate_first, count = quality(name, sqlite_archive, held.messages, 4000, true)
      if rate and count > 0 then
        hits, firsts, total, used = hits + rate * count, firsts + rate_first * count, total + count, used + 1
      end
    end
  end
  local overall = hits / math.max(1, total)
  print(string.format("  held-out sessions: %d of %d, %d facts: source in the top 5 with the 4 rarest words %.1f %%, "
    .. "with the first 4 words %.1f %%", used, #names, total, overall * 100, firsts / math.max(1, total) * 100))
  gate("held-out", total > 0 and overall or nil)
end

if not os.getenv("ARCHIVE_KEEP") then os.remove(DB); os.remove(DB .. "-wal"); os.remove(DB .. "-shm") end
-- A figure below target is a measurement, printed above; only STRICT=1
-- makes it the exit status (so make bench goes on to the other benches).
if failed and os.getenv("STRICT") == "1" then os.exit(1) end
if failed then print("bench/archive.lua: below target (see above); STRICT=1 makes this the exit status") end
