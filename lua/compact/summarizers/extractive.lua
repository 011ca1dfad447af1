--- The extractive summarizer: an offline, deterministic handoff note
-- written without a model.
--
--     local summarizer = compact.extractive_summarizer { max_chars = 6000 }
--     local text, usage = summarizer:summarize(req, cancel)
--
-- The note is meant for another agent that continues the work from it
-- alone:
--
--     ## Goal                      the first substantive request (or the previous goal)
--     ## Constraints and decisions sentences of the user's requests that constrain or decide
--     ## Progress                  one entry per earlier request: the commands run with
--                                  their outcomes, the assistant's final text
--     ## Open work                 an unfinished last step, commands still failing,
--                                  next steps the assistant named
--     ## Latest exchange           the last request, its commands and the last reply
--
-- Files are not listed in the text: the compactor appends `<read-files>` and
-- `<modified-files>`, and `max_chars` (default 6000 bytes) bounds the text
-- together with those lists. When something must go, each line is worth
-- the words it adds to what is chosen already, per byte, weighted:
-- `instructions` first (items that mention its words), then the user's
-- constraints, then newer entries before older ones.
-- @module compact.summarizers.extractive

local checks = require("compact.checks")
local errors = require("compact.errors")
local util = require("compact.util")
local cancel_mod = require("compact.cancel")
local file_lists = require("compact.summary")
local T = require("compact.summarizers.extractive_text")
local read = require("compact.summarizers.extractive_read")
local said = require("compact.summarizers.extractive_said")
local ran = require("compact.summarizers.extractive_ran")
local git = require("compact.summarizers.extractive_git")
local changes = require("compact.summarizers.extractive_changes")
local found = require("compact.summarizers.extractive_found")
local coverage = require("compact.summarizers.extractive_coverage")

local extractive = {}

--- Default size limit in bytes (text and file lists together).
extractive.DEFAULT_MAX_CHARS = 6000

--- The smallest accepted `max_chars`.
extractive.MIN_MAX_CHARS = 200

local Summarizer = util.class("compact.ExtractiveSummarizer", function(self) return self.max_chars end)

local H = {
  goal = "## Goal", constraints = "## Constraints and decisions", progress = "## Progress",
  open = "## Open work", latest = "## Latest exchange",
}

--- Create an extractive summarizer.
-- @tparam[opt] table config `{ max_chars = 6000, file_tools = nil }`; `file_tools`
--   maps tool names to `{ kind = "read"|"write"|"edit", key = "path" }` like
--   the compactor's option (pass the same table to both)
-- @treturn table|nil the summarizer, or nil and an `invalid_config` error
function extractive.new(config)
  local _, err = checks.table(config == nil and {} or config,
    { max_chars = true, file_tools = true, tool_vocabulary = true })
  if err then return nil, err end
  local max_chars
  max_chars, err = checks.check("config.max_chars", config and config.max_chars,
    { "integer", min = extractive.MIN_MAX_CHARS, default = extractive.DEFAULT_MAX_CHARS })
  if err then return nil, err end
  local file_tools
  file_tools, err = file_lists.config_tools(config and
    { file_tools = config.file_tools, tool_vocabulary = config.tool_vocabulary })
  if not file_tools then return nil, err end
  return setmetatable({ max_chars = max_chars, file_tools = file_tools }, Summarizer)
end

-- == Rendering ==

local milestones_line

local plural, outcome, failed_last, ran_line = ran.plural, ran.outcome, ran.failed_last, ran.line

local function request_text(turn, limit, instead)
  local text = instead or turn.request and T.cut_words(turn.request, limit) or "(continued from earlier)"
  local images = turn.images + (turn.result_images or 0)
  if images > 0 then text = text .. " [" .. plural(images, "image") .. "]" end
  return text
end

-- The last `count` milestones of a turn (commits, test summaries, closed
-- tasks, plans), joined, within `limit` bytes; nil when there are none.
function milestones_line(turn, count, limit)
  local n = #turn.milestones
  if n == 0 then return nil end
  local parts = {}
  for i = math.max(1, n - count + 1), n do parts[#parts + 1] = turn.milestones[i] end
  local text = table.concat(parts, "; ")
  if n > count then text = "(" .. (n - count) .. " earlier) " .. text end
  return T.cut_words(text, limit)
end

-- The user's words grow with the scale up to three times their base room
-- (a longer note repeats them: as the goal, an entry, the last request).
local REQUEST_SCALE = 3

-- The full and the brief entry of an earlier turn.
local function turn_entry(turn, scale, goal)
  local asked = turn.request and turn.request == goal and request_text(turn, 0, "The request under Goal")
    or request_text(turn, 240 * math.min(scale, REQUEST_SCALE))
  local lines = { "- " .. asked .. (turn.interrupted and " (interrupted by the user)" or "") }
  local commands_run = ran_line(turn, 4)
  if commands_run then lines[#lines + 1] = "  - Ran: " .. commands_run end
  local done = milestones_line(turn, 4 * scale, 300 * scale)
  if done then lines[#lines + 1] = "  - Done: " .. done end
  -- with room to spare (a larger scale), what it said between its calls, its
  -- last text too (the conclusion is apart)
  local along = scale > 1 and said.along(turn, true, 240 * scale, 120 * scale)
  if along then lines[#lines + 1] = "  - Along the way: " .. along end
  local conclusion = turn.conclusion and said.conclusion(turn.conclusion, 240 * scale)
  if conclusion and conclusion ~= "" then lines[#lines + 1] = "  - Said: " .. conclusion end
  -- the brief form, when the request says something the constraints do not
  local brief
  if turn.request and turn.request ~= goal and not turn.decided and T.word_count(turn.request) >= 3 then
    brief = "- " .. request_text(turn, 90)
    for _, entry in ipairs(turn.commands) do
      if failed_last(entry) then brief = brief .. " (" .. T.cut_words(outcome(entry), 120) .. ")"; break end
    end
  end
  -- the middle form: what the turn did, shortly (its commits and verdicts,
  -- the start of its conclusion), for a long session that has no room for
  -- every turn's whole entry
  local middle
  if done or turn.conclusion then
    local parts = { "- " .. (turn.request == goal and "The request under Goal" or request_text(turn, 80)) }
    if done then parts[#parts + 1] = "  - Done: " .. milestones_line(turn, 3, 160) end
    local failures = ran.failures_line(turn, 240)
    if failures then parts[#parts + 1] = "  - Ran: " .. failures end
    local brief_conclusion = turn.conclusion and said.conclusion(turn.conclusion, 200)
    if brief_conclusion and brief_conclusion ~= "" then parts[#parts + 1] = "  - Said: " .. brief_conclusion end
    middle = table.concat(parts, "\n")
    if #middle >= #table.concat(lines, "\n") then middle = nil end
  end
  return table.concat(lines, "\n"), brief, middle
end

local NEXT_WORDS = { "next step", "todo", "remaining", "not yet", "still need", "still to", "follow%-up",
                     "i'd ", "would be the next", "needs to be" }

local function names_next_step(sentence)
  local lower = sentence:lower()
  for _, word in ipairs(NEXT_WORDS) do
    if lower:find(word) then return true end
  end
  return false
end

-- Open work: an unfinished last step, commands whose last run failed in
-- the last two turns with commands, next steps named in the last reply.
local function open_work(facts, limit)
  local out = {}
  local last = facts.turns[#facts.turns]
  if last and (facts.last_has_calls or not last.conclusion or last.interrupted) then
    -- with no text, its last reasoning summary says what it was doing
    local thought = last.thoughts and last.thoughts[#last.thoughts]
    local step = last.pending and T.shorten(last.pending, limit)
      or thought and T.shorten(said.without_narration(thought), limit) or "(no reply yet)"
    if step == "" then step = "(no reply yet)" end
    out[#out + 1] = (last.interrupted and "- The user interrupted the last request; last step: "
      or "- The last request was still being worked on; last step: ") .. step
  end
  -- the latest task list's unfinished items, as the agent last set them
  local plan = facts.plan
  if plan then
    for _, status in ipairs({ "in_progress", "pending" }) do
      if #plan[status] > 0 then
        out[#out + 1] = (status == "pending" and "- Pending in the plan: " or "- In progress in the plan: ")
          .. T.cut_words(table.concat(plan[status], "; "), 2 * limit)
      end
    end
  end
  if facts.failed_reply then out[#out + 1] = "- The last reply failed: " .. facts.failed_reply end
  out[#out + 1] = git.open_line(facts)
  local seen_turns, reasons = 0, {}
  for i = #facts.turns, 1, -1 do
    local turn = facts.turns[i]
    if #turn.commands > 0 then
      seen_turns = seen_turns + 1
      for _, entry in ipairs(turn.commands) do
        if failed_last(entry) and #out < 4 and not reasons[entry.reason or entry.label] then
          reasons[entry.reason or entry.label] = true
          out[#out + 1] = "- Still failing: " .. T.cut_words(outcome(entry), limit)
        end
      end
      if seen_turns == 2 then break end
    end
  end
  if last and last.conclusion then
    local after_heading = 0
    for line in (last.conclusion .. "\n"):gmatch("([^\n]*)\n") do
      local plain = line:gsub("[%*#_`]", ""):match("^%s*(.-)[:%s]*$")
      local heading = line:match("^%s*#") or line:match("^%s*%*%*[^%*]+%*%*:?%s*$") or line:match(":%s*$")
      if heading and names_next_step(plain) and #plain < 40 then
        after_heading = 3 -- a "Next steps" heading: the items under it
      elseif after_heading > 0 and plain ~= "" and #out < 6 then
        out[#out + 1] = "- Next: " .. T.cut_words(T.flatten(plain:gsub("^%d+[%.%)]%s*", "")), limit)
        after_heading = after_heading - 1
      end
    end
    if after_heading == 0 then
      for _, sentence in ipairs(T.sentences(last.conclusion)) do
        if names_next_step(sentence) and #out < 5 then
          local plain = sentence:gsub("^[%-%*%s]+", ""):gsub("%*%*", "")
          out[#out + 1] = "- " .. T.cut_words(plain, limit)
        end
      end
    end
  end
  return out
end

-- The latest exchange: the last request (when it is not the goal), its
-- commands, its milestones, what the assistant said along the way (one
-- and a half shares of the request's) and its last reply (a larger share:
-- it is the freshest conclusion).
local ALONG = 1.5
local function latest_exchange(facts, limit, reply_limit, scale)
  local last = facts.turns[#facts.turns]
  if not last then return {} end
  local out = {}
  if last.request and last.request == facts.goal and #facts.turns == 1 then
    out[1] = "- User: " .. request_text(last, 0, "the request under Goal")
  else
    out[1] = "- User: " .. request_text(last, math.floor(limit / scale) * math.min(scale, REQUEST_SCALE))
  end
  -- the reasons of failures are under open work; with room to spare, the
  -- searches that found nothing are named
  local commands_run = ran_line(last, 12, true, scale > 1)
  if commands_run then out[#out + 1] = "- Ran: " .. T.cut_words(commands_run, 2 * limit) end
  local done = milestones_line(last, 10, 2 * limit)
  if done then out[#out + 1] = "- Done: " .. done end
  -- a long turn: what the assistant concluded along the way
  local along = said.along(last, facts.last_has_calls, math.floor(ALONG * limit), 120 * scale)
  if along then out[#out + 1] = "- Along the way: " .. along end
  local reply = facts.last_text and said.conclusion(facts.last_text, reply_limit, true)
  if reply and reply ~= "" then out[#out + 1] = "- Assistant: " .. reply end
  if facts.aside_reply then
    out[#out + 1] = "- Then, on a background task's notification: " .. T.shorten(facts.aside_reply, 240)
  end
  return out
end

-- Did the work after a previous summary make progress (a commit, a test
-- summary, a closed task)? Then that summary's open work is stale.
local function made_progress(facts)
  for _, turn in ipairs(facts.turns) do
    if #turn.milestones > 0 then return true end
  end
  return false
end

-- The brief form of an item of the previous summary: its first line, then
-- what the lines under it say ("theme.md: added `bashMode`; 44 -> 46
-- tokens"), as far as a short line goes; a heading alone says little.
local function earlier_brief(facts, line)
  local first, rest = line:match("^([^\n]*)\n?(.*)$")
  if rest:find("%S") and not first:find("^%- Earlier exchange") then
    local parts = {}
    for sub in rest:gmatch("[^\n]+") do
      local plain = T.flatten(sub:gsub("^%s*[%-%*%+]%s+", ""):gsub("^%s*%d+[%.%)]%s+", ""))
      if plain ~= "" then parts[#parts + 1] = plain end
    end
    first = first .. ": " .. table.concat(parts, "; ")
  end
  return T.cut_words(read.relative(facts, first), 120)
end

-- Candidate items for the optional sections, with priorities: matches of
-- the instructions' words first, then constraints, then progress, newest
-- first; what the previous summary said counts as older than any turn.
-- A constraint the `goal` shows whole is left out; with `extras`, what the
-- edits wrote and what the look-ups found come too.
local function candidates(facts, keywords, scale, goal, extras)
  local items = {}
  local turns = #facts.turns
  local function add(section, order, priority, full, brief, extra)
    if not full then return end
    if T.mentions(full, keywords) then priority = priority + 10 end
    local item = { section = section, order = order, priority = priority, full = full, brief = brief, extra = extra }
    items[#items + 1] = item
    return item
  end
  -- constraints rank by age (those of a previous summary are the oldest)
  local constraints = #facts.constraints
  -- an issue's rules after the user's own and the work's entries: the agent can fetch them again
  for rank, c in ipairs(facts.constraints) do
    -- (one the goal already says whole is not said twice)
    local in_goal = goal and goal:find(c.text, 1, true)
    if not in_goal then
      add("constraints", c.order + rank * 1e-6,
        (c.from_spec and 1.5 or 3) + rank / (constraints + 1) / 2, "- " .. T.cut_words(c.text, 240))
    end
  end
  -- the previous summary's open work: still open, or (once later work made
  -- progress) what was pending then, never "still" anything
  local earlier = facts.earlier
  if facts.previous_open and #facts.previous_open > 0 then
    earlier = {}
    for _, line in ipairs(facts.earlier) do earlier[#earlier + 1] = line end
    if made_progress(facts) then -- history now: one item, its "(in progress)" marks past
      earlier[#earlier + 1] = "- Pending at the last compaction: "
        .. T.cut_words(T.past_status(table.concat(facts.previous_open, " / ")), 600)
    else
      for _, line in ipairs(facts.previous_open) do earlier[#earlier + 1] = "- Was open: " .. line end
    end
  end
  for i, line in ipairs(earlier) do
    local brief = facts.earlier_brief and facts.earlier_brief[line] or earlier_brief(facts, line)
    add("progress", i - #earlier - 1, 1 + i / (#earlier + 1), line, brief)
  end
  for i = 1, turns - 1 do
    local turn = facts.turns[i]
    local full, brief, middle = turn_entry(turn, scale, facts.goal)
    -- a bare "sleep" or "f0c674" with nothing done says nothing on its own
    if not full:find("\n") and not brief and not turn.interrupted then full = nil end
    -- a request sent again right after: its last sending reports the run
    local next_turn = facts.turns[i + 1]
    if turn.request and next_turn.request == turn.request and not turn.interrupted then full = nil end
    local item = add("progress", i, 2 + i / turns, full, brief)
    if item then item.middle = middle end
  end
  -- what the edits wrote, ranked below the oldest entry, newest first,
  -- each shown after the entry of the turn that last changed the file
  -- (the extras only when the note will have them: they are built for nothing otherwise)
  if not extras then return items end
  local files = facts.changes and facts.changes.list or {}
  for _, file in ipairs(files) do
    -- what the code says before what its tests say
    local tests = changes.is_test(file.path) and 0.25 or 0
    -- (the file's place in the list breaks ties: the note never depends on sort luck)
    local item = add("progress", file.order + 0.5 + file.seq * 1e-6, 0.5 - tests + file.order / (turns + 1) / 2
      + file.seq * 1e-9,
      changes.line(file, 600 * math.min(scale, REQUEST_SCALE)), changes.line(file, 140), true)
    if item then
      item.middle = changes.line(file, 400)
      -- (and, whatever the scale, as much as the room a small note leaves)
      item.grow = function(limit) return changes.line(file, math.min(limit, 600 * REQUEST_SCALE)) end
    end
  end
  -- what the look-ups found, after what the edits wrote: the misses first
  -- (what is not there), each after its turn's entry
  for i, turn in ipairs(facts.turns) do
    local lead = i == turns and "- Looked up for the latest request: " or "- Looked up: "
    local function line(limit, misses_only)
      local text = found.line(turn, limit - #lead, misses_only)
      return text and lead .. read.relative(facts, text)
    end
    local full = line(600 * math.min(scale, REQUEST_SCALE))
    local item = add("progress", i + 0.4, 0.2 + i / (turns + 1) / 10, full, line(240, true), true)
    if item then
      item.found = true
      item.middle = line(400)
      item.grow = function(limit) return line(math.min(limit, 3000)) end
    end
  end
  return items
end

-- Choose items within `budget` bytes by what they add: each item (a
-- constraint, an earlier request's entry, what an edit wrote) is worth
-- the words it says that nothing chosen before says (the goal and the
-- tail are chosen already, `already`), weighted by the square of its
-- priority (the instructions' matches, then the user's constraints, then
-- newer entries), per byte; a longer form of a chosen item costs the bytes
-- it adds (see extractive_coverage). Returns the chosen texts by section,
-- in order, and the number left out per section.
-- (the weight is never below a fifth: an old change line still counts)
local function weight(item) return math.max(0.2, item.priority) ^ 2 end

-- The forms of `item`, shortest first, each once.
local function forms_of(item)
  local forms, seen = {}, {}
  for _, text in ipairs({ item.brief or false, item.middle or false, item.full }) do
    if text and not seen[text] then seen[text] = true; forms[#forms + 1] = text end
  end
  table.sort(forms, function(a, b) return #a < #b end)
  return forms
end

-- `grow`: change lines may then take what room is left. `chooser`: one
-- per note (it keeps the texts' terms).
local function choose(items, budget, grow, already, chooser)
  table.sort(items, function(a, b)
    if a.priority ~= b.priority then return a.priority > b.priority end
    return a.order > b.order
  end)
  local used, count = 0, { constraints = 0, progress = 0 }
  local function size(item, text)
    local heading = count[item.section] == 0 and (#H[item.section] + 2) or 0
    return heading + #text + 1 - (item.text and (#item.text + 1) or 0)
  end
  -- (never a shorter text than the one chosen)
  local function try(item, text, limit)
    if item.text and #text <= #item.text then return end
    local growth = size(item, text)
    if used + growth > limit then return end
    if not item.text then count[item.section] = count[item.section] + 1 end
    used, item.text = used + growth, text
  end
  -- (what the look-ups found is not in the pool: its lines are long lists
  -- that seem to say much, and say less than an entry; they fill the room left)
  -- The headings of the sections the pool may fill are set aside first,
  -- so a line costs the chooser its own bytes only, the same whenever it
  -- is taken (what its lazy choice needs).
  local pool, headings, reserved = {}, {}, 0
  for _, item in ipairs(items) do
    if not item.found then
      item.forms, item.weight = forms_of(item), weight(item)
      pool[#pool + 1] = item
      if not headings[item.section] then
        headings[item.section] = true
        reserved = reserved + #H[item.section] + 2
      end
    end
  end
  local function own_size(item, text) return #text + 1 - (item.text and (#item.text + 1) or 0) end
  chooser.choose(pool, budget - reserved, chooser.covered(already), own_size,
    function(item, text) try(item, text, budget) end)
  -- what says nothing new still goes in where there is room (a rule the
  -- last request repeats is still a rule), by priority, the longest form
  -- that fits
  for _, item in ipairs(pool) do
    if not item.extra then
      for k = #item.forms, 1, -1 do
        local text = item.forms[k]
        if item.text and #text <= #item.text then break end
        if used + size(item, text) <= budget then try(item, text, budget); break end
      end
    end
  end
  -- then the room left: the brief lines of what the look-ups found missing
  -- and of changes not chosen yet (then longer ones, newest first)
  for _, item in ipairs(items) do
    -- (what the look-ups found: only their misses, for now)
    if item.extra and (item.brief or not item.found) then try(item, item.brief or item.full, budget) end
  end
  -- then longer ones, what the edits wrote before what the look-ups found
  -- (whose misses, in their brief form, came with the briefs)
  -- (the look-ups only once the last reply had its room: `grow`)
  for _, found_pass in ipairs(grow and { false, true } or { false }) do
    for _, form in ipairs({ "middle", "full" }) do
      for _, item in ipairs(items) do
        local text = item.extra and (item.found or false) == found_pass and item[form]
        if text and (not item.text or #text > #item.text) then try(item, text, budget) end
      end
    end
    for _, item in ipairs(items) do
      if grow and item.grow and (item.found or false) == found_pass and item.text and used < budget then
        local text = item.grow(#item.text + budget - used)
        if text and #text > #item.text then try(item, text, budget) end
      end
    end
  end
  local chosen, left_out = { constraints = {}, progress = {} }, { constraints = 0, progress = 0 }
  for _, item in ipairs(items) do
    if item.text then
      local list = chosen[item.section]
      list[#list + 1] = item
    elseif not item.extra then -- a change line with no room is no item left out
      left_out[item.section] = left_out[item.section] + 1
    end
  end
  for _, list in pairs(chosen) do table.sort(list, function(a, b) return a.order < b.order end) end
  return chosen, left_out
end

local function left_out_line(count)
  return "- (" .. count .. " more item" .. (count == 1 and "" or "s") .. " left out)"
end

-- Keep whole lines of `text` within `limit` bytes (a last guard).
local function fit_lines(text, limit)
  if #text <= limit then return text end
  local out, used = {}, 0
  -- (one match per line: "[^\n]*" alone also matches the empty string
  -- after each line in Lua 5.1 and LuaJIT)
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if used + #line + 1 > limit + 1 then break end
    out[#out + 1] = line
    used = used + #line + 1
  end
  local kept = table.concat(out, "\n"):gsub("%s+$", "")
  if kept == "" then return T.cut_words(text, limit) end
  return kept
end

-- The note at `scale` (1: the base limits of each part; larger scales
-- give the goal, requests, conclusions and the last reply more room).
-- Returns the text and the number of items left out.
local function render(facts, budget, keywords, scale, extras)
  local unit = math.floor(budget / 10)
  local one_request = #facts.turns == 1 and facts.turns[1].request == facts.goal
  local goal = facts.goal
    and T.cut_words(facts.goal, math.min(one_request and 1200 or 400, unit) * math.min(scale, REQUEST_SCALE))
    or "(no request yet)"
  local head_text = table.concat({ H.goal, goal, "" }, "\n")
  local function tail_text(reply_limit)
    local tail = {}
    local open = open_work(facts, math.min(240, unit) * scale)
    if #open > 0 then
      tail[#tail + 1] = H.open
      for _, line in ipairs(open) do tail[#tail + 1] = line end
      tail[#tail + 1] = ""
    end
    local latest = latest_exchange(facts, math.min(600, unit) * scale, reply_limit, scale)
    if #latest > 0 then
      tail[#tail + 1] = H.latest
      for _, line in ipairs(latest) do tail[#tail + 1] = line end
    end
    -- where the work happens: the paths above are relative to it
    -- (whole or not at all: a cut path names no directory)
    if type(facts.cwd) == "string" and (facts.cwd:find("^/") or facts.cwd:find("^%a:[\\/]")) and #facts.cwd > 1
        and #facts.cwd <= 200 and not facts.cwd:find("[`\n]") then
      tail[#tail + 1] = "\nWorking directory: `" .. facts.cwd .. "`"
    end
    return table.concat(tail, "\n")
  end
  local items = candidates(facts, keywords, scale, goal, extras)
  local chooser = coverage.new()
  -- the note with the optional sections chosen in the room `tail` leaves
  -- (chosen afresh each time: `choose` writes each item's text)
  local function assemble(tail, grow)
    local room = budget - #head_text - #tail - 2 * 40
    for _, item in ipairs(items) do item.text = nil end
    local chosen, left_out = choose(items, room, grow, { head_text, tail }, chooser)
    local out = { head_text }
    for _, section in ipairs({ "constraints", "progress" }) do
      -- (a section left out whole still says so)
      if #chosen[section] > 0 or left_out[section] > 0 then
        out[#out + 1] = H[section]
        if left_out[section] > 0 then out[#out + 1] = left_out_line(left_out[section]) end
        for _, item in ipairs(chosen[section]) do out[#out + 1] = item.text end
        out[#out + 1] = ""
      end
    end
    out[#out + 1] = tail
    -- redacted before it is measured: "[redacted]" may be longer than what it hides
    return changes.redact_keys(util.trim(table.concat(out, "\n"))), left_out.constraints + left_out.progress
  end
  local reply_limit = math.min(1500, math.floor(budget / 4)) * scale
  local tail = tail_text(reply_limit)
  local text, left = assemble(tail, not extras)
  -- the room still left goes to the last reply first (a long final
  -- report's later findings), then to what the edits wrote
  if extras and #text < budget - 100 then
    local longer = tail_text(reply_limit + budget - #text - 10)
    if #longer > #tail then tail = longer end
    text, left = assemble(tail, true)
  end
  local whole = #text <= budget
  return fit_lines(text, budget), left + (whole and 0 or 1000)
end

-- The largest scale (up to 6) whose note still fits whole and leaves out
-- no more items than the base one: short sessions use the budget they
-- have on the goal, the conclusions and the last reply.
-- The extras (what the edits wrote) fill what the chosen scale leaves.
local function render_best(facts, budget, keywords)
  local text, left = render(facts, budget, keywords, 1)
  local best = 1
  for scale = 2, 6 do
    if #text > budget * 0.8 then break end
    local bigger, bigger_left = render(facts, budget, keywords, scale)
    if bigger_left > left then break end
    text, best = bigger, scale
  end
  return (render(facts, budget, keywords, best, true))
end

local zero_usage = require("compact.usage").zero

-- Check the request; returns the message lists or nil, err.
local function check(req)
  if type(req) ~= "table" then return nil, errors.invalid_request("summarize: req must be a table") end
  for _, key in ipairs({ "previous_summary", "instructions", "cwd" }) do
    if req[key] ~= nil and type(req[key]) ~= "string" then
      return nil, errors.invalid_request("summarize: req." .. key .. " must be a string")
    end
  end
  local max_lists = req.max_file_list_chars
  if max_lists ~= nil and (type(max_lists) ~= "number" or max_lists < 0 or max_lists ~= math.floor(max_lists)) then
    return nil, errors.invalid_request("summarize: req.max_file_list_chars must be a non-negative integer")
  end
  local lists = {}
  for _, key in ipairs({ "messages", "turn_prefix_messages" }) do
    local list = req[key]
    if list ~= nil and type(list) ~= "table" then
      return nil, errors.invalid_request("summarize: req." .. key .. " must be a table")
    end
    list = list or {}
    for i = 1, #list do
      if type(list[i]) ~= "table" or type(list[i].role) ~= "string" then
        return nil, errors.invalid_request("summarize: req." .. key .. "[" .. i .. "].role must be a string")
      end
    end
    lists[#lists + 1] = list
  end
  return lists
end

-- Bytes the compactor's file lists will add to the summary.
-- (`max_list_chars`: the compactor's bound on them, its default when the
-- request does not say)
function Summarizer:_lists_size(previous, lists, cwd, max_list_chars)
  local ok, read_list, modified_list = pcall(file_lists.collect, self.file_tools, previous, lists, cwd)
  if not ok then return 0 end
  return #file_lists.lists(read_list, modified_list, max_list_chars or file_lists.MAX_LIST_CHARS)
end

--- Summarize `req` without a model.
-- @tparam table req `{ messages, turn_prefix_messages, previous_summary, instructions, cwd }`
-- (`cwd`: paths under it are shown relative to it)
-- @param[opt] cancel a cancellation token
-- @treturn string|nil the summary (with the file lists the compactor adds,
--   shortened to `req.max_file_list_chars`, default 2000: at most
--   `max_chars` bytes unless the lists alone take more than three quarters
--   of it)
-- @treturn table zero usage, or the error
function Summarizer:summarize(req, cancel)
  if cancel_mod.is_cancelled(cancel) then return nil, errors.cancelled("summarization cancelled") end
  local lists, err = check(req)
  if not lists then return nil, err end
  local facts = read.new_facts(self.file_tools, req.cwd)
  local previous = req.previous_summary
  local body
  if previous then
    body = previous:gsub("<read%-files>.-</read%-files>", ""):gsub("<modified%-files>.-</modified%-files>", "")
    body = util.trim(body)
    -- the line that says what follows is not part of the summary
    local kind, inner = T.user_kind(body)
    read.previous(facts, kind == "summary" and inner:find("\n") and inner:gsub("^[^\n]*\n", "", 1) or body)
  end
  for _, list in ipairs(lists) do
    for i = 1, #list do read.message(facts, list[i]) end
  end
  local budget = math.max(self.max_chars - self:_lists_size(previous, lists, req.cwd, req.max_file_list_chars),
    math.floor(self.max_chars / 4))
  local unchanged = body and body ~= "" and changes.redact_keys(body)
  if #facts.turns == 0 and unchanged and #unchanged <= budget then
    return unchanged, zero_usage() -- nothing new: the previous summary stands
  end
  -- (a key pasted or run anywhere in the session is redacted by render)
  return render_best(facts, budget, T.keywords(req.instructions)), zero_usage()
end

return extractive
