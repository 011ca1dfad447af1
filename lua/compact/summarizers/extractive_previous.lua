--- A previous summary merged into the extractive summarizer's facts: its
-- goal, constraints, open work, files and everything else by the section
-- its heading names (ours, or another agent's: Claude Code's numbered
-- headings, Codex's and pi's). `compact.summarizers.extractive_read`
-- calls it with its own `relative` and `add_constraint`.
-- @module compact.summarizers.extractive_previous

local T = require "compact.summarizers.extractive_text"

local previous = {}
-- the reader's, set by `merge` for the summary it merges (it never yields)
local relative, add_constraint

-- Which part of the new summary a heading's items go to ("skip": the
-- harness's own lines). Claude Code's summaries use "1. Primary Request
-- and Intent:" ... "9. Optional Next Step:" and "Analysis:" headings.
local HEADINGS = {
  { "goal", "goal" }, { "primary request", "goal" }, { "intent", "goal" }, { "constraint", "constraints" },
  { "preference", "constraints" }, { "decision", "constraints" }, { "technical concept", "concepts" },
  { "latest", "latest" }, { "in progress", "open" }, { "open", "open" }, { "next", "open" },
  { "blocked", "open" }, { "pending", "open" }, { "current work", "open" }, { "current state", "open" },
  { "still need", "open" },
  -- pi's summary of a split turn's prefix: the request of the turn the kept
  -- messages go on with, and what they need to be understood
  { "original request", "request" }, { "context for suffix", "open" },
}

local function section_of(heading)
  local lower = heading:lower()
  for _, pair in ipairs(HEADINGS) do
    if lower:find(pair[1], 1, true) then return pair[2] end
  end
  -- "Files and Code Sections", "Relevant files" (not "Profile page")
  if lower:find("%f[%a]files?%f[%A]") then return "files" end
  return "progress"
end

local function is_bullet(line)
  return line:match("^%s*[%-%*%+] ") or line:match("^%s*%d+[%.%)] ")
end

-- A heading line: Markdown, a bold line, or an unindented short "Title:"
-- / "8. Current Work:" line.
local function heading_of(line)
  local heading = line:match("^%s*#+%s+(.-)%s*$") or line:match("^%s*%*%*(.-)%*%*%s*$")
    or line:match("^%d+%.%s+(%u[%w%s%-/&',]*):%s*$") or line:match("^(%u[%w%s%-/&',]*):%s*$")
  if heading and #heading <= 60 then return heading end
  return nil
end

-- Items of a Markdown text: { section = ..., text = "line\nline" }.
local function items_of(text)
  local items, section, current, fenced = {}, "progress", nil, false
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    local heading = not fenced and heading_of(line)
    if line:match("^%s*```") then
      fenced = not fenced -- code blocks: the files hold them
    elseif fenced then -- luacheck: ignore 542
    elseif heading then
      section, current = section_of(heading), nil
    elseif not line:find("%S") then
      current = nil
    elseif line:lower():find("read the full transcript at", 1, true)
        or line:lower():find("continue the conversation from where we left off", 1, true) then -- luacheck: ignore 542
      -- the harness's pointer to the transcript file and its instruction
    elseif current and (line:match("^%s%s") or not is_bullet(line) or current.lead) then
      -- a paragraph line ("**Task 3: retries** (COMPLETED)") leads the bullets right under it
      current.text = current.text .. "\n" .. (current.lead and is_bullet(line) and "  " or "") .. line
    elseif not line:match("^%- %(%d+ .* left out%)$") then
      current = { section = section, text = line, lead = not is_bullet(line) }
      items[#items + 1] = current
    end
  end
  return items
end

local function strip_bullet(s)
  return (s:gsub("^%s*[%-%*%+]%s+", ""):gsub("^%s*%d+[%.%)]%s+", ""):gsub("^%[.%]%s*", ""))
end

-- Lines of a summary's background or pending state that constrain the
-- work: prohibitions, requirements, hooks, conventions.
local RULE_WORDS = { "must", "never", "always", "do not", "don't", "not allowed", "required", "hook", "enforc",
                     "convention", "protocol", "gitignored" }

local function is_rule(line)
  -- "Updated `app.js` with the hooks": a report of work, not a rule
  if line:find("^%**%u%l+ed%s") then return false end
  -- words inside code are names (`session_hook_controller.ex`), not rules
  return T.mentions((line:gsub("`[^`]*`", "")), RULE_WORDS)
end

-- The rules among an item's lines become constraints; the rest is returned.
local function take_rules(facts, item)
  local rest = {}
  for line in (item.text .. "\n"):gmatch("([^\n]*)\n") do
    local plain = strip_bullet(line)
    if plain:find("%S") and is_rule(plain) and #plain <= 300 then
      add_constraint(facts, plain, -1000 + #facts.constraints)
    elseif plain:find("%S") then
      rest[#rest + 1] = T.flatten(plain)
    end
  end
  return rest
end

-- The note after a path: "(NEW)", or what follows ": ", " - " or a dash.
local function path_note(rest)
  return rest:match("^%**%s*%(([^%)]+)%)") or rest:match("^%**%s*:%s*(%S.*)$")
    or rest:match("^%**%s+%-+%s+(%S.*)$") or rest:match("^%**%s+\226\128[\147\148]%s+(%S.*)$")
end

-- The paths an item of a files section names at the start of its lines
-- ("- **`lib/a.ex`** (NEW)", "- `test/b_test.exs` (14 tests)"), each with
-- its note cut at 40 bytes, into `out` (and their names into `out.names`);
-- true when it named one.
local function item_paths(facts, item, out)
  local found = false
  for line in (item.text .. "\n"):gmatch("([^\n]*)\n") do
    local plain = strip_bullet(line):gsub("^%*%*", "")
    local path, rest = plain:match("^`([^`%s]+)`%**(.*)$")
    if not path then path, rest = plain:match("^([%w_%.%-]*/[%w_%./%-]+)(.*)$") end
    if path and (path:find("/") or path:find("%.%a+$")) then
      found = true
      if not out.seen[path] then
        out.seen[path] = true
        local note = path_note(rest)
        note = note and T.cut_words(note:gsub("%*%*", ""), 40)
        out[#out + 1] = relative(facts, path) .. (note and (" (" .. note .. ")") or "")
        out.names[#out.names + 1] = path:match("[^/]+$")
      end
    end
  end
  return found
end

--- Merge a previous summary (file lists already removed) into `facts`,
-- with the reader's `relative(facts, s)` and `add_constraint(facts, sentence, order)`:
-- its goal is the goal, its constraints (and the rules among its
-- background and pending items) come first, its open work is kept apart
-- (`facts.previous_open`: stale once later work made progress), everything
-- else is kept as earlier progress.
function previous.merge(facts, text, relative_of, constraint_adder)
  relative, add_constraint = relative_of, constraint_adder
  local latest, concepts, files = {}, {}, { seen = {}, names = {} }
  facts.previous_open = facts.previous_open or {}
  for _, item in ipairs(items_of(text)) do
    if item.section == "files" and item_paths(facts, item, files) then
      -- one item for the whole section's paths, where it stood
      if not files.at then
        files.at = #facts.earlier + 1
        facts.earlier[files.at] = false
      end
    elseif item.section == "request" then
      local request = T.flatten(strip_bullet(item.text))
      facts.split_request = facts.split_request and (facts.split_request .. " " .. request) or request
    elseif item.section == "goal" then
      local goal = T.flatten(strip_bullet(item.text))
      facts.goal = facts.goal and (facts.goal .. " " .. goal) or goal
    elseif item.section == "constraints" then
      add_constraint(facts, strip_bullet(item.text), -1000 + #facts.constraints)
    elseif item.section == "concepts" then
      for _, line in ipairs(take_rules(facts, item)) do concepts[#concepts + 1] = line end
    elseif item.section == "latest" then
      latest[#latest + 1] = "  - " .. strip_bullet(item.text)
    elseif item.section == "open" then
      local rest = take_rules(facts, item)
      if #rest > 0 then
        facts.previous_open[#facts.previous_open + 1] = T.cut_words(table.concat(rest, " "), 400)
      end
    elseif not item.text:match("^[%s%-%*_=]+$") then -- (a Markdown rule, "---", says nothing)
      local line = relative(facts, item.text)
      facts.earlier[#facts.earlier + 1] = line:match("^%s*[%-%*%+] ") and line or ("- " .. line)
    end
  end
  if files.at then -- its brief form: the file names alone
    local line = "- Files: " .. table.concat(files, ", ")
    facts.earlier[files.at] = line
    facts.earlier_brief = facts.earlier_brief or {}
    facts.earlier_brief[line] = T.cut_words("- Files: " .. table.concat(files.names, ", "), 400)
  end
  if #concepts > 0 then
    facts.earlier[#facts.earlier + 1] = "- Background: " .. T.cut_words(table.concat(concepts, "; "), 400)
  end
  if #latest > 0 then
    facts.earlier[#facts.earlier + 1] = "- Earlier exchange:\n" .. table.concat(latest, "\n")
  end
end

return previous
