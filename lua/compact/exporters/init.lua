--- Exporters: write a conversation (`{ system_prompt, summary, messages,
-- tools, usage }`, as `compact.importers` returns it or a compaction leaves
-- it) in one of the formats the importers read, so that importing the text
-- again gives back everything the format can hold.
--
-- * `state`: our state JSON (`compact.state.encode`), with `tools` and the
--   `usage` anchor;
-- * `openai`: Chat Completions `{ messages, tools }` (the system prompt a
--   `system` message);
-- * `responses`: Responses API `{ instructions, input, tools }`;
-- * `anthropic`: Messages API `{ system, messages, tools }`;
-- * `pi`: a pi session (JSONL): a header, one entry per message and, with a
--   summary, a `compaction` entry whose kept messages are those written.
--
-- In the OpenAI, Responses and Anthropic formats a summary is written twice:
-- as the user message the model sees (its projection, first in the
-- messages, so the file works as a request body) and in a top-level
-- `summary` field, from which the importer restores it.
-- @module compact.exporters

local core = require "compact.core"
local errors = require "compact.errors"
local state_module = require "compact.state"

local exporters = {}

--- The format names `export` writes.
exporters.FORMATS = { "state", "openai", "responses", "anthropic", "pi" }
--- The same names as a set (`exporters.WRITES[name] == true`).
exporters.WRITES = {}
for _, name in ipairs(exporters.FORMATS) do exporters.WRITES[name] = true end

local function array(list)
  return setmetatable(list or {}, core.json_array_mt)
end

local function export_state(conversation)
  return state_module.encode {
    system_prompt = conversation.system_prompt, summary = conversation.summary,
    messages = array(conversation.messages), tools = conversation.tools, usage = conversation.usage,
    cwd = conversation.cwd,
  }
end

local WRITERS = {
  state = export_state,
  jsonl = export_state,
  openai = function(c) return require("compact.exporters.openai").chat(c) end,
  responses = function(c) return require("compact.exporters.openai").responses(c) end,
  anthropic = function(c) return require("compact.exporters.anthropic").export(c) end,
  pi = function(c, opts) return require("compact.exporters.pi").export(c, opts) end,
}

--- Write a conversation in a format.
-- @tparam string format one of `exporters.FORMATS` (`jsonl` writes `state`)
-- @tparam table conversation `{ system_prompt, summary, messages, tools, usage }`
-- @tparam[opt] table opts for `pi`: `{ tokens_before = n, header = {...},
--   now = function() -> epoch seconds }`
-- @treturn string the text (JSON, or JSONL ending in a newline for pi), or
--   nil and an `invalid_request` error
function exporters.export(format, conversation, opts)
  local writer = WRITERS[format]
  if not writer then
    return nil, errors.invalid_request("unknown export format '" .. tostring(format) .. "' (expected "
      .. table.concat(exporters.FORMATS, ", ") .. ")")
  end
  if type(conversation) ~= "table" or type(conversation.messages) ~= "table" then
    return nil, errors.invalid_request("export: expected a conversation with messages")
  end
  -- the writers trust the message shapes: an invalid message would be
  -- written as a file its importer rejects, or fail on a Lua error
  local valid, problem = core.validate_messages(conversation.messages)
  if not valid then return nil, errors.invalid_request("export: " .. problem) end
  local ok, text, err = pcall(writer, conversation, opts or {})
  if not ok then return nil, errors.invalid_request("export as " .. format .. " failed: " .. tostring(text)) end
  if not text then return nil, err end
  return text
end

return exporters
