-- The agent loop under attack (issue 25): two tool calls with one id,
-- `agent:run` from inside a tool handler, usage that sums to infinity.
local agent_module = require "compact.agent"
local state_module = require "compact.state"

local estimator = {
  text = function(_, s) return #s end,
  message = function(_, message)
    local total = 1
    if type(message.content) == "string" then return total + #message.content end
    for _, block in ipairs(message.content) do
      total = total + #(block.text or block.thinking or block.name or "")
    end
    return total
  end,
  tools = function(_, definitions) return 10 * #definitions end,
}

local function reply(text, usage)
  return { role = "assistant", content = { { type = "text", text = text } }, stop_reason = "stop", usage = usage }
end

local function calls(list)
  local content = {}
  for i, call in ipairs(list) do
    content[i] = { type = "tool_call", id = call[1], name = "read", arguments = { path = call[2] } }
  end
  return { role = "assistant", content = content, stop_reason = "tool_use" }
end

local function scripted(steps)
  local gen = { requests = {} }
  function gen.generate(self, request)
    self.requests[#self.requests + 1] = request
    local step = steps[#self.requests]
    if type(step) == "function" then return step(request) end
    return step
  end
  return gen
end

local function new_agent(generator, handler)
  return assert(agent_module.new {
    model = "m", estimator = estimator, generator = generator,
    tools = { { name = "read", description = "read a file", parameters = { type = "object" },
                handler = handler or function(args) return "contents of " .. args.path end } },
  })
end

-- Every tool call in `messages` has exactly one result, right after its batch.
local function results_by_id(messages)
  local out = {}
  for _, m in ipairs(messages) do
    if m.role == "tool_result" then out[m.tool_call_id] = (out[m.tool_call_id] or 0) + 1 end
  end
  return out
end

describe("attacks on the agent loop", function()
  it("makes two tool calls with the same id unique before the handlers run: both results reach the model", function()
    local ran = {}
    local original = calls { { "dup", "a.lua" }, { "dup", "b.lua" }, { "dup_2", "c.lua" } }
    local gen = scripted { original, reply("done") }
    local agent = new_agent(gen, function(args)
      ran[#ran + 1] = args.path
      return "contents of " .. args.path
    end)
    local result = assert(agent:run("read them"))
    assert.same({ "a.lua", "b.lua", "c.lua" }, ran)
    local assistant = agent.state.messages[2]
    assert.same({ "dup", "dup_3", "dup_2" },
      { assistant.content[1].id, assistant.content[2].id, assistant.content[3].id })
    assert.same({ dup = 1, dup_2 = 1, dup_3 = 1 }, results_by_id(agent.state.messages))
    -- the model's next request holds all three results, each after its call
    local seen = {}
    for _, m in ipairs(gen.requests[2].messages) do
      if m.role == "tool_result" then seen[#seen + 1] = m.tool_call_id .. "=" .. m.content end
    end
    assert.same({ "dup=contents of a.lua", "dup_3=contents of b.lua", "dup_2=contents of c.lua" }, seen)
    assert.equals("dup", original.content[2].id) -- the generator's table is not changed
    assert.equals("done", result.final.content[1].text)
  end)

  it("refuses agent:run from inside a tool handler and keeps the state intact", function()
    local agent
    local inner = {}
    local gen = scripted { calls { { "c1", "a.lua" } }, reply("done") }
    agent = new_agent(gen, function(args)
      inner.result, inner.err = agent:run("nested")
      return "contents of " .. args.path
    end)
    assert(agent:run("go"))
    assert.is_nil(inner.result)
    assert.equals("invalid_request", inner.err.code)
    assert.equals("agent:run: this agent is already running (called from a tool handler or a callback?)",
      inner.err.message)
    local roles = {}
    for i, m in ipairs(agent.state.messages) do roles[i] = m.role end
    assert.same({ "user", "assistant", "tool_result", "assistant" }, roles)
    assert.equals("contents of a.lua", agent.state.messages[3].content)
    assert.equals(2, #gen.requests)
    -- the agent is usable again afterwards
    gen = scripted { reply("again") }
    agent.generator = gen
    assert.equals("again", assert(agent:run("next")).final.content[1].text)
  end)

  it("lets a run go on after a coroutine running the agent was abandoned mid-handler", function()
    local agent
    local gen = scripted { calls { { "c1", "a.lua" } }, reply("second") }
    agent = new_agent(gen, function() coroutine.yield(); return "never" end)
    local co = coroutine.create(function() return agent:run("first") end)
    assert(coroutine.resume(co))
    -- Lua 5.1 cannot yield across the handler's pcall: the handler fails
    -- there and that run finishes; elsewhere the coroutine stays suspended
    if _VERSION ~= "Lua 5.1" or rawget(_G, "jit") then assert.equals("suspended", coroutine.status(co)) end
    agent.generator = scripted { reply("second") }
    assert.equals("second", assert(agent:run("next")).final.content[1].text)
  end)

  it("bounds a model that always calls a tool: the run ends with max_turns (default 100), the state whole", function()
    local turn = 0
    local gen = scripted(setmetatable({}, { __index = function()
      return function()
        turn = turn + 1
        -- without a bound the loop would go on: a failure here instead of a hang
        if turn > 150 then return nil, { code = "http", message = "no bound after 150 turns" } end
        return calls { { "c" .. turn, "f" .. turn .. ".lua" } }
      end
    end }))
    local agent = new_agent(gen)
    local result, err, partial = agent:run("loop forever")
    assert.is_nil(result)
    assert.equals("max_turns", err.code)
    assert.equals(100, #gen.requests)
    -- every call has its result; the state saves and reads back
    local answered = results_by_id(agent.state.messages)
    for i = 1, 100 do assert.equals(1, answered["c" .. i]) end
    assert.equals(1 + 2 * 100, #agent.state.messages)
    assert.equals(200, #partial.new_messages - 1)
    assert(state_module.decode(assert(state_module.encode(agent.state))))
  end)

  it("survives usage summing to infinity (1e308): the state saves and the next run works", function()
    local huge = { input = 1e308, output = 1e308, cache_read = 1e308, cache_write = 0 }
    local agent = new_agent(scripted { reply("one", huge), reply("two", { input = 50, output = 5 }) })
    assert(agent:run("first"))
    assert.is_nil(agent.state.usage)
    local text = assert(state_module.encode(agent.state))
    assert.is_table(assert(state_module.decode(text)))
    assert.equals("two", assert(agent:run("second")).final.content[1].text)
    assert.same({ tokens = 55, through = 4 }, agent.state.usage)
    assert(state_module.encode(agent.state))
  end)
end)
