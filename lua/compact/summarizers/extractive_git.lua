--- The repository's state at the end, for the extractive summarizer: the
-- commits a `git status` showed not pushed yet, which a handoff must say
-- (the next engineer would otherwise take the work for published).
-- @module compact.summarizers.extractive_git

local commands = require "compact.commands"

local git = {}

-- The stem of each step of a passing command.
local function ran(command, stem)
  for _, each in ipairs(commands.stems(command)) do
    if each == stem then return true end
  end
  return false
end

--- Follow a passing command's effect on `facts.unpushed` (`{ upstream =,
-- count = }` or nil): `git status` sets it from its "ahead of 'origin/x'
-- by N commits" line (in any language: the line is the one that names the
-- upstream, with git's `"git push"` hint after it) or clears it; a later
-- commit adds one; a push clears it.
function git.follow(facts, command, output)
  if ran(command, "git status") then
    local upstream = output:match("'([%w_%.%-]+/[^'\n]+)'")
    if upstream and output:find('"git push"', 1, true) then
      local line = output:match("[^\n]*'" .. upstream:gsub("%p", "%%%0") .. "'[^\n]*") or ""
      facts.unpushed = { upstream = upstream, count = tonumber(line:match("(%d+)")) }
    else
      facts.unpushed = nil
    end
  end
  if facts.unpushed and ran(command, "git commit") and facts.unpushed.count then
    facts.unpushed.count = facts.unpushed.count + 1
  end
  if ran(command, "git push") then facts.unpushed = nil end
end

--- The open-work line for commits not pushed, or nil.
function git.open_line(facts)
  local unpushed = facts.unpushed
  if not unpushed then return nil end
  local count = unpushed.count
  return "- Not pushed: the branch is " .. (count and (count .. " commit" .. (count == 1 and "" or "s")) or "ahead")
    .. (count and " ahead of " or " of ") .. unpushed.upstream .. " (the last `git status`)"
end

return git
