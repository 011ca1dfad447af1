-- Neovim smoke test of the UI loop in docs/agent.md ("A UI loop (Neovim
-- style)"): `nvim --headless -u NONE -c "luafile scripts/nvim_ui_smoke.lua"`
-- from the checkout (make nvim-smoke). Runs the documented code as it is,
-- with a scripted generator that streams through on_delta and calls a tool,
-- then checks the buffer it wrote; exits 0, or prints the reason and exits 1.
local function documented_loop()
  local f = assert(io.open("docs/agent.md", "rb"))
  local doc = f:read("*a")
  f:close()
  local section = assert(doc:find("## A UI loop (Neovim style)", 1, true), "docs/agent.md: no UI loop section")
  local code = assert(doc:match("```lua\n(.-)```", section), "docs/agent.md: no code in the UI loop section")
  return code
end

local function main()
  package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
  package.cpath = "./build-luajit/?.so;" .. package.cpath
  local compact = require "compact"
  local steps = {
    function(req)
      req.on_delta { type = "text", text = "Reading", index = 1 }
      return { role = "assistant", stop_reason = "tool_use", content = { { type = "text", text = "Reading" },
        { type = "tool_call", id = "c1", name = "read", arguments = { path = "a.lua" } } } }
    end,
    function(req)
      req.on_delta { type = "text", text = "It prints ", index = 1 }
      req.on_delta { type = "text", text = "hi.", index = 1 }
      return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "It prints hi." } } }
    end,
  }
  local calls = 0
  local gen = { generate = function(_, req) calls = calls + 1; return steps[calls](req) end }
  local env = setmetatable({
    compact = compact, gen = gen, model = "m",
    tools = { { name = "read", handler = function() return "print('hi')" end } },
    compactor = assert(compact.new { summarizer = compact.summarizer(function() return "summary" end) }),
  }, { __index = _G })
  local chunk = assert(loadstring(documented_loop(), "=docs/agent.md"))
  setfenv(chunk, env)
  chunk()
  vim.cmd("Ask what does a.lua do")
  local got = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
  local want = "\n\n## you\nwhat does a.lua do\n\n## assistant\nReading\n> read { path = \"a.lua\" } ... done"
    .. "\n\n## assistant\nIt prints hi."
  assert(got == want, "the buffer reads:\n" .. got)
  assert(calls == 2, "generator calls: " .. calls)
end

local ok, err = pcall(main)
if ok then
  io.stdout:write("nvim ui smoke: ok\n")
  vim.cmd("qall!")
else
  io.stdout:write("nvim ui smoke: FAILED: ", tostring(err), "\n")
  vim.cmd("cquit 1")
end
