-- bench/import.lua: how long `compact.importers.parse` takes on a Claude
-- Code transcript of about BENCH_IMPORT_MB (default 10) MB, built by
-- repeating the shapes of spec/fixtures/claude_code/session.jsonl (streamed
-- lines sharing a message.id, interleaved tool results, sidechain and meta
-- entries, queued prompts) with different ids in every copy, and padding its
-- tool results to the size of real ones. Also the Codex and Gemini CLI
-- fixture built the same way (without its compaction, so the whole history
-- is kept). Prints the median of RUNS imports, MB/s and
-- whether the Claude Code import meets the target (<= 1 s for 10 MB).
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
local runtime = os.getenv("COMPACT_LUA") or "lua5.4"
package.cpath = (runtime == "lua5.4" and "./build/?.so;" or "./build-" .. runtime .. "/?.so;") .. package.cpath

local importers = require "compact.importers"

local TARGET_MB = tonumber(os.getenv("BENCH_IMPORT_MB")) or 10
local RUNS = 5
local PAD = string.rep("x = compute(y) + 1  -- a line of a file the agent read\n", 30)

local function read(path)
  local file = assert(io.open(path, "rb"))
  local text = file:read("*a")
  file:close()
  return text
end

-- Copy `n` of a fixture: every id-like value gets the suffix `_n`, and tool
-- results (Claude Code `"content":"..."` of a tool_result, Codex `output`)
-- carry a padded body.
local function copy(text, n)
  local suffix = "_" .. n
  return (text:gsub('"(msg_%w+)"', '"%1' .. suffix .. '"')
    :gsub('"(toolu_%w+)"', '"%1' .. suffix .. '"')
    :gsub('"(call_%u%w*)"', '"%1' .. suffix .. '"')
    :gsub('"(uuid)":"([^"]+)"', '"%1":"%2' .. suffix .. '"')
    :gsub('"(parentUuid)":"([^"]+)"', '"%1":"%2' .. suffix .. '"')
    :gsub('("type":"tool_result","content":")', '%1' .. PAD:gsub("\n", "\\n"):gsub("%%", "%%%%")))
end

local function build(path, target_bytes, drop_header)
  -- a compaction in every copy would keep only the last one
  local text = read(path):gsub('[^\n]*"type":"compacted"[^\n]*\n', "")
  local body = text
  if drop_header then body = text:gsub("^[^\n]*\n", "") end
  local parts, size, n = { drop_header and text:match("^[^\n]*\n") or "" }, 0, 0
  while size < target_bytes do
    n = n + 1
    local piece = copy(body, n)
    parts[#parts + 1] = piece
    size = size + #piece
  end
  return table.concat(parts), n
end

local function median(values)
  table.sort(values)
  return values[math.floor((#values + 1) / 2)]
end

local function time_import(label, text, copies, check)
  local times, result = {}, nil
  for run = 1, RUNS do
    collectgarbage("collect")
    local start = os.clock()
    local r, err = importers.parse(text)
    times[run] = os.clock() - start
    if not r then error(label .. ": " .. tostring(err and err.message or err)) end
    result = r
  end
  local seconds = median(times)
  local mb = #text / 1e6
  local calls, results = 0, 0
  for _, m in ipairs(result.messages) do
    if m.role == "tool_result" then results = results + 1 end
    if m.role == "assistant" then
      for _, block in ipairs(m.content) do
        if block.type == "tool_call" then calls = calls + 1 end
      end
    end
  end
  print(string.format("%-12s %6.2f MB, %4d copies: %7.3f s median of %d (%.1f MB/s); %d messages, %d calls, "
    .. "%d results, %d synthetic%s", label, mb, copies, seconds, RUNS, mb / seconds, #result.messages, calls, results,
    #result.repair.missing_results, check and check(seconds, mb) or ""))
end

print(string.format("import: transcripts of about %d MB built from the fixtures (Lua %s)", TARGET_MB, _VERSION))
local text, copies = build("spec/fixtures/claude_code/session.jsonl", TARGET_MB * 1e6, false)
time_import("claude-code", text, copies, function(seconds, mb)
  local limit = mb / 10
  return string.format("; target <= %.2f s: %s", limit, seconds <= limit and "met" or "NOT MET")
end)
text, copies = build("spec/fixtures/codex/rollout.jsonl", TARGET_MB * 1e6, true)
time_import("codex", text, copies)
