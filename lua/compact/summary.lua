--- Summaries: the user message a summary is projected into, the file
-- lists summaries carry and the post-processing every summary gets
-- (docs/summarizers.md).
-- @module compact.summary

local errors = require "compact.errors"
local util = require "compact.util"
local vocabulary = require "compact.tool_vocabulary"

local files = {}

local modifying = { write = true, edit = true }

local SUMMARY_PREFIX =
  "The conversation history before this point was compacted into the following summary:\n\n<summary>\n"
local SUMMARY_SUFFIX = "\n</summary>"

--- Project a summary into the single user message the model sees.
-- @tparam ?string summary
-- @treturn ?table `{ role = "user", content = ... }`, or nil for an empty or nil summary
function files.project_summary(summary)
  if summary == nil or summary == "" then return nil end
  if type(summary) ~= "string" then return nil end
  return { role = "user", content = SUMMARY_PREFIX .. summary .. SUMMARY_SUFFIX }
end

--- Validate a `file_tools` config value (tool vocabulary overrides, see
-- `compact.tool_vocabulary`) and merge it over the built-in vocabulary.
-- Returns the merged vocabulary or nil, ErrInvalidConfig.
function files.merge_tools(file_tools)
  return vocabulary.merge(file_tools, "config.file_tools")
end

--- The vocabulary of a config that takes `file_tools` or its newer name
-- `tool_vocabulary` (one of them; both is ErrInvalidConfig).
function files.config_tools(config)
  local file_tools, tool_vocabulary = config and config.file_tools, config and config.tool_vocabulary
  if file_tools ~= nil and tool_vocabulary ~= nil then
    return nil, errors.invalid_config("config.tool_vocabulary: give file_tools or tool_vocabulary, not both")
  end
  if tool_vocabulary ~= nil then return vocabulary.merge(tool_vocabulary, "config.tool_vocabulary") end
  return files.merge_tools(file_tools)
end

-- A list another harness wrote: its entries joined by an escaped line
-- break (a backslash and an "n" before an absolute path: `/w/a.ts\n/w/b.ts`;
-- elsewhere, as in `C:\new`, they are the path's), and its note of what
-- it left out ("… (34 more files omitted)").
local function list_entries(line)
  line = line:gsub("\\n([/~])", "\n%1"):gsub("\\n(%a:[\\/])", "\n%1")
  return line:gmatch("[^\n]+")
end

local function is_omission(path)
  return path:find("^\226\128\166 %(%d+ more") ~= nil or path:find("^%.%.%.%s*%(%d+ more") ~= nil
end

-- A read's path without the lines it asked for (`src/a.tsx:136-142`,
-- `a.lua:12`, as some harnesses' read tools take them): the file is one.
local function without_range(path)
  return (path:gsub("(%.[%w]+):%d+%-?%d*$", "%1"))
end

-- A directory's entries as shortened lists write them: `src/{a.ts,b.ts}`
-- (each is `src/a.ts`, `src/b.ts`), or `src/{7 files}` (a count, no names).
-- Returns the directory and the names, or nil when the entry is one path.
local function grouped_entry(path)
  local dir, inner = path:match("^(.*[/\\]){([^{}]*)}$")
  if not dir then return nil end
  if inner:find("^%d+ files$") then return dir, {} end
  local names = {}
  for name in inner:gmatch("[^,]+") do names[#names + 1] = name end
  -- (a group names two files or more; `lib/{x}` is one path)
  if #names < 2 then return nil end
  return dir, names
end

-- A path that would read back as something else (a group, a count, a
-- note of what was left out, a path in backticks) is written in backticks,
-- which read back as the path inside them.
local function path_line(path)
  if grouped_entry(path) or is_omission(path) or path:find("^`.*`$") then return "`" .. path .. "`" end
  return path
end

local function parse_block(text, tag, into)
  for body in text:gmatch("<" .. tag .. ">(.-)</" .. tag .. ">") do
    for line in body:gmatch("[^\n]+") do
      for entry in list_entries(line) do
        local path = util.trim(entry)
        local quoted = path:match("^`(.+)`$")
        local dir, names
        if quoted then path = quoted else dir, names = grouped_entry(path) end
        if dir then
          for _, name in ipairs(names) do into[dir .. name] = true end
        elseif quoted or path ~= "" and not is_omission(path) then
          into[path] = true
        end
      end
    end
  end
end

--- The moves and removals a shell command makes (`compact.commands`).
files.shell_changes = vocabulary.shell_changes

-- Apply one move or removal to the path sets (a directory moves its files).
local function apply_change(read, modified, change)
  local from, to = change.from, change.to
  for _, set in ipairs({ read, modified }) do
    local moved = {}
    for path in pairs(set) do
      if path == from or path:sub(1, #from + 1) == from .. "/" then moved[#moved + 1] = path end
    end
    for _, path in ipairs(moved) do
      set[path] = nil
      if to then modified[to .. path:sub(#from + 1)] = true end
    end
  end
end

--- `path` relative to the working directory `cwd` when it is inside it
-- ("/w/p/src/a.lua" in "/w/p" is "src/a.lua"; "/w/p" itself is "."); other
-- paths as they are. A Windows `cwd` ("C:\\app") takes either separator
-- and any case of its letters, as Windows does ("c:\\app\\src\\a.ts" is
-- "src\\a.ts").
function files.relative(path, cwd)
  if type(cwd) ~= "string" or cwd == "" or type(path) ~= "string" then return path end
  local windows = cwd:find("^%a:[\\/]") ~= nil
  if path:sub(1, 1) ~= "/" and not (windows and path:find("^%a:[\\/]")) then return path end
  local root = windows and cwd:gsub("[/\\]+$", "") or cwd:gsub("/+$", "")
  local function same(a, b)
    return a == b or windows and a:lower():gsub("/", "\\") == b:lower():gsub("/", "\\")
  end
  if same(path, root) then return "." end
  local separator = path:sub(#root + 1, #root + 1)
  if root == "" or not same(path:sub(1, #root), root) or not (separator == "/" or windows and separator == "\\") then
    return path
  end
  local rest = path:sub(#root + 2):gsub(windows and "^[/\\]+" or "^/+", "")
  return rest ~= "" and rest or "."
end

--- Collect read and modified paths from `message_lists` (lists of
-- messages) and from a previous summary's lists. Returns read, modified as
-- sorted lists; a modified path is never listed as read. Moves and
-- removals in shell calls (see `shell_changes`) apply in order; `tools` is a
-- vocabulary from `merge_tools`. With `cwd`, paths inside it are listed
-- relative to it.
function files.collect(tools, previous_summary, message_lists, cwd)
  local read, modified = {}, {}
  if type(previous_summary) == "string" then
    -- (relative to `cwd` too: an importer's summary, pi's, lists absolute
    -- paths, which would otherwise stand beside their relative twins)
    local previous_read, previous_modified = {}, {}
    parse_block(previous_summary, "read%-files", previous_read)
    parse_block(previous_summary, "modified%-files", previous_modified)
    for path in pairs(previous_read) do read[files.relative(without_range(path), cwd)] = true end
    for path in pairs(previous_modified) do modified[files.relative(path, cwd)] = true end
  end
  for _, list in ipairs(message_lists) do
    for _, message in ipairs(list) do
      if message.role == "assistant" and type(message.content) == "table" then
        for _, block in ipairs(message.content) do
          if block.type == "tool_call" then
            local call = vocabulary.classify(block, tools)
            local set = modifying[call.kind] and modified or call.kind == "read" and read or nil
            if set then
              for _, path in ipairs(call.paths) do
                set[files.relative(set == read and without_range(path) or path, cwd)] = true
              end
            end
            if call.command then
              for _, change in ipairs(files.shell_changes(call.command)) do
                change.from = files.relative(change.from, cwd)
                change.to = change.to and files.relative(change.to, cwd)
                apply_change(read, modified, change)
              end
            end
          end
        end
      end
    end
  end
  local read_list, modified_list = {}, {}
  for path in pairs(modified) do modified_list[#modified_list + 1] = path end
  for path in pairs(read) do
    if not modified[path] then read_list[#read_list + 1] = path end
  end
  table.sort(read_list)
  table.sort(modified_list)
  return read_list, modified_list
end

--- Default bytes the two file lists may take together (the compactor's
-- `max_file_list_chars`).
files.MAX_LIST_CHARS = 2000

--- The bound on the file lists for `summarizer`: `bound`, and a third of
-- the summarizer's own numeric `max_chars` at most (the extractive one's
-- bound counts the lists it will be given).
-- @tparam integer bound
-- @param summarizer any value
-- @treturn integer
function files.list_bound(bound, summarizer)
  local own = type(summarizer) == "table" and rawget(summarizer, "max_chars")
  if type(own) == "number" and own >= 0 then return math.min(bound, math.floor(own / 3)) end
  return bound
end

-- One list as groups of entries: a path alone (`{ path = ... }`) or the
-- entries of one directory (`{ dir = "src/", names = { ... } }`), in the
-- order of their first entry. A name with `,`, `{` or `}` stays alone, so
-- every group reads back as the paths it holds.
local function group_entries(list)
  local groups, by_dir = {}, {}
  for _, path in ipairs(list) do
    local dir, name = path:match("^(.*[/\\])([^/\\]+)$")
    if dir and not name:find("[,{}]") and not dir:find("[{}]") then
      local group = by_dir[dir]
      if not group then
        group = { dir = dir, names = {} }
        by_dir[dir] = group
        groups[#groups + 1] = group
      end
      group.names[#group.names + 1] = name
    else
      groups[#groups + 1] = { path = path }
    end
  end
  return groups
end

-- A group given as a count: `src/{7 files}`.
local function counted_line(group) return group.dir .. "{" .. #group.names .. " files}" end

local function group_line(group)
  if group.path then return path_line(group.path) end
  if #group.names == 1 then return path_line(group.dir .. group.names[1]) end
  if group.collapsed then return counted_line(group) end
  return group.dir .. "{" .. table.concat(group.names, ",") .. "}"
end

local function group_count(group) return group.path and 1 or #group.names end

local function omission_note(omitted)
  return "\226\128\166 (" .. omitted .. " more file" .. (omitted == 1 and "" or "s") .. " omitted)"
end

local function list_block(tag, lines, omitted)
  if #lines == 0 and omitted == 0 then return "" end
  local body = table.concat(lines, "\n")
  if omitted > 0 then body = body .. (body ~= "" and "\n" or "") .. omission_note(omitted) end
  return "\n\n<" .. tag .. ">\n" .. body .. "\n</" .. tag .. ">"
end

-- The bytes `list_block` would write for a kind's first `shown` groups
-- (`shown_bytes` their lines' total, `shown_count` the files they hold),
-- without writing it.
local function block_size(kind, shown, shown_bytes, shown_count)
  local omitted = kind.count - shown_count
  if shown == 0 and omitted == 0 then return 0 end
  local body = shown_bytes + math.max(shown - 1, 0)
  if omitted > 0 then body = body + #omission_note(omitted) + (shown > 0 and 1 or 0) end
  return 2 * #kind.tag + 9 + body -- "\n\n<tag>\n" and "\n</tag>"
end

-- How many of a kind's groups to show: the most that fit in `room` bytes,
-- or, when none does, as many as make the block shortest (a note of what
-- was left out is longer than a few short paths). One pass from the end.
local function groups_to_show(kind, room)
  local shown, bytes, count = #kind.groups, kind.shown_bytes, kind.count
  local best, best_size = shown, block_size(kind, shown, bytes, count)
  if best_size <= room then return best end
  for k = shown, 1, -1 do
    local group = kind.groups[k]
    bytes, count = bytes - group.size, count - group_count(group)
    local size = block_size(kind, k - 1, bytes, count)
    if size <= room then return k - 1 end
    if size < best_size then best, best_size = k - 1, size end
  end
  return best
end

-- The two lists shortened to `max_chars` bytes, each step only when the one
-- before it is not enough: entries grouped by directory (nothing lost);
-- then the largest groups, read ones first, given as counts (`src/{7
-- files}`) where that is shorter; then the last groups left out, read ones
-- first, with a count of what was. Sizes are kept as the steps go (one
-- sort, one render): a list of thousands of files is shortened in one pass.
-- Never longer than `full`, the lists whole.
local function shortened_lists(read_list, modified_list, max_chars, full)
  local kinds = { { tag = "read-files", groups = group_entries(read_list), count = #read_list },
    { tag = "modified-files", groups = group_entries(modified_list), count = #modified_list } }
  local function size_of(kind) return block_size(kind, #kind.groups, kind.shown_bytes, kind.count) end
  local total = 0
  for _, kind in ipairs(kinds) do
    kind.shown_bytes = 0
    for _, group in ipairs(kind.groups) do
      group.size = #group_line(group)
      kind.shown_bytes = kind.shown_bytes + group.size
    end
    total = total + size_of(kind)
  end
  for _, kind in ipairs(kinds) do
    local largest = {}
    for _, group in ipairs(kind.groups) do
      if group.names and #group.names > 1 then largest[#largest + 1] = group end
    end
    table.sort(largest, function(x, y)
      if x.size ~= y.size then return x.size > y.size end
      return x.dir < y.dir
    end)
    for _, group in ipairs(largest) do
      if total <= max_chars then break end
      local counted = #counted_line(group)
      if counted < group.size then
        group.collapsed = true
        kind.shown_bytes = kind.shown_bytes - group.size + counted
        total = total - group.size + counted
        group.size = counted
      end
    end
  end
  local parts = {}
  for _, kind in ipairs(kinds) do
    local own = size_of(kind)
    local shown = total > max_chars and groups_to_show(kind, max_chars - (total - own)) or #kind.groups
    local lines, count = {}, 0
    for i = 1, shown do
      lines[i] = group_line(kind.groups[i])
      count = count + group_count(kind.groups[i])
    end
    parts[#parts + 1] = list_block(kind.tag, lines, kind.count - count)
    total = total - own + #parts[#parts]
  end
  local text = table.concat(parts)
  return #text < #full and text or full
end

--- The file lists as the compactor appends them: `<read-files>` and
-- `<modified-files>` blocks (an empty one left out), one sorted path per
-- line. When they would take more than `max_chars` bytes (nil: no limit)
-- they are shortened: paths grouped by directory (`src/{a.ts,b.ts}`), then
-- the largest groups as counts (`src/{7 files}`, read files first), then the
-- last entries left out with a count (`… (12 more files omitted)`). A
-- previous summary's shortened lists read back as the paths they name.
function files.lists(read_list, modified_list, max_chars)
  local lines = { {}, {} }
  for k, list in ipairs({ read_list, modified_list }) do
    for i, path in ipairs(list) do lines[k][i] = path_line(path) end
  end
  local full = list_block("read-files", lines[1], 0) .. list_block("modified-files", lines[2], 0)
  if not max_chars or #full <= max_chars then return full end
  return shortened_lists(read_list, modified_list, max_chars, full)
end

--- Post-process a summarizer's text: trim, drop model-written file-list
-- blocks, fail with ErrEmptySummary when nothing is left, then append the
-- compactor's own sorted lists (`files.lists`, at most `max_list_chars`
-- bytes when given).
function files.finish_summary(text, read_list, modified_list, max_list_chars)
  local body = text:gsub("<read%-files>.-</read%-files>", "")
  body = body:gsub("<modified%-files>.-</modified%-files>", "")
  body = util.trim(body)
  if body == "" then
    return nil, errors.new("empty_summary", "summary is empty after trimming and removing file lists")
  end
  return body .. files.lists(read_list, modified_list, max_list_chars)
end

return files
