--- One tool vocabulary for everything that looks at tool calls: what kind
-- of call a `tool_call` block is (read, write, edit, shell, search, fetch,
-- task, other), the paths it names and the shell command it runs
-- (docs/summarizers.md, "Tool vocabulary").
-- @module compact.tool_vocabulary

local errors = require "compact.errors"
local commands = require "compact.commands"
local util = require "compact.util"
local decode_json = require("compact.message").decode_json

local vocabulary = {}

--- The kinds a call can have.
vocabulary.kinds = { "read", "write", "edit", "shell", "search", "fetch", "task", "other" }
local KIND = {}
for _, kind in ipairs(vocabulary.kinds) do KIND[kind] = true end

-- Argument keys that hold a path, tried in this order.
local PATH_KEYS = { "path", "file_path", "filePath", "filepath", "absolute_path", "notebook_path", "dir_path" }
-- Argument keys that hold a shell command (a string or an argv list).
local COMMAND_KEYS = { "command", "cmd" }
-- Argument keys that hold an apply_patch text.
local PATCH_KEYS = { "input", "patch", "patchText", "patch_text" }

local function entry(kind) return { kind = kind } end

--- The built-in vocabulary, by lower-case tool name: `{ kind = K }`, plus
-- `patch = true` for tools whose argument is an apply_patch text.
vocabulary.builtin = {
  -- pi, opencode
  read = entry "read", write = entry "write", edit = entry "edit", bash = entry "shell",
  grep = entry "search", glob = entry "search", find = entry "search", ls = entry "search",
  list = entry "search", patch = { kind = "edit", patch = true },
  webfetch = entry "fetch", websearch = entry "fetch", task = entry "task",
  todowrite = entry "other", todoread = entry "other",
  -- Claude Code (Read, Write, Edit, Bash, Glob, Grep, WebFetch, WebSearch, Task,
  -- TodoWrite above, by their lower-case names)
  multiedit = entry "edit", notebookedit = entry "edit", notebookread = entry "read",
  bashoutput = entry "other", killshell = entry "other", killbash = entry "other",
  exitplanmode = entry "other",
  -- Codex (`exec` is its code mode: see code_mode_call)
  shell = entry "shell", exec_command = entry "shell", local_shell = entry "shell", shell_command = entry "shell",
  web__run = entry "fetch",
  ["container.exec"] = entry "shell", apply_patch = { kind = "edit", patch = true },
  update_plan = entry "other", view_image = entry "read", write_stdin = entry "other",
  -- Gemini CLI
  read_file = entry "read", read_many_files = entry "read", write_file = entry "write",
  replace = entry "edit", run_shell_command = entry "shell", list_directory = entry "search",
  search_file_content = entry "search", web_fetch = entry "fetch", google_web_search = entry "fetch",
  -- codecompanion.nvim
  create_file = entry "write", insert_edit_into_file = entry "edit", edit_file = entry "edit",
  delete_file = entry "edit", cmd_runner = entry "shell", run_command = entry "shell",
  grep_search = entry "search", file_search = entry "search", list_code_usages = entry "search",
  fetch_webpage = entry "fetch", web_search = entry "fetch", get_changed_files = entry "other",
}

local OVERRIDE_FIELDS = { kind = true, path_key = true, key = true, command_key = true }

-- One override entry, checked: the entry or an error object.
local function check_override(spec, at)
  for field in pairs(spec) do
    if not OVERRIDE_FIELDS[field] then
      return errors.invalid_config(at .. "." .. tostring(field) .. ": unknown field")
    end
  end
  local kind = spec.kind == "modified" and "edit" or spec.kind
  if not KIND[kind] then
    return errors.invalid_config(at .. ".kind: expected one of " .. table.concat(vocabulary.kinds, ", ")
      .. ", got " .. tostring(spec.kind))
  end
  if spec.path_key ~= nil and spec.key ~= nil and spec.path_key ~= spec.key then
    return errors.invalid_config(at .. ": path_key and key disagree (key is the older name of path_key)")
  end
  local path_key = spec.path_key == nil and spec.key or spec.path_key
  for field, value in pairs({ path_key = path_key, command_key = spec.command_key }) do
    if value ~= nil and (type(value) ~= "string" or value == "") then
      return errors.invalid_config(at .. "." .. (field == "path_key" and spec.key ~= nil and "key" or field)
        .. ": expected a non-empty string")
    end
  end
  return { kind = kind, path_key = path_key, command_key = spec.command_key }
end

--- Validate overrides (`file_tools` / `tool_vocabulary`: a map of tool name
-- to `{ kind = K, path_key = "p" }`; `key` is the older spelling of
-- `path_key`, and `kind = "modified"` of `"edit"`) and merge them over the
-- built-in vocabulary. `where` names the config field in errors. Returns
-- the merged vocabulary or nil, ErrInvalidConfig.
function vocabulary.merge(overrides, where)
  where = where or "config.tool_vocabulary"
  local merged = { [vocabulary] = true }
  for name, spec in pairs(vocabulary.builtin) do merged[name] = spec end
  if overrides == nil then return merged end
  if type(overrides) ~= "table" then
    return nil, errors.invalid_config(where .. ": expected a table, got " .. type(overrides))
  end
  if overrides[vocabulary] then return overrides end
  for name, spec in pairs(overrides) do
    if type(name) ~= "string" or name == "" then
      return nil, errors.invalid_config(where .. ": tool names must be non-empty strings")
    end
    local at = where .. "." .. name
    if spec == false then
      merged[name:lower()] = nil
    elseif type(spec) ~= "table" then
      return nil, errors.invalid_config(at .. ": expected { kind =, path_key = } or false, got " .. type(spec))
    else
      local entry_or_err = check_override(spec, at)
      if errors.is_error(entry_or_err) then return nil, entry_or_err end
      merged[name:lower()] = entry_or_err
    end
  end
  return merged
end

local BUILTIN = vocabulary.merge(nil)

-- == apply_patch ==

--- The files an apply_patch text names: a list of `{ path =, kind = }`
-- (`*** Add File:` is write; Update, Delete and `*** Move to:` are edit).
function vocabulary.patch_files(text)
  local files = {}
  if type(text) ~= "string" then return files end
  for line in text:gmatch("[^\r\n]+") do
    local verb, path = line:match("^%*%*%* (%a+) File: *(.-)%s*$")
    if not verb then
      path = line:match("^%*%*%* Move to: *(.-)%s*$")
      verb = path and "Move"
    end
    if path and path ~= "" then
      files[#files + 1] = { path = path, kind = verb == "Add" and "write" or "edit" }
    end
  end
  return files
end

-- == Classification ==

local function first_string(args, keys)
  for _, key in ipairs(keys) do
    local value = rawget(args, key)
    if type(value) == "string" and value ~= "" then return value end
  end
  return nil
end

-- A command given as a string or an argv list (joined with spaces).
local function command_text(value)
  if type(value) == "string" then return value ~= "" and value or nil end
  if type(value) ~= "table" then return nil end
  local words = {}
  for i = 1, util.rawlen(value) do
    local word = rawget(value, i)
    if type(word) ~= "string" then return nil end
    words[i] = word
  end
  return #words > 0 and table.concat(words, " ") or nil
end

local function shell_command(args, spec)
  if spec.command_key then return command_text(rawget(args, spec.command_key)) end
  for _, key in ipairs(COMMAND_KEYS) do
    local text = command_text(rawget(args, key))
    if text then return text end
  end
  -- Codex local_shell: { action = { command = { ... } } }
  local action = rawget(args, "action")
  return type(action) == "table" and command_text(rawget(action, "command")) or nil
end

local function add_patch(result, text)
  local files = vocabulary.patch_files(text)
  local all_added = #files > 0
  for _, file in ipairs(files) do
    result.paths[#result.paths + 1] = file.path
    if file.kind ~= "write" then all_added = false end
  end
  if #files > 0 then result.kind = all_added and "write" or "edit" end
  result.patch = files
end

-- == Codex's code mode ==

-- The end of the JSON string or object that opens at `at` in `source`
-- (quotes and escapes respected), or nil.
local function json_end(source, at)
  local depth, in_string, i = 0, false, at
  while i <= #source do
    local c = source:sub(i, i)
    if in_string then
      if c == "\\" then i = i + 1 elseif c == '"' then in_string = false; if depth == 0 then return i end end
    elseif c == '"' then
      in_string = true
    elseif c == "{" or c == "[" then
      depth = depth + 1
    elseif c == "}" or c == "]" then
      depth = depth - 1
      if depth == 0 then return i end
    end
    i = i + 1
  end
  return nil
end

-- The JSON value (an object literal or a double-quoted string) at `at`.
local function literal_at(source, at)
  local stop = json_end(source, at)
  return stop and decode_json(source:sub(at, stop)) or nil
end

-- The first tool a code-mode cell calls, as a tool_call block: Codex's
-- `exec` runs JavaScript that calls the real tools (`await
-- tools.exec_command({"cmd":"cargo test"})`; `const patch = "*** Begin
-- Patch ..."; await tools.apply_patch(patch)`). Nil when none is found.
local function code_mode_call(source)
  local name, open = source:match("tools%.([%a_][%w_]*)%s*%(%s*()")
  if not name then return nil end
  local first = source:sub(open, open)
  local value
  if first == "{" or first == '"' then
    value = literal_at(source, open)
  else -- a variable holding it: `const patch = "..."`
    local variable = source:match("^[%a_][%w_]*", open)
    local at = variable and source:match("%f[%w_]" .. variable .. "%s*=%s*()[\"{]")
    value = at and literal_at(source, at)
  end
  if type(value) == "string" then value = { input = value } end
  if type(value) ~= "table" then value = {} end
  return { type = "tool_call", name = name, arguments = value }
end

--- Classify a `tool_call` block with a vocabulary made by `merge` (nil for
-- the built-in one): `{ kind = K, paths = {...}, command = "..." or nil }`.
-- Raw overrides are merged first (nil, ErrInvalidConfig when invalid).
-- An unknown tool is `"other"`. A shell command that runs `apply_patch` (or
-- `applypatch`) is an edit of the files its patch names (its command is kept).
-- Codex's code-mode `exec` is classified as the first tool its JavaScript
-- calls, that call (`{ name, arguments }`) given as `call`.
function vocabulary.classify(call, vocab)
  if vocab == nil then
    vocab = BUILTIN
  elseif type(vocab) ~= "table" or not vocab[vocabulary] then
    local err
    vocab, err = vocabulary.merge(vocab)
    if not vocab then return nil, err end
  end
  local name = type(call) == "table" and rawget(call, "name")
  local spec = type(name) == "string" and vocab[name:lower()] or nil
  if not spec and name == "exec" then
    local args = rawget(call, "arguments")
    local source = type(args) == "table" and rawget(args, "input")
    local inner = type(source) == "string" and code_mode_call(source)
    if inner and inner.name ~= "exec" then
      local result = vocabulary.classify(inner, vocab)
      if result then result.call = inner end -- what a reader of its arguments reads
      return result
    end
  end
  local result = { kind = spec and spec.kind or "other", paths = {} }
  if not spec then return result end
  local args = rawget(call, "arguments")
  if type(args) == "string" then args = spec.patch and { input = args } or {} end
  if type(args) ~= "table" then return result end
  if spec.patch then
    add_patch(result, first_string(args, PATCH_KEYS))
    return result
  end
  local path = spec.path_key and rawget(args, spec.path_key) or first_string(args, PATH_KEYS)
  if type(path) == "string" and path ~= "" then result.paths[1] = path end
  local paths = rawget(args, "paths")
  if type(paths) == "table" then
    for i = 1, util.rawlen(paths) do
      local p = rawget(paths, i)
      if type(p) == "string" and p ~= "" then result.paths[#result.paths + 1] = p end
    end
  end
  if result.kind == "shell" then
    result.command = shell_command(args, spec)
    -- `applypatch` is the Codex CLI's other name for it
    if result.command and (result.command:find("apply_patch", 1, true) or result.command:find("applypatch", 1, true))
      and result.command:find("*** Begin Patch", 1, true) then
      add_patch(result, result.command)
    end
  end
  return result
end

--- The moves and removals of a shell command (see `compact.commands`).
vocabulary.shell_changes = commands.changes
--- The stem of a shell command (see `compact.commands`).
vocabulary.command_stem = commands.stem
--- The stems of each step of a chained shell command (see `compact.commands`).
vocabulary.command_stems = commands.stems
--- Is a shell command a probe (see `compact.commands`)?
vocabulary.is_probe = commands.is_probe
--- Is a shell command a look-up (see `compact.commands`)?
vocabulary.is_lookup = commands.is_lookup

--- The public `compact.classify_tool_call(call [, overrides])`: nil,
-- ErrInvalidRequest when `call` is not a tool_call block.
function vocabulary.classify_tool_call(call, overrides)
  if type(call) ~= "table" then
    return nil, errors.invalid_request("classify_tool_call: call: expected a tool_call block, got " .. type(call))
  end
  local kind, name = rawget(call, "type"), rawget(call, "name")
  if kind ~= nil and kind ~= "tool_call" then
    return nil, errors.invalid_request("classify_tool_call: call.type: expected \"tool_call\", got "
      .. errors.describe(kind))
  end
  if type(name) ~= "string" then
    return nil, errors.invalid_request("classify_tool_call: call.name: expected a string, got " .. type(name))
  end
  local ok, result, err = pcall(vocabulary.classify, call, overrides)
  if not ok then
    return nil, errors.invalid_request("classify_tool_call: call.arguments: " .. tostring(result))
  end
  return result, err
end

return vocabulary
