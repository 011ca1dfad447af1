-- `make core-only`: a build without compact.curl and compact.sqlite (what the
-- compact-core rock installs) must load, estimate, plan and compact; a
-- provider without a transport fails with an error that names the missing
-- module; a provider given the host's transport works; compact.archive.open
-- fails with ErrInvalidConfig naming compact.sqlite while the in-memory
-- archive works. Exits non-zero on the first failure.
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path

assert(not pcall(require, "compact.curl"), "compact.curl is loadable: not a core-only setup")
assert(not pcall(require, "compact.sqlite"), "compact.sqlite is loadable: not a core-only setup")
local compact = require "compact"

local messages = {
  { role = "user", content = "first question " .. string.rep("x", 400) },
  { role = "assistant", content = { { type = "text", text = "first answer" } } },
  { role = "user", content = "second question" },
}
local tokens = assert(compact.estimate { messages = messages })
local compactor = assert(compact.new { summarizer = compact.extractive_summarizer() })
local result = assert(compactor:compact { messages = messages, input_token_budget = tokens - 1 })
assert(result.record and result.summary ~= "", "the core-only build did not compact")

local request = { model = "m", messages = { { role = "user", content = "hi" } } }
local gen = assert(compact.providers.openai { api_key = "sk-test", base_url = "http://127.0.0.1:9" })
local reply, err = gen:generate(request)
assert(reply == nil and compact.is(err, "transport"), "expected a transport error, got " .. tostring(err))
assert(tostring(err):find("compact.curl", 1, true), "the error does not name the missing module: " .. tostring(err))

local sse = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"hello"},"finish_reason":"stop"}]}\n\n'
  .. "data: [DONE]\n\n"
local function host_transport(opts)
  if opts.on_data then opts.on_data(sse, 200) end
  return { status = 200, headers = { ["content-type"] = "text/event-stream" } }
end
gen = assert(compact.providers.openai { api_key = "sk-test", transport = host_transport })
reply, err = gen:generate(request)
assert(reply, tostring(err))
assert(reply.content[1].text == "hello", "unexpected reply through the host transport")
local archive, archive_err = compact.archive.open(":memory:")
assert(archive == nil and compact.is(archive_err, compact.ErrInvalidConfig), "archive.open without compact.sqlite")
assert(tostring(archive_err):find("compact.sqlite", 1, true), "the error does not name compact.sqlite")
assert(#assert(compact.archive.memory():put("c", messages)) == #messages, "the in-memory archive failed")

print("compact " .. compact.VERSION .. ": core-only build loads, compacts, and uses a host transport")
