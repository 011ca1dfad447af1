--- The extractive summarizer: an offline, deterministic summary without a
-- model.
--
--     local summarizer = compact.extractive_summarizer { max_chars = 16000 }
--     local text, usage = summarizer:summarize(req, cancel)
--
-- It pulls the sections a model summary would have out of the messages
-- themselves: the first request as the goal, the user's requests in order,
-- the tool calls with their paths or commands, error results cut short, the
-- files touched, the last request as the next step and the last assistant
-- reply. A previous summary is merged: one this summarizer wrote is parsed
-- back into its lists, any other text is kept as "Earlier summary". The
-- result never exceeds `max_chars` bytes; when something must go, the oldest
-- items go first and a line says how many were left out.
-- @module compact.summarizers.extractive

local checks = require "compact.config"
local errors = require "compact.errors"
local cancel_mod = require "compact.cancel"
local file_lists = require "compact.files"

local extractive = {}

--- Default size limit in bytes: about a 4000-token summary.
extractive.DEFAULT_MAX_CHARS = 16000

--- The smallest accepted `max_chars`.
extractive.MIN_MAX_CHARS = 200

local Summarizer = { __name = "compact.ExtractiveSummarizer" }
Summarizer.__index = Summarizer
Summarizer.__tostring = function(self)
  return "compact.ExtractiveSummarizer(" .. self.max_chars .. ")"
end

-- Section headings; parsing a previous summary relies on them.
local H = {
  goal = "## Goal",
  requests = "## User requests",
  progress = "## Progress (tool calls)",
  errors = "## Errors",
  files = "## Files touched",
  read = "### Read",
  modified = "### Modified",
  next = "## Next steps",
  context = "## Critical context",
  earlier = "## Earlier summary",
}

-- Argument keys that name what a call worked on, for its progress line. The
-- files section itself follows the compactor's file_tools mapping, so the
-- two never disagree about what was read or modified.
local PATH_KEYS = { "path", "file_path", "filename", "file" }
local DETAIL_KEYS = { "command", "cmd", "pattern", "query", "url" }

--- Create an extractive summarizer.
-- @tparam[opt] table config `{ max_chars = 16000, file_tools = nil }`; `file_tools`
--   maps tool names to `{ kind = "read"|"write"|"edit", key = "path" }` like
--   the compactor's option (pass the same table to both)
-- @treturn table|nil the summarizer, or nil and an `invalid_config` error
function extractive.new(config)
  local _, err = checks.table(config == nil and {} or config, { max_chars = true, file_tools = true })
  if err then return nil, err end
  local max_chars
  max_chars, err = checks.check("config.max_chars", config and config.max_chars,
    { "integer", min = extractive.MIN_MAX_CHARS, default = extractive.DEFAULT_MAX_CHARS })
  if err then return nil, err end
  local file_tools
  file_tools, err = file_lists.merge_tools(config and config.file_tools)
  if not file_tools then return nil, err end
  return setmetatable({ max_chars = max_chars, file_tools = file_tools }, Summarizer)
end

-- Cut `s` to at most `limit` bytes without splitting a UTF-8 sequence,
-- ending with "..." when something was cut.
local function cut(s, limit)
  if #s <= limit then return s end
  if limit <= 3 then return ("..."):sub(1, limit) end
  local stop = limit - 3
  -- step back over continuation bytes so the last sequence stays whole
  while stop > 0 and s:byte(stop + 1) and s:byte(stop + 1) >= 0x80 and s:byte(stop + 1) < 0xC0 do
    stop = stop - 1
  end
  return s:sub(1, stop) .. "..."
end

-- Cut `s` to about `limit` bytes keeping its head and its tail, where
-- errors usually say what went wrong.
local function cut_middle(s, limit)
  if #s <= limit then return s end
  local head = cut(s, math.floor(limit * 0.4))
  local tail_start = #s - (limit - #head - 5) + 1
  while s:byte(tail_start) and s:byte(tail_start) >= 0x80 and s:byte(tail_start) < 0xC0 do
    tail_start = tail_start + 1
  end
  return head .. " " .. s:sub(tail_start)
end

-- A slash command such as "/model" is an instruction to the host
-- application, not a request to the assistant.
local function is_command(text)
  return text:match("^%s*/%S*%s*$") ~= nil
end

-- One line of text: white space runs become single spaces.
local function flatten(s)
  return (s:gsub("%s+", " "):match("^ ?(.-) ?$"))
end

local function content_text(content)
  if type(content) == "string" then return content end
  if type(content) ~= "table" then return "" end
  local parts = {}
  for i = 1, #content do
    local block = content[i]
    if type(block) == "table" and block.type == "text" and type(block.text) == "string" then
      parts[#parts + 1] = block.text
    end
  end
  return table.concat(parts, "\n")
end

local function first_string(args, keys)
  if type(args) ~= "table" then return nil end
  for _, key in ipairs(keys) do
    local value = rawget(args, key)
    if type(value) == "string" and value:find("%S") then return value end
  end
  return nil
end

-- The facts gathered from messages, oldest first.
local function new_facts(file_tools)
  return { goal = nil, requests = {}, progress = {}, errors = {}, files = {}, touches = 0,
           last_request = nil, last_reply = nil, earlier = {}, calls = {}, file_tools = file_tools }
end

local function touch(facts, path, kind)
  local entry = facts.files[path]
  if not entry then
    entry = { path = path, kind = kind }
    facts.files[path] = entry
  elseif kind == "modified" then
    entry.kind = "modified"
  end
  facts.touches = facts.touches + 1
  entry.seen = facts.touches
end

local function add_progress(facts, item)
  local list = facts.progress
  local last = list[#list]
  if last and last.text == item then
    last.count = last.count + 1
  else
    list[#list + 1] = { text = item, count = 1 }
  end
end

local function read_message(facts, msg)
  local role = msg.role
  if role == "user" then
    local text = content_text(msg.content)
    if text:find("%S") and not is_command(text) then
      facts.requests[#facts.requests + 1] = text
      facts.goal = facts.goal or text
      facts.last_request = text
    end
  elseif role == "assistant" then
    if msg.stop_reason == "error" or msg.stop_reason == "aborted" then return end
    local content = msg.content
    if type(content) == "string" then content = { { type = "text", text = content } } end
    if type(content) ~= "table" then return end
    for i = 1, #content do
      local block = content[i]
      if type(block) == "table" and block.type == "text" and type(block.text) == "string"
          and block.text:find("%S") then
        facts.last_reply = block.text
      elseif type(block) == "table" and block.type == "tool_call" and type(block.name) == "string" then
        local spec = facts.file_tools[block.name]
        local file = spec and type(block.arguments) == "table" and block.arguments[spec.key]
        if type(file) == "string" and file ~= "" then
          touch(facts, flatten(file), spec.kind == "read" and "read" or "modified")
        end
        local path = first_string(block.arguments, PATH_KEYS)
        local label
        if path then
          label = block.name .. " `" .. cut(flatten(path), 200) .. "`"
        else
          local detail = first_string(block.arguments, DETAIL_KEYS)
          label = block.name .. (detail and (": `" .. cut(flatten(detail), 160) .. "`") or "")
        end
        add_progress(facts, label)
        if type(block.id) == "string" then facts.calls[block.id] = label end
      end
    end
  elseif role == "tool_result" and msg.is_error == true then
    -- name the call that failed (with its path or command) when it is known
    local label = type(msg.tool_call_id) == "string" and facts.calls[msg.tool_call_id]
      or (type(msg.tool_name) == "string" and msg.tool_name) or "tool"
    label = cut(label, 120)
    facts.errors[#facts.errors + 1] = label .. " -> "
      .. cut_middle(flatten(content_text(msg.content)), math.max(80, 290 - #label))
  end
end

-- Parse a previous summary into `facts` (items count as older than anything
-- in the messages). File lists the compactor appended are read too.
local function read_previous(facts, text)
  local function list_block(tag, kind)
    local quoted = tag:gsub("%p", "%%%0")
    text = text:gsub("<" .. quoted .. ">\n?(.-)\n?</" .. quoted .. ">", function(body)
      for line in body:gmatch("[^\n]+") do
        local path = line:match("^%s*(.-)%s*$")
        if path ~= "" then touch(facts, path, kind) end
      end
      return ""
    end)
  end
  list_block("read-files", "read")
  list_block("modified-files", "modified")
  text = text:match("^%s*(.-)%s*$")
  if text == "" then return end
  if text:sub(1, #H.goal + 1) ~= H.goal .. "\n" then
    for line in text:gmatch("[^\n]+") do facts.earlier[#facts.earlier + 1] = line end
    return
  end
  local section, sub
  local goal = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if line:sub(1, 3) == "## " then
      section, sub = line, nil
    elseif line:sub(1, 4) == "### " then
      sub = line
    elseif section == H.goal then
      if line:find("%S") then goal[#goal + 1] = line end
    elseif section == H.earlier then
      local quoted = line:match("^> ?(.*)$")
      if quoted then facts.earlier[#facts.earlier + 1] = quoted end
    else
      local item = line:match("^%- (.*)$")
      if item and not item:match("^%(%d+ earlier .* omitted%)$") then
        if section == H.requests then
          facts.requests[#facts.requests + 1] = item
        elseif section == H.progress then
          local base, count = item:match("^(.-) %(x(%d+)%)$")
          facts.progress[#facts.progress + 1] = { text = base or item, count = tonumber(count) or 1 }
        elseif section == H.errors then
          facts.errors[#facts.errors + 1] = item
        elseif section == H.files then
          touch(facts, item, sub == H.modified and "modified" or "read")
        elseif section == H.next then
          facts.last_request = item
        elseif section == H.context then
          facts.last_reply = item:match("^Last assistant reply: (.*)$") or facts.last_reply
        end
      end
    end
  end
  if #goal > 0 then facts.goal = table.concat(goal, "\n") end
end

-- The newest items of `list` whose rendered lines fit in `budget` bytes,
-- in their original order, and how many older ones were left out.
local function fit(lines, budget)
  local used, first = 0, #lines + 1
  for i = #lines, 1, -1 do
    local size = #lines[i] + 1
    if used + size > budget then break end
    used = used + size
    first = i
  end
  local kept = {}
  for i = first, #lines do kept[#kept + 1] = lines[i] end
  return kept, first - 1
end

-- Like `fit` but keeps the oldest lines (a foreign summary reads top down).
local function fit_head(lines, budget)
  local used, kept = 0, {}
  for i = 1, #lines do
    local size = #lines[i] + 1
    if used + size > budget then return kept, #lines - #kept end
    used = used + size
    kept[#kept + 1] = lines[i]
  end
  return kept, 0
end

-- Split `available` bytes among sections by weight; a section that needs
-- less than its share gives the rest to the others (water filling).
local function allot(sections, available)
  local active = {}
  for _, s in ipairs(sections) do
    s.allotted = 0
    if s.need > 0 then active[#active + 1] = s end
  end
  local remaining = math.max(0, available)
  while #active > 0 do
    local weight = 0
    for _, s in ipairs(active) do weight = weight + s.weight end
    local still, freed = {}, 0
    for _, s in ipairs(active) do
      if s.need <= remaining * s.weight / weight then
        s.allotted = s.need
        freed = freed + s.need
      else
        still[#still + 1] = s
      end
    end
    if #still == #active then
      for _, s in ipairs(still) do s.allotted = math.floor(remaining * s.weight / weight) end
      return
    end
    remaining = remaining - freed
    active = still
  end
end

local function bullet(list, limit, prefix)
  local lines = {}
  for i, item in ipairs(list) do lines[i] = (prefix or "- ") .. cut(prefix and item or flatten(item), limit) end
  return lines
end

local function size_of(lines)
  local n = 0
  for _, line in ipairs(lines) do n = n + #line + 1 end
  return n
end

local function omitted_line(count)
  return "- (" .. count .. " earlier item" .. (count == 1 and "" or "s") .. " omitted)"
end

local function render(facts, max_chars)
  -- fixed parts scale with the budget so a small max_chars still works
  local goal = cut(flatten(facts.goal or "(no request yet)"), math.min(600, math.floor(max_chars / 10)))
  local next_step = cut(flatten(facts.last_request or "(none)"), math.min(1000, math.floor(max_chars / 8)))
  local reply = facts.last_reply and cut(flatten(facts.last_reply), math.min(600, math.floor(max_chars / 10)))
  local item_limit = math.max(40, math.min(300, math.floor(max_chars / 20)))

  local progress_items = {}
  for i, p in ipairs(facts.progress) do
    progress_items[i] = p.count > 1 and (p.text .. " (x" .. p.count .. ")") or p.text
  end
  -- files: newest touch wins a place; listed sorted within each kind
  local files = {}
  for _, entry in pairs(facts.files) do files[#files + 1] = entry end
  table.sort(files, function(a, b) return a.seen < b.seen end)
  local file_lines = {}
  for i, entry in ipairs(files) do file_lines[i] = "- " .. cut(entry.path, item_limit) end

  local sections = {
    { key = "requests", lines = bullet(facts.requests, item_limit), weight = 4 },
    { key = "progress", lines = bullet(progress_items, item_limit), weight = 3 },
    { key = "errors", lines = bullet(facts.errors, item_limit), weight = 2 },
    { key = "files", lines = file_lines, weight = 2 },
    { key = "earlier", lines = bullet(facts.earlier, item_limit * 2, "> "), weight = 2, head = true },
  }
  local fixed = #H.goal + #goal + #H.next + #next_step + 16
    + (reply and (#H.context + #reply + 30) or 0)
  local overhead = 0
  for _, s in ipairs(sections) do
    s.need = size_of(s.lines)
    -- heading, blank line and a possible "omitted" line
    overhead = overhead + (s.need > 0 and (#H[s.key] + #H.read + #H.modified + 48) or 0)
  end
  allot(sections, max_chars - fixed - overhead)

  local out = { H.goal, goal, "" }
  local function emit(heading, lines, dropped)
    if #lines == 0 and dropped == 0 then return end
    out[#out + 1] = heading
    if dropped > 0 then out[#out + 1] = omitted_line(dropped) end
    for _, line in ipairs(lines) do out[#out + 1] = line end
    out[#out + 1] = ""
  end
  for _, s in ipairs(sections) do
    local kept, dropped = (s.head and fit_head or fit)(s.lines, s.allotted)
    if s.key == "files" then
      -- `fit` kept the newest entries: the last #kept of `files`
      local read, modified = {}, {}
      for i = #files - #kept + 1, #files do
        local list = files[i].kind == "modified" and modified or read
        list[#list + 1] = file_lines[i]
      end
      table.sort(read)
      table.sort(modified)
      if #kept > 0 or dropped > 0 then
        out[#out + 1] = H.files
        if dropped > 0 then out[#out + 1] = omitted_line(dropped) end
        if #read > 0 then out[#out + 1] = H.read end
        for _, line in ipairs(read) do out[#out + 1] = line end
        if #modified > 0 then out[#out + 1] = H.modified end
        for _, line in ipairs(modified) do out[#out + 1] = line end
        out[#out + 1] = ""
      end
    elseif s.key == "earlier" then
      if #kept > 0 then
        if dropped > 0 then kept[#kept + 1] = "[... " .. dropped .. " more lines cut ...]" end
        emit(H.earlier, kept, 0)
      end
    else
      emit(H[s.key], kept, dropped)
    end
  end
  out[#out + 1] = H.next
  out[#out + 1] = "- " .. next_step
  if reply then
    out[#out + 1] = ""
    out[#out + 1] = H.context
    out[#out + 1] = "- Last assistant reply: " .. reply
  end
  local text = table.concat(out, "\n")
  -- the budget arithmetic is conservative; this only guards the contract
  return cut(text, max_chars)
end

--- Summarize `req` (contract 6.1) without a model.
-- @tparam table req `{ messages, turn_prefix_messages, previous_summary, instructions }`
-- @param[opt] cancel a cancellation token
-- @treturn string|nil the summary (at most `max_chars` bytes)
-- @treturn table zero usage, or the error
function Summarizer:summarize(req, cancel)
  if cancel_mod.is_cancelled(cancel) then return nil, errors.cancelled("summarization cancelled") end
  if type(req) ~= "table" then return nil, errors.invalid_request("summarize: req must be a table") end
  local facts = new_facts(self.file_tools)
  if req.previous_summary ~= nil then
    if type(req.previous_summary) ~= "string" then
      return nil, errors.invalid_request("summarize: req.previous_summary must be a string")
    end
    read_previous(facts, req.previous_summary)
  end
  for _, key in ipairs({ "messages", "turn_prefix_messages" }) do
    local list = req[key]
    if list ~= nil and type(list) ~= "table" then
      return nil, errors.invalid_request("summarize: req." .. key .. " must be a table")
    end
    for i = 1, list and #list or 0 do
      local msg = list[i]
      if type(msg) ~= "table" or type(msg.role) ~= "string" then
        return nil, errors.invalid_request("summarize: req." .. key .. "[" .. i .. "].role must be a string")
      end
      read_message(facts, msg)
    end
  end
  return render(facts, self.max_chars), { input = 0, output = 0, cache_read = 0, cache_write = 0 }
end

return extractive
