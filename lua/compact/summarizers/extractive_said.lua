--- What the assistant said, for the extractive summarizer: its
-- conclusions between the calls of a long turn, chosen by information,
-- with the narration of its next step ("Now let me run the tests:") and
-- filler ("Perfect!") left out.
-- @module compact.summarizers.extractive_said

local T = require "compact.summarizers.extractive_text"

local said = {}

-- Words of a sentence that states a finding or a decision rather than the
-- next step.
local FINDING_WORDS = { "because", "instead", "need", "missing", "lack", "doesn't", "does not", "has no", "not have",
  "public", "install", "added", "bug", "filed", "fix", "issue", "cause", "found", "problem", "works", "must",
  "generat", "redundant", "already", "shared", "decid", "dependency", "so ", "but ", "clean", "pass", "fail" }

local function findings(lower)
  local score = 0
  for _, word in ipairs(FINDING_WORDS) do
    if lower:find(word, 1, true) then score = score + 1 end
  end
  return score
end

-- First-person intentions that are decisions unless they only introduce a
-- call: "I'll use the v2 API." (kept), "I'll check the logs:" (narration).
local INTENTIONS = { "i'll ", "i will ", "now i'll ", "now i will ", "i'm going to ", "now i'm going to " }
local DECISION_VERBS = { use = true, switch = true, keep = true, go = true, make = true, replace = true,
  remove = true, rename = true, move = true, drop = true, skip = true, choose = true, pick = true, stick = true,
  implement = true, change = true, revert = true, split = true, extract = true, merge = true }

local function decides(lower)
  for _, opener in ipairs(INTENTIONS) do
    if lower:sub(1, #opener) == opener and not lower:find(":$")
        and DECISION_VERBS[lower:sub(#opener + 1):match("^(%a+)") or ""] then
      return true
    end
  end
  return false
end

--- How much a sentence states (findings, decisions, code names), less for
-- a short announcement of the next step.
function said.information(sentence)
  local lower = sentence:lower()
  local score = findings(lower)
  if sentence:find("`[^`]+`") then score = score + 1 end
  if #sentence < 90 and (lower:find("^now") or lower:find("^let me") or lower:find("^i'll")) and not decides(lower) then
    score = score - 2
  end
  return score
end

-- How a sentence that only announces the next step starts.
local OPENERS = { "let me ", "let's ", "now let me ", "now let's ", "now, let me ", "now i'll ", "now i will ",
  "i'll ", "i will ", "next, ", "next i'll ", "first, let me ", "first let me ", "i'm going to ", "now i'm going to " }

-- Words that make an announcement a decision ("I'll make it public so the
-- enqueue path can use it").
local REASONS = { "because", "since ", " so ", "so that", "instead", "rather than", "otherwise", "due to" }

-- Fillers that say nothing on their own.
local FILLERS = { ["now i understand."] = true, ["got it."] = true, ["ok."] = true, ["okay."] = true,
  ["good."] = true, ["great."] = true, ["perfect."] = true, ["excellent."] = true, ["done."] = true }

-- "Now I have a clear understanding of X.", "Good, I have a complete
-- picture.": the agent saying it has read enough, before what it found.
local KNOWLEDGE = { "understanding", "information", "picture", "context", "overview", "idea of", "knowledge", "grasp" }
local DETERMINERS = { a = true, an = true, the = true, all = true, enough = true, some = true, much = true,
  more = true, good = true, clear = true, complete = true, full = true, solid = true, better = true, rich = true }
local function knows_enough(lower)
  if #lower >= 160 or lower:find("[`:]") then return false end
  local rest = lower:match("^now,? i have (.*)") or lower:match("^i now have (.*)")
    or lower:match("^%a+, i have (.*)") or lower:match("^i have (.*)")
  -- (what it has, not what it has done: "I have added an overview ..." is work)
  local determiner = rest and rest:match("^(%a+)")
  if not DETERMINERS[determiner] then return false end
  local head = rest:sub(1, 40)
  for _, word in ipairs(KNOWLEDGE) do
    if head:find(word, 1, true) then return true end
  end
  return false
end

--- Is a sentence narration: an exclamation of three words or fewer
-- ("Perfect!", "Oh no!"), a filler ("Now I understand."), or an
-- announcement of the next step that gives no reason ("Let me fix it:",
-- "Now let's commit:"; "I'll make it public so ..." and "I'll use the v2 API."
-- are kept)?
function said.is_narration(sentence)
  local lower = sentence:lower():gsub("^%s+", "")
  if FILLERS[lower] then return true end
  local _, words = lower:gsub("%S+", "")
  if words <= 3 and lower:find("!$") then return true end
  -- "All green.", "All clean.": a verdict the commands already give
  if words <= 2 and not lower:find("[`%d]") then return true end
  if decides(lower) then return false end
  -- a short line that only introduces the next call ("Need to update the
  -- call site too:", "Commit task 6:") unless it gives a reason
  if #lower < 90 and lower:find(":$") and not lower:find("`") then
    local reason = false
    for _, word in ipairs(REASONS) do
      if lower:find(word, 1, true) then reason = true end
    end
    if not reason then return true end
  end
  -- a long plan that names the code it will change says what is being done
  if #lower >= 90 and lower:find("`[^`]+`") then return false end
  for _, opener in ipairs(OPENERS) do
    if lower:sub(1, #opener) == opener then
      for _, word in ipairs(REASONS) do
        if lower:find(word, 1, true) then return false end
      end
      return true
    end
  end
  return false
end

--- `s` without its narration sentences, on one line ("" when it was all
-- narration).
function said.without_narration(s)
  local kept = {}
  for _, sentence in ipairs(T.sentences(s)) do
    if not said.is_narration(sentence) then kept[#kept + 1] = sentence end
  end
  return table.concat(kept, " ")
end

-- Words that open a two-word verdict about nothing in particular.
local GENERIC = { all = true, both = true, everything = true, it = true, that = true, this = true, ["done"] = true,
  now = true, ok = true, okay = true, yes = true, looks = true, works = true, fixed = true, finished = true }

--- A turn's final reply shortened to `limit` bytes of whole sentences,
-- its fillers ("Perfect!", "Now I understand.") and the lines that only
-- introduce what follows ("Changes made:", "Let me summarize:") left out:
-- the room goes to what it reports ("" when it reports nothing). A short
-- verdict ("All done!") is kept; with `latest` (the last reply: the news
-- of the note) every short one is ("Both committed."), while an earlier
-- turn's "Updated." says no more than its commands.
function said.conclusion(s, limit, latest)
  return T.shorten(s, limit, function(sentence)
    local lower = sentence:lower():gsub("^%s+", "")
    if FILLERS[lower] then return false end
    -- ("**Key Dependencies:**", "SUMMARY" only head what follows)
    local words = select(2, lower:gsub("%S+", ""))
    if words <= 3 and (latest and lower:find("%a%.$") or lower:find("done") or lower:find("complete")) then
      return true
    end
    -- an earlier turn's "Updated.", "All green." say no more than its
    -- commands; "Pause works." names what works
    if words == 2 and lower:find("%a%.$") and not GENERIC[lower:match("^%a+")] then return true end
    -- "Now I have all the information needed.": the turn's end, no news
    if #lower < 70 and lower:find("^now i ") and lower:find("%.$") and not lower:find("[`:]") then return false end
    -- nor is "I now have a rich understanding of the adjectives used for ..."
    if knows_enough(lower) then return false end
    return not said.is_narration(sentence)
  end)
end

--- What the assistant concluded between the calls of a long turn: the most
-- informative of its intermediate texts (findings, decisions, fixes; never
-- a bare "Now let me run the tests:"), narration left out, in order,
-- within `limit` bytes, at most `each` bytes (default 120) per text; nil
-- for a turn of fewer than two calls and edits or fewer than two texts.
-- A turn with no text but two reasoning summaries or more
-- (`turn.thoughts`) is told by those.
function said.along(turn, still_working, limit, each)
  each = each or 120 -- bytes of one text
  local texts = turn.said or {}
  -- a turn that said nothing between its calls but reasoned (Codex's
  -- reasoning summaries): its reasoning in its place
  if #texts == 0 and turn.thoughts and #turn.thoughts >= 2 then texts = turn.thoughts end
  if #turn.commands + turn.edits < 2 or #texts < 2 then return nil end
  local ranked = {}
  for i = 1, #texts - (still_working and 0 or 1) do
    local sentence = T.shorten(said.without_narration(texts[i]), each)
    local score = sentence ~= "" and said.information(sentence)
    if score and score >= 0 then -- narration of the next step says nothing
      ranked[#ranked + 1] = { i = i, text = sentence, score = score + i / (#texts + 1) }
    end
  end
  table.sort(ranked, function(a, b) return a.score > b.score end)
  local chosen, used = {}, 0
  for _, item in ipairs(ranked) do
    if used + #item.text + 3 <= limit then
      chosen[#chosen + 1], used = item, used + #item.text + 3
    end
  end
  if #chosen == 0 then return nil end
  table.sort(chosen, function(a, b) return a.i < b.i end)
  local out = {}
  for _, item in ipairs(chosen) do out[#out + 1] = item.text end
  return table.concat(out, " / ")
end

return said
