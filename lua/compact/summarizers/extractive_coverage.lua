--- Choosing what fits by what it adds: each candidate line of the
-- extractive note is worth the words it says that nothing chosen before
-- says, and the lines are taken best value per byte first.
--
-- This is budgeted maximum coverage (greedy, as in Lin and Bilmes' work
-- on extractive summaries): a line that repeats what the goal or another
-- line already says is worth little, however recent, and a short line
-- that names a new file, error or number is worth its few bytes. Each
-- item has forms of growing length (brief, middle, full); taking a longer
-- form costs only the bytes it adds.
-- @module compact.summarizers.extractive_coverage

local coverage = {}

-- Words that say nothing on their own (of three letters or more; shorter
-- ones are left out unless they hold a digit).
local STOP = {}
for word in ([[the and for are but not you your yours our ours all any can had has have her his how its
  let may nor now off one out own per she than that the them then there these they this those too two
  via was way were what when where which while who whom why will with would yes yet about above after
  again against also because been before being below between both could did does doing done down during
  each few from further here into just more most much must need needs only other over same should some
  such their theirs through under until very want wants what whats whom also still like make made get got
  it's i'm i've i'll don't can't won't didn't doesn't isn't there's that's let's okay sure please thanks
  thank now then well good fine great nice really actually maybe think know see look looks use used using
  going go gone something anything everything nothing thing things way lot bit]]):gmatch("%S+") do
  STOP[word] = true
end

-- The terms of `text` with their weights: a word is worth 1, an
-- identifier (a digit, an underscore, a dot or slash inside, or a capital
-- after a small letter) 2. UTF-8 letters count as letters.
local function terms(text, out)
  out = out or {}
  for token in text:gmatch("[%w_%.%-/\128-\255]+") do
    -- the token whole (a path, `line_or_1024`) and its words
    local whole = token:gsub("^[%.%-/]+", ""):gsub("[%.%-/]+$", "")
    local code = whole:find("[%d_]") or whole:find("%w[%./]%w") or whole:find("%l%u")
    if code and #whole >= 2 then out[whole:lower()] = 2 end
    for word in whole:gmatch("[%w\128-\255]+") do
      local lower = word:lower()
      if not out[lower] and not STOP[lower] and (#lower >= 3 or lower:find("%d")) then
        out[lower] = lower:find("%d") and 2 or 1
      end
    end
  end
  return out
end
coverage.terms = terms

--- A queue for a lazy greedy choice: entries (tables with `ratio`, the
-- value per byte when pushed) come out best first, ties in the order
-- they were first pushed. `run(rescore, accept)` takes the best entry,
-- rescores it (`rescore(entry)`: its ratio now, or nil to drop it) and
-- accepts it when it is still the best, else pushes it back. That is
-- exact where ratios only fall as entries are taken (what a stale ratio
-- says is then an upper bound); `accept` may push new entries.
-- @treturn table with `push(entry)` and `run(rescore, accept)`
function coverage.lazy_queue()
  -- (the count is kept, not taken with `#`: LuaJIT's traces were seen to
  -- read a stale length of a table shrinking in the loop)
  local heap, count, pushed = {}, 0, 0
  local function above(x, y) return x.ratio > y.ratio or (x.ratio == y.ratio and x.seq < y.seq) end
  local queue = {}
  function queue.push(entry)
    if not entry.seq then pushed = pushed + 1; entry.seq = pushed end
    count = count + 1
    heap[count] = entry
    local i = count
    while i > 1 do
      local parent = math.floor(i / 2)
      if not above(heap[i], heap[parent]) then break end
      heap[parent], heap[i] = heap[i], heap[parent]
      i = parent
    end
  end
  local function pop()
    local top, last = heap[1], heap[count]
    heap[count] = nil
    count = count - 1
    if count > 0 then
      heap[1] = last
      local i = 1
      while true do
        local left, right, best = 2 * i, 2 * i + 1, i
        if left <= count and above(heap[left], heap[best]) then best = left end
        if right <= count and above(heap[right], heap[best]) then best = right end
        if best == i then break end
        heap[best], heap[i] = heap[i], heap[best]
        i = best
      end
    end
    return top
  end
  function queue.run(rescore, accept)
    while count > 0 do
      local entry = pop()
      local r = rescore(entry)
      if r then
        entry.ratio = r
        if count == 0 or not above(heap[1], entry) then accept(entry) else queue.push(entry) end
      end
    end
  end
  return queue
end

--- A chooser; texts' terms are computed once and reused across its calls.
-- @treturn table with `covered(texts)` and `choose(items, budget, covered, size, accept)`
function coverage.new()
  local cache = {}
  local function terms_of(text)
    local known = cache[text]
    if not known then known = terms(text); cache[text] = known end
    return known
  end
  local chooser = {}

  --- The terms of `texts` (a list), as a set to start from.
  function chooser.covered(texts)
    local set = {}
    for _, text in ipairs(texts) do
      for term in pairs(terms_of(text)) do set[term] = true end
    end
    return set
  end

  -- a term's worth in thousandths: its weight, more for one few items say
  -- than for one most say (whole numbers, so a sum is the same in any
  -- order of `pairs`, and so is the note)
  local worth = {}
  local function gain(text, covered)
    local sum = 0
    for term, weight in pairs(terms_of(text)) do
      if not covered[term] then sum = sum + (worth[term] or weight * 1000) end
    end
    return sum
  end

  --- Choose forms of `items` within `budget` bytes. Each item has
  -- `weight` and `forms` (texts, shortest first); `size(item, text)` is
  -- the bytes taking `text` adds (the item's current `text` counted);
  -- `accept(item, text)` records the choice. `covered` is updated. A word
  -- is worth more the fewer items say it. Returns the bytes used.
  function chooser.choose(items, budget, covered, size, accept)
    local version, used = {}, 0
    local queue = coverage.lazy_queue()
    -- the value per byte of taking `text` for `item` now (nil: nothing to gain)
    local function ratio(item, text)
      if item.text and #text <= #item.text then return nil end
      local cost = size(item, text)
      if cost <= 0 then return nil end
      local value = item.weight * gain(text, covered)
      if value <= 0 then return nil end
      return value / cost
    end
    local function offer(item)
      version[item] = (version[item] or 0) + 1
      for _, text in ipairs(item.forms) do
        local r = ratio(item, text)
        if r then queue.push({ item = item, text = text, ratio = r, version = version[item] }) end
      end
    end
    local items_saying, weights = {}, {}
    for _, item in ipairs(items) do
      for term, weight in pairs(terms_of(item.forms[#item.forms] or "")) do
        -- (the larger weight: the same whatever the items' order)
        items_saying[term], weights[term] = (items_saying[term] or 0) + 1, math.max(weights[term] or 0, weight)
      end
    end
    worth = {}
    for term, count in pairs(items_saying) do
      worth[term] = math.floor(weights[term] * (1 + math.log((#items + 1) / count)) * 1000 + 0.5)
    end
    for _, item in ipairs(items) do offer(item) end
    -- (a stale entry, one that no longer fits or gains nothing, is dropped)
    queue.run(function(entry)
      if entry.version ~= version[entry.item] then return nil end
      local r = ratio(entry.item, entry.text)
      return r and used + size(entry.item, entry.text) <= budget and r or nil
    end, function(entry)
      used = used + size(entry.item, entry.text)
      accept(entry.item, entry.text)
      for term in pairs(terms_of(entry.text)) do covered[term] = true end
      offer(entry.item) -- its longer forms now cost less
    end)
    return used
  end

  return chooser
end

return coverage
