--- The repository's state at the end, for the extractive summarizer: the
-- commits a `git status` showed not pushed yet, which a handoff must say
-- (the next engineer would otherwise take the work for published).
-- @module compact.summarizers.extractive_git

local commands = require "compact.commands"

local git = {}

-- What a `git status` says of the upstream: `{ upstream =, count = }` when
-- the branch is ahead (the line right above git's `"git push"` hint names
-- the upstream in quotes, in any language; `-sb`'s `## b...origin/b [ahead 2]`),
-- false when it says nothing is to push, nil when it does not say.
local function ahead_of(output)
  local previous
  for line in output:gmatch("[^\n]+") do
    if previous and line:find('"git push"', 1, true) then
      local upstream = previous:match("'([^'\n]+/[^'\n]+)'")
      if upstream then
        return { upstream = upstream, count = tonumber(previous:gsub("'[^']*'", ""):match("(%d+)")) }
      end
    end
    local branch, upstream, rest = line:match("^## (%S-)%.%.%.(%S+)(.*)$")
    if branch then
      local count = rest:match("%[ahead (%d+)")
      return count and { upstream = upstream, count = tonumber(count) } or false
    end
    previous = line
  end
  -- a branch with an upstream and no hint: up to date (or behind)
  if output:find("'[^'\n]+/[^'\n]+'") then return false end
  return nil
end

--- Follow a passing command's effect on `facts.unpushed` (`{ upstream =,
-- count = }` or nil), step by step: `git status` sets it (or clears it when
-- nothing is to push); a later commit adds one (not an `--amend`); a plain
-- push clears it (not `--tags` or `--delete`).
function git.follow(facts, command, output)
  local amend = command:find("%-%-amend") ~= nil
  -- a push that publishes no branch: of tags or deletions with no refspec
  -- but the remote, or a dry run
  local push = command:match("git%s+push([^\n&;|]*)") or ""
  local positional = 0
  for word in push:gmatch("%S+") do if not word:find("^%-") then positional = positional + 1 end end
  local tags_only = (push:find("%-%-tags") or push:find("%-%-delete")) and positional <= 1
    or push:find("%-%-dry%-run") or push:find("%f[%S]%-n%f[%s\0]")
  for _, stem in ipairs(commands.stems(command)) do
    if stem == "git status" then
      local state = ahead_of(output)
      if state ~= nil then facts.unpushed = state or nil end
    elseif stem == "git commit" and facts.unpushed and facts.unpushed.count and not amend then
      facts.unpushed.count = facts.unpushed.count + 1
    elseif stem == "git push" and not tags_only then
      facts.unpushed = nil
    end
  end
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
