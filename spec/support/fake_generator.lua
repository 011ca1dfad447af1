--- Spec helper: a scripted generator for the summarizer specs.
--
-- `fake.new(script)` records every request (and cancel token) and answers
-- request n with `script[n]`, else `script.default`, else "SUMMARY n": a
-- string is a reply with that text, a function is called with
-- (request, token) and returns what generate returns, anything else is
-- returned as the error.
local fake = {}

--- An assistant reply with `text` and a usage (default 100/10/1/2).
function fake.reply(text, usage)
  return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } },
           usage = usage or { input = 100, output = 10, cache_read = 1, cache_write = 2 } }
end

function fake.new(script)
  script = script or {}
  local gen = { requests = {}, cancels = {} }
  function gen:generate(request, token)
    self.requests[#self.requests + 1] = request
    self.cancels[#self.cancels + 1] = token
    local n = #self.requests
    local step = script[n]
    if step == nil then step = script.default end
    if step == nil then step = "SUMMARY " .. n end
    if type(step) == "function" then return step(request, token) end
    if type(step) == "string" then return fake.reply(step) end
    return nil, step
  end
  return gen
end

return fake
