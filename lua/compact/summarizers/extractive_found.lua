--- What the look-ups of a turn found, for the extractive summarizer: a
-- read, a search, a fetch or a command that only looks (`git log`, `cat`,
-- `rg`, `Get-Content`), with the gist of its output ("`git log`: fatal: not
-- a git repository"; "`package.json`: "description": "Proximity-Based
-- Crypto Payments""). A session that ends mid-investigation has its facts
-- there, and a continuing engineer need not look them up again.
-- Shown only in the room a note leaves, misses first.
-- @module compact.summarizers.extractive_found

local T = require("compact.summarizers.extractive_text")
local changes = require("compact.summarizers.extractive_changes")
local commands = require("compact.commands")

local found = {}

-- Look-ups kept per turn (the last ones: a long turn's earlier look-ups
-- were followed by what the agent made of them).
local KEEP = 24

-- Lines that carry nothing of a file or a listing: bare punctuation,
-- fences, git's hints, a harness's line count.
local function is_filler(line)
  return not line:find("%w") or line:find("^%s*```") ~= nil or line:find("^%s*%(use \"git ") ~= nil
    or line:find("^%s*Total output lines:") ~= nil or line:find("^%s*<system%-reminder>") ~= nil
    or line:find("^%s*no changes added to commit") ~= nil
end

-- Source files: their first lines are imports and licences; the file
-- lists name what was read. Documents and settings say what a project is.
local DOCUMENTS = { md = true, markdown = true, txt = true, rst = true, json = true, toml = true, yaml = true,
  yml = true, ini = true, cfg = true, conf = true, adoc = true, org = true, csv = true, xml = true, lock = false }

local function is_source(path)
  local base = path and path:match("[^/\\]+$")
  if not base then return false end
  local ext = base:match("%.([%w]+)$")
  if not ext then return false end -- README, Makefile, LICENSE
  return not DOCUMENTS[ext:lower()]
end

-- Commands whose output tells nothing of the work.
local SAY_NOTHING = { pwd = true, echo = true, sleep = true, printf = true, date = true, ["true"] = true, clear = true }

-- A line without the reader's line number ("   12→", "12\t", "12:" of `nl`
-- and `cat -n`): the numbers say where, not what.
local function without_number(line)
  return (line:gsub("^%s*%d+[\t:|]%s?", ""):gsub("^%s*%d+\226\134\146", ""))
end

-- Words that make a line of a file or a listing never copied: the line
-- names a credential, whatever shape its value has (`"password":"..."`,
-- `Password=...;`, `<password>`, netrc's `password x`, `_authToken=`,
-- `client-key-data:`, `STRIPE_WEBHOOK=`).
local SECRET_LINE = { "password", "passwd", "passphrase", "secret", "token", "api[_%-]?key", "apikey",
  "private[_%-]?key", "client[_%-]key", "credential", "%f[%a]auth%f[%A]", "authorization", "webhook",
  "%f[%a]pwd%f[%A]", "%f[%a]pass%f[%A]", "_pass%f[%A]", "cookie", "%f[%a]key[_%-]data", "signing[_%-]?key" }

local function names_secret(line)
  local lower = line:lower()
  for _, word in ipairs(SECRET_LINE) do
    if lower:find(word) then return true end
  end
  return false
end

-- A long opaque run of letters and digits (mixed case and a digit, 32
-- bytes or more): a key or token of a shape no rule knows.
local function without_opaque(line)
  return (line:gsub("[%w+=_%-]+", function(run)
    if #run >= 32 and run:find("%d") and run:find("%l") and run:find("%u") then return "[redacted]" end
  end))
end

-- The lines of a look-up's output that say something, made safe to copy
-- (see `gist`), as far as `MAX_GIST` bytes go.
local MAX_GIST = 3000

local function safe_lines(output, path)
  local out, used, lines = {}, 0, 0
  -- (the whole text first: a PEM block's lines say nothing alone)
  output = changes.redact_keys(output:sub(1, 64 * 1024))
  -- the harness's note appended to a read (Claude Code's "<system-reminder>
  -- Whenever you read a file ...") is no line of the file
  output = output:gsub("<system%-reminder>.-</system%-reminder>", ""):gsub("<system%-reminder>.*$", "")
  for line in output:gmatch("[^\n]+") do
    lines = lines + 1
    if used >= MAX_GIST or lines > 400 then break end
    line = T.flatten(without_number(line:sub(1, 400))):gsub("^[%-%*] ", "")
    if not is_filler(line) and not names_secret(line) then
      local hit_path, rest = line:match("^([%w_%./%-]+):(%d+:.*)$")
      if hit_path then
        line = hit_path .. ": " .. changes.safe_line((rest:gsub("^%d+:%s*", "")), hit_path)
      else
        line = changes.safe_line(line, path or "")
      end
      line = without_opaque(line)
      out[#out + 1] = line
      used = used + #line + 3
    end
  end
  return out
end

local function join_within(lines, limit)
  local parts, used = {}, 0
  for _, line in ipairs(lines) do
    if used >= limit then break end
    parts[#parts + 1] = line
    used = used + #line + 3
  end
  if #parts == 0 then return nil end
  return T.cut_words(table.concat(parts, " / "), limit)
end

--- The gist of a look-up's output: its first lines that say something,
-- joined with " / ", within `limit` bytes, each line made safe to copy:
-- a key block withheld whole, a line that names a credential left out,
-- secret-looking values and long opaque runs redacted (a search hit's
-- `path:line:` prefix kept, its text redacted as a line of that file).
-- Nil when there is nothing to say.
function found.gist(output, path, limit)
  return join_within(safe_lines(output, path), limit)
end

-- Never copied, whatever the room: what an environment file, a key, a
-- credentials store or the environment itself holds (by the path read or
-- anywhere in the command).
local PRIVATE = { "%.env", "secret", "credential", "%.pem", "%.key%f[%W]", "%.p12", "%.pfx", "%.ssh/", "id_rsa",
  "id_dsa", "id_ecdsa", "id_ed25519", "netrc", "%.npmrc", "%.pypirc", "%.pgpass", "%.kube/", "kubeconfig",
  "docker/config%.json", "%.git%-credentials", "auth%.json", "token", "password", "shadow", "%f[%w]env%f[%W]",
  "printenv", "%f[%w]set%s*$", "get%-childitem%s+env:", "%f[%w]gci%s+env:", "%$env:" }

local function is_private(...)
  for i = 1, select("#", ...) do
    local text = select(i, ...)
    if type(text) == "string" then
      text = text:lower()
      for _, pattern in ipairs(PRIVATE) do
        if text:find(pattern) then return true end
      end
    end
  end
  return false
end

--- Record what a look-up's output said, in its turn. `missed`: the output
-- reads as a failure (a missing file, "not a git repository"); `nothing`:
-- a search that found nothing.
function found.record(call, output, missed, nothing)
  if not call or not call.turn or is_private(call.path, call.command, call.label) then return end
  if call.read and not missed and is_source(call.path) then return end
  if call.command and SAY_NOTHING[commands.stem(call.command) or ""] then return end
  local turn = call.turn
  turn.found = turn.found or {}
  local list = turn.found
  local entry = { label = call.label, missed = missed or nothing, output = output, path = call.path,
                  nothing = nothing }
  -- the latest result of a label stands for it
  for i = #list, 1, -1 do
    if list[i].label == entry.label then table.remove(list, i) end
  end
  list[#list + 1] = entry
  if #list > KEEP then table.remove(list, 1) end
end

-- "label: what it found", in `limit` bytes. What the output says is
-- worked out once per look-up (a note is rendered at several scales, in
-- several forms each), then cut to each limit.
local function item(entry, limit)
  local room = math.max(40, limit - #entry.label - 2)
  local what
  if entry.nothing then
    what = "nothing found"
  elseif entry.missed then
    if entry.reason == nil then entry.reason = T.failure_reason(entry.output, MAX_GIST) or false end
    what = entry.reason and T.cut_words(entry.reason, room)
  else
    entry.lines = entry.lines or safe_lines(entry.output, entry.path)
    what = join_within(entry.lines, room)
  end
  if not what then return nil end
  return entry.label .. ": " .. what
end

--- The turn's findings as one line within `limit` bytes, or nil: the
-- misses first (what is not there), then what the others showed, in the
-- order looked up; `misses_only` for the brief form.
function found.line(turn, limit, misses_only)
  local list = turn.found
  if not list or #list == 0 then return nil end
  local ordered = {}
  for _, entry in ipairs(list) do if entry.missed then ordered[#ordered + 1] = entry end end
  if not misses_only then
    for _, entry in ipairs(list) do if not entry.missed then ordered[#ordered + 1] = entry end end
  end
  if #ordered == 0 then return nil end
  -- each look-up its share of the line, at least enough to say something
  local share = math.max(120, math.floor(limit / #ordered))
  local parts, used = {}, 0
  for _, entry in ipairs(ordered) do
    local text = item(entry, share)
    if text and used + #text + 2 <= limit then
      parts[#parts + 1] = text
      used = used + #text + 2
    end
  end
  if #parts == 0 then return nil end
  return table.concat(parts, "; ")
end

return found
