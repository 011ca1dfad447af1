--- Summaries: the user message a summary is projected into, the file
-- lists summaries carry and the post-processing every summary gets
-- (docs/summarizers.md).
-- @module compact.summary

local errors = require "compact.errors"
local util = require "compact.util"

local files = {}

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

--- Tools whose calls name files, by tool name: the argument key holding the
-- path and whether the call reads or modifies.
files.default_tools = {
  read = { kind = "read", key = "path" },
  write = { kind = "write", key = "path" },
  edit = { kind = "edit", key = "path" },
}

local modifying = { write = true, edit = true, modified = true }
local kinds = { read = true, write = true, edit = true, modified = true }

--- Validate a `file_tools` config value and merge it over the defaults.
-- Returns the merged map or nil, ErrInvalidConfig.
function files.merge_tools(file_tools)
  local merged = {}
  for name, spec in pairs(files.default_tools) do merged[name] = spec end
  if file_tools == nil then return merged end
  if type(file_tools) ~= "table" then
    return nil, errors.invalid_config("config.file_tools: expected a table, got " .. type(file_tools))
  end
  for name, spec in pairs(file_tools) do
    local where = "config.file_tools." .. tostring(name)
    if type(name) ~= "string" then
      return nil, errors.invalid_config("config.file_tools: tool names must be strings")
    end
    if type(spec) ~= "table" then
      return nil, errors.invalid_config(where .. ": expected { kind =, key = }, got " .. type(spec))
    end
    if not kinds[spec.kind] then
      return nil, errors.invalid_config(where .. ".kind: expected \"read\", \"write\" or \"edit\", got "
        .. tostring(spec.kind))
    end
    if type(spec.key) ~= "string" or spec.key == "" then
      return nil, errors.invalid_config(where .. ".key: expected a non-empty string")
    end
    merged[name] = { kind = spec.kind, key = spec.key }
  end
  return merged
end

local function parse_block(text, tag, into)
  for body in text:gmatch("<" .. tag .. ">(.-)</" .. tag .. ">") do
    for line in body:gmatch("[^\n]+") do
      local path = line:match("^%s*(.-)%s*$")
      if path ~= "" then into[path] = true end
    end
  end
end

-- == Moves and removals in shell commands ==
-- `mv`, `git mv`, `rm` and `git rm` in a `bash` call's `command` rename or
-- drop listed paths, so a moved file is not listed under its old name. A
-- relative `cd DIR` earlier in the same command prefixes the paths; an
-- absolute `cd` is taken as the project root.

local function words_of(segment)
  local words = {}
  for word in segment:gmatch("%S+") do
    words[#words + 1] = word:gsub("^[\"']", ""):gsub("[\"']$", "")
  end
  return words
end

local function join_path(dir, path)
  if dir == "" or path:sub(1, 1) == "/" or path:sub(1, 1) == "~" then return path end
  return dir .. path
end

-- The operands of a command (options and globs left out), in `dir`.
local function operands(words, first, dir)
  local out = {}
  for i = first, #words do
    local word = words[i]
    if word:sub(1, 1) ~= "-" and not word:find("[*?%[]") and word ~= "" then
      out[#out + 1] = join_path(dir, (word:gsub("^%./", ""):gsub("/$", "")))
    end
  end
  return out
end

--- The moves and removals a shell command makes: a list of
-- `{ from = path, to = path }` (to is nil for a removal).
function files.shell_changes(command)
  local changes, dir = {}, ""
  for segment in (command .. "\n"):gmatch("([^\n;&|]*)[\n;&|]") do
    local words = words_of(segment)
    local first = words[1] == "git" and 2 or 1
    local verb = words[first]
    if verb == "cd" and words[first + 1] then
      local target = words[first + 1]
      dir = target:match("^[/~]") and "" or (dir .. target:gsub("^%./", ""):gsub("/?$", "/"))
    elseif verb == "mv" then
      local paths = operands(words, first + 1, dir)
      local dest = table.remove(paths)
      for _, from in ipairs(paths) do
        local to = #paths > 1 and (dest .. "/" .. from:match("[^/]*$")) or dest
        changes[#changes + 1] = { from = from, to = to }
      end
    elseif verb == "rm" then
      for _, path in ipairs(operands(words, first + 1, dir)) do changes[#changes + 1] = { from = path } end
    end
  end
  return changes
end

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

--- Collect read and modified paths from `message_lists` (lists of
-- messages) and from a previous summary's lists. Returns read, modified as
-- sorted lists; a modified path is never listed as read. Moves and
-- removals in `bash` calls (see `shell_changes`) apply in order.
function files.collect(tools, previous_summary, message_lists)
  local read, modified = {}, {}
  if type(previous_summary) == "string" then
    parse_block(previous_summary, "read%-files", read)
    parse_block(previous_summary, "modified%-files", modified)
  end
  for _, list in ipairs(message_lists) do
    for _, message in ipairs(list) do
      if message.role == "assistant" and type(message.content) == "table" then
        for _, block in ipairs(message.content) do
          local spec = block.type == "tool_call" and tools[block.name]
          local arguments = spec and block.arguments
          local path = type(arguments) == "table" and arguments[spec.key]
          if type(path) == "string" and path ~= "" then
            if modifying[spec.kind] then modified[path] = true else read[path] = true end
          end
          local command = block.type == "tool_call" and block.name == "bash" and type(block.arguments) == "table"
            and block.arguments.command
          if type(command) == "string" then
            for _, change in ipairs(files.shell_changes(command)) do apply_change(read, modified, change) end
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
