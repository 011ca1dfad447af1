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

local function parse_block(text, tag, into)
  for body in text:gmatch("<" .. tag .. ">(.-)</" .. tag .. ">") do
    for line in body:gmatch("[^\n]+") do
      for entry in list_entries(line) do
        local path = util.trim(entry)
        if path ~= "" and not is_omission(path) then into[path] = true end
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

--- Post-process a summarizer's text: trim, drop model-written file-list
-- blocks, fail with ErrEmptySummary when nothing is left, then append the
-- compactor's own sorted lists.
function files.finish_summary(text, read_list, modified_list)
  local body = text:gsub("<read%-files>.-</read%-files>", "")
  body = body:gsub("<modified%-files>.-</modified%-files>", "")
  body = util.trim(body)
  if body == "" then
    return nil, errors.new("empty_summary", "summary is empty after trimming and removing file lists")
  end
  local parts = { body }
  if #read_list > 0 then
    parts[#parts + 1] = "\n\n<read-files>\n" .. table.concat(read_list, "\n") .. "\n</read-files>"
  end
  if #modified_list > 0 then
    parts[#parts + 1] = "\n\n<modified-files>\n" .. table.concat(modified_list, "\n") .. "\n</modified-files>"
  end
  return table.concat(parts)
end

return files
