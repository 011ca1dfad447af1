-- Neovim smoke test: `nvim --headless -u NONE -c "luafile scripts/nvim_smoke.lua"`
-- from the checkout (make nvim-smoke). Loads compact from lua/ and
-- build-luajit/ into Neovim's LuaJIT, compacts the shipped sample session
-- with a Lua summarizer, checks the result and exits 0; any failure prints
-- the reason and exits 1.
local function main()
  package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
  package.cpath = "./build-luajit/?.so;" .. package.cpath
  local compact = require "compact"
  local state = require "compact.state"

  local f = assert(io.open("examples/sample-session.json", "rb"))
  local text = f:read("*a")
  f:close()
  local loaded = assert(state.decode(text))
  local messages = assert(loaded.messages, "sample has no messages")

  local calls = 0
  local summarizer = compact.summarizer(function(req)
    calls = calls + 1
    local lines = { "Summary of " .. #req.messages .. " messages." }
    if req.previous_summary then lines[#lines + 1] = req.previous_summary end
    for _, m in ipairs(req.messages) do
      if m.role == "user" and type(m.content) == "string" then
        lines[#lines + 1] = "- asked: " .. m.content:sub(1, 80)
      end
    end
    return table.concat(lines, "\n")
  end)
  local compactor = assert(compact.new { keep_recent_tokens = 2000, summarizer = summarizer })
  local before = assert(compact.estimate { messages = messages })
  local result = assert(compactor:compact { messages = messages, require_reduction = true })
  assert(calls == 1, "summarizer calls: " .. calls)
  assert(result.record and result.summary and result.summary:find("Summary of", 1, true), "no summary")
  assert(#result.messages < #messages, "nothing was compacted")
  -- every message is either summarized or kept
  assert(result.record.first_kept_index - 1 + #result.messages == #messages, "messages unaccounted for")
  local after = assert(compact.estimate { summary = result.summary, messages = result.messages })
  assert(after < before, "no reduction")
  -- the compacted state writes and reads back
  assert(state.decode(assert(state.encode { summary = result.summary, messages = result.messages })))
  io.stdout:write(string.format("nvim-smoke: %s, %d -> %d messages, %d -> %d tokens\n",
    jit and jit.version or _VERSION, #messages, #result.messages, before, after))
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  io.stderr:write("nvim-smoke: FAILED: " .. tostring(err) .. "\n")
  os.exit(1)
end
os.exit(0)
