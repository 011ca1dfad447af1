--- The agent's archive and its `recall` tool (internal to compact.agent;
-- docs/agent.md, "Nothing lost").
--
-- With an archive (`config.archive`, or the one of a compactor made by
-- `compact.new { archive = }`), the agent's compactions archive every
-- message they replace under `config.conversation_id` (default: a fresh id
-- per agent), and the model gets a `recall` tool (unless `recall_tool =
-- false`): `{ query = "words" }` lists the best matching archived snippets
-- as `#ID [role] snippet` lines, `{ id = N }` returns that message's text,
-- bounded by the agent's `max_tool_result_tokens` or 8000 tokens.
-- @module compact.agent_recall

local errors = require "compact.errors"
local message_module = require "compact.message"

local recall = {}

--- The tool's name, and the bound of a fetched message without `max_tool_result_tokens`.
recall.TOOL_NAME, recall.DEFAULT_MAX_TOKENS = "recall", 8000

--- The tool's definition for the model (a new table each time).
function recall.definition() return {
  name = recall.TOOL_NAME,
  description = "Search the earlier part of this conversation, which was summarized to save context: "
    .. "{ \"query\": \"a few words\" } lists the archived messages that best match, one per line as "
    .. "#ID [role] snippet; { \"id\": N } returns message #ID in full. Use it when the summary lacks a "
    .. "detail (a decision, a value, a file's content, an error) you need.",
  parameters = {
    type = "object",
    properties = {
      query = { type = "string", description = "words to look for" },
      id = { type = "integer", description = "the id of an archived message (from a search, a summary "
        .. "marker or a placeholder that says recall #ID)" },
    },
  },
} end

local function compactor_module() return require "compact.compactor" end

-- A copy of one of our compactors that archives into `archive` under
-- `conversation_id`, sharing the agent's cache of archived messages.
local function with_archive(compactor, archive, conversation_id, cache)
  local copy = {}
  for key, value in pairs(compactor) do copy[key] = value end
  copy.archive, copy.conversation_id, copy._archived = archive, conversation_id, cache
  return setmetatable(copy, getmetatable(compactor))
end

--- Read the agent's archive options. Returns `{ archive, conversation_id,
-- tool, compactor }` (archive nil when there is none) or nil, ErrInvalidConfig.
function recall.configure(config)
  local archive, id, compactor = config.archive, config.conversation_id, config.compactor
  local ours = compactor ~= nil and getmetatable(compactor) == compactor_module().Compactor
  -- the compactor's archive (and its conversation) unless the agent names another
  if ours and compactor.archive ~= nil and (archive == nil or archive == compactor.archive) then
    archive, id = compactor.archive, id or compactor.conversation_id
  end
  if config.recall_tool ~= nil and type(config.recall_tool) ~= "boolean" then
    return nil, errors.invalid_config("config.recall_tool: expected a boolean, got "
      .. errors.describe(config.recall_tool))
  end
  if archive == nil then
    if id ~= nil then
      return nil, errors.invalid_config("config.conversation_id: expected nil without config.archive, got "
        .. errors.describe(id))
    end
    return { compactor = compactor }
  end
  local archive_module = require "compact.archive_common"
  local ok, err = archive_module.check_config("config.archive", archive)
  if not ok then return nil, err end
  if id == nil then
    id = archive_module.fresh_conversation_id()
  elseif type(id) ~= "string" or id == "" or id:find("%z") then
    return nil, errors.invalid_config("config.conversation_id: expected a non-empty string, got "
      .. errors.describe(id))
  end
  local cache
  if ours and (compactor.archive ~= archive or compactor.conversation_id ~= id) then
    cache = archive_module.new_cache()
    compactor = with_archive(compactor, archive, id, cache)
  elseif ours then
    cache = compactor._archived
  else
    cache = archive_module.new_cache()
  end
  return { archive = archive, conversation_id = id, tool = config.recall_tool ~= false, compactor = compactor,
    cache = cache }
end

-- Bytes per token assumed when the estimator fails (a bound, not an estimate).
local FALLBACK_BYTES_PER_TOKEN = 4
-- The most bytes of the query a "no match" answer repeats.
local QUERY_ECHO_BYTES = 200

-- `header .. "\n" .. text` within `max_tokens` of the estimator (head and
-- tail of the text kept around a marker); when the estimator fails, within
-- FALLBACK_BYTES_PER_TOKEN bytes a token.
local function bounded(header, text, max_tokens, estimator)
  local fit = require "compact.fit"
  local whole = header .. "\n" .. text
  local ok, short = pcall(function()
    if estimator:text(whole) <= max_tokens then return whole end
    local room = math.max(1, max_tokens - estimator:text(header .. "\n"))
    return header .. "\n" .. fit.shorten_tokens(estimator, text, room, function(tokens)
      return "[... " .. tokens .. " tokens cut: recalled message too long ...]"
    end)
  end)
  if ok and type(short) == "string" then return short end
  return header .. "\n" .. fit.cut_middle(text, max_tokens * FALLBACK_BYTES_PER_TOKEN, function(cut)
    return "[... " .. cut .. " bytes cut: recalled message too long ...]"
  end)
end

local function search_text(setup, query)
  local hits, err = setup.archive:search(setup.conversation_id, query, { limit = 5 })
  if not hits then return nil, "recall: the search failed: " .. tostring(err) end
  if type(hits) ~= "table" or #hits == 0 then
    local echo = message_module.cut(query, QUERY_ECHO_BYTES)
    return "no archived message matches: " .. echo .. (#echo < #query and "\226\128\166" or "")
  end
  local common = require "compact.archive_common"
  -- a host's archive may return anything: each line is one bounded line
  -- (our snippets already fit: SNIPPET_BYTES and an ellipsis each side)
  local function part(value, limit)
    local text = tostring(value):gsub("%s+", " ")
    if #text <= limit then return text end
    return message_module.cut(text, limit) .. common.ELLIPSIS
  end
  local lines = {}
  for i = 1, math.min(#hits, 5) do
    local hit = hits[i]
    lines[i] = "#" .. part(hit.id, 24) .. " [" .. part(hit.role, 24) .. "] "
      .. part(hit.snippet, common.SNIPPET_BYTES + 2 * #common.ELLIPSIS)
  end
  lines[#lines + 1] = "(recall { \"id\": N } returns message #N in full)"
  return table.concat(lines, "\n")
end

local function fetch_text(setup, agent, id)
  local message, conversation = setup.archive:get(id)
  if message == nil or (type(conversation) == "string" and conversation ~= setup.conversation_id) then
    return nil, "recall: no archived message #" .. tostring(id) .. " in this conversation"
  end
  if type(message) ~= "table" then return nil, "recall: the archive returned " .. type(message) .. " for #" .. id end
  local text = require("compact.archive_common").message_text(message)
  local header = "#" .. id .. " [" .. tostring(message.role) .. "]"
  if message.role == "tool_result" and message.is_error then header = header .. " (error)" end
  return bounded(header, text, agent.max_tool_result_tokens or recall.DEFAULT_MAX_TOKENS, agent.estimator)
end

--- The tool's handler for `agent` (set once the agent exists).
function recall.handler(setup, holder)
  return function(args)
    local agent = holder.agent
    local id, query = args.id, args.query
    if type(id) == "string" and id:match("^%s*#?%d+%s*$") then id = tonumber((id:gsub("[%s#]", ""))) end
    if id ~= nil then
      if type(id) ~= "number" or id < 1 or id ~= math.floor(id) or id == math.huge then
        return nil, "recall: id: expected a positive integer, got " .. errors.describe(id)
      end
      id = math.floor(id) -- 3.0 (a JSON number) is message #3, named #3
      return fetch_text(setup, agent, id)
    end
    if type(query) ~= "string" then
      return nil, "recall: give query (a few words) or id (a message number)"
    end
    return search_text(setup, query)
  end
end

--- Give `agent` its `_recall_id(message) -> id`: the archive id of a
-- message the agent is about to give up (a cleared or cut tool result),
-- archiving it first; it raises the archive's error, so the caller (under
-- pcall) keeps the original. And `_recall_alias(copy, id)`: the copy left in
-- the context stands for that id. Without an archive, nothing.
function recall.attach(agent, setup)
  if not setup.archive then return end
  local tracker = require("compact.archive_common").tracker(setup.archive, setup.conversation_id, setup.cache)
  agent._recall_id = function(message)
    local ids, err = tracker.store({ message })
    if not ids then error(err, 0) end
    return ids[1]
  end
  -- a cleared or cut copy stands for the archived original: archiving it
  -- later (a second edit, a compaction) names the original, adds no row
  agent._recall_alias = tracker.alias
end

--- Add the recall tool to the agent's tool definitions and handlers (when
-- configured). Returns true or nil, ErrInvalidConfig (a tool of that name exists).
function recall.add_tool(setup, definitions, handlers, holder)
  if not setup.archive or not setup.tool then return true end
  if handlers[recall.TOOL_NAME] then
    return nil, errors.invalid_config("config.tools: a tool is named '" .. recall.TOOL_NAME
      .. "', like the archive's recall tool; rename it or set recall_tool = false")
  end
  definitions[#definitions + 1] = recall.definition()
  handlers[recall.TOOL_NAME] = recall.handler(setup, holder)
  return true
end

return recall
