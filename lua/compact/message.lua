--- The message model's small questions, answered once (internal): is an
-- assistant message a failed attempt, what text does a content carry, what
-- schema does a tool definition give, where may a UTF-8 text be cut. Every
-- module that asks one of them asks it here; the shapes themselves are
-- validated by the C validator (`compact.core.validate_messages`,
-- csrc/core/message.c); the C side asks the failed-attempt question in
-- csrc/core/records.c alone.
-- @module compact.message

local message = {}

local failed_stops = { error = true, aborted = true }

--- Is `msg` a failed or aborted attempt (an assistant message whose
-- `stop_reason` is "error" or "aborted")? Such attempts are kept in the
-- history but are not part of the conversation: providers leave them out
-- of requests, summaries skip them and their usage is no anchor.
-- Raw reads: nothing of the caller's runs.
function message.is_failed_attempt(msg)
  return type(msg) == "table" and failed_stops[rawget(msg, "stop_reason")] == true
end

--- Is a stop reason that of a failed or aborted attempt?
function message.is_failed_stop(stop_reason)
  return failed_stops[stop_reason] == true
end

--- The text a content carries: a string as it is; of a block list, the
-- `text` of its text blocks joined by "\n". With `image_text`, a function
-- `image_text(block) -> ?string`, an image block adds the string it
-- returns in its place (a reader's view of the content; nil adds nothing);
-- without it, images add nothing.
-- @tparam string|table|nil content
-- @tparam[opt] function image_text
-- @treturn string
function message.text(content, image_text)
  if type(content) == "string" then return content end
  local parts = {}
  if type(content) ~= "table" then return "" end
  for _, block in ipairs(content) do
    if type(block) == "table" then
      if block.type == "text" and type(block.text) == "string" then
        parts[#parts + 1] = block.text
      elseif image_text and block.type == "image" then
        parts[#parts + 1] = image_text(block)
      end -- (a nil from image_text leaves no hole: #parts + 1 is the same slot)
    end
  end
  return table.concat(parts, "\n")
end

--- A new usage table, every field given or 0.
-- @treturn table `{ input, output, cache_read, cache_write }`
function message.zero_usage(input, output, cache_read, cache_write)
  return { input = input or 0, output = output or 0, cache_read = cache_read or 0, cache_write = cache_write or 0 }
end

--- The schema of a tool definition and the field it came from: `parameters`
-- (ours, OpenAI's), else `input_schema` (Anthropic's). A tool given either
-- way is the same tool (the heuristic in csrc/core/estimate.c reads the
-- same two fields in the same order).
-- @treturn any the schema (nil when the tool has neither)
-- @treturn string "parameters" or "input_schema"
function message.tool_schema(tool)
  local schema = tool.parameters
  if schema ~= nil then return schema, "parameters" end
  return tool.input_schema, tool.input_schema ~= nil and "input_schema" or "parameters"
end

local function is_continuation(text, index)
  local byte = text:byte(index)
  return byte ~= nil and byte >= 0x80 and byte < 0xC0
end

--- The largest `k <= limit` such that `text:sub(1, k)` does not end inside
-- a UTF-8 sequence (0 for a limit below 1).
-- @tparam string text
-- @tparam integer limit
-- @treturn integer
function message.cut_point(text, limit)
  if limit >= #text then return #text end
  if limit < 1 then return 0 end
  while limit > 0 and is_continuation(text, limit + 1) do limit = limit - 1 end
  return limit
end

--- The smallest `k >= first` such that `text:sub(k)` does not start inside
-- a UTF-8 sequence.
function message.start_point(text, first)
  if first < 1 then first = 1 end
  while first <= #text and is_continuation(text, first) do first = first + 1 end
  return first
end

--- `text` cut to at most `limit` bytes on a character boundary.
function message.cut(text, limit)
  return text:sub(1, message.cut_point(text, limit))
end

local json_decode

--- The value of the JSON `text`, or nil when it is none or compact.core
-- (its decoder, loaded on first use) is not there: the pure-Lua modules
-- that read JSON now and then (tool outputs, Codex's code-mode cells) ask
-- here rather than each loading the core.
-- @tparam string text
-- @return the decoded value, or nil
function message.decode_json(text)
  if type(text) ~= "string" then return nil end
  if json_decode == nil then
    local ok, core = pcall(require, "compact.core")
    json_decode = ok and type(core) == "table" and core.json_decode or false
  end
  if not json_decode then return nil end
  local ok, value = pcall(json_decode, text)
  if ok then return value end
  return nil
end

--- Tool output Codex wraps as JSON (`{"output": "...", "metadata":
-- {"exit_code": 1, "duration_seconds": 0.1}}`): its text and exit code
-- (nil when the metadata has none). Any other string (plain text, other
-- JSON: an object with other keys, without `metadata`, or whose `output`
-- is no string) is returned as it is, with no exit code, so a text
-- already unwrapped is never unwrapped again. Needs compact.core (loaded on first use); without it, the string
-- as it is.
-- @tparam string s
-- @treturn string
-- @treturn ?integer
function message.unwrap_tool_output(s)
  if type(s) ~= "string" or not s:match('^%s*{%s*"output"%s*:') then return s end
  local value = message.decode_json(s)
  if type(value) ~= "table" or type(value.output) ~= "string" or type(value.metadata) ~= "table" then
    return s
  end
  for key in pairs(value) do
    if key ~= "output" and key ~= "metadata" then return s end
  end
  local code = value.metadata.exit_code
  return value.output, type(code) == "number" and code or nil
end

local core_slice

--- A new list of `list[first..last]` (default last: `#list`), read raw (in
-- C: compact.core is loaded on first use, so this module needs no C).
function message.slice(list, first, last)
  if not core_slice then core_slice = require("compact.core").slice end
  return core_slice(list, first, last or #list)
end

return message
