--- Spec helper: seeded random conversations and table utilities.
-- The generator uses its own LCG so every Lua version (5.1 to 5.4, LuaJIT)
-- produces the same conversations for the same seed.

local conversation = {}

--- A deterministic random source: rng(n) -> integer in 1..n.
function conversation.rng(seed)
  local state = seed % 2147483647
  if state <= 0 then state = state + 2147483646 end
  return function(n)
    state = (state * 16807) % 2147483647
    return (state % n) + 1
  end
end

local words = { "read", "the", "file", "fix", "bug", "in", "parser", "test", "lua", "module",
  "error", "cache", "plan", "cut", "tool", "result", "agent", "summary", "token", "budget" }

local function sentence(random, count)
  local out = {}
  for i = 1, count do out[i] = words[random(#words)] end
  return table.concat(out, " ")
end
conversation.sentence = sentence

--- A random conversation of about `turns` user turns with parallel tool
-- calls, error results, orphan results and dangling calls.
function conversation.generate(seed, turns)
  local random = conversation.rng(seed)
  local messages = {}
  local call_number = 0
  local function add(message) messages[#messages + 1] = message end
  for _ = 1, turns do
    if random(6) == 1 then
      add { role = "user", content = { { type = "text", text = sentence(random, random(30)) },
        { type = "image", mime_type = "image/png", data = "iVBORw0KGgo=" } } }
    else
      add { role = "user", content = sentence(random, random(40)) }
    end
    local steps = random(4) - 1
    for _ = 1, steps do
      local blocks = {}
      if random(3) == 1 then
        blocks[#blocks + 1] = { type = "thinking", thinking = sentence(random, random(50)), signature = "sig" }
      end
      if random(2) == 1 then blocks[#blocks + 1] = { type = "text", text = sentence(random, random(20)) } end
      local calls = {}
      for _ = 1, random(4) - 1 do
        call_number = call_number + 1
        local id = "call_" .. call_number
        local name = ({ "read", "write", "edit", "bash" })[random(4)]
        blocks[#blocks + 1] = { type = "tool_call", id = id, name = name,
          arguments = { path = "src/f" .. random(20) .. ".lua", n = random(100) } }
        calls[#calls + 1] = { id = id, name = name }
      end
      add { role = "assistant", content = blocks, stop_reason = #calls > 0 and "tool_use" or "stop" }
      -- results, sometimes out of order, sometimes missing (dangling call)
      if #calls > 1 and random(3) == 1 then calls[1], calls[#calls] = calls[#calls], calls[1] end
      for _, call in ipairs(calls) do
        if random(10) > 1 then
          add { role = "tool_result", tool_call_id = call.id, tool_name = call.name,
            content = sentence(random, random(60)), is_error = random(8) == 1 }
        end
      end
      if random(15) == 1 then
        add { role = "tool_result", tool_call_id = "orphan_" .. random(1000), tool_name = "bash",
          content = "orphan output" }
      end
    end
    add { role = "assistant", content = { { type = "text", text = sentence(random, random(30)) } },
      stop_reason = "stop" }
  end
  return messages
end

--- Deep copy of plain data (tables, strings, numbers, booleans).
function conversation.deepcopy(value, seen)
  if type(value) ~= "table" then return value end
  seen = seen or {}
  if seen[value] then return seen[value] end
  local copy = {}
  seen[value] = copy
  for key, item in pairs(value) do copy[conversation.deepcopy(key, seen)] = conversation.deepcopy(item, seen) end
  return setmetatable(copy, getmetatable(value))
end

--- Deep copy that never runs metamethods and drops metatables (for
-- snapshots of hostile tables); keeps sharing.
function conversation.raw_copy(value, seen)
  if type(value) ~= "table" then return value end
  seen = seen or {}
  if seen[value] then return seen[value] end
  local copy = {}
  seen[value] = copy
  for k, v in next, value do copy[conversation.raw_copy(k, seen)] = conversation.raw_copy(v, seen) end
  return copy
end

--- `n` question/answer pairs: a user message of 20 repeated words, then an
-- assistant text reply.
function conversation.qa(n)
  local messages = {}
  for i = 1, n do
    messages[#messages + 1] = { role = "user", content = ("question " .. i .. " "):rep(20) }
    messages[#messages + 1] = { role = "assistant", content = { { type = "text", text = ("answer "):rep(30) } } }
  end
  return messages
end

--- An estimator counting bytes as tokens (images 100, each message 1
-- more), so that every shortening measurably saves and sizes are exact.
conversation.bytes_estimator = {
  text = function(_, s) return #(s or "") end,
  message = function(_, message)
    local total = 1
    if type(message.content) == "string" then return total + #message.content end
    for _, block in ipairs(message.content) do
      if block.type == "image" then total = total + 100
      else total = total + #(block.text or block.thinking or block.name or "") end
    end
    return total
  end,
  tools = function() return 0 end,
}

--- Every string reachable from `value` (keys and values, causes included).
function conversation.strings_of(value, out, seen)
  out, seen = out or {}, seen or {}
  if type(value) == "string" then
    out[#out + 1] = value
  elseif type(value) == "table" and not seen[value] then
    seen[value] = true
    for k, v in next, value do
      conversation.strings_of(k, out, seen)
      conversation.strings_of(v, out, seen)
    end
  end
  return out
end

return conversation
