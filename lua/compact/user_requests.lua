--- The compactor's `keep_user_messages_tokens`: the newest user requests of
-- a summarized span, kept verbatim in the summary (docs/compactor.md,
-- "User requests kept verbatim").
--
-- Whole user messages, newest first, are taken while their estimates (the
-- request's estimator) add up to at most the limit; the requests a previous
-- summary kept count as older than the span (their text's estimate). They
-- are written oldest first under `## User requests (verbatim)`, separated
-- by lines `---`, after the summarizer's text and before the file lists.
-- @module compact.user_requests

local message_model = require "compact.message"

local user_requests = {}

user_requests.HEADING = "## User requests (verbatim)"
local SEPARATOR = "\n\n---\n\n"
local SECTION_START = "\n" .. user_requests.HEADING .. "\n"

-- Where the section starts in `text` (after a newline, or at the start), or nil.
local function section_at(text)
  if text:sub(1, #user_requests.HEADING + 1) == user_requests.HEADING .. "\n" then return 1 end
  local at = text:find(SECTION_START, 1, true)
  return at and at + 1 or nil
end

--- `text` without its section (from the heading to the end), as a model
-- that echoes a previous summary writes it.
function user_requests.strip(text)
  local at = section_at(text)
  if not at then return text end
  return text:sub(1, at - 1)
end

-- The entries of the section of a previous summary (before its file lists).
local function previous_entries(summary)
  if type(summary) ~= "string" then return {} end
  local at = section_at(summary)
  if not at then return {} end
  local body = summary:sub(at + #user_requests.HEADING)
  local lists = body:find("\n\n<read%-files>\n") or body:find("\n\n<modified%-files>\n")
  if lists then body = body:sub(1, lists - 1) end
  body = body:gsub("^%s+", ""):gsub("%s+$", "")
  local entries = {}
  local start = 1
  while body ~= "" do
    local s, e = body:find(SEPARATOR, start, true)
    entries[#entries + 1] = body:sub(start, (s or #body + 1) - 1)
    if not s then break end
    start = e + 1
  end
  return entries
end

--- The section for the user messages of `lists` (history, then turn
-- prefix) and the previous summary's kept requests, within `limit` tokens
-- of `estimator`; "" when none fits. The estimator may raise: callers run
-- under pcall.
function user_requests.section(estimator, limit, previous_summary, lists)
  local candidates = {} -- oldest first: { text, tokens }
  for _, entry in ipairs(previous_entries(previous_summary)) do
    candidates[#candidates + 1] = { entry, estimator:text(entry) }
  end
  for _, list in ipairs(lists) do
    for _, message in ipairs(list) do
      if message.role == "user" then
        local text = message_model.text(message.content)
        if text:find("%S") then candidates[#candidates + 1] = { text, estimator:message(message) } end
      end
    end
  end
  local first, total = #candidates + 1, 0
  for i = #candidates, 1, -1 do
    if total + candidates[i][2] > limit then break end
    total = total + candidates[i][2]
    first = i
  end
  if first > #candidates then return "" end
  local texts = {}
  for i = first, #candidates do texts[#texts + 1] = candidates[i][1] end
  return "\n\n" .. user_requests.HEADING .. "\n\n" .. table.concat(texts, SEPARATOR)
end

return user_requests
