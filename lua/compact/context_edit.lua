--- Context editing: the cheap tier before compaction (docs/agent.md,
-- "Context editing"), and the cap on tool results entering the context.
--
-- Editing replaces the content of tool results older than the newest
-- `keep_turns` turns with `[tool result cleared to save context: N tokens]`
-- (N: the estimator's count of what was cleared), keeping `tool_call_id`,
-- `tool_name` and `is_error`. It never modifies a message or a list: a
-- changed message is a shallow copy in a new list. Already cleared results
-- are left, so editing twice is editing once. No model is called.
--
-- Every original this module gives up (a cleared result, the cut middle of
-- a tool result that is too long) gets its placeholder from
-- `compact.placeholders.replacement`; with an archive (`recall_id`) the
-- original is archived first and the placeholder names its id.
-- @module compact.context_edit

local checks = require "compact.checks"
local fit = require "compact.fit"
local placeholders = require "compact.placeholders"
local util = require "compact.util"

local context_edit = {}

--- Is `message` a tool result whose content was already cleared?
function context_edit.is_cleared(message)
  return message.role == "tool_result" and placeholders.is_cleared(message.content)
end

local known_edit = { trigger_ratio = true, keep_turns = true, exclude_tools = true }

--- Check the agent's `config.edit`: returns `{ trigger_ratio, keep_turns,
-- exclude = { name = true } }`, nil for a nil edit, or nil, ErrInvalidConfig.
-- Defaults: trigger_ratio 0.65, keep_turns 3 (codecompanion.nvim's).
function context_edit.check_config(edit)
  if edit == nil or edit == false then return nil end -- false: off, said explicitly
  local _, err = checks.table(edit, known_edit, "config.edit")
  if err then return nil, err end
  local ratio, keep
  ratio, err = checks.check("config.edit.trigger_ratio", edit.trigger_ratio, { "number", above = 0, default = 0.65 })
  if err then return nil, err end
  keep, err = checks.check("config.edit.keep_turns", edit.keep_turns, { "integer", min = 0, default = 3 })
  if err then return nil, err end
  local exclude = {}
  local list = edit.exclude_tools
  if list ~= nil then
    if type(list) ~= "table" then return checks.expected("config.edit.exclude_tools", "a list of tool names", list) end
    for i, name in ipairs(list) do
      if util.is_blank(name) then
        return checks.expected("config.edit.exclude_tools[" .. i .. "]", "a tool name", name)
      end
      exclude[name] = true
    end
  end
  return { trigger_ratio = ratio, keep_turns = keep, exclude = exclude }
end

local function copy(message)
  local out = {}
  for key, value in pairs(message) do out[key] = value end
  return out
end

-- The estimator's count of a tool result's content: `text` of a string;
-- for blocks, the message's estimate less that of the same message empty.
local function content_tokens(estimator, message)
  local content = message.content
  if type(content) == "string" then return estimator:text(content) end
  local empty = copy(message)
  empty.content = ""
  return math.max(0, estimator:message(message) - estimator:message(empty))
end

-- The first index of the newest `keep_turns` turns (a turn starts at a user
-- message); with `pending_prompt` the prompt about to be accepted is the
-- newest turn. 1 when there are not that many turns (nothing is older).
local function kept_from(messages, keep_turns, pending_prompt)
  local need = keep_turns - (pending_prompt and 1 or 0)
  if need <= 0 then return #messages + 1 end
  for i = #messages, 1, -1 do
    if messages[i].role == "user" then
      need = need - 1
      if need == 0 then return i end
    end
  end
  return 1
end

--- Clear old tool results. `opts = { estimator, keep_turns, exclude,
-- pending_prompt, through, recall_id, recall_alias }` (`recall_id(message)
-- -> id`: with an archive, archives the original first and its id goes into
-- the placeholder; it raises when the archive fails, so nothing is cleared;
-- `recall_alias(copy, id)`: the cleared copy stands for that id, so it is
-- never archived again). Returns the new list and `{ cleared = n,
-- tokens_saved = t, saved_through = s }` (s: the part of t at indices <=
-- `through`), or nil when nothing was cleared. The estimator may raise:
-- call this under pcall.
function context_edit.edit(messages, opts)
  local estimator = opts.estimator
  local before = kept_from(messages, opts.keep_turns, opts.pending_prompt)
  local out, cleared, saved, saved_through = nil, 0, 0, 0
  for i = 1, before - 1 do
    local message = messages[i]
    if message.role == "tool_result" and not opts.exclude[message.tool_name]
        and not context_edit.is_cleared(message) then
      local tokens = math.ceil(content_tokens(estimator, message))
      local edited = copy(message)
      local id = opts.recall_id and opts.recall_id(message)
      edited.content = placeholders.replacement("cleared", tokens, message, { message = message, recall_id = id })
      if id ~= nil and opts.recall_alias then opts.recall_alias(edited, id) end
      local delta = estimator:message(message) - estimator:message(edited)
      if not out then
        out = {}
        for j = 1, #messages do out[j] = messages[j] end
      end
      out[i] = edited
      cleared = cleared + 1
      saved = saved + delta
      if opts.through and i <= opts.through then saved_through = saved_through + delta end
    end
  end
  if not out then return nil end
  return out, { cleared = cleared, tokens_saved = saved, saved_through = saved_through }
end

--- A tool result whose texts exceed `max` tokens (together), shortened head
-- and tail with `[... N tokens cut: tool result too long ...]`; the result
-- itself when it fits. With `recall_id` (see `edit`) the whole original is
-- archived before it is cut and the marker names it (and `recall_alias`
-- names the cut copy by it). Call under pcall (the estimator and recall_id
-- may raise).
function context_edit.cap_result(result, max, estimator, recall_id, recall_alias)
  local id
  local function marker(tokens, cut)
    if recall_id and id == nil then id = recall_id(result) end
    return placeholders.replacement("cut", tokens, cut, { message = result, recall_id = id })
  end
  local function named(out)
    if id ~= nil and recall_alias then recall_alias(out, id) end
    return out
  end
  local content = result.content
  if type(content) == "string" then
    local short = fit.shorten_tokens(estimator, content, max, marker)
    if short == content then return result end
    local out = copy(result)
    out.content = short
    return named(out)
  end
  local total, sizes, list = 0, {}, {}
  for i, block in ipairs(content) do
    if block.type == "text" and type(block.text) == "string" then
      sizes[i] = estimator:text(block.text)
      list[#list + 1] = sizes[i]
      total = total + sizes[i]
    end
  end
  if total <= max then return result end
  -- the texts above one level are cut to it, so together they fit
  local level = fit.water_level(list, total - max)
  local blocks = {}
  for i, block in ipairs(content) do
    blocks[i] = block
    if sizes[i] and sizes[i] > level then
      local short = fit.shorten_tokens(estimator, block.text, level, marker)
      if short ~= block.text then
        blocks[i] = copy(block)
        blocks[i].text = short
      end
    end
  end
  local out = copy(result)
  out.content = blocks
  return named(out)
end

return context_edit
