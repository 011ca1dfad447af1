--- What the edits of a session wrote, for the extractive summarizer: the
-- lines each write or edit added, per file, ranked by how much they say
-- (comments, messages, definitions and settings before plain code), so a
-- note with room to spare can say what changed in a file, not only that
-- it changed ("`index.ts`: `throw new Error(\"LMSTUDIO_URL is not
-- defined\")`; `stream: true`").
-- @module compact.summarizers.extractive_changes

local T = require "compact.summarizers.extractive_text"

local changes = {}

-- Argument keys of the text an edit writes, and of the text it replaces.
local NEW_KEYS = { "new_string", "new_str", "newText", "new_text", "content", "file_text", "contents" }
local OLD_KEYS = { "old_string", "old_str", "oldText", "old_text" }
local PATCH_KEYS = { "input", "patch", "patchText", "patch_text" }

-- Lines kept of one write or edit, of one file in all (the rest are
-- dropped, lowest rank and oldest first), and the longest line shown.
local MAX_LINES = 40
local MAX_FILE_LINES = 120
local MAX_LINE = 110

local first_string = T.first_string

local function is_comment(line)
  return line:find("^//") or line:find("^#%s") or line:find("^%-%-") or line:find("^/%*") or line:find("^%*%s")
    or line:find("^%*/") or line:find("^<!%-%-")
end

-- How much an added line tells (nil: nothing): what a reader of the
-- note could not guess from the file name.
local function score(line)
  -- a document's heading says much in few bytes ("# Usage")
  if #line < 8 and not line:find("^#+%s+%a%a") or not line:find("%a%a") then return nil end
  -- closing brackets, bare keywords, imports: structure, not content
  if line:find("^[%s%)%]}>;,]*$") or line:find("^import%s") or line:find("^from%s+%S+%s+import")
      or line:find("^require[%s(]") or line:find("^local%s+[%w_]+%s*=%s*require") or line:find("^use%s")
      or line:find("^alias%s") or line:find("^#include") or line:find("^</?%a+>$") then
    return nil
  end
  local s = 0
  if is_comment(line) then
    -- a comment that says why, not a section label ("// Constants") nor
    -- code in a doc comment ("/// let map = HashMap::new();")
    local body = line:gsub("^[/#%-%*!<]+%s*", "")
    local code = body:find("[;{}=]") or body:find("^use ") or body:find("^let ") or body:find("^assert")
    s = s + ((#line >= 24 and not code) and 3 or 0)
  end
  if line:find("[\"'`][^\"'`]*%a%a[^\"'`]*[\"'`]") then s = s + 2 end -- a message or a value
  if line:find("^export%s") or line:find("^pub%s") or line:find("^def%s") or line:find("^defp?%s")
      or line:find("^function%s") or line:find("^local function%s") or line:find("^class%s")
      or line:find("^const%s") or line:find("^let%s") or line:find("^async%s") then
    s = s + 2 -- a definition
  end
  if line:find("^[%w_%-\"'%.]+%s*[:=]%s*%S") then s = s + 1 end -- a setting
  -- a document's item, or its heading (a short one is a label: "## Problem")
  if line:find("^[%-%*]%s") or line:find("^#+%s") and #line >= 16 then
    s = s + 2
  elseif line:find("^#+%s") then
    s = s + 1
  end
  -- plain code (`if (x) {`, `headers,`) says little on its own
  return s > 0 and s or nil
end

-- The lines of `text` not in `old`, trimmed.
local function added(text, old)
  local before = {}
  -- (trimmed in linear time: "^%s*(.-)%s*$" is quadratic in a run of spaces)
  local function trim(line) return line:match("^%s*(.*%S)") or "" end
  if old then for line in old:gmatch("[^\r\n]+") do before[trim(line)] = true end end
  local out = {}
  for line in text:gmatch("[^\r\n]+") do
    local trimmed = trim(line)
    if not before[trimmed] then out[#out + 1] = trimmed end
  end
  return out
end

-- `{ { path =, lines = { added lines } }, ... }` of an apply_patch text,
-- the files in the order the patch names them.
local function patch_lines(text)
  local out, by_path, current = {}, {}, nil
  for line in text:gmatch("[^\r\n]+") do
    local path = line:match("^%*%*%* %a+ File: *(.-)%s*$") or line:match("^%*%*%* Move to: *(.-)%s*$")
    if path then
      if not by_path[path] then
        by_path[path] = {}
        out[#out + 1] = { path = path, lines = by_path[path] }
      end
      current = by_path[path]
    elseif line:find("^%*%*%*") then
      current = nil
    elseif current and line:sub(1, 1) == "+" then
      current[#current + 1] = line:sub(2):match("^%s*(.-)%s*$")
    end
  end
  return out
end

--- The lines a file tool call added: `{ { path =, lines = { line, ... } }, ... }`,
-- in the order the call names the files (empty when it wrote nothing that
-- can be read). `kind` is its
-- `compact.tool_vocabulary` classification; `command` the shell command
-- that ran `apply_patch`, when it was one.
function changes.of_call(kind, args, command)
  if kind.patch then
    local text = type(args) == "table" and first_string(args, PATCH_KEYS) or nil
    return patch_lines(text or command or "")
  end
  local path = kind.paths[1]
  if not path or type(args) ~= "table" then return {} end
  local lines, removed = {}, nil
  local text = first_string(args, NEW_KEYS)
  if text then
    local old = first_string(args, OLD_KEYS)
    lines = added(text, old)
    -- what an edit took out (shown when it added nothing worth showing)
    if old then removed = added(old, text) end
  elseif type(rawget(args, "edits")) == "table" then -- Claude Code's MultiEdit, pi's edits
    for _, edit in ipairs(rawget(args, "edits")) do
      if type(edit) == "table" then
        local new = first_string(edit, NEW_KEYS)
        if new then
          for _, line in ipairs(added(new, first_string(edit, OLD_KEYS))) do lines[#lines + 1] = line end
        end
      end
    end
  end
  return { { path = path, lines = lines, removed = removed } }
end

-- Style sheets and markup: their comments and headings say what changed,
-- their declarations (`margin: 0;`, `<div class="x">`) hardly.
local MARKUP = { css = true, scss = true, sass = true, less = true, html = true, htm = true, svg = true, xml = true,
  heex = true }

-- Environment files: every value withheld.
local function is_env_file(path)
  local base = (path:match("[^/]+$") or path):lower()
  return base:find("^%.env") ~= nil or base:find("%.env$") ~= nil
end

-- Files that are lists, one entry per line: ignore lists, requirements,
-- environment files.
local function is_list_file(path)
  local base = (path:match("[^/]+$") or path):lower()
  return base:find("^%.%a*ignore$") ~= nil or base == ".gitattributes" or base:find("^requirements.*%.txt$") ~= nil
    or base:find("^%.env") ~= nil or base == "go.mod" or base == "gemfile" or base == "procfile"
    or base == "makefile" or base == "justfile" or base == "dockerfile"
end

-- Secret-looking values are never copied into the note: an assignment to
-- a name that says key, token, secret or password keeps its name only, and
-- a value shaped like a provider's key (sk-..., ghp_..., AKIA..., xoxb-...) goes.
local SECRET_WORDS = { key = true, token = true, secret = true, password = true, passwd = true, pass = true,
  credential = true, credentials = true, auth = true, apikey = true, pwd = true }
local plain_value
local SECRET_SHAPES = { "%f[%w]sk%-[%w_%-]+", "%f[%w]gh[pousr]_%w+", "%f[%w]AKIA[%u%d]+", "%f[%w]xox[abpr]%-[%w%-]+",
  "%f[%w]AIza[%w_%-]+", "%f[%w][rp]k_live_[%w_]+", "%f[%w]eyJ[%w_%-]+%.[%w_%-]+%.[%w_%-]+",
}

-- A value that is no secret: a number, a boolean.
function plain_value(value)
  return value:find("^%-?[%d%.]+$") ~= nil or value == "true" or value == "false"
end

-- Credentials that need no shape: a bearer token, a URL's password, an
-- environment variable named for a secret (`DB_PASSWORD=...` in a command).
local SECRET_VARIABLES = { "KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL" }

local function redact_credentials(text)
  -- a PEM block whole (or from its header on, when it was cut)
  text = text:gsub("%-%-%-%-%-BEGIN [%u ]+%-%-%-%-%-.-%-%-%-%-%-END [%u ]+%-%-%-%-%-", "[redacted]")
  text = text:gsub("%-%-%-%-%-BEGIN [%u ]*PRIVATE KEY%-%-%-%-%-.*$", "[redacted]")
  -- (a token, not the word after "Bearer" in prose: "a Bearer authentication scheme")
  text = text:gsub("([Bb]earer%s+)([%w%-%._~%+/=]+)", function(lead, token)
    if #token >= 20 or #token >= 6 and token:find("[%d%._%-=]") then return lead .. "[redacted]" end
  end)
  text = text:gsub("(://[^/%s:@]+:)[^%s/]*@", "%1[redacted]@")
  -- a variable whose name ends with the word (DB_PASSWORD=, GH_TOKEN=; not MAX_TOKENS=)
  for _, word in ipairs(SECRET_VARIABLES) do
    text = text:gsub("(%f[%w_][%u%d_]*" .. word .. "=)([^%s&;|\"'`]+)", function(name, value)
      if not plain_value(value) then return name .. "[redacted]" end
    end)
  end
  return text
end

--- `text` with every value shaped like a provider's key replaced by "[redacted]".
function changes.redact_keys(text)
  text = redact_credentials(text)
  for _, shape in ipairs(SECRET_SHAPES) do
    -- (a key has a long run of letters and digits: "sk-learn-compatible-models" is none)
    text = text:gsub(shape, function(found)
      local keyed = found:find("BEGIN", 1, true) or found:find("^eyJ") or found:find("_live_", 1, true)
        or found:find("%d") and found:find("%w%w%w%w%w%w%w%w%w%w%w%w%w%w%w%w")
      return keyed and "[redacted]" or found
    end)
  end
  return text
end

local DECLARATIONS = { export = true, const = true, let = true, var = true, set = true, ["local"] = true }

local function redact(line, list_file)
  -- after a declaration word: `export KEY=...`, `const apiKey = "..."`
  local declared = line
  for _ = 1, 2 do -- `export const apiKey = ...`
    declared = declared:gsub("^(%a+)%s+", function(word)
      if DECLARATIONS[word:lower()] then return "" end
    end)
  end
  local name, sep, value = declared:match("^[\"']?([%w_%.%-]+)[\"']?%s*([:=])%s*(.*)$")
  if name and list_file and sep == "=" then
    -- an environment file's values are all withheld: its names say what is set
    return line:match("^(.-=)") .. "[redacted]"
  end
  -- a name whose last part says secret (apiKey, DB_PASSWORD; not authorName, tokenCount)
  local last = name and (name:match("[_%.%-](%w+)$") or name:match("%l(%u%l+)$") or name:match("%l(%u+)$") or name)
  if last and SECRET_WORDS[last:lower()] and value:find("[^%s\"',;]") then
    local bare = value:gsub("^[\"'`]", ""):gsub("[\"'`,;%s]+$", "")
    if not plain_value(bare) then
      return line:match("^(.-" .. sep .. ")") .. " [redacted]"
    end
  end
  return changes.redact_keys(line)
end

--- `line` as it may be copied into a note from a file at `path`:
-- secret-looking values withheld (all of a list file's values).
function changes.safe_line(line, path)
  return redact(line, is_list_file(path))
end

--- Is `path` a test file (`a_test.go`, `test_a.py`, `a.test.ts`, `a_spec.lua`, under `tests/`)?
function changes.is_test(path)
  local lower = path:lower()
  local base = lower:match("[^/]+$") or lower
  return base:find("_test%.") ~= nil or base:find("^test_") ~= nil or base:find("%.test%.") ~= nil
    or base:find("_spec%.") ~= nil or base:find("%.spec%.") ~= nil or ("/" .. lower):find("/tests?/") ~= nil
    or ("/" .. lower):find("/__tests__/") ~= nil
end

-- A kept line's rank: its score, and one more from the file's last edit
-- (first among equals: it says what the file is now).
local function rank(file, line)
  return line.score + (line.edit == file.count and 1 or 0)
end

--- Remember what a call added (`changes.of_call`'s list), in
-- `facts.changes` (`{ by_path = {}, list = {} }`, files in the order first
-- changed), under the path shown (`shown(path)`, relative to the working
-- directory) at turn order `order`.
function changes.add(facts, written_files, order, shown)
  local all = facts.changes
  if not all then
    all = { by_path = {}, list = {} }
    facts.changes = all
  end
  for _, written in ipairs(written_files) do
    local lines = written.lines
    local name = shown(written.path)
    local file = all.by_path[name]
    if not file then
      file = { path = name, lines = {}, seen = {}, count = 0, seq = #all.list + 1 }
      all.by_path[name] = file
      all.list[#all.list + 1] = file
    end
    file.ranked = nil -- ranked again on the next line(): it changes now
    file.order = order
    file.count = file.count + 1
    local markup = MARKUP[(name:match("%.(%w+)$") or ""):lower()]
    local list = is_list_file(name)
    local taken = 0
    local env_file = is_env_file(name)
    -- the lines worth showing of `list`; `label` marks what was taken out
    local function take(list_of_lines, label)
      for _, raw in ipairs(list_of_lines) do
        local line = redact(raw, env_file)
        local s = score(line)
        if markup and not (is_comment(line) or line:find("^#+%s")) then s = nil end
        -- every entry of a list file counts (`__pycache__/`, `requests==2.31`)
        if list and not s and line:find("%w") and not is_comment(line) then s = 1 end
        local shown_text = label and (label .. line) or line
        if s and not file.seen[shown_text] and taken < MAX_LINES then
          file.seen[shown_text] = true
          taken = taken + 1
          file.written = (file.written or 0) + 1
          file.lines[#file.lines + 1] = { text = T.cut_words(line, MAX_LINE), score = s, at = file.written,
                                          edit = file.count, label = label }
        end
      end
    end
    take(lines)
    -- an edit that only took lines out says what it took ("removed `headers: {...}`")
    if taken == 0 and written.removed then take(written.removed, "removed ") end
    if #file.lines > 2 * MAX_FILE_LINES then -- (trimmed in batches: the sorts stay rare)
      -- keep the best: an older edit's plain lines go first
      table.sort(file.lines, function(a, b)
        if rank(file, a) ~= rank(file, b) then return rank(file, a) > rank(file, b) end
        return a.at > b.at
      end)
      for i = #file.lines, MAX_FILE_LINES + 1, -1 do file.lines[i] = nil end
      table.sort(file.lines, function(a, b) return a.at < b.at end)
    end
  end
end

--- The note's line for a file: its best lines (by score, then as written)
-- within `limit` bytes, in the order written; nil when it has none.
function changes.line(file, limit)
  local ranked = file.ranked
  if not ranked then -- once per change of the file, not per form asked
    ranked = {}
    for i, line in ipairs(file.lines) do ranked[i] = line end
    table.sort(ranked, function(a, b)
      if rank(file, a) ~= rank(file, b) then return rank(file, a) > rank(file, b) end
      return a.at < b.at
    end)
    file.ranked = ranked
  end
  local head = "- Changed `" .. file.path .. "`: "
  local chosen, used = {}, #head
  for _, line in ipairs(ranked) do
    local cost = #line.text + 4
    -- by rank only: a short label never fills the gap a better line left
    if used + cost > limit then
      -- (but the best line, cut to fit, rather than nothing at all)
      if #chosen == 0 and limit - used > 24 then
        chosen[1] = { text = T.cut_words(line.text, limit - used - 4), at = line.at, label = line.label }
      end
      break
    end
    chosen[#chosen + 1] = line
    used = used + cost
  end
  if #chosen == 0 then return nil end
  table.sort(chosen, function(a, b) return a.at < b.at end)
  local parts = {}
  for i, line in ipairs(chosen) do parts[i] = (line.label or "") .. "`" .. line.text:gsub("`", "'") .. "`" end
  return head .. table.concat(parts, "; ")
end

return changes
