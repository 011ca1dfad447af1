--- Task specs the agent fetched, for the extractive summarizer: an issue
-- shown by a tracker (`bd show`, `gh issue view`, `jira issue view`, ...)
-- states the work's rules the way a user's request does ("do not implement
-- polling", "Architecture constraints: - preserve the route structure"),
-- so its rules become constraints of the summary.
-- @module compact.summarizers.extractive_specs

local T = require "compact.summarizers.extractive_text"
local commands = require "compact.commands"

local specs = {}

-- Tracker programs and the subcommands that show one issue.
local SHOW = { bd = { show = true }, gh = { issue = true, pr = true }, glab = { issue = true, mr = true },
  jira = { issue = true, view = true }, linear = { issue = true }, tea = { issue = true } }

-- Words of a heading whose items are all rules.
local RULE_HEADINGS = { "constraint", "requirement", "non%-goal", "out of scope", "must", "do not", "don't",
  "guardrail", "rules" }

-- Words that make one line a rule wherever it stands, as whole words
-- ("never", not "whenever"; "must", not "mustache").
local RULE_WORDS = { "must", "never", "always", "do not", "don't", "not allowed", "avoid", "preserve",
  "no duplicate", "instead of", "only after", "not one per" }

-- Trackers anyone may file in (a public repository's issues and pull
-- requests): only the items under a heading that names rules are taken
-- from them, never a stray imperative.
local OPEN_TRACKERS = { gh = true, glab = true, tea = true }

-- The most rules taken from one issue: its constraints, not its whole text.
local MAX_RULES = 4

--- Does `command` show one issue of a tracker (`bd show x`, `gh issue view 12`)?
function specs.shows_issue(command)
  local program = (commands.stem(command) or ""):match("^%S+")
  if not program or not SHOW[program] then return false end
  local sub = (" " .. commands.normalize(command)):match("%s" .. program .. "%s+([%w_%-]+)")
  if not SHOW[program][sub] then return false end
  if program == "bd" or program == "jira" and sub == "view" then return true end
  -- `gh issue view 12`, not `gh issue list`
  return (" " .. commands.normalize(command) .. " "):find("%s" .. sub .. "%s+view%s") ~= nil
end

--- The issue a show command names (`spotter-0zw.1` of `bd show spotter-0zw.1`), or nil.
function specs.issue_id(command)
  local text = " " .. commands.normalize(command) .. " "
  return text:match("%sshow%s+([^%s%-]%S*)") or text:match("%sview%s+([^%s%-]%S*)")
end

-- Does `line` hold one of `words` from the start of a word (and to its end
-- with `whole`: "never", not "whenever"; "must", not "mustache")?
local function mentions(line, words, whole)
  local lower = " " .. line:lower() .. " "
  for _, word in ipairs(words) do
    if lower:find("%f[%w]" .. word .. (whole and "%f[%W]" or "")) then return true end
  end
  return false
end

--- Is `command` a show of an issue in a tracker anyone may file in?
function specs.open_tracker(command)
  return OPEN_TRACKERS[(commands.stem(command) or ""):match("^%S+") or ""] == true
end

--- The rules an issue's text states: the items under a heading that names
-- rules ("Architecture constraints"), and any item or sentence that states
-- one ("Do not change route definitions."; not with `headed_only`), at
-- most `MAX_RULES`, each on one line within 200 bytes, in order.
function specs.rules(output, headed_only)
  local out, seen, under_rules = {}, {}, false
  for line in (output .. "\n"):gmatch("([^\n]*)\n") do
    local item = line:match("^%s*[%-%*•]%s+(.-)%s*$") or line:match("^%s*%d+[%.%)]%s+(.-)%s*$")
    local plain = line:match("^%s*(.-)%s*$")
    if not item and plain ~= "" and #plain <= 60 and not plain:find("[%.;]$") then
      -- a heading line ("Architecture constraints", "## Edge cases")
      under_rules = mentions(plain, RULE_HEADINGS)
    elseif item and item:find("%a%a") and (under_rules or not headed_only and mentions(item, RULE_WORDS, true)) then
      local text = T.cut_words(T.flatten(item), 200)
      if not seen[text] then
        seen[text] = true
        out[#out + 1] = text
        if #out == MAX_RULES then break end
      end
    end
  end
  return out
end

return specs
