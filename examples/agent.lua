--- A small coding-style agent: a `read` tool, an OpenAI-compatible model,
-- automatic compaction, and a conversation saved between invocations.
--
--   make
--   OPENAI_API_KEY=... COMPACT_MODEL=gpt-4o-mini lua5.4 examples/agent.lua "What does lua/compact/agent.lua do?"
--   OPENAI_BASE_URL=http://localhost:11434/v1 COMPACT_MODEL=qwen2.5-coder lua5.4 examples/agent.lua
--
-- Environment:
--   OPENAI_BASE_URL          default https://api.openai.com/v1 (any Chat Completions server)
--   OPENAI_API_KEY           optional for local servers
--   COMPACT_MODEL            required
--   COMPACT_CONTEXT_WINDOW   the model's context size in tokens (default 128000)
--   COMPACT_STATE            file to keep the conversation in between invocations (optional)
--
-- With a prompt argument it runs that prompt once; without one it reads
-- prompts from standard input, one per line. Not run in CI (needs a model).

-- Find the modules when run from a checkout without LUA_PATH/LUA_CPATH set.
local here = (arg and arg[0] or ""):match("^(.*)[/\\]examples[/\\][^/\\]+$") or "."
package.path = here .. "/lua/?.lua;" .. here .. "/lua/?/init.lua;" .. package.path
package.cpath = here .. "/build/?.so;" .. package.cpath

local compact = require "compact"

local function fail(message)
  io.stderr:write("agent: ", tostring(message), "\n")
  os.exit(1)
end

local model = os.getenv("COMPACT_MODEL")
if not model or model == "" then fail("set COMPACT_MODEL (and OPENAI_API_KEY / OPENAI_BASE_URL)") end

local generator, err = compact.providers.openai {
  base_url = os.getenv("OPENAI_BASE_URL"), -- nil: the default
  api_key = os.getenv("OPENAI_API_KEY"),
  timeout = 600,
}
if not generator then fail(err) end

-- The read tool: a file's lines, numbered, from `offset` (1-based), at most
-- `limit` lines and 50 KB, so one call cannot flood the context.
local MAX_LINES, MAX_BYTES = 2000, 50 * 1024

local function read_file(args)
  if type(args.path) ~= "string" or args.path == "" then return nil, "path: expected a file path" end
  local file, open_err = io.open(args.path, "rb")
  if not file then return nil, open_err end
  local offset = math.max(1, math.floor(tonumber(args.offset) or 1))
  local limit = math.max(1, math.floor(tonumber(args.limit) or MAX_LINES))
  local out, bytes, number, truncated = {}, 0, 0, false
  for line in file:lines() do
    number = number + 1
    if number >= offset then
      if #out >= limit or bytes + #line > MAX_BYTES then
        truncated = true
        break
      end
      out[#out + 1] = string.format("%6d\t%s", number, line)
      bytes = bytes + #line + 8
    end
  end
  file:close()
  if truncated then
    out[#out + 1] = string.format("[truncated; continue with offset=%d]", offset + #out)
  end
  if #out == 0 then return "(no lines at or after offset " .. offset .. ")" end
  return table.concat(out, "\n")
end

local tools = {
  {
    name = "read",
    description = "Read a text file. Returns numbered lines. Use offset/limit for large files.",
    parameters = {
      type = "object",
      properties = {
        path = { type = "string", description = "File path, relative to the working directory" },
        offset = { type = "integer", description = "First line to read (1-based)" },
        limit = { type = "integer", description = "Maximum number of lines" },
      },
      required = { "path" },
    },
    handler = read_file,
  },
}

-- Summaries come from the same model. The compactor and the agent take the
-- recommended settings (docs/agent.md), merged under this program's own.
local summarizer = assert(compact.generator_summarizer {
  generator = generator, model = model, options = { max_output_tokens = 4000 },
})
local function merged(base, mine)
  local out = {}
  for key, value in pairs(base) do out[key] = value end
  for key, value in pairs(mine) do out[key] = value end
  return out
end
local recommended = compact.agent.recommended
local compactor = assert(compact.new(merged(recommended.compactor, { summarizer = summarizer })))

local streamed = false -- whether the reply's text already reached stdout as deltas
local agent = assert(compact.agent.new(merged(recommended.agent, {
  generator = generator,
  model = model,
  system_prompt = "You are a careful coding assistant working in the current directory. "
    .. "Use the read tool to look at files before answering questions about them. Be concise.",
  tools = tools,
  compactor = compactor,
  context_window_tokens = tonumber(os.getenv("COMPACT_CONTEXT_WINDOW")) or 128000,
  reserve_tokens = 16000,
  stream_events = true,
  on_event = function(event)
    local kind = event.type
    if kind == "delta" and event.delta.type == "text" then
      io.write(event.delta.text)
      io.flush()
      streamed = true
    elseif kind == "tool_start" then
      io.stderr:write("[", tostring(event.call.name), "]\n")
    elseif kind == "context_edit" then
      io.stderr:write(string.format("[cleared %d old tool results: %d tokens]\n", event.cleared, event.tokens_saved))
    elseif kind == "compaction_start" then
      io.stderr:write("[compacting: ", event.reason, "]\n")
    elseif kind == "compaction_end" and event.record then
      io.stderr:write(string.format("[compacted: %d -> %d estimated tokens]\n",
        event.record.tokens_before, event.record.tokens_after))
    elseif kind == "compaction_end" then
      io.stderr:write("[compaction failed: ", tostring(event.err), "]\n")
    end
  end,
})))

-- Restore a saved conversation.
local state_file = os.getenv("COMPACT_STATE")
if state_file and state_file ~= "" then
  local file = io.open(state_file, "rb")
  if file then
    local state, decode_err = compact.state.decode(file:read("*a"))
    file:close()
    if not state then fail(decode_err) end
    agent.state = state
  end
end

local function save()
  if not state_file or state_file == "" then return end
  local text = assert(compact.state.encode(agent.state))
  local file = assert(io.open(state_file .. ".tmp", "wb"))
  file:write(text)
  file:close()
  assert(os.rename(state_file .. ".tmp", state_file))
end

local function text_of(message)
  local parts = {}
  for _, block in ipairs(message.content or {}) do
    if block.type == "text" then parts[#parts + 1] = block.text end
  end
  return table.concat(parts)
end

local function ask(prompt)
  -- "/compact [focus]" compacts now, as pi, Codex and Claude Code do
  local focus = prompt:match("^/compact%s*(.*)$")
  if focus then
    local record, compact_err = agent:compact { instructions = focus ~= "" and focus or nil }
    if compact_err then io.stderr:write("agent: compaction failed: ", tostring(compact_err), "\n") end
    if not record and not compact_err then io.stderr:write("[nothing to compact]\n") end
    save()
    return compact_err == nil
  end
  streamed = false
  local result, run_err = agent:run(prompt)
  save() -- the state is consistent even after a failed run
  if not result then
    io.stderr:write("agent: run failed: ", tostring(run_err), "\n")
    return false
  end
  io.write(streamed and "" or text_of(result.final), "\n")
  return true
end

if arg[1] then
  os.exit(ask(table.concat(arg, " ")) and 0 or 1)
end
for line in io.lines() do
  if line:find("%S") then ask(line) end
end
