--- Pieces the `compact` commands share: number formatting, reading the
-- input (capped, tolerant or strict, with the importer's notes on stderr),
-- the estimator option, the usage anchor, and atomic writes. Internal to
-- `compact.cli`.
-- @module compact.cli.common

local compact = require "compact"
local importers = require "compact.importers"
local import_common = require "compact.importers.common"
local core = require "compact.core"

local common = {}

function common.fmt_int(n)
  -- %d raises on floats outside the integer range; %.0f prints anything
  local s = (n == n and math.abs(n) < 2 ^ 53) and string.format("%d", math.floor(n + 0.5))
    or string.format("%.0f", n)
  -- thousands separators make large token counts readable
  local sign, digits = s:match("^(-?)(%d+)$")
  digits = digits:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", "")
  return sign .. digits
end

function common.percent(part, whole)
  if whole == 0 then return "0%" end
  return string.format("%.1f%%", 100 * part / whole)
end

common.slice = require("compact.message").slice

function common.label_of(message)
  if message.role == "tool_result" and message.tool_name then
    return "tool_result(" .. message.tool_name .. ")"
  end
  return message.role
end

--- The request for `conversation`, with its usage anchor and, when the
-- import knows it, the working directory.
function common.request_of(conversation, estimator)
  local request = { system_prompt = conversation.system_prompt, summary = conversation.summary,
                    messages = conversation.messages, tools = conversation.tools, estimator = estimator }
  request.usage = conversation.usage
  request.cwd = conversation.cwd   -- summaries show paths relative to it
  return request
end

--- The estimator named by `--estimator` (nil for the heuristic), or nil, err.
function common.estimator_of(options)
  local name = options.estimator
  if name == nil or name == "heuristic" then return nil end
  local ok, tokenizer, err = pcall(compact.tokenizer, name)
  if not ok or not tokenizer then
    return nil, "--estimator " .. name .. ": " .. tostring(ok and (err and err.message or err) or tokenizer)
  end
  return tokenizer:estimator()
end

--- Read and import FILE (`-`: stdin) under `--max-input-bytes` and
-- `--strict`; the importer's warnings go to stderr unless `quiet`.
-- @return the conversation, or nil after printing the error
function common.load_input(env, options, path, quiet)
  local max = options["max-input-bytes"] or importers.DEFAULT_MAX_BYTES
  local result, err
  if path == "-" then
    local text, read_err = import_common.read_capped(env.stdin, max)
    if not text then
      env.err("compact: <stdin>: cannot read: ", read_err, "\n")
      return nil
    end
    result, err = importers.parse(text, { name = "<stdin>", strict = options.strict, from = options.from })
  else
    result, err = importers.load(path, { max_bytes = max, strict = options.strict, from = options.from })
  end
  if not result then
    env.err("compact: ", err and err.message or tostring(err), "\n")
    return nil
  end
  if not quiet then
    for _, warning in ipairs(result.warnings or {}) do env.err("compact: warning: ", warning, "\n") end
  end
  return result
end

-- Devices and the like are written in place: renaming a file over them
-- would replace the device.
local function is_special(path)
  return path:match("^/dev/") or path:match("^/proc/")
end

--- Do two paths name one file (the same text, or one device and inode)?
function common.same_file(a, b)
  if a == b then return true end
  local id = core.file_id(a)
  return id ~= nil and id == core.file_id(b)
end

-- Returns true, or nil, the error and (appending) the file's size before
-- the write, read from the handle that writes (another writer's line added
-- before it stays).
local function write_one(env, path, text, mode)
  local file, err = env.open(path, mode or "wb")
  if not file then return nil, err end
  local before = mode == "ab" and file:seek("end") or nil
  local ok, write_err = file:write(text)
  if ok then ok, write_err = file:flush() end
  local closed, close_err = file:close()
  if not ok then return nil, write_err, before end
  if not closed then return nil, close_err, before end
  return true
end

-- io's messages repeat the path ("x: No such file or directory").
local function reason(path, err)
  err = tostring(err)
  if err:sub(1, #path + 2) == path .. ": " then return err:sub(#path + 3) end
  return err
end

-- The text of an existing regular file, or nil (none, or unreadable).
local function old_text(env, path)
  local file = env.open(path, "rb")
  if not file then return nil end
  local text = file:read("*a")
  file:close()
  return text
end

--- Write files all or nothing: each goes to a temporary file beside its
-- target, created exclusively under an unpredictable name with the
-- target's mode (`core.output_temp`: a planted file or symbolic link is
-- never written through), and only when every one is complete are they
-- renamed over the targets; on failure the temporary files are removed and
-- every existing file is left as it was. When a later step can still fail
-- (several renames, or an append after them), each existing target's text
-- is first copied beside it, and a failure renames the copies back over the
-- targets already replaced. An output that is a symbolic link writes the
-- file the link points to (the link stays); a dangling link is refused.
-- An append (the session, changed last) that fails part-way is cut back to
-- the file's size before it (`env.truncate`).
-- @tparam table files `{ { path =, text = }, ... }`
-- @return true, or nil and a message naming the file
function common.write_files(env, files)
  local temps = {}
  local function cleanup()
    for _, temp in ipairs(temps) do env.remove(temp) end
  end
  local renames, appends = 0, 0
  for _, file in ipairs(files) do
    local target = file.path
    file.temp, file.target, file.backup = nil, target, nil
    if not is_special(target) and not file.append then
      local temp, resolved = env.output_temp(target)
      if not temp then
        cleanup()
        return nil, "cannot write " .. target .. ": " .. reason(target, resolved)
      end
      file.temp, file.target = temp, resolved
      temps[#temps + 1] = temp
      renames = renames + 1
    end
    if file.append then appends = appends + 1 end
    local ok, err = true, nil
    if not file.append then ok, err = write_one(env, file.temp or target, file.text) end
    if not ok then
      cleanup()
      return nil, "cannot write " .. target .. ": " .. reason(file.temp or target, err)
    end
  end
  -- copies of the texts a failed later step must bring back
  if renames > 1 or (renames > 0 and appends > 0) then
    for _, file in ipairs(files) do
      local text = file.temp and old_text(env, file.target)
      if file.temp and not text and core.file_id(file.target) ~= nil then
        cleanup()
        return nil, "cannot keep a copy of " .. file.path .. ": it cannot be read"
      end
      if text then
        local backup = env.output_temp(file.target)
        local ok, err = backup ~= nil, "cannot create a temporary file"
        if backup then
          temps[#temps + 1] = backup
          ok, err = write_one(env, backup, text)
        end
        if not ok then
          cleanup()
          return nil, "cannot keep a copy of " .. file.path .. ": " .. reason(backup or file.path, err)
        end
        file.backup = backup
      end
    end
  end
  local replaced = {}
  local function undo()
    for i = #replaced, 1, -1 do
      local file = replaced[i]
      if file.backup then env.rename(file.backup, file.target) else env.remove(file.target) end
    end
    cleanup()
  end
  for _, file in ipairs(files) do
    if file.temp then
      local ok, err = env.rename(file.temp, file.target)
      if not ok then
        undo()
        return nil, "cannot replace " .. file.path .. ": " .. reason(file.temp, err)
      end
      replaced[#replaced + 1] = file
    end
  end
  -- appends last, after every replaced file: the session itself is changed last
  for _, file in ipairs(files) do
    if file.append then
      local ok, err, size = write_one(env, file.path, file.text, "ab")
      if not ok then
        -- what a failed write left at the end is taken back
        local cut, cut_err = true, nil
        if size then cut, cut_err = env.truncate(file.path, size) end
        undo()
        return nil, "cannot append to " .. file.path .. ": " .. reason(file.path, err)
          .. (cut and "" or " (and what was written could not be taken back: " .. tostring(cut_err) .. ")")
      end
    end
  end
  cleanup() -- the copies
  return true
end

return common
