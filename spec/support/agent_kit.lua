--- Scripted parts for agent specs: an exact estimator, message makers, a
-- generator that records every request with its estimate, a counting
-- summarizer and an event recorder.
local compact = require "compact"

local kit = {}

local function block_tokens(block)
  if block.type == "text" then return #block.text end
  if block.type == "thinking" then return #block.thinking end
  if block.type == "tool_call" then
    local path = type(block.arguments) == "table" and block.arguments.path or ""
    return 5 + #block.name + #tostring(path)
  end
  return 100
end

--- text = bytes, message = 1 + its text bytes (tool calls: 5 + name + path,
-- images 100), tools = 10 per definition.
kit.estimator = {
  text = function(_, s) return #s end,
  message = function(_, message)
    local total = 1
    if type(message.content) == "string" then return total + #message.content end
    for _, block in ipairs(message.content) do total = total + block_tokens(block) end
    return total
  end,
  tools = function(_, definitions) return 10 * #definitions end,
}

function kit.reply(text, usage)
  return { role = "assistant", content = { { type = "text", text = text } }, stop_reason = "stop", usage = usage }
end

--- An assistant message with tool calls: calls = { { id, name, args }, ... }
function kit.tool_use(calls)
  local content = {}
  for i, call in ipairs(calls) do
    content[i] = { type = "tool_call", id = call[1], name = call[2], arguments = call[3] or {} }
  end
  return { role = "assistant", content = content, stop_reason = "tool_use" }
end

function kit.result(id, name, content)
  return { role = "tool_result", tool_call_id = id, tool_name = name, content = content, is_error = false }
end

--- The estimate of a generator request (its messages carry the projected summary).
function kit.request_estimate(request)
  return compact.estimate { system_prompt = request.system_prompt, messages = request.messages,
    tools = request.tools, estimator = kit.estimator }
end

--- A generator that plays `steps` in order (a message, or a function
-- (request, cancel, n) -> message | nil, err); records each request and its
-- estimate, and `log` entries when given.
function kit.scripted(steps, log)
  local gen = { calls = 0, requests = {}, estimates = {} }
  function gen.generate(self, request, cancel)
    self.calls = self.calls + 1
    self.requests[self.calls] = request
    self.estimates[self.calls] = kit.request_estimate(request)
    if log then log[#log + 1] = "generate" end
    local step = steps[self.calls]
    if step == nil then error("unexpected generator call " .. self.calls) end
    if type(step) == "function" then return step(request, cancel, self.calls) end
    return step
  end
  return gen
end

--- A summarizer counting its calls; `fn(req, cancel, n)` overrides the reply.
function kit.summarizer(fn, log)
  local s = { calls = 0, requests = {} }
  function s.summarize(self, req, cancel)
    self.calls = self.calls + 1
    self.requests[self.calls] = req
    if log then log[#log + 1] = "summarize" end
    if fn then return fn(req, cancel, self.calls) end
    return "summary " .. self.calls, { input = 10, output = 5, cache_read = 0, cache_write = 0 }
  end
  return s
end

--- Events in a list, and a handler that records them.
function kit.recorder()
  local events = {}
  return events, function(event) events[#events + 1] = event end
end

--- "type" or "type:reason" of each event, in order.
function kit.kinds(events)
  local out = {}
  for i, event in ipairs(events) do
    out[i] = event.reason and (event.type .. ":" .. event.reason) or event.type
  end
  return out
end

--- `turns` user/assistant pairs of `size` bytes each.
function kit.history(turns, size)
  local messages = {}
  for i = 1, turns do
    messages[#messages + 1] = { role = "user", content = ("u"):rep(size) .. i }
    messages[#messages + 1] = kit.reply(("a"):rep(size) .. i)
  end
  return messages
end

--- Turns with a tool call each: user, tool_use(read path_i), result of
-- `size` bytes, answer.
function kit.tool_history(turns, size, tool)
  local messages = {}
  for i = 1, turns do
    local id = "h" .. i
    messages[#messages + 1] = { role = "user", content = "task " .. i }
    messages[#messages + 1] = kit.tool_use { { id, tool or "read", { path = "f" .. i } } }
    messages[#messages + 1] = kit.result(id, tool or "read", ("r"):rep(size))
    messages[#messages + 1] = kit.reply("done " .. i)
  end
  return messages
end

--- A tool returning `text_fn(args)` (default: `size` bytes of "x").
function kit.tool(name, size, text_fn)
  return {
    name = name, description = name, parameters = { type = "object" },
    handler = function(args) return text_fn and text_fn(args) or ("x"):rep(size or 0) end,
  }
end

--- Every call in `messages` has exactly one result after it, every result a call.
function kit.pairs_intact(messages)
  local open, seen = {}, {}
  for i, m in ipairs(messages) do
    if m.role == "assistant" and type(m.content) == "table" then
      for _, block in ipairs(m.content) do
        if block.type == "tool_call" then open[block.id] = i end
      end
    elseif m.role == "tool_result" then
      if not open[m.tool_call_id] or seen[m.tool_call_id] then
        return false, "messages[" .. i .. "]: a result without its call"
      end
      seen[m.tool_call_id] = true
    end
  end
  for id in pairs(open) do
    if not seen[id] then return false, "call " .. id .. " has no result" end
  end
  return true
end

return kit
