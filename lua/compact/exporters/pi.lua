--- The pi session exporter: a session header, one `message` entry per
-- message (ids chained by `parentId`, session format 3) and, when there is a
-- summary, a `compaction` entry after them whose `firstKeptEntryId` is the
-- first message written, which is how pi itself records a compaction. Each
-- message keeps its own `timestamp` (epoch milliseconds, as the pi importer
-- reads it; export time for messages without one) and its `usage.cost`. Also
-- the entry `compact run --append` adds to an existing session. Internal;
-- use `compact.exporters.export`.
-- @module compact.exporters.pi

local common = require "compact.exporters.common"


local pi = {}

-- Encode or raise (the caller, `compact.exporters.export`, runs us under
-- pcall and turns the raise into an error value).
local function encode(value)
  local text, err = common.encode(value)
  if not text then error(tostring(err.message or err), 0) end
  return text
end

local STOP = { stop = "stop", tool_use = "toolUse", length = "length", error = "error", aborted = "aborted" }

local function iso_time(seconds)
  return os.date("!%Y-%m-%dT%H:%M:%S.000Z", math.floor(seconds))
end

-- A message's own time (pi's epoch milliseconds, kept by the importer), or
-- `now_millis` for a message that has none.
local function millis_of(message, now_millis)
  local t = message.timestamp
  if type(t) == "number" and t == t and t >= 0 and t < 1e15 then return t end
  return now_millis
end

-- Epoch milliseconds as pi's ISO entry time (milliseconds kept).
local function iso_millis(millis)
  local seconds = math.floor(millis / 1000)
  return os.date("!%Y-%m-%dT%H:%M:%S", seconds) .. string.format(".%03dZ", math.floor(millis - seconds * 1000))
end

local ZERO_COST = { input = 0, output = 0, cacheRead = 0, cacheWrite = 0, total = 0 }

local function pi_block(block)
  if block.type == "image" then return { type = "image", data = block.data, mimeType = block.mime_type } end
  if block.type == "text" then return { type = "text", text = block.text } end
  if block.type == "thinking" then
    return { type = "thinking", thinking = block.thinking, thinkingSignature = block.signature }
  end
  if block.type == "tool_call" then
    return { type = "toolCall", id = block.id, name = block.name, arguments = block.arguments or {} }
  end
  return nil
end

local function blocks_of(content, as_list)
  return common.map_blocks(content, pi_block, as_list)
end

local function assistant_message(message, millis)
  local usage = type(message.usage) == "table" and message.usage or {}
  local meta = type(message.provider_metadata) == "table" and message.provider_metadata or {}
  local input, output = usage.input or 0, usage.output or 0
  local cache_read, cache_write = usage.cache_read or 0, usage.cache_write or 0
  return {
    role = "assistant", content = blocks_of(message.content, true), api = meta.api, provider = meta.provider,
    model = meta.model, stopReason = STOP[message.stop_reason] or "stop", errorMessage = message.error_message,
    usage = { input = input, output = output, cacheRead = cache_read, cacheWrite = cache_write,
              totalTokens = input + output + cache_read + cache_write,
              cost = type(usage.cost) == "table" and usage.cost or ZERO_COST,
              stale = usage.stale == true or nil }, -- counted before a compaction: never an anchor
    timestamp = millis,
  }
end

local function pi_message(message, millis)
  if message.role == "user" then
    return { role = "user", content = blocks_of(message.content, false), timestamp = millis }
  elseif message.role == "assistant" then
    return assistant_message(message, millis)
  end
  return { role = "toolResult", toolCallId = message.tool_call_id, toolName = message.tool_name,
           content = blocks_of(message.content, true), isError = message.is_error == true, timestamp = millis }
end

-- Ids of 8 hex digits, as pi's, never one of `taken`.
local function id_maker(taken)
  local n = 0
  return function()
    repeat
      n = n + 1
    until not (taken and taken[string.format("%08x", n)])
    return string.format("%08x", n)
  end
end

--- The `compaction` entry for a session: `{ summary, tokens_before,
-- first_kept = { id, index } or nil (nothing kept), source = the importer's
-- `source`, now = epoch seconds }`. Session format 1 (no ids) gets
-- `firstKeptEntryIndex`, later formats `id`, `parentId` and
-- `firstKeptEntryId`.
-- @treturn string the JSON line (without the newline), or nil, err
function pi.compaction_entry(opts)
  local source = opts.source
  local entry = { type = "compaction", timestamp = iso_time(opts.now), summary = opts.summary,
                  tokensBefore = math.floor(opts.tokens_before or 0) }
  if source.has_ids then
    entry.id = id_maker(source.ids)()
    entry.parentId = source.leaf_id
    entry.firstKeptEntryId = opts.first_kept and opts.first_kept.id or entry.id
  else
    entry.firstKeptEntryIndex = opts.first_kept and opts.first_kept.index or source.entry_count
  end
  return common.encode(entry)
end

--- A whole session as JSONL.
-- @tparam table conversation `{ summary, messages }`
-- @tparam table opts `{ header = the original session header, tokens_before, now }`
function pi.export(conversation, opts)
  local now = opts.now and opts.now() or os.time()
  local header = { type = "session", version = 3, id = "compact-" .. os.date("!%Y%m%d%H%M%S", now),
                   timestamp = iso_time(now), cwd = conversation.cwd or "" }
  for key, value in pairs(opts.header or {}) do
    if key ~= "version" then header[key] = value end
  end
  local lines, next_id, parent = { encode(header) }, id_maker(nil), nil
  local first_id
  for _, message in ipairs(conversation.messages) do
    local id = next_id()
    first_id = first_id or id
    local millis = millis_of(message, now * 1000)
    lines[#lines + 1] = encode { type = "message", id = id, parentId = parent or common.NULL,
                                        timestamp = iso_millis(millis), message = pi_message(message, millis) }
    parent = id
  end
  if conversation.summary and conversation.summary ~= "" then
    local id = next_id()
    lines[#lines + 1] = encode { type = "compaction", id = id, parentId = parent or common.NULL,
      timestamp = iso_time(now), summary = conversation.summary, firstKeptEntryId = first_id or id,
      tokensBefore = math.floor(opts.tokens_before or 0) }
  end
  return table.concat(lines, "\n") .. "\n"
end

return pi
