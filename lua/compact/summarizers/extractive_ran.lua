--- The commands of a turn for the extractive summarizer, as one line:
-- each command's outcome ("`mix test` failed (11 failures), passed
-- later"), the most telling first (failures, installs and tracker steps,
-- verdicts), then the count of the others, of look-ups and of edits.
-- @module compact.summarizers.extractive_ran

local T = require("compact.summarizers.extractive_text")
local vocabulary = require("compact.tool_vocabulary")
local commands = require("compact.commands")

local ran = {}
local first_string = T.first_string
local plural, outcome, failed_last

function ran.plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end
plural = ran.plural

-- "`cmd` passed", "`cmd` failed (x2): reason", "`cmd` failed, then passed"
-- (the reason cut to `reason_limit` bytes when given).
function ran.outcome(entry, no_reason, why_fixed, reason_limit)
  local o, n = entry.outcomes, #entry.outcomes
  if n == 0 then
    return entry.label .. (entry.rejected and " (" .. entry.rejected .. " by the user)" or " (no result)")
  end
  local failures = 0
  for i = 1, n do if not o[i] then failures = failures + 1 end end
  local times = n > 1 and (" (x" .. n .. ")") or ""
  local cause = entry.reason and reason_limit and T.cut_words(entry.reason, reason_limit) or entry.reason
  local reason = cause and not no_reason and (": " .. cause) or ""
  if failures == 0 then return entry.label .. " passed" .. times end
  -- what went wrong before the fix, in brief (in the latest exchange)
  if failures == n and entry.fixed then
    local why = entry.reason and why_fixed and (" (" .. T.cut_words(entry.reason, 60) .. ")") or ""
    return entry.label .. " failed" .. why .. ", passed later"
  end
  if failures == n then return entry.label .. " FAILED" .. times .. reason end
  if o[n] then return entry.label .. " failed" .. reason .. ", then passed" end
  return entry.label .. " passed, then FAILED" .. reason
end
outcome = ran.outcome

function ran.failed_last(entry)
  return #entry.outcomes > 0 and not entry.outcomes[#entry.outcomes] and not entry.fixed
end
failed_last = ran.failed_last

-- Calls that only look at things (and calls that are not commands: plans,
-- searches, fetches); when they pass they are counted, not listed.
local function is_lookup(entry)
  if #entry.outcomes == 0 or not entry.outcomes[#entry.outcomes] or entry.reason then return false end
  if entry.delegated then return false end -- work given to a sub-agent
  if entry.shell == false then return true end
  if entry.command then return vocabulary.is_lookup(entry.command) end
  return entry.label:match("^read ") ~= nil
end

local function any_failure(entry)
  for _, ok in ipairs(entry.outcomes) do if not ok then return true end end
  return false
end

-- Passing commands worth naming before the others: dependency installs
-- and issue-tracker / sync steps (`npm install x`, `bd sync`, `gh issue create`).
local NOTABLE_STEMS = { ["npm install"] = true, ["npm i"] = true, ["npm add"] = true, ["yarn add"] = true,
  ["pnpm add"] = true, ["pnpm install"] = true, ["bun add"] = true, ["pip install"] = true,
  ["pip3 install"] = true, ["uv add"] = true, ["poetry add"] = true, ["cargo add"] = true, ["go get"] = true,
  ["mix deps.get"] = true, ["bundle add"] = true, ["gem install"] = true, ["gh issue"] = true, ["gh pr"] = true,
  ["git push"] = true }
local TRACKERS = { bd = true, jira = true, linear = true }

local function is_notable(entry)
  local stem = entry.command and vocabulary.command_stem(entry.command)
  if not stem then return false end
  if NOTABLE_STEMS[stem] then return true end
  local program = stem:match("^%S+")
  if not TRACKERS[program] then return false end
  -- a tracker's subcommand: the word after the program
  local sub = (" " .. commands.normalize(entry.command)):match("%s" .. program .. "%s+([%w_%-]+)")
  -- looking, and marking a task started, say less than closing or creating one
  return sub ~= nil and sub ~= "show" and sub ~= "list" and sub ~= "ready" and sub ~= "search" and sub ~= "update"
end

-- Stems whose passing run is a verdict on the work: tests, builds, linters,
-- type checks, migrations, releases (`mix test`, `npm run build`, `cargo clippy`).
-- A word of the stem (split at spaces and `:._-/`) names it, or starts it
-- for "test" and "migrat" (`tests`, `db:migrate`); `git checkout` is no check.
local VERDICT_WORDS = { test = true, build = true, lint = true, check = true, credo = true, dialyzer = true,
  tsc = true, compile = true, format = true, fmt = true, vet = true, clippy = true, spec = true, busted = true,
  pytest = true, jest = true, vitest = true, deploy = true, release = true, publish = true, codegen = true,
  make = true, typecheck = true, types = true, eslint = true, prettier = true, mypy = true, ruff = true }

local function is_verdict(entry)
  local stem = entry.command and vocabulary.command_stem(entry.command)
  if not stem then return false end
  for word in stem:lower():gmatch("[^%s:%._%-/]+") do
    if VERDICT_WORDS[word] or word:find("^test") or word:find("^migrat") then return true end
  end
  return false
end

-- How much a command's line tells a continuing engineer: a failure (fixed
-- or not) most, then installs, tracker steps and pushes, then verdicts
-- (tests, builds, linters, migrations), then the rest; a commit the turn's
-- milestones already name says least.
local function command_rank(turn, entry)
  -- an edit the agent retried until it applied says less than any command
  local last = entry.outcomes[#entry.outcomes]
  if not entry.command and any_failure(entry) and (entry.fixed or last == true) then return -0.5 end
  if any_failure(entry) then return 3 end
  if is_notable(entry) then return 2 end
  if is_verdict(entry) then return 1 end
  if entry.command and (turn.commits or 0) > 0 and T.commit_subject(entry.command, "") ~= nil then return -1 end
  return 0
end

-- The "Ran:" part of a turn: at most `limit` commands, most informative
-- first (then in order), then the number of the others, of look-ups and of
-- files edited.
function ran.line(turn, limit, no_reason, name_missed)
  local ranked, lookups, nothing = {}, 0, {}
  for i, entry in ipairs(turn.commands) do
    if is_lookup(entry) then
      lookups = lookups + 1
      local what = name_missed and entry.found_nothing and entry.label:match("`(.*)`$")
      if what and #nothing < 6 then nothing[#nothing + 1] = what end
    elseif #entry.outcomes == 0 and entry.shell == false and not entry.rejected then -- luacheck: ignore 542
      -- a question or a plan whose answer is reported elsewhere
    else
      ranked[#ranked + 1] = { entry = entry, rank = command_rank(turn, entry), i = i }
    end
  end
  table.sort(ranked, function(a, b)
    if a.rank ~= b.rank then return a.rank > b.rank end
    return a.i < b.i
  end)
  local shown = {}
  for k = 1, math.min(limit, #ranked) do
    local entry = ranked[k].entry
    -- `no_reason`: the reasons of what still fails are under open work
    shown[k] = outcome(entry, no_reason and failed_last(entry), no_reason)
  end
  local more = #ranked - #shown
  if more > 0 then shown[#shown + 1] = plural(more, "more command") end
  if lookups > 0 then
    shown[#shown + 1] = plural(lookups, "look-up")
      .. (#nothing > 0 and (" (nothing found for " .. table.concat(nothing, ", ") .. ")") or "")
  end
  if turn.edits > 0 then shown[#shown + 1] = "edited " .. plural(turn.edits, "file") end
  if #shown == 0 then return nil end
  return table.concat(shown, "; ")
end

--- A turn's failures, as one line within `limit` bytes: the commands that
-- failed, each with its outcome and why it failed, cut to `each` bytes
-- ("`npm run build` failed: Type error: Cannot find name 'useEffect'.
-- (event-card.tsx:27:3), then passed"); nil when none failed. The gist
-- of a turn a long note has no room for whole: what broke, and whether
-- it was fixed.
function ran.failures_line(turn, limit, each)
  local parts, fixed = {}, {}
  for _, entry in ipairs(turn.commands) do
    if entry.command and #entry.outcomes > 0 and any_failure(entry) then
      -- what still fails before what was fixed
      local list = failed_last(entry) and parts or fixed
      list[#list + 1] = outcome(entry, false, false, each or 100)
    end
  end
  for _, part in ipairs(fixed) do parts[#parts + 1] = part end
  if #parts == 0 then return nil end
  return T.cut_words(table.concat(parts, "; "), limit)
end

--- A script of several lines as its steps: without the shebang, comments
-- and `echo "====="` banners, which say nothing of what it runs, nor
-- does a first line that changes to an absolute directory.
function ran.script_steps(command)
  -- a script that opens by changing to an absolute directory (the
  -- project's, mostly) on a line of its own: its steps are the rest, as
  -- `cd /the/project && make` is `make`
  local after_cd = command:match("^%s*cd%s+[\"']?[/~][^\n;&|]*\n%s*(%S.*)$")
    or command:match("^%s*cd%s+[\"']?%a:[\\/][^\n;&|]*\n%s*(%S.*)$")
  if after_cd then command = after_cd end
  -- only a script that opens with them: a commit message's lines are its own
  local first = command:match("^%s*([^\n]*)")
  if not command:find("\n") or not (first:find("^#") or first:find("^echo%s+[\"']?[=%-#%*]")) then
    return command
  end
  local steps = {}
  for line in command:gmatch("[^\n]+") do
    local plain = line:match("^%s*(.-)%s*$")
    local banner = plain:match("^echo%s+[\"']?([^\"']*)")
    if plain ~= "" and not plain:find("^#") and not (banner and (banner == "" or banner:find("^[=%-#%*]"))) then
      steps[#steps + 1] = plain
    end
  end
  return #steps > 0 and table.concat(steps, "; ") or command
end

--- A shell command as a note names it: its steps (`script_steps`) on one
-- line, without a shell wrapper or a first change to an absolute directory
-- ("bash -lc 'cd /the/project && make'" is "make"; the directory quoted
-- too, Windows' as well: `cd "C:\Users\me\app" && git push`).
function ran.shown(command)
  local shown, wrapped = T.flatten(ran.script_steps(command)):gsub("^%S*sh %-l?c ", "")
  if wrapped > 0 then shown = shown:gsub("^[\"']", ""):gsub("[\"']$", "") end
  return (shown:gsub("^cd [/~]%S* *&& *", ""):gsub("^cd \"[/~][^\"]*\" *&& *", "")
    :gsub("^cd \"?%a:[\\/][^\"&]*\"? *&& *", ""))
end

--- The label of a delegation to a sub-agent (Claude Code's Task): what it was given and
-- to which agent and model ("sub-agent `Draft the beads` (Plan, haiku)").
function ran.delegation_label(name, args, relative)
  local what = args and (first_string(args, { "description" }) or first_string(args, { "prompt" }))
  local agent = args and first_string(args, { "subagent_type", "agent" })
  local model = args and first_string(args, { "model" })
  local who = agent and model and (agent .. ", " .. model) or agent or model
  return (what and ("sub-agent `" .. T.cut_words(T.flatten(relative(what)), 80) .. "`") or name)
    .. (who and (" (" .. who .. ")") or "")
end

return ran
