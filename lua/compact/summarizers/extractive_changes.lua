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

-- Lines kept of one write or edit, and the longest line shown.
local MAX_LINES = 40
local MAX_LINE = 110

local function first_string(args, keys)
  for _, key in ipairs(keys) do
    local value = rawget(args, key)
    if type(value) == "string" and value ~= "" then return value end
  end
  return nil
end

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
    s = s + (#line >= 24 and 3 or 0) -- a comment that says why (not a section label: "// Constants")
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
  if old then for line in old:gmatch("[^\r\n]+") do before[line:match("^%s*(.-)%s*$")] = true end end
  local out = {}
  for line in text:gmatch("[^\r\n]+") do
    local trimmed = line:match("^%s*(.-)%s*$")
    if not before[trimmed] then out[#out + 1] = trimmed end
  end
  return out
end

-- `{ [path] = { added lines } }` of an apply_patch text.
local function patch_lines(text)
  local out, current = {}, nil
  for line in text:gmatch("[^\r\n]+") do
    local path = line:match("^%*%*%* %a+ File: *(.-)%s*$") or line:match("^%*%*%* Move to: *(.-)%s*$")
    if path then
      current = out[path] or {}
      out[path] = current
    elseif line:find("^%*%*%*") then
      current = nil
    elseif current and line:sub(1, 1) == "+" then
      current[#current + 1] = line:sub(2):match("^%s*(.-)%s*$")
    end
  end
  return out
end

--- The lines a file tool call added, by path: `{ [path] = { line, ... } }`
-- (empty when it wrote nothing that can be read). `kind` is its
-- `compact.tool_vocabulary` classification; `command` the shell command
-- that ran `apply_patch`, when it was one.
function changes.of_call(kind, args, command)
  if kind.patch then
    local text = type(args) == "table" and first_string(args, PATCH_KEYS) or nil
    return patch_lines(text or command or "")
  end
  local path = kind.paths[1]
  if not path or type(args) ~= "table" then return {} end
  local lines = {}
  local text = first_string(args, NEW_KEYS)
  if text then
    lines = added(text, first_string(args, OLD_KEYS))
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
  return { [path] = lines }
end

-- Style sheets and markup: their comments and headings say what changed,
-- their declarations (`margin: 0;`, `<div class="x">`) hardly.
local MARKUP = { css = true, scss = true, sass = true, less = true, html = true, htm = true, svg = true, xml = true,
  heex = true }

-- Files that are lists, one entry per line: ignore lists, requirements,
-- environment files.
local function is_list_file(path)
  local base = (path:match("[^/]+$") or path):lower()
  return base:find("^%.%a*ignore$") ~= nil or base == ".gitattributes" or base:find("^requirements.*%.txt$") ~= nil
    or base:find("^%.env") ~= nil or base == "go.mod" or base == "gemfile" or base == "procfile"
end

--- Is `path` a test file (`a_test.go`, `test_a.py`, `a.test.ts`, `a_spec.lua`, under `tests/`)?
function changes.is_test(path)
  local lower = path:lower()
  local base = lower:match("[^/]+$") or lower
  return base:find("_test%.") ~= nil or base:find("^test_") ~= nil or base:find("%.test%.") ~= nil
    or base:find("_spec%.") ~= nil or base:find("%.spec%.") ~= nil or ("/" .. lower):find("/tests?/") ~= nil
    or ("/" .. lower):find("/__tests__/") ~= nil
end

--- Remember what a call added, in `facts.changes` (`{ by_path = {}, order = {} }`),
-- under the path shown (`shown(path)`, relative to the working directory)
-- at turn order `order`.
function changes.add(facts, by_path, order, shown)
  local all = facts.changes
  if not all then
    all = { by_path = {}, list = {} }
    facts.changes = all
  end
  for path, lines in pairs(by_path) do
    local name = shown(path)
    local file = all.by_path[name]
    if not file then
      file = { path = name, lines = {}, seen = {}, count = 0 }
      all.by_path[name] = file
      all.list[#all.list + 1] = file
    end
    file.order = order
    file.count = file.count + 1
    local markup = MARKUP[(name:match("%.(%w+)$") or ""):lower()]
    local list = is_list_file(name)
    local taken = 0
    for _, line in ipairs(lines) do
      local s = score(line)
      if markup and not (is_comment(line) or line:find("^#+%s")) then s = nil end
      -- every entry of a list file counts (`__pycache__/`, `requests==2.31`)
      if list and not s and line:find("%w") and not is_comment(line) then s = 1 end
      if s and not file.seen[line] and taken < MAX_LINES then
        file.seen[line] = true
        taken = taken + 1
        file.lines[#file.lines + 1] = { text = T.cut_words(line, MAX_LINE), score = s, at = #file.lines + 1,
                                        edit = file.count }
      end
    end
  end
end

--- The note's line for a file: its best lines (by score, then as written)
-- within `limit` bytes, in the order written; nil when it has none.
function changes.line(file, limit)
  local ranked = {}
  for i, line in ipairs(file.lines) do ranked[i] = line end
  -- the last edit's lines first among equals: it says what the file is now
  local function rank(line) return line.score + (line.edit == file.count and 1 or 0) end
  table.sort(ranked, function(a, b)
    if rank(a) ~= rank(b) then return rank(a) > rank(b) end
    return a.at < b.at
  end)
  local head = "- Changed `" .. file.path .. "`: "
  local chosen, used = {}, #head
  for _, line in ipairs(ranked) do
    local cost = #line.text + 4
    -- by rank only: a short label never fills the gap a better line left
    if used + cost > limit then break end
    chosen[#chosen + 1] = line
    used = used + cost
  end
  if #chosen == 0 then return nil end
  table.sort(chosen, function(a, b) return a.at < b.at end)
  local parts = {}
  for i, line in ipairs(chosen) do parts[i] = "`" .. line.text:gsub("`", "'") .. "`" end
  return head .. table.concat(parts, "; ")
end

return changes
