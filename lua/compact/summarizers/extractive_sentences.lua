--- Sentences for the extractive summarizer: one-line flattening, cuts at
-- word boundaries, the sentences of a reply (a short fenced command kept
-- as inline code, list numbers ending none) and shortening to whole
-- sentences, part by part for a reply parted by headings.
-- @module compact.summarizers.extractive_sentences

local cut_point = require("compact.message").cut_point
local coverage = require("compact.summarizers.extractive_coverage")
local terms = coverage.terms

local text = {}

--- One line: white space runs become single spaces, trimmed.
function text.flatten(s)
  return (s:gsub("%s+", " "):match("^ ?(.-) ?$"))
end

--- How many words `s` has: its runs of ASCII letters, plus one for every
-- two CJK characters (Chinese, Japanese and Korean write words without
-- spaces: "是不是沒有新加到" is a request, not one word).
function text.word_count(s)
  local words = select(2, s:gsub("%a+", ""))
  -- lead bytes of U+3040..U+9FFF (kana, CJK ideographs) and U+AC00..U+D7FF (Hangul)
  local cjk = select(2, s:gsub("[\227-\237][\128-\191][\128-\191]", ""))
  -- (not the CJK punctuation of U+3000..U+303F: "。", "、", "「」" are no words)
  local marks = select(2, s:gsub("\227\128[\128-\191]", ""))
  return words + math.floor((cjk - marks) / 2)
end

--- Cut `s` to at most `limit` bytes at a word boundary (never inside a
-- UTF-8 sequence), ending with "..." when something was cut.
function text.cut_words(s, limit)
  if #s <= limit then return s end
  if limit <= 3 then return ("..."):sub(1, limit) end
  local stop = cut_point(s, limit - 3)
  local space = s:sub(1, stop):match("^.*()%s")
  if space and space > stop / 2 then
    stop = space - 1
  elseif s:sub(stop + 1, stop + 1):find("%S") then
    -- never end inside a path: drop the whole word when it is one
    local word_start = (space or 0) + 1
    local word = s:sub(word_start, stop + (s:sub(stop + 1):find("%s") or (#s - stop + 1)) - 1)
    -- (a JSON blob with a "/" in a value is no path: it is cut inside)
    if word:find("[/\\]") and not word:find("[\"{}]") and word_start > 1 then stop = word_start - 2 end
  end
  return (s:sub(1, stop):gsub("[%s,;:]+$", "")) .. "..."
end

-- The level of a line that heads a part of a structured reply (nil: no
-- heading): a Markdown heading by its marks, a numbered upper-case or
-- bold title ("2. CONFIG FILES", "1. **Code Flow:**") under those, a bold
-- line last.
local function heading_level(line)
  local marks = line:match("^%s*(#+)%s+%S")
  if marks then return #marks end
  if line:match("^%s*%d+%.%s+%u[%u%d%s&/%-%.]+:?%s*$") or line:match("^%s*%d+%.%s+%*%*[^%*]+%*%*:?%s*$") then
    return 3.5
  end
  if line:match("^%s*%*%*[^%*]+%*%*:?%s*$") then return 5 end
  return nil
end

-- The level whose headings (with those above it) part a reply: the
-- highest one with three or more such headings (nil: none).
local function parting_level(s)
  local counts, levels = {}, {}
  for line in (s .. "\n"):gmatch("(.-)\r?\n") do
    local level = heading_level(line)
    if level then
      if not counts[level] then levels[#levels + 1] = level end
      counts[level] = (counts[level] or 0) + 1
    end
  end
  table.sort(levels)
  local total = 0
  for _, level in ipairs(levels) do
    total = total + counts[level]
    if total >= 3 then return level end
  end
  return nil
end

-- A line that only draws: a rule (`---`, `***`, `===`) or a table's
-- separator row (`|---|:---:|`).
local function draws_only(line)
  return line:match("^%s*[%-%*_=]+%s*$") and #line:gsub("%s", "") >= 3
    or line:find("|", 1, true) and line:find("-", 1, true) and line:match("^[%s|:%-]+$")
end

-- A Markdown link as the words it shows: a local target by its path (the
-- label is mostly its tail: `[page.tsx](app/page.tsx#L12)` says
-- `app/page.tsx#L12` once), a label that is not the target's tail
-- before it ("the config (config.ts)"), a web address whole.
local function unlink(label, target)
  if label == target then return target end
  local plain_label = label:gsub("`", "")
  if not target:find("^%a[%w+.-]*://") or target:find("^file://") then
    target = target:gsub("^file://", "")
    local path = target:gsub("#L%d+.*$", ""):gsub(":%d+[:%d]*$", "")
    if plain_label ~= "" and (target:sub(-#plain_label) == plain_label or path:sub(-#plain_label) == plain_label) then
      return target
    end
  end
  return label .. " (" .. target .. ")"
end

--- `s` with its Markdown links as the words they show (a local target once,
-- by its path; see `unlink`).
function text.unlink(s)
  return (s:gsub("%[([^%]\n]-)%]%(([^%s%)]+)%)", unlink))
end

--- The sentences of `s`, in order: every non-blank line is split after
-- ".", "!" or "?" followed by white space. Markdown heading marks are
-- dropped, and so are lines that only draw (rules, a table's separator
-- row); links show their words once (`text.unlink`); a fenced block of
-- one or two short lines (a command to run) is one sentence of inline
-- code, longer blocks are dropped. The second result gives each
-- sentence's part: the number of headings before it (at the levels that
-- part the text in three or more, `parting_level`). The lists are the
-- caller's to read, not to change: the last text's are kept and given
-- again (one note splits its last reply for each size it tries).
local last_text, last_units, last_parts
local split_sentences
function text.sentences(s)
  if s == last_text then return last_units, last_parts end
  local units, parts = split_sentences(s)
  last_text, last_units, last_parts = s, units, parts
  return units, parts
end

function split_sentences(s)
  local out, parts, part = {}, {}, 0
  local fence
  local parting = parting_level(s)
  for line in (s .. "\n"):gmatch("(.-)\r?\n") do
    if line:match("^%s*```") then
      if fence and #fence > 0 and #fence <= 2 and #table.concat(fence, "; ") <= 100 then
        out[#out + 1], parts[#out + 1] = "`" .. table.concat(fence, "; "):gsub("`", "'") .. "`", part
      end
      fence = not fence and {} or nil
    elseif fence then
      if line:find("%S") then fence[#fence + 1] = text.flatten(line) end
    elseif line:find("%S") and not draws_only(line) then
      line = text.unlink(line)
      local level = heading_level(line)
      local heading = level ~= nil and parting ~= nil and level <= parting
      if heading then part = part + 1 end
      line = text.flatten(line:gsub("^%s*#+%s*", ""))
      local start = 1
      for stop in line:gmatch("[%.!?][\"')%]]*()%s") do
        -- "1. User runs it": a list item's number ends no sentence
        local sentence = line:sub(start, stop - 1)
        -- (bold too: "**1. New section**")
        if not (sentence:match("^[%*_]*%d%d?%.$") or sentence:match("[:%s][%*_]*%d%d?%.$")) then
          out[#out + 1], parts[#out + 1] = sentence, part
          start = stop + 1
        end
      end
      if start <= #line then out[#out + 1], parts[#out + 1] = line:sub(start), part end
      -- a heading leads its part's first sentence: alone it says little
      if heading then parts.heads = parts.heads or {}; parts.heads[#out] = true end
    end
  end
  return out, parts
end

-- A long reply in parts (three headings or more): the start of every part
-- before the rest of any, part by part, so a report's later sections are
-- not all lost to its first one. Returns the kept sentences in order.
local function outline(sentences, parts, limit)
  -- a heading and the sentence after it are one unit
  local units, unit_parts, heads = {}, {}, parts.heads or {}
  for i, sentence in ipairs(sentences) do
    local n = #units
    if n > 0 and heads[i - 1] and unit_parts[n] == parts[i] then
      units[n] = units[n] .. " " .. sentence
    else
      units[n + 1], unit_parts[n + 1] = sentence, parts[i]
    end
  end
  parts = unit_parts
  local by_part, order = {}, {}
  for i in ipairs(units) do
    local list = by_part[parts[i]]
    if not list then
      list = {}
      by_part[parts[i]] = list
      order[#order + 1] = parts[i]
    end
    list[#list + 1] = i
  end
  local kept, used, deepest, closed = {}, -1, 0, {}
  for _, part in ipairs(order) do deepest = math.max(deepest, #by_part[part]) end
  for depth = 1, deepest do
    for _, part in ipairs(order) do
      local i = by_part[part][depth]
      -- a part stops at its first sentence that does not fit: what is kept of it reads on
      if i and not closed[part] then
        if used + 1 + #units[i] <= limit then
          kept[#kept + 1], used = i, used + 1 + #units[i]
        else
          closed[part] = true
        end
      end
    end
  end
  table.sort(kept)
  local out = {}
  for k, i in ipairs(kept) do out[k] = units[i] end
  return out
end

-- The sentences of `units` that say most per byte within `limit` (words
-- no sentence chosen before says, per byte), in their order; the first
-- always: it says what the rest is about. A lazy greedy choice, as the
-- note's own (extractive_coverage): a sentence's gain only falls as others
-- are taken and its cost is its length, so a stale ratio is an upper
-- bound, and one that does not fit now never will. Ties go to the earlier
-- sentence. Linear in the sentences weighed, times the log of their number.
local function densest(units, limit)
  local unit_terms, covered = {}, {}
  for term in pairs(terms(units[1])) do covered[term] = true end
  local function gain(i)
    local sum = 0
    for term, weight in pairs(unit_terms[i]) do
      if not covered[term] then sum = sum + weight end
    end
    return sum
  end
  local queue = coverage.lazy_queue()
  local used = #units[1]
  -- the candidates: the sentences in the first sixteen times `limit`
  -- bytes (a 2 MB log pasted as a reply is not weighed sentence by sentence)
  local reach, offset = 16 * limit, #units[1]
  for i = 2, #units do
    offset = offset + 1 + #units[i]
    if offset > reach then break end
    -- (a sentence that can never fit is not even read for its words)
    if used + 1 + #units[i] <= limit then
      unit_terms[i] = terms(units[i])
      local g = gain(i)
      if g > 0 then queue.push({ ratio = g / (#units[i] + 1), index = i }) end
    end
  end
  local chosen = { true }
  -- (pushed in their order: ties go to the earlier sentence)
  queue.run(function(entry)
    local i = entry.index
    if used + 1 + #units[i] > limit then return nil end
    local g = gain(i)
    return g > 0 and g / (#units[i] + 1) or nil
  end, function(entry)
    local i = entry.index
    chosen[i], used = true, used + 1 + #units[i]
    for term in pairs(unit_terms[i]) do covered[term] = true end
  end)
  local out = {}
  for i = 1, #units do if chosen[i] then out[#out + 1] = units[i] end end
  return table.concat(out, " ")
end

--- Whole sentences of `s` within `limit` bytes, joined by spaces: all of
-- them when they fit; else the first, then those that say most per byte
-- (what no sentence taken says), kept in their order. Never ends inside a
-- sentence, except when the first sentence alone is longer than `limit`:
-- then it is cut at a word boundary with "...". A reply in three or more
-- parts (headings) keeps the start of each part first. With `keep`, only
-- the sentences it accepts count.
function text.shorten(s, limit, keep)
  local units, parts = text.sentences(s)
  if keep then
    local kept_units, kept_parts = {}, { heads = {} }
    for i, unit in ipairs(units) do
      if keep(unit) then
        kept_units[#kept_units + 1], kept_parts[#kept_units + 1] = unit, parts[i]
        if parts.heads and parts.heads[i] then kept_parts.heads[#kept_units] = true end
      end
    end
    units, parts = kept_units, kept_parts
  end
  if #units == 0 then return "" end
  if #units[1] > limit then return text.cut_words(units[1], limit) end
  local whole = table.concat(units, " ")
  if #whole <= limit then return whole end
  if parts[#units] - parts[1] >= 3 then return table.concat(outline(units, parts, limit), " ") end
  return densest(units, limit)
end

return text
