--- Reading for the extractive summarizer: messages become turns (a
-- request, the commands run with their outcomes, the assistant's final
-- text), and a previous summary is split back into its sections.
-- @module compact.summarizers.extractive_read

local T = require "compact.summarizers.extractive_text"
local message_model = require "compact.message"

local read = {}

local COMMAND_KEYS = { "command", "cmd" }
local DETAIL_KEYS = { "path", "file_path", "pattern", "query", "url" }

local function first_string(args, keys)
  if type(args) ~= "table" then return nil end
  for _, key in ipairs(keys) do
    local value = rawget(args, key)
    if type(value) == "string" and value:find("%S") then return value end
  end
  return nil
end

-- Text and image count of a content value.
local function content_of(content)
  local images = 0
  local text = message_model.text(content, function() images = images + 1 end)
  return text, images
end
read.content_of = content_of

--- Fresh facts: what the summary is built from.
function read.new_facts(file_tools)
  return { goal = nil, constraints = {}, seen = {}, turns = {}, earlier = {}, calls = {},
           file_tools = file_tools, last_text = nil, last_has_calls = false }
end

local function add_constraint(facts, sentence, order)
  local key = T.flatten(sentence):lower()
  if facts.seen[key] then return end
  facts.seen[key] = true
  facts.constraints[#facts.constraints + 1] = { text = T.flatten(sentence), order = order }
end

local function new_turn(facts, request, images)
  local turn = { request = request, images = images, order = #facts.turns + 1, commands = {}, by_label = {},
                 edits = 0, conclusion = nil, pending = nil }
  facts.turns[#facts.turns + 1] = turn
  return turn
end

local function current_turn(facts)
  return facts.turns[#facts.turns] or new_turn(facts, nil, 0)
end

local function read_user(facts, msg)
  local raw, images = content_of(msg.content)
  if images == 0 and T.is_ack(raw) then return end
  local request, mentioned = T.clean_request(raw)
  local turn = new_turn(facts, request, images + mentioned)
  if not facts.goal and select(2, request:gsub("%a+", "")) >= 3 then facts.goal = request end
  for _, sentence in ipairs(T.constraints(request)) do
    add_constraint(facts, sentence, turn.order)
    turn.decided = true
  end
end

-- Remember a tool call so its result can report the outcome.
local function register_call(facts, turn, block)
  local args = type(block.arguments) == "table" and block.arguments or nil
  local spec = facts.file_tools[block.name]
  local path = spec and args and args[spec.key]
  local label
  if type(path) == "string" and path ~= "" then
    if spec.kind ~= "read" then turn.edits = turn.edits + 1 end
    label = block.name .. " `" .. T.cut_words(T.flatten(path), 120) .. "`"
  else
    local command = first_string(args, COMMAND_KEYS)
    if command then
      -- "cd /the/project && make" is "make": the absolute cd is noise
      command = T.flatten(command):gsub("^cd [/~]%S* *&& *", "")
      label = "`" .. T.cut_words(command, 120) .. "`"
    else
      local detail = first_string(args, DETAIL_KEYS)
      label = block.name .. (detail and (" `" .. T.cut_words(T.flatten(detail), 80) .. "`") or "")
    end
  end
  local call = { turn = turn, label = label, file = path ~= nil and path ~= false }
  if type(block.id) == "string" then facts.calls[block.id] = call end
  if not call.file then
    local entry = turn.by_label[label]
    if not entry then
      entry = { label = label, outcomes = {} }
      turn.by_label[label] = entry
      turn.commands[#turn.commands + 1] = entry
    end
    call.entry = entry
  end
end

local function read_assistant(facts, msg)
  if message_model.is_failed_attempt(msg) then return end
  local content = msg.content
  if type(content) == "string" then content = { { type = "text", text = content } } end
  if type(content) ~= "table" then return end
  local turn = current_turn(facts)
  local texts, has_calls = {}, false
  for i = 1, #content do
    local block = content[i]
    if type(block) == "table" and block.type == "text" and type(block.text) == "string"
        and block.text:find("%S") then
      texts[#texts + 1] = block.text
    elseif type(block) == "table" and block.type == "tool_call" and type(block.name) == "string" then
      has_calls = true
      register_call(facts, turn, block)
    end
  end
  local text = table.concat(texts, "\n")
  if has_calls then
    if text ~= "" then turn.pending = text end
  elseif text ~= "" then
    turn.conclusion, turn.pending = text, nil
  end
  if text ~= "" or has_calls then
    facts.last_text = text ~= "" and text or facts.last_text
    facts.last_has_calls = has_calls
  end
end

local function read_result(facts, msg)
  local call = type(msg.tool_call_id) == "string" and facts.calls[msg.tool_call_id]
  local output, images = content_of(msg.content)
  local failed = msg.is_error == true or T.looks_failed(output)
  if failed and call and T.no_match(call.label, output) then failed = false end
  if not call then
    if not failed then return end
    -- a result whose call we did not see: report it under its tool name
    call = { turn = current_turn(facts), label = type(msg.tool_name) == "string" and msg.tool_name or "tool" }
  end
  local turn = call.turn
  if images > 0 then turn.result_images = (turn.result_images or 0) + images end
  local entry = call.entry
  if not entry then
    if not failed then return end
    entry = { label = call.label, outcomes = {} }
    turn.commands[#turn.commands + 1] = entry
  end
  entry.outcomes[#entry.outcomes + 1] = not failed
  if failed then
    entry.reason, entry.fixed = T.failure_reason(output, 140), nil
  else
    -- "make test" failed, then "make build && make test" passed: fixed
    local core = entry.label:gsub("`", "")
    for _, other in ipairs(turn.commands) do
      if other ~= entry and not other.outcomes[#other.outcomes] and #other.outcomes > 0
          and core:find(other.label:gsub("`", ""), 1, true) then
        other.fixed = true
      end
    end
  end
end

--- Add one message to `facts`.
function read.message(facts, msg)
  if msg.role == "user" then
    read_user(facts, msg)
  elseif msg.role == "assistant" then
    read_assistant(facts, msg)
  elseif msg.role == "tool_result" then
    read_result(facts, msg)
  end
end

-- == A previous summary ==

-- Which part of the new summary a heading's items go to.
local HEADINGS = {
  { "goal", "goal" }, { "constraint", "constraints" }, { "preference", "constraints" },
  { "decision", "constraints" }, { "latest", "latest" }, { "in progress", "open" }, { "open", "open" },
  { "next", "open" }, { "blocked", "open" },
}

local function section_of(heading)
  local lower = heading:lower()
  for _, pair in ipairs(HEADINGS) do
    if lower:find(pair[1], 1, true) then return pair[2] end
  end
  return "progress"
end

local function is_bullet(line)
  return line:match("^%s*[%-%*%+] ") or line:match("^%s*%d+[%.%)] ")
end

-- Items of a Markdown text: { section = ..., text = "line\nline" }.
local function items_of(text)
  local items, section, current = {}, "progress", nil
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    local heading = line:match("^%s*#+%s+(.-)%s*$") or line:match("^%s*%*%*(.-)%*%*%s*$")
    if heading then
      section, current = section_of(heading), nil
    elseif not line:find("%S") then
      current = nil
    elseif current and (line:match("^%s%s") or not is_bullet(line)) then
      current.text = current.text .. "\n" .. line
    elseif not line:match("^%- %(%d+ .* left out%)$") then
      current = { section = section, text = line }
      items[#items + 1] = current
    end
  end
  return items
end

local function strip_bullet(s)
  return (s:gsub("^%s*[%-%*%+]%s+", ""):gsub("^%s*%d+[%.%)]%s+", ""):gsub("^%[.%]%s*", ""))
end

--- Merge a previous summary (file lists already removed) into `facts`:
-- its goal is the goal, its constraints come first, everything else is
-- kept as earlier progress.
function read.previous(facts, text)
  local latest = {}
  for _, item in ipairs(items_of(text)) do
    if item.section == "goal" then
      facts.goal = facts.goal and (facts.goal .. " " .. T.flatten(item.text)) or T.flatten(item.text)
    elseif item.section == "constraints" then
      add_constraint(facts, strip_bullet(item.text), -1000 + #facts.constraints)
    elseif item.section == "latest" then
      latest[#latest + 1] = "  - " .. strip_bullet(item.text)
    else
      local body = item.text:match("^%s*[%-%*%+] ") and item.text or ("- " .. item.text)
      if item.section == "open" then body = "- Was open: " .. strip_bullet(item.text) end
      facts.earlier[#facts.earlier + 1] = body
    end
  end
  if #latest > 0 then
    facts.earlier[#facts.earlier + 1] = "- Earlier exchange:\n" .. table.concat(latest, "\n")
  end
end

return read
